/**
 * The built language server over a real wire (stdio): capabilities, incremental sync, push and pull diagnostics that
 * are never stale, settings round trips, every request answered as the core computes it, and bad requests answered
 * without taking the process down. The logic itself is tested at the core.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	CodeActionRequest,
	CodeLensRequest,
	CodeLensResolveRequest,
	CompletionRequest,
	DocumentDiagnosticRequest,
	DocumentFormattingRequest,
	DocumentHighlightRequest,
	DocumentLinkRequest,
	DocumentRangeFormattingRequest,
	DocumentSymbolRequest,
	ErrorCodes,
	FoldingRangeRequest,
	HoverRequest,
	RequestType,
	ResponseError,
	TextDocumentSyncKind,
	type CodeAction,
	type CodeLens,
	type CompletionItem,
	type CompletionList,
	type Diagnostic,
	type DocumentDiagnosticReport,
	type FormattingOptions,
	type TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';
import {
	computeAgents,
	computeAiTrainingActions,
	computeCodeActions,
	computeCodeLenses,
	computeCompletions,
	computeDiagnostics,
	computeDocumentHighlights,
	computeDocumentLinks,
	computeDocumentSymbols,
	computeFoldingRanges,
	computeHover,
	defaultAnalysisOptions,
	formatDocument,
	parse,
	testUrl,
	type AnalysisOptions,
	type DiagnosticData,
} from '../../core/src/index';
import { joinLines } from '../util/fixtures';
import { quiet, TestClient } from './client';

const testUrlRequest = new RequestType<{ uri: string; url: string; agent: string }, unknown, void>('robotsTxt/testUrl');
const agentsRequest = new RequestType<{ uri: string }, unknown, void>('robotsTxt/agents');

// The server's settings: the defaults, the file's name, and repeats told once (settings.ts).
const options: AnalysisOptions = { ...defaultAnalysisOptions, fileName: 'robots.txt', groupRepeats: true };

/** The value as it travels over JSON (undefined fields dropped). */
function wire<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The diagnostics as the server sends them: the core's, the most severe first (a stable sort keeps line order within
 * a severity), so that clients that show only the first ones show the most severe, and without the fixes the core
 * keeps in `data`, which code actions take from the server's own analysis (features/diagnostics.ts).
 */
function expectedDiagnostics(text: string, uri: string, analysis: AnalysisOptions = options): readonly Diagnostic[] {
	return wire([...computeDiagnostics(parse(text), analysis, uri)].sort((a, b) => a.severity! - b.severity!).map(({ data: _fixes, ...sent }) => sent));
}

const sample = joinLines(
	'# Example',
	'Disallow: /before-any-group',
	'user-agent: Googlebot',
	'Disallow:/private',
	'Allow: /private/ok',
	'Foo: bar',
	'User-agent: *',
	'Disallow: /tmp',
	'Sitemap: https://example.com/sitemap.xml',
	'',
);

describe('language server over stdio', { timeout: 60_000 }, () => {
	let workspace: string;
	let robotsUri: string;

	before(() => {
		workspace = mkdtempSync(join(tmpdir(), 'robots-lsp-'));
		mkdirSync(join(workspace, 'private'));
		writeFileSync(join(workspace, 'robots.txt'), sample);
		writeFileSync(join(workspace, 'about.html'), '');
		writeFileSync(join(workspace, 'private', 'secret.html'), '');
		mkdirSync(join(workspace, 'node_modules'));
		writeFileSync(join(workspace, 'node_modules', 'skipped.js'), '');
		robotsUri = pathToFileURL(join(workspace, 'robots.txt')).href;
	});

	after(() => rmSync(workspace, { recursive: true, force: true }));

	test('push: incremental edits, diagnostics for the final text only, cleared on close, clean exit', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const { capabilities } = client.initializeResult;
			assert.deepStrictEqual(capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental });
			assert.deepStrictEqual(capabilities.completionProvider?.triggerCharacters, [':', ' ', '/']);
			assert.equal(capabilities.diagnosticProvider, undefined, 'no pull diagnostics for a client without them');
			for (const provider of [
				'hoverProvider',
				'codeLensProvider',
				'documentSymbolProvider',
				'foldingRangeProvider',
				'documentFormattingProvider',
				'documentRangeFormattingProvider',
				'documentLinkProvider',
				'documentHighlightProvider',
				'codeActionProvider',
			] as const) {
				assert.ok(capabilities[provider], `${provider} is announced`);
			}

			const uri = 'file:///site/robots.txt';
			await client.open(uri, sample);
			await client.waitFor(() => client.lastPublished(uri)?.version === 1, 'diagnostics of version 1');
			assert.deepStrictEqual(client.lastPublished(uri)!.diagnostics, expectedDiagnostics(sample, uri));
			assert.ok(client.lastPublished(uri)!.diagnostics.length > 0, 'the sample has problems to report');

			// A burst of typing, deleting and pasting, faster than the debounce.
			let document = TextDocument.create(uri, 'robots-txt', 1, sample);
			const changes: TextDocumentContentChangeEvent[] = [];
			for (const [i, character] of [...'Crawl-delay: x\n'].entries()) {
				changes.push({ range: { start: { line: 3, character: i }, end: { line: 3, character: i } }, text: character });
			}
			changes.push({ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' });
			changes.push({ range: { start: { line: 4, character: 0 }, end: { line: 6, character: 3 } }, text: 'Disallow /x\nBar: baz\nUser-agent: Bingbot\nDis' });
			const published = client.published.length;
			let version = 1;
			for (const change of changes) {
				version++;
				document = TextDocument.update(document, [change], version);
				await client.change(uri, version, [change]);
			}
			await client.waitFor(() => client.lastPublished(uri)?.version === version, `diagnostics of version ${version}`);
			await quiet(400);
			const later = client.published.slice(published).filter((params) => params.uri === uri);
			assert.deepStrictEqual(
				later.map((params) => params.version),
				[version],
				'only the final version is published',
			);
			assert.deepStrictEqual(later[0].diagnostics, expectedDiagnostics(document.getText(), uri));

			await client.close(uri);
			await client.waitFor(() => client.lastPublished(uri)?.diagnostics.length === 0, 'cleared diagnostics');
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('push without workspace/configuration: settings come with didChangeConfiguration', async () => {
		const client = await TestClient.start({ configuration: false });
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, sample);
			await client.waitFor(() => client.lastPublished(uri) !== undefined, 'first diagnostics');
			const code = String(client.lastPublished(uri)!.diagnostics[0].code);
			const count = client.published.length;
			await client.changeSettings({ diagnostics: { severity: { [code]: 'off' } }, dialects: ['google', 'nonsense', 'google'] });
			await client.waitFor(() => client.published.length > count, 'diagnostics after the settings changed');
			const analysis: AnalysisOptions = { ...options, dialects: ['google'], severities: { [code]: 'off' } };
			assert.deepStrictEqual(client.lastPublished(uri)!.diagnostics, expectedDiagnostics(sample, uri, analysis));
			assert.ok(client.lastPublished(uri)!.diagnostics.every((diagnostic) => diagnostic.code !== code));
		} finally {
			client.kill();
		}
	});

	test('pull: no pushing, pulled diagnostics follow edits and settings, refresh on configuration change', async () => {
		const client = await TestClient.start({ pull: true, configuration: true, settings: {} });
		try {
			assert.deepStrictEqual(client.initializeResult.capabilities.diagnosticProvider, {
				identifier: 'robots-txt',
				interFileDependencies: false,
				workspaceDiagnostics: false,
			});
			const uri = 'file:///site/robots.txt';
			await client.open(uri, sample);
			const pull = async () => {
				const report: DocumentDiagnosticReport = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
				assert.equal(report.kind, 'full');
				return report.kind === 'full' ? report.items : [];
			};
			const first = await pull();
			assert.deepStrictEqual(first, expectedDiagnostics(sample, uri));

			const change = { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 8 } }, text: 'Nope: 1\nAllow: /x' };
			await client.change(uri, 2, [change]);
			const edited = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, sample), [{ range: change.range, newText: change.text }]);
			assert.deepStrictEqual(await pull(), expectedDiagnostics(edited, uri));

			// The same settings announced again (VS Code does so right after registering): nothing to pull again.
			await client.changeSettings({});
			await quiet(300);
			assert.equal(client.refreshRequests, 0, 'no refresh for unchanged settings');
			const code = String(first[0].code);
			await client.changeSettings({ diagnostics: { severity: { [code]: 'off' } } });
			await client.waitFor(() => client.refreshRequests > 0, 'workspace/diagnostic/refresh');
			assert.deepStrictEqual(await pull(), expectedDiagnostics(edited, uri, { ...options, severities: { [code]: 'off' } }));

			const unknown: DocumentDiagnosticReport = await client.connection.sendRequest(DocumentDiagnosticRequest.type, {
				textDocument: { uri: 'file:///nowhere/robots.txt' },
			});
			assert.deepStrictEqual(unknown, { kind: 'full', items: [] });
			await quiet(300);
			assert.deepStrictEqual(client.published, [], 'a pull client gets no pushed diagnostics');
		} finally {
			client.kill();
		}
	});

	test('quick fixes for the diagnostics as sent (no fixes in them) come from the analysis of the version asked for; a list from before an edit gets none for lines that moved', async () => {
		const client = await TestClient.start({ pull: true });
		try {
			const uri = 'file:///site/robots.txt';
			const text = joinLines('user-agent: *', 'Disallow: /a', 'Disallow: /a', 'Disallow: /b', '');
			await client.open(uri, text);
			const report: DocumentDiagnosticReport = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
			const sent = report.kind === 'full' ? report.items : [];
			assert.ok(sent.length >= 2 && sent.every((diagnostic) => diagnostic.data === undefined), 'diagnostics go out without their fixes');
			const whole = { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } };
			const full = [...computeDiagnostics(parse(text), options, uri)];
			// What an action does, whatever order the diagnostics came in and whatever copy of them it names.
			const effects = (actions: readonly CodeAction[]) =>
				wire(actions.map(({ title, edit, isPreferred }) => ({ title, edit, isPreferred }))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
			const fixes = async (diagnostics: readonly Diagnostic[]) =>
				effects(
					(await client.connection.sendRequest(CodeActionRequest.type, {
						textDocument: { uri },
						range: whole,
						context: { diagnostics: [...diagnostics], only: ['quickfix'] },
					})) as CodeAction[],
				);
			// The same quick fixes as for the core's diagnostics with their fixes in them.
			const expected = effects(computeCodeActions(whole, full, full, uri, { suppressIn: parse(text) }).filter((action) => action.kind === 'quickfix'));
			assert.ok(
				expected.some((action) => action.edit),
				'the sample has quick fixes',
			);
			assert.deepStrictEqual(await fixes(sent), expected);
			// A line inserted at the top: the list the editor still shows names lines that moved, and no fix edits them.
			await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# new\n' }]);
			const stale = await fixes(sent);
			const moved = computeDiagnostics(parse('# new\n' + text), options, uri);
			for (const action of stale) {
				if (action.title.startsWith("Disable '")) {
					// A suppression comment goes above a line that has the problem now.
					const [edit] = Object.values(action.edit?.changes ?? {}).flat();
					assert.ok(
						moved.some((diagnostic) => diagnostic.range.start.line === edit.range.start.line && action.title.includes(`'${String(diagnostic.code)}'`)),
						`${action.title}: above a line of the current version`,
					);
					continue;
				}
				for (const edit of Object.values(action.edit?.changes ?? {}).flat()) {
					assert.ok(
						moved.some((diagnostic) =>
							(diagnostic.data as DiagnosticData | undefined)?.fixes.some((fix) => fix.edits.some((own) => JSON.stringify(own) === JSON.stringify(edit))),
						),
						`${action.title}: an edit of the current version`,
					);
				}
			}
			// The list pulled again names the lines where they are now, and gets their fixes.
			const again: DocumentDiagnosticReport = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
			const movedFull = [...moved];
			assert.deepStrictEqual(
				await fixes(again.kind === 'full' ? again.items : []),
				effects(computeCodeActions(whole, movedFull, movedFull, uri, { suppressIn: parse('# new\n' + text) }).filter((action) => action.kind === 'quickfix')),
			);
		} finally {
			client.kill();
		}
	});

	test('pull with the result id held: "unchanged" while the diagnostics sent stay the same, the full list when they change', async () => {
		const client = await TestClient.start({ pull: true, configuration: true, settings: { diagnostics: { maxProblems: 3 } } });
		try {
			// Five duplicate rules: with three problems sent (the note and two), an edit below them changes nothing sent.
			const text = joinLines('User-agent: *', ...Array.from({ length: 6 }, () => 'Disallow: /a'), 'Disallow: /b', '');
			const uri = 'file:///site/robots.txt';
			await client.open(uri, text);
			const pull = (previousResultId?: string): Promise<DocumentDiagnosticReport> =>
				client.connection.sendRequest(DocumentDiagnosticRequest.type, {
					textDocument: { uri },
					...(previousResultId === undefined ? {} : { previousResultId }),
				});
			const first = await pull();
			assert.equal(first.kind, 'full');
			assert.ok(first.resultId, 'a full report carries a result id');
			const sentFirst = first.kind === 'full' ? first.items : [];
			assert.equal(sentFirst.length, 3);
			assert.deepStrictEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId }, 'nothing changed');
			// An edit on the last rule (line 8): its problems are not among those sent.
			await client.change(uri, 2, [{ range: { start: { line: 7, character: 11 }, end: { line: 7, character: 12 } }, text: 'c' }]);
			assert.deepStrictEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId }, 'an edit below what was sent');
			// Without the id the client holds, the whole list, as before.
			const again = await pull();
			assert.equal(again.kind, 'full');
			assert.deepStrictEqual(again.kind === 'full' ? again.items : [], sentFirst);
			// An edit that removes a sent problem: the full list with a new id.
			await client.change(uri, 3, [{ range: { start: { line: 2, character: 11 }, end: { line: 2, character: 12 } }, text: 'z' }]);
			const changed = await pull(again.resultId);
			assert.equal(changed.kind, 'full');
			assert.notEqual(changed.resultId, again.resultId);
			assert.notDeepStrictEqual(changed.kind === 'full' ? changed.items : [], sentFirst);
			// A stale id (not the last one sent) gets the full list.
			assert.equal((await pull(first.resultId)).kind, 'full');
		} finally {
			client.kill();
		}
	});

	test('more problems than robotsTxt.diagnostics.maxProblems: the most severe, and a note on the first line', async () => {
		// Errors (missing colons), warnings (paths without "/") and information (unknown directives), mixed.
		const lines = ['# many problems', 'User-agent: *'];
		for (let i = 0; i < 12; i++) {
			lines.push(i % 3 === 0 ? `Disallow /a${i}` : `Disallow: path${i}`, `Nonsense${i}: ${i}`);
		}
		const text = joinLines(...lines, '');
		const all = expectedDiagnostics(text, 'file:///site/robots.txt');
		const max = 7;
		assert.ok(all.length > max && new Set(all.map((diagnostic) => diagnostic.severity)).size >= 2, 'several severities, more than the cap');
		// The reference: `all` is sorted by severity already (expectedDiagnostics); the note takes one place.
		const expected = all.slice(0, max - 1);
		const note = (items: readonly Diagnostic[]) => items[0].message;
		for (const pull of [false, true]) {
			const client = await TestClient.start({ pull, configuration: true, settings: { diagnostics: { maxProblems: max } } });
			try {
				const uri = 'file:///site/robots.txt';
				await client.open(uri, text);
				let items: readonly Diagnostic[];
				if (pull) {
					const report = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
					items = report.kind === 'full' ? report.items : [];
				} else {
					await client.waitFor(() => client.lastPublished(uri) !== undefined, 'diagnostics');
					items = client.lastPublished(uri)!.diagnostics;
				}
				assert.equal(items.length, max);
				assert.equal(
					note(items),
					`${all.length} problems; showing the ${max - 1} most severe; run \`robots-txt lint\` for all (or raise robotsTxt.diagnostics.maxProblems).`,
				);
				assert.deepStrictEqual(items[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: lines[0].length } });
				assert.deepStrictEqual(items.slice(1), expected);
			} finally {
				client.kill();
			}
		}
		// Under the cap: every diagnostic, no note.
		const client = await TestClient.start({ configuration: true, settings: { diagnostics: { maxProblems: all.length } } });
		try {
			await client.open('file:///site/robots.txt', text);
			await client.waitFor(() => client.lastPublished('file:///site/robots.txt') !== undefined, 'diagnostics');
			assert.deepStrictEqual(client.lastPublished('file:///site/robots.txt')!.diagnostics, all);
		} finally {
			client.kill();
		}
	});

	test('every request is answered as the core computes it', async () => {
		const client = await TestClient.start({ configuration: true, settings: {}, workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'site' }] });
		try {
			const uri = robotsUri;
			await client.open(uri, sample);
			const model = parse(sample);
			const textDocument = { uri };
			const send = client.connection.sendRequest.bind(client.connection);

			const position = { line: 2, character: 14 };
			assert.deepStrictEqual(await send(HoverRequest.type, { textDocument, position }), wire(computeHover(model, position, options)));
			const keyPosition = { line: 5, character: 1 };
			const completions = (await send(CompletionRequest.type, { textDocument, position: keyPosition })) as CompletionItem[];
			assert.deepStrictEqual(completions, wire(computeCompletions(model, keyPosition, options, [])));
			assert.ok(completions.length > 0);

			// After `Disallow: /` the site's own paths are offered: files and folders beside robots.txt, not node_modules.
			const pathPosition = { line: 7, character: 11 };
			const pathItems = (await send(CompletionRequest.type, { textDocument, position: pathPosition })) as CompletionItem[] | CompletionList;
			const labels = (Array.isArray(pathItems) ? pathItems : pathItems.items).map((item) => item.label);
			for (const path of ['/about.html', '/private/', '/private/secret.html']) {
				assert.ok(labels.includes(path), `${path} is offered`);
			}
			assert.ok(!labels.some((label) => label.includes('node_modules')));

			// The groups' lenses come without their commands; resolved, they are the core's.
			const lenses = (await send(CodeLensRequest.type, { textDocument })) as CodeLens[];
			assert.ok(
				lenses.some((lens) => lens.command === undefined),
				'some lenses are left to resolve',
			);
			const resolved = await Promise.all(lenses.map((lens) => (lens.command ? lens : send(CodeLensResolveRequest.type, lens))));
			assert.deepStrictEqual(resolved, wire(computeCodeLenses(model, options, uri)));
			assert.deepStrictEqual(await send(DocumentSymbolRequest.type, { textDocument }), wire(computeDocumentSymbols(model)));
			assert.deepStrictEqual(await send(FoldingRangeRequest.type, { textDocument }), wire(computeFoldingRanges(model)));
			const formatting: FormattingOptions = { tabSize: 4, insertSpaces: false, insertFinalNewline: true };
			assert.deepStrictEqual(
				await send(DocumentFormattingRequest.type, { textDocument, options: formatting }),
				wire(formatDocument(model, undefined, formatting)),
			);
			const range = { start: { line: 2, character: 0 }, end: { line: 3, character: 5 } };
			assert.deepStrictEqual(
				await send(DocumentRangeFormattingRequest.type, { textDocument, range, options: formatting }),
				wire(formatDocument(model, range, formatting)),
			);
			assert.deepStrictEqual(await send(DocumentLinkRequest.type, { textDocument }), wire(computeDocumentLinks(model)));
			const agentPosition = { line: 2, character: 15 };
			assert.deepStrictEqual(
				await send(DocumentHighlightRequest.type, { textDocument, position: agentPosition }),
				wire(computeDocumentHighlights(model, agentPosition, options)),
			);

			const diagnostics = [...computeDiagnostics(model, options, uri)];
			const whole = { start: { line: 0, character: 0 }, end: { line: model.lineCount, character: 0 } };
			assert.deepStrictEqual(
				await send(CodeActionRequest.type, { textDocument, range: whole, context: { diagnostics } }),
				wire([...computeCodeActions(whole, diagnostics, diagnostics, uri, { suppressIn: model }), ...computeAiTrainingActions(model, uri)]),
			);
			const fixAll = (await send(CodeActionRequest.type, { textDocument, range: whole, context: { diagnostics, only: ['source.fixAll'] } })) as {
				kind?: string;
			}[];
			assert.ok(fixAll.every((action) => action.kind === 'source.fixAll'));

			const params = { uri, url: 'https://example.com/private/ok/a', agent: 'Googlebot' };
			assert.deepStrictEqual(await send(testUrlRequest, params), wire(testUrl(model, params, options)));
			assert.deepStrictEqual(await send(agentsRequest, { uri }), wire(computeAgents(model, options)));

			// An untitled document has no folder: no paths, and no file name in its options.
			await client.open('untitled:Untitled-1', sample);
			const untitled = (await send(CompletionRequest.type, { textDocument: { uri: 'untitled:Untitled-1' }, position: pathPosition })) as CompletionItem[];
			assert.deepStrictEqual(untitled, wire(computeCompletions(model, pathPosition, defaultAnalysisOptions, [])));
		} finally {
			client.kill();
		}
	});

	test('bad requests get errors or empty answers, and the server keeps answering', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const nowhere = { uri: 'file:///nowhere/robots.txt' };
			assert.equal(await send(HoverRequest.type, { textDocument: nowhere, position: { line: 0, character: 0 } }), null);
			assert.deepStrictEqual(await send(DocumentSymbolRequest.type, { textDocument: nowhere }), []);
			for (const [type, params] of [
				[testUrlRequest, { ...nowhere, url: '/', agent: 'a' }],
				[agentsRequest, nowhere],
			] as const) {
				await assert.rejects(
					send(type as typeof agentsRequest, params),
					(error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams,
				);
			}

			const uri = 'file:///site/robots.txt';
			await client.open(uri, sample);
			await assert.rejects(
				send(testUrlRequest, { uri } as never),
				(error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams,
			);
			const far = { line: 100_000, character: 100_000 };
			assert.equal(await send(HoverRequest.type, { textDocument: { uri }, position: far }), null);
			assert.deepStrictEqual(await send(DocumentHighlightRequest.type, { textDocument: { uri }, position: far }), []);
			await send(CompletionRequest.type, { textDocument: { uri }, position: far });
			await send(DocumentRangeFormattingRequest.type, { textDocument: { uri }, range: { start: far, end: far }, options: { tabSize: 4, insertSpaces: true } });
			await send(CodeActionRequest.type, { textDocument: { uri }, range: { start: far, end: far }, context: { diagnostics: [] } });
			await client.change('file:///never/opened.txt', 2, [{ text: 'x' }]);

			// A 5 MB document, opened and edited in the middle.
			const line = 'Disallow: /a/rather/long/path/with/some/segments/*.php$ # and a comment\n';
			const big = 'User-agent: *\n' + line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
			const bigUri = 'file:///site/big/robots.txt';
			await client.open(bigUri, big);
			const middle = Math.floor(big.length / line.length / 2);
			await client.change(bigUri, 2, [
				{ range: { start: { line: middle, character: 0 }, end: { line: middle + 2, character: 4 } }, text: 'User-agent: Googlebot\nAllo' },
			]);
			const symbols = (await send(DocumentSymbolRequest.type, { textDocument: { uri: bigUri } })) as unknown[];
			assert.equal(symbols.length, 2);
			assert.ok(Array.isArray(await send(FoldingRangeRequest.type, { textDocument: { uri: bigUri } })));
			assert.ok(Array.isArray(await send(DocumentFormattingRequest.type, { textDocument: { uri: bigUri }, options: { tabSize: 4, insertSpaces: true } })));
			await client.waitFor(() => client.lastPublished(bigUri)?.version === 2, 'diagnostics of the big document', 30_000);

			assert.ok(client.alive);
			const hover = await send(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 14 } });
			assert.deepStrictEqual(hover, wire(computeHover(parse(sample), { line: 2, character: 14 }, options)));
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});

describe('Test URL carries the preference lines (issue 24)', () => {
	const testUrlAllRequest = new RequestType<{ uri: string; url: string }, unknown, void>('robotsTxt/testUrlAll');

	test('robotsTxt/testUrl and robotsTxt/testUrlAll answer with `preferences`: the stated categories, their line and the lines to show', async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers: ['GPTBot', 'Googlebot'] } });
		try {
			// GPTBot may fetch /docs/page, where `Content-Usage: /docs/ train-ai=n` (line 4, 0-based 3) applies
			// (draft-ietf-aipref-attach-05 §3.1: the longest matching path); Googlebot follows no group.
			const uri = 'file:///preferences/robots.txt';
			await client.open(uri, joinLines('User-agent: GPTBot', 'Allow: /', 'Content-Usage: train-ai=y', 'Content-Usage: /docs/ train-ai=n'));
			const one = (await client.connection.sendRequest(testUrlRequest, { uri, url: '/docs/page', agent: 'GPTBot' })) as {
				preferences: { contentUsage: unknown; contentSignal: unknown; licenses: unknown; lines: unknown; text: string };
				selectLine: number;
			};
			assert.deepStrictEqual(one.preferences.contentUsage, { preferences: { 'train-ai': 'n' }, line: 3 });
			assert.equal(one.preferences.contentSignal, null);
			assert.deepStrictEqual(one.preferences.licenses, []);
			assert.deepStrictEqual(one.preferences.lines, [3]);
			assert.equal(one.preferences.text, 'Content-Usage (line 4): train-ai=n.');
			assert.equal(one.selectLine, 1);
			const all = (await client.connection.sendRequest(testUrlAllRequest, { uri, url: '/docs/page' })) as {
				rows: { crawler: { token: string }; preferences: { cell: string; lines: number[] } }[];
			};
			assert.deepStrictEqual(
				all.rows.map((row) => [row.crawler.token, row.preferences.cell, row.preferences.lines]),
				[
					['GPTBot', 'train-ai=n', [3]],
					['Googlebot', '—', []],
				],
			);
		} finally {
			client.kill();
		}
	});
});
