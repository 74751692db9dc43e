/**
 * Runs the built `robots-txt` bundle as a script would: real files, standard input, exit codes, and optionally as an
 * unprivileged user (root reads every file, so "permission denied" needs another user to happen at all).
 */

import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../util/fixtures';

export const cli = join(repoRoot, 'cli', 'dist', 'cli.js');

/**
 * The environment the CLI runs in for tests: the C locale, so that its output is the English the tests assert even on a
 * developer's machine with LANG=ru_RU.UTF-8. Tests of other languages pass --locale or their own LANG.
 */
export const englishEnv: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C' };

export interface CliResult {
	readonly status: number | null;
	readonly stdout: string;
	readonly stderr: string;
}

/** The user id tests switch to when they run as root: nobody, which owns none of the test files. */
const nobody = 65534;

/** True when this process can make files unreadable to the CLI: it is not root, or it can run the CLI as nobody. */
export const canDenyPermission = process.getuid?.() !== undefined;

export interface RunOptions {
	readonly input?: string;
	/** The environment (default: `englishEnv`). */
	readonly env?: NodeJS.ProcessEnv;
	readonly cwd?: string;
	/** Run as a user without special rights (nobody when the tests run as root), so file modes are enforced. */
	readonly unprivileged?: boolean;
}

export function runCli(args: readonly string[], options: RunOptions = {}): CliResult {
	const asNobody = options.unprivileged === true && process.getuid?.() === 0;
	const result = spawnSync(process.execPath, [cli, ...args], {
		input: options.input,
		cwd: options.cwd,
		encoding: 'utf8',
		env: options.env ?? englishEnv,
		maxBuffer: 1 << 28,
		...(asNobody ? { uid: nobody, gid: nobody } : {}),
	});
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh folder for one test file; readable by everyone, so that an unprivileged CLI can work in it. */
export function workFolder(prefix: string): string {
	const folder = mkdtempSync(join(tmpdir(), prefix));
	chmodSync(folder, 0o755);
	return folder;
}

/** The environment without the runner's proxy settings, in the C locale (the English the assertions read). */
export function offlineEnvironment(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!/^(https?|no|all)_proxy$/i.test(name)) {
			env[name] = value;
		}
	}
	return { ...env, LC_ALL: 'C' };
}

/** Runs the CLI without blocking this process, whose servers must keep answering. */
export function runCliAsync(args: readonly string[]): Promise<CliResult> {
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[cli, ...args],
			{ env: offlineEnvironment(), encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
			(error, stdout, stderr) => {
				resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
			},
		);
	});
}
