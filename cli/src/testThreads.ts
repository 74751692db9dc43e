/**
 * The list of `robots-txt test --urls`, a part at a time: the list is cut into parts at line ends (`PartCutter`, as
 * `logs` cuts a log), and the URLs of a part are answered as bytes (`answerBytes`: checked, decided and worded as a
 * line read as text would be, in the same language), in this thread, a part for each read, or, for a big list, on
 * worker threads, a part for about a mebibyte, while this thread writes the parts' answers in the list's order, with
 * the inputs that could not be tested numbered by their line in the whole list. The output is byte for byte the same
 * on one thread and on several.
 */

import { type Dialect, type RobotsModel, UrlListChecker } from '../../core/src/index';
import { currentLocale } from '../../core/src/l10n';
import { useLocale } from '../../io/src/localize';
import { type Answered, answerBytes, type BadInput, OutputChunks } from './answerBytes';
import { answersAround } from './answerLines';
import { tooLongMessage } from './lines';
import { fileSize, handOver, isGzipFile, isStream, type Part, PartCutter, readParts } from './logThreads';
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
	readonly pieces: readonly Uint8Array[];
	readonly first: boolean;
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
 * Answers the list at `path` (a file or `-`) on `threads` worker threads, or in this thread when `threads` is 1,
 * handing each part's output to `write` in the list's order, then calling `flush` (so that the answers of a part are
 * out before the next part is read); `stop` says when to stop reading (the output was closed).
 * The inputs read and those that could not be tested are counted. `opened`: the list's reader, opened already
 * (`readChunks`), and the robots.txt read from `settings.robots`, which this thread answers from.
 */
export async function answerList(
	path: string,
	threads: number,
	settings: AnswerSettings,
	write: (output: Uint8Array | BadInput, firstLine: number) => Promise<void>,
	flush: () => Promise<void>,
	stop: () => boolean,
	opened: { readonly chunks?: AsyncGenerator<Buffer>; readonly model?: RobotsModel } = {},
): Promise<{ inputs: number; bad: number }> {
	const start: AnswerStart = { kind: 'robots-txt test', ...settings, locale: currentLocale() };
	// In this thread, each part's output is written before the next part is answered, into the buffers it gave back.
	const chunks = new OutputChunks();
	const here = threads <= 1 ? partAnswerer(settings, chunks, opened.model) : undefined;
	const pool = here ? undefined : new WorkerPool<ToAnswer, Answered>(threads, start, 'answering URLs');
	// In this thread, and for a list that is streamed to the workers (standard input, a named pipe), a part is what a
	// read brings, up to its last line end: URLs typed, or piped a few at a time by a program that waits for their
	// answers, are answered as they come, not once a mebibyte has come. A file read fast is cut a mebibyte at a time.
	const cutter = here || isStream(path) ? new PartCutter(1) : new PartCutter();
	// Each part's output is written as soon as it is answered and every part before it is written, not when the next
	// part is read: a program waiting for its answers gives no next part. `unwritten`: one promise per part, oldest
	// first, settled (never rejected) once its output is written; the first failure to answer or to write is kept.
	const unwritten: Promise<void>[] = [];
	let failure: { readonly error: unknown } | undefined;
	let firstLine = 1;
	let first = true;
	let inputs = 0;
	let bad = 0;
	const writeAnswered = async (answered: Answered) => {
		for (const output of answered.output) {
			if (!(output instanceof Uint8Array)) {
				bad++;
			}
			await write(output, firstLine);
		}
		if (here) {
			chunks.giveBack(answered);
		}
		inputs += answered.inputs;
		firstLine += answered.lines;
		// What `write` buffered (an error record in JSON) goes out with its part: the next part may be long in coming.
		await flush();
	};
	const writeInTurn = (answered: Promise<Answered>) => {
		const written = (unwritten.at(-1) ?? Promise.resolve()).then(async () => {
			try {
				if (failure === undefined && !stop()) {
					await writeAnswered(await answered);
				}
			} catch (error) {
				failure ??= { error };
			} finally {
				unwritten.shift();
			}
		});
		unwritten.push(written);
	};
	const take = async (part: Part) => {
		if ('tooLong' in part) {
			writeInTurn(Promise.resolve({ lines: 1, inputs: 1, output: [{ line: 1, problem: tooLongMessage() }] }));
		} else if (here) {
			writeInTurn(Promise.resolve(here({ pieces: part.pieces, first })));
		} else {
			const { pieces, transfer } = handOver(part);
			const answered = pool!.ask({ pieces, first }, transfer);
			// Its failure is the chain's to report: a rejection seen by no one yet must not stop the process.
			answered.catch(() => {});
			writeInTurn(answered);
		}
		first = false;
		while (unwritten.length > (here ? 0 : threads * partsAhead)) {
			await unwritten[0];
		}
		if (failure !== undefined) {
			throw failure.error;
		}
	};
	try {
		try {
			await readParts(path, cutter, take, stop, opened.chunks);
		} finally {
			await unwritten.at(-1);
		}
		if (failure !== undefined) {
			throw failure.error;
		}
	} finally {
		await pool?.close();
	}
	return { inputs, bad };
}

/** Answers parts as `settings` say, in the thread it is called in; `read`: the robots.txt, when it was read already. */
function partAnswerer(settings: AnswerSettings, chunks?: OutputChunks, read?: RobotsModel): (message: ToAnswer) => Answered {
	const model = read ?? robotsModel(Buffer.from(settings.robots), settings.name, settings.anyFile, () => {});
	const format = { json: settings.json, showAgent: settings.agents.length > 1 };
	const answerers = settings.agents.map((agent) => answersAround(model, agent, settings.dialect, format));
	const checker = new UrlListChecker();
	return (message) => {
		const pieces = message.pieces.map((piece) => Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
		return answerBytes(pieces.length === 1 ? pieces[0] : Buffer.concat(pieces), !message.first, answerers, checker, settings.json, chunks);
	};
}

// In a worker thread started by `answerList`: answer the parts sent, one at a time, in the order sent.
serveWorker<AnswerStart, ToAnswer, Answered>('robots-txt test', (start) => {
	useLocale(start.locale);
	const answer = partAnswerer(start);
	return (message) => {
		const answered = answer(message);
		// The runs of lines of one buffer share it, which is handed over once.
		const buffers = new Set(answered.output.flatMap((output) => (output instanceof Uint8Array ? [output.buffer as ArrayBuffer] : [])));
		return { answer: answered, transfer: [...buffers] };
	};
});
