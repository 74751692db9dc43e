/**
 * Access logs as streams of lines for `robots-txt logs`: a file or standard input (`-`), gzip-compressed or not, read
 * a chunk at a time so that memory stays flat whatever the size. Compression is told by the first two bytes (1f 8b,
 * RFC 1952 §2.3.1), as gzip(1) tells it, never by the name: rotation names `access.log.2.gz` and `access.log.1` alike,
 * and a pipe has no name. Concatenated gzip members (`cat a.gz b.gz`) read as one stream, as `zcat` reads them.
 */

import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type InputLine, maxLineLength, peek } from '../../io/src/lines';
import { linesOf, openInput } from './lines';

/**
 * The lines of a log file or of standard input (`-`), gunzipped when it is gzip, in batches as `readLines` gives them
 * (a line over the cap is not kept). The file is opened now: one that cannot be opened is a usage error at once; a
 * read error later (a gzip stream cut short, as a log compressed while it was written is) is thrown by the generator.
 */
export function readLogLines(path: string, cap = maxLineLength): AsyncGenerator<InputLine[]> {
	const stream = openInput(path);
	return (async function* () {
		const head = await peek(stream, 2);
		if (head.length === 2 && head[0] === 0x1f && head[1] === 0x8b) {
			const gunzip = createGunzip();
			// Either stream's error ends the other; the reader of `gunzip` meets it.
			pipeline(stream, gunzip, () => undefined);
			yield* linesOf(gunzip, path, cap);
		} else {
			yield* linesOf(stream, path, cap);
		}
	})();
}
