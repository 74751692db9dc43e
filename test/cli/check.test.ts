/**
 * `robots-txt check` and `robots-txt diff` as CI runs them: the built bundle, real files, exit codes, and the text,
 * JSON and JUnit XML outputs.
 */

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';

const cli = join(repoRoot, 'cli', 'dist', 'cli.js');

function run(args: string[], cwd: string, input?: string) {
	// The C locale: the English the assertions read, whatever the developer's LANG.
	const result = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', cwd, env: { ...process.env, LC_ALL: 'C' } });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const robots = ['User-agent: *', 'Disallow: /private/', 'Allow: /private/press/', '', 'User-agent: GPTBot', 'Disallow: /', ''].join('\n');

function site(expectations: Record<string, string>, robotsText = robots): string {
	const work = mkdtempSync(join(tmpdir(), 'robots-check-'));
	writeFileSync(join(work, 'robots.txt'), robotsText);
	for (const [name, text] of Object.entries(expectations)) {
		mkdirSync(join(work, name, '..'), { recursive: true });
		writeFileSync(join(work, name), text);
	}
	return work;
}

describe('robots-txt check', () => {
	test('the worked example passes (exit 0), found by searching the folder', () => {
		const work = mkdtempSync(join(tmpdir(), 'robots-check-'));
		mkdirSync(join(work, 'marys'));
		for (const name of ['robots.txt', 'robots.expectations']) {
			copyFileSync(join(repoRoot, 'examples', 'marys-antiques', name), join(work, 'marys', name));
		}
		const result = run(['check'], work);
		assert.equal(result.status, 0, result.stdout + result.stderr);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'marys/robots.expectations: 23 passed, 0 failed (against marys/robots.txt)',
			'1 file: 23 passed, 0 failed, 0 errors.',
		]);
	});

	test('a failure and a line that does not parse: exit 1, each reported where it is, the rest still checked', () => {
		const work = site({
			'robots.expectations': ['Googlebot /private/x disallow', 'Googlebot /private/press/kit.pdf disallow', 'GPTBot allow', 'GPTBot /about disallow'].join(
				'\n',
			),
		});
		const result = run(['check', 'robots.expectations'], work);
		assert.equal(result.status, 1);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'robots.expectations:3:1: ERROR expectation-syntax: The URL or path is missing between the crawler and the verdict, e.g. `Googlebot /private/ disallow`.',
			'robots.expectations:2:1: FAIL Expected Googlebot to be DISALLOWED for /private/press/kit.pdf, but it is ALLOWED by line 3 `Allow: /private/press/` (the longest matching rule); no group names "Googlebot", so it follows "User-agent: *" at line 1. (robots.txt:3)',
			'robots.expectations: 2 passed, 1 failed, 1 not understood (against robots.txt)',
			'1 file: 2 passed, 1 failed, 1 error.',
		]);
	});

	test('JSON: every result with the deciding line', () => {
		const work = site({ 'a/b.robots.expectations': '@robots ../robots.txt\nGPTBot /x disallow\n' });
		const result = run(['check', '--format', 'json'], work);
		assert.equal(result.status, 0, result.stderr);
		const report = JSON.parse(result.stdout) as {
			files: { file: string; robots: string; results: { line: number; robotsLine: number; rule: string; passed: boolean }[] }[];
			passed: number;
			failed: number;
			errors: number;
		};
		assert.deepEqual({ passed: report.passed, failed: report.failed, errors: report.errors }, { passed: 1, failed: 0, errors: 0 });
		assert.equal(report.files[0].file, join('a', 'b.robots.expectations'));
		assert.equal(report.files[0].robots, 'robots.txt');
		assert.deepEqual(
			report.files[0].results.map((r) => [r.line, r.robotsLine, r.rule, r.passed]),
			[[2, 6, 'Disallow: /', true]],
		);
	});

	test('JSON: the deciding line and the message of each result, as the text output words a failure', () => {
		const work = site({ 'robots.expectations': ['Googlebot /private/press/kit.pdf disallow', 'bingbot /about disallow', 'GPTBot /x disallow'].join('\n') });
		const json = run(['check', '--format', 'json'], work);
		assert.equal(json.status, 1);
		const results = (
			JSON.parse(json.stdout) as { files: { results: { line: number; robotsLine: number | null; decidingLine: number; message: string; passed: boolean }[] }[] }
		).files[0].results;
		// Line 3 (Allow) decides for Googlebot; no rule matches /about for bingbot, so the User-agent line of its group is the one to show.
		assert.deepEqual(
			results.map((r) => [r.line, r.robotsLine, r.decidingLine, r.passed]),
			[
				[1, 3, 3, false],
				[2, null, 1, false],
				[3, 6, 6, true],
			],
		);
		const text = run(['check'], work).stdout.split('\n');
		for (const result of results.filter((r) => !r.passed)) {
			assert.ok(text.includes(`robots.expectations:${result.line}:1: FAIL ${result.message} (robots.txt:${result.decidingLine})`), result.message);
		}
		assert.match(results[2].message, /^GPTBot is DISALLOWED .* for \/x, as expected\.$/);
	});

	test('JUnit XML: a testcase per expectation, <failure> and <error>, characters XML cannot hold replaced', () => {
		const work = site({ 'robots.expectations': ['Googlebot /private/press/ disallow', 'bingbot /a allow', 'GPTBot /\u0001 maybe'].join('\n') });
		const result = run(['check', '--format', 'junit'], work);
		assert.equal(result.status, 1);
		const xml = result.stdout;
		assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="robots-txt check" tests="3" failures="1" errors="1">/);
		assert.match(
			xml,
			/<testcase name="Googlebot \/private\/press\/ disallow" classname="robots.expectations" file="robots.expectations" line="1">\n {6}<failure type="expectation-failed" message="expected DISALLOWED, got ALLOWED">Expected Googlebot/,
		);
		assert.match(xml, /<testcase name="bingbot \/a allow" classname="robots.expectations" file="robots.expectations" line="2"\/>/);
		assert.match(xml, /<error type="expectation-syntax" message="`maybe` is not a verdict/);
		assert.doesNotMatch(xml, /[\u0000-\u0008]/);
	});

	test('JUnit XML of 100 000 expectations without their robots.txt: every one a skipped testcase, no stack overflow', () => {
		// Issue 21, finding 13: `out.push(...list)` passed every expectation as an argument and overflowed the stack. An
		// expectations file is read up to 1 MiB (issue 21, finding 1), so the lines are short and the stack is made small
		// (300 KB) for the spread to overflow with as many arguments as fit.
		const work = mkdtempSync(join(tmpdir(), 'robots-check-'));
		const count = 100_000;
		writeFileSync(join(work, 'robots.expectations'), '* / allow\n'.repeat(count));
		const result = spawnSync(process.execPath, ['--stack-size=300', cli, 'check', '--format', 'junit'], {
			encoding: 'utf8',
			cwd: work,
			env: { ...process.env, LC_ALL: 'C' },
			maxBuffer: 1 << 28,
		});
		assert.equal(result.status, 1, result.stderr);
		assert.equal(result.stdout.split('<skipped message="no robots.txt"/>').length - 1, count);
		assert.match(result.stdout, /<testcase name="\* \/ allow" classname="robots.expectations" file="robots.expectations" line="100000"><skipped/);
	});

	test('a crawler the catalogue does not know passes with a note of the parser assumed (issue 22, item 15)', () => {
		const work = mkdtempSync(join(tmpdir(), 'robots-check-'));
		writeFileSync(join(work, 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
		writeFileSync(join(work, 'robots.expectations'), 'Googlebot /private/x disallow\nFooBot /a allow\nFooBot /b allow\n');
		const result = spawnSync(process.execPath, [cli, 'check'], { encoding: 'utf8', cwd: work, env: { ...process.env, LC_ALL: 'C' } });
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stdout, /3 passed, 0 failed/);
		assert.match(
			result.stderr,
			/^robots-txt: note: robots\.expectations:2: FooBot is not a crawler we know: read as an RFC 9309 parser.*\(also on line 3\).*Write FooBot@<parser> to choose another/m,
		);
		assert.equal(result.stderr.trim().split('\n').length, 1, 'one note per crawler');
	});

	test('a missing robots.txt is an error of that file; no expectations file at all is a usage error', () => {
		const work = mkdtempSync(join(tmpdir(), 'robots-check-'));
		writeFileSync(join(work, 'robots.expectations'), 'Googlebot / allow\n');
		const missing = run(['check'], work);
		assert.equal(missing.status, 1);
		assert.match(missing.stdout, /robots\.expectations:1:1: ERROR robots-txt-not-found: no robots\.txt to test at robots\.txt/);
		const empty = mkdtempSync(join(tmpdir(), 'robots-check-'));
		const none = run(['check'], empty);
		assert.equal(none.status, 2);
		assert.match(none.stderr, /no expectations file/);
		assert.equal(run(['check', '--format', 'xml'], work).status, 2);
	});

	test('expectations of preferences: a failure names what the lines say and points at the preference line; JSON gives both (issue 24)', () => {
		// draft-ietf-aipref-attach-05 §3.4's file: /test train-ai=n, /ai-ok/test train-ai=y.
		const attach = ['User-Agent: *', 'Allow: /', 'Disallow: /never/', 'Content-Usage: train-ai=n', 'Content-Usage: /ai-ok/ train-ai=y', ''].join('\n');
		const work = site({ 'robots.expectations': 'GPTBot /test train-ai=n\nGPTBot /ai-ok/test allow train-ai=n\n' }, attach);
		const text = run(['check'], work);
		assert.equal(text.status, 1);
		assert.deepEqual(text.stdout.trimEnd().split('\n'), [
			'robots.expectations:2:1: FAIL Expected GPTBot to find train-ai=n for /ai-ok/test, but: Content-Usage (line 5): train-ai=y. (robots.txt:5)',
			'robots.expectations: 1 passed, 1 failed (against robots.txt)',
			'1 file: 1 passed, 1 failed, 0 errors.',
		]);
		const json = JSON.parse(run(['check', '--format', 'json'], work).stdout);
		assert.deepEqual(
			json.files[0].results.map((r: Record<string, unknown>) => [r.expected, r.expectedPreferences, r.preferences, r.passed]),
			[
				['allow', ['train-ai=n'], { contentUsage: { 'train-ai': 'n', line: 4 }, contentSignal: null, licenses: [] }, true],
				['allow', ['train-ai=n'], { contentUsage: { 'train-ai': 'y', line: 5 }, contentSignal: null, licenses: [] }, false],
			],
		);
	});
});

describe('robots-txt diff', () => {
	const work = mkdtempSync(join(tmpdir(), 'robots-diff-'));
	const old = join(work, 'old.txt');
	writeFileSync(old, robots);

	test('an edit that changes no verdict reports nothing and exits 0', () => {
		const same = join(work, 'same.txt');
		writeFileSync(
			same,
			['# reordered and reformatted', 'user-agent:GPTBot', 'disallow:/', '', 'User-agent: *', 'Allow: /private/press/', 'Disallow: /private/', ''].join('\n'),
		);
		const result = run(['diff', old, same], work);
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stdout, /^No verdict changed \(\d+ URLs probed from both files' rules × 14 crawlers\)\.\n$/);
	});

	test('a flip exits 1 and shows both deciding lines; --urls reports bad rows on stderr and keeps the rest', () => {
		const edited = join(work, 'new.txt');
		writeFileSync(edited, robots.replace('Allow: /private/press/\n', ''));
		const urls = join(work, 'urls.txt');
		writeFileSync(urls, '/private/press/kit.pdf\nnot a url\n/about\n');
		const result = run(['diff', old, edited, '--urls', urls, '--agent', 'bingbot,GPTBot'], work);
		assert.equal(result.status, 1);
		assert.deepEqual(result.stdout.trimEnd().split('\n'), [
			'Crawlers whose rules changed (1):',
			'  bingbot: no longer reads 1 rule: - old line 3 `Allow: /private/press/`.',
			'Verdicts that changed (1, of 2 URLs × 2 crawlers):',
			'  /private/press/kit.pdf  as bingbot: ALLOWED by old line 3 `Allow: /private/press/` -> DISALLOWED by new line 2 `Disallow: /private/`',
		]);
		assert.match(
			result.stderr,
			/^robots-txt: \S*urls\.txt:2: `not a url`: neither a path \(which starts with "\/"\) nor a URL \(such as https:\/\/example\.com\/a\)\. Skipped\.$/m,
		);
		const json = JSON.parse(run(['diff', old, edited, '--json', '--agent', 'bingbot'], work).stdout) as {
			flips: { url: string; old: { line: number }; new: { line: number } }[];
			probed: boolean;
		};
		assert.equal(json.probed, true);
		assert.deepEqual(
			json.flips.map((flip) => [flip.url, flip.old.line, flip.new.line]),
			[['/private/press/', 3, 2]],
		);
	});

	test('a group name is not listed as a crawler: "User-agent: Yandex" is answered for YandexBot (issue 22, item 15)', () => {
		// Yandex's help: `Yandex` is the token every Yandex robot accepts, not one robot; YandexBot is its main robot.
		const before = join(work, 'yandex-old.txt');
		const after = join(work, 'yandex-new.txt');
		writeFileSync(before, 'User-agent: Yandex\nDisallow: /a\n');
		writeFileSync(after, 'User-agent: Yandex\nDisallow: /b\n');
		const result = run(['diff', before, after, '--json'], work);
		assert.equal(result.status, 1, result.stderr);
		const json = JSON.parse(result.stdout) as { crawlers: string[]; flips: { crawler: string }[] };
		assert.ok(!json.crawlers.includes('Yandex'), json.crawlers.join(', '));
		assert.equal(json.crawlers.filter((crawler) => crawler === 'YandexBot').length, 1);
		assert.ok(json.flips.some((flip) => flip.crawler === 'YandexBot'));
		assert.ok(!json.flips.some((flip) => flip.crawler === 'Yandex'));
	});

	test('bad arguments exit 2', () => {
		assert.equal(run(['diff', old], work).status, 2);
		assert.equal(run(['diff', old, join(work, 'nope.txt')], work).status, 2);
	});
});
