// `npm start`: runs the extension from this checkout in a real VS Code (code-server) and prints the address to open.
// The extension is linked, not packaged, so `npm run build` plus "Developer: Reload Window" picks up changes.
// It opens a scratch copy of examples/, refreshed on each start, because code-server saves edits automatically and
// would otherwise change the tracked examples while someone tries the extension out. `--web` runs the extension's
// browser entry in the browser's web worker extension host, as vscode.dev would.
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { addCalmSettings, cacheDir, ensureCodeServer, ensureSystemPackages, readUserSettings, repoRoot, startCodeServer, stateFolders } from './codeServer';

interface Manifest {
	name: string;
	publisher: string;
	version: string;
}

/** The git-ignored folder `npm start` opens by default: a copy of examples/ made afresh on each start. */
export const scratchFolder = join(repoRoot, '.scratch', 'examples');

const usage = `Usage: npm start [-- --port N] [-- --folder PATH] [-- --web]
Starts VS Code (code-server) on 127.0.0.1 with the extension from this checkout and opens PATH (default: a fresh
copy of examples/ in .scratch/examples, so that edits and auto-save never touch the tracked files). With --web, the
extension runs in the browser (its browser entry, in VS Code's web worker extension host), as in vscode.dev.`;

/**
 * Sets or removes the user setting that makes code-server run the extension in the browser's web worker extension
 * host: `remote.extensionKind` with `["web"]` for it. Other settings in the file are kept; a file that is not plain
 * JSON (comments) is left alone, and the answer says so.
 */
export function setWebExtensionKind(userDataDir: string, extensionId: string, web: boolean): 'set' | 'removed' | 'unchanged' | 'not JSON' {
	const read = readUserSettings(userDataDir);
	if (read === 'not JSON') {
		return read;
	}
	const { file, settings } = read;
	const kinds = { ...(settings['remote.extensionKind'] as Record<string, unknown> | undefined) };
	if (web === extensionId in kinds) {
		return 'unchanged';
	}
	if (web) {
		kinds[extensionId] = ['web'];
	} else {
		delete kinds[extensionId];
	}
	if (Object.keys(kinds).length > 0) {
		settings['remote.extensionKind'] = kinds;
	} else {
		delete settings['remote.extensionKind'];
	}
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, JSON.stringify(settings, null, '\t') + '\n');
	return web ? 'set' : 'removed';
}

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
	const { extensions, userData } = stateFolders(stateDir);
	const manifest = linkExtension(extensions);
	const extensionId = `${manifest.publisher}.${manifest.name}`;
	// The calm settings the end-to-end tests use: no Welcome page or Chat panel over the files; a setting of your own wins.
	addCalmSettings(userData);
	if (setWebExtensionKind(userData, extensionId, options.web === true) === 'not JSON') {
		console.warn(
			`${join(userData, 'User', 'settings.json')} is not plain JSON: set "remote.extensionKind": { "${extensionId}": ["web"] } there yourself${options.web ? '' : ' (or remove it)'}.`,
		);
	}

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

	console.log(
		`VS Code ${install.version} (code-server) is running with the Robots.txt extension from ${repoRoot}${options.web ? ', in the browser (its web entry, as in vscode.dev)' : ''}.`,
	);
	console.log(`Open ${server.url}/?folder=${encodeURIComponent(folder)} in a browser.`);
	if (options.folder === undefined) {
		console.log(`It shows ${folder}, a copy of examples/ made afresh on each start: edit examples/ itself to change them.`);
	}
	console.log('After `npm run build`, run "Developer: Reload Window" to load the new bundles. Press Ctrl+C to stop.');
}

/** Symlinks the checkout into the extensions folder under the `publisher.name-version` name code-server scans for. */
function linkExtension(extensionsDir: string): Manifest {
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
	const link = join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
	if (existsSync(link) || isDanglingLink(link)) {
		rmSync(link, { recursive: false, force: true });
	}
	mkdirSync(extensionsDir, { recursive: true });
	symlinkSync(repoRoot, link, 'dir');
	return manifest;
}

function isDanglingLink(path: string): boolean {
	try {
		return lstatSync(path).isSymbolicLink();
	} catch {
		return false;
	}
}

/** `--port N`, `--folder PATH` and `--web`; without `--folder`, `folder` is undefined and the scratch copy is opened. */
export function parseArguments(args: readonly string[]): { port?: number; folder?: string; web?: boolean } {
	let port: number | undefined;
	let folder: string | undefined;
	let web = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		const value = args[i + 1];
		if (arg === '--port' && value !== undefined && /^\d+$/.test(value)) {
			port = Number(value);
			i++;
		} else if (arg === '--folder' && value !== undefined) {
			// npm runs scripts from the package root; INIT_CWD is where the user typed the command.
			folder = resolve(process.env.INIT_CWD ?? process.cwd(), value);
			i++;
		} else if (arg === '--web') {
			web = true;
		} else {
			console.error(usage);
			process.exit(2);
		}
	}
	return { ...(port === undefined ? {} : { port }), ...(folder === undefined ? {} : { folder }), ...(web ? { web } : {}) };
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
