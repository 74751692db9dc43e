/**
 * The command line's language: the bundles (l10n/bundle.l10n.<locale>.json) inlined, since the CLI ships in the npm
 * package without the l10n/ folder, and the locale the environment asks for. The language server does not import
 * this module (locales.ts says where its bundles come from), so that no bundle is shipped twice in the .vsix.
 */

import ptBr from '../../l10n/bundle.l10n.pt-br.json';
import ru from '../../l10n/bundle.l10n.ru.json';
import zhCn from '../../l10n/bundle.l10n.zh-cn.json';
import { useLocaleFrom, type ShippedLocale, type Translations } from './locales';

export { shippedLocale } from './locales';

/** The translations we ship, by VS Code's locale tag: one for every shipped locale (the compiler holds them to it). */
export const bundles: Readonly<Record<string, Translations>> = {
	'zh-cn': zhCn,
	ru,
	'pt-br': ptBr,
} satisfies Record<ShippedLocale, Translations>;

/** Makes every text the core writes from now on come in `tag`'s language (English when we ship none for it). */
export function useLocale(tag: string | undefined): string {
	return useLocaleFrom(tag, (locale) => bundles[locale]);
}

/** The locale the CLI speaks when no `--locale` is given: the environment's, as gettext reads it. */
export function environmentLocale(env: Readonly<Record<string, string | undefined>>): string | undefined {
	const tag = env.LC_ALL || env.LC_MESSAGES || env.LANG;
	return tag === 'C' || tag === 'POSIX' ? undefined : tag;
}
