/**
 * Counts in Russian sentences: a noun after a number takes the form of the number's plural category (CLDR: one for 1
 * and 21, few for 2–4 and 22, many for 5–20 and 25), so every English key that counts something ("{0} rules", "the
 * first {0} bytes", "{0} of {1} crawlers") is written in Russian with the plural syntax of core/l10n.ts,
 * `{0|one=правило|few=правила|many=правил|other=правила}`, whose forms are the noun's forms in l10n/glossary.json.
 * Counts whose Russian needs no agreement pass too: a label ("ошибок: {0}", "(5)"), an invariable word (URL, мин).
 * English writes a count that can be 1 with the same syntax ("{0} more {0|one=line|other=lines}"), and so does the
 * Portuguese of those keys.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatNumber, t } from '../../core/src/l10n';
import { useLocale } from '../../io/src/localize';
import { repoRoot } from '../util/fixtures';

interface CountNoun {
	readonly plural: string;
	/** [one, few, many] forms, one triple per construction (after a bare number, after a word asking the genitive). */
	readonly ru: readonly (readonly [string, string, string])[];
	/** [one, other], for the keys whose English counts with the plural syntax. */
	readonly 'pt-br'?: readonly [string, string];
}

const glossary = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'glossary.json'), 'utf8')) as { counts: Record<string, CountNoun> };
const ru = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ru.json'), 'utf8')) as Record<string, string>;
const pt = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.pt-br.json'), 'utf8')) as Record<string, string>;

/** CLDR's Russian plural categories of the counts each count sentence is rendered with (cldr plurals.xml, ru). */
const categories: readonly [number, 'one' | 'few' | 'many'][] = [
	[1, 'one'],
	[2, 'few'],
	[5, 'many'],
	[21, 'one'],
	[22, 'few'],
	[16663, 'few'],
];
const forms = ['one', 'few', 'many'] as const;

/** Words between a count and its noun in an English key: "{1} more User-agent lines", "{0} of your {1} crawlers". */
const between = String.raw`(?:(?:more|known|new|AI|User-agent|other)\s+)*`;

interface Count {
	readonly index: string;
	readonly noun: CountNoun;
	readonly english: string;
	/** Whether the English key counts with the plural syntax itself. */
	readonly spelled?: boolean;
}

/**
 * The counts of an English key: a placeholder before a plural noun of the glossary, or before a singular one when the
 * bundle has the same beginning with the plural too ("{0} rule" beside "{0} rules"; "{0} line", a column header
 * named by a crawler, has no plural twin and counts nothing).
 */
export function countsIn(key: string, keys: readonly string[]): Count[] {
	const counts: Count[] = [];
	for (const match of key.matchAll(/\{(\d+)\|([^{}]*)\}/g)) {
		const spec = new Map(match[2].split('|').map((form) => [form.slice(0, form.indexOf('=')), form.slice(form.indexOf('=') + 1)]));
		const found = Object.entries(glossary.counts).find(([singular, noun]) => spec.get('one') === singular && spec.get('other') === noun.plural);
		if (found) {
			counts.push({ index: match[1], noun: found[1], english: found[1].plural, spelled: true });
		}
	}
	for (const [singular, noun] of Object.entries(glossary.counts)) {
		for (const word of [noun.plural, singular]) {
			const pattern = new RegExp(String.raw`\{(\d+)\}\s+${between}${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\w-])`, 'g');
			for (const match of key.matchAll(pattern)) {
				const end = (match.index ?? 0) + match[0].length;
				if (word === singular) {
					// The twin: the same key with the plural, and the same ending ("{0} byte is not UTF-8." and "{0} bytes
					// are not UTF-8."), so that "{0} rule or reason" is no twin of "{0} rules".
					const twin = key.slice(0, end - singular.length) + noun.plural;
					const ending = key.slice(end);
					if (!keys.some((other) => other !== key && other.startsWith(twin) && sameEnding(other.slice(twin.length), ending))) {
						continue;
					}
				}
				if (!counts.some((count) => count.index === match[1])) {
					counts.push({ index: match[1], noun, english: word });
				}
			}
		}
	}
	return counts;
}

function sameEnding(one: string, other: string): boolean {
	return one === other || (one.length >= 5 && other.length >= 5 && one.slice(-5) === other.slice(-5));
}

function hasWord(text: string, word: string): boolean {
	return new RegExp(String.raw`(?<![\p{L}\d])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}])`, 'u').test(text);
}

/** The forms of `{index|one=…|few=…}` in a translation, or undefined when it has none for that argument. */
function pluralSpec(translation: string, index: string): Map<string, string> | undefined {
	const match = new RegExp(String.raw`\{${index}\|([^{}]*)\}`).exec(translation);
	if (!match) {
		return undefined;
	}
	return new Map(match[1].split('|').map((form) => [form.slice(0, form.indexOf('=')), form.slice(form.indexOf('=') + 1)]));
}

/** The glossary's triple that a plural spec spells, if any. */
function matchingTriple(spec: ReadonlyMap<string, string>, noun: CountNoun): readonly [string, string, string] | undefined {
	return noun.ru.find((triple) => forms.every((category, at) => spec.has(category) && hasWord(spec.get(category)!, triple[at])));
}

/** What is wrong with the Russian of one count key, checked and rendered with 1, 2, 5, 21, 22 and 16 663. */
export function countProblems(key: string, translation: string, counts: readonly Count[], render: (count: Count, value: number) => string): string[] {
	const problems: string[] = [];
	for (const count of counts) {
		const spec = pluralSpec(translation, count.index);
		if (!spec) {
			// An invariable word (URL, an abbreviation: мин, симв.), which no count changes.
			const invariable = count.noun.ru.some((triple) => triple.every((form) => form === triple[0]) && hasWord(translation, triple[0]));
			const label = new RegExp(String.raw`(:\s*|\()\{${count.index}\}`).test(translation);
			if (!invariable && !label) {
				problems.push(`{${count.index}} ${count.english} has no plural forms: ${JSON.stringify(key)} → ${JSON.stringify(translation)}`);
			}
			continue;
		}
		const triple = matchingTriple(spec, count.noun);
		if (!triple) {
			problems.push(
				`{${count.index}} ${count.english}: the forms ${JSON.stringify([...spec])} are not the glossary's ${JSON.stringify(count.noun.ru)}: ${JSON.stringify(key)}`,
			);
			continue;
		}
		for (const [value, category] of categories) {
			const text = render(count, value);
			const expected = triple[forms.indexOf(category)];
			if (!hasWord(text, expected)) {
				problems.push(`{${count.index}} = ${value} (${category}) should read "${expected}": ${JSON.stringify(text)}`);
			}
		}
	}
	return problems;
}

describe('counts in Russian sentences', () => {
	const keys = Object.keys(ru);

	test('the count finder finds counts before plural nouns, and singular ones only beside their plural twin', () => {
		const planted = [
			'{0} rule',
			'{0} rules',
			'{0} line',
			'first {0} of {1} crawlers',
			'{0} and {1} more User-agent lines',
			'{0} rule or reason',
			'{0} byte is not UTF-8.',
			'{0} bytes are not UTF-8.',
		];
		assert.deepEqual(
			planted.map((key) => countsIn(key, planted).map((count) => `${count.index} ${count.english}`)),
			[['0 rule'], ['0 rules'], [], ['1 crawlers'], ['1 lines'], [], ['0 byte'], ['0 bytes']],
		);
		assert.deepEqual(
			countsIn('{0} more {0|one=line|other=lines} (first {1} items)', []).map((count) => `${count.index} ${count.english} ${count.spelled}`),
			['0 lines true', '1 items undefined'],
		);
	});

	test('a count without plural forms, with forms of another noun, or with a missing category is caught', () => {
		const render = (translation: string) => (count: Count, value: number) => translation.replace(`{${count.index}}`, String(value));
		const rules = countsIn('{0} rules', ['{0} rules']);
		assert.equal(countProblems('{0} rules', '{0} правил', rules, render('{0} правил')).length, 1);
		assert.equal(countProblems('{0} rules', '{0} {0|one=правило|many=правил}', rules, render('')).length, 1);
		assert.equal(countProblems('{0} rules', '{0} {0|one=строка|few=строки|many=строк}', rules, render('')).length, 1);
		assert.deepEqual(countProblems('{0} rules', 'правил: {0}', rules, render('')), []);
		const urls = countsIn('{0} URLs', ['{0} URLs']);
		assert.deepEqual(countProblems('{0} URLs', '{0} URL', urls, render('')), []);
	});

	test('every count in the Russian bundle agrees with 1, 2, 5, 21, 22 and 16 663', () => {
		const problems: string[] = [];
		try {
			useLocale('ru');
			for (const [key, translation] of Object.entries(ru)) {
				const counts = countsIn(key, keys);
				if (counts.length === 0) {
					continue;
				}
				const placeholders = [...new Set([...key.matchAll(/\{(\d+)\}/g)].map((match) => Number(match[1])))];
				const render = (count: Count, value: number): string => {
					const args = Array.from({ length: Math.max(...placeholders) + 1 }, (_, at) => (String(at) === count.index ? formatNumber(value) : `«${at}»`));
					return t(key, ...args);
				};
				problems.push(...countProblems(key, translation, counts, render));
			}
		} finally {
			useLocale(undefined);
		}
		assert.deepEqual(problems, []);
	});

	// CLDR's English categories (one: 1; other: the rest) and Portuguese ones (one: 0 and 1; other: the rest).
	const two: readonly [number, 0 | 1][] = [
		[1, 0],
		[2, 1],
		[5, 1],
		[21, 1],
	];
	const spelled = keys.flatMap((key) =>
		countsIn(key, keys)
			.filter((count) => count.spelled)
			.map((count) => ({ key, count })),
	);

	test('English keys that count with the plural syntax read "1 line" and "2 lines"', () => {
		assert.ok(spelled.length >= 4, `${spelled.length} keys`);
		const problems: string[] = [];
		for (const { key, count } of spelled) {
			const singular = Object.entries(glossary.counts).find(([, noun]) => noun === count.noun)![0];
			for (const [value, category] of two) {
				const args = Array.from({ length: 5 }, (_, at) => (String(at) === count.index ? formatNumber(value) : `«${at}»`));
				const text = t(key, ...args);
				const [expected, other] = category === 0 ? [singular, count.noun.plural] : [count.noun.plural, singular];
				if (text.includes('|') || !hasWord(text, expected) || hasWord(text, other)) {
					problems.push(`${value}: ${JSON.stringify(text)}`);
				}
			}
		}
		assert.deepEqual(problems, []);
	});

	test("their Portuguese counts with the glossary's forms too", () => {
		const problems: string[] = [];
		try {
			useLocale('pt-br');
			for (const { key, count } of spelled) {
				const forms = count.noun['pt-br'];
				const spec = pluralSpec(pt[key], count.index);
				if (!forms || !spec || !hasWord(spec.get('one') ?? '', forms[0]) || !hasWord(spec.get('other') ?? '', forms[1])) {
					problems.push(`${JSON.stringify(key)}: ${JSON.stringify(pt[key])} (glossary: ${JSON.stringify(forms)})`);
					continue;
				}
				for (const [value, category] of two) {
					const args = Array.from({ length: 5 }, (_, at) => (String(at) === count.index ? formatNumber(value) : `«${at}»`));
					const text = t(key, ...args);
					if (!hasWord(text, forms[category]) || hasWord(text, forms[1 - category])) {
						problems.push(`${value}: ${JSON.stringify(text)}`);
					}
				}
			}
		} finally {
			useLocale(undefined);
		}
		assert.deepEqual(problems, []);
	});
});
