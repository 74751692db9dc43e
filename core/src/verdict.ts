/**
 * The verdict in words, the one rule for every feature: people read it in their language, in Test URL, the test bench,
 * hovers, diagnostics, expectations and every sentence that names a verdict (sentence keys take it as an argument,
 * never as an English word inside the translation); tools read it in English, at the start of the command line's
 * result lines and in a diff's flips, in every language. This is the only file of server/src and client/ that
 * writes ALLOWED or DISALLOWED (test/unit/tidy.test.ts).
 */

import { t } from './l10n';

/** A crawler's verdict on a URL; `unknown` when a fetch leaves it open (a deployed file that could not be read). */
export type VerdictName = 'allow' | 'disallow' | 'unknown';

/** The verdict as tools read it, the same in every language. */
export type VerdictToken = 'ALLOWED' | 'DISALLOWED' | 'UNKNOWN';

/** Who reads the word: people (the default) or tools. */
export interface VerdictReader {
	/** The English word whatever the language (ARCHITECTURE.md: the words tools read are not translated). */
	readonly forTools?: boolean;
}

/**
 * The verdict as people read it, in the configured language: ALLOWED, DISALLOWED, UNKNOWN (РАЗРЕШЕНО, 允许…); with
 * `forTools`, as tools read it: `ALLOWED`, `DISALLOWED` or `UNKNOWN` in every language.
 */
export function verdictWord(verdict: VerdictName, reader: { readonly forTools: true }): VerdictToken;
export function verdictWord(verdict: VerdictName, reader?: VerdictReader): string;
export function verdictWord(verdict: VerdictName, reader: VerdictReader = {}): string {
	if (reader.forTools) {
		return verdict === 'allow' ? 'ALLOWED' : verdict === 'disallow' ? 'DISALLOWED' : 'UNKNOWN';
	}
	return verdict === 'allow' ? t('ALLOWED') : verdict === 'disallow' ? t('DISALLOWED') : t('UNKNOWN');
}
