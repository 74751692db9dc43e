/**
 * Lines of a byte stream, for the command line's line inputs and logs and the server's "Load Access Log…": one splitter
 * and one reader, streaming, so that memory stays flat however long the input is.
 */

import type { Readable } from 'node:stream';

/** The longest line kept, in UTF-16 code units: far beyond any URL or batch request, small next to memory. */
export const maxLineLength = 1 << 20;

/** A line of the input: its text, or that it was longer than the cap (its text was not kept). */
export type InputLine = { readonly line: number; readonly text: string } | { readonly line: number; readonly tooLong: true };

/**
 * Splits text chunks into lines. Feed it chunks in order with `push`, then `end`; each returns the lines completed.
 * Holds at most one line (up to the cap) between chunks.
 */
export class LineSplitter {
	private parts: string[] = [];
	private length = 0;
	private tooLong = false;
	/** The last chunk ended in CR: an LF at the start of the next one ends no other line. */
	private afterCr = false;
	private line = 0;
	private started = false;

	constructor(private readonly cap = maxLineLength) {}

	push(chunk: string): InputLine[] {
		const lines: InputLine[] = [];
		if (chunk.length === 0) {
			return lines;
		}
		let start = 0;
		if (!this.started) {
			this.started = true;
			// A byte order mark an editor put first is no part of the first line.
			if (chunk.charCodeAt(0) === 0xfeff) {
				start = 1;
			}
		}
		if (this.afterCr && chunk.charCodeAt(start) === 0x0a) {
			start++;
		}
		this.afterCr = false;
		// The next CR and LF, each found by indexOf (a native scan) and again only once passed: most inputs have no CR.
		let cr = chunk.indexOf('\r', start);
		let lf = chunk.indexOf('\n', start);
		while (cr >= 0 || lf >= 0) {
			let end: number;
			let next: number;
			if (cr < 0 || (lf >= 0 && lf < cr)) {
				end = lf;
				next = lf + 1;
				lf = chunk.indexOf('\n', next);
			} else {
				end = cr;
				next = lf === cr + 1 ? cr + 2 : cr + 1;
				this.afterCr = next === chunk.length && lf !== cr + 1;
				cr = chunk.indexOf('\r', next);
				if (lf >= 0 && lf < next) {
					lf = chunk.indexOf('\n', next);
				}
			}
			if (this.length === 0 && !this.tooLong) {
				// The whole line is in this chunk: one slice, no parts.
				lines.push(end - start > this.cap ? { line: ++this.line, tooLong: true } : { line: ++this.line, text: chunk.slice(start, end) });
			} else {
				this.add(chunk, start, end);
				lines.push(this.take());
			}
			start = next;
		}
		this.add(chunk, start, chunk.length);
		return lines;
	}

	/** The last line, when the input does not end with a line end. */
	end(): InputLine[] {
		return this.length > 0 || this.tooLong ? [this.take()] : [];
	}

	private add(chunk: string, start: number, end: number): void {
		if (this.tooLong || end === start) {
			return;
		}
		this.length += end - start;
		if (this.length > this.cap) {
			this.tooLong = true;
			this.parts = [];
			return;
		}
		this.parts.push(start === 0 && end === chunk.length ? chunk : chunk.slice(start, end));
	}

	private take(): InputLine {
		const line = ++this.line;
		const taken: InputLine = this.tooLong ? { line, tooLong: true } : { line, text: this.parts.length === 1 ? this.parts[0] : this.parts.join('') };
		this.parts = [];
		this.length = 0;
		this.tooLong = false;
		return taken;
	}
}

export /**
 * The first `count` bytes of a stream, put back for its reader: fewer when it ends sooner, none when reading it failed
 * (its reader then meets the error as it would have).
 */
function peek(stream: Readable, count: number): Promise<Buffer> {
	return new Promise((resolve) => {
		const done = (head: Buffer) => {
			stream.off('readable', onReadable);
			stream.off('end', onEnd);
			stream.off('error', onEnd);
			resolve(head);
		};
		const onReadable = () => {
			const head = stream.read(count) as Buffer | null;
			if (head !== null) {
				stream.unshift(head);
				done(head);
			}
		};
		const onEnd = () => done(Buffer.alloc(0));
		stream.on('readable', onReadable);
		stream.once('end', onEnd);
		stream.once('error', onEnd);
	});
}
