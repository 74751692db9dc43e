/**
 * Render resources over the real wire (test/fixtures/site-render): a page whose stylesheet the robots.txt keeps from
 * Googlebot and bingbot gets the warning on the URL and a quick fix that edits the robots.txt; the robots.txt, with
 * the page on disk, gets the hint on the deciding rule and the same fix. Expected findings follow Google ("Understand
 * the JavaScript SEO basics": Googlebot renders the page with the resources it loads), as the fixture's README says.
 */

import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeActionRequest, DocumentDiagnosticRequest, type CodeAction, type Diagnostic, type DocumentDiagnosticReport } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fixturesDir } from '../util/fixtures';
import { TestClient } from './client';

const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];
const roots: string[] = [];
after(() => {
	for (const root of roots) {
		rmSync(root, { recursive: true, force: true });
	}
});

function siteCopy(): { uri: (...parts: string[]) => string; path: (...parts: string[]) => string; workspace: string } {
	const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-render-')));
	roots.push(root);
	cpSync(join(fixturesDir, 'site-render'), join(root, 'site'), { recursive: true });
	return {
		uri: (...parts) => pathToFileURL(join(root, 'site', ...parts)).href,
		path: (...parts) => join(root, 'site', ...parts),
		workspace: pathToFileURL(root).href,
	};
}

const robotsText = readFileSync(join(fixturesDir, 'site-render', 'robots.txt'), 'utf8');
const fixed = robotsText.replace('Disallow: /assets/\n', 'Disallow: /assets/\nAllow: /assets/*.css\n');

/** The text of the robots.txt once the action's edit for it is applied. */
function applied(action: CodeAction, robots: string): string {
	const edits = action.edit?.changes?.[robots] ?? [];
	return TextDocument.applyEdits(TextDocument.create(robots, 'robots-txt', 1, robotsText), edits);
}

test("the page's stylesheet warning, and its quick fix: an Allow for *.css in the robots.txt", async () => {
	const site = siteCopy();
	const client = await TestClient.start({ configuration: true, settings: { crawlers }, workspaceFolders: [{ uri: site.workspace, name: 'site' }] });
	try {
		const page = site.uri('index.html');
		const robots = site.uri('robots.txt');
		await client.open(page, readFileSync(site.path('index.html'), 'utf8'), 1, 'html');
		await client.waitFor(() => (client.lastPublished(page)?.diagnostics.length ?? 0) > 0, 'the render warnings', 10_000);
		const diagnostics = client.lastPublished(page)!.diagnostics;
		// The stylesheet (line 4), the font (5), the script (7), the image and its two srcset candidates (10).
		assert.deepEqual(
			diagnostics.map((d) => `${d.range.start.line + 1}:${String(d.code)}`),
			['4', '5', '7', '10', '10', '10'].map((line) => `${line}:render-resource-blocked`),
		);
		const stylesheet = diagnostics[0];
		assert.equal(
			stylesheet.message,
			'Googlebot and bingbot cannot fetch this stylesheet: robots.txt line 3 ("Disallow: /assets/") disallows /assets/site.css, so the page is rendered without it.',
		);
		assert.deepEqual(stylesheet.range, { start: { line: 3, character: 29 }, end: { line: 3, character: 45 } });
		assert.deepEqual(
			stylesheet.relatedInformation?.map((info) => [info.location.uri, info.location.range.start.line]),
			[[robots, 2]],
		);
		// The client's copy without data, as a client may send it: the fix comes from the server's analysis.
		const { data: _data, ...sent } = stylesheet;
		const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: page },
			range: stylesheet.range,
			context: { diagnostics: [sent as Diagnostic] },
		})) as CodeAction[];
		const fix = actions.find((action) => action.title === 'Add "Allow: /assets/*.css" after line 3');
		assert.ok(fix, JSON.stringify(actions.map((action) => action.title)));
		assert.equal(fix.kind, 'quickfix');
		// A WorkspaceEdit on the robots.txt, not on the page.
		assert.deepEqual(Object.keys(fix.edit?.changes ?? {}), [robots]);
		assert.equal(applied(fix, robots), fixed);
		assert.ok(!actions.some((action) => /Fix all/.test(action.title)), 'a fix in another file joins no fix-all');
	} finally {
		client.kill();
	}
});

test('the robots.txt: the hint on the deciding rule from the pages on disk, with the same fix', async () => {
	const site = siteCopy();
	const client = await TestClient.start({ pull: true, configuration: true, settings: { crawlers }, workspaceFolders: [{ uri: site.workspace, name: 'site' }] });
	try {
		const robots = site.uri('robots.txt');
		await client.open(robots, robotsText);
		const report = (await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: robots } })) as DocumentDiagnosticReport & {
			items: Diagnostic[];
		};
		const hints = report.items.filter((d) => d.code === 'rule-hides-render-resources');
		// index.html (/) and blog/post.html load resources below /assets/; admin/panel.html is itself disallowed.
		assert.deepEqual(
			hints.map((hint) => hint.range.start.line),
			[2],
		);
		assert.equal(hints[0].message, 'This rule hides resources that 2 pages need to render from Googlebot and bingbot, e.g. / loads /assets/app.js.');
		assert.equal(hints[0].severity, 4);
		const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: robots },
			range: hints[0].range,
			context: { diagnostics: hints },
		})) as CodeAction[];
		const fix = actions.find((action) => action.title === 'Add "Allow: /assets/*.css" after line 3');
		assert.ok(fix, JSON.stringify(actions.map((action) => action.title)));
		assert.equal(applied(fix, robots), fixed);
		assert.deepEqual(
			actions.filter((action) => action.title.startsWith('Add "Allow: /assets/')).map((action) => action.title),
			['css', 'woff2', 'js', 'png'].map((ext) => `Add "Allow: /assets/*.${ext}" after line 3`),
		);
	} finally {
		client.kill();
	}
});
