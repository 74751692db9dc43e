/**
 * Offsets to LSP positions and back for any text, with LSP's line breaks (CR, LF, CRLF). The line table is built on
 * first use, in one pass, so a scan that finds nothing never pays for it; an editor's document, which keeps its own
 * line table across edits, can stand in for it.
 */

import type { Position, Range } from 'vscode-languageserver-types';

/**
 * Conversions an editor's document already offers (`TextDocument` of vscode-languageserver-textdocument): given to a
 * feature, they spare it a line table of the whole text on every request.
 */
export interface PositionMapper {
	offsetAt(position: Position): number;
	positionAt(offset: number): Position;
}

/** The line starts of a text, computed once, and conversions between offsets and positions. */
export class LineIndex {
	private starts: number[] | undefined;

	/** `mapper`, when given, answers the conversions for the same text instead of a line table of this one. */
	constructor(readonly text: string, private readonly mapper?: PositionMapper) {}

	private lineStarts(): number[] {
		if (this.starts) {
			return this.starts;
		}
		const starts = [0];
		const text = this.text;
		const length = text.length;
		for (let i = 0; i < length; i++) {
			const code = text.charCodeAt(i);
			if (code === 13) {
				if (i + 1 < length && text.charCodeAt(i + 1) === 10) {
					i++;
				}
				starts.push(i + 1);
			} else if (code === 10) {
				starts.push(i + 1);
			}
		}
		this.starts = starts;
		return starts;
	}

	/** The position of an offset (clamped to the text). */
	positionAt(offset: number): Position {
		if (this.mapper) {
			return this.mapper.positionAt(Math.max(0, Math.min(offset, this.text.length)));
		}
		const starts = this.lineStarts();
		const clamped = Math.max(0, Math.min(offset, this.text.length));
		let low = 0;
		let high = starts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (starts[middle] <= clamped) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}
		return { line: low, character: clamped - starts[low] };
	}

	/** The offset of a position (clamped to its line and to the text). */
	offsetAt(position: Position): number {
		if (this.mapper) {
			return this.mapper.offsetAt(position);
		}
		const starts = this.lineStarts();
		if (position.line < 0) {
			return 0;
		}
		if (position.line >= starts.length) {
			return this.text.length;
		}
		const start = starts[position.line];
		const next = position.line + 1 < starts.length ? starts[position.line + 1] : this.text.length;
		return Math.max(start, Math.min(start + position.character, next));
	}

	/** The range between two offsets. */
	range(start: number, end: number): Range {
		return { start: this.positionAt(start), end: this.positionAt(end) };
	}
}
