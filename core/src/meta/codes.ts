/**
 * The catalogue of robots meta and X-Robots-Tag findings: every code the HTML and `_headers` checks and the cross-file
 * check (a page's noindex against its site's robots.txt) can report, as data. Codes are public API (settings name them), so a code is never renamed or reused; none repeats a code of the
 * robots.txt catalogue, so both can share one `robotsTxt.severities` setting.
 */

import type { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { Severity } from '../diagnostics/codes';
import { severityFor } from '../diagnostics/lsp';
import type { SeverityName } from '../options';

interface MetaDiagnosticFacts {
	readonly code: string;
	readonly severity: Severity;
	/** One line for documentation and the settings description. */
	readonly summary: string;
}

export const metaDiagnosticCatalogue = [
	// Directives.
	{
		code: 'unknown-robots-directive',
		severity: 'warning',
		summary: 'A robots directive no search engine documents, often a typo such as `noidex`; crawlers ignore it.',
	},
	{
		code: 'invalid-robots-directive-value',
		severity: 'warning',
		summary: 'A value the directive cannot use (`max-snippet:abc`, `max-image-preview:huge`, a value after `noindex`); Google ignores such a directive.',
	},
	{
		code: 'invalid-unavailable-after-date',
		severity: 'warning',
		summary: 'An `unavailable_after` date in none of the widely adopted formats (RFC 822, RFC 850, ISO 8601); Google ignores the rule.',
	},
	{
		code: 'conflicting-robots-directives',
		severity: 'warning',
		summary:
			'Directives that contradict each other for the same crawlers (`index` and `noindex`): Google applies the more restrictive, Yandex the allowing one, and the HTTP guide calls the result undefined.',
	},
	{ code: 'duplicate-robots-directive', severity: 'information', summary: 'The same directive twice for the same crawlers.' },
	{
		code: 'redundant-robots-directive',
		severity: 'warning',
		summary: '`none` or `all` together with a directive it already means (`none, nofollow`, which the Runet guide says is not allowed).',
	},
	{
		code: 'robots-directive-separator',
		severity: 'warning',
		summary: 'Directives separated by something other than a comma: `;`, spaces, or full-width punctuation (`，`, `、`).',
	},
	{ code: 'empty-robots-directive', severity: 'information', summary: 'An empty item between separators, or an empty content value.' },
	{
		code: 'indexifembedded-without-noindex',
		severity: 'information',
		summary: '`indexifembedded` without `noindex` for the same crawlers: Google says it then has no effect.',
	},
	{
		code: 'directive-ignored-by-crawler',
		severity: 'information',
		summary: 'A directive that a crawler the rule addresses (or a target crawler) documents ignoring, or does not document.',
	},
	{
		code: 'crawler-prefix-in-meta',
		severity: 'warning',
		summary: "A header-style crawler prefix (`googlebot: noindex`) inside a meta tag's content; meta tags name their crawler in `name`.",
	},
	// Names and prefixes.
	{
		code: 'misspelt-crawler-name',
		severity: 'warning',
		summary: 'A meta name or X-Robots-Tag prefix that is a typo of a crawler name (`googlebto`): the rules reach no crawler.',
	},
	{
		code: 'unknown-crawler-name',
		severity: 'information',
		summary: 'A meta name or X-Robots-Tag prefix that is no crawler we know; only a crawler of that name reads the rules.',
	},
	{
		code: 'robots-meta-name-ignored',
		severity: 'information',
		summary: 'A crawler token that its engine does not read as a meta name (Google reads `googlebot` and `googlebot-news` only).',
	},
	// Tags.
	{
		code: 'robots-meta-outside-head',
		severity: 'warning',
		summary: 'A robots meta tag outside `<head>`: Google reads it anyway, but HTML puts meta tags in the head and other engines document the head only.',
	},
	{
		code: 'robots-meta-in-second-head',
		severity: 'warning',
		summary: 'A robots meta tag inside a second `<head>`, which HTML parsers ignore (a duplicated template).',
	},
	{
		code: 'missing-robots-content',
		severity: 'warning',
		summary: 'A robots meta tag without a `content` attribute (or with a misspelt one such as `contect`).',
	},
	{
		code: 'typographic-quotes',
		severity: 'warning',
		summary: 'An attribute value in typographic quotes (`name=”robots”`): HTML reads the quotes as part of the value, so no crawler recognises the tag.',
	},
	{ code: 'unclosed-robots-meta', severity: 'warning', summary: 'A robots meta tag cut off by the end of the file; HTML parsers drop it.' },
	{
		code: 'too-many-robots-tags',
		severity: 'information',
		summary: 'A page with more robots meta tags than are checked (the first 1,000): the note is on the first tag left unchecked.',
	},
	// Yandex's <noindex> element.
	{ code: 'unclosed-noindex-element', severity: 'warning', summary: 'A Yandex `<noindex>` without its closing tag: Yandex then hides the rest of the page.' },
	{ code: 'nested-noindex-element', severity: 'information', summary: 'A `<noindex>` inside another: Yandex ignores the markup after the first closing tag.' },
	{ code: 'unmatched-noindex-close', severity: 'information', summary: 'A `</noindex>` with no open `<noindex>`.' },
	// _headers files.
	{
		code: 'malformed-headers-line',
		severity: 'warning',
		summary: 'A `_headers` line that is neither a URL pattern, an indented `Name: value` header, nor a comment.',
	},
	// Across files: a page and the robots.txt of its site.
	{
		code: 'noindex-blocked-by-robots-txt',
		severity: 'warning',
		summary:
			"A noindex (meta tag or X-Robots-Tag) for a crawler that the site's robots.txt keeps from the page: the crawler never fetches it, never sees the noindex, and the URL can stay indexed from links alone.",
	},
	{
		code: 'rule-hides-noindex',
		severity: 'hint',
		summary:
			'In the robots.txt: a rule that keeps a crawler from pages that carry noindex for it (the mirror of `noindex-blocked-by-robots-txt`, on the deciding line).',
	},
	// Across files: a robots.txt and the sitemaps its Sitemap lines name (site/sitemaps.ts).
	{
		code: 'sitemap-urls-disallowed',
		severity: 'warning',
		summary:
			'On a Sitemap line: URLs the sitemap lists that the robots.txt disallows for a target search crawler ("Submitted URL blocked by robots.txt" in Search Console), with a count and an example.',
	},
	{
		code: 'rule-hides-sitemap-urls',
		severity: 'hint',
		summary: 'In the robots.txt: a rule that keeps a search crawler from URLs a sitemap of the file lists (the mirror of `sitemap-urls-disallowed`).',
	},
	{
		code: 'sitemap-on-other-host',
		severity: 'information',
		summary: 'A Sitemap on another host than the robots.txt: allowed (a sitemaps.org cross-submit), and the sitemap may then list URLs this file judges.',
	},
	{ code: 'sitemap-disallowed', severity: 'warning', summary: 'A Sitemap whose own URL the robots.txt disallows for a target search crawler.' },
	{
		code: 'sitemap-unreadable',
		severity: 'warning',
		summary: 'A sitemap that cannot be read: an HTTP error, a network error, a file that cannot be read, not XML or not a sitemap, broken gzip.',
	},
	{
		code: 'sitemap-not-in-workspace',
		severity: 'information',
		summary:
			'A sitemap the workspace does not hold at its URL path below the site root (generated at build time, or on another host): its URLs are not checked.',
	},
	{
		code: 'sitemap-cut',
		severity: 'information',
		summary: 'A sitemap read only in part: over 50,000 URLs or 50 MB uncompressed (the sitemaps.org caps), or more sitemaps than are read for one file.',
	},
	{
		code: 'render-resource-blocked',
		severity: 'warning',
		summary:
			'A stylesheet, script, font or image a page loads from its own site that the site\'s robots.txt keeps a target search crawler from: the crawler renders the page without it (Google: "Understand the JavaScript SEO basics").',
	},
	{
		code: 'rule-hides-render-resources',
		severity: 'hint',
		summary:
			'In the robots.txt: a rule that keeps a search crawler from resources pages load to render, with the count of pages (the mirror of `render-resource-blocked`, on the deciding line).',
	},
] as const satisfies readonly MetaDiagnosticFacts[];

export type MetaDiagnosticCode = (typeof metaDiagnosticCatalogue)[number]['code'];

const byCode = new Map<string, MetaDiagnosticFacts>(metaDiagnosticCatalogue.map((facts) => [facts.code, facts]));

export function metaDiagnosticFacts(code: string): MetaDiagnosticFacts | undefined {
	return byCode.get(code);
}

/** The severity of a finding of pages: the setting's (`off`: none), else the catalogue's (`severityFor`). */
export function metaSeverity(code: string, severities: Readonly<Record<string, SeverityName>> | undefined): DiagnosticSeverity | undefined {
	return severityFor(code, severities, metaDiagnosticFacts(code)?.severity ?? 'warning');
}
