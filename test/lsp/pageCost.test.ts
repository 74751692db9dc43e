/**
 * What an HTML page without robots tags costs the language server: its text and nothing else. The server runs in this
 * process on an in-memory connection, so that the test can read the live heap; a 20 MB page is opened and typed in,
 * and the heap may hold its text (and the line table that incremental sync needs), not a scan, a parse or a copy.
 * Nothing is sent for it either. Times are figures for `npm run bench`, not assertions.
 */

import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	ConfigurationRequest,
	createConnection,
	createProtocolConnection,
	DidChangeTextDocumentNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	HoverRequest,
	InitializedNotification,
	InitializeRequest,
	PublishDiagnosticsNotification,
	StreamMessageReader,
	StreamMessageWriter,
} from 'vscode-languageserver/node';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';
import { startServer } from '../../server/src/server';
import { quiet } from './client';
import { liveHeapMb } from '../util/heap';

const paragraph = '<p class="x">Lorem ipsum <a href="/a">dolor</a> sit amet, <b>consectetur</b> adipiscing elit, sed do eiusmod tempor.</p>\n';
const repeats = Math.ceil(20e6 / paragraph.length);
/** A 20 MB page with `<meta>` tags, none of them a robots tag; built where it is sent, so that the test does not hold it. */
const page = () =>
	`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Big</title></head><body>\n${paragraph.repeat(repeats)}</body></html>\n`;
const textMb = page().length / (1024 * 1024);

test('a 20 MB HTML page without robots tags costs its text and nothing else, and gets no message', { timeout: 120_000 }, async (t) => {
	const toServer = new PassThrough();
	const toClient = new PassThrough();
	const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
	startServer(server, { fileSystem: nodeFileSystem });
	const client = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
	client.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => ({})));
	const sent: string[] = [];
	client.onNotification(PublishDiagnosticsNotification.type, (params) => sent.push(params.uri));
	client.listen();
	try {
		await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: { workspace: { configuration: true } } });
		await client.sendNotification(InitializedNotification.type, {});
		const uri = 'file:///site/big.html';
		const textDocument = { uri };
		// The baseline after a small page went through the same steps: code compiled and tables built on first use stay.
		await client.sendNotification(DidOpenTextDocumentNotification.type, {
			textDocument: { uri, languageId: 'html', version: 1, text: '<html><head><meta charset="utf-8"></head></html>\n' },
		});
		await quiet(400);
		await client.sendRequest(HoverRequest.type, { textDocument, position: { line: 0, character: 3 } });
		await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument });
		await quiet(100);
		const baseline = liveHeapMb();
		sent.length = 0;

		await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'html', version: 1, text: page() } });
		// Diagnostics are pushed 0 ms after opening and 200 ms after the last edit: waiting longer proves they ran.
		await quiet(1500);
		const opened = liveHeapMb();
		let version = 1;
		for (let i = 0; i < 20; i++) {
			version++;
			const at = { line: 1000 + i, character: 5 };
			await client.sendNotification(DidChangeTextDocumentNotification.type, {
				textDocument: { uri, version },
				contentChanges: [{ range: { start: at, end: at }, text: 'x' }],
			});
			await quiet(250);
		}
		await quiet(500);
		const typed = liveHeapMb();
		// Incremental sync keeps a table of line starts (one number per line) once an edit arrives: the editor's cost, not ours.
		const lineTableMb = (repeats * 8) / (1024 * 1024);
		const figures = `text ${textMb.toFixed(1)} MB; baseline ${baseline.toFixed(1)} MB, opened ${opened.toFixed(1)} MB, after 20 edits ${typed.toFixed(1)} MB (line table at most ${lineTableMb.toFixed(1)} MB)`;
		t.diagnostic(figures);
		assert.ok(opened - baseline > textMb * 0.9, `the open page holds its text (else this test measures nothing): ${figures}`);
		assert.ok(opened - baseline < textMb + 2, `opened, the page costs its text: ${figures}`);
		assert.ok(typed - baseline < textMb + lineTableMb + 2, `typed in, the page costs its text and its line table: ${figures}`);
		assert.deepEqual(sent, [], 'nothing is sent for a page without robots tags while it is open');
		await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument });
	} finally {
		client.dispose();
		server.dispose();
	}
});
