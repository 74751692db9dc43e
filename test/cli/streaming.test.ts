/**
 * `robots-txt test --urls` and `--batch` read their input as a stream (issue 21, finding 7: "10 M URLs peak at 1.5 GB;
 * a batch file over 512 MiB crashes with a stack trace"): memory flat in the input size, a line over the cap reported
 * in place without being held, and line ends (CR, LF, CRLF, as the README's URL lists and every other input of ours
 * read them) found wherever the chunks of the stream happen to split them.
 */

import { execFile, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { LineSplitter, linesOf, maxLineLength, type InputLine } from '../../io/src/lines';
import { cli, englishEnv, runCli, workFolder } from './cliProcess';

const work = workFolder('robots-streaming-');
after(() => rmSync(work, { recursive: true, force: true }));

const robots = join(work, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n');

/** A preload that reports the process's peak resident set size (process.resourceUsage().maxRSS, in KiB) to a file. */
const hook = join(work, 'max-rss.cjs');
writeFileSync(hook, 'process.on("exit", () => require("fs").writeFileSync(process.env.MAX_RSS_FILE, String(process.resourceUsage().maxRSS)));\n');

/**
 * The heap of the measured runs: an old generation of 24 MiB (the CLI's live heap is about 10, and a batch's peaks
 * between collections reached 16 on a loaded machine), which a CLI that keeps
 * every line outgrows on the larger input (a crash is a failure too), and a young generation of a small fixed size,
 * full early in a run, so that its growth, or the old generation's filling up to its limit, is not taken for the
 * input's.
 */
// 4 MiB, fixed (the CLI lets it grow to 32 unless node is given a size, cli/src/entry.ts): read as bytes, a URL of
// --urls allocates only its text, and a young generation of 32 MiB filled so late that the peak grew up to 800 000
// URLs (82 MB for 200 000, 95 for 400 000, 108, 111 and 112 for 800 000, 1.6 M and 3.2 M); at 4 MiB, 76 and 78 MB
// for 400 000 and 1.6 M, and a batch 72 and 74 MB for 50 000 and 200 000 requests.
const heapFlags = ['--max-old-space-size=24', '--min-semi-space-size=4', '--max-semi-space-size=4'];

/**
 * Runs the CLI with the hook, reading its standard output through a pipe as a consumer would (so the CLI meets
 * backpressure), and counts the lines it wrote. Resolves to the exit status, the line count and the peak RSS in KiB.
 */
function runMeasured(args: readonly string[], name: string): Promise<{ status: number | null; lines: number; maxRss: number; stderr: string }> {
	const report = join(work, `${name}.rss`);
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...heapFlags, '--require', hook, cli, ...args], {
			env: { ...englishEnv, MAX_RSS_FILE: report },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let lines = 0;
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => {
			for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) {
				lines++;
			}
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString('utf8');
		});
		child.on('error', reject);
		child.on('close', (status) => {
			resolve({ status, lines, maxRss: Number(readFileSync(report, 'utf8')), stderr });
		});
	});
}

/** A URL list of `count` distinct paths, one a line. */
function urlList(name: string, count: number): string {
	const path = join(work, name);
	const lines: string[] = [];
	for (let i = 0; i < count; i++) {
		lines.push(`/page/${i}?q=${i % 97}`);
	}
	writeFileSync(path, lines.join('\n') + '\n');
	return path;
}

/** A batch of `count` requests, one JSON object a line. */
function batchFile(name: string, count: number): string {
	const path = join(work, name);
	const lines: string[] = [];
	for (let i = 0; i < count; i++) {
		lines.push(JSON.stringify({ robots, agent: i % 2 === 0 ? 'Googlebot' : 'bingbot', url: `/page/${i}` }));
	}
	writeFileSync(path, lines.join('\n') + '\n');
	return path;
}

describe('memory flat in the input size', () => {
	// The ratio of the peak RSS of 4N and N inputs, not a size or a time: reading the input whole held every line and an
	// object for each (about 130 bytes a URL, 1.5 GB for 10 M); a stream holds a chunk and a line. N is large enough
	// that the heap reaches its working size before the input ends (the young generation fills, the old one reaches
	// its limit; see heapFlags).
	/** Runs `argsFor` on N and 4N lines: each exits 0 with a line out for every line in, at the same peak RSS. */
	async function assertFlat(name: string, argsFor: (count: number, file: string) => string[], small = 50_000): Promise<void> {
		const big = 4 * small;
		const few = await runMeasured(argsFor(small, `${name}-few`), `${name}-few`);
		const many = await runMeasured(argsFor(big, `${name}-many`), `${name}-many`);
		assert.equal(few.status, 0, few.stderr);
		assert.equal(many.status, 0, many.stderr);
		assert.equal(few.lines, small);
		assert.equal(many.lines, big);
		const ratio = many.maxRss / few.maxRss;
		assert.ok(ratio < 1.1, `peak RSS ${few.maxRss} KiB for ${small} lines, ${many.maxRss} KiB for ${big} (ratio ${ratio.toFixed(2)})`);
	}

	test('--urls: four times the URLs, the same peak memory, every URL answered', async () => {
		await assertFlat('urls', (count, file) => ['test', robots, '--agent', 'Googlebot', '--urls', urlList(`${file}.txt`, count)], 400_000);
	});

	test('--batch: four times the requests, the same peak memory, every request answered', async () => {
		await assertFlat('batch', (count, file) => ['test', '--batch', batchFile(`${file}.jsonl`, count)]);
	});
});

/**
 * A program that asks one line at a time (a crawler checking before each fetch) and reads each answer before it writes
 * the next: `ask` writes a line and resolves with the next line of output, within 20 s; `end` writes the last and
 * resolves with the exit status and every line of output. An answer held back until more input came leaves both waiting.
 */
function conversation(args: readonly string[]): {
	ask: (line: string) => Promise<string>;
	end: (line: string) => Promise<{ status: number | null; lines: string[] }>;
} {
	const child = spawn(process.execPath, [cli, ...args], { env: englishEnv, stdio: ['pipe', 'pipe', 'pipe'] });
	const lines: string[] = [];
	let pending = '';
	let waiting: ((line: string) => void) | undefined;
	child.stdout.on('data', (chunk: Buffer) => {
		pending += chunk.toString('utf8');
		for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
			const line = pending.slice(0, end);
			pending = pending.slice(end + 1);
			lines.push(line);
			waiting?.(line);
		}
	});
	const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
	let taken = 0;
	const next = (asked: string) =>
		new Promise<string>((resolve, reject) => {
			if (taken < lines.length) {
				resolve(lines[taken++]);
				return;
			}
			const timer = setTimeout(() => {
				child.kill();
				reject(new Error(`no answer to ${JSON.stringify(asked)} within 20 s; answers so far: ${JSON.stringify(lines)}`));
			}, 20_000);
			waiting = (answer) => {
				clearTimeout(timer);
				waiting = undefined;
				taken++;
				resolve(answer);
			};
		});
	return {
		// An empty line writes nothing: the next answer is to what was asked before (a URL given as an argument).
		ask: (line) => {
			const answer = next(line);
			if (line !== '') {
				child.stdin.write(line);
			}
			return answer;
		},
		end: async (line) => {
			child.stdin.end(line);
			return { status: await closed, lines };
		},
	};
}

describe('answers as the input comes', () => {
	// On worker threads too: they were handed a mebibyte of the list at a time, and their answers written only once
	// more parts came, so a program waiting for each answer waited for ever.
	for (const threads of [[], ['--threads', '2']]) {
		test(`--urls - ${threads.join(' ')}: a URL piped by a program that waits for its answer is answered before the next comes`, async () => {
			const talk = conversation(['test', robots, '--agent', 'Googlebot', '--urls', '-', ...threads]);
			assert.match(await talk.ask('/nogoogle/a\n'), /^DISALLOWED \/nogoogle\/a /);
			assert.match(await talk.ask('/public\r\n'), /^ALLOWED +\/public /);
			const { status, lines } = await talk.end('/private/x');
			assert.equal(status, 0);
			assert.equal(lines.length, 3);
			// Googlebot follows its own group (line 4), not `*`'s Disallow: /private (RFC 9309 §2.2.1).
			assert.match(lines[2], /^ALLOWED +\/private\/x /);
		});

		test(`--urls - ${threads.join(' ')} after URLs given as arguments: theirs are answered before the list is read`, async () => {
			const talk = conversation(['test', robots, '--agent', 'Googlebot', '/nogoogle/a', '--urls', '-', ...threads]);
			assert.match(await talk.ask(''), /^DISALLOWED \/nogoogle\/a /);
			assert.match(await talk.ask('/public\n'), /^ALLOWED +\/public /);
			const { status, lines } = await talk.end('');
			assert.equal(status, 0);
			assert.equal(lines.length, 2);
		});

		test(`--urls - --json ${threads.join(' ')}: an input that is no URL gets its error record at once, in its place`, async () => {
			// The error record was buffered until the next answer: a program waiting for it waited for ever.
			const talk = conversation(['test', robots, '--agent', 'Googlebot', '--urls', '-', '--json', ...threads]);
			assert.equal(JSON.parse(await talk.ask('/nogoogle/a\n')).verdict, 'disallow');
			assert.deepEqual(Object.keys(JSON.parse(await talk.ask('not a url\n'))), ['url', 'inputLine', 'error']);
			assert.equal(JSON.parse(await talk.ask('/public\n')).verdict, 'allow');
			const { status, lines } = await talk.end('');
			assert.equal(status, 2);
			assert.equal(lines.length, 3);
		});
	}

	test('--batch -: a request piped by a program that waits for its answer is answered before the next comes', async () => {
		// Batch answers were written 64 KiB at a time: the first answer of a conversation never came.
		const request = (url: string) => `${JSON.stringify({ robots, agent: 'Googlebot', url: `https://example.com${url}` })}\n`;
		const talk = conversation(['test', '--batch', '-']);
		assert.equal(JSON.parse(await talk.ask(request('/nogoogle/a'))).verdict, 'disallow');
		assert.match(JSON.parse(await talk.ask('{"robots": \n')).error, /JSON/);
		assert.equal(JSON.parse(await talk.ask(request('/public'))).verdict, 'allow');
		const { status, lines } = await talk.end('');
		assert.equal(status, 2);
		assert.equal(lines.length, 3);
	});

	test('--site <url> --urls -: a URL piped by a program that waits for its answer is answered before the next comes', async () => {
		const server = createServer((request, response) => {
			response.writeHead(request.url === '/robots.txt' ? 200 : 404, { 'content-type': 'text/plain' });
			response.end(request.url === '/robots.txt' ? readFileSync(robots) : '');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const { port } = server.address() as AddressInfo;
			const talk = conversation(['test', '--site', `http://127.0.0.1:${port}`, '--agent', 'Googlebot', '--urls', '-']);
			assert.match(await talk.ask('/nogoogle/a\n'), /^DISALLOWED \/nogoogle\/a /);
			assert.match(await talk.ask('/public\n'), /^ALLOWED +\/public /);
			const { status } = await talk.end('');
			assert.equal(status, 0);
		} finally {
			server.close();
		}
	});
});

describe('a line over the cap', () => {
	// What made a batch over 512 MiB crash ("Cannot create a string longer than …") was holding the input as one string;
	// a line over the cap is the same shape in a few megabytes: it is reported in place and the lines around it answered.
	const long = '/' + 'x'.repeat(maxLineLength + 1);

	test('--batch: the long line gets an error record, the others their answers', () => {
		const path = join(work, 'long.jsonl');
		writeFileSync(
			path,
			[
				JSON.stringify({ robots, agent: 'Googlebot', url: '/nogoogle' }),
				JSON.stringify({ robots, agent: 'Googlebot', url: long }),
				JSON.stringify({ robots, agent: 'bingbot', url: '/private' }),
			].join('\n'),
		);
		const result = runCli(['test', '--batch', path]);
		assert.equal(result.status, 2, result.stderr);
		const records = result.stdout
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line));
		assert.equal(records.length, 3);
		assert.deepEqual([records[0].url, records[0].verdict], ['/nogoogle', 'disallow']);
		assert.equal(records[1].inputLine, 2);
		assert.match(records[1].error, /^the line is longer than 1,048,576 characters; it was not read$/);
		assert.equal(records[1].url, undefined, 'the long line is not read, so nothing of it is quoted');
		assert.deepEqual([records[2].url, records[2].verdict], ['/private', 'disallow']);
		assert.match(result.stderr, /1 of 3 batch lines could not be answered \(line 2\)/);
	});

	test('--urls: the long line is reported on standard error with its line number, the others answered', () => {
		const path = join(work, 'long.txt');
		writeFileSync(path, `/private\r\n${long}\r\n/open`);
		const result = runCli(['test', robots, '--agent', 'bingbot', '--urls', path]);
		assert.equal(result.status, 2);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'DISALLOWED /private  (line 2: Disallow: /private)',
			'ALLOWED    /open  (no rule of the group at line 1 matches)',
		]);
		assert.equal(result.stderr, `robots-txt: ${path}:2: the line is longer than 1,048,576 characters; it was not read\n`);
	});
});

describe('line ends wherever the stream splits them', () => {
	/** The lines of `text` by the definition every input of ours uses: CR, LF and CRLF end a line. */
	function reference(text: string): string[] {
		const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
		return lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines;
	}

	function texts(lines: readonly InputLine[]): string[] {
		return lines.map((line) => ('text' in line ? line.text : '<too long>'));
	}

	test('every split of a text into two or three chunks gives the lines of the whole text', () => {
		const samples = ['\ufeff/a\r\n/b\r/c\n\n/d', '/a\r\n\r\n', '\r\r\n\n', '/last line without an end', '/é\r\n/ü'];
		for (const text of samples) {
			for (let i = 0; i <= text.length; i++) {
				for (let j = i; j <= text.length; j++) {
					const splitter = new LineSplitter();
					const lines = [...splitter.push(text.slice(0, i)), ...splitter.push(text.slice(i, j)), ...splitter.push(text.slice(j)), ...splitter.end()];
					assert.deepEqual(texts(lines), reference(text), `${JSON.stringify(text)} split at ${i} and ${j}`);
					assert.deepEqual(
						lines.map((line) => line.line),
						reference(text).map((_, index) => index + 1),
					);
				}
			}
		}
	});

	test('random texts of line ends, split into random chunks, give the lines of the whole text', () => {
		const text = fc.array(fc.constantFrom('a', 'bc', '\r', '\n', '\r\n', 'é', '\ufeff'), { maxLength: 30 }).map((parts) => parts.join(''));
		fc.assert(
			fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (whole, cuts) => {
				const at = [...new Set(cuts.map((cut) => cut % (whole.length + 1)))].sort((a, b) => a - b);
				const splitter = new LineSplitter();
				const lines: InputLine[] = [];
				let from = 0;
				for (const cut of [...at, whole.length]) {
					lines.push(...splitter.push(whole.slice(from, cut)));
					from = cut;
				}
				lines.push(...splitter.end());
				assert.deepEqual(texts(lines), reference(whole));
				assert.deepEqual(
					lines.map((line) => line.line),
					reference(whole).map((_, index) => index + 1),
				);
			}),
			{ numRuns: 2000 },
		);
	});

	test('a line over the cap is counted, and the line after it read, whatever the chunks', () => {
		const splitter = new LineSplitter(4);
		const lines = [...splitter.push('/ab\n/abc'), ...splitter.push('de'), ...splitter.push('f\r'), ...splitter.push('\n/x'), ...splitter.end()];
		assert.deepEqual(texts(lines), ['/ab', '<too long>', '/x']);
		assert.deepEqual(
			lines.map((line) => line.line),
			[1, 2, 3],
		);
	});

	test('a CRLF and a two-byte character across the 64 KiB chunks of a file', () => {
		// The first line is 5 bytes and the others 4, so that the CR of a line end is the last byte of the first 64 KiB
		// chunk; then a line whose "é" straddles the second chunk's end. A CRLF counted twice would shift the line
		// numbers of what follows; a split character would read as U+FFFD.
		const lines = ['/ab'];
		while (lines.length * 4 + 1 < 65_536) {
			lines.push('/a');
		}
		const text = lines.join('\r\n') + '\r\n';
		assert.equal(Buffer.from(text).subarray(65_535, 65_537).toString('latin1'), '\r\n');
		const pad = 131_072 - Buffer.byteLength(text) - 2;
		const straddling = `/${'x'.repeat(pad)}é`;
		const all = `${text}${straddling}\nnot a url\n`;
		assert.equal(Buffer.from(all).subarray(131_071, 131_073).toString('utf8'), 'é');
		const path = join(work, 'chunks.txt');
		writeFileSync(path, all);
		const result = runCli(['test', robots, '--agent', 'Googlebot', '--json', '--urls', path]);
		const records = result.stdout
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line));
		assert.equal(records.length, lines.length + 2);
		assert.equal(records[lines.length].url, straddling);
		assert.deepEqual(records[lines.length + 1], { url: 'not a url', inputLine: lines.length + 2, error: records[lines.length + 1].error });
	});
});

describe('one reader for every line input (io/src/lines.ts)', () => {
	test('--urls reads a gzip list as logs reads a gzip log: told by its first bytes (RFC 1952 section 2.3.1), not by its name', () => {
		const path = join(work, 'urls-gzip.txt');
		writeFileSync(path, gzipSync('/private\r\n/open\n'));
		const result = runCli(['test', robots, '--agent', 'bingbot', '--urls', path]);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'DISALLOWED /private  (line 2: Disallow: /private)',
			'ALLOWED    /open  (no rule of the group at line 1 matches)',
		]);
	});

	test('--urls from a named pipe a program writes the list into and closes (mkfifo): read once, to its end', async () => {
		const list = Array.from({ length: 2_000 }, (_, i) => `/${i % 3 === 0 ? 'private' : 'public'}/${i}`).join('\n');
		const expected = runCli(['test', robots, '--agent', 'Googlebot', '--urls', '-'], { input: list });
		assert.equal(expected.status, 0, expected.stderr);
		for (const threads of [[], ['--threads', '2']]) {
			const pipe = join(work, `urls-${threads.length}.fifo`);
			execFileSync('mkfifo', [pipe]);
			const source = join(work, `urls-${threads.length}.txt`);
			writeFileSync(source, list);
			// The writer opens the pipe, writes everything and closes; the command must not open it a second time.
			const writer = spawn('sh', ['-c', 'cat "$0" > "$1"', source, pipe]);
			const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
				execFile(
					process.execPath,
					[cli, 'test', robots, '--agent', 'Googlebot', '--urls', pipe, ...threads],
					{ env: englishEnv, timeout: 30_000 },
					(error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
				);
			});
			writer.kill();
			assert.equal(result.code, 0, `${threads}: ${result.stderr || 'no exit (a hang)'}`);
			assert.equal(result.stdout, expected.stdout, `${threads}`);
		}
	});

	test('a first chunk of one byte that is not gzip is read at once, so a pipe that waits for its answer is answered', { timeout: 20_000 }, async () => {
		// A batch client that writes an empty line and waits: the reader must not wait for a second byte to tell gzip.
		const input = new PassThrough();
		const lines = linesOf(input);
		input.write('\n');
		assert.deepEqual((await lines.next()).value, [{ line: 1, text: '' }]);
		input.end('/a');
		assert.deepEqual((await lines.next()).value, [{ line: 2, text: '/a' }]);
		assert.equal((await lines.next()).done, true);
		// A first byte that may start gzip waits for the second, or for the end.
		const alone = new PassThrough();
		const hers = linesOf(alone);
		alone.write(Buffer.from([0x1f]));
		alone.end();
		assert.deepEqual((await hers.next()).value, [{ line: 1, text: '\u001f' }]);
	});
});
