/**
 * `robots-txt audit --ai` as a process: the AI policy view of a file in text, JSON (the shape the README documents)
 * and Markdown, URLs from --url and --urls, and its exit statuses on bad input. The answers themselves are the core's
 * (test/unit/aiPolicy.test.ts); here, that each format carries them.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, workFolder } from './cliProcess';

const work = workFolder('robots-audit-');
const robots = join(work, 'robots.txt');
// GPTBot follows `*`: allowed on `/`, where `Content-Usage: train-ai=n` (line 4) applies; disallowed on /private/.
writeFileSync(
	robots,
	'User-agent: *\nDisallow: /private/\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nLicense: https://example.com/license.xml\n',
);
const urls = join(work, 'urls.txt');
writeFileSync(urls, '# key pages\n/private/a\n\nnot a url\n');

describe('robots-txt audit --ai', () => {
	test('JSON: every company with its crawlers, their answers per URL (lines 1-based), the facts and the contradictions', () => {
		const { status, stdout, stderr } = runCli(['audit', '--ai', robots, '--url', '/private/a', '--format', 'json']);
		assert.equal(stderr, '');
		assert.equal(status, 0);
		const view = JSON.parse(stdout);
		assert.deepEqual(view.urls, ['/', '/private/a']);
		assert.deepEqual(view.licenses, ['https://example.com/license.xml']);
		const openAi = view.companies.find((company: { owner: string }) => company.owner === 'OpenAI');
		const gptBot = openAi.crawlers.find((crawler: { token: string }) => crawler.token === 'GPTBot');
		assert.deepEqual(gptBot.answers, [
			{
				url: '/',
				verdict: 'allow',
				line: null,
				rule: null,
				preferences: { contentUsage: { 'train-ai': 'n', line: 4 }, contentSignal: { search: 'yes', 'ai-train': 'no', line: 3 } },
			},
			// attach §3.1: no preference applies where the crawler may not fetch.
			{ url: '/private/a', verdict: 'disallow', line: 2, rule: 'Disallow: /private/', preferences: { contentUsage: null, contentSignal: null } },
		]);
		assert.equal(gptBot.use, 'training');
		assert.equal(gptBot.followsRobotsTxt, true);
		const contradiction = openAi.contradictions.find((each: { lines: number[] }) => each.lines.includes(4));
		assert.equal(contradiction.kind, 'allowed-preference-no');
		assert.deepEqual(contradiction.urls, ['/']);
		assert.ok(openAi.uncontrolled.some((fact: { text: string }) => /ChatGPT-User/.test(fact.text)));
	});

	test('text: a block per company, the verdict and deciding line per crawler and URL, and the contradictions', () => {
		const { status, stdout } = runCli(['audit', '--ai', robots, '--url', '/private/a']);
		assert.equal(status, 0);
		assert.match(stdout, /^OpenAI$/m);
		assert.match(
			stdout,
			/^ {4}GPTBot\n {6}ALLOWED {4}\/ {2}\(Content-Usage: train-ai=n \(line 4\); Content-Signal: search=yes, ai-train=no \(line 3\)\)\n {6}DISALLOWED \/private\/a {2}\(line 2: Disallow: \/private\/\)$/m,
		);
		assert.match(stdout, /The crawl rules let GPTBot.* fetch \/, but line 4 says train-ai=n/);
	});

	test('Markdown: a table per company', () => {
		const { status, stdout } = runCli(['audit', '--ai', robots, '--format', 'markdown']);
		assert.equal(status, 0);
		assert.match(stdout, /^## OpenAI$/m);
		assert.match(stdout, /^\| GPTBot \(AI training\) \| \*\*ALLOWED\*\*; `Content-Usage: train-ai=n` \(line 4\)/m);
	});

	test('--urls: read as test reads it; a line that is no URL is reported with its place, the others answered, exit 2', () => {
		const { status, stdout, stderr } = runCli(['audit', '--ai', robots, '--urls', urls, '--format', 'json']);
		assert.equal(status, 2);
		assert.deepEqual(JSON.parse(stdout).urls, ['/', '/private/a']);
		assert.match(stderr, /urls\.txt:4: "not a url": /);
	});

	test('bad input: no --ai, no file, two files, an unknown format, a missing file', () => {
		for (const args of [
			['audit', robots],
			['audit', '--ai'],
			['audit', '--ai', robots, robots],
			['audit', '--ai', robots, '--format', 'sarif'],
			['audit', '--ai', join(work, 'missing.txt')],
		]) {
			const { status, stdout, stderr } = runCli(args);
			assert.equal(status, 2, args.join(' '));
			assert.equal(stdout, '', args.join(' '));
			assert.match(stderr, /^robots-txt: /, args.join(' '));
		}
	});
});
