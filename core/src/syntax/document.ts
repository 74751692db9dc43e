/**
 * An editable robots.txt document that takes LSP content changes and keeps its model up to date incrementally:
 * only the lines an edit touches are lexed again, every other line keeps its node and its text, and the whole text
 * is never copied on the edit path (the model joins it lazily when someone asks).
 * Invariant (property-tested): after any sequence of edits the model deep-equals `RobotsModel.parse` of the same text.
 */

import type { Position, Range } from 'vscode-languageserver-types';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { LineNode } from './ast';
import { lexLine } from './lexer';
import { RobotsModel } from './parser';

const CR = 13;
const LF = 10;

export class RobotsDocument {
	private current: RobotsModel;

	constructor(
		text: string,
		public version = 0,
	) {
		this.current = RobotsModel.parse(text);
	}

	get model(): RobotsModel {
		return this.current;
	}

	get text(): string {
		return this.current.text;
	}

	/**
	 * Applies LSP content changes in order; a change without a range replaces the whole text. A run of ranged changes
	 * that each end before the previous one starts (the shape of Replace All: bottom to top) is applied in one pass.
	 * Positions are clamped and a range whose end comes before its start is turned round, as the
	 * vscode-languageserver-textdocument package does; a change whose positions are not whole numbers is not applied,
	 * and what was wrong with it is returned for the caller to log.
	 */
	update(changes: readonly TextDocumentContentChangeEvent[], version: number): string[] {
		const problems: string[] = [];
		let i = 0;
		while (i < changes.length) {
			const change = changes[i];
			const problem = changeProblem(change);
			if (problem !== undefined) {
				problems.push(`content change ${i + 1} of ${changes.length} was not applied: ${problem}`);
				i++;
				continue;
			}
			if (!('range' in change) || change.range === undefined) {
				this.current = RobotsModel.parse(change.text);
				i++;
				continue;
			}
			let j = i + 1;
			while (j < changes.length && changeProblem(changes[j]) === undefined && isBefore(changes[j], changes[j - 1])) {
				j++;
			}
			this.current = j - i > 1 ? applyBatch(this.current, changes.slice(i, j) as RangedChange[]) : applyRangeEdit(this.current, change.range, change.text);
			i = j;
		}
		this.version = version;
		return problems;
	}

	offsetAt(position: Position): number {
		return offsetAt(this.current, position);
	}

	positionAt(offset: number): Position {
		return positionAt(this.current, offset);
	}
}

/** The offset of an LSP position, clamped to the document and to the line's content, as TextDocument does. */
function offsetAt(model: RobotsModel, position: Position): number {
	if (position.line < 0) {
		return 0;
	}
	if (position.line >= model.lineCount) {
		return model.text.length;
	}
	return model.lineStarts[position.line] + clampCharacter(model, position.line, position.character);
}

function positionAt(model: RobotsModel, offset: number): Position {
	const clamped = Math.max(0, Math.min(offset, model.text.length));
	const line = model.lineAt(clamped);
	return { line, character: Math.min(clamped - model.lineStarts[line], model.lines[line].length) };
}

/** The range of a whole line, line end excluded. */
export function lineRange(model: RobotsModel, line: number): Range {
	return { start: { line, character: 0 }, end: { line, character: model.lines[line].length } };
}

function clampCharacter(model: RobotsModel, line: number, character: number): number {
	return Math.max(0, Math.min(character, model.lines[line].length));
}

/** A change with a range, as the batch path takes them. */
type RangedChange = { readonly range: Range; readonly text: string };

/** A position in a model, clamped: line and character within the document, the character within the line's content. */
interface Point {
	readonly line: number;
	readonly character: number;
}

function clampPosition(model: RobotsModel, position: Position): Point {
	const last = model.lineCount - 1;
	if (position.line < 0) {
		return { line: 0, character: 0 };
	}
	if (position.line > last) {
		return { line: last, character: model.lineTexts[last].length };
	}
	return { line: position.line, character: clampCharacter(model, position.line, position.character) };
}

function pointBefore(a: Point, b: Point): boolean {
	return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** The range clamped to the model, its ends turned round when the end comes first (as TextDocument does). */
function clampRange(model: RobotsModel, range: Range): [Point, Point] {
	const start = clampPosition(model, range.start);
	const end = clampPosition(model, range.end);
	return pointBefore(end, start) ? [end, start] : [start, end];
}

/** Applies an LSP range edit. Positions are clamped as `offsetAt` clamps them; reversed ends are turned round. */
export function applyRangeEdit(model: RobotsModel, range: Range, insert: string): RobotsModel {
	const [start, end] = clampRange(model, range);
	return replaceLines(model, start.line, start.character, end.line, end.character, insert);
}

/** Why a content change cannot be applied, or undefined when it can. */
function changeProblem(change: TextDocumentContentChangeEvent): string | undefined {
	if (typeof change !== 'object' || change === null || typeof change.text !== 'string') {
		return 'it has no text';
	}
	if (!('range' in change) || change.range === undefined) {
		return undefined;
	}
	const range = change.range as Partial<Range> | null;
	const isPosition = (position: unknown): boolean => {
		const p = position as Partial<Position> | null | undefined;
		return typeof p === 'object' && p !== null && Number.isInteger(p.line) && Number.isInteger(p.character);
	};
	if (typeof range !== 'object' || range === null || !isPosition(range.start) || !isPosition(range.end)) {
		return `its range is not two positions of whole-number line and character (${JSON.stringify(range)})`;
	}
	return undefined;
}

/** Whether `change` lies wholly before `next` (ends at or before its start), both read as given. */
function isBefore(change: TextDocumentContentChangeEvent, next: TextDocumentContentChangeEvent): boolean {
	if (!('range' in change) || !('range' in next) || change.range === undefined || next.range === undefined) {
		return false;
	}
	const end = pointBefore(change.range.end as Point, change.range.start as Point) ? change.range.start : change.range.end;
	const start = pointBefore(next.range.end as Point, next.range.start as Point) ? next.range.end : next.range.start;
	// A change at the start of a line can join that line's end to a lone `\r` above (`\r` + `\n`), which moves the
	// lines from there on: a change ending on that line is not in the same positions after it.
	if (start.character === 0 && end.line >= start.line) {
		return false;
	}
	return !pointBefore(start, end);
}

/**
 * Changes given bottom to top, each before the one given ahead of it: every range is in the model's own positions,
 * so they are applied top to bottom in one pass over the lines. Changes within a few lines of each other form one
 * region, lexed again as one local text (a line end merged across a border reaches at most one line further).
 */
function applyBatch(model: RobotsModel, changes: readonly RangedChange[]): RobotsModel {
	const edits = changes
		.map((change) => {
			const [start, end] = clampRange(model, change.range);
			return { start, end, text: change.text };
		})
		.reverse();
	const oldLines = model.lines;
	const oldTexts = model.lineTexts;
	const lines: LineNode[] = [];
	const texts: string[] = [];
	let copied = 0;
	let i = 0;
	while (i < edits.length) {
		// One region: edits whose lines are at most two lines apart.
		let j = i + 1;
		while (j < edits.length && edits[j].start.line <= edits[j - 1].end.line + 3) {
			j++;
		}
		const region = edits.slice(i, j);
		const first = region[0].start;
		const last = region[region.length - 1].end;
		const parts: string[] = [oldTexts[first.line].slice(0, first.character)];
		region.forEach((edit, k) => {
			parts.push(edit.text);
			const next = k + 1 < region.length ? region[k + 1].start : undefined;
			if (next === undefined) {
				parts.push(oldTexts[last.line].slice(last.character));
			} else if (next.line === edit.end.line) {
				parts.push(oldTexts[edit.end.line].slice(edit.end.character, next.character));
			} else {
				parts.push(oldTexts[edit.end.line].slice(edit.end.character));
				for (let line = edit.end.line + 1; line < next.line; line++) {
					parts.push(oldTexts[line]);
				}
				parts.push(oldTexts[next.line].slice(0, next.character));
			}
		});
		const relexed = relex(oldLines, oldTexts, first.line, first.character, last.line, parts.join(''));
		for (let line = copied; line < relexed.first; line++) {
			lines.push(oldLines[line]);
			texts.push(oldTexts[line]);
		}
		for (let k = 0; k < relexed.lines.length; k++) {
			lines.push(relexed.lines[k]);
			texts.push(relexed.texts[k]);
		}
		copied = relexed.resume;
		i = j;
	}
	for (let line = copied; line < oldLines.length; line++) {
		lines.push(oldLines[line]);
		texts.push(oldTexts[line]);
	}
	return RobotsModel.fromLines(lines, texts);
}

/** Replaces `[start, end)` of the model's text (offsets) with `insert`; an offset may fall between `\r` and `\n`. */
export function applyEdit(model: RobotsModel, start: number, end: number, insert: string): RobotsModel {
	const startLine = model.lineAt(start);
	const endLine = model.lineAt(Math.max(start, end));
	const starts = model.lineStarts;
	return replaceLines(model, startLine, start - starts[startLine], endLine, Math.max(start, end) - starts[endLine], insert);
}

/**
 * The edit itself. Characters count within `lineTexts` (line ends included). The touched lines are joined into a
 * small local string, lexed again, and spliced in. Two line ends can merge across the edit's borders: a line
 * ending in a lone `\r` before the edit joins a `\n` that the edit puts first, and a lone `\r` the edit leaves last
 * joins a following line that is a lone `\n`; both are taken into the local string.
 */
function replaceLines(model: RobotsModel, startLine: number, startCharacter: number, endLine: number, endCharacter: number, insert: string): RobotsModel {
	const oldTexts = model.lineTexts;
	const local = oldTexts[startLine].slice(0, startCharacter) + insert + oldTexts[endLine].slice(endCharacter);
	const relexed = relex(model.lines, oldTexts, startLine, startCharacter, endLine, local);
	return RobotsModel.fromLines(
		spliced(model.lines, relexed.first, relexed.resume, relexed.lines),
		spliced(oldTexts, relexed.first, relexed.resume, relexed.texts),
	);
}

/**
 * Lexes the local text that replaces lines `[startLine, endLine]` (their kept beginning and end included), taking in
 * a neighbouring line whose line end merges across a border. The new lines replace `[first, resume)`.
 */
function relex(
	oldLines: readonly LineNode[],
	oldTexts: readonly string[],
	startLine: number,
	startCharacter: number,
	endLine: number,
	text: string,
): { first: number; resume: number; lines: LineNode[]; texts: string[] } {
	let first = startLine;
	let local = text;
	if (startCharacter === 0 && first > 0 && endsWithLoneCarriageReturn(oldLines[first - 1], oldTexts[first - 1])) {
		first--;
		local = oldTexts[first] + local;
	}
	let resume = endLine + 1;
	while (resume < oldLines.length && local.charCodeAt(local.length - 1) === CR && oldTexts[resume].charCodeAt(0) === LF) {
		local += oldTexts[resume];
		resume++;
	}
	const atEnd = resume === oldLines.length;

	const lines: LineNode[] = [];
	const texts: string[] = [];
	let offset = 0;
	for (;;) {
		const line = lexLine(local, offset, first === 0 && offset === 0);
		const next = offset + line.length + line.eolLength;
		lines.push(line);
		texts.push(local.slice(offset, next));
		// Without a line end this is the document's last line; at the end of the local text the old lines resume,
		// unless the edit reached the end of the document, which then ends in an empty line.
		if (line.eolLength === 0 || (next === local.length && !atEnd)) {
			break;
		}
		offset = next;
	}
	return { first, resume, lines, texts };
}

/** `old` with `[first, resume)` replaced by `inserted`, copying the untouched runs in bulk. */
function spliced<T>(old: readonly T[], first: number, resume: number, inserted: readonly T[]): T[] {
	if (inserted.length === resume - first) {
		// The common case while typing: one array, copied at once, and the changed lines written over.
		const result = old.slice();
		for (let i = 0; i < inserted.length; i++) {
			result[first + i] = inserted[i];
		}
		return result;
	}
	// Sized up front and filled by index: Enter in the 3.7 MB corpus file copies two arrays of 47 000 entries, and two
	// slices joined cost half as much again, with twice the garbage.
	const result = new Array<T>(old.length - (resume - first) + inserted.length);
	for (let i = 0; i < first; i++) {
		result[i] = old[i];
	}
	let at = first;
	for (let i = 0; i < inserted.length; i++) {
		result[at++] = inserted[i];
	}
	for (let i = resume; i < old.length; i++) {
		result[at++] = old[i];
	}
	return result;
}

function endsWithLoneCarriageReturn(line: LineNode, text: string): boolean {
	return line.eolLength === 1 && text.charCodeAt(text.length - 1) === CR;
}
