/**
 * Pages over the real wire: an HTML document gets the robots meta checks; a page of test/fixtures/site whose noindex
 * its robots.txt hides gets the warning with the deciding line, and the robots.txt the hint on that line (open pages
 * and pages on disk, pushed and pulled, again when either side changes); a `_headers` file likewise; a page without
 * robots tags gets nothing; bad input gets a finding or nothing and the server keeps answering. Expected findings follow
 * Google ("for the noindex rule to be effective, the page must not be blocked by a robots.txt file") and seed 004.
 */

import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	CodeActionRequest,
	CompletionRequest,
	DidChangeWatchedFilesNotification,
	DocumentDiagnosticRequest,
	FileChangeType,
	HoverRequest,
	type CodeAction,
	type CompletionItem,
	type Diagnostic,
	type DocumentDiagnosticReport,
	type Hover,
	type PublishDiagnosticsParams,
} from 'vscode-languageserver/node';
import { fixturesDir } from '../util/fixtures';
import { quiet, TestClient } from './client';

/** A fresh copy of the sample site, so that tests may change it on disk. */
function siteCopy(): { root: string; uri: (...parts: string[]) => string; path: (...parts: string[]) => string } {
	const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-pages-')));
	cpSync(join(fixturesDir, 'site'), join(root, 'site'), { recursive: true });
	return { root, uri: (...parts) => pathToFileURL(join(root, ...parts)).href, path: (...parts) => join(root, ...parts) };
}

const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];

function codes(diagnostics: readonly Diagnostic[] | undefined): string[] {
	return (diagnostics ?? []).map((diagnostic) => `${diagnostic.range.start.line}:${String(diagnostic.code)}`).sort();
}

async function published(
	client: TestClient,
	uri: string,
	what: string,
	predicate: (params: PublishDiagnosticsParams) => boolean = () => true,
): Promise<PublishDiagnosticsParams> {
	await client.waitFor(
		() => {
			const last = client.lastPublished(uri);
			return last !== undefined && predicate(last);
		},
		what,
		10_000,
	);
	return client.lastPublished(uri)!;
}

const copies: string[] = [];
after(() => {
	for (const root of copies) {
		rmSync(root, { recursive: true, force: true });
	}
});

describe('robots meta tags in HTML documents', () => {
	test('an HTML document gets the meta checks; hover and completion answer inside the robots tag', async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers } });
		try {
			const uri = 'file:///nowhere/page.html';
			const text = '<html><head><meta name="robots" content="noidex, max-snippet:abc"></head></html>\n';
			await client.open(uri, text, 1, 'html');
			const params = await published(client, uri, "the page's diagnostics");
			// Google's list has noindex (a typo here) and max-snippet takes a number (Robots meta tag specifications).
			assert.deepEqual(codes(params.diagnostics), ['0:invalid-robots-directive-value', '0:unknown-robots-directive']);
			assert.equal(params.version, 1);
			const hover = (await client.connection.sendRequest(HoverRequest.type, {
				textDocument: { uri },
				position: { line: 0, character: text.indexOf('max-snippet') + 2 },
			})) as Hover;
			assert.match(JSON.stringify(hover.contents), /max-snippet/);
			const items = (await client.connection.sendRequest(CompletionRequest.type, {
				textDocument: { uri },
				position: { line: 0, character: text.indexOf('noidex') },
			})) as CompletionItem[];
			assert.ok(
				items.some((item) => item.label === 'noindex'),
				items.map((item) => item.label).join(', '),
			);
			// The quick fix of the typo, and nothing but quick fixes for pages.
			const typo = params.diagnostics.find((diagnostic) => diagnostic.code === 'unknown-robots-directive')!;
			const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
				textDocument: { uri },
				range: typo.range,
				context: { diagnostics: [typo] },
			})) as CodeAction[];
			assert.ok(actions.length > 0 && actions.every((action) => action.kind === 'quickfix'), JSON.stringify(actions.map((action) => action.title)));
			assert.ok(
				actions.some((action) => /noindex/.test(action.title)),
				JSON.stringify(actions.map((action) => action.title)),
			);
			// Closed: its diagnostics are cleared.
			await client.close(uri);
			await published(client, uri, 'cleared diagnostics', (last) => last.diagnostics.length === 0);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('a client that registers dynamically is asked for HTML and _headers files, with hover, completion and quick fixes only', async () => {
		const client = await TestClient.start({ dynamicRegistration: true });
		try {
			await client.waitFor(() => client.registrations.length > 0, 'the page registrations');
			const methods = client.registrations.map((registration) => registration.method).sort();
			assert.deepEqual(methods, [
				'textDocument/codeAction',
				'textDocument/completion',
				'textDocument/didChange',
				'textDocument/didClose',
				'textDocument/didOpen',
				'textDocument/hover',
			]);
			const selector = (client.registrations[0].registerOptions as { documentSelector: unknown }).documentSelector;
			assert.deepEqual(selector, [
				{ scheme: 'file', language: 'html' },
				{ scheme: 'file', pattern: '**/_headers' },
				{ scheme: 'untitled', language: 'html' },
			]);
		} finally {
			client.kill();
		}
	});

	test('a client that registers watchers dynamically is asked to watch the files the server reads from disk', async () => {
		const client = await TestClient.start({ watchedFiles: true });
		try {
			await client.waitFor(() => client.registrations.length > 0, 'the watcher registration');
			assert.deepEqual(
				client.registrations.map((registration) => registration.method),
				['workspace/didChangeWatchedFiles'],
			);
			// robots.txt files (their expectations and pages are checked against them), expectations files (a robots.txt
			// shows where they fail), pages (a robots.txt shows the pages it hides rules from) and sitemaps, plain or gzip (a
			// robots.txt shows the listed URLs it disallows), as the client watched them.
			assert.deepEqual(client.registrations[0].registerOptions, {
				watchers: [
					{ globPattern: '**/robots.txt' },
					{ globPattern: '**/*robots.expectations' },
					{ globPattern: '**/*.{html,htm}' },
					{ globPattern: '**/_headers' },
					{ globPattern: '**/*.{xml,gz}' },
				],
			});
		} finally {
			client.kill();
		}
	});

	test('a page without robots tags gets nothing: no diagnostics are sent for it, edit after edit', async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers } });
		try {
			const uri = 'file:///nowhere/plain.html';
			await client.open(uri, '<html><head><meta charset="utf-8"><title>x</title></head><body>Hello</body></html>\n', 1, 'html');
			for (let version = 2; version < 6; version++) {
				await client.change(uri, version, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
			}
			// A robots.txt opened afterwards is analysed and pushed: the server has handled everything sent before it.
			await client.open('file:///nowhere/robots.txt', 'User-agent: *\nDisallow: /\n');
			await published(client, 'file:///nowhere/robots.txt', 'the robots.txt diagnostics');
			await quiet(300);
			assert.equal(client.published.filter((params) => params.uri === uri).length, 0);
		} finally {
			client.kill();
		}
	});
});

describe('a page whose noindex its robots.txt hides (test/fixtures/site)', () => {
	test('push: the warning on the page names the deciding lines, the robots.txt hints on them, and each follows the other', async () => {
		const site = siteCopy();
		copies.push(site.root);
		const client = await TestClient.start({
			configuration: true,
			settings: { crawlers },
			workspaceFolders: [{ uri: pathToFileURL(site.root).href, name: 'site' }],
		});
		try {
			const page = site.uri('site', 'private', 'report.html');
			const robots = site.uri('site', 'robots.txt');
			const html = readFileSync(site.path('site', 'private', 'report.html'), 'utf8');
			await client.open(page, html, 1, 'html');
			const warned = await published(client, page, 'the cross-file warning', (last) => last.diagnostics.length > 0);
			assert.deepEqual(codes(warned.diagnostics), ['4:noindex-blocked-by-robots-txt']);
			const [warning] = warned.diagnostics;
			// Googlebot follows its own group (line 7), bingbot and GPTBot the `*` group (line 3).
			assert.match(warning.message, /^Googlebot, bingbot and GPTBot never fetch \/private\/report\.html: robots\.txt lines 3 .* and 7 /);
			assert.deepEqual(
				warning.relatedInformation!.map((info) => [info.location.uri, info.location.range.start.line]),
				[
					[robots, 2],
					[robots, 6],
				],
			);

			// The robots.txt, read from disk for the page, is now opened: its hints come from this page and from
			// private/index.html on disk (name="googlebot" content="noindex, nofollow").
			const robotsText = readFileSync(site.path('site', 'robots.txt'), 'utf8');
			await client.open(robots, robotsText);
			const hinted = await published(client, robots, 'the robots.txt hints', (last) => last.diagnostics.some((d) => d.code === 'rule-hides-noindex'));
			const hints = hinted.diagnostics.filter((d) => d.code === 'rule-hides-noindex');
			// Line 4 (`Disallow: /drafts`) keeps bingbot and GPTBot from the X-Robots-Tag noindex of _headers for /drafts/*.
			assert.deepEqual(
				hints.map((hint) => hint.range.start.line),
				[2, 3, 6],
			);
			assert.match(hints[2].message, /keeps Googlebot from pages that carry noindex \(\/private\/ and \/private\/report\.html\)/);
			assert.ok(
				hints.every((hint) => hint.severity === 4),
				'hints by default',
			);
			const related = hints[2].relatedInformation!.map((info) => info.location.uri).sort();
			assert.deepEqual(related, [site.uri('site', 'private', 'index.html'), page].sort());

			// The Googlebot group lets it in: the page's warning loses Googlebot and line 7 at once.
			await client.change(robots, 2, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 19 } }, text: '' }]);
			const after = await published(
				client,
				page,
				'the warning after the robots.txt edit',
				(last) => /never fetch/.test(last.diagnostics[0]?.message ?? '') && !/Googlebot/.test(last.diagnostics[0]?.message ?? ''),
			);
			assert.match(after.diagnostics[0].message, /^bingbot and GPTBot never fetch \/private\/report\.html: robots\.txt line 3 /);

			// The page drops its noindex: its warning goes, and so does the robots.txt's hint for it.
			const at = html.indexOf('noindex');
			const line = html.slice(0, at).split('\n').length - 1;
			const character = at - html.lastIndexOf('\n', at) - 1;
			await client.change(page, 2, [{ range: { start: { line, character }, end: { line, character: character + 'noindex'.length } }, text: 'index' }]);
			await published(client, page, 'no warning once the noindex is gone', (last) => last.version === 2 && last.diagnostics.length === 0);
			await published(
				client,
				robots,
				'no hint for the page any more',
				(last) => !last.diagnostics.some((d) => d.code === 'rule-hides-noindex' && /report/.test(d.message)),
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test("pull: the robots.txt's pulled diagnostics hold the hints from pages on disk, and a new page on disk is heard", async () => {
		const site = siteCopy();
		copies.push(site.root);
		const client = await TestClient.start({
			pull: true,
			configuration: true,
			settings: { crawlers },
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
			const hints = (await pull()).filter((d) => d.code === 'rule-hides-noindex');
			// On disk: private/report.html (robots: line 3 for bingbot and GPTBot, line 7 for Googlebot), private/index.html
			// (googlebot: line 7), and _headers' /drafts/* noindex (line 4 for bingbot and GPTBot; Googlebot's group has no rule for it).
			assert.deepEqual(
				hints.map((hint) => hint.range.start.line),
				[2, 3, 6],
			);
			assert.match(hints[1].message, /keeps bingbot and GPTBot from a page that carries noindex \(\/drafts\/\)/);
			assert.equal(hints[1].relatedInformation![0].location.uri, site.uri('site', '_headers'));

			// A new page under /private/ on disk: the robots.txt hears it through didChangeWatchedFiles and asks to pull again.
			writeFileSync(site.path('site', 'private', 'memo.html'), '<html><head><meta name="bingbot" content="noindex"></head></html>\n');
			const refreshes = client.refreshRequests;
			await client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
				changes: [{ uri: site.uri('site', 'private', 'memo.html'), type: FileChangeType.Created }],
			});
			await client.waitFor(() => client.refreshRequests > refreshes, 'a diagnostic refresh');
			const line3 = (await pull()).find((d) => d.code === 'rule-hides-noindex' && d.range.start.line === 2)!;
			assert.match(line3.message, /\/private\/memo\.html/);
		} finally {
			client.kill();
		}
	});

	test('a _headers file at the site root gets the warning on its X-Robots-Tag line, for the paths it covers', async () => {
		const site = siteCopy();
		copies.push(site.root);
		const client = await TestClient.start({
			configuration: true,
			settings: { crawlers },
			workspaceFolders: [{ uri: pathToFileURL(site.root).href, name: 'site' }],
		});
		try {
			const headers = site.uri('site', '_headers');
			await client.open(headers, readFileSync(site.path('site', '_headers'), 'utf8'), 1, 'plaintext');
			const warned = await published(client, headers, "the headers file's warning", (last) => last.diagnostics.length > 0);
			const warnings = warned.diagnostics.filter((diagnostic) => diagnostic.code === 'noindex-blocked-by-robots-txt');
			assert.deepEqual(codes(warnings), ['1:noindex-blocked-by-robots-txt']);
			assert.match(warnings[0].message, /^bingbot and GPTBot never fetch \/drafts\/: robots\.txt line 4 \("Disallow: \/drafts"\)/);
			// Hover on the header value says what noindex does.
			const hover = (await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: headers }, position: { line: 1, character: 18 } })) as Hover;
			assert.match(JSON.stringify(hover.contents), /noindex/i);
		} finally {
			client.kill();
		}
	});

	test('robotsTxt.siteRoot: a Vite layout (index.html at the root, public/robots.txt) is one site', async () => {
		const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-vite-')));
		copies.push(root);
		mkdirSync(join(root, 'public'));
		writeFileSync(join(root, 'public', 'robots.txt'), 'User-agent: *\nDisallow: /\n');
		const text = '<html><head><meta name="robots" content="noindex"></head></html>\n';
		const uri = pathToFileURL(join(root, 'index.html')).href;
		const start = async (settings: unknown) => {
			const client = await TestClient.start({ configuration: true, settings, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'vite' }] });
			await client.open(uri, text, 1, 'html');
			// A robots.txt opened last is answered after the page: the page's turn has come and gone.
			await client.open('file:///nowhere/robots.txt', 'User-agent: *\n');
			await published(client, 'file:///nowhere/robots.txt', 'the robots.txt after the page');
			return client;
		};
		const without = await start({ crawlers });
		try {
			await quiet(300);
			assert.equal(without.lastPublished(uri), undefined, 'no robots.txt above index.html: nothing to say');
		} finally {
			without.kill();
		}
		const withRoot = await start({ crawlers, siteRoot: '.' });
		try {
			const warned = await published(withRoot, uri, 'the warning with the site root', (last) => last.diagnostics.length > 0);
			assert.match(warned.diagnostics[0].message, /^Googlebot, bingbot and GPTBot never fetch \/: robots\.txt line 2 \("Disallow: \/"\)/);
			assert.equal(warned.diagnostics[0].relatedInformation![0].location.uri, pathToFileURL(join(root, 'public', 'robots.txt')).href);
		} finally {
			withRoot.kill();
		}
	});

	test('untitled pages get the meta checks only: they have no path, so no site', async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers } });
		try {
			const uri = 'untitled:Untitled-1';
			await client.open(uri, '<meta name="robots" content="noindex, noindex">', 1, 'html');
			const params = await published(client, uri, "the untitled page's diagnostics");
			assert.deepEqual(codes(params.diagnostics), ['0:duplicate-robots-directive']);
		} finally {
			client.kill();
		}
	});
});

describe('bad input in pages: a clear finding or nothing, never a crash or a hang', () => {
	const cases: [string, string][] = [
		['an unclosed tag', '<html><head><meta name="robots" content="noindex'],
		['an unquoted attribute', '<head><meta name=robots content=noindex,nofollow></head>'],
		['odd separators', '<head><meta name="robots" content="noindex; nofollow，noarchive、 nosnippet"></head>'],
		['binary', String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
		['lone surrogates and NUL', '<meta name="robots" content="\ud800noindex\u0000">\udfff'],
		['a million commas', `<meta name="robots" content="${','.repeat(1_000_000)}">`],
	];
	for (const [name, text] of cases) {
		test(name, async () => {
			const client = await TestClient.start({ configuration: true, settings: { crawlers } });
			try {
				const uri = `file:///nowhere/${name.replace(/\W+/g, '-')}.html`;
				await client.open(uri, text, 1, 'html');
				await client.open(`${uri}.headers/_headers`, `/*\n  X-Robots-Tag: ${text}\n`, 1, 'plaintext');
				const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 40 } });
				const items = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 45 } });
				assert.ok(hover === null || typeof hover === 'object');
				assert.ok(Array.isArray(items));
				// A robots.txt opened last is answered: the pages before it did not block the server.
				await client.open('file:///nowhere/robots.txt', 'User-agent: *\n');
				await published(client, 'file:///nowhere/robots.txt', 'the robots.txt after the page');
				for (const params of client.published.filter((entry) => entry.uri === uri)) {
					assert.ok(params.diagnostics.length <= 2000, `${params.diagnostics.length} diagnostics`);
				}
				assert.equal(await client.stop(), 0);
			} finally {
				client.kill();
			}
		});
	}

	test('a 50 MB HTML page: opened, edited and hovered without a hang', { timeout: 120_000 }, async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers } });
		try {
			const uri = 'file:///nowhere/huge.html';
			const paragraph = '<p class="x">Lorem ipsum <a href="/a">dolor</a> sit amet, consectetur adipiscing elit.</p>\n';
			const body = paragraph.repeat(Math.ceil(50e6 / paragraph.length));
			const text = `<html><head><meta name="robots" content="noindex, max-snippet:abc"></head><body>\n${body}</body></html>\n`;
			await client.open(uri, text, 1, 'html');
			const params = await published(client, uri, "the huge page's diagnostics");
			assert.deepEqual(codes(params.diagnostics), ['0:invalid-robots-directive-value']);
			const last = text.split('\n').length - 2;
			await client.change(uri, 2, [{ range: { start: { line: last, character: 0 }, end: { line: last, character: 0 } }, text: 'x' }]);
			const hover = (await client.connection.sendRequest(HoverRequest.type, {
				textDocument: { uri },
				position: { line: 0, character: text.indexOf('noindex') + 2 },
			})) as Hover;
			assert.match(JSON.stringify(hover.contents), /\*\*noindex\*\*/);
			await published(client, uri, 'the diagnostics after the edit', (entry) => entry.version === 2);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
