/**
 * URL lists and sitemaps for the test bench: `<loc>` as the sitemaps.org protocol 0.9 writes it (namespaces,
 * entities, CDATA, sitemap indexes), tolerance of broken XML and binary junk, a message per unusable row that never
 * stops the rest, caps that say what they left out, and scans that stay linear on large inputs.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrl, describeUrlProblem, parseSitemap, parseUrlList, UrlListChecker } from '../../core/src/index';
import { joinLines } from '../util/fixtures';

describe('sitemaps (sitemaps.org protocol 0.9)', () => {
	test("the protocol's own example: <loc> of each <url>, entities decoded", () => {
		// sitemaps.org/protocol.html, "Sample XML Sitemap" and "Entity escaping".
		const xml = joinLines(
			'<?xml version="1.0" encoding="UTF-8"?>',
			'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
			'   <url>',
			'      <loc>http://www.example.com/</loc>',
			'      <lastmod>2005-01-01</lastmod>',
			'   </url>',
			'   <url>',
			'      <loc>http://www.example.com/catalog?item=12&amp;desc=vacation_hawaii</loc>',
			'      <changefreq>weekly</changefreq>',
			'   </url>',
			'</urlset>',
		);
		const sitemap = parseSitemap(xml);
		assert.equal(sitemap.isIndex, false);
		assert.deepEqual(sitemap.urls, [
			{ url: 'http://www.example.com/', line: 4 },
			{ url: 'http://www.example.com/catalog?item=12&desc=vacation_hawaii', line: 8 },
		]);
		assert.deepEqual(sitemap.problems, []);
	});

	test('a sitemap index lists sitemaps, not pages', () => {
		const xml =
			'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://www.example.com/sitemap1.xml.gz</loc></sitemap></sitemapindex>';
		const list = parseUrlList(xml);
		assert.equal(list.kind, 'sitemap-index');
		assert.deepEqual(list.urls, []);
		assert.deepEqual(
			list.sitemaps.map((entry) => entry.url),
			['http://www.example.com/sitemap1.xml.gz'],
		);
		assert.match(list.notes.join(' '), /sitemap index: it lists 1 sitemap, not pages/);
	});

	test('namespace prefixes, upper case, CDATA, whitespace, character references, comments', () => {
		const xml = joinLines(
			'<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">',
			'<sm:url><sm:loc>  https://a.example/1  </sm:loc></sm:url>',
			'<URL><LOC><![CDATA[https://a.example/2?x=<y>&z]]></LOC></URL>',
			'<url><loc>https://a.example/&#51;&#x34;</loc></url>',
			'<!-- <url><loc>https://a.example/commented-out</loc></url> -->',
			'<url><loc>https://a.example/5</loc></url>',
			'</sm:urlset>',
		);
		assert.deepEqual(
			parseSitemap(xml).urls.map((entry) => entry.url),
			['https://a.example/1', 'https://a.example/2?x=<y>&z', 'https://a.example/34', 'https://a.example/5'],
		);
	});

	// The sitemaps.org schema (sitemap.xsd, namespace http://www.sitemaps.org/schemas/sitemap/0.9): `loc` is a child of
	// `url` (urlset) or of `sitemap` (sitemapindex); extensions live in namespaces of their own and are not pages.
	const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';

	test("an image sitemap: <image:loc> is an image of the page, not a page (Google's image sitemap example)", () => {
		const xml = joinLines(
			'<?xml version="1.0" encoding="UTF-8"?>',
			`<urlset xmlns="${sitemapNs}"`,
			'    xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
			'  <url>',
			'    <loc>https://example.com/sample1.html</loc>',
			'    <image:image>',
			'      <image:loc>https://example.com/image.jpg</image:loc>',
			'    </image:image>',
			'    <image:image>',
			'      <image:loc>https://example.com/photo.jpg</image:loc>',
			'    </image:image>',
			'  </url>',
			'  <url>',
			'    <loc>https://example.com/sample2.html</loc>',
			'    <image:image>',
			'      <image:loc>https://example.com/picture.jpg</image:loc>',
			'    </image:image>',
			'  </url>',
			'</urlset>',
		);
		const sitemap = parseSitemap(xml);
		assert.deepEqual(sitemap.urls, [
			{ url: 'https://example.com/sample1.html', line: 5 },
			{ url: 'https://example.com/sample2.html', line: 14 },
		]);
		assert.deepEqual(sitemap.problems, []);
	});

	test('the https spelling of the namespace is read as the sitemap namespace, as Google reads it', () => {
		// Google Search Central office hours, 2021-01-28 (51:52): http:// or https:// in the sitemap's xmlns makes no
		// difference to Google, which treats both the same; many generators write https.
		const xml = joinLines(
			'<?xml version="1.0" encoding="UTF-8"?>',
			'<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9">',
			'  <url><loc>https://example.com/a</loc></url>',
			'</urlset>',
		);
		assert.deepEqual(
			parseSitemap(xml).urls.map((entry) => entry.url),
			['https://example.com/a'],
		);
	});

	test("the namespace decides, not the prefix: <loc> in another default namespace is not the sitemap's, <sm:loc> bound to it is", () => {
		const xml = joinLines(
			`<sm:urlset xmlns:sm="${sitemapNs}" xmlns="http://example.com/other">`,
			'<sm:url><loc>https://a.example/other-namespace</loc><sm:loc>https://a.example/page</sm:loc></sm:url>',
			`<url xmlns="${sitemapNs}"><loc>https://a.example/default-namespace</loc></url>`,
			'<sm:url><image:loc xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">https://a.example/i.png</image:loc></sm:url>',
			`<sm:url><x:loc xmlns:x="${sitemapNs}">https://a.example/any-prefix</x:loc></sm:url>`,
			'</sm:urlset>',
		);
		assert.deepEqual(
			parseSitemap(xml).urls.map((entry) => entry.url),
			['https://a.example/page', 'https://a.example/default-namespace', 'https://a.example/any-prefix'],
		);
	});

	test('a <loc> outside <url> and <sitemap> names no page', () => {
		const xml = `<urlset xmlns="${sitemapNs}"><loc>https://a.example/stray</loc><url><lastmod><loc>https://a.example/nested</loc></lastmod><loc>https://a.example/page</loc></url></urlset>`;
		assert.deepEqual(
			parseSitemap(xml).urls.map((entry) => entry.url),
			['https://a.example/page'],
		);
	});

	test('a sitemap index with a prefixed namespace: the <loc> of each <sitemap>', () => {
		const xml = `<i:sitemapindex xmlns:i="${sitemapNs}"><i:sitemap><i:loc>https://a.example/s1.xml</i:loc></i:sitemap><i:sitemap><i:loc>https://a.example/s2.xml</i:loc></i:sitemap></i:sitemapindex>`;
		const sitemap = parseSitemap(xml);
		assert.equal(sitemap.isIndex, true);
		assert.deepEqual(
			sitemap.sitemaps.map((entry) => entry.url),
			['https://a.example/s1.xml', 'https://a.example/s2.xml'],
		);
		assert.deepEqual(sitemap.urls, []);
	});

	test('broken XML: an unclosed <loc>, an unknown entity, an empty <loc>, a tag never closed; the rest is read', () => {
		const xml = joinLines(
			'<urlset>',
			'<url><loc>https://a.example/1</url>',
			'<url><loc>https://a.example/&nbsp;2</loc></url>',
			'<url><loc></loc></url>',
			'<url><loc>https://a.example/3</loc></url>',
			'<url><loc>https://a.example/4</loc></url><url',
		);
		const sitemap = parseSitemap(xml);
		assert.deepEqual(
			sitemap.urls.map((entry) => entry.url),
			['https://a.example/1', 'https://a.example/&nbsp;2', 'https://a.example/3', 'https://a.example/4'],
		);
		assert.deepEqual(
			sitemap.problems.map((problem) => [problem.line, problem.message]),
			[
				[2, '<loc> is not closed by </loc>; its text is read up to the next tag.'],
				[3, 'Unknown entity `&nbsp;` kept as written.'],
				[4, 'An empty <loc>.'],
				[6, 'A tag is never closed (">"); the rest of the file is skipped.'],
			],
		);
	});

	test('binary junk that starts like XML gives no URLs and a note, not an exception', () => {
		let junk = '<';
		for (let i = 0; i < 200_000; i++) {
			junk += String.fromCharCode((i * 7919) % 256);
		}
		const list = parseUrlList(junk);
		assert.equal(list.kind, 'sitemap');
		assert.ok(list.notes.length > 0);
	});

	test('issue 21, finding 6: a sitemap of a million unknown entities keeps the first five problems and counts the rest', () => {
		const count = 1_000_000;
		// The list shows five problems and a count of the others (the "although it shows five").
		const maxSitemapProblems = 5;
		const xml = `<urlset><url><loc>https://a.example/${'&a;'.repeat(count)}</loc></url></urlset>`;
		const sitemap = parseSitemap(xml);
		assert.equal(sitemap.problems.length, maxSitemapProblems);
		assert.equal(sitemap.problemCount, count);
		assert.deepEqual(parseUrlList(xml).notes, [
			...Array.from({ length: maxSitemapProblems }, () => 'Line 1: Unknown entity `&a;` kept as written.'),
			`${(count - maxSitemapProblems).toLocaleString('en')} more problems in the XML.`,
		]);
	});

	test('a 24 MB sitemap of 200 000 URLs: the first 50 000 are kept and the rest counted (linear scan)', () => {
		const parts = ['<urlset>'];
		for (let i = 0; i < 200_000; i++) {
			parts.push(
				`<url><loc>https://www.example.com/products/category-${i % 97}/item-${i}.html?ref=sitemap&amp;v=${i}</loc><lastmod>2024-01-01</lastmod></url>`,
			);
		}
		parts.push('</urlset>');
		const list = parseUrlList(parts.join('\n'));
		assert.equal(list.urls.length, 50_000);
		assert.equal(list.urls[49_999].line, 50_001);
		assert.deepEqual(list.notes, ['Kept the first 50,000 URLs of the sitemap; 150,000 more were left out.']);
	});
});

describe('URL lists', () => {
	test('one URL a line; blank lines and # comments skipped; duplicates dropped; CRLF and a BOM', () => {
		const list = parseUrlList('\ufeff/a\r\n\r\n# comment\r\n  https://example.com/b  \r\n/a\r\n/c');
		assert.equal(list.kind, 'list');
		assert.deepEqual(list.urls, [
			{ url: '/a', line: 1 },
			{ url: 'https://example.com/b', line: 4 },
			{ url: '/c', line: 6 },
		]);
		assert.deepEqual(list.notes, ['1 duplicate dropped.']);
	});

	test('a 50 MB list keeps the first 50 000 rows and says how many it left out', () => {
		const line = '/a/rather/long/path/to/make/the/list/big/enough/to/weigh/fifty/megabytes/in/the/end/page-';
		const count = Math.ceil((50 * 1024 * 1024) / (line.length + 4));
		const text = Array.from({ length: count }, (_, i) => line + i).join('\n');
		assert.ok(text.length >= 50 * 1024 * 1024);
		const list = parseUrlList(text);
		assert.equal(list.urls.length, 50_000);
		assert.deepEqual(list.notes, [`Kept the first 50,000 URLs; ${(count - 50_000).toLocaleString('en')} more were left out.`]);
	});

	test('binary junk: every line is kept as a row whose check says it is not a URL', () => {
		const junk = '/ok\n\u0000\u0001\u0002\u00ff\ufffd\n/also-ok';
		const list = parseUrlList(junk);
		assert.deepEqual(
			list.urls.map((entry) => checkUrl(entry.url) === undefined),
			[true, false, true],
		);
	});
});

describe('checkUrl: what can be tested, and a message for what cannot', () => {
	const ok = [
		'/',
		'/private/x',
		'/a?b=c#frag',
		'https://www.example.com/a',
		'http://example.com',
		'HTTP://EXAMPLE.COM:8080/x',
		'ftp://example.com/pub/',
		'example.com/a',
		'example.com:8080/a',
		'localhost:3000/x',
		'//example.com/a',
		'/%E3%83%84',
		'/ツ',
	];
	for (const url of ok) {
		test(`accepts ${JSON.stringify(url)}`, () => assert.equal(checkUrl(url), undefined));
	}
	// The reasons are the command line's (README, "Command line"); the bench and expectations files quote the input first.
	const refused: [string, RegExp][] = [
		['', /^empty: give a path starting with "\/"/],
		['private/x', /^a path starts with "\/": write \/private\/x for the path, or http:\/\/private\/x to name the host "private"$/],
		['hello world', /^neither a path \(which starts with "\/"\) nor a URL/],
		['/my page', /^contains a space, which no URL does: write it as %20$/],
		['mailto:me@example.com', /^a URL needs "\/\/" and a host after "mailto:"/],
		['javascript:alert(1)', /^a URL needs "\/\/" and a host after "javascript:"/],
		['https://', /^no host after "https:\/\/"$/],
		['https:///x', /^no host after "https:\/\/"$/],
		['///x', /^no host after "\/\/"$/],
		['/a\u0000b', /^contains the control character U\+0000, which no URL does$/],
	];
	for (const [url, says] of refused) {
		test(`refuses ${JSON.stringify(url.slice(0, 20))}`, () => assert.match(checkUrl(url) ?? '', says));
	}
	test('describeUrlProblem quotes the input first, cut and with control characters shown as ?', () => {
		assert.equal(describeUrlProblem('/' + 'x'.repeat(100) + '\u0001'), `\`/${'x'.repeat(58)}…\`: contains the control character U+0001, which no URL does.`);
		assert.equal(describeUrlProblem('/\u0000\u0001'), '`/??`: contains the control character U+0000, which no URL does.');
		assert.equal(describeUrlProblem('/ok'), undefined);
	});
});

describe('UrlListChecker: checkUrl for the URLs of a list, one after another', () => {
	test('answers as checkUrl (and acceptsPrintable accepts only what it accepts) for each URL of random lists that repeat, extend and change schemes and authorities', () => {
		// Pieces that meet at the authority's end: a longer host with the same start, user info, ports good and bad,
		// brackets, characters no host or URL has, and the ends of an authority (`/`, `?`, `#`, the end).
		const starts = ['https://example.com', 'https://example.com.evil', 'https://example.co', 'HTTP://EXAMPLE.COM', 'http://example.com', '//example.com'];
		const middles = ['', ':8080', ':99999', ':', '@', 'user@', ':x', '[::1]', ' ', '\t', '\u0001', '%', 'ü', '..'];
		const ends = ['', '/', '/a', '?q=1', '#f', '/a b', '/a\u007f', '/ツ', '//', '/a?b#c'];
		const others = ['/private/x', 'example.com/a', 'private/x', 'mailto:x', '', 'localhost:3000/x', 'https://[::1]:8080/a', 'https://a@b:c@d/'];
		let seed = 42;
		const pick = <T>(list: readonly T[]): T => {
			seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
			return list[seed % list.length];
		};
		let compared = 0;
		let accepted = 0;
		for (let list = 0; list < 200; list++) {
			const checker = new UrlListChecker();
			for (let i = 0; i < 200; i++) {
				const url = pick([0, 1, 2, 3]) === 0 ? pick(others) : pick(starts) + pick(middles) + pick(ends);
				// Asked first for a line of printable ASCII read as bytes: when it accepts, checkUrl does.
				if (/^[\x21-\x7e]*$/.test(url) && checker.acceptsPrintable(Buffer.from(` ${url} `, 'latin1'), 1, url.length + 1)) {
					assert.equal(checkUrl(url), undefined, JSON.stringify(url));
					accepted++;
				}
				assert.equal(checker.check(url), checkUrl(url), JSON.stringify(url));
				compared++;
			}
		}
		assert.equal(compared, 40_000);
		assert.ok(accepted > 1_000, `${accepted}`);
	});

	test('a URL of the remembered site with a space or a control character after its authority is still refused', () => {
		const checker = new UrlListChecker();
		assert.equal(checker.check('https://example.com/a'), undefined);
		assert.equal(checker.check('https://example.com/a b'), checkUrl('https://example.com/a b'));
		assert.notEqual(checker.check('https://example.com/a b'), undefined);
		assert.notEqual(checker.check('https://example.com:99999/a'), undefined);
		assert.equal(checker.check('https://example.com?q'), undefined);
	});
});
