/**
 * The options every analysis takes: which dialects to check against, severity overrides, extra known directives.
 * Settings enter the core only through this typed object, never as LSP configuration.
 */

import type { Dialect } from './dialect';

/** The values a severity setting takes, `off` first; package.json's enum lists the same (a test ties them). */
export const severityNames = ['off', 'hint', 'information', 'warning', 'error'] as const;

export type SeverityName = (typeof severityNames)[number];

export interface AnalysisOptions {
	/** The crawler rule sets to check against and to answer in, in the order results are shown. */
	readonly dialects: readonly Dialect[];
	/** Diagnostic code to severity; `off` silences a code. */
	readonly severities: Readonly<Record<string, SeverityName>>;
	/** Extra directive names (case-insensitive) not to report as unknown. */
	readonly knownDirectives: readonly string[];
	/** The file's name (last path segment), when known; untitled documents have none. */
	readonly fileName?: string;
}

export const defaultDialects: readonly Dialect[] = ['rfc9309', 'google', 'yandex', 'draft1996'];

export const defaultAnalysisOptions: AnalysisOptions = {
	dialects: defaultDialects,
	severities: {},
	knownDirectives: [],
};
