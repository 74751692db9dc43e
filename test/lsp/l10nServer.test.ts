/**
 * The server adapter's own texts in the editor's language: a server initialized with `locale: 'ru'` answers in
 * Russian where it words something itself (an error a person reads through the client, the note that limits the
 * problems), and every translation of the adapter's keys (server/src/*.ts, server/src/features/*.ts) is written in its
 * language, not left in English.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { RequestType, ResponseError } from 'vscode-languageserver/node';
import { format } from '../../core/src/l10n';
import * as protocol from '../../core/src/protocol';
import { bundles } from '../../io/src/localize';
import { repoRoot } from '../util/fixtures';
import { TestClient } from './client';

const testUrlRequest = new RequestType<protocol.TestUrlParams, protocol.TestUrlResult, void>(protocol.testUrlMethod);

/** The keys the server adapter passes to `t`, read from its source (not the core's, which other tests cover). */
function adapterKeys(): Set<string> {
	const folders = ['server/src', 'server/src/features'];
	const keys = new Set<string>();
	for (const folder of folders) {
		for (const name of readdirSync(join(repoRoot, folder)).filter((file) => file.endsWith('.ts'))) {
			const source = ts.createSourceFile(name, readFileSync(join(repoRoot, folder, name), 'utf8'), ts.ScriptTarget.Latest, true);
			const visit = (node: ts.Node): void => {
				if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
					const [first] = node.arguments;
					if (first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
						keys.add(first.text);
					}
				}
				node.forEachChild(visit);
			};
			visit(source);
		}
	}
	return keys;
}

/** The runs of three words of a text (letters of any script), lowercased; code, quotes and dotted names (settings) left out. */
function wordRuns(text: string): string[] {
	const words = text
		.replace(/`[^`]*`/g, ' ')
		.replace(/"[^"]*"/g, ' ')
		.replace(/[\w-]+(?:\.[\w-]+)+/g, ' ')
		.toLowerCase()
		.split(/[^\p{L}]+/u)
		.filter((word) => word !== '');
	return words.slice(2).map((word, index) => `${words[index]} ${words[index + 1]} ${word}`);
}

describe("the server adapter's texts in the editor's language", () => {
	test('a server initialized in Russian says that a document is not open in Russian', async () => {
		const client = await TestClient.start({ locale: 'ru' });
		try {
			const uri = 'file:///work/not-open/robots.txt';
			const error = await client.connection.sendRequest(testUrlRequest, { uri, url: '/', agent: 'Googlebot' }).then(
				() => undefined,
				(reason: unknown) => reason,
			);
			assert.ok(error instanceof ResponseError, String(error));
			const russian = bundles.ru['The document is not open: {0}'];
			assert.ok(russian !== undefined && !russian.startsWith('The document'));
			assert.equal(error.message, format(russian, [uri]));
		} finally {
			await client.stop();
		}
	});

	test('a server initialized in Russian says in Russian that it limits the problems', async () => {
		const lines = ['# many problems', 'User-agent: *'];
		for (let i = 0; i < 6; i++) {
			lines.push(`Disallow /a${i}`);
		}
		const client = await TestClient.start({ locale: 'ru', configuration: true, settings: { diagnostics: { maxProblems: 3 } } });
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, `${lines.join('\n')}\n`);
			await client.waitFor(() => client.lastPublished(uri) !== undefined, 'diagnostics');
			const note = client.lastPublished(uri)!.diagnostics[0].message;
			const template = bundles.ru['{0} problems; showing the {1} most severe; run `robots-txt lint` for all (or raise robotsTxt.diagnostics.maxProblems).'];
			assert.ok(template !== undefined);
			const pattern = new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '\\d+')}$`);
			assert.match(note, pattern);
		} finally {
			await client.stop();
		}
	});

	test('a server initialized without a locale answers in English', async () => {
		const client = await TestClient.start();
		try {
			const uri = 'file:///work/not-open/robots.txt';
			const error = await client.connection.sendRequest(testUrlRequest, { uri, url: '/', agent: 'Googlebot' }).then(
				() => undefined,
				(reason: unknown) => reason,
			);
			assert.ok(error instanceof ResponseError, String(error));
			assert.equal(error.message, `The document is not open: ${uri}`);
		} finally {
			await client.stop();
		}
	});

	const keys = adapterKeys();
	for (const [language, bundle] of Object.entries(bundles)) {
		test(`the adapter's ${language} translations keep no English sentence`, () => {
			assert.ok(keys.size >= 3, `the adapter has ${keys.size} keys`);
			const english = [...keys].flatMap((key) => {
				const translation = bundle[key];
				if (translation === undefined) {
					return [`missing: ${JSON.stringify(key)}`];
				}
				const runs = new Set(wordRuns(key));
				const left = wordRuns(translation).find((run) => runs.has(run));
				return left === undefined ? [] : [`${JSON.stringify(key)}: ${left}`];
			});
			assert.deepEqual(english, []);
		});
	}
});
