/**
 * Localization of the VS Code client (client/src, client/webview): no sentence is shown without going through
 * `vscode.l10n.t` (a string of three or more English words anywhere else in the client's code is a forgotten text),
 * and no translation of the client's keys keeps three words of its English in a row.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as vscodeL10n from '@vscode/l10n';
import ts from 'typescript';
import { configureL10n } from '../../core/src/l10n';
import { fetchWithLimits, speakIn } from '../../io/src/httpFetch';
import { bundles } from '../../io/src/localize';
import { repoRoot } from '../util/fixtures';

const languages = ['zh-cn', 'ru', 'pt-br'] as const;
const folders = ['client/src', 'client/webview'];

/** Three lowercase English words in a row: the sign of a sentence. */
const sentence = /\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b/;

function clientSources(): { path: string; source: ts.SourceFile }[] {
	return folders.flatMap((folder) =>
		readdirSync(join(repoRoot, folder))
			.filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
			.map((name) => {
				const path = `${folder}/${name}`;
				return { path, source: ts.createSourceFile(path, readFileSync(join(repoRoot, path), 'utf8'), ts.ScriptTarget.Latest, true) };
			}),
	);
}

/** Whether `node` is the first argument of `l10n.t(…)` (as `vscode.l10n.t`, `l10n.t` or `api.l10n.t`). */
function isKey(node: ts.Node): boolean {
	const call = node.parent;
	if (!ts.isCallExpression(call) || call.arguments[0] !== node) {
		return false;
	}
	const callee = call.expression;
	return (
		ts.isPropertyAccessExpression(callee)
		&& callee.name.text === 't'
		&& ((ts.isIdentifier(callee.expression) && callee.expression.text === 'l10n')
			|| (ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === 'l10n'))
	);
}

/** The client's strings that read as English sentences but are not keys, as `path:line: text`. */
export function unlocalizedSentences(files: readonly { path: string; source: ts.SourceFile }[]): { found: string[]; keys: Set<string> } {
	const found: string[] = [];
	const keys = new Set<string>();
	for (const { path, source } of files) {
		const visit = (node: ts.Node): void => {
			if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
				if (isKey(node)) {
					keys.add(node.text);
				} else if (sentence.test(node.text) && !ts.isImportDeclaration(node.parent) && !ts.isLiteralTypeNode(node.parent)) {
					found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.text.slice(0, 60)}`);
				}
			}
			node.forEachChild(visit);
		};
		visit(source);
	}
	return { found, keys };
}

/** The runs of three words of a text (letters of any script), lowercased. */
function wordRuns(text: string): string[] {
	const words = text
		.toLowerCase()
		.split(/[^\p{L}]+/u)
		.filter((word) => word !== '');
	return words.slice(2).map((word, index) => `${words[index]} ${words[index + 1]} ${word}`);
}

/**
 * What is left in English in a translation: a run of three words of its English key, outside `code spans`, "quoted
 * text" and URLs (which stay as they are). Portuguese shares the Latin script, so only the key's own words count.
 */
function englishLeft(key: string, translation: string): string | undefined {
	const unquoted = (text: string) =>
		text
			.replace(/`[^`]*`/g, ' ')
			.replace(/"[^"]*"/g, ' ')
			.replace(/https?:\/\/\S+/g, ' ');
	const english = new Set(wordRuns(unquoted(key)));
	return wordRuns(unquoted(translation)).find((run) => english.has(run));
}

describe('localization of the client', () => {
	const files = clientSources();
	const { found, keys } = unlocalizedSentences(files);

	test('every sentence the client shows goes through l10n.t', () => {
		assert.deepEqual(found, []);
	});

	test('a translation that keeps the English is caught, one that keeps only names and quotes is not', () => {
		assert.equal(englishLeft('Show the saved version', 'Mostrar the saved version'), 'the saved version');
		assert.equal(englishLeft('Run `robots-txt fetch the site` in a terminal', 'Execute `robots-txt fetch the site` em um terminal'), undefined);
		assert.equal(englishLeft('{0} cells changed since {1}', '{0} células mudaram desde {1}'), undefined);
	});

	test('the check finds a sentence outside l10n.t and accepts one inside', () => {
		const text = 'import * as vscode from "vscode";\nvscode.l10n.t("the bench is ready");\nwindow.showInformationMessage(`the bench is ${state}`);\n';
		const planted = unlocalizedSentences([{ path: 'x.ts', source: ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true) }]);
		assert.deepEqual(planted.found, ['x.ts:3: the bench is ']);
		assert.deepEqual([...planted.keys], ['the bench is ready']);
	});

	for (const language of languages) {
		test(`the client's ${language} translations leave no English sentence`, () => {
			const bundle = JSON.parse(readFileSync(join(repoRoot, `l10n/bundle.l10n.${language}.json`), 'utf8')) as Record<string, string>;
			assert.ok(keys.size > 100, `the client has ${keys.size} keys`);
			const english = [...keys].flatMap((key) => {
				const left = bundle[key] === undefined ? 'missing' : englishLeft(key, bundle[key]);
				return left === undefined ? [] : [`${JSON.stringify(key)}: ${left}`];
			});
			assert.deepEqual(english, []);
		});
	}
});

describe("the client's fetch failures", () => {
	test("the Node entry has the HTTP fetcher speak VS Code's language through l10n.t", () => {
		const entry = readFileSync(join(repoRoot, 'client/src/extension.ts'), 'utf8');
		assert.match(entry, /fetchWithLimits/);
		assert.match(entry, /speakIn\(env\.language, \(message, args\) => l10n\.t\(message, \.\.\.args\)\)/);
	});

	for (const language of languages) {
		test(`a failed fetch is worded in ${language} once the client hands in its translator`, async () => {
			// What vscode.l10n.t does in the extension host: the same bundle, read by @vscode/l10n.
			vscodeL10n.config({ contents: bundles[language] });
			try {
				speakIn(language, (message, args) => vscodeL10n.t(message, ...args));
				const outcome = await fetchWithLimits('no such url', { userAgent: 'test', timeoutMs: 1000, maxRedirects: 5, maxBytes: 1000 });
				assert.deepEqual(outcome.error, { kind: 'network', code: 'other', message: bundles[language]['not a URL: {0}'].replace('{0}', 'no such url') });
			} finally {
				configureL10n('en');
			}
		});
	}
});
