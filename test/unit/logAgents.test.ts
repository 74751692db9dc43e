/**
 * A User-Agent header attributed to the catalogue crawler it names (core/src/logs/agents.ts): the owners' documented
 * headers (test/fixtures/logs/user-agents.json, each with its source) name their tokens; browsers and HTTP libraries
 * name none; a token inside another word or inside a cited URL does not count.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { AgentAttributor, attributeUserAgent, knownCrawlers, type AgentAttribution } from '../../core/src/index';
import { readFixture } from '../util/fixtures';
import { liveHeapMb } from '../util/heap';
import { superlinear } from '../util/linear';

interface UserAgents {
	readonly crawlers: readonly { readonly token: string; readonly ua: string; readonly source: string }[];
	/** The catalogue crawlers with no header in `crawlers`, each with the reason. */
	readonly undocumented: readonly { readonly token: string; readonly why: string }[];
	readonly browsers: readonly { readonly ua: string; readonly source: string }[];
	readonly clients: readonly { readonly kind: AgentAttribution['kind']; readonly ua: string; readonly source: string }[];
	readonly insideWords: readonly { readonly kind: AgentAttribution['kind']; readonly ua: string }[];
}

const userAgents = JSON.parse(readFixture('logs', 'user-agents.json')) as UserAgents;

/** The attribution as one comparable string: the crawler's token, or the kind. */
function named(header: string): string {
	const attribution = attributeUserAgent(header);
	return attribution.kind === 'crawler' ? attribution.crawler.token : attribution.kind;
}

test('every header an owner documents names its catalogue token, the most specific where one token contains another', () => {
	const wrong = userAgents.crawlers.filter(({ token, ua }) => named(ua) !== token).map(({ token, ua }) => `${token}: ${ua} → ${named(ua)}`);
	assert.deepEqual(wrong, []);
	assert.ok(new Set(userAgents.crawlers.map(({ token }) => token)).size >= 80);
});

test('every catalogue crawler has a documented header, or is listed as undocumented with the reason', () => {
	const documented = new Set(userAgents.crawlers.map(({ token }) => token));
	const undocumented = new Set(userAgents.undocumented.map(({ token }) => token));
	// A crawler new to the catalogue fails here until someone adds its owner's header or says why there is none.
	assert.deepEqual(
		knownCrawlers.map(({ token }) => token).filter((token) => !documented.has(token) && !undocumented.has(token)),
		[],
	);
	// A token listed as undocumented that now has a header, or that the catalogue no longer has, is a stale entry.
	const catalogue = new Set(knownCrawlers.map(({ token }) => token));
	assert.deepEqual(
		userAgents.undocumented.filter(({ token }) => documented.has(token) || !catalogue.has(token)).map(({ token }) => token),
		[],
	);
	assert.equal(undocumented.size, userAgents.undocumented.length);
	assert.deepEqual(
		userAgents.undocumented.filter(({ why }) => !/^[A-Z].{30,}\.$/.test(why)),
		[],
	);
	assert.deepEqual(
		userAgents.crawlers.filter(({ source }) => !/^https?:\/\/\S+$/.test(source)),
		[],
	);
});

test('browsers, HTTP libraries and tokens inside other words name no crawler', () => {
	const expected = [
		...userAgents.browsers.map(({ ua }) => [ua, 'browser']),
		...userAgents.clients.map(({ ua, kind }) => [ua, kind]),
		...userAgents.insideWords.map(({ ua, kind }) => [ua, kind]),
	];
	assert.deepEqual(
		expected.map(([ua]) => [ua, named(ua)]),
		expected,
	);
});

test('each token the catalogue knows names its crawler alone in a header, in any case; a control token never does', () => {
	const wrong: string[] = [];
	for (const crawler of knownCrawlers) {
		for (const header of [`Mozilla/5.0 (compatible; ${crawler.token}/1.0)`, `${crawler.token.toUpperCase()}/2.1 (+https://example.com/)`]) {
			const attribution = attributeUserAgent(header);
			const token = attribution.kind === 'crawler' ? attribution.crawler.token : undefined;
			// Google-Extended, Applebot-Extended: "a token that decides a use of content but fetches nothing itself".
			if (crawler.controlToken ? token === crawler.token : token !== crawler.token) {
				wrong.push(`${header} → ${token ?? attribution.kind}`);
			}
		}
	}
	assert.deepEqual(wrong, []);
	assert.ok(knownCrawlers.some((crawler) => crawler.token === 'Google-Extended' && crawler.controlToken));
});

test('a header that names a crawler and, later, a more specific one names the more specific one', () => {
	assert.equal(named('Mozilla/5.0 (compatible; Googlebot/2.1; Googlebot-Video/1.0)'), 'Googlebot-Video');
	assert.equal(named('msnbot/2.0b msnbot-media/1.1'), 'msnbot-media');
});

test("a crawler whose header carries another name than its robots.txt token is named by that header's name", () => {
	// Kakao's robot obeys Daumoa in robots.txt and sends Daum/4.1 (https://cs.daum.net/faq/15/4118.html); a word that only
	// begins with Daum is not it.
	assert.equal(named('Mozilla/5.0 (compatible; Daum/4.1; +http://cs.daum.net/faq/15/4118.html?faqId=28966)'), 'Daumoa');
	assert.equal(named('Mozilla/5.0 (compatible; Daumoa/4.0)'), 'Daumoa');
	assert.equal(named('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) DaumApps/5.0 Mobile Safari/537.36'), 'browser');
});

test('a token that a header only cites in a URL does not name the crawler', () => {
	assert.equal(named('Mozilla/5.0 (compatible; LinkChecker/1.0; +https://example.com/why-not-gptbot)'), 'unknown-bot');
	assert.equal(named('SiteMonitor/3.2 (+HTTP://example.com/Googlebot)'), 'unknown-bot');
});

test('a family token names the robots whose names begin with it; another token does not', () => {
	// The catalogue's Yandex token stands for every Yandex robot, also one it does not list by name; a header beginning
	// with GPTBot's letters is not GPTBot.
	assert.equal(named('Mozilla/5.0 (compatible; YandexSomethingNew/1.0; +http://yandex.com/bots)'), 'Yandex');
	assert.equal(named('Mozilla/5.0 (compatible; GPTBotanist/1.0)'), 'unknown-bot');
});

/** Browser headers from their documented parts: platform, engine, product and version. */
const browserHeader = fc
	.record({
		platform: fc.constantFrom(
			'Windows NT 10.0; Win64; x64',
			'Macintosh; Intel Mac OS X 10_15_7',
			'X11; Linux x86_64',
			'Linux; Android 10; K',
			'iPhone; CPU iPhone OS 18_1 like Mac OS X',
			'iPad; CPU OS 17_6 like Mac OS X',
		),
		major: fc.integer({ min: 60, max: 200 }),
		minor: fc.integer({ min: 0, max: 9999 }),
		kind: fc.constantFrom('chrome', 'edge', 'opera', 'firefox', 'safari', 'samsung'),
	})
	.map(({ platform, major, minor, kind }) => {
		const webkit = `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko)`;
		switch (kind) {
			case 'chrome':
				return `${webkit} Chrome/${major}.0.0.0 Safari/537.36`;
			case 'edge':
				return `${webkit} Chrome/${major}.0.0.0 Safari/537.36 Edg/${major}.0.${minor}.0`;
			case 'opera':
				return `${webkit} Chrome/${major}.0.0.0 Safari/537.36 OPR/${major - 15}.0.0.0`;
			case 'samsung':
				return `${webkit} SamsungBrowser/${major % 30}.0 Chrome/${major}.0.0.0 Mobile Safari/537.36`;
			case 'firefox':
				return `Mozilla/5.0 (${platform}; rv:${major}.0) Gecko/20100101 Firefox/${major}.0`;
			default:
				return `Mozilla/5.0 (${platform}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${major % 20}.${minor % 10} Safari/605.1.15`;
		}
	});

test('no browser header of a random mix is attributed to a crawler', () => {
	fc.assert(
		fc.property(browserHeader, (header) => {
			assert.equal(named(header), 'browser', header);
		}),
		{ numRuns: 500 },
	);
});

test('a 100 000-character header of near-tokens costs time linear in its length', () => {
	const header = (length: number) => () =>
		'Mozilla/5.0 ('.concat('Mediapartners-Googl;Sogou web spide;Screaming Frog SEO Spide;AdsBot-Googl '.repeat(length / 73));
	assert.equal(superlinear('attributeUserAgent', header(25_000), header(100_000), attributeUserAgent), undefined);
	assert.ok(header(100_000)().length >= 99_000);
});

test('an AgentAttributor answers as the owners document, a request without a header is other, and it stays right past its memo', () => {
	const attributor = new AgentAttributor();
	const token = (header: string | null) => {
		const attribution = attributor.attribute(header);
		return attribution.kind === 'crawler' ? attribution.crawler.token : attribution.kind;
	};
	const expected = [...userAgents.crawlers.map(({ ua, token }) => [ua, token]), ...userAgents.browsers.map(({ ua }) => [ua, 'browser'])];
	// Twice through, with 10 000 distinct unknown headers between: more than the memo holds.
	for (let round = 0; round < 2; round++) {
		assert.deepEqual(
			expected.map(([ua]) => [ua, token(ua)]),
			expected,
		);
		for (let i = 0; i < 10_000; i++) {
			assert.equal(token(`Mozilla/5.0 (compatible; SomeCrawler${i}/1.0)`), 'unknown-bot');
		}
	}
	assert.equal(token(null), 'other');
});

test('an AgentAttributor answers as attributeUserAgent for headers of one length that differ in one character, alternating', () => {
	// Its recent headers are found by their length and four characters: most of these land in one another's slot.
	const attributor = new AgentAttributor();
	const headers = ['', 'G', 'Go'];
	for (const { ua } of userAgents.crawlers.slice(0, 12)) {
		for (let at = 0; at < ua.length; at++) {
			headers.push(ua, `${ua.slice(0, at)}${ua[at] === '_' ? '-' : '_'}${ua.slice(at + 1)}`);
		}
	}
	const wrong = headers.filter(
		(header) => attributor.attribute(header) !== attributeUserAgent(header) && named(header) !== kindOf(attributor.attribute(header)),
	);
	assert.deepEqual(wrong, []);
});

/** An attribution as `named` gives it. */
function kindOf(attribution: AgentAttribution): string {
	return attribution.kind === 'crawler' ? attribution.crawler.token : attribution.kind;
}

test("an AgentAttributor's memo holds its headers, not the chunks of the file they were read from", () => {
	// A line read from a file is a slice of a 64 KiB chunk, and V8 keeps the whole chunk for a slice; 1 000 headers so
	// remembered held 1 000 chunks (65 MB), where copies hold about 150 bytes each.
	const attributor = new AgentAttributor();
	const before = liveHeapMb();
	for (let i = 0; i < 1_000; i++) {
		const chunk = `${i} Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\n${'x'.repeat(65_536)}`;
		attributor.attribute(chunk.slice(0, chunk.indexOf('\n')));
	}
	const held = liveHeapMb() - before;
	assert.ok(held < 16, `${held.toFixed(1)} MB held after 1 000 headers`);
});
