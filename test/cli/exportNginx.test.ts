/**
 * `robots-txt export --format nginx` against the real nginx (Debian's /usr/sbin/nginx): the two files it writes,
 * included in a main configuration that answers 200 for everything else, on 127.0.0.1 with a free port, config, pid
 * and logs in a temporary folder. Requests as each crawler (its documented header) and as a browser get 403 exactly
 * where `evaluateAs` disallows (the file's verdict), and /robots.txt is never refused. Skipped when nginx is absent.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { crawlerProfile, evaluateAs, parse, probeUrls } from '../../core/src/index';
import { crawlersNamedIn } from '../../core/src/crawlers/profile';
import { readFixture, sharedDir } from '../util/fixtures';
import { runCli, workFolder } from './cliProcess';

const nginx = '/usr/sbin/nginx';
const skip = existsSync(nginx) ? false : `${nginx} is not installed (Debian package nginx): the export is not tried against a real nginx`;

interface UserAgents {
	readonly crawlers: readonly { readonly token: string; readonly ua: string }[];
	readonly browsers: readonly { readonly ua: string }[];
}

const userAgents = JSON.parse(readFixture('logs', 'user-agents.json')) as UserAgents;

/** One documented header per crawler token. */
const headers = new Map<string, string>();
for (const { token, ua } of userAgents.crawlers) {
	if (!headers.has(token)) {
		headers.set(token, ua);
	}
}

/** A target as a crawler sends it: non-ASCII and characters a request line cannot hold raw percent-encoded. */
function sent(path: string): string {
	let out = '';
	for (const octet of Buffer.from(path, 'utf8')) {
		const character = String.fromCharCode(octet);
		out +=
			octet >= 128 || octet <= 32 || octet === 127 || '"<>\\`{}#%'.includes(character) ? `%${octet.toString(16).toUpperCase().padStart(2, '0')}` : character;
	}
	return out.startsWith('/') ? out : `/${out}`;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
		});
	});
}

function get(port: number, path: string, userAgent: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = request({ host: '127.0.0.1', port, path, headers: { 'User-Agent': userAgent }, agent: false }, (response) => {
			response.resume();
			response.on('end', () => resolve(response.statusCode ?? 0));
		});
		req.on('error', reject);
		req.end();
	});
}

const running: ChildProcess[] = [];
after(() => {
	for (const child of running) {
		child.kill('SIGQUIT');
	}
});

/** nginx serving the export of `robots` on a free port; resolves once it answers, with the time it took to load. */
async function serve(robots: string): Promise<{ port: number; stop: () => Promise<void>; loadMs: number }> {
	const folder = workFolder('robots-nginx-');
	writeFileSync(join(folder, 'robots.txt'), robots);
	const exported = runCli(['export', join(folder, 'robots.txt'), '--format', 'nginx', '--out', join(folder, 'conf')]);
	assert.equal(exported.status, 0, exported.stderr);
	const port = await freePort();
	const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${join(folder, name)};`).join('\n\t');
	writeFileSync(
		join(folder, 'nginx.conf'),
		[
			'worker_processes 1;',
			`error_log ${join(folder, 'error.log')};`,
			'events { worker_connections 64; }',
			'http {',
			`\taccess_log ${join(folder, 'access.log')};`,
			`\t${temp}`,
			`\tinclude ${join(folder, 'conf', 'robots-http.conf')};`,
			'\tserver {',
			`\t\tlisten 127.0.0.1:${port};`,
			`\t\tinclude ${join(folder, 'conf', 'robots-server.conf')};`,
			'\t\tlocation / { return 200 "ok\\n"; }',
			'\t}',
			'}',
			'',
		].join('\n'),
	);
	const args = ['-p', folder, '-c', join(folder, 'nginx.conf'), '-g', `daemon off; pid ${join(folder, 'nginx.pid')};`];
	const started = performance.now();
	const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
	assert.equal(check.status, 0, check.stderr);
	const child = spawn(nginx, args, { stdio: 'ignore' });
	running.push(child);
	for (let attempt = 0; ; attempt++) {
		try {
			await get(port, '/robots.txt', 'probe');
			break;
		} catch (error) {
			if (attempt > 600 || child.exitCode !== null) {
				throw new Error(`nginx did not start: ${readFileSync(join(folder, 'error.log'), 'utf8')}`, { cause: error });
			}
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}
	const loadMs = performance.now() - started;
	const stop = () =>
		new Promise<void>((resolve) => {
			child.once('exit', () => resolve());
			child.kill('SIGQUIT');
		});
	return { port, stop, loadMs };
}

/** Requests as each crawler and a browser; the statuses that differ from the crawler model's, as readable lines. */
async function wrongStatuses(
	robots: string,
	tokens: readonly string[],
	paths: readonly string[],
): Promise<{ wrong: string[]; loadMs: number; requests: number }> {
	const model = parse(robots);
	const server = await serve(robots);
	const wrong: string[] = [];
	let requests = 0;
	const named = new Set(crawlersNamedIn([model]).map((token) => token.toLowerCase()));
	const planned = (token: string) => crawlerProfile(token).known || named.has(token.toLowerCase());
	try {
		const targets = [...new Set(paths.map(sent))];
		for (const token of tokens) {
			const header = headers.get(token) ?? `${token}/1.0`;
			for (const target of targets) {
				const robotsTxt = /^\/robots\.txt(?:\?|$)/.test(target);
				// A crawler neither the catalogue nor the file names is no crawler of the plan: it passes.
				const expected = robotsTxt || !planned(token) || evaluateAs(model, token, `http://example.com${target}`).fileVerdict === 'allow' ? 200 : 403;
				const status = await get(server.port, target, header);
				requests++;
				if (status !== expected) {
					wrong.push(`${token} ${target}: ${status}, expected ${expected}`);
				}
			}
		}
		for (const { ua } of userAgents.browsers) {
			for (const target of targets.slice(0, 20)) {
				const status = await get(server.port, target, ua);
				requests++;
				if (status !== 200) {
					wrong.push(`browser ${target}: ${status}`);
				}
			}
		}
	} finally {
		await server.stop();
	}
	return { wrong, loadMs: server.loadMs, requests };
}

const crawlers = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ClaudeBot', 'YandexBot', 'YandexImages', 'Applebot', 'DuckDuckBot', 'CCBot'];

describe('robots-txt export --format nginx, served by nginx', { skip }, () => {
	for (const name of ['groups', 'yandex', 'firstmatch']) {
		test(`${name}.robots.txt: 403 where each crawler reads a Disallow, 200 elsewhere, for browsers and for /robots.txt`, async () => {
			const robots = readFixture('door', `${name}.robots.txt`);
			const paths = [
				...probeUrls(parse(robots), parse(robots)),
				'/robots.txt',
				'/robots.txt?x=1',
				'/private/public/x.pdf',
				'/a/print',
				'/search?q=a/print',
				'/caf%C3%A9',
				'/go?url=http://example.org/',
				'/index.php',
				'/shop/cart/help',
				'/tmp/keep',
			];
			const { wrong } = await wrongStatuses(robots, [...crawlers, 'Python-urllib', 'libwww-perl', 'MyOwnCrawler'], paths);
			assert.deepEqual(wrong, []);
		});
	}

	test('corpus files, a big one among them (how long nginx takes to load it is printed)', async () => {
		const folder = join(sharedDir, 'corpus', 'realworld', 'files');
		for (const name of ['0001.txt', '0535.txt', '0701.txt']) {
			const robots = readFileSync(join(folder, name), 'utf8');
			const probes = probeUrls(parse(robots), parse(robots));
			const step = Math.max(1, Math.ceil(probes.length / 40));
			const { wrong, loadMs, requests } = await wrongStatuses(
				robots,
				crawlers.slice(0, 5),
				probes.filter((_, i) => i % step === 0),
			);
			console.log(`${name}: ${robots.length} characters, nginx loaded the export in ${Math.round(loadMs)} ms; ${requests} requests`);
			assert.deepEqual(wrong, [], name);
		}
	});
});
