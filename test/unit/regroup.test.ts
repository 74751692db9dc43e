/**
 * `regroup` patches a grouping after an edit instead of reading every line again. Its answer must be exactly what
 * `groupLines` gives for the edited lines, in every dialect, whether the edit left the lines' roles alone, moved
 * rules and other directives in and out of groups, or touched the lines that decide where groups start and end
 * (there it must decline). fast-check edits files made of the lines that move groups in each dialect.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allDialects } from '../../core/src/index';
import { applyEdit } from '../../core/src/syntax/document';
import { groupLines, RobotsModel } from '../../core/src/syntax/parser';
import { regroup, SplicedLists } from '../../core/src/syntax/regroup';

const lines = [
	'User-agent: *',
	'User-agent: a',
	'user-agent: Yandex',
	'Allow: /x',
	'Disallow: /y',
	'Disallow:',
	'Allowx: /x',
	'Disalow: /z',
	'disallow /y',
	'Crawl-delay: 1',
	'Host: example.com',
	'Sitemap: /s.xml',
	'junk',
	'',
	'# comment',
	'Noindex: /n',
];
const line = fc.constantFrom(...lines);
const file = fc.array(line, { minLength: 1, maxLength: 40 });
/**
 * Up to three lines replaced by up to three others (as many, fewer or more, or a line split or joined): the edits a
 * grouping can be patched for, and some it cannot.
 */
const edit = fc.record({
	at: fc.double({ min: 0, max: 1, noNaN: true }),
	remove: fc.integer({ min: 0, max: 3 }),
	with: fc.array(line, { maxLength: 3 }),
	split: fc.boolean(),
});

function replaced(
	model: RobotsModel,
	{ at, remove, with: replacement, split }: { at: number; remove: number; with: readonly string[]; split: boolean },
): RobotsModel {
	const first = Math.min(model.lineCount - 1, Math.floor(at * model.lineCount));
	if (split) {
		// Enter typed inside a line, or the line end after it deleted.
		const offset = model.lineStarts[first] + Math.floor(model.lines[first].length / 2);
		return remove % 2 === 0
			? applyEdit(model, offset, offset, '\n')
			: applyEdit(
					model,
					model.lineStarts[first] + model.lines[first].length,
					model.lineStarts[first] + model.lines[first].length + model.lines[first].eolLength,
					'',
				);
	}
	const count = Math.min(remove, model.lineCount - first);
	const start = model.lineStarts[first];
	// Whole lines with their line ends, so that the lines around stay what they were.
	const end = first + count < model.lineCount ? model.lineStarts[first + count] : model.text.length;
	const text = replacement.map((added) => added + '\n').join('');
	return applyEdit(model, start, end, first + count < model.lineCount ? text : text.replace(/\n$/, ''));
}

test('regroup gives what groupLines gives, in every dialect, over random edits that replace, add, remove, split and join lines', () => {
	const taken = { same: 0, patched: 0, declined: 0, moved: 0 };
	fc.assert(
		fc.property(file, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
			let model = RobotsModel.parse(start.join('\n'));
			for (const change of edits) {
				const next = replaced(model, change);
				for (const dialect of allDialects) {
					// The whole file, and a window of it that starts at its second line.
					for (const from of [0, Math.min(1, model.lineCount)]) {
						const before = groupLines(model.lines, dialect, from, model.lineCount);
						const patched = regroup(before, model.lines.slice(from), next.lines, dialect, from, next.lineCount);
						const fresh = groupLines(next.lines, dialect, from, next.lineCount);
						if (patched === undefined) {
							taken.declined++;
							continue;
						}
						taken[patched === before ? 'same' : patched.groups.some((group, i) => group.firstLine !== before.groups[i].firstLine) ? 'moved' : 'patched']++;
						assert.deepEqual(patched, fresh, `${dialect} from ${from} after ${JSON.stringify(change)}:\n${model.text}\n---\n${next.text}`);
					}
				}
				model = next;
			}
		}),
		{ numRuns: 2000 },
	);
	// The test means something only if every outcome happens often.
	for (const [outcome, count] of Object.entries(taken)) {
		assert.ok(count > 1000, `${outcome}: ${count} of ${taken.same + taken.patched + taken.declined}`);
	}
});

test('regroup keeps the grouping when a rule of a big group changes its path, and patches one list when it stops being a rule', () => {
	const text = ['User-agent: *', ...Array.from({ length: 1000 }, (_, i) => `Allow: /p${i}`), 'User-agent: b', 'Disallow: /'].join('\n');
	const model = RobotsModel.parse(text);
	const grouping = model.grouping('rfc9309');
	const line = 500;
	const pathEdited = applyEdit(model, model.lineStarts[line] + 8, model.lineStarts[line] + 8, 'q');
	assert.equal(regroup(grouping, model.lines, pathEdited.lines, 'rfc9309', 0, model.lineCount), grouping);
	const keyEdited = applyEdit(model, model.lineStarts[line] + 5, model.lineStarts[line] + 5, 'x');
	const patched = regroup(grouping, model.lines, keyEdited.lines, 'rfc9309', 0, model.lineCount)!;
	assert.deepEqual(patched, groupLines(keyEdited.lines, 'rfc9309'));
	assert.equal(patched.groups[0].rules.length, 999);
	assert.deepEqual(patched.groups[0].others, [line]);
	assert.equal(patched.groups[1], grouping.groups[1], 'the other group is the same object');
});

test('the dialects that group a big group alike get one patched list for it, and the next edit finds it at once', () => {
	const text = ['User-agent: *', ...Array.from({ length: 1000 }, (_, i) => `Allow: /p${i}`), ''].join('\n');
	const model = RobotsModel.parse(text);
	const line = 500;
	// The dialects that read Allow (for 1994 robots the group has no rule, and regroup declines).
	const dialects = allDialects.filter((dialect) => dialect !== 'original1994');
	// Enter typed in a path: every rule below moves.
	const entered = applyEdit(model, model.lineStarts[line] + 8, model.lineStarts[line] + 8, '\n');
	const lists = new SplicedLists();
	const patched = dialects.map((dialect) => regroup(model.grouping(dialect), model.lines, entered.lines, dialect, 0, entered.lineCount, undefined, lists)!);
	dialects.forEach((dialect, i) => {
		assert.deepEqual(patched[i], groupLines(entered.lines, dialect), dialect);
	});
	// Groupings whose lists were equal (and separate arrays) share the patched one.
	assert.notEqual(model.grouping(dialects[0]).groups[0].rules, model.grouping(dialects[1]).groups[0].rules);
	assert.equal(new Set(patched.map((grouping) => grouping.groups[0].rules)).size, 1);
	// The next edit patches that one array, once, for every dialect.
	const deleted = applyEdit(entered, entered.lineStarts[line + 1] - 1, entered.lineStarts[line + 1], '');
	const next = new SplicedLists();
	const again = dialects.map((dialect, i) => regroup(patched[i], entered.lines, deleted.lines, dialect, 0, deleted.lineCount, undefined, next)!);
	dialects.forEach((dialect, i) => {
		assert.deepEqual(again[i], groupLines(deleted.lines, dialect), dialect);
	});
	assert.equal(new Set(again.map((grouping) => grouping.groups[0].rules)).size, 1);
});
