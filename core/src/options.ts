/**
 * The options every analysis takes: the crawlers the site cares about (whom every answer is for), other parsers to
 * compare against, severity overrides, extra known directives. Settings enter the core only through this typed
 * object, never as LSP configuration.
 */

import type { Dialect } from './dialect';
import { findCrawler } from './facts/crawlers';

/** The values a severity setting takes, `off` first; package.json's enum lists the same (a test ties them). */
export const severityNames = ['off', 'hint', 'information', 'warning', 'error'] as const;

/** A severity a setting can give a diagnostic code, `off` included. */
export type SeverityName = (typeof severityNames)[number];

/** What an analysis (diagnostics and the editor features) answers for: the settings, as a typed object. */
export interface AnalysisOptions {
	/** The crawlers (product tokens) the site cares about: diagnostics, hovers, lenses and Test URL answer for them. */
	readonly crawlers: readonly string[];
	/**
	 * Parsers to compare against besides the target crawlers' own (advanced): their differences are reported too,
	 * e.g. `draft1996` for first-match robots such as Python's urllib.robotparser.
	 */
	readonly dialects: readonly Dialect[];
	/** Diagnostic code to severity; `off` silences a code. */
	readonly severities: Readonly<Record<string, SeverityName>>;
	/** Extra directive names (case-insensitive) not to report as unknown. */
	readonly knownDirectives: readonly string[];
	/** The file's name (last path segment), when known; untitled documents have none. */
	readonly fileName?: string;
	/**
	 * Tell repeated findings as one (an editor's Problems panel): from five findings of one code and severity on, the
	 * first says how many more there are and lists them, and the others become hints. Off by default, so that a
	 * count of warnings (the command line's `--max-warnings`) counts every one.
	 */
	readonly groupRepeats?: boolean;
}

/**
 * The crawlers answered for by default: the major search engines and AI crawlers (and Googlebot-Image, which shows
 * Google's token fallback). Legacy first-match robots are opt-in, through `crawlers` (`Python-urllib`) or `dialects`.
 */
export const defaultCrawlers: readonly string[] = [
	'Googlebot',
	'Googlebot-Image',
	'bingbot',
	'YandexBot',
	'Baiduspider',
	'DuckDuckBot',
	'Applebot',
	'GPTBot',
	'OAI-SearchBot',
	'ClaudeBot',
	'PerplexityBot',
	'CCBot',
	'Google-Extended',
	'Applebot-Extended',
];

/** No comparison parsers beyond the crawlers' own by default. */
export const defaultDialects: readonly Dialect[] = [];

/** The defaults: `defaultCrawlers`, no extra dialects, every code at its catalogue severity. */
export const defaultAnalysisOptions: AnalysisOptions = {
	crawlers: defaultCrawlers,
	dialects: defaultDialects,
	severities: {},
	knownDirectives: [],
};

/** The parsers an analysis considers: the target crawlers' own (unknown tokens read as RFC 9309), then the extra ones. */
export function analysisDialects(options: AnalysisOptions): Dialect[] {
	const out: Dialect[] = [];
	for (const token of options.crawlers) {
		const dialect = findCrawler(token)?.dialect ?? 'rfc9309';
		if (!out.includes(dialect)) {
			out.push(dialect);
		}
	}
	for (const dialect of options.dialects) {
		if (!out.includes(dialect)) {
			out.push(dialect);
		}
	}
	return out.length > 0 ? out : ['rfc9309'];
}
