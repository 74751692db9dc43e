/**
 * The lossless syntax model: line nodes (golden snapshots of tricky lines), byte-for-byte printing of any text,
 * and the grouping each dialect gives (golden snapshots of test/fixtures/grouping).
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allDialects, parse, print, type RobotsModel } from '../../core/src/index';
import { groupLines } from '../../core/src/syntax/parser';
import { assertSnapshot, fixturesDir, readFixture } from '../util/fixtures';

function span(text: string, start: number, end: number): string {
	return JSON.stringify(text.slice(start, end));
}

/** One line a node: kind, the key, separator, value and comment as text, and both directive readings. */
function renderLines(model: RobotsModel): string {
	const out: string[] = [];
	model.lines.forEach((node, i) => {
		const line = model.text.slice(model.lineStarts[i], model.lineStarts[i] + node.length + node.eolLength);
		const text = model.lineText(i);
		const parts = [`${i + 1}`, node.kind, `eol=${node.eolLength}`];
		if (node.kind === 'directive' || node.kind === 'text') {
			parts.push(`key=${span(text, node.keyStart, node.keyEnd)}`);
			parts.push(node.separator >= 0 ? `sep=${node.separator}` : 'no-sep');
			parts.push(`value=${span(text, node.valueStart, node.valueEnd)}`);
			parts.push(`strict=${node.directive}`, `google=${node.googleDirective}`);
		}
		if (node.commentStart >= 0) {
			parts.push(`comment=${span(text, node.commentStart, node.length)}`);
		}
		out.push(`> ${JSON.stringify(line)}`, `# ${parts.join(' ')}`);
	});
	return out.join('\n') + '\n';
}

function renderGroupings(model: RobotsModel): string {
	const out: string[] = [];
	const oneBased = (lines: readonly number[]) => (lines.length ? lines.map((line) => line + 1).join(', ') : '-');
	for (const dialect of allDialects) {
		const grouping = model.grouping(dialect);
		out.push(`== ${dialect}`);
		for (const group of grouping.groups) {
			const agents = group.userAgents.map((line) => `${line + 1} ${JSON.stringify(model.valueText(line))}`).join(', ');
			out.push(
				`group ${group.index + 1} (lines ${group.firstLine + 1}-${group.lastLine + 1}): agents ${agents}; rules ${oneBased(group.rules)}; others ${oneBased(group.others)}`,
			);
		}
		if (grouping.orphanRules.length) {
			out.push(`orphan rules: ${oneBased(grouping.orphanRules)}`);
		}
	}
	return out.join('\n') + '\n';
}

describe('lexer', () => {
	for (const name of readdirSync(join(fixturesDir, 'lexer')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			const model = parse(readFixture('lexer', name));
			assertSnapshot(join(fixturesDir, 'lexer', name + '.snap'), renderLines(model));
		});
	}

	test('a line of 100 000 characters and a NUL byte lex without trouble', () => {
		const long = 'Disallow: /' + 'a'.repeat(100_000) + '\u0000#c';
		const model = parse(`User-agent: *\n${long}\n`);
		assert.equal(model.lineCount, 3);
		assert.equal(model.valueText(1).length, 100_001 + 1);
		assert.equal(model.commentText(1), '#c');
	});

	test('CR, LF and CRLF line ends, mixed, give LSP line numbering', () => {
		const model = parse('a\rb\nc\r\nd\n\re');
		assert.deepEqual(
			model.lines.map((line) => line.eolLength),
			[1, 1, 2, 1, 1, 0],
		);
		assert.deepEqual(model.lineStarts, [0, 2, 4, 7, 9, 10]);
	});
});

describe('lossless printing', () => {
	test('print(parse(text)) gives back any text, and the lines cover it exactly (fast-check)', () => {
		const char = fc.oneof(
			fc.constantFrom('\n', '\r', ':', '#', ' ', '\t', '\uFEFF', '\u0000', '\uFFFD', '\uD800', 'ツ', 'User-agent', 'Disallow', '/'),
			fc.string({ maxLength: 3 }),
		);
		fc.assert(
			fc.property(
				fc.array(char, { maxLength: 60 }).map((parts) => parts.join('')),
				(text) => {
					const model = parse(text);
					assert.equal(print(model), text);
					let offset = 0;
					model.lines.forEach((line, i) => {
						assert.equal(model.lineStarts[i], offset);
						offset += line.length + line.eolLength;
					});
					assert.equal(offset, text.length);
				},
			),
			{ numRuns: 3000 },
		);
	});
});

describe('grouping', () => {
	for (const name of readdirSync(join(fixturesDir, 'grouping')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			const model = parse(readFixture('grouping', name));
			assertSnapshot(join(fixturesDir, 'grouping', name + '.snap'), renderGroupings(model));
		});
	}

	test("building only the first groups gives the grouping's first groups and counts them all, in every dialect", () => {
		for (const name of readdirSync(join(fixturesDir, 'grouping')).filter((file) => file.endsWith('.robots.txt'))) {
			const model = parse(readFixture('grouping', name));
			for (const dialect of allDialects) {
				const whole = model.grouping(dialect);
				for (let keep = 0; keep <= whole.groups.length; keep++) {
					const first = groupLines(model.lines, dialect, 0, model.lineCount, keep);
					const context = `${name}, ${dialect}, ${keep}`;
					assert.deepStrictEqual(first.groups, whole.groups.slice(0, keep), context);
					assert.deepStrictEqual(first.orphanRules, whole.orphanRules, context);
					assert.equal(first.total ?? first.groups.length, whole.groups.length, context);
				}
			}
		}
	});
});
