/**
 * `robots-txt init` as people run it: every template written into a folder with its expectations, which `check` then
 * passes and `lint` finds clean; files that exist kept unless `--force`; `--list`, `--out -`, `--out <folder>`,
 * `--no-expectations`, and a name that is no template, each with its exit status.
 */

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { renderTemplate, type TemplateFiles } from '../../core/src/index';
import { runCli, workFolder } from './cliProcess';

const work = workFolder('robots-cli-init-');
after(() => rmSync(work, { recursive: true, force: true }));

/** The templates issue 26 asks for. */
const presetNames = ['plain', 'wordpress', 'store', 'static', 'docs', 'staging', 'ai'];

let folders = 0;
function freshFolder(): string {
	const folder = join(work, `site-${folders++}`);
	mkdirSync(folder);
	return folder;
}

function template(name: string, site?: string): TemplateFiles {
	const files = renderTemplate(name, site);
	assert.ok(!('error' in files));
	return files;
}

describe('robots-txt init', () => {
	for (const name of presetNames) {
		test(`--preset ${name} writes robots.txt and robots.expectations, which check passes and lint finds clean`, () => {
			const folder = freshFolder();
			const result = runCli(['init', '--preset', name, '--site', 'https://example.com'], { cwd: folder });
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stdout, 'wrote robots.txt\nwrote robots.expectations\n');
			assert.deepEqual(readdirSync(folder).sort(), ['robots.expectations', 'robots.txt']);
			const files = template(name, 'https://example.com');
			assert.equal(readFileSync(join(folder, 'robots.txt'), 'utf8'), files.robots);
			assert.equal(readFileSync(join(folder, 'robots.expectations'), 'utf8'), files.expectations);
			const check = runCli(['check'], { cwd: folder });
			assert.equal(check.status, 0, check.stdout + check.stderr);
			assert.match(check.stdout, /robots\.expectations: \d+ passed, 0 failed/);
			const lint = runCli(['lint', 'robots.txt', '--dialect', 'rfc9309,google,yandex,draft1996,original1994'], { cwd: folder });
			assert.equal(lint.status, 0, lint.stdout + lint.stderr);
		});
	}

	test('a file that exists is kept, with the reason and exit status 2; --force overwrites both', () => {
		const folder = freshFolder();
		writeFileSync(join(folder, 'robots.txt'), 'User-agent: *\nDisallow: /mine/\n');
		const refused = runCli(['init', '--preset', 'plain'], { cwd: folder });
		assert.equal(refused.status, 2);
		assert.equal(refused.stderr, 'robots-txt: robots.txt exists; --force overwrites it\n');
		assert.equal(readFileSync(join(folder, 'robots.txt'), 'utf8'), 'User-agent: *\nDisallow: /mine/\n');
		assert.equal(existsSync(join(folder, 'robots.expectations')), false, 'nothing is written unless everything can be');
		const forced = runCli(['init', '--preset', 'docs', '--force', '--site', 'docs.example.com'], { cwd: folder });
		assert.equal(forced.status, 0, forced.stderr);
		assert.equal(readFileSync(join(folder, 'robots.txt'), 'utf8'), template('docs', 'docs.example.com').robots);
		const again = runCli(['init', '--preset', 'plain'], { cwd: folder });
		assert.equal(again.status, 2);
		assert.equal(again.stderr, 'robots-txt: robots.txt and robots.expectations exist; --force overwrites them\n');
	});

	test('--out <folder> writes there, making the folder; --no-expectations writes the robots.txt alone', () => {
		const folder = freshFolder();
		const result = runCli(['init', '--preset', 'static', '--out', join('public', 'www'), '--no-expectations'], { cwd: folder });
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stdout, `wrote ${join('public', 'www', 'robots.txt')}\n`);
		assert.deepEqual(readdirSync(join(folder, 'public', 'www')), ['robots.txt']);
		assert.equal(readFileSync(join(folder, 'public', 'www', 'robots.txt'), 'utf8'), template('static').robots);
	});

	test('--out - writes the robots.txt to standard output and no file', () => {
		const folder = freshFolder();
		const result = runCli(['init', '--preset', 'staging', '--out', '-'], { cwd: folder });
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stdout, template('staging').robots);
		assert.match(result.stdout, /^User-agent: \*\n(#.*\n)?Disallow: \/\n/m);
		assert.deepEqual(readdirSync(folder), []);
	});

	test('--list lists every template, one a line with its title and what it is for', () => {
		const result = runCli(['init', '--list']);
		assert.equal(result.status, 0, result.stderr);
		const lines = result.stdout.trimEnd().split('\n');
		assert.deepEqual(
			lines.map((line) => line.split(' ')[0]),
			presetNames,
		);
		assert.match(lines[1], /^wordpress +WordPress site +WordPress's own rules/);
	});

	test('a name that is no template, or no name, is a usage error (exit 2) that names the templates', () => {
		const folder = freshFolder();
		const unknown = runCli(['init', '--preset', 'joomla'], { cwd: folder });
		assert.equal(unknown.status, 2);
		assert.equal(unknown.stderr, 'robots-txt: There is no template "joomla"; the templates are plain, wordpress, store, static, docs, staging, ai.\n');
		const none = runCli(['init'], { cwd: folder });
		assert.equal(none.status, 2);
		assert.match(none.stderr, /--preset <name>.*--list/);
		const badSite = runCli(['init', '--preset', 'plain', '--site', 'ftp://example.com'], { cwd: folder });
		assert.equal(badSite.status, 2);
		assert.match(badSite.stderr, /ftp/);
		assert.deepEqual(readdirSync(folder), []);
	});
});
