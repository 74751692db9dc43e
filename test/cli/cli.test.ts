/**
 * The `robots-txt` command as a script would use it: the built bundle, real files, standard input and exit codes.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';

const cli = join(repoRoot, 'server', 'dist', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'robots-cli-'));
const robots = join(work, 'robots.txt');
writeFileSync(robots, [
	'User-agent: *',
	'Disallow: /private',
	'',
	'User-agent: Googlebot',
	'Disallow: /shop',
	'Allow: /shop/public',
	'',
].join('\n'));

function run(args: string[], input?: string) {
	const result = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('robots-txt test', () => {
	test('text output: one line per URL with the verdict and the deciding line', () => {
		const result = run(['test', robots, '--agent', 'Googlebot', 'https://example.com/shop/x', 'https://example.com/shop/public/y', '/private']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'DISALLOWED https://example.com/shop/x  (line 5: Disallow: /shop)',
			'ALLOWED    https://example.com/shop/public/y  (line 6: Allow: /shop/public)',
			'ALLOWED    /private  (no rule matches)',
		]);
	});

	test('--json and --dialect', () => {
		const result = run(['test', robots, '--agent', 'Googlebot', '--dialect', 'draft1996', '--json', '/shop/public/y']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(JSON.parse(result.stdout), {
			url: '/shop/public/y', agent: 'Googlebot', dialect: 'draft1996', verdict: 'disallow', line: 5, rule: 'Disallow: /shop',
		});
	});

	test('--urls - reads one URL a line from standard input', () => {
		const result = run(['test', robots, '--agent', 'Bingbot', '--json', '--urls', '-'], '/private/a\r\n/public\n\n/robots.txt\n');
		assert.equal(result.status, 0, result.stderr);
		const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
		assert.deepEqual(lines.map((line) => [line.url, line.verdict, line.line]), [
			['/private/a', 'disallow', 2],
			['/public', 'allow', null],
			['/robots.txt', 'allow', null],
		]);
	});

	test('--batch answers JSON lines in order, with the robots path', () => {
		const other = join(work, 'other.txt');
		writeFileSync(other, 'User-agent: *\nDisallow: /\n');
		const batch = [
			{ robots: robots, agent: 'Googlebot', url: '/shop/a' },
			{ robots: other, agent: 'Googlebot', url: '/a', dialect: 'google' },
			{ robots: robots, agent: 'Googlebot', url: '/shop/public/a', dialect: 'draft1996' },
		].map((line) => JSON.stringify(line)).join('\n');
		const result = run(['test', '--batch', '-'], batch);
		assert.equal(result.status, 0, result.stderr);
		const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
		assert.deepEqual(lines.map((line) => [line.robots, line.dialect, line.verdict, line.line]), [
			[robots, 'rfc9309', 'disallow', 5],
			[other, 'google', 'disallow', 2],
			[robots, 'draft1996', 'disallow', 5],
		]);
	});

	test('bad arguments and unreadable files exit 2 with a one-line error', () => {
		const cases: string[][] = [
			['test', robots, 'https://example.com/'],
			['test', robots, '--agent', 'a', '--dialect', 'bing', '/'],
			['test', join(work, 'missing.txt'), '--agent', 'a', '/'],
			['test', robots, '--agent', 'a'],
			['frobnicate'],
			['test', robots, '--agent', 'a', '--bogus', '/'],
		];
		for (const args of cases) {
			const result = run(args);
			assert.equal(result.status, 2, args.join(' '));
			assert.equal(result.stdout, '');
			assert.match(result.stderr, /^robots-txt: [^\n]+\n$/, args.join(' '));
		}
		const batch = run(['test', '--batch', '-'], '{"robots": 1}\n');
		assert.equal(batch.status, 2);
		assert.match(batch.stderr, /stdin:1: expected/);
	});

	test('--help exits 0', () => {
		const result = run(['--help']);
		assert.equal(result.status, 0);
		assert.match(result.stdout, /robots-txt test <robots-file>/);
	});
});
