/**
 * The matching dialects: the rule sets robots disagree on. Every dialect-dependent answer in the core takes one.
 */

import { t } from './l10n';

/**
 * A parser's reading of robots.txt: `rfc9309` (the standard; Bing and most others), `google` (Google's open-source
 * parser), `yandex`, `draft1996` (the first matching rule wins; Python's urllib.robotparser) and `original1994`.
 */
export type Dialect = 'rfc9309' | 'google' | 'yandex' | 'draft1996' | 'original1994';

/** Every dialect, the standard first. */
export const allDialects: readonly Dialect[] = ['rfc9309', 'google', 'yandex', 'draft1996', 'original1994'];

/** Each dialect's name for people: "RFC 9309", "Google", … */
export const dialectNames: Readonly<Record<Dialect, string>> = {
	rfc9309: 'RFC 9309',
	google: 'Google',
	yandex: 'Yandex',
	draft1996: '1996 draft',
	original1994: '1994 standard',
};

/**
 * A dialect's name in the configured language, for sentences: the names of the standard and of the search engines
 * stay as they are, "1996 draft" and "1994 standard" are words. `dialectNames` keeps the English names, which are data
 * (command-line tables, JSON).
 */
export function dialectName(dialect: Dialect): string {
	switch (dialect) {
		case 'draft1996':
			return t('1996 draft');
		case 'original1994':
			return t('1994 standard');
		default:
			return dialectNames[dialect];
	}
}

/** Whether a string (a command-line or configuration value) names a dialect. */
export function isDialect(value: string): value is Dialect {
	return (allDialects as readonly string[]).includes(value);
}

/** First-match dialects: records end at blank lines, the first matching record and the first matching rule win. */
export function isRecordDialect(dialect: Dialect): boolean {
	return dialect === 'draft1996' || dialect === 'original1994';
}
