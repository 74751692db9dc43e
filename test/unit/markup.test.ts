/**
 * Text from a robots.txt (or from the settings) never becomes markup in what the server renders as markdown: every
 * hover of hostile files is rendered by markdown-it (the renderer VS Code uses, with raw HTML allowed, which is more
 * than VS Code allows) and must contain only the elements the server itself writes: no link, image or HTML element
 * the file created.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { computeCompletions, computeHover, defaultAnalysisOptions, parse, type AnalysisOptions } from '../../server/src/core/index';

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
	assert.deepEqual(links.filter((href) => href.includes('attacker') || href.startsWith('command:')), [], `${where}: a link the file created in\n${html}`);
}

test('hovers over hostile User-agent values, paths, keys and settings render no markup from them', () => {
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
					assertSafe((hover.contents as { value: string }).value, `hover at ${line}:${character} of ${JSON.stringify(attack)}`);
				}
			}
			const completions = computeCompletions(model, { line, character: node.length }, options);
			for (const item of completions) {
				const documentation = item.documentation;
				if (documentation && typeof documentation !== 'string') {
					assertSafe(documentation.value, `completion ${item.label} at line ${line}`);
				}
			}
		}
	}
});

test('the check itself catches markup: the fence hovers used before would fail it', () => {
	// A two-backtick fence around a value that holds two backticks closes early, and the rest becomes markdown.
	assert.throws(() => assertSafe('**User-agent group** ``a``b ![t](https://attacker.example/pixel.png) <img src=x>``', 'planted'));
});
