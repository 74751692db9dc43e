/**
 * Expectations files under load, over the real wire (issue 21, findings 5 and 10): an expectations file's diagnostics
 * are limited to robotsTxt.diagnostics.maxProblems as a robots.txt's are; a keystroke in one recomputes and sends
 * again only the robots.txt it tests, and only when that robots.txt's diagnostics change; and a request is answered
 * between documents while many are recomputed, not after all of them.
 */

import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity, HoverRequest } from 'vscode-languageserver/node';
import { expectationsLanguageId } from '../../core/src/index';
import { joinLines } from '../util/fixtures';
import { quiet, TestClient } from './client';

/** Long enough for a publish the server would send to arrive: only to prove that none does. */
const settle = 1000;

describe('expectations files under load', () => {
	test("an expectations file's diagnostics are limited as a robots.txt's: maxProblems, the most severe first, with a note", async () => {
		const folder = mkdtempSync(join(tmpdir(), 'robots-expect-limit-'));
		const robotsUri = pathToFileURL(join(folder, 'robots.txt')).href;
		const uri = pathToFileURL(join(folder, 'robots.expectations')).href;
		// Line i + 2 of the robots.txt disallows /p<i>/ for every crawler: each of the 120 `allow` expectations fails on
		// its own line. MyBot is a crawler no catalogue names: one note. 121 diagnostics in the expectations file.
		const robots = joinLines('User-agent: *', ...Array.from({ length: 120 }, (_, i) => `Disallow: /p${i}/`));
		const expectations = joinLines(...Array.from({ length: 120 }, (_, i) => `Googlebot /p${i}/x allow`), 'MyBot /p0/y disallow');
		const client = await TestClient.start({ configuration: true, settings: { diagnostics: { maxProblems: 50 } } });
		try {
			await client.open(robotsUri, robots);
			await client.open(uri, expectations, 1, expectationsLanguageId);
			await client.waitFor(() => client.lastPublished(uri) !== undefined, "the expectations file's diagnostics");
			const sent = client.lastPublished(uri)!.diagnostics;
			assert.equal(sent.length, 50);
			assert.equal(sent[0].severity, DiagnosticSeverity.Information);
			assert.equal(sent[0].message, '121 problems; showing the 49 most severe; run `robots-txt check` for all (or raise robotsTxt.diagnostics.maxProblems).');
			assert.deepEqual(
				sent.slice(1).map((d) => [d.code, d.range.start.line]),
				Array.from({ length: 49 }, (_, i) => ['expectation-failed', i]),
			);
			// The robots.txt shows a failure on each of its 120 rules: limited the same way.
			await client.waitFor(() => (client.lastPublished(robotsUri)?.diagnostics.length ?? 0) === 50, "the robots.txt's limited diagnostics");
			const inRobots = client.lastPublished(robotsUri)!.diagnostics;
			assert.match(inRobots[0].message, /^\d+ problems; showing the 49 most severe; run `robots-txt lint`/);
			assert.ok(inRobots.slice(1).every((d) => d.code === 'expectation-failed'));
			// A lower limit applies to the open expectations file at once.
			await client.changeSettings({ diagnostics: { maxProblems: 10 } });
			await client.waitFor(() => client.lastPublished(uri)!.diagnostics.length === 10, "the expectations file's diagnostics under the new limit");
			assert.equal(
				client.lastPublished(uri)!.diagnostics[0].message,
				'121 problems; showing the 9 most severe; run `robots-txt check` for all (or raise robotsTxt.diagnostics.maxProblems).',
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test("a keystroke in an expectations file sends its own diagnostics and, when they change, its robots.txt's; no other open robots.txt's", async () => {
		const root = mkdtempSync(join(tmpdir(), 'robots-expect-many-'));
		const sites = Array.from({ length: 20 }, (_, i) => {
			mkdirSync(join(root, `site${i}`));
			return pathToFileURL(join(root, `site${i}`, 'robots.txt')).href;
		});
		const uri = new URL('robots.expectations', sites[0]).href;
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			for (const site of sites) {
				await client.open(site, joinLines('User-agent: *', 'Disallow: /private/', ''));
			}
			await client.waitFor(() => sites.every((site) => client.lastPublished(site) !== undefined), "every robots.txt's diagnostics");
			await client.open(uri, joinLines('Googlebot /private/a disallow', ''), 1, expectationsLanguageId);
			await client.waitFor(() => client.lastPublished(uri) !== undefined, "the expectations file's diagnostics");
			await quiet(settle);

			// A comment: the expectations file's diagnostics go out for its new version, and nothing else.
			let from = client.published.length;
			await client.change(uri, 2, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '# a comment\n' }]);
			await client.waitFor(() => client.lastPublished(uri)?.version === 2, "the expectations file's diagnostics of version 2");
			await quiet(settle);
			assert.deepEqual(
				client.published.slice(from).map((p) => p.uri),
				[uri],
			);

			// An expectation that fails on line 2 of site 0's robots.txt: that robots.txt's diagnostics follow, and no other.
			from = client.published.length;
			await client.change(uri, 3, [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } }, text: 'Googlebot /private/b allow\n' }]);
			await client.waitFor(() => client.published.slice(from).some((p) => p.uri === sites[0]), "site 0's robots.txt's diagnostics");
			await quiet(settle);
			const sent = client.published.slice(from);
			assert.deepEqual(
				sent.map((p) => p.uri),
				[uri, sites[0]],
			);
			assert.deepEqual(
				sent[1].diagnostics.filter((d) => d.code === 'expectation-failed').map((d) => d.range.start.line),
				[1],
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test("a hover is answered while 40 documents' diagnostics are recomputed, not after all of them", async () => {
		// 400 misspelt rules each: a settings change that lowers maxProblems changes every document's diagnostics.
		const text = joinLines('User-agent: *', ...Array.from({ length: 400 }, (_, i) => `Disalow: /p${i}/`));
		const uris = Array.from({ length: 40 }, (_, i) => `untitled:robots-${i}.txt`);
		const client = await TestClient.start({});
		try {
			for (const uri of uris) {
				await client.open(uri, text);
			}
			await client.waitFor(() => uris.every((uri) => client.lastPublished(uri) !== undefined), "every document's diagnostics", 30_000);
			const from = client.published.length;
			await client.changeSettings({ diagnostics: { maxProblems: 10 } });
			await client.waitFor(() => client.published.length > from, 'the first document recomputed', 30_000);
			const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uris[0] }, position: { line: 0, character: 2 } });
			const beforeHover = client.published.length - from;
			assert.notEqual(hover, null);
			await client.waitFor(() => uris.every((uri) => client.lastPublished(uri)!.diagnostics.length === 10), 'every document recomputed', 30_000);
			assert.ok(beforeHover < uris.length, `the hover was answered after ${beforeHover} of ${uris.length} documents were recomputed`);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
