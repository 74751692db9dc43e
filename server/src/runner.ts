/**
 * Runs request handlers safely: a cancelled request answers with the LSP cancellation error, and an exception is
 * logged and answered with the handler's fallback value, so one bad request never takes the server down.
 * A `ResponseError` thrown on purpose (e.g. an unknown document for a custom request) reaches the client as is.
 */

import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken, type RemoteConsole } from 'vscode-languageserver';

function cancelled<E>(): ResponseError<E> {
	return new ResponseError<E>(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

function describe(message: string, error: unknown): string {
	return error instanceof Error ? `${message}: ${error.message}\n${error.stack ?? ''}` : `${message}: ${String(error)}`;
}

/**
 * Runs `callback` on a later turn of the event loop: Node's setImmediate, else (in a browser's web worker, which has
 * none) a zero-delay timer. Either comes after the messages already queued, so a queued cancellation is seen first.
 */
const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
const later: (callback: () => void) => void = immediate !== undefined ? (callback) => void immediate(callback) : (callback) => void setTimeout(callback, 0);

/** Resolves on a later turn of the event loop, after the messages already queued (`later`). */
export function nextTurn(): Promise<void> {
	return new Promise((resolve) => later(resolve));
}

/** The connections (by their console, one per connection) that received `shutdown`. */
const shutDown = new WeakSet<RemoteConsole>();

/** After `shutdown`, LSP wants every further request answered with InvalidRequest: `runSafe` does so from now on. */
export function refuseRequestsAfterShutdown(console: RemoteConsole): void {
	shutDown.add(console);
}

/**
 * Runs `func` on a later turn of the event loop (so that a cancellation that is already queued is seen first),
 * checking the token before and after.
 */
export function runSafe<T, E = void>(
	console: RemoteConsole,
	func: () => Promise<T> | T,
	fallback: T | ResponseError<E>,
	message: string,
	token: CancellationToken,
): Promise<T | ResponseError<E>> {
	return new Promise((resolve) => {
		// Everything runs inside the try: whatever throws, the request is answered.
		later(async () => {
			try {
				if (shutDown.has(console)) {
					resolve(new ResponseError<E>(ErrorCodes.InvalidRequest, 'The server has received shutdown and answers no more requests'));
					return;
				}
				if (token.isCancellationRequested) {
					resolve(cancelled());
					return;
				}
				const result = await func();
				resolve(token.isCancellationRequested ? cancelled() : result);
			} catch (error) {
				if (error instanceof ResponseError) {
					resolve(error as ResponseError<E>);
					return;
				}
				console.error(describe(message, error));
				resolve(fallback);
			}
		});
	});
}
