/**
 * `robots-txt lint` on test/fixtures/site-render: the resources pages load that the robots.txt keeps from the target
 * search crawlers, the same findings the language server gives (test/lsp/siteParity.test.ts). Expected findings are
 * worked out in the fixture's README from Google's documentation on rendering and blocked resources.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixturesDir } from '../util/fixtures';
import { runCli } from './cliProcess';

function lint(args: string[]) {
	return runCli(['lint', 'site-render', ...args], { cwd: fixturesDir });
}

test('text: a warning on each blocked resource of a page, the hint on the rule with --hints, and --max-warnings fails', () => {
	const result = lint(['--crawler', 'Googlebot,bingbot,GPTBot', '--hints']);
	assert.equal(result.status, 0, result.stderr);
	assert.deepEqual(result.stdout.split('\n').slice(0, 8), [
		'site-render/blog/post.html:5:30: warning render-resource-blocked: Googlebot and bingbot cannot fetch this stylesheet: robots.txt line 3 ("Disallow: /assets/") disallows /assets/site.css, so the page is rendered without it.',
		'site-render/index.html:4:30: warning render-resource-blocked: Googlebot and bingbot cannot fetch this stylesheet: robots.txt line 3 ("Disallow: /assets/") disallows /assets/site.css, so the page is rendered without it.',
		'site-render/index.html:5:27: warning render-resource-blocked: Googlebot and bingbot cannot fetch this font: robots.txt line 3 ("Disallow: /assets/") disallows /assets/fonts/inter.woff2, so the page is rendered without it.',
		'site-render/index.html:7:14: warning render-resource-blocked: Googlebot and bingbot cannot fetch this script: robots.txt line 3 ("Disallow: /assets/") disallows /assets/app.js, so the page is rendered without it.',
		'site-render/index.html:10:11: warning render-resource-blocked: Googlebot and bingbot cannot fetch this image: robots.txt line 3 ("Disallow: /assets/") disallows /assets/logo.png, so the page is rendered without it.',
		'site-render/index.html:10:37: warning render-resource-blocked: Googlebot and bingbot cannot fetch this image: robots.txt line 3 ("Disallow: /assets/") disallows /assets/logo.png, so the page is rendered without it.',
		'site-render/index.html:10:58: warning render-resource-blocked: Googlebot and bingbot cannot fetch this image: robots.txt line 3 ("Disallow: /assets/") disallows /assets/logo@2x.png, so the page is rendered without it.',
		'site-render/robots.txt:3:1: hint rule-hides-render-resources: This rule hides resources that 2 pages need to render from Googlebot and bingbot, e.g. / loads /assets/app.js.',
	]);
	assert.equal(lint(['--crawler', 'Googlebot', '--max-warnings', '0']).status, 1);
	// No search crawler among the targets: nothing is rendered for them, nothing to say.
	const ai = lint(['--crawler', 'GPTBot,CCBot']);
	assert.equal(ai.status, 0, ai.stderr);
	assert.doesNotMatch(ai.stdout, /render-resource-blocked|rule-hides-render-resources/);
});

test('JSON: the deciding robots.txt line as the related location', () => {
	const result = lint(['--crawler', 'Googlebot', '--format', 'json']);
	const records = JSON.parse(result.stdout) as { file: string; line: number; code: string; message: string; related?: { file: string; line: number }[] }[];
	const stylesheet = records.find((record) => record.file === 'site-render/index.html' && record.line === 4)!;
	assert.equal(stylesheet.code, 'render-resource-blocked');
	assert.match(stylesheet.message, /^Googlebot cannot fetch this stylesheet: robots\.txt line 3/);
	assert.deepEqual(
		stylesheet.related?.map((related) => [related.file, related.line]),
		[['site-render/robots.txt', 3]],
	);
});
