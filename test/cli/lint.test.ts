/**
 * `robots-txt lint` as CI pipelines use it: the built bundle, real folders, the three output formats, exit codes,
 * and the whole real-world corpus (HTML pages, binary bodies, 3.7 MB of rules) without a crash or a hang.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot, sharedDir } from '../util/fixtures';

const cli = join(repoRoot, 'server', 'dist', 'cli.js');

function lint(args: string[], cwd: string) {
	const result = spawnSync(process.execPath, [cli, 'lint', ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const work = mkdtempSync(join(tmpdir(), 'robots-lint-'));
mkdirSync(join(work, 'site', 'blog'), { recursive: true });
mkdirSync(join(work, 'node_modules', 'pkg'), { recursive: true });
writeFileSync(join(work, 'site', 'robots.txt'), 'User-agent: *\nDisallow: /tmp/\nDisallow /private\n');
writeFileSync(join(work, 'site', 'blog', 'robots.txt'), 'User-agent: *\nDisallow: /drafts/\nCrawl-delay: 10\n');
writeFileSync(join(work, 'site', 'notes.txt'), 'Disallow /not-linted\n');
writeFileSync(join(work, 'node_modules', 'pkg', 'robots.txt'), 'Disallow /skipped\n');
writeFileSync(join(work, 'clean-robots.txt'), 'User-agent: *\nDisallow: /private/\n');

describe('robots-txt lint', () => {
	test('text: file:line:col: severity code: message, folders searched for robots.txt', () => {
		const result = lint(['site'], work);
		assert.equal(result.status, 1, 'an error makes the exit code 1');
		assert.deepEqual(result.stdout.trimEnd().split('\n').map((line) => /^(\S+:\d+:\d+: \w+ [\w-]+): ./.exec(line)?.[1]), [
			'site/blog/robots.txt:3:1: information crawl-delay-ignored',
			'site/robots.txt:3:1: error missing-colon',
		]);
	});

	test('json: one record per diagnostic, with 1-based positions and the dialects concerned', () => {
		const result = lint(['site/robots.txt', '--format', 'json', '--crawler', 'Googlebot'], work);
		const records = JSON.parse(result.stdout);
		assert.equal(records.length, 1);
		assert.deepEqual({ ...records[0], message: undefined }, {
			file: 'site/robots.txt', line: 3, column: 1, endLine: 3, endColumn: 9,
			severity: 'error', code: 'missing-colon', message: undefined, dialects: ['google'],
		});
		assert.match(records[0].message, /only Googlebot reads it/);
	});

	test('sarif: a SARIF 2.1.0 log with the rule catalogue', () => {
		const result = lint(['site', '--format', 'sarif'], work);
		const log = JSON.parse(result.stdout);
		assert.equal(log.version, '2.1.0');
		const run = log.runs[0];
		assert.ok(run.tool.driver.rules.some((rule: { id: string }) => rule.id === 'missing-colon'));
		assert.deepEqual(run.results.map((r: { ruleId: string; level: string }) => `${r.ruleId}:${r.level}`), ['crawl-delay-ignored:note', 'missing-colon:error']);
		assert.equal(run.results[1].locations[0].physicalLocation.region.startLine, 3);
	});

	test('exit codes: 0 without errors, 1 over --max-warnings, 2 on usage errors', () => {
		assert.equal(lint(['site/blog'], work).status, 0);
		assert.equal(lint(['clean-robots.txt'], work).status, 0);
		const warned = join(work, 'warned');
		mkdirSync(warned, { recursive: true });
		writeFileSync(join(warned, 'robots.txt'), 'User-agent: *\nDisallow: css\n');
		assert.equal(lint(['warned'], work).status, 0);
		assert.equal(lint(['warned', '--max-warnings', '0'], work).status, 1);
		for (const args of [[], ['site', '--format', 'xml'], ['site', '--dialect', 'bing'], ['missing-folder'], ['site', '--max-warnings', 'x']]) {
			const result = lint(args, work);
			assert.equal(result.status, 2, args.join(' '));
			assert.match(result.stderr, /^robots-txt: [^\n]+\n$/);
		}
	});
});

const corpus = join(sharedDir, 'corpus', 'realworld', 'files');

test('the whole real-world corpus lints: every file answers, nothing crashes', { skip: existsSync(corpus) ? false : 'no ../shared/corpus here', timeout: 300_000 }, () => {
	const files = readdirSync(corpus).filter((name) => name.endsWith('.txt')).sort();
	const result = lint([...files, '--format', 'json'], corpus);
	assert.ok(result.status === 0 || result.status === 1, result.stderr);
	const records: { file: string; code: string }[] = JSON.parse(result.stdout);
	// Each file is named NNNN.txt, so each answers at least with file-name.
	const answered = new Set(records.filter((record) => record.code === 'file-name').map((record) => record.file));
	assert.equal(answered.size, files.length);
	const notRobots = new Set(records.filter((record) => record.code === 'not-robots-txt').map((record) => record.file));
	assert.ok(notRobots.size >= 10, `HTML and binary bodies are recognised (${notRobots.size})`);
});
