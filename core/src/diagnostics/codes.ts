/**
 * The diagnostic catalogue: every code the analysis can report, as data. Codes are public API (settings and
 * suppression comments name them), so a code is never renamed or reused; new checks get new codes.
 */

import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { Dialect } from '../dialect';

/** A diagnostic's default severity, in words. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * Every form a severity takes, in one table for robots.txt and pages alike, from the most severe: the word of the
 * catalogues, the settings and the command line (its lines and JSON), LSP's number (1 to 4, in this order), and
 * SARIF 2.1.0's level (§3.27.10: `note` is its lowest, for information and hints alike).
 */
const severityForms = [
	{ name: 'error', lsp: DiagnosticSeverity.Error, sarif: 'error' },
	{ name: 'warning', lsp: DiagnosticSeverity.Warning, sarif: 'warning' },
	{ name: 'information', lsp: DiagnosticSeverity.Information, sarif: 'note' },
	{ name: 'hint', lsp: DiagnosticSeverity.Hint, sarif: 'note' },
] as const satisfies readonly { readonly name: Severity; readonly lsp: DiagnosticSeverity; readonly sarif: string }[];

const formOfName = new Map<Severity, (typeof severityForms)[number]>(severityForms.map((form) => [form.name, form]));

/** A severity as LSP sends it. */
export function lspSeverity(name: Severity): DiagnosticSeverity {
	return formOfName.get(name)!.lsp;
}

/** An LSP severity in words. */
export function severityName(severity: DiagnosticSeverity): Severity {
	return severityForms[severity - 1].name;
}

/** A severity as SARIF's `level`. */
export function sarifLevel(name: Severity): (typeof severityForms)[number]['sarif'] {
	return formOfName.get(name)!.sarif;
}

/** One entry of the diagnostic catalogue: a stable code, its default severity, the dialects it concerns, a summary. */
export interface DiagnosticFacts {
	/** Kebab-case and never renamed (`missing-colon`); suppression comments and severity settings name it. */
	readonly code: string;
	readonly severity: Severity;
	/** The dialects whose crawlers the problem concerns; the check runs only when one of them is enabled. */
	readonly dialects: 'all' | readonly Dialect[];
	/** One line for documentation and the settings description. */
	readonly summary: string;
}

const all = 'all' as const;
// Problems that only robots of the 1994 standard or the 1996 draft have are information, not warnings: those
// robots are rare today, and the files that trip them (WordPress's default among them) are right for everyone else.
const firstMatch: readonly Dialect[] = ['draft1996', 'original1994'];

/** Every diagnostic the core reports, in the order the README's table lists them. */
export const diagnosticCatalogue = [
	// The file as a whole.
	{ code: 'file-name', severity: 'warning', dialects: all, summary: 'The file is not named exactly robots.txt, so crawlers never request it.' },
	{
		code: 'not-robots-txt',
		severity: 'error',
		dialects: all,
		summary: 'The content is HTML, XML, JSON or binary, not robots.txt (often an error page served as robots.txt).',
	},
	{
		code: 'byte-order-mark',
		severity: 'information',
		dialects: all,
		summary: 'The file starts with a UTF-8 byte order mark, which some robots read as part of the first key.',
	},
	{ code: 'invalid-utf8', severity: 'warning', dialects: all, summary: 'The file has bytes that are not valid UTF-8 (shown as U+FFFD).' },
	{ code: 'file-too-large', severity: 'warning', dialects: all, summary: 'The file is over 500 KiB; Google and Yandex stop reading there.' },
	{ code: 'too-many-rules', severity: 'warning', dialects: ['yandex'], summary: 'More than 2 048 Allow/Disallow rules; Yandex reports an error.' },
	{ code: 'rule-too-long', severity: 'warning', dialects: ['yandex'], summary: 'A rule longer than 1 024 characters; Yandex reports an error.' },
	{ code: 'line-too-long', severity: 'warning', dialects: ['google'], summary: 'A line over 16 663 bytes; Google reads only its start.' },
	// Lines.
	{ code: 'missing-colon', severity: 'error', dialects: all, summary: 'A directive without `:`; only Google reads `key value` lines.' },
	{ code: 'syntax-error', severity: 'warning', dialects: all, summary: 'A line robots cannot read at all.' },
	{ code: 'unknown-directive', severity: 'information', dialects: all, summary: 'A directive no crawler knows; crawlers ignore the line.' },
	{
		code: 'misspelt-directive',
		severity: 'warning',
		dialects: all,
		summary: 'A misspelt directive name (Google accepts some misspellings, nobody else does).',
	},
	{ code: 'leading-whitespace', severity: 'information', dialects: firstMatch, summary: 'Whitespace before the directive; some old robots do not expect it.' },
	{ code: 'non-canonical-casing', severity: 'hint', dialects: all, summary: 'A directive not written in its usual casing.' },
	{ code: 'empty-value', severity: 'warning', dialects: all, summary: 'A directive that needs a value has none.' },
	// Groups.
	{ code: 'rule-outside-group', severity: 'warning', dialects: all, summary: 'An Allow/Disallow before any User-agent line; every crawler ignores it.' },
	{
		code: 'rule-after-blank-line',
		severity: 'information',
		dialects: firstMatch,
		summary: 'A blank line ends the record for 1996-draft robots, which then ignore the rules after it.',
	},
	{ code: 'empty-group', severity: 'warning', dialects: all, summary: 'A group without rules: the crawlers it names may fetch everything.' },
	{
		code: 'duplicate-user-agent',
		severity: 'information',
		dialects: all,
		summary: 'The same User-agent in several groups; merged by RFC 9309, first group only for first-match robots.',
	},
	{ code: 'multiple-star-groups', severity: 'information', dialects: all, summary: 'More than one `User-agent: *` group.' },
	{
		code: 'agents-split-by-directive',
		severity: 'warning',
		dialects: ['yandex'],
		summary: 'A line between User-agent lines merges them for Google but splits them for Yandex, leaving a Yandex-relevant group without rules.',
	},
	{
		code: 'agents-split-by-blank-line',
		severity: 'information',
		dialects: firstMatch,
		summary: 'A blank line between User-agent lines ends the record for 1996-draft robots, leaving the first agents without rules.',
	},
	{
		code: 'invalid-product-token',
		severity: 'warning',
		dialects: ['rfc9309', 'google', 'yandex'],
		summary: 'A User-agent value that is not a product token (a version or a whole browser string).',
	},
	{ code: 'wildcard-in-user-agent', severity: 'warning', dialects: all, summary: '`*` inside a User-agent value is not a wildcard.' },
	{
		code: 'broad-user-agent',
		severity: 'information',
		dialects: firstMatch,
		summary: 'A short User-agent value that substring-matching robots apply to many crawlers.',
	},
	{ code: 'user-agent-as-path', severity: 'warning', dialects: all, summary: 'A crawler name where a path belongs (`Disallow: Googlebot`).' },
	// Rules.
	{ code: 'missing-leading-slash', severity: 'warning', dialects: all, summary: 'A path that does not start with `/`: it matches nothing.' },
	{ code: 'url-in-rule', severity: 'error', dialects: all, summary: 'A rule with a scheme or host: rules match paths only.' },
	{ code: 'multiple-paths', severity: 'error', dialects: all, summary: 'Several paths on one line; only one pattern per rule.' },
	{ code: 'disallow-star', severity: 'warning', dialects: all, summary: '`Disallow: *` blocks everything for Google but nothing for 1994/1996 robots.' },
	{ code: 'wildcard-for-legacy-robots', severity: 'hint', dialects: firstMatch, summary: '`*` or `$` in a rule; 1994/1996 robots take them literally.' },
	{ code: 'dollar-not-at-end', severity: 'warning', dialects: all, summary: '`$` is an anchor only at the end of a pattern.' },
	{ code: 'redundant-wildcard', severity: 'hint', dialects: ['rfc9309', 'google', 'yandex'], summary: 'A trailing `*` or a `**` that adds nothing.' },
	{ code: 'regex-syntax', severity: 'warning', dialects: all, summary: 'Regular-expression syntax in a pattern; robots.txt has only `*` and `$`.' },
	{
		code: 'invalid-percent-encoding',
		severity: 'warning',
		dialects: all,
		summary: 'A `%` not followed by two hex digits, or a raw space inside a path (Google never matches it).',
	},
	{ code: 'lowercase-percent-encoding', severity: 'hint', dialects: all, summary: 'Lower-case hex in a percent escape.' },
	{
		code: 'non-ascii-path',
		severity: 'hint',
		dialects: all,
		summary: 'Raw non-ASCII characters in a path (a warning when they are invisible, such as a no-break space).',
	},
	{ code: 'allow-unsupported', severity: 'information', dialects: ['original1994'], summary: 'Allow is not part of the 1994 standard.' },
	{
		code: 'allow-after-disallow',
		severity: 'information',
		dialects: firstMatch,
		summary: 'An Allow after a broader Disallow: first-match robots never reach it.',
	},
	{
		code: 'unreachable-rule',
		severity: 'information',
		dialects: firstMatch,
		summary: 'A rule that first-match robots never reach, because an earlier rule with the other verdict matches all it matches.',
	},
	{ code: 'duplicate-rule', severity: 'information', dialects: all, summary: 'The same rule twice in a group.' },
	{
		code: 'conflicting-rules',
		severity: 'warning',
		dialects: all,
		summary: 'The same pattern both allowed and disallowed; the verdict depends on the crawler.',
	},
	{
		code: 'robots-txt-rule',
		severity: 'information',
		dialects: ['rfc9309', 'draft1996', 'original1994'],
		summary: 'A rule about /robots.txt, which is always allowed.',
	},
	{
		code: 'disallow-all',
		severity: 'warning',
		dialects: all,
		summary: '`Disallow: /` for `*`: the whole site is hidden from every crawler without a group of its own.',
	},
	{
		code: 'empty-disallow',
		severity: 'information',
		dialects: ['yandex', 'draft1996', 'original1994'],
		summary: 'An empty `Disallow:` beside other rules: its meaning differs between crawlers.',
	},
	{
		code: 'private-path-disclosure',
		severity: 'information',
		dialects: all,
		summary: 'A path that tells every reader of this public file where private things are.',
	},
	// Other records.
	{ code: 'invalid-host', severity: 'warning', dialects: ['yandex'], summary: 'A Host value Yandex ignores.' },
	{
		code: 'host-placement',
		severity: 'information',
		dialects: ['yandex'],
		summary: "A Host outside a group or before the group's rules; the proposal that introduced it puts it after them.",
	},
	{ code: 'multiple-hosts', severity: 'warning', dialects: ['yandex'], summary: 'More than one Host; only the first valid one counts.' },
	{ code: 'host-deprecated', severity: 'information', dialects: ['yandex'], summary: 'Yandex stopped using Host in 2018.' },
	{ code: 'invalid-sitemap-url', severity: 'warning', dialects: all, summary: 'A Sitemap that is not an absolute http(s) URL.' },
	{ code: 'invalid-crawl-delay', severity: 'warning', dialects: all, summary: 'A Crawl-delay that is not a non-negative number.' },
	{ code: 'duplicate-crawl-delay', severity: 'warning', dialects: all, summary: 'More than one Crawl-delay in a group.' },
	{ code: 'crawl-delay-ignored', severity: 'information', dialects: ['google'], summary: 'Google ignores Crawl-delay.' },
	{ code: 'invalid-clean-param', severity: 'warning', dialects: ['yandex'], summary: 'A Clean-param Yandex cannot read.' },
	{ code: 'invalid-request-rate', severity: 'warning', dialects: all, summary: 'A Request-rate that is not `n/t` with an optional time window.' },
	{ code: 'invalid-visit-time', severity: 'warning', dialects: all, summary: 'A Visit-time that is not a `hhmm-hhmm` window.' },
	{
		code: 'noindex-unsupported',
		severity: 'warning',
		dialects: all,
		summary: 'Noindex in robots.txt is not supported; use the robots meta tag or X-Robots-Tag.',
	},
	// Preference lines: Content-Usage, Content-Signal, License (checks/preferences.ts).
	{
		code: 'invalid-usage-value',
		severity: 'warning',
		dialects: all,
		summary: 'A Content-Usage value other than `y` or `n` (`yes`, `true`, `?1`…): it means "unknown" to every crawler.',
	},
	{
		code: 'invalid-signal-value',
		severity: 'warning',
		dialects: all,
		summary: 'A Content-Signal value other than `yes` or `no` (for `use`: `immediate`, `reference` or `full`).',
	},
	{ code: 'unknown-preference-key', severity: 'warning', dialects: all, summary: 'A Content-Usage or Content-Signal key nobody defines; crawlers ignore it.' },
	{
		code: 'dropped-usage-label',
		severity: 'warning',
		dialects: all,
		summary: 'A Content-Usage label an earlier draft of the vocabulary had and a later one dropped; crawlers ignore it.',
	},
	{
		code: 'upper-case-usage-key',
		severity: 'error',
		dialects: all,
		summary: 'An upper-case letter in a Content-Usage key: the whole preference fails to parse and states nothing.',
	},
	{
		code: 'malformed-preference',
		severity: 'error',
		dialects: all,
		summary: 'A Content-Usage preference that is no RFC 9651 dictionary, or a Content-Signal entry that is no `key=value`.',
	},
	{ code: 'repeated-usage-key', severity: 'warning', dialects: all, summary: 'A key given twice in one Content-Usage line; only the last value counts.' },
	{
		code: 'preference-outside-group',
		severity: 'warning',
		dialects: all,
		summary: 'A Content-Usage or Content-Signal line outside any group binds to no crawler.',
	},
	{
		code: 'usage-path-without-slash',
		severity: 'error',
		dialects: all,
		summary: 'A Content-Usage path that does not start with `/`: the line states nothing.',
	},
	{
		code: 'preference-in-last-group',
		severity: 'warning',
		dialects: all,
		summary: 'A preference line in the last named group of a file whose `*` group has none: it binds only to the crawlers that group names.',
	},
	{
		code: 'preference-contradicts-rules',
		severity: 'warning',
		dialects: all,
		summary:
			"A preference its group's crawl rules contradict (a training crawler allowed in only to be told not to train, or a preference nothing may be fetched for).",
	},
	{ code: 'invalid-license-url', severity: 'warning', dialects: all, summary: 'A License that is not an absolute http(s) URL; RSL readers ignore it.' },
	{
		code: 'ai-training-proposal',
		severity: 'warning',
		dialects: all,
		summary: 'DisallowAITraining or AllowAITraining: an expired proposal that every crawler reads as an unknown directive.',
	},
	// WordPress.
	{
		code: 'wp-admin-ajax-disallowed',
		severity: 'warning',
		dialects: all,
		summary:
			"`Disallow: /wp-admin/` without `Allow: /wp-admin/admin-ajax.php` in the same group, which WordPress's own robots.txt has: themes and plugins call admin-ajax.php from the pages people see.",
	},
	{
		code: 'wp-includes-disallowed',
		severity: 'warning',
		dialects: all,
		summary: '`Disallow: /wp-includes/`, which holds the scripts and styles WordPress pages load (jQuery among them): Google cannot render the pages.',
	},
	// Platforms.
	{
		code: 'managed-block',
		severity: 'information',
		dialects: all,
		summary:
			"Lines a platform wrote between its markers (Cloudflare's managed robots.txt, Yoast SEO), and how its groups combine with the site's own for each target crawler.",
	},
] as const satisfies readonly DiagnosticFacts[];

/** The code of a diagnostic of the catalogue. */
export type DiagnosticCode = (typeof diagnosticCatalogue)[number]['code'];

const byCode = new Map<string, DiagnosticFacts>(diagnosticCatalogue.map((facts) => [facts.code, facts]));

/** The catalogue's entry for a code, or undefined for a code it does not have. */
export function diagnosticFacts(code: string): DiagnosticFacts | undefined {
	return byCode.get(code);
}
