/**
 * Code lenses: golden outputs of test/fixtures/codeLens (each source line, then its lenses with their commands),
 * and the command contract the client implements.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens } from 'vscode-languageserver-types';
import { computeCodeLenses, defaultAnalysisOptions, groupLensData, parse, resolveCodeLens, type AnalysisOptions } from '../../core/src/index';
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
		const titles = computeCodeLenses(
			parse(text),
			{ ...defaultAnalysisOptions, crawlers: ['Googlebot', 'Googlebot-Image', 'bingbot', 'AdsBot-Google'] },
			uri,
		).map((lens) => lens.command?.title);
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

	// Seven groups as RFC 9309 reads them: a blank line does not split the second one.
	const sevenGroups = joinLines(
		'User-agent: *',
		'Disallow: /a',
		'',
		'User-agent: Googlebot',
		'Disallow: /b',
		'',
		'Allow: /b/ok',
		'',
		'User-agent: bingbot',
		'Disallow: /c',
		'',
		'User-agent: BadBot',
		'User-agent: EvilBot',
		'Disallow: /',
		'',
		'User-agent: GPTBot',
		'Disallow: /',
		'',
		'User-agent: *',
		'Disallow: /d',
		'',
		'User-agent: Slurp',
		'Allow: /',
		'',
	);
	const groupLines = [0, 3, 8, 11, 15, 18, 21];

	test('with maxGroups, lenses go on the first groups only, and a lens at the top says so', () => {
		const model = parse(sevenGroups);
		const all = computeCodeLenses(model, defaultAnalysisOptions, uri);
		const capped = computeCodeLenses(model, defaultAnalysisOptions, uri, { maxGroups: 3 });
		const note = capped.filter((lens) => lens.command?.command === 'robotsTxt.showDetails');
		const rest = capped.filter((lens) => lens.command?.command !== 'robotsTxt.showDetails');
		assert.deepStrictEqual(note, [
			{
				range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
				command: {
					title: 'Code lenses on the first 3 of 7 groups only (robotsTxt.codeLens.maxGroups)',
					command: 'robotsTxt.showDetails',
					arguments: [
						'This file has 7 groups. Code lenses are shown on the first 3 of them only: robotsTxt.codeLens.maxGroups sets how many, because every lens costs time at each edit. Raise it to see lenses on more groups.',
					],
				},
			},
		]);
		// Everything else is the uncapped answer on the first three groups (the top lenses are on the first one's line).
		const onFirstThree = all.filter((lens) => groupLines.slice(0, 3).includes(lens.range.start.line));
		assert.deepStrictEqual(rest, onFirstThree);
		assert.deepStrictEqual([...new Set(all.filter((lens) => lens.range.end.character > 0).map((lens) => lens.range.start.line))], groupLines);
	});

	test('a limit the file stays within changes nothing', () => {
		const model = parse(sevenGroups);
		const all = computeCodeLenses(model, defaultAnalysisOptions, uri);
		assert.deepStrictEqual(computeCodeLenses(model, defaultAnalysisOptions, uri, { maxGroups: 7 }), all);
		assert.deepStrictEqual(computeCodeLenses(model, defaultAnalysisOptions, uri, { maxGroups: 1 }).length, 2 + 1 + 2);
	});

	test("resolved later, the groups' lenses come without commands, and resolving each gives the same lens", () => {
		const model = parse(sevenGroups);
		for (const maxGroups of [undefined, 4]) {
			const eager = computeCodeLenses(model, defaultAnalysisOptions, uri, { maxGroups });
			const later = computeCodeLenses(model, defaultAnalysisOptions, uri, { maxGroups, resolveLater: { version: 3 } });
			assert.deepStrictEqual(
				later.map((lens) => lens.range),
				eager.map((lens) => lens.range),
			);
			const unresolved = later.filter((lens) => lens.command === undefined);
			assert.equal(unresolved.length, 2 * (maxGroups ?? groupLines.length));
			assert.deepStrictEqual(groupLensData(unresolved[1].data), { uri, version: 3, group: 0, lens: 'test' });
			// Over the wire a lens is JSON: it is resolved from its copy, as a client sends it back, in any order.
			const copies = later.map((lens) => JSON.parse(JSON.stringify(lens)) as CodeLens).reverse();
			const resolved = copies.map((lens) => (lens.command ? lens : resolveCodeLens(parse(sevenGroups), defaultAnalysisOptions, lens, maxGroups))).reverse();
			assert.deepStrictEqual(resolved, eager);
		}
	});

	test('a lens without group data, or of a group past the limit, is resolved as it is', () => {
		const model = parse(sevenGroups);
		const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 13 } };
		for (const data of [
			undefined,
			null,
			'x',
			{ uri, version: 1, group: -1, lens: 'test' },
			{ uri, version: 1, group: 0.5, lens: 'test' },
			{ uri, version: 1, group: 0, lens: 'other' },
			{ version: 1, group: 0, lens: 'test' },
		]) {
			const lens: CodeLens = { range, data };
			assert.equal(groupLensData(data), undefined, JSON.stringify(data));
			assert.equal(resolveCodeLens(model, defaultAnalysisOptions, lens), lens);
		}
		const past: CodeLens = { range, data: { uri, version: 1, group: 3, lens: 'followers' } };
		assert.equal(resolveCodeLens(model, defaultAnalysisOptions, past, 3), past);
		assert.equal(resolveCodeLens(model, defaultAnalysisOptions, { range, data: { uri, version: 1, group: 7, lens: 'test' } }).command, undefined);
	});

	// 6 000 groups of `*` and, past the limit of 5 000 groups, one group of Googlebot's: the file (about 180 KB) is within
	// the 500 KiB every crawler reads. RFC 9309 §2.2.1: a crawler follows the group that names it, and the `*` groups
	// only when none does; so Googlebot follows no lensed group, and bingbot every one.
	const manyGroups = Array.from({ length: 6_000 }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('') + 'User-agent: Googlebot\nDisallow: /\n';
	const twoCrawlers = { ...defaultAnalysisOptions, crawlers: ['Googlebot', 'bingbot'] };

	test('on 6 001 groups with a limit of 5 000, the lenses are on the first 5 000 groups, each followed as the whole file says', () => {
		const model = parse(manyGroups);
		const lenses = computeCodeLenses(model, twoCrawlers, uri, { maxGroups: 5_000 });
		assert.equal(lenses.length, 2 + 1 + 2 * 5_000);
		assert.equal(lenses[2].command?.title, 'Code lenses on the first 5,000 of 6,001 groups only (robotsTxt.codeLens.maxGroups)');
		const onGroups = lenses.slice(3);
		// Each group is three lines: its User-agent line is line 3i.
		assert.deepStrictEqual(
			onGroups.map((lens) => lens.range.start.line),
			Array.from({ length: 5_000 }, (_, i) => [3 * i, 3 * i]).flat(),
		);
		const titles = new Set(onGroups.map((lens) => lens.command?.title));
		assert.deepStrictEqual(
			[...titles],
			['Followed by bingbot (1 of your 2 crawlers), and every other crawler without a group of its own', 'Test URL as any crawler…'],
		);
		// Resolved later, from copies as a client sends them back, the lenses it shows are the same.
		const later = computeCodeLenses(model, twoCrawlers, uri, { maxGroups: 5_000, resolveLater: { version: 1 } });
		const firstScreen = later.filter((lens) => lens.range.start.line < 60).map((lens) => JSON.parse(JSON.stringify(lens)) as CodeLens);
		const resolved = firstScreen.map((lens) => (lens.command ? lens : resolveCodeLens(parse(manyGroups), twoCrawlers, lens, 5_000)));
		assert.deepStrictEqual(
			resolved,
			lenses.filter((lens) => lens.range.start.line < 60),
		);
		// Without a limit every group has its lenses, Googlebot's own group with its title.
		const all = computeCodeLenses(model, twoCrawlers, uri);
		assert.equal(all.length, 2 + 2 * 6_001);
		assert.equal(all.at(-2)?.command?.title, 'Followed by Googlebot (1 of your 2 crawlers)');
	});

	test('an empty file still offers the URL tester', () => {
		const lenses = computeCodeLenses(parse(''), defaultAnalysisOptions, uri);
		assert.deepStrictEqual(
			lenses.map((lens) => [lens.command?.command, lens.command?.arguments]),
			[
				['robotsTxt.testUrl', [uri]],
				['robotsTxt.testUrlAll', [uri]],
			],
		);
	});
});
