/**
 * `computeDiagnostics` runs every check over a model and turns the problems into LSP diagnostics, honouring the
 * enabled dialects, severity overrides and suppression comments; `computeCodeActions` offers their fixes.
 * The checks run per segment of the file (segments.ts), and an edit reruns only the segments it changed.
 */

import {
	CodeAction,
	CodeActionKind,
	DiagnosticSeverity,
	DiagnosticTag,
	type Diagnostic,
	type Range,
	type TextEdit,
} from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import { lineRange } from '../syntax/document';
import type { RobotsModel } from '../syntax/parser';
import { diagnosticFacts, type Severity } from './codes';
import { CheckContext, type Answer, type CheckEntry, type FileCheck, type Fix, type LineText, type Problem } from './context';
import { findSuppressions } from './suppression';
import { editedSegments, LineCache, sameNodes, segmentStarts, SegmentedFile, summarize, type Segment, type SegmentSummary } from './segments';
import { fileChecks, identityChecks, maxInvalidUtf8 } from './checks/file';
import { lineChecks } from './checks/lines';
import { groupChecks } from './checks/groups';
import { ruleChecks } from './checks/rules';
import { recordChecks } from './checks/records';
import { lineEnding } from './checks/edits';

export const diagnosticSource = 'robots-txt';

/** A fix as a diagnostic carries it. */
export interface DiagnosticFix {
	readonly title: string;
	readonly edits: readonly TextEdit[];
	readonly isPreferred?: boolean;
}

/** What a diagnostic carries for code actions. */
export interface DiagnosticData {
	readonly fixes: readonly DiagnosticFix[];
}

const severities: Readonly<Record<Severity, DiagnosticSeverity>> = {
	error: DiagnosticSeverity.Error,
	warning: DiagnosticSeverity.Warning,
	information: DiagnosticSeverity.Information,
	hint: DiagnosticSeverity.Hint,
};

/**
 * All problems of a file, in line order.
 * @param uri when given, related lines become related information with locations.
 */
export function computeDiagnostics(model: RobotsModel, options: AnalysisOptions, uri?: string): readonly Diagnostic[] {
	// Push, pull and every code-action request (one per cursor move) ask for the same version with the same
	// settings object: the analysis runs once per model, and every caller gets the same (read-only) array.
	const cached = lastAnalysis.get(model);
	if (cached && cached.options === options && cached.uri === uri) {
		return cached.diagnostics;
	}
	const diagnostics = analyse(model, options, uri);
	lastAnalysis.set(model, { options, uri, diagnostics });
	return diagnostics;
}

/** The last analysis of each model; models are immutable, so an entry is valid for as long as its model lives. */
const lastAnalysis = new WeakMap<RobotsModel, { readonly options: AnalysisOptions; readonly uri: string | undefined; readonly diagnostics: readonly Diagnostic[] }>();

/** What the checks of one segment found, for the options, uri and line end they ran with. */
interface SegmentAnalysis {
	readonly options: AnalysisOptions;
	readonly uri: string | undefined;
	readonly eol: string;
	/** Whether the segment started the file and ended it: a few checks treat the first and last line apart. */
	readonly first: boolean;
	readonly last: boolean;
	/** What the checks asked of the rest of the file. */
	readonly answers: readonly Answer[];
	/** The line the segment started at; the problems' line numbers count from there. */
	readonly start: number;
	/** In the order they are listed (by position, then by check), with each one's check slot. */
	readonly problems: readonly Problem[];
	readonly slots: readonly number[];
	readonly invalidUtf8: number;
	/** The generation of the last file (segments.ts) for which the answers were found true. */
	verified: number;
	/** The diagnostics, as last built for the segment starting at `at`. */
	built?: { readonly at: number; readonly diagnostics: readonly Diagnostic[] };
}

interface SegmentEntry {
	readonly summary: SegmentSummary;
	/** What was computed per line, carried over from the segment's previous version for the lines it kept. */
	readonly lines: LineCache;
	analysis?: SegmentAnalysis;
}

/** What was computed for each segment, by its first line node; nodes die with the last model that holds them. */
const segmentEntries = new WeakMap<LineNode, SegmentEntry>();

/** The last file analysed, by its first line node (which an edit elsewhere keeps): the version before the next one. */
const lastFiles = new WeakMap<LineNode, SegmentedFile>();

/** The checks after the identity checks, in the order problems at one position are listed. */
const checks: readonly CheckEntry[] = [...fileChecks, ...lineChecks, ...groupChecks, ...ruleChecks, ...recordChecks];
const firstSlot = identityChecks.length;

/** The model's segments with their summaries: computed for new segments, found again for the others. */
function segmentsOf(model: RobotsModel, previous: SegmentedFile | undefined): Segment[] {
	const summaryOf = (from: number, to: number) => {
		const first = model.lines[from];
		let entry = segmentEntries.get(first);
		if (!entry || !sameNodes(entry.summary.nodes, model, from, to)) {
			// Same first node, other lines: an edited version of that segment, whose unchanged lines keep their values.
			const summary = summarize(model, from, to);
			entry = { summary, lines: new LineCache(summary.nodes, entry?.lines) };
			segmentEntries.set(first, entry);
		}
		return entry.summary;
	};
	if (previous) {
		return editedSegments(model, previous, summaryOf);
	}
	const starts = segmentStarts(model.lines);
	return starts.map((from, i) => {
		const to = i + 1 < starts.length ? starts[i + 1] : model.lineCount;
		return { from, to, summary: summaryOf(from, to) };
	});
}

/**
 * All problems of a file, as diagnostics in line order. Each segment's checks run again only when its lines, the
 * settings, the file's line end or an answer about the rest of the file changed; otherwise its problems are reused,
 * moved by as many lines as the segment moved. The file-wide checks read the segments' summaries; one that reads only
 * the User-agent lines keeps its problems while those lines stay where they are.
 */
function analyse(model: RobotsModel, options: AnalysisOptions, uri: string | undefined): Diagnostic[] {
	const eol = lineEnding(model);
	const previous = lastFiles.get(model.lines[0]);
	const file = new SegmentedFile(model, segmentsOf(model, previous), previous);
	lastFiles.set(model.lines[0], file);
	const whole = new CheckContext(model, options, eol, file);
	const wholeSlots: number[] = [];
	const run = (check: FileCheck, slot: number) => {
		check(whole, file);
		while (wholeSlots.length < whole.problems.length) {
			wholeSlots.push(slot);
		}
	};
	identityChecks.forEach((check, slot) => run(check, slot));
	// An HTML page or binary body would drown in line-level noise: one diagnostic says what it is.
	if (whole.problems.some((problem) => problem.code === 'not-robots-txt')) {
		return whole.problems.map((problem) => wholeDiagnostic(model, problem, options, uri));
	}
	const { segments } = file;
	checks.forEach((check, index) => {
		if ('file' in check) {
			const before = check.reads === 'agents' && file.agentsAsBefore ? file.foundBefore.get(check.file) : undefined;
			const from = whole.problems.length;
			if (before && before.options === options) {
				for (const problem of before.problems) {
					whole.problems.push(problem);
					wholeSlots.push(firstSlot + index);
				}
			} else {
				run(check.file, firstSlot + index);
			}
			file.found.set(check.file, { options, problems: whole.problems.slice(from) });
		}
	});
	const wholeOrder = inListOrder(whole.problems, wholeSlots);
	const analyses = segments.map((segment) => segmentAnalysis(model, segment, options, uri, eol, file));
	const built = analyses.map((analysis, i) => builtDiagnostics(model, analysis, segments[i].from, options, uri));
	// Sized up front: a file of many groups has thousands of diagnostics, and every edit lists them again.
	const merged = new Array<Diagnostic>(built.reduce((sum, diagnostics) => sum + diagnostics.length, wholeOrder.length));
	let count = 0;
	let next = 0;
	let invalidUtf8 = 0;
	segments.forEach((segment, s) => {
		const analysis = analyses[s];
		const diagnostics = built[s];
		invalidUtf8 += analysis.invalidUtf8;
		// File-wide problems inside the segment go before the segment's problems they sort before.
		const inside = next < wholeOrder.length && whole.problems[wholeOrder[next]].line < segment.to;
		for (let i = 0; i < diagnostics.length; i++) {
			if (inside) {
				const { line, character } = diagnostics[i].range.start;
				for (; next < wholeOrder.length; next++) {
					const problem = whole.problems[wholeOrder[next]];
					const start = problem.start ?? 0;
					if (problem.line > line || (problem.line === line && (start > character || (start === character && wholeSlots[wholeOrder[next]] > analysis.slots[i])))) {
						break;
					}
					merged[count++] = wholeDiagnostic(model, problem, options, uri);
				}
			}
			merged[count++] = diagnostics[i];
		}
	});
	for (; next < wholeOrder.length; next++) {
		merged[count++] = wholeDiagnostic(model, whole.problems[wholeOrder[next]], options, uri);
	}
	return filtered(model, merged, invalidUtf8, file);
}

/** The diagnostic of each file-wide problem a check keeps from one version to the next (see duplicateAgents). */
const keptDiagnostics = new WeakMap<Problem, { readonly options: AnalysisOptions; readonly uri: string | undefined; readonly diagnostic: Diagnostic }>();

function wholeDiagnostic(model: RobotsModel, problem: Problem, options: AnalysisOptions, uri: string | undefined): Diagnostic {
	const kept = keptDiagnostics.get(problem);
	if (kept && kept.options === options && kept.uri === uri) {
		return kept.diagnostic;
	}
	const diagnostic = toDiagnostic(model, problem, 0, options, uri);
	keptDiagnostics.set(problem, { options, uri, diagnostic });
	return diagnostic;
}

/** The indices of problems, ordered by position, then by slot, then as reported. */
function inListOrder(problems: readonly Problem[], slots: readonly number[]): number[] {
	const order = problems.map((_, index) => index);
	return order.sort((i, j) => problems[i].line - problems[j].line || (problems[i].start ?? 0) - (problems[j].start ?? 0) || slots[i] - slots[j] || i - j);
}

/** The segment's problems: those found for the same lines before, while still right, or found now. */
function segmentAnalysis(model: RobotsModel, segment: Segment, options: AnalysisOptions, uri: string | undefined, eol: string, file: SegmentedFile): SegmentAnalysis {
	const entry = segmentEntries.get(model.lines[segment.from])!;
	const first = segment.from === 0;
	const last = segment.to === model.lineCount;
	const previous = entry.analysis;
	if (previous && previous.options === options && previous.uri === uri && previous.eol === eol && previous.first === first && previous.last === last) {
		// Its answers hold if they held for the version before and the facts did not change since; else ask again.
		const stillTrue = previous.verified === file.factsAsIn || previous.answers.every((answer) => answer.ask(file) === answer.answer);
		if (stillTrue) {
			previous.verified = file.generation;
			return previous;
		}
	}
	const problems: Problem[] = [];
	const slots: number[] = [];
	lineProblems(model, segment, entry.lines, options, eol, file, problems, slots);
	const context = new CheckContext(model, options, eol, file, segment.from, segment.to, { cache: entry.lines, from: segment.from });
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
		options,
		uri,
		eol,
		first,
		last,
		answers: context.answers,
		start: segment.from,
		problems: order.map((index) => problems[index]),
		slots: order.map((index) => slots[index]),
		invalidUtf8: problems.filter((problem) => problem.code === 'invalid-utf8').length,
		verified: file.generation,
	};
	entry.analysis = analysis;
	return analysis;
}

/** What the line checks found on one line node, with the settings and line end they ran with. */
interface LineAnalysis {
	readonly options: AnalysisOptions;
	readonly eol: string;
	/** The line the node was at; the problems count from there. */
	readonly line: number;
	readonly problems: readonly Problem[];
	readonly slots: readonly number[];
}

const nothing: readonly never[] = [];

/** Appends the line checks' problems in a segment: kept per line, found by running the checks on new lines. */
function lineProblems(model: RobotsModel, segment: Segment, cache: LineCache, options: AnalysisOptions, eol: string, file: SegmentedFile, problems: Problem[], slots: number[]): void {
	const valid = (analysis: LineAnalysis | undefined, line: number) =>
		analysis !== undefined && analysis.options === options && analysis.eol === eol && (analysis.line === 0) === (line === 0);
	const kept = (line: number) => cache.get<LineAnalysis | undefined>('line checks', line - segment.from, () => undefined);
	let run = -1;
	for (let line = segment.from; line <= segment.to; line++) {
		if (line < segment.to && !valid(kept(line), line)) {
			run = run < 0 ? line : run;
		} else if (run >= 0) {
			analyseLines(model, run, line, segment.from, cache, options, eol, file);
			run = -1;
		}
	}
	for (let line = segment.from; line < segment.to; line++) {
		let analysis = kept(line)!;
		if (analysis.line !== line) {
			analysis = { ...analysis, line, problems: analysis.problems.map((problem) => movedProblem(problem, line - analysis.line)) };
			cache.set('line checks', line - segment.from, analysis);
		}
		for (let i = 0; i < analysis.problems.length; i++) {
			problems.push(analysis.problems[i]);
			slots.push(analysis.slots[i]);
		}
	}
}

/** Runs the line checks on `[from, to)` of the segment starting at `segmentFrom` and keeps what they find per line. */
function analyseLines(model: RobotsModel, from: number, to: number, segmentFrom: number, cache: LineCache, options: AnalysisOptions, eol: string, file: SegmentedFile): void {
	const context = new CheckContext(model, options, eol, file, from, to, { cache, from: segmentFrom });
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
	for (let line = from; line < to; line++) {
		const onLine = found[line - from];
		cache.set('line checks', line - segmentFrom, { options, eol, line, problems: onLine?.problems ?? nothing, slots: onLine?.slots ?? nothing });
	}
}

/** A problem `delta` lines further down. */
function movedProblem(problem: Problem, delta: number): Problem {
	const moved = (text: LineText): LineText => typeof text === 'string' ? text : (number) => text((index) => number(index + delta));
	return {
		...problem,
		line: problem.line + delta,
		endLine: problem.endLine === undefined ? undefined : problem.endLine + delta,
		message: moved(problem.message),
		related: problem.related?.map((related) => ({ line: related.line + delta, message: related.message })),
		fixes: problem.fixes?.map((fix) => ({ ...fix, title: moved(fix.title), edits: movedEdits(fix.edits, delta) })),
	};
}

/** The segment's diagnostics where it starts now: built once per place. */
function builtDiagnostics(model: RobotsModel, analysis: SegmentAnalysis, at: number, options: AnalysisOptions, uri: string | undefined): readonly Diagnostic[] {
	if (analysis.built?.at !== at) {
		const delta = at - analysis.start;
		analysis.built = { at, diagnostics: analysis.problems.map((problem) => toDiagnostic(model, problem, delta, options, uri)) };
	}
	return analysis.built.diagnostics;
}

/** Drops what suppression comments silence, and invalid-utf8 beyond the first ones. */
function filtered(model: RobotsModel, diagnostics: Diagnostic[], invalidUtf8: number, file: SegmentedFile): Diagnostic[] {
	const suppressions = findSuppressions(model, file.suppressions());
	if (suppressions.none && invalidUtf8 <= maxInvalidUtf8) {
		return diagnostics;
	}
	let keptInvalid = 0;
	return diagnostics.filter((diagnostic) => {
		if (diagnostic.code === 'invalid-utf8' && ++keptInvalid > maxInvalidUtf8) {
			return false;
		}
		return !suppressions.isSuppressed(String(diagnostic.code), diagnostic.range.start.line);
	});
}

function severityOf(problem: Problem, options: AnalysisOptions): DiagnosticSeverity {
	const override = options.severities[problem.code];
	return severities[override && override !== 'off' ? override : problem.severity ?? diagnosticFacts(problem.code)!.severity];
}

/** A problem found `delta` lines above or below where its lines are now, as an LSP diagnostic. */
function toDiagnostic(model: RobotsModel, problem: Problem, delta: number, options: AnalysisOptions, uri: string | undefined): Diagnostic {
	const line = problem.line + delta;
	const endLine = (problem.endLine ?? problem.line) + delta;
	const range: Range = {
		start: { line, character: problem.start ?? 0 },
		end: { line: endLine, character: problem.end ?? model.lines[endLine].length },
	};
	const number = (index: number) => index + delta + 1;
	const message = typeof problem.message === 'string' ? problem.message : problem.message(number);
	const diagnostic: Diagnostic = { range, severity: severityOf(problem, options), code: problem.code, source: diagnosticSource, message };
	const tags: DiagnosticTag[] = [];
	if (problem.unnecessary) {
		tags.push(DiagnosticTag.Unnecessary);
	}
	if (problem.deprecated) {
		tags.push(DiagnosticTag.Deprecated);
	}
	if (tags.length > 0) {
		diagnostic.tags = tags;
	}
	if (uri !== undefined && problem.related && problem.related.length > 0) {
		diagnostic.relatedInformation = problem.related.map((related) => ({
			location: { uri, range: lineRange(model, related.line + delta) },
			message: related.message,
		}));
	}
	if (problem.fixes && problem.fixes.length > 0) {
		const data: DiagnosticData = { fixes: problem.fixes.map((fix) => movedFix(fix, delta, number)) };
		diagnostic.data = data;
	}
	return diagnostic;
}

/** A fix whose lines moved by `delta`, with its title written out. */
function movedFix(fix: Fix, delta: number, number: (index: number) => number): DiagnosticFix {
	const title = typeof fix.title === 'string' ? fix.title : fix.title(number);
	const edits = movedEdits(fix.edits, delta);
	return fix.isPreferred === undefined ? { title, edits } : { title, edits, isPreferred: fix.isPreferred };
}

/** Edits `delta` lines further down. */
function movedEdits(edits: readonly TextEdit[], delta: number): readonly TextEdit[] {
	return delta === 0 ? edits : edits.map((edit) => ({
		range: {
			start: { line: edit.range.start.line + delta, character: edit.range.start.character },
			end: { line: edit.range.end.line + delta, character: edit.range.end.character },
		},
		newText: edit.newText,
	}));
}

function fixesOf(diagnostic: Diagnostic): readonly DiagnosticFix[] {
	const data = diagnostic.data as Partial<DiagnosticData> | undefined;
	return Array.isArray(data?.fixes) ? data.fixes : [];
}

function overlaps(a: Range, b: Range): boolean {
	const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character <= q.character);
	return before(a.start, b.end) && before(b.start, a.end);
}

/**
 * Edits of several fixes that do not overlap, in document order; a fix that would overlap an earlier one waits for
 * the next run. Insertions at the same spot (several lines moved above one line) are joined in order.
 */
function combine(fixes: readonly DiagnosticFix[]): TextEdit[] {
	const edits: TextEdit[] = [];
	for (const fix of fixes) {
		const joins = new Map<number, string>();
		let conflict = false;
		for (const edit of fix.edits) {
			const index = edits.findIndex((taken) => overlaps(taken.range, edit.range));
			if (index < 0) {
				continue;
			}
			if (isInsertion(edits[index]) && isInsertion(edit) && samePosition(edits[index], edit)) {
				joins.set(index, edit.newText);
			} else {
				conflict = true;
			}
		}
		if (conflict) {
			continue;
		}
		for (const edit of fix.edits) {
			const index = edits.findIndex((taken) => overlaps(taken.range, edit.range));
			if (index >= 0 && joins.has(index)) {
				edits[index] = { range: edits[index].range, newText: edits[index].newText + edit.newText };
			} else {
				edits.push(edit);
			}
		}
	}
	return edits;
}

function isInsertion(edit: TextEdit): boolean {
	return edit.range.start.line === edit.range.end.line && edit.range.start.character === edit.range.end.character;
}

function samePosition(a: TextEdit, b: TextEdit): boolean {
	return a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character;
}

/**
 * Quick fixes for the diagnostics in `range`, a "fix all" per code where the file has several, and a
 * `source.fixAll` action with every preferred fix.
 */
export function computeCodeActions(model: RobotsModel, range: Range, diagnostics: readonly Diagnostic[], options: AnalysisOptions, uri: string): CodeAction[] {
	const current = computeDiagnostics(model, options, uri);
	const ours = diagnostics.filter((diagnostic) => diagnostic.source === diagnosticSource && overlaps(diagnostic.range, range));
	const actions: CodeAction[] = [];
	const codesDone = new Set<string>();
	for (const diagnostic of ours) {
		// The client's copy may come without data; the fresh analysis has it.
		let fixes = fixesOf(diagnostic);
		if (fixes.length === 0) {
			const fresh = current.find((candidate) => candidate.code === diagnostic.code && sameRange(candidate.range, diagnostic.range));
			fixes = fresh ? fixesOf(fresh) : [];
		}
		for (const fix of fixes) {
			const action = CodeAction.create(fix.title, { changes: { [uri]: [...fix.edits] } }, CodeActionKind.QuickFix);
			action.diagnostics = [diagnostic];
			if (fix.isPreferred) {
				action.isPreferred = true;
			}
			actions.push(action);
		}
		const code = String(diagnostic.code);
		if (fixes.length > 0 && !codesDone.has(code)) {
			codesDone.add(code);
			const sameCode = current.filter((candidate) => candidate.code === code && fixesOf(candidate).length > 0);
			if (sameCode.length > 1) {
				const edits = combine(sameCode.map((candidate) => fixesOf(candidate)[0]));
				actions.push(CodeAction.create(`Fix all '${code}' problems in the file`, { changes: { [uri]: edits } }, CodeActionKind.QuickFix));
			}
		}
	}
	const preferred = current.flatMap((diagnostic) => fixesOf(diagnostic).filter((fix) => fix.isPreferred).slice(0, 1));
	if (preferred.length > 0) {
		actions.push(CodeAction.create('Fix all auto-fixable robots.txt problems', { changes: { [uri]: combine(preferred) } }, CodeActionKind.SourceFixAll));
	}
	return actions;
}

function sameRange(a: Range, b: Range): boolean {
	return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

