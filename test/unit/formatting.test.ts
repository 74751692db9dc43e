/**
 * The formatter: golden outputs for test/fixtures/formatting, and its invariant checked on every fixture, on the
 * real-world corpus and on random files: the formatted file groups alike and answers alike in all five dialects,
 * and formatting it again changes nothing.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import { allDialects, evaluate, formatDocument, lineRole, parse, type FormatOptions, type RobotsModel } from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture, sharedDir } from '../util/fixtures';

function format(text: string, range?: Range, options?: FormatOptions): string {
	return formatModel(parse(text), range, options);
}

function formatModel(model: RobotsModel, range?: Range, options?: FormatOptions): string {
	const edits = formatDocument(model, range, options);
	return TextDocument.applyEdits(TextDocument.create('file:///robots.txt', 'robots-txt', 0, model.text), edits);
}

/** Each dialect's groups, described by line contents (roles, directive readings and values), since line numbers shift. */
function describeGroupings(model: RobotsModel): unknown {
	const describeLine = (line: number) => `${model.lines[line].directive}/${model.lines[line].googleDirective}=${model.valueText(line)}`;
	return allDialects.map((dialect) => {
		const grouping = model.grouping(dialect);
		return {
			dialect,
			groups: grouping.groups.map((group) => ({
				agents: group.userAgents.map(describeLine),
				rules: group.rules.map((line) => `${lineRole(model.lines[line], dialect)} ${describeLine(line)}`),
				others: group.others.map(describeLine),
			})),
			orphans: grouping.orphanRules.map(describeLine),
		};
	});
}

/** Verdicts for the file's own agents and a few others, on URLs built from the file's own rules. */
function describeVerdicts(model: RobotsModel): string[] {
	// Compiling rules per agent and dialect is what costs: one named agent, one that falls back and one from the file.
	const agents = new Set(['Googlebot', 'SomeBot/1.0']);
	const urls = new Set(['/', '/robots.txt', 'https://example.com/a/b.html?q=1']);
	for (let line = 0; line < model.lineCount && (agents.size < 3 || urls.size < 12); line++) {
		const node = model.lines[line];
		if (node.directive === 'user-agent' && agents.size < 3) {
			agents.add(model.valueText(line));
		} else if ((node.directive === 'allow' || node.directive === 'disallow') && urls.size < 12) {
			urls.add(model.valueText(line).replace(/\*/g, 'x').replace(/\$$/, ''));
		}
	}
	const out: string[] = [];
	for (const dialect of allDialects) {
		for (const agent of agents) {
			for (const url of urls) {
				const result = evaluate(model, { agent, url, dialect });
				out.push(`${dialect} ${agent} ${url}: ${result.verdict} ${result.reason} ${result.rule?.kind ?? '-'} ${result.rule?.pattern ?? '-'}`);
			}
		}
	}
	return out;
}

/**
 * Formats `text` and asserts the invariant; returns the formatted text. Verdicts follow from groupings whose lines
 * read alike, so for the corpus's few giant files (where compiling rules per agent dominates) groupings suffice.
 */
function checkFormat(text: string, name = 'input', maxLinesForVerdicts = Infinity): string {
	const before = parse(text);
	const formatted = formatModel(before);
	const after = parse(formatted);
	assert.deepStrictEqual(describeGroupings(after), describeGroupings(before), `${name}: groupings differ after formatting`);
	if (before.lineCount <= maxLinesForVerdicts) {
		assert.deepStrictEqual(describeVerdicts(after), describeVerdicts(before), `${name}: verdicts differ after formatting`);
	}
	assert.deepStrictEqual(formatDocument(after), [], `${name}: formatting is not idempotent`);
	return formatted;
}

function render(text: string): string {
	const model = parse(text);
	return model.lineTexts.map((line) => `> ${JSON.stringify(line)}`).join('\n') + '\n';
}

describe('formatting', () => {
	for (const name of readdirSync(join(fixturesDir, 'formatting')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			const formatted = checkFormat(readFixture('formatting', name), name);
			assertSnapshot(join(fixturesDir, 'formatting', name + '.snap'), render(formatted));
		});
	}

	test('edits are minimal: one per changed region, only the characters that change', () => {
		const edits = formatDocument(parse(joinLines('user-agent: a', 'Allow: /y', 'Disallow:/x', 'Disallow :  /z')));
		assert.deepStrictEqual(edits, [
			{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: 'U' },
			{ range: { start: { line: 2, character: 9 }, end: { line: 3, character: 11 } }, newText: ' /x\nDisallow:' },
		]);
	});

	test('an already formatted file gets no edits', () => {
		assert.deepStrictEqual(formatDocument(parse(joinLines('User-agent: *', 'Disallow: /x', '', 'User-agent: b', 'Allow: /', ''))), []);
	});

	test('range formatting touches only the lines the range intersects', () => {
		const text = joinLines('user-agent: a', 'disallow:/x', 'allow:/y', 'user-agent: b', 'disallow: /z');
		const range = { start: { line: 1, character: 3 }, end: { line: 2, character: 0 } };
		assert.equal(format(text, range), joinLines('user-agent: a', 'Disallow: /x', 'allow:/y', 'user-agent: b', 'disallow: /z'));
	});

	test('a group separator belongs to the lines on both sides of it', () => {
		const text = joinLines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Disallow: /z');
		const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 4 } };
		assert.equal(format(text, range), joinLines('User-agent: a', 'Disallow: /x', '', 'User-agent: b', 'Disallow: /z'));
	});

	test("insertFinalNewline adds the document's own line end", () => {
		assert.equal(format('User-agent: *\r\nDisallow: /x', undefined, { insertFinalNewline: true }), 'User-agent: *\r\nDisallow: /x\r\n');
		assert.equal(format('User-agent: *\nDisallow: /x\n', undefined, { insertFinalNewline: true }), 'User-agent: *\nDisallow: /x\n');
	});

	test('random files keep their meaning in every dialect and format idempotently (fast-check)', () => {
		const fragment = fc.constantFrom(
			'User-agent: a',
			'user-agent:b',
			'User-agent: *',
			'User-Agent : a/1.0',
			'Useragent: c',
			'Disallow: /x',
			'disallow:/x/y',
			'Allow: /x/',
			'allow /z',
			'Disallow:',
			'Sitemap: https://e.com/s.xml',
			'Crawl-delay: 2',
			'Host: e.com',
			'Clean-param: a',
			'Foo: bar',
			'# comment',
			'  # indented',
			'',
			'  ',
			'\t',
			'Disallow: /a # why',
			'\uFEFFUser-agent: d',
			' \uFEFFDisallow: /b',
			'junk',
		);
		const eol = fc.constantFrom('\n', '\r\n', '\r');
		const file = fc
			.array(fc.tuple(fragment, eol), { maxLength: 14 })
			.chain((lines) => fc.boolean().map((finalEol) => lines.map(([line, end], i) => line + (i < lines.length - 1 || finalEol ? end : '')).join('')));
		fc.assert(
			fc.property(file, (text) => {
				checkFormat(text);
			}),
			{ numRuns: 2000 },
		);
		// Range formatting applies part of the plan: every part must be safe on its own.
		const lineRange = fc.tuple(fc.nat(15), fc.nat(15), fc.nat(20)).map(
			([a, b, character]): Range => ({
				start: { line: Math.min(a, b), character: 0 },
				end: { line: Math.max(a, b), character },
			}),
		);
		fc.assert(
			fc.property(file, lineRange, (text, range) => {
				const before = parse(text);
				const after = parse(format(text, range));
				assert.deepStrictEqual(describeGroupings(after), describeGroupings(before));
			}),
			{ numRuns: 2000 },
		);
	});
});

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

test('every corpus file formats without changing its meaning, idempotently', { skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here' }, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	let changed = 0;
	for (const name of names) {
		const text = decoder.decode(readFileSync(join(corpusDir, name)));
		if (checkFormat(text, name, 2000) !== text) {
			changed++;
		}
	}
	// The corpus is as sites serve it: most files have something to format, so the check is not vacuous.
	assert.ok(changed > names.length / 4, `only ${changed} of ${names.length} files changed`);
});
