/**
 * Document links: Sitemap values that are absolute http(s) URLs, and nothing else.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDiagnostics, computeDocumentLinks, defaultAnalysisOptions, parse } from '../../core/src/index';
import { joinLines } from '../util/fixtures';

function check(text: string, expected: readonly string[]): void {
	const model = parse(text);
	const links = computeDocumentLinks(model);
	assert.deepStrictEqual(
		links.map((link) => link.target),
		expected,
	);
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

test("Google's reading of the key counts: site-map and sitemaps", () => {
	check(joinLines('Site-map: https://example.com/a.xml', 'Sitemaps: https://example.com/b.xml'), ['https://example.com/a.xml', 'https://example.com/b.xml']);
});

test('relative paths, other schemes, URLs with spaces and other directives get no link', () => {
	check(
		joinLines(
			'Sitemap: /sitemap.xml',
			'Sitemap: ftp://example.com/s.xml',
			'Sitemap: https://example.com/a b.xml',
			'Sitemap: https://',
			'Disallow: https://example.com/',
		),
		[],
	);
});

/**
 * sitemaps.org's protocol page: the Sitemap line's `<sitemap_location>` "should be the complete URL to the Sitemap,
 * such as: http://www.example.com/sitemap.xml", and a URL "must begin with the protocol (such as http)". A value the
 * WHATWG URL parser rejects (`http://[bad/…`: an IPv6 host that is never closed) is no URL a crawler can fetch.
 */
const sitemapValues: ReadonlyArray<{ readonly value: string; readonly fetchable: boolean }> = [
	{ value: 'http://www.example.com/sitemap.xml', fetchable: true },
	{ value: 'https://example.com/sitemap_index.xml?page=2', fetchable: true },
	{ value: 'http://[bad/sitemap.xml', fetchable: false },
	{ value: 'http://[::1/sitemap.xml', fetchable: false },
	{ value: '/sitemap.xml', fetchable: false },
	{ value: 'sitemap.xml', fetchable: false },
	{ value: 'ftp://example.com/sitemap.xml', fetchable: false },
];

test('a Sitemap value gets a link exactly when it gets no invalid-sitemap-url, and only a complete http(s) URL gets one', () => {
	for (const { value, fetchable } of sitemapValues) {
		const model = parse(joinLines('User-agent: *', 'Disallow:', `Sitemap: ${value}`));
		const linked = computeDocumentLinks(model).map((link) => link.target);
		const invalid = computeDiagnostics(model, defaultAnalysisOptions).filter((d) => d.code === 'invalid-sitemap-url');
		assert.deepEqual(linked, fetchable ? [value] : [], `links of ${value}`);
		assert.equal(invalid.length, fetchable ? 0 : 1, `invalid-sitemap-url on ${value}`);
	}
});
