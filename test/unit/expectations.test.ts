/**
 * Expectations files: the format as README.md ("Expectations") specifies it, line by line; every unreadable line gets
 * its own message and the rest is read on; the worked example (seed 000's table 9-4) passes with the verdicts the
 * book prints; failures name the deciding line of the robots.txt; completion, lenses and hovers; and the robots.txt's
 * own diagnostics where an expectation fails.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	checkExpectations,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	countExpectationDiagnostics,
	defaultAnalysisOptions,
	parse,
	parseExpectations,
	uncheckedExpectations,
	type Expectation,
} from '../../core/src/index';
import { joinLines, markers, readFixture, repoRoot } from '../util/fixtures';
import { superlinear } from '../util/linear';

/** One line of the format and what it must read as: an expectation's fields, or a problem's code and words. */
interface LineCase {
	line: string;
	expect?: { crawler: string; url: string; verdict: 'allow' | 'disallow'; parser?: string };
	problem?: { code: string; says: string };
}

function check(c: LineCase): void {
	const file = parseExpectations(c.line);
	if (c.expect) {
		assert.deepEqual(file.problems, [], c.line);
		assert.equal(file.expectations.length, 1, c.line);
		const e: Expectation = file.expectations[0];
		assert.deepEqual({ crawler: e.crawler, url: e.url, verdict: e.verdict, ...(e.parser ? { parser: e.parser } : {}) }, c.expect, c.line);
		// The spans cover exactly what they name.
		assert.equal(c.line.slice(e.urlSpan.start, e.urlSpan.end), e.url);
		assert.equal(c.line.slice(e.verdictSpan.start, e.verdictSpan.end).toLowerCase().startsWith(e.verdict), true);
		assert.equal(c.line.slice(e.crawlerSpan.start, e.crawlerSpan.end).replace(/\s+/g, ' '), e.crawler);
	} else if (c.problem) {
		assert.equal(file.expectations.length, 0, c.line);
		assert.equal(file.problems.length, 1, `${c.line}: ${JSON.stringify(file.problems)}`);
		assert.equal(file.problems[0].code, c.problem.code, c.line);
		assert.match(file.problems[0].message, new RegExp(c.problem.says), c.line);
	} else {
		assert.deepEqual({ expectations: file.expectations.length, problems: file.problems.length }, { expectations: 0, problems: 0 }, c.line);
	}
}

describe('the expectations format, line by line (README.md, "Expectations")', () => {
	const cases = JSON.parse(readFixture('expectations', 'lines.json')) as { cases: LineCase[] };
	for (const c of cases.cases) {
		test(JSON.stringify(c.line), () => check(c));
	}
});

describe('parsing', () => {
	test('a line that does not parse gets its message and never stops the rest', () => {
		const text = joinLines(
			'Googlebot /a disallow',
			'this line is wrong',
			'\u0000\u0001\u0002 binary junk',
			'bingbot /b maybe',
			'GPTBot not-a-url allow',
			'Googlebot /c allow',
		);
		const file = parseExpectations(text);
		assert.deepEqual(
			file.expectations.map((e) => e.line),
			[0, 5],
		);
		assert.deepEqual(
			file.problems.map((p) => p.line),
			[1, 2, 3, 4],
		);
	});

	test('@robots names the robots.txt once', () => {
		const file = parseExpectations(joinLines('@robots public/robots.txt', '@robots other.txt', '@robot x', 'Googlebot / allow'));
		assert.equal(file.robots?.path, 'public/robots.txt');
		assert.deepEqual(
			file.problems.map((p) => p.code),
			['duplicate-directive', 'unknown-directive'],
		);
		assert.equal(file.expectations.length, 1);
	});

	test('CRLF, a byte order mark and a 100 000-line file', () => {
		const file = parseExpectations('\ufeffGooglebot / allow\r\nbingbot /x disallow\r\n');
		assert.deepEqual(
			file.expectations.map((e) => [e.crawler, e.line]),
			[
				['Googlebot', 0],
				['bingbot', 1],
			],
		);
		const big = parseExpectations(Array.from({ length: 100_000 }, (_, i) => `bot${i % 7} /p/${i} ${i % 2 ? 'allow' : 'disallow'}`).join('\n'));
		assert.equal(big.expectations.length, 100_000);
	});
});

describe("the worked example: seed 000, table 9-4 (Mary's Antiques)", () => {
	const dir = join(repoRoot, 'examples', 'marys-antiques');
	const robots = parse(readFileSync(join(dir, 'robots.txt'), 'utf8'));
	const file = parseExpectations(readFileSync(join(dir, 'robots.expectations'), 'utf8'));

	test('every expectation passes and every line is understood', () => {
		const checked = checkExpectations(file, robots);
		assert.deepEqual(file.problems, []);
		assert.equal(checked.failed, 0);
		assert.equal(checked.passed, file.expectations.length);
	});

	test('its 18 cells are table 9-4 as the book prints it (√ allow, × disallow), robot by robot', () => {
		// Seed 000, table 9-4, columns SuzySpider, FurnitureFinder, NosyBot; rows in the book's order.
		const table: [string, string][] = [
			['http://www.marys-antiques.com/', '√√√'],
			['http://www.marys-antiques.com/index.html', '√√√'],
			['http://www.marys-antiques.com/private/payroll.xls', '×××'],
			['http://www.marys-antiques.com/private/suzy-stuff/taxes.txt', '√××'],
			['http://www.marys-antiques.com/dynamic/buystuff?id=3546', '×××'],
			['http://www.marys-antiques.com/dynamic/check-inventory?kitchen', '×√×'],
		];
		const robotsColumns = ['Suzy-Spider', 'Furniture-Finder', 'NosyBot'];
		for (const [url, marks] of table) {
			[...marks].forEach((mark, i) => {
				const found = file.expectations.filter((e) => e.url === url && e.crawler === robotsColumns[i]);
				assert.equal(found.length, 1, `${robotsColumns[i]} ${url}`);
				assert.equal(found[0].verdict, mark === '√' ? 'allow' : 'disallow', `${robotsColumns[i]} ${url}`);
			});
		}
	});

	test('an edit that breaks the table fails the right expectations, naming the deciding line', () => {
		const edited = parse(readFileSync(join(dir, 'robots.txt'), 'utf8').replace('Allow: /private/suzy-stuff', 'Allow: /private/suzy'));
		const before = checkExpectations(file, edited);
		assert.equal(before.failed, 0, 'a shorter Allow still covers suzy-stuff');
		const broken = parse(readFileSync(join(dir, 'robots.txt'), 'utf8').replace('Allow: /private/suzy-stuff\n', ''));
		const checked = checkExpectations(file, broken);
		const failed = checked.results!.filter((r) => !r.passed);
		assert.deepEqual(
			failed.map((r) => `${r.expectation.crawler} ${r.expectation.url}`),
			['Suzy-Spider http://www.marys-antiques.com/private/suzy-stuff/taxes.txt', 'Suzy-Spider /private/suzy-stuff/taxes.txt'],
		);
		const diagnostics = computeExpectationDiagnostics(checked, 'file:///site/robots.txt').filter((d) => d.code === 'expectation-failed');
		assert.equal(diagnostics.length, 2);
		// `Disallow: /private` is line 10 of the edited file (the Allow above it is gone).
		assert.match(
			diagnostics[0].message,
			/Expected Suzy-Spider \(read as draft1996\) to be ALLOWED for .*taxes\.txt, but it is DISALLOWED by line 10 `Disallow: \/private`/,
		);
		assert.deepEqual(diagnostics[0].relatedInformation?.[0].location, {
			uri: 'file:///site/robots.txt',
			range: { start: { line: 9, character: 0 }, end: { line: 9, character: 18 } },
		});
		// In the robots.txt: one diagnostic on line 10 listing both failures, linked to the expectations.
		const inRobots = computeExpectationFailuresInRobots(broken, [{ uri: 'file:///site/robots.expectations', name: 'robots.expectations', checked }]);
		assert.equal(inRobots.length, 1);
		assert.equal(inRobots[0].range.start.line, 9);
		assert.match(inRobots[0].message, /^2 expectations fail here\. robots\.expectations:\d+: Expected Suzy-Spider/);
		assert.deepEqual(
			inRobots[0].relatedInformation?.map((info) => info.location.uri),
			['file:///site/robots.expectations', 'file:///site/robots.expectations'],
		);
	});
});

describe('editor features', () => {
	const robots = parse(joinLines('User-agent: *', 'Disallow: /private/', 'Allow: /private/press/*.pdf$', '', 'User-agent: MyBot', 'Disallow: /'));

	test('diagnostics: an unknown crawler says which parser is assumed, once per token', () => {
		const file = parseExpectations(joinLines('MyBot /x disallow', 'MyBot /y disallow', 'MyBot@google /z disallow', 'Googlebot /private/a disallow'));
		const diagnostics = computeExpectationDiagnostics(checkExpectations(file, robots), 'file:///robots.txt');
		assert.deepEqual(
			diagnostics.map((d) => [d.code, d.range.start.line]),
			[['unknown-crawler', 0]],
		);
		assert.match(diagnostics[0].message, /MyBot is not a crawler we know: read as an RFC 9309 parser \(the standard\)\. \(also on line 2\)/);
	});

	test('diagnostics: no robots.txt is one error on the @robots line', () => {
		const file = parseExpectations(joinLines('# tests', '@robots ../missing/robots.txt', 'Googlebot / allow'));
		const diagnostics = computeExpectationDiagnostics(uncheckedExpectations(file, 'No file ../missing/robots.txt.'), undefined);
		assert.deepEqual(
			diagnostics.map((d) => [d.code, d.range.start.line, d.message]),
			[['robots-txt-not-found', 1, 'No file ../missing/robots.txt.']],
		);
	});

	test('the lens counts passes and failures and goes to the first failure', () => {
		const file = parseExpectations(joinLines('# top', 'Googlebot /private/a disallow', 'Googlebot /private/b allow', 'junk'));
		const lenses = computeExpectationLenses(checkExpectations(file, robots), 'file:///robots.expectations', 'file:///robots.txt');
		assert.equal(lenses[0].command?.title, '1 passed, 1 failed, 1 line not understood');
		assert.deepEqual(lenses[0].command?.arguments, ['file:///robots.expectations', 2]);
		assert.equal(lenses[1].command?.command, 'robotsTxt.openTestBench');
		assert.deepEqual(lenses[1].command?.arguments, ['file:///robots.txt', ['/private/a', '/private/b'], ['Googlebot']]);
	});

	test('the hover explains the verdict', () => {
		const file = parseExpectations('Googlebot /private/a allow');
		const hover = computeExpectationHover(checkExpectations(file, robots), { line: 0, character: 3 });
		const value = (hover!.contents as { value: string }).value;
		assert.match(value, /^\*\*Fails\.\*\* Expected Googlebot to be ALLOWED/);
		assert.match(value, /Googlebot: DISALLOWED by line 2 `Disallow: \/private\/`/);
	});

	/** The completions' labels at the `|` of `input`. */
	function labels(input: string): string[] {
		const { text, positions } = markers(input);
		const checked = checkExpectations(parseExpectations(text), robots);
		return computeExpectationCompletions(checked, positions[0], robots, defaultAnalysisOptions).map((item) => item.label);
	}

	test("completion: crawlers first (*, targets, the file's agents, the catalogue), paths from the rules, verdicts, parsers", () => {
		const crawlers = labels('Goo|');
		assert.deepEqual(crawlers.slice(0, 3), ['*', 'Googlebot', 'Googlebot-Image']);
		assert.ok(crawlers.includes('MyBot') && crawlers.includes('GPTBot') && crawlers.includes('Yandex'));
		assert.deepEqual(labels('Googlebot |'), ['/private/', '/private/press/', '/private/press/.pdf', '/']);
		// The verdicts first; the preferences follow them (preferenceAnswers.test.ts).
		assert.deepEqual(labels('Googlebot /x a|').slice(0, 2), ['allow', 'disallow']);
		assert.deepEqual(labels('MyBot@|'), ['rfc9309', 'google', 'yandex', 'draft1996', 'original1994']);
		assert.deepEqual(labels('# a comment |'), []);
	});
});

describe('many expectations (issue 21, finding 5)', () => {
	// `Disallow: /` (line 2) decides every URL for every crawler; MyBot is a crawler no catalogue names.
	const robots = parse(joinLines('User-agent: *', 'Disallow: /'));
	const uri = 'file:///site/robots.expectations';
	const many = (n: number, verdict: string) =>
		checkExpectations(parseExpectations(Array.from({ length: n }, (_, i) => `MyBot /p/${i} ${verdict}`).join('\n')), robots);

	test('n failures decided by one robots.txt line, and one unknown crawler on n lines, cost time linear in n', () => {
		const failing = [many(3_000, 'allow'), many(12_000, 'allow')];
		const passing = [many(3_000, 'disallow'), many(12_000, 'disallow')];
		assert.deepEqual([failing[1].failed, passing[1].passed], [12_000, 12_000]);
		const inRobots = computeExpectationFailuresInRobots(robots, [{ uri, name: 'robots.expectations', checked: failing[1] }]);
		assert.deepEqual(
			inRobots.map((d) => d.range.start.line),
			[1],
		);
		assert.match(inRobots[0].message, /^12,000 expectations fail here\./);
		const notes = computeExpectationDiagnostics(passing[1], 'file:///site/robots.txt');
		assert.deepEqual(
			notes.map((d) => [d.code, d.range.start.line]),
			[['unknown-crawler', 0]],
		);
		const failures = [
			superlinear(
				'failures in the robots.txt',
				() => failing[0],
				() => failing[1],
				(checked) => computeExpectationFailuresInRobots(robots, [{ uri, name: 'robots.expectations', checked }]),
			),
			superlinear(
				"the unknown crawler's note",
				() => passing[0],
				() => passing[1],
				(checked) => computeExpectationDiagnostics(checked, 'file:///site/robots.txt'),
			),
		];
		assert.deepEqual(
			failures.filter((failure) => failure !== undefined),
			[],
		);
	});

	test('with a limit, only the most severe are written: errors before notes, each in line order', () => {
		// Lines 1, 3, 5 fail, 2 and 4 are not understood, MyBot and OtherBot are unknown (notes on lines 1 and 3).
		const file = parseExpectations(joinLines('MyBot /a allow', 'not understood', 'OtherBot /b allow', 'junk', 'Googlebot /c allow', 'MyBot /d disallow'));
		const checked = checkExpectations(file, robots);
		const all = computeExpectationDiagnostics(checked, 'file:///site/robots.txt');
		assert.deepEqual(
			all.map((d) => [d.code, d.range.start.line]),
			[
				['expectation-failed', 0],
				['unknown-crawler', 0],
				['expectation-syntax', 1],
				['expectation-failed', 2],
				['unknown-crawler', 2],
				['expectation-syntax', 3],
				['expectation-failed', 4],
			],
		);
		assert.equal(countExpectationDiagnostics(checked), 7);
		const errorsFirst = [...all.filter((d) => d.code !== 'unknown-crawler'), ...all.filter((d) => d.code === 'unknown-crawler')];
		for (let keep = 0; keep <= 8; keep++) {
			const kept = computeExpectationDiagnostics(checked, 'file:///site/robots.txt', keep);
			assert.deepEqual(
				kept,
				all.filter((d) => errorsFirst.slice(0, keep).includes(d)),
				`keep ${keep}`,
			);
		}
	});
});
