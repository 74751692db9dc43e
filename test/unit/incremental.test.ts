/**
 * The incremental invariant: after any sequence of edits, the document's model deep-equals a fresh parse of the
 * same text (rust-analyzer's `do_check`). fast-check drives thousands of random edit sequences built from the
 * fragments that matter to robots.txt lexing; every failure it ever found is kept in test/fixtures/incremental.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { allDialects, applyEdit, parse, print, RobotsDocument, type RobotsModel } from '../../server/src/core/index';
import { fixturesDir, readFixture } from '../util/fixtures';

const fragments = [
	'\n', '\r', '\r\n', '\n\n', ':', '#', ' ', '\t', '*', '$', '/', 'a', '\uFEFF', '\u0000', 'ツ',
	'User-agent: a\n', 'User-agent: *\n', 'user-agent:b', 'Disallow: /x\n', 'Allow: /', 'disallow /y', 'Sitemap: http://s/\n',
	'Crawl-delay: 1\n', 'Host: example.com\n', '# comment\n', 'Disallow:', '\r\nAllow: /a', '\n\r',
];

const seedText = fc.array(fc.constantFrom(...fragments), { maxLength: 20 }).map((parts) => parts.join(''));

interface Edit {
	/** Relative positions in [0, 1], scaled to the text's length when applied. */
	start: number;
	length: number;
	insert: string;
}

const edit: fc.Arbitrary<Edit> = fc.record({
	start: fc.double({ min: 0, max: 1, noNaN: true }),
	length: fc.oneof(fc.constant(0), fc.constant(1), fc.constant(2), fc.integer({ min: 0, max: 30 })),
	insert: fc.oneof(
		fc.constant(''),
		fc.constantFrom(...fragments),
		fc.array(fc.constantFrom(...fragments), { maxLength: 4 }).map((parts) => parts.join('')),
	),
});

function snapshot(model: RobotsModel): unknown {
	return {
		text: model.text,
		lines: model.lines,
		lineTexts: model.lineTexts,
		lineStarts: model.lineStarts,
		groupings: allDialects.map((dialect) => model.grouping(dialect)),
	};
}

function assertSameAsFreshParse(model: RobotsModel): void {
	assert.deepStrictEqual(snapshot(model), snapshot(parse(model.text)));
	assert.equal(print(model), model.text);
}

/** Applies offset-based edits with `applyEdit`, checking the invariant after each. */
function checkOffsets(text: string, edits: readonly Edit[]): void {
	let model = parse(text);
	for (const e of edits) {
		const start = Math.floor(e.start * model.text.length);
		const end = Math.min(model.text.length, start + e.length);
		model = applyEdit(model, start, end, e.insert);
		assertSameAsFreshParse(model);
	}
}

/** Applies the same edits as LSP changes to our document and to vscode-languageserver-textdocument's. */
function checkLspChanges(text: string, edits: readonly Edit[], batch: boolean): void {
	let reference = TextDocument.create('file:///robots.txt', 'robots-txt', 0, text);
	const document = new RobotsDocument(text, 0);
	const changes = edits.map((e) => {
		const length = reference.getText().length;
		const startOffset = Math.floor(e.start * length);
		const endOffset = Math.min(length, startOffset + e.length);
		const change = { range: { start: reference.positionAt(startOffset), end: reference.positionAt(endOffset) }, text: e.insert };
		reference = TextDocument.update(reference, [change], reference.version + 1);
		if (!batch) {
			document.update([change], reference.version);
			assert.equal(document.text, reference.getText());
			assertSameAsFreshParse(document.model);
		}
		return change;
	});
	if (batch) {
		document.update(changes, reference.version);
		assert.equal(document.text, reference.getText());
		assertSameAsFreshParse(document.model);
	}
	assert.equal(document.version, reference.version);
}

test('incremental edits by offset equal a fresh parse (fast-check)', () => {
	fc.assert(fc.property(seedText, fc.array(edit, { minLength: 1, maxLength: 12 }), (text, edits) => {
		checkOffsets(text, edits);
	}), { numRuns: 3000 });
});

test('LSP content changes, one by one and several per version, equal a fresh parse (fast-check)', () => {
	fc.assert(fc.property(seedText, fc.array(edit, { minLength: 1, maxLength: 8 }), fc.boolean(), (text, edits, batch) => {
		checkLspChanges(text, edits, batch);
	}), { numRuns: 2000 });
});

test('a change without a range replaces the whole text', () => {
	const document = new RobotsDocument('User-agent: *\nDisallow: /\n', 1);
	document.update([{ text: 'Sitemap: https://example.com/s.xml' }], 2);
	assertSameAsFreshParse(document.model);
	assert.equal(document.model.lineCount, 1);
});

interface FailureFixture {
	text: string;
	edits: Edit[];
	note?: string;
}

const failureDir = join(fixturesDir, 'incremental');
for (const name of readdirSync(failureDir).filter((file) => file.endsWith('.json')).sort()) {
	test(`kept failure: ${name}`, () => {
		const fixture = JSON.parse(readFixture('incremental', name)) as FailureFixture;
		checkOffsets(fixture.text, fixture.edits);
		checkLspChanges(fixture.text, fixture.edits, false);
		checkLspChanges(fixture.text, fixture.edits, true);
	});
}
