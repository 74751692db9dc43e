/**
 * The robots directive catalogue: every page-level directive that Google, Bing, Yandex or Baidu document for the
 * robots meta tag and the X-Robots-Tag header, as data, with what each engine says about it and where it says so.
 * Where an engine's documentation does not mention a directive, the entry says `undocumented` instead of guessing.
 * Summaries and notes are getters that translate when they are read, so they follow the locale in force then.
 */

import { editDistance } from '../editDistance';
import { t } from '../l10n';

/** The search engines whose robots meta documentation this catalogue follows. */
export type SearchEngine = 'google' | 'bing' | 'yandex' | 'baidu';

export const searchEngines: readonly SearchEngine[] = ['google', 'bing', 'yandex', 'baidu'];

export const searchEngineNames: Readonly<Record<SearchEngine, string>> = {
	google: 'Google',
	bing: 'Bing',
	yandex: 'Yandex',
	baidu: 'Baidu',
};

/**
 * Every source the catalogue cites, as "Title (URL)". The titles are described in the reader's language (each getter
 * translates when it is read); the URLs and the seeds' paths stay as they are.
 */
export const robotsMetaSources = {
	get googleSpec() {
		return t(
			'Robots meta tag, data-nosnippet, and X-Robots-Tag specifications, Google Search Central ({0})',
			'https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag',
		);
	},
	get googleSpecialTags() {
		return t(
			'meta tags and attributes that Google supports, Google Search Central ({0})',
			'https://developers.google.com/search/docs/crawling-indexing/special-tags',
		);
	},
	get googleIndexIfEmbedded() {
		return t(
			'New robots tag: indexifembedded, Google Search Central Blog, 21 January 2022 ({0})',
			'https://developers.google.com/search/blog/2022/01/robots-meta-tag-indexifembedded',
		);
	},
	get bingMetaTags() {
		return t('Robots Metatags, Bing Webmaster Help ({0})', 'https://www.bing.com/webmaster/help/which-robots-metatags-does-bing-support-5198d240');
	},
	get bingSnippets() {
		return t(
			"Bing adds snippet controls to help sites control their search result previews, Search Engine Land, reporting Bing's announcement ({0})",
			'https://searchengineland.com/bing-adds-snippet-controls-to-help-sites-control-their-search-result-previews-332442',
		);
	},
	get bingChat() {
		return t(
			'Announcing new options for webmasters to control usage of their content in Bing Chat, Bing Webmaster Blog, September 2023 ({0})',
			'https://blogs.bing.com/webmaster/september-2023/Announcing-new-options-for-webmasters-to-control-usage-of-their-content-in-Bing-Chat',
		);
	},
	get yandexMetaRobots() {
		return t(
			'Robots meta tag and X-Robots-Tag HTTP header, Yandex Webmaster Help ({0})',
			'https://yandex.ru/support/webmaster/en/controlling-robot/meta-robots',
		);
	},
	get yandexNoindexElement() {
		return t(
			'How do I prohibit indexing of the site or pages?, Yandex Webmaster Help ({0})',
			'http://help.yandex.com/webmaster/adding-site/indexing-prohibition.xml',
		);
	},
	get baiduHelp() {
		return t(
			'{0} ("How to keep pages out of Baidu"), Baidu Search Help, as reproduced at {1}',
			'禁止搜索引擎收录的方法',
			'https://www.seodajun.com/seowentijieda/863.html',
		);
	},
	get mdnXRobotsTag() {
		return t('X-Robots-Tag header, MDN Web Docs ({0})', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/X-Robots-Tag');
	},
	get seedHttpGuide() {
		return t('seed 000: HTTP: The Definitive Guide, §9.4.7 robot-control META tags and table 9-5 ({0})', 'shared/seeds/000_*');
	},
	get seedRunet() {
		return t('seed {0}: {1} ({2})', '001', 'Использование META-тегов "Robots"', 'shared/seeds/001_*');
	},
	get seedBaidu() {
		return t('seed {0}: {1} ({2})', '003', 'Robots META 標籤', 'shared/seeds/003_*');
	},
} as const;

export type RobotsMetaSource = keyof typeof robotsMetaSources;

/**
 * What an engine says about a directive.
 * - `supported`: documented as honoured.
 * - `default`: the engine's documented default; writing it changes nothing.
 * - `ignored`: documented as not used (any more).
 * - `undocumented`: the engine's documentation does not mention it; we do not guess.
 */
export type SupportStatus = 'supported' | 'default' | 'ignored' | 'undocumented';

export interface EngineSupport {
	readonly status: SupportStatus;
	/** Documented only in the robots meta tag, not in X-Robots-Tag. */
	readonly metaOnly?: boolean;
	/** What the engine says, in our words. */
	readonly note?: string;
	readonly source?: RobotsMetaSource;
}

/** The part of a page's treatment a directive controls. */
type RobotsAspect =
	| 'index'
	| 'follow'
	| 'archive'
	| 'cache'
	| 'snippet'
	| 'image-preview'
	| 'video-preview'
	| 'translate'
	| 'image-index'
	| 'expiry'
	| 'embedded'
	| 'auto-description'
	| 'odp'
	| 'sitelinks-search-box'
	| 'read-aloud';

/** The kind of value after `name:`. */
type DirectiveValueKind = 'none' | 'integer' | 'image-preview' | 'date';

export interface RobotsDirectiveFacts {
	/** The canonical, lower-case name. */
	readonly name: string;
	readonly value: DirectiveValueKind;
	readonly aspect: RobotsAspect;
	/** `restrict` takes something away, `permit` gives it back, `limit` sets a bound by its value. */
	readonly effect: 'restrict' | 'permit' | 'limit';
	/** Shorthands: `none` is `noindex, nofollow`, `all` is `index, follow`. */
	readonly means?: readonly string[];
	/** What it does, one or two sentences. */
	readonly summary: string;
	/**
	 * Which meta names carry it: robots names (robots, googlebot, …) by default; some are also, or only, settings of
	 * Google's own `<meta name="google">`.
	 */
	readonly carriers?: 'robots-and-google' | 'google-only';
	readonly engines: Readonly<Record<SearchEngine, EngineSupport>>;
	/** The seeds that list it. */
	readonly seeds?: readonly RobotsMetaSource[];
}

const undocumented: EngineSupport = { status: 'undocumented' };
const googleDefault: EngineSupport = {
	status: 'default',
	get note() {
		return t("Google's defaults are index, follow; they need not be written.");
	},
	source: 'googleSpecialTags',
};
const baiduOnlyTwo: EngineSupport = {
	status: 'undocumented',
	get note() {
		return t("Baidu's help names only nofollow and noarchive as the robots meta values it supports.");
	},
	source: 'baiduHelp',
};
const onlyGoogleEmbedded: EngineSupport = {
	status: 'undocumented',
	get note() {
		return t('Google announced indexifembedded as supported only by Google.');
	},
	source: 'googleIndexIfEmbedded',
};
// Yandex's table marks noyaca, index, follow, archive and all for the meta tag and not for X-Robots-Tag.
const yandexMetaOnly = (note: () => string): EngineSupport => ({
	status: 'supported',
	metaOnly: true,
	get note() {
		return note();
	},
	source: 'yandexMetaRobots',
});

export const robotsDirectiveCatalogue: readonly RobotsDirectiveFacts[] = [
	{
		name: 'index',
		value: 'none',
		aspect: 'index',
		effect: 'permit',
		get summary() {
			return t('The page may be indexed. It is the default, so writing it changes nothing unless it cancels a noindex (Yandex).');
		},
		engines: {
			google: googleDefault,
			bing: {
				status: 'supported',
				get note() {
					return t('Bing assumes index by default and accepts it to say so explicitly.');
				},
				source: 'bingMetaTags',
			},
			yandex: yandexMetaOnly(() => t('Cancels noindex: at Yandex an allowing directive wins over a prohibiting one.')),
			baidu: baiduOnlyTwo,
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'noindex',
		value: 'none',
		aspect: 'index',
		effect: 'restrict',
		get summary() {
			return t(
				'Do not show the page (or resource) in search results. The crawler must fetch the page to see it, so a page blocked in robots.txt can stay indexed.',
			);
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Do not show this page, media, or resource in search results.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('Do not index the page; Bing must be able to crawl the page to see the tag.');
				},
				source: 'bingMetaTags',
			},
			yandex: {
				status: 'supported',
				get note() {
					return t('Prohibits indexing the page text; the page is left out of search results.');
				},
				source: 'yandexMetaRobots',
			},
			baidu: {
				status: 'undocumented',
				get note() {
					return t('Baidu\'s help names only nofollow and noarchive; seed 003 lists noindex for name="BaiduSpider", but Baidu does not.');
				},
				source: 'baiduHelp',
			},
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'follow',
		value: 'none',
		aspect: 'follow',
		effect: 'permit',
		get summary() {
			return t('Links on the page may be followed. It is the default, so writing it changes nothing unless it cancels a nofollow (Yandex).');
		},
		engines: {
			google: googleDefault,
			bing: {
				status: 'supported',
				get note() {
					return t('Bing assumes follow by default and accepts it to say so explicitly.');
				},
				source: 'bingMetaTags',
			},
			yandex: yandexMetaOnly(() => t('Cancels nofollow: at Yandex an allowing directive wins over a prohibiting one.')),
			baidu: baiduOnlyTwo,
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'nofollow',
		value: 'none',
		aspect: 'follow',
		effect: 'restrict',
		get summary() {
			return t('Do not follow the links on the page. Search engines can still learn of the linked pages elsewhere.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Do not follow the links on this page.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('Do not follow outlinks from the page.');
				},
				source: 'bingMetaTags',
			},
			yandex: {
				status: 'supported',
				get note() {
					return t('The robot does not follow the links, though it can learn of them from other pages.');
				},
				source: 'yandexMetaRobots',
			},
			baidu: {
				status: 'supported',
				get note() {
					return t('Baidu names nofollow as a robots meta value it supports.');
				},
				source: 'baiduHelp',
			},
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'none',
		value: 'none',
		aspect: 'index',
		effect: 'restrict',
		means: ['noindex', 'nofollow'],
		get summary() {
			return t('Shorthand for noindex, nofollow.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Equivalent to noindex, nofollow.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: {
				status: 'supported',
				get note() {
					return t('Like noindex and nofollow together.');
				},
				source: 'yandexMetaRobots',
			},
			baidu: baiduOnlyTwo,
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'all',
		value: 'none',
		aspect: 'index',
		effect: 'permit',
		means: ['index', 'follow'],
		get summary() {
			return t('Shorthand for index, follow: no restrictions. It is the default.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('No restrictions; the default, with no effect when written.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: yandexMetaOnly(() => t('Allows indexing the text and the links, like index and follow.')),
			baidu: baiduOnlyTwo,
		},
		seeds: ['seedHttpGuide', 'seedRunet', 'seedBaidu'],
	},
	{
		name: 'noarchive',
		value: 'none',
		aspect: 'archive',
		effect: 'restrict',
		get summary() {
			return t('Do not show a cached copy (snapshot) of the page. At Bing it also keeps the page out of Bing Chat (Copilot) answers and AI training.');
		},
		engines: {
			google: {
				status: 'ignored',
				get note() {
					return t('No longer used by Google Search: the cached link feature no longer exists.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t("Do not store a cached page. Since 2023: not used in Bing Chat answers nor for training Microsoft's generative models.");
				},
				source: 'bingChat',
			},
			yandex: {
				status: 'supported',
				get note() {
					return t('Do not show the link to the saved copy in search results.');
				},
				source: 'yandexMetaRobots',
			},
			baidu: {
				status: 'supported',
				get note() {
					return t('Do not show the page\'s snapshot in Baidu\'s results (name="Baiduspider" for Baidu alone).');
				},
				source: 'baiduHelp',
			},
		},
		seeds: ['seedHttpGuide', 'seedBaidu'],
	},
	{
		name: 'archive',
		value: 'none',
		aspect: 'archive',
		effect: 'permit',
		get summary() {
			return t('Yandex: cancels noarchive.');
		},
		engines: {
			google: undocumented,
			bing: undocumented,
			yandex: yandexMetaOnly(() => t('Cancels noarchive.')),
			baidu: undocumented,
		},
	},
	{
		name: 'nocache',
		value: 'none',
		aspect: 'cache',
		effect: 'restrict',
		get summary() {
			return t('Bing: like noarchive for the cache; in Bing Chat only the URL, title and snippet may be shown.');
		},
		engines: {
			google: {
				status: 'ignored',
				get note() {
					return t('Not used by Google Search.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('Do not store a cached page; since 2023 Bing Chat shows only URL, title and snippet, and only those may be used for training.');
				},
				source: 'bingChat',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'nosnippet',
		value: 'none',
		aspect: 'snippet',
		effect: 'restrict',
		get summary() {
			return t('Do not show a text snippet or video preview in the results (Google: also not as direct input for AI Overviews).');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('No text snippet or video preview; a static thumbnail may remain.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('Do not show a description nor a preview thumbnail.');
				},
				source: 'bingMetaTags',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'max-snippet',
		value: 'integer',
		aspect: 'snippet',
		effect: 'limit',
		get summary() {
			return t('At most N characters of text snippet; 0 means no snippet, -1 no limit.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Ignored if no parseable number is given; 0 equals nosnippet, -1 lets Google choose.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('0: no text snippet; -1: no limit.');
				},
				source: 'bingSnippets',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'max-image-preview',
		value: 'image-preview',
		aspect: 'image-preview',
		effect: 'limit',
		get summary() {
			return t('The largest image preview: none, standard or large.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('none, standard, or large (up to the width of the viewport).');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('none, standard or large; any other value sets no limit.');
				},
				source: 'bingSnippets',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'max-video-preview',
		value: 'integer',
		aspect: 'video-preview',
		effect: 'limit',
		get summary() {
			return t('At most N seconds of video preview; 0 allows only a static image, -1 no limit.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Ignored if no parseable number is given.');
				},
				source: 'googleSpec',
			},
			bing: {
				status: 'supported',
				get note() {
					return t('0: a static image may be shown; -1: no limit.');
				},
				source: 'bingSnippets',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'notranslate',
		value: 'none',
		aspect: 'translate',
		effect: 'restrict',
		get summary() {
			return t('Do not offer a translation of the page in the results.');
		},
		carriers: 'robots-and-google',
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Google may otherwise translate the title link and snippet.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'noimageindex',
		value: 'none',
		aspect: 'image-index',
		effect: 'restrict',
		get summary() {
			return t('Do not index the images on the page.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Images on the page are otherwise eligible for indexing.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'unavailable_after',
		value: 'date',
		aspect: 'expiry',
		effect: 'limit',
		get summary() {
			return t('Do not show the page in results after this date and time (RFC 822, RFC 850, ISO 8601 and other widely adopted formats).');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Ignored if no valid date/time is given; Googlebot crawls the URL much less after the date.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'indexifembedded',
		value: 'none',
		aspect: 'embedded',
		effect: 'permit',
		get summary() {
			return t('Content may be indexed when embedded in another page (iframe), in spite of noindex; it has an effect only together with noindex.');
		},
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('Only has an effect if accompanied by noindex.');
				},
				source: 'googleSpec',
			},
			bing: onlyGoogleEmbedded,
			yandex: onlyGoogleEmbedded,
			baidu: onlyGoogleEmbedded,
		},
	},
	{
		name: 'noyaca',
		value: 'none',
		aspect: 'auto-description',
		effect: 'restrict',
		get summary() {
			return t('Yandex: do not use an automatically generated description in the results.');
		},
		engines: {
			google: undocumented,
			bing: undocumented,
			yandex: yandexMetaOnly(() => t('Prohibits using an automatically generated description.')),
			baidu: undocumented,
		},
	},
	{
		name: 'noodp',
		value: 'none',
		aspect: 'odp',
		effect: 'restrict',
		get summary() {
			return t('Bing: do not use a description taken from the Open Directory Project.');
		},
		engines: {
			google: undocumented,
			bing: {
				status: 'supported',
				get note() {
					return t('Do not use a description extracted from the Open Directory Project.');
				},
				source: 'bingMetaTags',
			},
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'nositelinkssearchbox',
		value: 'none',
		aspect: 'sitelinks-search-box',
		effect: 'restrict',
		get summary() {
			return t('Google, historical: hid the sitelinks search box, a feature that no longer exists.');
		},
		carriers: 'robots-and-google',
		engines: {
			google: {
				status: 'ignored',
				get note() {
					return t('No longer used: the sitelinks search box no longer exists.');
				},
				source: 'googleSpec',
			},
			bing: undocumented,
			yandex: undocumented,
			baidu: undocumented,
		},
	},
	{
		name: 'nopagereadaloud',
		value: 'none',
		aspect: 'read-aloud',
		effect: 'restrict',
		get summary() {
			return t('Google (in `<meta name="google">`): keeps Google\'s text-to-speech services from reading the page aloud.');
		},
		carriers: 'google-only',
		engines: {
			google: {
				status: 'supported',
				get note() {
					return t('A `<meta name="google">` setting, not a robots rule.');
				},
				source: 'googleSpecialTags',
			},
			bing: undocumented,
			yandex: undocumented,
			baidu: undocumented,
		},
	},
];

const byName = new Map<string, RobotsDirectiveFacts>(robotsDirectiveCatalogue.map((facts) => [facts.name, facts]));

/** The directive with this name, compared case-insensitively. */
export function findRobotsDirective(name: string): RobotsDirectiveFacts | undefined {
	return byName.get(name.trim().toLowerCase());
}

/** Whether a meta name of this kind may carry the directive. */
export function carriedBy(facts: RobotsDirectiveFacts, kind: 'robots' | 'google'): boolean {
	const carriers = facts.carriers;
	if (kind === 'google') {
		return carriers === 'robots-and-google' || carriers === 'google-only';
	}
	return carriers !== 'google-only';
}

/** How engine `engine` treats `facts` where it is read (`meta` or `header`). */
export function supportOf(facts: RobotsDirectiveFacts, engine: SearchEngine, where: 'meta' | 'header'): EngineSupport {
	const support = facts.engines[engine];
	if (where === 'header' && support.metaOnly) {
		return {
			status: 'undocumented',
			note: t('{0} documents {1} for the robots meta tag, not for the X-Robots-Tag header.', searchEngineNames[engine], facts.name),
			source: support.source,
		};
	}
	return support;
}

/**
 * The directive a misspelt name most likely means: separators swapped, or a small edit away. With a budget, each
 * call spends one search and none is made once it is spent (see `TypoBudget` in names.ts).
 */
export function suggestRobotsDirective(name: string, budget?: { left: number }): string | undefined {
	const lower = name.trim().toLowerCase();
	if (lower.length < 3 || lower.length > 40) {
		return undefined;
	}
	if (budget) {
		if (budget.left <= 0) {
			return undefined;
		}
		budget.left--;
	}
	const squashed = lower.replace(/[\s_-]+/g, '');
	let best: { name: string; distance: number } | undefined;
	for (const facts of robotsDirectiveCatalogue) {
		if (squashed === facts.name.replace(/[_-]/g, '')) {
			return facts.name;
		}
		const limit = facts.name.length <= 5 ? 1 : 2;
		const distance = editDistance(lower, facts.name, limit, true);
		if (distance <= limit && (!best || distance < best.distance)) {
			best = { name: facts.name, distance };
		}
	}
	return best?.name;
}
