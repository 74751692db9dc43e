/**
 * Malformed params for every request the server answers, over the real wire (issue 21, finding 12): every method of
 * the protocol module and every method its capabilities announce gets params by position (`[]`, two of them), params
 * that are not an object (null, numbers, strings), each field of a valid example replaced by a value of another type
 * (floats, negative and NaN-ish positions, numbers past LSP's 32-bit integers, strings for numbers, null), and random
 * JSON. Every request must be answered within a deadline, malformed ones with InvalidParams; nothing may throw inside a
 * handler (the log) or go unhandled (the log and stderr); and afterwards every valid example gets a result, a hover
 * included. The messages are written as raw JSON text, so that `[]`, `null` and `1e400` reach the server as they are.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ErrorCodes, StreamMessageReader, type Message, type ResponseMessage } from 'vscode-languageserver/node';
import { protocol } from '../../core/src/index';
import { TestClient } from './client';
import { coreView, serverView } from './serverView';

/** How long one request may take on a loaded machine before it counts as never answered. */
const deadlineMs = 10_000;

const uri = 'file:///params/robots.txt';
const deployedUri = `${protocol.deployedScheme}://example.com/robots.txt?https`;
const text = 'User-agent: *\nDisallow: /private/\nAllow: /private/public/\n';
const position = { line: 1, character: 3 };
const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 5 } };
const textDocument = { uri };
const outcome = {
	url: 'https://example.com/robots.txt',
	responses: [
		{
			url: 'https://example.com/robots.txt',
			status: 200,
			statusText: 'OK',
			headers: [['content-type', 'text/plain']],
			body: Buffer.from(text).toString('base64'),
		},
	],
};
const bench = { uri, urls: ['/a', '/private/b'], crawlers: ['Googlebot', 'Bingbot'], probe: false };

/** A valid request of each method, with the types of LSP 3.17 and core/protocol.ts; optional fields are included. */
const examples: Readonly<Record<string, unknown>> = {
	'textDocument/hover': { textDocument, position },
	'textDocument/completion': { textDocument, position },
	'textDocument/documentHighlight': { textDocument, position },
	'textDocument/codeLens': { textDocument },
	'codeLens/resolve': { range, command: { title: 'A lens', command: 'robotsTxt.testUrl', arguments: [] } },
	'textDocument/documentSymbol': { textDocument },
	'textDocument/foldingRange': { textDocument },
	'textDocument/documentLink': { textDocument },
	'textDocument/formatting': { textDocument, options: { tabSize: 4, insertSpaces: false, insertFinalNewline: true } },
	'textDocument/rangeFormatting': { textDocument, range, options: { tabSize: 2, insertSpaces: true } },
	'textDocument/codeAction': {
		textDocument,
		range,
		context: { diagnostics: [{ range, message: 'A problem', severity: 2, code: 'a-code', source: 'robots-txt' }], only: ['quickfix'], triggerKind: 1 },
	},
	'codeAction/resolve': { title: 'Fix all', kind: 'source.fixAll' },
	'textDocument/diagnostic': { textDocument, previousResultId: '1' },
	[protocol.testUrlMethod]: { uri, url: '/private/x', agent: 'Googlebot', parser: 'google' },
	[protocol.testUrlAllMethod]: { uri, url: '/private/x' },
	[protocol.agentsMethod]: { uri },
	[protocol.benchMethod]: bench,
	[protocol.benchExportMethod]: { ...bench, format: 'markdown' },
	[protocol.benchBaselineMethod]: { uri, text: 'User-agent: *\nDisallow: /\n', label: 'the saved version' },
	[protocol.accessLogLoadMethod]: { uri, log: 'vscode-vfs://github/site/access.log', text: '', workDoneToken: 'load-1' },
	[protocol.accessLogImpactMethod]: { uri },
	[protocol.accessLogClearMethod]: { uri },
	[protocol.parseUrlsMethod]: { text: '/a\n/b\n' },
	[protocol.deployedTargetMethod]: { site: 'example.com', version: '1.0.0' },
	[protocol.deployedOpenMethod]: { uri: deployedUri, outcome },
	[protocol.deployedCompareMethod]: { uri, outcome, urls: ['/private/x'] },
	[protocol.looksLikeRobotsTxtMethod]: { text },
	[protocol.templatesMethod]: {},
	[protocol.templateMethod]: { name: 'wordpress', site: 'https://example.com' },
};

/** Fields whose type admits null (`BenchBaselineParams.text`: `string | null`). */
const nullable = new Set([`${protocol.benchBaselineMethod} params.text`]);
/** Fields of LSP's `uinteger`, for which negative numbers are wrong too. */
const unsigned = new Set(['line', 'character', 'tabSize']);
/** String fields that take one of a few words. */
const words = new Set(['parser', 'format']);
/** String fields that take a number too (`Diagnostic.code`, a progress token: `integer | string`). */
const numberOrString = new Set(['code', 'workDoneToken']);

/** The requests each capability announces (LSP 3.17); a capability this table does not know fails the test. */
function capabilityMethods(name: string, value: unknown): string[] {
	const resolve = (value as { resolveProvider?: boolean } | undefined)?.resolveProvider === true;
	switch (name) {
		case 'textDocumentSync':
		case 'workspace':
			return [];
		case 'hoverProvider':
			return ['textDocument/hover'];
		case 'completionProvider':
			return ['textDocument/completion', ...(resolve ? ['completionItem/resolve'] : [])];
		case 'codeLensProvider':
			return ['textDocument/codeLens', ...(resolve ? ['codeLens/resolve'] : [])];
		case 'documentSymbolProvider':
			return ['textDocument/documentSymbol'];
		case 'foldingRangeProvider':
			return ['textDocument/foldingRange'];
		case 'documentFormattingProvider':
			return ['textDocument/formatting'];
		case 'documentRangeFormattingProvider':
			return ['textDocument/rangeFormatting'];
		case 'documentLinkProvider':
			return ['textDocument/documentLink', ...(resolve ? ['documentLink/resolve'] : [])];
		case 'documentHighlightProvider':
			return ['textDocument/documentHighlight'];
		case 'codeActionProvider':
			return ['textDocument/codeAction', ...(resolve ? ['codeAction/resolve'] : [])];
		case 'diagnosticProvider':
			return ['textDocument/diagnostic', ...((value as { workspaceDiagnostics?: boolean }).workspaceDiagnostics ? ['workspace/diagnostic'] : [])];
		default:
			assert.fail(`the capability ${name} announces requests this test does not know: add them to capabilityMethods and examples`);
	}
}

/** JSON text with the placeholder `marker` replaced by raw JSON text (so that `1e400` goes out as written). */
const marker = '\u0000raw\u0000';
function withRaw(value: unknown, raw: string): string {
	return JSON.stringify(value).replace(JSON.stringify(marker), raw);
}

/** Every way to break one field of `example`: the JSON text of params with that field replaced, and what it replaced. */
function mutations(method: string, example: unknown): { params: string; what: string }[] {
	const out: { params: string; what: string }[] = [];
	const visit = (value: unknown, path: string, key: string, replace: (by: unknown) => unknown) => {
		const wrong: string[] = [];
		if (typeof value === 'string') {
			wrong.push(...(numberOrString.has(key) ? ['1.5'] : ['5']), 'true', '[]', '{}', ...(words.has(key) ? ['"nonsense"'] : []));
		} else if (typeof value === 'number') {
			wrong.push('"1"', '0.5', '1e400', '-1e400', '2147483648', '1e20', '"NaN"', 'true', '[]', '{}', ...(unsigned.has(key) ? ['-1'] : []));
		} else if (typeof value === 'boolean') {
			wrong.push('"true"', '1', '[]');
		} else if (Array.isArray(value)) {
			wrong.push('"x"', '5', '{}');
			value.forEach((item, i) => {
				visit(item, `${path}[${i}]`, key, (by) => replace(value.map((other, j) => (j === i ? by : other))));
			});
		} else if (typeof value === 'object' && value !== null) {
			wrong.push('"x"', '5', '[]');
			for (const [name, field] of Object.entries(value)) {
				visit(field, `${path}.${name}`, name, (by) => replace({ ...value, [name]: by }));
			}
		}
		if (!nullable.has(`${method} ${path}`) && path !== 'params') {
			wrong.push('null');
		}
		for (const raw of wrong) {
			out.push({ params: withRaw(replace(marker), raw), what: `${path} = ${raw}` });
		}
	};
	visit(example, 'params', '', (by) => by);
	return out;
}

/** A second reader of the server's output and a writer of raw frames, beside the test client's own connection. */
class RawChannel {
	private next = 0;
	private readonly waiting = new Map<string, (message: ResponseMessage) => void>();
	private readonly reader: StreamMessageReader;

	constructor(private readonly client: TestClient) {
		this.reader = new StreamMessageReader(client.child.stdout!);
		this.reader.partialMessageTimeout = 0;
		this.reader.listen((message: Message) => {
			const id = (message as ResponseMessage).id;
			if (typeof id === 'string' && this.waiting.has(id)) {
				this.waiting.get(id)!(message as ResponseMessage);
				this.waiting.delete(id);
			}
		});
	}

	/** Sends `method` with `params` as raw JSON text (undefined: no params member) and resolves with the response. */
	request(method: string, params: string | undefined): Promise<ResponseMessage> {
		const id = `raw-${this.next++}`;
		const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)}${params === undefined ? '' : `,"params":${params}`}}`;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.waiting.delete(id);
				reject(new Error(`${method} with params ${params?.slice(0, 200)} was not answered within ${deadlineMs} ms`));
			}, deadlineMs);
			this.waiting.set(id, (message) => {
				clearTimeout(timer);
				resolve(message);
			});
			this.client.child.stdin!.write(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
		});
	}

	dispose(): void {
		this.reader.dispose();
	}
}

test('malformed params for every request: each answered in time, InvalidParams, nothing thrown, and valid requests still answered', {
	timeout: 180_000,
}, async () => {
	const client = await TestClient.start({ pull: true, codeActionResolve: true });
	let stderr = '';
	client.child.stderr!.on('data', (chunk) => (stderr += chunk));
	const raw = new RawChannel(client);
	try {
		await client.open(uri, text);
		const fromProtocol = Object.entries(protocol)
			// robotsTxt/fetchUrlSet is the server's request to the client, which the client answers.
			.filter(([name, value]) => name.endsWith('Method') && typeof value === 'string' && value !== protocol.fetchUrlSetMethod)
			.map(([, value]) => value as string);
		const fromCapabilities = Object.entries(client.initializeResult.capabilities).flatMap(([name, value]) => (value ? capabilityMethods(name, value) : []));
		const methods = [...new Set([...fromProtocol, ...fromCapabilities])];
		assert.ok(fromProtocol.length >= 11, `only ${fromProtocol.length} custom requests found in the protocol module`);
		assert.ok(methods.length >= 24, `only ${methods.length} requests to send`);
		for (const method of methods) {
			assert.ok(method in examples, `no valid example of ${method} in this test`);
		}

		const malformed: { method: string; params: string; what: string }[] = [];
		for (const method of methods) {
			for (const params of ['[]', `[${JSON.stringify(examples[method])}, 1]`, 'null', '42', '-1.5', '"params"', 'true']) {
				malformed.push({ method, params, what: `params = ${params.slice(0, 40)}` });
			}
			malformed.push(...mutations(method, examples[method]).map((mutation) => ({ method, ...mutation })));
		}
		const wrong: string[] = [];
		for (let i = 0; i < malformed.length; i += 100) {
			const batch = malformed.slice(i, i + 100);
			const answers = await Promise.all(batch.map((request) => raw.request(request.method, request.params)));
			answers.forEach((answer, j) => {
				if (answer.error?.code !== ErrorCodes.InvalidParams) {
					wrong.push(
						`${batch[j].method} with ${batch[j].what}: ${answer.error ? `error ${answer.error.code} ${answer.error.message}` : `result ${JSON.stringify(answer.result)?.slice(0, 80)}`}`,
					);
				}
			});
		}
		assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${malformed.length} malformed requests were not answered InvalidParams`);
		console.log(`${methods.length} requests, ${malformed.length} malformed params`);

		// Random JSON as params: an answer in time, never an internal error.
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...methods), fc.jsonValue(), async (method, params) => {
				const answer = await raw.request(method, JSON.stringify(params));
				assert.ok(
					answer.error === undefined || answer.error.code === ErrorCodes.InvalidParams,
					`${method} with ${JSON.stringify(params).slice(0, 200)}: error ${answer.error?.code} ${answer.error?.message}`,
				);
			}),
			{ numRuns: 300 },
		);

		// Every valid example is still answered with a result (the checks are not stricter than the types).
		for (const method of methods) {
			const answer = await raw.request(method, JSON.stringify(examples[method]));
			assert.equal(answer.error, undefined, `${method} with its valid example: ${answer.error?.message}`);
		}
		const hover = await raw.request('textDocument/hover', JSON.stringify(examples['textDocument/hover']));
		assert.ok(hover.result !== null && hover.result !== undefined, 'a valid hover on a rule has contents');

		assert.ok(client.alive, 'the server is alive');
		const thrown = client.logs.filter((log) => /Unhandled rejection| failed(?: for [^:]*)?: /.test(log));
		assert.deepEqual(
			thrown.map((log) => log.slice(0, 300)),
			[],
			'no handler threw and no rejection went unhandled',
		);
		assert.doesNotMatch(stderr, /Unhandled|TypeError|RangeError/);
	} finally {
		raw.dispose();
		client.kill();
	}
});

test('document notifications whose version is not an integer are left out and logged, never echoed', async () => {
	const client = await TestClient.start();
	try {
		// LSP 3.17: TextDocumentItem.version and VersionedTextDocumentIdentifier.version are `integer`.
		await client.open(uri, text, 'abc' as unknown as number);
		await client.waitFor(() => client.logs.some((log) => log.includes('textDocument/didOpen was left out')), 'the open refused in the log');
		await assert.rejects(
			client.connection.sendRequest(protocol.agentsMethod, { uri }),
			(error: { code: number }) => error.code === ErrorCodes.InvalidParams,
			'the document is not open',
		);

		await client.open(uri, text, 1);
		await client.change(uri, null as unknown as number, [{ text: 'User-agent: a\n' }]);
		await client.change(uri, 2.5, [{ text: 'User-agent: b\n' }]);
		await client.waitFor(
			() => client.logs.filter((log) => log.includes('textDocument/didChange was left out')).length === 2,
			'both changes refused in the log',
		);
		assert.deepEqual(await serverView(client, uri), coreView(text), 'the server holds the text it was opened with');
		const bench = (await client.connection.sendRequest(protocol.benchMethod, { uri, urls: ['/'], crawlers: ['Googlebot'] })) as { version: unknown };
		assert.equal(bench.version, 1);
	} finally {
		client.kill();
	}
});
