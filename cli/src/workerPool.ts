/**
 * Worker threads that answer the parts of a line scan (`logs`, `test --urls`): each runs the CLI's bundle from the
 * file the process started from (the command's entry, which compiles it from the code cache) with a start message,
 * whose `kind` says which scan's handler serves it; a message sent to a worker is answered by that worker, in the order
 * sent. Its owner closes it.
 */

import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { formatNumber, t } from '../../core/src/l10n';
import { UsageError } from './args';

/** The most worker threads a scan runs (each holds a heap of its own and parts in flight). */
const maxThreads = 64;

/** The threads a scan runs on by default: one per core the process may use. */
export function defaultThreads(): number {
	return Math.min(availableParallelism(), maxThreads);
}

/** The value of `--threads`: the number given (checked), or the default; `asked` when one was given. */
export function readThreads(value: string | undefined): { readonly threads: number; readonly asked: boolean } {
	if (value === undefined) {
		return { threads: defaultThreads(), asked: false };
	}
	if (!(/^[1-9]\d?$/.test(value) && Number(value) <= maxThreads)) {
		throw new UsageError(t('--threads takes a whole number from 1 to {0}, not "{1}"', formatNumber(maxThreads), value));
	}
	return { threads: Number(value), asked: true };
}

/** What a worker starts with: the scan it serves, and what that scan needs. */
export interface WorkerStart {
	readonly kind: string;
}

interface Envelope<T> {
	readonly id: number;
	readonly body: T;
}

/** A pool of `threads` workers, each started with `start`; `what` names them in an error ("judging log lines"). */
export class WorkerPool<Message, Answer> {
	private readonly workers: Worker[];
	private readonly waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: unknown) => void }>();
	private next = 0;
	private failure: unknown;

	constructor(threads: number, start: WorkerStart, what: string) {
		this.workers = Array.from({ length: threads }, () => {
			// The file the process started from: the command's entry (entry.ts tells the bundle so), which runs the bundle
			// from its code cache.
			const worker = new Worker(__filename, { workerData: start });
			worker.on('message', (message: Envelope<Answer>) => {
				this.waiting.get(message.id)?.resolve(message.body);
				this.waiting.delete(message.id);
			});
			worker.on('error', (error) => this.fail(error));
			worker.on('exit', (code) => {
				if (this.waiting.size > 0) {
					this.fail(new Error(`a thread ${what} stopped (exit ${code})`));
				}
			});
			return worker;
		});
	}

	/** Sends `message` to the next worker in turn, handing over the buffers in `transfer`; resolves with its answer. */
	ask(message: Message, transfer: readonly ArrayBuffer[] = []): Promise<Answer> {
		return this.send(this.workers[this.next % this.workers.length], message, transfer);
	}

	/** Sends `message` to every worker (after what each was sent before); their answers, in the workers' order. */
	askEach(message: Message): Promise<Answer[]> {
		return Promise.all(this.workers.map((worker) => this.send(worker, message, [])));
	}

	private send(worker: Worker, body: Message, transfer: readonly ArrayBuffer[]): Promise<Answer> {
		if (this.failure !== undefined) {
			return Promise.reject(this.failure);
		}
		const id = this.next++;
		return new Promise((resolve, reject) => {
			this.waiting.set(id, { resolve, reject });
			worker.postMessage({ id, body } satisfies Envelope<Message>, [...transfer]);
		});
	}

	private fail(error: unknown): void {
		this.failure ??= error;
		for (const { reject } of this.waiting.values()) {
			reject(this.failure);
		}
		this.waiting.clear();
	}

	/** Stops the workers; answers still awaited are dropped (their owner stopped reading, as when the output closed). */
	async close(): Promise<void> {
		this.waiting.clear();
		await Promise.all(this.workers.map((worker) => worker.terminate()));
	}
}

/**
 * In a worker thread started for `kind`: answers each message with `serve(start)`'s handler, which returns the answer
 * and the buffers to hand over with it. Does nothing on the main thread or in a worker of another kind.
 */
export function serveWorker<Start extends WorkerStart, Message, Answer>(
	kind: Start['kind'],
	serve: (start: Start) => (message: Message) => { readonly answer: Answer; readonly transfer?: readonly ArrayBuffer[] },
): void {
	if (isMainThread || (workerData as WorkerStart | undefined)?.kind !== kind) {
		return;
	}
	const handle = serve(workerData as Start);
	parentPort!.on('message', (message: Envelope<Message>) => {
		const { answer, transfer = [] } = handle(message.body);
		parentPort!.postMessage({ id: message.id, body: answer } satisfies Envelope<Answer>, [...transfer]);
	});
}
