/**
 * Lines of a byte stream, for the command line's line inputs (`test --urls`, `test --batch`) and logs (`logs`) and for
 * the server's "Load Access Log…": one reader, streaming, a chunk at a time, so that memory stays flat however long the
 * input is (ten million URLs, a batch file over the 512 MiB a JavaScript string can hold, a 10 GB log). Line ends are
 * CR, LF or CRLF, as everywhere else, also where a CRLF or a UTF-8 character is split between two reads; a byte order
 * mark first is dropped; a last line without a line end counts; a line longer than the cap is not kept (only that it
 * was too long), however long it is; bytes that are not UTF-8 read as U+FFFD. Compression is told by the first two
 * bytes (1f 8b, RFC 1952 §2.3.1), as gzip(1) tells it, never by the name: rotation names `access.log.2.gz` and
 * `access.log.1` alike, and a pipe has no name. Concatenated gzip members (`cat a.gz b.gz`) read as one stream, as
 * `zcat` reads them. The splitter works on decoded text, not on bytes: on a 1 000 000-line log it splits faster than
 * a byte splitter that decodes each line.
 */

import { createReadStream, fstatSync, readSync } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';

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

	/**
	 * A splitter for text of `cap` code units a line at most. `continued`: the text continues an input already begun
	 * (a part of a log cut at a line end), so a byte order mark first is a character of its first line.
	 */
	constructor(
		private readonly cap = maxLineLength,
		continued = false,
	) {
		this.started = continued;
	}

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
 * The first `count` bytes of a stream, put back for its reader: fewer when it ends sooner or when fewer already rule
 * gzip out, none when reading it failed (its reader then meets the error as it would have).
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
			let head = stream.read(count) as Buffer | null;
			if (head === null && stream.readableLength > 0) {
				// Fewer bytes than asked are there yet: enough when they already rule gzip out, so that a pipe that writes
				// one short line and waits for its answer (`test --batch -`) is not held back.
				head = stream.read() as Buffer | null;
				if (head !== null && isGzip(head)) {
					stream.unshift(head);
					return;
				}
			}
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

/** Whether bytes start as gzip does (RFC 1952 §2.3.1: 1f 8b); a head shorter than two bytes counts as far as it goes. */
export function isGzip(head: Uint8Array): boolean {
	return head.length > 0 && head[0] === 0x1f && (head.length === 1 || head[1] === 0x8b);
}

/**
 * The bytes of a stream, gunzipped when it is gzip, a chunk at a time as read. The next chunk is read only when the
 * caller asks for it. A read error (a gzip stream cut short, as a log compressed while it was written is) is thrown by
 * the generator; the caller closes `stream`.
 */
export async function* bytesOf(stream: Readable): AsyncGenerator<Buffer> {
	const head = await peek(stream, 2);
	let bytes = stream;
	if (head.length === 2 && isGzip(head)) {
		const gunzip = createGunzip();
		// Either stream's error ends the other; the reader of the decompressor meets it.
		pipeline(stream, gunzip, () => undefined);
		bytes = gunzip;
	}
	try {
		for await (const chunk of bytes) {
			yield chunk as Buffer;
		}
	} finally {
		if (bytes !== stream) {
			bytes.destroy();
		}
	}
}

/** Whether `fd` is a regular file, which `fileBytes` reads (not a pipe, a terminal, a socket or a directory). */
export function isRegularFile(fd: number): boolean {
	try {
		return fstatSync(fd).isFile();
	} catch {
		return false;
	}
}

/** Chunks read from a regular file between two turns of the event loop (a mebibyte in 64 KiB chunks). */
const chunksPerTurn = 16;

/**
 * The bytes of the regular file open at `fd` (`isRegularFile`), from its start, gunzipped when it is gzip, as `bytesOf`
 * gives a stream's: a chunk of up to `size` bytes at a time, each a buffer of its own. A plain file is read with
 * `readSync`: a stream's reads go through libuv's thread pool and allocate as they go, which on a 200 MB log took four
 * times as long as these reads (400–480 ms against 100–125 ms), about as long as awk takes to read the log and print a
 * field of each line. The event loop turns every `chunksPerTurn` chunks, so that output written meanwhile drains and
 * its errors arrive. A gzip file is read as a stream, as before. The caller closes `fd`.
 */
export async function* fileBytes(fd: number, size = 1 << 16): AsyncGenerator<Buffer> {
	let chunk = Buffer.allocUnsafeSlow(size);
	let length = readSync(fd, chunk, 0, size, 0);
	if (length >= 2 && isGzip(chunk.subarray(0, 2))) {
		yield* bytesOf(createReadStream('', { fd, start: 0, highWaterMark: size, autoClose: false }));
		return;
	}
	let position = 0;
	for (let read = 1; length > 0; read++) {
		yield length === size ? chunk : chunk.subarray(0, length);
		position += length;
		if (read % chunksPerTurn === 0) {
			await nextTurn();
		}
		chunk = Buffer.allocUnsafeSlow(size);
		length = readSync(fd, chunk, 0, size, position);
	}
}

/**
 * The lines of a stream of bytes, gunzipped when it is gzip, as UTF-8, in batches: the lines of each chunk read. The
 * next chunk is read only when the caller asks for the next batch, so a caller that waits for its output to drain holds
 * the input back too. A read error is thrown by the generator; the caller closes `stream`.
 */
export function linesOf(stream: Readable, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	return linesOfBytes(bytesOf(stream), cap);
}

/** The lines of chunks of bytes (as `bytesOf` or `fileBytes` gives them), as `linesOf` gives a stream's. */
export async function* linesOfBytes(chunks: AsyncIterable<Buffer>, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	const decoder = new StringDecoder('utf8');
	const splitter = new LineSplitter(cap);
	for await (const chunk of chunks) {
		const lines = splitter.push(decoder.write(chunk));
		if (lines.length > 0) {
			yield lines;
		}
	}
	const last = [...splitter.push(decoder.end()), ...splitter.end()];
	if (last.length > 0) {
		yield last;
	}
}
