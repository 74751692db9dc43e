/**
 * The test bench's answer (`computeBench`): every cell is the crawler model's verdict and deciding line, rows that are
 * not URLs get their message and -1 cells without stopping the rest, the audit counts per category, against a
 * baseline the changed cells, the reading changes and the probe rows, and on request the preference columns (may
 * train, may use in answers, may index), each cell what `preferencesOf` answers for the cell's own evaluation.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	answerQuestions,
	computeBench,
	crawlerProfile,
	evaluateAs,
	formatBench,
	parse,
	preferencesOf,
	unpackDecision,
	type BenchPreference,
} from '../../core/src/index';
import { joinLines, readFixture } from '../util/fixtures';

const text = joinLines(
	'User-agent: *', // 1
	'Disallow: /private/', // 2
	'Allow: /private/press/', // 3
	'', // 4
	'User-agent: GPTBot', // 5
	'Disallow: /', // 6
);

describe('computeBench', () => {
	const model = parse(text);
	const urls = ['/private/x', 'not a url', '/private/press/kit.pdf', '', 'https://example.com/', '\u0000\u0001junk'];
	const crawlers = ['Googlebot', 'GPTBot', 'FeedFetcher-Google', 'MyOwnBot'];
	const bench = computeBench(model, { urls, crawlers });

	test("cells are evaluateAs's verdict, reason and line; rows that are not URLs get a message and -1", () => {
		assert.equal(bench.cells.length, urls.length * crawlers.length);
		bench.rows.forEach((row, r) => {
			crawlers.forEach((crawler, c) => {
				const cell = bench.cells[r * crawlers.length + c];
				if (row.problem !== undefined) {
					assert.equal(cell, -1);
					return;
				}
				const full = evaluateAs(model, crawler, row.url);
				assert.deepEqual(unpackDecision(cell), { verdict: full.verdict, reason: full.reason, line: full.rule ? full.rule.line : -1 });
			});
		});
		assert.deepEqual(
			bench.rows.map((row) => row.problem === undefined),
			[true, false, true, false, true, false],
		);
		assert.match(bench.rows[1].problem!, /^`not a url`: neither a path/);
		assert.match(bench.rows[5].problem!, /^`\?\?junk`: neither a path/);
	});

	test('columns say whose group each crawler follows; an unknown token says its parser is assumed', () => {
		assert.deepEqual(
			bench.columns.map((column) => [column.crawler.token, column.groupLine]),
			[
				['Googlebot', 0],
				['GPTBot', 4],
				['FeedFetcher-Google', 0],
				['MyOwnBot', 0],
			],
		);
		assert.match(bench.columns[1].follows, /^it follows its own group at line 5$/);
		assert.match(bench.columns[3].note ?? '', /MyOwnBot is not a crawler we know: read as an RFC 9309 parser/);
		assert.equal(bench.columns[0].note, undefined);
	});

	test('the lines named by cells, and the words of each reason', () => {
		assert.deepEqual(bench.lines, { 1: 'Disallow: /private/', 2: 'Allow: /private/press/', 5: 'Disallow: /' });
		assert.equal(bench.reasons[unpackDecision(bench.cells[4 * crawlers.length + 2]).reason === 'ignores-robots-txt' ? 5 : 0], 'it does not follow robots.txt');
	});

	test('the audit: per category, who may fetch / and how many may fetch each row', () => {
		const training = bench.audit.find((category) => category.category === 'ai-training')!;
		assert.ok(training.blocked.includes('GPTBot'));
		assert.ok(training.allowed.includes('CCBot'));
		assert.equal(training.allowedPerUrl[1], -1);
		// /private/x: every ai-training crawler that follows `*` is blocked by line 2, and GPTBot by line 6; only those
		// that do not follow robots.txt at all may fetch it (the community list says DeepSeekBot and two more do not).
		assert.ok(training.ignoring.includes('DeepSeekBot'));
		assert.equal(training.allowedPerUrl[0], training.ignoring.length);
		assert.equal(training.allowedPerUrl[4], training.allowed.length);
	});
});

describe('computeBench against a baseline', () => {
	const before = parse(text);
	const after = parse(text.replace('Allow: /private/press/', 'Allow: /private/press/$'));

	test("changed cells, and how each crawler's reading changed", () => {
		const bench = computeBench(
			after,
			{ urls: ['/private/press/', '/private/press/kit.pdf'], crawlers: ['Googlebot', 'GPTBot'] },
			{ model: before, label: 'saved version' },
		);
		const baseline = bench.baseline!;
		assert.equal(baseline.label, 'saved version');
		assert.equal(baseline.changed, 1);
		assert.deepEqual(
			baseline.cells.map((cell) => unpackDecision(cell).verdict),
			['allow', 'disallow', 'allow', 'disallow'],
		);
		assert.deepEqual(
			bench.cells.map((cell) => unpackDecision(cell).verdict),
			['allow', 'disallow', 'disallow', 'disallow'],
		);
		assert.deepEqual(baseline.readingChanges, [
			{
				crawler: 'Googlebot',
				summary: 'Googlebot: reads 1 new rule: + new line 3 `Allow: /private/press/$`; no longer reads 1 rule: - old line 3 `Allow: /private/press/`.',
			},
		]);
		assert.deepEqual(baseline.lines, { 2: 'Allow: /private/press/', 5: 'Disallow: /' });
	});

	test("with probe, the URLs from both versions' rules whose verdict changed become rows", () => {
		const bench = computeBench(after, { urls: [], crawlers: ['Googlebot'], probe: true }, { model: before, label: 'HEAD' });
		assert.deepEqual(bench.rows, [{ url: '/private/press/x', probe: true }]);
		assert.equal(bench.baseline?.probesAdded, 1);
		// `/`, `/private/`, `/private/press/` and, one past the new `$`, `/private/press/x`.
		assert.equal(bench.baseline?.probesTried, 4);
		assert.equal(bench.baseline?.changed, 1);
	});
});

describe('formatBench: the export', () => {
	// The reproducer (21, finding 13): the export of the capped bench, 50 000 URLs by 200 crawlers, was one
	// 367 MB answer. The same shape, smaller, against a smaller limit: the text stops before the row that would pass it.
	const model = parse(text);
	const urls = Array.from({ length: 5_000 }, (_, i) => `/private/page-${i}`);
	const crawlers = Array.from({ length: 20 }, (_, i) => `Bot${i}`);
	const bench = computeBench(model, { urls, crawlers });

	for (const format of ['csv', 'markdown'] as const) {
		test(`${format}: at most the limit, whole rows, and a note that says how many rows it holds`, () => {
			const eol = format === 'csv' ? '\r\n' : '\n';
			const whole = formatBench(bench, format, Infinity);
			assert.equal(whole.note, undefined);
			const headLines = format === 'csv' ? 1 : 2;
			assert.equal(whole.text.split(eol).length - 1, headLines + urls.length);
			const limit = Math.floor(whole.text.length / 3);
			const cut = formatBench(bench, format, limit);
			assert.ok(cut.text.length <= limit, `${cut.text.length} characters, over the limit of ${limit}`);
			assert.ok(whole.text.startsWith(cut.text), 'the cut text is the beginning of the whole one');
			assert.ok(cut.text.endsWith(eol), 'it ends with a whole row');
			const rows = cut.text.split(eol).length - 1 - headLines;
			assert.ok(rows > 0 && rows < urls.length);
			// The next whole row would have passed the limit.
			const next = whole.text.split(eol)[headLines + rows];
			assert.ok(cut.text.length + next.length + eol.length > limit);
			assert.match(cut.note ?? '', new RegExp(`^The export holds the first ${rows.toLocaleString('en')} of ${urls.length.toLocaleString('en')} rows: `));
		});
	}
});

describe('the preference columns', () => {
	const robots = joinLines(
		'User-agent: *', // 1
		'Content-Usage: train-ai=n', // 2
		'Content-Usage: /docs/ train-ai=y, search=y', // 3
		'Content-Signal: search=yes, ai-input=yes, ai-train=no', // 4
		'Disallow: /private/', // 5
		'', // 6
		'User-agent: GPTBot', // 7
		'Content-Signal: ai-train=yes', // 8
		'Disallow: /private/', // 9
	);
	const model = parse(robots);
	const urls = ['/page', '/docs/guide', '/private/x', 'not a url'];
	const crawlers = ['Googlebot', 'GPTBot', 'DeepSeekBot'];
	const bench = computeBench(model, { urls, crawlers, preferences: true });

	/** A cell's three answers as `state lines` (1-based lines). */
	function said(url: string, crawler: string): string[] {
		const index = bench.preferences!.cells[urls.indexOf(url) * crawlers.length + crawlers.indexOf(crawler)];
		assert.ok(index >= 0, `${crawler} ${url} has no preference cell`);
		return bench.preferences!.answers[index].map((answer: BenchPreference) => `${answer.state} ${answer.lines.map((line) => line + 1).join(',')}`.trim());
	}

	test('only on request', () => {
		assert.equal(computeBench(model, { urls, crawlers }).preferences, undefined);
		assert.deepEqual(bench.preferences!.questions, ['May train', 'May use in answers', 'May index']);
	});

	test('Content-Usage by its longest path and Content-Signal of the group, each question from its keys', () => {
		// attach §3.1: the path-less line 2 applies to /page; Content-Signal line 4 of the same group states all three.
		assert.deepEqual(said('/page', 'Googlebot'), ['no 2,4', 'yes 4', 'yes 4']);
		// attach §3.1: the longest matching path wins, so line 3 (train-ai=y) against line 4's ai-train=no: they disagree.
		assert.deepEqual(said('/docs/guide', 'Googlebot'), ['disagree 3,4', 'yes 4', 'yes 3,4']);
		// attach §3.1: "Usage preferences apply only to those resources that can be crawled according to Allow/Disallow rules".
		assert.deepEqual(said('/private/x', 'Googlebot'), ['not-applicable', 'not-applicable', 'not-applicable']);
		// GPTBot follows its own group (RFC 9309 §2.2.1), whose one line says ai-train=yes and nothing else.
		assert.deepEqual(said('/page', 'GPTBot'), ['yes 8', 'not-stated', 'not-stated']);
	});

	test('a crawler that ignores robots.txt: its verdict is allowed, and the preferences still follow what the file lets it fetch', () => {
		const at = urls.indexOf('/private/x') * crawlers.length + crawlers.indexOf('DeepSeekBot');
		assert.equal(unpackDecision(bench.cells[at]).reason, 'ignores-robots-txt');
		assert.deepEqual(said('/private/x', 'DeepSeekBot'), ['not-applicable', 'not-applicable', 'not-applicable']);
		assert.deepEqual(said('/page', 'DeepSeekBot'), ['no 2,4', 'yes 4', 'yes 4']);
	});

	test('rows that cannot be tested have no preference cell; the words and the tooltip name the deciding lines', () => {
		const row = urls.indexOf('not a url') * crawlers.length;
		assert.deepEqual(bench.preferences!.cells.slice(row, row + crawlers.length), [-1, -1, -1]);
		const train = bench.preferences!.answers[bench.preferences!.cells[urls.indexOf('/docs/guide') * crawlers.length]][0];
		assert.equal(train.word, 'lines disagree');
		assert.equal(
			train.detail,
			[
				'May train: Content-Usage and Content-Signal disagree; each reader follows the line it reads.',
				'Line 3: Content-Usage: /docs/ train-ai=y, search=y',
				'Line 4: Content-Signal: search=yes, ai-input=yes, ai-train=no',
			].join('\n'),
		);
	});

	test("every cell is answerQuestions of preferencesOf on the cell's own evaluation, on the preference fixtures' files", () => {
		const { suites } = JSON.parse(readFixture('preferences', 'answers.json')) as {
			suites: { name: string; robots: string; cases: { agent: string; url: string }[] }[];
		};
		let compared = 0;
		for (const suite of suites) {
			const file = parse(suite.robots);
			const suiteUrls = [...new Set(['/', ...suite.cases.map((c) => c.url)])];
			const suiteCrawlers = [...new Set([...suite.cases.map((c) => c.agent), 'Googlebot', 'GPTBot', 'DeepSeekBot', 'YandexBot', 'ia_archiver'])];
			const result = computeBench(file, { urls: suiteUrls, crawlers: suiteCrawlers, preferences: true });
			suiteUrls.forEach((url, row) => {
				suiteCrawlers.forEach((crawler, column) => {
					const evaluation = evaluateAs(file, crawlerProfile(crawler), url);
					const expected = answerQuestions(evaluation.reading.model, preferencesOf(file, evaluation), evaluation.fileVerdict === 'allow');
					const got = result.preferences!.answers[result.preferences!.cells[row * suiteCrawlers.length + column]];
					assert.deepEqual(
						got.map((answer) => [answer.state, answer.lines]),
						expected.map((answer) => [answer.state, answer.lines]),
						`${suite.name}: ${crawler} ${url}`,
					);
					compared++;
				});
			});
		}
		assert.ok(compared > 100, `only ${compared} cells compared`);
	});
});
