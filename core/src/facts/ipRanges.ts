/**
 * The IP range lists crawler owners publish, as catalogue facts: where each list is, which catalogue tokens it vouches
 * for, and the public page saying the list is the owner's. A request whose User-Agent names one of those tokens comes
 * from the owner when its address lies in one of the token's lists (logs/ranges.ts matches them).
 * Only lists in the JSON shape Google started (`{ "prefixes": [{ "ipv4Prefix": "…" }, { "ipv6Prefix": "…" }] }`) are
 * here; an owner that publishes prose or a plain text list is named in a comment and left out.
 */

import { googleCommonCrawlers, googleSpecialCrawlers, googleUserFetchers } from './crawlers';

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
	if (exact !== undefined || /^https?:\/\//i.test(urlOrPath)) {
		return exact;
	}
	const name = asciiLower(lastSegment(urlOrPath));
	const named = rangeLists.filter((list) => urlsOf(list).some((url) => asciiLower(lastSegment(url)) === name));
	return named.length === 1 ? named[0] : undefined;
}
