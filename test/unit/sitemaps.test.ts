/**
 * A robots.txt against the sitemaps it names (core/site/sitemaps.ts), on test/fixtures/site-sitemap (its README cites
 * the sources). Expected answers follow them: a rule's path is a prefix of the URL paths it matches (RFC 9309 2.2.2),
 * so `Disallow: /private/` disallows /private/offer.html for every crawler of the `*` group; Search Console reports
 * such a listed URL as "Submitted URL blocked by robots.txt"; a sitemap index lists sitemaps, not indexes, and a
 * sitemap holds at most 50,000 URLs and 50 MB uncompressed (sitemaps.org); a Sitemap on another host is allowed when
 * the robots.txt names it (sitemaps.org, "Sitemaps & Cross Submits").
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
	nextUrlSets,
	parse,
	readUrlSet,
	urlSetDiagnostics,
	urlSetFilePaths,
	urlSetLimits,
	urlSetOrigin,
	type ReadUrlSet,
	type RobotsModel,
	type UrlSetLimits,
	type UrlSetSource,
} from '../../core/src/index';
import { fixturesDir, joinLines } from '../util/fixtures';

const folder = join(fixturesDir, 'site-sitemap');
const robots = parse(readFileSync(join(folder, 'robots.txt'), 'utf8'));
/** Two search crawlers and one that is not: GPTBot (category ai-training) gets no sitemap finding. */
const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];

/** What an edge finds in the fixture folder at a URL of www.example.com: the file at its path, gunzipped. */
function sourceInFixture(url: string): UrlSetSource {
	const parsed = new URL(url);
	if (parsed.host !== 'www.example.com') {
		return { kind: 'not-local' };
	}
	const path = urlSetFilePaths({ robots: 'robots.txt', roots: [''] }, parsed.pathname)[0];
	try {
		const bytes = readFileSync(join(folder, path));
		return { kind: 'text', text: (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'), cut: false };
	} catch {
		return { kind: 'missing', path };
	}
}

/** The edge's loop: read what the core names next until it names nothing. */
function readAll(model: RobotsModel, find: (url: string) => UrlSetSource, limits?: UrlSetLimits): Map<string, ReadUrlSet> {
	const reads = new Map<string, ReadUrlSet>();
	for (let next = nextUrlSets(model, reads, limits); next.length > 0; next = nextUrlSets(model, reads, limits)) {
		for (const url of next) {
			reads.set(url, readUrlSet(find(url), limits));
		}
	}
	return reads;
}

function lines(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.map((d) => `${d.range.start.line + 1} ${d.code}: ${d.message}`);
}

describe('which sitemaps to read', () => {
	test("the Sitemap lines' URLs first, then the sitemaps an index lists", () => {
		const reads = new Map<string, ReadUrlSet>();
		assert.deepEqual(nextUrlSets(robots, reads), [
			'https://www.example.com/sitemap.xml',
			'https://www.example.com/sitemap_index.xml',
			'https://cdn.example.net/sitemap-cdn.xml',
			'https://www.example.com/missing.xml',
			'https://www.example.com/sitemaps/hidden.xml',
		]);
		for (const url of nextUrlSets(robots, reads)) {
			reads.set(url, readUrlSet(sourceInFixture(url)));
		}
		assert.deepEqual(nextUrlSets(robots, reads), ['https://www.example.com/sitemaps/pages.xml.gz', 'https://www.example.com/sitemaps/posts.xml']);
		assert.equal(readAll(robots, sourceInFixture).size, 7);
	});

	test('an index an index lists is not followed (sitemaps.org: an index lists sitemaps), and the total is capped', () => {
		const model = parse(joinLines('Sitemap: https://a.example/index.xml', 'Sitemap: https://a.example/other.xml'));
		const index = (locs: string[]) =>
			`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;
		const files: Record<string, string> = {
			'https://a.example/index.xml': index(['https://a.example/inner-index.xml', 'https://a.example/1.xml', 'https://a.example/2.xml']),
			'https://a.example/inner-index.xml': index(['https://a.example/never.xml']),
		};
		const find = (url: string): UrlSetSource =>
			url in files ? { kind: 'text', text: files[url], cut: false } : { kind: 'text', text: '<urlset></urlset>', cut: false };
		const reads = readAll(model, find);
		assert.deepEqual([...reads.keys()].sort(), [
			'https://a.example/1.xml',
			'https://a.example/2.xml',
			'https://a.example/index.xml',
			'https://a.example/inner-index.xml',
			'https://a.example/other.xml',
		]);
		const capped = readAll(model, find, { maxSitemaps: 3, maxUrls: 50_000, maxBytes: 1 << 20 });
		assert.equal(capped.size, 3);
		const cut = lines(
			urlSetDiagnostics(model, 'file:///r/robots.txt', 'https://a.example', capped, crawlers, {}, { maxSitemaps: 3, maxUrls: 50_000, maxBytes: 1 << 20 }),
		);
		assert.deepEqual(cut, ['1 sitemap-cut: Only 3 sitemaps were read for this file; 2 more were not.']);
	});
});

describe('what a sitemap is', () => {
	const text = (value: string): UrlSetSource => ({ kind: 'text', text: value, cut: false });

	test('a urlset, an empty urlset, an index; HTML, JSON and binary are no sitemaps', () => {
		const urlset = readUrlSet(text('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/x</loc></url></urlset>'));
		assert.deepEqual(urlset, { kind: 'urlset', urls: ['https://a.example/x'], sitemaps: [], leftOut: 0, cut: false });
		assert.equal(readUrlSet(text('<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>')).kind, 'urlset');
		assert.equal(readUrlSet(text('<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>')).kind, 'index');
		assert.deepEqual(readUrlSet(text('<!doctype html><html><head><title>Not found</title></head></html>')), {
			kind: 'unreadable',
			reason: 'it has no <urlset> or <sitemapindex> element, so it is not a sitemap',
		});
		assert.deepEqual(readUrlSet(text('{"urls": []}')), { kind: 'unreadable', reason: 'it is not XML, so not a sitemap' });
		assert.equal(readUrlSet(text('\u001f\u008b\u0008\u0000\uFFFD\uFFFD')).kind, 'unreadable');
	});

	test('the reasons an edge gives, in words', () => {
		assert.deepEqual(
			(
				[
					{ kind: 'missing', path: 'sitemap.xml' },
					{ kind: 'not-local' },
					{ kind: 'http-status', status: 404 },
					{ kind: 'network', message: 'getaddrinfo ENOTFOUND a.example' },
					{ kind: 'broken-gzip' },
				] as const
			).map((source) => {
				const read = readUrlSet(source);
				return read.kind === 'unreadable' ? read.reason : read.kind;
			}),
			[
				'no file sitemap.xml in the workspace at its URL path below the site root',
				'it is not in the workspace (another host, or no file system to read)',
				'the server answered HTTP 404',
				'the request failed: getaddrinfo ENOTFOUND a.example',
				'it is not valid gzip',
			],
		);
	});

	test('the caps are those of sitemaps.org: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per file', () => {
		assert.equal(urlSetLimits.maxUrls, 50_000);
		assert.equal(urlSetLimits.maxBytes, 52_428_800);
	});

	test('a file over the URL cap is read up to it, and says how many were left out', () => {
		const locs = Array.from({ length: 5 }, (_, i) => `<url><loc>https://a.example/${i}</loc></url>`).join('');
		const read = readUrlSet(text(`<urlset>${locs}</urlset>`), { maxSitemaps: 50, maxUrls: 3, maxBytes: 1 << 20 });
		assert.deepEqual(read, {
			kind: 'urlset',
			urls: ['https://a.example/0', 'https://a.example/1', 'https://a.example/2'],
			sitemaps: [],
			leftOut: 2,
			cut: false,
		});
	});

	test('10 MB of anything is read without a failure', () => {
		const big = '<urlset>' + '<'.repeat(10 * 1024 * 1024);
		assert.equal(readUrlSet(text(big)).kind, 'urlset');
		assert.equal(readUrlSet(text('\u0000'.repeat(10 * 1024 * 1024))).kind, 'unreadable');
	});
});

describe('where a sitemap is in the workspace', () => {
	test("below each root of the site, its URL path's segments decoded; none for a folder or a climb out", () => {
		const site = { robots: 'public/robots.txt', roots: ['public', ''] };
		assert.deepEqual(urlSetFilePaths(site, '/sitemaps/pages%20one.xml.gz'), ['public/sitemaps/pages one.xml.gz', 'sitemaps/pages one.xml.gz']);
		assert.deepEqual(urlSetFilePaths(site, '/sitemaps/'), []);
		assert.deepEqual(urlSetFilePaths(site, '/a/%2e%2e/b.xml'), []);
		assert.deepEqual(urlSetFilePaths(site, '/%E0%A4%A.xml'), []);
	});

	test("the origin a file judges: its own URL's, else its first Sitemap's", () => {
		assert.equal(urlSetOrigin(robots, undefined), 'https://www.example.com');
		assert.equal(urlSetOrigin(robots, 'https://shop.example.org/robots.txt'), 'https://shop.example.org');
		assert.equal(urlSetOrigin(parse('User-agent: *\nDisallow: /\n'), undefined), undefined);
	});
});

describe('the findings on the robots.txt', () => {
	const reads = readAll(robots, sourceInFixture);

	test('the fixture site: listed URLs disallowed, the rules that hide them, a cross-submit, a sitemap hidden itself, one missing', () => {
		const found = urlSetDiagnostics(robots, 'file:///site/robots.txt', urlSetOrigin(robots, undefined), reads, crawlers);
		assert.deepEqual(lines(found), [
			'3 rule-hides-sitemap-urls: Hides 3 URLs listed in sitemap.xml and sitemap_index.xml from Googlebot and bingbot, e.g. /private/offer.html.',
			'6 sitemap-urls-disallowed: 2 of 4 URLs in sitemap.xml are disallowed for Googlebot and bingbot, e.g. /private/offer.html by line 3. 1 more URL on other hosts is not judged by this file.',
			'7 sitemap-urls-disallowed: 1 of 3 URLs in sitemap_index.xml and the 2 sitemaps it lists is disallowed for Googlebot and bingbot, e.g. /private/members.html by line 3.',
			'8 sitemap-on-other-host: This sitemap is on another host (cdn.example.net) than this robots.txt (www.example.com). sitemaps.org allows it because this file names it (a cross-submit): the sitemap may list URLs of www.example.com, and this file judges them.',
			'8 sitemap-not-in-workspace: Cannot read the sitemap sitemap-cdn.xml: it is not in the workspace (another host, or no file system to read).',
			'9 sitemap-not-in-workspace: Cannot read the sitemap missing.xml: no file missing.xml in the workspace at its URL path below the site root.',
			'10 sitemap-disallowed: Googlebot and bingbot may not fetch the sitemap hidden.xml itself: line 4 ("Disallow: /sitemaps/hidden.xml") disallows /sitemaps/hidden.xml.',
		]);
		const warning = found.find((d) => d.code === 'sitemap-urls-disallowed')!;
		assert.deepEqual(warning.relatedInformation?.[0].location.range.start.line, 2);
		const hint = found.find((d) => d.code === 'rule-hides-sitemap-urls')!;
		assert.deepEqual(
			hint.relatedInformation?.map((related) => related.location.range.start.line),
			[5, 6],
		);
	});

	test('with the URL of the robots.txt known, URLs of another host are not its to judge', () => {
		const found = urlSetDiagnostics(robots, 'https://shop.example.org/robots.txt', 'https://shop.example.org', reads, ['Googlebot']);
		// The one URL of shop.example.org (/cart.html) is allowed; the sitemaps of www.example.com are cross-submits.
		assert.deepEqual(
			found.map((d) => d.code),
			[
				'sitemap-on-other-host',
				'sitemap-on-other-host',
				'sitemap-on-other-host',
				'sitemap-not-in-workspace',
				'sitemap-on-other-host',
				'sitemap-not-in-workspace',
				'sitemap-on-other-host',
			],
		);
	});

	test('no search crawler among the targets: nothing about listed URLs; severities apply', () => {
		assert.deepEqual(
			urlSetDiagnostics(robots, 'file:///site/robots.txt', 'https://www.example.com', reads, ['GPTBot']).map((d) => d.code),
			['sitemap-on-other-host', 'sitemap-not-in-workspace', 'sitemap-not-in-workspace'],
		);
		const quiet = urlSetDiagnostics(robots, 'file:///site/robots.txt', 'https://www.example.com', reads, crawlers, {
			'sitemap-urls-disallowed': 'off',
			'rule-hides-sitemap-urls': 'information',
		});
		assert.ok(!quiet.some((d) => d.code === 'sitemap-urls-disallowed'));
		assert.equal(quiet.find((d) => d.code === 'rule-hides-sitemap-urls')?.severity, 3);
	});
});
