/**
 * `robots-txt logs` on several threads (cli/src/logThreads.ts): the parts a log is cut into split into the lines the
 * whole log does (the cutter's property, on generated inputs with every line end, split UTF-8 characters and lines too
 * long to read, fed in chunks of every size), and the report of a big log read on worker threads is byte for byte the
 * report read on one (as a process, on files, gzip and standard input).
 */

import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PartCutter } from '../../cli/src/logThreads';
import { type InputLine, LineSplitter } from '../../io/src/lines';
import { repoRoot } from '../util/fixtures';
import { englishEnv, runCli, workFolder } from './cliProcess';

/** A line as the reader gives it, without its number: its text, or that it was too long. */
type Line = string | { tooLong: true };

function plain(lines: readonly InputLine[]): Line[] {
	return lines.map((line) => ('tooLong' in line ? { tooLong: true } : line.text));
}

/** The lines of the whole input, as `linesOf` reads a file: decoded as a stream, split by one splitter. */
function wholeLines(bytes: Buffer, cap: number): Line[] {
	const decoder = new StringDecoder('utf8');
	const splitter = new LineSplitter(cap);
	return plain([...splitter.push(decoder.write(bytes)), ...splitter.push(decoder.end()), ...splitter.end()]);
}

/** The lines of the input cut into parts, each part decoded and split apart (a part after the first continues the log). */
function partLines(bytes: Buffer, chunkSizes: () => number, cutAt: number, longest: number, cap: number): Line[] {
	const cutter = new PartCutter(cutAt, longest);
	const parts = [];
	for (let at = 0; at < bytes.length; ) {
		const size = Math.min(chunkSizes(), bytes.length - at);
		parts.push(...cutter.push(Buffer.from(bytes.subarray(at, at + size))));
		at += size;
	}
	parts.push(...cutter.end());
	const lines: Line[] = [];
	for (const [index, part] of parts.entries()) {
		if ('tooLong' in part) {
			lines.push({ tooLong: true });
			continue;
		}
		const text = Buffer.concat(part.pieces);
		if (index < parts.length - 1) {
			// Every part but the last ends at a line end; a CR last is no half of a CR LF.
			assert.ok(text.length > 0 && (text[text.length - 1] === 0x0a || text[text.length - 1] === 0x0d), `part ${index} ends at a line end`);
		}
		const decoder = new StringDecoder('utf8');
		const splitter = new LineSplitter(cap, index > 0);
		lines.push(...plain([...splitter.push(decoder.write(text)), ...splitter.push(decoder.end()), ...splitter.end()]));
	}
	return lines;
}

describe('the parts a log is cut into', () => {
	test('split into the lines of the whole log: LF, CR, CR LF, a byte order mark, UTF-8 split anywhere, lines too long', () => {
		let seed = 5;
		const random = (n: number) => {
			seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
			return seed % n;
		};
		const pieces = ['GET /a', 'é', '€', '𝄞', '\n', '\r', '\r\n', '\r\n', '\n', 'x'.repeat(40), '\ufeff', '\xff'];
		const cap = 64;
		// Longer than any line the reader keeps: the cap's code units take at most 3 bytes each.
		const longest = 3 * cap + 4;
		for (let round = 0; round < 400; round++) {
			const parts: (string | Buffer)[] = round % 3 === 0 ? ['\ufeff'] : [];
			const count = random(200);
			for (let i = 0; i < count; i++) {
				const kind = random(40);
				if (kind === 0) {
					// A line longer than the cap, and one longer than the cutter keeps.
					parts.push('y'.repeat(cap + random(4 * cap)));
				} else if (kind === 1) {
					parts.push(Buffer.from([0xe2, 0x82]));
				} else {
					parts.push(pieces[random(pieces.length)]);
				}
			}
			const bytes = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
			const cutAt = 1 + random(300);
			const sizes = [1, 2, 3, 7, 64, 1000];
			const size = sizes[random(sizes.length)];
			assert.deepEqual(
				partLines(bytes, () => (size === 1000 ? 1 + random(500) : size), cutAt, longest, cap),
				wholeLines(bytes, cap),
				`round ${round}: ${JSON.stringify(bytes.toString('latin1'))} in chunks of ${size}, parts of ${cutAt}`,
			);
		}
	});

	test('a line too long to read is dropped as it comes: the cutter keeps no more than its bound', () => {
		const cutter = new PartCutter(16, 100);
		const out = [...cutter.push(Buffer.from('a\nbb'))];
		for (let i = 0; i < 1000; i++) {
			out.push(...cutter.push(Buffer.alloc(1000, 0x7a)));
		}
		out.push(...cutter.push(Buffer.from('z\r')), ...cutter.push(Buffer.from('\nlast')), ...cutter.end());
		assert.deepEqual(
			out.map((part) => ('tooLong' in part ? 'too long' : Buffer.concat(part.pieces).toString())),
			['a\n', 'too long', 'last'],
		);
	});
});

const work = workFolder('robots-log-threads-');
after(() => rmSync(work, { recursive: true, force: true }));

describe('robots-txt logs --threads', () => {
	const cliFixtures = join(repoRoot, 'test', 'fixtures', 'logs', 'cli');
	const robots = join(cliFixtures, 'robots.txt');
	const ranges = join(cliFixtures, 'googlebot-ranges.json');
	const fixtureLines = readFileSync(join(cliFixtures, 'access.log'), 'utf8')
		.split('\n')
		.filter((line) => line !== '');

	/** A log of about 6 MB: the fixture's requests with ever-new paths, line ends of every kind, unparsed lines far in. */
	function bigLog(): Buffer {
		const parts: string[] = [];
		let size = 0;
		for (let i = 0; size < 6_000_000; i++) {
			const line = fixtureLines[i % fixtureLines.length].replace(/"GET \/(\S*)/, (_, path: string) => `"GET /${path}${i % 3 === 0 ? `/${i % 500}` : ''}`);
			// Line ends: LF, then CR LF, then a lone CR in a stretch of the log; a few lines that are no log lines far in.
			const end = i % 10_000 < 2_000 ? '\r\n' : i % 10_000 < 2_050 ? '\r' : '\n';
			const text = (i > 20_000 && i % 7_919 === 0) || i === 100 ? `not a log line é ${i}` : line;
			parts.push(text + end);
			size += text.length + end.length;
		}
		// A line longer than the reader keeps, longer than a part, then one longer than a part the reader keeps; one
		// too long in the first part too (which this thread reads, a line at a time, before workers take the next ones).
		parts.splice(9_000, 0, `${'x'.repeat(3_500_000)}\n`, `${'y'.repeat(1_500_000)}\n`);
		parts.splice(50, 0, `${'z'.repeat(1_100_000)}\n`);
		return Buffer.from(parts.join(''));
	}

	function json(args: readonly string[], input?: Buffer): string {
		const result = runCli(['logs', ...args, '--format', 'json'], { env: englishEnv, ...(input !== undefined ? { input: input as unknown as string } : {}) });
		assert.equal(result.status, 0, result.stderr);
		return result.stdout;
	}

	test('the report of a big log is the same on one thread and on several: files, gzip, standard input, range lists', () => {
		const log = join(work, 'big.log');
		const bytes = bigLog();
		writeFileSync(log, bytes);
		const gzipped = join(work, 'big.log.gz');
		writeFileSync(gzipped, gzipSync(bytes));
		const second = join(work, 'second.log');
		writeFileSync(second, bytes.subarray(0, 2_500_000));
		for (const args of [
			[log, '--robots', robots],
			[log, second, '--robots', robots, '--ranges', `Googlebot=${ranges}`, '--top', '50'],
			[gzipped, '--robots', robots],
		]) {
			const one = json([...args, '--threads', '1']);
			const report = JSON.parse(one) as { lines: number; unparsed: number; unparsedSamples: { line: number }[] };
			assert.ok(report.lines > 30_000 && report.unparsed > 5, `${report.lines} lines, ${report.unparsed} unparsed`);
			assert.equal(json([...args, '--threads', '3']), one, args.join(' '));
		}
		const fromFile = json([log, '--robots', robots, '--threads', '1']);
		assert.equal(json(['-', '--robots', robots, '--threads', '2'], bytes).replaceAll('"stdin"', `"${log}"`), fromFile);
		assert.equal(json(['-', '--robots', robots, '--threads', '2'], gzipSync(bytes)).replaceAll('"stdin"', `"${log}"`), fromFile);
		// By default, standard input and gzip are read in parts, a line at a time on this thread until workers pay.
		assert.equal(json(['-', '--robots', robots], bytes).replaceAll('"stdin"', `"${log}"`), fromFile);
		assert.equal(json([gzipped, '--robots', robots]).replaceAll(gzipped, log), fromFile);
	});

	test('JSON lines and W3C logs (whose #Fields: lines are read in order, on this thread) report the same on one thread and on several', () => {
		const fixtures = join(repoRoot, 'test', 'fixtures', 'logs');
		const jsonLines = ['cloudflare.jsonl', 'generic.jsonl'].flatMap((name) =>
			readFileSync(join(fixtures, name), 'utf8')
				.split('\n')
				.filter((line) => line !== ''),
		);
		const iis = readFileSync(join(fixtures, 'iis.log'), 'utf8')
			.split('\n')
			.filter((line) => line !== '');
		const cloudfront = readFileSync(join(fixtures, 'cloudfront.log'), 'utf8')
			.split('\n')
			.filter((line) => line !== '');
		const jsonLog: string[] = [];
		const w3c: string[] = [];
		for (let i = 0; jsonLog.length < 30_000; i++) {
			jsonLog.push(jsonLines[i % jsonLines.length].replace(/"(\/[^"]*)"/, (_, path: string) => `"${path}${i % 5 === 0 ? `/${i % 300}` : ''}"`));
		}
		// The fixtures as they are, directives and all, again and again: the columns change every few lines.
		for (let i = 0; w3c.length < 36_000; i++) {
			const block = i % 4 === 3 ? cloudfront : iis;
			// Every third IIS block's first request is Googlebot's, to a private path a tenth of the time.
			w3c.push(
				...block.map((line) =>
					block === iis && i % 3 === 0
						? line
								.replace('Mozilla/4.0+(compatible;+MSIE+5.01;+Windows+2000+Server)', 'Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html)')
								.replace('/Default.htm', i % 10 === 0 ? `/private/${i % 200}` : `/page/${i % 500}`)
						: line,
				),
			);
		}
		for (const [name, lines] of [
			['big.jsonl', jsonLog],
			['big-w3c.log', w3c],
		] as const) {
			const log = join(work, name);
			writeFileSync(log, `${lines.join('\n')}\n`);
			const one = json([log, '--robots', robots, '--threads', '1']);
			const report = JSON.parse(one) as { requests: number; crawlers: unknown[] };
			assert.ok(report.requests > 10_000 && report.crawlers.length > 0, `${name}: ${report.requests} requests`);
			assert.equal(json([log, '--robots', robots, '--threads', '3']), one, name);
		}
	});

	test('a gzip log cut short: the same lines count on one thread and on several, and both say where it stopped', () => {
		const gzipped = gzipSync(bigLog());
		const cut = join(work, 'cut.log.gz');
		writeFileSync(cut, gzipped.subarray(0, Math.floor(gzipped.length * 0.7)));
		const [one, several] = ['1', '2'].map((threads) =>
			runCli(['logs', cut, '--robots', robots, '--format', 'json', '--threads', threads], { env: englishEnv }),
		);
		for (const result of [one, several]) {
			assert.equal(result.status, 2);
			assert.match(result.stderr, /^robots-txt: cannot read .*cut\.log\.gz: unexpected end of file\n$/);
		}
		const report = JSON.parse(one.stdout) as { lines: number };
		assert.ok(report.lines > 10_000, String(report.lines));
		assert.equal(several.stdout, one.stdout);
	});

	test('--threads takes a whole number from 1 to 64', () => {
		for (const value of ['0', 'two', '1.5', '65']) {
			const result = runCli(['logs', join(cliFixtures, 'access.log'), '--robots', robots, '--threads', value], { env: englishEnv });
			assert.equal(result.status, 2, value);
			assert.match(result.stderr, /--threads takes a whole number from 1 to 64/);
		}
		const merged = runCli(['logs', '--merge', join(cliFixtures, 'access.log'), '--threads', '2'], { env: englishEnv });
		assert.equal(merged.status, 2);
		assert.match(merged.stderr, /--merge adds reports up/);
	});
});
