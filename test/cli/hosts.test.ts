/**
 * Many hosts at once: `robots-txt fetch`, `diff` and `watch` over several sites, `--hosts` and `--variants`, against
 * a forward proxy on 127.0.0.1 that this test starts and that answers by the host asked (www.example.com cannot
 * resolve here): http requests in absolute form, https through a CONNECT tunnel to a local TLS server whose self-signed
 * certificate the CLI trusts through NODE_EXTRA_CA_CERTS. Expected answers come from RFC 9309 (§2.2.1: a crawler obeys
 * the group of its own product token, else `*`; §2.3: a robots.txt governs only its own scheme, host and port;
 * §2.3.1.2: follow at least five redirects) and Google's documentation of robots.txt (5xx: no crawling for now,
 * retried later).
 */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from './cliProcess';
import { selfSigned } from '../util/robotsServer';

const shared = 'User-agent: *\nDisallow: /private\n';
/** The same file plus a Googlebot group that disallows everything: RFC 9309 §2.2.1, Googlebot follows it alone. */
const googleClosed = `${shared}\nUser-agent: Googlebot\nDisallow: /\n`;

/** What each origin answers for /robots.txt: a status, headers and a body. */
type Answer = { status: number; headers?: Record<string, string>; body?: string };
const answers: Record<string, Answer> = {
	// Apex and www serve identical files.
	'http://same.example': { status: 200, body: shared },
	'http://www.same.example': { status: 200, body: shared },
	// www redirects to the apex.
	'http://redirect.example': { status: 200, body: shared },
	'http://www.redirect.example': { status: 301, headers: { Location: 'http://redirect.example/robots.txt' } },
	// Apex and www differ for Googlebot.
	'http://differ.example': { status: 200, body: shared },
	'http://www.differ.example': { status: 200, body: googleClosed },
	// One host answers 503.
	'http://down.example': { status: 200, body: shared },
	'http://www.down.example': { status: 503, headers: { 'Retry-After': '3600' }, body: 'Down for maintenance' },
	// http redirects to https, www to the https apex.
	'https://secure.example': { status: 200, body: shared },
	'http://secure.example': { status: 301, headers: { Location: 'https://secure.example/robots.txt' } },
	'https://www.secure.example': { status: 301, headers: { Location: 'https://secure.example/robots.txt' } },
	'http://www.secure.example': { status: 301, headers: { Location: 'https://secure.example/robots.txt' } },
	// Redirects to a host off the list.
	'http://away.example': { status: 301, headers: { Location: 'http://elsewhere.example/robots.txt' } },
	'http://elsewhere.example': { status: 200, body: shared },
};

function answer(origin: string, path: string, res: http.ServerResponse): void {
	const found = path === '/robots.txt' ? answers[origin] : undefined;
	if (found === undefined) {
		res.writeHead(404, { 'Content-Type': 'text/html' });
		res.end('<html>Not found</html>');
		return;
	}
	res.writeHead(found.status, { 'Content-Type': 'text/plain', ...found.headers });
	res.end(found.body ?? '');
}

let proxy: string;
let certificateFile: string | undefined;
/** The CONNECT targets the proxy tunnelled. */
const tunnels: string[] = [];
/** The Host header of every request the TLS server received. */
const hostHeaders: string[] = [];
let stop: () => Promise<void>;
let folder: string;

function listen(server: net.Server): Promise<number> {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

before(async () => {
	folder = mkdtempSync(join(tmpdir(), 'robots-hosts-'));
	const sockets = new Set<net.Socket>();
	const servers: net.Server[] = [];
	const track = <T extends net.Server>(server: T): T => {
		servers.push(server);
		server.on('connection', (socket: net.Socket) => {
			sockets.add(socket);
			socket.on('close', () => sockets.delete(socket));
		});
		return server;
	};
	const httpsHosts = [
		...new Set(
			Object.keys(answers)
				.filter((origin) => origin.startsWith('https:'))
				.map((origin) => new URL(origin).hostname),
		),
	];
	const certificate = selfSigned(httpsHosts);
	let tlsPort: number | undefined;
	if (certificate) {
		certificateFile = join(folder, 'ca.pem');
		writeFileSync(certificateFile, certificate.cert);
		const tls = track(
			https.createServer(certificate, (req, res) => {
				const origin = `https://${(req.headers.host ?? '').replace(/:443$/, '')}`;
				hostHeaders.push(req.headers.host ?? '');
				answer(origin, req.url ?? '', res);
			}),
		);
		tlsPort = await listen(tls);
	}
	const forward = track(
		http.createServer((req, res) => {
			const url = new URL(req.url ?? '');
			answer(url.origin, url.pathname, res);
		}),
	);
	forward.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		tunnels.push(req.url ?? '');
		if (tlsPort === undefined) {
			client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
			return;
		}
		const upstream = connect(tlsPort, '127.0.0.1', () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});
	proxy = `http://127.0.0.1:${await listen(forward)}`;
	stop = async () => {
		for (const socket of sockets) {
			socket.destroy();
		}
		await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
	};
});

after(async () => {
	await stop();
	rmSync(folder, { recursive: true, force: true });
});

/** The CLI through the proxy, trusting the test certificate, in the C locale. */
function run(args: string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!/^(https?|no|all)_proxy$/i.test(name)) {
			env[name] = value;
		}
	}
	Object.assign(env, { LC_ALL: 'C', HTTP_PROXY: proxy, HTTPS_PROXY: proxy, ...(certificateFile ? { NODE_EXTRA_CA_CERTS: certificateFile } : {}) });
	return new Promise((resolve) => {
		const child = execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
			resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
		});
		child.stdin?.end(input ?? '');
	});
}

/** The host table's row for a site, as cells split on runs of two spaces or more. */
function row(stdout: string, site: string): string[] {
	const line = stdout.split('\n').find((each) => each.startsWith(`${site} `));
	assert.ok(line !== undefined, `no row for ${site} in:\n${stdout}`);
	return line.split(/ {2,}/);
}

interface HostJson {
	hosts: {
		site: string;
		status: number | null;
		redirectsTo: string | null;
		redirectListed: boolean | null;
		file: string | null;
		crawlers: { token: string; conclusion: string }[];
	}[];
	files: { id: string; hosts: string[]; bytes: number }[];
	split: string[];
	differences: { file: string; reference: string; changes: { crawler: string }[]; flips: unknown }[];
}

describe('robots-txt fetch over several hosts', () => {
	test('apex and www serve identical files: one file, every host agrees, exit 0', async () => {
		const result = await run(['fetch', 'http://same.example', 'http://www.same.example', '--crawler', 'Googlebot,bingbot']);
		assert.equal(result.status, 0, result.stdout + result.stderr);
		assert.equal(row(result.stdout, 'http://same.example').at(-1), 'A');
		assert.equal(row(result.stdout, 'http://www.same.example').at(-1), 'A');
		assert.ok(result.stdout.includes(`\nFile A (${shared.length} bytes): http://same.example, http://www.same.example\n`), result.stdout);
		assert.match(result.stdout, /^Every host gives the target crawlers the same answer\.$/m);
		assert.doesNotMatch(result.stdout, /^File B/m);
	});

	test("www redirects to the apex: the row names the target, a host of the list, and its crawlers read the apex's file", async () => {
		const result = await run(['fetch', 'http://redirect.example', 'http://www.redirect.example', '--crawler', 'Googlebot', '--json']);
		assert.equal(result.status, 0, result.stdout + result.stderr);
		const report = JSON.parse(result.stdout) as HostJson;
		const www = report.hosts.find((host) => host.site === 'http://www.redirect.example')!;
		assert.equal(www.redirectsTo, 'http://redirect.example/robots.txt');
		assert.equal(www.redirectListed, true);
		// RFC 9309 §2.3.1.2: the crawler follows the redirect and reads the target's file.
		assert.equal(www.file, 'A');
		assert.deepEqual(report.files, [{ id: 'A', hosts: ['http://redirect.example', 'http://www.redirect.example'], bytes: shared.length }]);
		assert.deepEqual(report.split, []);
		const away = await run(['fetch', 'http://away.example', 'http://same.example', '--crawler', 'Googlebot']);
		assert.match(row(away.stdout, 'http://away.example')[2], /^http:\/\/elsewhere\.example\/robots\.txt \(another host\)$/);
	});

	test('apex and www differ for Googlebot: two files, the difference named for Googlebot only, exit 1', async () => {
		const result = await run(['fetch', 'http://differ.example', 'http://www.differ.example', '--crawler', 'Googlebot,bingbot']);
		assert.equal(result.status, 1, 'hosts that serve files differing for a target crawler fail CI');
		assert.equal(row(result.stdout, 'http://differ.example').at(-1), 'A');
		assert.equal(row(result.stdout, 'http://www.differ.example').at(-1), 'B');
		assert.match(result.stdout, /^File B against file A:$/m);
		// Googlebot follows its own group in B (RFC 9309 §2.2.1), so it reads `Disallow: /` there; bingbot reads `*` in both.
		assert.match(result.stdout, /^ {2}Googlebot: .*Disallow: \//m);
		assert.doesNotMatch(result.stdout, /^ {2}bingbot:/m);
		assert.match(result.stdout, /^The hosts do not give Googlebot the same answer\.$/m);
		const json = JSON.parse(
			(await run(['fetch', 'http://differ.example', 'http://www.differ.example', '--crawler', 'Googlebot,bingbot', '--json'])).stdout,
		) as HostJson;
		assert.deepEqual(json.split, ['Googlebot']);
		assert.deepEqual(
			json.differences.map((difference) => [difference.file, difference.reference, difference.changes.map((change) => change.crawler)]),
			[['B', 'A', ['Googlebot']]],
		);
	});

	test('one host answers 503: what crawlers conclude there, and the hosts disagree', async () => {
		const result = await run(['fetch', 'http://down.example', 'http://www.down.example', '--crawler', 'Googlebot', '--json']);
		assert.equal(result.status, 1);
		const report = JSON.parse(result.stdout) as HostJson;
		const down = report.hosts.find((host) => host.site === 'http://www.down.example')!;
		assert.equal(down.status, 503);
		assert.equal(down.file, null, 'no file is read from a 503');
		// Google: a 5xx means no crawling for now; it fetches the file again later (retry-later, not the rules).
		assert.deepEqual(down.crawlers, [{ token: 'Googlebot', conclusion: 'retry-later' }]);
		assert.deepEqual(report.split, ['Googlebot']);
		const text = await run(['fetch', 'http://down.example', 'http://www.down.example', '--crawler', 'Googlebot']);
		assert.match(text.stdout, /^http:\/\/www\.down\.example: Googlebot .*\.$/m);
		assert.match(row(text.stdout, 'http://www.down.example')[1], /^503 /);
	});

	test('--variants: http and https, www and the apex; http redirects to https; the https hosts through a tunnel', async (t) => {
		if (certificateFile === undefined) {
			t.skip('openssl is not available to make the test certificate');
			return;
		}
		hostHeaders.length = 0;
		const result = await run(['fetch', 'secure.example', '--variants', '--crawler', 'Googlebot', '--json']);
		assert.equal(result.status, 0, result.stdout + result.stderr);
		// RFC 9110 §7.2: the Host of https://secure.example/ is `secure.example` (443 is https's default port), never
		// `secure.example:80`, which the fetcher once sent through a tunnel.
		assert.deepEqual([...new Set(hostHeaders)].sort(), ['secure.example', 'www.secure.example']);
		assert.ok(tunnels.includes('www.secure.example:443'), tunnels.join('\n'));
		const report = JSON.parse(result.stdout) as HostJson;
		assert.deepEqual(
			report.hosts.map((host) => [host.site, host.redirectsTo, host.file]),
			[
				['https://secure.example', null, 'A'],
				['http://secure.example', 'https://secure.example/robots.txt', 'A'],
				['https://www.secure.example', 'https://secure.example/robots.txt', 'A'],
				['http://www.secure.example', 'https://secure.example/robots.txt', 'A'],
			],
		);
		assert.ok(report.hosts.slice(1).every((host) => host.redirectListed === true));
	});

	test('--hosts reads a list (comments and blank lines skipped) from a file or standard input', async () => {
		const list = join(folder, 'hosts.txt');
		writeFileSync(list, '# the property\nhttp://differ.example\n\nhttp://www.differ.example  # www\n');
		const fromFile = await run(['fetch', '--hosts', list, '--crawler', 'Googlebot']);
		assert.equal(fromFile.status, 1);
		assert.equal(row(fromFile.stdout, 'http://www.differ.example').at(-1), 'B');
		const fromInput = await run(['fetch', '--hosts', '-', '--crawler', 'Googlebot'], 'http://same.example\nhttp://www.same.example\n');
		assert.equal(fromInput.status, 0, fromInput.stdout + fromInput.stderr);
		const bad = await run(['fetch', '--hosts', '-'], 'http://same.example\nftp://nope.example\n');
		assert.equal(bad.status, 2);
		assert.match(bad.stderr, /^robots-txt: stdin:2: .*ftp/m);
	});

	test('one host keeps the single-host report', async () => {
		const result = await run(['fetch', 'http://same.example', '--crawler', 'Googlebot']);
		assert.equal(result.status, 0);
		assert.equal(result.stdout.split('\n')[0], 'GET http://same.example/robots.txt');
		assert.doesNotMatch(result.stdout, /^Host +Response/m);
		const twice = await run(['fetch', 'http://same.example', 'http://same.example/about', '--crawler', 'Googlebot']);
		assert.equal(twice.stdout, result.stdout, 'the same origin twice is one host');
	});
});

describe('robots-txt diff over several hosts', () => {
	test("--hosts: the other file against the first host's, with the verdicts that flip, exit 1", async () => {
		const result = await run(
			['diff', '--hosts', '-', '--agent', 'Googlebot,bingbot', '--urls', join(folder, 'urls.txt')],
			'http://differ.example\nhttp://www.differ.example\n',
		);
		// The URL list is written by the test before the run below; this first run has none and exits 2.
		assert.equal(result.status, 2);
		writeFileSync(join(folder, 'urls.txt'), 'http://differ.example/\nhttp://differ.example/private/x\n');
		const diff = await run(
			['diff', '--hosts', '-', '--agent', 'Googlebot,bingbot', '--urls', join(folder, 'urls.txt')],
			'http://differ.example\nhttp://www.differ.example\n',
		);
		assert.equal(diff.status, 1, diff.stderr);
		assert.match(diff.stdout, /^File B against file A:$/m);
		// `/` is allowed in A (no rule matches) and disallowed for Googlebot in B (`Disallow: /` of its own group).
		assert.match(diff.stdout, /^ {2}http:\/\/differ\.example\/ {2}as Googlebot: ALLOWED .* -> DISALLOWED by new line 5 `Disallow: \/`$/m);
		assert.doesNotMatch(diff.stdout, /as bingbot/);
	});

	test('--variants with identical hosts: no verdict changes, exit 0; the two-file form is unchanged', async (t) => {
		if (certificateFile === undefined) {
			t.skip('openssl is not available to make the test certificate');
			return;
		}
		const result = await run(['diff', '--variants', 'secure.example', '--json']);
		assert.equal(result.status, 0, result.stdout + result.stderr);
		const report = JSON.parse(result.stdout) as HostJson;
		assert.equal(report.files.length, 1);
		assert.deepEqual(report.differences, []);
		const two = await run(['diff', 'http://differ.example', 'http://www.differ.example', '--agent', 'Googlebot']);
		assert.equal(two.status, 1);
		assert.match(two.stdout, /^Crawlers whose rules changed \(1\):$/m);
	});
});

describe('robots-txt watch over several hosts', () => {
	test('--hosts: each host watched as a site of its own; www gaining a Googlebot `Disallow: /` is critical there only', async () => {
		const state = join(folder, 'state');
		const list = 'http://same.example\nhttp://www.same.example\n';
		const first = await run(['watch', '--hosts', '-', '--state', state, '--crawler', 'Googlebot', '--json'], list);
		assert.equal(first.status, 0, 'the first run stores the baseline' + first.stderr);
		const baseline = JSON.parse(first.stdout) as { sites: { site: string; changed: boolean; severity: string }[] };
		assert.deepEqual(
			baseline.sites.map((site) => site.site),
			['http://same.example', 'http://www.same.example'],
		);
		const before = answers['http://www.same.example'];
		answers['http://www.same.example'] = { status: 200, body: googleClosed };
		try {
			const second = await run(['watch', '--hosts', '-', '--state', state, '--crawler', 'Googlebot', '--json'], list);
			// Issue 27: critical when a target search crawler loses `/`; Googlebot follows its own group (RFC 9309 §2.2.1).
			assert.equal(second.status, 1, second.stderr);
			const report = JSON.parse(second.stdout) as { sites: { site: string; changed: boolean; severity: string }[] };
			assert.deepEqual(
				report.sites.map((site) => [site.site, site.changed, site.severity]),
				[
					['http://same.example', false, 'none'],
					['http://www.same.example', true, 'critical'],
				],
			);
		} finally {
			answers['http://www.same.example'] = before;
		}
	});

	test('--variants: the four hosts of a domain are watched', async (t) => {
		if (certificateFile === undefined) {
			t.skip('openssl is not available to make the test certificate');
			return;
		}
		const result = await run(['watch', 'secure.example', '--variants', '--state', join(folder, 'state-variants'), '--crawler', 'Googlebot', '--json']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(
			(JSON.parse(result.stdout) as { sites: { site: string }[] }).sites.map((site) => site.site),
			['https://secure.example', 'http://secure.example', 'https://www.secure.example', 'http://www.secure.example'],
		);
	});
});
