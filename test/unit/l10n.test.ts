/**
 * Localization: every language we ship has every key the code uses and none it no longer uses, each translation keeps
 * its key's placeholders, and package.json's %keys% are in every package.nls file. Keys are read from the source the
 * way VS Code's l10n tooling reads them: the string-literal first argument of `t(…)`, `tLines(…)` and `l10n.t(…)`
 * (`vscode.l10n.t` in the client). A key that is not a literal cannot be translated, so it fails too.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { configureL10n, format, formatNumber, joinList, pluralForms, t } from '../../core/src/l10n';
import { bundles, environmentLocale, shippedLocale, useLocale } from '../../io/src/localize';
import { repoRoot, sourceRoots } from '../util/fixtures';

const languages = ['zh-cn', 'ru', 'pt-br'] as const;
/** Where the functions that take a key are defined; their own parameters are not keys. */
const definitions = new Set(['core/src/l10n.ts', 'core/src/diagnostics/context.ts', 'io/src/localize.ts']);

function sourceFiles(dir: string): string[] {
	const files: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory() && !['node_modules', 'dist', 'out'].includes(entry.name)) {
			files.push(...sourceFiles(path));
		} else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
			files.push(path);
		}
	}
	return files;
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
	each(node);
	node.forEachChild((child) => visit(child, each));
}

/** Whether a call passes a key: `t(…)`, `tLines(…)`, `l10n.t(…)` or `vscode.l10n.t(…)`. */
function isKeyCall(call: ts.CallExpression): boolean {
	const callee = call.expression;
	if (ts.isIdentifier(callee)) {
		return callee.text === 't' || callee.text === 'tLines';
	}
	return (
		ts.isPropertyAccessExpression(callee)
		&& callee.name.text === 't'
		&& (ts.isIdentifier(callee.expression)
			? callee.expression.text === 'l10n'
			: ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === 'l10n')
	);
}

interface Keys {
	readonly keys: Map<string, string>;
	readonly notLiteral: string[];
}

/** The keys the code passes, each with the first place it is used, and the calls whose key is not a literal. */
export function keysInSource(files: readonly { path: string; text: string }[]): Keys {
	const keys = new Map<string, string>();
	const notLiteral: string[] = [];
	for (const { path, text } of files) {
		const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
		visit(source, (node) => {
			if (!ts.isCallExpression(node) || !isKeyCall(node)) {
				return;
			}
			const [first] = node.arguments;
			const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
			const place = `${path}:${line + 1}`;
			// A translator that forwards what it is given (`(message, args) => l10n.t(message, ...args)`) passes no key.
			const forwards =
				first !== undefined && ts.isIdentifier(first) && first.text === 'message' && node.arguments.length === 2 && ts.isSpreadElement(node.arguments[1]);
			if (forwards) {
				return;
			}
			if (first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
				if (!keys.has(first.text)) {
					keys.set(first.text, place);
				}
			} else if (!definitions.has(path)) {
				notLiteral.push(place);
			}
		});
	}
	return { keys, notLiteral };
}

function projectSources(): { path: string; text: string }[] {
	return sourceRoots
		.map((root) => join(repoRoot, root))
		.flatMap(sourceFiles)
		.map((path) => ({
			path: relative(repoRoot, path).split(sep).join('/'),
			text: readFileSync(path, 'utf8'),
		}));
}

function readJson(path: string): Record<string, string> {
	return JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Record<string, string>;
}

/** The arguments a text uses: `{0}`, and `{0|one=…|other=…}` (a word's form by count) counts as `{0}` too. */
function placeholders(text: string): string {
	return [...new Set([...text.matchAll(/\{(\d+)(?:\|[^{}]*)?\}/g)].map((match) => `{${match[1]}}`))].sort().join(' ');
}

/** What is wrong with one language's bundle against the keys the code uses. */
function bundleProblems(keys: ReadonlyMap<string, string>, bundle: Readonly<Record<string, string>>): string[] {
	const problems: string[] = [];
	for (const [key, place] of keys) {
		if (!(key in bundle)) {
			problems.push(`missing (${place}): ${JSON.stringify(key)}`);
		}
	}
	for (const [key, value] of Object.entries(bundle)) {
		if (!keys.has(key)) {
			problems.push(`no longer used: ${JSON.stringify(key)}`);
		} else if (typeof value !== 'string' || value.trim() === '') {
			problems.push(`empty: ${JSON.stringify(key)}`);
		} else if (placeholders(value) !== placeholders(key)) {
			problems.push(`placeholders ${placeholders(value) || 'none'} instead of ${placeholders(key) || 'none'}: ${JSON.stringify(key)}`);
		}
	}
	return problems;
}

describe('localization', () => {
	const { keys, notLiteral } = keysInSource(projectSources());

	test('every key is a string literal, so that it can be translated', () => {
		assert.deepEqual(notLiteral, []);
	});

	test('the key reader finds keys and refuses keys that are not literals', () => {
		const planted = keysInSource([
			{
				path: 'x.ts',
				text: 'import * as vscode from "vscode";\nt("A {0}.", a); tLines(`B`); vscode.l10n.t("C"); l10n.t("D"); t(message); other("E");\nspeakIn(locale, (message, args) => l10n.t(message, ...args)); l10n.t(message, args);',
			},
		]);
		assert.deepEqual([...planted.keys.keys()], ['A {0}.', 'B', 'C', 'D']);
		assert.deepEqual(planted.notLiteral, ['x.ts:2', 'x.ts:3']);
	});

	for (const language of languages) {
		test(`l10n/bundle.l10n.${language}.json has every key the code uses, and no other`, () => {
			const problems = bundleProblems(keys, readJson(`l10n/bundle.l10n.${language}.json`));
			assert.deepEqual(problems.slice(0, 40), [], `${problems.length} problems`);
		});
	}

	test('a bundle that lacks a key, keeps an old one or drops a placeholder is caught', () => {
		const used = new Map([
			['A {0}.', 'x.ts:1'],
			['B', 'x.ts:2'],
		]);
		assert.deepEqual(bundleProblems(used, { 'A {0}.': 'А.', C: 'В' }), [
			'missing (x.ts:2): "B"',
			'placeholders none instead of {0}: "A {0}."',
			'no longer used: "C"',
		]);
	});

	test("package.json's %keys% are in package.nls.json, and every language has exactly those keys", () => {
		const manifest = readFileSync(join(repoRoot, 'package.json'), 'utf8');
		const used = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map((match) => match[1]));
		assert.ok(used.size > 20, 'package.json names its texts by %key%');
		const english = readJson('package.nls.json');
		assert.deepEqual(Object.keys(english).sort(), [...used].sort());
		for (const language of languages) {
			const translated = readJson(`package.nls.${language}.json`);
			assert.deepEqual(Object.keys(translated).sort(), [...used].sort(), `package.nls.${language}.json`);
			for (const [key, value] of Object.entries(translated)) {
				assert.ok(value.trim() !== '', `package.nls.${language}.json: ${key} is empty`);
			}
		}
	});

	test('a translation is what t gives once its locale is in use, and English comes back after', () => {
		const [key, translation] = Object.entries(bundles.ru).find(([entry]) => !/\{\d+\}/.test(entry)) ?? [];
		assert.ok(key !== undefined && translation !== undefined, 'the Russian bundle has a key without placeholders');
		try {
			assert.equal(useLocale('ru_RU.UTF-8'), 'ru');
			assert.equal(t(key), translation);
		} finally {
			useLocale(undefined);
		}
		assert.equal(t(key), key);
	});

	test('locale tags from VS Code, BCP 47 and the environment find the shipped bundle', () => {
		assert.equal(shippedLocale('ru'), 'ru');
		assert.equal(shippedLocale('pt-BR'), 'pt-br');
		assert.equal(shippedLocale('pt'), 'pt-br');
		assert.equal(shippedLocale('zh-cn'), 'zh-cn');
		assert.equal(shippedLocale('zh_CN.UTF-8'), 'zh-cn');
		assert.equal(shippedLocale('zh-tw'), 'en');
		assert.equal(shippedLocale('de'), 'en');
		assert.equal(shippedLocale(undefined), 'en');
		assert.equal(environmentLocale({ LANG: 'ru_RU.UTF-8' }), 'ru_RU.UTF-8');
		assert.equal(environmentLocale({ LC_ALL: 'pt_BR.UTF-8', LANG: 'ru_RU.UTF-8' }), 'pt_BR.UTF-8');
		assert.equal(environmentLocale({ LANG: 'C' }), undefined);
	});

	test("a translation picks a word's form by the count, as the locale's plural rules say", () => {
		const forms = '{0|one=строка|few=строки|many=строк|other=строки}';
		try {
			configureL10n('ru');
			assert.deepEqual(
				[1, 2, 5, 11, 21, 22, 100].map((count) => pluralForms(forms, [count])),
				['строка', 'строки', 'строк', 'строк', 'строка', 'строки', 'строк'],
			);
			// A count already formatted for people ("12 000") is read by its digits.
			assert.equal(pluralForms('{0|one=строка|few=строки|many=строк|other=строки}', ['12 000']), 'строк');
		} finally {
			configureL10n('en');
		}
		// Through the Russian bundle: the count of characters a message quotes.
		try {
			useLocale('ru');
			assert.deepEqual(
				['121', '122', '125'].map((count) => t('({0} characters)', count)),
				['(121 символ)', '(122 символа)', '(125 символов)'],
			);
		} finally {
			useLocale(undefined);
		}
		// English has one and other; a category the translation does not list takes `other`.
		assert.equal(pluralForms('{0|one=line|other=lines}', [1]), 'line');
		assert.equal(pluralForms('{0|one=line|other=lines}', [3]), 'lines');
		assert.equal(pluralForms('no forms here', [3]), 'no forms here');
	});

	test('formatting without a translator: placeholders, lists and numbers', () => {
		assert.equal(format('{1} before {0}, {2} stays', ['a', 'b']), 'b before a, {2} stays');
		assert.equal(joinList(['Google', 'Yandex', 'Bing']), 'Google, Yandex and Bing');
		try {
			configureL10n('ru');
			assert.equal(joinList(['Google', 'Yandex', 'Bing']), 'Google, Yandex и Bing');
			assert.equal(formatNumber(12000).replace(/\s/g, ' '), '12 000');
		} finally {
			configureL10n('en');
		}
		assert.equal(formatNumber(12000), '12,000');
	});
});
