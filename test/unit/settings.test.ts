/**
 * The settings a workspace commits are input like any file (issue 21): `robotsTxt.crawlers` with 16 000 entries made a
 * hover on a User-agent line take 30 s, since every hover and lens answers for each target crawler. The list is
 * bounded and its duplicates dropped in one pass.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { maxTargetCrawlers, toAnalysisOptions } from '../../server/src/settings';
import { repoRoot } from '../util/fixtures';

test('robotsTxt.crawlers keeps at most maxTargetCrawlers distinct tokens, the first ones, case-insensitively distinct', () => {
	const many = Array.from({ length: 20_000 }, (_, i) => `Bot${i}`);
	const options = toAnalysisOptions({ crawlers: ['Googlebot', 'googlebot', ' GPTBot ', ...many] }, 'robots.txt');
	assert.equal(options.crawlers.length, maxTargetCrawlers);
	assert.deepEqual(options.crawlers.slice(0, 3), ['Googlebot', 'GPTBot', 'Bot0']);
	assert.equal(options.crawlers[maxTargetCrawlers - 1], `Bot${maxTargetCrawlers - 3}`);
});

test('the manifest says the same limit to the settings editor', () => {
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
		contributes: { configuration: { properties: Record<string, { maxItems?: number }> } };
	};
	assert.equal(manifest.contributes.configuration.properties['robotsTxt.crawlers'].maxItems, maxTargetCrawlers);
});
