/**
 * The fetcher against real servers on 127.0.0.1 (test/util/robotsServer.ts): every bad response the issue lists gets
 * an outcome, never a hang or an exception, and the core turns it into a plain sentence of what a crawler does. DNS is
 * answered by an injected resolver and TLS by a self-signed server made at test time: nothing leaves the machine.
 */

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyseDeployed, concludeFetch, defaultFetchLimits, describeConclusion, type FetchOutcome } from '../../core/src/index';
import { fetchWithLimits, type HttpFetchOptions } from '../../io/src/httpFetch';
import { rules, startRobotsServers, testLookup, type RobotsServers } from '../util/robotsServer';

let servers: RobotsServers;
const options: HttpFetchOptions = { ...defaultFetchLimits, userAgent: 'robots-txt/test (tests)', lookup: testLookup };

before(async () => {
	servers = await startRobotsServers();
});
after(async () => {
	await servers.close();
});

function fetchCase(origin: string, extra: Partial<HttpFetchOptions> = {}): Promise<FetchOutcome> {
	return fetchWithLimits(`${origin}/robots.txt`, { ...options, ...extra });
}

function bodyText(outcome: FetchOutcome): string {
	return new TextDecoder().decode(outcome.responses[outcome.responses.length - 1]?.body);
}

/** What Googlebot, bingbot and YandexBot conclude, as kinds, and Googlebot's sentence. */
function conclusions(outcome: FetchOutcome): { kinds: Record<string, string>; google: string } {
	const kinds: Record<string, string> = {};
	for (const token of ['Googlebot', 'bingbot', 'YandexBot']) {
		kinds[token] = concludeFetch(outcome, token).kind;
	}
	return { kinds, google: describeConclusion(concludeFetch(outcome, 'Googlebot')) };
}

describe('fetching robots.txt from real servers', () => {
	test('a good file: one GET with a User-Agent naming the tool, compressions offered, the body and its headers', async () => {
		const outcome = await fetchCase(servers.sites.ok);
		assert.equal(outcome.error, undefined);
		assert.equal(outcome.responses.length, 1);
		assert.equal(outcome.responses[0].status, 200);
		assert.equal(bodyText(outcome), rules);
		const requests = servers.seen.filter((seen) => seen.site === 'ok');
		assert.equal(requests.length, 1);
		assert.equal(requests[0].headers['user-agent'], 'robots-txt/test (tests)');
		assert.equal(requests[0].headers['accept-encoding'], 'gzip, deflate, br');
		assert.equal(concludeFetch(outcome, 'Googlebot').cache?.seconds, 3600);
	});

	test('a soft 404 (an HTML page with 200): Google parses it and finds no rules, Yandex reads no TXT file', async () => {
		const outcome = await fetchCase(servers.sites['soft-404']);
		const analysis = analyseDeployed(outcome, ['Googlebot', 'YandexBot']);
		assert.ok(
			analysis.facts.notes.some((note) => /soft 404/.test(note)),
			analysis.facts.notes.join('\n'),
		);
		assert.deepEqual(conclusions(outcome).kinds, { Googlebot: 'rules', bingbot: 'rules', YandexBot: 'allow-all' });
		assert.match(describeConclusion(concludeFetch(outcome, 'YandexBot')), /served as text\/html, not text\/plain, so it allows every URL/);
	});

	test('a binary body: noted, parsed by Google (no valid line), not read by Yandex', async () => {
		const outcome = await fetchCase(servers.sites.binary);
		assert.equal(analyseDeployed(outcome, []).facts.body, 'binary');
		assert.deepEqual(conclusions(outcome).kinds, { Googlebot: 'rules', bingbot: 'rules', YandexBot: 'allow-all' });
	});

	test('gzip and brotli are undone as they stream; a body that is not what its coding says is kept as received', async () => {
		for (const site of [servers.sites.gzip, servers.sites.brotli]) {
			const outcome = await fetchCase(site);
			assert.equal(bodyText(outcome), rules);
			assert.ok(outcome.responses[0].decoded?.length === 1);
			assert.ok((outcome.responses[0].wireBytes ?? 0) > 0);
			assert.equal(conclusions(outcome).kinds.Googlebot, 'rules');
		}
		const broken = await fetchCase(servers.sites['bad-gzip']);
		assert.equal(broken.responses[0].undecodable, 'gzip');
		assert.equal(bodyText(broken), rules);
		assert.equal(concludeFetch(broken, 'Googlebot').kind, 'retry-later', 'an invalid response is a server error for Google');
		assert.match(describeConclusion(concludeFetch(broken, 'Googlebot')), /content coding "gzip", which nothing here could undo/);
	});

	test('a charset that is not UTF-8: Google reads UTF-8 anyway, LWP decodes windows-1251', async () => {
		const outcome = await fetchCase(servers.sites['windows-1251']);
		const google = concludeFetch(outcome, 'Googlebot');
		assert.equal(google.decoding?.invalidBytes, 6);
		assert.equal(concludeFetch(outcome, 'libwww-perl').model?.lineText(1), 'Disallow: /Привет');
		assert.ok(analyseDeployed(outcome, []).facts.notes.some((note) => note.includes('windows-1251')));
	});

	test('a body over 500 KiB: Google stops at 500 KiB, Yandex allows everything', async () => {
		const outcome = await fetchCase(servers.sites.big);
		assert.equal(outcome.responses[0].truncated, undefined, 'the file fits in 500 KiB and the margin');
		const google = concludeFetch(outcome, 'Googlebot');
		assert.equal(google.stopsAt, 500 * 1024);
		assert.match(describeConclusion(google), /stops reading at byte 512,000/);
		assert.equal(concludeFetch(outcome, 'YandexBot').kind, 'allow-all');
	});

	test('five megabytes: the reader stops at its limit and says the file goes on', async () => {
		const started = Date.now();
		const outcome = await fetchCase(servers.sites.huge);
		assert.equal(outcome.responses[0].truncated, true);
		assert.equal(outcome.responses[0].body?.length, defaultFetchLimits.maxBytes);
		assert.ok(Date.now() - started < 5000);
		assert.equal(concludeFetch(outcome, 'libwww-perl').incomplete, true, 'LWP reads on past what was downloaded');
	});

	test('a redirect is followed and recorded; a loop is stopped at once; a long chain at five', async () => {
		const moved = await fetchCase(servers.sites.redirect);
		assert.deepEqual(
			moved.responses.map((response) => response.status),
			[301, 200],
		);
		assert.equal(concludeFetch(moved, 'Googlebot').redirects.length, 1);

		const loop = await fetchCase(servers.sites.loop);
		assert.equal(loop.error?.kind, 'redirect-loop');
		assert.equal(loop.responses.length, 2);
		assert.match(describeConclusion(concludeFetch(loop, 'Googlebot')), /loop back to .*so it allows every URL/);

		const chain = await fetchCase(servers.sites.chain);
		assert.deepEqual(chain.error, { kind: 'redirect-limit', limit: 5 });
		assert.equal(chain.responses.length, 6, 'the first request and five redirects');
		assert.equal(concludeFetch(chain, 'libwww-perl').kind, 'unknown', 'LWP would follow two more');
	});

	test('a redirect to another host is followed, and the note says the rules apply to the first host', async () => {
		const outcome = await fetchCase(servers.sites['other-host']);
		assert.equal(outcome.responses.length, 2);
		assert.match(outcome.responses[1].url, /^http:\/\/www\.other\.test:\d+\/moved\.txt$/);
		const facts = analyseDeployed(outcome, []).facts;
		assert.equal(facts.otherHost, 'www.other.test');
		assert.ok(
			facts.notes.some((note) => note.includes('apply the rules found there to 127.0.0.1')),
			facts.notes.join('\n'),
		);
	});

	test('a slow trickle ends at the deadline for the whole fetch, although bytes keep coming', async () => {
		const started = Date.now();
		const outcome = await fetchCase(servers.sites.slow, { timeoutMs: 800, idleTimeoutMs: 5000 });
		assert.equal(outcome.error?.kind, 'network');
		assert.equal(outcome.error?.kind === 'network' && outcome.error.code, 'timeout');
		assert.ok(Date.now() - started < 3000, `${Date.now() - started} ms`);
		assert.equal(concludeFetch(outcome, 'Googlebot').kind, 'retry-later');
		assert.equal(concludeFetch(outcome, 'bingbot').kind, 'disallow-all');
	});

	test('a connection reset, in the body or at once, is a network error', async () => {
		const inBody = await fetchCase(servers.sites['reset-in-body']);
		assert.deepEqual(
			inBody.error && {
				kind: inBody.error.kind,
				code: inBody.error.kind === 'network' && inBody.error.code,
				after: inBody.error.kind === 'network' && inBody.error.afterHeaders,
			},
			{ kind: 'network', code: 'reset', after: true },
		);
		assert.match(
			describeConclusion(concludeFetch(inBody, 'Googlebot')),
			/reset before the answer was complete \(after the status 200\), so it fetches nothing/,
		);
		const atOnce = await fetchCase(servers.sites['reset-at-once']);
		assert.equal(atOnce.error?.kind === 'network' && atOnce.error.code, 'reset');
	});

	test('DNS failure (an injected resolver), a refused connection, and bytes that are not HTTP', async () => {
		const dns = await fetchWithLimits('http://nowhere.test/robots.txt', options);
		assert.equal(dns.error?.kind === 'network' && dns.error.code, 'dns');
		assert.match(describeConclusion(concludeFetch(dns, 'Googlebot')), /does not resolve \(DNS failure\), so it fetches nothing/);
		const refused = await fetchWithLimits(`http://127.0.0.1:${servers.closedPort}/robots.txt`, options);
		assert.equal(refused.error?.kind === 'network' && refused.error.code, 'refused');
		const garbage = await fetchCase(servers.garbage);
		assert.equal(garbage.error?.kind === 'network' && garbage.error.code, 'protocol');
	});

	test('TLS: a self-signed certificate fails the handshake, and is accepted when trusted', async (context) => {
		if (!servers.tls) {
			context.skip('openssl is not available to make a certificate');
			return;
		}
		const untrusted = await fetchCase(servers.tls.site);
		assert.equal(untrusted.error?.kind === 'network' && untrusted.error.code, 'tls', JSON.stringify(untrusted.error));
		assert.match(describeConclusion(concludeFetch(untrusted, 'Googlebot')), /TLS handshake failed, so it fetches nothing/);
		const trusted = await fetchCase(servers.tls.site, { ca: servers.tls.certificate });
		assert.equal(trusted.responses[0]?.status, 200);
	});

	test('through a proxy: absolute-form for http, a CONNECT tunnel for https', async () => {
		const proxy = new URL(servers.proxy);
		const outcome = await fetchCase(servers.sites.ok, { proxyFor: () => proxy });
		assert.equal(bodyText(outcome), rules);
		assert.ok(servers.proxied.includes(`GET ${servers.sites.ok}/robots.txt`), servers.proxied.join('\n'));
		if (servers.tls) {
			const secure = await fetchCase(servers.tls.site, { proxyFor: () => proxy, ca: servers.tls.certificate });
			assert.equal(secure.responses[0]?.status, 200, JSON.stringify(secure.error));
			assert.ok(servers.proxied.includes(`CONNECT ${new URL(servers.tls.site).host}`), servers.proxied.join('\n'));
		}
	});

	test('status codes: 404, 403, 429 and 503 as each crawler reads them', async () => {
		assert.deepEqual(conclusions(await fetchCase(servers.sites['not-found'])).kinds, { Googlebot: 'allow-all', bingbot: 'allow-all', YandexBot: 'allow-all' });
		assert.deepEqual(conclusions(await fetchCase(servers.sites.forbidden)).kinds, { Googlebot: 'allow-all', bingbot: 'allow-all', YandexBot: 'allow-all' });
		assert.deepEqual(conclusions(await fetchCase(servers.sites['too-many'])).kinds, { Googlebot: 'retry-later', bingbot: 'allow-all', YandexBot: 'allow-all' });
		assert.deepEqual(conclusions(await fetchCase(servers.sites['server-error'])).kinds, {
			Googlebot: 'retry-later',
			bingbot: 'disallow-all',
			YandexBot: 'allow-all',
		});
	});
});
