/**
 * Test URL: each fixture in test/fixtures/testUrl names its cases in `# test <agent> <url>` comment lines; the golden
 * output holds each case's headline, the crawler's verdict and the other parsers that differ. Plus the contract's promises.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allDialects, computeAgents, defaultAnalysisOptions, parse, testUrl, testUrlAll, type AnalysisOptions } from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

const everyDialect: AnalysisOptions = { ...defaultAnalysisOptions, dialects: allDialects };

function render(text: string): string {
	const model = parse(text);
	const out: string[] = [];
	for (const match of text.matchAll(/^# test (\S+) (\S+)$/gm)) {
		const result = testUrl(model, { agent: match[1], url: match[2] }, everyDialect);
		out.push(
			`== ${match[1]} ${match[2]}`,
			result.headline,
			`  ${result.crawler.token} (${result.crawler.parser}): ${result.verdict} line=${result.line} select=${result.selectLine}`,
		);
		for (const other of result.others) {
			out.push(`  differs: ${other.parser}: ${other.verdict} line=${other.line} rule=${JSON.stringify(other.rule)}`);
		}
	}
	return out.join('\n') + '\n';
}

describe('test URL', () => {
	for (const name of readdirSync(join(fixturesDir, 'testUrl')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			assertSnapshot(join(fixturesDir, 'testUrl', name + '.snap'), render(readFixture('testUrl', name)));
		});
	}

	const file = joinLines('User-agent: *', 'Allow: /private/ok', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /private');

	test("the headline is the crawler's own verdict; other parsers follow only where they differ", () => {
		const agreeing = testUrl(parse(file), { agent: 'Slurp', url: '/private/ok' }, { ...defaultAnalysisOptions, dialects: ['draft1996'] });
		assert.deepEqual(agreeing.others, []);
		const model = parse(joinLines('User-agent: *', 'Disallow: /private', 'Allow: /private/ok'));
		const result = testUrl(model, { agent: 'bingbot', url: '/private/ok' }, everyDialect);
		assert.equal(result.verdict, 'allow');
		assert.equal(result.line, 2);
		assert.equal(
			result.headline,
			'/private/ok as bingbot: ALLOWED by line 3 `Allow: /private/ok` (the longest matching rule). '
				+ "First-match parsers (the 1996 draft, Python's urllib.robotparser) and 1994-standard parsers would find it DISALLOWED (line 2 `Disallow: /private`).",
		);
		assert.deepEqual(
			result.others.map((other) => other.parser),
			['draft1996', 'original1994'],
		);
		// Only the parsers of the analysis are compared: the default crawlers' own.
		assert.deepEqual(testUrl(model, { agent: 'bingbot', url: '/private/ok' }, defaultAnalysisOptions).others, []);
	});

	test('a rule past what the crawler reads: the headline says so, and no other parser is said to follow it (issue 22, item 11)', () => {
		// Google reads the first 500 KiB (512 000 bytes) of a robots.txt (docs/semantics.md, RFC 9309 §2.5); the rule
		// that would disallow /nothing is past them, as in corpus file 0932.txt (line 47 068).
		const padding = '# padding to push the next rule past 500 KiB\n'.repeat(12_000);
		const text = `User-agent: *\nDisallow: /private/\n${padding}Disallow: /nothing\n`;
		const ruleLine = 3 + 12_000;
		const result = testUrl(parse(text), { agent: 'Googlebot', url: '/nothing' }, everyDialect);
		assert.equal(result.verdict, 'allow');
		assert.match(
			result.headline,
			new RegExp(
				`Line ${ruleLine.toLocaleString('en-US')} \\(\`Disallow: /nothing\`\\) would disallow it, but it is past the first 500 KiB Googlebot reads\\.`,
			),
		);
		// The other parsers are read as the same crawler: none of them reads that far either.
		assert.deepEqual(
			result.others.map((other) => `${other.parser} ${other.verdict} ${other.line}`),
			[],
		);
		assert.doesNotMatch(result.headline, /would DISALLOW it/);
		// A crawler that reads the whole file is answered by the rule, with nothing to add.
		const python = testUrl(parse(text), { agent: 'Python-urllib', url: '/nothing' }, everyDialect);
		assert.equal(python.verdict, 'disallow');
		assert.doesNotMatch(python.headline, /past the first/);
	});

	test('when no rule decides, the group followed is selected and named', () => {
		const result = testUrl(parse(file), { agent: 'Googlebot', url: '/public' }, defaultAnalysisOptions);
		assert.equal(result.line, null);
		assert.equal(result.selectLine, 4);
		assert.equal(result.headline, '/public as Googlebot: ALLOWED: it follows its own group at line 5, and none of its rules matches.');
		const none = testUrl(parse('User-agent: Googlebot\nDisallow: /\n'), { agent: 'AdsBot-Google', url: '/' }, defaultAnalysisOptions);
		assert.equal(none.selectLine, null);
		assert.match(none.headline, /no group applies/);
	});

	test('an unknown token says which parser was assumed, and another can be chosen', () => {
		const result = testUrl(parse(file), { agent: 'FooBot', url: '/private/x' }, defaultAnalysisOptions);
		assert.equal(result.parserAssumed, true);
		assert.equal(result.crawler.parser, 'rfc9309');
		assert.match(result.explanation, /FooBot is not a crawler we know: read as an RFC 9309 parser/);
		assert.ok(result.parsers.some((entry) => entry.parser === 'draft1996'));
		const chosen = testUrl(parse(file), { agent: 'FooBot', url: '/private/ok/x', parser: 'draft1996' }, defaultAnalysisOptions);
		assert.equal(chosen.parserAssumed, false);
		assert.equal(chosen.crawler.parser, 'draft1996');
		assert.equal(chosen.verdict, 'allow');
		assert.equal(chosen.line, 1);
	});

	test('agent `*` is a crawler that no group names, in every dialect', () => {
		const model = parse(joinLines('User-agent: bot', 'User-agent: AnyCrawler', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x'));
		const result = testUrl(model, { agent: '*', url: '/x' }, everyDialect);
		assert.equal(result.verdict, 'disallow');
		assert.equal(result.line, 5);
		assert.deepEqual(result.others, []);
		assert.match(result.headline, /^\/x as any crawler without a group of its own: DISALLOWED by line 6/);
	});

	test('Test URL for all crawlers counts crawlers that fetch: control tokens are said apart (issue 22, item 15)', () => {
		// Google-Extended and Applebot-Extended fetch nothing (Google's and Apple's crawler documentation): 12 of the
		// 14 default targets fetch.
		const model = parse(joinLines('User-agent: GPTBot', 'Disallow: /', '', 'User-agent: Google-Extended', 'Disallow: /'));
		const result = testUrlAll(model, '/page', defaultAnalysisOptions);
		assert.equal(result.rows.length, 14);
		assert.match(result.summary, /^\/page: 11 of 12 crawlers may fetch it; DISALLOWED for GPTBot\./);
		assert.match(result.summary, /Not counted: Applebot-Extended \(control tokens, which fetch nothing\); the file lets the page be used/);
		assert.match(result.summary, /Not counted: Google-Extended \(control tokens, which fetch nothing\); the file keeps the page from being used/);
	});

	test('Test URL for all crawlers: one row per target crawler, and a table', () => {
		const model = parse(
			joinLines('User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /search', '', 'User-agent: GPTBot', 'Disallow: /'),
		);
		const result = testUrlAll(model, '/search?q=a', {
			...defaultAnalysisOptions,
			crawlers: ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'AdsBot-Google'],
		});
		assert.deepEqual(
			result.rows.map((row) => [row.crawler.token, row.verdict, row.line]),
			[
				['Googlebot', 'disallow', 4],
				['Googlebot-Image', 'disallow', 4],
				['bingbot', 'allow', null],
				['GPTBot', 'disallow', 7],
				['AdsBot-Google', 'allow', null],
			],
		);
		assert.equal(result.summary, '/search?q=a: 2 of 5 crawlers may fetch it; DISALLOWED for Googlebot, Googlebot-Image and GPTBot.');
		assert.deepEqual(result.table.split('\n'), [
			'Crawler          Verdict     Line  Rule',
			'Googlebot        DISALLOWED  5     Disallow: /search',
			'Googlebot-Image  DISALLOWED  5     Disallow: /search',
			'bingbot          ALLOWED     —     no rule matches (group at line 1)',
			'GPTBot           DISALLOWED  8     Disallow: /',
			'AdsBot-Google    ALLOWED     —     no group applies',
		]);
	});

	test("agents: the file's distinct User-agent values without `*`, the targets, and the known crawlers", () => {
		const agents = computeAgents(
			parse(joinLines('User-agent: Googlebot', 'User-agent: *', 'user-agent: googlebot', 'User-agent: Bingbot', 'User-agent:')),
			defaultAnalysisOptions,
		);
		assert.deepStrictEqual(agents.fromFile, ['Googlebot', 'Bingbot']);
		assert.deepStrictEqual(agents.targets, defaultAnalysisOptions.crawlers);
		assert.ok(agents.known.some((crawler) => crawler.token === 'Googlebot' && crawler.owner !== '' && crawler.description !== ''));
	});
});
