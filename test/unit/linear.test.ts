/**
 * Every feature stays linear in its input: for each pathological shape (long runs of one character inside a value,
 * thousands of groups, one group of thousands of User-agent lines, a long `a*a*…` pattern), the time on 4n
 * characters is compared with the time on n (test/util/linear.ts says how, and why it tolerates a busy machine).
 * The other files the extension reads get the same: `_headers` files (parsing, pattern matching against a site's
 * paths, the editor features), HTML pages (the scan, the analysis, the noindex reach), expectations files (parsing,
 * checking, the editor features) and sitemaps, each on the shapes issue 21 found slow.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	analysePage,
	checkExpectations,
	computeCodeActions,
	computeCodeLenses,
	computeCompletions,
	computeDiagnostics,
	computeDocumentHighlights,
	computeDocumentLinks,
	computeDocumentSymbols,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	computeFoldingRanges,
	computeHeadersCompletions,
	computeHeadersDiagnostics,
	computeHeadersHover,
	computeHover,
	computeMetaCompletions,
	computeMetaHover,
	defaultAnalysisOptions,
	formatDocument,
	headersReach,
	htmlReach,
	htmlRender,
	parse,
	parseExpectations,
	parseHeadersFile,
	parseUrlList,
	scanHtml,
	testUrl,
	type RobotsModel,
} from '../../core/src/index';
import type { Position } from 'vscode-languageserver-types';
import { superlinear } from '../util/linear';

interface Shape {
	readonly name: string;
	/** The features that read what this shape makes large; undefined: all of them. */
	readonly features?: readonly string[];
	/** The text for size `n`, and a line worth hovering. */
	readonly build: (n: number) => string;
	readonly n: number;
	readonly hoverLine: number;
}

const shapes: readonly Shape[] = [
	...[
		['`*`', '*'],
		['spaces', ' '],
		['tabs', '\t'],
		['no-break spaces', '\u00a0'],
	].map(
		([name, character]): Shape => ({
			name: `a run of ${name} in a value`,
			features: ['parse', 'diagnostics', 'hover on the value', 'formatting', 'completion', 'Test URL'],
			build: (n) => `User-agent: *\nDisallow: /\nDisallow: /a${character.repeat(n)}x\n`,
			n: 25_000,
			hoverLine: 2,
		}),
	),
	{ name: 'many groups', build: (n) => 'User-agent: *\nDisallow: /x\n\n'.repeat(n / 28), n: 200_000, hoverLine: 0 },
	{
		name: 'one group of many User-agent lines',
		build: (n) => Array.from({ length: n / 20 }, (_, i) => `User-agent: bot${i}\n`).join('') + 'Disallow: /\n',
		n: 100_000,
		hoverLine: 0,
	},
	{
		name: 'many duplicate rules',
		features: ['diagnostics', 'code actions', 'hover on the value', 'formatting'],
		build: (n) => 'User-agent: *\n' + 'Disallow: /a\n'.repeat(n / 13),
		n: 100_000,
		hoverLine: 1,
	},
	{
		name: 'a long a*a*… pattern',
		features: ['parse', 'diagnostics', 'hover on the value', 'formatting', 'Test URL'],
		build: (n) => `User-agent: *\nDisallow: /${'a*'.repeat(n / 2)}\n`,
		n: 20_000,
		hoverLine: 1,
	},
];

const uri = 'file:///site/robots.txt';
const options = defaultAnalysisOptions;

const features: readonly { name: string; run: (model: RobotsModel, shape: Shape) => unknown }[] = [
	{ name: 'parse', run: (model) => parse(model.text) },
	{ name: 'diagnostics', run: (model) => computeDiagnostics(parse(model.text), options, uri) },
	{ name: 'hover on the key', run: (model, shape) => computeHover(model, { line: shape.hoverLine, character: 1 }, options) },
	{
		name: 'hover on the value',
		run: (model, shape) => computeHover(model, { line: shape.hoverLine, character: model.lines[shape.hoverLine].valueStart + 1 }, options),
	},
	{ name: 'code lenses', run: (model) => computeCodeLenses(model, options, uri) },
	{ name: 'symbols', run: (model) => computeDocumentSymbols(model) },
	{ name: 'folding', run: (model) => computeFoldingRanges(model) },
	{ name: 'formatting', run: (model) => formatDocument(model) },
	{ name: 'highlights', run: (model, shape) => computeDocumentHighlights(model, { line: shape.hoverLine, character: 2 }, options) },
	{ name: 'links', run: (model) => computeDocumentLinks(model) },
	{ name: 'completion', run: (model) => computeCompletions(model, { line: model.lineCount - 1, character: 0 }, options) },
	{
		name: 'code actions',
		run: (model) => {
			const diagnostics = computeDiagnostics(model, options, uri);
			const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } };
			return computeCodeActions(range, diagnostics, diagnostics, uri);
		},
	},
	{ name: 'Test URL', run: (model) => testUrl(model, { agent: 'Googlebot', url: '/a' + 'x'.repeat(1000) }, options) },
];

for (const shape of shapes) {
	test(`every feature is linear on ${shape.name}`, () => {
		const small = shape.build(shape.n);
		const large = shape.build(shape.n * 4);
		const failures: string[] = [];
		for (const feature of features.filter((candidate) => shape.features?.includes(candidate.name) ?? true)) {
			const failure = superlinear(
				feature.name,
				() => parse(small),
				() => parse(large),
				(model) => feature.run(model, shape),
			);
			if (failure !== undefined) {
				failures.push(failure);
			}
		}
		assert.deepEqual(failures, []);
	});
}

/** A shape of another kind of file: its text for size `n`, and a position worth hovering and completing at. */
interface FileShape {
	readonly name: string;
	readonly build: (n: number) => string;
	readonly n: number;
	readonly at: Position;
	/** Why a feature that is still superlinear on this shape is left to another change (the test is then a todo). */
	readonly todo?: string;
}

interface FileKind {
	readonly kind: string;
	readonly shapes: readonly FileShape[];
	readonly features: readonly { readonly name: string; readonly run: (text: string, at: Position) => unknown }[];
}

const crawlers = ['Googlebot', 'bingbot', 'Yandex', 'Baiduspider'];
const sitePaths = ['/', '/index.html', '/private/report.html', '/blog/a/b/c.html'];
const robots = parse('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n');
const headerLine = '  X-Robots-Tag: noindex\n';

const fileKinds: readonly FileKind[] = [
	{
		kind: '_headers',
		shapes: [
			// Issue 21, finding 2: one 63 KB pattern line blocked the server for a minute.
			{ name: 'one pattern line of /*:a repeated', build: (n) => '/*:a'.repeat(n / 4) + '\n' + headerLine, n: 8_000, at: { line: 1, character: 18 } },
			// Issue 21, finding 2: 5 000 patterns with an X-Robots-Tag line each, every path matched against every rule.
			{
				name: 'many rules, each with an X-Robots-Tag line',
				build: (n) => Array.from({ length: n / 40 }, (_, i) => `/section-${i}/*\n${headerLine}`).join(''),
				n: 25_000,
				at: { line: 1, character: 18 },
			},
			{
				name: 'many rules that end alike (/*.ext)',
				build: (n) => Array.from({ length: n / 36 }, (_, i) => `/*.ext${i}\n${headerLine}`).join(''),
				n: 25_000,
				at: { line: 1, character: 18 },
			},
			{
				name: 'many rules of /*:a within the length limit',
				build: (n) => Array.from({ length: n / 1_000 }, (_, i) => `/p${i}/${'*:a/'.repeat(240)}\n${headerLine}`).join(''),
				n: 25_000,
				at: { line: 1, character: 18 },
			},
			// Issue 21, finding 2: every colon-less line searched for a colon to the end of the file.
			{ name: 'header lines without a colon', build: (n) => '/*\n' + '  no colon on this line\n'.repeat(n / 24), n: 200_000, at: { line: 1, character: 4 } },
		],
		features: [
			{ name: 'parse', run: (text) => parseHeadersFile(text) },
			{ name: 'diagnostics', run: (text) => computeHeadersDiagnostics(text, { targets: crawlers }) },
			{ name: "the site's pages against its rules", run: (text) => headersReach(text, sitePaths, crawlers) },
			{ name: 'hover', run: (text, at) => computeHeadersHover(text, at, { targets: crawlers }) },
			{ name: 'completion', run: (text, at) => computeHeadersCompletions(text, at) },
		],
	},
	{
		kind: 'HTML',
		shapes: [
			// Issue 21, finding 11: an 8 MB page of conflicting tags took 18.9 s and 1.2 GB on every edit.
			{
				name: 'conflicting robots tags',
				build: (n) => '<head>' + '<meta name="robots" content="index, noindex, follow, nofollow">'.repeat(n / 63),
				n: 100_000,
				at: { line: 0, character: 40 },
			},
			{
				name: 'one srcset of many candidates and descriptors',
				build: (n) => '<img srcset="' + '/a.png 1x (,), '.repeat(n / 15) + '">',
				n: 100_000,
				at: { line: 0, character: 20 },
			},
			{
				name: 'robots tags for many crawlers',
				build: (n) => '<head>' + Array.from({ length: n / 50 }, (_, i) => `<meta name="${crawlers[i % 4]}" content="noindex, max-snippet:${i}">`).join(''),
				n: 100_000,
				at: { line: 0, character: 40 },
			},
		],
		features: [
			{ name: 'scan', run: (text) => scanHtml(text) },
			{ name: 'analysis', run: (text) => analysePage('html', text, { targets: crawlers }) },
			{ name: 'noindex reach', run: (text) => htmlReach(text, crawlers) },
			{ name: 'render resources', run: (text) => htmlRender(text, crawlers) },
			{ name: 'hover', run: (text, at) => computeMetaHover(text, at, { targets: crawlers }) },
			{ name: 'completion', run: (text, at) => computeMetaCompletions(text, at) },
		],
	},
	{
		kind: 'expectations',
		shapes: [
			{
				name: 'many expectations that pass',
				build: (n) => Array.from({ length: n / 30 }, (_, i) => `Googlebot /private/${i} allow\n`).join(''),
				n: 60_000,
				at: { line: 1, character: 12 },
			},
			{
				name: 'many expectations that fail on one line',
				build: (n) => Array.from({ length: n / 30 }, (_, i) => `bingbot /private/${i} allow\n`).join(''),
				n: 60_000,
				at: { line: 1, character: 12 },
				todo: "issue 21, finding 5: the failures in the robots.txt are grouped by copying each line's list",
			},
			{ name: 'a line of many words', build: (n) => 'Googlebot ' + 'x '.repeat(n / 2) + '/a allow\n', n: 100_000, at: { line: 0, character: 12 } },
			{ name: 'a long URL of a*a*…', build: (n) => `Googlebot /${'a*'.repeat(n / 2)} allow\n`, n: 20_000, at: { line: 0, character: 12 } },
		],
		features: [
			{ name: 'parse', run: (text) => parseExpectations(text) },
			{ name: 'check', run: (text) => checkExpectations(parseExpectations(text), robots) },
			{ name: 'diagnostics', run: (text) => computeExpectationDiagnostics(checkExpectations(parseExpectations(text), robots), 'file:///site/robots.txt') },
			{
				name: 'lenses',
				run: (text) =>
					computeExpectationLenses(checkExpectations(parseExpectations(text), robots), 'file:///site/robots.expectations', 'file:///site/robots.txt'),
			},
			{ name: 'hover', run: (text, at) => computeExpectationHover(checkExpectations(parseExpectations(text), robots), at) },
			{ name: 'completion', run: (text, at) => computeExpectationCompletions(checkExpectations(parseExpectations(text), robots), at, robots, options) },
			{
				name: 'failures in the robots.txt',
				run: (text) =>
					computeExpectationFailuresInRobots(robots, [
						{ uri: 'file:///site/robots.expectations', name: 'robots.expectations', checked: checkExpectations(parseExpectations(text), robots) },
					]),
			},
		],
	},
	{
		kind: 'sitemap',
		shapes: [
			// Issue 21, finding 6: a 16 MB sitemap of unknown entities held about 1 GB.
			{
				name: 'one <loc> of unknown entities',
				build: (n) => `<urlset><url><loc>https://a.example/${'&a;'.repeat(n / 3)}</loc></url></urlset>`,
				n: 400_000,
				at: { line: 0, character: 0 },
			},
			{
				name: 'many <url> elements with unknown entities',
				build: (n) => '<urlset>' + '<url><loc>&a;</loc></url>\n'.repeat(n / 26) + '</urlset>',
				n: 400_000,
				at: { line: 0, character: 0 },
			},
			{
				name: 'many URLs',
				build: (n) => '<urlset>' + Array.from({ length: n / 60 }, (_, i) => `<url><loc>https://a.example/page-${i}</loc></url>\n`).join('') + '</urlset>',
				n: 400_000,
				at: { line: 0, character: 0 },
			},
			{ name: 'tag openers without tags', build: (n) => '<urlset><url><loc>' + '<'.repeat(n), n: 400_000, at: { line: 0, character: 0 } },
			{
				name: 'elements never closed, then end tags without a start',
				build: (n) => '<urlset>' + '<url>'.repeat(n / 12) + '</x>'.repeat(n / 8),
				// Large enough that n takes 100 ms or more: at 400 000 characters (15 ms) a collection in the 4n run made the
				// ratio 10 to 25 in one run in two, where the reader scales 4 to 7 times from 1.6 to 6.4 million.
				n: 1_600_000,
				at: { line: 0, character: 0 },
			},
			{
				name: 'namespace declarations on every element',
				build: (n) =>
					'<urlset>'
					+ '<url xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:i="i"><loc>/a</loc><i:loc>/b</i:loc></url>\n'.repeat(n / 100)
					+ '</urlset>',
				n: 400_000,
				at: { line: 0, character: 0 },
			},
			{
				name: 'a URL list',
				build: (n) => Array.from({ length: n / 20 }, (_, i) => `/a/path/number/${i}`).join('\n'),
				n: 400_000,
				at: { line: 0, character: 0 },
			},
		],
		features: [{ name: 'read', run: (text) => parseUrlList(text) }],
	},
];

for (const { kind, shapes: kindShapes, features: kindFeatures } of fileKinds) {
	for (const shape of kindShapes) {
		test(`every ${kind} feature is linear on ${shape.name}`, shape.todo ? { todo: shape.todo } : {}, () => {
			const small = shape.build(shape.n);
			const large = shape.build(shape.n * 4);
			const failures: string[] = [];
			for (const feature of kindFeatures) {
				const failure = superlinear(
					feature.name,
					() => small,
					() => large,
					(text) => feature.run(text, shape.at),
				);
				if (failure !== undefined) {
					failures.push(failure);
				}
			}
			assert.deepEqual(failures, []);
		});
	}
}
