/**
 * The test bench's access log over the real wire (the built server over stdio): a log file read streaming into hits
 * per URL and crawler (plain or gzip, told by its first bytes, not its name; or as text the client sends), with
 * work-done progress while it reads and a cancellation that stops the read and keeps nothing; and the impact of the
 * document's edit against the bench's baseline on the log's fetches. The log is test/fixtures/logs/bench.log; the
 * expected hits are counted from its lines, the expected verdicts follow RFC 9309 section 2.2.2 (as in
 * test/unit/logHits.test.ts).
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import {
	CancellationTokenSource,
	LSPErrorCodes,
	RequestType,
	ResponseError,
	WorkDoneProgress,
	type WorkDoneProgressBegin,
	type WorkDoneProgressEnd,
	type WorkDoneProgressReport,
} from 'vscode-languageserver/node';
import { protocol } from '../../core/src/index';
import { benchLogAfter, benchLogBefore, benchLogHits } from '../util/benchLog';
import { fixturesDir } from '../util/fixtures';
import { TestClient } from './client';

const loadRequest = new RequestType<protocol.AccessLogLoadParams, protocol.AccessLogResult, void>(protocol.accessLogLoadMethod);
const impactRequest = new RequestType<protocol.AccessLogImpactParams, protocol.AccessLogImpactResult, void>(protocol.accessLogImpactMethod);
const clearRequest = new RequestType<{ uri: string }, null, void>(protocol.accessLogClearMethod);
const baselineRequest = new RequestType<protocol.BenchBaselineParams, { label: string | null }, void>(protocol.benchBaselineMethod);

const benchLog = join(fixturesDir, 'logs', 'bench.log');
const before = benchLogBefore;
const after = benchLogAfter;
const expected = benchLogHits;

const benchRows = expected.rows;

function table(result: protocol.AccessLogResult): Exclude<protocol.AccessLogResult, { unreadable: string }> {
	assert.ok(!('unreadable' in result), 'unreadable' in result ? result.unreadable : '');
	return result;
}

/** A big log: bench.log's request lines over and over (`copies` times), in a temporary file. */
function bigLog(copies: number): { path: string; lines: number } {
	const lines = readFileSync(benchLog, 'utf8').split('\n').slice(0, -1);
	const path = join(mkdtempSync(join(tmpdir(), 'robots-access-log-')), 'access.log');
	writeFileSync(path, `${lines.join('\n')}\n`.repeat(copies));
	return { path, lines: lines.length * copies };
}

describe('the access log over the wire', () => {
	test('a log file, plain or gzip (told by its bytes), or sent as text, gives the same hits and notes', async () => {
		const client = await TestClient.start();
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, before, 1);
			const plain = table(await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(benchLog).href }));
			assert.deepEqual(plain.rows, benchRows);
			assert.deepEqual(
				plain.crawlers.map((crawler) => [crawler.token, crawler.requests]),
				expected.crawlers,
			);
			assert.equal(plain.name, 'bench.log');
			assert.deepEqual(plain.notes, [
				'bench.log: 18 lines read, 1 not parsed.',
				'Requests by crawlers: Googlebot 8, GPTBot 3 and bingbot 2; by browsers: 2; by unknown bots: 1; others: 1.',
			]);
			// gzip under a name that does not say so, as logrotate's `access.log.1` with `compress` and no extension.
			const folder = mkdtempSync(join(tmpdir(), 'robots-access-log-'));
			const gzipped = join(folder, 'access.log.1');
			writeFileSync(gzipped, gzipSync(readFileSync(benchLog)));
			const unzipped = table(await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(gzipped).href }));
			assert.deepEqual(unzipped.rows, benchRows);
			assert.deepEqual(unzipped.totals, plain.totals);
			const sent = table(
				await client.connection.sendRequest(loadRequest, { uri, log: 'vscode-vfs://github/site/bench.log', text: readFileSync(benchLog, 'utf8') }),
			);
			assert.deepEqual(sent.rows, benchRows);
			assert.deepEqual(sent.totals, plain.totals);
			// A file that is not there is said so, in the answer.
			const missing = await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(join(folder, 'nothing.log')).href });
			assert.ok('unreadable' in missing && /nothing\.log cannot be read/.test(missing.unreadable), JSON.stringify(missing));
			rmSync(folder, { recursive: true });
		} finally {
			await client.stop();
		}
	});

	test("progress reports the bytes and lines read, in order, from begin to end; the whole log's lines are counted", async () => {
		const client = await TestClient.start();
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, before, 1);
			const log = bigLog(3_000);
			const reports: (WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd)[] = [];
			const token = 'load-1';
			client.connection.onProgress(WorkDoneProgress.type, token, (value) => reports.push(value));
			const result = table(await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(log.path).href, workDoneToken: token }));
			assert.equal(result.totals.lines, log.lines);
			await client.waitFor(() => reports.at(-1)?.kind === 'end', 'the end of the progress');
			assert.equal(reports[0].kind, 'begin');
			assert.equal((reports[0] as WorkDoneProgressBegin).cancellable, true);
			const middle = reports.slice(1, -1) as WorkDoneProgressReport[];
			assert.ok(middle.length >= 2, `${middle.length} reports`);
			assert.ok(middle.every((report) => report.kind === 'report'));
			const percentages = middle.map((report) => report.percentage ?? -1);
			assert.deepEqual(
				percentages,
				[...percentages].sort((a, b) => a - b),
			);
			assert.match(middle[0].message ?? '', /^access\.log: \d+\.\d MB of \d+\.\d MB read, [\d,]+ lines\.$/);
			rmSync(dirname(log.path), { recursive: true });
		} finally {
			await client.stop();
		}
	});

	test('a cancelled load stops reading and keeps nothing: no impact afterwards, the log before it stays', async () => {
		const client = await TestClient.start();
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, after, 1);
			await client.connection.sendRequest(baselineRequest, { uri, text: before, label: 'git HEAD' });
			const log = bigLog(6_000);
			const source = new CancellationTokenSource();
			const token = 'load-2';
			let reports = 0;
			client.connection.onProgress(WorkDoneProgress.type, token, (value) => {
				if (value.kind === 'report' && ++reports === 1) {
					source.cancel();
				}
			});
			const answer = await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(log.path).href, workDoneToken: token }, source.token).then(
				(result) => result,
				(error: unknown) => error,
			);
			assert.ok(answer instanceof ResponseError && answer.code === LSPErrorCodes.RequestCancelled, String(answer));
			// It stopped: a report or two in flight, not the 200 of the whole file.
			assert.ok(reports < 20, `${reports} reports`);
			const impact = await client.connection.sendRequest(impactRequest, { uri });
			assert.deepEqual(impact, { version: 1, baseline: null, crawlers: [], sentences: [] });
			rmSync(dirname(log.path), { recursive: true });
		} finally {
			await client.stop();
		}
	});

	test("the impact of the document against the bench's baseline, live as the document changes; clear forgets the log", async () => {
		const client = await TestClient.start();
		try {
			const uri = 'file:///site/robots.txt';
			await client.open(uri, after, 1);
			table(await client.connection.sendRequest(loadRequest, { uri, log: pathToFileURL(benchLog).href }));
			// No baseline yet: nothing to measure against.
			assert.deepEqual(await client.connection.sendRequest(impactRequest, { uri }), { version: 1, baseline: null, crawlers: [], sentences: [] });
			await client.connection.sendRequest(baselineRequest, { uri, text: before, label: 'git HEAD' });
			const impact = await client.connection.sendRequest(impactRequest, { uri });
			assert.equal(impact.baseline, 'git HEAD');
			assert.deepEqual(impact.crawlers, expected.impact);
			assert.equal(impact.sentences[0], 'This edit closes 2 URLs that Googlebot fetched 3 times in this log.');
			// The document edited back to the baseline's text: nothing changes.
			await client.change(uri, 2, [{ text: before }]);
			const undone = await client.connection.sendRequest(impactRequest, { uri });
			assert.deepEqual(undone, {
				version: 2,
				baseline: 'git HEAD',
				crawlers: [],
				sentences: ['This edit changes no verdict for the URLs crawlers fetched in this log.'],
			});
			await client.connection.sendRequest(clearRequest, { uri });
			assert.equal((await client.connection.sendRequest(impactRequest, { uri })).baseline, null);
		} finally {
			await client.stop();
		}
	});
});
