// `npm start`: runs the extension from this checkout in a real VS Code (code-server) and prints the address to open.
// The extension is linked, not packaged, so `npm run build` plus "Developer: Reload Window" picks up changes.
// It opens a scratch copy of examples/, refreshed on each start, because code-server saves edits automatically and
// would otherwise change the tracked examples while someone tries the extension out.
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { cacheDir, ensureCodeServer, ensureSystemPackages, repoRoot, startCodeServer, stateFolders } from './codeServer';

interface Manifest {
	name: string;
	publisher: string;
	version: string;
}

/** The git-ignored folder `npm start` opens by default: a copy of examples/ made afresh on each start. */
export const scratchFolder = join(repoRoot, '.scratch', 'examples');

const usage = `Usage: npm start [-- --port N] [-- --folder PATH]
Starts VS Code (code-server) on 127.0.0.1 with the extension from this checkout and opens PATH (default: a fresh
copy of examples/ in .scratch/examples, so that edits and auto-save never touch the tracked files).`;

/** Replaces `target` with a copy of `source`: what an earlier session edited or added there is gone. */
export function refreshScratchCopy(source: string, target: string): string {
	rmSync(target, { recursive: true, force: true });
	mkdirSync(dirname(target), { recursive: true });
	cpSync(source, target, { recursive: true });
	return target;
}

async function main(): Promise<void> {
	const options = parseArguments(process.argv.slice(2));
	const folder = options.folder ?? refreshScratchCopy(join(repoRoot, 'examples'), scratchFolder);
	// code-server's native modules build against libkrb5-dev; the browser is the user's own.
	ensureSystemPackages(['libkrb5-dev']);
	const install = ensureCodeServer();
	const stateDir = join(cacheDir, 'start');
	const { extensions } = stateFolders(stateDir);
	linkExtension(extensions);

	const server = await startCodeServer({
		install,
		stateDir,
		logFile: join(stateDir, 'code-server.log'),
		...(options.port === undefined ? {} : { port: options.port }),
	});
	let stopping = false;
	const stop = (): void => {
		stopping = true;
		void server.stop().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
	server.process.once('exit', (code) => {
		if (!stopping) {
			console.error(`code-server exited (${code}); its log is ${join(stateDir, 'code-server.log')}`);
			process.exit(1);
		}
	});

	console.log(`VS Code ${install.version} (code-server) is running with the Robots.txt extension from ${repoRoot}.`);
	console.log(`Open ${server.url}/?folder=${encodeURIComponent(folder)} in a browser.`);
	if (options.folder === undefined) {
		console.log(`It shows ${folder}, a copy of examples/ made afresh on each start: edit examples/ itself to change them.`);
	}
	console.log('After `npm run build`, run "Developer: Reload Window" to load the new bundles. Press Ctrl+C to stop.');
}

/** Symlinks the checkout into the extensions folder under the `publisher.name-version` name code-server scans for. */
function linkExtension(extensionsDir: string): void {
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
	const link = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
	if (existsSync(link) || isDanglingLink(link)) {
		rmSync(link, { recursive: false, force: true });
	}
	mkdirSync(extensionsDir, { recursive: true });
	symlinkSync(repoRoot, link, 'dir');
}

function isDanglingLink(path: string): boolean {
	try {
		return lstatSync(path).isSymbolicLink();
	} catch {
		return false;
	}
}

/** `--port N` and `--folder PATH`; without `--folder`, `folder` is undefined and the scratch copy is opened. */
export function parseArguments(args: readonly string[]): { port?: number; folder?: string } {
	let port: number | undefined;
	let folder: string | undefined;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		const value = args[i + 1];
		if (arg === '--port' && value !== undefined && /^\d+$/.test(value)) {
			port = Number(value);
			i++;
		} else if (arg === '--folder' && value !== undefined) {
			// npm runs scripts from the package root; INIT_CWD is where the user typed the command.
			folder = resolve(process.env['INIT_CWD'] ?? process.cwd(), value);
			i++;
		} else {
			console.error(usage);
			process.exit(2);
		}
	}
	return { ...(port === undefined ? {} : { port }), ...(folder === undefined ? {} : { folder }) };
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
