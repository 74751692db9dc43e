/**
 * What a check sees and how it reports: the model, the options, the lines it is to look at (a window of whole
 * groups), the facts about the rest of the file it may ask (`FileFact`: summarised per segment, then combined), and
 * `report()`, which collects problems in editor terms (line and character span) with the quick fixes that are safe.
 */

import type { TextEdit } from 'vscode-languageserver-types';
import type { Dialect } from '../dialect';
import { listNames, parserRobots } from '../crawlers/explain';
import { formatNumber, t } from '../l10n';
import { crawlerProfile, type CrawlerProfile } from '../crawlers/profile';
import { analysisDialects, type AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import { groupLines, type Grouping, type RobotsModel } from '../syntax/parser';
import { regroup, SplicedLists, type EditedBlock } from '../syntax/regroup';
import { diagnosticFacts, type DiagnosticCode, type Severity } from './codes';
import type { LineCache } from '../syntax/segments';

/**
 * Text that names other lines by number. It is a function of how a line is shown, so that a problem computed
 * earlier stays right when lines above it are inserted or removed; `tLines` writes one.
 */
export type LineText = string | ((line: (index: number) => number) => string);

/** A line named in a `tLines` text. */
class LineReference {
	constructor(readonly line: number) {}
}

/** Names a line inside `tLines`. */
export function at(line: number): LineReference {
	return new LineReference(line);
}

/**
 * A localized text that names lines: tLines('The same rule as line {0}.', at(seen.line)). The function it returns holds
 * only the key and the arguments, not the scope of the check that wrote it (and with it a whole model version), so
 * kept problems keep nothing else alive; the translation is looked up when the text is shown.
 */
export function tLines(message: string, ...args: readonly (string | number | boolean | LineReference)[]): LineText {
	if (!args.some((arg) => arg instanceof LineReference)) {
		return t(message, ...(args as (string | number | boolean)[]));
	}
	return (number) => t(message, ...args.map((arg) => (arg instanceof LineReference ? number(arg.line) : arg)));
}

/** A text that `movedText` made: it carries the text it moves and how far. */
interface MovedText {
	(line: (index: number) => number): string;
	readonly original: (line: (index: number) => number) => string;
	readonly delta: number;
}

/**
 * A text that names lines `delta` lines further down. A text moved again wraps the original with the sum, not the
 * moved one: a problem below a line typed Enter in and deleted again, a hundred times, is one call away from its text.
 */
function movedText(text: LineText, delta: number): LineText {
	if (typeof text === 'string' || delta === 0) {
		return text;
	}
	const earlier = 'original' in text ? (text as MovedText) : undefined;
	const original = earlier?.original ?? text;
	const total = (earlier?.delta ?? 0) + delta;
	if (total === 0) {
		return original;
	}
	return Object.assign((number: (index: number) => number) => original((index) => number(index + total)), { original, delta: total });
}

/** A problem `delta` lines further down. */
export function movedProblem(problem: Problem, delta: number): Problem {
	const moved = (text: LineText): LineText => movedText(text, delta);
	return {
		...problem,
		line: problem.line + delta,
		endLine: problem.endLine === undefined ? undefined : problem.endLine + delta,
		message: moved(problem.message),
		related: problem.related?.map((related) => ({ line: related.line + delta, message: related.message })),
		fixes: problem.fixes?.map((fix) => ({ ...fix, title: moved(fix.title), edits: movedEdits(fix.edits, delta) })),
	};
}

/** Edits `delta` lines further down. */
export function movedEdits(edits: readonly TextEdit[], delta: number): readonly TextEdit[] {
	return delta === 0
		? edits
		: edits.map((edit) => ({
				range: {
					start: { line: edit.range.start.line + delta, character: edit.range.start.character },
					end: { line: edit.range.end.line + delta, character: edit.range.end.character },
				},
				newText: edit.newText,
			}));
}

/** A safe edit that removes a problem. */
export interface Fix {
	readonly title: LineText;
	readonly edits: readonly TextEdit[];
	/** The fix to apply in "fix all" and when the user asks for the preferred one. */
	readonly isPreferred?: boolean;
}

/** A problem as a check reports it. */
export interface Problem {
	readonly code: DiagnosticCode;
	readonly line: number;
	/** Span on the line, in characters; defaults to the whole line content. */
	readonly start?: number;
	readonly end?: number;
	/** Ends on another line (for problems spanning lines). */
	readonly endLine?: number;
	readonly message: LineText;
	readonly fixes?: readonly Fix[];
	/** Other lines that explain the problem (shown as related information). */
	readonly related?: readonly { readonly line: number; readonly message: string }[];
	readonly unnecessary?: boolean;
	readonly deprecated?: boolean;
	/** A milder (or stronger) severity for this instance than the code's default; user settings still win. */
	readonly severity?: Severity;
}

/**
 * What the analysis of a big segment's previous version kept for the next one (groupings, a check's index of its
 * rules), and where this version keeps its own: with it, an edit inside a group of 47 000 rules costs what the edit
 * changed, not 47 000 lines. Each kept value holds for the nodes of the version that kept it, which `previous` gives
 * with it; a reader compares them with the window's lines and patches the value, or computes it afresh.
 */
export interface Recall {
	/**
	 * What the previous version kept under `key`, with its lines, the line its window started at, and the block of
	 * lines an edit replaced since (undefined when none; only when the window starts at the same line).
	 */
	previous<T>(key: object): { readonly value: T; readonly nodes: readonly LineNode[]; readonly from: number; readonly block?: EditedBlock } | undefined;
	/** Keeps a value for the next version. */
	keep(key: object, value: unknown): void;
}

/** The keys the groupings are kept under, one per dialect. */
const groupingKeys = new Map<Dialect, object>();

function groupingKey(dialect: Dialect): object {
	let key = groupingKeys.get(dialect);
	if (!key) {
		key = { grouping: dialect };
		groupingKeys.set(dialect, key);
	}
	return key;
}

/**
 * Lines of the file that a check or a fact reads: a window of whole groups (a segment, or the whole file), with each
 * dialect's grouping of those lines computed once.
 */
export class Window {
	private readonly groupings: Partial<Record<Dialect, Grouping>> = {};
	/** The lists the dialects' groupings patched for the edit, shared where equal. */
	private splicedLists: SplicedLists | undefined;

	constructor(
		readonly model: RobotsModel,
		/** The first line of the window. The window holds whole groups in every dialect. */
		readonly from = 0,
		/** The line after the window. */
		readonly to = model.lineCount,
		/**
		 * Where values computed per line are kept (the segment's cache, whose first entry is for line `from` of the
		 * segment), so that checks and facts that read every line of a big segment compute only the lines an edit changed.
		 */
		private readonly lineCache?: { readonly cache: LineCache; readonly from: number },
		/** What the segment's previous version kept, for a big segment. */
		readonly recall?: Recall,
	) {}

	/**
	 * A value computed from one line only (its node and text), kept while the line stays as it is. `compute` is given
	 * the model and the line, so that callers pass one function rather than a closure per line: a fact that reads every
	 * line of a segment of 47 000 made 47 000 closures per edit to find 47 000 values kept.
	 */
	perLine<T>(slot: string, line: number, compute: (model: RobotsModel, line: number) => T): T {
		const kept = this.lineCache;
		if (!kept) {
			return compute(this.model, line);
		}
		const values = kept.cache.values(slot);
		let value = values[line - kept.from] as T | undefined;
		if (value === undefined) {
			value = compute(this.model, line);
			values[line - kept.from] = value;
		}
		return value;
	}

	/** How `dialect` groups the lines of the window; the same groups as the whole file's, with other indices. */
	grouping(dialect: Dialect): Grouping {
		let grouping = this.groupings[dialect];
		if (!grouping) {
			const key = groupingKey(dialect);
			const kept = this.recall?.previous<Grouping>(key);
			// The same lines as the version before (no block replaced): its grouping.
			grouping =
				(kept?.from === this.from
					? kept.block
						? regroup(kept.value, kept.nodes, this.model.lines, dialect, this.from, this.to, kept.block, (this.splicedLists ??= new SplicedLists()))
						: kept.value
					: undefined)
				?? (this.from === 0 && this.to === this.model.lineCount ? this.model.grouping(dialect) : groupLines(this.model.lines, dialect, this.from, this.to));
			this.recall?.keep(key, grouping);
			this.groupings[dialect] = grouping;
		}
		return grouping;
	}
}

/**
 * A fact about the whole file that checks of one segment (or file checks) may ask, gathered without reading the whole
 * file on every edit: each segment's lines are summarised on their own, and the file's value combines the summaries.
 * A segment an edit did not touch keeps its summary. Checks define the facts they ask next to themselves.
 * @typeParam S what one segment contributes.
 * @typeParam V the file's value.
 */
export interface FileFact<S, V> {
	/** For messages about the analysis itself (tests, profiles). */
	readonly name: string;
	/**
	 * What the segment in `window` contributes. It may depend on the window's lines only, and names lines relative
	 * to `window.from`, so that it stays right when the segment moves.
	 */
	summarize(window: Window): S;
	/**
	 * The file's value from every segment's summary, in file order, with the line each segment starts at now.
	 * The value is kept while the fact does not change: it should not hold more than it needs (not the summaries of
	 * 50 000 segments as objects, say, when a way to visit them does).
	 */
	combine(summaries: readonly S[], starts: readonly number[]): V;
	/**
	 * Whether two summaries contribute the same to the value, so that an edit which replaces segments with others that
	 * contribute the same leaves the value as it was. Without it, any replaced segment counts as a change. When in doubt,
	 * false: a wrong true would keep problems that no longer hold.
	 */
	same?(a: S, b: S): boolean;
	/** The value names lines (it changes when segments move, even with the same summaries). */
	readonly positional?: boolean;
}

// Facts are told apart by identity; the type parameters do not matter to whoever stores them.
export type AnyFact = FileFact<any, any>;

/** Where a check's context gets the facts' values: each with a version that changes whenever the value may have. */
export interface FactSource {
	read<S, V>(fact: FileFact<S, V>): { readonly value: V; readonly version: number };
}

/**
 * A question a check asked about a fact, and the answer it got. The check's problems are kept only while every one
 * of its questions gets the same answer (`===`): ask for what the check uses, a boolean or a string, rather than the
 * whole value, so that a change elsewhere in the fact does not count.
 */
export interface Answer {
	readonly fact: AnyFact;
	readonly question: (value: never) => unknown;
	readonly answer: unknown;
	/** The fact's version for which the answer was last found to hold. */
	version: number;
}

/**
 * Whom an analysis answers for, worked out once per analysis (a file of 50 000 groups has as many check contexts):
 * the parsers it considers, and the target crawlers by the parser they run.
 */
export class Audience {
	/** The parsers the analysis considers: the target crawlers' own and the comparison parsers. */
	readonly dialects: readonly Dialect[];
	/** The target crawlers, as the crawler model knows them. */
	readonly targets: readonly CrawlerProfile[];
	/** The target crawlers by the parser they run. */
	private readonly crawlersByDialect = new Map<Dialect, string[]>();

	constructor(options: AnalysisOptions) {
		this.dialects = analysisDialects(options);
		this.targets = options.crawlers.map((token) => crawlerProfile(token));
		options.crawlers.forEach((token, i) => {
			const { dialect } = this.targets[i];
			const tokens = this.crawlersByDialect.get(dialect) ?? [];
			tokens.push(token);
			this.crawlersByDialect.set(dialect, tokens);
		});
	}

	/**
	 * Who reads with these parsers, for messages: the target crawlers that run them ("Googlebot, bingbot and 6 more"),
	 * and for a parser no target runs, its kind of robot ("1996-draft robots"), in the configured language.
	 */
	who(dialects: readonly Dialect[]): string {
		const readers = this.readers(dialects);
		// Every target crawler, and no robots beyond them: say so rather than list them.
		if (
			readers.length > 3
			&& readers.length === this.targets.length
			&& this.targets.every((crawler) => readers.some((reader) => reader.token === crawler.token))
		) {
			return t('all your crawlers');
		}
		return listNames(
			readers.map((reader) => reader.token ?? parserRobots(reader.dialect, 'brief')),
			3,
		);
	}

	/**
	 * `who(dialects)` where it starts a sentence: a kind of robot ("1996-draft robots") or "all your crawlers" with a
	 * capital, a crawler's token as it is written.
	 */
	whoStarts(dialects: readonly Dialect[]): string {
		const text = this.who(dialects);
		const first = this.readers(dialects)[0];
		return first?.token !== undefined && text.startsWith(first.token) ? text : text.charAt(0).toUpperCase() + text.slice(1);
	}

	/** Whether `who(dialects)` names more than one reader (for the verb: messages have a key for each number). */
	many(dialects: readonly Dialect[]): boolean {
		const readers = this.readers(dialects);
		// A kind of robot is plural by itself ("1996-draft robots"), a parser singular ("Google's parser"); a token
		// ending in "s" reads as a plural in English sentences.
		return readers.length > 1 || readers.some((reader) => (reader.token === undefined ? pluralRobots.has(reader.dialect) : reader.token.endsWith('s')));
	}

	/** The readers of the parsers among `dialects` that the analysis considers (of all of them, if it considers none). */
	private readers(dialects: readonly Dialect[]): { readonly token?: string; readonly dialect: Dialect }[] {
		const considered = dialects.filter((dialect) => this.dialects.includes(dialect));
		const readers: { token?: string; dialect: Dialect }[] = [];
		for (const dialect of considered.length > 0 ? considered : dialects) {
			const tokens = this.crawlersByDialect.get(dialect);
			if (tokens) {
				readers.push(...tokens.map((token) => ({ token, dialect })));
			} else {
				readers.push({ dialect });
			}
		}
		return readers;
	}
}

export class CheckContext {
	readonly problems: Problem[] = [];
	/** The questions asked about the rest of the file, in order. */
	readonly answers: Answer[] = [];

	constructor(
		readonly window: Window,
		readonly options: AnalysisOptions,
		readonly audience: Audience,
		/** The file's line end, for fixes that insert lines. */
		readonly eol: string,
		private readonly facts: FactSource,
	) {}

	/** The parsers the analysis considers: the target crawlers' own and the comparison parsers. */
	get dialects(): readonly Dialect[] {
		return this.audience.dialects;
	}

	/** The target crawlers, as the crawler model knows them. */
	get targets(): readonly CrawlerProfile[] {
		return this.audience.targets;
	}

	/** Who reads with these parsers, for messages (`Audience.who`). */
	who(dialects: readonly Dialect[]): string {
		return this.audience.who(dialects);
	}

	/** `who(dialects)` where it starts a sentence (`Audience.whoStarts`). */
	whoStarts(dialects: readonly Dialect[]): string {
		return this.audience.whoStarts(dialects);
	}

	/** Whether `who(dialects)` names more than one reader (for the verb). */
	many(dialects: readonly Dialect[]): boolean {
		return this.audience.many(dialects);
	}

	get model(): RobotsModel {
		return this.window.model;
	}

	/** The first line of the window. */
	get from(): number {
		return this.window.from;
	}

	/** The line after the window. */
	get to(): number {
		return this.window.to;
	}

	/** A value computed from one line only (its node and text), kept while the line stays as it is. */
	perLine<T>(slot: string, line: number, compute: (model: RobotsModel, line: number) => T): T {
		return this.window.perLine(slot, line, compute);
	}

	/** How `dialect` groups the lines of the window. */
	grouping(dialect: Dialect): Grouping {
		return this.window.grouping(dialect);
	}

	/** What the segment's previous version kept, and where to keep values for the next; only for big segments. */
	get recall(): Recall | undefined {
		return this.window.recall;
	}

	/** Asks a question about a fact of the whole file, and records it with its answer. */
	ask<S, V, A>(fact: FileFact<S, V>, question: (value: V) => A): A {
		const { value, version } = this.facts.read(fact);
		const answer = question(value);
		this.answers.push({ fact, question: question as (value: never) => unknown, answer, version });
		return answer;
	}

	/** The whole value of a fact (for file checks, which are kept only while it does not change). */
	fact<S, V>(fact: FileFact<S, V>): V {
		return this.ask(fact, (value) => value);
	}

	/** Whether any of `dialects` is among the enabled ones. */
	concerns(dialects: 'all' | readonly Dialect[]): boolean {
		return dialects === 'all' || dialects.some((dialect) => this.dialects.includes(dialect));
	}

	/** Whether a code's check should run at all: its dialects are enabled and it is not switched off. */
	wants(code: DiagnosticCode): boolean {
		const facts = diagnosticFacts(code)!;
		return this.options.severities[code] !== 'off' && this.concerns(facts.dialects);
	}

	report(problem: Problem): void {
		if (this.wants(problem.code)) {
			this.problems.push(problem);
		}
	}

	/**
	 * The problems `report` receives while `find` runs, taken out of the context's: a check that keeps each rule's
	 * problems for the next version (see `Recall`) reports them later with `reportAgain`.
	 */
	collect(find: () => void): Problem[] {
		const before = this.problems.length;
		find();
		return this.problems.splice(before);
	}

	/** Problems `collect` gave, for this version or an earlier one of the same lines (they passed `report`'s filter). */
	reportAgain(problems: readonly Problem[]): void {
		for (const problem of problems) {
			this.problems.push(problem);
		}
	}

	/** The enabled dialects among `dialects`. */
	enabled(dialects: readonly Dialect[]): Dialect[] {
		return dialects.filter((dialect) => this.dialects.includes(dialect));
	}
}

/** Text from the file longer than this is cut where a message quotes it: a 100 000-character value is no message. */
const maxQuoted = 120;

/** A value from the file as a message quotes it: whole when short, else its start and how long it is. */
export function shown(text: string): string {
	return text.length <= maxQuoted ? text : `${text.slice(0, maxQuoted)}… ${t('({0} characters)', formatNumber(text.length))}`;
}

/** The kinds of robot that are named in the plural. */
const pluralRobots: ReadonlySet<Dialect> = new Set(['rfc9309', 'draft1996', 'original1994']);

/** A check reads the lines of its context's window and reports problems; it never throws on odd input. */
export type Check = (context: CheckContext) => void;

/**
 * The checks in the order their problems are listed at one position. A `line` check is a window check whose problems
 * on a line depend on nothing but that line's node and text (and whether it is the first line): the analysis keeps
 * them per line and runs the check only on lines an edit changed. A `window` check reads the groups of one segment and
 * may ask facts about the rest of the file. A `file` check reads the whole file; with `onlyFacts` it reads the file
 * only through the facts it asks (and the lines their values name, which their summaries must tell apart), so its
 * problems are kept while those facts give the same answers.
 */
export type CheckEntry = { readonly line: Check } | { readonly window: Check } | { readonly file: Check; readonly onlyFacts?: true };

/**
 * A check of what the file is (its name, its content), run on the whole file before every other check. With `final`,
 * a problem it reports ends the analysis: the file is not robots.txt (an HTML page, a binary body), and line-level
 * noise would drown the one diagnostic that says so.
 */
export interface IdentityCheck {
	readonly file: Check;
	readonly final?: true;
}
