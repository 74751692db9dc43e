/**
 * Line inputs read as a stream (`test --urls`, `test --batch`, `logs`): a file or standard input, one line after
 * another, gzip or not, as io/src/lines.ts reads them; what cannot be read is a usage error.
 */

import { closeSync, createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { formatNumber, t } from '../../core/src/l10n';
import { bytesOf, fileBytes, type InputLine, isRegularFile, linesOfBytes, maxLineLength } from '../../io/src/lines';
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
 * Opens `path` (or standard input for `-`) for reading: a regular file as its descriptor, which `fileBytes` reads, and
 * anything else (standard input, a named pipe, a device) as a stream. The file is opened at once, so a missing file is
 * a usage error before anything else happens; a read error later is one too.
 */
function openInput(path: string, highWaterMark: number): Readable | number {
	if (path === '-') {
		return process.stdin;
	}
	let fd: number;
	try {
		fd = openSync(path, 'r');
	} catch (error) {
		throw unreadable(path, error);
	}
	if (isRegularFile(fd)) {
		return fd;
	}
	try {
		return createReadStream('', { fd, highWaterMark });
	} catch (error) {
		closeSync(fd);
		throw unreadable(path, error);
	}
}

/** The bytes of an input `openInput` opened, gunzipped when it is gzip; closes it after, unless it is standard input. */
async function* bytesOfInput(path: string, input: Readable | number, highWaterMark: number): AsyncGenerator<Buffer> {
	try {
		yield* typeof input === 'number' ? fileBytes(input, highWaterMark) : bytesOf(input);
	} catch (error) {
		throw error instanceof UsageError ? error : unreadable(path, error);
	} finally {
		if (typeof input === 'number') {
			closeSync(input);
		} else if (path !== '-') {
			input.destroy();
		}
	}
}

/**
 * The bytes of a file or of standard input (`-`), gunzipped when it is gzip, a chunk at a time, as `bytesOf` of
 * io/src/lines.ts gives them, a file read `highWaterMark` bytes at a time (64 KiB unless given); opened now, as
 * `readLines` opens its input, with the same errors.
 */
export function readChunks(path: string, highWaterMark = 1 << 16): AsyncGenerator<Buffer> {
	return bytesOfInput(path, openInput(path, highWaterMark), highWaterMark);
}

/**
 * The lines of a file or of standard input (`-`), gunzipped when it is gzip, as `linesOf` of io/src/lines.ts gives
 * them. The file is opened now: one that cannot be opened is a usage error before anything is written; a read error
 * later is one too.
 */
export function readLines(path: string, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	return linesOfBytes(readChunks(path), cap);
}
