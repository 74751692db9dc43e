/**
 * The test bench's custom requests and expectations files over the real wire (the built server over stdio): the bench
 * answers as the core computes it, for the version just edited and against the baseline set; bad parameters get
 * InvalidParams; expectations files get their diagnostics pushed, again when their robots.txt changes, and their own
 * lenses, completions and hovers; the AI training actions come with the code actions; `robotsTxt/looksLikeRobotsTxt`
 * answers for a plain-text file's text as the core does.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	CodeActionRequest,
	CodeLensRequest,
	CompletionRequest,
	DidOpenTextDocumentNotification,
	DocumentDiagnosticRequest,
	ErrorCodes,
	HoverRequest,
	RequestType,
	ResponseError,
	type CodeAction,
	type CompletionItem,
	type Hover,
} from 'vscode-languageserver/node';
import {
	computeBench,
	defaultAnalysisOptions,
	expectationsLanguageId,
	looksLikeRobotsTxt,
	parse,
	parseUrlList,
	protocol,
	type BenchResult,
} from '../../core/src/index';
import { joinLines } from '../util/fixtures';
import { TestClient } from './client';

const benchRequest = new RequestType<protocol.BenchParams, BenchResult, void>(protocol.benchMethod);
const baselineRequest = new RequestType<protocol.BenchBaselineParams, { label: string | null }, void>(protocol.benchBaselineMethod);
const parseUrlsRequest = new RequestType<protocol.ParseUrlsParams, protocol.ParseUrlsResult, void>(protocol.parseUrlsMethod);
const looksLikeRequest = new RequestType<protocol.LooksLikeRobotsTxtParams, protocol.LooksLikeRobotsTxtResult, void>(protocol.looksLikeRobotsTxtMethod);

function wire<T>(value: T): T {
	return JSON.parse(JSON.stringify(value)) as T;
}

const robots = joinLines('User-agent: *', 'Disallow: /private/', 'Allow: /private/press/', '', 'User-agent: GPTBot', 'Disallow: /', '');

describe('the test bench over the wire', () => {
	test('bench, baseline, an edit, parseUrls; bad parameters get InvalidParams', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const uri = 'file:///site/robots.txt';
			await client.open(uri, robots, 1);
			const params = { uri, urls: ['/private/press/kit.pdf', 'not a url', '/about'], crawlers: ['bingbot', 'GPTBot', 'Googlebot'] };
			const first = await send(benchRequest, params);
			assert.deepStrictEqual(first, wire({ uri, version: 1, ...computeBench(parse(robots), params) }));

			assert.deepStrictEqual(await send(baselineRequest, { uri, text: robots, label: 'saved version' }), { label: 'saved version' });
			const edited = robots.replace('Allow: /private/press/\n', '');
			await client.change(uri, 2, [{ range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, text: '' }]);
			const second = await send(benchRequest, { ...params, probe: true });
			assert.equal(second.version, 2);
			assert.deepStrictEqual(
				second,
				wire({ uri, version: 2, ...computeBench(parse(edited), { ...params, probe: true }, { model: parse(robots), label: 'saved version' }) }),
			);
			// bingbot and Googlebot on the press kit, and on the probe row /private/press/ the edit added.
			assert.equal(second.baseline?.changed, 4);
			assert.deepStrictEqual(
				second.rows.filter((row) => row.probe).map((row) => row.url),
				['/private/press/'],
			);
			assert.deepStrictEqual(await send(baselineRequest, { uri, text: null, label: '' }), { label: null });
			assert.equal((await send(benchRequest, params)).baseline, undefined);

			const sitemap = '<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/b</loc></url></urlset>';
			const list = parseUrlList(sitemap);
			assert.deepStrictEqual(await send(parseUrlsRequest, { text: sitemap }), {
				kind: list.kind,
				urls: ['https://example.com/a', 'https://example.com/b'],
				sitemaps: [],
				notes: [],
			});

			const invalid = (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams;
			await assert.rejects(send(benchRequest, { ...params, uri: 'file:///nowhere/robots.txt' }), invalid);
			await assert.rejects(send(benchRequest, { uri, urls: 'x', crawlers: [] } as never), invalid);
			await assert.rejects(send(baselineRequest, { uri, text: 3, label: 'x' } as never), invalid);
			await assert.rejects(send(parseUrlsRequest, {} as never), invalid);
			assert.ok(client.alive);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('looksLikeRobotsTxt answers for a text no document holds, as the core does', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			for (const text of [robots, 'Notes for the launch:\nUser-agent: *\nDisallow: /\nis what staging serves.\nAsk ops first.\n', '']) {
				const { looksLike, reason } = looksLikeRobotsTxt(text);
				assert.deepStrictEqual(await send(looksLikeRequest, { text }), { looksLike, reason });
			}
			assert.equal((await send(looksLikeRequest, { text: robots })).looksLike, true);
			const invalid = (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams;
			await assert.rejects(send(looksLikeRequest, { text: 42 } as never), invalid);
			await assert.rejects(send(looksLikeRequest, null as never), invalid);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('10 000 URLs × 20 crawlers in one request answer every cell', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, robots);
			const urls = Array.from({ length: 10_000 }, (_, i) => `https://example.com/${i % 3 ? 'private' : 'open'}/${i}`);
			const crawlers = defaultAnalysisOptions.crawlers.concat([
				'AdsBot-Google',
				'FeedFetcher-Google',
				'Python-urllib',
				'SemrushBot',
				'AhrefsBot',
				'Bytespider',
			]);
			const result = await client.connection.sendRequest(benchRequest, { uri, urls, crawlers });
			assert.equal(result.cells.length, 200_000);
			assert.ok(result.cells.every((cell) => cell >= 0));
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});

describe('expectations files over the wire', () => {
	test("diagnostics pushed, again after the robots.txt changes; lenses, completion, hover; none of robots.txt's features", async () => {
		const folder = mkdtempSync(join(tmpdir(), 'robots-expect-'));
		writeFileSync(join(folder, 'robots.txt'), robots);
		const robotsUri = pathToFileURL(join(folder, 'robots.txt')).href;
		const uri = pathToFileURL(join(folder, 'robots.expectations')).href;
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const text = joinLines('Googlebot /private/press/kit.pdf allow', 'GPTBot /about allow', 'this is not an expectation');
			await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
				textDocument: { uri, languageId: expectationsLanguageId, version: 1, text },
			});
			// Read from disk: the robots.txt is not open.
			await client.waitFor(() => client.lastPublished(uri) !== undefined, 'expectations diagnostics');
			const first = client.lastPublished(uri)!;
			assert.deepStrictEqual(
				first.diagnostics.map((d) => [d.code, d.range.start.line]),
				[
					['expectation-failed', 1],
					['expectation-syntax', 2],
				],
			);
			assert.equal(first.diagnostics[0].relatedInformation?.[0].location.uri, robotsUri);

			// The robots.txt opens with an edit that lets GPTBot in and keeps the press kit open: the failure goes away.
			await client.open(robotsUri, robots.replace('User-agent: GPTBot\nDisallow: /', 'User-agent: GPTBot\nAllow: /'));
			await client.waitFor(
				() => client.lastPublished(uri) !== first && client.lastPublished(uri)!.diagnostics.length === 1,
				'diagnostics after the robots.txt changed',
			);
			assert.deepStrictEqual(
				client.lastPublished(uri)!.diagnostics.map((d) => d.code),
				['expectation-syntax'],
			);

			const lenses = await send(CodeLensRequest.type, { textDocument: { uri } });
			assert.equal(lenses?.[0].command?.title, '2 passed, 0 failed, 1 line not understood');
			const items = (await send(CompletionRequest.type, { textDocument: { uri }, position: { line: 1, character: 7 } })) as CompletionItem[];
			assert.deepStrictEqual(
				items.map((item) => item.label),
				['/private/', '/private/press/', '/'],
			);
			const hover = (await send(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 2 } })) as Hover;
			assert.match((hover.contents as { value: string }).value, /^\*\*Passes\.\*\*/);
			// No robots.txt diagnostics or code actions are computed for the expectations file.
			assert.deepStrictEqual(
				await send(CodeActionRequest.type, {
					textDocument: { uri },
					range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
					context: { diagnostics: [] },
				}),
				[],
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('a robots.txt shows where its expectations fail, pushed and pulled, and again when they change', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'robots-expect-'));
		writeFileSync(join(folder, 'robots.txt'), robots);
		// On disk only: GPTBot is disallowed by line 6, the press kit allowed by line 3 for a crawler that follows `*`.
		writeFileSync(
			join(folder, 'robots.expectations'),
			joinLines('GPTBot /about allow', 'bingbot /private/press/kit.pdf disallow', 'bingbot /private/x disallow'),
		);
		const robotsUri = pathToFileURL(join(folder, 'robots.txt')).href;
		const uri = pathToFileURL(join(folder, 'robots.expectations')).href;
		const push = await TestClient.start({ configuration: true, settings: {} });
		try {
			await push.open(robotsUri, robots);
			await push.waitFor(() => push.lastPublished(robotsUri) !== undefined, 'robots.txt diagnostics');
			const failures = push.lastPublished(robotsUri)!.diagnostics.filter((d) => d.code === 'expectation-failed');
			assert.deepStrictEqual(
				failures.map((d) => [d.range.start.line, d.relatedInformation?.map((info) => [info.location.uri, info.location.range.start.line])]),
				[
					[2, [[uri, 1]]],
					[5, [[uri, 0]]],
				],
			);
			assert.match(
				failures[1].message,
				/^An expectation fails here\. robots\.expectations:1: Expected GPTBot to be ALLOWED for \/about, but it is DISALLOWED by line 6/,
			);
			// The expectations file opens with the failures mended: the robots.txt's diagnostics follow.
			const published = push.published.length;
			await push.connection.sendNotification(DidOpenTextDocumentNotification.type, {
				textDocument: { uri, languageId: expectationsLanguageId, version: 1, text: 'GPTBot /about disallow\n' },
			});
			await push.waitFor(
				() => push.published.slice(published).some((p) => p.uri === robotsUri && !p.diagnostics.some((d) => d.code === 'expectation-failed')),
				'robots.txt diagnostics without the failures',
			);
			assert.equal(await push.stop(), 0);
		} finally {
			push.kill();
		}
		const pull = await TestClient.start({ pull: true, configuration: true, settings: {} });
		try {
			await pull.open(robotsUri, robots);
			const report = (await pull.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: robotsUri } })) as {
				items: { code?: string | number }[];
			};
			assert.equal(report.items.filter((d) => d.code === 'expectation-failed').length, 2);
			assert.equal(await pull.stop(), 0);
		} finally {
			pull.kill();
		}
	});

	test('the robots.txt offers the AI training actions', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, robots);
			const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
				textDocument: { uri },
				range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
				context: { diagnostics: [], only: ['source'] },
			})) as CodeAction[];
			assert.deepStrictEqual(
				actions.map((action) => action.kind),
				[protocol.blockAiTrainingKind, protocol.allowAiTrainingKind, protocol.blockAiTrainingKind],
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
