/**
 * `robots-txt watch` as a process against servers on 127.0.0.1 that this test starts and changes between runs, with
 * the state folder in a temporary folder: the baseline, no change, a comment edit, paths gained and lost, a staging
 * `Disallow: /` shipped, a Cloudflare managed block added, URLs the sitemap lists lost, a host that redirects, a 5xx,
 * a 404, `--expectations`, the JSON shape and the exit statuses. Expected answers come from the sources: RFC 9309
 * §2.3.1.3 (a 4xx: the crawler may access any resource), §2.3.1.4 (a 5xx: complete disallow), §2.2.2 (longest match),
 * Google's robots.txt specification (5xx as a full disallow at first; groups for one token merge), and Cloudflare's
 * page on its managed robots.txt (developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/) for
 * the block it prepends. Nothing touches the internet.
 */

import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';
import { cli, offlineEnvironment, runCliAsync } from './cliProcess';

/** What a path answers: a status, a body and headers (text/plain by default). */
interface Answer {
	readonly status: number;
	readonly body: string;
	readonly headers?: Record<string, string>;
}

/** A server whose answers the test changes between runs. */
interface Site {
	readonly origin: string;
	readonly answers: Map<string, Answer>;
	close(): Promise<void>;
}

async function startSite(): Promise<Site> {
	const answers = new Map<string, Answer>();
	const server = http.createServer((request, response) => {
		const answer = answers.get(request.url ?? '/') ?? { status: 404, body: 'Not found' };
		response.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8', ...answer.headers });
		response.end(answer.body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return { origin, answers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const run = runCliAsync;

let site: Site;
let other: Site;
let work: string;

before(async () => {
	site = await startSite();
	other = await startSite();
	work = mkdtempSync(join(tmpdir(), 'robots-watch-'));
});
after(async () => {
	await site.close();
	await other.close();
	rmSync(work, { recursive: true, force: true });
});

/** The site's file: its rules, and a Sitemap line naming the sitemap it serves. */
function robots(rules: string): string {
	return `${rules}\nSitemap: ${site.origin}/sitemap.xml\n`;
}

const live = 'User-agent: *\nDisallow: /private\n';

function serve(body: string, status = 200): void {
	site.answers.set('/robots.txt', { status, body });
}

interface WatchJson {
	sites: {
		site: string;
		robots: string;
		finalUrl: string;
		baseline: boolean;
		failed: boolean;
		changed: boolean;
		severity: string;
		changes: {
			severity: string;
			kind: string;
			crawler: string | null;
			summary: string;
			details: string[];
			conclusion: { old: string | null; new: string } | null;
			added: { line: number; rule: string }[];
			rootLost: boolean;
			flips: { url: string; old: { verdict: string }; new: { verdict: string; line: number | null; rule: string | null } }[];
			sitemapUrlsLost: number;
			sitemapExamples: { url: string }[];
		}[];
		old: string | null;
		new: string | null;
		lines: { op: string; line: number; text: string }[];
		expectations: { passed: number; failed: number; failures: { crawler: string; url: string }[] } | null;
	}[];
}

async function watchJson(state: string, ...extra: string[]): Promise<{ status: number | null; report: WatchJson; stderr: string }> {
	const result = await run(['watch', site.origin, '--state', state, '--format', 'json', ...extra]);
	return { status: result.status, report: JSON.parse(result.stdout) as WatchJson, stderr: result.stderr };
}

describe('robots-txt watch', () => {
	test('the baseline, no change, a comment edit, paths gained and lost, a staging Disallow: / shipped', async () => {
		const state = join(work, 'state-main');
		site.answers.set('/sitemap.xml', {
			status: 200,
			body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin}/</loc></url><url><loc>${site.origin}/shop/shoes</loc></url></urlset>`,
			headers: { 'Content-Type': 'application/xml' },
		});
		serve(robots(live));
		const first = await run(['watch', site.origin, '--state', state]);
		assert.equal(first.status, 0, first.stderr);
		assert.match(first.stdout, /baseline stored/);
		const files = readdirSync(state);
		assert.equal(files.length, 1, 'one file per site, no temporary file left');
		assert.ok(files[0].endsWith('.json') && !files[0].includes(':') && !files[0].includes('/'));
		assert.ok(JSON.parse(readFileSync(join(state, files[0]), 'utf8')).outcome.responses.length > 0);

		const same = await watchJson(state);
		assert.equal(same.status, 0, same.stderr);
		assert.deepEqual(
			{
				site: same.report.sites[0].site,
				changed: same.report.sites[0].changed,
				severity: same.report.sites[0].severity,
				changes: same.report.sites[0].changes,
			},
			{ site: site.origin, changed: false, severity: 'none', changes: [] },
		);

		serve('# Edited by the marketing team\n' + robots(live));
		const comment = await watchJson(state);
		assert.equal(comment.status, 0, 'only info');
		assert.equal(comment.report.sites[0].severity, 'info');
		assert.deepEqual(
			comment.report.sites[0].changes.map((change) => change.kind),
			['text'],
		);
		assert.deepEqual(comment.report.sites[0].lines, [{ op: '+', line: 1, text: '# Edited by the marketing team' }]);
		assert.equal(comment.report.sites[0].new, '# Edited by the marketing team\n' + robots(live));
		assert.equal(comment.report.sites[0].old, robots(live));

		serve(robots('User-agent: *\nDisallow: /tmp/\n'));
		const paths = await watchJson(state, '--crawler', 'Googlebot');
		assert.equal(paths.status, 1);
		assert.equal(paths.report.sites[0].severity, 'warning');
		const google = paths.report.sites[0].changes[0];
		assert.equal(google.crawler, 'Googlebot');
		assert.deepEqual(google.flips.map((flip) => [flip.url, flip.old.verdict, flip.new.verdict]).sort(), [
			['/private', 'disallow', 'allow'],
			['/tmp/', 'allow', 'disallow'],
		]);

		serve(robots('User-agent: *\nDisallow: /\n'));
		const staging = await run(['watch', site.origin, '--state', state]);
		assert.equal(staging.status, 1);
		assert.match(staging.stdout, /: CRITICAL /);
		assert.match(staging.stdout, /^ {2}CRITICAL Googlebot: .*\+ new line 2 `Disallow: \/`/m);
		assert.match(staging.stdout, /Googlebot may no longer fetch \/\./);
		assert.match(staging.stdout, /^ {4}\+ {4}2 {2}Disallow: \/$/m);
		assert.match(staging.stdout, /^ {4}- {4}2 {2}Disallow: \/tmp\/$/m);
		// `/` is both a probe and a URL the sitemap lists: each crawler's change says its flip once.
		for (const block of staging.stdout.split(/\n(?= {2}(?:CRITICAL|WARNING|INFO) )/)) {
			const flips = block.split('\n').filter((line) => /^ {11}\/\S*: /.test(line));
			assert.equal(new Set(flips).size, flips.length, block);
		}
	});

	test('URLs the sitemap lists, lost by the search crawlers: critical, even with / still allowed', async () => {
		const state = join(work, 'state-sitemap');
		serve(robots(live));
		assert.equal((await run(['watch', site.origin, '--state', state])).status, 0);
		serve(robots('User-agent: *\nDisallow: /private\nDisallow: /shop/\n'));
		const lost = await watchJson(state, '--crawler', 'Googlebot,GPTBot');
		assert.equal(lost.status, 1);
		const [google, gpt] = lost.report.sites[0].changes;
		assert.equal(google.crawler, 'Googlebot');
		assert.equal(google.severity, 'critical');
		assert.equal(google.rootLost, false);
		assert.equal(google.sitemapUrlsLost, 1);
		assert.deepEqual(
			google.sitemapExamples.map((example) => example.url),
			['/shop/shoes'],
		);
		assert.equal(gpt.crawler, 'GPTBot');
		assert.equal(gpt.severity, 'warning', 'GPTBot is no search crawler');
	});

	test('a Cloudflare managed block added: a warning for the AI crawlers it disallows, none for Googlebot', async () => {
		const state = join(work, 'state-managed');
		serve(live);
		assert.equal((await run(['watch', site.origin, '--state', state])).status, 0);
		const managed = [
			'# BEGIN Cloudflare Managed content',
			'',
			'User-Agent: *',
			'Content-signal: search=yes,ai-train=no',
			'Allow: /',
			'',
			'User-agent: Amazonbot',
			'Disallow: /',
			'',
			'User-agent: ClaudeBot',
			'Disallow: /',
			'',
			'User-agent: GPTBot',
			'Disallow: /',
			'',
			'# END Cloudflare Managed Content',
			'',
		].join('\n');
		serve(managed + live);
		const added = await watchJson(state);
		assert.equal(added.status, 1);
		const report = added.report.sites[0];
		assert.equal(report.severity, 'warning');
		const lostRoot = report.changes.filter((change) => change.rootLost).map((change) => change.crawler);
		assert.deepEqual(lostRoot.sort(), ['Amazonbot', 'ClaudeBot', 'GPTBot']);
		for (const change of report.changes.filter((change) => change.rootLost)) {
			assert.equal(change.severity, 'warning');
		}
		// Google merges the two `*` groups (its spec: groups for one token combine); Allow: / is shorter than
		// Disallow: /private, which still wins (RFC 9309 §2.2.2): other rules read, no verdict flips.
		const google = report.changes.find((change) => change.crawler === 'Googlebot');
		assert.ok(google === undefined || google.severity === 'info', JSON.stringify(google));
	});

	test('a host that redirects: the final file counts, and the redirect is said', async () => {
		const state = join(work, 'state-redirect');
		serve(live);
		assert.equal((await run(['watch', site.origin, '--state', state])).status, 0);
		other.answers.set('/robots.txt', { status: 200, body: 'User-agent: *\nDisallow: /private\nDisallow: /admin\n' });
		site.answers.set('/robots.txt', { status: 301, body: '', headers: { Location: `${other.origin}/robots.txt` } });
		const moved = await watchJson(state, '--crawler', 'Googlebot');
		assert.equal(moved.status, 1);
		const report = moved.report.sites[0];
		assert.equal(report.finalUrl, `${other.origin}/robots.txt`);
		assert.equal(report.severity, 'warning');
		assert.deepEqual(
			report.changes.map((change) => change.kind),
			['crawler', 'redirect'],
		);
		assert.deepEqual(report.changes[0].added, [{ line: 3, rule: 'Disallow: /admin' }]);
		const text = await run(['watch', site.origin, '--state', state, '--crawler', 'Googlebot']);
		assert.match(text.stdout, new RegExp(`-> ${other.origin.replace(/\./g, '\\.')}/robots\\.txt`));
	});

	test('a 5xx: the fetch failed (exit 2), critical for the search crawlers, and the last reading is kept', async () => {
		const state = join(work, 'state-5xx');
		serve(live);
		assert.equal((await run(['watch', site.origin, '--state', state])).status, 0);
		const kept = readFileSync(join(state, readdirSync(state)[0]), 'utf8');
		serve('Down for maintenance', 503);
		const down = await watchJson(state, '--crawler', 'Googlebot,bingbot');
		assert.equal(down.status, 2);
		const report = down.report.sites[0];
		assert.equal(report.failed, true);
		assert.equal(report.severity, 'critical');
		assert.deepEqual(
			report.changes.map((change) => [change.crawler, change.severity, change.conclusion?.new]),
			[
				['Googlebot', 'critical', 'retry-later'],
				['bingbot', 'critical', 'disallow-all'],
			],
		);
		assert.equal(readFileSync(join(state, readdirSync(state)[0]), 'utf8'), kept, 'a failed fetch keeps the last reading');
		const text = await run(['watch', site.origin, '--state', state, '--crawler', 'Googlebot']);
		assert.equal(text.status, 2);
		assert.match(text.stdout, /the fetch failed/);
		assert.match(text.stdout, /Googlebot fetches nothing from the site for now/);
		serve(live);
		const back = await watchJson(state);
		assert.equal(back.status, 0);
		assert.equal(back.report.sites[0].severity, 'none', 'compared with the last file read, not the 5xx');
	});

	test('a 404 after a file: every URL allowed (RFC 9309 §2.3.1.3), a warning; an unreachable site on the first run: exit 2, no baseline', async () => {
		const state = join(work, 'state-404');
		serve(live);
		assert.equal((await run(['watch', site.origin, '--state', state])).status, 0);
		site.answers.delete('/robots.txt');
		const gone = await watchJson(state, '--crawler', 'Googlebot');
		assert.equal(gone.status, 1);
		assert.equal(gone.report.sites[0].failed, false);
		assert.deepEqual(
			gone.report.sites[0].changes.map((change) => [change.severity, change.conclusion?.new]),
			[['warning', 'allow-all']],
		);
		const nobody = join(work, 'state-unreachable');
		const closed = await startSite();
		await closed.close();
		const unreachable = await run(['watch', closed.origin, '--state', nobody]);
		assert.equal(unreachable.status, 2);
		assert.match(unreachable.stdout, /the fetch failed/);
		assert.equal(existsSync(nobody) ? readdirSync(nobody).length : 0, 0);
	});

	test('--expectations: failures make the exit status 1, passes leave it 0', async () => {
		const state = join(work, 'state-expectations');
		serve(live);
		const passing = join(work, 'pass.robots.expectations');
		writeFileSync(passing, 'Googlebot /private disallow\nGooglebot /public allow\n');
		const ok = await watchJson(state, '--expectations', passing);
		assert.equal(ok.status, 0, ok.stderr);
		assert.deepEqual(ok.report.sites[0].expectations, { passed: 2, failed: 0, problem: null, failures: [] });
		const failing = join(work, 'fail.robots.expectations');
		writeFileSync(failing, 'Googlebot /private allow\n');
		const failed = await run(['watch', site.origin, '--state', state, '--expectations', failing]);
		assert.equal(failed.status, 1);
		assert.match(failed.stdout, /FAIL /);
		assert.match(failed.stdout, /Expectations: 0 passed, 1 failed\./);
	});

	test('bad arguments: exit 2 with a message', async () => {
		assert.equal((await run(['watch', site.origin])).status, 2);
		assert.equal((await run(['watch', '--state', join(work, 'x')])).status, 2);
		assert.equal((await run(['watch', 'ftp://example.com', '--state', join(work, 'x')])).status, 2);
		const bad = join(work, 'bad.robots.expectations');
		writeFileSync(bad, 'Googlebot\n');
		assert.equal((await run(['watch', site.origin, '--state', join(work, 'x'), '--expectations', bad])).status, 2);
	});

	test('several sites: one entry each, in the order given', async () => {
		const state = join(work, 'state-many');
		serve(live);
		other.answers.set('/robots.txt', { status: 200, body: live });
		const result = await run(['watch', site.origin, other.origin, '--state', state, '--json']);
		assert.equal(result.status, 0, result.stderr);
		const report = JSON.parse(result.stdout) as WatchJson;
		assert.deepEqual(
			report.sites.map((entry) => [entry.site, entry.baseline]),
			[
				[site.origin, true],
				[other.origin, true],
			],
		);
		assert.equal(readdirSync(state).length, 2);
	});

	test("the GitHub Action's scheduled mode: run.sh runs watch with the state folder, annotates the changes, and sets the severity output", async () => {
		// npx as the runner would have it, but running the CLI built here (the package test runs the packed package).
		const shim = join(work, 'shim');
		mkdirSync(shim, { recursive: true });
		writeFileSync(join(shim, 'npx'), `#!/usr/bin/env bash\nwhile [ "$1" != "--" ]; do shift; done\nshift 2\nexec "${process.execPath}" "${cli}" "$@"\n`);
		chmodSync(join(shim, 'npx'), 0o755);
		const runner = join(work, 'runner');
		mkdirSync(runner, { recursive: true });
		const state = join(work, 'state-action');
		const action = () =>
			new Promise<{ status: number | null; stdout: string; output: string; summary: string }>((resolve) => {
				writeFileSync(join(runner, 'output'), '');
				writeFileSync(join(runner, 'summary'), '');
				const env = {
					...offlineEnvironment(),
					PATH: `${shim}:${process.env.PATH ?? ''}`,
					RUNNER_TEMP: runner,
					GITHUB_OUTPUT: join(runner, 'output'),
					GITHUB_STEP_SUMMARY: join(runner, 'summary'),
					INPUT_LINT: 'false',
					INPUT_CHECK: 'false',
					INPUT_PACKAGE: 'robots-txt-tools',
					INPUT_CRAWLERS: 'Googlebot',
					INPUT_WATCH: `\n  ${site.origin}\n`,
					INPUT_WATCH_STATE: state,
				};
				execFile('bash', [join(repoRoot, 'action', 'run.sh')], { env, cwd: work, encoding: 'utf8', timeout: 30_000 }, (error, stdout) => {
					resolve({
						status: error ? (typeof error.code === 'number' ? error.code : null) : 0,
						stdout,
						output: readFileSync(join(runner, 'output'), 'utf8'),
						summary: readFileSync(join(runner, 'summary'), 'utf8'),
					});
				});
			});
		serve(live);
		const first = await action();
		assert.equal(first.status, 0, first.stdout);
		assert.match(first.summary, /### robots-txt watch/);
		assert.match(first.summary, /\| baseline stored \|/);
		assert.equal(first.output, 'severity=none\n');
		assert.equal(readdirSync(state).length, 1);
		serve('User-agent: *\nDisallow: /\n');
		const staging = await action();
		assert.equal(staging.status, 1);
		const annotations = staging.stdout.split('\n').filter((line) => line.startsWith('::'));
		assert.equal(annotations.length, 1, staging.stdout);
		assert.ok(
			annotations[0].startsWith(`::error title=robots-txt watch critical%3A ${site.origin.replace(/:/g, '%3A')}/robots.txt::Googlebot: `),
			annotations[0],
		);
		assert.match(annotations[0], /Googlebot may no longer fetch \/\.$/);
		assert.equal(staging.output, 'severity=critical\n');
		assert.match(staging.summary, /Worst change: critical \(exit status 1\)/);
	});

	test('the example workflow runs on a schedule, keeps the state with actions/cache, and gives the action only inputs it has', () => {
		const workflow = readFileSync(join(repoRoot, 'examples', 'robots-txt-watch.yml'), 'utf8');
		const manifest = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
		const inputs = new Set(
			[...manifest.slice(manifest.indexOf('\ninputs:\n'), manifest.indexOf('\noutputs:\n')).matchAll(/^ {2}([a-z-]+):$/gm)].map((match) => match[1]),
		);
		assert.match(workflow, /^on:\n {2}schedule:\n {4}- cron: /m);
		const step = workflow.slice(workflow.indexOf('uses: OWNER/REPOSITORY'), workflow.indexOf('uses: actions/cache/save'));
		const given = [...step.matchAll(/^ {10}([a-z-]+):/gm)].map((match) => match[1]);
		assert.deepEqual(given, ['lint', 'check', 'watch', 'watch-state']);
		for (const name of given) {
			assert.ok(inputs.has(name), name);
		}
		// The state restored and saved is the folder the action is given.
		const state = /watch-state: (\S+)/.exec(step)![1];
		assert.equal([...workflow.matchAll(new RegExp(`path: ${state.replace(/\./g, '\\.')}$`, 'gm'))].length, 2);
	});
});
