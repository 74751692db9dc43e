/**
 * `robots-txt fix --simplify`: the simplified file on standard output or in place, the summary and the proof on
 * standard error or as JSON, `--check` for CI, and the usage errors.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, workFolder } from './cliProcess';

// RFC 9309 §2.2.2: /a decides every path /a/b matches, with nothing of the other verdict in between; the second /a
// is the same rule. Every crawler then reads "Disallow: /a" alone.
const robots = ['User-agent: *', 'Disallow: /a', 'Disallow: /a/b', '# kept', 'Disallow: /a', 'Sitemap: https://example.com/sitemap.xml', ''].join('\n');
const simplified = ['User-agent: *', 'Disallow: /a', '# kept', 'Sitemap: https://example.com/sitemap.xml', ''].join('\n');

describe('robots-txt fix --simplify', () => {
	test('prints the simplified file, and the reading before and after with the proof on standard error', () => {
		const result = runCli(['fix', '--simplify', '-'], { input: robots });
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stdout, simplified);
		assert.match(
			result.stderr,
			/Rule lines: 3 before, 1 after; groups: 1 before, 1 after\. The semantic diff compared \d+ crawlers on \d+ URLs probed from both versions: no verdict changes\./,
		);
	});

	test('--write rewrites the file in place; --check then exits 0', () => {
		const folder = workFolder('robots-fix-');
		const file = join(folder, 'robots.txt');
		writeFileSync(file, robots);
		const check = runCli(['fix', '--simplify', '--check', file]);
		assert.equal(check.status, 1, check.stderr);
		assert.equal(check.stdout, '');
		assert.equal(readFileSync(file, 'utf8'), robots);
		const write = runCli(['fix', '--simplify', '--write', file]);
		assert.equal(write.status, 0, write.stderr);
		assert.equal(write.stdout, '');
		assert.equal(readFileSync(file, 'utf8'), simplified);
		const again = runCli(['fix', '--simplify', '--check', file]);
		assert.equal(again.status, 0, again.stderr);
		assert.match(again.stderr, /Nothing to simplify/);
	});

	test('--format json: lines removed, groups merged, crawlers compared, probes, verdict changes', () => {
		const result = runCli(['fix', '--simplify', '--format', 'json', '-'], { input: robots });
		assert.equal(result.status, 0, result.stderr);
		const summary = JSON.parse(result.stdout) as Record<string, unknown>;
		assert.equal(summary.changed, true);
		assert.equal(summary.linesRemoved, 2);
		assert.equal(summary.groupsMerged, 0);
		assert.equal(summary.verdictChanges, 0);
		assert.equal(summary.refused, null);
		assert.ok((summary.crawlers as number) > 100);
		assert.ok((summary.probes as number) >= 3);
		assert.deepEqual(summary.before, { ruleLines: 3, groups: 1 });
		assert.deepEqual(summary.after, { ruleLines: 1, groups: 1 });
	});

	test('a refused simplification prints the file unchanged and says why', () => {
		// Merging the third group into the first would put Python-urllib before "python", which its parser matches first.
		const text = ['User-agent: a', 'Disallow: /x', '', 'User-agent: python', 'Disallow: /y', '', 'User-agent: Python-urllib', 'Disallow: /x', ''].join('\n');
		const result = runCli(['fix', '--simplify', '--check', '-'], { input: text });
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stderr, /Not simplified: the semantic diff finds changes \(verdicts: 2,/);
		const printed = runCli(['fix', '--simplify', '-'], { input: text });
		assert.equal(printed.stdout, text);
	});

	test('usage errors: no --simplify, no file, --write with standard input', () => {
		assert.equal(runCli(['fix', '-'], { input: robots }).status, 2);
		assert.equal(runCli(['fix', '--simplify']).status, 2);
		const write = runCli(['fix', '--simplify', '--write', '-'], { input: robots });
		assert.equal(write.status, 2);
		assert.match(write.stderr, /--write needs a file/);
	});

	test('robots-txt help fix', () => {
		const result = runCli(['help', 'fix']);
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stdout, /robots-txt fix --simplify/);
		assert.match(result.stdout, /--check/);
	});
});
