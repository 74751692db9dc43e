/**
 * Localized text. Every sentence the core shows people goes through `t` (or, for text that names lines,
 * `tLines` in diagnostics/context.ts), with the English text as its key and `{0}`, `{1}`… for what varies, as VS
 * Code's l10n does: `t('Missing ":" after "{0}".', name)`. A key is a whole sentence or clause, never a word glued to
 * others, so that translators can order it as their language needs; singular and plural are separate keys, or one key
 * with the plural syntax of `pluralForms`.
 *
 * The core holds no translations and reads no files. An edge installs a translator: the language server from the
 * locale `initialize` gives, the CLI from `--locale` or the environment, both through `@vscode/l10n` with the bundles
 * in l10n/. Without one, the English key is formatted as it is, which is what library users get.
 */

/** Turns a key and its arguments into text in the configured language. */
export type Translate = (message: string, args: readonly (string | number | boolean)[]) => string;

let translate: Translate | undefined;
let locale = 'en';
let listFormat: Intl.ListFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;

/** Installs the translator for `localeTag` (a BCP 47 tag such as `ru` or `pt-br`), or English with none. */
export function configureL10n(localeTag: string, translator?: Translate): void {
	locale = localeTag || 'en';
	translate = translator;
	listFormat = undefined;
	numberFormat = undefined;
	pluralRules = undefined;
}

/** The locale texts are written in: `en` unless an edge configured another. */
export function currentLocale(): string {
	return locale;
}

/** `{0}`, `{1}`… in `message` replaced by the arguments; other braces are left as they are. */
export function format(message: string, args: readonly (string | number | boolean)[]): string {
	if (args.length === 0) {
		return message;
	}
	return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
		const value = args[Number(index)];
		return value === undefined ? whole : String(value);
	});
}

/** A sentence in the configured language: `t('{0} rules in {1} groups', 3, 2)`. The key must be a string literal. */
export function t(message: string, ...args: (string | number | boolean)[]): string {
	if (translate) {
		try {
			return pluralForms(translate(message, args), args);
		} catch {
			// A broken bundle never costs an answer: the English text is still right.
		}
	}
	// The key's own word forms first, so that an argument's text (a quoted rule) is never read as plural syntax.
	return format(pluralForms(message, args), args);
}

let pluralRules: Intl.PluralRules | undefined;

/**
 * A translation picks a word's form by a count with `{0|one=строка|few=строки|many=строк|other=строки}`: the form
 * for the plural category (CLDR's, from `Intl.PluralRules` of the locale) of argument 0, `other` when its category is
 * not listed. Translations use this where one form cannot fit every count (Russian has three), and so does an English
 * key whose count can be 1 (`'{0} more {0|one=line|other=lines}'`), formatted in English when no translator is
 * installed. A count may come already formatted ("12 000"): its digits are read.
 */
export function pluralForms(text: string, args: readonly (string | number | boolean)[]): string {
	if (!text.includes('|')) {
		return text;
	}
	return text.replace(/\{(\d+)\|([^{}]*)\}/g, (whole, index: string, forms: string) => {
		const value = args[Number(index)];
		const count = typeof value === 'number' ? value : Number(String(value).replace(/[^\d]/g, ''));
		if (value === undefined || !Number.isFinite(count)) {
			return whole;
		}
		const byCategory = new Map<string, string>();
		for (const form of forms.split('|')) {
			const equals = form.indexOf('=');
			if (equals > 0) {
				byCategory.set(form.slice(0, equals), form.slice(equals + 1));
			}
		}
		if (!pluralRules) {
			try {
				pluralRules = new Intl.PluralRules(locale);
			} catch {
				pluralRules = new Intl.PluralRules('en');
			}
		}
		return byCategory.get(pluralRules.select(count)) ?? byCategory.get('other') ?? whole;
	});
}

function lists(): Intl.ListFormat | undefined {
	if (!listFormat) {
		try {
			listFormat = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
		} catch {
			listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
		}
	}
	return listFormat;
}

/** Items joined as the language joins them: "a, b and c" in English (no serial comma), "a, b и c" in Russian. */
export function joinList(items: readonly string[]): string {
	if (items.length <= 1) {
		return items.join('');
	}
	if (locale === 'en' || locale.startsWith('en-')) {
		// The house style has no serial comma, which Intl's English list has.
		return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
	}
	return lists()!.format(items);
}

/** A count as the language writes it: 12,000 in English, 12 000 in Russian. */
export function formatNumber(value: number): string {
	if (!numberFormat) {
		try {
			numberFormat = new Intl.NumberFormat(locale);
		} catch {
			numberFormat = new Intl.NumberFormat('en');
		}
	}
	return numberFormat.format(value);
}
