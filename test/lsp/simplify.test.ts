/**
 * The "Simplify robots.txt" source action over the protocol: asked for by kind (the editor's Source Action menu asks
 * for `source`), its edit annotated so that the editor previews it, and absent when nothing simplifies.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionRequest, type CodeAction } from 'vscode-languageserver/node';
import { joinLines } from '../util/fixtures';
import { TestClient } from './client';

const uri = 'file:///site/robots.txt';
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

describe('the Simplify source action', () => {
	test('offered under source with edits that need confirmation; the lightbulb (no kind asked) does not compute it', async () => {
		const client = await TestClient.start();
		try {
			const text = joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /a/b', '');
			await client.open(uri, text);
			const send = client.connection.sendRequest.bind(client.connection);
			const actions = (await send(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [], only: ['source'] } })) as CodeAction[];
			const simplify = actions.filter((action) => action.kind === 'source.robotsTxt.simplify');
			assert.equal(simplify.length, 1);
			const [action] = simplify;
			assert.equal(action.title, 'Simplify robots.txt (lines removed: 1, groups merged: 0, patterns shortened: 0)');
			const annotation = action.edit?.changeAnnotations?.['robotsTxt.simplify'];
			assert.equal(annotation?.needsConfirmation, false);
			assert.match(annotation?.description ?? '', /^Rule lines: 2 before, 1 after; groups: 1 before, 1 after\. The semantic diff compared \d+ crawlers/);
			const change = action.edit?.documentChanges?.[0];
			assert.ok(change && 'edits' in change);
			assert.equal(change.textDocument.uri, uri);
			const after = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), change.edits);
			assert.equal(after, joinLines('User-agent: *', 'Disallow: /a', ''));
			const lightbulb = (await send(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [] } })) as CodeAction[];
			assert.ok(!lightbulb.some((entry) => entry.kind === 'source.robotsTxt.simplify'));
			const exact = (await send(CodeActionRequest.type, {
				textDocument: { uri },
				range,
				context: { diagnostics: [], only: ['source.robotsTxt.simplify'] },
			})) as CodeAction[];
			assert.deepEqual(
				exact.map((entry) => entry.kind),
				['source.robotsTxt.simplify'],
			);
		} finally {
			await client.stop();
		}
	});

	test('not offered when nothing simplifies', async () => {
		const client = await TestClient.start();
		try {
			await client.open(uri, joinLines('User-agent: *', 'Disallow: /private', ''));
			const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
				textDocument: { uri },
				range,
				context: { diagnostics: [], only: ['source.robotsTxt.simplify'] },
			})) as CodeAction[];
			assert.deepEqual(actions, []);
		} finally {
			await client.stop();
		}
	});
});
