/**
 * What the command line reads on its own (issue 21, findings 1 and 3): the robots.txt an expectations file names and the
 * files lint finds in a folder are read only if they are regular files (a link to /dev/zero and a FIFO are refused
 * without a byte read, so `check` neither fills its memory nor waits for ever), within a size (and the command says
 * when it cut one); `@robots` reads nothing outside the folders checked (`../../outside`, an absolute path, a link out)
 * unless --allow-outside says so, and nothing of an outside file reaches the CI log.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFiles, type FileSpec } from '../util/fixtures';
import { cli, englishEnv, workFolder } from './cliProcess';

const root = workFolder('robots-reads-');
after(() => rmSync(root, { recursive: true, force: true }));
const outside = join(root, 'outside');
mkdirSync(outside);
// The rule a leak would quote: the expectations below name /private/x, never this line.
writeFileSync(join(outside, 'robots.txt'), 'User-agent: SecretBot-7f3a\nDisallow: /private/\n');
const leak = /SecretBot-7f3a|Disallow: \/private\//;

/** Runs the CLI with a bound: a read that never ends fails the test instead of hanging it. */
function run(args: readonly string[], cwd: string) {
	const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: englishEnv, timeout: 20_000, killSignal: 'SIGKILL' });
	return { status: result.status, stdout: result.stdout, stderr: result.stderr, all: result.stdout + result.stderr };
}

let count = 0;
/** A checked folder inside the root, with these files. */
function checked(files: Record<string, FileSpec>): string {
	return writeFiles(join(root, `repo${count++}`, 'site'), files);
}

const expectation = 'SomeBot /private/x allow\n';

describe('check reads regular files only, inside the folders checked', () => {
	test('@robots /dev/zero: refused at once with a message, exit 1', () => {
		const folder = checked({ 'robots.expectations': `@robots /dev/zero\n${expectation}` });
		const result = run(['check'], folder);
		assert.equal(result.status, 1, result.all);
		assert.match(
			result.stdout,
			/^robots\.expectations:1:1: ERROR robots-txt-not-found: (\.\.\/)*dev\/zero is outside the folders checked \(or a link out of them\), and is not read/m,
		);
		// Read anyway, it is still no file: the kind is checked before a byte is read.
		const allowed = run(['check', '--allow-outside'], folder);
		assert.equal(allowed.status, 1, allowed.all);
		assert.match(allowed.stdout, /ERROR robots-txt-not-found: cannot read (\.\.\/)*dev\/zero: not a regular file/);
	});

	test('a robots.txt linked to /dev/zero beside the expectations file is a link out: refused', () => {
		const folder = checked({ 'robots.txt': { link: '/dev/zero' }, 'robots.expectations': expectation });
		const result = run(['check'], folder);
		assert.equal(result.status, 1, result.all);
		assert.match(result.stdout, /ERROR robots-txt-not-found: robots\.txt is outside the folders checked/);
	});

	test('@robots naming a FIFO in the folder: refused as not a regular file, without waiting for a writer', () => {
		const folder = checked({ pipe: { fifo: true }, 'robots.expectations': `@robots pipe\n${expectation}` });
		const result = run(['check'], folder);
		assert.equal(result.status, 1, result.all);
		assert.match(result.stdout, /ERROR robots-txt-not-found: cannot read pipe: not a regular file \(a FIFO, a device or a socket\)/);
	});

	for (const [what, line] of [
		['../../outside/robots.txt', '@robots ../../outside/robots.txt'],
		['an absolute path', `@robots ${join(outside, 'robots.txt')}`],
	]) {
		test(`@robots ${what}: refused with a message, nothing of the outside file in any format, read with --allow-outside`, () => {
			const folder = checked({ 'robots.expectations': `${line}\n${expectation}` });
			for (const format of ['text', 'json', 'junit']) {
				const result = run(['check', '--format', format], folder);
				assert.equal(result.status, 1, result.all);
				assert.match(
					result.all,
					/is outside the folders checked \(or a link out of them\), and is not read: check a folder that holds it, or pass --allow-outside/,
				);
				assert.doesNotMatch(result.all, leak);
			}
			// The flag reads it: SomeBot follows no group there, so /private/x is allowed and the expectation passes.
			const allowed = run(['check', '--allow-outside'], folder);
			assert.equal(allowed.status, 0, allowed.all);
			assert.match(allowed.stdout, /1 passed, 0 failed/);
		});
	}

	test('a file: URL names no file of the folder and reads nothing outside', () => {
		const folder = checked({ 'robots.expectations': `@robots file://${join(outside, 'robots.txt')}\n${expectation}` });
		const result = run(['check', '--format', 'json'], folder);
		assert.equal(result.status, 1, result.all);
		assert.doesNotMatch(result.all, leak);
	});

	test('@robots in another folder of the one checked is read', () => {
		const folder = checked({ 'robots.expectations': `@robots ../public/robots.txt\nGooglebot /private/x disallow\n` });
		writeFileSync(join(folder, '..', 'robots.txt'), '');
		mkdirSync(join(folder, '..', 'public'));
		writeFileSync(join(folder, '..', 'public', 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
		assert.match(run(['check', '..'], folder).stdout, /1 passed, 0 failed/);
		// Given only the expectations file's own folder, ../public is outside it.
		assert.match(run(['check', '.'], folder).stdout, /ERROR robots-txt-not-found: \.\.\/public\/robots\.txt is outside the folders checked/);
	});
});

describe('files found in a folder are read within a size', () => {
	test('lint: a 64 MiB page found in a folder is read for its first MiB, and the command says so', () => {
		const folder = checked({ 'robots.txt': 'User-agent: *\nDisallow: /private/\n', 'big.html': '' });
		// Sparse: 64 MiB on the disk's books, nothing written; a reader that reads it whole allocates all of it.
		truncateSync(join(folder, 'big.html'), 64 * 1024 * 1024);
		const result = run(['lint', '.'], folder);
		assert.equal(result.status, 0, result.all);
		assert.match(result.stderr, /^robots-txt: only the first 1[,.]024 KiB of big\.html were read$/m);
	});
});

describe("a file's name is bytes (issue 21, finding 14)", () => {
	test('lint: a page whose name is not UTF-8, in a folder whose name is not UTF-8, is read and linted, not "no such file"', () => {
		const folder = checked({ 'robots.txt': 'User-agent: *\nDisallow:\n' });
		// Latin-1 names, as an old archive unpacks them: 0xE9 and 0xFF are not UTF-8 on their own.
		const inner = Buffer.concat([Buffer.from(folder + '/d'), Buffer.from([0xff])]);
		mkdirSync(inner);
		for (const dir of [Buffer.from(folder), inner]) {
			writeFileSync(Buffer.concat([dir, Buffer.from('/caf'), Buffer.from([0xe9]), Buffer.from('.html')]), '<meta name="robots" content="noindex, noindex">\n');
		}
		const result = run(['lint', '.', '--format', 'json'], folder);
		assert.equal(result.status, 0, result.all);
		assert.doesNotMatch(result.stderr, /no such file/);
		// Both pages repeat noindex in one list: the duplicate is found in each.
		const records = JSON.parse(result.stdout) as { file: string; code: string }[];
		assert.equal(records.filter((record) => record.code === 'duplicate-robots-directive').length, 2, result.stdout);
	});
});
