/**
 * The command's entry (cli/src/entry.ts) runs the CLI's bundle from V8's code cache in the user's cache folder: the
 * answers are those of a run without the cache, the data are written once and then read (also by the worker threads of
 * `logs`, whose V8 flags must be those the data were made under), a broken or stale cache is replaced, a cache that
 * cannot be written is no error, Node's switch turns it off, and the folder keeps the newest few.
 */

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fixturesDir } from '../util/fixtures';
import { englishEnv, runCli, workFolder } from './cliProcess';

const work = workFolder('robots-entry-');
after(() => rmSync(work, { recursive: true, force: true }));

let runs = 0;
/** A cache home of its own for one test. */
function cacheHome(): string {
	const home = join(work, `cache-${runs++}`);
	mkdirSync(home);
	return home;
}

function env(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const environment: NodeJS.ProcessEnv = { ...englishEnv, XDG_CACHE_HOME: home, ...extra };
	if (!('NODE_DISABLE_COMPILE_CACHE' in extra)) {
		delete environment.NODE_DISABLE_COMPILE_CACHE;
	}
	return environment;
}

/** The files of the compile cache under `home`. */
function cached(home: string): string[] {
	const folder = join(home, 'robots-txt', 'compile');
	return existsSync(folder) ? readdirSync(folder).sort() : [];
}

const robots = join(work, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private/\n');
const question = ['test', robots, '--agent', 'Googlebot', '/private/a', '/public'];
const answer = runCli(question, { env: env(cacheHome(), { NODE_DISABLE_COMPILE_CACHE: '1' }) });

describe('the code cache of the command', () => {
	test('the first run writes the data, later runs read them, and every run answers as one without the cache', () => {
		assert.equal(answer.status, 0, answer.stderr);
		assert.equal(answer.stdout, 'DISALLOWED /private/a  (line 2: Disallow: /private/)\nALLOWED    /public  (no rule of the group at line 1 matches)\n');
		const home = cacheHome();
		assert.deepEqual(runCli(question, { env: env(home) }), answer);
		const files = cached(home);
		assert.equal(files.length, 1, files.join());
		assert.match(files[0], /^[0-9a-f]{32}\.bin$/);
		const file = join(home, 'robots-txt', 'compile', files[0]);
		const data = readFileSync(file);
		utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
		assert.deepEqual(runCli(question, { env: env(home) }), answer);
		assert.equal(statSync(file).mtime.getFullYear(), 2020, 'read, not written again');
		assert.deepEqual(readFileSync(file), data);
	});

	test('the worker threads of `logs` read the data the command wrote, and do not write them again', () => {
		const home = cacheHome();
		// Three parts of a mebibyte: the first is judged on this thread, the others on the workers.
		const lines = readFileSync(join(fixturesDir, 'logs', 'combined.log'), 'utf8');
		const log = join(work, 'access.log');
		writeFileSync(log, lines.repeat(Math.ceil((3 << 20) / lines.length)));
		const args = ['logs', log, '--robots', robots, '--threads', '2', '--format', 'json'];
		const first = runCli(args, { env: env(home) });
		assert.equal(first.status, 0, first.stderr);
		const files = cached(home);
		assert.equal(files.length, 1, files.join());
		const file = join(home, 'robots-txt', 'compile', files[0]);
		utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
		assert.deepEqual(runCli(args, { env: env(home) }), first);
		assert.deepEqual(cached(home), files);
		assert.equal(statSync(file).mtime.getFullYear(), 2020, 'no thread rejected the data and wrote them again');
	});

	test('data that V8 rejects (broken, or made by another Node) are replaced by good ones', () => {
		const home = cacheHome();
		runCli(question, { env: env(home) });
		const [name] = cached(home);
		const file = join(home, 'robots-txt', 'compile', name);
		writeFileSync(file, 'not the data V8 wrote');
		assert.deepEqual(runCli(question, { env: env(home) }), answer);
		assert.notEqual(readFileSync(file, 'utf8'), 'not the data V8 wrote');
		assert.ok(statSync(file).size > 10_000);
	});

	test('a cache folder that cannot be made is no error: the command answers as without it', () => {
		const home = join(work, 'a-file');
		writeFileSync(home, '');
		assert.deepEqual(runCli(question, { env: env(home) }), answer);
	});

	test("Node's own switch, NODE_DISABLE_COMPILE_CACHE, turns it off", () => {
		const home = cacheHome();
		assert.deepEqual(runCli(question, { env: env(home, { NODE_DISABLE_COMPILE_CACHE: '1' }) }), answer);
		assert.deepEqual(cached(home), []);
	});

	test('writing keeps the newest eight and removes what a stopped writer left over an hour ago', () => {
		const home = cacheHome();
		const folder = join(home, 'robots-txt', 'compile');
		mkdirSync(folder, { recursive: true });
		const old = (name: string, minutesAgo: number) => {
			writeFileSync(join(folder, name), 'old');
			const when = new Date(Date.now() - minutesAgo * 60_000);
			utimesSync(join(folder, name), when, when);
		};
		for (let i = 0; i < 10; i++) {
			old(`${String(i).padStart(32, '0')}.bin`, 10 + i);
		}
		old('leftover.bin.123.abc', 120);
		old('recent.bin.456.def', 5);
		assert.deepEqual(runCli(question, { env: env(home) }), answer);
		const files = cached(home);
		const kept = files.filter((name) => name.endsWith('.bin'));
		assert.equal(kept.length, 8, files.join());
		// The new data, and the seven newest of the old: those written 10 to 16 minutes ago.
		assert.deepEqual(
			kept.filter((name) => name.startsWith('0000')),
			[0, 1, 2, 3, 4, 5, 6].map((i) => `${String(i).padStart(32, '0')}.bin`),
		);
		assert.ok(!files.includes('leftover.bin.123.abc'));
		assert.ok(files.includes('recent.bin.456.def'), 'a writer may still be at work');
	});
});
