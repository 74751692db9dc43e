/**
 * The Node entry of the language server: the transport (IPC or stdio, as the command line says), logging, and the
 * local file system. From here on, nothing depends on how the server was started; browserMain.ts is the other entry.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { translationsFrom, type ShippedLocale, type Translations } from '../../io/src/locales';
import { openLineFile } from '../../io/src/logFile';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';
import { startServer } from './server';

/**
 * Over stdio the messages are framed by Content-Length headers; a wrong one leaves the rest of the stream unreadable,
 * and a server that went on would be alive but deaf. It says so in its log (stderr, as the framing is lost) and
 * exits, so that the client can start a new one. IPC frames messages itself and cannot fall out of step.
 */
function connect(): Connection {
	if (!process.argv.includes('--stdio')) {
		return createConnection(ProposedFeatures.all);
	}
	const reader = new StreamMessageReader(process.stdin);
	const writer = new StreamMessageWriter(process.stdout);
	reader.onError((error) => {
		process.stderr.write(
			`robots-txt-language-server: the message stream cannot be read any more (${error.message}); exiting so that the client can restart the server.\n`,
		);
		process.exit(1);
	});
	return createConnection(ProposedFeatures.all, reader, writer);
}

const connection = connect();

// stdout may be the transport: console output goes to the client's log instead, formatted as console.log would
// (an Error passed as it is would reach the client as `{}`).
console.log = (...args: unknown[]) => connection.console.log(format(...args));
console.error = (...args: unknown[]) => connection.console.error(format(...args));
process.on('unhandledRejection', (reason) => connection.console.error(`Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`));

/**
 * A shipped locale's bundle, read from the l10n/ folder two levels above the bundled server (server/dist/server.js):
 * the extension's, which VS Code reads for the client too, or the repository's for a server started from it.
 */
function readTranslations(locale: ShippedLocale): Translations | undefined {
	const file = join(__dirname, '..', '..', 'l10n', `bundle.l10n.${locale}.json`);
	let translations: Translations | undefined;
	try {
		translations = translationsFrom(JSON.parse(readFileSync(file, 'utf8')));
	} catch (error) {
		connection.console.error(
			`The translations for ${locale} cannot be read (${error instanceof Error ? error.message : String(error)}); the server speaks English.`,
		);
		return undefined;
	}
	if (translations === undefined) {
		connection.console.error(`${file} is not an l10n bundle (an object of strings); the server speaks English.`);
	}
	return translations;
}

startServer(connection, { fileSystem: nodeFileSystem, openLineFile, translations: readTranslations });
