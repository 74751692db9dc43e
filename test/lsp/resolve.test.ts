/**
 * What the server leaves for the client to resolve, over a real wire (stdio): code lenses on at most
 * `robotsTxt.codeLens.maxGroups` groups with a note when there are more (asked for again when the setting changes),
 * their commands on `codeLens/resolve`, and the fix-all actions' edits on `codeAction/resolve` for a client that
 * announces it; a resolve for a version that is gone comes back unresolved, and the server keeps answering.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	CodeActionRequest,
	CodeActionResolveRequest,
	CodeLensRequest,
	CodeLensResolveRequest,
	type CodeAction,
	type CodeLens,
	type Diagnostic,
} from 'vscode-languageserver/node';
import { computeCodeActions, computeCodeLenses, computeDiagnostics, defaultAnalysisOptions, parse, type AnalysisOptions } from '../../core/src/index';
import { defaultMaxLensGroups } from '../../server/src/settings';
import { joinLines } from '../util/fixtures';
import { quiet, TestClient } from './client';

const uri = 'file:///site/robots.txt';
const options: AnalysisOptions = { ...defaultAnalysisOptions, fileName: 'robots.txt', groupRepeats: true };

/** The value as it travels over JSON (undefined fields dropped). */
function wire<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/** `count` groups of `User-agent: botN` and one rule each, so the file has exactly `count` groups. */
function groups(count: number): string {
	return joinLines(...Array.from({ length: count }, (_, i) => `User-agent: bot${i}\nDisallow: /${i}\n`), '');
}

describe('resolving lenses and actions over stdio', { timeout: 60_000 }, () => {
	test('lenses on the first robotsTxt.codeLens.maxGroups groups, a note on line 1, commands on resolve', async () => {
		const client = await TestClient.start({ configuration: true, settings: { codeLens: { maxGroups: 4 } } });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const text = groups(10);
			await client.open(uri, text);
			const lenses = (await send(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
			const note = lenses.filter((lens) => lens.command?.command === 'robotsTxt.showDetails');
			assert.deepStrictEqual(
				note.map((lens) => [lens.range.start.line, lens.command?.title]),
				[[0, 'Code lenses on the first 4 of 10 groups only (robotsTxt.codeLens.maxGroups)']],
			);
			// Two lenses per group on the first four groups' User-agent lines (every third line), left to resolve.
			const unresolved = lenses.filter((lens) => lens.command === undefined);
			assert.deepStrictEqual(
				unresolved.map((lens) => lens.range.start.line),
				[0, 0, 3, 3, 6, 6, 9, 9],
			);
			const resolved = await Promise.all(lenses.map((lens) => (lens.command ? lens : send(CodeLensResolveRequest.type, lens))));
			assert.deepStrictEqual(resolved, wire(computeCodeLenses(parse(text), options, uri, { maxGroups: 4 })));
			assert.ok(resolved.every((lens) => lens.command !== undefined));
		} finally {
			client.kill();
		}
	});

	test('a new robotsTxt.codeLens.maxGroups has the client ask for the lenses again; the same settings do not', async () => {
		const client = await TestClient.start({ configuration: true, settings: { codeLens: { maxGroups: 2 } }, codeLensRefresh: true });
		try {
			await client.open(uri, groups(10));
			const note = async () =>
				((await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[]).find(
					(lens) => lens.command?.command === 'robotsTxt.showDetails',
				)?.command?.title;
			assert.equal(await note(), 'Code lenses on the first 2 of 10 groups only (robotsTxt.codeLens.maxGroups)');
			await client.changeSettings({ codeLens: { maxGroups: 2 } });
			await quiet(300);
			assert.equal(client.codeLensRefreshRequests, 0);
			await client.changeSettings({ codeLens: { maxGroups: 3 } });
			await client.waitFor(() => client.codeLensRefreshRequests === 1, 'a code lens refresh');
			assert.equal(await note(), 'Code lenses on the first 3 of 10 groups only (robotsTxt.codeLens.maxGroups)');
		} finally {
			client.kill();
		}
	});

	test('by default, lenses on the first 5 000 groups', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			await client.open(uri, groups(defaultMaxLensGroups + 1));
			const lenses = (await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[];
			assert.equal(defaultMaxLensGroups, 5000);
			assert.deepStrictEqual(
				lenses.filter((lens) => lens.command?.command === 'robotsTxt.showDetails').map((lens) => lens.command?.title),
				['Code lenses on the first 5,000 of 5,001 groups only (robotsTxt.codeLens.maxGroups)'],
			);
			assert.equal(lenses.filter((lens) => lens.command === undefined).length, 2 * 5000);
		} finally {
			client.kill();
		}
	});

	test("a lens of a version that is gone comes back unresolved; the new version's resolve", async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const text = groups(3);
			await client.open(uri, text);
			const before = ((await send(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[]).filter((lens) => lens.command === undefined);
			// A group goes in at the top: every group moves down three lines.
			const inserted = 'User-agent: newbot\nDisallow: /new\n\n';
			await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: inserted }]);
			for (const lens of before) {
				assert.deepStrictEqual(await send(CodeLensResolveRequest.type, lens), lens);
			}
			const after = ((await send(CodeLensRequest.type, { textDocument: { uri } })) as CodeLens[]).filter((lens) => lens.command === undefined);
			const resolved = await Promise.all(after.map((lens) => send(CodeLensResolveRequest.type, lens)));
			const expected = wire(computeCodeLenses(parse(inserted + text), options, uri)).filter((lens) => lens.range.end.character > 0);
			assert.deepStrictEqual(resolved, expected);
			// A closed document's lens, and one with data the server never sent, come back as they are.
			const foreign: CodeLens = { range: before[0].range, data: { uri: 'file:///elsewhere/robots.txt', version: 1, group: 0, lens: 'test' } };
			assert.deepStrictEqual(await send(CodeLensResolveRequest.type, foreign), foreign);
			const junk: CodeLens = { range: before[0].range, data: [1, 2, 3] };
			assert.deepStrictEqual(await send(CodeLensResolveRequest.type, junk), junk);
		} finally {
			client.kill();
		}
	});

	// Two missing colons and a path without "/": one fix-all per code, and source.fixAll over every preferred fix.
	const fixable = joinLines('User-agent: *', 'Disallow /a', 'Disallow /b', 'Disallow: css', '');
	const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };

	test('a client that resolves actions gets the fix-all actions without edits, and the same edits on resolve', async () => {
		const diagnostics: Diagnostic[] = wire([...computeDiagnostics(parse(fixable), options, uri)]);
		const inline = wire(computeCodeActions(range, diagnostics, diagnostics, uri, { suppressIn: parse(fixable) }));
		assert.deepStrictEqual(
			inline.map((action) => action.title),
			[
				'Add the colon: "Disallow: /a"',
				"Fix all 'missing-colon' problems in the file",
				"Disable 'missing-colon' for this line",
				'Fix all auto-fixable robots.txt problems',
			],
		);
		const client = await TestClient.start({ configuration: true, settings: {}, codeActionResolve: true });
		try {
			assert.deepStrictEqual(client.initializeResult.capabilities.codeActionProvider, {
				codeActionKinds: ['quickfix', 'source.fixAll', 'source.robotsTxt.blockAiTraining', 'source.robotsTxt.allowAiTraining', 'source.robotsTxt.simplify'],
				resolveProvider: true,
			});
			const send = client.connection.sendRequest.bind(client.connection);
			await client.open(uri, fixable);
			const actions = ((await send(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics } })) as CodeAction[]).filter(
				(action) => !action.kind?.startsWith('source.robotsTxt.'),
			);
			assert.deepStrictEqual(
				actions.map((action) => [action.title, action.edit === undefined]),
				[
					['Add the colon: "Disallow: /a"', false],
					["Fix all 'missing-colon' problems in the file", true],
					["Disable 'missing-colon' for this line", false],
					['Fix all auto-fixable robots.txt problems', true],
				],
			);
			const resolved = await Promise.all(actions.map((action) => (action.edit ? action : send(CodeActionResolveRequest.type, action))));
			assert.deepStrictEqual(
				resolved.map((action) => action.edit),
				inline.map((action) => action.edit),
			);
			const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, fixable), resolved[3].edit!.changes![uri]);
			assert.equal(fixed, joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /b', 'Disallow: /css', ''));

			// After an edit, the earlier version's fix-all comes back without edits: they would fix a text that is gone.
			await client.change(uri, 2, [{ range: { start: { line: 2, character: 8 }, end: { line: 2, character: 8 } }, text: ':' }]);
			for (const action of actions.slice(1)) {
				assert.deepStrictEqual(await send(CodeActionResolveRequest.type, action), action);
			}
			// The new version's are resolved on that version.
			const newer = (await send(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [] } })) as CodeAction[];
			const sourceFixAll = newer.find((action) => action.kind === 'source.fixAll')!;
			const edits = ((await send(CodeActionResolveRequest.type, sourceFixAll)) as CodeAction).edit!.changes![uri];
			const text = joinLines('User-agent: *', 'Disallow /a', 'Disallow: /b', 'Disallow: css', '');
			assert.equal(
				TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 2, text), edits),
				joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /b', 'Disallow: /css', ''),
			);
		} finally {
			client.kill();
		}
	});

	test('a client that does not resolve actions gets every edit inline', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			assert.equal((client.initializeResult.capabilities.codeActionProvider as { resolveProvider?: boolean }).resolveProvider, undefined);
			await client.open(uri, fixable);
			const diagnostics: Diagnostic[] = wire([...computeDiagnostics(parse(fixable), options, uri)]);
			const actions = (
				(await client.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics } })) as CodeAction[]
			).filter((action) => !action.kind?.startsWith('source.robotsTxt.'));
			assert.deepStrictEqual(actions, wire(computeCodeActions(range, diagnostics, diagnostics, uri, { suppressIn: parse(fixable) })));
		} finally {
			client.kill();
		}
	});
});
