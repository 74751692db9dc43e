/**
 * The browser build of the language server (server/dist/browser.js) as a web worker sees the world: the bundle runs in
 * a fresh JavaScript realm whose only globals are the language's own and a worker's (`self` with postMessage and
 * onmessage, timers, TextEncoder/TextDecoder, URL), with no `process`, `require`, `Buffer` or `setImmediate`, and
 * answers LSP over structured-clone messages. The features that need no file system answer (pages against an open
 * robots.txt among them); the one that does says so.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createContext, runInContext } from 'node:vm';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import assert from 'node:assert/strict';
import {
	CompletionRequest,
	createProtocolConnection,
	DidOpenTextDocumentNotification,
	DocumentFormattingRequest,
	DocumentSymbolRequest,
	HoverRequest,
	InitializedNotification,
	InitializeRequest,
	LogMessageNotification,
	MessageType,
	PortMessageReader,
	PortMessageWriter,
	PublishDiagnosticsNotification,
	RequestType,
	ShutdownRequest,
	type CompletionItem,
	type CompletionList,
	type DocumentSymbol,
	type Hover,
	type InitializeResult,
	type MarkupContent,
	type ProtocolConnection,
	type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import * as protocol from '../../core/src/protocol';
import { withoutFileSystem } from '../../server/src/server';
import { repoRoot } from '../util/fixtures';

const bundle = join(repoRoot, 'server', 'dist', 'browser.js');
const testUrlRequest = new RequestType<protocol.TestUrlParams, protocol.TestUrlResult, void>(protocol.testUrlMethod);

/** The workspace as a browser sees it: not `file:` uris, and nothing to read them with. */
const folder = 'vscode-remote://127.0.0.1:8080/site';
const robotsUri = `${folder}/robots.txt`;
const robotsText = [
	'User-agent: Googlebot',
	'Allow: /',
	'Disallow /no-colon',
	'Disalow: /typo',
	'',
	'user-agent:   *',
	'disallow:/private   ',
	'Sitemap: https://example.com/sitemap.xml',
].join('\n');

/**
 * Runs the bundle in a new realm with a worker's globals; `self` is one end of a real MessageChannel, so every message
 * is structured-cloned as between a page and its worker.
 */
function startWorker(port: MessagePort): void {
	const context = createContext({
		self: port,
		console: { log: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined },
		setTimeout,
		clearTimeout,
		setInterval,
		clearInterval,
		queueMicrotask,
		TextEncoder,
		TextDecoder,
		URL,
	});
	for (const name of ['process', 'require', 'Buffer', 'setImmediate', 'global', 'module']) {
		assert.equal(runInContext(`typeof ${name}`, context), 'undefined', `the worker's realm has no ${name}`);
	}
	runInContext(readFileSync(bundle, 'utf8'), context, { filename: bundle });
}

describe("the browser build of the server, in a realm with a web worker's globals only", () => {
	let channel: MessageChannel;
	let client: ProtocolConnection;
	let initialized: InitializeResult;
	const logs: { type: number; message: string }[] = [];
	const published: PublishDiagnosticsParams[] = [];

	/** Resolves once the server has pushed diagnostics for `uri` that satisfy `accept`. */
	async function diagnosticsFor(uri: string, accept: (params: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
		const deadline = Date.now() + 10_000;
		for (;;) {
			const found = published.filter((params) => params.uri === uri && accept(params)).pop();
			if (found) {
				return found;
			}
			assert.ok(Date.now() < deadline, `no diagnostics for ${uri}; logs: ${JSON.stringify(logs)}`);
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
	}

	before(async () => {
		channel = new MessageChannel();
		startWorker(channel.port1);
		client = createProtocolConnection(new PortMessageReader(channel.port2), new PortMessageWriter(channel.port2));
		client.onNotification(LogMessageNotification.type, (params) => logs.push(params));
		client.onNotification(PublishDiagnosticsNotification.type, (params) => published.push(params));
		client.listen();
		initialized = await client.sendRequest(InitializeRequest.type, {
			processId: null,
			rootUri: folder,
			workspaceFolders: [{ uri: folder, name: 'site' }],
			capabilities: { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } },
		});
		await client.sendNotification(InitializedNotification.type, {});
		await client.sendNotification(DidOpenTextDocumentNotification.type, {
			textDocument: { uri: robotsUri, languageId: 'robots-txt', version: 1, text: robotsText },
		});
	});

	after(async () => {
		client?.dispose();
		channel?.port1.close();
		channel?.port2.close();
	});

	test('it initializes with the same capabilities as the Node server, and its log says what it cannot do', async () => {
		assert.equal(initialized.serverInfo?.name, 'robots-txt-language-server');
		assert.ok(initialized.capabilities.hoverProvider);
		assert.ok(initialized.capabilities.completionProvider);
		assert.ok(initialized.capabilities.documentFormattingProvider);
		assert.ok(initialized.capabilities.codeLensProvider);
		const deadline = Date.now() + 5_000;
		while (!logs.some((log) => log.message === withoutFileSystem()) && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		assert.ok(
			logs.some((log) => log.message === withoutFileSystem()),
			`logs: ${JSON.stringify(logs)}`,
		);
	});

	test('diagnostics are pushed for the open robots.txt', async () => {
		const { diagnostics } = await diagnosticsFor(robotsUri);
		const codes = diagnostics.map((diagnostic) => diagnostic.code);
		assert.ok(codes.includes('missing-colon'), `codes: ${codes.join(', ')}`);
		assert.ok(codes.includes('misspelt-directive'), `codes: ${codes.join(', ')}`);
	});

	test('hover, completion, symbols and formatting answer', async () => {
		const hover = (await client.sendRequest(HoverRequest.type, { textDocument: { uri: robotsUri }, position: { line: 0, character: 14 } })) as Hover;
		assert.match((hover.contents as MarkupContent).value, /Googlebot/);
		const completion = (await client.sendRequest(CompletionRequest.type, { textDocument: { uri: robotsUri }, position: { line: 4, character: 0 } })) as
			| CompletionList
			| CompletionItem[];
		const labels = (Array.isArray(completion) ? completion : completion.items).map((item) => item.label);
		assert.ok(labels.includes('Disallow'), `labels: ${labels.join(', ')}`);
		const symbols = (await client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: robotsUri } })) as DocumentSymbol[];
		assert.ok(symbols.length >= 2, JSON.stringify(symbols));
		const edits = await client.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: robotsUri }, options: { tabSize: 4, insertSpaces: true } });
		assert.ok(edits !== null && edits.length > 0, 'the lower-case, padded lines are formatted');
	});

	test('Test URL answers with the deciding line', async () => {
		const result = await client.sendRequest(testUrlRequest, { uri: robotsUri, url: '/typo/page', agent: 'Googlebot' });
		assert.equal(result.verdict, 'disallow');
		assert.equal(result.line, 3);
	});

	test('an open page is checked against the open robots.txt above it, and that robots.txt gets the hint on its deciding line', async () => {
		const uri = `${folder}/private/report.html`;
		const text = '<!doctype html><html><head><meta name="robots" content="noindex, nofolow"></head><body></body></html>\n';
		await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'html', version: 1, text } });
		// Its own checks (the typo) and the one across files: `disallow:/private` keeps the crawlers that read the * group out.
		const page = await diagnosticsFor(uri, (params) => params.diagnostics.some((diagnostic) => diagnostic.code === 'noindex-blocked-by-robots-txt'));
		const codes = page.diagnostics.map((diagnostic) => diagnostic.code);
		assert.ok(codes.includes('unknown-robots-directive'), `codes: ${codes.join(', ')}`);
		const blocked = page.diagnostics.find((diagnostic) => diagnostic.code === 'noindex-blocked-by-robots-txt')!;
		assert.deepEqual(
			blocked.relatedInformation?.map((related) => [related.location.uri, related.location.range.start.line]),
			[[robotsUri, 6]],
		);
		const robots = await diagnosticsFor(robotsUri, (params) => params.diagnostics.some((diagnostic) => diagnostic.code === 'rule-hides-noindex'));
		assert.equal(robots.diagnostics.find((diagnostic) => diagnostic.code === 'rule-hides-noindex')?.range.start.line, 6);
	});

	test('an expectations file whose robots.txt is not open says that this server cannot read files', async () => {
		const uri = 'vscode-remote://127.0.0.1:8080/other/robots.expectations';
		await client.sendNotification(DidOpenTextDocumentNotification.type, {
			textDocument: { uri, languageId: 'robots-txt-expectations', version: 1, text: 'GPTBot /about allow\n' },
		});
		const { diagnostics } = await diagnosticsFor(uri, (params) => params.diagnostics.length > 0);
		assert.ok(
			diagnostics.some((diagnostic) => /cannot read files \(it runs in the browser, without a file system\): open the robots\.txt/.test(diagnostic.message)),
			JSON.stringify(diagnostics),
		);
	});

	test('nothing was logged as an error, and shutdown is answered', async () => {
		assert.deepEqual(
			logs.filter((log) => log.type === MessageType.Error),
			[],
		);
		assert.equal(await client.sendRequest(ShutdownRequest.type), null);
	});
});

describe('the browser build of the server speaks the language of the bundle the client hands over', () => {
	/** The log lines of a worker initialized with `locale` and `initializationOptions`, once it has said what it cannot do. */
	async function logsOf(locale: string, initializationOptions: protocol.InitializationOptions | undefined): Promise<string[]> {
		const channel = new MessageChannel();
		startWorker(channel.port1);
		const client = createProtocolConnection(new PortMessageReader(channel.port2), new PortMessageWriter(channel.port2));
		const logs: string[] = [];
		client.onNotification(LogMessageNotification.type, (params) => logs.push(params.message));
		client.listen();
		try {
			await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {}, locale, initializationOptions });
			await client.sendNotification(InitializedNotification.type, {});
			const deadline = Date.now() + 5_000;
			while (logs.length === 0 && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 20));
			}
			return logs;
		} finally {
			client.dispose();
			channel.port1.close();
			channel.port2.close();
		}
	}

	// The log line the server words when it starts without a file system, in English and as l10n/ translates it.
	const english = withoutFileSystem();
	const russianBundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ru.json'), 'utf8')) as Record<string, string>;

	test("with the Russian bundle in initialize's options, it speaks Russian", async () => {
		const russian = russianBundle[english];
		assert.ok(russian !== undefined && russian !== english);
		assert.deepEqual(await logsOf('ru', { l10nBundle: russianBundle }), [russian]);
	});

	test('without one, it speaks English: the bundles are not inlined into it a second time', async () => {
		assert.deepEqual(await logsOf('ru', undefined), [english]);
		assert.deepEqual(await logsOf('ru', { l10nBundle: { [english]: 42 } as unknown as Record<string, string> }), [english]);
	});
});
