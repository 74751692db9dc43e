/**
 * The crawler catalogue's own invariants (distinct tokens, known fallback tokens, every fact either sourced or marked
 * assumed, every source a title with a URL) and the facts the verdict engine leans on most, pinned as data: each row
 * says what its source states and which page states it, or that no source read for the catalogue states it.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	crawlerCategories,
	crawlerFactNames,
	knownCrawlers,
	findCrawler,
	type CrawlerCategory,
	type CrawlerFact,
	type CrawlerFacts,
	type CrawlerHonours,
} from '../../core/src/facts/crawlers';

/** A fact the engine relies on, what its source says, and where; `url: null` means no source read states it. */
interface PinnedFact {
	readonly token: string;
	readonly fact: CrawlerFact;
	/** For `honours`: the one directive the row is about. */
	readonly directive?: keyof CrawlerHonours;
	readonly value: unknown;
	readonly url: string | null;
	/** The sentence of the source (or why there is none). */
	readonly why: string;
}

const googleSpecial = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers';
const googleUserFetchers = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
const googleFeedfetcher = 'https://developers.google.com/crawling/docs/crawlers-fetchers/feedfetcher';
const googleLibrary = 'https://github.com/google/robotstxt';
const googleCommon = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const yandexUserAgent = 'https://yandex.com/support/webmaster/en/robot-workings/user-agent';
const yandexCrawlDelay = 'https://yandex.com/support/webmaster/en/robot-workings/crawl-delay';
const yandexAllowDisallow = 'https://yandex.com/support/webmaster/en/robot-workings/allow-disallow';
const yandexLibrary = 'https://github.com/ydb-platform/ydb/blob/main/library/cpp/robots_txt/robotstxtcfg/user_agents.h';
const commonCrawl = 'http://www.commoncrawl.org/bot.html';
const python = 'https://github.com/python/cpython/blob/b494c21bdd5371962bc29d7e0a81d6fb4338cdb0/Lib/urllib/robotparser.py';
const perl = 'https://github.com/libwww-perl/WWW-RobotRules/blob/master/lib/WWW/RobotRules.pm';
const googleRobotsSpec = 'https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec';
const yandexRobotsHelp = 'https://yandex.com/support/webmaster/controlling-robot/robots-txt.html';
const openAiBots = 'https://developers.openai.com/api/docs/bots';
const metaCrawlers = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const amazonKendra = 'https://docs.aws.amazon.com/kendra/latest/dg/stop-web-crawler.html';
const aiRobotsTxt = 'https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json';

const pinned: readonly PinnedFact[] = [
	{
		token: 'AdsBot-Google',
		fact: 'ignoresGlobalGroup',
		value: true,
		url: googleSpecial,
		why: 'Google: "AdsBot ignores the global robots.txt user agent (*) with the ad publisher\'s permission."',
	},
	{
		token: 'AdsBot-Google-Mobile',
		fact: 'ignoresGlobalGroup',
		value: true,
		url: googleSpecial,
		why: 'Google, AdsBot Mobile Web: "The global user agent (*) is ignored."',
	},
	{ token: 'APIs-Google', fact: 'ignoresGlobalGroup', value: true, url: googleSpecial, why: 'Google, APIs-Google: "The global user agent (*) is ignored."' },
	{
		token: 'Mediapartners-Google',
		fact: 'ignoresGlobalGroup',
		value: true,
		url: null,
		why: "Its line on Google's special-case page was not among what could be read for the catalogue.",
	},
	{ token: 'Googlebot', fact: 'dialect', value: 'google', url: googleLibrary, why: 'Google: the library is "production code used by Googlebot".' },
	{
		token: 'Googlebot-Image',
		fact: 'fallback',
		value: ['Googlebot'],
		url: googleCommon,
		why: 'Google lists "Googlebot-Image, Googlebot" as its user agent tokens: "you need to match only one crawler token for a rule to apply."',
	},
	{
		token: 'Storebot-Google',
		fact: 'fallback',
		value: [],
		url: null,
		why: "Google's own example sends Storebot-Google to `*`; that page was not among what could be read.",
	},
	{
		token: 'Googlebot',
		fact: 'sizeLimit',
		value: { bytes: 512000, beyond: 'truncate' },
		url: googleRobotsSpec,
		why: 'Google: "Google enforces a robots.txt file size limit of 500 kibibytes (KiB). Content which is after the maximum file size is ignored."',
	},
	{
		token: 'Googlebot',
		fact: 'fetch',
		value: 'google',
		url: googleRobotsSpec,
		why: "Google's robots.txt page has the table of HTTP status codes, the redirect limit, network errors and caching.",
	},
	{ token: 'AdsBot-Google', fact: 'fetch', value: 'google', url: googleRobotsSpec, why: "The same page speaks for Google's crawlers, not only Googlebot." },
	{
		token: 'Google-Extended',
		fact: 'controlToken',
		value: true,
		url: null,
		why: "Google's common-crawler page describes it; that page was not among what could be read.",
	},
	{ token: 'FeedFetcher-Google', fact: 'ignoresRobotsTxt', value: true, url: googleFeedfetcher, why: 'Google: "Feedfetcher ignores robots.txt rules."' },
	{
		token: 'Google-Site-Verification',
		fact: 'ignoresRobotsTxt',
		value: true,
		url: googleUserFetchers,
		why: 'Google: Site Verifier "acts on a user\'s request"; "these fetchers generally ignore robots.txt rules".',
	},
	{
		token: 'YandexBot',
		fact: 'sizeLimit',
		value: { bytes: 512000, beyond: 'allow-all' },
		url: yandexRobotsHelp,
		why: 'Yandex: "The file size doesn\'t exceed 500 KB", else "the site is considered open for indexing"; the library has 500_KB = 500 × 1024.',
	},
	{
		token: 'YandexBot',
		fact: 'fetch',
		value: 'yandex',
		url: yandexRobotsHelp,
		why: 'Yandex: the server must answer "200 OK" and the file must be TXT, else "the site is considered open for indexing".',
	},
	{
		token: 'bingbot',
		fact: 'fetch',
		value: 'rfc9309',
		url: null,
		why: "No Bing page read for the catalogue says how bingbot treats robots.txt responses; RFC 9309's reading is assumed.",
	},
	{
		token: 'Python-urllib',
		fact: 'fetch',
		value: 'python-urllib',
		url: python,
		why: 'CPython: read() sets disallow_all for 401 and 403 and allow_all for other codes ≥ 400.',
	},
	{
		token: 'libwww-perl',
		fact: 'fetch',
		value: 'libwww-perl',
		url: 'https://github.com/libwww-perl/libwww-perl/blob/master/lib/LWP/RobotUA.pm',
		why: 'LWP::RobotUA parses the body only of a successful text response, else empty rules.',
	},
	{
		token: 'YandexBot',
		fact: 'honours',
		directive: 'host',
		value: false,
		url: null,
		why: 'The current help no longer describes Host and the library still parses it; the 2018 notice was not read.',
	},
	{
		token: 'YandexBot',
		fact: 'honours',
		directive: 'crawlDelay',
		value: false,
		url: yandexCrawlDelay,
		why: 'Yandex: "From February 22, 2018, Yandex doesn\'t take into account the Crawl-delay directive."',
	},
	{
		token: 'YandexBot',
		fact: 'honours',
		directive: 'cleanParam',
		value: true,
		url: yandexAllowDisallow,
		why: 'Yandex recommends Clean-param over Disallow for pages whose URLs differ in GET parameters.',
	},
	{ token: 'YandexImages', fact: 'fallback', value: ['Yandex'], url: yandexUserAgent, why: 'Yandex: "User-agent: Yandex # will be used by all Yandex bots".' },
	{
		token: 'YandexImages',
		fact: 'ignoresGlobalGroup',
		value: false,
		url: yandexUserAgent,
		why: 'Yandex: without a Yandex group the robot reads `*`; only if neither exists it "is considered to have unlimited access".',
	},
	{
		token: 'YaDirectFetcher',
		fact: 'fallback',
		value: [],
		url: yandexLibrary,
		why: "Yandex's library: its required prefix is `YaDirectFetcher`, so a `Yandex` group does not reach it.",
	},
	{
		token: 'YaDirectFetcher',
		fact: 'ignoresGlobalGroup',
		value: true,
		url: yandexUserAgent,
		why: 'Yandex: "Some Yandex robots may ignore directives in robots.txt, including those for User-agent: Yandex."',
	},
	{
		token: 'CCBot',
		fact: 'honours',
		directive: 'crawlDelay',
		value: true,
		url: commonCrawl,
		why: 'Common Crawl: "We obey the crawl-delay the robots.txt convention".',
	},
	{
		token: 'Python-urllib',
		fact: 'dialect',
		value: 'draft1996',
		url: python,
		why: 'CPython: implemented as specified in the 1996 draft; first matching record, then first matching rule.',
	},
	{ token: 'Python-urllib', fact: 'sizeLimit', value: null, url: python, why: 'CPython: `raw = f.read()` parses the whole file.' },
	{
		token: 'libwww-perl',
		fact: 'dialect',
		value: 'original1994',
		url: perl,
		why: 'WWW::RobotRules "parses /robots.txt files as specified in \'A Standard for Robot Exclusion\'".',
	},
	{ token: 'libwww-perl', fact: 'honours', directive: 'allow', value: false, url: perl, why: 'WWW::RobotRules reads User-Agent and Disallow lines only.' },
	{
		token: 'ChatGPT-User',
		fact: 'ignoresRobotsTxt',
		value: true,
		url: openAiBots,
		why: 'OpenAI: ChatGPT-User acts on user requests, so "robots.txt rules may not apply" to it; earlier versions of the page told sites to allow or block it in robots.txt.',
	},
	{ token: 'OAI-AdsBot', fact: 'category', value: 'ads', url: openAiBots, why: 'OpenAI: it checks the landing pages submitted as ads on ChatGPT.' },
	{
		token: 'Google-Agent',
		fact: 'ignoresRobotsTxt',
		value: true,
		url: googleUserFetchers,
		why: 'Google lists it among the user-triggered fetchers, which "generally ignore robots.txt rules".',
	},
	{
		token: 'Google-CWS',
		fact: 'category',
		value: 'user-fetch',
		url: googleUserFetchers,
		why: "Google lists the Chrome Web Store's fetcher among the user-triggered fetchers.",
	},
	{
		token: 'Meta-ExternalAds',
		fact: 'category',
		value: 'ads',
		url: metaCrawlers,
		why: 'Meta: it crawls "for improving advertising and business-related products and services".',
	},
	{
		token: 'amazon-kendra',
		fact: 'ignoresRobotsTxt',
		value: false,
		url: amazonKendra,
		why: 'AWS: "Amazon Kendra Web Crawler respects standard robots.txt directives like Allow and Disallow."',
	},
	{ token: 'DeepSeekBot', fact: 'ignoresRobotsTxt', value: true, url: aiRobotsTxt, why: 'The community list answers "No" to whether it respects robots.txt.' },
	{
		token: 'Kimi-User',
		fact: 'ignoresRobotsTxt',
		value: false,
		url: null,
		why: 'The community list: "Unclear at this time"; no page of Moonshot AI was read.',
	},
];

/** The least each category holds; `monitoring` has no entry with a robots.txt token of its own. */
const minimumPerCategory: Readonly<Record<CrawlerCategory, number>> = {
	search: 20,
	ads: 4,
	'ai-training': 15,
	'ai-search': 8,
	'user-fetch': 8,
	seo: 10,
	archive: 2,
	social: 8,
	monitoring: 0,
	library: 2,
	other: 5,
};

const urlInTitle = /^[^()]*\S.*\((https?:\/\/[^\s()]+(?:\([^\s()]*\))?[^\s()]*)\)$/;

function crawler(token: string): CrawlerFacts {
	const found = findCrawler(token);
	assert.ok(found, `${token} is in the catalogue`);
	return found;
}

function value(facts: CrawlerFacts, row: PinnedFact): unknown {
	return row.directive ? facts.honours[row.directive] : facts[row.fact];
}

describe('crawler catalogue', () => {
	test('tokens are distinct, case-insensitively, and trimmed', () => {
		const seen = new Map<string, string>();
		for (const entry of knownCrawlers) {
			assert.equal(entry.token, entry.token.trim(), entry.token);
			const lower = entry.token.toLowerCase();
			assert.ok(!seen.has(lower), `${entry.token} repeats ${seen.get(lower)}`);
			seen.set(lower, entry.token);
		}
	});

	test("every fallback token is itself in the catalogue, and never the crawler's own", () => {
		for (const entry of knownCrawlers) {
			for (const token of entry.fallback) {
				assert.ok(findCrawler(token), `${entry.token} falls back to unknown ${token}`);
				assert.notEqual(token.toLowerCase(), entry.token.toLowerCase(), entry.token);
			}
		}
	});

	test('every fact is either sourced or assumed, never both', () => {
		for (const entry of knownCrawlers) {
			for (const fact of Object.keys(entry.sources)) {
				assert.ok((crawlerFactNames as readonly string[]).includes(fact), `${entry.token} cites unknown fact ${fact}`);
			}
			for (const fact of crawlerFactNames) {
				const sourced = entry.sources[fact] !== undefined;
				assert.notEqual(sourced, entry.assumed.includes(fact), `${entry.token}.${fact}`);
			}
		}
	});

	test('every source is "Title (URL)", several joined by "; "', () => {
		for (const entry of knownCrawlers) {
			for (const [fact, source] of Object.entries(entry.sources)) {
				for (const part of source!.split('; ')) {
					assert.match(part, urlInTitle, `${entry.token}.${fact}: ${part}`);
				}
			}
		}
	});

	test('an assumed directive is one the crawler lists, and only beside sourced honours', () => {
		for (const entry of knownCrawlers) {
			for (const directive of entry.honoursAssumed ?? []) {
				assert.notEqual(entry.honours[directive], undefined, `${entry.token}: ${directive}`);
				assert.ok(entry.sources.honours, `${entry.token}: honoursAssumed needs sourced honours`);
			}
		}
	});

	test('categories are known and each holds at least its minimum; library entries are the generic parsers', () => {
		const counts = new Map<CrawlerCategory, number>();
		for (const entry of knownCrawlers) {
			assert.ok(crawlerCategories.includes(entry.category), `${entry.token}: ${entry.category}`);
			counts.set(entry.category, (counts.get(entry.category) ?? 0) + 1);
		}
		for (const category of crawlerCategories) {
			assert.ok((counts.get(category) ?? 0) >= minimumPerCategory[category], `${category}: ${counts.get(category) ?? 0}`);
		}
		assert.deepEqual(
			knownCrawlers.filter((entry) => entry.category === 'library').map((entry) => entry.token),
			['Python-urllib', 'libwww-perl'],
		);
	});

	test('a family note that cites its source has that source behind the fallback it describes (issue 22, item 15)', () => {
		// Googlebot-Image's note cited Google for its fallback to Googlebot while `crawlers` marked that fallback assumed.
		for (const crawler of knownCrawlers.filter((entry) => entry.fallback.length > 0 && /\(Google's crawler overview\)/.test(entry.familyNote ?? ''))) {
			assert.ok(crawler.sources.fallback, `${crawler.token}: its note cites Google for the fallback`);
			assert.ok(!crawler.assumed.includes('fallback'), crawler.token);
		}
		assert.match(findCrawler('Googlebot-Image')!.sources.fallback ?? '', /google-common-crawlers/);
	});

	test('a control token fetches nothing, so it never ignores robots.txt', () => {
		for (const entry of knownCrawlers.filter((candidate) => candidate.controlToken)) {
			assert.equal(entry.ignoresRobotsTxt, false, entry.token);
		}
	});

	for (const row of pinned) {
		const label = `${row.token} ${row.directive ? `honours.${row.directive}` : row.fact} = ${JSON.stringify(row.value)}${row.url ? '' : ' (assumed)'}`;
		test(label, () => {
			const facts = crawler(row.token);
			assert.deepEqual(value(facts, row), row.value, row.why);
			if (row.url === null) {
				const assumed = row.directive
					? (facts.honoursAssumed ?? []).includes(row.directive) || facts.assumed.includes('honours')
					: facts.assumed.includes(row.fact);
				assert.ok(assumed, `${label} is marked assumed`);
			} else {
				assert.ok(facts.sources[row.fact]?.includes(`(${row.url})`), `${label} cites ${row.url}`);
				if (row.directive) {
					assert.ok(!(facts.honoursAssumed ?? []).includes(row.directive), `${label} is not marked assumed`);
				}
			}
		});
	}
});
