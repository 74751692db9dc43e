/**
 * Hovers, driven by test/fixtures/hover: each `*.robots.txt` marks positions with `|` and may set options in a first
 * line `# test: dialects=a,b`; the golden `.snap` shows each hover's range under its line and its markdown.
 * A few properties are also asserted directly, so that a wrong snapshot cannot hide the facts that matter most.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allDialects, computeHover, defaultAnalysisOptions, isDialect, parse, type AnalysisOptions, type Dialect } from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, markers, readFixture, sharedDir } from '../util/fixtures';

/**
 * Options from a first line `# test: crawlers=Googlebot,bingbot; dialects=rfc9309,google`. Without a header: the
 * default crawlers compared with first-match parsers (the 1996 draft); `dialects` sets the parsers compared with them.
 */
function fixtureOptions(text: string): AnalysisOptions {
	const header = /^# test: (.*)$/m.exec(text.split(/\r?\n/, 1)[0]);
	if (!header) {
		return { ...defaultAnalysisOptions, dialects: ['draft1996'] };
	}
	let dialects: readonly Dialect[] = [];
	let crawlers: readonly string[] | undefined;
	for (const setting of header[1].split(';')) {
		const [name, value] = setting.split('=').map((part) => part.trim());
		if (name === 'dialects') {
			dialects = value.split(',').map((dialect) => {
				assert.ok(isDialect(dialect), `unknown dialect ${dialect}`);
				return dialect;
			});
		} else if (name === 'crawlers') {
			crawlers = value === '' ? [] : value.split(',');
		}
	}
	return { ...defaultAnalysisOptions, crawlers: crawlers ?? defaultAnalysisOptions.crawlers, dialects };
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
	test('a group of 1 100 User-agent lines is summarised: one note per kind of reading, with a few values and a count (issue 22, item 6)', () => {
		// files/0120.txt: a group of 1 103 User-agent lines (68–1170) whose hover listed one note per value, 3 700 characters.
		const text = readFileSync(join(sharedDir, 'corpus', 'realworld', 'files', '0120.txt'), 'latin1');
		const model = parse(text);
		const hover = computeHover(model, { line: 67, character: 2 }, defaultAnalysisOptions)!;
		const value = (hover.contents as { value: string }).value;
		const notes = value.split('\n').filter((line) => line.startsWith('- '));
		// Count the values Google cuts from the file itself: it keeps the leading letters, `-` and `_` (semantics §google).
		const values = Array.from({ length: 1170 - 67 }, (_, i) => 67 + i)
			.filter((line) => /^user-agent:/i.test(model.lineText(line)))
			.map((line) => model.valueText(line))
			.filter((v) => v !== '*');
		const cut = values.filter((v) => /^[A-Za-z_-]+/.test(v) && !/^[A-Za-z_-]+$/.test(v)).length;
		const none = values.filter((v) => !/^[A-Za-z_-]/.test(v)).length;
		assert.ok(cut > 100 && none > 3 && values.length > 1_000, `${cut} cut, ${none} naming nothing`);
		assert.equal(notes.length, 2, notes.join('\n'));
		assert.ok(
			notes.some((note) => note.includes(`and ${(none - 3).toLocaleString('en')} more.`)),
			notes[0],
		);
		assert.ok(
			notes.some((note) => note.includes(`and ${(cut - 3).toLocaleString('en')} more;`)),
			notes[1],
		);
		assert.ok(value.length < 2_000, `${value.length} characters`);
	});

	test('a Crawl-delay between User-agent lines splits the group for Yandex only', () => {
		const value = hoverAt(joinLines('User-agent: |a', 'Crawl-delay: 1', 'User-agent: b', 'Disallow: /'))!;
		assert.match(value, /\*\*YandexBot:\*\* the `Crawl-delay` line 2 splits the `User-agent` lines: line 3 is in another group\./);
	});

	test('a blank line ends the record for first-match robots only', () => {
		const options = { ...defaultAnalysisOptions, crawlers: [], dialects: ['rfc9309', 'draft1996'] as Dialect[] };
		const value = hoverAt(joinLines('User-agent: |a', '', 'User-agent: b', 'Disallow: /'), options)!;
		assert.match(value, /\*\*1996-draft \(first-match\) parsers:\*\* the blank line 2 ends the record: line 3 is in another record\./);
		assert.match(value, /\*\*1996-draft \(first-match\) parsers:\*\* this record has no rules/);
	});

	test("Googlebot-Image follows the Googlebot group through its fallback token, with Google's two-token note", () => {
		const value = hoverAt(joinLines('User-agent: Google|bot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b'))!;
		assert.match(value, /\| `Googlebot` \| ✓ its own token \|/);
		assert.match(value, /\| `Googlebot-Image` and `Applebot` \| ✓ through its fallback token `Googlebot` \|/);
		assert.match(value, /- `Googlebot-Image`: Google lists two tokens/);
		const star = hoverAt(joinLines('User-agent: Googlebot', 'Disallow: /a', '', 'User-agent: |*', 'Disallow: /b'))!;
		assert.match(star, /\| `Googlebot-Image` and `Applebot` \| ✗ the group of `Googlebot` at line 1 \|/);
	});

	test('AdsBot-Google ignores *: the hover of * says so', () => {
		const options = { ...defaultAnalysisOptions, crawlers: ['bingbot', 'AdsBot-Google'] };
		const value = hoverAt(joinLines('User-agent: |*', 'Disallow: /private/'), options)!;
		assert.match(value, /\| `bingbot` \| ✓ as `\*` \|/);
		assert.match(value, /\| `AdsBot-Google` \| ✗ none: it ignores `\*`/);
	});

	test('groups naming the same crawler are merged, except by first-match robots', () => {
		const value = hoverAt(joinLines('User-agent: |a', 'Disallow: /x', 'User-agent: A', 'Disallow: /y'))!;
		assert.match(value, /\| `a` \(named here\) \| ✓ its own token, merged with the group at line 3 \|/);
	});

	test('a group past the 500 KiB that Google reads is not read by Googlebot', () => {
		const filler = '# ' + 'x'.repeat(600 * 1024) + '\n';
		const value = hoverAt(filler + joinLines('User-agent: Google|bot', 'Disallow: /'), { ...defaultAnalysisOptions, crawlers: ['Googlebot'] })!;
		assert.match(value, /\| `Googlebot` \| no: it reads only the first 500 KiB, which end before this line \|/);
	});

	test('text from the file cannot become markup: backticks, links, images and HTML stay literal', () => {
		const value = hoverAt('User-agent: |a``b ![t](https://attacker.example/pixel.png) [run](command:workbench.action.terminal.new) <img src=x>\nDisallow: /');
		assert.ok(value, 'a User-agent line has a hover');
		const quoting = value.split('\n').filter((line) => line.includes('attacker.example'));
		// The hover names the group's value (else this test checks nothing), and every occurrence of the attack sits
		// inside a code span fenced longer than the backticks it holds.
		assert.ok(quoting.length >= 1, value);
		for (const line of quoting) {
			assert.match(line, /```a``b !\[t\]\(https:\/\/attacker\.example\/pixel\.png\)/, line);
		}
	});

	test('every example in a pattern hover is checked by the matcher of each dialect', () => {
		const options = { ...defaultAnalysisOptions, dialects: allDialects };
		const value = hoverAt(joinLines('User-agent: *', 'Disallow: /*.pdf|$'), options)!;
		assert.match(value, /\| `\/a\/b\.pdf` \| ✓ \| ✓ \| ✓ \| ✗ \| ✗ \|/);
		assert.match(value, /\| `\/\*\.pdf\$` \| ✗ \| ✗ \| ✗ \| ✓ \| ✓ \|/);
	});

	test('a pattern of many `*` is put in words by its first parts: the hover does not grow with the line (issue 21, finding 13)', () => {
		// The reproducer: a hover on a 1 000 000-character `a*a*…` line was 18 MB, a part of the sentence per `*`.
		// Values from the file are shown up to 200 characters, so a line twice as long makes the same hover but for its counts.
		const sizes = [100_000, 200_000].map((length) => hoverAt(`User-agent: *\nDisallow: /a|${'*a'.repeat(length / 2)}`)!.length);
		assert.ok(sizes[0] < 20_000, `the hover of a 100 000-character pattern is ${sizes[0]} characters`);
		assert.ok(Math.abs(sizes[1] - sizes[0]) < 100, `the hover grew from ${sizes[0]} to ${sizes[1]} characters`);
	});

	test('blank lines, comments and positions past the line have no hover', () => {
		assert.equal(hoverAt(joinLines('User-agent: *', '|', 'Disallow: /')), null);
		assert.equal(hoverAt('# a |comment'), null);
		assert.equal(hoverAt('Disallow: /x # |why'), null);
		assert.equal(hoverAt('Disallow: /x  |'), null);
	});
});
