/**
 * The edge that gives the core its language: picks the bundle for a locale tag and installs `@vscode/l10n` as the
 * core's translator. The bundles (l10n/bundle.l10n.<locale>.json, the same files VS Code reads for the client) are
 * inlined into the server and CLI bundles, so that neither reads a file to speak Russian, nor needs one in the
 * browser.
 */

import * as l10n from '@vscode/l10n';
import { configureL10n } from '../../core/src/l10n';
import ptBr from '../../l10n/bundle.l10n.pt-br.json';
import ru from '../../l10n/bundle.l10n.ru.json';
import zhCn from '../../l10n/bundle.l10n.zh-cn.json';

/** The translations we ship, by VS Code's locale tag. */
export const bundles: Readonly<Record<string, Readonly<Record<string, string>>>> = {
	'zh-cn': zhCn,
	ru,
	'pt-br': ptBr,
};

/**
 * The shipped locale a tag asks for: VS Code's tags (`ru`, `zh-cn`, `pt-br`), BCP 47 tags in any case (`pt-BR`), and
 * POSIX ones from the environment (`ru_RU.UTF-8`). A language alone takes its one shipped variant (`pt` → `pt-br`,
 * `zh` and `zh-hans` → `zh-cn`); anything else is English.
 */
export function shippedLocale(tag: string | undefined): string {
	if (!tag) {
		return 'en';
	}
	const normal = tag.replace(/[.@].*$/, '').replace(/_/g, '-').toLowerCase();
	if (normal in bundles) {
		return normal;
	}
	const language = normal.split('-')[0];
	if (language === 'zh') {
		// Traditional Chinese (zh-tw, zh-hk, zh-hant) is not Simplified Chinese: those readers get English.
		return /^zh(-(cn|sg|hans)(-.*)?)?$/.test(normal) ? 'zh-cn' : 'en';
	}
	return Object.keys(bundles).find((key) => key.split('-')[0] === language) ?? 'en';
}

/** Makes every text the core writes from now on come in `tag`'s language (English when we ship none for it). */
export function useLocale(tag: string | undefined): string {
	const locale = shippedLocale(tag);
	if (locale === 'en') {
		configureL10n('en');
		return locale;
	}
	l10n.config({ contents: bundles[locale] });
	configureL10n(locale, (message, args) => l10n.t(message, ...args));
	return locale;
}

/** The locale the CLI speaks when no `--locale` is given: the environment's, as gettext reads it. */
export function environmentLocale(env: Readonly<Record<string, string | undefined>>): string | undefined {
	const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG;
	return tag === 'C' || tag === 'POSIX' ? undefined : tag;
}
