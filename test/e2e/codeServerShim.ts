// A stand-in for the desktop VS Code executable that runs extension tests in code-server instead, for machines
// where desktop VS Code cannot be downloaded. It accepts the arguments @vscode/test-electron passes, loads the
// workbench with VS Code's smoke-test driver enabled, and exits with the code the extension tests report.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { cacheDir } from '../../scripts/codeServer';
import { openWorkbench } from './workbench';

/** How long a whole extension-test run may take before it counts as hung. */
const runTimeoutMs = 10 * 60 * 1000;

/** The arguments of test-electron's command line that matter here; the rest are desktop-only flags. */
interface ShimArguments {
	extensionDevelopmentPaths: string[];
	extensionTestsPath?: string;
	userDataDir?: string;
	extensionsDir?: string;
	folder?: string;
	disableExtensions: boolean;
}

/**
 * Writes a small executable that runs this shim with the current Node, for `runTests({ vscodeExecutablePath })`.
 * It is written on each use (into .cache/) because a file's executable bit does not survive every checkout.
 */
export function shimExecutable(): string {
	const dir = join(cacheDir, 'code-server-shim');
	mkdirSync(dir, { recursive: true });
	const file = join(dir, 'code');
	writeFileSync(file, `#!/bin/sh\nexec "${process.execPath}" "${__filename}" "$@"\n`);
	chmodSync(file, 0o755);
	return file;
}

export function parseShimArguments(args: readonly string[]): ShimArguments {
	const parsed: ShimArguments = { extensionDevelopmentPaths: [], disableExtensions: false };
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
		const value = (): string => inline ?? (args[++i] as string);
		switch (flag) {
			case '--extensionDevelopmentPath':
				parsed.extensionDevelopmentPaths.push(resolve(value()));
				break;
			case '--extensionTestsPath':
				parsed.extensionTestsPath = resolve(value());
				break;
			case '--user-data-dir':
				parsed.userDataDir = resolve(value());
				break;
			case '--extensions-dir':
				parsed.extensionsDir = resolve(value());
				break;
			case '--disable-extensions':
				parsed.disableExtensions = true;
				break;
			default:
				if (!arg.startsWith('-')) {
					parsed.folder = resolve(arg);
				}
		}
	}
	return parsed;
}

async function main(): Promise<number> {
	const args = parseShimArguments(process.argv.slice(2));
	if (args.extensionTestsPath === undefined || args.extensionDevelopmentPaths.length === 0) {
		console.error('codeServerShim runs extension tests only: pass --extensionDevelopmentPath and --extensionTestsPath.');
		return 2;
	}
	const testsPath = args.extensionTestsPath;
	let reportExit: (code: number) => void = () => undefined;
	const exited = new Promise<number>((resolveExit) => {
		reportExit = resolveExit;
	});
	const workbench = await openWorkbench({
		...(args.folder === undefined ? {} : { workspace: args.folder }),
		...(args.userDataDir === undefined ? {} : { userDataDir: args.userDataDir }),
		...(args.extensionsDir === undefined ? {} : { extensionsDir: args.extensionsDir }),
		codeServerArgs: ['--vscode-option', 'enable-smoke-test-driver', ...(args.disableExtensions ? ['--vscode-option', 'disable-extensions'] : [])],
		query: (server) => {
			const remote = (path: string): string => `vscode-remote://127.0.0.1:${server.port}${path}`;
			const payload = [...args.extensionDevelopmentPaths.map((path) => ['extensionDevelopmentPath', remote(path)]), ['extensionTestsPath', remote(testsPath)]];
			return `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
		},
		preparePage: async (page) => {
			// The workbench reports the extension host's output and the tests' exit code through these two functions.
			await page.exposeFunction('codeAutomationLog', (level: string, message: unknown) => {
				// The workbench's own warnings (offline gallery, no GitHub sign-in) are noise here; the tests log at info.
				if (level === 'info' || process.env.E2E_VERBOSE !== undefined) {
					console.log(Array.isArray(message) ? format(...(message as unknown[])) : String(message));
				}
			});
			await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(code));
		},
	});
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<number>((resolveTimeout) => {
		timer = setTimeout(() => {
			console.error(`The extension tests did not finish within ${runTimeoutMs / 60_000} minutes.`);
			resolveTimeout(1);
		}, runTimeoutMs);
	});
	try {
		return await Promise.race([exited, timedOut]);
	} finally {
		clearTimeout(timer);
		await workbench.close();
	}
}

if (require.main === module) {
	main().then(
		(code) => process.exit(code),
		(error: unknown) => {
			console.error(error instanceof Error ? error.stack : error);
			process.exit(1);
		},
	);
}
