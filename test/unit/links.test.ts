/**
 * Document links: Sitemap values that are absolute http(s) URLs, and nothing else.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDocumentLinks, parse } from '../../core/src/index';
import { joinLines } from '../util/fixtures';

function check(text: string, expected: readonly string[]): void {
	const model = parse(text);
	const links = computeDocumentLinks(model);
	assert.deepStrictEqual(links.map((link) => link.target), expected);
	for (const link of links) {
		const { start, end } = link.range;
		assert.equal(model.lineText(start.line).slice(start.character, end.character), link.target, 'the link covers its URL');
	}
}

test('Sitemap URLs become links, with any casing of the key and a comment after the value', () => {
	check(joinLines('Sitemap: https://example.com/sitemap.xml', 'sitemap:http://example.com/a.xml # news', 'User-agent: *'), [
		'https://example.com/sitemap.xml',
		'http://example.com/a.xml',
	]);
});

test('Google\'s reading of the key counts: site-map and sitemaps', () => {
	check(joinLines('Site-map: https://example.com/a.xml', 'Sitemaps: https://example.com/b.xml'), ['https://example.com/a.xml', 'https://example.com/b.xml']);
});

test('relative paths, other schemes, URLs with spaces and other directives get no link', () => {
	check(joinLines('Sitemap: /sitemap.xml', 'Sitemap: ftp://example.com/s.xml', 'Sitemap: https://example.com/a b.xml', 'Sitemap: https://', 'Disallow: https://example.com/'), []);
});
