/**
 * The client's pure decisions behind issue 22's test bench and pickers: what Enter takes in a Test URL picker after a
 * type-then-paste (client/src/pick.ts), and how the bench's grid cuts URLs and orders its columns
 * (client/webview/layout.ts). Expected values come from the issue's reproducers.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSync } from 'esbuild';
import type * as pickModule from '../../client/src/pick';
import type * as layoutModule from '../../client/webview/layout';
import { repoRoot } from '../util/fixtures';

// The client is bundled for VS Code and the webview, not transpiled for the tests; these modules import nothing.
const folder = mkdtempSync(join(tmpdir(), 'robots-bench-client-'));
function load<T>(path: string, name: string): T {
	buildSync({ entryPoints: [join(repoRoot, path)], outfile: join(folder, `${name}.js`), bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent' });
	return require(join(folder, `${name}.js`)) as T;
}
const { pickedValue } = load<typeof pickModule>('client/src/pick.ts', 'pick');
const { columnOrder, middleCut, sharedOrigin, shownColumns, splitUrl, urlLabel } = load<typeof layoutModule>('client/webview/layout.ts', 'layout');
after(() => rmSync(folder, { recursive: true, force: true }));

describe('what Enter takes in a Test URL picker', () => {
	test('typed "Goo", pasted "Googlebot" over it, Enter at once: Googlebot, not the item the old list had there', () => {
		// VS Code reported Googlebot-Image selected: the list lost its typed item, and the place Googlebot had moved up.
		assert.equal(pickedValue({ typed: 'Googlebot', selected: 'Googlebot-Image', highlighted: undefined }), 'Googlebot');
	});

	test('typed "/se", pasted "/search", Enter at once: /search, not /search/x from the history', () => {
		assert.equal(pickedValue({ typed: '/search', selected: '/search/x', highlighted: undefined }), '/search');
	});

	test('the highlight VS Code puts on the typed text is not a move', () => {
		assert.equal(pickedValue({ typed: 'Goo', selected: 'Goo', highlighted: 'Goo' }), 'Goo');
	});

	test('a highlight the user moved to another item is taken', () => {
		assert.equal(pickedValue({ typed: 'Goo', selected: 'Googlebot-Image', highlighted: 'Googlebot-Image' }), 'Googlebot-Image');
	});

	test('with nothing typed, Enter takes the item selected (the last URL tested comes first)', () => {
		assert.equal(pickedValue({ typed: '', selected: '/typo/page', highlighted: undefined }), '/typo/page');
		assert.equal(pickedValue({ typed: '', selected: undefined, highlighted: undefined }), undefined);
	});
});

describe("the bench grid's URL column", () => {
	// The 1 000 URLs of one site, which all read `https://www.gazeta.ru/amp/news…` cut from the right.
	const urls = Array.from(
		{ length: 1000 },
		(_, i) => `https://www.gazeta.ru/amp/news/2024/01/${String(1 + (i % 28)).padStart(2, '0')}/${19_000_000 + i}.shtml`,
	);

	test('the site most URLs share is named once; its rows show their path', () => {
		const origin = sharedOrigin([...urls, '/search', 'https://example.com/x']);
		assert.equal(origin, 'https://www.gazeta.ru');
		assert.equal(urlLabel(urls[0], origin), '/amp/news/2024/01/01/19000000.shtml');
		assert.equal(urlLabel('https://example.com/x', origin), 'https://example.com/x');
		assert.equal(urlLabel('https://www.gazeta.ru', origin), '/');
		assert.equal(urlLabel('/search', origin), '/search');
	});

	test('no shared site when no two URLs share one', () => {
		assert.equal(sharedOrigin(['/a', '/b', 'https://example.com/x', 'http://example.com/y']), undefined);
		assert.deepEqual(splitUrl('not a url'), { origin: '', rest: 'not a url' });
		assert.deepEqual(splitUrl('https://user@host:8080?q#f'), { origin: 'https://user@host:8080', rest: '?q#f' });
	});

	test('a long URL is cut in the middle: the end, which tells the pages apart, stays', () => {
		const cut = urls.slice(0, 50).map((url) => middleCut(url, 30));
		for (const [i, text] of cut.entries()) {
			assert.equal(Array.from(text).length, 30);
			assert.ok(text.startsWith('https://'), text);
			assert.ok(text.endsWith(`${19_000_000 + i}.shtml`), text);
			assert.ok(text.includes('…'), text);
		}
		assert.equal(new Set(cut).size, 50, 'every row reads differently');
		assert.equal(middleCut('/short', 30), '/short');
		assert.equal(middleCut('abcdef', 1), '…');
		// A surrogate pair is one character and is never split.
		assert.equal(middleCut('😀'.repeat(10), 5), '😀…😀😀😀');
	});
});

describe("the bench grid's column order", () => {
	test('columns with changed cells come first, each group in its own order', () => {
		// 14 target crawlers; only GPTBot (the eighth) and Applebot-Extended (the last) changed.
		const changed = Array.from({ length: 14 }, (_, i) => (i === 7 ? 3 : i === 13 ? 1 : 0));
		assert.deepEqual(columnOrder(changed), [7, 13, 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]);
		assert.deepEqual(columnOrder([0, 0, 0]), [0, 1, 2]);
		assert.deepEqual(columnOrder([]), []);
	});

	test("with the preference columns on, each crawler's three follow its verdict, in the crawlers' order", () => {
		assert.deepEqual(shownColumns([1, 0], 0), [
			{ column: 1, part: -1 },
			{ column: 0, part: -1 },
		]);
		assert.deepEqual(
			shownColumns([1, 0], 3).map(({ column, part }) => `${column}.${part}`),
			['1.-1', '1.0', '1.1', '1.2', '0.-1', '0.0', '0.1', '0.2'],
		);
	});
});
