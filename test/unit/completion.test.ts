/**
 * Completion, driven by test/fixtures/completion: each `*.robots.txt` marks cursors with `|` and may set options in a
 * first line `# test: dialects=a,b; paths=/x/,/y.html`. The golden `.snap` lists, per cursor, the items a client would
 * still show after filtering by the typed word, each with the line as it reads after applying the item's edit
 * (TextDocument.applyEdits, snippet placeholders replaced by their defaults), as vscode-json-languageservice's tests do.
 * The crawler table's own invariants are checked here too, since completion is where its tokens are offered.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InsertTextFormat, type CompletionItem, type Position, type TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { computeCompletions, defaultAnalysisOptions, isDialect, knownCrawlers, parse, type AnalysisOptions, type Dialect } from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, markers, readFixture } from '../util/fixtures';

/** Items shown per cursor in a snapshot; the rest are counted. */
const shownItems = 30;

/** Options and paths from a first line `# test: dialects=rfc9309,yandex; paths=/a/,/b.html`. */
function fixtureSettings(text: string): { options: AnalysisOptions; paths: string[] } {
	const header = /^# test: (.*)$/.exec(text.split(/\r?\n/, 1)[0]);
	let dialects: readonly Dialect[] = [];
	let paths: string[] = [];
	for (const setting of header ? header[1].split(';') : []) {
		const [name, value] = setting.split('=').map((part) => part.trim());
		if (name === 'dialects') {
			dialects = value.split(',').map((dialect) => {
				assert.ok(isDialect(dialect), `unknown dialect ${dialect}`);
				return dialect;
			});
		} else if (name === 'paths') {
			paths = value.split(',');
		}
	}
	// A fixture that names parsers answers for exactly those (no target crawlers), as a site that cares about them would.
	return { options: { ...defaultAnalysisOptions, ...(dialects.length > 0 ? { crawlers: [] } : {}), dialects }, paths };
}

/** A snippet as the text it inserts when every placeholder keeps its default. */
function snippetText(snippet: string): string {
	return snippet.replace(
		/\\([$}\\])|\$\{\d+:([^}]*)\}|\$\d+/g,
		(_, escaped: string | undefined, placeholder: string | undefined) => escaped ?? placeholder ?? '',
	);
}

function applyItem(document: TextDocument, item: CompletionItem): string {
	const edit = item.textEdit as TextEdit;
	const newText = item.insertTextFormat === InsertTextFormat.Snippet ? snippetText(edit.newText) : edit.newText;
	return TextDocument.applyEdits(document, [{ range: edit.range, newText }]);
}

/** What a client shows: items whose filter text starts with the word typed inside the edit range, in sort order. */
function visibleItems(document: TextDocument, position: Position, items: readonly CompletionItem[]): CompletionItem[] {
	return items
		.filter((item) => {
			const edit = item.textEdit as TextEdit;
			assert.ok(edit, `${item.label} has a text edit`);
			assert.equal(edit.range.start.line, position.line, `${item.label} edits the cursor's line`);
			assert.ok(edit.range.start.character <= position.character && position.character <= edit.range.end.character, `${item.label}'s range holds the cursor`);
			const typed = document.getText({ start: edit.range.start, end: position }).toLowerCase();
			return (item.filterText ?? item.label).toLowerCase().startsWith(typed.trimStart());
		})
		.sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

function render(input: string): string {
	const { text, positions } = markers(input);
	const model = parse(text);
	const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
	const { options, paths } = fixtureSettings(text);
	const out: string[] = [];
	for (const position of positions) {
		const items = computeCompletions(model, position, options, paths);
		const visible = visibleItems(document, position, items);
		const lineText = model.lineText(position.line);
		out.push(`## completion at ${position.line + 1}:${position.character + 1}`);
		out.push(`> ${lineText.slice(0, position.character)}|${lineText.slice(position.character)}`);
		out.push(`${items.length} items, ${visible.length} shown after filtering`);
		for (const item of visible.slice(0, shownItems)) {
			const result = applyItem(document, item).split(/\r?\n/);
			const edit = item.textEdit as TextEdit;
			const inserted = edit.newText.split('\n').length;
			const lines = result.slice(position.line, position.line + inserted);
			out.push(`- ${item.label} · ${kindName(item)}${item.detail ? ` · ${item.detail}` : ''}`);
			out.push(...lines.map((line) => `    ${line}`));
		}
		if (visible.length > shownItems) {
			out.push(`- … ${visible.length - shownItems} more`);
		}
		out.push('');
	}
	return out.join('\n');
}

function kindName(item: CompletionItem): string {
	const names: Record<number, string> = { 12: 'value', 14: 'keyword', 15: 'snippet', 17: 'file', 19: 'folder' };
	return names[item.kind ?? 0] ?? String(item.kind);
}

/** The text after choosing the item labelled `label` at the `|` in `input`. */
function check(input: string, label: string, expected: string, options: AnalysisOptions = defaultAnalysisOptions, paths: readonly string[] = []): void {
	const { text, positions } = markers(input);
	const items = computeCompletions(parse(text), positions[0], options, paths);
	const item = items.find((candidate) => candidate.label === label);
	assert.ok(item, `no item ${label} among ${items.map((candidate) => candidate.label).join(', ')}`);
	assert.equal(applyItem(TextDocument.create('file:///robots.txt', 'robots-txt', 1, text), item), expected);
}

function labels(input: string, options: AnalysisOptions = defaultAnalysisOptions): string[] {
	const { text, positions } = markers(input);
	return computeCompletions(parse(text), positions[0], options).map((item) => item.label);
}

describe('completion fixtures', () => {
	const dir = join(fixturesDir, 'completion');
	for (const name of readdirSync(dir).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			assertSnapshot(join(dir, name + '.snap'), render(readFixture('completion', name)));
		});
	}
});

describe('completion results', () => {
	test('a directive name replaces the typed word and adds ": "', () => {
		check(joinLines('User-agent: *', 'dis|'), 'Disallow', joinLines('User-agent: *', 'Disallow: '));
	});

	test('renaming a key keeps its colon and value', () => {
		check(joinLines('User-agent: *', 'Dis|alow: /x'), 'Disallow', joinLines('User-agent: *', 'Disallow: /x'));
	});

	test('a crawler token replaces the typed part of the value', () => {
		check('User-agent: goo|', 'Googlebot', 'User-agent: Googlebot');
		check('User-agent:|', 'GPTBot', 'User-agent: GPTBot');
	});

	test('workspace paths are escaped so that they match literally', () => {
		check(
			joinLines('User-agent: *', 'Disallow: /pr|'),
			'/price$list#1.html',
			joinLines('User-agent: *', 'Disallow: /price%24list%231.html'),
			defaultAnalysisOptions,
			['/price$list#1.html'],
		);
	});

	test('Host and Clean-param are offered only when a Yandex crawler is among the targets', () => {
		const input = joinLines('User-agent: *', 'Disallow: /', '|');
		assert.ok(labels(input).includes('Host'));
		const withoutYandex = labels(input, { ...defaultAnalysisOptions, crawlers: ['Googlebot', 'bingbot'] });
		assert.ok(!withoutYandex.includes('Host') && !withoutYandex.includes('Clean-param'));
	});

	test('rules are not offered before the first User-agent line', () => {
		const offered = labels(joinLines('Sitemap: https://example.com/s.xml', '|'));
		assert.ok(offered.includes('User-agent') && offered.includes('Sitemap'));
		assert.ok(!offered.includes('Disallow') && !offered.includes('Allow'));
	});

	test('the AI block names every AI crawler that follows robots.txt', () => {
		const { text, positions } = markers('|');
		const block = computeCompletions(parse(text), positions[0], defaultAnalysisOptions).find((item) => item.label === 'Block AI crawlers')!;
		const inserted = snippetText((block.textEdit as TextEdit).newText);
		for (const crawler of knownCrawlers.filter((candidate) => candidate.category === 'ai-training' || candidate.category === 'ai-search')) {
			assert.equal(inserted.includes(`User-agent: ${crawler.token}\n`), !crawler.ignoresRobotsTxt, crawler.token);
		}
		assert.ok(inserted.endsWith('Disallow: /\n'));
	});

	test('no completion inside comments or after a value', () => {
		assert.deepEqual(labels('# User|'), []);
		assert.deepEqual(labels('Disallow: /x |'), []);
		assert.deepEqual(labels('foo bar|'), []);
	});
});

describe('knownCrawlers', () => {
	test('has more than 80 crawlers with distinct tokens', () => {
		assert.ok(knownCrawlers.length > 80, `${knownCrawlers.length} crawlers`);
		const tokens = knownCrawlers.map((crawler) => crawler.token.toLowerCase());
		assert.equal(new Set(tokens).size, tokens.length, 'tokens are distinct, case-insensitively');
	});

	test('every entry is filled in and every family token is itself known', () => {
		const tokens = new Set(knownCrawlers.map((crawler) => crawler.token.toLowerCase()));
		for (const crawler of knownCrawlers) {
			assert.ok(crawler.token.trim() === crawler.token && crawler.token !== '', `token ${JSON.stringify(crawler.token)}`);
			assert.ok(crawler.owner !== '' && crawler.description.endsWith('.'), crawler.token);
			for (const token of crawler.fallback) {
				assert.ok(tokens.has(token.toLowerCase()), `${crawler.token} also obeys unknown ${token}`);
			}
		}
	});
});
