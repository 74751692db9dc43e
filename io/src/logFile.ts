/**
 * A log file read as lines, streaming, for the test bench's "Load Access Log…": any size in constant memory (a batch
 * of lines per chunk read, and at most one line held between chunks). A gzip file is told by its first two bytes
 * (RFC 1952 section 2.3.1: 1f 8b), whatever its name, and decompressed on the way. Lines end at CR, LF or CRLF, as the
 * command line reads its line inputs (cli/src/lines.ts); a byte order mark before the first line is dropped; a last
 * line without a line end counts; a line longer than the cap is given as `null`, however long it is. Lines are
 * split as bytes and decoded as UTF-8 one by one (bytes that are not UTF-8 read as U+FFFD).
 */

import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { FileSystemError, notAFile, type LineFile } from './fileSystem';

/** The longest line kept, in bytes: far beyond any log line, small next to memory. */
const maxLineBytes = 1 << 20;

/** Opens the local file `uri` names; rejects with a {@link FileSystemError} when it is not a readable regular file. */
export async function openLineFile(uri: string, cap = maxLineBytes): Promise<LineFile> {
	if (!uri.startsWith('file:')) {
		throw new FileSystemError(`Not a local file: ${uri}`, undefined, false);
	}
	let handle: Awaited<ReturnType<typeof open>>;
	try {
		handle = await open(fileURLToPath(uri), 'r');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException | undefined)?.code;
		throw new FileSystemError(error instanceof Error ? error.message : String(error), code, code === 'ENOENT');
	}
	try {
		const stat = await handle.stat();
		if (!stat.isFile()) {
			throw new FileSystemError(`Not a regular file: ${uri}`, notAFile, false);
		}
		const magic = Buffer.alloc(2);
		const { bytesRead } = await handle.read(magic, 0, 2, 0);
		const gzip = bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
		return { size: stat.size, gzip, lines: () => linesOf(handle, gzip, cap) };
	} catch (error) {
		await handle.close();
		throw error;
	}
}

async function* linesOf(handle: Awaited<ReturnType<typeof open>>, gzip: boolean, cap: number): AsyncGenerator<{ lines: (string | null)[]; bytesRead: number }> {
	const raw = handle.createReadStream({ start: 0, highWaterMark: 1 << 16, autoClose: true });
	const stream: Readable = gzip ? raw.pipe(createGunzip()) : raw;
	// A read error of the file reaches the decompressor's reader too.
	if (gzip) {
		raw.on('error', (error) => stream.destroy(error));
	}
	const splitter = new ByteLines(cap);
	try {
		for await (const chunk of stream) {
			const lines = splitter.push(chunk as Buffer);
			if (lines.length > 0) {
				yield { lines, bytesRead: raw.bytesRead };
			}
		}
		const last = splitter.end();
		yield { lines: last, bytesRead: raw.bytesRead };
	} finally {
		stream.destroy();
		raw.destroy();
	}
}

/** Splits byte chunks into decoded lines; holds at most one line (up to the cap) between chunks. */
class ByteLines {
	private held: Buffer[] = [];
	private heldBytes = 0;
	private tooLong = false;
	/** The last chunk ended in CR: an LF first in the next one ends no other line. */
	private afterCr = false;
	private started = false;

	constructor(private readonly cap: number) {}

	push(chunk: Buffer): (string | null)[] {
		const lines: (string | null)[] = [];
		let start = 0;
		if (!this.started && chunk.length > 0) {
			this.started = true;
			if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
				start = 3;
			}
		}
		if (this.afterCr && start < chunk.length) {
			this.afterCr = false;
			if (chunk[start] === 0x0a) {
				start++;
			}
		}
		let lf = chunk.indexOf(0x0a, start);
		let cr = chunk.indexOf(0x0d, start);
		while (lf >= 0 || cr >= 0) {
			const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
			if (this.heldBytes === 0 && !this.tooLong) {
				// The common case, a whole line in the chunk: decoded from it at once.
				lines.push(end - start > this.cap ? null : chunk.toString('utf8', start, end));
			} else {
				this.hold(chunk, start, end);
				lines.push(this.take());
			}
			start = end + 1;
			if (end === cr) {
				if (start === chunk.length) {
					this.afterCr = true;
				} else if (chunk[start] === 0x0a) {
					start++;
				}
			}
			if (lf >= 0 && lf < start) {
				lf = chunk.indexOf(0x0a, start);
			}
			if (cr >= 0 && cr < start) {
				cr = chunk.indexOf(0x0d, start);
			}
		}
		this.hold(chunk, start, chunk.length);
		return lines;
	}

	/** The last line, when the input does not end with a line end. */
	end(): (string | null)[] {
		return this.heldBytes > 0 || this.tooLong ? [this.take()] : [];
	}

	private hold(chunk: Buffer, start: number, end: number): void {
		if (this.tooLong || end === start) {
			return;
		}
		this.heldBytes += end - start;
		if (this.heldBytes > this.cap) {
			this.tooLong = true;
			this.held = [];
			return;
		}
		// A copy: the stream may reuse the chunk's memory.
		this.held.push(Buffer.from(chunk.subarray(start, end)));
	}

	private take(): string | null {
		const line = this.tooLong ? null : this.held.length === 1 ? this.held[0].toString('utf8') : Buffer.concat(this.held).toString('utf8');
		this.held = [];
		this.heldBytes = 0;
		this.tooLong = false;
		return line;
	}
}
