/**
 * Line inputs read as a stream (`test --urls`, `test --batch`): a file or standard input, one line after another,
 * never the whole input at once, so memory stays flat however long the input is (ten million URLs, a batch file
 * over the 512 MiB a JavaScript string can hold). Line ends are CR, LF or CRLF, as everywhere else; a last line
 * without a line end counts; a line longer than the cap is not kept (only that it was too long), however long it is.
 */

import { closeSync, createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { formatNumber, t } from '../../core/src/l10n';
import { UsageError } from './args';
import { describeError } from './io';

/** The longest line kept, in UTF-16 code units: far beyond any URL or batch request, small next to memory. */
export const maxLineLength = 1 << 20;

/** A line of the input: its text, or that it was longer than the cap (its text was not kept). */
export type InputLine = { readonly line: number; readonly text: string } | { readonly line: number; readonly tooLong: true };

/** "the line is longer than 1,048,576 characters; it was not read", for a line over the cap. */
export function tooLongMessage(cap = maxLineLength): string {
	return t('the line is longer than {0} characters; it was not read', formatNumber(cap));
}

/** Why `path` cannot be read, in the words `readBytes` uses. */
function unreadable(path: string, error: unknown): UsageError {
	return new UsageError(path === '-' ? t('cannot read standard input: {0}', describeError(error)) : t('cannot read {0}: {1}', path, describeError(error)));
}

/**
 * Opens `path` (or standard input for `-`) for reading as a stream. The file is opened at once, so a missing file
 * is a usage error before anything else happens; a read error later is one too.
 */
export function openInput(path: string): Readable {
	if (path === '-') {
		return process.stdin;
	}
	let fd: number;
	try {
		fd = openSync(path, 'r');
	} catch (error) {
		throw unreadable(path, error);
	}
	try {
		return createReadStream('', { fd, highWaterMark: 1 << 16 });
	} catch (error) {
		closeSync(fd);
		throw unreadable(path, error);
	}
}

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

/**
 * The lines of a file or of standard input (`-`), as UTF-8 (bytes that are not UTF-8 read as U+FFFD), in batches:
 * the lines of each chunk read. The next chunk is read only when the caller asks for the next batch, so a caller that
 * waits for its output to drain holds the input back too. The file is opened now: one that cannot be opened is a
 * usage error before anything is written.
 */
export function readLines(path: string, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	return linesOf(openInput(path), path, cap);
}

/** The lines of an opened stream, as {@link readLines} gives them; `path` names it in errors (`-` is never destroyed). */
export async function* linesOf(stream: Readable, path: string, cap: number): AsyncGenerator<InputLine[]> {
	stream.setEncoding('utf8');
	const splitter = new LineSplitter(cap);
	try {
		for await (const chunk of stream) {
			const lines = splitter.push(chunk as string);
			if (lines.length > 0) {
				yield lines;
			}
		}
	} catch (error) {
		throw error instanceof UsageError ? error : unreadable(path, error);
	} finally {
		if (path !== '-') {
			stream.destroy();
		}
	}
	const last = splitter.end();
	if (last.length > 0) {
		yield last;
	}
}
