/**
 * The cross-file finding on test/fixtures/site: pages whose noindex a crawler cannot see because robots.txt keeps it
 * out. Expected findings follow Google ("for the noindex rule to be effective, the page must not be blocked by a
 * robots.txt file", Robots meta tag specifications) and seed 004 (a Disallow does not remove a page from the index;
 * a noindex does, but only when the crawler may fetch the page).
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	analysePage,
	blockedNoindexDiagnostics,
	computeHtmlDiagnostics,
	computeMetaCompletions,
	computeMetaHover,
	headersBlockedNoindexes,
	headersPatternPaths,
	headersReach,
	htmlReach,
	lineRange,
	pageBlockedNoindexes,
	pageSiteDiagnostics,
	parse,
	robotsHidesNoindexDiagnostics,
	robotsSiteDiagnostics,
	urlPathOfFile,
	urlPathOfNames,
} from '../../core/src/index';
import { fixturesDir, joinLines } from '../util/fixtures';

const site = join(fixturesDir, 'site');
const robots = parse(readFileSync(join(site, 'robots.txt'), 'utf8'));
const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];

function files(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? files(path) : [path];
	});
}

test('files map to the URL paths they are served at', () => {
	assert.equal(urlPathOfFile('private/report.html'), '/private/report.html');
	assert.equal(urlPathOfFile('private/index.html'), '/private/');
	assert.equal(urlPathOfFile('index.html'), '/');
	assert.equal(urlPathOfFile('a b/ü.html'), '/a%20b/%C3%BC.html');
	assert.equal(urlPathOfFile('../outside.html'), undefined);
	// Names as they are (a POSIX name may hold a `\`): RFC 3986 §2.1 percent-encodes it, it separates nothing.
	assert.equal(urlPathOfNames(['back\\slash.html']), '/back%5Cslash.html');
	assert.equal(urlPathOfNames(['docs', 'index.html']), '/docs/');
	assert.equal(urlPathOfNames(['..', 'outside.html']), undefined);
});

test('a noindex page that robots.txt disallows for a crawler gets a warning naming the crawler and the line', () => {
	const findings = files(site)
		.filter((path) => path.endsWith('.html'))
		.flatMap((path) =>
			pageBlockedNoindexes(robots, crawlers, { uri: `file://${path}`, urlPath: urlPathOfFile(relative(site, path))!, html: readFileSync(path, 'utf8') }),
		);
	const summary = findings.map((finding) => `${finding.urlPath} ${finding.crawler} line ${finding.robotsLine + 1}`).sort();
	assert.deepEqual(summary, [
		// name="googlebot" reaches Googlebot only; the robots.txt disallows /private/ for it at line 7.
		'/private/ Googlebot line 7',
		// name="robots" reaches every crawler; Googlebot follows its own group (line 7), the others * (line 3).
		'/private/report.html GPTBot line 3',
		'/private/report.html Googlebot line 7',
		'/private/report.html bingbot line 3',
	]);
	const report = findings.filter((finding) => finding.urlPath === '/private/report.html');
	const [diagnostic] = blockedNoindexDiagnostics(report, 'file:///site/robots.txt', (line) => lineRange(robots, line));
	// Googlebot follows its own group, the others `*`: both deciding lines are named.
	assert.match(
		diagnostic.message,
		/^Googlebot, bingbot and GPTBot never fetch \/private\/report\.html: robots\.txt lines 3 \("Disallow: \/private\/"\) and 7 \("Disallow: \/private\/"\) disallow it/,
	);
	assert.equal(diagnostic.range.start.line, 4);
	assert.deepEqual(diagnostic.relatedInformation!.map((info) => info.location.range.start.line).sort(), [2, 6]);
	const hints = robotsHidesNoindexDiagnostics(findings, (line) => lineRange(robots, line));
	assert.deepEqual(
		hints.map((hint) => hint.range.start.line),
		[2, 6],
	);
	assert.match(hints[1].message, /keeps Googlebot from pages that carry noindex \(\/private\/ and \/private\/report\.html\)/);
});

test('an X-Robots-Tag in _headers counts like a meta tag', () => {
	const findings = headersBlockedNoindexes(robots, crawlers, {
		uri: 'file:///site/_headers',
		text: readFileSync(join(site, '_headers'), 'utf8'),
		urlPaths: ['/drafts/plan.html', '/blog/old-post.html'],
	});
	assert.deepEqual(findings.map((finding) => `${finding.urlPath} ${finding.crawler} line ${finding.robotsLine + 1}`).sort(), [
		'/drafts/plan.html GPTBot line 4',
		'/drafts/plan.html bingbot line 4',
	]);
	assert.equal(findings[0].ranges[0].start.line, 1);
});

test('a page is analysed with one scan: its own findings and, for the targets, where its noindex reaches them', () => {
	const html = readFileSync(join(site, 'private', 'report.html'), 'utf8');
	const analysis = analysePage('html', html, { targets: crawlers });
	assert.deepEqual(analysis.diagnostics, computeHtmlDiagnostics(html, { targets: crawlers }));
	// name="robots" reaches every crawler (Google, Robots meta tag specifications: "robots" applies to all crawlers).
	assert.deepEqual([...analysis.reach.keys()], crawlers);
	assert.deepEqual(analysis.reach.get('Googlebot'), [{ start: { line: 4, character: 29 }, end: { line: 4, character: 36 } }]);
	// name="googlebot" reaches Googlebot only.
	assert.deepEqual([...htmlReach(readFileSync(join(site, 'private', 'index.html'), 'utf8'), crawlers).keys()], ['Googlebot']);
	// A page without robots tags reaches nobody.
	assert.equal(analysePage('html', '<html><head><meta charset="utf-8"></head></html>', { targets: crawlers }).reach.size, 0);
	// The editor's own document converts positions just as the line table does.
	const document = TextDocument.create('file:///r.html', 'html', 1, html);
	assert.deepEqual(analysePage('html', html, { targets: crawlers }, document), analysis);
	assert.deepEqual(computeMetaHover(html, { line: 4, character: 33 }, {}, document), computeMetaHover(html, { line: 4, character: 33 }));
	assert.deepEqual(computeMetaCompletions(html, { line: 4, character: 31 }, document), computeMetaCompletions(html, { line: 4, character: 31 }));
});

test('a _headers file reaches the paths its patterns cover, those of the site and those the patterns stand for', () => {
	const text = joinLines(
		'/drafts/*',
		'  X-Robots-Tag: noindex',
		'/blog/:slug',
		'  X-Robots-Tag: googlebot: noindex',
		'https://preview.example.pages.dev/*',
		'  X-Robots-Tag: noindex',
	);
	// Netlify and Cloudflare: `*` matches anything (also nothing), `:slug` one segment; absolute URL patterns are for other hosts.
	assert.deepEqual(headersPatternPaths(text), ['/drafts/', '/blog/slug']);
	const reach = headersReach(text, ['/drafts/plan.html', '/index.html'], crawlers);
	assert.deepEqual([...reach.keys()], ['/drafts/plan.html', '/drafts/', '/blog/slug']);
	assert.deepEqual([...reach.get('/blog/slug')!.keys()], ['Googlebot']);
	const robotsModel = parse(joinLines('User-agent: *', 'Disallow: /drafts', 'Disallow: /blog/'));
	const [warning] = pageSiteDiagnostics(
		robotsModel,
		'file:///r/robots.txt',
		[...reach].map(([urlPath, places]) => ({ uri: 'file:///r/_headers', urlPath, reach: places })),
	);
	// One warning on the header line, for every path it covers.
	assert.equal(warning.range.start.line, 1);
	assert.match(warning.message, /^Googlebot, bingbot and GPTBot never fetch \/drafts\/plan\.html and 1 more URL this header covers: robots\.txt line 2 /);
});

test('severity overrides reach the cross-file codes; off drops them', () => {
	const html = readFileSync(join(site, 'private', 'report.html'), 'utf8');
	const entries = [{ uri: 'file:///site/private/report.html', urlPath: '/private/report.html', reach: htmlReach(html, crawlers) }];
	assert.equal(pageSiteDiagnostics(robots, 'file:///site/robots.txt', entries)[0].severity, DiagnosticSeverity.Warning);
	assert.equal(
		pageSiteDiagnostics(robots, 'file:///site/robots.txt', entries, { 'noindex-blocked-by-robots-txt': 'error' })[0].severity,
		DiagnosticSeverity.Error,
	);
	assert.deepEqual(pageSiteDiagnostics(robots, 'file:///site/robots.txt', entries, { 'noindex-blocked-by-robots-txt': 'off' }), []);
	assert.equal(robotsSiteDiagnostics(robots, entries)[0].severity, DiagnosticSeverity.Hint);
	assert.equal(robotsSiteDiagnostics(robots, entries, { 'rule-hides-noindex': 'information' })[0].severity, DiagnosticSeverity.Information);
});

test('many pages behind one rule: one hint, linear in the pages, naming a few and counting the rest', () => {
	const entries = Array.from({ length: 20_000 }, (_, i) => ({
		uri: `file:///site/private/p${i}.html`,
		urlPath: `/private/p${i}.html`,
		reach: new Map(crawlers.map((crawler) => [crawler, [{ start: { line: 0, character: 0 }, end: { line: 0, character: 7 } }]])),
	}));
	const hints = robotsSiteDiagnostics(robots, entries);
	assert.deepEqual(
		hints.map((hint) => hint.range.start.line),
		[2, 6],
	);
	// Counts are written as the language writes numbers (English: 19,997).
	assert.match(hints[0].message, /and 19,997 more\): they never see the noindex/);
	assert.equal(hints[0].relatedInformation!.length, 20);
});

test('a control token is kept from nothing: it fetches no page (Apple: "Applebot-Extended does not crawl webpages")', () => {
	const html = readFileSync(join(site, 'private', 'report.html'), 'utf8');
	const entries = [
		{ uri: 'file:///site/private/report.html', urlPath: '/private/report.html', reach: htmlReach(html, ['Applebot-Extended', 'Google-Extended', 'GPTBot']) },
	];
	const [warning] = pageSiteDiagnostics(robots, 'file:///site/robots.txt', entries);
	assert.match(warning.message, /^GPTBot never fetches /);
});
