/**
 * A log file read as lines, streaming (io/src/logFile.ts): lines end at CR, LF or CRLF (as the command line reads its
 * line inputs), also where a CRLF or a UTF-8 character is split between two reads; a byte order mark first is dropped;
 * a last line without a line end counts; a line over the cap is null and the next is read; bytes that are not UTF-8
 * read as U+FFFD; gzip is told by the first two bytes (RFC 1952 section 2.3.1), not by the name, concatenated members
 * read as one stream (as zcat reads them) and a stream cut short is an error; a folder is refused. The bytes read, for
 * the progress, reach the file's size, compressed or not.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { FileSystemError, notAFile } from '../../io/src/fileSystem';
import { openLineFile } from '../../io/src/logFile';

const folder = mkdtempSync(join(tmpdir(), 'robots-log-file-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** The size of one read (logFile.ts reads 64 KiB at a time). */
const chunk = 1 << 16;

async function linesOf(bytes: Buffer | string, cap?: number): Promise<(string | null)[]> {
	const path = join(folder, `log-${Math.random().toString(36).slice(2)}`);
	writeFileSync(path, bytes);
	const file = await openLineFile(pathToFileURL(path).href, cap);
	const lines: (string | null)[] = [];
	let bytesRead = 0;
	for await (const batch of file.lines()) {
		lines.push(...batch.lines);
		assert.ok(batch.bytesRead >= bytesRead);
		bytesRead = batch.bytesRead;
	}
	assert.equal(bytesRead, file.size);
	return lines;
}

describe('a log file read as lines', () => {
	test('LF, CRLF and CR end lines; empty lines count; a last line without a line end counts; a BOM first is dropped', async () => {
		assert.deepEqual(await linesOf('\ufeffa\nb\r\nc\rd\n\ne'), ['a', 'b', 'c', 'd', '', 'e']);
		assert.deepEqual(await linesOf('a\n'), ['a']);
		assert.deepEqual(await linesOf(''), []);
	});

	test('a CRLF split between two reads ends one line; a character split between two reads is read whole', async () => {
		const first = 'x'.repeat(chunk - 1);
		assert.deepEqual(await linesOf(`${first}\r\nnext\n`), [first, 'next']);
		// "é" is two bytes in UTF-8: its first byte ends the first read.
		const before = 'y'.repeat(chunk - 1);
		assert.deepEqual(await linesOf(`${before}é\nnext`), [`${before}é`, 'next']);
	});

	test('a line longer than the cap is null, however long, and the next line is read', async () => {
		assert.deepEqual(await linesOf(`short\n${'z'.repeat(3 * chunk)}\nafter\n`, 100), ['short', null, 'after']);
		assert.deepEqual(await linesOf(`${'z'.repeat(101)}\nafter`, 100), [null, 'after']);
	});

	test('gzip is told by its first bytes, whatever the name; a folder is refused', async () => {
		const text = `first\r\nsecond\n${'w'.repeat(2 * chunk)}\nlast`;
		assert.deepEqual(await linesOf(gzipSync(text)), ['first', 'second', 'w'.repeat(2 * chunk), 'last']);
		await assert.rejects(openLineFile(pathToFileURL(folder).href), (error: unknown) => error instanceof FileSystemError && error.code === notAFile);
		await assert.rejects(openLineFile('untitled:Untitled-1'), FileSystemError);
	});

	test('bytes that are not UTF-8 read as U+FFFD, one for each maximal subpart (WHATWG Encoding, UTF-8 decoder)', async () => {
		// The Encoding Standard's own examples: a lone continuation byte, a truncated three-byte sequence, a byte never
		// used in UTF-8.
		const bytes = Buffer.concat([
			Buffer.from('a'),
			Buffer.from([0x80]),
			Buffer.from('b\n'),
			Buffer.from([0xe2, 0x82]),
			Buffer.from('\n'),
			Buffer.from([0xff]),
			Buffer.from('c'),
		]);
		assert.deepEqual(await linesOf(bytes), ['a\ufffdb', '\ufffd', '\ufffdc']);
	});

	test('concatenated gzip members read as one stream (RFC 1952 section 2.2, as zcat reads them)', async () => {
		assert.deepEqual(await linesOf(Buffer.concat([gzipSync('first\nsec'), gzipSync('ond\nthird\n')])), ['first', 'second', 'third']);
	});

	test('a gzip file cut short is an error after the lines before the cut', async () => {
		const whole = gzipSync(Array.from({ length: 20_000 }, (_, i) => `line ${i} ${(i * 7919) % 104729}`).join('\n'));
		const path = join(folder, 'cut.gz');
		writeFileSync(path, whole.subarray(0, whole.length - 1000));
		const file = await openLineFile(pathToFileURL(path).href);
		let read = 0;
		await assert.rejects(async () => {
			for await (const batch of file.lines()) {
				read += batch.lines.length;
			}
		}, /unexpected end of file/);
		assert.ok(read > 0 && read < 20_000, String(read));
	});
});
