/**
 * The verdict in words, the one rule for every feature: people read it in their language, in Test URL, the test bench,
 * hovers, diagnostics, expectations and every sentence that names a verdict (sentence keys take it as an argument,
 * never as an English word inside the translation); tools read it in English, at the start of the command line's
 * result lines and in a diff's flips, in every language.
 */

import { t } from './l10n';

/** A crawler's verdict on a URL; `unknown` when a fetch leaves it open (a deployed file that could not be read). */
export type VerdictName = 'allow' | 'disallow' | 'unknown';

/** The verdict as people read it, in the configured language: ALLOWED, DISALLOWED, UNKNOWN (РАЗРЕШЕНО, 允许…). */
export function verdictWord(verdict: VerdictName): string {
	return verdict === 'allow' ? t('ALLOWED') : verdict === 'disallow' ? t('DISALLOWED') : t('UNKNOWN');
}

/** The verdict as tools read it, the same in every language: `ALLOWED`, `DISALLOWED` or `UNKNOWN`. */
export function verdictToken(verdict: VerdictName): 'ALLOWED' | 'DISALLOWED' | 'UNKNOWN' {
	return verdict === 'allow' ? 'ALLOWED' : verdict === 'disallow' ? 'DISALLOWED' : 'UNKNOWN';
}
