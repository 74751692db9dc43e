/**
 * The log report (core/src/logs/analysis.ts) on a site's log against its robots.txt (test/fixtures/logs/analysis/,
 * whose README says what each line is). Every expected figure is worked out here from the file's rules as RFC 9309
 * reads them (a crawler obeys the group naming it, else `*`; the longest matching rule decides; /robots.txt is always
 * allowed) and from what the owners document: Google's and OpenAI's published ranges, GPTBot following robots.txt and
 * ChatGPT-User not.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	CrawlerRanges,
	LogAnalysis,
	LogReader,
	mergeLogReports,
	parse,
	parseRangeList,
	readLogReport,
	type LogCrawlerReport,
	type LogLine,
	type LogReport,
	type RobotsVersion,
} from '../../core/src/index';
import { readFixture } from '../util/fixtures';
import { liveHeapMb } from '../util/heap';
import { SpaceSaving } from '../../core/src/logs/analysis';
import { DistinctSketch } from '../../core/src/logs/sketch';

const v1: RobotsVersion = { model: parse(readFixture('logs', 'analysis', 'robots-v1.txt')), since: null, label: 'robots-v1.txt' };
/** The edit that added `Disallow: /drafts/` (line 6), in force from 2025-03-10 12:00 UTC. */
const editTime = Date.UTC(2025, 2, 10, 12, 0, 0);
const v2: RobotsVersion = { model: parse(readFixture('logs', 'analysis', 'robots-v2.txt')), since: editTime, label: 'robots-v2.txt' };

const logLines = readFixture('logs', 'analysis', 'site.log').split('\n').slice(0, -1);

function rangesOfFixtures(): CrawlerRanges {
	const ranges = new CrawlerRanges();
	for (const [tokens, name] of [
		[['Googlebot'], 'googlebot.json'],
		[['ChatGPT-User'], 'chatgpt-user.json'],
	] as const) {
		const list = parseRangeList(readFixture('logs', 'ranges', name));
		assert.ok(!('error' in list));
		ranges.add(tokens, list.prefixes);
	}
	return ranges;
}

/**
 * The report of lines `from` to `to` (0-based, end excluded) of the log, read as one file from its line `from` in its
 * format (given, so that a shard starting with a line that is no request reads it as the whole file does).
 */
function analyse(options: { versions?: readonly RobotsVersion[]; ranges?: CrawlerRanges; top?: number }, from = 0, to = logLines.length): LogReport {
	const analysis = new LogAnalysis({ versions: options.versions ?? [v1, v2], ranges: options.ranges, top: options.top });
	const reader = new LogReader('combined');
	for (let at = from; at < to; at++) {
		analysis.add(reader.read(logLines[at]), { file: 'site.log', line: at + 1, text: logLines[at] });
	}
	return analysis.report();
}

function crawler(report: LogReport, token: string): LogCrawlerReport {
	const found = report.crawlers.find((entry) => entry.token === token);
	assert.ok(found, `${token} in the report`);
	return found;
}

/** The counts of a crawler's report, without its sketch. */
function counts(entry: LogCrawlerReport): Omit<LogCrawlerReport, 'urlsSketch'> {
	const { urlsSketch: _, ...rest } = entry;
	return rest;
}

const at = (hours: number, minutes: number) => new Date(Date.UTC(2025, 2, 10, hours, minutes)).toISOString();

test('the totals: lines, requests, unparsed lines quoted with where they are, browsers and unknown bots apart', () => {
	const report = analyse({ ranges: rangesOfFixtures() });
	assert.equal(report.lines, 23);
	// Lines 9 and 21 give no request.
	assert.equal(report.requests, 21);
	assert.equal(report.unparsed, 2);
	assert.deepEqual(
		report.unparsedSamples.map(({ file, line, text }) => ({ file, line, text })),
		[
			{ file: 'site.log', line: 9, text: 'this is not a log line' },
			{ file: 'site.log', line: 21, text: '66.249.66.1 - - [10/Mar/2025:12:20:00 +0000] "GET' },
		],
	);
	assert.ok(report.unparsedSamples.every(({ reason }) => typeof reason === 'string' && reason !== 'empty'));
	assert.equal(report.browsers, 1);
	assert.equal(report.unknownBots, 1);
	assert.equal(report.others, 0);
	assert.deepEqual(report.versions, [
		{ label: 'robots-v1.txt', since: null },
		{ label: 'robots-v2.txt', since: '2025-03-10T12:00:00.000Z' },
	]);
	// By requests, most first: bingbot 9, Googlebot 5, GPTBot 4, ChatGPT-User 1.
	assert.deepEqual(
		report.crawlers.map(({ token, requests }) => [token, requests]),
		[
			['bingbot', 9],
			['Googlebot', 5],
			['GPTBot', 4],
			['ChatGPT-User', 1],
		],
	);
});

test('a spoofed Googlebot outside googlebot.json is an impostor, and its disallowed fetch is no violation of Googlebot', () => {
	const report = analyse({ ranges: rangesOfFixtures() });
	assert.deepEqual(counts(crawler(report, 'Googlebot')), {
		token: 'Googlebot',
		requests: 5,
		// /robots.txt, /drafts/plan, /admin/login.
		urls: 3,
		// Lines 22 and 23: /drafts/plan after the edit, disallowed by v2's line 6 for `*`, which Googlebot follows.
		violations: 2,
		verifiedViolations: 2,
		// Line 3: /admin/login from 203.0.113.7, disallowed by line 5, but not by Googlebot.
		impostorViolations: 1,
		ignored: 0,
		verified: 4,
		unverified: 1,
		robotsTxtFetches: 1,
		firstSeen: at(8, 0),
		lastSeen: at(12, 31),
		topViolations: [{ path: '/drafts/plan', count: 2, line: 6, rule: 'Disallow: /drafts/', version: 'robots-v2.txt' }],
	});
});

test('without a range list the same spoofed fetch counts as a violation, and nobody is verified', () => {
	const googlebot = crawler(analyse({}), 'Googlebot');
	assert.deepEqual(
		[googlebot.violations, googlebot.verifiedViolations, googlebot.impostorViolations, googlebot.verified, googlebot.unverified],
		[3, 0, 0, 0, 0],
	);
	assert.deepEqual(
		googlebot.topViolations.map(({ path, count, line }) => [path, count, line]),
		[
			['/drafts/plan', 2, 6],
			['/admin/login', 1, 5],
		],
	);
});

test('GPTBot, which follows robots.txt, fetching what its group disallows: violations with the deciding line', () => {
	const gptbot = crawler(analyse({ ranges: rangesOfFixtures(), versions: [v1] }), 'GPTBot');
	assert.deepEqual(counts(gptbot), {
		token: 'GPTBot',
		requests: 4,
		urls: 3,
		// Its own group (lines 1-2) applies, not `*`: /private/ is disallowed, /public/b is not.
		violations: 3,
		verifiedViolations: 0,
		impostorViolations: 0,
		ignored: 0,
		// No list is known for GPTBot here: neither verified nor an impostor.
		verified: 0,
		unverified: 0,
		robotsTxtFetches: 0,
		firstSeen: at(8, 3),
		lastSeen: at(8, 6),
		// One version: no version named.
		topViolations: [
			{ path: '/private/a', count: 2, line: 2, rule: 'Disallow: /private/' },
			{ path: '/private/a?page=2', count: 1, line: 2, rule: 'Disallow: /private/' },
		],
	});
});

test('ChatGPT-User, documented not to follow robots.txt, fetching a disallowed path is ignored, not a violation', () => {
	const chatgpt = crawler(analyse({ ranges: rangesOfFixtures() }), 'ChatGPT-User');
	assert.deepEqual(
		[chatgpt.requests, chatgpt.ignored, chatgpt.violations, chatgpt.verified, chatgpt.unverified, chatgpt.topViolations.length],
		[1, 1, 0, 1, 0, 0],
	);
});

test('a spoofed ChatGPT-User outside chatgpt-user.json is an impostor: its disallowed fetch is not what ChatGPT-User ignored', () => {
	const analysis = new LogAnalysis({ versions: [v1], ranges: rangesOfFixtures() });
	const userAgent = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
	for (const ip of ['203.0.113.9', '23.98.179.17']) {
		const record = { ip, time: null, method: 'GET', target: '/admin/report', status: 200, userAgent };
		analysis.add({ kind: 'request', record }, { file: 'x', line: 1, text: '' });
	}
	const chatgpt = crawler(analysis.report(), 'ChatGPT-User');
	assert.deepEqual(
		[chatgpt.requests, chatgpt.ignored, chatgpt.impostorViolations, chatgpt.violations, chatgpt.verified, chatgpt.unverified],
		[2, 1, 1, 0, 1, 1],
	);
});

test('a fetch of robots.txt is a request for the path /robots.txt, with any query, as a path or an absolute URL', () => {
	const analysis = new LogAnalysis({ versions: [v1] });
	const targets = ['/robots.txt', '/robots.txt?x=1', 'http://example.com/robots.txt', '/robots.txt/', '/robots.txtx', '/a/robots.txt', '/Robots.txt'];
	for (const target of targets) {
		const record = { ip: null, time: null, method: 'GET', target, status: 200, userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
		analysis.add({ kind: 'request', record }, { file: 'x', line: 1, text: '' });
	}
	// RFC 9309 §2.3: the rules are at "/robots.txt", lower case, at the top level of the host.
	assert.equal(crawler(analysis.report(), 'Googlebot').robotsTxtFetches, 3);
});

test('seven distinct URLs among nine requests read seven', () => {
	const bingbot = crawler(analyse({}), 'bingbot');
	assert.deepEqual([bingbot.requests, bingbot.urls, bingbot.violations], [9, 7, 0]);
});

test('a file that changed mid-log: the same URL allowed before the edit, disallowed after; a request without a time by the oldest', () => {
	const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
	const request = (time: number | null): LogLine => ({
		kind: 'request',
		record: { ip: '66.249.66.1', time, method: 'GET', target: '/drafts/plan', status: 200, userAgent: googlebot },
	});
	const violationsAt = (versions: readonly RobotsVersion[], time: number | null) => {
		const analysis = new LogAnalysis({ versions });
		analysis.add(request(time), { file: 'x', line: 1, text: '' });
		return analysis.report().crawlers[0].violations;
	};
	// Given in either order, the version in force is the latest whose start is not after the request.
	for (const versions of [
		[v1, v2],
		[v2, v1],
	]) {
		assert.equal(violationsAt(versions, editTime - 1), 0);
		assert.equal(violationsAt(versions, editTime), 1);
		assert.equal(violationsAt(versions, null), 0);
	}
	// Before every version's start, the oldest decides.
	const later = { ...v1, since: editTime - 60_000 };
	assert.equal(violationsAt([v2, later], editTime - 120_000), 0);
	const first = { ...v2, since: editTime - 60_000 };
	assert.equal(violationsAt([first, { ...v1, since: editTime }], editTime - 120_000), 1);
	// The fixture: line 2 (before) is no violation, lines 22 and 23 (after) are.
	assert.equal(crawler(analyse({}, 0, 2), 'Googlebot').violations, 0);
	assert.equal(crawler(analyse({}, 21, 23), 'Googlebot').violations, 2);
});

test('the merge of the reports of two shards is the report of the whole, at every split, and survives JSON', () => {
	const ranges = rangesOfFixtures();
	const whole = analyse({ ranges });
	for (let split = 0; split <= logLines.length; split++) {
		const merged = mergeLogReports([analyse({ ranges }, 0, split), analyse({ ranges }, split)]);
		assert.deepEqual(merged, whole, `split at line ${split}`);
		assert.deepEqual(readLogReport(JSON.parse(JSON.stringify(merged))), whole);
	}
	assert.deepEqual(mergeLogReports([whole]), whole);
});

test('the merge of reports of one version each names the version of each violation', () => {
	const before = analyse({ versions: [v1] }, 0, 12);
	const after = analyse({ versions: [v2] }, 12);
	const merged = mergeLogReports([before, after]);
	assert.deepEqual(
		merged.versions.map(({ label }) => label),
		['robots-v1.txt', 'robots-v2.txt'],
	);
	assert.deepEqual(
		crawler(merged, 'GPTBot').topViolations.map(({ path, version }) => [path, version]),
		[
			['/private/a', 'robots-v1.txt'],
			['/private/a?page=2', 'robots-v1.txt'],
		],
	);
});

test('the top violating paths stay bounded and keep a path that is far more frequent than the rest', () => {
	const analysis = new LogAnalysis({ versions: [v1], top: 2 });
	const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)';
	const fetch = (target: string) =>
		analysis.add(
			{ kind: 'request', record: { ip: null, time: null, method: 'GET', target, status: 200, userAgent: gptbot } },
			{ file: 'x', line: 1, text: '' },
		);
	for (let i = 0; i < 1000; i++) {
		fetch(`/private/${i}`);
		if (i % 4 === 0) {
			fetch('/private/hot');
		}
	}
	const top = crawler(analysis.report(), 'GPTBot').topViolations;
	assert.equal(top.length, 2);
	assert.equal(top[0].path, '/private/hot');
	// Space-Saving counts are upper bounds: at least the 250 fetches.
	assert.ok(top[0].count >= 250);
	assert.equal(crawler(analysis.report(), 'GPTBot').violations, 1250);
});

test('a report read back from JSON is checked field by field', () => {
	const report = analyse({});
	const json = JSON.parse(JSON.stringify(report));
	assert.deepEqual(readLogReport(json), report);
	const wrong = (mutate: (copy: { lines?: number; crawlers: Record<string, unknown>[] & { topViolations: Record<string, unknown>[] }[] }) => void) => {
		const copy = JSON.parse(JSON.stringify(report));
		mutate(copy);
		const read = readLogReport(copy);
		return 'error' in read ? read.error : 'read';
	};
	assert.match(
		wrong((copy) => delete copy.lines),
		/lines/,
	);
	assert.match(
		wrong((copy) => (copy.crawlers[1].violations = '3')),
		/crawlers\[1\]\.violations/,
	);
	assert.match(
		wrong((copy) => (copy.crawlers[0].urlsSketch = '!!')),
		/crawlers\[0\]\.urlsSketch/,
	);
	assert.match(
		wrong((copy) => (copy.crawlers[1].topViolations[0].line = null)),
		/crawlers\[1\]\.topViolations\[0\]\.line/,
	);
	assert.match(
		wrong((copy) => (copy.crawlers[1].firstSeen = 'yesterday')),
		/crawlers\[1\]\.firstSeen/,
	);
	assert.deepEqual(readLogReport([]), { error: 'Not a report of robots-txt logs: it is not a JSON object.' });
	assert.equal(
		wrong(() => {}),
		'read',
	);
});

test('distinct URLs stay within a few per cent of the truth at scale, and the sketches of overlapping shards unite', () => {
	const report = (from: number, to: number) => {
		const analysis = new LogAnalysis({ versions: [v1] });
		const gptbot = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)';
		for (let i = from; i < to; i++) {
			const record = { ip: null, time: null, method: 'GET', target: `/public/page-${i}?sort=${i % 7}`, status: 200, userAgent: gptbot };
			analysis.add({ kind: 'request', record }, { file: 'x', line: i + 1, text: '' });
		}
		return analysis.report();
	};
	// HyperLogLog with 4 096 registers: a standard error of 1.04 / 64, about 1.6 %; three of them is 5 %.
	const within = (estimate: number, truth: number) => Math.abs(estimate - truth) <= truth * 0.05;
	const first = report(0, 30_000);
	const second = report(20_000, 50_000);
	const urls = (of: LogReport) => crawler(of, 'GPTBot').urls;
	assert.ok(within(urls(first), 30_000), `${urls(first)}`);
	const merged = mergeLogReports([first, second]);
	assert.equal(crawler(merged, 'GPTBot').requests, 60_000);
	assert.ok(within(urls(merged), 50_000), `${urls(merged)}`);
	assert.deepEqual(readLogReport(JSON.parse(JSON.stringify(merged))), merged);
	// Up to 1 000 distinct URLs are counted exactly.
	const wrong = [1, 2, 3, 7, 50, 300, 1000].filter((count) => urls(report(0, count)) !== count);
	assert.deepEqual(wrong, []);
});

test("memory stays flat in the log's size: ever-new headers, addresses and violating paths", () => {
	const analysis = new LogAnalysis({ versions: [v1], ranges: rangesOfFixtures() });
	const feed = (from: number, to: number) => {
		for (let i = from; i < to; i++) {
			// A Googlebot header with a new version, from a new address, fetching a new disallowed path, every line.
			const userAgent = `Mozilla/5.0 (compatible; Googlebot/2.${i}; +http://www.google.com/bot.html)`;
			const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
			const record = { ip, time: i * 1000, method: 'GET', target: `/admin/${i}`, status: 200, userAgent };
			analysis.add({ kind: 'request', record }, { file: 'x', line: i + 1, text: '' });
		}
	};
	feed(0, 50_000);
	const before = liveHeapMb();
	feed(50_000, 250_000);
	const growth = liveHeapMb() - before;
	// Four times the lines: bounded memos, sketch and top table stay as they were (a kept string a line would be 10 MB).
	assert.ok(growth < 2, `${growth.toFixed(1)} MB more after 200 000 more lines`);
	const googlebot = crawler(analysis.report(), 'Googlebot');
	assert.deepEqual([googlebot.requests, googlebot.unverified, googlebot.impostorViolations], [250_000, 250_000, 250_000]);
});

test('the top violating paths hold their paths, not the chunks of the file they were read from', () => {
	// A request's target is a slice of its line, and a line a slice of the 64 KiB chunk it was read from: V8 keeps the
	// whole chunk alive for a slice. The tables of the twelve of these crawlers that read `*` so kept 960 chunks (60 MB); on a log
	// of four million lines the process grew from 266 to 352 MB where it held 260 at one million.
	const agents = (JSON.parse(readFixture('logs', 'user-agents.json')) as { crawlers: { token: string; ua: string }[] }).crawlers;
	const headers = [...new Map(agents.map((entry) => [entry.token, entry.ua])).values()].slice(0, 20);
	const analysis = new LogAnalysis({ versions: [{ model: parse('User-agent: *\nDisallow: /\n'), since: null, label: 'robots.txt' }] });
	const before = liveHeapMb();
	for (let i = 0; i < 4_000; i++) {
		const chunk = `/a-violating-path-of-the-site/${i}\n${'x'.repeat(65_536)}`;
		const record = {
			ip: '192.0.2.1',
			time: i * 1000,
			method: 'GET',
			target: chunk.slice(0, chunk.indexOf('\n')),
			status: 200,
			userAgent: headers[i % headers.length],
		};
		analysis.add({ kind: 'request', record }, { file: 'x', line: i + 1, text: '' });
	}
	const held = liveHeapMb() - before;
	assert.ok(held < 16, `${held.toFixed(1)} MB held after 4 000 violating paths of 20 crawlers`);
	assert.equal(analysis.report().crawlers.filter((entry) => entry.violations > 0).length, 12);
});

test("the table of top violating paths takes over the counters Space-Saving's paper says, ties to the oldest, on streams that churn it", () => {
	// Metwally, Agrawal and El Abbadi (2005), Space-Saving as the paper gives it: a monitored key counts up; a new key,
	// while there is room, gets a counter of 1; in a full table it takes over the counter of least count (here the
	// oldest of those, in the table's order) and that count plus one. Written out here as the paper's plain scan.
	function reference(capacity: number, keys: readonly string[]): [string, number][] {
		const table: [string, number][] = [];
		for (const key of keys) {
			const known = table.find((entry) => entry[0] === key);
			if (known !== undefined) {
				known[1]++;
			} else if (table.length < capacity) {
				table.push([key, 1]);
			} else {
				const least = Math.min(...table.map((entry) => entry[1]));
				const taken = table.findIndex((entry) => entry[1] === least);
				table.splice(taken, 1);
				table.push([key, least + 1]);
			}
		}
		return table;
	}
	let seed = 11;
	const random = (n: number) => {
		seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
		return seed % n;
	};
	for (const capacity of [1, 2, 8, 80]) {
		for (const [distinct, heavy] of [
			[3, 0],
			[capacity * 3, 2],
			[5000, 5],
			[5000, 40],
		]) {
			// A few heavy keys among many rare ones: the rare ones churn the table, the heavy ones stay.
			const keys = Array.from({ length: 20_000 }, () => (random(3) === 0 && heavy > 0 ? `/heavy/${random(heavy)}` : `/rare/${random(distinct)}`));
			const table = new SpaceSaving<string>(capacity);
			for (const key of keys) {
				table.add(key, () => key);
			}
			assert.deepStrictEqual(
				table.entries().map((entry) => [entry.value, entry.count]),
				reference(capacity, keys),
				`capacity ${capacity}, ${distinct} rare keys, ${heavy} heavy`,
			);
		}
	}
});

test('an exact sketch counts each hash once, through growth, repeats, merges, the hash 0 and a round trip', () => {
	const values = Array.from({ length: 1000 }, (_, i) => `/path/${(i * 7919) % 1000}`);
	const sketch = DistinctSketch.empty();
	for (const round of [0, 1, 2]) {
		for (const value of round === 1 ? [...values].reverse() : values) {
			sketch.add(value);
		}
	}
	assert.equal(sketch.estimate(), 1000);
	const back = DistinctSketch.deserialize(sketch.serialize());
	assert.equal(back?.serialize(), sketch.serialize());
	const low = DistinctSketch.empty();
	const high = DistinctSketch.empty();
	for (const value of values.slice(0, 600)) {
		low.add(value);
	}
	for (const value of values.slice(400)) {
		high.add(value);
	}
	low.merge(high);
	assert.equal(low.estimate(), 1000);
	// Hashes serialised as 4 bytes each, big-endian: 0, 0 again, 1 and 2^32 - 1.
	const zero = DistinctSketch.deserialize(Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 255, 255, 255, 255]).toString('base64'));
	assert.equal(zero?.estimate(), 3);
	assert.equal(zero?.serialize(), Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 255, 255, 255, 255]).toString('base64'));
});
