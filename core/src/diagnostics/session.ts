/**
 * The analysis of one document as it changes. A `DiagnosticsSession` keeps what it found in the model it analysed
 * last (per segment, per line, per file-wide fact and per file check) and, given the next model, reuses what the line
 * nodes the two share still justify; nothing is kept anywhere else, so a session is the only owner of that state and
 * dies with it. A session with nothing kept is a fresh analysis: that is what `computeDiagnostics` runs.
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import type { RobotsModel } from '../syntax/parser';
import {
	Audience,
	CheckContext,
	movedProblem,
	Window,
	type AnyFact,
	type Answer,
	type Check,
	type CheckEntry,
	type FactSource,
	type FileFact,
	type Problem,
	type Recall,
} from './context';
import { suppressionLines } from './suppression';
import { editSegments, LineCache, sameNodes, segmentStarts, type SegmentEdit, type SegmentSpan } from '../syntax/segments';
import { fileCaps, fileChecks, fileFacts, identityChecks } from './checks/file';
import { lineChecks } from './checks/lines';
import { groupChecks, groupFacts } from './checks/groups';
import { ruleChecks, ruleFacts } from './checks/rules';
import { wordpressChecks } from './checks/wordpress';
import { managedChecks } from './checks/managed';
import { recordChecks, recordFacts } from './checks/records';
import { preferenceChecks, preferenceFacts } from './checks/preferences';
import { dominantLineEnd } from '../syntax/lineEnds';
import { editedBlock, sharedEnds, type EditedBlock } from '../syntax/regroup';
import { filtered, groupedRepeats, toDiagnostic } from './report';

/**
 * The analysis of one document over its versions. The language server creates one when a document opens and
 * disposes of it when the document closes.
 */
export interface DiagnosticsSession {
	/**
	 * All problems of `model`, as diagnostics in line order: always the same as `computeDiagnostics(model, options, uri)`.
	 * The session compares `model` with the model it analysed last, line node by line node, and reuses only what the
	 * lines both hold justify. The next version of the document is therefore fast, and an earlier version or another
	 * model is as right, only slower. Settings are compared by value; other settings, another uri or another line end
	 * start afresh.
	 * @returns a read-only array, the same one while the model and the settings stay the same.
	 */
	diagnostics(model: RobotsModel, options: AnalysisOptions, uri?: string): readonly Diagnostic[];
	/**
	 * The same analysis in steps, for a caller that must not wait for all of it at once (a server that answers other
	 * requests in between): runs the analysis of `model` for about `budget` lines (a step reads a segment, or the whole
	 * file for a check of the whole file, and is never cut) and returns the diagnostics once it is done, undefined while
	 * steps are left. Called again, it goes on where it stopped. An analysis left unfinished for another model or other
	 * settings is finished first, within the same budgets, and the next one starts from it; `diagnostics` finishes what
	 * is left at once. The result is always the one `diagnostics` gives.
	 */
	advance(model: RobotsModel, options: AnalysisOptions, uri: string | undefined, budget: number): readonly Diagnostic[] | undefined;
	/** Forgets everything kept. The session stays usable and starts afresh. */
	dispose(): void;
}

/**
 * Segments of at least this many lines keep what their analysis could patch after an edit (groupings, the rule
 * index of group checks). Smaller ones are analysed afresh, which costs less than keeping: a file of 50 000 groups
 * has 50 000 segments.
 */
const bigSegmentLines = 512;

/**
 * A new session, with nothing kept.
 * @param bigLines segments of at least this many lines keep what an edit can patch (for tests, which make small files).
 */
export function createDiagnosticsSession(bigLines = bigSegmentLines): DiagnosticsSession {
	return new Session(bigLines);
}

/**
 * All problems of `model` from one window over the whole file: no segments (every check reads all the file's groups at
 * once, each fact is summarised over the whole file), nothing kept. The same diagnostics as `computeDiagnostics`,
 * reached without `segmentStarts`, so it is the tests' second reference for the segmented and incremental analysis.
 */
export function diagnosticsInOneWindow(model: RobotsModel, options: AnalysisOptions, uri?: string): readonly Diagnostic[] {
	return new Session(Infinity, true).diagnostics(model, options, uri);
}

/**
 * The one empty list that kept state holds wherever it has nothing (a segment's problems, answers and fact summaries):
 * a file of 50 000 small groups keeps 50 000 segments, most with nothing to report, and an empty array each was 10 MB
 * that every full collection went through. Frozen, so that a change to it throws instead of reaching every segment.
 */
const nothing: readonly never[] = Object.freeze([]);

/** `list`, or the shared empty list when it is empty. */
function orNothing<T>(list: readonly T[]): readonly T[] {
	return list.length === 0 ? nothing : list;
}

/** The checks after the identity checks, in the order problems at one position are listed. */
const checks: readonly CheckEntry[] = [
	...fileChecks,
	...lineChecks,
	...groupChecks,
	...ruleChecks,
	...recordChecks,
	...preferenceChecks,
	...wordpressChecks,
	...managedChecks,
];
const firstSlot = identityChecks.length;
/**
 * The facts the checks ask, and suppression comments: a segment is summarised for all of them at once, reading its
 * groupings once. A fact missing here would still be right, summarised when first asked.
 */
const facts: readonly AnyFact[] = [...fileFacts, ...groupFacts, ...ruleFacts, ...recordFacts, ...preferenceFacts, suppressionLines];

/** What is kept of one segment: valid for its nodes wherever the segment is, as every line it names is relative. */
interface SegmentState {
	readonly nodes: readonly LineNode[];
	/** Values computed per line (the line checks' problems among them). */
	readonly lines: LineCache;
	/**
	 * Each fact's summary of the segment, computed when the fact is first read: fact and summary in turn. A file of
	 * 50 000 groups has 50 000 segments, and a short array costs a fraction of a Map.
	 */
	readonly summaries: unknown[];
	analysis?: SegmentAnalysis;
	/**
	 * For a big segment: what its analysis keeps for the next version (see `Recall`), and the line the segment
	 * started at when it was kept.
	 */
	readonly kept?: Map<object, unknown>;
	keptFrom?: number;
	/** The state this one took over from (same first line), until the analysis that made this one is done. */
	before?: SegmentState;
	/** With `before`: the lines an edit replaced since (undefined when none). */
	readonly edited?: EditedBlock;
}

interface Segment extends SegmentSpan {
	readonly state: SegmentState;
}

/** What the checks of one segment found. */
interface SegmentAnalysis {
	/** Whether the segment started the file and ended it: a few checks treat the first and last line apart. */
	readonly first: boolean;
	readonly last: boolean;
	/** What the checks asked about the rest of the file. */
	readonly answers: readonly Answer[];
	/** The line the segment started at; the problems' line numbers count from there. */
	readonly start: number;
	/** In the order they are listed (by position, then by check), with each one's check slot. */
	readonly problems: readonly Problem[];
	readonly slots: readonly number[];
	/** How many of the problems have a code the analysis lists only so many of (`fileCaps`). */
	readonly capped: number;
	/** The diagnostics, as last built for the segment starting at `at`. */
	built?: { readonly at: number; readonly diagnostics: readonly Diagnostic[] };
	/**
	 * A big segment's analysis of the version before, until this one's diagnostics are built: a problem kept from it
	 * (the very same object) keeps its diagnostic too, when every line it names is `unchanged` (the same node, not moved).
	 */
	earlier?: { readonly analysis: SegmentAnalysis; readonly unchanged: (line: number) => boolean };
}

/** What a file check found (ordered by position, then as reported), with what it asked. */
interface FileResult {
	readonly answers: readonly Answer[];
	readonly problems: readonly Problem[];
	diagnostics?: readonly Diagnostic[];
}

/** The file checks' problems together, in the order they are listed, with their diagnostics and check slots. */
interface WholeFile {
	/** The results they come from, in slot order: the same results give the same list. */
	readonly from: readonly FileResult[];
	readonly problems: readonly Problem[];
	readonly slots: readonly number[];
	readonly diagnostics: readonly Diagnostic[];
	/** How many of the problems have a code the analysis lists only so many of (`fileCaps`). */
	readonly capped: number;
}

/** One fact's value in one analysis; the version changes whenever the value may have. */
interface FactEntry {
	readonly version: number;
	value?: { readonly of: unknown };
}

/** Everything one analysis found, which the next one may reuse. */
interface Round {
	readonly model: RobotsModel;
	/** The settings as compared by value, the uri and the line end the analysis ran with. */
	readonly settings: string;
	readonly uri: string | undefined;
	readonly eol: string;
	readonly segments: readonly Segment[];
	readonly facts: Facts;
	readonly fileResults: ReadonlyMap<Check, FileResult>;
	readonly whole: WholeFile;
	readonly diagnostics: readonly Diagnostic[];
}

/**
 * The settings as one string, so that equal settings compare equal whatever object carries them (once per call).
 * Crawlers, dialects and known directives keep their order, which messages follow; severities are sorted by code.
 */
function settingsKey(options: AnalysisOptions): string {
	const severities = Object.keys(options.severities)
		.sort()
		.map((code) => [code, options.severities[code]]);
	return JSON.stringify([options.crawlers, options.dialects, severities, options.knownDirectives, options.fileName ?? null, options.groupRepeats === true]);
}

/** An analysis under way (`advance`): its steps, each yielding the lines it read, end with the round. */
interface Run {
	readonly model: RobotsModel;
	readonly settings: string;
	readonly uri: string | undefined;
	readonly steps: Generator<number, Round>;
}

class Session implements DiagnosticsSession {
	private last: Round | undefined;
	private running: Run | undefined;

	constructor(
		private readonly bigLines: number,
		/** One segment, the whole file (`diagnosticsInOneWindow`). */
		private readonly oneWindow = false,
	) {}

	/** Fact versions, unique within the session. */
	private versions = 0;

	diagnostics(model: RobotsModel, options: AnalysisOptions, uri?: string): readonly Diagnostic[] {
		return this.advance(model, options, uri, Infinity)!;
	}

	advance(model: RobotsModel, options: AnalysisOptions, uri: string | undefined, budget: number): readonly Diagnostic[] | undefined {
		const settings = settingsKey(options);
		const same = (of: { model: RobotsModel; settings: string; uri: string | undefined } | undefined) =>
			of !== undefined && of.model === model && of.settings === settings && of.uri === uri;
		let left = budget;
		for (;;) {
			if (same(this.last)) {
				return this.last!.diagnostics;
			}
			if (!this.running) {
				const last = this.last;
				const eol = dominantLineEnd(model);
				const previous = last && last.settings === settings && last.uri === uri && last.eol === eol ? last : undefined;
				// An analysis that throws leaves nothing half-updated behind: the session then starts afresh. Until the
				// run ends, what it kept is the run's.
				this.last = undefined;
				this.running = { model, settings, uri, steps: this.analyse(model, options, settings, uri, eol, previous) };
			}
			// Another model's run is finished first: it took over what the round before kept, and this one starts from it.
			let step: IteratorResult<number, Round> | undefined;
			try {
				while (left > 0 && !(step = this.running.steps.next()).done) {
					left -= step.value;
				}
			} catch (error) {
				this.running = undefined;
				throw error;
			}
			if (!step?.done) {
				return undefined;
			}
			this.running = undefined;
			this.last = step.value;
		}
	}

	dispose(): void {
		this.last = undefined;
		this.running = undefined;
	}

	private nextVersion = () => ++this.versions;

	/**
	 * All problems of a file, as diagnostics in line order. Each segment's checks run again only when its lines, its
	 * place at the start or end of the file, or an answer about the rest of the file changed; otherwise its problems
	 * are reused, moved by as many lines as the segment moved. A file check that reads only facts keeps its problems
	 * while they give the same answers.
	 * In steps: each yields the lines it read (at least one), so that `advance` can stop between them.
	 */
	private *analyse(
		model: RobotsModel,
		options: AnalysisOptions,
		settings: string,
		uri: string | undefined,
		eol: string,
		previous: Round | undefined,
	): Generator<number, Round> {
		const { segments, edit } = yield* segmentsOf(model, previous, this.bigLines, this.oneWindow);
		const facts = new Facts(model, segments, this.nextVersion);
		if (previous && edit) {
			carryFacts(previous, edit, facts);
		}
		const wholeWindow = new Window(model);
		const audience = new Audience(options);
		const fileResults = new Map<Check, FileResult>();
		const ran: { result: FileResult; slot: number }[] = [];
		const runFileCheck = (check: Check, slot: number, onlyFacts: boolean) => {
			const before = previous?.fileResults.get(check);
			let result: FileResult;
			if (onlyFacts && before && answersHold(before.answers, facts)) {
				result = before;
			} else {
				const context = new CheckContext(wholeWindow, options, audience, eol, facts);
				check(context);
				const { problems } = context;
				result = {
					answers: context.answers,
					problems: inListOrder(
						problems,
						problems.map(() => 0),
					).map((index) => problems[index]),
				};
			}
			result.diagnostics ??= result.problems.map((problem) => toDiagnostic(model, problem, 0, options, uri));
			fileResults.set(check, result);
			ran.push({ result, slot });
			return result !== before;
		};
		identityChecks.forEach((check, slot) => {
			runFileCheck(check.file, slot, false);
		});
		const done = (whole: WholeFile, diagnostics: readonly Diagnostic[]): Round => {
			facts.done();
			// What the segments took over is theirs now: the states before let go, so no chain of versions stays alive.
			for (const { state } of segments) {
				state.before = undefined;
			}
			return { model, settings, uri, eol, segments, facts, fileResults, whole, diagnostics };
		};
		// A file that is not robots.txt would drown in line-level noise: the one diagnostic of its identity check says what it is.
		if (ran.some(({ result }, slot) => identityChecks[slot].final && result.problems.length > 0)) {
			const whole = wholeFile(ran, undefined);
			return done(whole, whole.diagnostics);
		}
		// A step is what reads lines: what is reused is passed over without stopping. The segments are summarised for
		// the facts first, a step each: the first question about a fact would otherwise summarise them all at once.
		for (let i = 0; i < segments.length; i++) {
			if (facts.summarise(i)) {
				yield sizeOf(segments[i]);
			}
		}
		for (let index = 0; index < checks.length; index++) {
			const check = checks[index];
			if ('file' in check && runFileCheck(check.file, firstSlot + index, check.onlyFacts === true)) {
				yield model.lineCount + 1;
			}
		}
		const whole = wholeFile(ran, previous?.whole);
		const analyses: SegmentAnalysis[] = [];
		for (let i = 0; i < segments.length; i++) {
			const before = segments[i].state.analysis;
			analyses.push(analyseSegment(model, segments[i], facts.window(i), options, audience, eol, facts));
			if (analyses[i] !== before) {
				yield sizeOf(segments[i]);
			}
		}
		const built: (readonly Diagnostic[])[] = [];
		for (let i = 0; i < segments.length; i++) {
			const reused = analyses[i].built?.at === segments[i].from;
			built.push(builtDiagnostics(model, analyses[i], segments[i].from, options, uri));
			if (!reused) {
				yield sizeOf(segments[i]);
			}
		}
		// Sized up front: a file of many groups has thousands of diagnostics, and every edit lists them again.
		const merged = new Array<Diagnostic>(built.reduce((sum, diagnostics) => sum + diagnostics.length, whole.problems.length));
		let count = 0;
		let next = 0;
		let capped = whole.capped;
		segments.forEach((segment, s) => {
			const analysis = analyses[s];
			const diagnostics = built[s];
			capped += analysis.capped;
			// File-wide problems inside the segment go before the segment's problems they sort before.
			const inside = next < whole.problems.length && whole.problems[next].line < segment.to;
			for (let i = 0; i < diagnostics.length; i++) {
				if (inside) {
					const { line, character } = diagnostics[i].range.start;
					for (; next < whole.problems.length; next++) {
						const problem = whole.problems[next];
						const start = problem.start ?? 0;
						if (problem.line > line || (problem.line === line && (start > character || (start === character && whole.slots[next] > analysis.slots[i])))) {
							break;
						}
						merged[count++] = whole.diagnostics[next];
					}
				}
				merged[count++] = diagnostics[i];
			}
		});
		for (; next < whole.problems.length; next++) {
			merged[count++] = whole.diagnostics[next];
		}
		const kept = filtered(model, merged, capped, facts.read(suppressionLines).value, fileCaps);
		return done(whole, options.groupRepeats === true ? groupedRepeats(kept, options, uri) : kept);
	}
}

/** A step's size in `advance`'s budget: the segment's lines, and one for the step itself. */
function sizeOf(segment: SegmentSpan): number {
	return segment.to - segment.from + 1;
}

/**
 * The model's segments: those of the model analysed before where they hold the same nodes (moved as far as lines
 * were inserted or removed above them), new ones for the lines between, with the per-line values and, for the very
 * same nodes, everything else that the segment with the same first line had. With `oneWindow`, one segment: the
 * whole file. In steps, as the analysis: a file's first analysis makes a state for each of its segments.
 */
function* segmentsOf(
	model: RobotsModel,
	previous: Round | undefined,
	bigLines: number,
	oneWindow: boolean,
): Generator<number, { segments: Segment[]; edit?: SegmentEdit }> {
	const fresh = (span: SegmentSpan, before?: SegmentState, edit?: SegmentEdit): Segment => {
		// A segment of the whole file (a file of one group) shares the model's immutable array instead of a copy.
		const nodes = span.from === 0 && span.to === model.lineCount ? model.lines : model.lines.slice(span.from, span.to);
		// Compared once: the line cache, the grouping patch, groupLogic's index and the diagnostics reused all read it
		// (and for a segment of the whole file before and after, the comparison of the two models is that one).
		const ends = !before ? undefined : edit && nodes === model.lines && before.nodes === previous?.model.lines ? edit.ends : sharedEnds(before.nodes, nodes);
		const lines = new LineCache(nodes, before?.lines, ends);
		const state: SegmentState =
			nodes.length >= bigLines
				? before?.kept
					? { nodes, lines, summaries: [], kept: new Map(), before, edited: editedBlock(before.nodes, model.lines, span.from, span.to, ends) }
					: { nodes, lines, summaries: [], kept: new Map() }
				: { nodes, lines, summaries: [] };
		return { ...span, state };
	};
	if (oneWindow) {
		return { segments: [fresh({ from: 0, to: model.lineCount })] };
	}
	if (!previous) {
		const starts = segmentStarts(model.lines);
		const segments: Segment[] = [];
		for (let i = 0; i < starts.length; i++) {
			segments.push(fresh({ from: starts[i], to: i + 1 < starts.length ? starts[i + 1] : model.lineCount }));
			yield sizeOf(segments[i]);
		}
		return { segments };
	}
	const old = previous.segments;
	const edit = editSegments(model, previous.model, old);
	// A segment scanned again keeps what its earlier version computed per line, for the lines it kept (found by its
	// first line), and everything when its lines are all the same.
	const replaced = new Map<LineNode, SegmentState>();
	for (let i = edit.kept; i < edit.resumeAt; i++) {
		replaced.set(old[i].state.nodes[0], old[i].state);
	}
	const segments: Segment[] = old.slice(0, edit.kept);
	for (const span of edit.spans) {
		const before = replaced.get(model.lines[span.from]);
		segments.push(before && sameNodes(before.nodes, model, span.from, span.to) ? { ...span, state: before } : fresh(span, before, edit));
	}
	for (let i = edit.resumeAt; i < old.length; i++) {
		segments.push(edit.delta === 0 ? old[i] : { from: old[i].from + edit.delta, to: old[i].to + edit.delta, state: old[i].state });
	}
	return { segments, edit };
}

/** What a big segment's previous version kept, and where this version keeps its own (from line `from`). */
function recallOf(state: SegmentState, from: number): Recall {
	return {
		previous<T>(key: object) {
			const before = state.before;
			const value = before?.kept?.get(key);
			if (value === undefined || before!.keptFrom === undefined) {
				return undefined;
			}
			return { value: value as T, nodes: before!.nodes, from: before!.keptFrom, block: before!.keptFrom === from ? state.edited : undefined };
		},
		keep(key, value) {
			state.kept!.set(key, value);
			state.keptFrom = from;
		},
	};
}

/** A summary that is an empty list, as the shared one. */
function emptyShared(summary: unknown): unknown {
	return Array.isArray(summary) ? orNothing(summary) : summary;
}

/**
 * A fact's summary of a segment, computed on first use and kept with the segment. The first time, the segment is
 * summarised for every known fact, so that all of them read the same window (and its groupings).
 */
function summaryOf(fact: AnyFact, state: SegmentState, window: () => Window): unknown {
	const { summaries } = state;
	for (let i = 0; i < summaries.length; i += 2) {
		if (summaries[i] === fact) {
			return summaries[i + 1];
		}
	}
	const lines = window();
	if (summaries.length === 0) {
		for (const known of facts) {
			if (known !== fact) {
				summaries.push(known, emptyShared(known.summarize(lines)));
			}
		}
	}
	const summary = emptyShared(fact.summarize(lines));
	summaries.push(fact, summary);
	return summary;
}

/**
 * The facts of one analysis: each value combined from the segments' summaries when first read, with a version that
 * is kept from the analysis before while the value provably did not change.
 */
class Facts implements FactSource {
	/**
	 * The last segment's window, with its groupings: the segment's facts and checks read the same groupings. Only one
	 * is kept: windows of 50 000 segments, all kept until the analysis ends, made every young-generation collection
	 * copy them (three times the cost of a whole analysis).
	 */
	private last: { index: number; window: Window } | undefined;
	/** Where each segment starts, for the facts' values. */
	private readonly starts: readonly number[];
	/** The facts read so far, with their versions; carried over from the analysis before (carryFacts). */
	readonly entries = new Map<AnyFact, FactEntry>();

	constructor(
		private readonly model: RobotsModel,
		readonly segments: readonly Segment[],
		readonly nextVersion: () => number,
	) {
		this.starts = segments.map((segment) => segment.from);
	}

	/** The lines of the `index`-th segment, with their groupings; shared by the facts and the segment's checks. */
	window(index: number): Window {
		if (this.last?.index !== index) {
			const { from, to, state } = this.segments[index];
			this.last = { index, window: new Window(this.model, from, to, { cache: state.lines, from }, state.kept ? recallOf(state, from) : undefined) };
		}
		return this.last.window;
	}

	/** Summarises the `index`-th segment for every known fact, unless that is done: whether it was not. */
	summarise(index: number): boolean {
		if (this.segments[index].state.summaries.length > 0) {
			return false;
		}
		this.summary(facts[0], index);
		return true;
	}

	/** Lets the last window go: the analysis is done, and what it keeps is in the segments' states. */
	done(): void {
		this.last = undefined;
	}

	summary(fact: AnyFact, index: number): unknown {
		return summaryOf(fact, this.segments[index].state, () => this.window(index));
	}

	version(fact: AnyFact): number {
		let entry = this.entries.get(fact);
		if (!entry) {
			entry = { version: this.nextVersion() };
			this.entries.set(fact, entry);
		}
		return entry.version;
	}

	read<S, V>(fact: FileFact<S, V>): { readonly value: V; readonly version: number } {
		const version = this.version(fact);
		const entry = this.entries.get(fact)!;
		if (!entry.value) {
			const summaries = this.segments.map((_, index) => this.summary(fact, index) as S);
			entry.value = { of: fact.combine(summaries, this.starts) };
		}
		return { value: entry.value.of as V, version };
	}
}

/**
 * The versions of the facts the analysis before read, for this one: the same version (and value) for a fact whose
 * value provably stayed the same, because the segments an edit replaced contribute to it what their replacements do
 * (and, for a fact that names lines, nothing moved); a new version for the others.
 */
function carryFacts(previous: Round, edit: SegmentEdit, facts: Facts): void {
	const removed = previous.segments.slice(edit.kept, edit.resumeAt);
	const added = facts.segments.slice(edit.kept, edit.kept + edit.spans.length);
	const moved = edit.delta !== 0 && edit.resumeAt < previous.segments.length;
	const unchanged = (fact: AnyFact): boolean => {
		if (removed.length === 0 && added.length === 0 && !moved) {
			return true;
		}
		if (!fact.same || removed.length !== added.length || (fact.positional && moved)) {
			return false;
		}
		return removed.every((before, i) => {
			const after = added[i];
			if (fact.positional && before.from !== after.from) {
				return false;
			}
			const a = summaryOf(fact, before.state, () => new Window(previous.model, before.from, before.to, { cache: before.state.lines, from: before.from }));
			// The segment's own window: its checks read the same groupings.
			const b = facts.summary(fact, edit.kept + i);
			return fact.same!(a, b);
		});
	};
	for (const [fact, entry] of previous.facts.entries) {
		facts.entries.set(fact, unchanged(fact) ? entry : { version: facts.nextVersion() });
	}
}

/** Whether every question still gets its answer: the fact kept its version, or asked again, it gives the same. */
function answersHold(answers: readonly Answer[], facts: Facts): boolean {
	for (const answer of answers) {
		const version = facts.version(answer.fact);
		if (answer.version === version) {
			continue;
		}
		const { value } = facts.read(answer.fact);
		if (answer.question(value as never) !== answer.answer) {
			return false;
		}
		answer.version = version;
	}
	return true;
}

/**
 * The file checks' problems in list order: merged from each check's (ordered) results by position, then by slot.
 * When every result is the one the analysis before had, so is the list: a file of 50 000 groups has 50 000 of them.
 */
function wholeFile(ran: readonly { result: FileResult; slot: number }[], before: WholeFile | undefined): WholeFile {
	if (before && before.from.length === ran.length && ran.every(({ result }, i) => before.from[i] === result)) {
		return before;
	}
	const problems: Problem[] = [];
	const slots: number[] = [];
	const diagnostics: Diagnostic[] = [];
	const next = ran.map(() => 0);
	for (;;) {
		let pick = -1;
		for (let k = 0; k < ran.length; k++) {
			const candidate = ran[k].result.problems[next[k]];
			if (candidate === undefined) {
				continue;
			}
			// Results are in slot order: on the same position the earlier result comes first.
			const best = pick < 0 ? undefined : ran[pick].result.problems[next[pick]];
			if (!best || candidate.line < best.line || (candidate.line === best.line && (candidate.start ?? 0) < (best.start ?? 0))) {
				pick = k;
			}
		}
		if (pick < 0) {
			break;
		}
		const { result, slot } = ran[pick];
		problems.push(result.problems[next[pick]]);
		diagnostics.push(result.diagnostics![next[pick]]);
		slots.push(slot);
		next[pick]++;
	}
	return { from: ran.map(({ result }) => result), problems, slots, diagnostics, capped: cappedCount(problems) };
}

/** How many of `problems` have a code the analysis lists only so many of. */
function cappedCount(problems: readonly Problem[]): number {
	let count = 0;
	for (const problem of problems) {
		if (fileCaps.has(problem.code)) {
			count++;
		}
	}
	return count;
}

/** The indices of problems, ordered by position, then by slot, then as reported. */
function inListOrder(problems: readonly Problem[], slots: readonly number[]): number[] {
	const order = problems.map((_, index) => index);
	return order.sort((i, j) => problems[i].line - problems[j].line || (problems[i].start ?? 0) - (problems[j].start ?? 0) || slots[i] - slots[j] || i - j);
}

/** The segment's problems: those found for the same lines before, while still right, or found now. */
function analyseSegment(
	model: RobotsModel,
	segment: Segment,
	window: Window,
	options: AnalysisOptions,
	audience: Audience,
	eol: string,
	facts: Facts,
): SegmentAnalysis {
	const { state } = segment;
	const first = segment.from === 0;
	const last = segment.to === model.lineCount;
	const previous = state.analysis;
	if (previous && previous.first === first && previous.last === last && answersHold(previous.answers, facts)) {
		return previous;
	}
	const problems: Problem[] = [];
	const slots: number[] = [];
	lineProblems(segment, window, options, audience, eol, facts, problems, slots);
	const context = new CheckContext(window, options, audience, eol, facts);
	checks.forEach((check, index) => {
		if ('window' in check) {
			const before = context.problems.length;
			check.window(context);
			for (let i = before; i < context.problems.length; i++) {
				problems.push(context.problems[i]);
				slots.push(firstSlot + index);
			}
		}
	});
	const order = inListOrder(problems, slots);
	const analysis: SegmentAnalysis = {
		first,
		last,
		answers: orNothing(context.answers),
		start: segment.from,
		problems: orNothing(order.map((index) => problems[index])),
		slots: orNothing(order.map((index) => slots[index])),
		capped: cappedCount(problems),
	};
	const earlier = previous ?? state.before?.analysis;
	if (earlier?.built && earlier.start === segment.from) {
		analysis.earlier = { analysis: earlier, unchanged: unchangedLines(state) };
	}
	state.analysis = analysis;
	return analysis;
}

/** What the line checks found on one line node. */
interface LineAnalysis {
	/** The line the node was at; the problems count from there. */
	readonly line: number;
	readonly problems: readonly Problem[];
	readonly slots: readonly number[];
}

const lineSlot = 'line checks';
/** Most lines have no problem: one shared value says so (line -1: nothing to move), one for the first line. */
const noProblems: LineAnalysis = { line: -1, problems: nothing, slots: nothing };
const noProblemsOnFirstLine: LineAnalysis = { line: 0, problems: nothing, slots: nothing };

/** Appends the line checks' problems in a segment: kept per line, found by running the checks on new lines. */
function lineProblems(
	segment: Segment,
	window: Window,
	options: AnalysisOptions,
	audience: Audience,
	eol: string,
	facts: Facts,
	problems: Problem[],
	slots: number[],
): void {
	const cache = segment.state.lines;
	const { from, to } = segment;
	// Read in place: a segment of 47 000 lines is gone through twice per edit, and a lookup per line was most of it.
	const kept = cache.values(lineSlot) as (LineAnalysis | undefined)[];
	let run = -1;
	for (let line = from; line <= to; line++) {
		const analysis = line < to ? kept[line - from] : undefined;
		// The first line is read apart (a byte order mark, say): a node that moved to or from it counts as new.
		if (line < to && (analysis === undefined || (analysis.line === 0) !== (line === 0))) {
			run = run < 0 ? line : run;
		} else if (run >= 0) {
			analyseLines(new Window(window.model, run, line, { cache, from }), from, cache, options, audience, eol, facts);
			run = -1;
		}
	}
	for (let line = from; line < to; line++) {
		let analysis = kept[line - from]!;
		if (analysis.problems.length === 0) {
			continue;
		}
		if (analysis.line !== line) {
			const delta = line - analysis.line;
			analysis = { line, problems: analysis.problems.map((problem) => movedProblem(problem, delta)), slots: analysis.slots };
			kept[line - from] = analysis;
		}
		for (let i = 0; i < analysis.problems.length; i++) {
			problems.push(analysis.problems[i]);
			slots.push(analysis.slots[i]);
		}
	}
}

/** Runs the line checks on the lines of `window` (in the segment starting at `segmentFrom`) and keeps what they find per line. */
function analyseLines(window: Window, segmentFrom: number, cache: LineCache, options: AnalysisOptions, audience: Audience, eol: string, facts: Facts): void {
	const { from, to } = window;
	const context = new CheckContext(window, options, audience, eol, facts);
	const found: { problems: Problem[]; slots: number[] }[] = [];
	checks.forEach((check, index) => {
		if ('line' in check) {
			const before = context.problems.length;
			check.line(context);
			for (let i = before; i < context.problems.length; i++) {
				const problem = context.problems[i];
				const onLine = (found[problem.line - from] ??= { problems: [], slots: [] });
				onLine.problems.push(problem);
				onLine.slots.push(firstSlot + index);
			}
		}
	});
	const kept = cache.values(lineSlot);
	for (let line = from; line < to; line++) {
		const onLine = found[line - from];
		kept[line - segmentFrom] = onLine ? { line, problems: onLine.problems, slots: onLine.slots } : line === 0 ? noProblemsOnFirstLine : noProblems;
	}
}

/**
 * Where an edit replaced lines in a segment since its earlier analysis: a problem of that analysis keeps its
 * diagnostic when every line it names is before the block, or after it and not moved.
 */
function unchangedLines(state: SegmentState): (line: number) => boolean {
	const block = state.before ? state.edited : undefined;
	if (!block) {
		return () => true;
	}
	return (line) => line < block.start || (block.delta === 0 && line >= block.oldEnd);
}

/**
 * The segment's diagnostics where it starts now: built once per place. A big segment's problems that its analysis
 * kept from the version before (the same objects) keep their diagnostics when the lines they name are the same nodes:
 * typing in a group of 47 000 rules with 4 500 duplicates builds the few diagnostics the keystroke changed.
 */
function builtDiagnostics(model: RobotsModel, analysis: SegmentAnalysis, at: number, options: AnalysisOptions, uri: string | undefined): readonly Diagnostic[] {
	if (analysis.built?.at !== at) {
		const delta = at - analysis.start;
		const reusable = new Map<Problem, Diagnostic>();
		const earlier = analysis.earlier;
		if (earlier?.analysis.built?.at === at && delta === 0) {
			const { problems } = earlier.analysis;
			const diagnostics = earlier.analysis.built.diagnostics;
			for (let i = 0; i < problems.length; i++) {
				if (namesOnly(problems[i], earlier.unchanged)) {
					reusable.set(problems[i], diagnostics[i]);
				}
			}
		}
		analysis.built = {
			at,
			diagnostics: orNothing(analysis.problems.map((problem) => reusable.get(problem) ?? toDiagnostic(model, problem, delta, options, uri))),
		};
	}
	analysis.earlier = undefined;
	return analysis.built.diagnostics;
}

/** Whether every line a problem's diagnostic reads (its range's, a related line's) passes `test`. */
function namesOnly(problem: Problem, test: (line: number) => boolean): boolean {
	const end = problem.endLine ?? problem.line;
	for (let line = problem.line; line <= end; line++) {
		if (!test(line)) {
			return false;
		}
	}
	return !problem.related || problem.related.every((related) => test(related.line));
}
