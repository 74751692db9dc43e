/**
 * The preference lines' answer where a verdict is shown (issue 24): Test URL, Test URL for All Crawlers, the group
 * hover, the sentence the CLI prints, and expectations of preferences. Expected answers come from the sources:
 * draft-ietf-aipref-attach-05 §3.4's example file and its table (§3.1: the longest path wins; preferences apply only
 * to URLs the rules let the crawler fetch), draft-ietf-aipref-vocab-07 §6.1 (`train-ai`, `search`; `y`/`n`),
 * contentsignals.org (`search`, `ai-input`, `ai-train` with `yes`/`no`) and RSL 1.0 (`License: <absolute URL>`).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	checkExpectations,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeHover,
	defaultAnalysisOptions,
	describePreferences,
	failingLineOf,
	failureMessage,
	parse,
	parseExpectations,
	preferencesAs,
	testUrl,
	testUrlAll,
	type AnalysisOptions,
} from '../../core/src/index';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { attachExample, joinLines, markers } from '../util/fixtures';

/** contentsignals.org's robots.txt block (the signals in a `*` group) and an RSL licence (rslstandard.org). */
const signalsExample = joinLines('User-Agent: *', 'Content-Signal: search=yes, ai-train=no', 'Allow: /', 'License: https://example.com/license.xml');

const options: AnalysisOptions = { ...defaultAnalysisOptions, crawlers: ['ExampleBot', 'OtherBot'] };

/** A hover's markdown; fails when there is no hover. */
function hoverText(hover: Hover | null): string {
	assert.ok(hover, 'no hover');
	return (hover.contents as MarkupContent).value;
}

describe('Test URL says what the preference lines say', () => {
	const model = parse(attachExample);

	test('a URL the crawler may fetch: the Content-Usage rule whose path matches longest, with its line, in the headline and to select', () => {
		const result = testUrl(model, { agent: 'OtherBot', url: '/test' }, options);
		assert.equal(result.verdict, 'allow');
		assert.deepEqual(result.preferences.contentUsage, { preferences: { 'train-ai': 'n' }, line: 3 });
		assert.equal(result.preferences.contentSignal, null);
		assert.deepEqual(result.preferences.lines, [3]);
		assert.deepEqual(result.preferences.licenses, ['https://example.com/license.xml']);
		assert.equal(result.preferences.text, 'Content-Usage (line 4): train-ai=n. License: https://example.com/license.xml.');
		assert.ok(result.headline.endsWith(' Content-Usage (line 4): train-ai=n. License: https://example.com/license.xml.'), result.headline);
		// The deciding line is still the one selected first.
		assert.equal(result.selectLine, 1);

		const okay = testUrl(model, { agent: 'OtherBot', url: '/ai-ok/test' }, options);
		assert.deepEqual(okay.preferences.contentUsage, { preferences: { 'train-ai': 'y' }, line: 4 });
		assert.deepEqual(okay.preferences.lines, [4]);
	});

	test('a URL the rules disallow: no preference applies, and the answer says the lines do not apply', () => {
		const result = testUrl(model, { agent: 'OtherBot', url: '/never/test' }, options);
		assert.equal(result.verdict, 'disallow');
		assert.equal(result.preferences.contentUsage, null);
		assert.deepEqual(result.preferences.lines, []);
		assert.equal(
			result.preferences.text,
			'The preference lines (line 4) do not apply: they speak only for URLs the rules let the crawler fetch. License: https://example.com/license.xml.',
		);
		assert.ok(result.headline.endsWith(result.preferences.text));
	});

	test('nothing is said where no preference line speaks', () => {
		const plain = parse(joinLines('User-agent: *', 'Disallow: /private/'));
		for (const url of ['/a', '/private/a']) {
			const result = testUrl(plain, { agent: 'OtherBot', url }, options);
			assert.equal(result.preferences.text, '');
			assert.deepEqual(result.preferences.lines, []);
			assert.ok(!result.headline.includes('Content-'), result.headline);
		}
	});

	test('Content-Signal of the group followed, and the licences, beside the verdict', () => {
		const result = testUrl(parse(signalsExample), { agent: 'GPTBot', url: '/page' }, options);
		assert.deepEqual(result.preferences.contentSignal, { signals: { search: 'yes', 'ai-train': 'no' }, line: 1 });
		assert.deepEqual(result.preferences.licenses, ['https://example.com/license.xml']);
		assert.equal(result.preferences.text, 'Content-Signal (line 2): search=yes, ai-train=no. License: https://example.com/license.xml.');
		assert.deepEqual(result.preferences.lines, [1]);
	});

	test('the CLI sentence is the same words (describePreferences)', () => {
		assert.equal(
			describePreferences(preferencesAs(model, 'ExampleBot', '/never/test')),
			'Content-Usage (line 9): train-ai=y. Content-Signal (line 10): search=yes, ai-train=no. License: https://example.com/license.xml.',
		);
	});
});

describe('lines that apply but state nothing are said to', () => {
	test('a Content-Usage dictionary that fails, and a Content-Signal whose values the policy does not define', () => {
		// vocab-07 §6.5.1: an upper-case key fails the dictionary, so the longest matching rule (attach §3.1) states
		// nothing; contentsignals.org's signals take yes or no.
		const model = parse(joinLines('User-agent: *', 'Content-Usage: train-ai=n', 'Content-Usage: /blog/ Train-AI=y', 'Content-Signal: ai-train=maybe'));
		assert.equal(
			describePreferences(preferencesAs(model, 'AnyBot', '/blog/post')),
			'Content-Usage (line 3) applies but states no preference: no category is written as y or n. '
				+ 'Content-Signal (line 4) states no signal: no key has a value the policy defines.',
		);
		const row = testUrlAll(model, '/blog/post', { ...options, crawlers: ['AnyBot'] }).rows[0];
		assert.equal(row.preferences.cell, 'states nothing · states nothing');
	});
});

describe('Test URL for All Crawlers carries the preferences per crawler', () => {
	const model = parse(attachExample);

	test("each row has its crawler's preferences, and the table a Preferences column", () => {
		const result = testUrlAll(model, '/never/test', options);
		assert.deepEqual(
			result.rows.map((row) => [row.crawler.token, row.verdict, row.preferences.cell, row.preferences.lines]),
			[
				['ExampleBot', 'allow', 'train-ai=y · search=yes, ai-train=no', [8, 9]],
				['OtherBot', 'disallow', 'not applied', []],
			],
		);
		const [header, example, other] = result.table.split('\n');
		assert.match(header, /Preferences/);
		assert.match(example, /train-ai=y/);
		assert.match(other, /not applied/);
	});

	test('a file without preference lines keeps its table as it was', () => {
		const result = testUrlAll(parse(joinLines('User-agent: *', 'Disallow: /x')), '/x', options);
		assert.doesNotMatch(result.table, /Preferences/);
		assert.ok(result.rows.every((row) => row.preferences.cell === '—'));
	});
});

describe("the group hover summarises the group's preference lines", () => {
	test('each Content-Usage and Content-Signal line of the group, with what it states', () => {
		const model = parse(attachExample);
		const text = hoverText(computeHover(model, { line: 0, character: 2 }, options));
		assert.match(text, /Preference lines of this group \(they apply only to URLs its rules let its crawlers fetch\):/);
		assert.ok(text.includes('- line 4 `Content-Usage: train-ai=n`: train-ai=n'), text);
		assert.ok(text.includes('- line 5 `Content-Usage: /ai-ok/ train-ai=y`: train-ai=y'), text);
		assert.ok(!text.includes('line 9'), text);
		const example = hoverText(computeHover(model, { line: 6, character: 2 }, options));
		assert.ok(example.includes('- line 9 `Content-Usage: train-ai=y`: train-ai=y'), example);
		assert.ok(example.includes('- line 10 `Content-Signal: search=yes, ai-train=no`: search=yes, ai-train=no'), example);
		assert.ok(!example.includes('line 4 `'), example);
	});

	test('a Content-Signal line states its known keys; a group without preference lines says nothing of them', () => {
		const model = parse(joinLines('User-agent: *', 'Content-Signal: search=yes, ai-train=no, foo=bar', 'Allow: /', '', 'User-agent: GPTBot', 'Disallow: /'));
		const star = hoverText(computeHover(model, { line: 0, character: 2 }, options));
		assert.ok(star.includes(': search=yes, ai-train=no'), star);
		const gpt = hoverText(computeHover(model, { line: 4, character: 2 }, options));
		assert.doesNotMatch(gpt, /Preference lines/);
	});
});

describe('expectations of preferences', () => {
	const robots = parse(attachExample);

	test('`crawler URL key=value…`, with or without a verdict; `search=y` is Content-Usage, `search=yes` Content-Signal', () => {
		const file = parseExpectations(
			joinLines('GPTBot /docs/page train-ai=n', 'GPTBot /docs/page allow search=y search=yes', 'Sogou web spider /a?x=1 disallow', 'GPTBot /a use=reference'),
		);
		assert.deepEqual(file.problems, []);
		assert.deepEqual(
			file.expectations.map((e) => [e.crawler, e.url, e.verdict, e.preferences.map((p) => `${p.kind} ${p.key}=${p.value}`)]),
			[
				['GPTBot', '/docs/page', 'allow', ['content-usage train-ai=n']],
				['GPTBot', '/docs/page', 'allow', ['content-usage search=y', 'content-signal search=yes']],
				['Sogou web spider', '/a?x=1', 'disallow', []],
				['GPTBot', '/a', 'allow', ['content-signal use=reference']],
			],
		);
		assert.equal(file.expectations[1].end, 'GPTBot /docs/page allow search=y search=yes'.length);
	});

	test('a word that is no preference of either vocabulary is a problem on that word', () => {
		for (const word of ['train-ai=yes', 'ai-train=n', 'genai=n', 'use=some']) {
			const line = `GPTBot /docs/page ${word}`;
			const { problems, expectations } = parseExpectations(line);
			assert.deepEqual(expectations, [], word);
			assert.deepEqual(
				problems.map((p) => [p.code, line.slice(p.span.start, p.span.end)]),
				[['expectation-syntax', word]],
			);
			assert.match(problems[0].message, /is not a preference: write a Content-Usage category with y or n \(train-ai=n, search=y\)/);
		}
	});

	test('checked against the answer the verdict comes from', () => {
		const file = parseExpectations(
			joinLines(
				'OtherBot /test train-ai=n', // §3.4: train-ai=n
				'OtherBot /ai-ok/test train-ai=n', // §3.4: train-ai=y, so this fails on line 5
				'OtherBot /never/test train-ai=n', // §3.4: not crawled
				'ExampleBot /never/test allow train-ai=y',
				'OtherBot /test search=n', // no line states search
			),
		);
		const checked = checkExpectations(file, robots);
		assert.deepEqual(
			checked.results!.map((r) => r.passed),
			[true, false, false, true, false],
		);
		const [, okay, never, , search] = checked.results!;
		assert.equal(
			failureMessage(okay),
			'Expected OtherBot to find train-ai=n for /ai-ok/test, but: Content-Usage (line 5): train-ai=y. License: https://example.com/license.xml.',
		);
		assert.equal(failingLineOf(okay), 4);
		// The verdict fails first: the rules keep the crawler out, and the message says so.
		assert.match(failureMessage(never), /^Expected OtherBot to be ALLOWED for \/never\/test, but it is DISALLOWED by line 3/);
		assert.equal(failingLineOf(never), 2);
		assert.equal(
			failureMessage(search),
			'Expected OtherBot to find search=n for /test, but: Content-Usage (line 4): train-ai=n. License: https://example.com/license.xml.',
		);
		const quiet = checkExpectations(parseExpectations('OtherBot /test ai-train=no'), robots).results![0];
		assert.equal(
			failureMessage(quiet),
			'Expected OtherBot to find ai-train=no for /test, but: Content-Usage (line 4): train-ai=n. License: https://example.com/license.xml.',
		);
		const none = checkExpectations(parseExpectations('OtherBot /x ai-train=no'), parse('User-agent: *\nAllow: /\n')).results![0];
		assert.equal(failureMessage(none), 'Expected OtherBot to find ai-train=no for /x, but no preference line speaks for it.');
	});

	test("diagnostics, the robots.txt's own warning, the hover and completion", () => {
		const text = joinLines('OtherBot /test train-ai=n', 'OtherBot /ai-ok/test train-ai=n');
		const checked = checkExpectations(parseExpectations(text), robots);
		const [diagnostic] = computeExpectationDiagnostics(checked, 'file:///robots.txt').filter((d) => d.code === 'expectation-failed');
		assert.equal(diagnostic.range.start.line, 1);
		assert.equal(diagnostic.range.end.character, 'OtherBot /ai-ok/test train-ai=n'.length);
		assert.deepEqual(diagnostic.relatedInformation?.[0].location.range.start, { line: 4, character: 0 });
		assert.equal(diagnostic.relatedInformation?.[0].message, 'line 5 states the preference');
		const [inRobots] = computeExpectationFailuresInRobots(robots, [{ uri: 'file:///robots.expectations', name: 'robots.expectations', checked }]);
		assert.equal(inRobots.range.start.line, 4);
		assert.equal(inRobots.relatedInformation?.[0].message, 'expects allow train-ai=n');
		assert.match(hoverText(computeExpectationHover(checked, { line: 0, character: 20 })), /Passes\..*Content-Usage \(line 4\): train-ai=n\./);

		const labels = (input: string) => {
			const { text: typed, positions } = markers(input);
			return computeExpectationCompletions(checkExpectations(parseExpectations(typed), robots), positions[0], robots, options).map((item) => item.label);
		};
		const preferences = [
			'train-ai=y',
			'train-ai=n',
			'search=y',
			'search=n',
			'search=yes',
			'search=no',
			'ai-input=yes',
			'ai-input=no',
			'ai-train=yes',
			'ai-train=no',
		];
		const afterVerdict = labels('GPTBot /x allow |');
		assert.deepEqual(afterVerdict.slice(0, preferences.length), preferences);
		assert.ok(['use=immediate', 'use=reference', 'use=full'].every((label) => afterVerdict.includes(label)));
		assert.deepEqual(labels('GPTBot /x |').slice(0, 2), ['allow', 'disallow']);
		assert.ok(labels('GPTBot /x |').includes('train-ai=n'));
	});
});
