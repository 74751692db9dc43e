/**
 * Managed blocks (test/fixtures/managed/README.md has the sources): the lines each platform wrote, found as its source
 * shows them; the `managed-block` finding on the block's first line with how its groups and the site's combine for
 * each crawler, as docs/semantics.md says each parser groups and selects (RFC 9309, Google and Yandex merge the two
 * `User-agent: *` groups, a 1996-draft robot takes the first record); and the comparison of a file with the same file
 * plus a platform's block.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyseDeployed, compareWithDeployed, computeDiagnostics, defaultAnalysisOptions, managedDifference, parse } from '../../core/src/index';
import { findManagedBlocks } from '../../core/src/syntax/managedBlocks';
import { joinLines, readFixture } from '../util/fixtures';

const cloudflare = readFixture('managed', 'cloudflare-crawlstop.robots.txt');
const origin = readFixture('managed', 'crawlstop-origin.robots.txt');
const yoast = readFixture('managed', 'yoast-fytaal.nl.robots.txt');

/** The 1-based number of the first line that is `text` exactly, as the source prints it. */
function lineOf(source: string, text: string, from = 0): number {
	const index = source.split('\n').indexOf(text, from);
	assert.ok(index >= 0, text);
	return index + 1;
}

function managedFindings(text: string, crawlers: readonly string[]): Diagnostic[] {
	return computeDiagnostics(parse(text), { ...defaultAnalysisOptions, crawlers }, 'file:///site/robots.txt').filter(
		(diagnostic) => diagnostic.code === 'managed-block',
	);
}

describe('managed blocks', () => {
	test("Cloudflare's block as its docs show it, prepended to the site's own User-agent: * group", () => {
		const begin = lineOf(cloudflare, '# BEGIN Cloudflare Managed content');
		const end = lineOf(cloudflare, '# END Cloudflare Managed Content');
		const blockStar = lineOf(cloudflare, 'User-Agent: *');
		const ownStar = lineOf(cloudflare, 'User-agent: *');
		const gptbot = lineOf(cloudflare, 'User-agent: GPTBot');
		const claudebot = lineOf(cloudflare, 'User-agent: ClaudeBot');
		// The Content Signals Policy comments above the start marker are Cloudflare's too (the docs show them prepended).
		const [block] = findManagedBlocks(parse(cloudflare));
		assert.deepEqual([block.platform.platform, block.first + 1, block.start + 1, block.end + 1, block.last + 1], ['Cloudflare', 1, begin, end, end]);

		const [finding, ...more] = managedFindings(cloudflare, ['Googlebot', 'bingbot', 'YandexBot', 'Python-urllib', 'GPTBot', 'ClaudeBot']);
		assert.equal(more.length, 0);
		assert.equal(finding.range.start.line, 0);
		assert.equal(finding.severity, 3);
		// RFC 9309 §2.2.1 (bingbot), Google and Yandex merge the block's `*` group with the site's; Python's robotparser
		// (the 1996 draft) takes the first `*` record alone; GPTBot and ClaudeBot have groups of their own in the block.
		assert.equal(
			finding.message,
			`Lines 1–${end} are Cloudflare's managed block: the platform writes them. `
				+ `Googlebot, bingbot and YandexBot follow the block's group at line ${blockStar} together with yours at line ${ownStar}: they read them as one group. `
				+ `Python-urllib, GPTBot and ClaudeBot follow only the block's groups for them at lines ${blockStar}, ${claudebot} and ${gptbot}: the platform's lines decide for them.`,
		);
		// The site's own group that merges with the block's points back at it.
		assert.deepEqual(
			finding.relatedInformation?.map((related) => [related.location.range.start.line + 1, related.message]),
			[[ownStar, `Read together with the managed block's group at line ${blockStar} by Googlebot, bingbot and YandexBot.`]],
		);
	});

	test('Yoast SEO from a corpus file (0835, fytaal.nl): its User-agent: * group is the only group', () => {
		const start = lineOf(yoast, '# START YOAST BLOCK');
		const end = lineOf(yoast, '# END YOAST BLOCK');
		const [finding] = managedFindings(yoast, ['Googlebot', 'bingbot']);
		assert.equal(finding.range.start.line, start - 1);
		assert.equal(
			finding.message,
			`Lines ${start}–${end} are Yoast SEO's managed block: the platform writes them. `
				+ `Googlebot and bingbot follow only the block's group at line ${lineOf(yoast, 'User-agent: *')}: the platform's lines decide for them.`,
		);
	});

	test('a block without its end marker runs to the end of the file', () => {
		const text = joinLines('User-agent: Googlebot', 'Disallow: /search', '', '# START YOAST BLOCK', 'User-agent: *', 'Disallow:', '', '');
		const [finding] = managedFindings(text, ['Googlebot', 'bingbot']);
		assert.equal(finding.range.start.line, 3);
		assert.equal(
			finding.message,
			'Lines 4–6 are Yoast SEO\'s managed block, which has no end marker ("# END YOAST BLOCK"): it runs to the end of the file. '
				+ "bingbot follows only the block's group at line 5: the platform's lines decide for it. "
				+ 'Googlebot follows only your group at line 1: the block changes nothing for it.',
		);
	});

	test('a marker inside a group: the rules past the end marker join the block’s last group', () => {
		// The site's file starts with a rule before any User-agent line; prepended, the block's last group takes it in
		// (RFC 9309 §2.1: a group is a User-agent line and the rules up to the next one; comments end nothing).
		const text = joinLines(
			'# BEGIN Cloudflare Managed content',
			'User-agent: GPTBot',
			'Disallow: /',
			'# END Cloudflare Managed Content',
			'Allow: /public/',
			'',
			'User-agent: *',
			'Disallow: /private/',
			'',
		);
		const [finding] = managedFindings(text, ['GPTBot', 'Googlebot']);
		assert.equal(
			finding.message,
			"Lines 1–4 are Cloudflare's managed block: the platform writes them. "
				+ "GPTBot follows the group at line 2, which runs across the block's marker at line 4: the lines on both sides of it are one group for it. "
				+ 'Googlebot follows only your group at line 7: the block changes nothing for it.',
		);
		// A start marker inside the site's group: the block's rules are that group's.
		const inside = joinLines('User-agent: *', '# START YOAST BLOCK', 'Disallow: /wp-admin/', '# END YOAST BLOCK', '');
		assert.match(managedFindings(inside, ['bingbot'])[0].message, /bingbot follows the group at line 1, which runs across the block's marker at line 2/);
	});

	test('markers are matched as the platforms write them, trailing whitespace aside', () => {
		const spaced = joinLines('# START YOAST BLOCK  ', 'User-agent: *', 'Disallow:', '# END YOAST BLOCK\t', 'Sitemap: https://example.com/s.xml', '');
		assert.deepEqual(
			findManagedBlocks(parse(spaced)).map((block) => [block.start, block.end]),
			[[0, 3]],
		);
		// Not a marker: a quoted one, one after other text, another platform's end for this start.
		const others = joinLines('# see "# START YOAST BLOCK"', 'User-agent: * # START YOAST BLOCK', '# START YOAST BLOCK', '# END Cloudflare Managed Content', '');
		assert.deepEqual(
			findManagedBlocks(parse(others)).map((block) => [block.start, block.end]),
			[[2, -1]],
		);
		assert.deepEqual(managedFindings('User-agent: *\nDisallow: /x\n', ['Googlebot']), []);
	});

	test('a file that is another plus a managed block: the blocks, and what they change per crawler', () => {
		const end = lineOf(cloudflare, '# END Cloudflare Managed Content');
		const difference = managedDifference(parse(origin), parse(cloudflare), ['Googlebot', 'GPTBot']);
		assert.equal(difference?.blocks, `Cloudflare's managed block (lines 1–${end})`);
		// GPTBot now follows the block's own group and reads its Disallow: / instead of the site's `*` rules.
		const gptbot = difference?.changes.find((change) => change.startsWith('GPTBot:')) ?? '';
		assert.match(gptbot, new RegExp(`now it follows its own group at line ${lineOf(cloudflare, 'User-agent: GPTBot')}`));
		assert.match(gptbot, /reads 1 new rule: \+ new line \d+ `Disallow: \/`/);
		// CRLF line ends and trailing spaces do not count; a line of the site's that differs does.
		assert.ok(managedDifference(parse(origin.replace(/\n/g, ' \r\n')), parse(cloudflare), ['Googlebot']));
		assert.equal(managedDifference(parse(origin.replace('/lp', '/lp2')), parse(cloudflare), ['Googlebot']), undefined);
		assert.equal(managedDifference(parse(origin), parse(origin), ['Googlebot']), undefined);

		const outcome = {
			url: 'https://www.crawlstop.com/robots.txt',
			responses: [
				{
					url: 'https://www.crawlstop.com/robots.txt',
					status: 200,
					headers: [['Content-Type', 'text/plain']] as [string, string][],
					body: new TextEncoder().encode(cloudflare),
				},
			],
		};
		const crawlers = ['Googlebot', 'GPTBot'];
		const comparison = compareWithDeployed(parse(origin), analyseDeployed(outcome, crawlers), crawlers);
		assert.ok(
			comparison.summary.startsWith(
				`The deployed file (https://www.crawlstop.com/robots.txt) differs from the local file only by Cloudflare's managed block (lines 1–${end}). `,
			),
		);
		assert.equal(comparison.managed?.[0], comparison.summary.slice(0, comparison.summary.indexOf('). ') + 2));
		assert.ok(comparison.managed?.some((line) => line.startsWith('GPTBot: now it follows its own group')));
		// A plain change is reported as before, with no word of managed blocks.
		const plain = compareWithDeployed(parse(origin.replace('/lp', '/lp2')), analyseDeployed(outcome, crawlers), crawlers);
		assert.equal(plain.managed, undefined);
		assert.doesNotMatch(plain.summary, /managed/);
	});
});
