/**
 * Document symbols: golden outlines of test/fixtures/symbols, and the structural promises an editor relies on:
 * children inside their parent, selection inside range, every directive line shown once.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import { computeDocumentSymbols, parse } from '../../core/src/index';
import { maxSymbols } from '../../core/src/features/symbols';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

const kindNames = new Map<number, string>(Object.entries(SymbolKind).map(([name, value]) => [value as number, name]));

function renderRange(range: Range): string {
	return `${range.start.line + 1}:${range.start.character}-${range.end.line + 1}:${range.end.character}`;
}

function render(symbols: readonly DocumentSymbol[], indent = ''): string[] {
	return symbols.flatMap((symbol) => [
		`${indent}${kindNames.get(symbol.kind)} ${JSON.stringify(symbol.name)}${symbol.detail ? ` (${symbol.detail})` : ''} ${renderRange(symbol.range)} select ${renderRange(symbol.selectionRange)}`,
		...render(symbol.children ?? [], indent + '  '),
	]);
}

function contains(outer: Range, inner: Range): boolean {
	const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
	return before(outer.start, inner.start) && before(inner.end, outer.end);
}

/** Checks what VS Code needs of a symbol tree and returns the lines it covers. */
function checkTree(symbols: readonly DocumentSymbol[], parent?: DocumentSymbol): number[] {
	const lines: number[] = [];
	for (const symbol of symbols) {
		assert.ok(symbol.name.length > 0, 'a symbol name must not be empty');
		assert.ok(contains(symbol.range, symbol.selectionRange), `selection outside range: ${symbol.name}`);
		if (parent) {
			assert.ok(contains(parent.range, symbol.range), `${symbol.name} lies outside ${parent.name}`);
		}
		if (symbol.children?.length) {
			lines.push(...checkTree(symbol.children, symbol));
		} else {
			lines.push(symbol.range.start.line);
		}
	}
	return lines;
}

describe('document symbols', () => {
	for (const name of readdirSync(join(fixturesDir, 'symbols')).filter((file) => file.endsWith('.robots.txt'))) {
		test(name, () => {
			const model = parse(readFixture('symbols', name));
			const symbols = computeDocumentSymbols(model);
			const covered = checkTree(symbols).sort((a, b) => a - b);
			const directives = model.lines.flatMap((line, i) => (line.kind === 'directive' ? [i] : []));
			assert.deepStrictEqual(covered, directives, 'every directive line appears exactly once');
			assertSnapshot(join(fixturesDir, 'symbols', name + '.snap'), render(symbols).join('\n') + '\n');
		});
	}

	test('a group is named by its User-agent values and holds its lines', () => {
		const [group] = computeDocumentSymbols(parse(joinLines('User-agent: a', 'User-agent: b', 'Disallow: /x')));
		assert.equal(group.name, 'a, b');
		assert.equal(group.kind, SymbolKind.Namespace);
		assert.deepStrictEqual(
			group.children?.map((child) => child.name),
			['User-agent: a', 'User-agent: b', 'Disallow: /x'],
		);
	});

	test('an empty file has no symbols', () => {
		assert.deepStrictEqual(computeDocumentSymbols(parse('')), []);
	});

	test('a huge file gets a bounded outline that says what it leaves out', () => {
		const groups = 3000;
		const text = Array.from({ length: groups }, (_, i) => `User-agent: bot${i}\nDisallow: /${i}\n`).join('\n');
		const symbols = computeDocumentSymbols(parse(text));
		const count = (list: readonly DocumentSymbol[]): number => list.reduce((sum, symbol) => sum + 1 + count(symbol.children ?? []), 0);
		assert.ok(count(symbols) <= maxSymbols + 2, `${count(symbols)} symbols`);
		const last = symbols[symbols.length - 1];
		// 5 000 items: 1 666 groups with their two lines, then group 1 667 with its User-agent line and a note for its
		// rule; the 1 333 groups after it (2 666 lines) are left out.
		assert.match(symbols[symbols.length - 2].children![1].name, /^1 more line of this group \(the outline shows/);
		assert.match(last.name, /^2,666 more lines \(the outline shows the first 5,000 items\)$/);
		assert.equal(last.range.end.line, 3 * groups - 1, 'to the end of the file');

		const agents = 200_000;
		const crowd = computeDocumentSymbols(parse(Array.from({ length: agents }, (_, i) => `User-agent: bot${i}`).join('\n') + '\nDisallow: /\n'));
		assert.equal(crowd.length, 1);
		assert.equal(crowd[0].name, `bot0, bot1, bot2, bot3, bot4 and ${(agents - 5).toLocaleString('en')} more`);
		assert.equal(crowd[0].children!.length, maxSymbols);
		assert.match(crowd[0].children![maxSymbols - 1].name, /^195,002 more lines of this group/);
	});
});
