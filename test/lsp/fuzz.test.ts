/**
 * A fuzzer over the real wire, kept as a test and bounded in time: random documents (with the pathological pieces the
 * reliability run used), random edits (one by one, batched bottom to top, reversed ranges, positions that are not
 * numbers), random requests at random positions and malformed messages. Every request must be answered within a
 * budget, the server must stay alive, and its text must equal what the textdocument package makes of the same changes
 * (checked through its outline, folding ranges, links and formatting edits: serverView.ts) whenever no change was refused.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	CodeActionRequest,
	CodeLensRequest,
	CompletionRequest,
	DocumentFormattingRequest,
	DocumentHighlightRequest,
	DocumentLinkRequest,
	DocumentSymbolRequest,
	FoldingRangeRequest,
	HoverRequest,
	type TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';
import { protocol } from '../../core/src/index';
import { TestClient } from './client';
import { coreView, serverView } from './serverView';

/** How long one request may take on a loaded CI machine before the server counts as stalled. */
const budgetMs = 5_000;
/** The whole fuzz run stops starting new sequences after this. */
const runMs = 30_000;

const pieces = [
	'User-agent: *\n',
	'User-agent: Googlebot\n',
	'Disallow: /private/\n',
	'Allow: /a$\n',
	'Disallow: *\n',
	'\n',
	'\r\n',
	'\r',
	'Sitemap: https://example.com/s.xml\n',
	'Crawl-delay: 2\n',
	'Host: example.com\n',
	'# comment\n',
	'disallow /x\n',
	'*'.repeat(3000),
	' '.repeat(2000),
	'\u00a0'.repeat(1000),
	'a*'.repeat(1500),
	'\u0000',
	'\uFEFF',
	'\uD800',
	'ツ',
	'``![x](command:y)<img>',
	'<html><body>Not found</body></html>\n',
	'User-agent: bot\n'.repeat(200),
];

const text = fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join(''));

type Operation =
	| { kind: 'edit'; at: number; length: number; insert: string }
	| { kind: 'batch'; cuts: { at: number; length: number; insert: string }[] }
	| { kind: 'reversed'; at: number; length: number }
	| { kind: 'malformed' }
	| { kind: 'request'; which: number; at: number }
	| { kind: 'junk'; which: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const operation: fc.Arbitrary<Operation> = fc.oneof(
	fc.record({ kind: fc.constant('edit' as const), at: fraction, length: fc.integer({ min: 0, max: 40 }), insert: fc.constantFrom('', ...pieces) }),
	fc.record({
		kind: fc.constant('batch' as const),
		cuts: fc.array(fc.record({ at: fraction, length: fc.integer({ min: 0, max: 8 }), insert: fc.constantFrom('', 'x', '\n', 'Disallow: /y\n') }), {
			minLength: 2,
			maxLength: 8,
		}),
	}),
	fc.record({ kind: fc.constant('reversed' as const), at: fraction, length: fc.integer({ min: 1, max: 30 }) }),
	fc.record({ kind: fc.constant('malformed' as const) }),
	fc.record({ kind: fc.constant('request' as const), which: fc.nat(), at: fraction }),
	fc.record({ kind: fc.constant('junk' as const), which: fc.nat() }),
);

const uri = 'file:///fuzz/robots.txt';

async function within<T>(what: string, promise: Promise<T>): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what} was not answered within ${budgetMs} ms`)), budgetMs);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

test('random edits, requests and malformed messages over the wire: answered in time, alive, in sync', { timeout: runMs + 120_000 }, async () => {
	const client = await TestClient.start({ pull: true });
	const started = Date.now();
	let sequences = 0;
	let requests = 0;
	try {
		await fc.assert(
			fc.asyncProperty(text, fc.array(operation, { maxLength: 25 }), async (initial, operations) => {
				if (Date.now() - started > runMs) {
					return;
				}
				sequences++;
				let version = 1;
				const reference = TextDocument.create(uri, 'robots-txt', version, initial);
				await client.open(uri, initial, version);
				let inSync = true;
				const send = async (changes: TextDocumentContentChangeEvent[]) => {
					version++;
					await client.change(uri, version, changes);
					TextDocument.update(reference, changes, version);
				};
				for (const op of operations) {
					const length = reference.getText().length;
					switch (op.kind) {
						case 'edit': {
							const start = Math.floor(op.at * length);
							const end = Math.min(length, start + op.length);
							await send([{ range: { start: reference.positionAt(start), end: reference.positionAt(end) }, text: op.insert }]);
							break;
						}
						case 'batch': {
							const spans = op.cuts
								.map((cut) => {
									const start = Math.floor(cut.at * length);
									return { start, end: Math.min(length, start + cut.length), insert: cut.insert };
								})
								.sort((a, b) => a.start - b.start);
							const disjoint = spans.filter((span, i) => i === 0 || span.start >= spans[i - 1].end);
							await send(
								disjoint
									.reverse()
									.map((span) => ({ range: { start: reference.positionAt(span.start), end: reference.positionAt(span.end) }, text: span.insert })),
							);
							break;
						}
						case 'reversed': {
							const start = Math.floor(op.at * length);
							const end = Math.min(length, start + op.length);
							await send([{ range: { start: reference.positionAt(end), end: reference.positionAt(start) }, text: '' }]);
							break;
						}
						case 'malformed': {
							// Refused by the server and left out of the reference: the texts stay equal.
							version++;
							await client.change(uri, version, [
								{ range: { start: { line: 'x' as unknown as number, character: 0 }, end: { line: 0, character: 0 } }, text: 'zz' },
							]);
							break;
						}
						case 'request': {
							const position = reference.positionAt(Math.floor(op.at * length));
							const textDocument = { uri };
							const all = [
								() => client.connection.sendRequest(HoverRequest.type, { textDocument, position }),
								() => client.connection.sendRequest(CompletionRequest.type, { textDocument, position }),
								() => client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }),
								() => client.connection.sendRequest(FoldingRangeRequest.type, { textDocument }),
								() => client.connection.sendRequest(CodeLensRequest.type, { textDocument }),
								() => client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument, options: { tabSize: 4, insertSpaces: false } }),
								() => client.connection.sendRequest(DocumentHighlightRequest.type, { textDocument, position }),
								() => client.connection.sendRequest(DocumentLinkRequest.type, { textDocument }),
								() =>
									client.connection.sendRequest(CodeActionRequest.type, {
										textDocument,
										range: { start: position, end: position },
										context: { diagnostics: [] },
									}),
								() => client.connection.sendRequest('textDocument/diagnostic', { textDocument }),
								() => client.connection.sendRequest(protocol.testUrlMethod, { uri, url: '/private/x', agent: 'Googlebot' }),
							];
							requests++;
							await within(`request ${op.which % all.length}`, all[op.which % all.length]());
							break;
						}
						case 'junk': {
							// Wrong parameters: an error or an empty answer, in time, never a dead server.
							const junk = [
								() => client.connection.sendRequest(HoverRequest.type.method, { textDocument: { uri }, position: { line: '0', character: null } }),
								() => client.connection.sendRequest(CompletionRequest.type.method, { textDocument: null }),
								() => client.connection.sendRequest('robotsTxt/testUrl', { uri, url: 42, agent: [] }),
								() => client.connection.sendRequest('no/suchMethod', {}),
								() => client.connection.sendRequest(DocumentSymbolRequest.type.method, { textDocument: { uri: 'file:///not/open.txt' } }),
							];
							requests++;
							await within(
								`junk ${op.which % junk.length}`,
								junk[op.which % junk.length]().then(
									() => undefined,
									() => undefined,
								),
							);
							break;
						}
					}
				}
				const view = await within("the server's view of the text", serverView(client, uri));
				assert.ok(client.alive, 'the server is alive');
				if (inSync) {
					assert.deepEqual(
						view,
						coreView(reference.getText()),
						`the server's text differs from the textdocument package's after ${operations.length} operations`,
					);
				}
				await client.close(uri);
				inSync = true;
			}),
			{ numRuns: 1000, endOnFailure: true },
		);
		console.log(`fuzz: ${sequences} sequences, ${requests} requests in ${Date.now() - started} ms`);
		assert.ok(sequences > 10, `only ${sequences} sequences ran`);
	} finally {
		client.kill();
	}
});
