/**
 * Output stream errors, for real (issue 15, "CLI"): a reader that closes the pipe early (`robots-txt test … | head -1`,
 * EPIPE) ends the command quietly with status 0, and a full disk (`> /dev/full`, ENOSPC) gives a one-line error and
 * status 2; never a Node stack trace.
 */

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, workFolder } from './cliProcess';

const work = workFolder('robots-output-');
const robots = join(work, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private\n');
// About 10 MB of answers: far more than a pipe holds (64 KiB on Linux), so the writer meets the closed pipe.
const urls = join(work, 'urls.txt');
writeFileSync(urls, Array.from({ length: 200_000 }, (_, index) => `/page/${index}`).join('\n'));

describe('robots-txt and its output stream', () => {
	test('EPIPE: the reader stops after the first chunk; the command ends quietly with status 0', async () => {
		const child = spawn(process.execPath, [cli, 'test', robots, '--agent', 'Googlebot', '--urls', urls], {
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, LC_ALL: 'C' },
		});
		let stderr = '';
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
			stderr += chunk;
		});
		let first = '';
		child.stdout.once('data', (chunk: Buffer) => {
			first = chunk.toString('utf8');
			// What `head -1` does once it has its line: close its end of the pipe.
			child.stdout.destroy();
		});
		const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
		assert.match(first, /^ALLOWED {4}\/page\/0 /);
		assert.equal(stderr, '');
		assert.equal(signal, null);
		assert.equal(code, 0);
	});

	test('EPIPE through a shell pipeline into head -1, also while worker threads answer', { skip: existsSync('/bin/bash') ? false : 'no bash' }, () => {
		for (const threads of ['', ' --threads 2']) {
			const script = `set -o pipefail; "${process.execPath}" "${cli}" test "${robots}" --agent Googlebot --urls "${urls}"${threads} | head -1`;
			const result = spawnSync('/bin/bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
			assert.equal(result.stdout, 'ALLOWED    /page/0  (no rule of the group at line 1 matches)\n', threads);
			assert.equal(result.stderr, '', threads);
			assert.equal(result.status, 0, threads);
		}
	});

	test('ENOSPC: > /dev/full gives a one-line error and status 2, for every command', { skip: existsSync('/dev/full') ? false : 'no /dev/full' }, () => {
		const commands = [
			['test', robots, '--agent', 'Googlebot', '/a'],
			['test', robots, '--agent', 'Googlebot', '--urls', urls],
			['test', robots, '--agent', 'Googlebot', '--urls', urls, '--threads', '2'],
			['lint', robots],
			['crawlers'],
			['--help'],
			['--version'],
		];
		for (const args of commands) {
			const full = openSync('/dev/full', 'w');
			try {
				const result = spawnSync(process.execPath, [cli, ...args], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
				assert.equal(result.stderr, 'robots-txt: cannot write the output: no space left on device\n', args.join(' '));
				assert.equal(result.status, 2, args.join(' '));
			} finally {
				closeSync(full);
			}
		}
	});
});
