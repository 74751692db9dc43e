/**
 * The project's own commands (issue 14, "CLI rough edges"): `npm test` ends with one summary of every suite, and
 * `npm start` opens a scratch copy of examples/ so that code-server's auto-save never edits tracked files.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';
import { parseArguments, refreshScratchCopy, scratchFolder, setWebExtensionKind } from '../../scripts/start';
import { addCalmSettings, aptInstallArgs, aptUpgrades, calmSettings } from '../../scripts/codeServer';
import { allSuites } from '../../scripts/test';
import { allPassed, formatSummary, runSuites, tapCounts } from '../../scripts/testSuites';
import { workFolder } from './cliProcess';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const work = workFolder('robots-scripts-');

describe('npm test', () => {
	test('runs every suite through the summary script', () => {
		assert.match(manifest.scripts.test, /&& node out\/scripts\/test\.js$/);
		assert.deepEqual(
			allSuites().map((suite) => suite.name),
			['unit', 'CLI', 'LSP', 'package', 'grammar', 'e2e'],
		);
		// test:unit is everything but the end-to-end suite.
		assert.match(manifest.scripts['test:unit'], /&& node out\/scripts\/test\.js unit cli lsp package grammar$/);
	});

	test('ends with the counts of every suite and a total, whatever failed on the way', async () => {
		const passing = join(work, 'passing.test.js');
		writeFileSync(passing, "const { test } = require('node:test');\ntest('one', () => {});\ntest('two', () => {});\n");
		const failing = join(work, 'failing.test.js');
		writeFileSync(
			failing,
			"const { test } = require('node:test');\ntest('good', () => {});\ntest('bad', () => { throw new Error('no'); });\ntest('later', { skip: true }, () => {});\n",
		);
		const grammarOk = join(work, 'ok.txt');
		writeFileSync(grammarOk, '');
		let output = '';
		const results = await runSuites(
			[
				{ kind: 'node', name: 'alpha', files: [passing] },
				{ kind: 'node', name: 'beta', files: [failing] },
				{ kind: 'node', name: 'gamma', setup: [[process.execPath, '-e', 'process.exit(3)']], files: [passing] },
				{
					kind: 'files',
					name: 'delta',
					files: ['ok.txt', 'missing.txt'],
					commands: [[process.execPath, '-e', "console.log('✓ ok.txt run successfully.')"]],
				},
			],
			{
				cwd: work,
				write: (text) => {
					output += text;
				},
			},
		);
		assert.deepEqual(
			results.map(({ name, tests, passed, failed, skipped, problem }) => ({ name, tests, passed, failed, skipped, problem })),
			[
				{ name: 'alpha', tests: 2, passed: 2, failed: 0, skipped: 0, problem: undefined },
				{ name: 'beta', tests: 3, passed: 1, failed: 1, skipped: 1, problem: undefined },
				{ name: 'gamma', tests: 0, passed: 0, failed: 0, skipped: 0, problem: `setup failed: ${process.execPath} -e process.exit(3) exited with 3` },
				{ name: 'delta', tests: 2, passed: 1, failed: 1, skipped: 0, problem: undefined },
			],
		);
		assert.match(output, /✔ one/, "the suites' own output is passed on");
		assert.equal(allPassed(results), false);
		const summary = formatSummary(results).trimEnd().split('\n');
		assert.deepEqual(summary.slice(0, 3), ['', 'Summary of every suite', summary[2]]);
		assert.match(summary[2], /^ {2}suite +tests +passed +failed +skipped +time$/);
		assert.match(summary[3], /^ {2}alpha +2 +2 +0 +0 +\d+\.\d s$/);
		assert.match(summary[4], /^ {2}beta +3 +1 +1 +1 /);
		assert.match(summary[7], /^ {2}total +7 +4 +2 +1 /);
		assert.equal(summary[8], `  gamma: setup failed: ${process.execPath} -e process.exit(3) exited with 3`);
		assert.equal(summary.at(-1), 'FAILED: 2 of 7 tests failed; suites failing: beta, gamma, delta.');
		const passed = formatSummary(results.slice(0, 1)).trimEnd().split('\n');
		assert.equal(passed.at(-1), 'All 2 tests passed in 1 suite.');
	});

	test('reads the closing counts of a TAP report', () => {
		assert.deepEqual(tapCounts('TAP version 13\nok 1 - a\n1..1\n# tests 3\n# suites 0\n# pass 1\n# fail 1\n# cancelled 0\n# skipped 1\n# todo 0\n'), {
			tests: 3,
			passed: 1,
			failed: 1,
			skipped: 1,
		});
		assert.equal(tapCounts(''), undefined);
	});
});

describe('npm start', () => {
	test('opens a git-ignored copy of examples/ by default, and a folder given with --folder as it is', () => {
		assert.equal(parseArguments([]).folder, undefined);
		assert.equal(parseArguments(['--folder', work]).folder, work);
		const inRepo = relative(repoRoot, scratchFolder);
		assert.ok(!inRepo.startsWith('..') && !inRepo.startsWith('examples'), inRepo);
		const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', join(inRepo, 'robots.txt')], { cwd: repoRoot });
		if (ignored.status === 128 || ignored.error) {
			// Not a git checkout (an unpacked archive): the pattern must still be there for the next clone.
			assert.ok(readFileSync(join(repoRoot, '.gitignore'), 'utf8').split('\n').includes('.scratch/'));
		} else {
			assert.equal(ignored.status, 0, `${inRepo} is git-ignored`);
		}
	});

	test('--web sets the setting that runs the extension in the browser, and a start without it removes it', () => {
		assert.equal(parseArguments(['--web']).web, true);
		assert.equal(parseArguments([]).web, undefined);
		const userData = join(work, 'user-data');
		const file = join(userData, 'User', 'settings.json');
		const read = () => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		mkdirSync(join(userData, 'User'), { recursive: true });
		writeFileSync(file, JSON.stringify({ 'editor.fontSize': 15, 'remote.extensionKind': { 'other.extension': ['ui'] } }));
		assert.equal(setWebExtensionKind(userData, 'robots-txt-tools.robots-txt', true), 'set');
		assert.deepEqual(read(), { 'editor.fontSize': 15, 'remote.extensionKind': { 'other.extension': ['ui'], 'robots-txt-tools.robots-txt': ['web'] } });
		assert.equal(setWebExtensionKind(userData, 'robots-txt-tools.robots-txt', true), 'unchanged');
		assert.equal(setWebExtensionKind(userData, 'robots-txt-tools.robots-txt', false), 'removed');
		assert.deepEqual(read(), { 'editor.fontSize': 15, 'remote.extensionKind': { 'other.extension': ['ui'] } });
		writeFileSync(file, JSON.stringify({ 'remote.extensionKind': { 'robots-txt-tools.robots-txt': ['web'] } }));
		assert.equal(setWebExtensionKind(userData, 'robots-txt-tools.robots-txt', false), 'removed');
		assert.deepEqual(read(), {});
		writeFileSync(file, '{ // a comment\n}');
		assert.equal(setWebExtensionKind(userData, 'robots-txt-tools.robots-txt', true), 'not JSON');
		assert.equal(readFileSync(file, 'utf8'), '{ // a comment\n}');
	});

	test('refreshes the copy on each start: edits and new files of the last session are gone', () => {
		const source = join(work, 'examples');
		const target = join(work, 'scratch', 'examples');
		mkdirSync(join(source, 'sub'), { recursive: true });
		writeFileSync(join(source, 'robots.txt'), 'User-agent: *\nDisallow: /private\n');
		writeFileSync(join(source, 'sub', 'urls.txt'), '/a\n');
		assert.equal(refreshScratchCopy(source, target), target);
		writeFileSync(join(target, 'robots.txt'), 'edited by auto-save\n');
		writeFileSync(join(target, 'new.txt'), 'a new file\n');
		refreshScratchCopy(source, target);
		assert.equal(readFileSync(join(target, 'robots.txt'), 'utf8'), 'User-agent: *\nDisallow: /private\n');
		assert.equal(readFileSync(join(target, 'sub', 'urls.txt'), 'utf8'), '/a\n');
		assert.ok(!existsSync(join(target, 'new.txt')));
		assert.deepEqual(readdirSync(target).sort(), ['robots.txt', 'sub']);
		// The source is never written.
		assert.equal(readFileSync(join(source, 'robots.txt'), 'utf8'), 'User-agent: *\nDisallow: /private\n');
	});
});

describe('setting up the machine (issue 22, item 14)', () => {
	test('apt installs only what is missing, and never upgrades a package by name', () => {
		assert.deepEqual(aptInstallArgs(['libkrb5-dev']), ['install', '-y', '--no-install-recommends', '--no-upgrade', 'libkrb5-dev']);
	});

	test("the upgrades an install brings are read from apt's simulation, to be said before it runs", () => {
		// apt-get --simulate writes the installed version in brackets only for a package it would upgrade.
		const simulation = [
			'Reading package lists...',
			'Inst libkrb5support0 [1.20.1-2+deb12u1] (1.20.1-2+deb12u4 Debian-Security:12/oldstable-security [amd64])',
			'Inst libkrb5-dev (1.20.1-2+deb12u4 Debian-Security:12/oldstable-security [amd64])',
			'Conf libkrb5support0 (1.20.1-2+deb12u4 Debian-Security:12/oldstable-security [amd64])',
			'Conf libkrb5-dev (1.20.1-2+deb12u4 Debian-Security:12/oldstable-security [amd64])',
		].join('\n');
		assert.deepEqual(aptUpgrades(simulation), [{ name: 'libkrb5support0', from: '1.20.1-2+deb12u1', to: '1.20.1-2+deb12u4' }]);
		assert.deepEqual(aptUpgrades(''), []);
	});

	test("npm start opens a calm workbench (no Welcome page, no Chat panel) and keeps the user's own settings", () => {
		const userData = join(work, 'start-user-data');
		mkdirSync(join(userData, 'User'), { recursive: true });
		writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify({ 'workbench.colorTheme': 'Solarized Light', 'editor.fontSize': 16 }));
		assert.equal(addCalmSettings(userData), 'written');
		const settings = JSON.parse(readFileSync(join(userData, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
		assert.equal(settings['workbench.startupEditor'], 'none');
		assert.equal(settings['chat.disableAIFeatures'], true);
		assert.equal(settings['workbench.secondarySideBar.defaultVisibility'], 'hidden');
		assert.equal(settings['workbench.colorTheme'], 'Solarized Light', "a setting of the user's own wins");
		assert.equal(settings['editor.fontSize'], 16);
		assert.equal(addCalmSettings(userData), 'unchanged');
		assert.ok(Object.keys(calmSettings).every((key) => key in settings));
		writeFileSync(join(userData, 'User', 'settings.json'), '{ // a comment\n}');
		assert.equal(addCalmSettings(userData), 'not JSON');
	});

	test('npm start uses the calm settings', () => {
		assert.match(readFileSync(join(repoRoot, 'scripts', 'start.ts'), 'utf8'), /addCalmSettings\(userData\)/);
	});
});
