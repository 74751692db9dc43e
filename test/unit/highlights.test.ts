/**
 * Document highlights: the cursor (`|`) on a User-agent value lights up every line naming the same crawler.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDocumentHighlights, defaultAnalysisOptions, parse } from '../../core/src/index';
import { maxHighlights } from '../../core/src/features/highlights';
import { joinLines } from '../util/fixtures';

/** `text` holds one `|` cursor; `expected` lists the highlighted text of each highlight as `line:text`. */
function check(text: string, expected: readonly string[]): void {
	const offset = text.indexOf('|');
	const source = text.slice(0, offset) + text.slice(offset + 1);
	const before = source.slice(0, offset).split('\n');
	const position = { line: before.length - 1, character: before[before.length - 1].length };
	const model = parse(source);
	const highlights = computeDocumentHighlights(model, position, defaultAnalysisOptions);
	const actual = highlights.map(({ range }) => `${range.start.line + 1}:${model.lineText(range.start.line).slice(range.start.character, range.end.character)}`);
	assert.deepStrictEqual(actual, expected);
}

const file = (cursorLine: string) =>
	joinLines('User-agent: Googlebot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b', '', cursorLine, 'user-agent: googlebot', 'Allow: /c');

test('the same crawler in every group, compared case-insensitively', () => {
	check(file('User-agent: Google|bot'), ['1:Googlebot', '7:Googlebot', '8:googlebot']);
});

test('at either end of the value', () => {
	check(file('User-agent: |Googlebot'), ['1:Googlebot', '7:Googlebot', '8:googlebot']);
	check(file('User-agent: Googlebot|'), ['1:Googlebot', '7:Googlebot', '8:googlebot']);
});

test('the `*` value highlights the other `*` lines', () => {
	check(joinLines('User-agent: *|', 'Disallow: /', 'User-agent: *'), ['1:*', '3:*']);
});

test('nothing on the key, on a rule, on an empty value or past the end', () => {
	check(file('User-|agent: Googlebot'), []);
	check(joinLines('User-agent: a', 'Disallow: /|a'), []);
	check(joinLines('User-agent: |', 'User-agent:'), []);
	assert.deepStrictEqual(computeDocumentHighlights(parse('User-agent: a'), { line: 5, character: 0 }, defaultAnalysisOptions), []);
});

test('thousands of equal values: the nearest ones around the cursor, in file order', () => {
	const groups = 3000;
	const model = parse(Array.from({ length: groups }, (_, i) => `User-agent: *\nDisallow: /${i}\n`).join('\n'));
	// The cursor on group 1 500's `*` (each group takes three lines).
	const line = 3 * 1500;
	const highlights = computeDocumentHighlights(model, { line, character: 12 }, defaultAnalysisOptions);
	assert.equal(highlights.length, maxHighlights);
	const lines = highlights.map((highlight) => highlight.range.start.line);
	assert.ok(lines.includes(line));
	assert.deepStrictEqual(
		lines,
		Array.from({ length: maxHighlights }, (_, i) => 3 * (1000 + i)),
		'the 1 000 groups 1 000 to 1 999',
	);
	// At the start of the file, the first ones.
	const first = computeDocumentHighlights(model, { line: 0, character: 12 }, defaultAnalysisOptions);
	assert.equal(first[0].range.start.line, 0);
	assert.equal(first.length, maxHighlights);
});
