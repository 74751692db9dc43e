/**
 * The `robots-txt` command as a script would use it: the built bundle, real files, standard input and exit codes.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { attachExample, repoRoot } from '../util/fixtures';

const cli = join(repoRoot, 'cli', 'dist', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'robots-cli-'));
const robots = join(work, 'robots.txt');
writeFileSync(robots, ['User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /shop', 'Allow: /shop/public', ''].join('\n'));

function run(args: string[], input?: string) {
	// The C locale: the English the assertions read, whatever the developer's LANG.
	const result = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The objects of a command's JSON lines. */
function jsonLines(stdout: string): { [field: string]: unknown }[] {
	return stdout
		.trimEnd()
		.split('\n')
		.map((line) => JSON.parse(line));
}

describe('robots-txt test', () => {
	test('text output: one line per URL with the verdict and the deciding line, or the group followed', () => {
		const result = run(['test', robots, '--agent', 'Googlebot', 'https://example.com/shop/x', 'https://example.com/shop/public/y', '/private']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'DISALLOWED https://example.com/shop/x  (line 5: Disallow: /shop)',
			'ALLOWED    https://example.com/shop/public/y  (line 6: Allow: /shop/public)',
			'ALLOWED    /private  (no rule of the group at line 4 matches)',
		]);
	});

	test('--json and --dialect', () => {
		const result = run(['test', robots, '--agent', 'Googlebot', '--dialect', 'draft1996', '--json', '/shop/public/y']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(JSON.parse(result.stdout), {
			url: '/shop/public/y',
			agent: 'Googlebot',
			dialect: 'draft1996',
			verdict: 'disallow',
			line: 5,
			rule: 'Disallow: /shop',
			reason: 'rule',
			groups: [4],
			preferences: { contentUsage: null, contentSignal: null, licenses: [] },
		});
	});

	test('--json gives the preference lines that apply to each answer (issue 24)', () => {
		// draft-ietf-aipref-attach-05 §3.4's example file and table, with a License line (RSL 1.0) and a Content-Signal
		// (contentsignals.org) in the ExampleBot group.
		const file = join(work, 'preferences.txt');
		writeFileSync(file, attachExample);
		const result = run(['test', file, '--agent', 'GPTBot', '--agent', 'ExampleBot', '--json', '/test', '/never/test', '/ai-ok/test']);
		assert.equal(result.status, 0, result.stderr);
		const licenses = ['https://example.com/license.xml'];
		assert.deepEqual(
			jsonLines(result.stdout).map((answer) => [answer.agent, answer.url, answer.preferences]),
			[
				['GPTBot', '/test', { contentUsage: { 'train-ai': 'n', line: 4 }, contentSignal: null, licenses }],
				['ExampleBot', '/test', { contentUsage: { 'train-ai': 'y', line: 9 }, contentSignal: { search: 'yes', 'ai-train': 'no', line: 10 }, licenses }],
				['GPTBot', '/never/test', { contentUsage: null, contentSignal: null, licenses }],
				['ExampleBot', '/never/test', { contentUsage: { 'train-ai': 'y', line: 9 }, contentSignal: { search: 'yes', 'ai-train': 'no', line: 10 }, licenses }],
				['GPTBot', '/ai-ok/test', { contentUsage: { 'train-ai': 'y', line: 5 }, contentSignal: null, licenses }],
				['ExampleBot', '/ai-ok/test', { contentUsage: { 'train-ai': 'y', line: 9 }, contentSignal: { search: 'yes', 'ai-train': 'no', line: 10 }, licenses }],
			],
		);
	});

	test('text output says the preferences in a sentence after the decision, only where a line speaks (issue 24)', () => {
		// draft-ietf-aipref-attach-05 §3.4: /test train-ai=n; /never/test is not crawled, so the preference does not apply.
		const file = join(work, 'preferences-text.txt');
		writeFileSync(file, ['User-Agent: *', 'Allow: /', 'Disallow: /never/', 'Content-Usage: train-ai=n', 'Content-Usage: /ai-ok/ train-ai=y', ''].join('\n'));
		const result = run(['test', file, '--agent', 'GPTBot', '/test', '/never/test', '/ai-ok/test']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'ALLOWED    /test  (line 2: Allow: /)  Content-Usage (line 4): train-ai=n.',
			'DISALLOWED /never/test  (line 3: Disallow: /never/)  The preference lines (line 4) do not apply: they speak only for URLs the rules let the crawler fetch.',
			'ALLOWED    /ai-ok/test  (line 2: Allow: /)  Content-Usage (line 5): train-ai=y.',
		]);
		const russian = run(['--locale', 'ru', 'test', file, '--agent', 'GPTBot', '/test']);
		assert.equal(russian.stdout, 'ALLOWED    /test  (строка 2: Allow: /)  Content-Usage (строка 4): train-ai=n.\n');
	});

	test('--urls - reads one URL a line from standard input', () => {
		const result = run(['test', robots, '--agent', 'Bingbot', '--json', '--urls', '-'], '/private/a\r\n/public\n\n/robots.txt\n');
		assert.equal(result.status, 0, result.stderr);
		const lines = jsonLines(result.stdout);
		assert.deepEqual(
			lines.map((line) => [line.url, line.verdict, line.line]),
			[
				['/private/a', 'disallow', 2],
				['/public', 'allow', null],
				['/robots.txt', 'allow', null],
			],
		);
	});

	test('--batch answers JSON lines in order, with the robots path', () => {
		const other = join(work, 'other.txt');
		writeFileSync(other, 'User-agent: *\nDisallow: /\n');
		const batch = [
			{ robots: robots, agent: 'Googlebot', url: '/shop/a' },
			{ robots: other, agent: 'Googlebot', url: '/a', dialect: 'google' },
			{ robots: robots, agent: 'Googlebot', url: '/shop/public/a', dialect: 'draft1996' },
		]
			.map((line) => JSON.stringify(line))
			.join('\n');
		const result = run(['test', '--batch', '-'], batch);
		assert.equal(result.status, 0, result.stderr);
		const lines = jsonLines(result.stdout);
		assert.deepEqual(
			lines.map((line) => [line.robots, line.dialect, line.verdict, line.line]),
			[
				[robots, 'google', 'disallow', 5],
				[other, 'google', 'disallow', 2],
				[robots, 'draft1996', 'disallow', 5],
			],
		);
	});

	test('--batch: a line that asks the file, agent and dialect of the line before is answered as any other', () => {
		const other = join(work, 'other-repeat.txt');
		writeFileSync(other, 'User-agent: *\nDisallow: /\n');
		// Googlebot reads its own group, longest match first (Allow: /shop/public, line 6, beats Disallow: /shop, line 5);
		// bingbot has no group of its own here and reads `*`; the 1996 draft takes the first rule that matches (line 5).
		const requests: [string, string, string, string | undefined, string, number | null][] = [
			[robots, 'Googlebot', '/shop/a', undefined, 'disallow', 5],
			[robots, 'Googlebot', '/shop/public/a', undefined, 'allow', 6],
			[robots, 'bingbot', '/shop/a', undefined, 'allow', null],
			[robots, 'bingbot', '/private/x', undefined, 'disallow', 2],
			[robots, 'Googlebot', '/shop/public/a', 'draft1996', 'disallow', 5],
			[robots, 'Googlebot', '/shop/public/a', undefined, 'allow', 6],
			[other, 'Googlebot', '/shop/public/a', undefined, 'disallow', 2],
			[robots, 'Googlebot', '/shop/public/a', undefined, 'allow', 6],
		];
		const batch = requests.map(([file, agent, url, dialect]) => JSON.stringify({ robots: file, agent, url, ...(dialect ? { dialect } : {}) })).join('\n');
		const result = run(['test', '--batch', '-'], batch);
		assert.equal(result.status, 0, result.stderr);
		const lines = jsonLines(result.stdout);
		assert.deepEqual(
			lines.map((line) => [line.robots, line.agent, line.url, line.verdict, line.line]),
			requests.map(([file, agent, url, , verdict, line]) => [file, agent, url, verdict, line]),
		);
	});

	test('bad arguments and unreadable files exit 2 with a one-line error', () => {
		const cases: string[][] = [
			['test', robots, 'https://example.com/'],
			['test', robots, '--agent', 'a', '--dialect', 'bing', '/'],
			['test', join(work, 'missing.txt'), '--agent', 'a', '/'],
			// A list that cannot be opened: nothing is written, not even the answers of the URLs given before it.
			['test', robots, '--agent', 'a', '/', '--urls', join(work, 'missing-urls.txt')],
			['test', robots, '--agent', 'a'],
			['test', robots, '--agent', 'a,,b', '/'],
			['crawlers', 'NoSuchBot'],
			['crawlers', '--category', 'robots'],
			['frobnicate'],
			['test', robots, '--agent', 'a', '--bogus', '/'],
		];
		for (const args of cases) {
			const result = run(args);
			assert.equal(result.status, 2, args.join(' '));
			assert.equal(result.stdout, '');
			assert.match(result.stderr, /^robots-txt: [^\n]+\n$/, args.join(' '));
		}
	});

	test('--help exits 0', () => {
		const result = run(['--help']);
		assert.equal(result.status, 0);
		assert.match(result.stdout, /robots-txt test <robots-file>/);
	});
});

/**
 * The five answers of issue 9 that were wrong: each crawler as it documents itself, from the command line.
 * Expected verdicts come from the owners' documentation (named per case), not from this implementation.
 */
describe('robots-txt test answers as the crawler reads the file', () => {
	const corpus = join(repoRoot, '..', 'shared', 'corpus', 'realworld', 'files');
	const example = join(repoRoot, 'examples', 'robots.txt');

	test('YandexBot follows the Yandex group of gazeta.ru (Yandex help: a Yandex group replaces *)', () => {
		const result = run(['test', join(corpus, '0768.txt'), '--agent', 'YandexBot', 'https://www.gazeta.ru/amp/news/2024/01/01/1.shtml']);
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stdout, 'DISALLOWED https://www.gazeta.ru/amp/news/2024/01/01/1.shtml  (line 253: Disallow: /amp/)\n');
	});

	test('Googlebot-Image falls back to the Googlebot group (Google: the most specific group wins)', () => {
		const crawler = run(['test', example, '--agent', 'Googlebot-Image', '/search?q=robots']);
		assert.equal(crawler.stdout, 'DISALLOWED /search?q=robots  (line 11: Disallow: /search)\n');
		// --dialect answers the parser exactly, as Google's open-source library does for one token.
		const parser = run(['test', example, '--agent', 'Googlebot-Image', '--dialect', 'google', '/search?q=robots']);
		assert.match(parser.stdout, /^ALLOWED {4}\/search\?q=robots/);
	});

	test('AdsBot-Google ignores * (Google: AdsBot ignores the global user agent)', () => {
		const result = run(['test', example, '--agent', 'AdsBot-Google', 'https://www.example.com/private/x']);
		assert.equal(result.stdout, 'ALLOWED    https://www.example.com/private/x  (no group applies: AdsBot-Google ignores "User-agent: *")\n');
	});

	test('Googlebot stops reading at 500 KiB (Google: content after the maximum file size is ignored)', () => {
		const file = join(corpus, '0932.txt');
		assert.equal(run(['test', file, '--agent', 'Googlebot', '/nothing']).stdout, 'ALLOWED    /nothing  (no rule of the group at line 1 matches)\n');
		const json = JSON.parse(run(['test', file, '--agent', 'Googlebot', '--json', '/nothing']).stdout);
		assert.equal(json.readBytes, 512000);
		// The parser alone reads everything, as Google's library does.
		assert.match(
			run(['test', file, '--agent', 'Googlebot', '--dialect', 'google', '/nothing']).stdout,
			/^DISALLOWED \/nothing {2}\(line 47065: Disallow: \/\)/,
		);
	});

	test('YandexBot no longer reads Host (Yandex stopped using it in 2018)', () => {
		const file = join(work, 'host.txt');
		writeFileSync(file, 'User-agent: Yandex\nDisallow: /admin\nHost: www.main.example\n');
		assert.equal(
			run(['test', file, '--agent', 'YandexBot', 'https://mirror.example/page']).stdout,
			'ALLOWED    https://mirror.example/page  (no rule of the group at line 1 matches)\n',
		);
		assert.match(
			run(['test', file, '--agent', 'YandexBot', '--dialect', 'yandex', 'https://mirror.example/page']).stdout,
			/^DISALLOWED .*line 3: Host: www.main.example/,
		);
	});

	test('--agent A,B,C answers each crawler, naming it', () => {
		const result = run(['test', join(corpus, '0768.txt'), '--agent', 'YandexBot,Googlebot', 'https://www.gazeta.ru/amp/x']);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'DISALLOWED https://www.gazeta.ru/amp/x  as YandexBot  (line 253: Disallow: /amp/)',
			'ALLOWED    https://www.gazeta.ru/amp/x  as Googlebot  (line 2: Allow: /)',
		]);
	});
});

describe('robots-txt crawlers', () => {
	test('lists the catalogue with what is assumed, and every fact of one crawler with its source', () => {
		const table = run(['crawlers']);
		assert.equal(table.status, 0, table.stderr);
		assert.match(table.stdout, /^Token +Owner +Category +Parser +Reads +Notes$/m);
		assert.match(table.stdout, /^Googlebot-Image +Google +search .*falls back to Googlebot/m);
		const one = run(['crawlers', 'adsbot-google']);
		assert.match(one.stdout, /^AdsBot-Google \(Google\)$/m);
		assert.match(one.stdout, /ignores \*: +yes/);
		const json = JSON.parse(run(['crawlers', '--format', 'json', '--category', 'ai-training']).stdout) as { token: string; category: string }[];
		assert.ok(json.length > 5 && json.every((crawler) => crawler.category === 'ai-training'));
		assert.ok(json.some((crawler) => crawler.token === 'GPTBot'));
	});
});
