/**
 * The command line's language: the bundles (l10n/bundle.l10n.<locale>.json), each read when first asked for, and the
 * locale the environment asks for. The bundles stay files beside the CLI's script rather than inlined in it: they are
 * 0.9 MB, two thirds of the script, and V8 reads and scans every byte of a script at each start (about 45 ms), though
 * English needs none of them. esbuild leaves these `require`s to run time (esbuild.mjs): the repository's CLI
 * (cli/dist/main.js) reads the repository's l10n/ folder, the npm package's (dist/main.cjs) its own dist/l10n/ copies,
 * and the tests (out/io/src/localize.js) out/l10n/. The language server does not import this module (locales.ts says
 * where its bundles come from), so that no bundle is shipped twice in the .vsix.
 */

import { useLocaleFrom, type ShippedLocale, type Translations } from './locales';

export { shippedLocale } from './locales';

/** The translations we ship, by VS Code's locale tag: one for every shipped locale (the compiler holds them to it). */
export const bundles: Readonly<Record<string, Translations>> = {
	get 'zh-cn'(): Translations {
		return require('../../l10n/bundle.l10n.zh-cn.json');
	},
	get ru(): Translations {
		return require('../../l10n/bundle.l10n.ru.json');
	},
	get 'pt-br'(): Translations {
		return require('../../l10n/bundle.l10n.pt-br.json');
	},
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
