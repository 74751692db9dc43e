/**
 * Text from a robots.txt (or from the settings) never becomes markup in what the server renders as markdown: every
 * hover of hostile files is rendered by markdown-it (the renderer VS Code uses, with raw HTML allowed, which is more
 * than VS Code allows) and must contain only the elements the server itself writes: no link, image or HTML element
 * the file created.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import fc from 'fast-check';
import type { Hover, Position } from 'vscode-languageserver-types';
import {
	analyseDeployed,
	checkExpectations,
	computeBench,
	computeCompletions,
	computeExpectationHover,
	computeHeadersHover,
	computeHover,
	computeMetaHover,
	defaultAnalysisOptions,
	directiveDocs,
	encodeRobotsText,
	formatBench,
	parse,
	parseExpectations,
	type AnalysisOptions,
	type FetchOutcome,
} from '../../core/src/index';
import { codeSpan, escapeMarkdownOutsideCode, escapeMarkdownText } from '../../core/src/markdown';
import { superlinear } from '../util/linear';

const renderer = new MarkdownIt({ html: true, linkify: false });

/** The elements the server's own markdown produces (emphasis, code, tables, lists, rules, links to its sources). */
const allowed = new Set(['p', 'strong', 'em', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'ol', 'li', 'hr', 'br', 'a']);

const attacks = [
	'a``b ![t](https://attacker.example/pixel.png) [run](command:workbench.action.terminal.new) <img src=x onerror=alert(1)>',
	'`x` <script>alert(1)</script> **bold** [link](https://attacker.example)',
	'``` <b>fence</b> ```',
	'|a|b| <iframe src="https://attacker.example"></iframe>',
	'<https://attacker.example/auto>',
	'x\\`<img src=y>',
];

function elementsOf(html: string): string[] {
	return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => match[1].toLowerCase());
}

function assertSafe(markdown: string, where: string): void {
	const html = renderer.render(markdown);
	const foreign = elementsOf(html).filter((element) => !allowed.has(element));
	assert.deepEqual(foreign, [], `${where}: elements the file created in\n${html}`);
	// Links are the server's own, to its sources; none may lead where the file says.
	const links = [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
	assert.deepEqual(
		links.filter((href) => href.includes('attacker') || href.startsWith('command:')),
		[],
		`${where}: a link the file created in\n${html}`,
	);
}

test('hovers over hostile User-agent values, paths, keys and settings render no markup from them', () => {
	// Counted, so that hovers or completions that stopped coming cannot pass as safe.
	let hovers = 0;
	let documented = 0;
	for (const attack of attacks) {
		const text = [
			`User-agent: ${attack}`,
			`Disallow: /${attack}`,
			`Allow: ${attack}`,
			`${attack.replace(/[:#\s]/g, '')}: value`,
			`Sitemap: ${attack}`,
			'',
			'User-agent: *',
			`Disallow: /*${attack}$`,
		].join('\n');
		const model = parse(text);
		const options: AnalysisOptions = { ...defaultAnalysisOptions, crawlers: ['Googlebot', attack.replace(/\s/g, '')], dialects: ['draft1996'] };
		for (let line = 0; line < model.lineCount; line++) {
			const node = model.lines[line];
			for (const character of [0, node.keyEnd, node.valueStart + 1, node.valueEnd]) {
				const hover = computeHover(model, { line, character }, options);
				if (hover) {
					hovers++;
					assertSafe((hover.contents as { value: string }).value, `hover at ${line}:${character} of ${JSON.stringify(attack)}`);
				}
			}
			const completions = computeCompletions(model, { line, character: node.length }, options);
			for (const item of completions) {
				const documentation = item.documentation;
				if (documentation && typeof documentation !== 'string') {
					documented++;
					assertSafe(documentation.value, `completion ${item.label} at line ${line}`);
				}
			}
		}
		// The hostile User-agent value itself has a hover (its group), so the attack is rendered at least once.
		const agent = computeHover(model, { line: 0, character: model.lines[0].valueStart + 1 }, options);
		assert.ok(agent && (agent.contents as { value: string }).value.length > 0, `no hover on the User-agent value ${JSON.stringify(attack)}`);
	}
	assert.ok(hovers >= attacks.length * 8, `only ${hovers} hovers checked`);
	assert.ok(documented >= attacks.length, `only ${documented} completion documents checked`);
});

test('the check itself catches markup: the fence hovers used before would fail it', () => {
	// A two-backtick fence around a value that holds two backticks closes early, and the rest becomes markdown.
	assert.throws(() => assertSafe('**User-agent group** ``a``b ![t](https://attacker.example/pixel.png) <img src=x>``', 'planted'));
});

// ---------------------------------------------------------------------------------------------------------------
// Every hover provider, every file kind (issue 21, finding 4)

/**
 * Pieces of hostile text: markdown links (a `command:` one, one with any text, an image fetched on hover), raw HTML,
 * autolinks, backtick runs that would close a code span, table pipes, backslashes and line breaks.
 */
const hostile = [
	'[run](command:workbench.action.terminal.new)',
	'[docs](https://attacker.example/x)',
	'![i](https://attacker.example/pixel.png)',
	'<img src=https://attacker.example/i.png>',
	'<b>',
	'</b>',
	'<https://attacker.example/auto>',
	'<!--',
	'-->',
	'`',
	'``',
	'```',
	'|',
	'\\',
	'\\|',
	'*',
	'**',
	'_',
	'[',
	']',
	'(',
	')',
	'!',
	'&',
	'&lt;',
	'#',
	'~',
	'>',
	'<',
	'\n',
	'\r\n',
	' ',
	'  ',
	'x',
	'/',
	':',
	',',
	'-1',
	'5',
	'2026-01-02',
	'none',
	'large',
	'noindex',
	'max-snippet',
];
const piece = fc.array(fc.constantFrom(...hostile), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
/** The same without line breaks or spaces, where the format reads one word. */
const word = piece.map((text) => text.replace(/\s/g, '') || 'x');

/** Links may lead only to the sources the server itself cites: the hrefs of the facts catalogue's links. */
const ownLinks = new Set(
	Object.values(directiveDocs)
		.flatMap((doc) => doc.sources)
		.flatMap(linksOf),
);

function linksOf(markdown: string): string[] {
	const hrefs: string[] = [];
	for (const token of renderer.parse(markdown, {})) {
		for (const child of token.children ?? []) {
			if (child.type === 'link_open') {
				hrefs.push(child.attrGet('href') ?? '');
			}
		}
	}
	return hrefs;
}

/** What the markdown creates that only the file could have put there: raw HTML, images, links not to our sources. */
function foreignMarkup(markdown: string): string[] {
	const found: string[] = [];
	for (const token of renderer.parse(markdown, {})) {
		if (token.type === 'html_block') {
			found.push(`HTML ${token.content}`);
		}
		for (const child of token.children ?? []) {
			if (child.type === 'html_inline' || child.type === 'image') {
				found.push(`${child.type} ${child.content || child.attrGet('src')}`);
			} else if (child.type === 'link_open') {
				const href = child.attrGet('href') ?? '';
				if (!ownLinks.has(href) || href.startsWith('command:')) {
					found.push(`link ${href}`);
				}
			}
		}
	}
	return found;
}

/** Counts hovers per kind, and the unsafe ones, over the whole property run. */
class Tally {
	readonly checked = new Map<string, number>();
	readonly unsafe: { kind: string; markdown: string; found: string[] }[] = [];

	check(kind: string, hover: Hover | null): void {
		if (!hover) {
			return;
		}
		const markdown = (hover.contents as { value: string }).value;
		this.checked.set(kind, (this.checked.get(kind) ?? 0) + 1);
		const found = foreignMarkup(markdown);
		if (found.length > 0) {
			this.unsafe.push({ kind, markdown, found });
		}
	}

	get total(): number {
		return [...this.checked.values()].reduce((sum, count) => sum + count, 0);
	}
}

function robotsText(value: string, name: string): string {
	return [
		`User-agent: ${name}`,
		`Disallow: /${value}`,
		`Allow: ${value}`,
		`${name.replace(/[:#]/g, '')}: ${value}`,
		'',
		'User-agent: *',
		`Disallow: /*${value}$`,
	].join('\n');
}

/** Hovers at each token's edges of every line of a robots.txt model (the positions where the answer changes). */
function robotsHovers(tally: Tally, kind: string, text: string, options: AnalysisOptions): void {
	const model = parse(text);
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		for (const character of new Set([0, node.keyEnd, node.valueStart, node.valueStart + 1, node.valueEnd])) {
			tally.check(kind, computeHover(model, { line, character }, options));
		}
	}
}

/** Hovers at every `step`th offset of a page or `_headers` file. */
function everyOffset(tally: Tally, kind: string, text: string, step: number, at: (position: Position) => Hover | null): void {
	const lines = text.split(/\r\n|\r|\n/);
	lines.forEach((lineText, line) => {
		for (let character = 0; character <= lineText.length; character += step) {
			tally.check(kind, at({ line, character }));
		}
	});
}

test('every hover provider renders no markup from hostile files of every kind (fast-check, markdown-it with HTML)', (context) => {
	const tally = new Tally();
	const kinds = fc.record({ value: piece, name: word, other: word });
	fc.assert(
		fc.property(kinds, ({ value, name, other }) => {
			const options: AnalysisOptions = { ...defaultAnalysisOptions, crawlers: ['Googlebot', 'bingbot', other] };
			// robots.txt, and the same bytes as a deployed file shows them.
			const robots = robotsText(value, name);
			robotsHovers(tally, 'robots.txt', robots, options);
			const outcome: FetchOutcome = {
				url: 'https://example.com/robots.txt',
				responses: [{ url: 'https://example.com/robots.txt', status: 200, headers: [['content-type', 'text/plain']], body: encodeRobotsText(robots) }],
			};
			robotsHovers(tally, 'deployed', analyseDeployed(outcome, options.crawlers).text, options);
			// An expectations file: hostile crawler tokens and URLs, answered by a robots.txt with hostile rules.
			const expectations = parseExpectations(
				[`${name} /${other} disallow`, `* /${other}${name} allow`, `${other}@google /x/${name} allow`, `Googlebot /${name} disallow`].join('\n'),
			);
			const checked = checkExpectations(expectations, parse(robots));
			for (let line = 0; line < expectations.lineCount; line++) {
				for (let character = 0; character <= expectations.lines[line].length; character += 3) {
					tally.check('expectations', computeExpectationHover(checked, { line, character }));
				}
			}
			// HTML with robots meta tags, and `_headers`.
			const html = [
				`<meta name="robots" content="${value}">`,
				`<meta name="${name}" content="noindex, max-snippet:${other}, max-image-preview:${other}, unavailable_after: ${value}, ${name}">`,
				`<meta name="googlebot" content="${other}, max-video-preview:${value}">`,
				'<noindex>x</noindex>',
			].join('\n');
			everyOffset(tally, 'html', html, 1, (position) => computeMetaHover(html, position, { targets: [other] }));
			const headers = [
				`/${name}`,
				`  X-Robots-Tag: ${value.replace(/[\r\n]/g, ' ')}`,
				`  X-Robots-Tag: ${name}: max-snippet:${other}, unavailable_after: ${other}`,
				`  X-Robots-Tag: googlebot: ${other}, max-image-preview:${other}`,
				`${name}*`,
				`  X-Robots-Tag: noindex`,
			].join('\n');
			everyOffset(tally, '_headers', headers, 2, (position) => computeHeadersHover(headers, position, { targets: [other] }));
		}),
		{ numRuns: 20, seed: 21 },
	);
	const counts = Object.fromEntries(tally.checked);
	// A floor, so that the property cannot pass by checking nothing: every kind, and thousands of hovers in all.
	for (const kind of ['robots.txt', 'deployed', 'expectations', 'html', '_headers']) {
		assert.ok((tally.checked.get(kind) ?? 0) >= 200, `only ${tally.checked.get(kind) ?? 0} ${kind} hovers checked: ${JSON.stringify(counts)}`);
	}
	assert.ok(tally.total >= 5000, `only ${tally.total} hovers checked: ${JSON.stringify(counts)}`);
	const byKind: Record<string, number> = {};
	for (const { kind } of tally.unsafe) {
		byKind[kind] = (byKind[kind] ?? 0) + 1;
	}
	context.diagnostic(`${tally.unsafe.length} of ${tally.total} hovers with markup from the file; checked ${JSON.stringify(counts)}`);
	const example = tally.unsafe[0];
	assert.equal(
		tally.unsafe.length,
		0,
		`${tally.unsafe.length} of ${tally.total} hovers hold markup from the file (${JSON.stringify(byKind)}; checked ${JSON.stringify(counts)}); the first, ${example?.kind}: ${example?.found.join(', ')} in\n${example?.markdown}`,
	);
});

test("the test bench's Markdown export renders no markup from URLs, crawler tokens, rules or the baseline's name (fast-check)", () => {
	let exports = 0;
	fc.assert(
		fc.property(piece, word, word, (value, name, other) => {
			const before = parse(robotsText(value, name));
			const after = parse(robotsText(other, name));
			const crawlers = ['Googlebot', name, other];
			const bench = computeBench(after, { urls: [`/${value}`, `/${name}`, value, `/${other}/x`], crawlers, probe: true }, { model: before, label: value });
			const markdown = formatBench(bench, 'markdown').text;
			exports++;
			// A pipe that ended a cell inside a code span would leave the rest of the span outside it, as markdown.
			assert.deepEqual(foreignMarkup(markdown), [], `markup from the file in\n${markdown}`);
		}),
		{ numRuns: 100, seed: 21 },
	);
	assert.ok(exports >= 100);
});

test('escaping is linear in the text: long runs of backslashes before no pipe, and backtick runs that never close', () => {
	const shapes: { name: string; build: (n: number) => string }[] = [
		{ name: 'backslashes', build: (n) => '\\'.repeat(n) + 'x' },
		{ name: 'backslashes and a pipe', build: (n) => '\\'.repeat(n) + '|' },
		// Runs of 1, 2, 3, … backticks: none closes another, so a search from each run to the end would be quadratic.
		{
			name: 'backtick runs of growing length',
			build: (n) => {
				const runs: string[] = [];
				for (let length = 1, size = 0; size < n; size += length + 1, length++) {
					runs.push('`'.repeat(length));
				}
				return runs.join(' ');
			},
		},
		{ name: 'markup characters', build: (n) => '[](<>)!*_|&~#`'.repeat(n / 14) },
	];
	const failures: string[] = [];
	for (const shape of shapes) {
		for (const [name, run] of [
			['escapeMarkdownText', escapeMarkdownText],
			['codeSpan', (text: string) => codeSpan(text)],
			['codeSpan in a table', (text: string) => codeSpan(text, true)],
			['escapeMarkdownOutsideCode', (text: string) => escapeMarkdownOutsideCode(text)],
			['escapeMarkdownOutsideCode in a table', (text: string) => escapeMarkdownOutsideCode(text, true)],
		] as const) {
			const failure = superlinear(
				`${name} on ${shape.name}`,
				() => shape.build(5_000),
				() => shape.build(20_000),
				run,
			);
			if (failure !== undefined) {
				failures.push(failure);
			}
		}
	}
	assert.deepEqual(failures, []);
});

test('escaped text and code spans render as the text itself, in a paragraph and in a table cell (fast-check)', () => {
	const html = (text: string) => renderer.utils.escapeHtml(text);
	// A paragraph drops the spaces it starts and ends with; line breaks in the text are shown as spaces.
	const shown = (text: string) => text.replace(/\r\n|\r|\n/g, ' ');
	fc.assert(
		fc.property(piece, (text) => {
			const flat = shown(text);
			fc.pre(flat.trim() !== '');
			assert.equal(renderer.render(`a ${escapeMarkdownText(text)}`), `<p>${html(`a ${flat}`.trimEnd())}</p>\n`, JSON.stringify(text));
			if (!/^[ \t]/.test(flat)) {
				// First on a line too (four spaces there would make inert indented code, not text).
				assert.equal(renderer.render(escapeMarkdownText(text)), `<p>${html(flat.trimEnd())}</p>\n`, JSON.stringify(text));
			}
			assert.equal(renderer.render(`a ${codeSpan(text)}`), `<p>a <code>${html(flat)}</code></p>\n`, JSON.stringify(text));
			const table = (cell: string) => renderer.render(`| a |\n|---|\n| ${cell} |`);
			assert.ok(table(escapeMarkdownText(text)).includes(`<td>${html(flat.trim())}</td>`), `${JSON.stringify(text)}: ${table(escapeMarkdownText(text))}`);
			if (!/\\\|/.test(flat)) {
				// A backslash before a pipe is shown doubled in a table's code: no form of it reads the same in every renderer.
				assert.ok(table(codeSpan(text, true)).includes(`<td><code>${html(flat)}</code></td>`), `${JSON.stringify(text)}: ${table(codeSpan(text, true))}`);
			}
		}),
		{ numRuns: 2000, seed: 21 },
	);
});
