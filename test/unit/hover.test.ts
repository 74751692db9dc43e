/**
 * Hovers, driven by test/fixtures/hover: each `*.robots.txt` marks positions with `|` and may set options in a first
 * line `# test: dialects=a,b`; the golden `.snap` shows each hover's range under its line and its markdown.
 * A few properties are also asserted directly, so that a wrong snapshot cannot hide the facts that matter most.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allDialects, computeHover, defaultAnalysisOptions, isDialect, parse, type AnalysisOptions, type Dialect } from '../../server/src/core/index';
import { assertSnapshot, fixturesDir, joinLines, markers, readFixture } from '../util/fixtures';

/** Options from a first line `# test: dialects=rfc9309,google`. */
function fixtureOptions(text: string): AnalysisOptions {
	const header = /^# test: (.*)$/m.exec(text.split(/\r?\n/, 1)[0]);
	if (!header) {
		return defaultAnalysisOptions;
	}
	let dialects: readonly Dialect[] = defaultAnalysisOptions.dialects;
	for (const setting of header[1].split(';')) {
		const [name, value] = setting.split('=').map((part) => part.trim());
		if (name === 'dialects') {
			dialects = value.split(',').map((dialect) => {
				assert.ok(isDialect(dialect), `unknown dialect ${dialect}`);
				return dialect;
			});
		}
	}
	return { ...defaultAnalysisOptions, dialects };
}

function hoverAt(input: string, options: AnalysisOptions = defaultAnalysisOptions): string | null {
	const { text, positions } = markers(input);
	assert.equal(positions.length, 1, 'one | marker');
	const hover = computeHover(parse(text), positions[0], options);
	return hover ? (hover.contents as { value: string }).value : null;
}

function render(input: string): string {
	const { text, positions } = markers(input);
	const model = parse(text);
	const options = fixtureOptions(text);
	const out: string[] = [];
	for (const position of positions) {
		const hover = computeHover(model, position, options);
		out.push(`## hover at ${position.line + 1}:${position.character + 1}`);
		out.push(`> ${model.lineText(position.line)}`);
		if (!hover) {
			out.push('(no hover)', '');
			continue;
		}
		const { start, end } = hover.range!;
		assert.equal(start.line, position.line, 'the range is on the hovered line');
		out.push(`> ${' '.repeat(start.character)}${'^'.repeat(Math.max(1, end.character - start.character))}`);
		out.push((hover.contents as { value: string }).value, '');
	}
	return out.join('\n');
}

describe('hover fixtures', () => {
	const dir = join(fixturesDir, 'hover');
	for (const name of readdirSync(dir).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			assertSnapshot(join(dir, name + '.snap'), render(readFixture('hover', name)));
		});
	}
});

describe('hover facts', () => {
	test('a Crawl-delay between User-agent lines splits the group for Yandex only', () => {
		const value = hoverAt(joinLines('User-agent: |a', 'Crawl-delay: 1', 'User-agent: b', 'Disallow: /'))!;
		assert.match(value, /\*\*Yandex:\*\* the `Crawl-delay` line 2 splits the `User-agent` lines: line 3 is in another group\./);
		assert.match(value, /\| Lines \| 1–4 \| 1–4 \| 1–2 \| 1–4 \|/);
	});

	test('a blank line ends the record for first-match robots only', () => {
		const options = { ...defaultAnalysisOptions, dialects: ['rfc9309', 'draft1996'] as Dialect[] };
		const value = hoverAt(joinLines('User-agent: |a', '', 'User-agent: b', 'Disallow: /'), options)!;
		assert.match(value, /\*\*1996 draft:\*\* the blank line 2 ends the record: line 3 is in another record\./);
		assert.match(value, /\*\*1996 draft:\*\* this record has no rules/);
	});

	test('Googlebot-Image falls back to * in the matchers, and the hover carries Google\'s two-token note', () => {
		const value = hoverAt(joinLines('User-agent: Google|bot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b'))!;
		assert.match(value, /\| `Googlebot-Image` \| `\*` line 4 \| `\*` line 4 \| `\*` line 4 \| ✓ \|/);
		assert.match(value, /`Googlebot-Image`, `Googlebot-News`, `Googlebot-Video`: Google lists two tokens/);
	});

	test('groups naming the same crawler are merged, except by first-match robots', () => {
		const value = hoverAt(joinLines('User-agent: |a', 'Disallow: /x', 'User-agent: A', 'Disallow: /y'))!;
		assert.match(value, /\| Merged with \| line 3 \| line 3 \| line 3 \| never \(first record only\) \|/);
		assert.match(value, /\| Rules \| 1 \+ 1 merged \| 1 \+ 1 merged \| 1 \+ 1 merged \| 1 \|/);
	});

	test('every example in a pattern hover is checked by the matcher of each dialect', () => {
		const options = { ...defaultAnalysisOptions, dialects: allDialects };
		const value = hoverAt(joinLines('User-agent: *', 'Disallow: /*.pdf|$'), options)!;
		assert.match(value, /\| `\/a\/b\.pdf` \| ✓ \| ✓ \| ✓ \| ✗ \| ✗ \|/);
		assert.match(value, /\| `\/\*\.pdf\$` \| ✗ \| ✗ \| ✗ \| ✓ \| ✓ \|/);
	});

	test('blank lines, comments and positions past the line have no hover', () => {
		assert.equal(hoverAt(joinLines('User-agent: *', '|', 'Disallow: /')), null);
		assert.equal(hoverAt('# a |comment'), null);
		assert.equal(hoverAt('Disallow: /x # |why'), null);
		assert.equal(hoverAt('Disallow: /x  |'), null);
	});
});
