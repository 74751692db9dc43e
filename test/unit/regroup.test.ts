/**
 * `regroup` patches a grouping after an edit instead of reading every line again. Its answer must be exactly what
 * `groupLines` gives for the edited lines, in every dialect, whether the edit left the lines' roles alone, moved
 * rules and other directives in and out of groups, or touched the lines that decide where groups start and end
 * (there it must decline). fast-check edits files made of the lines that move groups in each dialect.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allDialects } from '../../server/src/core/index';
import { applyEdit } from '../../server/src/core/syntax/document';
import { groupLines, RobotsModel } from '../../server/src/core/syntax/parser';
import { regroup } from '../../server/src/core/syntax/regroup';

const lines = [
	'User-agent: *', 'User-agent: a', 'user-agent: Yandex', 'Allow: /x', 'Disallow: /y', 'Disallow:', 'Allowx: /x', 'Disalow: /z',
	'disallow /y', 'Crawl-delay: 1', 'Host: example.com', 'Sitemap: /s.xml', 'junk', '', '# comment', 'Noindex: /n',
];
const line = fc.constantFrom(...lines);
const file = fc.array(line, { minLength: 1, maxLength: 40 });
/** One to three lines replaced by as many others: the edits a grouping can be patched for, and some it cannot. */
const edit = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), with: fc.array(line, { minLength: 1, maxLength: 3 }) });

function replaced(model: RobotsModel, at: number, replacement: readonly string[]): RobotsModel {
	const first = Math.min(model.lineCount - 1, Math.floor(at * model.lineCount));
	const count = Math.min(replacement.length, model.lineCount - first);
	const start = model.lineStarts[first];
	const end = model.lineStarts[first + count - 1] + model.lines[first + count - 1].length;
	return applyEdit(model, start, end, replacement.slice(0, count).join('\n'));
}

test('regroup gives what groupLines gives, in every dialect, over random edits (and patches most rule edits)', () => {
	const taken = { same: 0, patched: 0, declined: 0 };
	fc.assert(
		fc.property(file, fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
			let model = RobotsModel.parse(start.join('\n'));
			for (const { at, with: replacement } of edits) {
				const next = replaced(model, at, replacement);
				for (const dialect of allDialects) {
					for (const [from, to] of [[0, model.lineCount], [Math.min(1, model.lineCount), model.lineCount]]) {
						const before = groupLines(model.lines, dialect, from, to);
						const patched = regroup(before, model.lines.slice(from, to), next.lines, dialect, from, to);
						const fresh = groupLines(next.lines, dialect, from, to);
						if (patched === undefined) {
							taken.declined++;
							continue;
						}
						taken[patched === before ? 'same' : 'patched']++;
						assert.deepEqual(patched, fresh, `${dialect} [${from}, ${to}) after replacing with ${JSON.stringify(replacement)}:\n${next.text}`);
					}
				}
				model = next;
			}
		}),
		{ numRuns: 2000 },
	);
	// The test means something only if all three outcomes happen often.
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
