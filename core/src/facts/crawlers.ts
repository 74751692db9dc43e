/**
 * The crawler catalogue: every crawler we know as data, with the public source of each fact about how it reads
 * robots.txt. A crawler is a dialect (how its parser reads the file) plus its documented behaviour on top: the tokens
 * it falls back to, whether it ignores `*`, where it stops reading, which other directives it honours.
 * A fact with no public source is marked as assumed (`assumed`), never presented as documented.
 * `crawlers/` turns these facts into answers; nothing else reads them to decide verdicts.
 */

import type { Dialect } from '../dialect';
import { t } from '../l10n';
import { googleRobotsSpec, yandexRobotsHelp, type FetchPolicyId } from './fetching';
import { yandexRobots } from './yandexRobots';

/** What a crawler is for. */
export type CrawlerCategory =
	/** Crawls to index pages for a search engine. */
	| 'search'
	/** Checks ads and their landing pages. */
	| 'ads'
	/** Collects content to train AI models (including control tokens that decide that use). */
	| 'ai-training'
	/** Crawls for an AI search engine or assistant that answers with, and links to, pages. */
	| 'ai-search'
	/** Fetches single pages when a person asks (an assistant, a preview, a verification). */
	| 'user-fetch'
	/** SEO tools: backlink indexes, site audits. */
	| 'seo'
	/** Web archives. */
	| 'archive'
	/** Link previews of social networks and messengers. */
	| 'social'
	/** Uptime and performance monitoring. */
	| 'monitoring'
	/** Generic robots.txt parsers that libraries and old robots use, not one company's crawler (opt-in). */
	| 'library'
	| 'other';

/** Every category of the catalogue, in the order lists show them. */
export const crawlerCategories: readonly CrawlerCategory[] = [
	'search',
	'ads',
	'ai-training',
	'ai-search',
	'user-fetch',
	'seo',
	'archive',
	'social',
	'monitoring',
	'library',
	'other',
];

/** Where a crawler stops reading, and what it makes of a file that is longer. */
export interface SizeLimit {
	/** Octets of the file (as served) that the crawler reads. */
	readonly bytes: number;
	/** `truncate`: the rest of the file is ignored; `allow-all`: a longer file is treated as allowing everything. */
	readonly beyond: 'truncate' | 'allow-all';
}

/** Directives other than User-agent, Allow and Disallow that a crawler may honour; missing means not documented. */
export interface CrawlerHonours {
	/** `Allow` lines. */
	readonly allow?: boolean;
	/** `*` and `$` in path patterns. */
	readonly wildcards?: boolean;
	readonly crawlDelay?: boolean;
	/** Yandex's mirror directive. */
	readonly host?: boolean;
	readonly cleanParam?: boolean;
	readonly sitemap?: boolean;
}

/** The facts a catalogue entry states; each one has a source or is listed in `assumed`. */
export type CrawlerFact = 'category' | 'dialect' | 'fallback' | 'ignoresGlobalGroup' | 'sizeLimit' | 'honours' | 'controlToken' | 'ignoresRobotsTxt' | 'fetch';

export const crawlerFactNames: readonly CrawlerFact[] = [
	'category',
	'dialect',
	'fallback',
	'ignoresGlobalGroup',
	'sizeLimit',
	'honours',
	'controlToken',
	'ignoresRobotsTxt',
	'fetch',
];

/** One crawler as its owner documents it. */
export interface CrawlerFacts {
	/** The product token to write after `User-agent:`, in its owner's spelling. */
	readonly token: string;
	/** The company or project that runs it. */
	readonly owner: string;
	readonly category: CrawlerCategory;
	/** What it does, one or two sentences, in the configured language (read each time). */
	readonly description: string;
	/** The parser it runs: one of our dialects. */
	readonly dialect: Dialect;
	/** Tokens whose groups it follows, in order, when no group names its own token; `*` comes after them. */
	readonly fallback: readonly string[];
	/** Documented to ignore the `User-agent: *` group: only groups naming it (or its fallbacks) apply. */
	readonly ignoresGlobalGroup: boolean;
	/** Where it stops reading; null when it reads any size. */
	readonly sizeLimit: SizeLimit | null;
	readonly honours: CrawlerHonours;
	/** A token that decides a use of content (AI training) but fetches nothing itself. */
	readonly controlToken: boolean;
	/**
	 * For a token that a whole family of robots accepts rather than one robot (`Yandex`): the robot that answers for
	 * the family where a list names crawlers (the file's, the diff's), so that no list shows a group name as a crawler.
	 */
	readonly standsFor?: string;
	/** Documented not to follow robots.txt (fetches a user asked for). */
	readonly ignoresRobotsTxt: boolean;
	/** How it fetches robots.txt: what statuses, redirects, errors and headers make it conclude (facts/fetching.ts). */
	readonly fetch: FetchPolicyId;
	/** The public source (title and URL) of each fact that has one. */
	readonly sources: Readonly<Partial<Record<CrawlerFact, string>>>;
	/** Facts no public source states: our assumption, shown as such. */
	readonly assumed: readonly CrawlerFact[];
	/** The owner's note on how it relates to other tokens, shown in hovers, in the configured language. */
	readonly familyNote?: string;
	/**
	 * Keys of `honours` that no source states although `honours` itself is sourced: one page can document most of
	 * what a crawler reads and say nothing of one directive, and that one value stays marked as our assumption.
	 */
	readonly honoursAssumed?: readonly (keyof CrawlerHonours)[];
}

/** Text for people, written when it is shown so that it comes in the language set by then (core/l10n.ts). */
type Prose = () => string;

/**
 * A catalogue entry as written below: facts left out take the defaults, and count as assumed unless sourced. The
 * prose (description, family note) is a function that calls `t` on its English text, since the table is built at
 * import time, before an edge has set the language.
 */
type CrawlerEntry = Pick<CrawlerFacts, 'token' | 'owner' | 'category' | 'dialect'> &
	Partial<Omit<CrawlerFacts, 'token' | 'owner' | 'category' | 'description' | 'dialect' | 'assumed' | 'familyNote'>> & {
		readonly description: Prose;
		readonly familyNote?: Prose;
	};

/** RFC 9309 §2.5: "The parsing limit MUST be at least 500 kibibytes". */
export const rfcMinimumSizeLimit: SizeLimit = { bytes: 500 * 1024, beyond: 'truncate' };

/** Fills in the defaults of an entry and lists every fact it states without a source as assumed. */
function complete(entry: CrawlerEntry): CrawlerFacts {
	const { description, familyNote, ...rest } = entry;
	const sources = entry.sources ?? {};
	const facts: Omit<CrawlerFacts, 'description' | 'familyNote'> = {
		...rest,
		fallback: entry.fallback ?? [],
		ignoresGlobalGroup: entry.ignoresGlobalGroup ?? false,
		sizeLimit: entry.sizeLimit === undefined ? rfcMinimumSizeLimit : entry.sizeLimit,
		honours: entry.honours ?? {},
		controlToken: entry.controlToken ?? false,
		ignoresRobotsTxt: entry.ignoresRobotsTxt ?? false,
		// The standard's fetching unless the owner documents its own; without a source it stays our assumption.
		fetch: entry.fetch ?? 'rfc9309',
		sources,
		assumed: crawlerFactNames.filter((fact) => sources[fact] === undefined),
	};
	// The prose stays readable as plain string fields, translated each time it is read: getters, enumerable so that
	// a profile made by spreading the facts (crawlers/profile.ts) copies the text in the language of that moment.
	Object.defineProperty(facts, 'description', { get: description, enumerable: true });
	if (familyNote) {
		Object.defineProperty(facts, 'familyNote', { get: familyNote, enumerable: true });
	}
	return facts as CrawlerFacts;
}

// The public pages and code each sourced fact was read from, as "Title (URL)". A fact cites only what the page
// itself says; where a page was read as its owner's Markdown rendering (Google's `.md.txt`, Yandex's `.md`), the URL
// is the page's own. Several sources for one fact are joined with "; ".

/** Google's open-source parser, "production code used by Googlebot" and "the parser that Google uses". */
const googleLibrary = 'Google: Robots.txt Parser and Matcher Library, README (https://github.com/google/robotstxt)';
/** Common crawlers "always respect robots.txt rules for automatic crawls"; AdsBot ignores `*`. */
const googleOverview =
	'Google: Overview of Google crawlers and fetchers (https://developers.google.com/crawling/docs/crawlers-fetchers/overview-google-crawlers)';
/**
 * Google's common crawlers (Googlebot-Image, -News, -Video among them) "always obey robots.txt rules when crawling
 * automatically"; "Some crawlers have more than one user agent token; you need to match only one crawler token for a
 * rule to apply", and the page lists `Googlebot-Image, Googlebot` as Googlebot-Image's tokens (likewise News, Video).
 */
export const googleCommonCrawlers =
	"Google: List of Google's common crawlers (https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers)";
/** "Googlebot is the generic name for two types of web crawlers used by Google Search". */
const googlebotPage = 'Google: Googlebot (https://developers.google.com/search/docs/crawling-indexing/googlebot)';
/** "AdsBot ignores the global robots.txt user agent (*)"; APIs-Google and AdsBot-Google-Mobile: "The global user agent (*) is ignored". */
export const googleSpecialCrawlers =
	"Google: List of Google's special-case crawlers (https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers)";
/** "Because the fetch was requested by a user, these fetchers generally ignore robots.txt rules"; lists Feedfetcher and Gemini Notebook. */
export const googleUserFetchers =
	'Google: List of Google user-triggered fetchers (https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers)';
/** "Feedfetcher ignores robots.txt rules". */
const googleFeedfetcher = 'Google: Feedfetcher (https://developers.google.com/crawling/docs/crawlers-fetchers/feedfetcher)';

/**
 * "If the User-agent: Yandex string is detected, the User-agent: * string is ignored", "User-agent: Yandex # will be
 * used by all Yandex bots", and "Some Yandex robots may ignore directives in robots.txt, including those for
 * User-agent: Yandex. To set directives for such robots, add them to robots.txt specifying their exact User-agent."
 */
const yandexUserAgent = 'Yandex Webmaster help: The User-agent directive (https://yandex.com/support/webmaster/en/robot-workings/user-agent)';
/** "From February 22, 2018, Yandex doesn't take into account the Crawl-delay directive." */
const yandexCrawlDelay = 'Yandex Webmaster help: The Crawl-delay directive (https://yandex.com/support/webmaster/en/robot-workings/crawl-delay)';
/** Disallow and Allow, and the advice to use Clean-param for pages whose URLs differ in GET parameters. */
const yandexAllowDisallow = 'Yandex Webmaster help: Disallow and Allow directives (https://yandex.com/support/webmaster/en/robot-workings/allow-disallow)';
/** The parser's errors: Sitemap needs a full URL, Clean-param format, "a special character other than * and $". */
const yandexParsingErrors = 'Yandex Webmaster help: Robots.txt parsing errors (https://yandex.com/support/webmaster/en/error-dictionary/robots-txt)';
/** The bot table: each robot's required prefix (`Yandex`, or its own name for the robots that need their own group). */
const yandexLibraryAgents =
	'Yandex robots.txt library: robotstxtcfg/user_agents.h (https://github.com/ydb-platform/ydb/blob/main/library/cpp/robots_txt/robotstxtcfg/user_agents.h)';

/** "We obey the crawl-delay the robots.txt convention"; "Our bot's Exclusion User-Agent string is: ccbot". */
const commonCrawlBot = 'Common Crawl: ccBot (http://www.commoncrawl.org/bot.html)';
/** Crawls "adhere to a site's robots.txt instructions, including the disallow and crawl-delay directives"; not for AI training. */
const diffbotRobots = 'Diffbot: Does Diffbot respect robots.txt? (https://docs.diffbot.com/docs/does-crawl-respect-robotstxt)';
/** "Webmasters can use the following robots.txt tags ... Each setting works independently". */
export const perplexityCrawlers = 'Perplexity: Perplexity Crawlers (https://docs.perplexity.ai/docs/resources/perplexity-crawlers)';
/**
 * OpenAI's crawler page: GPTBot's content "may be used in training our generative AI foundation models"; OAI-SearchBot
 * surfaces sites in ChatGPT's search features; OAI-AdsBot checks the landing pages submitted as ads on ChatGPT and its
 * data is not used to train models; ChatGPT-User acts on a user's request, so "robots.txt rules may not apply" to it.
 * Webmasters manage GPTBot and OAI-SearchBot with their "robots.txt tags", each independently of the other.
 */
export const openAiBots = 'OpenAI: Overview of OpenAI Crawlers (https://developers.openai.com/api/docs/bots)';
/**
 * OpenAI's guidance for advertisers: "You must allow OAI-AdsBot"; of robots.txt, "OpenAI crawlers respect these rules.
 * If access is disallowed in robots.txt, crawling will stop immediately."
 */
const openAiAdvertisers =
	'OpenAI Help Center: Advertiser Guidance for Allowing OpenAI Web Crawlers (https://help.openai.com/en/articles/20001243-advertiser-guidance-for-allowing-openai-web-crawlers)';
/** Meta's crawler page: Meta-ExternalAds crawls the web "for improving advertising and business-related products and services". */
const metaCrawlers = 'Meta: Meta Web Crawlers (https://developers.facebook.com/docs/sharing/webmasters/web-crawlers)';
/** "Amazon Kendra Web Crawler respects standard robots.txt directives like Allow and Disallow"; its token is `amazon-kendra`. */
const amazonKendra = 'AWS: Configuring the robots.txt file for Amazon Kendra Web Crawler (https://docs.aws.amazon.com/kendra/latest/dg/stop-web-crawler.html)';
/**
 * The community list of AI agents (MIT; a copy with its commit and date in test/fixtures/catalogue/): for each token an
 * operator, a function and whether it respects robots.txt ("Yes", "No" or "Unclear at this time"). Cited where no
 * owner's page was read; `npm run catalogue:check` compares the catalogue with it.
 */
export const aiRobotsTxtList =
	'ai.robots.txt: robots.json, the community list of AI agents (https://github.com/ai-robots-txt/ai.robots.txt/blob/main/robots.json)';

/**
 * Python's robotparser as it was for most of its life: "implemented as specified in" the 1996 draft, records end at
 * blank lines, the first matching record and then the first matching rule decide, `f.read()` takes the whole file.
 */
const pythonRobotparser =
	'CPython: Lib/urllib/robotparser.py, the 1996-draft version (https://github.com/python/cpython/blob/b494c21bdd5371962bc29d7e0a81d6fb4338cdb0/Lib/urllib/robotparser.py)';
/** Perl's WWW::RobotRules: "parses /robots.txt files as specified in 'A Standard for Robot Exclusion'"; Disallow only. */
const wwwRobotRules =
	'libwww-perl: WWW::RobotRules 6.02, lib/WWW/RobotRules.pm (https://github.com/libwww-perl/WWW-RobotRules/blob/master/lib/WWW/RobotRules.pm)';
/** LWP::RobotUA, the user agent that fetches robots.txt for WWW::RobotRules: what it does with each response. */
const lwpRobotUA = 'libwww-perl: LWP::RobotUA, lib/LWP/RobotUA.pm (https://github.com/libwww-perl/libwww-perl/blob/master/lib/LWP/RobotUA.pm)';

// What Google's parser reads: Allow and `*`/`$` in its code; Crawl-delay it ignores. Google's specification page, which
// says crawl-delay is not supported, is not among the sources read for this catalogue, so the value stays assumed.
const googleHonours: CrawlerHonours = { allow: true, wildcards: true, crawlDelay: false };
// Bing documents Allow, `*`, `$` and Crawl-delay (Bing Webmaster blog, 2009 and 2012; not re-read for this catalogue).
const bingHonours: CrawlerHonours = { allow: true, wildcards: true, crawlDelay: true };
// Anthropic: its bots honour robots.txt and "the non-standard Crawl-delay extension" (Anthropic's help centre).
const anthropicHonours: CrawlerHonours = { crawlDelay: true };

// Shared by the crawlers Google lists with two tokens, so that a hover can name them together.
const googleTwoTokens = () =>
	t(
		"Google lists two tokens for it, its own and `Googlebot`, and a group has to match only one of them; the most specific group wins, so without a group of its own it follows the `Googlebot` groups (Google's crawler overview).",
	);
const googleOtherTwoTokens = () =>
	t('Google lists two tokens for it, its own and `GoogleOther`; without a group of its own it follows the `GoogleOther` groups.');

/**
 * The sources every Google entry shares: Google's parser, and Google's robots.txt page for how its crawlers fetch the
 * file and where they stop reading ("Google enforces a robots.txt file size limit of 500 kibibytes (KiB). Content which
 * is after the maximum file size is ignored.").
 */
const googleDialect = { dialect: googleLibrary, fetch: googleRobotsSpec, sizeLimit: googleRobotsSpec } as const;

// The crawlers only the community list describes: one sentence per kind, with the owner's name, so that translating
// them stays mechanical; a kind with no sentence of its own takes the `other` one.
const listedDescriptions: Partial<Record<CrawlerCategory, (owner: string) => string>> = {
	'ai-training': (owner) => t('A crawler of {0} that collects content for AI training.', owner),
	'ai-search': (owner) => t('A crawler of {0} that indexes pages for AI search and answers.', owner),
	'user-fetch': (owner) => t('Fetches pages when a user of {0} asks its AI assistant or agent for them.', owner),
	other: (owner) => t('A crawler of {0} that collects web data for AI applications.', owner),
};

/**
 * A crawler as the community list states it: its kind from the list's "function", and `ignoresRobotsTxt` from its
 * "respect" where that says yes or no; an unclear answer leaves the fact to our assumption (it follows robots.txt).
 */
function listed(token: string, owner: string, category: CrawlerCategory, respect: 'yes' | 'no' | 'unclear'): CrawlerEntry {
	const describe = listedDescriptions[category] ?? listedDescriptions.other!;
	return {
		token,
		owner,
		category,
		dialect: 'rfc9309',
		honours: {},
		ignoresRobotsTxt: respect === 'no',
		description: () => describe(owner),
		sources: respect === 'unclear' ? { category: aiRobotsTxtList } : { category: aiRobotsTxtList, ignoresRobotsTxt: aiRobotsTxtList },
	};
}

const google: readonly CrawlerEntry[] = [
	{
		token: 'Googlebot',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t("Google Search's main crawler, for desktop and smartphone pages."),
		sources: { ...googleDialect, category: googlebotPage, ignoresRobotsTxt: googleOverview, controlToken: googleLibrary },
	},
	{
		token: 'Googlebot-Image',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Crawls image bytes for Google Images and products that depend on images.'),
		fallback: ['Googlebot'],
		familyNote: googleTwoTokens,
		sources: { ...googleDialect, category: googleCommonCrawlers, fallback: googleCommonCrawlers, ignoresRobotsTxt: googleCommonCrawlers },
	},
	{
		token: 'Googlebot-News',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Google News: the crawling is done by Googlebot, but Google still respects this historic token.'),
		fallback: ['Googlebot'],
		familyNote: googleTwoTokens,
		sources: { ...googleDialect, category: googleCommonCrawlers, fallback: googleCommonCrawlers, ignoresRobotsTxt: googleCommonCrawlers },
	},
	{
		token: 'Googlebot-Video',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Crawls video bytes for Google Video and products that depend on videos.'),
		fallback: ['Googlebot'],
		familyNote: googleTwoTokens,
		sources: { ...googleDialect, category: googleCommonCrawlers, fallback: googleCommonCrawlers, ignoresRobotsTxt: googleCommonCrawlers },
	},
	{
		token: 'Storebot-Google',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Google StoreBot, the crawler for Google Shopping.'),
		familyNote: () => t("Google's own example: without a `Storebot-Google` group it follows `*`, not the `Googlebot` groups."),
		sources: googleDialect,
	},
	{
		token: 'Google-InspectionTool',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Used by Search testing tools such as the Rich Results Test and URL Inspection in Search Console.'),
		sources: googleDialect,
	},
	{
		token: 'GoogleOther',
		owner: 'Google',
		category: 'other',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('Generic Google crawler that product teams use to fetch public content, for example one-off crawls for research and development.'),
		sources: googleDialect,
	},
	{
		token: 'GoogleOther-Image',
		owner: 'Google',
		category: 'other',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('The version of GoogleOther that fetches images.'),
		fallback: ['GoogleOther'],
		familyNote: googleOtherTwoTokens,
		sources: googleDialect,
	},
	{
		token: 'GoogleOther-Video',
		owner: 'Google',
		category: 'other',
		dialect: 'google',
		honours: googleHonours,
		description: () => t('The version of GoogleOther that fetches videos.'),
		fallback: ['GoogleOther'],
		familyNote: googleOtherTwoTokens,
		sources: googleDialect,
	},
	{
		token: 'Google-Extended',
		owner: 'Google',
		category: 'ai-training',
		dialect: 'google',
		honours: googleHonours,
		controlToken: true,
		description: () =>
			t(
				'A control token, not a crawler of its own: it decides whether content Google crawls may be used to train Gemini models and for grounding. It does not affect Google Search.',
			),
		sources: googleDialect,
	},
	{
		token: 'Google-CloudVertexBot',
		owner: 'Google',
		category: 'ai-search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t("Crawls sites on their owners' request when they build Vertex AI Agents."),
		sources: googleDialect,
	},
	{
		token: 'AdsBot-Google',
		owner: 'Google',
		category: 'ads',
		dialect: 'google',
		honours: googleHonours,
		ignoresGlobalGroup: true,
		description: () => t('Checks the ad quality of desktop web pages.'),
		sources: { ...googleDialect, category: googleSpecialCrawlers, ignoresGlobalGroup: `${googleSpecialCrawlers}; ${googleOverview}` },
	},
	{
		token: 'AdsBot-Google-Mobile',
		owner: 'Google',
		category: 'ads',
		dialect: 'google',
		honours: googleHonours,
		ignoresGlobalGroup: true,
		description: () => t('Checks the ad quality of mobile web pages.'),
		sources: { ...googleDialect, category: googleSpecialCrawlers, ignoresGlobalGroup: googleSpecialCrawlers },
	},
	// Google's special-case list gives Mediapartners-Google its own "global user agent is ignored" line, but that part
	// of the page was not among what could be read for this catalogue, so the fact stays assumed.
	{
		token: 'Mediapartners-Google',
		owner: 'Google',
		category: 'ads',
		dialect: 'google',
		honours: googleHonours,
		ignoresGlobalGroup: true,
		description: () => t('Visits pages for Google AdSense and other ad products, to find out what they are about and show relevant ads.'),
		sources: googleDialect,
	},
	{
		token: 'APIs-Google',
		owner: 'Google',
		category: 'other',
		dialect: 'google',
		honours: googleHonours,
		ignoresGlobalGroup: true,
		description: () => t('Delivers push notification messages for Google APIs.'),
		sources: { ...googleDialect, category: googleSpecialCrawlers, ignoresGlobalGroup: googleSpecialCrawlers },
	},
	{
		token: 'FeedFetcher-Google',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t('Fetches RSS and Atom feeds for Google News and WebSub when users of an app or service ask for them.'),
		sources: { ...googleDialect, category: googleUserFetchers, ignoresRobotsTxt: `${googleFeedfetcher}; ${googleUserFetchers}` },
	},
	{
		token: 'Google-Read-Aloud',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t('Fetches a page when a user asks Google Read Aloud to read it out.'),
		sources: googleDialect,
	},
	{
		token: 'Google-Site-Verification',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t('Fetches Search Console verification tokens when a user asks for verification.'),
		sources: { ...googleDialect, category: googleUserFetchers, ignoresRobotsTxt: googleUserFetchers },
	},
	{
		token: 'Google-GeminiNotebook',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t("Gemini Notebook's fetcher: it requests pages that a user adds to a notebook."),
		sources: { ...googleDialect, category: googleUserFetchers, ignoresRobotsTxt: googleUserFetchers },
	},
	{
		token: 'Google-NotebookLM',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () =>
			t(
				"The token AI blocklists give NotebookLM's fetcher; Google's list of user-triggered fetchers now names a Gemini Notebook fetcher (`Google-GeminiNotebook`).",
			),
		sources: googleDialect,
	},
	{
		token: 'Gemini-Deep-Research',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		description: () => t("The token AI blocklists give the fetches of Gemini's Deep Research feature, which reads pages for a user's research task."),
		sources: googleDialect,
	},
	{
		token: 'Googlebot-Mobile',
		owner: 'Google',
		category: 'search',
		dialect: 'google',
		honours: googleHonours,
		description: () => t("Google's former crawler for feature-phone pages; it is no longer in Google's list of crawlers."),
		sources: googleDialect,
	},
	{
		token: 'Google-Agent',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t("Used by agents hosted on Google's infrastructure to browse the web and act on a user's request (Project Mariner, for example)."),
		sources: { ...googleDialect, category: `${googleUserFetchers}; ${aiRobotsTxtList}`, ignoresRobotsTxt: googleUserFetchers },
	},
	{
		token: 'Google-CWS',
		owner: 'Google',
		category: 'user-fetch',
		dialect: 'google',
		honours: googleHonours,
		ignoresRobotsTxt: true,
		description: () => t('The Chrome Web Store fetcher: it requests the URLs that developers give in the metadata of their extensions and themes.'),
		sources: { ...googleDialect, category: googleUserFetchers, ignoresRobotsTxt: googleUserFetchers },
	},
	...(
		[
			['GoogleAgent-Mariner', 'user-fetch'],
			['GoogleAgent-URLContext', 'user-fetch'],
			['Google-Firebase', 'user-fetch'],
			['Google-Gemini-CLI', 'user-fetch'],
			['NotebookLM', 'user-fetch'],
			['CloudVertexBot', 'ai-search'],
		] as const
	).map(
		([token, category]): CrawlerEntry => ({
			...listed(token, 'Google', category, 'unclear'),
			dialect: 'google',
			honours: googleHonours,
			sources: { ...googleDialect, category: aiRobotsTxtList },
		}),
	),
];

const microsoft: readonly CrawlerEntry[] = [
	{
		token: 'bingbot',
		owner: 'Microsoft',
		category: 'search',
		dialect: 'rfc9309',
		honours: bingHonours,
		description: () => t("Microsoft Bing's web crawler."),
		fallback: ['msnbot'],
		familyNote: () =>
			t(
				'Bing says bingbot honours groups written for `msnbot`, and a `bingbot` group takes precedence (Bing Webmaster blog, 2010). A `bingbot` group replaces the `*` group completely, except for Crawl-delay (F. Dubut, Bing, 2019).',
			),
	},
	{
		token: 'msnbot',
		owner: 'Microsoft',
		category: 'search',
		dialect: 'rfc9309',
		honours: bingHonours,
		description: () => t("Microsoft's crawler before bingbot took its place in October 2010; bingbot still honours msnbot groups."),
	},
	{
		token: 'msnbot-media',
		owner: 'Microsoft',
		category: 'search',
		dialect: 'rfc9309',
		honours: bingHonours,
		description: () => t("Bing's crawler for images and videos."),
	},
	{
		token: 'AdIdxBot',
		owner: 'Microsoft',
		category: 'ads',
		dialect: 'rfc9309',
		honours: bingHonours,
		description: () => t("Microsoft Advertising's crawler: it follows ads through to their landing pages for quality control."),
	},
	{
		token: 'BingPreview',
		owner: 'Microsoft',
		category: 'search',
		dialect: 'rfc9309',
		honours: bingHonours,
		description: () => t("Makes page snapshots for Bing's search result previews."),
	},
	{
		token: 'AzureAI-SearchBot',
		owner: 'Microsoft',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The token AI blocklists give Azure AI Search's web crawling."),
	},
];

const search: readonly CrawlerEntry[] = [
	{ token: 'Slurp', owner: 'Yahoo', category: 'search', dialect: 'rfc9309', honours: { crawlDelay: true }, description: () => t("Yahoo's web crawler.") },
	{
		token: 'Baiduspider',
		owner: 'Baidu',
		category: 'search',
		dialect: 'rfc9309',
		honours: { allow: true, wildcards: true },
		description: () => t("Baidu's web search crawler."),
	},
	{
		token: 'Baiduspider-image',
		owner: 'Baidu',
		category: 'search',
		dialect: 'rfc9309',
		honours: { allow: true, wildcards: true },
		description: () => t("Baidu's image search crawler."),
	},
	{
		token: 'Baiduspider-video',
		owner: 'Baidu',
		category: 'search',
		dialect: 'rfc9309',
		honours: { allow: true, wildcards: true },
		description: () => t("Baidu's video search crawler."),
	},
	{ token: 'DuckDuckBot', owner: 'DuckDuckGo', category: 'search', dialect: 'rfc9309', honours: {}, description: () => t("DuckDuckGo's web crawler.") },
	{
		token: 'Applebot',
		owner: 'Apple',
		category: 'search',
		dialect: 'rfc9309',
		honours: { crawlDelay: false },
		description: () => t("Apple's web crawler, used by products such as Siri, Spotlight Suggestions and Safari."),
		fallback: ['Googlebot'],
		familyNote: () => t('Apple: if the robots instructions do not mention Applebot but mention Googlebot, Applebot follows the Googlebot instructions.'),
	},
	{
		token: 'Sogou web spider',
		owner: 'Sogou',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Sogou's web search crawler (China)."),
	},
	{
		token: '360Spider',
		owner: 'Qihoo 360',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of Qihoo 360's search engine, so.com (China)."),
	},
	{ token: 'Exabot', owner: 'Exalead', category: 'search', dialect: 'rfc9309', honours: {}, description: () => t("Exalead's search crawler.") },
	{
		token: 'SeznamBot',
		owner: 'Seznam.cz',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Seznam, a Czech search engine.'),
	},
	{
		token: 'Qwantify',
		owner: 'Qwant',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Qwant, a French search engine.'),
	},
	{ token: 'PetalBot', owner: 'Huawei', category: 'search', dialect: 'rfc9309', honours: {}, description: () => t("The crawler of Huawei's Petal Search.") },
	{
		token: 'Yeti',
		owner: 'Naver',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Naver, a South Korean search engine.'),
	},
	{ token: 'Daumoa', owner: 'Kakao', category: 'search', dialect: 'rfc9309', honours: {}, description: () => t('The crawler of Daum search (South Korea).') },
	{
		token: 'MojeekBot',
		owner: 'Mojeek',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Mojeek, an independent search engine with its own index.'),
	},
	{
		token: 'Mail.RU_Bot',
		owner: 'Mail.ru',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of Mail.ru's search (Russia)."),
	},
	{
		token: 'Bravebot',
		owner: 'Brave',
		category: 'search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Brave Search, which keeps its own index.'),
	},
];

// Yandex robots come from the table of Yandex's own robots.txt library; names appear there once per version.
const yandexOther = new Set([
	'YaDirectFetcher',
	'YandexDirect',
	'YandexDirectDyn',
	'YandexMetrika',
	'YandexCalendar',
	'YandexTracker',
	'YandexMediaSelling',
	'YandexPartner',
]);
// What Yandex's help documents: Allow and Disallow, `*` and `$`, Clean-param, Sitemap, and no Crawl-delay since 2018.
// Host: the current help no longer describes it and the library still parses it; the note that Yandex stopped using it
// in 2018 (mirrors are chosen by redirects) was not among the sources read, so that one value is marked assumed.
const yandexHonours: CrawlerHonours = { allow: true, wildcards: true, crawlDelay: false, host: false, cleanParam: true, sitemap: true };
const yandexHonoursSource = `${yandexAllowDisallow}; ${yandexCrawlDelay}; ${yandexParsingErrors}`;
// Yandex's help says robots process robots.txt correctly if "The file size doesn't exceed 500 KB" and that otherwise
// "the site is considered open for indexing". The library's limit is robots_max = 500_KB, where util's _KB multiplies
// by 1024: 512 000 octets. The same page documents how Yandex fetches the file (200 OK, TXT, redirects to other sites).
const yandexSizeLimit: SizeLimit = { bytes: 500 * 1024, beyond: 'allow-all' };

const yandex: readonly CrawlerEntry[] = [
	{
		token: 'Yandex',
		owner: 'Yandex',
		category: 'search',
		dialect: 'yandex',
		honours: yandexHonours,
		honoursAssumed: ['host'],
		sizeLimit: yandexSizeLimit,
		fetch: 'yandex',
		standsFor: 'YandexBot',
		description: () =>
			t(
				'Not one robot but the token every Yandex robot accepts: a `Yandex` group applies to all of them except those that need a group of their own (YaDirectFetcher, YandexDirect, …).',
			),
		sources: {
			dialect: yandexLibraryAgents,
			ignoresGlobalGroup: yandexUserAgent,
			honours: yandexHonoursSource,
			sizeLimit: yandexRobotsHelp,
			fetch: yandexRobotsHelp,
		},
	},
	...yandexRobots
		.filter((robot, i) => yandexRobots.findIndex((other) => other.name === robot.name) === i)
		.map((robot): CrawlerEntry => {
			// A robot whose required prefix is its own name needs a group naming it: `Yandex` and `*` do not reach it.
			const special = robot.requiredPrefix !== 'Yandex';
			return {
				token: robot.name,
				owner: 'Yandex',
				category: yandexOther.has(robot.name) ? 'other' : 'search',
				dialect: 'yandex',
				honours: yandexHonours,
				honoursAssumed: ['host'],
				sizeLimit: yandexSizeLimit,
				fetch: 'yandex',
				fallback: special ? [] : ['Yandex'],
				ignoresGlobalGroup: special,
				description: () => t('Yandex robot: {0}.', robot.purpose()),
				familyNote: special
					? () =>
							t(
								"Yandex's robots.txt library applies only groups whose value starts with `{0}` to it: a `Yandex` group does not, and Yandex says such robots need their exact User-agent.",
								robot.requiredPrefix,
							)
					: () => t("Yandex uses the group with the longest value that is a prefix of the robot's name (its own name before `Yandex`), else `*`."),
				sources: {
					dialect: yandexLibraryAgents,
					fallback: special ? yandexLibraryAgents : `${yandexUserAgent}; ${yandexLibraryAgents}`,
					ignoresGlobalGroup: special ? `${yandexUserAgent}; ${yandexLibraryAgents}` : yandexUserAgent,
					honours: yandexHonoursSource,
					sizeLimit: yandexRobotsHelp,
					fetch: yandexRobotsHelp,
				},
			};
		}),
	// Tokens AI blocklists name for Yandex's generative answers; Yandex's library table (as published) lists neither.
	{
		token: 'YandexAdditional',
		owner: 'Yandex',
		category: 'ai-search',
		dialect: 'yandex',
		honours: yandexHonours,
		sizeLimit: yandexSizeLimit,
		fetch: 'yandex',
		fallback: ['Yandex'],
		description: () => t("A token AI blocklists name for the use of pages in Yandex's generative answers; Yandex's robots.txt library does not list it."),
	},
	{
		token: 'YandexAdditionalBot',
		owner: 'Yandex',
		category: 'ai-search',
		dialect: 'yandex',
		honours: yandexHonours,
		sizeLimit: yandexSizeLimit,
		fetch: 'yandex',
		fallback: ['Yandex'],
		description: () => t("The robot AI blocklists name for Yandex's generative answers; Yandex's robots.txt library does not list it."),
	},
];

const social: readonly CrawlerEntry[] = [
	{
		token: 'facebookexternalhit',
		owner: 'Meta',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Fetches pages shared on Meta's apps (Facebook, Instagram, Messenger) to build link previews."),
	},
	{
		token: 'Facebot',
		owner: 'Meta',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Meta's crawler that it described as helping to improve advertising performance."),
	},
	{
		token: 'Twitterbot',
		owner: 'X (Twitter)',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches pages linked in posts to build Cards (link previews).'),
	},
	{
		token: 'LinkedInBot',
		owner: 'LinkedIn',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches pages shared on LinkedIn to build link previews.'),
	},
	{
		token: 'Pinterestbot',
		owner: 'Pinterest',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Pinterest's crawler: collects pages and images for Pins."),
	},
	{
		token: 'Slackbot',
		owner: 'Slack',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches links posted in Slack to show previews (its user agent is Slackbot-LinkExpanding).'),
	},
	{
		token: 'Discordbot',
		owner: 'Discord',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches links posted in Discord to build embeds.'),
	},
	{
		token: 'TelegramBot',
		owner: 'Telegram',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches links shared in Telegram to build link previews.'),
	},
	{
		token: 'WhatsApp',
		owner: 'Meta',
		category: 'social',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Fetches links shared in WhatsApp to build link previews.'),
	},
];

const ai: readonly CrawlerEntry[] = [
	{
		token: 'GPTBot',
		owner: 'OpenAI',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Crawls content that may be used to train OpenAI's generative AI foundation models."),
		sources: { category: openAiBots, ignoresRobotsTxt: openAiBots },
	},
	{
		token: 'OAI-SearchBot',
		owner: 'OpenAI',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Crawls to show websites in ChatGPT's search features; OpenAI says it is not used for training."),
		sources: { category: openAiBots, ignoresRobotsTxt: openAiBots },
	},
	{
		token: 'OAI-AdsBot',
		owner: 'OpenAI',
		category: 'ads',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Checks the landing pages submitted as ads on ChatGPT; OpenAI says its data is not used to train AI models.'),
		sources: { category: openAiBots, ignoresRobotsTxt: openAiAdvertisers },
	},
	{
		token: 'ChatGPT-User',
		owner: 'OpenAI',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		ignoresRobotsTxt: true,
		description: () => t('Visits a page when a ChatGPT user or a custom GPT asks for it; OpenAI says robots.txt rules may not apply to it.'),
		sources: { category: openAiBots, ignoresRobotsTxt: openAiBots },
	},
	{
		token: 'ClaudeBot',
		owner: 'Anthropic',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: anthropicHonours,
		description: () => t("Collects public web content that may be used to train Anthropic's models."),
	},
	{
		token: 'Claude-SearchBot',
		owner: 'Anthropic',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: anthropicHonours,
		description: () => t("Crawls to improve the quality of Claude's search results."),
	},
	{
		token: 'Claude-User',
		owner: 'Anthropic',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: anthropicHonours,
		description: () => t('Fetches pages when a Claude user asks a question that needs them.'),
	},
	{
		token: 'anthropic-ai',
		owner: 'Anthropic',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A former Anthropic token that Anthropic no longer lists; AI blocklists keep it.'),
	},
	{
		token: 'Claude-Web',
		owner: 'Anthropic',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A former Anthropic token that Anthropic no longer lists; AI blocklists keep it.'),
	},
	{
		token: 'CCBot',
		owner: 'Common Crawl',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Common Crawl's crawler; its free web archive is a widely used source of AI training data."),
		sources: { honours: commonCrawlBot },
	},
	{
		token: 'PerplexityBot',
		owner: 'Perplexity',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Surfaces and links websites in Perplexity's search results; Perplexity says it does not crawl for AI foundation models."),
		sources: { fallback: perplexityCrawlers },
	},
	{
		token: 'Perplexity-User',
		owner: 'Perplexity',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		ignoresRobotsTxt: true,
		description: () =>
			t('Fetches pages when a Perplexity user asks a question; Perplexity says it generally ignores robots.txt because a user asked for the page.'),
		sources: { fallback: perplexityCrawlers },
	},
	{
		token: 'Applebot-Extended',
		owner: 'Apple',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		controlToken: true,
		description: () =>
			t("A control token, not a crawler: disallowing it keeps content that Applebot crawls out of the training of Apple's generative foundation models."),
	},
	{
		token: 'meta-externalagent',
		owner: 'Meta',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Meta's crawler for uses such as training AI models or improving products by indexing content directly."),
	},
	{
		token: 'meta-externalfetcher',
		owner: 'Meta',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		ignoresRobotsTxt: true,
		description: () => t("Fetches individual links on a user's request for Meta AI products; Meta says it may bypass robots.txt because a user asked."),
	},
	{
		token: 'meta-webindexer',
		owner: 'Meta',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The token AI blocklists give Meta's crawler that indexes pages for answers in Meta AI."),
	},
	{
		token: 'Meta-ExternalAds',
		owner: 'Meta',
		category: 'ads',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Meta's crawler for improving its advertising and other business products and services."),
		sources: { category: metaCrawlers },
	},
	{
		token: 'FacebookBot',
		owner: 'Meta',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Meta's crawler that collected public web pages to improve the language models of its speech recognition."),
	},
	{ token: 'Bytespider', owner: 'ByteDance', category: 'ai-training', dialect: 'rfc9309', honours: {}, description: () => t("ByteDance's web crawler.") },
	{
		token: 'TikTokSpider',
		owner: 'ByteDance',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A ByteDance crawler that AI blocklists list next to Bytespider.'),
	},
	{
		token: 'Amzn-SearchBot',
		owner: 'Amazon',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The token AI blocklists give Amazon's crawler for search results in its AI assistants."),
	},
	{
		token: 'Amzn-User',
		owner: 'Amazon',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The token AI blocklists give Amazon's fetches made when a user of its AI assistants asks for a page."),
	},
	{
		token: 'cohere-ai',
		owner: 'Cohere',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A Cohere user agent token, listed by AI blocklists.'),
	},
	{
		token: 'cohere-training-data-crawler',
		owner: 'Cohere',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Cohere's crawler that collects training data for its models."),
	},
	{
		token: 'DuckAssistBot',
		owner: 'DuckDuckGo',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () =>
			t("Fetches pages for DuckAssist's AI-assisted answers, which cite their sources; DuckDuckGo says the data is not used to train AI models."),
	},
	{
		token: 'YouBot',
		owner: 'You.com',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of You.com's AI search engine."),
	},
	{
		token: 'MistralAI-User',
		owner: 'Mistral AI',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Fetches pages when a user of Mistral's Le Chat asks for them; not used for automatic crawling."),
	},
	{
		token: 'AI2Bot',
		owner: 'Allen Institute for AI',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Crawls web content for training the open language models of the Allen Institute for AI (Ai2).'),
	},
	{
		token: 'Ai2Bot-Dolma',
		owner: 'Allen Institute for AI',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The token AI blocklists give the crawl behind Ai2's Dolma training corpus."),
	},
	{
		token: 'PanguBot',
		owner: 'Huawei',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Huawei's crawler for training its PanGu models."),
	},
	{
		token: 'omgili',
		owner: 'Webz.io',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Webz.io (formerly Omgili), which sells web data feeds, among others for AI training.'),
	},
	{
		token: 'omgilibot',
		owner: 'Webz.io',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('Another Webz.io (Omgili) crawler token that AI blocklists list next to `omgili`.'),
	},
	{
		token: 'Webzio-Extended',
		owner: 'Webz.io',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		controlToken: true,
		description: () => t('A control token in the manner of Google-Extended: it decides whether content Webz.io crawls may be used for AI training.'),
	},
	{
		token: 'Timpibot',
		owner: 'Timpi',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Timpi, a decentralised search index whose data is also offered for AI training.'),
	},
	{
		token: 'ImagesiftBot',
		owner: 'ImageSift',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("ImageSift's crawler of public images, listed by AI blocklists."),
	},
	{
		token: 'Kangaroo Bot',
		owner: 'Kangaroo LLM',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () =>
			t('The crawler of Kangaroo LLM, an Australian language-model project; its token has a space, which RFC 9309 product tokens cannot have.'),
	},
	{
		token: 'PhindBot',
		owner: 'Phind',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Phind, an AI search engine for developers.'),
	},
	{
		token: 'TavilyBot',
		owner: 'Tavily',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler of Tavily, a search API for AI agents.'),
	},
	{
		token: 'iaskspider',
		owner: 'iAsk.AI',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of iAsk.AI's AI search engine."),
	},
	{
		token: 'ChatGLM-Spider',
		owner: 'Zhipu AI',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The crawler that AI blocklists attribute to Zhipu AI, the maker of the ChatGLM models.'),
	},
	{
		token: 'FirecrawlAgent',
		owner: 'Firecrawl',
		category: 'ai-search',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The user agent of Firecrawl, a service that turns pages into data for AI applications.'),
	},
	{
		token: 'img2dataset',
		owner: 'img2dataset (open source)',
		category: 'ai-training',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The default user agent of img2dataset, a tool that downloads image URL lists into training sets.'),
	},
];

// The AI agents of the community list that no owner's page read for the catalogue documents: owner, kind and respect
// as the list states them (`listed`). Kept out on purpose: test/fixtures/catalogue/left-out.json.
const communityListed: readonly CrawlerEntry[] = [
	{
		...listed('amazon-kendra', 'Amazon', 'ai-search', 'yes'),
		sources: { category: `${amazonKendra}; ${aiRobotsTxtList}`, ignoresRobotsTxt: amazonKendra },
	},
	...(
		[
			['Brightbot', 'Bright Data', 'ai-training', 'unclear'],
			['Cotoyogi', 'ROIS', 'ai-training', 'yes'],
			['DeepSeekBot', 'DeepSeek', 'ai-training', 'no'],
			['Factset_spyderbot', 'FactSet', 'ai-training', 'unclear'],
			['ICC-Crawler', 'NICT', 'ai-training', 'yes'],
			['ISSCyberRiskCrawler', 'ISS Corporate', 'ai-training', 'no'],
			['laion-huggingface-processor', 'LAION', 'ai-training', 'unclear'],
			['LAIONDownloader', 'LAION', 'ai-training', 'no'],
			['Poseidon Research Crawler', 'Poseidon Research', 'ai-training', 'unclear'],
			['SBIntuitionsBot', 'SB Intuitions', 'ai-training', 'yes'],
			['Sidetrade indexer bot', 'Sidetrade', 'ai-training', 'unclear'],
			['VelenPublicWebCrawler', 'Velen', 'ai-training', 'yes'],
			['AddSearchBot', 'AddSearch', 'ai-search', 'unclear'],
			['AIWebIndex', 'Lyrenth', 'ai-search', 'unclear'],
			['amazon-QBusiness', 'Amazon', 'ai-search', 'unclear'],
			['Andibot', 'Andi', 'ai-search', 'unclear'],
			['Anomura', 'Direqt', 'ai-search', 'yes'],
			['atlassian-bot', 'Atlassian', 'ai-search', 'yes'],
			['bedrockbot', 'Amazon', 'ai-search', 'yes'],
			['bigsur.ai', 'Big Sur AI', 'ai-search', 'unclear'],
			['Cloudflare-AutoRAG', 'Cloudflare', 'ai-search', 'yes'],
			['ExaSearchBot', 'Exa', 'ai-search', 'unclear'],
			['HenkBot', 'Valyu', 'ai-search', 'unclear'],
			['iAskBot', 'iAsk.AI', 'ai-search', 'unclear'],
			['LinerBot', 'Liner', 'ai-search', 'unclear'],
			['Querit-SearchBot', 'Querit', 'ai-search', 'unclear'],
			['QueritBot', 'Querit', 'ai-search', 'unclear'],
			['ShapBot', 'Parallel', 'ai-search', 'yes'],
			['Terra Cotta', 'Ceramic AI', 'ai-search', 'unclear'],
			['TerraCotta', 'Ceramic AI', 'ai-search', 'yes'],
			['AI2Bot-DeepResearchEval', 'Allen Institute for AI', 'user-fetch', 'unclear'],
			['AmazonBuyForMe', 'Amazon', 'user-fetch', 'unclear'],
			['ChatGPT Agent', 'OpenAI', 'user-fetch', 'yes'],
			['Claude-Code', 'Anthropic', 'user-fetch', 'unclear'],
			['Devin', 'Devin AI', 'user-fetch', 'yes'],
			['GeistHaus-PageFetcher', 'GeistHaus', 'user-fetch', 'unclear'],
			['kagi-fetcher', 'Kagi', 'user-fetch', 'unclear'],
			['Kimi-User', 'Moonshot AI', 'user-fetch', 'unclear'],
			['Manus-User', 'Butterfly Effect', 'user-fetch', 'unclear'],
			['NovaAct', 'Amazon', 'user-fetch', 'unclear'],
			['opencode', 'opencode (open source)', 'user-fetch', 'unclear'],
			['Poggio-Citations', 'Poggio', 'user-fetch', 'unclear'],
			['Shap-User', 'Parallel', 'user-fetch', 'unclear'],
			['TongyiBot', 'Alibaba', 'user-fetch', 'unclear'],
			['Trae', 'ByteDance', 'user-fetch', 'unclear'],
			['TwinAgent', 'Twin', 'user-fetch', 'unclear'],
			['UseAI', 'Use AI', 'user-fetch', 'unclear'],
			['YiyanBot', 'Baidu', 'user-fetch', 'unclear'],
			['AgentTimes', 'The Agent Times', 'other', 'unclear'],
			['aiHitBot', 'aiHit', 'other', 'yes'],
			['ApifyBot', 'Apify', 'other', 'unclear'],
			['ApifyWebsiteContentCrawler', 'Apify', 'other', 'unclear'],
			['Awario', 'Awario', 'other', 'unclear'],
			['BuddyBot', 'BuddyBotLearning', 'other', 'unclear'],
			['CragCrawler', 'CragSoftware', 'other', 'unclear'],
			['Crawl4AI', 'Crawl4AI (open source)', 'other', 'unclear'],
			['Crawlspace', 'Crawlspace', 'other', 'yes'],
			['Datenbank Crawler', 'Datenbank', 'other', 'unclear'],
			['Echobot Bot', 'Echobox', 'other', 'unclear'],
			['EchoboxBot', 'Echobox', 'other', 'unclear'],
			['KlaviyoAIBot', 'Klaviyo', 'other', 'yes'],
			['Lightpanda', 'Lightpanda (open source)', 'other', 'unclear'],
			['Linguee Bot', 'Linguee', 'other', 'no'],
			['Mozilla-Tabstack', 'Mozilla', 'other', 'yes'],
			['NagetBot', 'Naget', 'other', 'unclear'],
			['netEstate Imprint Crawler', 'netEstate', 'other', 'unclear'],
			['Panscient', 'Panscient', 'other', 'yes'],
			['panscient.com', 'Panscient', 'other', 'yes'],
			['QualifiedBot', 'Qualified', 'other', 'unclear'],
			['QuillBot', 'QuillBot', 'other', 'unclear'],
			['quillbot.com', 'QuillBot', 'other', 'unclear'],
			['Reflectionbot', 'Reflection AI', 'other', 'unclear'],
			['SemrushBot-OCOB', 'Semrush', 'seo', 'yes'],
			['SemrushBot-SWA', 'Semrush', 'seo', 'yes'],
			['Thinkbot', 'Thinkbot', 'other', 'no'],
			['WARDBot', 'WEBSPARK', 'other', 'unclear'],
			['wpbot', 'QuantumCloud', 'other', 'unclear'],
			['YaK', 'Meltwater', 'other', 'unclear'],
		] as const
	).map(([token, owner, category, respect]) => listed(token, owner, category, respect)),
];

const seo: readonly CrawlerEntry[] = [
	{
		token: 'AhrefsBot',
		owner: 'Ahrefs',
		category: 'seo',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Ahrefs' crawler for its backlink index and SEO tools."),
	},
	{
		token: 'AhrefsSiteAudit',
		owner: 'Ahrefs',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of Ahrefs' Site Audit, run for a site by its owner."),
	},
	{
		token: 'SemrushBot',
		owner: 'Semrush',
		category: 'seo',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Semrush's crawler for its backlink and SEO data."),
	},
	{
		token: 'SiteAuditBot',
		owner: 'Semrush',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of Semrush's Site Audit tool."),
	},
	{
		token: 'MJ12bot',
		owner: 'Majestic',
		category: 'seo',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Majestic's crawler for its backlink index."),
	},
	{
		token: 'DotBot',
		owner: 'Moz',
		category: 'seo',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Moz's crawler for its link index."),
	},
	{
		token: 'rogerbot',
		owner: 'Moz',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The crawler of Moz Pro's site crawl for campaigns."),
	},
	{ token: 'BLEXBot', owner: 'WebMeUp', category: 'seo', dialect: 'rfc9309', honours: {}, description: () => t("WebMeUp's backlink crawler.") },
	{
		token: 'serpstatbot',
		owner: 'Serpstat',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Serpstat's crawler for its backlink index."),
	},
	{
		token: 'DataForSeoBot',
		owner: 'DataForSEO',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("DataForSEO's crawler for its SEO data."),
	},
	{ token: 'Barkrowler', owner: 'Babbar', category: 'seo', dialect: 'rfc9309', honours: {}, description: () => t("Babbar's crawler for its SEO metrics.") },
	{
		token: 'Screaming Frog SEO Spider',
		owner: 'Screaming Frog',
		category: 'seo',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A desktop SEO crawler that its users run against sites.'),
	},
];

const archive: readonly CrawlerEntry[] = [
	{
		token: 'archive.org_bot',
		owner: 'Internet Archive',
		category: 'archive',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("The Internet Archive's crawler for the Wayback Machine."),
	},
	{
		token: 'ia_archiver',
		owner: 'Alexa Internet (Amazon)',
		category: 'archive',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Alexa Internet's crawler (Alexa was retired in 2022); sites long used this token to keep pages out of the Wayback Machine."),
	},
];

const other: readonly CrawlerEntry[] = [
	{
		token: 'Amazonbot',
		owner: 'Amazon',
		category: 'other',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Amazon's web crawler, used to improve Amazon's products and services."),
	},
	{
		token: 'Diffbot',
		owner: 'Diffbot',
		category: 'search',
		dialect: 'rfc9309',
		honours: { crawlDelay: true },
		description: () => t("Crawls the web for Diffbot's Knowledge Graph and web search; Diffbot says it does not crawl to train generative AI models."),
		sources: { category: diffbotRobots, honours: diffbotRobots },
	},
	{
		token: 'Diffbot-User',
		owner: 'Diffbot',
		category: 'user-fetch',
		dialect: 'rfc9309',
		honours: {},
		description: () => t("Requests made when a person browses a URL with Diffbot's software."),
		sources: { category: diffbotRobots },
	},
	{
		token: 'Scrapy',
		owner: 'Scrapy (open source)',
		category: 'other',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('The default user agent of Scrapy, a Python crawling framework; it obeys robots.txt when the project sets ROBOTSTXT_OBEY.'),
	},
	{
		token: 'Wget',
		owner: 'GNU Project',
		category: 'other',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('GNU Wget, a command-line downloader: it obeys robots.txt during recursive downloads unless told `-e robots=off`.'),
	},
	{
		token: 'HTTrack',
		owner: 'HTTrack (open source)',
		category: 'other',
		dialect: 'rfc9309',
		honours: {},
		description: () => t('A website copier that downloads whole sites for offline browsing; it follows robots.txt by default.'),
	},
];

// Generic parsers, offered only when asked for: what a script or an old robot built on them reads.
const library: readonly CrawlerEntry[] = [
	{
		token: 'Python-urllib',
		owner: 'Python Software Foundation',
		category: 'library',
		dialect: 'draft1996',
		honours: { allow: true, wildcards: false },
		sizeLimit: null,
		fallback: [],
		ignoresGlobalGroup: false,
		fetch: 'python-urllib',
		description: () =>
			t(
				"Python's urllib.robotparser, which scripts use with Python's default user agent `Python-urllib`: records end at blank lines, the first record naming the robot (as a substring) and then its first matching rule decide.",
			),
		familyNote: () =>
			t(
				"Python's robotparser moved to RFC 9309 (longest match, merged groups, `*` and `$`) in May 2026, in 3.15 and in bug-fix releases of 3.13 and 3.14 (CPython gh-138908); older Pythons read the 1996 draft, as this entry does.",
			),
		sources: {
			category: pythonRobotparser,
			dialect: pythonRobotparser,
			fallback: pythonRobotparser,
			ignoresGlobalGroup: pythonRobotparser,
			sizeLimit: pythonRobotparser,
			honours: pythonRobotparser,
			fetch: pythonRobotparser,
		},
	},
	{
		token: 'libwww-perl',
		owner: 'libwww-perl (open source)',
		category: 'library',
		dialect: 'original1994',
		honours: { allow: false, wildcards: false, crawlDelay: false },
		sizeLimit: null,
		fallback: [],
		ignoresGlobalGroup: false,
		fetch: 'libwww-perl',
		description: () =>
			t(
				"Perl's LWP, whose robot user agent reads robots.txt with WWW::RobotRules: the 1994 standard, Disallow only, the first record whose value is part of the robot's name.",
			),
		sources: {
			category: wwwRobotRules,
			dialect: wwwRobotRules,
			fallback: wwwRobotRules,
			ignoresGlobalGroup: wwwRobotRules,
			sizeLimit: wwwRobotRules,
			honours: wwwRobotRules,
			fetch: lwpRobotUA,
		},
	},
];

/** Crawlers people name in robots.txt files, grouped by owner; each token appears once. */
export const knownCrawlers: readonly CrawlerFacts[] = [
	...google.map((entry): CrawlerEntry => ({ ...entry, fetch: 'google' })),
	...microsoft,
	...search,
	...yandex,
	...social,
	...ai,
	...communityListed,
	...seo,
	...archive,
	...other,
	...library,
].map(complete);

const byLowerCaseToken = new Map<string, CrawlerFacts>(knownCrawlers.map((crawler) => [crawler.token.toLowerCase(), crawler]));

/** The crawler with this token, compared case-insensitively. */
export function findCrawler(token: string): CrawlerFacts | undefined {
	return byLowerCaseToken.get(token.trim().toLowerCase());
}
