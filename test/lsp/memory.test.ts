/**
 * What the language server keeps: the server runs in this process on an in-memory connection, so that the test can
 * collect garbage and read the live heap. With the 3.7 MB corpus file open, rounds of typing (and the requests an
 * editor sends meanwhile) must not make the live heap grow, and closing the file must give back what it held.
 * RSS is not a measure of this: V8 keeps garbage, large arrays above all, until its next full collection.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	CodeActionRequest,
	CodeLensRequest,
	ConfigurationRequest,
	createConnection,
	createProtocolConnection,
	DidChangeTextDocumentNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	DocumentDiagnosticRequest,
	DocumentHighlightRequest,
	DocumentLinkRequest,
	DocumentSymbolRequest,
	FoldingRangeRequest,
	InitializedNotification,
	InitializeRequest,
	StreamMessageReader,
	StreamMessageWriter,
} from 'vscode-languageserver/node';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';
import { startServer } from '../../server/src/server';
import { sharedDir } from '../util/fixtures';
import { liveHeapMb } from '../util/heap';

test('typing in the 3.7 MB file keeps the live heap flat, and closing it gives its memory back', { timeout: 300_000 }, async (t) => {
	const toServer = new PassThrough();
	const toClient = new PassThrough();
	const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
	startServer(server, { fileSystem: nodeFileSystem });
	const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
	client.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => ({})));
	client.listen();
	try {
		await client.sendRequest(InitializeRequest.type, {
			processId: null,
			rootUri: null,
			capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: { dynamicRegistration: false } } },
		});
		await client.sendNotification(InitializedNotification.type, {});
		const uri = 'file:///site/robots.txt';
		const textDocument = { uri };
		// What VS Code asks for a file it shows: diagnostics, outline, folding, links, lenses, actions and highlights.
		const editorRequests = async () => {
			await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument });
			await client.sendRequest(DocumentSymbolRequest.type, { textDocument });
			await client.sendRequest(FoldingRangeRequest.type, { textDocument });
			await client.sendRequest(DocumentLinkRequest.type, { textDocument });
			await client.sendRequest(CodeLensRequest.type, { textDocument });
			const line = { start: { line: 100, character: 0 }, end: { line: 100, character: 0 } };
			await client.sendRequest(CodeActionRequest.type, { textDocument, range: line, context: { diagnostics: [] } });
			await client.sendRequest(DocumentHighlightRequest.type, { textDocument, position: { line: 100, character: 3 } });
		};
		// The baseline after a small file went through the same requests: code compiled and tables built on first use
		// stay, and are not what this test is after.
		const small = readFileSync(join(sharedDir, 'corpus', 'realworld', 'files', '0102.txt'), 'utf8');
		await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text: small } });
		await editorRequests();
		await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument });
		const baseline = liveHeapMb();

		// The text is read where it is sent, so that this test does not hold on to it.
		const huge = () => new TextDecoder().decode(readFileSync(join(sharedDir, 'corpus', 'realworld', 'files', '0932.txt')));
		await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text: huge() } });
		await editorRequests();
		const open = liveHeapMb();

		let version = 1;
		const rounds: number[] = [];
		for (let round = 0; round < 3; round++) {
			for (let i = 0; i < 300; i++) {
				version++;
				const insert = version % 2 === 0;
				const at = { line: 20_000, character: 5 };
				await client.sendNotification(DidChangeTextDocumentNotification.type, {
					textDocument: { uri, version },
					contentChanges: [{ range: { start: at, end: insert ? at : { line: 20_000, character: 6 } }, text: insert ? 'x' : '' }],
				});
				if (i % 10 === 9) {
					await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument });
				}
			}
			await editorRequests();
			rounds.push(liveHeapMb());
		}
		await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument });
		await client.sendRequest(DocumentSymbolRequest.type, { textDocument });
		const closed = liveHeapMb();

		const figures = `baseline ${baseline.toFixed(1)} MB, open ${open.toFixed(1)} MB, rounds ${rounds.map((mb) => mb.toFixed(1)).join(' → ')} MB, closed ${closed.toFixed(1)} MB`;
		t.diagnostic(figures);
		// One version's analysis is kept (and, while the next is built, two): rounds may differ by a little, not grow.
		assert.ok(rounds[2] <= rounds[0] + 4, `no growth across rounds: ${figures}`);
		assert.ok(open > baseline + 10, `the open file holds memory (else this test measures nothing): ${figures}`);
		assert.ok(closed <= baseline + 4, `closing the file gives its memory back: ${figures}`);
	} finally {
		client.dispose();
		server.dispose();
	}
});
