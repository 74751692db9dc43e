/**
 * Crawlers people name in robots.txt files, as data: product token, owner, what the crawler is for, and what its
 * owner documents about how it reads robots.txt. A fact the owner does not document is left out rather than guessed.
 * Family notes (Googlebot-Image also obeying Googlebot groups, Applebot following Googlebot) are information for
 * people; matching never uses them, so every dialect's matcher stays what its source specifies.
 */

import type { Dialect } from '../dialect';
import { yandexRobots } from './yandexRobots';

/** What a crawler is for: a search engine, AI training or answers, link previews, SEO tools, archiving, or other. */
export type CrawlerKind = 'search' | 'ai' | 'social' | 'seo' | 'archive' | 'other';

/** What the owner documents the crawler to honour; a missing key means the owner does not say. */
export interface CrawlerHonours {
	/** `Allow` lines. */
	readonly allow?: boolean;
	/** `*` and `$` in path patterns. */
	readonly wildcards?: boolean;
	/** `Crawl-delay`. */
	readonly crawlDelay?: boolean;
}

/** One crawler as its owner documents it. */
export interface CrawlerFacts {
	/** The product token to write after `User-agent:`, in its owner's spelling. */
	readonly token: string;
	/** The company or project that runs it. */
	readonly owner: string;
	readonly kind: CrawlerKind;
	/** What it does, one or two sentences. */
	readonly description: string;
	readonly honours: CrawlerHonours;
	/** The dialect of ours that models its reading best. */
	readonly dialect: Dialect;
	/** Other tokens whose groups its owner says it follows when no group names it (information, not matching). */
	readonly alsoObeys?: readonly string[];
	/** The owner's note on how it relates to other tokens, shown in hovers. */
	readonly familyNote?: string;
	/** Documented to ignore the `User-agent: *` group: only groups naming it apply. */
	readonly ignoresGlobalGroup?: boolean;
	/** Documented not to follow robots.txt (fetches a user asked for). */
	readonly ignoresRobotsTxt?: boolean;
}

// Google's parser reads Allow and wildcards; Google's robots.txt specification says crawl-delay is not supported.
const googleHonours: CrawlerHonours = { allow: true, wildcards: true, crawlDelay: false };
// Bing documents Allow, `*`, `$` and Crawl-delay (Bing Webmaster blog, 2009 and 2012).
const bingHonours: CrawlerHonours = { allow: true, wildcards: true, crawlDelay: true };
// Anthropic: its bots honour robots.txt and "the non-standard Crawl-delay extension".
const anthropicHonours: CrawlerHonours = { crawlDelay: true };

// Shared by the crawlers Google lists with two tokens, so that a hover can name them together.
const googleTwoTokens =
	'Google lists two tokens for it, its own and `Googlebot`, and a group has to match only one of them; ' +
	'the most specific group wins, so without a group of its own it follows the `Googlebot` groups (Google\'s crawler overview).';

const google: readonly CrawlerFacts[] = [
	{ token: 'Googlebot', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Google Search\'s main crawler, for desktop and smartphone pages.' },
	{ token: 'Googlebot-Image', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Crawls image bytes for Google Images and products that depend on images.',
		alsoObeys: ['Googlebot'], familyNote: googleTwoTokens },
	{ token: 'Googlebot-News', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Google News: the crawling is done by Googlebot, but Google still respects this historic token.',
		alsoObeys: ['Googlebot'], familyNote: googleTwoTokens },
	{ token: 'Googlebot-Video', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Crawls video bytes for Google Video and products that depend on videos.',
		alsoObeys: ['Googlebot'], familyNote: googleTwoTokens },
	{ token: 'Storebot-Google', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Google StoreBot, the crawler for Google Shopping.',
		familyNote: 'Google\'s own example: without a `Storebot-Google` group it follows `*`, not the `Googlebot` groups.' },
	{ token: 'Google-InspectionTool', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Used by Search testing tools such as the Rich Results Test and URL Inspection in Search Console.' },
	{ token: 'GoogleOther', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours,
		description: 'Generic Google crawler that product teams use to fetch public content, for example one-off crawls for research and development.' },
	{ token: 'GoogleOther-Image', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours,
		description: 'The version of GoogleOther that fetches images.' },
	{ token: 'GoogleOther-Video', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours,
		description: 'The version of GoogleOther that fetches videos.' },
	{ token: 'Google-Extended', owner: 'Google', kind: 'ai', dialect: 'google', honours: googleHonours,
		description: 'A control token, not a crawler of its own: it decides whether content Google crawls may be used to train Gemini models and for grounding. It does not affect Google Search.' },
	{ token: 'Google-CloudVertexBot', owner: 'Google', kind: 'ai', dialect: 'google', honours: googleHonours,
		description: 'Crawls sites on their owners\' request when they build Vertex AI Agents.' },
	{ token: 'AdsBot-Google', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresGlobalGroup: true,
		description: 'Checks the ad quality of desktop web pages.' },
	{ token: 'AdsBot-Google-Mobile', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresGlobalGroup: true,
		description: 'Checks the ad quality of mobile web pages.' },
	{ token: 'Mediapartners-Google', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresGlobalGroup: true,
		description: 'Visits pages for Google AdSense and other ad products, to find out what they are about and show relevant ads.' },
	{ token: 'APIs-Google', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresGlobalGroup: true,
		description: 'Delivers push notification messages for Google APIs.' },
	{ token: 'FeedFetcher-Google', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresRobotsTxt: true,
		description: 'Fetches RSS and Atom feeds for Google products.' },
	{ token: 'Google-Read-Aloud', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresRobotsTxt: true,
		description: 'Fetches a page when a user asks Google Read Aloud to read it out.' },
	{ token: 'Google-Site-Verification', owner: 'Google', kind: 'other', dialect: 'google', honours: googleHonours, ignoresRobotsTxt: true,
		description: 'Fetches Search Console verification tokens when a user asks for verification.' },
	{ token: 'Googlebot-Mobile', owner: 'Google', kind: 'search', dialect: 'google', honours: googleHonours,
		description: 'Google\'s former crawler for feature-phone pages; it is no longer in Google\'s list of crawlers.' },
];

const microsoft: readonly CrawlerFacts[] = [
	{ token: 'bingbot', owner: 'Microsoft', kind: 'search', dialect: 'rfc9309', honours: bingHonours,
		description: 'Microsoft Bing\'s web crawler.',
		alsoObeys: ['msnbot'],
		familyNote: 'Bing says bingbot honours groups written for `msnbot`, and a `bingbot` group takes precedence (Bing Webmaster blog, 2010). ' +
			'A `bingbot` group replaces the `*` group completely, except for Crawl-delay (F. Dubut, Bing, 2019).' },
	{ token: 'msnbot', owner: 'Microsoft', kind: 'search', dialect: 'rfc9309', honours: bingHonours,
		description: 'Microsoft\'s crawler before bingbot took its place in October 2010; bingbot still honours msnbot groups.' },
	{ token: 'msnbot-media', owner: 'Microsoft', kind: 'search', dialect: 'rfc9309', honours: bingHonours,
		description: 'Bing\'s crawler for images and videos.' },
	{ token: 'AdIdxBot', owner: 'Microsoft', kind: 'other', dialect: 'rfc9309', honours: bingHonours,
		description: 'Microsoft Advertising\'s crawler: it follows ads through to their landing pages for quality control.' },
	{ token: 'BingPreview', owner: 'Microsoft', kind: 'search', dialect: 'rfc9309', honours: bingHonours,
		description: 'Makes page snapshots for Bing\'s search result previews.' },
];

const search: readonly CrawlerFacts[] = [
	{ token: 'Slurp', owner: 'Yahoo', kind: 'search', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Yahoo\'s web crawler.' },
	{ token: 'Baiduspider', owner: 'Baidu', kind: 'search', dialect: 'rfc9309', honours: { allow: true, wildcards: true },
		description: 'Baidu\'s web search crawler.' },
	{ token: 'Baiduspider-image', owner: 'Baidu', kind: 'search', dialect: 'rfc9309', honours: { allow: true, wildcards: true },
		description: 'Baidu\'s image search crawler.' },
	{ token: 'Baiduspider-video', owner: 'Baidu', kind: 'search', dialect: 'rfc9309', honours: { allow: true, wildcards: true },
		description: 'Baidu\'s video search crawler.' },
	{ token: 'DuckDuckBot', owner: 'DuckDuckGo', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'DuckDuckGo\'s web crawler.' },
	{ token: 'Applebot', owner: 'Apple', kind: 'search', dialect: 'rfc9309', honours: { crawlDelay: false },
		description: 'Apple\'s web crawler, used by products such as Siri, Spotlight Suggestions and Safari.',
		alsoObeys: ['Googlebot'],
		familyNote: 'Apple: if the robots instructions do not mention Applebot but mention Googlebot, Applebot follows the Googlebot instructions.' },
	{ token: 'Sogou web spider', owner: 'Sogou', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'Sogou\'s web search crawler (China).' },
	{ token: '360Spider', owner: 'Qihoo 360', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Qihoo 360\'s search engine, so.com (China).' },
	{ token: 'Exabot', owner: 'Exalead', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'Exalead\'s search crawler.' },
	{ token: 'SeznamBot', owner: 'Seznam.cz', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Seznam, a Czech search engine.' },
	{ token: 'Qwantify', owner: 'Qwant', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Qwant, a French search engine.' },
	{ token: 'PetalBot', owner: 'Huawei', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Huawei\'s Petal Search.' },
	{ token: 'Yeti', owner: 'Naver', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Naver, a South Korean search engine.' },
	{ token: 'Daumoa', owner: 'Kakao', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Daum search (South Korea).' },
	{ token: 'MojeekBot', owner: 'Mojeek', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Mojeek, an independent search engine with its own index.' },
	{ token: 'Mail.RU_Bot', owner: 'Mail.ru', kind: 'search', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Mail.ru\'s search (Russia).' },
];

// Yandex robots come from the table of Yandex's own robots.txt library; names appear there once per version.
const yandexOther = new Set(['YaDirectFetcher', 'YandexDirect', 'YandexDirectDyn', 'YandexMetrika', 'YandexCalendar', 'YandexTracker', 'YandexMediaSelling', 'YandexPartner']);
const yandexHonours: CrawlerHonours = { allow: true, wildcards: true };

const yandex: readonly CrawlerFacts[] = [
	{ token: 'Yandex', owner: 'Yandex', kind: 'search', dialect: 'yandex', honours: yandexHonours,
		description: 'Not one robot but the token every Yandex robot accepts: a `Yandex` group applies to all of them except those that need a group of their own (YaDirectFetcher, YandexDirect, …).' },
	...yandexRobots
		.filter((robot, i) => yandexRobots.findIndex((other) => other.name === robot.name) === i)
		.map((robot): CrawlerFacts => ({
			token: robot.name,
			owner: 'Yandex',
			kind: yandexOther.has(robot.name) ? 'other' : 'search',
			dialect: 'yandex',
			honours: yandexHonours,
			description: `Yandex robot: ${robot.purpose}.`,
			...(robot.requiredPrefix !== 'Yandex'
				? { familyNote: `Yandex's robots.txt library applies only groups whose value starts with \`${robot.requiredPrefix}\` to it: a \`Yandex\` group does not.` }
				: { familyNote: 'Yandex uses the group with the longest value that is a prefix of the robot\'s name (its own name before `Yandex`), else `*`.' }),
		})),
];

const social: readonly CrawlerFacts[] = [
	{ token: 'facebookexternalhit', owner: 'Meta', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches pages shared on Meta\'s apps (Facebook, Instagram, Messenger) to build link previews.' },
	{ token: 'Facebot', owner: 'Meta', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Meta\'s crawler that it described as helping to improve advertising performance.' },
	{ token: 'Twitterbot', owner: 'X (Twitter)', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches pages linked in posts to build Cards (link previews).' },
	{ token: 'LinkedInBot', owner: 'LinkedIn', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches pages shared on LinkedIn to build link previews.' },
	{ token: 'Pinterestbot', owner: 'Pinterest', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Pinterest\'s crawler: collects pages and images for Pins.' },
	{ token: 'Slackbot', owner: 'Slack', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches links posted in Slack to show previews (its user agent is Slackbot-LinkExpanding).' },
	{ token: 'Discordbot', owner: 'Discord', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches links posted in Discord to build embeds.' },
	{ token: 'TelegramBot', owner: 'Telegram', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches links shared in Telegram to build link previews.' },
	{ token: 'WhatsApp', owner: 'Meta', kind: 'social', dialect: 'rfc9309', honours: {},
		description: 'Fetches links shared in WhatsApp to build link previews.' },
];

const ai: readonly CrawlerFacts[] = [
	{ token: 'GPTBot', owner: 'OpenAI', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Crawls content that may be used to train OpenAI\'s generative AI foundation models.' },
	{ token: 'OAI-SearchBot', owner: 'OpenAI', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Crawls to show websites in ChatGPT\'s search features; OpenAI says it is not used for training.' },
	{ token: 'ChatGPT-User', owner: 'OpenAI', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Visits a page when a ChatGPT user or a custom GPT asks for it; not used for automatic crawling.' },
	{ token: 'ClaudeBot', owner: 'Anthropic', kind: 'ai', dialect: 'rfc9309', honours: anthropicHonours,
		description: 'Collects public web content that may be used to train Anthropic\'s models.' },
	{ token: 'Claude-SearchBot', owner: 'Anthropic', kind: 'ai', dialect: 'rfc9309', honours: anthropicHonours,
		description: 'Crawls to improve the quality of Claude\'s search results.' },
	{ token: 'Claude-User', owner: 'Anthropic', kind: 'ai', dialect: 'rfc9309', honours: anthropicHonours,
		description: 'Fetches pages when a Claude user asks a question that needs them.' },
	{ token: 'anthropic-ai', owner: 'Anthropic', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'A former Anthropic token that Anthropic no longer lists; AI blocklists keep it.' },
	{ token: 'Claude-Web', owner: 'Anthropic', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'A former Anthropic token that Anthropic no longer lists; AI blocklists keep it.' },
	{ token: 'CCBot', owner: 'Common Crawl', kind: 'ai', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Common Crawl\'s crawler; its free web archive is a widely used source of AI training data.' },
	{ token: 'PerplexityBot', owner: 'Perplexity', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Surfaces and links websites in Perplexity\'s search results; Perplexity says it does not crawl for AI foundation models.' },
	{ token: 'Perplexity-User', owner: 'Perplexity', kind: 'ai', dialect: 'rfc9309', honours: {}, ignoresRobotsTxt: true,
		description: 'Fetches pages when a Perplexity user asks a question; Perplexity says it generally ignores robots.txt because a user asked for the page.' },
	{ token: 'Applebot-Extended', owner: 'Apple', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'A control token, not a crawler: disallowing it keeps content that Applebot crawls out of the training of Apple\'s generative foundation models.' },
	{ token: 'meta-externalagent', owner: 'Meta', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Meta\'s crawler for uses such as training AI models or improving products by indexing content directly.' },
	{ token: 'meta-externalfetcher', owner: 'Meta', kind: 'ai', dialect: 'rfc9309', honours: {}, ignoresRobotsTxt: true,
		description: 'Fetches individual links on a user\'s request for Meta AI products; Meta says it may bypass robots.txt because a user asked.' },
	{ token: 'FacebookBot', owner: 'Meta', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Meta\'s crawler that collected public web pages to improve the language models of its speech recognition.' },
	{ token: 'Bytespider', owner: 'ByteDance', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'ByteDance\'s web crawler.' },
	{ token: 'cohere-ai', owner: 'Cohere', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'A Cohere user agent token, listed by AI blocklists.' },
	{ token: 'cohere-training-data-crawler', owner: 'Cohere', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Cohere\'s crawler that collects training data for its models.' },
	{ token: 'DuckAssistBot', owner: 'DuckDuckGo', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Fetches pages for DuckAssist\'s AI-assisted answers, which cite their sources; DuckDuckGo says the data is not used to train AI models.' },
	{ token: 'YouBot', owner: 'You.com', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'The crawler of You.com\'s AI search engine.' },
	{ token: 'MistralAI-User', owner: 'Mistral AI', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Fetches pages when a user of Mistral\'s Le Chat asks for them; not used for automatic crawling.' },
	{ token: 'AI2Bot', owner: 'Allen Institute for AI', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Crawls web content for training the open language models of the Allen Institute for AI (Ai2).' },
	{ token: 'PanguBot', owner: 'Huawei', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'Huawei\'s crawler for training its PanGu models.' },
	{ token: 'omgili', owner: 'Webz.io', kind: 'ai', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Webz.io (formerly Omgili), which sells web data feeds, among others for AI training.' },
];

const seo: readonly CrawlerFacts[] = [
	{ token: 'AhrefsBot', owner: 'Ahrefs', kind: 'seo', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Ahrefs\' crawler for its backlink index and SEO tools.' },
	{ token: 'AhrefsSiteAudit', owner: 'Ahrefs', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Ahrefs\' Site Audit, run for a site by its owner.' },
	{ token: 'SemrushBot', owner: 'Semrush', kind: 'seo', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Semrush\'s crawler for its backlink and SEO data.' },
	{ token: 'SiteAuditBot', owner: 'Semrush', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Semrush\'s Site Audit tool.' },
	{ token: 'MJ12bot', owner: 'Majestic', kind: 'seo', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Majestic\'s crawler for its backlink index.' },
	{ token: 'DotBot', owner: 'Moz', kind: 'seo', dialect: 'rfc9309', honours: { crawlDelay: true },
		description: 'Moz\'s crawler for its link index.' },
	{ token: 'rogerbot', owner: 'Moz', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'The crawler of Moz Pro\'s site crawl for campaigns.' },
	{ token: 'BLEXBot', owner: 'WebMeUp', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'WebMeUp\'s backlink crawler.' },
	{ token: 'serpstatbot', owner: 'Serpstat', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'Serpstat\'s crawler for its backlink index.' },
	{ token: 'DataForSeoBot', owner: 'DataForSEO', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'DataForSEO\'s crawler for its SEO data.' },
	{ token: 'Barkrowler', owner: 'Babbar', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'Babbar\'s crawler for its SEO metrics.' },
	{ token: 'Screaming Frog SEO Spider', owner: 'Screaming Frog', kind: 'seo', dialect: 'rfc9309', honours: {},
		description: 'A desktop SEO crawler that its users run against sites.' },
];

const archive: readonly CrawlerFacts[] = [
	{ token: 'archive.org_bot', owner: 'Internet Archive', kind: 'archive', dialect: 'rfc9309', honours: {},
		description: 'The Internet Archive\'s crawler for the Wayback Machine.' },
	{ token: 'ia_archiver', owner: 'Alexa Internet (Amazon)', kind: 'archive', dialect: 'rfc9309', honours: {},
		description: 'Alexa Internet\'s crawler (Alexa was retired in 2022); sites long used this token to keep pages out of the Wayback Machine.' },
];

const other: readonly CrawlerFacts[] = [
	{ token: 'Amazonbot', owner: 'Amazon', kind: 'other', dialect: 'rfc9309', honours: {},
		description: 'Amazon\'s web crawler, used to improve Amazon\'s products and services.' },
	{ token: 'Diffbot', owner: 'Diffbot', kind: 'other', dialect: 'rfc9309', honours: {},
		description: 'Extracts structured data from web pages for Diffbot\'s Knowledge Graph.' },
	{ token: 'Scrapy', owner: 'Scrapy (open source)', kind: 'other', dialect: 'rfc9309', honours: {},
		description: 'The default user agent of Scrapy, a Python crawling framework; it obeys robots.txt when the project sets ROBOTSTXT_OBEY.' },
	{ token: 'Wget', owner: 'GNU Project', kind: 'other', dialect: 'rfc9309', honours: {},
		description: 'GNU Wget, a command-line downloader: it obeys robots.txt during recursive downloads unless told `-e robots=off`.' },
	{ token: 'HTTrack', owner: 'HTTrack (open source)', kind: 'other', dialect: 'rfc9309', honours: {},
		description: 'A website copier that downloads whole sites for offline browsing; it follows robots.txt by default.' },
];

/** Crawlers people name in robots.txt files, grouped by owner; each token appears once. */
export const knownCrawlers: readonly CrawlerFacts[] = [
	...google,
	...microsoft,
	...search,
	...yandex,
	...social,
	...ai,
	...seo,
	...archive,
	...other,
];

const byLowerCaseToken = new Map<string, CrawlerFacts>(knownCrawlers.map((crawler) => [crawler.token.toLowerCase(), crawler]));

/** The crawler with this token, compared case-insensitively. */
export function findCrawler(token: string): CrawlerFacts | undefined {
	return byLowerCaseToken.get(token.trim().toLowerCase());
}
