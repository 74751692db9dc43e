/**
 * Code lenses: golden outputs of test/fixtures/codeLens (each source line, then its lenses with their commands),
 * and the command contract the client implements.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeCodeLenses, defaultAnalysisOptions, parse, type AnalysisOptions } from '../../server/src/core/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

const uri = 'file:///site/robots.txt';

function render(text: string, options: AnalysisOptions): string {
	const model = parse(text);
	const lenses = computeCodeLenses(model, options, uri);
	const out: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		out.push(`> ${model.lineText(line)}`);
		for (const lens of lenses.filter((candidate) => candidate.range.start.line === line)) {
			out.push(`#^ ${JSON.stringify(lens.command?.title)} -> ${lens.command?.command} ${JSON.stringify(lens.command?.arguments)}`);
		}
	}
	return out.join('\n') + '\n';
}

describe('code lenses', () => {
	for (const name of readdirSync(join(fixturesDir, 'codeLens')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			assertSnapshot(join(fixturesDir, 'codeLens', name + '.snap'), render(readFixture('codeLens', name), defaultAnalysisOptions));
		});
	}

	test('with only first-match dialects, a repeated crawler is shadowed rather than merged', () => {
		const text = joinLines('User-agent: a', 'Disallow: /x', '', 'User-agent: A', 'Disallow: /y');
		const titles = computeCodeLenses(parse(text), { ...defaultAnalysisOptions, dialects: ['draft1996'] }, uri).map((lens) => lens.command?.title);
		assert.deepStrictEqual(titles, ['Test URL…', 'Applies to: a', 'Test URL as a…', 'Applies to: A (a first-match robot obeys the group at line 1 instead)', 'Test URL as A…']);
	});

	test('an empty file still offers the URL tester', () => {
		const lenses = computeCodeLenses(parse(''), defaultAnalysisOptions, uri);
		assert.deepStrictEqual(lenses.map((lens) => [lens.command?.command, lens.command?.arguments]), [['robotsTxt.testUrl', [uri]]]);
	});
});
