/**
 * The IP range lists crawler owners publish, as catalogue facts: where each list is, which catalogue tokens it vouches
 * for, and the public page saying the list is the owner's. A request whose User-Agent names one of those tokens comes
 * from the owner when its address lies in one of the token's lists (logs/ranges.ts matches them).
 * Only lists in the JSON shape Google started (`{ "prefixes": [{ "ipv4Prefix": "…" }, { "ipv6Prefix": "…" }] }`) are
 * here; an owner that publishes prose or a plain text list is named in a comment and left out.
 */

import { googleCommonCrawlers, googleSpecialCrawlers, googleUserFetchers, openAiBots, perplexityCrawlers } from './crawlers';

/** One IP range list an owner publishes: the `prefixes: [{ ipv4Prefix } | { ipv6Prefix }]` JSON shape. */
export interface RangeList {
	/** Where the owner publishes it (https URL). */
	readonly url: string;
	/** The catalogue tokens (catalogue spelling) whose requests it vouches for. */
	readonly tokens: readonly string[];
	/** The public source (title and URL, as the catalogue writes sources) saying the list is theirs. */
	readonly source: string;
}

/**
 * Google's page on verifying its crawlers: common crawlers come from `common-crawlers.json`, special-case crawlers
 * from `special-crawlers.json`, user-triggered fetchers from `user-triggered-fetchers.json`,
 * `user-triggered-fetchers-google.json` and `user-triggered-agents.json`, all under `/static/crawling/ipranges/`.
 */
const googleVerifying =
	'Google: Verify requests from Google crawlers and fetchers (https://developers.google.com/crawling/docs/crawlers-fetchers/verifying-googlebot)';
const googleRanges = 'https://developers.google.com/static/crawling/ipranges/';

/**
 * The tokens Google's list of user-triggered fetchers names (Chrome Web Store, Feedfetcher, Google Read Aloud, Google
 * Site Verifier, Gemini Notebook); the page says their ranges are in the user-triggered lists without saying which
 * fetcher uses which, so both fetcher lists vouch for each.
 */
const googleUserTriggered = ['FeedFetcher-Google', 'Google-Read-Aloud', 'Google-Site-Verification', 'Google-GeminiNotebook', 'Google-CWS'];

export const rangeLists: readonly RangeList[] = [
	{
		url: `${googleRanges}common-crawlers.json`,
		// Google-Extended is on the same page, but it is a control token: no request carries it.
		tokens: [
			'Googlebot',
			'Googlebot-Image',
			'Googlebot-News',
			'Googlebot-Video',
			'Storebot-Google',
			'Google-InspectionTool',
			'GoogleOther',
			'GoogleOther-Image',
			'GoogleOther-Video',
			'Google-CloudVertexBot',
		],
		source: `${googleVerifying}; ${googleCommonCrawlers}`,
	},
	{
		url: `${googleRanges}special-crawlers.json`,
		tokens: ['AdsBot-Google', 'AdsBot-Google-Mobile', 'Mediapartners-Google', 'APIs-Google'],
		source: `${googleVerifying}; ${googleSpecialCrawlers}`,
	},
	{ url: `${googleRanges}user-triggered-fetchers.json`, tokens: googleUserTriggered, source: `${googleVerifying}; ${googleUserFetchers}` },
	{ url: `${googleRanges}user-triggered-fetchers-google.json`, tokens: googleUserTriggered, source: `${googleVerifying}; ${googleUserFetchers}` },
	{ url: `${googleRanges}user-triggered-agents.json`, tokens: ['Google-Agent'], source: `${googleVerifying}; ${googleUserFetchers}` },
	// Bing's help page verifies bingbot by reverse DNS and points to its Verify Bingbot tool under /toolbox/; Bing
	// published the list beside that tool days after Google published its own (Fabrice Canel, Bing, as SEO Südwest
	// reported).
	{
		url: 'https://www.bing.com/toolbox/bingbot.json',
		tokens: ['bingbot'],
		source:
			'Bing Webmaster Help: Verifying Bingbot (https://www.bing.com/webmaster/help/how-to-verify-bingbot-3905dc26); SEO Südwest: Bing veröffentlicht Liste der IP-Adressen des Bingbots (https://www.seo-suedwest.de/7101-bing-veroeffentlicht-liste-der-ip-adressen-des-bingbots.html)',
	},
	// OpenAI's page gives each of GPTBot, OAI-SearchBot and ChatGPT-User "Published IP addresses"; OAI-AdsBot has none.
	{ url: 'https://openai.com/gptbot.json', tokens: ['GPTBot'], source: openAiBots },
	{ url: 'https://openai.com/searchbot.json', tokens: ['OAI-SearchBot'], source: openAiBots },
	{ url: 'https://openai.com/chatgpt-user.json', tokens: ['ChatGPT-User'], source: openAiBots },
	// Perplexity's page: "Published IP addresses" for PerplexityBot and for Perplexity-User.
	{ url: 'https://www.perplexity.com/perplexitybot.json', tokens: ['PerplexityBot'], source: perplexityCrawlers },
	{ url: 'https://www.perplexity.com/perplexity-user.json', tokens: ['Perplexity-User'], source: perplexityCrawlers },
	// "If a crawler has a source IP address on this list, it indicates that the crawler is coming from Anthropic": one
	// list for its three robots.
	{
		url: 'https://claude.com/crawling/bots.json',
		tokens: ['ClaudeBot', 'Claude-SearchBot', 'Claude-User'],
		source:
			'Anthropic Help Center: Does Anthropic crawl data from the web, and how can site owners block the crawler? (https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler)',
	},
	// Applebot-Extended fetches nothing ("Applebot-Extended does not crawl webpages"), so only Applebot is vouched for.
	{
		url: 'https://search.developer.apple.com/applebot.json',
		tokens: ['Applebot'],
		source: 'Apple Support: About Applebot (https://support.apple.com/en-us/119829)',
	},
	{ url: 'https://index.commoncrawl.org/ccbot.json', tokens: ['CCBot'], source: 'Common Crawl: CCBot (https://commoncrawl.org/ccbot)' },
	// DuckDuckGo's help pages list each robot's addresses in their text; the same lists are on its own domain as JSON.
	{
		url: 'https://duckduckgo.com/duckduckbot.json',
		tokens: ['DuckDuckBot'],
		source: 'DuckDuckGo Help Pages: DuckDuckBot (https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot/)',
	},
	{
		url: 'https://duckduckgo.com/duckassistbot.json',
		tokens: ['DuckAssistBot'],
		source: 'DuckDuckGo Help Pages: DuckAssistBot (https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot/)',
	},
	// Mistral also publishes mistralai-index-ips.json for MistralAI-Index, a token the catalogue does not have yet.
	{ url: 'https://mistral.ai/mistralai-user-ips.json', tokens: ['MistralAI-User'], source: 'Mistral AI: Robots (https://docs.mistral.ai/robots)' },
	// Left out, as no list of this shape is published: Meta documents its crawlers' network by its autonomous system
	// (AS32934), not as a list; Amazon's pages for Amazonbot, Amzn-SearchBot and Amzn-User show their addresses as
	// HTML; Seznam lists SeznamBot's addresses in the text of its help page; Yandex and Baidu verify by reverse DNS only.
];

/**
 * Where lists were published before they moved, by their current URL. Google moved its lists from
 * `/static/search/apis/ipranges/` on 31 March 2026 and renamed `googlebot.json` to `common-crawlers.json`; since
 * 7 April 2026 the old URLs answer with a note instead of ranges (MERJ: Update Your Google Crawler IP Range Endpoints,
 * https://merj.com/blog/update-your-google-crawler-ip-range-endpoints). A copy saved under an old name is the same list.
 */
const formerUrls: ReadonlyMap<string, readonly string[]> = new Map(
	['common-crawlers.json', 'special-crawlers.json', 'user-triggered-fetchers.json', 'user-triggered-fetchers-google.json'].map((name) => [
		`${googleRanges}${name}`,
		[`https://developers.google.com/static/search/apis/ipranges/${name === 'common-crawlers.json' ? 'googlebot.json' : name}`],
	]),
);

/** ASCII lower case (tokens and file names compare without regard to case). */
function asciiLower(text: string): string {
	return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The last segment of a URL or path (`/` or `\` separated). */
function lastSegment(urlOrPath: string): string {
	return urlOrPath.slice(Math.max(urlOrPath.lastIndexOf('/'), urlOrPath.lastIndexOf('\\')) + 1);
}

/** The lists that vouch for a token (ASCII case-insensitive), in table order; [] when none is published. */
export function rangeListsFor(token: string): readonly RangeList[] {
	const lower = asciiLower(token);
	return rangeLists.filter((list) => list.tokens.some((listed) => asciiLower(listed) === lower));
}

/** Every URL a list is or was published at: its own first. */
function urlsOf(list: RangeList): readonly string[] {
	return [list.url, ...(formerUrls.get(list.url) ?? [])];
}

/** The list a URL names exactly, or a file name / path names by its last segment (`googlebot.json`, `./lists/gptbot.json`) when exactly one list has that file name; else undefined. */
export function rangeListNamed(urlOrPath: string): RangeList | undefined {
	const exact = rangeLists.find((list) => urlsOf(list).includes(urlOrPath));
	// A URL the table does not have names no list, whatever its file name: another host's file is not the owner's list.
	if (exact !== undefined || /^https?:\/\//i.test(urlOrPath)) {
		return exact;
	}
	const name = asciiLower(lastSegment(urlOrPath));
	const named = rangeLists.filter((list) => urlsOf(list).some((url) => asciiLower(lastSegment(url)) === name));
	return named.length === 1 ? named[0] : undefined;
}
