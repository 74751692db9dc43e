/**
 * Managed blocks on the command line: `robots-txt lint` reports the `managed-block` finding on the block's first line,
 * and `robots-txt diff <local> <URL>` says when the deployed file (served here by a local HTTP server on 127.0.0.1)
 * differs from the local one only by Cloudflare's managed block, as its docs show it (test/fixtures/managed/README.md).
 */

import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFixture } from '../util/fixtures';
import { serveTextDuringSuite } from '../util/textServer';
import { cli, englishEnv, runCli, workFolder } from './cliProcess';

const cloudflare = readFixture('managed', 'cloudflare-crawlstop.robots.txt');
const origin = readFixture('managed', 'crawlstop-origin.robots.txt');
const end = cloudflare.split('\n').indexOf('# END Cloudflare Managed Content') + 1;

const work = workFolder('robots-managed-');
writeFileSync(join(work, 'robots.txt'), cloudflare);
writeFileSync(join(work, 'origin.txt'), origin);

/** The environment without the runner's proxy settings: the server is on this machine. */
function environment(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(englishEnv).filter(([name]) => !/^(https?|no|all)_proxy$/i.test(name)));
}

/** Runs the CLI without blocking this process, whose server must keep answering. */
function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(process.execPath, [cli, ...args], { env: environment(), cwd: work, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
			resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
		});
	});
}

describe('managed blocks on the command line', () => {
	const served = serveTextDuringSuite(cloudflare);

	test('lint: the finding on the first line Cloudflare wrote, naming the platform and the lines', () => {
		const result = runCli(['lint', 'robots.txt', '--crawler', 'Googlebot,GPTBot'], { cwd: work });
		assert.equal(result.status, 0, result.stderr);
		const line = result.stdout.split('\n').find((text) => text.includes('managed-block')) ?? '';
		assert.ok(line.startsWith(`robots.txt:1:1: information managed-block: Lines 1–${end} are Cloudflare's managed block: the platform writes them.`), line);
		assert.match(line, /Googlebot follows the block's group at line \d+ together with yours at line \d+: it reads them as one group\./);
		assert.match(line, /GPTBot follows only the block's group at line \d+: the platform's lines decide for it\./);
	});

	test('diff <local> <URL>: the deployed file differs only by the managed block, and what it changes', async () => {
		const { site } = served;
		const result = await run(['diff', 'origin.txt', site, '--agent', 'Googlebot,GPTBot']);
		const lines = result.stdout.split('\n');
		assert.equal(lines[0], `${site} differs from origin.txt only by Cloudflare's managed block (lines 1–${end}).`, result.stderr);
		// The block gives GPTBot a group of its own with Disallow: /, so verdicts flip and the exit status says so.
		assert.match(result.stdout, /GPTBot: now it follows its own group at line \d+/);
		assert.equal(result.status, 1);
		const json = JSON.parse((await run(['diff', site, 'origin.txt', '--json', '--agent', 'Googlebot'])).stdout) as { managed?: string };
		assert.equal(json.managed, `${site} differs from origin.txt only by Cloudflare's managed block (lines 1–${end}).`);
		// Any other difference is a plain change.
		writeFileSync(join(work, 'edited.txt'), origin.replace('/lp', '/lp2'));
		assert.doesNotMatch((await run(['diff', 'edited.txt', site])).stdout, /managed block/);
	});
});
