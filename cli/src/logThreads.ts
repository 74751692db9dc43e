/**
 * `robots-txt logs` on several threads: a log is cut into parts of about a mebibyte at line ends, worker threads judge
 * the parts' lines (`LogJudge`: who sent each request and what the file decides for it, most of a line's work), and
 * this thread counts what they judged part by part in the log's order (`LogAnalysis.addJudged`), so the report is the
 * one a single thread gives. The parts before the log's format shows are judged here, and so is every part of a W3C
 * log, whose `#Fields:` lines change how the lines after them read.
 *
 * A part ends after a line end: LF, or CR when the byte after it is known and is not LF (CR LF is one line end), so a
 * UTF-8 character or a CR LF is never split and each part splits into lines as the whole log would. A run of more than
 * `longestLine` bytes without a line end is a line too long to read (the reader's cap is at most that many bytes); it is
 * counted as one and its bytes are dropped as they come, so memory stays flat whatever the input.
 */

import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { type CrawlerPartialData, type JudgedLines, LogJudge, type LogFormatName, LogReader, parse, type RobotsVersion } from '../../core/src/index';
import { type InputLine, isGzip, LineSplitter, maxLineLength } from '../../io/src/lines';
import { readChunks } from './lines';
import { serveWorker, WorkerPool } from './workerPool';

/** The size a part is cut at (at the first line end before it). */
const partBytes = 1 << 20;
/** Longer than any line the reader keeps: `maxLineLength` UTF-16 code units take at most 3 bytes each. */
const longestLine = 3 * maxLineLength + 4;
/**
 * The parts of a file above which workers judge it, unless a number of threads was asked for: starting them costs about
 * 0.3 s on a 2-core machine (each compiles the CLI's script, while this thread reads), and they made a 50 MB log slower
 * there and a 200 MB one faster.
 */
const defaultPartsHere = 96;
/**
 * The parts of a stream (standard input, gzip) counted on this thread before workers start, unless a number of threads
 * was asked for. A stream's size shows only as it is read, and workers that start half-way through a 200 MB log judge
 * only 100 MB, about what they need to pay (a million lines piped in took 2.6-3.1 s with workers from 96 MiB on,
 * 2.3-2.6 s without); from 256 MiB on, a stream is likely to be much longer (4 M lines piped in: 9.6-10.4 s against
 * 12.4-12.8 s on one thread, and 52 M: 79 s against 100 s).
 */
const streamPartsHere = 256;
/** Parts handed to the workers and not yet counted, per worker: enough to keep them busy, few enough to keep memory flat. */
const partsAhead = 4;

/**
 * A part of a log: pieces of bytes, in order, whose last ends at a line end (or at the log's end), or a line too long
 * to read. `owned`: the pieces whose buffers are the part's alone, which can be handed to another thread as they are.
 */
export type Part = { readonly pieces: readonly Buffer[]; readonly owned: readonly boolean[] } | { readonly tooLong: true };

/**
 * Cuts a stream of bytes into parts at line ends (see the module's comment), without copying what it was given but
 * the few bytes after a cut.
 */
export class PartCutter {
	private pieces: Buffer[] = [];
	private owned: boolean[] = [];
	private size = 0;
	/** Inside a line too long to read: bytes are dropped up to its end. */
	private skipping = false;
	/** The line too long ended in CR at the end of a chunk: an LF first in the next one belongs to it. */
	private skipLf = false;

	constructor(
		private readonly cutAt = partBytes,
		private readonly longest = longestLine,
	) {}

	/** The parts completed by `chunk`; `own`: its buffer is the cutter's to hand on (a file's read, not a shared one). */
	push(chunk: Buffer, own = false): Part[] {
		let bytes = chunk;
		if (this.skipLf && bytes.length > 0) {
			this.skipLf = false;
			if (bytes[0] === 0x0a) {
				bytes = bytes.subarray(1);
			}
		}
		if (this.skipping) {
			const end = firstLineEnd(bytes);
			if (end < 0) {
				return [];
			}
			this.skipping = false;
			if (bytes[end] === 0x0d && end + 1 === bytes.length) {
				this.skipLf = true;
			}
			bytes = bytes.subarray(end + (bytes[end] === 0x0d && bytes[end + 1] === 0x0a ? 2 : 1));
		}
		if (bytes.length === 0) {
			return [];
		}
		this.pieces.push(bytes);
		this.owned.push(own && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength);
		this.size += bytes.length;
		if (this.size < this.cutAt) {
			return [];
		}
		const out: Part[] = [];
		// The last line end: in the last piece (where a CR last may be the first half of a CR LF), else in an earlier
		// one (whose next byte, first of a piece without line ends, is no LF).
		let at = this.pieces.length - 1;
		let cut = lastLineEnd(this.pieces[at], true);
		while (cut === 0 && at > 0) {
			cut = lastLineEnd(this.pieces[--at], false);
		}
		if (cut > 0) {
			const piece = this.pieces[at];
			const head = [...this.pieces.slice(0, at), piece.subarray(0, cut)];
			const headOwned = this.owned.slice(0, at + 1);
			// The rest of a piece handed on whole would go with it: it stays as a copy.
			const rest = [...(cut < piece.length ? [Buffer.from(piece.subarray(cut))] : []), ...this.pieces.slice(at + 1)];
			const restOwned = [...(cut < piece.length ? [true] : []), ...this.owned.slice(at + 1)];
			out.push({ pieces: head, owned: headOwned });
			this.pieces = rest;
			this.owned = restOwned;
			this.size = rest.reduce((total, bytes) => total + bytes.length, 0);
		}
		if (this.size > this.longest) {
			out.push({ tooLong: true });
			// Its end is still to come, unless it is the CR last (the first half of a CR LF, or a line end of its own).
			const last = this.pieces[this.pieces.length - 1];
			this.skipLf = last[last.length - 1] === 0x0d;
			this.skipping = !this.skipLf;
			this.pieces = [];
			this.owned = [];
			this.size = 0;
		}
		return out;
	}

	/** What is left up to its last line end (a CR last included), when the input stops short: its last line is cut. */
	complete(): Part[] {
		let at = this.pieces.length - 1;
		let cut = 0;
		while (cut === 0 && at >= 0) {
			cut = lastLineEnd(this.pieces[at--], false);
		}
		if (cut === 0) {
			return [];
		}
		const part: Part = { pieces: [...this.pieces.slice(0, at + 1), this.pieces[at + 1].subarray(0, cut)], owned: this.owned.slice(0, at + 2) };
		this.pieces = [];
		this.owned = [];
		this.size = 0;
		return [part];
	}

	/** The last part: what is left, which may end without a line end. */
	end(): Part[] {
		if (this.size === 0) {
			return [];
		}
		const part: Part = { pieces: this.pieces, owned: this.owned };
		this.pieces = [];
		this.owned = [];
		this.size = 0;
		return [part];
	}
}

/**
 * Reads `path` (a file or `-`; `chunks`: its reader, when it was opened already) into parts with `cutter`, each handed
 * to `take` in order, until the end or until `stop` says so. When reading fails (a gzip stream cut short), the whole lines read so far are taken, as when read a line at
 * a time, and the error is thrown after them.
 */
export async function readParts(
	path: string,
	cutter: PartCutter,
	take: (part: Part) => Promise<void>,
	stop: () => boolean = () => false,
	chunks: AsyncGenerator<Buffer> = readChunks(path),
): Promise<void> {
	// A plain file's reads are buffers of their own, handed to the workers as they are; a stream's or a decompressor's
	// may share one.
	const own = !isStream(path) && !isGzipFile(path);
	try {
		for await (const chunk of chunks) {
			for (const part of cutter.push(chunk, own)) {
				await take(part);
				if (stop()) {
					return;
				}
			}
		}
		for (const part of cutter.end()) {
			await take(part);
		}
	} catch (error) {
		for (const part of cutter.complete()) {
			await take(part);
		}
		throw error;
	}
}

/**
 * Where the bytes after the last line end start (0 when there is none): after an LF, or after a CR not followed by
 * LF. `last`: the bytes are the last read, and a CR last may be the first half of a CR LF, which the next chunk tells.
 */
function lastLineEnd(bytes: Buffer, last: boolean): number {
	const lf = bytes.lastIndexOf(0x0a);
	const cr = last ? (bytes.length >= 2 ? bytes.lastIndexOf(0x0d, bytes.length - 2) : -1) : bytes.lastIndexOf(0x0d);
	return Math.max(lf, cr) + 1;
}

/** The size of a file, or 0 when it cannot be read (its reader says why). */
export function fileSize(path: string): number {
	try {
		return statSync(path).size;
	} catch {
		return 0;
	}
}

/** Whether the input at `path` comes as a stream (standard input, a named pipe), not a file read as fast as it is asked. */
export function isStream(path: string): boolean {
	try {
		return path === '-' || !statSync(path).isFile();
	} catch {
		return false;
	}
}

/** Whether a file starts as gzip does; false when it cannot be read (its reader says why). */
export function isGzipFile(path: string): boolean {
	try {
		// Only a regular file is opened to look: opening a named pipe again, once its writer has written all and closed,
		// would wait for another writer for ever (and a pipe's bytes read here would be lost to its reader).
		if (!statSync(path).isFile()) {
			return false;
		}
		const fd = openSync(path, 'r');
		try {
			const head = Buffer.alloc(2);
			return isGzip(head.subarray(0, readSync(fd, head, 0, 2, 0)));
		} finally {
			closeSync(fd);
		}
	} catch {
		return false;
	}
}

/** The index of the first LF or CR, or -1. */
function firstLineEnd(bytes: Buffer): number {
	const lf = bytes.indexOf(0x0a);
	const cr = bytes.indexOf(0x0d);
	return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
}

/**
 * Judges the lines of a part with `judge` and `reader`, as reading the log from the part's first line would (line
 * numbers from 1); `continued`: the part is not the log's first (a byte order mark first is then a character).
 */
function judgeBytes(judge: LogJudge, reader: LogReader, pieces: readonly Uint8Array[], continued: boolean): JudgedLines {
	for (const lines of partLines(pieces, continued)) {
		for (const line of lines) {
			if ('tooLong' in line) {
				judge.addTooLong(line.line);
			} else {
				judge.add(reader.read(line.text), line.line, line.text);
			}
		}
	}
	return judge.take();
}

/**
 * The lines of a part's pieces, as reading the input from the part's first line would give them (line numbers from 1),
 * a batch at a time; `continued`: the part is not the input's first (a byte order mark first is then a character).
 * Decoded 64 KiB at a time, as the reader of a file does: a string of a mebibyte is a large object to V8, which maps
 * and unmaps memory for each one (a third of a thread's time where a part was decoded at once).
 */
function* partLines(pieces: readonly Uint8Array[], continued: boolean): Generator<readonly InputLine[]> {
	const decoder = new StringDecoder('utf8');
	const splitter = new LineSplitter(maxLineLength, continued);
	for (const piece of pieces) {
		const whole = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
		for (let at = 0; at < whole.length; at += decodePiece) {
			yield splitter.push(decoder.write(whole.subarray(at, at + decodePiece)));
		}
	}
	yield splitter.push(decoder.end());
	yield splitter.end();
}

/** The bytes decoded at a time: as many as a file is read by (`readLines`). */
const decodePiece = 1 << 16;

/** What a worker is started with: the robots.txt versions, as text, since and label, and `LogJudge`'s `addresses`. */
interface JudgeStart {
	readonly kind: 'robots-txt logs';
	readonly versions: readonly { readonly text: string; readonly since: number | null; readonly label: string }[];
	readonly addresses: boolean;
}

/** A part sent to a worker, or the request for its judge's partials (after its last part); and their answers. */
type ToJudge = { readonly pieces: Uint8Array[]; readonly format: LogFormatName } | { readonly partials: true };
type FromJudge = JudgedLines | CrawlerPartialData[];

/** Worker threads that judge parts, each with its own judge of the same versions. Its owner closes it. */
class JudgePool {
	private readonly pool: WorkerPool<ToJudge, FromJudge>;

	constructor(threads: number, versions: readonly RobotsVersion[], addresses: boolean) {
		const start: JudgeStart = {
			kind: 'robots-txt logs',
			versions: versions.map(({ model, since, label }) => ({ text: model.text, since, label })),
			addresses,
		};
		this.pool = new WorkerPool(threads, start, 'judging log lines');
	}

	/** Judges a part on the next worker; the buffers of its owned pieces are handed over, the others copied. */
	judge(part: { readonly pieces: readonly Buffer[]; readonly owned: readonly boolean[] }, format: LogFormatName): Promise<JudgedLines> {
		const { pieces, transfer } = handOver(part);
		return this.pool.ask({ pieces, format }, transfer) as Promise<JudgedLines>;
	}

	/** What each worker's judge counted per crawler; asked after the last part (a worker answers in order). */
	partials(): Promise<CrawlerPartialData[][]> {
		return this.pool.askEach({ partials: true }) as Promise<CrawlerPartialData[][]>;
	}

	close(): Promise<void> {
		return this.pool.close();
	}
}

/** A part's pieces as they are posted to a worker: owned ones handed over (their buffers in `transfer`), the others copied. */
export function handOver(part: { readonly pieces: readonly Buffer[]; readonly owned: readonly boolean[] }): { pieces: Uint8Array[]; transfer: ArrayBuffer[] } {
	const pieces = part.pieces.map((piece, index) =>
		part.owned[index] ? new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength) : new Uint8Array(piece),
	);
	return { pieces, transfer: [...new Set(pieces.map((piece) => piece.buffer as ArrayBuffer))] };
}

/** Reads logs on `threads` worker threads: its owner creates one per run and closes it. */
export class LogThreads {
	private pool: JudgePool | undefined;
	/** What the judges of this thread counted per crawler, one per log read. */
	private readonly partials: CrawlerPartialData[][] = [];
	/** The parts of a file above which workers judge it, and of a stream before they start: 0 when threads were asked for. */
	private readonly partsHere: number;
	private readonly streamPartsHere: number;

	/**
	 * Threads for logs judged against `versions`; `addresses` as `LogJudge` takes it. `asked`: the number of threads was
	 * given, and workers start with the first log whatever its size; else only for a big one.
	 */
	constructor(
		private readonly threads: number,
		private readonly versions: readonly RobotsVersion[],
		private readonly addresses: boolean,
		asked: boolean,
	) {
		this.partsHere = asked ? 0 : defaultPartsHere;
		this.streamPartsHere = asked ? 0 : streamPartsHere;
	}

	/**
	 * Whether `path` is read here, a line at a time, rather than in parts: unless threads were asked for, a file too
	 * small for workers to pay. A stream (standard input, a named pipe) and gzip have no size to tell: they are read in
	 * parts, counted here as a line at a time until `streamPartsHere` parts are read, and judged by workers after.
	 */
	readsHere(path: string): boolean {
		if (this.threads <= 1) {
			return true;
		}
		if (this.partsHere === 0) {
			return false;
		}
		return !isStream(path) && !isGzipFile(path) && fileSize(path) <= this.partsHere * partBytes;
	}

	/**
	 * Reads one log (a path or `-`) in `format` (or the one told from its first lines) into judged runs, handed to
	 * `count` in the log's order with the line number of each run's first line; `count` may wait (to fetch range lists),
	 * and reading waits for it. Until workers start, parts are not judged into runs but their lines handed to `here`
	 * with the number of the line before them, read by `reader` (the log's reader), to be counted as a line at a time.
	 */
	async read(
		path: string,
		format: LogFormatName | undefined,
		count: (judged: JudgedLines, firstLine: number) => Promise<void>,
		here: (lines: readonly InputLine[], before: number, reader: LogReader) => Promise<void>,
	): Promise<void> {
		const judge = new LogJudge(this.versions, this.addresses);
		const reader = new LogReader(format);
		const cutter = new PartCutter();
		const queue: Promise<JudgedLines>[] = [];
		let firstLine = 1;
		let first = true;
		let judgedHere = 0;
		const countOldest = async () => {
			const judged = await queue.shift()!;
			await count(judged, firstLine);
			firstLine += judged.lines;
		};
		const take = async (part: Part) => {
			if ('tooLong' in part) {
				judge.addTooLong(1);
				queue.push(Promise.resolve(judge.take()));
			} else if (
				this.threads > 1
				&& !first
				&& reader.format !== undefined
				&& reader.format !== 'w3c'
				&& (this.pool !== undefined || judgedHere >= this.streamPartsHere)
			) {
				this.pool ??= new JudgePool(this.threads, this.versions, this.addresses);
				queue.push(this.pool.judge(part, reader.format));
			} else if (this.pool === undefined) {
				// Nothing is waiting to be counted before it: its lines are counted now, as a line at a time.
				let lines = 0;
				for (const batch of partLines(part.pieces, !first)) {
					await here(batch, firstLine - 1, reader);
					lines += batch.length;
				}
				firstLine += lines;
				judgedHere++;
			} else {
				queue.push(Promise.resolve(judgeBytes(judge, reader, part.pieces, !first)));
			}
			first = false;
			// Without workers there is nothing to wait for: a part is counted at once, so that what its run holds (the
			// violating targets, cut from the part's text) is not kept while later parts are read.
			while (queue.length > (this.pool === undefined ? 0 : this.threads * partsAhead)) {
				await countOldest();
			}
		};
		// A big file's workers start now, while this thread judges the first part (which shows the format); for a stream
		// they start once this thread has counted `streamPartsHere` parts.
		if (this.threads > 1 && !isStream(path) && fileSize(path) > this.partsHere * partBytes) {
			this.pool ??= new JudgePool(this.threads, this.versions, this.addresses);
		}
		try {
			await readParts(path, cutter, take);
		} finally {
			// What was read is counted, also when reading failed later (a gzip stream cut short).
			while (queue.length > 0) {
				await countOldest();
			}
			this.partials.push(judge.crawlerPartialData());
		}
	}

	/**
	 * What every judge counted per crawler, for `LogAnalysis.addPartials`, once every log is read (and every run
	 * counted); then the workers stop.
	 */
	async finish(): Promise<CrawlerPartialData[][]> {
		const partials = [...this.partials, ...(this.pool ? await this.pool.partials() : [])];
		await this.close();
		return partials;
	}

	async close(): Promise<void> {
		const pool = this.pool;
		this.pool = undefined;
		await pool?.close();
	}
}

// In a worker thread started by a JudgePool: judge the parts sent, one at a time, in the order sent.
serveWorker<JudgeStart, ToJudge, FromJudge>('robots-txt logs', (start) => {
	const judge = new LogJudge(
		start.versions.map(({ text, since, label }) => ({ model: parse(text), since, label })),
		start.addresses,
	);
	return (message) => ({
		answer: 'partials' in message ? judge.crawlerPartialData() : judgeBytes(judge, new LogReader(message.format), message.pieces, true),
	});
});
