/**
 * Test URL: each fixture in test/fixtures/testUrl names its cases in `# test <agent> <url>` comment lines; the golden
 * output holds each case's summary and per-dialect verdicts. Plus the contract's promises about the summary.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allDialects, computeAgents, defaultAnalysisOptions, parse, testUrl, type AnalysisOptions } from '../../server/src/core/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

const everyDialect: AnalysisOptions = { ...defaultAnalysisOptions, dialects: allDialects };

function render(text: string): string {
	const model = parse(text);
	const out: string[] = [];
	for (const match of text.matchAll(/^# test (\S+) (\S+)$/gm)) {
		const result = testUrl(model, { agent: match[1], url: match[2] }, everyDialect);
		out.push(`== ${match[1]} ${match[2]}`, result.summary, `agree=${result.agree} primaryLine=${result.primaryLine}`);
		for (const dialect of result.results) {
			out.push(`  ${dialect.dialect}: ${dialect.verdict} line=${dialect.line} rule=${JSON.stringify(dialect.rule)}`);
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

	test('when dialects disagree, the summary names them and their deciding lines', () => {
		const result = testUrl(parse(file), { agent: 'Slurp', url: '/private/ok' }, defaultAnalysisOptions);
		assert.equal(result.agree, true);
		const disagreeing = testUrl(parse(joinLines('User-agent: *', 'Disallow: /private', 'Allow: /private/ok')), { agent: 'Slurp', url: '/private/ok' }, defaultAnalysisOptions);
		assert.equal(disagreeing.agree, false);
		assert.equal(
			disagreeing.summary,
			'Slurp: ALLOWED by line 3 `Allow: /private/ok` (RFC 9309, Google, Yandex); a first-match robot (1996 draft) would DISALLOW it by line 2 `Disallow: /private`.',
		);
		assert.equal(disagreeing.primaryLine, 2);
	});

	test('results follow the order of the settings, one per enabled dialect', () => {
		const result = testUrl(parse(file), { agent: 'Googlebot', url: 'https://example.com/private/x' }, { ...defaultAnalysisOptions, dialects: ['draft1996', 'google'] });
		assert.deepStrictEqual(result.results.map((item) => [item.dialect, item.dialectName, item.verdict, item.line]), [
			['draft1996', '1996 draft', 'disallow', 5],
			['google', 'Google', 'disallow', 5],
		]);
		assert.equal(result.primaryLine, 5);
		assert.equal(result.agent, 'Googlebot');
		assert.equal(result.url, 'https://example.com/private/x');
	});

	test('agent `*` is a crawler that no group names, in every dialect', () => {
		const model = parse(joinLines('User-agent: bot', 'User-agent: AnyCrawler', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x'));
		const result = testUrl(model, { agent: '*', url: '/x' }, everyDialect);
		assert.ok(result.results.every((item) => item.verdict === 'disallow' && item.line === 5), result.summary);
		assert.equal(result.summary, 'Any crawler: DISALLOWED by line 6 `Disallow: /x` (RFC 9309, Google, Yandex, 1996 draft, 1994 standard).');
	});

	test('no dialect enabled gives an empty answer, not an error', () => {
		const result = testUrl(parse(file), { agent: 'a', url: '/' }, { ...defaultAnalysisOptions, dialects: [] });
		assert.deepStrictEqual([result.results, result.agree, result.primaryLine], [[], true, null]);
	});

	test('agents: the file\'s distinct User-agent values without `*`, and the known crawlers', () => {
		const agents = computeAgents(parse(joinLines('User-agent: Googlebot', 'User-agent: *', 'user-agent: googlebot', 'User-agent: Bingbot', 'User-agent:')));
		assert.deepStrictEqual(agents.fromFile, ['Googlebot', 'Bingbot']);
		assert.ok(agents.known.some((crawler) => crawler.token === 'Googlebot' && crawler.owner !== '' && crawler.description !== ''));
	});
});
