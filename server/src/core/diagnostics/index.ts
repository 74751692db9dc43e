/**
 * The diagnostics API: `computeDiagnostics`, the reference analysis that keeps nothing between calls; a
 * `DiagnosticsSession` (session.ts), which gives the same diagnostics for the versions of one document and reuses
 * what an edit left unchanged; and `computeCodeActions`, which offers the fixes of an analysis's diagnostics.
 */

import { CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';
import { createDiagnosticsSession, diagnosticSource, type DiagnosticData, type DiagnosticFix } from './session';

export { createDiagnosticsSession, diagnosticSource, type DiagnosticData, type DiagnosticFix, type DiagnosticsSession } from './session';

/**
 * All problems of a file, in line order, from a fresh analysis: nothing is kept from one call to the next, so the
 * result is a function of the arguments alone. An editor that analyses every version of a document uses a
 * `DiagnosticsSession` instead, which gives the same diagnostics faster.
 * @param uri when given, related lines become related information with locations.
 */
export function computeDiagnostics(model: RobotsModel, options: AnalysisOptions, uri?: string): readonly Diagnostic[] {
	// No segment is taken as big: nothing is kept for a next version, and the plain path is the reference the
	// session's patched one is tested against.
	return createDiagnosticsSession(Infinity).diagnostics(model, options, uri);
}

function fixesOf(diagnostic: Diagnostic): readonly DiagnosticFix[] {
	const data = diagnostic.data as Partial<DiagnosticData> | undefined;
	return Array.isArray(data?.fixes) ? data.fixes : [];
}

function overlaps(a: Range, b: Range): boolean {
	const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character <= q.character);
	return before(a.start, b.end) && before(b.start, a.end);
}

function isBefore(p: Range['start'], q: Range['start']): boolean {
	return p.line < q.line || (p.line === q.line && p.character < q.character);
}

function isEmpty(range: Range): boolean {
	return range.start.line === range.end.line && range.start.character === range.end.character;
}

/**
 * Whether two edits cannot go into one workspace edit: their ranges share characters, or an insertion falls inside
 * the other's range, or both insert at one place (which `combine` joins). Ranges that only touch do not conflict:
 * removing line 3 and removing line 4 is two edits, not one after another's next run.
 */
function editsConflict(a: Range, b: Range): boolean {
	if (isEmpty(a) && isEmpty(b)) {
		return a.start.line === b.start.line && a.start.character === b.start.character;
	}
	if (isEmpty(a)) {
		return isBefore(b.start, a.start) && isBefore(a.start, b.end);
	}
	if (isEmpty(b)) {
		return isBefore(a.start, b.start) && isBefore(b.start, a.end);
	}
	return isBefore(a.start, b.end) && isBefore(b.start, a.end);
}

/**
 * Edits of several fixes that do not overlap, in document order; a fix that would overlap an earlier one waits for
 * the next run. Insertions at the same spot (several lines moved above one line) are joined in order.
 */
function combine(fixes: readonly DiagnosticFix[]): TextEdit[] {
	const edits: TextEdit[] = [];
	// The edits taken so far by each line they touch: a fix-all over thousands of problems looks only at its own lines.
	const byLine = new Map<number, number[]>();
	const firstOverlapping = (edit: TextEdit): number => {
		let first = -1;
		for (let line = edit.range.start.line; line <= edit.range.end.line; line++) {
			for (const index of byLine.get(line) ?? []) {
				if ((first < 0 || index < first) && editsConflict(edits[index].range, edit.range)) {
					first = index;
				}
			}
		}
		return first;
	};
	const take = (edit: TextEdit) => {
		for (let line = edit.range.start.line; line <= edit.range.end.line; line++) {
			const taken = byLine.get(line);
			if (taken) {
				taken.push(edits.length);
			} else {
				byLine.set(line, [edits.length]);
			}
		}
		edits.push(edit);
	};
	for (const fix of fixes) {
		const joins = new Map<number, string>();
		let conflict = false;
		for (const edit of fix.edits) {
			const index = firstOverlapping(edit);
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
			const index = firstOverlapping(edit);
			if (index >= 0 && joins.has(index)) {
				edits[index] = { range: edits[index].range, newText: edits[index].newText + edit.newText };
			} else {
				take(edit);
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
 * @param diagnostics the diagnostics the client sent with the request (they may have lost their data on the way).
 * @param current every diagnostic of the document's analysis for the same version and settings, from
 * `computeDiagnostics` or the document's session: the fixes come from there, so that the actions answer the very
 * diagnostics shown.
 */
export function computeCodeActions(range: Range, diagnostics: readonly Diagnostic[], current: readonly Diagnostic[], uri: string): CodeAction[] {
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
				actions.push(CodeAction.create(t('Fix all \'{0}\' problems in the file', code), { changes: { [uri]: edits } }, CodeActionKind.QuickFix));
			}
		}
	}
	const preferred = current.flatMap((diagnostic) => fixesOf(diagnostic).filter((fix) => fix.isPreferred).slice(0, 1));
	if (preferred.length > 0) {
		actions.push(CodeAction.create(t('Fix all auto-fixable robots.txt problems'), { changes: { [uri]: combine(preferred) } }, CodeActionKind.SourceFixAll));
	}
	return actions;
}

function sameRange(a: Range, b: Range): boolean {
	return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

