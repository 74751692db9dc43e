/**
 * The same sites through the language server and `robots-txt lint --format json`: the same findings (code, file, line)
 * from both, so that the editor and CI cannot disagree about a site (issue 23). Each site is a copy of a fixture:
 * test/fixtures/site (the robots.txt at its root), site-vite (the robots.txt in public/, with and without the site
 * root), site-nested (a robots.txt in a subfolder founds its own site), site-upper (ROBOTS.TXT, which no crawler
 * requests), site-render (resources a page loads that the robots.txt hides from search crawlers), and the sample site with a link inside it and one leading out of it. The server opens every robots.txt,
 * page and `_headers` file as the editor would and is asked for each one's diagnostics (pull); lint walks the folder.
 *
 * The findings across files are also asserted against what Google documents ("for the noindex rule to be effective,
 * the page must not be blocked by a robots.txt file"), worked out by hand from each fixture's rules.
 */

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentDiagnosticRequest, type Diagnostic, type FullDocumentDiagnosticReport } from 'vscode-languageserver/node';
import { runCli } from '../cli/cliProcess';
import { fixturesDir } from '../util/fixtures';
import { quiet, TestClient } from './client';

const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];
/** The codes of the check across files. */
const acrossFiles = new Set([
	'noindex-blocked-by-robots-txt',
	'rule-hides-noindex',
	'sitemap-urls-disallowed',
	'rule-hides-sitemap-urls',
	'sitemap-on-other-host',
	'sitemap-disallowed',
	'sitemap-unreadable',
	'sitemap-not-in-workspace',
	'sitemap-cut',
	'render-resource-blocked',
	'rule-hides-render-resources',
]);

const copies: string[] = [];
after(() => {
	for (const root of copies) {
		rmSync(root, { recursive: true, force: true });
	}
});

/** A fresh copy of a fixture folder, as `site` inside a temporary folder (beside which a test may put what is outside). */
function copy(fixture: string): string {
	const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-parity-')));
	copies.push(root);
	cpSync(join(fixturesDir, fixture), join(root, 'site'), { recursive: true });
	return root;
}

/** The files the editor treats as robots.txt (named exactly so), pages and `_headers` files, by their own paths (no links). */
function editorFiles(folder: string, below = ''): { path: string; language: string }[] {
	const found: { path: string; language: string }[] = [];
	for (const entry of readdirSync(join(folder, below), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
		const path = below === '' ? entry.name : join(below, entry.name);
		if (entry.isDirectory()) {
			found.push(...editorFiles(folder, path));
		} else if (entry.isFile()) {
			const language = entry.name === 'robots.txt' ? 'robots-txt' : /\.html?$/.test(entry.name) ? 'html' : entry.name === '_headers' ? 'plaintext' : undefined;
			if (language !== undefined) {
				found.push({ path, language });
			}
		}
	}
	return found;
}

/** A finding as both sides report it: `file:line code`, the file relative to the site, the line 1-based. */
type Finding = string;

/**
 * The findings of the language server: a robots.txt's pulled (computed when asked), a page's as last pushed (pages push
 * their own). Robots.txt files are opened first, so that each page's first analysis already sees them; a page is waited
 * for until its pushes say what `expected` (lint's) says of it, or 10 s, and a page lint says nothing of is given a
 * moment to say something all the same.
 */
async function throughServer(root: string, siteRoot: string | undefined, expected: readonly Finding[]): Promise<Finding[]> {
	const folder = join(root, 'site');
	const settings = { crawlers, ...(siteRoot !== undefined ? { siteRoot } : {}) };
	const client = await TestClient.start({ pull: true, configuration: true, settings, workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'site' }] });
	try {
		const files = editorFiles(folder).sort((a, b) => Number(b.language === 'robots-txt') - Number(a.language === 'robots-txt'));
		const uriOf = (path: string) => pathToFileURL(join(folder, path)).href;
		for (const { path, language } of files) {
			await client.open(uriOf(path), readFileSync(join(folder, path), 'utf8'), 1, language);
		}
		const findings: Finding[] = [];
		const named = (path: string, diagnostics: readonly Diagnostic[]) =>
			diagnostics.map((diagnostic) => `${path.split(sep).join('/')}:${diagnostic.range.start.line + 1} ${String(diagnostic.code)}`).sort();
		for (const { path, language } of files.filter((file) => file.language !== 'robots-txt')) {
			const expectedHere = expected.filter((finding) => finding.startsWith(`${path.split(sep).join('/')}:`));
			const pushed = () => named(path, client.lastPublished(uriOf(path))?.diagnostics ?? []);
			if (expectedHere.length > 0) {
				await client
					.waitFor(() => JSON.stringify(pushed()) === JSON.stringify(expectedHere), `the ${language} page ${path} to say what lint says`, 10_000)
					.catch(() => undefined);
			}
			findings.push(...pushed());
		}
		await quiet(300);
		for (const { path, language } of files) {
			if (language === 'robots-txt') {
				const report = (await client.connection.sendRequest(DocumentDiagnosticRequest.type, {
					textDocument: { uri: uriOf(path) },
				})) as FullDocumentDiagnosticReport;
				findings.push(...named(path, report.items));
			} else if (!expected.some((finding) => finding.startsWith(`${path.split(sep).join('/')}:`))) {
				// Late pushes of a page lint says nothing of.
				const late = named(path, client.lastPublished(uriOf(path))?.diagnostics ?? []);
				findings.push(...late.filter((finding) => !findings.includes(finding)));
			}
		}
		assert.equal(await client.stop(), 0);
		return findings.sort();
	} finally {
		client.kill();
	}
}

function throughCli(root: string, siteRoot: string | undefined): Finding[] {
	const folder = join(root, 'site');
	const result = runCli(
		['lint', '.', '--format', 'json', '--hints', '--crawler', crawlers.join(','), ...(siteRoot !== undefined ? ['--site-root', siteRoot] : [])],
		{ cwd: folder },
	);
	assert.ok(result.status === 0 || result.status === 1, result.stderr);
	const records = JSON.parse(result.stdout) as { file: string; line: number; code: string }[];
	return records.map((record) => `${relative(folder, join(folder, record.file)).split(sep).join('/')}:${record.line} ${record.code}`).sort();
}

/** Runs a site through both, asserts they agree, and returns the findings across files. */
async function both(root: string, siteRoot?: string): Promise<Finding[]> {
	const cli = throughCli(root, siteRoot);
	const server = await throughServer(root, siteRoot, cli);
	assert.deepEqual(cli, server, 'robots-txt lint and the language server disagree');
	return server.filter((finding) => acrossFiles.has(finding.slice(finding.indexOf(' ') + 1)));
}

/**
 * The sample site's findings across files: `Disallow: /private/` (lines 3 and 7) keeps every crawler from the private
 * pages' noindex (Googlebot reads its own group, line 7; bingbot and GPTBot the `*` group); `Disallow: /drafts` (line 4,
 * the `*` group) keeps bingbot and GPTBot from _headers' X-Robots-Tag for /drafts/*.
 */
const sampleSite = [
	'_headers:2 noindex-blocked-by-robots-txt',
	'private/index.html:2 noindex-blocked-by-robots-txt',
	'private/report.html:5 noindex-blocked-by-robots-txt',
	'robots.txt:3 rule-hides-noindex',
	'robots.txt:4 rule-hides-noindex',
	'robots.txt:7 rule-hides-noindex',
];

describe('the same site fixtures through the language server and robots-txt lint', () => {
	test('the sample site: the robots.txt at its root', async () => {
		assert.deepEqual(await both(copy('site')), sampleSite);
	});

	test('a Vite layout: public/robots.txt serves the pages at the project root only with the site root', async () => {
		const root = copy('site-vite');
		// Without it, public/robots.txt serves public/ alone (/help.html, allowed), and index.html has no robots.txt above it.
		assert.deepEqual(await both(root), []);
		// With it, about/team.html is served at /about/team.html, which line 3 disallows to every crawler.
		assert.deepEqual(await both(root, '.'), ['about/team.html:2 noindex-blocked-by-robots-txt', 'public/robots.txt:3 rule-hides-noindex']);
	});

	test('a nested robots.txt founds its own site: its pages are served from its folder', async () => {
		// docs/guide.html is /guide.html of the docs site (allowed there), not /docs/guide.html of the outer one;
		// docs/private/a.html is /private/a.html, which docs/robots.txt line 3 disallows.
		assert.deepEqual(await both(copy('site-nested')), ['docs/private/a.html:2 noindex-blocked-by-robots-txt', 'docs/robots.txt:3 rule-hides-noindex']);
	});

	test("a robots.txt's sitemaps, read from the folder at their URL paths (site-sitemap's README has the sources)", async () => {
		// /private/ (line 3) hides listed URLs of sitemap.xml (line 6) and of the index's gzip sitemap (line 7); the
		// sitemap on cdn.example.net (line 8) is a cross-submit not in the folder; missing.xml (line 9) is not there;
		// line 4 disallows the sitemap hidden.xml (line 10) itself.
		assert.deepEqual(
			await both(copy('site-sitemap')),
			[
				'robots.txt:3 rule-hides-sitemap-urls',
				'robots.txt:6 sitemap-urls-disallowed',
				'robots.txt:7 sitemap-urls-disallowed',
				'robots.txt:8 sitemap-on-other-host',
				'robots.txt:8 sitemap-not-in-workspace',
				'robots.txt:9 sitemap-not-in-workspace',
				'robots.txt:10 sitemap-disallowed',
			].sort(),
		);
	});

	test('render resources: what pages load from /assets/, which the robots.txt keeps from the search crawlers', async () => {
		// Worked out in test/fixtures/site-render/README.md: Googlebot and bingbot (GPTBot renders nothing for search)
		// cannot fetch index.html's stylesheet, font, script and image with its two srcset candidates, nor
		// blog/post.html's stylesheet through its <base>; line 3 hides them. admin/panel.html is itself disallowed.
		assert.deepEqual(await both(copy('site-render')), [
			'blog/post.html:5 render-resource-blocked',
			'index.html:10 render-resource-blocked',
			'index.html:10 render-resource-blocked',
			'index.html:10 render-resource-blocked',
			'index.html:4 render-resource-blocked',
			'index.html:5 render-resource-blocked',
			'index.html:7 render-resource-blocked',
			'robots.txt:3 rule-hides-render-resources',
		]);
	});

	test('ROBOTS.TXT is not a robots.txt: crawlers request /robots.txt, and URL paths are case-sensitive (RFC 9309 2.3)', async () => {
		assert.deepEqual(await both(copy('site-upper')), []);
	});

	test('a link inside the site is the same folder under another name; a link out of it is not followed', async () => {
		const root = copy('site');
		symlinkSync('private', join(root, 'site', 'mirror'));
		// Outside the folder: a page whose noindex `Disallow: /drafts` would hide, were /drafts/ followed into it.
		mkdirSync(join(root, 'outside'));
		writeFileSync(join(root, 'outside', 'secret.html'), '<meta name="robots" content="noindex">\n');
		symlinkSync(join('..', 'outside'), join(root, 'site', 'drafts'));
		// The same findings as without the links.
		assert.deepEqual(await both(root), sampleSite);
	});
});
