/**
 * Folding ranges: golden outputs of test/fixtures/folding (each source line, then the ranges that start on it).
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeFoldingRanges, parse } from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

function render(text: string): string {
	const model = parse(text);
	const ranges = computeFoldingRanges(model);
	const out: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		out.push(`> ${model.lineText(line)}`);
		for (const range of ranges.filter((candidate) => candidate.startLine === line)) {
			out.push(`#^ folds lines ${range.startLine + 1}-${range.endLine + 1}${range.kind ? ` (${range.kind})` : ''}`);
		}
	}
	return out.join('\n') + '\n';
}

describe('folding ranges', () => {
	for (const name of readdirSync(join(fixturesDir, 'folding')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			assertSnapshot(join(fixturesDir, 'folding', name + '.snap'), render(readFixture('folding', name)));
		});
	}

	test('ranges are sorted, start before they end and never cross', () => {
		const ranges = computeFoldingRanges(parse(joinLines('# a', '# b', 'User-agent: x', '# c', '# d', 'Disallow: /', 'Allow: /y', '# e', '# f')));
		for (let i = 0; i < ranges.length; i++) {
			assert.ok(ranges[i].startLine < ranges[i].endLine);
			for (let j = i + 1; j < ranges.length; j++) {
				assert.ok(ranges[i].startLine < ranges[j].startLine);
				const nested = ranges[j].endLine <= ranges[i].endLine;
				const disjoint = ranges[j].startLine > ranges[i].endLine;
				assert.ok(nested || disjoint, `ranges ${i} and ${j} cross`);
			}
		}
		assert.equal(ranges.length, 4);
	});
});
