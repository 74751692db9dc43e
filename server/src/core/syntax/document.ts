/**
 * An editable robots.txt document that takes LSP content changes and keeps its model up to date incrementally:
 * only the lines an edit touches are lexed again, every other line keeps its node.
 * Invariant (property-tested): after any sequence of edits the model deep-equals `RobotsModel.parse` of the same text.
 */

import type { Position, Range } from 'vscode-languageserver-types';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { LineNode } from './ast';
import { lexLine } from './lexer';
import { RobotsModel } from './parser';

const CR = 13;

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
			if ('range' in change) {
				const start = this.offsetAt(change.range.start);
				const end = Math.max(start, this.offsetAt(change.range.end));
				this.current = applyEdit(this.current, start, end, change.text);
			} else {
				this.current = RobotsModel.parse(change.text);
			}
		}
		this.version = version;
	}

	/** The offset of an LSP position, clamped to the document and to the line's content, as TextDocument does. */
	offsetAt(position: Position): number {
		return offsetAt(this.current, position);
	}

	positionAt(offset: number): Position {
		return positionAt(this.current, offset);
	}
}

export function offsetAt(model: RobotsModel, position: Position): number {
	if (position.line < 0) {
		return 0;
	}
	if (position.line >= model.lineCount) {
		return model.text.length;
	}
	const start = model.lineStarts[position.line];
	return start + Math.max(0, Math.min(position.character, model.lines[position.line].length));
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

/**
 * Replaces `[start, end)` of the model's text with `insert` and returns the new model. Lexing restarts at the
 * first line the edit touches (one line earlier when that line follows a lone `\r`, which an inserted `\n` would join)
 * and stops at the first line break that falls on an old line start after the edit: from there on text and nodes
 * are unchanged, because a line's node depends only on its own characters.
 */
export function applyEdit(model: RobotsModel, start: number, end: number, insert: string): RobotsModel {
	const oldText = model.text;
	const text = oldText.slice(0, start) + insert + oldText.slice(end);
	const delta = insert.length - (end - start);
	const oldLines = model.lines;
	const oldStarts = model.lineStarts;

	let first = model.lineAt(start);
	if (first > 0 && start === oldStarts[first]) {
		const previous = oldLines[first - 1];
		if (previous.eolLength === 1 && oldText.charCodeAt(oldStarts[first] - 1) === CR) {
			first--;
		}
	}

	const newLines: LineNode[] = [];
	const newStarts: number[] = [];
	let resume = oldLines.length;
	// The first old line that could be reused starts at or after the edit's end.
	let candidate = model.lineAt(end);
	let offset = oldStarts[first];
	for (;;) {
		const line = lexLine(text, offset, offset === 0);
		newLines.push(line);
		newStarts.push(offset);
		if (line.eolLength === 0) {
			break;
		}
		offset += line.length + line.eolLength;
		const oldOffset = offset - delta;
		if (oldOffset >= end) {
			while (candidate < oldStarts.length && oldStarts[candidate] < oldOffset) {
				candidate++;
			}
			// Old line 0 was lexed as the first line (byte order mark), so it cannot move down.
			if (candidate > 0 && candidate < oldStarts.length && oldStarts[candidate] === oldOffset) {
				resume = candidate;
				break;
			}
		}
	}

	const lines = oldLines.slice(0, first);
	const starts = oldStarts.slice(0, first);
	for (let i = 0; i < newLines.length; i++) {
		lines.push(newLines[i]);
		starts.push(newStarts[i]);
	}
	for (let i = resume; i < oldLines.length; i++) {
		lines.push(oldLines[i]);
		starts.push(oldStarts[i] + delta);
	}
	return RobotsModel.fromLines(text, lines, starts);
}
