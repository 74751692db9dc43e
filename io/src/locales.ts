/**
 * Which language the core speaks, and how an edge installs it: the locales we ship translations for, the one a tag
 * asks for, and `@vscode/l10n` installed as the core's translator with that locale's bundle. This module holds no
 * translations: each edge brings them its own way. The CLI has them inlined (localize.ts: the npm package carries no
 * l10n/ folder); the Node language server reads the bundle it needs from the extension's l10n/ folder (main.ts), which
 * VS Code reads for the client too; the browser server gets it from the client, which VS Code has loaded it for
 * (browserMain.ts). So the .vsix ships each bundle once.
 */

import * as l10n from '@vscode/l10n';
import { configureL10n } from '../../core/src/l10n';

/** The locales we ship translations for, by VS Code's locale tag: l10n/bundle.l10n.<locale>.json each. */
export const shippedLocales = ['zh-cn', 'ru', 'pt-br'] as const;

export type ShippedLocale = (typeof shippedLocales)[number];

/** One bundle: English key to translation, as in l10n/bundle.l10n.<locale>.json. */
export type Translations = Readonly<Record<string, string>>;

/**
 * The shipped locale a tag asks for: VS Code's tags (`ru`, `zh-cn`, `pt-br`), BCP 47 tags in any case (`pt-BR`), and
 * POSIX ones from the environment (`ru_RU.UTF-8`). A language alone takes its one shipped variant (`pt` → `pt-br`,
 * `zh` and `zh-hans` → `zh-cn`); anything else is English.
 */
export function shippedLocale(tag: string | undefined): ShippedLocale | 'en' {
	if (!tag) {
		return 'en';
	}
	const normal = tag
		.replace(/[.@].*$/, '')
		.replace(/_/g, '-')
		.toLowerCase();
	const shipped = shippedLocales.find((locale) => locale === normal);
	if (shipped !== undefined) {
		return shipped;
	}
	const language = normal.split('-')[0];
	if (language === 'zh') {
		// Traditional Chinese (zh-tw, zh-hk, zh-hant) is not Simplified Chinese: those readers get English.
		return /^zh(-(cn|sg|hans)(-.*)?)?$/.test(normal) ? 'zh-cn' : 'en';
	}
	return shippedLocales.find((key) => key.split('-')[0] === language) ?? 'en';
}

/**
 * Makes every text the core writes from now on come in `tag`'s language, with the bundle `load` gives for the shipped
 * locale it asks for; English when we ship none for it or `load` has none. Returns the locale installed.
 */
export function useLocaleFrom(tag: string | undefined, load: (locale: ShippedLocale) => Translations | undefined): ShippedLocale | 'en' {
	const locale = shippedLocale(tag);
	const contents = locale === 'en' ? undefined : load(locale);
	if (locale === 'en' || contents === undefined) {
		configureL10n('en');
		return 'en';
	}
	l10n.config({ contents: { ...contents } });
	configureL10n(locale, (message, args) => l10n.t(message, ...args));
	return locale;
}

/**
 * A bundle handed over as data (the client's, in `initialize`'s options): an object whose values are all strings, or
 * undefined for anything else.
 */
export function translationsFrom(value: unknown): Translations | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return undefined;
	}
	return Object.values(value).every((entry) => typeof entry === 'string') ? (value as Translations) : undefined;
}
