/**
 * The command's entry (cli/dist/cli.js; the npm package's dist/cli.cjs): it runs the CLI's bundle beside it (main.js;
 * main.cjs) from V8's code cache. Compiling the bundle, a megabyte of script, was the largest part of the command's
 * start (77 of about 210 ms in a profile of `robots-txt test`), paid again by each worker thread of `logs`; read from
 * the cache, the start costs about 40 ms less CPU (a fifth of a short command's time).
 *
 * The cache is what Node 22 does itself (`module.enableCompileCache`), kept here for Node 20: the data
 * `createCachedData` gives right after the bundle is compiled, in the user's cache folder
 * (`$XDG_CACHE_HOME/robots-txt/compile`, else `~/.cache/robots-txt/compile`: cacheFolder.ts), under a name hashed from
 * the bundle's text, Node's version, the architecture and Node's options, so another bundle or Node never reads it. V8
 * checks the data too and compiles afresh when it rejects them; a cache that cannot be read or written is no cache,
 * never an error. `NODE_DISABLE_COMPILE_CACHE` (Node's own switch for its cache) turns it off.
 *
 * This file imports nothing of the CLI but where its cache is: it is bundled alone, and the bundle it runs is told that
 * its `__filename` is this entry's, where a worker thread starts too.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { writeWhole } from '../../io/src/writeWhole';
import { userCacheFolder } from './cacheFolder';

// The line scans (`logs`, `test --urls`, `--batch`) make a few short-lived strings and objects per line; with V8's
// default young generation (16 MiB a semi-space on 64-bit) a million-line log spent a fifth of its time in scavenges.
// Letting it grow to 32 MiB took 18 % off `logs` over 1 000 000 lines (2.5 s of CPU against 3.0 s, three runs each),
// with the same peak memory; it only raises the ceiling, so a small input keeps a small heap. Set before the bundle is
// compiled: V8's cached data holds a hash of its flags, and data made under other flags is rejected (a worker thread,
// started after a change, would reject and rewrite the cache at every run). Unless node was started with a size of its
// own (the memory tests fix a small young generation, so that it is full early and its growth is not the input's).
if (!process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'))) {
	setFlagsFromString('--max-semi-space-size=32');
}

/** The CLI's bundle: `main` with this entry's extension, beside it. */
const bundle = join(__dirname, `main${extname(__filename)}`);

/** Where the cached data of the bundle's `bytes` is kept, or undefined when caching is off. */
function cacheFile(bytes: Buffer): string | undefined {
	if (process.env.NODE_DISABLE_COMPILE_CACHE) {
		return undefined;
	}
	const key = createHash('sha256')
		.update(`${process.version}\0${process.arch}\0${process.execArgv.join('\0')}\0`)
		.update(bytes)
		.digest('hex');
	return join(userCacheFolder('compile'), `${key.slice(0, 32)}.bin`);
}

function readCache(file: string | undefined): Buffer | undefined {
	try {
		return file === undefined ? undefined : readFileSync(file);
	} catch {
		return undefined;
	}
}

/** The cached data kept: those of the bundles and Nodes run last (each build or version of the CLI writes its own). */
const keptCaches = 8;

/**
 * Writes `data` whole or not at all (another process may read it meanwhile); then removes all but the `keptCaches`
 * newest, and what a process stopped while writing left over an hour ago.
 */
function writeCache(file: string, data: Buffer): void {
	const folder = dirname(file);
	try {
		mkdirSync(folder, { recursive: true });
		writeWhole(file, data);
		const entries = readdirSync(folder).map((name) => ({ name, path: join(folder, name), modified: statSync(join(folder, name)).mtimeMs }));
		const caches = entries.filter((entry) => entry.name.endsWith('.bin')).sort((a, b) => b.modified - a.modified);
		const leftOver = entries.filter((entry) => !entry.name.endsWith('.bin') && entry.modified < Date.now() - 3_600_000);
		for (const entry of [...caches.slice(keptCaches), ...leftOver]) {
			rmSync(entry.path, { force: true });
		}
	} catch {
		// No cache this time, or one more kept.
	}
}

// Hashed as bytes: hashing the text would encode it again (12 ms where the bytes take 1).
const bytes = readFileSync(bundle);
const file = cacheFile(bytes);
const cached = readCache(file);
const script = new Script(Module.wrap(bytes.toString('utf8')), { filename: bundle, ...(cached ? { cachedData: cached } : {}) });
if (file !== undefined && (cached === undefined || script.cachedDataRejected)) {
	writeCache(file, script.createCachedData());
}
const bundleModule = new Module(bundle, module);
bundleModule.filename = bundle;
(script.runInThisContext() as (...args: unknown[]) => void).call(
	bundleModule.exports,
	bundleModule.exports,
	createRequire(bundle),
	bundleModule,
	__filename,
	__dirname,
);
