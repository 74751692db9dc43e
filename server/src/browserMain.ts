/**
 * The browser entry of the language server (VS Code for the Web): it runs in a web worker that the client starts and
 * speaks LSP over the worker's messages. It has no file system, and says so through `startServer`'s runtime.
 * From here on, nothing depends on how the server was started; main.ts is the Node entry.
 */

import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import type { InitializationOptions } from '../../core/src/protocol';
import { translationsFrom, type Translations } from '../../io/src/locales';
import { startServer } from './server';

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));

/** One log line from console arguments: text as it is, errors with their stack, other values as JSON. */
function format(args: readonly unknown[]): string {
	return args
		.map((arg) => {
			if (typeof arg === 'string') {
				return arg;
			}
			if (arg instanceof Error) {
				return arg.stack ?? arg.message;
			}
			try {
				return JSON.stringify(arg) ?? String(arg);
			} catch {
				return String(arg);
			}
		})
		.join(' ');
}

// The worker's console is the browser's developer tools, which people do not look at: the client's log is the place.
console.log = (...args: unknown[]) => connection.console.log(format(args));
console.error = (...args: unknown[]) => connection.console.error(format(args));
self.addEventListener('unhandledrejection', (event) => connection.console.error(`Unhandled rejection: ${format([event.reason])}`));

/** The bundle the client handed over in `initialize` (a worker reads no files), if it is one. */
function handedTranslations(_locale: string, options: unknown): Translations | undefined {
	const bundle = typeof options === 'object' && options !== null ? (options as InitializationOptions).l10nBundle : undefined;
	return translationsFrom(bundle);
}

startServer(connection, { translations: handedTranslations });
