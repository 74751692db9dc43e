/**
 * `robots-txt test --urls` on several threads: the list is cut into parts of about a mebibyte at line ends
 * (`PartCutter`, as `logs` cuts a log), worker threads answer the URLs of a part (checked, decided and worded as this
 * thread would: `UrlListChecker`, `answerLines`, in the same language) into UTF-8 bytes, and this thread writes the
 * parts' answers in the list's order, with the inputs that could not be tested numbered by their line in the whole
 * list. The output is byte for byte the output of one thread; this thread only reads, cuts and writes.
 */

import { type Dialect, UrlListChecker } from '../../core/src/index';
import { currentLocale } from '../../core/src/l10n';
import type { InputLine } from '../../io/src/lines';
import { useLocale } from '../../io/src/localize';
import { answerLines } from './answerLines';
import { tooLongMessage } from './lines';
import { fileSize, forLinesOf, handOver, isGzipFile, type Part, PartCutter, readParts } from './logThreads';
import { robotsModel } from './source';
import { serveWorker, WorkerPool } from './workerPool';

/**
 * The size of a list above which its URLs are answered on worker threads unless a number of threads was asked for. A
 * worker costs its start (Node's and the bundle's, about 0.1 s here) and warms its own compiler, and on this project's
 * 2-core machines two threads did each URL's work about 1.5 times as slowly as one: 500 000 URLs (20 MB) took
 * 1.12-1.28 s on two worker threads against 1.01-1.42 s on this one, 2 000 000 (82 MB) 2.8-3.0 s against 3.4-3.7 s.
 */
export const defaultThreadsFrom = 64 << 20;

/** Parts handed to the workers and not yet written, per worker: enough to keep them busy, few enough to keep memory flat. */
const partsAhead = 4;

/** What a worker answers with: the settings, in the language of this thread. */
interface AnswerStart extends AnswerSettings {
	readonly kind: 'robots-txt test';
	readonly locale: string;
}

/** A part of the list; `first`: the list's first (a byte order mark first is then no character). */
interface ToAnswer {
	readonly pieces: Uint8Array[];
	readonly first: boolean;
}

/** An input of a part that cannot be tested: its line in the part (from 1), the URL (none for a line too long), why. */
export interface BadInput {
	readonly line: number;
	readonly url?: string;
	readonly problem: string;
}

/** A part answered: its lines (blank and comment lines too), its inputs, and its output in order. */
interface Answered {
	readonly lines: number;
	readonly inputs: number;
	readonly output: (Uint8Array | BadInput)[];
}

/** The robots.txt's bytes as read, and how the answers are worded: as `runTest` words them. */
export interface AnswerSettings {
	readonly robots: Uint8Array;
	readonly name: string;
	readonly anyFile: boolean;
	readonly agents: readonly string[];
	readonly dialect: Dialect | undefined;
	readonly json: boolean;
}

/**
 * Whether the list at `path` is answered on `threads` worker threads: when threads were asked for (more than one),
 * any list; else a file over `defaultThreadsFrom` that is not gzip, on a machine of more than one core.
 */
export function answersOnThreads(path: string, threads: number, asked: boolean): boolean {
	if (threads <= 1) {
		return false;
	}
	return asked || (path !== '-' && !isGzipFile(path) && fileSize(path) > defaultThreadsFrom);
}

/**
 * Answers the list at `path` (a file or `-`) on `threads` worker threads, handing each part's output to `write` in the
 * list's order; `stop` says when to stop reading (the output was closed). The inputs read and those that could not be
 * tested are counted.
 */
export async function answerOnThreads(
	path: string,
	threads: number,
	settings: AnswerSettings,
	write: (output: Uint8Array | BadInput, firstLine: number) => Promise<void>,
	stop: () => boolean,
): Promise<{ inputs: number; bad: number }> {
	const start: AnswerStart = { kind: 'robots-txt test', ...settings, locale: currentLocale() };
	const pool = new WorkerPool<ToAnswer, Answered>(threads, start, 'answering URLs');
	const cutter = new PartCutter();
	const queue: Promise<Answered>[] = [];
	let firstLine = 1;
	let first = true;
	let inputs = 0;
	let bad = 0;
	const writeOldest = async () => {
		const answered = await queue.shift()!;
		for (const output of answered.output) {
			if (!(output instanceof Uint8Array)) {
				bad++;
			}
			await write(output, firstLine);
		}
		inputs += answered.inputs;
		firstLine += answered.lines;
	};
	const take = async (part: Part) => {
		if ('tooLong' in part) {
			queue.push(Promise.resolve({ lines: 1, inputs: 1, output: [{ line: 1, problem: tooLongMessage() }] }));
		} else {
			const { pieces, transfer } = handOver(part);
			queue.push(pool.ask({ pieces, first }, transfer));
		}
		first = false;
		while (queue.length > threads * partsAhead) {
			await writeOldest();
		}
	};
	try {
		try {
			await readParts(path, cutter, take, stop);
		} finally {
			while (queue.length > 0 && !stop()) {
				await writeOldest();
			}
		}
	} finally {
		await pool.close();
	}
	return { inputs, bad };
}

/** Answers the URLs of a part, as `runTest` answers them a line at a time (blank lines and `#` comments skipped). */
function answerPart(answerers: readonly ((url: string) => string)[], checker: UrlListChecker, message: ToAnswer): Answered {
	const encoder = new TextEncoder();
	const output: (Uint8Array | BadInput)[] = [];
	let text: string[] = [];
	let lines = 0;
	let inputs = 0;
	// Encoded into buffers of their own (TextEncoder's), which are handed over: a pooled Buffer's memory is shared.
	const flush = () => {
		if (text.length > 0) {
			output.push(encoder.encode(text.join('')));
			text = [];
		}
	};
	const answer = (batch: readonly InputLine[]) => {
		for (const line of batch) {
			lines++;
			if ('tooLong' in line) {
				inputs++;
				flush();
				output.push({ line: line.line, problem: tooLongMessage() });
				continue;
			}
			const url = line.text.trim();
			if (url === '' || url.startsWith('#')) {
				continue;
			}
			inputs++;
			const problem = checker.check(url);
			if (problem !== undefined) {
				flush();
				output.push({ line: line.line, url, problem });
				continue;
			}
			for (const answerer of answerers) {
				text.push(answerer(url), '\n');
			}
		}
	};
	forLinesOf(message.pieces, !message.first, answer);
	flush();
	return { lines, inputs, output };
}

// In a worker thread started by `answerOnThreads`: answer the parts sent, one at a time, in the order sent.
serveWorker<AnswerStart, ToAnswer, Answered>('robots-txt test', (start) => {
	useLocale(start.locale);
	const model = robotsModel(Buffer.from(start.robots), start.name, start.anyFile, () => {});
	const answerers = start.agents.map((agent) => answerLines(model, agent, start.dialect, { json: start.json, showAgent: start.agents.length > 1 }));
	const checker = new UrlListChecker();
	return (message) => {
		const answered = answerPart(answerers, checker, message);
		return { answer: answered, transfer: answered.output.flatMap((output) => (output instanceof Uint8Array ? [output.buffer as ArrayBuffer] : [])) };
	};
});
