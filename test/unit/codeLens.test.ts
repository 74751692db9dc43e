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

	test('titles name the target crawlers that follow each group, as each reads the file', () => {
		const text = joinLines('User-agent: *', 'Disallow: /x', '', 'User-agent: Googlebot', 'Disallow: /y', '', 'User-agent: BadBot', 'Disallow: /');
		const titles = computeCodeLenses(parse(text), { ...defaultAnalysisOptions, crawlers: ['Googlebot', 'Googlebot-Image', 'bingbot', 'AdsBot-Google'] }, uri).map((lens) => lens.command?.title);
		assert.deepStrictEqual(titles, [
			'Test URL…',
			'Test URL for All Crawlers…',
			'Followed by bingbot (1 of your 4 crawlers), and every other crawler without a group of its own',
			'Test URL as any crawler…',
			'Followed by Googlebot and Googlebot-Image (2 of your 4 crawlers)',
			'Test URL as Googlebot…',
			'Followed by none of your crawlers · names BadBot',
			'Test URL as BadBot…',
		]);
	});

	test('a group naming a thousand crawlers lists a handful in its title', () => {
		const text = [...Array.from({ length: 1000 }, (_, i) => `User-agent: Bot${i}`), 'Disallow: /'].join('\n');
		const titles = computeCodeLenses(parse(text), defaultAnalysisOptions, uri).map((lens) => lens.command?.title ?? '');
		assert.ok(titles.includes('Followed by none of your crawlers · names Bot0, Bot1, Bot2, Bot3, Bot4 and 995 more'), titles.join(' | '));
	});

	test('an empty file still offers the URL tester', () => {
		const lenses = computeCodeLenses(parse(''), defaultAnalysisOptions, uri);
		assert.deepStrictEqual(lenses.map((lens) => [lens.command?.command, lens.command?.arguments]), [['robotsTxt.testUrl', [uri]], ['robotsTxt.testUrlAll', [uri]]]);
	});
});
