// `npm run test:electron`: the extension-host suite through @vscode/test-electron. It runs in desktop VS Code when one
// is given (VSCODE_EXECUTABLE_PATH) or can be downloaded, and otherwise in code-server through codeServerShim, so the
// command always runs the suite somewhere and fails (never passes quietly) when no VS Code of either kind can start.
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir, ensureCodeServer, repoRoot } from '../../scripts/codeServer';
import { shimExecutable } from './codeServerShim';
import { fixtureWorkspace } from './workbench';

/** Runs the suite in the VS Code at `vscodeExecutablePath` on a fresh copy of the fixture workspace; rejects on failure. */
export async function runExtensionTests(vscodeExecutablePath: string): Promise<void> {
	const tempDir = mkdtempSync(join(tmpdir(), 'robots-txt-electron-'));
	const workspace = join(tempDir, 'workspace');
	cpSync(fixtureWorkspace, workspace, { recursive: true });
	try {
		await runTests({
			vscodeExecutablePath,
			extensionDevelopmentPath: repoRoot,
			extensionTestsPath: join(__dirname, 'suite', 'index.js'),
			launchArgs: [workspace, '--disable-extensions', `--user-data-dir=${join(tempDir, 'user-data')}`, `--extensions-dir=${join(tempDir, 'extensions')}`],
		});
	} finally {
		rmSync(tempDir, { recursive: true, force: true });
	}
}

/** Desktop VS Code from VSCODE_EXECUTABLE_PATH or a download into .cache/, or undefined when neither works. */
async function desktopVsCode(): Promise<string | undefined> {
	const given = process.env.VSCODE_EXECUTABLE_PATH;
	if (given !== undefined) {
		return given;
	}
	try {
		return await downloadAndUnzipVSCode({ cachePath: join(cacheDir, 'vscode-test'), timeout: 30_000 });
	} catch (error) {
		console.log(`Desktop VS Code is not available (${error instanceof Error ? error.message : String(error)}).`);
		return undefined;
	}
}

async function main(): Promise<void> {
	const desktop = await desktopVsCode();
	if (desktop !== undefined) {
		console.log(`Running the extension tests in desktop VS Code: ${desktop}`);
		await runExtensionTests(desktop);
		return;
	}
	const install = ensureCodeServer();
	console.log(`Running the extension tests in code-server instead (VS Code ${install.version}, real extension host).`);
	await runExtensionTests(shimExecutable());
}

if (require.main === module) {
	main().then(
		() => process.exit(0),
		(error: unknown) => {
			console.error(error instanceof Error ? error.message : error);
			process.exit(1);
		},
	);
}
