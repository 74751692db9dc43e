/**
 * Protocol hygiene over the real wire: the server's text always equals what the textdocument package makes of the
 * same changes (or it says in its log why not), a second initialize and requests after shutdown are refused as LSP
 * says, errors reach the log as text, and a stream whose framing is lost ends the server with a log line instead of
 * leaving it alive but deaf.
 */

import { spawn } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentSymbolRequest, ErrorCodes, FoldingRangeRequest, InitializeRequest, type ResponseError, ShutdownRequest } from 'vscode-languageserver/node';
import { serverPath, TestClient } from './client';

const uri = 'file:///site/robots.txt';

/** The server's copy of the text, read back through the outline, whose symbols carry each line's text. */
async function serverText(client: TestClient): Promise<string[]> {
	const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as {
		name: string;
		children?: { name: string }[];
	}[];
	return symbols.flatMap((symbol) => [symbol.name, ...(symbol.children ?? []).map((child) => child.name)]);
}

test('a range whose end comes first is turned round, as the textdocument package does', async () => {
	const client = await TestClient.start();
	try {
		const text = 'User-agent: a\nDisallow: /x\nDisallow: /y\n';
		await client.open(uri, text);
		const reversed = [{ range: { start: { line: 2, character: 0 }, end: { line: 1, character: 0 } }, text: '' }];
		await client.change(uri, 2, reversed);
		const reference = TextDocument.create(uri, 'robots-txt', 1, text);
		TextDocument.update(reference, reversed, 2);
		const symbols = await serverText(client);
		assert.deepEqual(symbols, ['a', 'User-agent: a', 'Disallow: /y']);
		assert.equal(reference.getText(), 'User-agent: a\nDisallow: /y\n');
	} finally {
		client.kill();
	}
});

test('changes with positions that are not whole numbers are refused, and the log says so', async () => {
	const client = await TestClient.start();
	try {
		await client.open(uri, 'User-agent: a\nDisallow: /x\n');
		await client.change(uri, 2, [
			{ range: { start: { line: '1' as unknown as number, character: 0 }, end: { line: 1, character: 12 } }, text: 'Disallow: /z' },
		]);
		await client.change(uri, 3, [{ range: { start: { line: 1.5, character: 0 }, end: { line: 1, character: 12 } }, text: 'Disallow: /z' }]);
		await client.waitFor(() => client.logs.filter((log) => log.includes('was not applied')).length === 2, 'two refusals in the log');
		assert.deepEqual(await serverText(client), ['a', 'User-agent: a', 'Disallow: /x']);
		assert.match(
			client.logs.find((log) => log.includes('was not applied'))!,
			/version 2.*not two positions of whole-number line and character.*may now differ/,
		);
	} finally {
		client.kill();
	}
});

test('a version that does not grow is logged', async () => {
	const client = await TestClient.start();
	try {
		await client.open(uri, 'User-agent: a\n', 5);
		await client.change(uri, 3, [{ range: { start: { line: 0, character: 12 }, end: { line: 0, character: 13 } }, text: 'b' }]);
		await client.waitFor(() => client.logs.some((log) => log.includes('version 3, after version 5')), 'the version warning');
	} finally {
		client.kill();
	}
});

test('a second initialize is refused, and requests after shutdown get InvalidRequest', async () => {
	const client = await TestClient.start();
	try {
		await assert.rejects(
			client.connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {}, workspaceFolders: null }),
			(error: ResponseError<unknown>) => error.code === ErrorCodes.InvalidRequest,
		);
		await client.open(uri, 'User-agent: a\n');
		await client.connection.sendRequest(ShutdownRequest.type);
		await assert.rejects(
			client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } }),
			(error: ResponseError<unknown>) => error.code === ErrorCodes.InvalidRequest,
		);
	} finally {
		client.kill();
	}
});

test('a wrong Content-Length ends the server with a line on stderr, not a deaf server', async () => {
	const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
	let stderr = '';
	child.stderr.on('data', (data) => (stderr += data));
	const frame = (body: string, length = Buffer.byteLength(body)) => `Content-Length: ${length}\r\n\r\n${body}`;
	child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } })));
	child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'shutdown' }), 5));
	const code = await new Promise<number | null>((resolve) => {
		const timer = setTimeout(() => {
			child.kill();
			resolve(null);
		}, 10_000);
		child.once('exit', (exitCode) => {
			clearTimeout(timer);
			resolve(exitCode);
		});
	});
	assert.equal(code, 1, 'the server exits');
	assert.match(stderr, /the message stream cannot be read any more/);
});
