/**
 * What each directive means, who reads it and where it is specified, as data for hovers and completion.
 * It complements the directive table in directives.ts (names and scopes) and follows the sources that
 * ../shared/docs/semantics.md cites; the texts are markdown. The prose (summary, who reads it) is written by getters,
 * so that it comes in the language set when it is shown, not at import; syntax lines and source titles stay as written.
 */

import type { Dialect } from '../dialect';
import type { DirectiveId } from './directives';
import { t } from '../l10n';

/** The documentation of one directive. */
interface DirectiveDoc {
	/** What the directive does, in one or two sentences. */
	readonly summary: string;
	/** The form of a line, e.g. `Disallow: <path pattern>`. */
	readonly syntax: string;
	/** Who acts on it, in words. */
	readonly readBy: string;
	/** The dialects whose crawlers read it (Bing counts as RFC 9309); completion offers it when one of them is enabled. */
	readonly dialects: readonly Dialect[];
	/** Where it is specified, as markdown links or names. */
	readonly sources: readonly string[];
}

const rfc = (section: string, title: string) => `[RFC 9309 §${section} ${title}](https://www.rfc-editor.org/rfc/rfc9309.html#section-${section})`;
const google = '[Google: How Google interprets the robots.txt specification](https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt)';
const original1994 = '[A Standard for Robot Exclusion (1994)](https://www.robotstxt.org/orig.html)';
const draft1996 = (section: string) => `[draft-koster-robots-00 §${section} (1996)](https://www.robotstxt.org/norobots-rfc.txt)`;
const conner = '[S. Conner, An Extended Standard for Robot Exclusion (1996)](http://www.conman.org/people/spc/robots2.html)';

/** Documentation of every directive the lexer recognises. */
export const directiveDocs: Readonly<Record<Exclude<DirectiveId, 'unknown'>, DirectiveDoc>> = {
	'user-agent': {
		get summary() {
			return t(
				'Starts a group: the crawler (product token) that the rules below apply to. `*` addresses every crawler that has no group of its own. Several `User-agent` lines in a row share one group.',
			);
		},
		syntax: 'User-agent: <product token> | *',
		get readBy() {
			return t('Every robots.txt reader.');
		},
		dialects: ['rfc9309', 'google', 'yandex', 'draft1996', 'original1994'],
		sources: [rfc('2.2.1', 'The User-Agent Line'), google, 'Yandex Webmaster help: *User-agent directive*', draft1996('3.2.1'), original1994],
	},
	allow: {
		get summary() {
			return t(
				'Allows the paths that match its pattern. It beats a `Disallow` whose pattern is shorter (RFC 9309, Google, Yandex; a tie goes to `Allow`), or that comes later in the record (1996 draft).',
			);
		},
		syntax: 'Allow: <path pattern>',
		get readBy() {
			return t('RFC 9309 crawlers (Google, Bing and most others), Yandex and 1996-draft robots; the 1994 standard has no `Allow`.');
		},
		dialects: ['rfc9309', 'google', 'yandex', 'draft1996'],
		sources: [rfc('2.2.2', 'The "Allow" and "Disallow" Lines'), google, 'Yandex Webmaster help: *Disallow and Allow directives*', draft1996('3.2.2')],
	},
	disallow: {
		get summary() {
			return t('Blocks the paths that match its pattern. Patterns match from the start of the path and are case-sensitive; an empty value blocks nothing.');
		},
		syntax: 'Disallow: <path pattern>',
		get readBy() {
			return t('Every robots.txt reader.');
		},
		dialects: ['rfc9309', 'google', 'yandex', 'draft1996', 'original1994'],
		sources: [
			rfc('2.2.2', 'The "Allow" and "Disallow" Lines'),
			google,
			'Yandex Webmaster help: *Disallow and Allow directives*',
			draft1996('3.2.2'),
			original1994,
		],
	},
	sitemap: {
		get summary() {
			return t('The absolute URL of a sitemap or sitemap index. It belongs to the whole file wherever it stands and does not end a group.');
		},
		syntax: 'Sitemap: <absolute URL>',
		get readBy() {
			return t('Google, Bing, Yandex and most search engines (the sitemaps.org protocol); RFC 9309 names it as a record crawlers may read.');
		},
		dialects: ['rfc9309', 'google', 'yandex'],
		sources: [
			'[sitemaps.org: Specifying the sitemap location in robots.txt](https://www.sitemaps.org/protocol.html#submit_robots)',
			rfc('2.2.4', 'Other Records'),
			google,
		],
	},
	'crawl-delay': {
		get summary() {
			return t('Asks for a pause of this many seconds between fetches. It is not part of RFC 9309, and Google ignores it.');
		},
		syntax: 'Crawl-delay: <seconds>',
		get readBy() {
			return t(
				"Bing (at most one fetch per window of that many seconds), Yandex (older help; decimals allowed), and many other crawlers (Common Crawl, Anthropic, Ahrefs, Semrush, …); Python's urllib.robotparser reads it.",
			);
		},
		dialects: ['rfc9309', 'yandex'],
		sources: ['Bing Webmaster blog: *Crawl delay and the Bing crawler, MSNBot* (2009)', 'Yandex Webmaster help (older revision): *Crawl-delay directive*'],
	},
	host: {
		get summary() {
			return t(
				"Yandex only: names the main mirror of the site, a host name with an optional port and no scheme. Only the first valid `Host` line counts, wherever it stands. Yandex's current help no longer describes it.",
			);
		},
		syntax: 'Host: <host name>[:<port>]',
		get readBy() {
			return t('Yandex (historically); every other crawler ignores it.');
		},
		dialects: ['yandex'],
		sources: ['Yandex Webmaster help (older revision): *Host directive*'],
	},
	'clean-param': {
		get summary() {
			return t(
				'Yandex only: URL parameters (joined with `&`) that do not change the page, optionally only under a path prefix. Yandex then treats URLs that differ only in those parameters as one URL. It never allows or disallows anything.',
			);
		},
		syntax: 'Clean-param: <p1>[&<p2>…] [<path prefix>]',
		get readBy() {
			return t('Yandex; every other crawler ignores it.');
		},
		dialects: ['yandex'],
		sources: ['Yandex Webmaster help: *Clean-param directive*'],
	},
	'request-rate': {
		get summary() {
			return t(
				"From Sean Conner's extended standard: how many documents per time unit the robot may fetch, e.g. `1/5` for one every 5 seconds, optionally followed by a UTC time window.",
			);
		},
		syntax: 'Request-rate: <documents>/<seconds>[ <hhmm>-<hhmm>]',
		get readBy() {
			return t("Python's urllib.robotparser; major crawlers ignore it.");
		},
		dialects: [],
		sources: [conner],
	},
	'visit-time': {
		get summary() {
			return t("From Sean Conner's extended standard: a UTC time window, e.g. `0600-0845`, in which the robot may visit.");
		},
		syntax: 'Visit-time: <hhmm>-<hhmm>',
		get readBy() {
			return t('No major crawler.');
		},
		dialects: [],
		sources: [conner],
	},
	'robot-version': {
		get summary() {
			return t("From Sean Conner's extended standard: the version of the exclusion standard the file follows, e.g. `2.0`.");
		},
		syntax: 'Robot-version: <version>',
		get readBy() {
			return t('No major crawler.');
		},
		dialects: [],
		sources: [conner],
	},
	comment: {
		get summary() {
			return t("From Sean Conner's extended standard: text for the operator of the robot.");
		},
		syntax: 'Comment: <text>',
		get readBy() {
			return t('No major crawler.');
		},
		dialects: [],
		sources: [conner],
	},
	noindex: {
		get summary() {
			return t(
				'Not a robots.txt directive. Google never documented it and stopped honouring `Noindex` lines in robots.txt on 1 September 2019; use the `robots` meta tag or the `X-Robots-Tag` header instead.',
			);
		},
		syntax: 'Noindex: <path pattern>',
		get readBy() {
			return t('No current crawler.');
		},
		dialects: [],
		sources: ['Google Search Central blog: *A note on unsupported rules in robots.txt* (2019)'],
	},
	'content-signal': {
		get summary() {
			return t(
				"Cloudflare's Content Signals Policy (2025): preferences for how content may be used once it has been fetched, e.g. `search=yes, ai-train=no`. It does not allow or disallow crawling.",
			);
		},
		syntax: 'Content-Signal: <signal>=<yes|no>[, …]',
		get readBy() {
			return t('Crawlers that adopt the policy; the matching rules of every dialect ignore it.');
		},
		dialects: [],
		sources: ['Cloudflare: *Content Signals Policy* (2025)'],
	},
	'content-usage': {
		get summary() {
			return t(
				"From the IETF AI Preferences working group's drafts: usage preferences for content, for example about AI training. It does not allow or disallow crawling.",
			);
		},
		syntax: 'Content-Usage: <preferences>',
		get readBy() {
			return t('Crawlers that adopt the draft; the matching rules of every dialect ignore it.');
		},
		dialects: [],
		sources: ['IETF AI Preferences (aipref) working group drafts'],
	},
	license: {
		get summary() {
			return t("Really Simple Licensing (RSL, 2025): the URL of a licence file that states the terms for using the site's content, e.g. by AI systems.");
		},
		syntax: 'License: <URL of an RSL file>',
		get readBy() {
			return t('Crawlers that adopt RSL; the matching rules of every dialect ignore it.');
		},
		dialects: [],
		sources: ['RSL Collective: *Really Simple Licensing* (2025)'],
	},
};

/** The documentation of a directive for completion, in the same words as the hover. */
export function directiveDocumentation(id: Exclude<DirectiveId, 'unknown'>): string {
	const doc = directiveDocs[id];
	return [doc.summary, '', '```robots-txt', doc.syntax, '```', '', `**${t('Read by:')}** ${doc.readBy}`].join('\n');
}
