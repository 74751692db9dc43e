/**
 * A workspace robots.txt against the sitemaps it names, over the real wire: test/fixtures/site-sitemap (its README
 * gives the sources) read from disk at the sitemaps' URL paths, a gzip sitemap and an index included; pulled and
 * pushed; checked again when a sitemap changes on disk (didChangeWatchedFiles). A deployed robots.txt's sitemaps are
 * fetched by the client when the server asks (`robotsTxt/fetchUrlSet`), here answered by the test.
 */

import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	DidChangeWatchedFilesNotification,
	DocumentDiagnosticRequest,
	FileChangeType,
	RequestType,
	type Diagnostic,
	type DocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import { outcomeToWire, protocol, type FetchOutcome } from '../../core/src/index';
import { fixturesDir } from '../util/fixtures';
import { TestClient } from './client';

const copies: string[] = [];
after(() => {
	for (const copy of copies) {
		rmSync(copy, { recursive: true, force: true });
	}
});

/** A fresh copy of the fixture site, so that a test may change it on disk. */
function siteCopy(): { root: string; uri: (...parts: string[]) => string; path: (...parts: string[]) => string } {
	const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-sitemaps-')));
	copies.push(root);
	cpSync(join(fixturesDir, 'site-sitemap'), join(root, 'site'), { recursive: true });
	return { root, uri: (...parts) => pathToFileURL(join(root, ...parts)).href, path: (...parts) => join(root, ...parts) };
}

function sitemapFindings(diagnostics: readonly Diagnostic[]): string[] {
	// In line order (the server lists the more severe first).
	return [...diagnostics]
		.filter((d) => /sitemap/.test(String(d.code)))
		.sort((a, b) => a.range.start.line - b.range.start.line)
		.map((d) => `${d.range.start.line + 1} ${String(d.code)}: ${d.message}`);
}

describe('sitemaps in the workspace', () => {
	test('pulled: the Sitemap lines and the rule that hides listed URLs; again when a sitemap changes on disk', async () => {
		const site = siteCopy();
		const client = await TestClient.start({
			pull: true,
			configuration: true,
			settings: { crawlers: ['Googlebot', 'GPTBot'] },
			workspaceFolders: [{ uri: pathToFileURL(site.root).href, name: 'site' }],
		});
		try {
			const robots = site.uri('site', 'robots.txt');
			await client.open(robots, readFileSync(site.path('site', 'robots.txt'), 'utf8'));
			const pull = async () =>
				(
					(await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: robots } })) as DocumentDiagnosticReport & {
						items: Diagnostic[];
					}
				).items;
			const found = sitemapFindings(await pull());
			assert.deepEqual(found.slice(0, 3), [
				'3 rule-hides-sitemap-urls: Hides 3 URLs listed in sitemap.xml and sitemap_index.xml from Googlebot, e.g. /private/offer.html.',
				'6 sitemap-urls-disallowed: 2 of 4 URLs in sitemap.xml are disallowed for Googlebot, e.g. /private/offer.html by line 3. 1 more URL on other hosts is not judged by this file.',
				'7 sitemap-urls-disallowed: 1 of 3 URLs in sitemap_index.xml and the 2 sitemaps it lists is disallowed for Googlebot, e.g. /private/members.html by line 3.',
			]);
			assert.ok(
				found.includes(
					'9 sitemap-not-in-workspace: Cannot read the sitemap missing.xml: no file missing.xml in the workspace at its URL path below the site root.',
				),
			);
			assert.ok(found.some((line) => line.startsWith('10 sitemap-disallowed: Googlebot may not fetch the sitemap hidden.xml itself')));

			// missing.xml appears on disk, listing a private URL: the robots.txt hears it and asks to pull again.
			writeFileSync(
				site.path('site', 'missing.xml'),
				'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/private/new.html</loc></url></urlset>\n',
			);
			const refreshes = client.refreshRequests;
			await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
				changes: [{ uri: site.uri('site', 'missing.xml'), type: FileChangeType.Created }],
			});
			await client.waitFor(() => client.refreshRequests > refreshes, 'a diagnostic refresh');
			assert.ok(
				sitemapFindings(await pull()).includes(
					'9 sitemap-urls-disallowed: 1 of 1 URL in missing.xml is disallowed for Googlebot, e.g. /private/new.html by line 3.',
				),
			);
		} finally {
			client.kill();
		}
	});

	test('pushed, for the default crawlers: the message the editor test reads on line 6', async () => {
		const site = siteCopy();
		const client = await TestClient.start({ configuration: true, settings: {}, workspaceFolders: [{ uri: pathToFileURL(site.root).href, name: 'site' }] });
		try {
			const robots = site.uri('site', 'robots.txt');
			await client.open(robots, readFileSync(site.path('site', 'robots.txt'), 'utf8'));
			await client.waitFor(
				() => (client.lastPublished(robots)?.diagnostics ?? []).some((d) => d.code === 'sitemap-urls-disallowed'),
				'the sitemap findings',
				10_000,
			);
			const line6 = client.lastPublished(robots)!.diagnostics.find((d) => d.code === 'sitemap-urls-disallowed' && d.range.start.line === 5)!;
			assert.equal(
				line6.message,
				'2 of 4 URLs in sitemap.xml are disallowed for Googlebot, Googlebot-Image, bingbot, YandexBot, Baiduspider and 2 more, e.g. /private/offer.html by line 3. 1 more URL on other hosts is not judged by this file.',
			);
			assert.equal(line6.relatedInformation?.[0].location.uri, robots);
		} finally {
			client.kill();
		}
	});

	test('deployed: the client fetches the sitemaps when the server asks, with the limits it gives', async () => {
		const targetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
		const openRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
		const served = 'User-agent: *\nDisallow: /private/\n\nSitemap: https://www.example.com/sitemap.xml.gz\nSitemap: https://www.example.com/gone.xml\n';
		const sitemap = gzipSync(
			'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://www.example.com/</loc></url><url><loc>https://www.example.com/private/a.html</loc></url></urlset>',
		);
		const response = (url: string, status: number, body: Uint8Array): FetchOutcome => ({ url, responses: [{ url, status, headers: [], body }] });
		const client = await TestClient.start({ configuration: true, settings: { crawlers: ['Googlebot'] } });
		const asked: protocol.FetchUrlSetParams[] = [];
		client.connection.onRequest(protocol.fetchUrlSetMethod, (params: protocol.FetchUrlSetParams) => {
			asked.push(params);
			return params.url.endsWith('.gz')
				? outcomeToWire(response(params.url, 200, sitemap))
				: outcomeToWire(response(params.url, 404, new TextEncoder().encode('Not found')));
		});
		try {
			const target = await client.connection.sendRequest(targetRequest, { site: 'https://www.example.com', version: '9.9.9' });
			assert.ok(!('error' in target));
			const opened = await client.connection.sendRequest(openRequest, {
				uri: target.uri,
				outcome: outcomeToWire(response(target.robotsUrl, 200, new TextEncoder().encode(served))),
			});
			await client.open(target.uri, opened.text);
			await client.waitFor(
				() => (client.lastPublished(target.uri)?.diagnostics ?? []).some((d) => d.code === 'sitemap-unreadable'),
				'the findings of the fetched sitemaps',
				10_000,
			);
			assert.deepEqual(sitemapFindings(client.lastPublished(target.uri)!.diagnostics), [
				'2 rule-hides-sitemap-urls: Hides 1 URL listed in sitemap.xml.gz from Googlebot, e.g. /private/a.html.',
				'4 sitemap-urls-disallowed: 1 of 2 URLs in sitemap.xml.gz is disallowed for Googlebot, e.g. /private/a.html by line 2.',
				'5 sitemap-unreadable: Cannot read the sitemap gone.xml: the server answered HTTP 404.',
			]);
			// Once each, with the robots.txt's User-Agent and sitemaps.org's 50 MB.
			assert.deepEqual(
				asked.map((params) => [params.url, params.userAgent, params.maxBytes]),
				[
					['https://www.example.com/sitemap.xml.gz', target.userAgent, 52_428_800],
					['https://www.example.com/gone.xml', target.userAgent, 52_428_800],
				],
			);
		} finally {
			client.kill();
		}
	});
});
