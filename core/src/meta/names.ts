/**
 * Who a robots meta name (`<meta name="googlebot">`) or an X-Robots-Tag prefix (`googlebot: noindex`) addresses,
 * read from the crawler catalogue and the engines' documentation: `robots` is every crawler, `googlebot` Google's
 * search crawlers, `yandex` every Yandex robot, and a crawler's own token that crawler.
 */

import { aiRobotsTxtList, findCrawler, knownCrawlers, type CrawlerFacts } from '../facts/crawlers';
import { t } from '../l10n';
import { editDistance } from '../editDistance';
import { findRobotsDirective, type RobotsMetaSource, type SearchEngine } from './directives';

/** The engine whose documentation governs a crawler, by the crawler's owner. */
export function engineOfCrawler(crawler: CrawlerFacts): SearchEngine | undefined {
	switch (crawler.owner) {
		case 'Google':
			return 'google';
		case 'Microsoft':
			return 'bing';
		case 'Yandex':
			return 'yandex';
		case 'Baidu':
			return 'baidu';
		default:
			return undefined;
	}
}

/**
 * Whether `<meta name="robots">` and unprefixed X-Robots-Tag rules reach a crawler. Google: the robots rule "applies
 * to search engine crawlers"; non-search crawlers such as AdsBot-Google need rules addressed to them.
 */
function readsGenericRules(crawler: CrawlerFacts): boolean {
	return !(crawler.owner === 'Google' && crawler.category !== 'search');
}

/** What a meta name or header prefix addresses. */
export interface CrawlerAddress {
	/** The name, lower-cased and trimmed. */
	readonly name: string;
	/** `all`: every crawler (`robots`); `google-settings`: Google's `<meta name="google">`; `crawlers`: the list. */
	readonly kind: 'all' | 'google-settings' | 'crawlers';
	readonly crawlers: readonly CrawlerFacts[];
	/** The engine whose crawlers the name addresses, when it is one engine's. */
	readonly engine?: SearchEngine;
	/** Why the engine does not read this name, when its documentation says so. */
	readonly ignored?: { readonly note: string; readonly source: RobotsMetaSource };
	/** What the engine says the name is for. */
	readonly note?: string;
	readonly source?: RobotsMetaSource;
}

const byOwner = (owner: string, category?: CrawlerFacts['category']): readonly CrawlerFacts[] =>
	knownCrawlers.filter((crawler) => crawler.owner === owner && (category === undefined || crawler.category === category));

const googlebotFamily = knownCrawlers.filter(
	(crawler) => crawler.token === 'Googlebot' || (crawler.owner === 'Google' && crawler.fallback.includes('Googlebot')),
);

// Notes are getters: they translate when read, in the locale in force then, not when this module loads.
const fixedAddresses: ReadonlyMap<string, CrawlerAddress> = new Map<string, CrawlerAddress>([
	[
		'robots',
		{
			name: 'robots',
			kind: 'all',
			crawlers: [],
			get note() {
				return t('Every crawler (Google: every search engine crawler).');
			},
			source: 'googleSpec',
		},
	],
	[
		'google',
		{
			name: 'google',
			kind: 'google-settings',
			engine: 'google',
			crawlers: byOwner('Google', 'search'),
			get note() {
				return t("Google's own settings (notranslate, nopagereadaloud), not robots rules.");
			},
			source: 'googleSpecialTags',
		},
	],
	[
		'googlebot',
		{
			name: 'googlebot',
			kind: 'crawlers',
			engine: 'google',
			crawlers: googlebotFamily,
			get note() {
				return t("Google: for all text results. We read it as addressing Googlebot and the crawlers that follow Googlebot's rules.");
			},
			source: 'googleSpec',
		},
	],
	[
		'googlebot-news',
		{
			name: 'googlebot-news',
			kind: 'crawlers',
			engine: 'google',
			crawlers: knownCrawlers.filter((crawler) => crawler.token === 'Googlebot-News'),
			get note() {
				return t('Google: for news results.');
			},
			source: 'googleSpec',
		},
	],
	[
		'adsbot-google',
		{
			name: 'adsbot-google',
			kind: 'crawlers',
			engine: 'google',
			crawlers: knownCrawlers.filter((crawler) => crawler.token === 'AdsBot-Google'),
			get note() {
				return t("Google's example of a non-search crawler that `robots` does not reach and that needs a tag of its own.");
			},
			source: 'googleSpec',
		},
	],
	[
		'bingbot',
		{
			name: 'bingbot',
			kind: 'crawlers',
			engine: 'bing',
			crawlers: byOwner('Microsoft', 'search'),
			get note() {
				return t('Bing: name="bingbot" or name="msnbot" limits the tag to Bing.');
			},
			source: 'bingMetaTags',
		},
	],
	[
		'msnbot',
		{
			name: 'msnbot',
			kind: 'crawlers',
			engine: 'bing',
			crawlers: byOwner('Microsoft', 'search'),
			get note() {
				return t('Bing: name="bingbot" or name="msnbot" limits the tag to Bing.');
			},
			source: 'bingMetaTags',
		},
	],
	[
		'yandex',
		{
			name: 'yandex',
			kind: 'crawlers',
			engine: 'yandex',
			crawlers: byOwner('Yandex'),
			get note() {
				return t('Yandex\'s robots (its help writes `<meta name="yandex" …>`).');
			},
			source: 'yandexMetaRobots',
		},
	],
	[
		'baiduspider',
		{
			name: 'baiduspider',
			kind: 'crawlers',
			engine: 'baidu',
			crawlers: byOwner('Baidu'),
			get note() {
				return t('Baidu: name="Baiduspider" addresses Baidu alone.');
			},
			source: 'baiduHelp',
		},
	],
]);

/** The names a robots meta tag is commonly addressed by, for completion and typo suggestions. */
export const commonRobotsNames: readonly string[] = ['robots', 'googlebot', 'googlebot-news', 'bingbot', 'msnbot', 'yandex', 'baiduspider'];

// Crawlers the catalogue knows only from the community list of AI agents are not offered as corrections: most are
// obscure, and a name two edits from one (MDN's example `BadBot`, the list's `WARDBot`) far more likely means another robot.
const suggestionCandidates: readonly string[] = [
	...new Set([
		...fixedAddresses.keys(),
		...knownCrawlers.filter((crawler) => crawler.sources.category !== aiRobotsTxtList).map((crawler) => crawler.token.toLowerCase()),
	]),
];

/** Who `name` addresses; undefined when it is neither `robots`, `google` nor a crawler we know. */
export function resolveRobotsName(name: string): CrawlerAddress | undefined {
	const lower = name.trim().toLowerCase();
	const fixed = fixedAddresses.get(lower);
	if (fixed) {
		return fixed;
	}
	const crawler = findCrawler(lower);
	if (!crawler) {
		return undefined;
	}
	const engine = engineOfCrawler(crawler);
	if (crawler.owner === 'Google') {
		return {
			name: lower,
			kind: 'crawlers',
			engine,
			crawlers: [crawler],
			ignored: {
				get note() {
					return t('Google supports two user agent tokens in the robots meta tag, googlebot and googlebot-news; other values are ignored.');
				},
				source: 'googleSpec',
			},
		};
	}
	return { name: lower, kind: 'crawlers', engine, crawlers: [crawler] };
}

/** Whether rules under `address` reach `crawler`. */
export function addresses(address: CrawlerAddress, crawler: CrawlerFacts): boolean {
	if (address.kind === 'all') {
		return readsGenericRules(crawler);
	}
	if (address.ignored) {
		return false;
	}
	return address.crawlers.includes(crawler);
}

/**
 * How many typo searches one document may run. A search compares a name with every crawler token, and a document can
 * hold millions of names: past this many, names are no longer checked for typos, which keeps the analysis linear.
 * Every search counts, cached or not, so the answer depends on the document alone.
 */
export interface TypoBudget {
	left: number;
}

const typoSearchesPerDocument = 1000;

export function newTypoBudget(): TypoBudget {
	return { left: typoSearchesPerDocument };
}

// Names repeat across documents and keystrokes; the cache only saves time, the budget decides what is searched.
const maxSuggestionCache = 2000;
const suggestionCache = new Map<string, string | null>();

/** The robots name or crawler token a misspelt name most likely means (`googlebto` → `googlebot`). */
export function suggestRobotsName(name: string, budget?: TypoBudget): string | undefined {
	const lower = name.trim().toLowerCase();
	// Namespaced names (`og:title`, `msvalidate.01`) and very short or long ones are never crawler typos.
	if (lower.length < 4 || lower.length > 40 || /[:.]/.test(lower)) {
		return undefined;
	}
	if (budget) {
		if (budget.left <= 0) {
			return undefined;
		}
		budget.left--;
	}
	const cached = suggestionCache.get(lower);
	if (cached !== undefined) {
		return cached ?? undefined;
	}
	let best: { name: string; distance: number } | undefined;
	for (const candidate of suggestionCandidates) {
		const limit = candidate.length <= 6 ? 1 : 2;
		const distance = editDistance(lower, candidate, limit, true);
		if (distance > 0 && distance <= limit && (!best || distance < best.distance)) {
			best = { name: candidate, distance };
		}
	}
	if (suggestionCache.size < maxSuggestionCache) {
		suggestionCache.set(lower, best?.name ?? null);
	}
	return best?.name;
}

/** Why a meta tag is worth reading as a robots tag, or undefined when it is not. */
export type RobotsRelevance = 'known-name' | 'misspelt-name' | 'directive-content';

/** Typographic quotes that people paste as attribute quotes (seed 003's `name=”Robots”`). */
export const typographicQuotes = '\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB\u2018\u2019';

/** The value without typographic quotes around it. */
export function stripTypographicQuotes(value: string): string {
	let start = 0;
	let end = value.length;
	while (start < end && typographicQuotes.includes(value[start])) {
		start++;
	}
	while (end > start && typographicQuotes.includes(value[end - 1])) {
		end--;
	}
	return value.slice(start, end);
}

/**
 * Whether a `<meta name=… content=…>` is a robots tag (or a broken one): its name is `robots`, `google` or a
 * crawler, a likely typo of one, or an unknown name whose content is nothing but robots directives.
 */
export function robotsRelevance(name: string, content: string | undefined, budget?: TypoBudget): RobotsRelevance | undefined {
	const bare = stripTypographicQuotes(name).trim();
	if (bare.length === 0) {
		return undefined;
	}
	if (resolveRobotsName(bare)) {
		return 'known-name';
	}
	if (suggestRobotsName(bare, budget)) {
		return 'misspelt-name';
	}
	if (content !== undefined && isDirectiveList(stripTypographicQuotes(content))) {
		return 'directive-content';
	}
	return undefined;
}

/** Whether a value consists of robots directives only (at least one); long values are never read. */
function isDirectiveList(content: string): boolean {
	if (content.length === 0 || content.length > 300) {
		return false;
	}
	let found = false;
	for (const part of content.split(/[,;\s\uFF0C\u3001\uFF1B]+/)) {
		if (part.length === 0) {
			continue;
		}
		const colon = part.indexOf(':');
		if (!findRobotsDirective(colon >= 0 ? part.slice(0, colon) : part)) {
			return false;
		}
		found = true;
	}
	return found;
}
