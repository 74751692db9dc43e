/**
 * `robots-txt lint` as CI pipelines use it: the built bundle, real folders, the three output formats, exit codes,
 * and the whole real-world corpus (HTML pages, binary bodies, 3.7 MB of rules) without a crash or a hang.
 */

import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedDir } from '../util/fixtures';
import { canDenyPermission, runCli, workFolder } from './cliProcess';

function lint(args: string[], cwd: string, options: { unprivileged?: boolean } = {}) {
	return runCli(['lint', ...args], { cwd, ...options });
}

/** The diagnostics of text output, each as `file:line:col: severity code`, without the messages and the summary. */
function problems(stdout: string): string[] {
	return stdout
		.split('\n')
		.map((line) => /^(\S+:\d+:\d+: \w+ [\w-]+): ./.exec(line)?.[1])
		.filter((line): line is string => line !== undefined);
}

function lastLine(stdout: string): string {
	return stdout.trimEnd().split('\n').at(-1) ?? '';
}

const work = workFolder('robots-lint-');
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
		assert.deepEqual(problems(result.stdout), ['site/blog/robots.txt:3:1: information crawl-delay-ignored', 'site/robots.txt:3:1: error missing-colon']);
	});

	test('text ends with a summary of what was found, and in how many files', () => {
		assert.equal(lastLine(lint(['site'], work).stdout), '1 error, 0 warnings, 1 information in 2 files');
		// file-name (a warning: it is not named robots.txt) and private-path-disclosure (information: Disallow: /private/).
		assert.equal(lastLine(lint(['clean-robots.txt'], work).stdout), '0 errors, 1 warning, 1 information in 1 file');
		assert.equal(lastLine(lint(['site/blog'], work).stdout), '0 errors, 0 warnings, 1 information in 1 file');
	});

	test('hints only with --hints, in every format; the summary counts the hidden ones', () => {
		const folder = join(work, 'hinted');
		mkdirSync(folder, { recursive: true });
		writeFileSync(join(folder, 'robots.txt'), 'User-agent: *\ndisallow: /a\n');
		const quiet = lint(['hinted'], work);
		assert.equal(quiet.status, 0, quiet.stderr);
		assert.deepEqual(problems(quiet.stdout), []);
		assert.equal(lastLine(quiet.stdout), '0 errors, 0 warnings in 1 file (1 hint not shown; --hints shows hints)');
		const shown = lint(['hinted', '--hints'], work);
		assert.deepEqual(problems(shown.stdout), ['hinted/robots.txt:2:1: hint non-canonical-casing']);
		assert.equal(lastLine(shown.stdout), '0 errors, 0 warnings, 1 hint in 1 file');
		assert.deepEqual(JSON.parse(lint(['hinted', '--format', 'json'], work).stdout), []);
		assert.equal(JSON.parse(lint(['hinted', '--format', 'json', '--hints'], work).stdout)[0].severity, 'hint');
		assert.deepEqual(JSON.parse(lint(['hinted', '--format', 'sarif'], work).stdout).runs[0].results, []);
		assert.equal(JSON.parse(lint(['hinted', '--format', 'sarif', '--hints'], work).stdout).runs[0].results[0].ruleId, 'non-canonical-casing');
	});

	test('a folder holding nothing to lint is an error (exit 2); the other paths are still linted', () => {
		mkdirSync(join(work, 'empty', 'sub'), { recursive: true });
		writeFileSync(join(work, 'empty', 'sub', 'notes.txt'), 'User-agent: *\n');
		const alone = lint(['empty'], work);
		assert.equal(alone.status, 2);
		assert.equal(alone.stderr, 'robots-txt: nothing to lint in empty (no robots.txt, HTML page or _headers file)\n');
		const mixed = lint(['empty', 'site/blog'], work);
		assert.equal(mixed.status, 2);
		assert.deepEqual(problems(mixed.stdout), ['site/blog/robots.txt:3:1: information crawl-delay-ignored']);
	});

	test('an unreadable folder or file is reported in one line; the other files are still linted; exit 2', {
		skip: canDenyPermission ? false : 'cannot make a folder unreadable here',
	}, () => {
		const site = join(work, 'locked-site');
		mkdirSync(join(site, 'private'), { recursive: true });
		mkdirSync(join(site, 'public'), { recursive: true });
		mkdirSync(join(site, 'shut'), { recursive: true });
		writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow /x\nDisallow: /y\n');
		writeFileSync(join(site, 'private', 'robots.txt'), 'User-agent: *\nDisallow: /y\n');
		writeFileSync(join(site, 'public', 'robots.txt'), 'User-agent: *\nDisallow: /y\nCrawl-delay: 5\n');
		writeFileSync(join(site, 'shut', 'robots.txt'), 'User-agent: *\nDisallow: /y\n');
		chmodSync(join(site, 'private'), 0o000);
		chmodSync(join(site, 'shut', 'robots.txt'), 0o000);
		const result = lint(['locked-site'], work, { unprivileged: true });
		assert.equal(result.status, 2);
		assert.equal(
			result.stderr,
			[
				'robots-txt: cannot read folder locked-site/private: permission denied',
				'robots-txt: cannot read locked-site/shut/robots.txt: permission denied',
				'',
			].join('\n'),
		);
		assert.deepEqual(problems(result.stdout), [
			'locked-site/public/robots.txt:3:1: information crawl-delay-ignored',
			'locked-site/robots.txt:2:1: error missing-colon',
		]);
		chmodSync(join(site, 'private'), 0o755);
	});

	test('symbolic links are followed only into the folders given, cycles end, and a file reached twice is reported once', () => {
		const real = join(work, 'tree', 'real');
		const links = join(work, 'tree', 'links');
		mkdirSync(join(real, 'blog'), { recursive: true });
		mkdirSync(links, { recursive: true });
		mkdirSync(join(work, 'elsewhere'), { recursive: true });
		writeFileSync(join(real, 'robots.txt'), 'User-agent: *\nDisallow: /tmp/\nDisallow /private\n');
		writeFileSync(join(real, 'blog', 'robots.txt'), 'User-agent: *\nDisallow: /drafts/\nCrawl-delay: 10\n');
		writeFileSync(join(work, 'elsewhere', 'robots.txt'), 'User-agent: *\nDisallow /elsewhere\n');
		symlinkSync(join('..', 'real', 'robots.txt'), join(links, 'robots.txt'));
		symlinkSync(join('..', 'real', 'blog'), join(links, 'blog'));
		symlinkSync('.', join(links, 'loop'));
		symlinkSync('..', join(links, 'up'));
		symlinkSync(join('..', '..', 'elsewhere'), join(links, 'out'));
		const result = lint(['tree'], work);
		assert.equal(result.status, 1, result.stderr);
		assert.equal(result.stderr, '');
		// The links into tree/ lead back into the walk: real/'s two files are reported under their own names; up/ and
		// out/ lead out of tree/, and nothing is read through them (the editor's rule: a link never leads out of the workspace).
		assert.deepEqual(problems(result.stdout), [
			'tree/real/blog/robots.txt:3:1: information crawl-delay-ignored',
			'tree/real/robots.txt:3:1: error missing-colon',
		]);
		// Given alone, tree/links holds only links out of it.
		const alone = lint(['tree/links'], work);
		assert.equal(alone.status, 2);
		assert.equal(alone.stderr, 'robots-txt: nothing to lint in tree/links (no robots.txt, HTML page or _headers file)\n');
		const twice = lint(['tree/real', 'tree/real/robots.txt', 'tree/links', './tree/real/blog/robots.txt'], work);
		assert.equal(twice.stderr, '');
		assert.deepEqual(problems(twice.stdout), [
			'tree/real/blog/robots.txt:3:1: information crawl-delay-ignored',
			'tree/real/robots.txt:3:1: error missing-colon',
		]);
		assert.equal(lastLine(twice.stdout), '1 error, 0 warnings, 1 information in 2 files');
	});

	test('a broken or looping symbolic link named robots.txt is reported, exit 2', () => {
		const broken = join(work, 'broken');
		mkdirSync(broken, { recursive: true });
		symlinkSync('nowhere.txt', join(broken, 'robots.txt'));
		const result = lint(['broken'], work);
		assert.equal(result.status, 2);
		assert.equal(result.stderr, 'robots-txt: cannot read broken/robots.txt: no such file or directory\n');
		// A link to itself is a cycle too: one line, no hang.
		const looped = join(work, 'looped');
		mkdirSync(looped, { recursive: true });
		symlinkSync('robots.txt', join(looped, 'robots.txt'));
		const loop = lint(['looped'], work);
		assert.equal(loop.status, 2);
		assert.equal(loop.stderr, 'robots-txt: cannot read looped/robots.txt: too many levels of symbolic links\n');
	});

	test('json: one record per diagnostic, with 1-based positions and the dialects concerned', () => {
		const result = lint(['site/robots.txt', '--format', 'json', '--crawler', 'Googlebot'], work);
		const records = JSON.parse(result.stdout);
		assert.equal(records.length, 1);
		assert.deepEqual(
			{ ...records[0], message: undefined },
			{
				file: 'site/robots.txt',
				line: 3,
				column: 1,
				endLine: 3,
				endColumn: 9,
				severity: 'error',
				code: 'missing-colon',
				message: undefined,
				dialects: ['google'],
			},
		);
		assert.match(records[0].message, /only Googlebot reads it/);
	});

	test('sarif: a SARIF 2.1.0 log with the rule catalogue', () => {
		const result = lint(['site', '--format', 'sarif'], work);
		const log = JSON.parse(result.stdout);
		assert.equal(log.version, '2.1.0');
		const run = log.runs[0];
		assert.ok(run.tool.driver.rules.some((rule: { id: string }) => rule.id === 'missing-colon'));
		assert.deepEqual(
			run.results.map((r: { ruleId: string; level: string }) => `${r.ruleId}:${r.level}`),
			['crawl-delay-ignored:note', 'missing-colon:error'],
		);
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

test('the whole real-world corpus lints: every file answers, nothing crashes', {
	skip: existsSync(corpus) ? false : 'no ../shared/corpus here',
	timeout: 300_000,
}, () => {
	const files = readdirSync(corpus)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	assert.ok(files.length >= 900, `only ${files.length} corpus files`);
	const result = lint([...files, '--format', 'json'], corpus);
	assert.ok(result.status === 0 || result.status === 1, result.stderr);
	const records: { file: string; code: string }[] = JSON.parse(result.stdout);
	// Each file is named NNNN.txt, so each answers at least with file-name.
	const answered = new Set(records.filter((record) => record.code === 'file-name').map((record) => record.file));
	assert.equal(answered.size, files.length);
	const notRobots = new Set(records.filter((record) => record.code === 'not-robots-txt').map((record) => record.file));
	assert.ok(notRobots.size >= 10, `HTML and binary bodies are recognised (${notRobots.size})`);
});
