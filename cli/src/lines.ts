/**
 * Line inputs read as a stream (`test --urls`, `test --batch`): a file or standard input, one line after another,
 * never the whole input at once, so memory stays flat however long the input is (ten million URLs, a batch file
 * over the 512 MiB a JavaScript string can hold). Line ends are CR, LF or CRLF, as everywhere else; a last line
 * without a line end counts; a line longer than the cap is not kept (only that it was too long), however long it is.
 */

import { closeSync, createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { formatNumber, t } from '../../core/src/l10n';
import { type InputLine, LineSplitter, maxLineLength } from '../../io/src/lines';
import { UsageError } from './args';
import { describeError } from './io';

/** "the line is longer than 1,048,576 characters; it was not read", for a line over the cap. */
export function tooLongMessage(cap = maxLineLength): string {
	return t('the line is longer than {0} characters; it was not read', formatNumber(cap));
}

/** Why `path` cannot be read, in the words `readBytes` uses. */
function unreadable(path: string, error: unknown): UsageError {
	return new UsageError(path === '-' ? t('cannot read standard input: {0}', describeError(error)) : t('cannot read {0}: {1}', path, describeError(error)));
}

/**
 * Opens `path` (or standard input for `-`) for reading as a stream. The file is opened at once, so a missing file
 * is a usage error before anything else happens; a read error later is one too.
 */
export function openInput(path: string): Readable {
	if (path === '-') {
		return process.stdin;
	}
	let fd: number;
	try {
		fd = openSync(path, 'r');
	} catch (error) {
		throw unreadable(path, error);
	}
	try {
		return createReadStream('', { fd, highWaterMark: 1 << 16 });
	} catch (error) {
		closeSync(fd);
		throw unreadable(path, error);
	}
}

/**
 * The lines of a file or of standard input (`-`), as UTF-8 (bytes that are not UTF-8 read as U+FFFD), in batches:
 * the lines of each chunk read. The next chunk is read only when the caller asks for the next batch, so a caller that
 * waits for its output to drain holds the input back too. The file is opened now: one that cannot be opened is a
 * usage error before anything is written.
 */
export function readLines(path: string, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	return linesOf(openInput(path), path, cap);
}

/** The lines of an opened stream, as {@link readLines} gives them; `path` names it in errors (`-` is never destroyed). */
export async function* linesOf(stream: Readable, path: string, cap: number): AsyncGenerator<InputLine[]> {
	stream.setEncoding('utf8');
	const splitter = new LineSplitter(cap);
	try {
		for await (const chunk of stream) {
			const lines = splitter.push(chunk as string);
			if (lines.length > 0) {
				yield lines;
			}
		}
	} catch (error) {
		throw error instanceof UsageError ? error : unreadable(path, error);
	} finally {
		if (path !== '-') {
			stream.destroy();
		}
	}
	const last = splitter.end();
	if (last.length > 0) {
		yield last;
	}
}
