/**
 * `npm run catalogue:check` (scripts/catalogueCheck.ts) against the repository's copy of ai.robots.txt's robots.json:
 * the catalogue covers at least 90 % of it and lacks nothing the left-out table does not explain; tokens planted in
 * or taken out of a copy of the list are reported as new, removed and renamed, and a list the catalogue covers too
 * little of fails the check. The live list is never fetched here.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { findCrawler, knownCrawlers } from '../../core/src/index';
import {
	checkCatalogue,
	coverage,
	formatCatalogueReport,
	leftOutTable,
	minimumCoverage,
	repositoryCopy,
	type CommunityList,
} from '../../scripts/catalogueCheck';

const { list } = repositoryCopy();
const leftOut = leftOutTable();

/** The list without these tokens and with these added (operator as the list writes it). */
function edited(remove: readonly string[], add: Readonly<Record<string, string>>): CommunityList {
	const copy: Record<string, { operator?: string }> = Object.fromEntries(Object.entries(list).filter(([token]) => !remove.includes(token)));
	for (const [token, operator] of Object.entries(add)) {
		copy[token] = { operator };
	}
	return copy;
}

describe('catalogue check', () => {
	test('the catalogue covers at least 90 % of the copy, and everything else is left out with a reason', () => {
		const report = checkCatalogue(list, knownCrawlers, leftOut);
		assert.ok(coverage(report) >= minimumCoverage, `${report.covered} of ${report.expected}`);
		assert.deepEqual(report.added, []);
		assert.deepEqual(report.removed, []);
		assert.deepEqual(report.staleLeftOut, []);
		assert.match(formatCatalogueReport(report, 'the copy'), /^Coverage: \d+ of \d+, (9\d|100)\.\d % \(at least 90 % required\)\.$/m);
	});

	test("the issue's generic words stay out of the catalogue and do not count", () => {
		// Issue 24: "generic words in it such as `Code`, `Cursor`, `Operator`, `Spider` would match unrelated agents and stay out".
		for (const token of ['Code', 'Cursor', 'Operator', 'Spider']) {
			assert.ok(token in list, `${token} is in the list`);
			assert.equal(findCrawler(token), undefined, token);
			assert.equal(leftOut.find((entry) => entry.token === token)?.kind, 'generic', token);
		}
	});

	test('a version after a token and a second spelling count as the token', () => {
		const report = checkCatalogue(edited([], { 'GPTBot/1.3': '[OpenAI](https://openai.com)', gptbot: '[OpenAI](https://openai.com)' }), knownCrawlers, leftOut);
		assert.equal(report.listed, checkCatalogue(list, knownCrawlers, leftOut).listed);
		assert.deepEqual(report.added, []);
	});

	test('a planted token is reported new; a cited token the list dropped is reported removed, with its likely rename', () => {
		const report = checkCatalogue(
			edited(['Cloudflare-AutoRAG', 'DeepSeekBot'], {
				PlantedBot: 'Unclear at this time.',
				'Cloudflare-AISearch': '[Cloudflare](https://cloudflare.com)',
				DeepSeekBot2: 'DeepSeek',
			}),
			knownCrawlers,
			leftOut,
		);
		assert.deepEqual([...report.added].sort(), ['Cloudflare-AISearch', 'DeepSeekBot2', 'PlantedBot']);
		assert.deepEqual([...report.removed].sort(), ['Cloudflare-AutoRAG', 'DeepSeekBot']);
		assert.deepEqual(
			[...report.renames].sort((a, b) => a.to.localeCompare(b.to)),
			[
				{ from: 'Cloudflare-AutoRAG', to: 'Cloudflare-AISearch', because: 'owner' },
				{ from: 'DeepSeekBot', to: 'DeepSeekBot2', because: 'spelling' },
			],
		);
		assert.match(formatCatalogueReport(report, 'the copy'), /^ {2}PlantedBot$/m);
	});

	test('a list the catalogue covers less than 90 % of fails the check', () => {
		const planted = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`PlantedBot${i}`, 'Unclear at this time.']));
		const report = checkCatalogue(edited([], planted), knownCrawlers, leftOut);
		assert.equal(report.added.length, 40);
		assert.ok(coverage(report) < minimumCoverage, `${report.covered} of ${report.expected}`);
	});

	test('a left-out token the list dropped, or the catalogue took in, is reported for the table to be edited', () => {
		const report = checkCatalogue(edited(['Spider'], {}), knownCrawlers, [...leftOut, { token: 'GPTBot', kind: 'generic', why: 'planted' }]);
		assert.deepEqual(report.staleLeftOut, ['Spider', 'GPTBot']);
	});
});
