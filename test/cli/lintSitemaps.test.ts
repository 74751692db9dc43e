/**
 * `robots-txt lint` against the sitemaps a robots.txt names: read from the folder (test/fixtures/site-sitemap, whose
 * README gives the sources of the expected answers) and fetched from a server on 127.0.0.1 that this test starts (an
 * index, gzip, a 404, a page that is not XML, HTML served as a sitemap, 10 MB of binary).
 */

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixturesDir } from '../util/fixtures';
import { runCliAsync } from './cliProcess';

const run = runCliAsync;

/** Each finding of text output as `line code: message`. */
function findings(stdout: string): string[] {
	return stdout
		.split('\n')
		.map((line) => /^\S+:(\d+):\d+: \w+ ([\w-]+): (.*)$/.exec(line))
		.filter((match) => match !== null)
		.map((match) => `${match[1]} ${match[2]}: ${match[3]}`);
}

describe('robots-txt lint on a folder reads the sitemaps there', () => {
	test('test/fixtures/site-sitemap: listed URLs disallowed, the rule that hides them, a cross-submit, a hidden sitemap, a missing one', async () => {
		const result = await run(['lint', join(fixturesDir, 'site-sitemap'), '--crawler', 'Googlebot,GPTBot', '--hints']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(
			findings(result.stdout).filter((line) => /sitemap/.test(line)),
			[
				'3 rule-hides-sitemap-urls: Hides 3 URLs listed in sitemap.xml and sitemap_index.xml from Googlebot, e.g. /private/offer.html.',
				'6 sitemap-urls-disallowed: 2 of 4 URLs in sitemap.xml are disallowed for Googlebot, e.g. /private/offer.html by line 3. 1 more URL on other hosts is not judged by this file.',
				'7 sitemap-urls-disallowed: 1 of 3 URLs in sitemap_index.xml and the 2 sitemaps it lists is disallowed for Googlebot, e.g. /private/members.html by line 3.',
				'8 sitemap-on-other-host: This sitemap is on another host (cdn.example.net) than this robots.txt (www.example.com). sitemaps.org allows it because this file names it (a cross-submit): the sitemap may list URLs of www.example.com, and this file judges them.',
				'8 sitemap-not-in-workspace: Cannot read the sitemap sitemap-cdn.xml: it is not in the workspace (another host, or no file system to read).',
				'9 sitemap-not-in-workspace: Cannot read the sitemap missing.xml: no file missing.xml in the workspace at its URL path below the site root.',
				'10 sitemap-disallowed: Googlebot may not fetch the sitemap hidden.xml itself: line 4 ("Disallow: /sitemaps/hidden.xml") disallows /sitemaps/hidden.xml.',
			],
		);
	});

	test('a robots.txt given by path has no site, so no sitemap is read', async () => {
		const result = await run(['lint', join(fixturesDir, 'site-sitemap', 'robots.txt'), '--crawler', 'Googlebot']);
		assert.deepEqual(
			findings(result.stdout).filter((line) => /sitemap/.test(line)),
			[],
		);
	});
});

describe('robots-txt lint on a URL fetches the sitemaps', () => {
	let server: http.Server;
	let origin: string;
	const urlset = (paths: string[]) =>
		`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('\n')}\n</urlset>\n`;
	const binary = Buffer.alloc(10 * 1024 * 1024, 0xfe);
	before(async () => {
		server = http.createServer((request, response) => {
			const send = (status: number, type: string, body: string | Buffer) => {
				response.writeHead(status, { 'Content-Type': type });
				response.end(body);
			};
			switch (request.url) {
				case '/robots.txt':
					return send(
						200,
						'text/plain',
						[
							'User-agent: *',
							'Disallow: /private/',
							'',
							`Sitemap: ${origin}/sitemap_index.xml`,
							`Sitemap: ${origin}/gone.xml`,
							`Sitemap: ${origin}/page.xml`,
							`Sitemap: ${origin}/binary.xml`,
							`Sitemap: ${origin}/broken.xml.gz`,
							'',
						].join('\n'),
					);
				case '/sitemap_index.xml':
					return send(
						200,
						'application/xml',
						`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml.gz</loc></sitemap><sitemap><loc>${origin}/posts.xml</loc></sitemap></sitemapindex>`,
					);
				case '/pages.xml.gz':
					return send(200, 'application/gzip', gzipSync(urlset(['/', '/private/a.html', '/private/b.html'])));
				case '/posts.xml':
					return send(200, 'application/xml', urlset(['/blog/1.html']));
				case '/page.xml':
					return send(200, 'text/html', '<!doctype html><html><head><title>Home</title></head><body>Welcome</body></html>');
				case '/binary.xml':
					return send(200, 'application/octet-stream', binary);
				case '/broken.xml.gz':
					return send(200, 'application/gzip', Buffer.concat([gzipSync(urlset(['/x'])).subarray(0, 30), Buffer.from('not gzip at all')]));
				default:
					return send(404, 'text/plain', 'Not found');
			}
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	after(() => new Promise<void>((resolve) => server.close(() => resolve())));

	test('an index and its gzip sitemap; a 404, HTML, binary and broken gzip say why they cannot be read', async () => {
		const result = await run(['lint', `${origin}/robots.txt`, '--crawler', 'Googlebot', '--hints']);
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(
			findings(result.stdout).filter((line) => /sitemap/.test(line)),
			[
				'2 rule-hides-sitemap-urls: Hides 2 URLs listed in sitemap_index.xml from Googlebot, e.g. /private/a.html.',
				'4 sitemap-urls-disallowed: 2 of 4 URLs in sitemap_index.xml and the 2 sitemaps it lists are disallowed for Googlebot, e.g. /private/a.html by line 2.',
				'5 sitemap-unreadable: Cannot read the sitemap gone.xml: the server answered HTTP 404.',
				'6 sitemap-unreadable: Cannot read the sitemap page.xml: it has no <urlset> or <sitemapindex> element, so it is not a sitemap.',
				'7 sitemap-unreadable: Cannot read the sitemap binary.xml: it is not XML, so not a sitemap.',
				'8 sitemap-unreadable: Cannot read the sitemap broken.xml.gz: it is not valid gzip.',
			],
		);
	});
});
