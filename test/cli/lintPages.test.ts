/**
 * `robots-txt lint` on pages: HTML files and folders (robots meta tags), `_headers` files (X-Robots-Tag lines), and the
 * check across files when given the site's folder (test/fixtures/site: the robots.txt at its root). Expected findings
 * follow Google ("for the noindex rule to be effective, the page must not be blocked by a robots.txt file", Robots
 * meta tag specifications) and seed 004; bad input gets a finding or nothing, never a crash.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixturesDir } from '../util/fixtures';
import { runCli, workFolder } from './cliProcess';

const crawlers = ['--crawler', 'Googlebot,bingbot,GPTBot'];

function lint(args: string[], cwd = fixturesDir) {
	return runCli(['lint', ...args], { cwd });
}

/** The diagnostics of text output, each as `file:line:col: severity code`. */
function problems(stdout: string): string[] {
	return stdout
		.split('\n')
		.map((line) => /^(\S+:\d+:\d+: \w+ [\w-]+): ./.exec(line)?.[1])
		.filter((line): line is string => line !== undefined);
}

describe('robots-txt lint on the sample site', () => {
	test('text: the pages whose noindex the robots.txt hides get a warning; the robots.txt gets hints with --hints', () => {
		const result = lint(['site', ...crawlers]);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(problems(result.stdout), [
			// `Disallow: /drafts` (line 4, the `*` group) keeps bingbot and GPTBot from _headers' X-Robots-Tag for /drafts/*.
			'site/_headers:2:17: warning noindex-blocked-by-robots-txt',
			// Google no longer uses noarchive (Robots meta tag specifications).
			'site/_headers:4:17: information directive-ignored-by-crawler',
			// name="googlebot": Googlebot only, and its own group disallows /private/ (line 7).
			'site/private/index.html:2:45: warning noindex-blocked-by-robots-txt',
			// name="robots": every crawler; Googlebot reads line 7, bingbot and GPTBot line 3.
			'site/private/report.html:5:30: warning noindex-blocked-by-robots-txt',
			'site/robots.txt:3:11: information private-path-disclosure',
			'site/robots.txt:7:11: information private-path-disclosure',
		]);
		assert.match(
			result.stdout,
			/site\/private\/report\.html:5:30: warning noindex-blocked-by-robots-txt: Googlebot, bingbot and GPTBot never fetch \/private\/report\.html: robots\.txt lines 3 \("Disallow: \/private\/"\) and 7 \("Disallow: \/private\/"\) disallow it/,
		);
		assert.match(result.stdout, /0 errors, 3 warnings, 3 information in 6 files \(3 hints not shown; --hints shows hints\)\n$/);
		const hinted = lint(['site', ...crawlers, '--hints']);
		assert.deepEqual(
			problems(hinted.stdout).filter((line) => line.includes('rule-hides-noindex')),
			['site/robots.txt:3:1: hint rule-hides-noindex', 'site/robots.txt:4:1: hint rule-hides-noindex', 'site/robots.txt:7:1: hint rule-hides-noindex'],
		);
		assert.match(
			hinted.stdout,
			/site\/robots\.txt:7:1: hint rule-hides-noindex: This rule keeps Googlebot from pages that carry noindex \(\/private\/ and \/private\/report\.html\)/,
		);
	});

	test('the warnings count for --max-warnings: exit 1', () => {
		assert.equal(lint(['site', ...crawlers, '--max-warnings', '2']).status, 1);
		assert.equal(lint(['site', ...crawlers, '--max-warnings', '3']).status, 0);
	});

	test('json: the warning carries the deciding robots.txt lines as related locations, and no dialects', () => {
		const records = JSON.parse(lint(['site', ...crawlers, '--format', 'json']).stdout) as {
			file: string;
			line: number;
			code: string;
			dialects: string[];
			related?: { file: string; line: number }[];
		}[];
		const warning = records.find((record) => record.file === 'site/private/report.html' && record.code === 'noindex-blocked-by-robots-txt')!;
		assert.deepEqual(warning.dialects, []);
		assert.deepEqual(
			warning.related!.map((related) => `${related.file}:${related.line}`),
			['site/robots.txt:3', 'site/robots.txt:7'],
		);
	});

	test('sarif: the rules of pages are in the catalogue, related locations point at the robots.txt', () => {
		const log = JSON.parse(lint(['site', ...crawlers, '--format', 'sarif']).stdout);
		const run = log.runs[0];
		for (const id of ['noindex-blocked-by-robots-txt', 'rule-hides-noindex', 'unknown-robots-directive', 'missing-colon']) {
			assert.ok(
				run.tool.driver.rules.some((rule: { id: string }) => rule.id === id),
				id,
			);
		}
		const result = run.results.find(
			(entry: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
				entry.ruleId === 'noindex-blocked-by-robots-txt' && entry.locations[0].physicalLocation.artifactLocation.uri === 'site/private/index.html',
		);
		assert.equal(result.level, 'warning');
		assert.deepEqual(
			result.relatedLocations.map(
				(location: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }) =>
					`${location.physicalLocation.artifactLocation.uri}:${location.physicalLocation.region.startLine}`,
			),
			['site/robots.txt:7'],
		);
	});

	test('files given one by one are linted by their names, without the check across files', () => {
		const result = lint(['site/private/report.html', 'site/_headers', 'site/robots.txt', ...crawlers]);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(problems(result.stdout), [
			'site/_headers:4:17: information directive-ignored-by-crawler',
			'site/robots.txt:3:11: information private-path-disclosure',
			'site/robots.txt:7:11: information private-path-disclosure',
		]);
	});
});

describe('robots-txt lint on HTML and _headers files', () => {
	const work = workFolder('robots-lint-pages-');
	mkdirSync(join(work, 'pages', 'deep'), { recursive: true });
	// Typos and values the engines document as wrong (Google: max-snippet takes a number; seed 001: "none, nofollow").
	writeFileSync(join(work, 'pages', 'index.html'), '<html><head><meta name="robots" content="noidex, max-snippet:abc"></head></html>\n');
	writeFileSync(join(work, 'pages', 'deep', 'a.htm'), '<html><head><meta name="googlebto" content="none, nofollow"></head></html>\n');
	writeFileSync(join(work, 'pages', '_headers'), '/*\n  X-Robots-Tag: noindex; nofollow\n');

	test('a folder of pages without a robots.txt: each page checked on its own', () => {
		const result = lint(['pages', '--crawler', 'Googlebot'], work);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(problems(result.stdout), [
			'pages/_headers:2:24: warning robots-directive-separator',
			'pages/deep/a.htm:1:25: warning misspelt-crawler-name',
			'pages/deep/a.htm:1:51: warning redundant-robots-directive',
			'pages/index.html:1:42: warning unknown-robots-directive',
			'pages/index.html:1:62: warning invalid-robots-directive-value',
		]);
	});

	test('bad input: an unclosed tag, unquoted attributes, binary, a huge page: a finding or nothing, never a crash', () => {
		const bad = join(work, 'bad');
		mkdirSync(bad, { recursive: true });
		writeFileSync(join(bad, 'unclosed.html'), '<html><head><meta name="robots" content="noindex');
		writeFileSync(join(bad, 'unquoted.html'), '<head><meta name=robots content=noindex,nofollow></head>');
		writeFileSync(join(bad, 'binary.html'), Buffer.from(Array.from({ length: 65536 }, (_, i) => (i * 7919) % 256)));
		writeFileSync(join(bad, 'huge.html'), `<html><head><meta name="robots" content="noindex"></head><body>${'<p>text</p>\n'.repeat(2_000_000)}</body></html>`);
		writeFileSync(join(bad, '_headers'), Buffer.from([0, 255, 10, 32, 32, 88, 58, 10]));
		const result = lint(['bad', '--crawler', 'Googlebot'], work);
		assert.equal(result.status, 0, result.stderr);
		// The binary _headers file reads as a pattern line and a header without a value: nothing to say.
		assert.deepEqual(problems(result.stdout), ['bad/unclosed.html:1:13: warning unclosed-robots-meta']);
		assert.match(result.stdout, /0 errors, 1 warning in 5 files\n$/);
	});
});
