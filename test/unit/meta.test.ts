/**
 * The robots meta and X-Robots-Tag core through its public functions: the catalogues, the value parser and its spans,
 * dates, the HTML scanner's placement and robustness, `_headers` files and their patterns, quick fixes, hovers,
 * completions, the noindex answer, bad input, and linear time by ratio. Behaviour with published answers lives in
 * test/fixtures/meta and runs in metaFixtures.test.ts.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, TextEdit } from 'vscode-languageserver-types';
import {
	computeHeadersCompletions,
	computeHeadersDiagnostics,
	computeHeadersHover,
	computeHtmlDiagnostics,
	computeMetaCompletions,
	computeMetaHover,
	diagnosticCatalogue,
	effectiveRobots,
	findNoindexInHeaders,
	findNoindexInHeadersFile,
	findNoindexInHtml,
	headersPatternMatches,
	headersReach,
	metaDiagnosticCatalogue,
	parseHeadersFile,
	parseRobotsDate,
	parseRobotsDirectives,
	robotsDirectiveCatalogue,
	robotsMetaSources,
	robotsValueFindings,
	ruleSetsFromHeaders,
	scanHtml,
	searchEngines,
	type DiagnosticData,
} from '../../core/src/index';
import { xRobotsTagIndex } from '../../core/src/meta/headersFile';
import { markers } from '../util/fixtures';
import { superlinear } from '../util/linear';

function codes(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.map((diagnostic) => String(diagnostic.code));
}

/** The text after applying the first (preferred) fix of each diagnostic with that code. */
function fixed(text: string, diagnostics: readonly Diagnostic[], code: string): string {
	const edits: TextEdit[] = [];
	for (const diagnostic of diagnostics.filter((candidate) => candidate.code === code)) {
		const fix = (diagnostic.data as DiagnosticData).fixes[0];
		assert.ok(fix, `${code} has a fix`);
		edits.push(...fix.edits);
	}
	return TextDocument.applyEdits(TextDocument.create('file:///page.html', 'html', 1, text), edits);
}

/** A small seeded generator: `random(n)` is a whole number from 0 to n - 1. */
function seeded(seed: number): (n: number) => number {
	let state = seed;
	return (n) => {
		state = (state * 1103515245 + 12345) & 0x7fffffff;
		return state % n;
	};
}

const head = (inside: string): string => `<!DOCTYPE html><html><head>${inside}</head><body><p>text</p></body></html>`;

describe('catalogues', () => {
	test('every directive says what each engine documents, with a source for every documented answer', () => {
		const names = new Set<string>();
		for (const facts of robotsDirectiveCatalogue) {
			assert.ok(!names.has(facts.name), `${facts.name} once`);
			names.add(facts.name);
			assert.ok(facts.summary.length > 10);
			for (const engine of searchEngines) {
				const support = facts.engines[engine];
				if (support.status !== 'undocumented') {
					assert.ok(support.source && robotsMetaSources[support.source], `${facts.name} at ${engine} has a source`);
				}
			}
			for (const meant of facts.means ?? []) {
				assert.ok(
					robotsDirectiveCatalogue.some((other) => other.name === meant),
					`${facts.name} means ${meant}`,
				);
			}
		}
		for (const name of [
			'index',
			'noindex',
			'follow',
			'nofollow',
			'none',
			'all',
			'noarchive',
			'nocache',
			'nosnippet',
			'max-snippet',
			'max-image-preview',
			'max-video-preview',
			'notranslate',
			'noimageindex',
			'unavailable_after',
			'indexifembedded',
			'noyaca',
		]) {
			assert.ok(names.has(name), `the catalogue has ${name}`);
		}
	});

	test('codes are unique, kebab-case, and none repeats a robots.txt code', () => {
		const robotsTxt = new Set(diagnosticCatalogue.map((facts) => facts.code as string));
		const seen = new Set<string>();
		for (const facts of metaDiagnosticCatalogue) {
			assert.match(facts.code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
			assert.ok(!seen.has(facts.code) && !robotsTxt.has(facts.code), facts.code);
			seen.add(facts.code);
		}
	});
});

describe('directive values', () => {
	test('directives keep their spans, names are lower-cased', () => {
		const value = ' NoIndex ,max-snippet: 20,unavailable_after: 2020-09-21';
		const parsed = parseRobotsDirectives(value, 'meta');
		assert.deepEqual(
			parsed.directives.map((d) => [d.name, d.value, value.slice(d.span.start, d.span.end)]),
			[
				['noindex', undefined, 'NoIndex'],
				['max-snippet', '20', 'max-snippet: 20'],
				['unavailable_after', '2020-09-21', 'unavailable_after: 2020-09-21'],
			],
		);
		const snippet = parsed.directives[1];
		assert.equal(value.slice(snippet.valueSpan!.start, snippet.valueSpan!.end), '20');
		assert.deepEqual(snippet.parsedValue, { kind: 'integer', number: 20 });
	});

	test('a header prefix holds until the next one; meta content has none', () => {
		const header = parseRobotsDirectives('noarchive, googlebot: noindex, nofollow, bingbot: nosnippet', 'header');
		assert.deepEqual(
			header.directives.map((d) => [d.name, d.prefix?.name]),
			[
				['noarchive', undefined],
				['noindex', 'googlebot'],
				['nofollow', 'googlebot'],
				['nosnippet', 'bingbot'],
			],
		);
		const meta = parseRobotsDirectives('googlebot: noindex', 'meta');
		assert.equal(meta.directives[0].misplacedPrefix?.name, 'googlebot');
		assert.equal(meta.directives[0].prefix, undefined);
	});

	test('RFC 822 and RFC 850 dates keep their comma inside unavailable_after', () => {
		for (const date of ['Wed, 03 Dec 2025 13:09:53 GMT', 'Friday, 25-Jun-10 15:00:00 PST', 'June 25, 2010 15:00']) {
			const parsed = parseRobotsDirectives(`noindex, unavailable_after: ${date}, nofollow`, 'header');
			assert.deepEqual(
				parsed.directives.map((d) => d.name),
				['noindex', 'unavailable_after', 'nofollow'],
				date,
			);
			assert.equal(parsed.directives[1].value, date);
			assert.equal(parsed.directives[1].problem, undefined, date);
		}
	});

	test('odd separators are read as separators and reported', () => {
		const parsed = parseRobotsDirectives('noindex; nofollow，noarchive、nosnippet；notranslate noimageindex max-snippet：5', 'meta');
		assert.deepEqual(
			parsed.directives.map((d) => d.name),
			['noindex', 'nofollow', 'noarchive', 'nosnippet', 'notranslate', 'noimageindex', 'max-snippet'],
		);
		assert.deepEqual(parsed.separators.map((s) => s.kind).sort(), [
			'full-width-colon',
			'full-width-comma',
			'full-width-semicolon',
			'ideographic-comma',
			'semicolon',
			'space',
			'space',
		]);
	});

	test('values that do not parse say why', () => {
		const parsed = parseRobotsDirectives('max-snippet:abc, max-video-preview:-5, max-image-preview, noindex:yes, unavailable_after: 31 Feb 2020', 'meta');
		assert.deepEqual(
			parsed.directives.map((d) => d.problem?.kind),
			['invalid', 'invalid', 'missing', 'unexpected', 'date'],
		);
	});

	test('empty items are found, an empty value has none', () => {
		assert.deepEqual(parseRobotsDirectives(',noindex,,nofollow,', 'meta').empty, [0, 9, 18]);
		assert.equal(parseRobotsDirectives('   ', 'meta').empty.length, 0);
		assert.equal(parseRobotsDirectives('', 'header').directives.length, 0);
	});
});

describe('unavailable_after dates', () => {
	const utc = (text: string): string | undefined => {
		const reading = parseRobotsDate(text);
		return reading.ok ? new Date(reading.date.time).toISOString() : undefined;
	};

	test('the formats Google names, read in UTC', () => {
		// Google's examples: "2020-09-21" and "25 Jun 2010 15:00:00 PST"; MDN's: "Wed, 03 Dec 2025 13:09:53 GMT".
		assert.equal(utc('2020-09-21'), '2020-09-21T00:00:00.000Z');
		assert.equal(utc('25 Jun 2010 15:00:00 PST'), '2010-06-25T23:00:00.000Z');
		assert.equal(utc('Wed, 03 Dec 2025 13:09:53 GMT'), '2025-12-03T13:09:53.000Z');
		assert.equal(utc('Friday, 25-Jun-10 15:00:00 PST'), '2010-06-25T23:00:00.000Z');
		assert.equal(utc('2020-09-21T10:00:00+02:00'), '2020-09-21T08:00:00.000Z');
		assert.equal(utc('Sun Nov  6 08:49:37 1994'), '1994-11-06T08:49:37.000Z');
	});

	test('dates that do not exist or are not dates', () => {
		for (const text of [
			'2020-02-30',
			'2021-13-01',
			'32 Jan 2020',
			'tomorrow',
			'25 Jun 2010 25:00',
			'Blursday, 25-Jun-10 15:00:00 GMT',
			'25 Jun 2010 15:00 XYZ',
			'',
			'x'.repeat(500),
		]) {
			assert.equal(parseRobotsDate(text).ok, false, text);
		}
		assert.equal(parseRobotsDate('2020-02-29').ok, true);
		assert.equal(parseRobotsDate('2100-02-29').ok, false);
	});
});

describe('HTML scanner', () => {
	test('a page without robots tags costs only the quick check', () => {
		const scan = scanHtml(
			head('<meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="description" content="About noindex tags">'),
		);
		assert.equal(scan.fullScan, false);
		assert.deepEqual(scan.metas, []);
	});

	test('placement follows the HTML parser', () => {
		const placements = (text: string) => scanHtml(text).metas.map((meta) => [meta.placement, meta.inSecondHead]);
		// No <head> tag: the parser opens one for the meta.
		assert.deepEqual(placements('<meta name="robots" content="noindex"><p>x</p>'), [['head', false]]);
		// Between </head> and <body>, a meta is still put into the head ("after head" insertion mode).
		assert.deepEqual(placements('<head></head>\n<meta name="robots" content="noindex"><body></body>'), [['head', false]]);
		// Text ends the head.
		assert.deepEqual(placements('<html><head><title>t</title>hello<meta name="robots" content="noindex">'), [['body', false]]);
		// A second <head> is ignored by the parser.
		assert.deepEqual(placements('<head><title>t</title></head><body><head><meta name="robots" content="noindex"></head>'), [['body', true]]);
		assert.deepEqual(placements('<head></head><head><meta name="robots" content="noindex"></head><body>'), [['head', true]]);
	});

	test('comments, scripts, styles, CDATA and templates of text are not tags', () => {
		const text = [
			'<head><!-- <meta name="robots" content="noindex"> -->',
			"<script>var s = \"<meta name='robots' content='noindex'>\";</script>",
			'<style>/* <meta name="robots" content="noindex"> */</style>',
			'<title><meta name="robots" content="noindex"></title></head>',
			'<body><svg><![CDATA[<meta name="robots" content="noindex">]]></svg>',
			'<textarea><meta name="robots" content="noindex"></textarea></body>',
		].join('\n');
		assert.deepEqual(scanHtml(text).metas, []);
		assert.deepEqual(findNoindexInHtml(text, 'Googlebot').carriesNoindex, false);
	});

	test('unquoted, single-quoted, odd-spaced and self-closed attributes', () => {
		const text = head("<META\nNAME = robots\tCONTENT='noindex,nofollow'/><meta name=googlebot content=nosnippet >");
		const scan = scanHtml(text);
		assert.deepEqual(
			scan.metas.map((meta) => [meta.name.value, meta.content?.value, meta.content?.quote]),
			[
				['robots', 'noindex,nofollow', "'"],
				['googlebot', 'nosnippet', ''],
			],
		);
		assert.deepEqual(computeHtmlDiagnostics(text), []);
		const result = effectiveRobots(ruleSetsFromHeaders([]), 'Googlebot');
		assert.equal(result.index, true);
		assert.equal(findNoindexInHtml(text, 'Googlebot').indexable, false);
	});

	test("what the HTML standard keeps out of the document is no robots tag: template content, a comment closed by --!>, a script's escaped text (found by parse5, issue 23)", () => {
		const names = (text: string) => scanHtml(text).metas.map((meta) => meta.content?.value);
		// HTML §4.12.3: a template's content is a DocumentFragment of its own, not part of the document, nested or not.
		assert.deepEqual(
			names('<head><template><meta name="robots" content="a"><template></template><meta name="robots" content="b"></template><meta name="robots" content="c">'),
			['c'],
		);
		// Inside a template, text does not end the document's head: the meta after it is still in the head.
		assert.deepEqual(
			scanHtml('<head><template>text<p></template><meta name="robots" content="noindex">').metas.map((meta) => meta.placement),
			['head'],
		);
		// HTML §13.2.5.52, comment end bang state: `--!>` ends a comment (a parse error, but the end).
		assert.deepEqual(names('<!-- x --!><meta name="robots" content="after"><!-- <meta name="robots" content="inside"> -->'), ['after']);
		// HTML §13.2.5.20 on, script data (double) escaped states: after `<!--`, a `<script>` makes its `</script>` text.
		assert.deepEqual(names('<script><!--<script></script><meta name="robots" content="text">--></script><meta name="robots" content="tag">'), ['tag']);
		assert.deepEqual(names('<script><!--></script><meta name="robots" content="tag">'), ['tag']);
	});

	test('the first of duplicate attributes counts, as in HTML', () => {
		const scan = scanHtml(head('<meta name="robots" content="noindex" content="index">'));
		assert.equal(scan.metas[0].content?.value, 'noindex');
	});
});

describe('findings and quick fixes', () => {
	test('a misspelt directive and a misspelt crawler name are fixed', () => {
		const text = head('<meta name="googlebto" content="noidex, nofolow">');
		const diagnostics = computeHtmlDiagnostics(text);
		assert.deepEqual(codes(diagnostics).sort(), ['misspelt-crawler-name', 'unknown-robots-directive', 'unknown-robots-directive']);
		assert.equal(
			fixed(
				fixed(text, diagnostics, 'unknown-robots-directive'),
				computeHtmlDiagnostics(fixed(text, diagnostics, 'unknown-robots-directive')),
				'misspelt-crawler-name',
			),
			head('<meta name="googlebot" content="noindex, nofollow">'),
		);
	});

	test('duplicates, redundant directives, separators and empty items are removed or replaced', () => {
		const text = head('<meta name="robots" content="none, nofollow; noindex，,noarchive noarchive">');
		const diagnostics = computeHtmlDiagnostics(text);
		assert.deepEqual(codes(diagnostics).sort(), [
			'duplicate-robots-directive',
			'empty-robots-directive',
			'redundant-robots-directive',
			'redundant-robots-directive',
			'robots-directive-separator',
			'robots-directive-separator',
			'robots-directive-separator',
		]);
		assert.equal(fixed(text, diagnostics, 'robots-directive-separator'), head('<meta name="robots" content="none, nofollow, noindex, ,noarchive, noarchive">'));
		assert.equal(fixed(text, diagnostics, 'redundant-robots-directive'), head('<meta name="robots" content="none，,noarchive noarchive">'));
		assert.equal(fixed(text, diagnostics, 'duplicate-robots-directive'), head('<meta name="robots" content="none, nofollow; noindex，,noarchive">'));
	});

	test('typographic quotes and a misspelt content attribute', () => {
		const text = head('<meta name=”robots” contnet=”noindex”>');
		const diagnostics = computeHtmlDiagnostics(text);
		assert.deepEqual(codes(diagnostics).sort(), ['missing-robots-content', 'typographic-quotes']);
		const quotes = fixed(text, diagnostics, 'typographic-quotes');
		assert.equal(quotes, head('<meta name="robots" contnet=”noindex”>'));
		assert.equal(fixed(quotes, computeHtmlDiagnostics(quotes), 'missing-robots-content'), head('<meta name="robots" content=”noindex”>'));
	});

	test('a directive that the targeted crawler ignores', () => {
		const text = head('<meta name="robots" content="noarchive, noyaca">');
		assert.deepEqual(computeHtmlDiagnostics(text), []);
		const diagnostics = computeHtmlDiagnostics(text, { targets: ['Googlebot', 'Yandex'] });
		assert.deepEqual(codes(diagnostics), ['directive-ignored-by-crawler', 'directive-ignored-by-crawler']);
		assert.match(diagnostics[0].message, /Google \(Googlebot\) ignores it/);
		assert.match(diagnostics[1].message, /Google \(Googlebot\) does not document it/);
		// An engine that does not document index or follow still indexes and follows: that is its default.
		assert.deepEqual(
			computeHtmlDiagnostics(head('<meta name="robots" content="index, follow">'), { targets: ['Googlebot', 'bingbot', 'Yandex', 'Baiduspider'] }),
			[],
		);
	});

	test('severities can be changed or turned off, and related places carry the URI', () => {
		const text = head('<meta name="robots" content="index, noindex, noindex">');
		const diagnostics = computeHtmlDiagnostics(text, {
			severities: { 'duplicate-robots-directive': 'off', 'conflicting-robots-directives': 'error' },
			uri: 'file:///a.html',
		});
		assert.deepEqual(codes(diagnostics), ['conflicting-robots-directives']);
		assert.equal(diagnostics[0].severity, 1);
		assert.equal(diagnostics[0].source, 'robots-txt');
		assert.equal(diagnostics[0].relatedInformation?.[0].location.uri, 'file:///a.html');
	});

	test('a crawler prefix inside a meta tag', () => {
		assert.deepEqual(codes(computeHtmlDiagnostics(head('<meta name="robots" content="googlebot: noindex">'))), ['crawler-prefix-in-meta']);
	});

	test('the value of one header line', () => {
		const findings = robotsValueFindings('googlebot: noindex, max-snippet:x', 'header');
		assert.deepEqual(
			findings.map((finding) => [finding.code, finding.start, finding.end]),
			[['invalid-robots-directive-value', 32, 33]],
		);
	});
});

describe('_headers files', () => {
	const file =
		'# comment\n/*\n  X-Frame-Options: DENY\n\n/blog/*\n  X-Robots-Tag: noindex\n  ! X-Frame-Options\n/blog/:slug/print\n  X-Robots-Tag: googlebot: nofollow\r\n';

	test('patterns, indented headers and detach lines, with offsets', () => {
		const parsed = parseHeadersFile(file);
		assert.deepEqual(parsed.problems, []);
		assert.deepEqual(
			parsed.rules.map((rule) => [rule.pattern, rule.line, rule.headers.map((h) => [h.name, h.value, h.detach])]),
			[
				['/*', 1, [['X-Frame-Options', 'DENY', false]]],
				[
					'/blog/*',
					4,
					[
						['X-Robots-Tag', 'noindex', false],
						['X-Frame-Options', '', true],
					],
				],
				['/blog/:slug/print', 7, [['X-Robots-Tag', 'googlebot: nofollow', false]]],
			],
		);
		const header = parsed.rules[2].headers[0];
		assert.equal(file.slice(header.valueStart, header.valueEnd), 'googlebot: nofollow');
	});

	test('splats, placeholders and hosts', () => {
		assert.equal(headersPatternMatches('/*', '/'), true);
		assert.equal(headersPatternMatches('/blog/*', '/blog/a/b'), true);
		assert.equal(headersPatternMatches('/blog/*', '/blogs'), false);
		assert.equal(headersPatternMatches('/blog/:slug/print', '/blog/x/print'), true);
		assert.equal(headersPatternMatches('/blog/:slug/print', '/blog/x/y/print'), false);
		assert.equal(headersPatternMatches('/a.html', '/a.html'), true);
		assert.equal(headersPatternMatches('https://:project.pages.dev/*', '/x'), false);
		assert.equal(headersPatternMatches('https://:project.pages.dev/*', '/x', 'myproject.pages.dev'), true);
		assert.equal(headersPatternMatches('https://:project.pages.dev/*', '/x', 'example.com'), false);
	});

	test('noindex for a path, with ranges in the file', () => {
		const answer = findNoindexInHeadersFile(file, '/blog/post', 'Googlebot');
		assert.equal(answer.carriesNoindex, true);
		assert.deepEqual(
			answer.occurrences.map((o) => o.range),
			[{ start: { line: 5, character: 16 }, end: { line: 5, character: 23 } }],
		);
		assert.equal(findNoindexInHeadersFile(file, '/about', 'Googlebot').carriesNoindex, false);
		const print = effectiveRobots([], 'Googlebot');
		assert.equal(print.follow, true);
	});

	test('a detach line drops the X-Robots-Tag of broader rules', () => {
		// "A line of the form ' ! Header-Name' is Cloudflare Pages syntax for dropping a header inherited from a
		// broader rule" (thebenmeadows.com/tbm, scripts/netlify-headers.mjs).
		const detach = '/*\n  X-Robots-Tag: noindex\n/public/*\n  ! X-Robots-Tag\n';
		assert.equal(findNoindexInHeadersFile(detach, '/private/a', 'Googlebot').carriesNoindex, true);
		assert.equal(findNoindexInHeadersFile(detach, '/public/a', 'Googlebot').carriesNoindex, false);
	});

	test('diagnostics per rule: a duplicate in one rule, none across rules', () => {
		const text = '/a\n  X-Robots-Tag: noindex\n  X-Robots-Tag: noindex\n/b\n  X-Robots-Tag: noindex\n  X-Robots-Tag:\n';
		assert.deepEqual(codes(computeHeadersDiagnostics(text)), ['duplicate-robots-directive', 'empty-robots-directive']);
	});

	// Netlify ("Custom headers") and Cloudflare Pages ("Headers"): `*` matches any characters, `/` included, and a
	// `:name` placeholder one path segment's worth (any characters but `/`); anything else matches itself. A regular
	// expression of those words is the reference for random patterns and paths.
	function documented(pattern: string, separator: '/' | '.'): RegExp {
		let source = '^';
		for (let i = 0; i < pattern.length; i++) {
			if (pattern[i] === '*') {
				source += '[^]*';
			} else if (pattern[i] === ':' && /\w/.test(pattern[i + 1] ?? '')) {
				while (/\w/.test(pattern[i + 1] ?? '')) {
					i++;
				}
				source += separator === '/' ? '[^/]+' : '[^.]+';
			} else {
				source += pattern[i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
			}
		}
		return new RegExp(source + '$');
	}

	test('patterns match as Netlify and Cloudflare document splats and placeholders (random patterns and paths)', () => {
		const random = seeded(21);
		const pieces = ['/', '/', 'a', 'b', 'ab', '.', ':', '*', '**', ':x', ':y1'];
		const characters = ['/', 'a', 'b', '.', ':', 'x'];
		for (let round = 0; round < 20_000; round++) {
			const pattern = '/' + Array.from({ length: random(8) }, () => pieces[random(pieces.length)]).join('');
			const path = Array.from({ length: random(10) }, () => characters[random(characters.length)]).join('');
			assert.equal(headersPatternMatches(pattern, path), documented(pattern, '/').test(path), `${pattern} against ${path}`);
			const host = ['a.b', 'x.a.b', 'ab', 'A.B'][random(4)];
			const hostPattern = Array.from({ length: 1 + random(4) }, () => ['a', 'b', '.', ':p', '*'][random(5)]).join('');
			assert.equal(
				headersPatternMatches(`https://${hostPattern}${pattern}`, path, host),
				documented(hostPattern.toLowerCase(), '.').test(host.toLowerCase()) && documented(pattern, '/').test(path),
				`https://${hostPattern}${pattern} against ${host} ${path}`,
			);
		}
	});

	test('the X-Robots-Tag lines for a path are those whose pattern matches it, in file order (random files)', () => {
		const random = seeded(2);
		const pieces = ['/', 'a', 'b', '.pdf', '*', ':x', 'ab/'];
		for (let round = 0; round < 500; round++) {
			const patterns = Array.from(
				{ length: 1 + random(12) },
				() => ['/', '/*', 'https://*.b/'][random(3)] + Array.from({ length: random(6) }, () => pieces[random(pieces.length)]).join(''),
			);
			const file = parseHeadersFile(patterns.map((pattern) => `${pattern}\n  X-Robots-Tag: noindex\n`).join(''));
			for (let probe = 0; probe < 20; probe++) {
				const path = '/' + Array.from({ length: random(6) }, () => pieces[random(pieces.length - 2)]).join('');
				const host = random(2) === 0 ? undefined : 'a.b';
				const expected = patterns.flatMap((pattern, index) =>
					documented(pattern.replace(/^https:\/\/[^/]*/, ''), '/').test(path) && (host !== undefined || !pattern.startsWith('https://')) ? [2 * index + 1] : [],
				);
				assert.deepEqual(
					xRobotsTagIndex(file)(path, host).map((line) => line.header.line),
					expected,
					`${path} in ${patterns.join(' ')}`,
				);
			}
		}
	});

	test("issue 21, finding 2: a 63 KB pattern of /*:a is reported past Cloudflare's 2,000-character line limit and matches nothing", () => {
		// Cloudflare Pages, "Headers", Limits: "Each line in the _headers file has a 2,000 character limit."
		const pattern = '/*:a'.repeat((63 * 1024) / 4);
		const text = `${pattern}\n  X-Robots-Tag: noindex\n`;
		const diagnostics = computeHeadersDiagnostics(text);
		assert.deepEqual(
			diagnostics.filter((d) => d.code === 'malformed-headers-line').map((d) => [d.range.start.line, d.range.end.character]),
			[[0, pattern.length]],
		);
		assert.match(diagnostics.find((d) => d.code === 'malformed-headers-line')?.message ?? '', /2,000 characters/);
		assert.equal(headersPatternMatches(pattern, '/a'.repeat(pattern.length / 4)), false);
		assert.deepEqual([...headersReach(text, ['/', '/a/a'], ['Googlebot'])], []);
		// At the limit, the same shape is matched (and quickly: the linearity test has it).
		const longest = '/*:a'.repeat(2000 / 4);
		assert.equal(headersPatternMatches(longest, '/a'.repeat(longest.length / 4)), true);
		assert.equal(headersPatternMatches(longest, '/a'.repeat(longest.length / 4 - 1)), false);
	});
});

describe('noindex for the cross-file check', () => {
	test('where the noindex is, for which crawler', () => {
		const { text, positions } = markers('<head><meta name="robots" content="nofollow, |none|">\n<meta name="googlebot" content="|noindex|"></head>');
		const google = findNoindexInHtml(text, 'Googlebot');
		assert.equal(google.carriesNoindex, true);
		assert.equal(google.indexable, false);
		assert.deepEqual(
			google.occurrences.map((o) => o.range),
			[
				{ start: positions[0], end: positions[1] },
				{ start: positions[2], end: positions[3] },
			],
		);
		assert.deepEqual(
			findNoindexInHtml(text, 'bingbot').occurrences.map((o) => o.range),
			[{ start: positions[0], end: positions[1] }],
		);
		assert.equal(findNoindexInHtml(text, 'AdsBot-Google').carriesNoindex, false);
	});

	test('header values: which value and where in it', () => {
		const answer = findNoindexInHeaders(['noarchive', 'bingbot: noindex'], 'bingbot');
		assert.deepEqual(
			answer.occurrences.map((o) => [o.set.index, o.start, o.end]),
			[[1, 9, 16]],
		);
		assert.equal(findNoindexInHeaders(['bingbot: noindex'], 'Googlebot').carriesNoindex, false);
	});
});

describe('hover', () => {
	test('on a directive: every engine, with sources', () => {
		const { text, positions } = markers(head('<meta name="robots" content="noin|dex, max-image-preview:la|rge">'));
		const value = (computeMetaHover(text, positions[0])!.contents as { value: string }).value;
		for (const expected of ['**noindex**', '| Google | yes', '| Baidu | not documented', 'developers.google.com', 'yandex.ru']) {
			assert.ok(value.includes(expected), expected);
		}
		assert.match((computeMetaHover(text, positions[1])!.contents as { value: string }).value, /larger image preview/);
	});

	test('on a name, on the tag, on a noindex element, and nowhere else', () => {
		const { text, positions } = markers(
			'<head><me|ta name="google|bot" content="noindex"><meta name="viewport" content="wi|dth"></head><body><noin|dex>x</noindex> <p>|</p></body>',
		);
		assert.match((computeMetaHover(text, positions[1])!.contents as { value: string }).value, /Googlebot/);
		const summary = (computeMetaHover(text, positions[0])!.contents as { value: string }).value;
		assert.match(summary, /\| Googlebot \| \*\*no\*\* \| yes \|/);
		assert.equal(computeMetaHover(text, positions[2]), null);
		assert.match((computeMetaHover(text, positions[3])!.contents as { value: string }).value, /Yandex/);
		assert.equal(computeMetaHover(text, positions[4]), null);
	});

	test('in a _headers file, on a prefix and on a directive', () => {
		const { text, positions } = markers('/*\n  X-Robots-Tag: google|bot: unavailable_after: 25 Jun 2010 15:00:00 P|ST\n');
		assert.match((computeHeadersHover(text, positions[0])!.contents as { value: string }).value, /googlebot/);
		assert.match((computeHeadersHover(text, positions[1])!.contents as { value: string }).value, /2010-06-25T23:00:00Z/);
	});
});

describe('completion', () => {
	const labels = (items: { label: string }[]): string[] => items.map((item) => item.label);

	test('directive names in content, image preview sizes after the colon', () => {
		const { text, positions } = markers(head('<meta name="robots" content="noindex, max-image-preview:|">') + '<meta name="robots" content="noindex, no|');
		assert.deepEqual(labels(computeMetaCompletions(text, positions[0])), ['none', 'standard', 'large']);
		const names = labels(computeMetaCompletions(text, positions[1]));
		assert.ok(names.includes('nofollow') && names.includes('noimageindex') && !names.includes('nopagereadaloud'));
	});

	test('the result text of a completion', () => {
		const { text, positions } = markers(head('<meta name="yandex" content="noy|">'));
		const item = computeMetaCompletions(text, positions[0]).find((candidate) => candidate.label === 'noyaca');
		assert.ok(item?.textEdit && 'range' in item.textEdit);
		const result = TextDocument.applyEdits(TextDocument.create('file:///a.html', 'html', 1, text), [item.textEdit as TextEdit]);
		assert.equal(result, head('<meta name="yandex" content="noyaca">'));
	});

	test('crawler names in name, nothing outside robots tags', () => {
		const { text, positions } = markers('<head><meta name="|"><meta name="viewport" content="|"><p>|</p>');
		assert.ok(labels(computeMetaCompletions(text, positions[0])).includes('googlebot'));
		assert.deepEqual(computeMetaCompletions(text, positions[1]), []);
		assert.deepEqual(computeMetaCompletions(text, positions[2]), []);
	});

	test('X-Robots-Tag values in _headers, after a crawler prefix', () => {
		const { text, positions } = markers('/*\n  X-Robots-Tag: googlebot: noarch|\n  X-Frame-Options: |\n');
		assert.ok(labels(computeHeadersCompletions(text, positions[0])).includes('noarchive'));
		assert.deepEqual(computeHeadersCompletions(text, positions[1]), []);
	});
});

describe('bad input: a clear finding or nothing, never a crash', () => {
	test('unclosed tags and unterminated quotes', () => {
		assert.deepEqual(codes(computeHtmlDiagnostics('<head><meta name="robots" content="noindex')), ['unclosed-robots-meta']);
		assert.deepEqual(codes(computeHtmlDiagnostics('<head><meta name="robots" content="noindex>')), ['unclosed-robots-meta']);
		assert.deepEqual(computeHtmlDiagnostics('<head><!-- <meta name="robots" content="noindex">'), []);
		assert.deepEqual(computeHtmlDiagnostics('<head><script><meta name="robots" content="noindex">'), []);
		assert.equal(findNoindexInHtml('<head><meta name="robots" content="noindex', 'Googlebot').carriesNoindex, false);
		for (const text of [
			'<',
			'<meta',
			'<meta ',
			'<meta name',
			'<meta name=',
			'<meta name="',
			'</',
			'<!',
			'<!--',
			'<![CDATA[',
			'<?',
			'<noindex',
			'<meta name=robots content=',
		]) {
			assert.doesNotThrow(() => computeHtmlDiagnostics(text), text);
			assert.doesNotThrow(() => computeMetaHover(text, { line: 0, character: text.length }), text);
			assert.doesNotThrow(() => computeMetaCompletions(text, { line: 0, character: text.length }), text);
		}
	});

	test('binary junk and lone surrogates', () => {
		let seed = 12345;
		const random = (): number => {
			seed = (seed * 1103515245 + 12345) % 2147483648;
			return seed / 2147483648;
		};
		const pieces = [
			'<meta name="robots" content="',
			'<',
			'>',
			'"',
			"'",
			'=',
			',',
			'\u0000',
			'\uD800',
			'\uDC00',
			'\uFFFD',
			'<!--',
			'-->',
			'<head>',
			'</head>',
			'<noindex>',
			'noindex',
			' ',
			'\n',
			'googlebot:',
		];
		for (let round = 0; round < 200; round++) {
			let text = '';
			for (let i = 0; i < 200; i++) {
				text += random() < 0.5 ? String.fromCharCode(Math.floor(random() * 65536)) : pieces[Math.floor(random() * pieces.length)];
			}
			const diagnostics = computeHtmlDiagnostics(text, { targets: ['Googlebot', 'Yandex'] });
			assert.ok(Array.isArray(diagnostics));
			assert.ok(Array.isArray(computeHeadersDiagnostics(text)));
			findNoindexInHtml(text, 'Googlebot');
			for (let line = 0; line < 3; line++) {
				computeMetaHover(text, { line, character: Math.floor(random() * 80) });
				computeMetaCompletions(text, { line, character: Math.floor(random() * 80) });
			}
		}
	});

	test('a 50 MB page', () => {
		const chunk =
			'<div class="post"><p>Text &amp; <a href="/x">a link</a></p><script>if (a < b) { s = "<meta name=robots content=noindex>"; }</script></div>\n';
		const body = chunk.repeat(Math.ceil(50_000_000 / chunk.length));
		const text = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>big</title></head><body>${body}<meta name="robots" content="noindex"></body></html>`;
		assert.ok(text.length > 50_000_000);
		const diagnostics = computeHtmlDiagnostics(text);
		assert.deepEqual(codes(diagnostics), ['robots-meta-outside-head']);
		assert.equal(findNoindexInHtml(text, 'Googlebot').carriesNoindex, true);
	});

	test('issue 21, finding 11: a page of 30 000 conflicting robots tags gets the first 1,000 checked and a note on the next', () => {
		const tag = '<meta name="robots" content="index, noindex, follow, nofollow">';
		const count = 30_000;
		// README, "Codes of pages": too-many-robots-tags, "the first 1,000".
		const maxRobotsTagsPerPage = 1000;
		const text = '<html><head>' + tag.repeat(count);
		const diagnostics = computeHtmlDiagnostics(text);
		const note = diagnostics.filter((d) => d.code === 'too-many-robots-tags');
		const firstLeftOut = '<html><head>'.length + maxRobotsTagsPerPage * tag.length;
		assert.deepEqual(
			note.map((d) => d.range.start.character),
			[firstLeftOut],
		);
		assert.match(
			note[0].message,
			new RegExp(
				`first ${maxRobotsTagsPerPage.toLocaleString('en')} robots meta tags of a page are checked; this one and the ${(count - maxRobotsTagsPerPage - 1).toLocaleString('en')} after it are not`,
			),
		);
		assert.deepEqual(
			diagnostics.filter((d) => d.range.start.character > firstLeftOut),
			[],
			'nothing after the note',
		);
		assert.equal(findNoindexInHtml(text, 'Googlebot').occurrences.length, maxRobotsTagsPerPage);
		// One tag over the limit: the last is named as such.
		assert.match(
			computeHtmlDiagnostics('<html><head>' + tag.repeat(maxRobotsTagsPerPage + 1)).find((d) => d.code === 'too-many-robots-tags')?.message ?? '',
			/this one, the last, is not/,
		);
		assert.deepEqual(
			codes(computeHtmlDiagnostics('<html><head>' + tag.repeat(maxRobotsTagsPerPage))).filter((code) => code === 'too-many-robots-tags'),
			[],
		);
	});

	test('a content value of 200 000 directives: a thousand findings and a note', () => {
		const value = 'noindex,'.repeat(200_000);
		const duplicates = robotsValueFindings(value, 'meta').filter((finding) => finding.code === 'duplicate-robots-directive');
		assert.equal(duplicates.length, 1000);
		assert.match(duplicates[999].message, /198,999 more duplicate-robots-directive findings in this document are not shown/);
	});
});

/**
 * Milliseconds per run: the best of three batches, each repeating the run until it lasts 30 ms, so that a fast run
 * is not measured at the timer's noise.
 */

describe('linear time (n against 4n characters; see test/util/linear.ts)', () => {
	const inputs: Record<string, (n: number) => string> = {
		'robots tags': (n) => '<head>' + '<meta name="robots" content="noindex, nofollow, max-snippet:20">'.repeat(n / 60),
		'misspelt names and directives': (n) =>
			'<head>' + Array.from({ length: n / 60 }, (_, i) => `<meta name="googlebt${i % 97}" content="noidex${i}, x${i}">`).join(''),
		'unclosed quotes': (n) => '<head><meta name="robots" content="noindex' + ' x="'.repeat(n / 4),
		'tag openers without tags': (n) => '<meta name="robots" content="noindex">' + '<'.repeat(n),
		'unclosed comments': (n) => '<meta name="robots" content="noindex">' + '<!--'.repeat(n / 4),
		'nested noindex': (n) => '<noindex>'.repeat(n / 9),
		'_headers lines': (n) => '/*\n' + '  X-Robots-Tag: googlebot: noindex, nofollow, unavailable_after: Wed, 03 Dec 2025 13:09:53 GMT\n'.repeat(n / 90),
		commas: (n) => '<head><meta name="robots" content="' + ','.repeat(n) + '">',
	};
	for (const [name, build] of Object.entries(inputs)) {
		test(name, () => {
			const n = 100_000;
			const small = build(n);
			const large = build(4 * n);
			const run = name === '_headers lines' ? computeHeadersDiagnostics : computeHtmlDiagnostics;
			assert.equal(
				superlinear(
					name,
					() => small,
					() => large,
					run,
				),
				undefined,
			);
		});
	}
});
