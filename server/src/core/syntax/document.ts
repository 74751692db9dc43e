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

	constructor(text: string, public version = 0) {
		this.current = RobotsModel.parse(text);
	}

	get model(): RobotsModel {
		return this.current;
	}

	get text(): string {
		return this.current.text;
	}

	/** Applies LSP content changes in order; a change without a range replaces the whole text. */
	update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
		for (const change of changes) {
			this.current = 'range' in change ? applyRangeEdit(this.current, change.range, change.text) : RobotsModel.parse(change.text);
		}
		this.version = version;
	}

	offsetAt(position: Position): number {
		return offsetAt(this.current, position);
	}

	positionAt(offset: number): Position {
		return positionAt(this.current, offset);
	}
}

/** The offset of an LSP position, clamped to the document and to the line's content, as TextDocument does. */
export function offsetAt(model: RobotsModel, position: Position): number {
	if (position.line < 0) {
		return 0;
	}
	if (position.line >= model.lineCount) {
		return model.text.length;
	}
	return model.lineStarts[position.line] + clampCharacter(model, position.line, position.character);
}

export function positionAt(model: RobotsModel, offset: number): Position {
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

/** Applies an LSP range edit. Positions are clamped as `offsetAt` clamps them. */
export function applyRangeEdit(model: RobotsModel, range: Range, insert: string): RobotsModel {
	const last = model.lineCount - 1;
	const clampPosition = (position: Position): [number, number] => {
		if (position.line < 0) {
			return [0, 0];
		}
		if (position.line > last) {
			return [last, model.lineTexts[last].length];
		}
		return [position.line, clampCharacter(model, position.line, position.character)];
	};
	let [startLine, startCharacter] = clampPosition(range.start);
	let [endLine, endCharacter] = clampPosition(range.end);
	if (endLine < startLine || (endLine === startLine && endCharacter < startCharacter)) {
		[endLine, endCharacter] = [startLine, startCharacter];
	}
	return replaceLines(model, startLine, startCharacter, endLine, endCharacter, insert);
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
function replaceLines(
	model: RobotsModel,
	startLine: number,
	startCharacter: number,
	endLine: number,
	endCharacter: number,
	insert: string,
): RobotsModel {
	const oldLines = model.lines;
	const oldTexts = model.lineTexts;
	let first = startLine;
	let local = oldTexts[first].slice(0, startCharacter) + insert + oldTexts[endLine].slice(endCharacter);
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

	const newLines: LineNode[] = [];
	const newTexts: string[] = [];
	let offset = 0;
	for (;;) {
		const line = lexLine(local, offset, first === 0 && offset === 0);
		const next = offset + line.length + line.eolLength;
		newLines.push(line);
		newTexts.push(local.slice(offset, next));
		// Without a line end this is the document's last line; at the end of the local text the old lines resume,
		// unless the edit reached the end of the document, which then ends in an empty line.
		if (line.eolLength === 0 || (next === local.length && !atEnd)) {
			break;
		}
		offset = next;
	}

	return RobotsModel.fromLines(spliced(oldLines, first, resume, newLines), spliced(oldTexts, first, resume, newTexts));
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
	return old.slice(0, first).concat(inserted, old.slice(resume));
}

function endsWithLoneCarriageReturn(line: LineNode, text: string): boolean {
	return line.eolLength === 1 && text.charCodeAt(text.length - 1) === CR;
}
