/**
 * The edges' loop over the sitemaps a robots.txt names (io/src/sitemaps.ts): gzip undone by its magic bytes, the
 * uncompressed text capped (sitemaps.org: 50 MB uncompressed, here a small cap), a broken stream said as such.
 */

import { gzipSync } from 'node:zlib';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type ReadUrlSet } from '../../core/src/index';
import { readFound, readUrlSets, type FoundBytes } from '../../io/src/sitemaps';

const urlset = (count: number) =>
	`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: count }, (_, i) => `<url><loc>https://a.example/${i}.html</loc></url>`).join('')}</urlset>`;

async function readOne(bytes: Uint8Array, cut = false, maxBytes = 1 << 20): Promise<ReadUrlSet> {
	const model = parse('Sitemap: https://a.example/s.xml\n');
	const limits = { maxSitemaps: 50, maxUrls: 50_000, maxBytes };
	const found: FoundBytes = { kind: 'bytes', bytes, cut };
	const reads = await readUrlSets(model, () => readFound(found, limits), limits);
	return reads.get('https://a.example/s.xml')!;
}

describe('bytes to a sitemap', () => {
	test('gzip or not, the same URLs', async () => {
		const plain = await readOne(new TextEncoder().encode(urlset(3)));
		const zipped = await readOne(gzipSync(urlset(3)));
		assert.deepEqual(zipped, plain);
		assert.equal(plain.kind === 'urlset' && plain.urls.length, 3);
	});

	test('past the cap of uncompressed bytes, the start is read and the file is said to be cut (a gzip bomb costs the cap)', async () => {
		// The start tag is 60 characters, an entry 46 (0 to 9) or 47 (10 to 99): 1 000 bytes end inside the 21st entry.
		const kept = (read: ReadUrlSet) => (read.kind === 'urlset' && read.cut ? read.urls : []);
		for (const read of [await readOne(gzipSync(urlset(10_000)), false, 1000), await readOne(new TextEncoder().encode(urlset(10_000)), false, 1000)]) {
			assert.ok(kept(read).includes('https://a.example/19.html'), JSON.stringify(read).slice(0, 200));
			assert.ok(!kept(read).some((url) => url.startsWith('https://a.example/21')));
		}
	});

	test('broken gzip is unreadable, and says so; one cut by the read cap keeps its start', async () => {
		const whole = gzipSync(urlset(3));
		const broken = new Uint8Array([...whole.subarray(0, 20), ...new TextEncoder().encode('garbage that is not deflate')]);
		assert.deepEqual(await readOne(broken), { kind: 'unreadable', reason: 'it is not valid gzip' });
		assert.equal((await readOne(whole.subarray(0, whole.length - 8), true)).kind, 'urlset');
	});
});
