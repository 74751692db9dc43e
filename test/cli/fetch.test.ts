/**
 * The deployed robots.txt on the command line: the built CLI run as a process against servers on 127.0.0.1 that this
 * test starts (test/util/robotsServer.ts): `fetch` (text and JSON), `test --site`, `lint <URL>`, the proxy variables,
 * the timeout, and clear errors for bad arguments and for URLs that serve no file. Nothing touches the internet.
 */

import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';
import { rules, startRobotsServers, type RobotsServers } from '../util/robotsServer';
import { fetchWithLimits } from '../../io/src/httpFetch';

const cli = join(repoRoot, 'cli', 'dist', 'cli.js');
let servers: RobotsServers;

before(async () => {
	servers = await startRobotsServers();
});
after(async () => {
	await servers.close();
});

/** The environment without the runner's proxy settings, plus `extra`. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (!/^(https?|no|all)_proxy$/i.test(name)) {
			env[name] = value;
		}
	}
	// The C locale: the English the assertions read, whatever the developer's LANG.
	return { ...env, LC_ALL: 'C', ...extra };
}

/** Runs the CLI without blocking this process, whose servers must keep answering. */
function run(args: string[], env = environment()): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
			resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
		});
	});
}

describe('robots-txt fetch', () => {
	test("a good file: the facts, a table of conclusions, one request with the tool's User-Agent", async () => {
		const before = servers.seen.filter((seen) => seen.site === 'ok').length;
		const result = await run(['fetch', servers.sites.ok, '--crawler', 'Googlebot,bingbot,YandexBot']);
		assert.equal(result.status, 0, result.stderr);
		const lines = result.stdout.split('\n');
		assert.equal(lines[0], `GET ${servers.sites.ok}/robots.txt`);
		assert.match(result.stdout, /200 OK · \d+ bytes · text\/plain; charset=utf-8/);
		assert.match(result.stdout, /^Googlebot +rules +whole file +1 hour +Google$/m);
		assert.match(
			result.stdout,
			/^bingbot +rules +whole file +1 hour +RFC 9309 \(assumed\)$/m,
			'bingbot fetches as RFC 9309, which no Bing page we read confirms',
		);
		assert.match(result.stdout, /^Googlebot, bingbot and YandexBot read the rules in the body\.$/m);
		const requests = servers.seen.filter((seen) => seen.site === 'ok').slice(before);
		assert.equal(requests.length, 1, 'one request per site and run');
		assert.match(String(requests[0].headers['user-agent']), /^robots-txt\/\d+\.\d+\.\d+ \(robots\.txt checker/);
	});

	test("--format json: the response facts and every crawler's conclusion with its source", async () => {
		const result = await run(['fetch', servers.sites['server-error'], '--format', 'json', '--crawler', 'Googlebot,bingbot,YandexBot']);
		assert.equal(result.status, 0, result.stderr);
		const report = JSON.parse(result.stdout);
		assert.equal(report.status, 503);
		assert.deepEqual(
			report.crawlers.map((crawler: { token: string; conclusion: string }) => [crawler.token, crawler.conclusion]),
			[
				['Googlebot', 'retry-later'],
				['bingbot', 'disallow-all'],
				['YandexBot', 'allow-all'],
			],
		);
		assert.match(report.crawlers[0].source, /robots-txt-spec/);
		assert.match(report.crawlers[0].whileUnreachable, /30 days/);
		assert.equal(report.crawlers[2].assumed, false, 'Yandex documents that anything but 200 OK leaves the site open');
	});

	test('a soft 404, a size cut and a redirect loop each get a plain message of what crawlers do', async () => {
		const soft = await run(['fetch', servers.sites['soft-404'], '--crawler', 'Googlebot,YandexBot', '--explain']);
		assert.match(soft.stdout, /soft 404/);
		assert.match(soft.stdout, /YandexBot: the server answered 200 OK with a body served as text\/html, not text\/plain, so it allows every URL/);
		const big = await run(['fetch', servers.sites.big, '--crawler', 'Googlebot,YandexBot']);
		assert.match(big.stdout, /^Googlebot +rules +first 512,000 bytes/m);
		assert.match(big.stdout, /^YandexBot +no restrictions/m);
		const loop = await run(['fetch', servers.sites.loop, '--crawler', 'Googlebot']);
		assert.equal(loop.status, 1, 'no final response');
		assert.match(loop.stdout, /The redirects loop/);
		assert.match(loop.stdout, /Googlebot allows every URL \(no restrictions\)/);
	});

	test('--body writes the file as served; --timeout ends a slow trickle', async () => {
		const body = await run(['fetch', servers.sites.gzip, '--body']);
		assert.equal(body.stdout, rules);
		const started = Date.now();
		const slow = await run(['fetch', servers.sites.slow, '--timeout', '0.5', '--crawler', 'Googlebot']);
		assert.ok(Date.now() - started < 10_000);
		// The status line arrived, the body did not: no answer to go by, so not a success (issue 22, item 8).
		assert.equal(slow.status, 1);
		assert.match(slow.stdout, /No complete answer arrived in time/);
		assert.match(slow.stdout, /^Googlebot +retry later/m);
	});

	test('HTTP_PROXY is used, and NO_PROXY exempts a host', async () => {
		servers.proxied.length = 0;
		const proxied = await run(['fetch', servers.sites.ok, '--crawler', 'Googlebot'], environment({ HTTP_PROXY: servers.proxy }));
		assert.equal(proxied.status, 0, proxied.stderr);
		assert.deepEqual(servers.proxied, [`GET ${servers.sites.ok}/robots.txt`]);
		const direct = await run(
			['fetch', servers.sites.ok, '--crawler', 'Googlebot'],
			environment({ HTTP_PROXY: servers.proxy, NO_PROXY: 'localhost,127.0.0.1' }),
		);
		assert.equal(direct.status, 0, direct.stderr);
		assert.equal(servers.proxied.length, 1, 'NO_PROXY sent it directly');
		const bad = await run(['fetch', servers.sites.ok], environment({ HTTP_PROXY: 'socks5://127.0.0.1:1' }));
		assert.equal(bad.status, 2);
		assert.match(bad.stderr, /HTTP_PROXY is not a proxy URL/);
	});

	test('bad arguments exit 2 with one line', async () => {
		for (const [args, message] of [
			[['fetch'], /missing <site>/],
			[['fetch', 'ftp://example.com'], /robots\.txt is fetched over http or https/],
			[['fetch', servers.sites.ok, '--timeout', 'soon'], /--timeout takes a number of seconds/],
			[['fetch', servers.sites.ok, '--format', 'xml'], /unknown format/],
		] as const) {
			const result = await run([...args]);
			assert.equal(result.status, 2, `${args.join(' ')}: ${result.stdout}`);
			assert.match(result.stderr, message);
			assert.equal(result.stderr.trim().split('\n').length, 1);
		}
	});
});

describe('a development server by its address (issue 22, item 8)', () => {
	let server: http.Server;
	let port = 0;
	before(async () => {
		server = http.createServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'text/plain' });
			response.end('User-agent: *\nDisallow: /private/\n');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		port = (server.address() as AddressInfo).port;
	});
	after(() => new Promise<void>((resolve) => server.close(() => resolve())));

	test('a bare 127.0.0.1:port is fetched over http, without a warning from Node', async () => {
		const result = await run(['fetch', `127.0.0.1:${port}`, '--crawler', 'Googlebot']);
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stdout, new RegExp(`http://127\\.0\\.0\\.1:${port}/robots\\.txt`));
		assert.match(result.stdout, /200/);
		assert.equal(result.stderr, '');
	});

	test('https to a plain http server says what it means, once, and no OpenSSL text or Node warning', async () => {
		const result = await run(['fetch', `https://127.0.0.1:${port}`, '--crawler', 'Googlebot']);
		assert.equal(result.status, 1);
		const output = result.stdout + result.stderr;
		assert.match(output, /what answered is not TLS \(a plain http server\? then the URL starts with http:\/\/\)/);
		assert.doesNotMatch(output, /DEP0123|DeprecationWarning|ssl3_get_record|SSL routines|wrong version number/i);
	});
});

describe("--timeout within what Node's timers hold", () => {
	// Node's setTimeout holds at most 2^31 − 1 ms (about 24.8 days) and fires at once past it (TimeoutOverflowWarning);
	// a millisecond is the least it counts. The reproducers of issue 21, finding 14.
	test('2147483 seconds waits as long as it takes; 2147484 and 0.0001 are usage errors naming the range', async () => {
		const longest = await run(['fetch', servers.sites.ok, '--timeout', '2147483', '--crawler', 'Googlebot']);
		assert.equal(longest.status, 0, longest.stderr);
		assert.match(longest.stdout, /^Googlebot +rules/m);
		for (const value of ['2147484', '0.0001', '0']) {
			for (const command of [
				['fetch', servers.sites.ok],
				['test', '--site', servers.sites.ok, '/a'],
				['lint', servers.sites.ok],
			]) {
				const result = await run([...command, '--timeout', value]);
				assert.equal(result.status, 2, `${command[0]} --timeout ${value}: ${result.stdout}`);
				assert.equal(result.stderr, `robots-txt: --timeout takes from 0.001 to 2,147,483 seconds, not "${value}"\n`);
			}
		}
	});

	test('the fetch itself waits out a deadline past what one timer holds, rather than failing at once', async () => {
		const outcome = await fetchWithLimits(`${servers.sites.ok}/robots.txt`, { userAgent: 'test', timeoutMs: 2 ** 32, maxRedirects: 5, maxBytes: 1 << 16 });
		assert.equal(outcome.error, undefined, JSON.stringify(outcome.error));
		assert.equal(outcome.responses[0]?.status, 200);
	});
});

describe('redirects carry no credentials', () => {
	// RFC 9110 §4.2.4: a sender must not send userinfo in a URI, and "https://user:pass@host/" in a Location is the
	// redirecting server's word, not the user's: following it must not send an Authorization header anywhere.
	let target: http.Server;
	let redirector: http.Server;
	const seen: http.IncomingHttpHeaders[] = [];
	let start: string;

	before(async () => {
		target = http.createServer((req, res) => {
			seen.push(req.headers);
			res.writeHead(200, { 'Content-Type': 'text/plain' });
			res.end(rules);
		});
		await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
		const targetPort = (target.address() as AddressInfo).port;
		redirector = http.createServer((req, res) => {
			seen.push(req.headers);
			res.writeHead(301, { Location: `http://user:secret@127.0.0.1:${targetPort}/robots.txt` });
			res.end();
		});
		await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
		start = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
	});
	after(async () => {
		await new Promise<void>((resolve) => target.close(() => resolve()));
		await new Promise<void>((resolve) => redirector.close(() => resolve()));
	});

	test('a Location with user:secret@ is followed without an Authorization header', async () => {
		const result = await run(['fetch', start, '--crawler', 'Googlebot']);
		assert.equal(result.status, 0, result.stderr);
		assert.match(result.stdout, /^Googlebot +rules/m);
		assert.equal(seen.length, 2, 'the redirect and its target');
		for (const headers of seen) {
			assert.equal(headers.authorization, undefined, JSON.stringify(headers));
		}
		assert.doesNotMatch(result.stdout, /secret/);
	});
});

describe('robots-txt test --site', () => {
	test('each URL for each crawler, from the rules it reads or from the response', async () => {
		const good = await run(['test', '--site', servers.sites.ok, '--agent', 'Googlebot,bingbot', '/private/a', `${servers.sites.ok}/nogoogle`]);
		assert.equal(good.status, 0, good.stderr);
		assert.deepEqual(good.stdout.trimEnd().split('\n'), [
			'ALLOWED    /private/a  as Googlebot  (no rule of the group at line 4 matches)',
			'DISALLOWED /private/a  as bingbot  (line 2: Disallow: /private)',
			`DISALLOWED ${servers.sites.ok}/nogoogle  as Googlebot  (line 5: Disallow: /nogoogle)`,
			`ALLOWED    ${servers.sites.ok}/nogoogle  as bingbot  (no rule of the group at line 1 matches)`,
		]);
		const down = await run(['test', '--site', servers.sites['server-error'], '--agent', 'Googlebot,YandexBot', '--json', '/a']);
		const answers = down.stdout
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line));
		assert.deepEqual(
			answers.map((answer) => [answer.agent, answer.conclusion, answer.verdict, answer.reason]),
			[
				['Googlebot', 'retry-later', 'disallow', 'response'],
				['YandexBot', 'allow-all', 'allow', 'response'],
			],
		);
		assert.equal(answers[0].robots, `${servers.sites['server-error']}/robots.txt`);
	});

	test('the preferences of the rules each crawler reads, in text and JSON as `test` gives them (issue 24)', async () => {
		// draft-ietf-aipref-attach-05 §3.4's table: /test train-ai=n, /never/test not crawled (N/A), ExampleBot train-ai=y.
		const site = servers.sites.preferences;
		const text = await run(['test', '--site', site, '--agent', 'GPTBot,ExampleBot', '/test', '/never/test']);
		assert.equal(text.status, 0, text.stderr);
		const license = 'License: https://example.com/license.xml.';
		assert.deepEqual(text.stdout.trimEnd().split('\n'), [
			`ALLOWED    /test  as GPTBot  (line 2: Allow: /)  Content-Usage (line 4): train-ai=n. ${license}`,
			`ALLOWED    /test  as ExampleBot  (line 8: Allow: /)  Content-Usage (line 9): train-ai=y. Content-Signal (line 10): search=yes, ai-train=no. ${license}`,
			`DISALLOWED /never/test  as GPTBot  (line 3: Disallow: /never/)  The preference lines (line 4) do not apply: they speak only for URLs the rules let the crawler fetch. ${license}`,
			`ALLOWED    /never/test  as ExampleBot  (line 8: Allow: /)  Content-Usage (line 9): train-ai=y. Content-Signal (line 10): search=yes, ai-train=no. ${license}`,
		]);
		const json = await run(['test', '--site', site, '--agent', 'GPTBot,ExampleBot', '--json', '/never/test']);
		const licenses = ['https://example.com/license.xml'];
		assert.deepEqual(
			json.stdout
				.trimEnd()
				.split('\n')
				.map((line) => JSON.parse(line).preferences),
			[
				{ contentUsage: null, contentSignal: null, licenses },
				{ contentUsage: { 'train-ai': 'y', line: 9 }, contentSignal: { search: 'yes', 'ai-train': 'no', line: 10 }, licenses },
			],
		);
		// Where the response decides, no rules are read: no preference line speaks.
		const down = await run(['test', '--site', servers.sites['server-error'], '--agent', 'YandexBot', '--json', '/a']);
		assert.deepEqual(JSON.parse(down.stdout).preferences, { contentUsage: null, contentSignal: null, licenses: [] });
	});

	test('a URL on another site is reported in place, and the others are answered (exit 2)', async () => {
		const result = await run(['test', '--site', servers.sites.ok, '--agent', 'Googlebot', 'https://elsewhere.example/a', '/private/a']);
		assert.equal(result.status, 2);
		assert.match(
			result.stderr,
			/"https:\/\/elsewhere\.example\/a": not on http:\/\/127\.0\.0\.1:\d+: its robots\.txt governs only its own scheme, host and port/,
		);
		assert.equal(result.stdout.trimEnd(), 'ALLOWED    /private/a  (no rule of the group at line 4 matches)');
	});
});

describe('robots-txt lint <URL>', () => {
	test('the deployed file is linted under its URL', async () => {
		const result = await run(['lint', `${servers.sites.bom}/robots.txt`, '--format', 'json']);
		assert.equal(result.status, 0, result.stderr);
		const records = JSON.parse(result.stdout) as { file: string }[];
		// `Disallow: /private` gets private-path-disclosure at least, so there is a record to read the name from.
		assert.ok(records.length >= 1 && records.every((record) => record.file === `${servers.sites.bom}/robots.txt`), result.stdout);
	});

	test("sarif: the deployed file's artifact location is its URL (SARIF 2.1.0 §3.4.3: a URI reference), not a path made of it", async () => {
		const url = `${servers.sites.bom}/robots.txt`;
		const result = await run(['lint', url, '--format', 'sarif']);
		assert.equal(result.status, 0, result.stderr);
		const results = JSON.parse(result.stdout).runs[0].results as { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
		assert.ok(results.length >= 1, result.stdout);
		assert.deepEqual([...new Set(results.map((entry) => entry.locations[0].physicalLocation.artifactLocation.uri))], [url]);
	});

	test('a URL that serves no file is unreadable (exit 2), with what crawlers make of the response', async () => {
		const result = await run(['lint', servers.sites['not-found']]);
		assert.equal(result.status, 2);
		assert.match(result.stderr, /robots\.txt: 404 Not Found · \d+ bytes; no file to read\. .*allow every URL \(no restrictions\)/);
	});
});

describe('robots-txt diff <URL> <file>', () => {
	test('what deploying a local file would change: the deployed side is fetched, the verdicts that flip are named', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'robots-diff-'));
		try {
			// The local edit drops the Googlebot group, so Googlebot follows `*` (seed 000 and RFC 9309 §2.2.1: a robot
			// with no group of its own obeys the `*` record): /nogoogle opens, /private closes.
			const local = join(dir, 'robots.txt');
			writeFileSync(local, 'User-agent: *\nDisallow: /private\n');
			const urls = join(dir, 'urls.txt');
			writeFileSync(urls, `${servers.sites.ok}/nogoogle\n${servers.sites.ok}/private\n${servers.sites.ok}/open\n`);
			const result = await run(['diff', servers.sites.ok, local, '--agent', 'Googlebot', '--urls', urls]);
			assert.equal(result.status, 1, result.stderr);
			assert.match(result.stdout, /\/nogoogle {2}as Googlebot: DISALLOWED by old line 5 `Disallow: \/nogoogle` -> ALLOWED/);
			assert.match(result.stdout, /\/private {2}as Googlebot: ALLOWED .* -> DISALLOWED by new line 2 `Disallow: \/private`/);
			assert.doesNotMatch(result.stdout, /\/open/);
			const same = await run(['diff', local, local, '--agent', 'Googlebot', '--urls', urls]);
			assert.equal(same.status, 0, same.stderr);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test('a side that serves no file is an error naming what crawlers conclude, not an empty robots.txt', async () => {
		const result = await run(['diff', servers.sites['not-found'], servers.sites.ok]);
		assert.equal(result.status, 2);
		assert.match(result.stderr, /robots\.txt: 404 Not Found · \d+ bytes; no file to read\./);
	});
});
