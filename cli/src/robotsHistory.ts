/**
 * A robots.txt's versions from git, for `robots-txt logs --robots-history`: every commit that changed the file
 * (`git log --follow`, renames followed), each version in force from its commit time. Only git is run, without a shell
 * (execFile), with the file's folder as its working directory; uncommitted changes are no version.
 */

import { execFile } from 'node:child_process';
import { basename, dirname, resolve } from 'node:path';
import { t } from '../../core/src/l10n';
import { UsageError } from './args';
import { describeError } from './io';

/** One committed version of the file. */
export interface CommittedVersion {
	/** The file's bytes at the commit (none when the commit deleted it: no file, nothing disallowed). */
	readonly bytes: Uint8Array;
	/** The commit time, in milliseconds since the Unix epoch. */
	readonly since: number;
	/** Git's short hash of the commit and its date (UTC): `3f2a9c1 2024-05-01`. */
	readonly label: string;
}

/** The most git may write for one call: far more than a robots.txt's history log or any version of it. */
const maxShownBytes = 64 << 20;

function git(args: readonly string[], cwd: string): Promise<Buffer> {
	return new Promise((resolvePromise, reject) => {
		execFile('git', [...args], { cwd, encoding: 'buffer', maxBuffer: maxShownBytes }, (error, stdout, stderr) => {
			if (error) {
				reject(Object.assign(error, { stderr: stderr.toString('utf8') }));
			} else {
				resolvePromise(stdout);
			}
		});
	});
}

/** A commit `git log -z --name-status` lists: its hashes, time, and the file's status and path in it. */
interface LoggedCommit {
	readonly hash: string;
	readonly short: string;
	readonly time: number;
	readonly status: string;
	readonly path: string;
}

/**
 * Reads `git log -z --format='%H %h %ct' --name-status` output: each commit's header, then its status (`M`, `A`, `D`,
 * or `R100` with the old and the new path), each field ended by NUL; the path in the commit is the last one.
 */
function parseLog(text: string): LoggedCommit[] {
	const fields = text.split('\0');
	const commits: LoggedCommit[] = [];
	let at = 0;
	while (at < fields.length) {
		const header = /^\n?([0-9a-f]+) ([0-9a-f]+) (\d+)$/.exec(fields[at]);
		if (header === null) {
			at++;
			continue;
		}
		const status = (fields[at + 1] ?? '').trim();
		const paths = /^[RC]/.test(status) ? 2 : 1;
		commits.push({ hash: header[1], short: header[2], time: Number(header[3]) * 1000, status, path: fields[at + 1 + paths] ?? '' });
		at += 2 + paths;
	}
	return commits;
}

/**
 * The committed versions of `path`, oldest first. A file git has no commit of (not in a work tree, never committed),
 * or git that cannot run, is a usage error that says so.
 */
export async function committedVersions(path: string): Promise<CommittedVersion[]> {
	const file = resolve(path);
	const cwd = dirname(file);
	let log: Buffer;
	try {
		log = await git(['log', '-z', '--format=%H %h %ct', '--follow', '--name-status', '--', basename(file)], cwd);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			throw new UsageError(t('cannot run git: {0}', describeError(error)));
		}
		throw new UsageError(t('{0} has no history in git: --robots-history reads the versions of a file committed in a git work tree', path));
	}
	const commits = parseLog(log.toString('utf8'));
	if (commits.length === 0) {
		throw new UsageError(t('{0} has no history in git: --robots-history reads the versions of a file committed in a git work tree', path));
	}
	const versions: CommittedVersion[] = [];
	for (const commit of commits.reverse()) {
		let bytes: Uint8Array = new Uint8Array(0);
		if (commit.status !== 'D') {
			try {
				bytes = await git(['show', `${commit.hash}:${commit.path}`], cwd);
			} catch (error) {
				const said = (error as { stderr?: string }).stderr?.trim().split('\n')[0];
				throw new UsageError(t('cannot read {0}: {1}', `${commit.short}:${commit.path}`, said || describeError(error)));
			}
		}
		versions.push({ bytes, since: commit.time, label: `${commit.short} ${new Date(commit.time).toISOString().slice(0, 10)}` });
	}
	return versions;
}
