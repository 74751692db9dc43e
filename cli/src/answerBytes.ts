/**
 * The answers of `robots-txt test --urls` to a part of the list, read and written as bytes: the part is the list's bytes
 * cut at a line end (testThreads.ts), its output the answer lines in UTF-8. Most lines of a list are a URL in printable
 * ASCII; such a line's bytes are its text, and as a URL in its answer line (escaped for a terminal, or a JSON string)
 * they are written unchanged, so its answer is the two parts worded for its decision (`answersAround`, encoded once)
 * around a copy of its bytes: no line is decoded, split as a string or encoded again. Every other line (whitespace
 * around or inside, a character that is not printable ASCII, `"` or `\` in JSON) is decoded and answered as text,
 * exactly as a line read as text is. The output is byte for byte the text path's: a test holds the two equal.
 */

import type { UrlListChecker } from '../../core/src/index';
import { maxLineLength } from '../../io/src/lines';
import type { AroundUrl } from './answerLines';
import { tooLongMessage } from './lines';
import { escapeControls } from './terminal';

/** An input of a part that cannot be tested: its line in the part (from 1), the URL (none for a line too long), why. */
export interface BadInput {
	readonly line: number;
	readonly url?: string;
	readonly problem: string;
}

/** A part answered: its lines (blank and comment lines too), its inputs, and its output in order. */
export interface Answered {
	readonly lines: number;
	readonly inputs: number;
	readonly output: (Uint8Array | BadInput)[];
}

/** The answers of the agents to the URLs of one list, worded as `answersAround` words them. */
type Answerers = readonly ((url: string) => AroundUrl)[];

/** Node's Buffer has `latin1Slice`, which its `toString('latin1', start, end)` calls; its types leave it out. */
type LatinSlice = Buffer & { latin1Slice(start: number, end: number): string };

/**
 * The wordings of a part encoded once and kept: as a crawler reads the file, a few per rule that decides; as a parser
 * (`--dialect`), where each URL is worded anew, the rest are written as text.
 */
const maxEncoded = 256;

/** Answer lines are written into buffers of this size (a longer line gets one of its own). */
const outputChunk = 1 << 20;

const lf = 0x0a;
const cr = 0x0d;
const hash = 0x23;
const quote = 0x22;
const backslash = 0x5c;

/**
 * Answers the lines of `bytes` (a part of a list: whole lines, the last one perhaps without its line end), as reading
 * the list from the part's first line would (line numbers from 1; `continued`: the part is not the list's first, so a
 * byte order mark first is a character); blank lines and `#` comments are skipped. `checker` checks the URLs of the
 * list (`UrlListChecker`). The answers of a URL go out in the order of `answerers`, each on its line.
 */
export function answerBytes(
	bytes: Buffer,
	continued: boolean,
	answerers: Answerers,
	checker: UrlListChecker,
	json: boolean,
	chunks = new OutputChunks(),
): Answered {
	const out = new AnswerOutput(chunks);
	/** The encoded parts of each wording, by the wording (`answersAround` gives the same pair for the same answer). */
	const encoded = new Map<AroundUrl, readonly [Buffer, Buffer]>();
	let lines = 0;
	let inputs = 0;
	/** A line read as text, as a line of the text reader is answered. */
	const answerText = (text: string) => {
		const url = text.trim();
		if (url === '' || url.charCodeAt(0) === hash) {
			return;
		}
		inputs++;
		const problem = checker.check(url);
		if (problem !== undefined) {
			out.bad({ line: lines, url, problem });
			return;
		}
		const written = json ? JSON.stringify(url) : escapeControls(url);
		for (const answerer of answerers) {
			const [before, after] = answerer(url);
			out.text(`${before}${written}${after}\n`);
		}
	};
	const length = bytes.length;
	let at = 0;
	// A byte order mark first is no part of the list's first line (the text reader drops U+FEFF there).
	if (!continued && length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
		at = 3;
	}
	while (at < length) {
		const start = at;
		// Printable ASCII only (no space, no control, nothing over 0x7e; nor `"` or `\`, which a JSON string escapes).
		let plain = true;
		let end = at;
		for (; end < length; end++) {
			const code = bytes[end];
			if (code === lf || code === cr) {
				break;
			}
			if (code <= 0x20 || code >= 0x7f || (json && (code === quote || code === backslash))) {
				plain = false;
			}
		}
		// CR LF is one line end.
		at = end + (bytes[end] === cr && bytes[end + 1] === lf ? 2 : 1);
		lines++;
		if (end - start > maxLineLength) {
			// In UTF-16 code units, as the text reader caps a line: as many as bytes in ASCII, fewer in other text.
			const text = plain ? undefined : bytes.toString('utf8', start, end);
			if (text === undefined || text.length > maxLineLength) {
				inputs++;
				out.bad({ line: lines, problem: tooLongMessage() });
				continue;
			}
			answerText(text);
			continue;
		}
		if (!plain) {
			answerText(bytes.toString('utf8', start, end));
			continue;
		}
		if (end === start || bytes[start] === hash) {
			continue;
		}
		inputs++;
		// Node's own read of bytes as Latin-1 (`toString('latin1', …)` without its checks of the encoding and range).
		const url = (bytes as LatinSlice).latin1Slice(start, end);
		const problem = checker.acceptsPrintable(bytes, start, end) ? undefined : checker.check(url);
		if (problem !== undefined) {
			out.bad({ line: lines, url, problem });
			continue;
		}
		for (const answerer of answerers) {
			const parts = answerer(url);
			let pair = encoded.get(parts);
			if (pair === undefined && encoded.size < maxEncoded) {
				pair = [Buffer.from(parts[0]), Buffer.from(parts[1])];
				encoded.set(parts, pair);
			}
			if (pair === undefined) {
				out.aroundText(parts[0], bytes, start, end, json, parts[1]);
			} else {
				out.around(pair[0], bytes, start, end, json, pair[1]);
			}
		}
	}
	return { lines, inputs, output: out.take() };
}

/**
 * The buffers answer lines are written into: new ones, or those of parts whose output was written out and given back.
 * A thread that writes its parts' output itself gives them back, and its memory stays flat however long the list: a
 * line's answer allocates nothing else, so buffers let go of would wait for a collection while more pile up (a peak
 * half as large again on four times the URLs).
 */
export class OutputChunks {
	private readonly free: Buffer[] = [];

	/** A buffer of `outputChunk` bytes at least, and of `needed`. */
	take(needed = 0): Buffer {
		return needed <= outputChunk && this.free.length > 0 ? this.free.pop()! : Buffer.allocUnsafeSlow(Math.max(outputChunk, needed));
	}

	/** Keeps a buffer nothing was written into. */
	keep(chunk: Buffer): void {
		if (chunk.length === outputChunk) {
			this.free.push(chunk);
		}
	}

	/** Gives back the buffers of a part's output, all of it written out: they may be written into again. */
	giveBack(answered: Answered): void {
		const buffers = new Set<ArrayBufferLike>();
		for (const output of answered.output) {
			if (output instanceof Uint8Array && output.buffer.byteLength === outputChunk && !buffers.has(output.buffer)) {
				buffers.add(output.buffer);
				this.free.push(Buffer.from(output.buffer));
			}
		}
	}
}

/**
 * The output of a part: answer lines written into large buffers (each of them handed to another thread at most once,
 * however many runs of lines it holds), and the inputs that cannot be tested between the runs, in order.
 */
class AnswerOutput {
	private readonly output: (Uint8Array | BadInput)[] = [];
	private chunk: Buffer;
	/** Where the run of lines not yet in `output` starts in `chunk`, and where it ends. */
	private start = 0;
	private size = 0;

	constructor(private readonly chunks: OutputChunks) {
		this.chunk = chunks.take();
	}

	/** A line of `before`, the bytes of `source` from `start` to `end` (in quotes for JSON), `after` and a line end. */
	around(before: Buffer, source: Buffer, start: number, end: number, quoted: boolean, after: Buffer): void {
		this.room(before.length + (end - start) + after.length + 3);
		// The parts by `set` (a native copy).
		const chunk = this.chunk;
		chunk.set(before, this.size);
		let at = this.url(this.size + before.length, source, start, end, quoted);
		chunk.set(after, at);
		at += after.length;
		chunk[at++] = lf;
		this.size = at;
	}

	/** `around`, with the parts as text. */
	aroundText(before: string, source: Buffer, start: number, end: number, quoted: boolean, after: string): void {
		// UTF-8 takes at most three bytes per UTF-16 code unit.
		this.room(3 * (before.length + after.length) + (end - start) + 3);
		const chunk = this.chunk;
		let at = this.url(this.size + chunk.write(before, this.size, 'utf8'), source, start, end, quoted);
		at += chunk.write(after, at, 'utf8');
		chunk[at++] = lf;
		this.size = at;
	}

	/** Text, in UTF-8. */
	text(text: string): void {
		this.room(3 * text.length);
		this.size += this.chunk.write(text, this.size, 'utf8');
	}

	/**
	 * Writes the bytes of `source` from `start` to `end` at `at` (in quotes for JSON), and returns where they end: byte
	 * by byte, since a URL is tens of bytes, where a view of it and Buffer's copy cost more per call.
	 */
	private url(at: number, source: Buffer, start: number, end: number, quoted: boolean): number {
		const chunk = this.chunk;
		let to = at;
		if (quoted) {
			chunk[to++] = quote;
		}
		for (let i = start; i < end; i++) {
			chunk[to++] = source[i];
		}
		if (quoted) {
			chunk[to++] = quote;
		}
		return to;
	}

	/** Room for `needed` more bytes: in this buffer, else in the next. */
	private room(needed: number): void {
		if (this.size + needed > this.chunk.length) {
			this.next(needed);
		}
	}

	bad(input: BadInput): void {
		this.endRun();
		this.output.push(input);
	}

	take(): (Uint8Array | BadInput)[] {
		this.endRun();
		if (this.size === 0) {
			this.chunks.keep(this.chunk);
		}
		return this.output;
	}

	/** Ends the current buffer, and starts one with room for `needed` bytes. */
	private next(needed: number): void {
		this.endRun();
		this.chunk = this.chunks.take(needed);
		this.start = 0;
		this.size = 0;
	}

	private endRun(): void {
		if (this.size > this.start) {
			this.output.push(this.chunk.subarray(this.start, this.size));
			this.start = this.size;
		}
	}
}
