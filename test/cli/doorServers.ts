/**
 * What the tests of `robots-txt export` against real servers share: Apache, HAProxy and Caddy started as this user on
 * 127.0.0.1 with everything in a temporary folder (never the system's service scripts or /etc), a backend that
 * answers 200, raw HTTP/1.1 requests whose target goes out exactly as written, and the requests to send for a
 * robots.txt with the status `evaluateAs` expects for each.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { runCli, workFolder } from './cliProcess';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { doorPlan, type DoorPlan } from '../../core/src/door/plan';
import { crawlersNamedIn } from '../../core/src/crawlers/profile';
import { evaluateAs, parse, probeUrls, type RobotsModel } from '../../core/src/index';
import { corpusDir } from '../util/noise';
import { repoRoot } from '../util/fixtures';

export const apacheBinary = '/usr/sbin/apache2';
export const haproxyBinary = '/usr/sbin/haproxy';
export const caddyBinary = '/usr/bin/caddy';

/** Why a server's test is skipped: its binary is absent. */
export function missing(binary: string, pkg: string): string | false {
	return existsSync(binary) ? false : `${binary} is not installed (Debian package ${pkg}); the export test against it is skipped`;
}

export async function freePort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/** A server of the test, started and stoppable. */
export interface Running {
	readonly port: number;
	stop(): Promise<void>;
}

/** A backend that answers 200 to every request. */
export async function startBackend(): Promise<Running> {
	const server = http.createServer((_request, response) => {
		response.writeHead(200, { 'content-type': 'text/plain' });
		response.end('ok');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: (server.address() as AddressInfo).port,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/**
 * The status of `GET target` with the User-Agent header (none when undefined), sent on a socket of its own as written:
 * no client library re-encodes the target.
 */
export function statusOf(port: number, target: string, userAgent: string | undefined): Promise<number> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		socket.setEncoding('latin1');
		socket.on('data', (chunk: string) => {
			answer += chunk;
			const end = answer.indexOf('\r\n');
			if (end >= 0) {
				socket.destroy();
				resolve(Number(answer.slice(0, end).split(' ')[1]));
			}
		});
		socket.on('error', reject);
		socket.on('close', () => reject(new Error(`no status line for ${target}: ${JSON.stringify(answer)}`)));
		const agent = userAgent === undefined ? '' : `User-Agent: ${userAgent}\r\n`;
		socket.write(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${agent}Connection: close\r\n\r\n`, 'latin1'));
	});
}

/** Waits until something listens on the port, or the process ends (with its log). */
async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
	for (let attempt = 0; attempt < 200; attempt++) {
		if (child.exitCode !== null) {
			throw new Error(`the server ended with ${child.exitCode}: ${log()}`);
		}
		const open = await new Promise<boolean>((resolve) => {
			const socket = net.connect(port, '127.0.0.1', () => {
				socket.destroy();
				resolve(true);
			});
			socket.on('error', () => resolve(false));
		});
		if (open) {
			return;
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`nothing listens on ${port}: ${log()}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
	return () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) {
				resolve();
				return;
			}
			child.once('exit', () => resolve());
			child.kill('SIGTERM');
		});
}

/** Runs a configuration check and throws with its output when it fails. */
function check(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): void {
	const result = spawnSync(command, args, { encoding: 'utf8', env });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
	}
}

/** Apache with the snippet included in a VirtualHost that answers 200 to every other request. */
export async function startApache(dir: string, snippet: string): Promise<Running> {
	const port = await freePort();
	const www = join(dir, 'www');
	mkdirSync(www, { recursive: true });
	writeFileSync(join(www, 'index.html'), 'ok');
	writeFileSync(join(dir, 'robots-apache.conf'), snippet);
	const modules = '/usr/lib/apache2/modules';
	writeFileSync(
		join(dir, 'httpd.conf'),
		[
			`ServerRoot ${dir}`,
			`DefaultRuntimeDir ${dir}`,
			`PidFile ${dir}/httpd.pid`,
			`ErrorLog ${dir}/error.log`,
			'LogLevel warn',
			// Apache refuses to serve as root; as another user it cannot switch users and keeps its own.
			...(process.getuid?.() === 0 ? ['User nobody', 'Group nogroup'] : []),
			`Listen 127.0.0.1:${port}`,
			'ServerName 127.0.0.1',
			`LoadModule mpm_event_module ${modules}/mod_mpm_event.so`,
			`LoadModule authz_core_module ${modules}/mod_authz_core.so`,
			`LoadModule rewrite_module ${modules}/mod_rewrite.so`,
			`LoadModule alias_module ${modules}/mod_alias.so`,
			`<VirtualHost 127.0.0.1:${port}>`,
			`DocumentRoot ${www}`,
			// By default Apache answers 404 to a path with an encoded slash before any rule runs; the rules must see it.
			'AllowEncodedSlashes NoDecode',
			`<Directory ${www}>`,
			'Require all granted',
			'</Directory>',
			`Include ${dir}/robots-apache.conf`,
			`AliasMatch ^ ${www}/index.html`,
			'</VirtualHost>',
			'',
		].join('\n'),
	);
	const args = ['-d', dir, '-f', join(dir, 'httpd.conf')];
	check(apacheBinary, [...args, '-t']);
	const child = spawn(apacheBinary, [...args, '-DFOREGROUND'], { stdio: 'ignore' });
	await listening(port, child, () => readLog(join(dir, 'error.log')));
	return { port, stop: stopper(child) };
}

/** HAProxy with the snippet in a frontend whose backend is a server of the test that answers 200. */
export async function startHaproxy(dir: string, snippet: string): Promise<Running> {
	const backend = await startBackend();
	const backendPort = backend.port;
	const port = await freePort();
	const config = join(dir, 'haproxy.cfg');
	writeFileSync(
		config,
		[
			'global',
			`\tpidfile ${dir}/haproxy.pid`,
			'defaults',
			'\tmode http',
			'\ttimeout connect 5s',
			'\ttimeout client 30s',
			'\ttimeout server 30s',
			'frontend site',
			`\tbind 127.0.0.1:${port}`,
			...snippet.split('\n').map((line) => `\t${line}`),
			'\tdefault_backend origin',
			'backend origin',
			`\tserver origin 127.0.0.1:${backendPort}`,
			'',
		].join('\n'),
	);
	check(haproxyBinary, ['-c', '-f', config]);
	let log = '';
	const child = spawn(haproxyBinary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout?.on('data', (chunk) => (log += chunk));
	child.stderr?.on('data', (chunk) => (log += chunk));
	await listening(port, child, () => log);
	const stop = stopper(child);
	return {
		port,
		stop: async () => {
			await stop();
			await backend.stop();
		},
	};
}

/** Caddy with the snippet imported into a site that answers 200 to every other request; its admin endpoint is off. */
export async function startCaddy(dir: string, snippet: string): Promise<Running> {
	const port = await freePort();
	writeFileSync(join(dir, 'robots-caddy.conf'), snippet);
	const config = join(dir, 'Caddyfile');
	writeFileSync(
		config,
		['{', '\tadmin off', '\tauto_https off', '}', `http://127.0.0.1:${port} {`, `\timport ${dir}/robots-caddy.conf`, '\trespond "ok" 200', '}', ''].join('\n'),
	);
	const env = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
	check(caddyBinary, ['validate', '--config', config, '--adapter', 'caddyfile'], env);
	let log = '';
	const child = spawn(caddyBinary, ['run', '--config', config, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout?.on('data', (chunk) => (log += chunk));
	child.stderr?.on('data', (chunk) => (log += chunk));
	await listening(port, child, () => log);
	return { port, stop: stopper(child) };
}

function readLog(path: string): string {
	return existsSync(path) ? readFileSync(path, 'utf8') : '(no log)';
}

interface UserAgents {
	readonly crawlers: readonly { readonly token: string; readonly ua: string }[];
	readonly browsers: readonly { readonly ua: string }[];
	readonly clients: readonly { readonly ua: string }[];
}

/** The User-Agent headers their owners document (test/fixtures/logs/user-agents.json). */
export const userAgents = JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', 'logs', 'user-agents.json'), 'utf8')) as UserAgents;

/**
 * Robots.txt files that exercise what a crawler reads: its own group and `*`, fallback tokens (Googlebot-Image reads
 * Googlebot's group), the longest match with allow on ties, `$` and `*`, percent escapes, a Yandex file, and a file
 * that disallows /robots.txt itself. Test inputs; the expected answers are `evaluateAs`'s.
 */
export const doorFixtures: Readonly<Record<string, string>> = {
	'own group and *': [
		'User-agent: Googlebot',
		'Disallow: /private/',
		'Allow: /private/public$',
		'',
		'User-agent: *',
		'Disallow: /search',
		'Disallow: /*.pdf$',
		'Allow: /search/about',
		'',
		'User-agent: GPTBot',
		'Disallow: /',
		'',
	].join('\n'),
	'fallback tokens': ['User-agent: Googlebot', 'Disallow: /photos/', 'Disallow: /*?sort=', '', 'User-agent: bingbot', 'Allow: /', 'Disallow: /tmp', ''].join(
		'\n',
	),
	'longest match and ties': [
		'User-agent: *',
		'Disallow: /a',
		'Allow: /a',
		'Disallow: /page',
		'Allow: /page*',
		'Disallow: /folder/',
		'Allow: /folder/sub/',
		'Disallow: /*?session=',
		'Disallow: /robots.txt',
		'',
	].join('\n'),
	'end anchors, wildcards and escapes': [
		'User-agent: *',
		'Disallow: /*/print$',
		'Disallow: /fish*.php',
		'Disallow: /caf%C3%A9',
		'Disallow: /a%2fb',
		'Disallow: /q?x=1&y="2"',
		'Allow: /fish/ok.php$',
		'',
	].join('\n'),
	yandex: [
		'User-agent: Yandex',
		'Disallow: /catalog',
		'Allow: /catalog/auto',
		'Clean-param: ref /some',
		'',
		'User-agent: YandexImages',
		'Disallow: /',
		'',
		'User-agent: *',
		'Disallow: /admin',
		'',
	].join('\n'),
};

/** Files of the corpus (../shared/corpus/realworld/files) the servers are tried on: many groups, `*` and `$`, Yandex. */
export const corpusFiles = ['0053.txt', '0383.txt', '0027.txt'];

export function corpusText(name: string): string {
	return readFileSync(join(corpusDir, name), 'utf8');
}

/** The crawlers every file is asked about, besides those it names. */
const askedTokens = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'YandexBot', 'YandexImages', 'ClaudeBot', 'CCBot'];

/** One request and the status the server must answer. */
export interface DoorRequest {
	readonly target: string;
	readonly userAgent: string | undefined;
	/** The crawler the header names, for messages; undefined for browsers and other clients. */
	readonly token: string | undefined;
	readonly status: 403 | 200;
}

/**
 * The requests to send for a robots.txt: every probe URL of the file (and /robots.txt) as each asked crawler, as each
 * browser and client, and without a User-Agent. A crawler gets 403 where `evaluateAs` disallows; everyone else 200.
 */
export function doorRequests(text: string): DoorRequest[] {
	const model = parse(text);
	const targets = [...new Set([...probeUrls(model, model), '/robots.txt', '/robots.txt?x=1', '/index.html'].map(requestTarget))];
	const tokens = new Set([...askedTokens, ...crawlersNamedIn([model])]);
	const requests: DoorRequest[] = [];
	for (const target of targets) {
		for (const crawler of userAgents.crawlers) {
			if (tokens.has(crawler.token)) {
				// What the file asks of the crawler: a crawler that ignores robots.txt is refused what the file disallows for it.
				requests.push({ target, userAgent: crawler.ua, token: crawler.token, status: doorStatus(model, crawler.token, target) });
			}
		}
		for (const other of [...userAgents.browsers, ...userAgents.clients, { ua: undefined }]) {
			requests.push({ target, userAgent: other.ua, token: undefined, status: 200 });
		}
	}
	return requests;
}

/**
 * The status a crawler must get: 403 where the file disallows the target for it, as `evaluateAs` reads the file (a
 * crawler that ignores robots.txt is refused what the file disallows for it), except /robots.txt itself, which is
 * never refused (issue 27).
 */
export function doorStatus(model: RobotsModel, token: string, target: string): 403 | 200 {
	const exempt = /^\/robots\.txt(?:\?|$)/.test(target);
	// A full URL: `evaluateAs` would read a target such as `//print` as a host.
	return !exempt && evaluateAs(model, token, `http://example.com${target}`).fileVerdict === 'disallow' ? 403 : 200;
}

/** A probe URL as a request target can carry it: octets outside the URI's characters percent-encoded. */
export function requestTarget(url: string): string {
	return url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu, (ch) => encodeURIComponent(ch));
}

/** The requests whose status differs from the expected one, as lines for an assertion message. */
export async function wrongAnswers(port: number, requests: readonly DoorRequest[]): Promise<string[]> {
	const wrong: string[] = [];
	for (const request of requests) {
		const status = await statusOf(port, request.target, request.userAgent);
		if (status !== request.status) {
			wrong.push(`${request.target} as ${request.token ?? request.userAgent ?? '(no User-Agent)'}: ${status}, expected ${request.status}`);
		}
	}
	return wrong;
}

/**
 * A plan written by hand to try each configuration's quoting and order: patterns with a double quote, a space, `#`,
 * braces, a single quote and a backslash; an agent listed before a wider one; rules whose first match is not the
 * longest. A test input: the expected answers are what the plan says (`planStatus`), first match deciding.
 */
export const handPlan: DoorPlan = {
	agents: [
		{ token: 'Googlebot-News', pattern: 'googlebot-news', reading: 3 },
		{ token: 'Googlebot-Image', pattern: 'googlebot-image', reading: 1 },
		{ token: 'Googlebot', pattern: 'googlebot', reading: 0 },
		{ token: 'Odd "bot"', pattern: 'odd "bot"|x#y', reading: 2 },
		{ token: 'Brace', pattern: '\\{brace\\} b\\\\s', reading: 2 },
		{ token: 'Quote', pattern: "it's-bot", reading: 0 },
	],
	readings: [
		{
			crawlers: ['Googlebot', 'Quote'],
			rules: [
				{ allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' },
				{ allow: true, line: 3, pattern: '/private/public$', regex: '^/private/public$' },
				{ allow: false, line: 2, pattern: '/private/', regex: '^/private/' },
				{ allow: false, line: 4, pattern: "/it's", regex: "^/it's" },
				{ allow: false, line: 5, pattern: '/q?x=1&y=%222%22', regex: '^/q\\?x=1&y=%222%22' },
				{ allow: true, line: 6, pattern: '/tmp/keep', regex: '^/tmp/keep' },
				{ allow: false, line: 7, pattern: '/tmp', regex: '^/tmp' },
			],
		},
		{
			crawlers: ['Googlebot-Image'],
			rules: [
				{ allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' },
				{ allow: false, line: 9, pattern: '/', regex: '^/' },
			],
		},
		{
			crawlers: ['Odd "bot"', 'Brace'],
			rules: [
				{ allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' },
				{ allow: false, line: 12, pattern: '/*.pdf$', regex: '^/.*\\.pdf$' },
				{ allow: false, line: 13, pattern: '/sp ace', regex: '^/sp%20ace' },
			],
		},
		{ crawlers: ['Googlebot-News'], rules: [{ allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' }] },
	],
};

/** What a plan answers: the first agent whose pattern matches (case-insensitively) names the reading, whose first matching rule decides. */
export function planStatus(plan: DoorPlan, userAgent: string | undefined, target: string): 403 | 200 {
	const agent = userAgent === undefined ? undefined : plan.agents.find((entry) => new RegExp(entry.pattern, 'i').test(userAgent));
	const rule = agent === undefined ? undefined : plan.readings[agent.reading].rules.find((entry) => new RegExp(entry.regex).test(target));
	return rule === undefined || rule.allow ? 200 : 403;
}

/** The requests for the hand-written plan, with the plan's answers. */
export function handRequests(): DoorRequest[] {
	const targets = [
		'/',
		'/robots.txt',
		'/robots.txt?x',
		'/robots.txtx',
		'/private/',
		'/private/public',
		'/private/publicx',
		"/it's",
		'/its',
		'/q?x=1&y=%222%22',
		'/q?x=1',
		'/tmp',
		'/tmp/keep/a',
		'/tmpx',
		'/a.pdf',
		'/a.pdfx',
		'/A.PDF',
		'/sp%20ace',
		'/sp ace'.replace(' ', '+'),
	];
	const agents = [
		'Googlebot/2.1',
		'Googlebot-Image/1.0',
		'Googlebot-News',
		'GOOGLEBOT',
		'Odd "Bot"/1.0',
		'an x#y agent',
		'Brace {brace} b\\s',
		'Brace {brace} bs',
		"it's-bot",
		'Mozilla/5.0 (X11; Linux x86_64)',
		undefined,
	];
	return targets.flatMap((target) => agents.map((userAgent) => ({ target, userAgent, token: userAgent, status: planStatus(handPlan, userAgent, target) })));
}

/** A server format of `robots-txt export` and how to run its server on a snippet. */
export interface ExportServer {
	readonly title: string;
	readonly binary: string;
	readonly pkg: string;
	readonly format: string;
	/** The file `--out DIR` writes. */
	readonly file: string;
	render(plan: DoorPlan, header: readonly string[]): readonly { readonly name: string; readonly text: string }[];
	start(dir: string, snippet: string): Promise<Running>;
}

/**
 * The suite every server runs: a hand-written plan, the fixture files and corpus files through the core's plan, and the
 * CLI's `--out` file, each request answered as the plan and `evaluateAs` say. Skipped when the server is absent.
 */
export function describeExportServer(server: ExportServer): void {
	describe(`export to ${server.title}, against ${server.pkg}`, { skip: missing(server.binary, server.pkg) }, () => {
		let dir: string;
		const running: Running[] = [];

		before(() => {
			dir = workFolder(`robots-export-${server.format}-`);
		});

		after(async () => {
			await Promise.all(running.map((each) => each.stop()));
		});

		async function answers(name: string, snippet: string, requests: readonly DoorRequest[]): Promise<string[]> {
			mkdirSync(join(dir, name));
			const started = await server.start(join(dir, name), snippet);
			running.push(started);
			return wrongAnswers(started.port, requests);
		}

		const rendered = (name: string, plan: DoorPlan) => server.render(plan, [`Generated from ${name} for this test.`])[0].text;

		test('a hand-written plan: quotes, spaces, #, braces and backslashes in patterns; the first agent and the first rule decide', async () => {
			assert.deepEqual(await answers('hand', rendered('hand', handPlan), handRequests()), []);
		});

		for (const [name, text] of Object.entries(doorFixtures)) {
			test(`${name}: each crawler refused (403) exactly where evaluateAs disallows; browsers, other clients and /robots.txt pass`, async () => {
				const folder = name.replace(/\W+/g, '-');
				assert.deepEqual(await answers(folder, rendered(name, doorPlan(parse(text))), doorRequests(text)), []);
			});
		}

		test(`corpus files ${corpusFiles.join(', ')}: each crawler refused exactly where evaluateAs disallows`, async () => {
			for (const file of corpusFiles) {
				const text = corpusText(file);
				assert.deepEqual(await answers(file, rendered(file, doorPlan(parse(text))), doorRequests(text)), [], file);
			}
		});

		test(`robots-txt export --format ${server.format} --out DIR writes ${server.file}, which the server enforces`, async () => {
			const source = doorFixtures['own group and *'];
			writeFileSync(join(dir, 'robots.txt'), source);
			const result = runCli(['export', join(dir, 'robots.txt'), '--format', server.format, '--out', join(dir, 'out')]);
			assert.equal(result.status, 0, result.stderr);
			const text = readFileSync(join(dir, 'out', server.file), 'utf8');
			assert.match(text, /robots-txt logs --verify/);
			assert.deepEqual(await answers('cli', text, doorRequests(source)), []);
		});
	});
}
