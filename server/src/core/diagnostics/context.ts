/**
 * What a check sees and how it reports: the model, the options, the lines it is to look at (a window of whole
 * groups), the facts about the rest of the file it may ask, and `report()`, which collects problems in editor terms
 * (line and character span) with the quick fixes that are safe for them.
 */

import type { TextEdit } from 'vscode-languageserver-types';
import type { Dialect } from '../dialect';
import { listNames } from '../crawlers/explain';
import { crawlerProfile, type CrawlerProfile } from '../crawlers/profile';
import { analysisDialects, type AnalysisOptions } from '../options';
import { groupLines, type Grouping, type RobotsModel } from '../syntax/parser';
import { diagnosticFacts, type DiagnosticCode, type Severity } from './codes';
import type { LineCache } from './segments';

/**
 * Text that names other lines by number. It is a function of how a line is shown, so that a problem computed
 * earlier stays right when lines above it are inserted or removed; `withLines` writes one.
 */
export type LineText = string | ((line: (index: number) => number) => string);

/** A line named in a `withLines` text. */
class LineReference {
	constructor(readonly line: number) {}
}

/** Names a line inside `withLines`. */
export function at(line: number): LineReference {
	return new LineReference(line);
}

/**
 * A text that names lines: withLines\`the same rule as line ${at(seen.line)}\`. The function it returns holds the
 * template's parts and values only, not the scope of the check that wrote it (and with it a whole model version),
 * so kept problems keep nothing else alive.
 */
export function withLines(parts: TemplateStringsArray, ...values: readonly unknown[]): LineText {
	return (number) => {
		let text = parts[0];
		for (let i = 0; i < values.length; i++) {
			const value = values[i];
			text += (value instanceof LineReference ? String(number(value.line)) : String(value)) + parts[i + 1];
		}
		return text;
	};
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
 * What the rest of the file holds, for checks that look at one window of it. Each answer a check gets is recorded
 * with the window's problems, which are reused only while every recorded question gets the same answer.
 */
export interface FileFacts {
	/** Whether an RFC 9309 group for `*` has a rule with a value. */
	starHasRules(): boolean;
	/** Whether a Yandex group with rules names this (lower-case) token. */
	yandexHasRules(token: string): boolean;
	/** The tokens of groups not for `*` that keep some access: how many, and the first three. */
	welcomed(): { readonly count: number; readonly first: readonly string[] };
}

/** A question a check asked of `FileFacts`, and the answer it got (as a string, to compare). */
export interface Answer {
	readonly ask: (facts: FileFacts) => string;
	readonly answer: string;
}

export class CheckContext {
	readonly problems: Problem[] = [];
	/** The questions asked of the rest of the file, in order. */
	readonly answers: Answer[] = [];
	private readonly groupings = new Map<Dialect, Grouping>();
	/** The parsers the analysis considers: the target crawlers' own and the comparison parsers. */
	readonly dialects: readonly Dialect[];
	/** The target crawlers by the parser they run. */
	private readonly crawlersByDialect = new Map<Dialect, string[]>();
	/** The target crawlers, as the crawler model knows them. */
	readonly targets: readonly CrawlerProfile[];

	constructor(
		readonly model: RobotsModel,
		readonly options: AnalysisOptions,
		/** The file's line end, for fixes that insert lines. */
		readonly eol: string,
		private readonly facts: FileFacts,
		/** The first line of the window. The window holds whole groups in every dialect. */
		readonly from = 0,
		/** The line after the window. */
		readonly to = model.lineCount,
		/** Where values computed per line are kept, and the line its first entry is for. */
		private readonly lineCache?: { readonly cache: LineCache; readonly from: number },
	) {
		this.dialects = analysisDialects(options);
		this.targets = options.crawlers.map((token) => crawlerProfile(token));
		for (const token of options.crawlers) {
			const dialect = crawlerProfile(token).dialect;
			const tokens = this.crawlersByDialect.get(dialect) ?? [];
			tokens.push(token);
			this.crawlersByDialect.set(dialect, tokens);
		}
	}

	/**
	 * Who reads with these parsers, for messages: the target crawlers that run them ("Googlebot, bingbot and 6 more"),
	 * and for a parser no target runs, its kind of robot ("1996-draft robots").
	 */
	who(dialects: readonly Dialect[]): string {
		const readers = this.readers(dialects);
		// Every target crawler, and no robots beyond them: say so rather than list them.
		if (readers.length > 3 && readers.length === this.targets.length && this.targets.every((crawler) => readers.includes(crawler.token))) {
			return 'all your crawlers';
		}
		return listNames(readers, 3);
	}

	/** Whether `who(dialects)` names more than one reader (for the verb). */
	many(dialects: readonly Dialect[]): boolean {
		const readers = this.readers(dialects);
		return readers.length > 1 || readers.some((reader) => reader.endsWith('s'));
	}

	/** The readers of the parsers among `dialects` that the analysis considers (of all of them, if it considers none). */
	private readers(dialects: readonly Dialect[]): string[] {
		const considered = dialects.filter((dialect) => this.dialects.includes(dialect));
		const names: string[] = [];
		for (const dialect of considered.length > 0 ? considered : dialects) {
			const tokens = this.crawlersByDialect.get(dialect);
			names.push(...(tokens ?? [robotsOf[dialect]]));
		}
		return names;
	}

	/** A value computed from one line only (its node and text), kept while the line stays as it is. */
	perLine<T>(slot: string, line: number, compute: () => T): T {
		return this.lineCache ? this.lineCache.cache.get(slot, line - this.lineCache.from, compute) : compute();
	}

	/** How `dialect` groups the lines of the window; the same groups as the whole file's, with other indices. */
	grouping(dialect: Dialect): Grouping {
		let grouping = this.groupings.get(dialect);
		if (!grouping) {
			grouping = this.from === 0 && this.to === this.model.lineCount
				? this.model.grouping(dialect)
				: groupLines(this.model.lines, dialect, this.from, this.to);
			this.groupings.set(dialect, grouping);
		}
		return grouping;
	}

	starHasRules(): boolean {
		return this.ask((facts) => facts.starHasRules(), String);
	}

	yandexHasRules(token: string): boolean {
		return this.ask((facts) => facts.yandexHasRules(token), String);
	}

	welcomed(): { readonly count: number; readonly first: readonly string[] } {
		return this.ask((facts) => facts.welcomed(), (welcomed) => `${welcomed.count}\n${welcomed.first.join('\n')}`);
	}

	/** Asks the rest of the file, and records the question with its answer written as `key` writes it. */
	private ask<T>(question: (facts: FileFacts) => T, key: (answer: T) => string): T {
		const answer = question(this.facts);
		this.answers.push({ ask: (facts) => key(question(facts)), answer: key(answer) });
		return answer;
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

	/** The enabled dialects among `dialects`. */
	enabled(dialects: readonly Dialect[]): Dialect[] {
		return dialects.filter((dialect) => this.dialects.includes(dialect));
	}
}

/** Text from the file longer than this is cut where a message quotes it: a 100 000-character value is no message. */
const maxQuoted = 120;

/** A value from the file as a message quotes it: whole when short, else its start and how long it is. */
export function shown(text: string): string {
	return text.length <= maxQuoted ? text : `${text.slice(0, maxQuoted)}… (${text.length.toLocaleString('en')} characters)`;
}

/** How a parser's robots are named when no target crawler runs it. */
const robotsOf: Readonly<Record<Dialect, string>> = {
	rfc9309: 'RFC 9309 parsers',
	google: 'Google\'s parser',
	yandex: 'Yandex\'s parser',
	draft1996: '1996-draft robots',
	original1994: '1994 robots',
};

/** A check reads the lines of its context's window and reports problems; it never throws on odd input. */
export type Check = (context: CheckContext) => void;

/** What a check of the whole file reads instead of every line, so that it costs little when one line changes. */
export interface FileIndex {
	/** Visits the User-agent lines of each RFC 9309 group, each token's first in its group, in file order; tokens in lower case. */
	forEachAgent(visit: (line: number, token: string) => void): void;
	/** Host lines with a value, in file order. */
	hosts(): number[];
	/** The line during which the file grows past `octets` bytes of UTF-8, or -1. */
	lineBeyondOctets(octets: number): number;
	/** The `n`-th Allow or Disallow line (counting from 1), or -1. */
	nthRule(n: number): number;
}

/** A check of the whole file, such as the same User-agent in two groups far apart. */
export type FileCheck = (context: CheckContext, file: FileIndex) => void;

/**
 * The checks in the order their problems are listed at one position. A `line` check is a window check whose problems
 * on a line depend on nothing but that line's node and text (and whether it is the first line): the analysis keeps
 * them per line and runs the check only on lines an edit changed.
 */
export type CheckEntry =
	| { readonly line: Check }
	| { readonly window: Check }
	/** `agents`: the check reads only `forEachAgent` and the lines it names, so its problems stay while those do. */
	| { readonly file: FileCheck; readonly reads?: 'agents' };
