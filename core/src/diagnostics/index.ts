/**
 * The diagnostics API: `computeDiagnostics`, the reference analysis that keeps nothing between calls; a
 * `DiagnosticsSession` (session.ts), which gives the same diagnostics for the versions of one document and reuses
 * what an edit left unchanged; and `computeCodeActions`, which offers the fixes of an analysis's diagnostics (the
 * fix-all actions' edits, optionally, on `resolveCodeAction`).
 */

import { CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';
import { dominantLineEnd } from '../syntax/lineEnds';
import { createDiagnosticsSession } from './session';
import type { DiagnosticData, DiagnosticFix } from './lsp';
import { diagnosticSource } from '../protocol';

export { createDiagnosticsSession, type DiagnosticsSession } from './session';
export type { DiagnosticData, DiagnosticFix } from './lsp';
export { diagnosticSource } from '../protocol';

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

/** How `computeCodeActions` sends its fix-all actions. */
interface CodeActionOptions {
	/**
	 * When set, the fix-all actions come without their edits, with `data` (`FixAllData`) naming this version of the
	 * document, and `resolveCodeAction` adds the edits when the editor applies one: thousands of fixes then cross the
	 * wire once, not at every cursor move (an editor asks for the actions at the cursor whenever it moves).
	 */
	readonly resolveLater?: { readonly version: number };
	/**
	 * The robots.txt the diagnostics are of: when set, each diagnostic also gets "Disable '<code>' for this line", a
	 * `# robots-txt-disable-next-line <code>` comment above its line (added to such a comment already there).
	 */
	readonly suppressIn?: RobotsModel;
}

/** What a fix-all action sent without its edits carries, for `resolveCodeAction`. */
interface FixAllData {
	readonly uri: string;
	/** The version of the document the action was offered for: an action of another version cannot be resolved. */
	readonly version: number;
	/** Every problem with this code (`Fix all '…' problems`), or every preferred fix (`source.fixAll`) when absent. */
	readonly code?: string;
}

/**
 * Quick fixes for the diagnostics in `range`, a "fix all" per code where the file has several, and a
 * `source.fixAll` action with every preferred fix.
 * @param diagnostics the diagnostics the client sent with the request (they may have lost their data on the way).
 * @param current every diagnostic of the document's analysis for the same version and settings, from
 * `computeDiagnostics` or the document's session: the fixes come from there, so that the actions answer the very
 * diagnostics shown. What is looked up in it is indexed once per array (a session hands out the same read-only array
 * while the model and the settings stay the same), so a request costs the diagnostics in range, not the file's.
 */
export function computeCodeActions(
	range: Range,
	diagnostics: readonly Diagnostic[],
	current: readonly Diagnostic[],
	uri: string,
	actionOptions: CodeActionOptions = {},
): CodeAction[] {
	const ours = diagnostics.filter((diagnostic) => diagnostic.source === diagnosticSource && overlaps(diagnostic.range, range));
	const index = fixIndex(current);
	const later = actionOptions.resolveLater;
	const actions: CodeAction[] = [];
	const codesDone = new Set<string>();
	// The suppressions come after the fixes: a fix is what the user most likely wants.
	const suppressions: CodeAction[] = [];
	const suppressed = new Set<string>();
	for (const diagnostic of ours) {
		// The client's copy may come without data; the fresh analysis has it.
		let fixes = fixesOf(diagnostic);
		if (fixes.length === 0) {
			const fresh = sameProblem(index, diagnostic);
			fixes = fresh ? fixesOf(fresh) : [];
		}
		for (const fix of fixes) {
			const action = CodeAction.create(fix.title, { changes: { [fix.uri ?? uri]: [...fix.edits] } }, CodeActionKind.QuickFix);
			action.diagnostics = [diagnostic];
			if (fix.isPreferred) {
				action.isPreferred = true;
			}
			actions.push(action);
		}
		const code = String(diagnostic.code);
		const suppressIn = actionOptions.suppressIn;
		// Only where the current analysis has the problem: a list shown before an edit names lines that moved.
		const line = suppressIn !== undefined ? sameProblem(index, diagnostic)?.range.start.line : undefined;
		if (suppressIn !== undefined && line !== undefined && !suppressed.has(`${code} ${line}`)) {
			suppressed.add(`${code} ${line}`);
			const action = CodeAction.create(
				t("Disable '{0}' for this line", code),
				{ changes: { [uri]: [disableNextLine(suppressIn, line, code)] } },
				CodeActionKind.QuickFix,
			);
			action.diagnostics = [diagnostic];
			suppressions.push(action);
		}
		if (fixes.length > 0 && !codesDone.has(code)) {
			codesDone.add(code);
			if ((index.fixableByCode.get(code)?.length ?? 0) > 1) {
				const title = t("Fix all '{0}' problems in the file", code);
				actions.push(
					later
						? { title, kind: CodeActionKind.QuickFix, data: { uri, version: later.version, code } satisfies FixAllData }
						: CodeAction.create(title, { changes: { [uri]: fixAllEdits(index, code) } }, CodeActionKind.QuickFix),
				);
			}
		}
	}
	actions.push(...suppressions);
	if (index.preferred.length > 0) {
		const title = t('Fix all auto-fixable robots.txt problems');
		actions.push(
			later
				? { title, kind: CodeActionKind.SourceFixAll, data: { uri, version: later.version } satisfies FixAllData }
				: CodeAction.create(title, { changes: { [uri]: fixAllEdits(index) } }, CodeActionKind.SourceFixAll),
		);
	}
	return actions;
}

/**
 * The edit that silences `code` on `line`: the code added to the `# robots-txt-disable-next-line` comment right above
 * it, or such a comment inserted above it, with the line's indentation and the file's line break (after a byte order
 * mark on the first line, which must stay first).
 */
function disableNextLine(model: RobotsModel, line: number, code: string): TextEdit {
	const above = line > 0 ? model.lineText(line - 1) : '';
	const existing = /^\s*#\s*robots-txt-disable-next-line\b(.*)$/.exec(above);
	if (existing !== null) {
		const at = { line: line - 1, character: above.trimEnd().length };
		return { range: { start: at, end: at }, newText: existing[1].trim() === '' ? ` ${code}` : `, ${code}` };
	}
	const text = model.lineText(line);
	const bom = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
	const indent = /^[ \t]*/.exec(text.slice(bom))![0];
	const at = { line, character: bom };
	return { range: { start: at, end: at }, newText: `${indent}# robots-txt-disable-next-line ${code}${dominantLineEnd(model)}` };
}

/**
 * A fix-all action sent without its edits, with them: the very edits `computeCodeActions` sends without
 * `resolveLater`. `current` must be the diagnostics of the version `data.version` names (the caller checks, having
 * the versions); an action without such data comes back as it is.
 */
export function resolveCodeAction(action: CodeAction, current: readonly Diagnostic[]): CodeAction {
	const data = fixAllData(action.data);
	if (data === undefined) {
		return action;
	}
	return { ...action, edit: { changes: { [data.uri]: fixAllEdits(fixIndex(current), data.code) } } };
}

/** The data of a fix-all action sent without its edits, checked; undefined for anything else. */
export function fixAllData(data: unknown): FixAllData | undefined {
	if (typeof data !== 'object' || data === null) {
		return undefined;
	}
	const { uri, version, code } = data as Partial<Record<keyof FixAllData, unknown>>;
	if (typeof uri !== 'string' || typeof version !== 'number' || (code !== undefined && typeof code !== 'string')) {
		return undefined;
	}
	return code === undefined ? { uri, version } : { uri, version, code };
}

/** What the actions look up in an analysis's diagnostics, found in one pass. */
interface FixIndex {
	readonly current: readonly Diagnostic[];
	/** Whether `current` is in line order (an analysis's diagnostics are), so that a line is found by bisection. */
	readonly inLineOrder: boolean;
	/** The diagnostics with fixes, by code, in file order. */
	readonly fixableByCode: Map<string, Diagnostic[]>;
	/** The first preferred fix of each diagnostic that has one, in file order. */
	readonly preferred: readonly DiagnosticFix[];
	/** The combined edits of each fix-all, made when first asked for: by code, and '' for `source.fixAll`. */
	readonly edits: Map<string, TextEdit[]>;
}

/**
 * Per analysis result: a session hands out the same read-only array while the model and the settings stay the same,
 * and an editor asks for the actions at every cursor move.
 */
const indexes = new WeakMap<readonly Diagnostic[], FixIndex>();

function fixIndex(current: readonly Diagnostic[]): FixIndex {
	let index = indexes.get(current);
	if (!index) {
		const fixableByCode = new Map<string, Diagnostic[]>();
		const preferred: DiagnosticFix[] = [];
		let inLineOrder = true;
		let line = 0;
		for (const diagnostic of current) {
			inLineOrder &&= diagnostic.range.start.line >= line;
			line = diagnostic.range.start.line;
			// A fix for another document, or one checked on its own (uri set), is offered alone.
			const fixes = fixesOf(diagnostic).filter((fix) => fix.uri === undefined);
			if (fixes.length === 0) {
				continue;
			}
			const code = String(diagnostic.code);
			const sameCode = fixableByCode.get(code);
			if (sameCode) {
				sameCode.push(diagnostic);
			} else {
				fixableByCode.set(code, [diagnostic]);
			}
			const first = fixes.find((fix) => fix.isPreferred);
			if (first) {
				preferred.push(first);
			}
		}
		index = { current, inLineOrder, fixableByCode, preferred, edits: new Map() };
		indexes.set(current, index);
	}
	return index;
}

/** The edits of `Fix all '<code>' problems` (each problem's first fix), or of `source.fixAll` without a code. */
function fixAllEdits(index: FixIndex, code?: string): TextEdit[] {
	const key = code ?? '';
	let edits = index.edits.get(key);
	if (!edits) {
		edits = combine(code === undefined ? index.preferred : (index.fixableByCode.get(code) ?? []).map((diagnostic) => fixesOf(diagnostic)[0]));
		index.edits.set(key, edits);
	}
	// A copy: the client's edit is its own, and the next request's must not share it.
	return edits.map((edit) => ({ range: edit.range, newText: edit.newText }));
}

/** The first diagnostic of the analysis with the code and range of a client's copy. */
function sameProblem(index: FixIndex, diagnostic: Diagnostic): Diagnostic | undefined {
	const { current } = index;
	const { range, code } = diagnostic;
	const matches = (candidate: Diagnostic) => candidate.code === code && sameRange(candidate.range, range);
	if (!index.inLineOrder) {
		return current.find(matches);
	}
	// The first diagnostic on the line or after it, then those of the line.
	let low = 0;
	let high = current.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (current[middle].range.start.line < range.start.line) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}
	for (let at = low; at < current.length && current[at].range.start.line === range.start.line; at++) {
		if (matches(current[at])) {
			return current[at];
		}
	}
	return undefined;
}

function sameRange(a: Range, b: Range): boolean {
	return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
