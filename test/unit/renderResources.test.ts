/**
 * Render resources against the robots.txt (test/fixtures/site-render and small pages): the stylesheets, scripts, fonts
 * and images a page loads, resolved as a browser resolves them, and the ones a target search crawler may not fetch.
 * Expected findings come from the sources in test/fixtures/site-render/README.md (Google renders a page with its CSS,
 * JavaScript, fonts and images; robots.txt rules are matched against the path and query, RFC 9309 §2.2.2; HTML's
 * `<base href>`, `srcset` and `<template>` rules), worked out by hand from the fixture's rules.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument, type TextEdit } from 'vscode-languageserver-textdocument';
import {
	allowResourceFix,
	analysePage,
	evaluateAs,
	htmlRender,
	maxResourcesPerPage,
	parse,
	scanResources,
	siteFindings,
	type SitePage,
} from '../../core/src/index';
import { fixturesDir } from '../util/fixtures';

const site = join(fixturesDir, 'site-render');
const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];

function files(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? files(path) : [path];
	});
}

/** The fixture's findings across files, as `path:line code` (1-based lines), and the diagnostics by path. */
function siteRun() {
	const paths = files(site).map((path) => relative(site, path).split(sep).join('/'));
	const robotsText = readFileSync(join(site, 'robots.txt'), 'utf8');
	const pages: SitePage[] = paths
		.filter((path) => path.endsWith('.html'))
		.map((path) => {
			const text = readFileSync(join(site, path), 'utf8');
			const analysis = analysePage('html', text, { targets: crawlers });
			return { kind: 'html', path, uri: `file:///site/${path}`, reach: analysis.reach, ...(analysis.render ? { render: analysis.render } : {}) };
		});
	const findings = siteFindings(
		{ files: new Set(paths) },
		new Map([['robots.txt', { uri: 'file:///site/robots.txt', model: parse(robotsText) }]]),
		pages,
		crawlers,
	);
	return { findings, robotsText };
}

function apply(text: string, edits: readonly TextEdit[]): string {
	return TextDocument.applyEdits(TextDocument.create('file:///r', 'robots-txt', 1, text), [...edits]);
}

test('the resources a page loads: stylesheets, preloads, scripts, images and srcset candidates, at their places', () => {
	const html = [
		'<link rel="stylesheet" href="/a.css"><link rel="preload" as="font" href="/f.woff2"><link rel=modulepreload href=/m.js>',
		'<link rel="preload" as="fetch" href="/data.json"><link rel="icon" href="/favicon.ico">',
		'<script src="/s.js?v=1&amp;x=2"></script><script>var s = "<img src=/in-script.png>";</script>',
		'<!-- <img src="/commented.png"> --><template><img src="/inert.png"></template>',
		'<picture><source srcset="/p.webp 1x, /p2.webp 2x"><img src="/p.jpg" srcset="/q.jpg 480w,/r.jpg 800w"></picture>',
	].join('\n');
	const scan = scanResources(html);
	assert.deepEqual(
		scan.resources.map((resource) => `${resource.kind} ${resource.href} ${html.slice(resource.start, resource.end)}`),
		[
			'stylesheet /a.css /a.css',
			'font /f.woff2 /f.woff2',
			'script /m.js /m.js',
			'script /s.js?v=1&x=2 /s.js?v=1&amp;x=2',
			'image /p.webp /p.webp',
			'image /p2.webp /p2.webp',
			'image /p.jpg /p.jpg',
			'image /q.jpg /q.jpg',
			'image /r.jpg /r.jpg',
		],
	);
	assert.equal(scan.base, undefined);
	// The first <base href> counts (HTML §4.2.3: "the first base element with an href attribute").
	assert.equal(scanResources('<base target=_blank><base href="/x/"><base href="/y/"><img src=a.png>').base, '/x/');
	// A page without resource tags: one scan, nothing found, and no render reach.
	assert.deepEqual(scanResources('<html><head><meta charset="utf-8"></head><body><a href="/a">a</a></body></html>').resources, []);
	assert.equal(htmlRender('<p>text</p>', crawlers), undefined);
	// No search crawler among the targets: nothing to render for.
	assert.equal(htmlRender('<link rel=stylesheet href=/a.css>', ['GPTBot', 'CCBot']), undefined);
	assert.deepEqual(htmlRender('<link rel=stylesheet href=/a.css>', crawlers)?.crawlers, ['Googlebot', 'bingbot']);
	// `<!-->` and `<!--->` are whole (empty) comments: what follows them is markup (HTML's abrupt-closing-of-empty-comment).
	assert.deepEqual(
		scanResources('<!--><img src=/a.png><!---><img src=/b.png>').resources.map((resource) => resource.href),
		['/a.png', '/b.png'],
	);
	// Only the first MiB of a page is read, as the server reads pages on disk.
	assert.deepEqual(
		scanResources(`<img src=/a.png>${' '.repeat(1024 * 1024)}<img src=/b.png>`).resources.map((resource) => resource.href),
		['/a.png'],
	);
	// A generated page of thousands of images gets its first ones checked.
	assert.equal(scanResources('<img src=/i.png>'.repeat(maxResourcesPerPage + 100)).resources.length, maxResourcesPerPage);
});

/** `path:line code` for each finding across files (1-based lines). */
function named(findings: ReadonlyMap<string, readonly { range: { start: { line: number } }; code?: string | number }[]>): string[] {
	return [...findings].flatMap(([path, diagnostics]) => diagnostics.map((d) => `${path}:${d.range.start.line + 1} ${String(d.code)}`)).sort();
}

test('the site fixture: each resource a search crawler may not fetch, on the page and as a hint on the rule', () => {
	const { findings } = siteRun();
	// `Disallow: /assets/` (line 3, the `*` group) keeps Googlebot and bingbot (GPTBot renders nothing for search) from:
	// index.html's /assets/site.css (an absolute path), its preloaded font, assets/app.js (relative to /), the <img> and
	// both srcset candidates; blog/post.html's site.css through <base href="/assets/">. Not judged: the CDN stylesheet
	// (another host), /images/… (allowed), the commented-out script, and admin/panel.html, a page Disallow: /admin/
	// keeps the crawlers from, so that they never render it. about.html loads /styles/about.css, which is allowed.
	assert.deepEqual(named(findings), [
		'blog/post.html:5 render-resource-blocked',
		'index.html:10 render-resource-blocked',
		'index.html:10 render-resource-blocked',
		'index.html:10 render-resource-blocked',
		'index.html:4 render-resource-blocked',
		'index.html:5 render-resource-blocked',
		'index.html:7 render-resource-blocked',
		'robots.txt:3 rule-hides-render-resources',
	]);
	const [stylesheet] = findings.get('index.html')!;
	assert.equal(
		stylesheet.message,
		'Googlebot and bingbot cannot fetch this stylesheet: robots.txt line 3 ("Disallow: /assets/") disallows /assets/site.css, so the page is rendered without it.',
	);
	// On the attribute value, with the deciding line as related information.
	assert.deepEqual(stylesheet.range, { start: { line: 3, character: 29 }, end: { line: 3, character: 45 } });
	assert.deepEqual(stylesheet.relatedInformation?.[0].location, {
		uri: 'file:///site/robots.txt',
		range: { start: { line: 2, character: 0 }, end: { line: 2, character: 18 } },
	});
	const [hint] = findings.get('robots.txt')!;
	assert.equal(hint.message, 'This rule hides resources that 2 pages need to render from Googlebot and bingbot, e.g. / loads /assets/app.js.');
	assert.equal(hint.relatedInformation?.length, 7);
	assert.deepEqual(
		(hint.data as { fixes: { title: string }[] }).fixes.map((fix) => fix.title),
		[
			'Add "Allow: /assets/*.css" after line 3',
			'Add "Allow: /assets/*.woff2" after line 3',
			'Add "Allow: /assets/*.js" after line 3',
			'Add "Allow: /assets/*.png" after line 3',
		],
	);
});

test("the quick fix adds an Allow for the resource's type after the deciding rule, in the robots.txt", () => {
	const { findings, robotsText } = siteRun();
	const [stylesheet] = findings.get('index.html')!;
	const [fix] = (stylesheet.data as { fixes: { title: string; uri: string; edits: TextEdit[] }[] }).fixes;
	assert.equal(fix.title, 'Add "Allow: /assets/*.css" after line 3');
	assert.equal(fix.uri, 'file:///site/robots.txt');
	const fixed = apply(robotsText, fix.edits);
	assert.equal(
		fixed,
		'# A site that keeps crawlers from its assets: Google cannot render its pages.\nUser-agent: *\nDisallow: /assets/\nAllow: /assets/*.css\nDisallow: /admin/\n',
	);
	// Google: "the most specific rule based on the length of the [path]" wins, and * matches any sequence of characters.
	const after = parse(fixed);
	assert.equal(evaluateAs(after, 'Googlebot', '/assets/site.css').verdict, 'allow');
	assert.equal(evaluateAs(after, 'Googlebot', '/assets/app.js').verdict, 'disallow');
	assert.equal(evaluateAs(after, 'bingbot', '/assets/site.css').verdict, 'allow');
});

test('the fix is refused when the diff shows another verdict change: an Allow for *.css would also let in /assets/legacy.css.php', () => {
	// bingbot's own group names a script whose name holds ".css"; Googlebot reads the `*` group, where
	// `Allow: /assets/*.css` is longer than `Disallow: /assets/` and so would allow /assets/legacy.css.php too.
	const robots = parse('User-agent: *\nDisallow: /assets/\n\nUser-agent: bingbot\nDisallow: /assets/legacy.css.php\n');
	const blocked = { crawler: 'Googlebot', kind: 'stylesheet' as const, resource: '/assets/site.css', robotsLine: 1 };
	assert.equal(allowResourceFix(robots, 'file:///r/robots.txt', blocked, ['/assets/site.css']), undefined);
	// Without that line the same fix is offered.
	const plain = parse('User-agent: *\nDisallow: /assets/\n');
	assert.equal(allowResourceFix(plain, 'file:///r/robots.txt', blocked, ['/assets/site.css'])?.title, 'Add "Allow: /assets/*.css" after line 2');
	// A resource whose extension is not of its kind, or a rule that is no plain prefix, gets no fix.
	assert.equal(allowResourceFix(plain, 'file:///r/robots.txt', { ...blocked, resource: '/assets/style.php' }, []), undefined);
	assert.equal(allowResourceFix(parse('User-agent: *\nDisallow: /*.css$\n'), 'file:///r/robots.txt', blocked, []), undefined);
	// A first-match crawler of the 1996 draft reads the Disallow first: the Allow after it changes nothing for it.
	assert.equal(allowResourceFix(plain, 'file:///r/robots.txt', { ...blocked, crawler: 'Python-urllib' }, ['/assets/site.css'], ['Python-urllib']), undefined);
});
