// Opens a real VS Code workbench (code-server) in headless Chromium for the end-to-end tests, and closes everything again.
// Each run gets private temporary folders (state, XDG, workspace); code-server runs in its own process group and is
// killed as a group, so no extension host or watcher survives a run, also when a test fails.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import {
	addCalmSettings,
	type CodeServerInstall,
	ensureCodeServer,
	installExtension,
	repoRoot,
	type RunningCodeServer,
	startCodeServer,
	stateFolders,
} from '../../scripts/codeServer';

/** Screenshots and logs of the end-to-end runs; git-ignored. */
export const resultsDir = join(repoRoot, 'test-results', 'e2e');

/** The workspace the scenarios open; copied for each run so the tests may edit it. */
export const fixtureWorkspace = join(repoRoot, 'test', 'e2e', 'workspace');

/** Flags for a quiet, reproducible headless Chromium (measured in shared/docs/e2e.md). */
const chromiumFlags = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface WorkbenchOptions {
	/** A packaged extension to install before start, or several (a language pack beside the extension). */
	vsix?: string | readonly string[];
	/** The folder to open as it is; by default a fresh copy of the fixture workspace. */
	workspace?: string;
	/** Overrides of the run's own user data and extensions folders. */
	userDataDir?: string;
	extensionsDir?: string;
	/** Extra code-server arguments. */
	codeServerArgs?: readonly string[];
	/** Extra query parameters for the workbench URL (already encoded), e.g. `&payload=...`. */
	query?: (server: RunningCodeServer, workspace: string) => string;
	/** Called before the page loads, e.g. to expose functions to it. */
	preparePage?: (page: Page) => Promise<void>;
	/** User settings beside the calm defaults (addCalmSettings). */
	settings?: Record<string, unknown>;
}

/** A workbench page and the processes behind it. */
export interface Workbench {
	page: Page;
	server: RunningCodeServer;
	install: CodeServerInstall;
	/** The copy of the fixture workspace that is open. */
	workspace: string;
	/** The run's private temporary folder. */
	tempDir: string;
	/** Closes Chromium, stops code-server's process group and removes the temporary folder (kept when E2E_KEEP is set). */
	close(): Promise<void>;
}

/** Starts code-server with the fixture workspace and loads the workbench in Chromium. */
export async function openWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
	const install = ensureCodeServer();
	const tempDir = mkdtempSync(join(tmpdir(), 'robots-txt-e2e-'));
	const stateDir = join(tempDir, 'state');
	const workspace = options.workspace ?? join(tempDir, 'workspace');
	let server: RunningCodeServer;
	try {
		if (options.workspace === undefined) {
			cpSync(fixtureWorkspace, workspace, { recursive: true });
		}
		mkdirSync(resultsDir, { recursive: true });
		const userDataDir = options.userDataDir ?? join(stateDir, 'user-data');
		addCalmSettings(userDataDir, options.settings);
		for (const vsix of typeof options.vsix === 'string' ? [options.vsix] : (options.vsix ?? [])) {
			installExtension(install, stateDir, vsix);
		}
		server = await startCodeServer({
			install,
			stateDir,
			userDataDir,
			...(options.extensionsDir === undefined ? {} : { extensionsDir: options.extensionsDir }),
			logFile: join(tempDir, 'code-server.log'),
			...(options.codeServerArgs === undefined ? {} : { args: options.codeServerArgs }),
		});
	} catch (error) {
		// A failed start has already stopped code-server's process group; only the folder is left to remove.
		rmSync(tempDir, { recursive: true, force: true });
		throw error;
	}
	let browser: Browser | undefined;
	const close = async (): Promise<void> => {
		process.removeListener('SIGINT', onSignal);
		process.removeListener('SIGTERM', onSignal);
		await browser?.close().catch(() => undefined);
		await server.stop();
		if (process.env.E2E_KEEP === undefined) {
			rmSync(tempDir, { recursive: true, force: true });
		}
	};
	const onSignal = (): void => {
		void close().then(() => process.exit(130));
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);
	try {
		browser = await chromium.launch({
			executablePath: chromiumPath(),
			args: chromiumFlags,
			env: stateFolders(join(tempDir, 'chromium')).env,
		});
		const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
		await options.preparePage?.(page);
		const query = options.query?.(server, workspace) ?? '';
		// The first load compiles the workbench's scripts: on a machine shared with other runs it can take over 30 s.
		await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}${query}`, { timeout: 120_000 });
		return { page, server, install, workspace, tempDir, close };
	} catch (error) {
		await close();
		throw error;
	}
}

/** Debian's Chromium, or the browser named by CHROMIUM_PATH. */
function chromiumPath(): string {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
	const found = candidates.find((candidate) => candidate !== undefined && existsSync(candidate));
	if (found === undefined) {
		throw new Error("No Chromium found: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.");
	}
	return found;
}

/**
 * `step(name, body)`: a test whose failure leaves a screenshot of the page (`currentPage()`) in
 * test-results/e2e/failed-*.png, since the page is the only witness of what went wrong.
 */
export function screenshotSteps(currentPage: () => Page | undefined): (name: string, body: () => Promise<void>) => void {
	return (name, body) => {
		test(name, async () => {
			try {
				await body();
			} catch (error) {
				await currentPage()
					?.screenshot({ path: join(resultsDir, `failed-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) })
					.catch(() => undefined);
				throw error;
			}
		});
	};
}
