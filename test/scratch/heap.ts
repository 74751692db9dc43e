import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createConnection, createProtocolConnection, StreamMessageReader, StreamMessageWriter, InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification, DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DocumentDiagnosticRequest, CodeLensRequest, DocumentSymbolRequest, FoldingRangeRequest, DocumentLinkRequest, CodeActionRequest, DocumentHighlightRequest, ConfigurationRequest } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/server';
const gc = (globalThis as any).gc as () => void;
const heap = () => { gc(); gc(); return Math.round(process.memoryUsage().heapUsed / 1048576); };
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
(async () => {
	const up = new PassThrough(), down = new PassThrough();
	const server = createConnection(new StreamMessageReader(up), new StreamMessageWriter(down));
	startServer(server);
	const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
	client.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => ({})));
	client.listen();
	await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: {} } } } as any);
	await client.sendNotification(InitializedNotification.type, {});
	console.log('baseline heap', heap(), 'MB, rss', rss());
	const text = new TextDecoder().decode(readFileSync(join(__dirname, '../../../../shared/corpus/realworld/files/0932.txt')));
	const uri = 'file:///x/robots.txt'; const textDocument = { uri };
	await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
	const all = async () => {
		await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument });
		await client.sendRequest(DocumentSymbolRequest.type, { textDocument });
		await client.sendRequest(FoldingRangeRequest.type, { textDocument });
		await client.sendRequest(DocumentLinkRequest.type, { textDocument });
		await client.sendRequest(CodeLensRequest.type, { textDocument });
		await client.sendRequest(CodeActionRequest.type, { textDocument, range: { start: { line: 100, character: 0 }, end: { line: 100, character: 0 } }, context: { diagnostics: [] } });
		await client.sendRequest(DocumentHighlightRequest.type, { textDocument, position: { line: 100, character: 3 } });
	};
	await all();
	console.log('open + every request: heap', heap(), 'MB, rss', rss());
	let version = 1;
	for (let round = 0; round < 3; round++) {
		for (let i = 0; i < 1000; i++) {
			version++;
			const ins = version % 2 === 0;
			await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range: { start: { line: 20000, character: 5 }, end: { line: 20000, character: ins ? 5 : 6 } }, text: ins ? 'x' : '' }] });
			if (i % 10 === 9) await client.sendRequest(DocumentDiagnosticRequest.type, { textDocument });
			if (i % 100 === 99) await all();
		}
		await all();
		console.log(`round ${round + 1}: heap`, heap(), 'MB, rss', rss());
	}
	await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument });
	await new Promise((r) => setTimeout(r, 500));
	console.log('closed: heap', heap(), 'MB, rss', rss());
	process.exit(0);
})();
