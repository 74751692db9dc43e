/**
 * One word per concept: l10n/glossary.json names, per language, the word chosen for each term and the variants that
 * mean the same and must not come back (опубликованный, not развёрнутый, for "deployed"; a URL, not o URL; 你, not
 * 您), and no translation in the bundles or the package.nls files uses one. Code spans, URLs and placeholders are not
 * words of the language and are left out. The verdict words come from one function, core/verdict.ts: no English key
 * spells a verdict inside a sentence, and every view (Test URL, the test bench, the picker, the manifest) says the
 * same translated word.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeBench, defaultAnalysisOptions, parse, testUrl, testUrlAll } from '../../core/src/index';
import { verdictWord } from '../../core/src/verdict';
import { bundles, useLocale } from '../../io/src/localize';
import { repoRoot } from '../util/fixtures';

const languages = ['ru', 'pt-br', 'zh-cn'] as const;
type Language = (typeof languages)[number];

interface Term {
	readonly en: string;
	readonly keys?: string;
	readonly exceptKeys?: string;
	readonly forbidden: Partial<Record<Language, readonly string[]>>;
}

function readJson<T>(path: string): T {
	return JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T;
}

const glossary = readJson<{ terms: Record<string, Term> }>('l10n/glossary.json');

/** Whole words only where the variant starts or ends with a letter of an alphabet (Chinese has no spaces); `*` is any ending. */
function variantPattern(variant: string): RegExp {
	const prefix = variant.endsWith('*');
	const word = prefix ? variant.slice(0, -1) : variant;
	const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	// The first letter in either case: a variant at the start of a sentence is the same variant.
	const first = word.charAt(0);
	const head = first.toLowerCase() !== first.toUpperCase() ? `[${first.toLowerCase()}${first.toUpperCase()}]${escaped.slice(1)}` : escaped;
	const alphabetic = /[\p{Script=Latin}\p{Script=Cyrillic}]/u;
	const before = alphabetic.test(word.charAt(0)) ? String.raw`(?<![\p{L}\p{N}_])` : '';
	const after = prefix ? String.raw`[\p{L}]*` : alphabetic.test(word.charAt(word.length - 1)) ? String.raw`(?![\p{L}\p{N}_])` : '';
	return new RegExp(before + head + after, 'u');
}

/** The words of a translation: without code spans, URLs and placeholders. */
function prose(text: string): string {
	return text
		.replace(/`[^`]*`/g, ' ')
		.replace(/https?:\/\/\S+/g, ' ')
		.replace(/\{\d+(\|[^{}]*)?\}/g, ' ');
}

/** Each forbidden variant of a term found in a language's texts (key → translation), as "term: variant in key". */
export function glossaryProblems(terms: Readonly<Record<string, Term>>, language: Language, texts: Readonly<Record<string, string>>): string[] {
	const problems: string[] = [];
	for (const [name, term] of Object.entries(terms)) {
		const only = term.keys === undefined ? undefined : new RegExp(term.keys, 'i');
		const except = term.exceptKeys === undefined ? undefined : new RegExp(term.exceptKeys, 'i');
		for (const variant of term.forbidden[language] ?? []) {
			const pattern = variantPattern(variant);
			for (const [key, translation] of Object.entries(texts)) {
				if ((only && !only.test(key)) || except?.test(key)) {
					continue;
				}
				const found = pattern.exec(prose(translation));
				if (found) {
					problems.push(`${name}: "${found[0]}" (not ${variant}) in ${JSON.stringify(key.length > 90 ? key.slice(0, 90) + '…' : key)}`);
				}
			}
		}
	}
	return problems;
}

describe('glossary', () => {
	test('a second word for a term is caught, in any case at the start of a sentence, and only as a whole word', () => {
		const terms: Record<string, Term> = {
			deployed: { en: 'deployed', forbidden: { ru: ['развёрнут*'] } },
			you: { en: 'you', forbidden: { 'zh-cn': ['您'] } },
			URL: { en: 'URL', forbidden: { 'pt-br': ['o URL'] } },
			verdict: { en: 'verdict', keys: 'verdict', exceptKeys: 'conclu', forbidden: { 'zh-cn': ['结论'] } },
		};
		assert.equal(glossaryProblems(terms, 'ru', { Deployed: 'Развёрнутый файл' }).length, 1);
		assert.equal(glossaryProblems(terms, 'ru', { Deployed: 'Опубликованный файл' }).length, 0);
		assert.equal(glossaryProblems(terms, 'zh-cn', { x: '请您检查' }).length, 1);
		assert.equal(glossaryProblems(terms, 'pt-br', { a: 'Abra o URL', b: 'Abra a URL', c: 'o URLs', d: 'use `o URL`' }).length, 1);
		assert.equal(glossaryProblems(terms, 'zh-cn', { 'the verdict': '结论', 'what it concludes': '结论', other: '结论' }).length, 1);
	});

	for (const language of languages) {
		test(`${language}: the bundle and the manifest use one word per glossary term`, () => {
			const texts = { ...bundles[language], ...readJson<Record<string, string>>(`package.nls.${language}.json`) };
			assert.deepEqual(glossaryProblems(glossary.terms, language, texts), []);
		});
	}
});

describe('verdict words', () => {
	const english = readJson<Record<string, string>>('package.nls.json');
	const words = ['ALLOWED', 'DISALLOWED', 'UNKNOWN', 'ALLOW', 'DISALLOW'];
	const verdictPattern = new RegExp(`\\b(${words.join('|')})\\b`);

	test('no key spells a verdict inside a sentence: the word is an argument from verdictWord', () => {
		// The keys that are the words themselves (the help sentence that lists the words tools read takes them too).
		const spelled = Object.keys(bundles.ru).filter((key) => verdictPattern.test(key) && !/^(DIS)?ALLOWED$|^UNKNOWN$/.test(key));
		assert.deepEqual(spelled, []);
	});

	test('the words tools read stay English in every language', () => {
		try {
			for (const language of languages) {
				useLocale(language);
				assert.deepEqual(
					(['allow', 'disallow', 'unknown'] as const).map((verdict) => verdictWord(verdict, { forTools: true })),
					['ALLOWED', 'DISALLOWED', 'UNKNOWN'],
				);
			}
		} finally {
			useLocale(undefined);
		}
	});

	const robots = parse('User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: Googlebot\nDisallow: /search\n');
	const options = { ...defaultAnalysisOptions, crawlers: ['Googlebot', 'bingbot'], dialects: [...defaultAnalysisOptions.dialects, 'draft1996' as const] };

	for (const language of languages) {
		test(`${language}: Test URL, the test bench, the picker and the manifest say the same verdict words`, () => {
			const allowed = bundles[language].ALLOWED;
			const disallowed = bundles[language].DISALLOWED;
			try {
				useLocale(language);
				assert.deepEqual([verdictWord('allow'), verdictWord('disallow'), verdictWord('unknown')], [allowed, disallowed, bundles[language].UNKNOWN]);
				// The other parsers' sentence ("… would find it DISALLOWED"): 1996-draft parsers stop at the first match.
				const one = testUrl(robots, { url: '/private/ok', agent: 'bingbot' }, options);
				assert.ok(one.headline.includes(allowed) && one.headline.includes(disallowed), one.headline);
				const all = testUrlAll(robots, '/search', options);
				assert.ok(all.summary.includes(disallowed), all.summary);
				assert.ok(all.table.includes(allowed) && all.table.includes(disallowed), all.table);
				// The picker's description of each row: the same word, then the deciding line.
				assert.deepEqual(
					all.rows.map((row) => row.verdictText.startsWith(row.verdict === 'allow' ? allowed : disallowed)),
					all.rows.map(() => true),
				);
				const bench = computeBench(robots, { urls: ['/search'], crawlers: options.crawlers });
				assert.deepEqual(bench.verdicts, [disallowed, allowed]);
				for (const text of [one.headline, one.explanation, all.summary, all.table, ...all.rows.map((row) => row.explanation)]) {
					assert.doesNotMatch(text, verdictPattern, text);
				}
			} finally {
				useLocale(undefined);
			}
			// The manifest quotes Test URL's sentence with the same word.
			const manifest = readJson<Record<string, string>>(`package.nls.${language}.json`);
			assert.ok(english['config.dialects.markdownDescription'].includes(verdictWord('allow')));
			assert.ok(manifest['config.dialects.markdownDescription'].includes(allowed), manifest['config.dialects.markdownDescription']);
		});
	}
});
