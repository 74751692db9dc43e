/**
 * A regular file's bytes as the command line's line inputs read them (`fileBytes`, io/src/lines.ts): the same bytes as
 * the file holds, in chunks of the size asked, each a buffer of its own (a worker thread is handed a chunk as it is,
 * so two chunks must never share memory); gzip told by its first two bytes (RFC 1952 section 2.3.1), concatenated
 * members read as one stream, as zcat reads them, and a gzip file cut short an error after what was read; the event
 * loop turns while a long file is read, so that output written meanwhile drains.
 */

import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { fileBytes, isRegularFile } from '../../io/src/lines';

const folder = mkdtempSync(join(tmpdir(), 'robots-file-bytes-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** The chunks `fileBytes` gives for a file holding `bytes`, read `size` bytes at a time. */
async function chunksOf(bytes: Uint8Array, size: number): Promise<Buffer[]> {
	const path = join(folder, `file-${Math.random().toString(36).slice(2)}`);
	writeFileSync(path, bytes);
	const fd = openSync(path, 'r');
	try {
		assert.ok(isRegularFile(fd));
		const chunks: Buffer[] = [];
		for await (const chunk of fileBytes(fd, size)) {
			chunks.push(chunk);
		}
		return chunks;
	} finally {
		closeSync(fd);
	}
}

/** Bytes that are neither gzip's magic nor text alone: every byte value, over and over. */
function varied(length: number): Buffer {
	return Buffer.from(Array.from({ length }, (_, at) => (at * 7 + 3) % 256));
}

describe('fileBytes', () => {
	test('every length around the chunk size reads as the file holds it, in chunks of the size asked, each its own memory', async () => {
		const size = 7;
		for (const length of [0, 1, 6, 7, 8, 14, 15, 3 * 7 + 5, 200]) {
			const bytes = varied(length);
			const chunks = await chunksOf(bytes, size);
			assert.deepEqual(Buffer.concat(chunks), bytes, `length ${length}`);
			assert.ok(
				chunks.every((chunk, at) => chunk.length === (at < chunks.length - 1 ? size : length - size * at)),
				`length ${length}: ${chunks.map((chunk) => chunk.length)}`,
			);
			assert.equal(new Set(chunks.map((chunk) => chunk.buffer)).size, chunks.length, `length ${length}: two chunks share a buffer`);
		}
	});

	test('gzip is told by its first two bytes: one member, concatenated members (as zcat reads them), one byte alike not gzip', async () => {
		const text = Buffer.from(`first\r\nsecond\n${'w'.repeat(300)}\nlast`);
		assert.deepEqual(Buffer.concat(await chunksOf(gzipSync(text), 16)), text);
		assert.deepEqual(Buffer.concat(await chunksOf(Buffer.concat([gzipSync('first\nsec'), gzipSync('ond\n')]), 5)), Buffer.from('first\nsecond\n'));
		// 1f alone, and 1f followed by anything but 8b, are bytes like any other.
		assert.deepEqual(Buffer.concat(await chunksOf(Buffer.from([0x1f]), 16)), Buffer.from([0x1f]));
		assert.deepEqual(Buffer.concat(await chunksOf(Buffer.from([0x1f, 0x8c, 0x41]), 2)), Buffer.from([0x1f, 0x8c, 0x41]));
	});

	test('a gzip file cut short is an error after the bytes before the cut', async () => {
		const whole = gzipSync(Array.from({ length: 20_000 }, (_, i) => `line ${i} ${(i * 7919) % 104729}\n`).join(''));
		let read = 0;
		const path = join(folder, 'cut.gz');
		writeFileSync(path, whole.subarray(0, whole.length - 1000));
		const fd = openSync(path, 'r');
		try {
			await assert.rejects(async () => {
				for await (const chunk of fileBytes(fd, 1 << 12)) {
					read += chunk.length;
				}
			}, /unexpected end of file/);
		} finally {
			closeSync(fd);
		}
		assert.ok(read > 0, String(read));
	});

	test('the event loop turns while a long file is read', async () => {
		let turned = false;
		setImmediate(() => {
			turned = true;
		});
		const chunks = await chunksOf(varied(64 * 10), 10);
		assert.equal(chunks.length, 64);
		assert.ok(turned, 'no turn of the event loop in 64 chunks');
	});

	test('a folder is not a regular file (its reader is the stream, which says why it cannot be read)', () => {
		const fd = openSync(folder, 'r');
		try {
			assert.equal(isRegularFile(fd), false);
		} finally {
			closeSync(fd);
		}
	});
});
