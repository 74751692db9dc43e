/**
 * `computeDiagnostics` runs every check over a model and turns the problems into LSP diagnostics, honouring the
 * enabled dialects, severity overrides and suppression comments; `computeCodeActions` offers their fixes.
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
import type { RobotsModel } from '../syntax/parser';
import { diagnosticFacts, type Severity } from './codes';
import { CheckContext, type Check, type Fix, type Problem } from './context';
import { findSuppressions } from './suppression';
import { fileChecks } from './checks/file';
import { lineChecks } from './checks/lines';
import { groupChecks } from './checks/groups';
import { ruleChecks } from './checks/rules';
import { recordChecks } from './checks/records';

export const diagnosticSource = 'robots-txt';

const contentChecks: readonly Check[] = [...lineChecks, ...groupChecks, ...ruleChecks, ...recordChecks];

/** What a diagnostic carries for code actions. */
export interface DiagnosticData {
	readonly fixes: readonly Fix[];
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
export function computeDiagnostics(model: RobotsModel, options: AnalysisOptions, uri?: string): Diagnostic[] {
	// Push, pull and every code-action request (one per cursor move) ask for the same version with the same
	// settings object: the analysis runs once per model, and callers get their own array.
	const cached = lastAnalysis.get(model);
	if (cached && cached.options === options && cached.uri === uri) {
		return [...cached.diagnostics];
	}
	const diagnostics = analyse(model, options, uri);
	lastAnalysis.set(model, { options, uri, diagnostics });
	return [...diagnostics];
}

/** The last analysis of each model; models are immutable, so an entry is valid for as long as its model lives. */
const lastAnalysis = new WeakMap<RobotsModel, { readonly options: AnalysisOptions; readonly uri: string | undefined; readonly diagnostics: readonly Diagnostic[] }>();

function analyse(model: RobotsModel, options: AnalysisOptions, uri: string | undefined): Diagnostic[] {
	const context = new CheckContext(model, options);
	for (const check of fileChecks) {
		check(context);
	}
	// An HTML page or binary body would drown in line-level noise: one diagnostic says what it is.
	if (!context.problems.some((problem) => problem.code === 'not-robots-txt')) {
		for (const check of contentChecks) {
			check(context);
		}
	}
	const suppressions = findSuppressions(model);
	const diagnostics: Diagnostic[] = [];
	for (const problem of context.problems) {
		if (suppressions.isSuppressed(problem.code, problem.line)) {
			continue;
		}
		const override = options.severities[problem.code];
		const severity = override && override !== 'off' ? override : problem.severity ?? diagnosticFacts(problem.code)!.severity;
		diagnostics.push(toDiagnostic(model, problem, severities[severity], uri));
	}
	diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
	return diagnostics;
}

function toDiagnostic(model: RobotsModel, problem: Problem, severity: DiagnosticSeverity, uri: string | undefined): Diagnostic {
	const node = model.lines[problem.line];
	const endLine = problem.endLine ?? problem.line;
	const range: Range = {
		start: { line: problem.line, character: problem.start ?? 0 },
		end: { line: endLine, character: problem.end ?? (endLine === problem.line ? node.length : model.lines[endLine].length) },
	};
	const diagnostic: Diagnostic = { range, severity, code: problem.code, source: diagnosticSource, message: problem.message };
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
			location: { uri, range: { start: { line: related.line, character: 0 }, end: { line: related.line, character: model.lines[related.line].length } } },
			message: related.message,
		}));
	}
	if (problem.fixes && problem.fixes.length > 0) {
		const data: DiagnosticData = { fixes: problem.fixes };
		diagnostic.data = data;
	}
	return diagnostic;
}

function fixesOf(diagnostic: Diagnostic): readonly Fix[] {
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
function combine(fixes: readonly Fix[]): TextEdit[] {
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
