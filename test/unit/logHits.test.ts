/**
 * An access log's hits per URL and crawler, and an edit's impact on them (core/src/logs/hits.ts). The log is
 * test/fixtures/logs/bench.log (its README names the sources of its lines); the expected counts are counted from its
 * lines by hand, and the expected verdicts follow RFC 9309 section 2.2.2 (a crawler follows the group that names it,
 * else `*`; the longest matching rule decides; no matching rule allows).
 */

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { describeHits, describeImpact, LogHits, LogReader, parse, type LogLine } from '../../core/src/index';
import { benchLogAfter, benchLogBefore, benchLogHits } from '../util/benchLog';
import { readFixture } from '../util/fixtures';

function hitsOf(name: string, maxUrls?: number): LogHits {
	const reader = new LogReader();
	const hits = new LogHits(maxUrls);
	for (const line of readFixture('logs', name).split('\n').slice(0, -1)) {
		hits.add(reader.read(line));
	}
	return hits;
}

/** A request line for `url` from Googlebot, as a reader gives it. */
function googlebot(url: string): LogLine {
	return {
		kind: 'request',
		record: {
			ip: null,
			time: null,
			method: 'GET',
			target: url,
			status: 200,
			userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
		},
	};
}

const before = benchLogBefore;
const after = benchLogAfter;
const expected = benchLogHits;

describe('hits per URL and crawler', () => {
	test('each crawler request counts for its URL and crawler; browsers, unknown bots and the rest are counted apart', () => {
		const table = hitsOf('bench.log').table(100);
		assert.deepEqual(table.totals, {
			lines: 18,
			requests: 17,
			unparsed: 1,
			crawlerRequests: 13,
			browsers: 2,
			unknownBots: 1,
			other: 1,
			fetchesNotKept: 0,
			urlsDropped: 0,
		});
		assert.deepEqual(
			table.crawlers,
			expected.crawlers.map(([token, requests]) => ({ token, requests, notKept: 0 })),
		);
		// Most fetched first; equally fetched URLs in URL order. Counts in the order of the crawlers above.
		assert.deepEqual(table.rows, expected.rows);
		assert.equal(table.rowsLeftOut, 0);
	});

	test('a limit on rows keeps the most fetched and says how many were left out', () => {
		const table = hitsOf('bench.log').table(2);
		assert.deepEqual(
			table.rows.map((row) => row.url),
			['/private/a', '/public'],
		);
		assert.equal(table.rowsLeftOut, 4);
		assert.match(describeHits('bench.log', table).join('\n'), /The rows are the 2 most fetched of the 6 URLs crawlers fetched\./);
	});

	test('the note says what the table covers', () => {
		assert.deepEqual(describeHits('bench.log', hitsOf('bench.log').table(100)), [
			'bench.log: 18 lines read, 1 not parsed.',
			'Requests by crawlers: Googlebot 8, GPTBot 3 and bingbot 2; by browsers: 2; by unknown bots: 1; others: 1.',
		]);
	});

	test('the note says when no line of the file reads as a request (a robots.txt picked by mistake)', () => {
		const hits = new LogHits();
		const reader = new LogReader();
		for (const line of ['User-agent: *', 'Disallow: /private', '']) {
			hits.add(reader.read(line));
		}
		assert.deepEqual(describeHits('robots.txt', hits.table(10)), [
			'robots.txt: 3 lines read, 2 not parsed.',
			'Requests by crawlers: 0; by browsers: 0; by unknown bots: 0; others: 0.',
			'None of its lines reads as a request in a format of access log the bench reads: combined, common, W3C extended or JSON lines.',
		]);
		// One request among them is enough for the bench to have read a log.
		hits.add(reader.read('66.249.66.1 - - [01/May/2024:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "Googlebot/2.1"'));
		assert.equal(describeHits('robots.txt', hits.table(10)).length, 2);
	});

	test('the note names the ten most active crawlers and counts the rest, however many a log holds', () => {
		const hits = new LogHits();
		// Twelve catalogue crawlers, each by the product token its owner documents, the first with the most requests.
		const tokens = [
			'Googlebot',
			'bingbot',
			'GPTBot',
			'ClaudeBot',
			'CCBot',
			'Applebot',
			'YandexBot',
			'Baiduspider',
			'DuckDuckBot',
			'PerplexityBot',
			'AhrefsBot',
			'SemrushBot',
		];
		tokens.forEach((token, index) => {
			for (let i = 0; i < tokens.length - index; i++) {
				hits.add({
					kind: 'request',
					record: { ip: null, time: null, method: 'GET', target: '/', status: 200, userAgent: `Mozilla/5.0 (compatible; ${token}/1.0)` },
				});
			}
		});
		const [, byCrawler] = describeHits('log', hits.table(10));
		assert.equal(
			byCrawler,
			'Requests by crawlers: Googlebot 12, bingbot 11, GPTBot 10, ClaudeBot 9, CCBot 8, Applebot 7, YandexBot 6, Baiduspider 5, DuckDuckBot 4, PerplexityBot 3 and 2 more; by browsers: 0; by unknown bots: 0; others: 0.',
		);
	});

	test('past the cap on URLs, the least fetched are dropped (of equal ones, the latest seen) and counted as not kept', () => {
		const hits = new LogHits(2);
		for (const url of ['/a', '/a', '/a', '/b', '/c', '/c', '/d']) {
			hits.add(googlebot(url));
		}
		// /a (3) and /b (1, seen before /c) are kept; /c is dropped when it comes, twice, and /d once.
		const table = hits.table(10);
		assert.deepEqual(
			table.rows.map((row) => [row.url, row.total]),
			[
				['/a', 3],
				['/b', 1],
			],
		);
		assert.equal(table.totals.fetchesNotKept, 3);
		assert.equal(table.totals.urlsDropped, 3);
		assert.deepEqual(table.crawlers, [{ token: 'Googlebot', requests: 7, notKept: 3 }]);
		assert.match(
			describeHits('log', table).join('\n'),
			/Fetches not kept, to bound memory \(the least fetched URLs were dropped; the hit counts leave them out\): 3\./,
		);
	});

	test('memory is bounded: 20 000 distinct URLs with a cap of 100 keep at most 125, and every fetch is counted once', () => {
		const hits = new LogHits(100);
		for (let i = 0; i < 20_000; i++) {
			hits.add(googlebot(`/page/${i % 7 === 0 ? 0 : i}`));
		}
		const table = hits.table(Number.MAX_SAFE_INTEGER);
		assert.ok(table.rows.length + table.rowsLeftOut <= 125, String(table.rows.length));
		const kept = table.rows.reduce((sum, row) => sum + row.total, 0);
		assert.equal(kept + table.totals.fetchesNotKept, 20_000);
		// /page/0, fetched every seventh time, is the most fetched and always kept.
		assert.deepEqual(table.rows[0], { url: '/page/0', total: Math.ceil(20_000 / 7), counts: [Math.ceil(20_000 / 7)] });
	});
});

describe("an edit's impact on the fetches of a log", () => {
	test('per crawler, the URLs and fetches the edit closes and opens, each crawler reading both versions', () => {
		const impact = hitsOf('bench.log').impact(parse(before), parse(after));
		// Googlebot follows `*`: /public and /public?x=1 (3 fetches) become disallowed by `Disallow: /public`;
		// /private/b is no longer under a rule; /private/a stays disallowed; /robots.txt matches no rule either time.
		// GPTBot follows its own group: /articles/1 (2 fetches) was disallowed, `Allow: /` opens it.
		// bingbot follows `*`: /public (1 fetch) is closed.
		assert.deepEqual(impact, expected.impact);
		assert.deepEqual(describeImpact(impact), [
			'This edit closes 2 URLs that Googlebot fetched 3 times in this log.',
			'This edit opens 1 URL that Googlebot fetched 1 time in this log.',
			'This edit opens 1 URL that GPTBot fetched 2 times in this log.',
			'This edit closes 1 URL that bingbot fetched 1 time in this log.',
		]);
	});

	test('an edit that changes no verdict for the fetched URLs says so', () => {
		const hits = hitsOf('bench.log');
		const impact = hits.impact(parse(before), parse(`${before}# a comment\n`));
		assert.deepEqual(impact, []);
		assert.deepEqual(describeImpact(impact), ['This edit changes no verdict for the URLs crawlers fetched in this log.']);
	});
});
