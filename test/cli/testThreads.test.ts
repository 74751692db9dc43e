/**
 * `robots-txt test --urls` on worker threads (cli/src/testThreads.ts): the output of a big list is byte for byte the
 * output of one thread, standard error and exit status included, whatever the list holds (inputs that cannot be
 * tested, far in and numbered by their line in the whole list; lines too long to read; comments, blank lines, every
 * line end; a byte order mark first), in text and JSON, for several crawlers and a parser, in another language, from
 * a file, gzip and standard input; the options are checked.
 */

import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { englishEnv, runCli, workFolder } from './cliProcess';

const work = workFolder('robots-test-threads-');
after(() => rmSync(work, { recursive: true, force: true }));

const robots = join(work, 'robots.txt');
writeFileSync(
	robots,
	[
		'User-agent: *',
		'Disallow: /private/',
		'Allow: /private/open$',
		'',
		'User-agent: Googlebot',
		'Disallow: /*.pdf$',
		'Disallow: /search',
		'',
		'User-agent: GPTBot',
		'Disallow: /',
		'',
		'Content-Usage: train-ai=n',
		'',
	].join('\n'),
);

/** A list of about 5 MB: URLs of every kind, with what cannot be tested and what is skipped far in. */
function bigList(): Buffer {
	const parts: string[] = ['\ufeffhttps://example.com/first\n'];
	let size = 0;
	for (let i = 0; size < 5_000_000; i++) {
		const end = i % 9_000 < 1_000 ? '\r\n' : '\n';
		let line: string;
		switch (i % 13) {
			case 0:
				line = `https://example.com/private/${i}`;
				break;
			case 1:
				line = `/files/report-${i}.pdf`;
				break;
			case 2:
				line = i % 2 === 0 ? '' : `# a comment ${i}`;
				break;
			case 3:
				line = `  https://www.example.org/search?q=${i}  `;
				break;
			case 4:
				line = i % 1_001 === 4 ? `https://example.com/a b/${i}` : `https://example.com/private/open`;
				break;
			case 5:
				line = i % 2_003 === 5 ? `private/${i}` : `//example.com/ünï/${i}`;
				break;
			default:
				line = `https://example.com/page/${i % 700}?ref=${i % 11}`;
		}
		parts.push(line + end);
		size += line.length + end.length;
	}
	// A line longer than the reader keeps, far in, and the last line without its line end.
	parts.splice(40_000, 0, `https://example.com/${'x'.repeat(1_100_000)}\n`);
	parts.push('https://example.com/last');
	return Buffer.from(parts.join(''));
}

const list = join(work, 'urls.txt');
const bytes = bigList();
writeFileSync(list, bytes);

function run(args: readonly string[], input?: Buffer) {
	return runCli(['test', robots, ...args], { env: englishEnv, ...(input !== undefined ? { input: input as unknown as string } : {}) });
}

describe('robots-txt test --urls --threads', () => {
	test('text and JSON, one crawler and several, and a parser: the same output, errors and status on one thread and on three', () => {
		for (const args of [
			['--agent', 'Googlebot'],
			['--agent', 'Googlebot,GPTBot,bingbot', '--json'],
			['--agent', 'Googlebot', '--dialect', 'rfc9309', '--json'],
			['--agent', 'GPTBot', '/given/first', 'not a url'],
		]) {
			const one = run([...args, '--urls', list, '--threads', '1']);
			assert.equal(one.status, 2, one.stderr);
			assert.ok(one.stdout.split('\n').length > 100_000, `${one.stdout.length} characters`);
			const three = run([...args, '--urls', list, '--threads', '3']);
			assert.equal(three.stdout, one.stdout, args.join(' '));
			assert.equal(three.stderr, one.stderr, args.join(' '));
			assert.equal(three.status, one.status);
		}
	});

	test('the inputs that cannot be tested are numbered by their line in the whole list', () => {
		const result = run(['--agent', 'Googlebot', '--urls', list, '--threads', '2']);
		const errors = result.stderr.split('\n').filter((line) => line !== '');
		assert.ok(errors.length > 20, result.stderr.slice(0, 500));
		const lines = bytes.toString('utf8').split(/\r\n|\n/);
		for (const error of errors) {
			const match = /^.*urls\.txt:(\d+): (?:"((?:[^"\\]|\\.)*)": )?(.*)$/.exec(error);
			assert.ok(match, error);
			const line = lines[Number(match[1]) - 1];
			if (match[2] === undefined) {
				assert.ok(line.length > 1_000_000 && /longer than/.test(match[3]), error);
			} else {
				assert.equal(line.trim(), JSON.parse(`"${match[2]}"`), error);
			}
		}
	});

	test('gzip and standard input, when threads are asked for, and another language', () => {
		const one = run(['--agent', 'Googlebot', '--json', '--urls', list, '--threads', '1']);
		const gzipped = join(work, 'urls.txt.gz');
		writeFileSync(gzipped, gzipSync(bytes));
		assert.equal(run(['--agent', 'Googlebot', '--json', '--urls', gzipped, '--threads', '2']).stdout, one.stdout);
		assert.equal(run(['--agent', 'Googlebot', '--json', '--urls', '-', '--threads', '2'], bytes).stdout, one.stdout);
		const russian = (threads: string) => run(['--locale', 'ru', '--agent', 'Googlebot', '--urls', list, '--threads', threads]);
		const ru = russian('1');
		assert.notEqual(ru.stdout, run(['--agent', 'Googlebot', '--urls', list, '--threads', '1']).stdout);
		assert.deepEqual(russian('2'), ru);
	});

	test('a gzip list cut short: the same URLs answered on one thread and on several, and both say where it stopped', () => {
		const gzipped = gzipSync(bytes);
		const cut = join(work, 'cut.txt.gz');
		writeFileSync(cut, gzipped.subarray(0, Math.floor(gzipped.length * 0.7)));
		const [one, several] = ['1', '2'].map((threads) => run(['--agent', 'Googlebot', '--json', '--urls', cut, '--threads', threads]));
		for (const result of [one, several]) {
			assert.equal(result.status, 2);
			assert.match(result.stderr, /^robots-txt: cannot read .*cut\.txt\.gz: unexpected end of file\n$/);
		}
		assert.ok(one.stdout.split('\n').length > 50_000, `${one.stdout.length} characters`);
		assert.equal(several.stdout, one.stdout);
	});

	test('--threads takes a whole number from 1 to 64, and only where URLs are answered against a robots file', () => {
		for (const value of ['0', '65', 'two', '1.5']) {
			const result = run(['--agent', 'Googlebot', '--urls', list, '--threads', value]);
			assert.equal(result.status, 2);
			assert.match(result.stderr, new RegExp(`--threads takes a whole number from 1 to 64, not "${value.replace('.', '\\.')}"`));
		}
		const batch = runCli(['test', '--batch', list, '--threads', '2'], { env: englishEnv });
		assert.equal(batch.status, 2);
		assert.match(batch.stderr, /--threads answers the URLs of --urls against a robots file; --batch takes no --threads/);
	});
});
