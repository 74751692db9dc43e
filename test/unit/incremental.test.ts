/**
 * The incremental invariant: after any sequence of edits, the document's model deep-equals a fresh parse of the
 * same text (rust-analyzer's `do_check`). fast-check drives thousands of random edit sequences built from the
 * fragments that matter to robots.txt lexing; every failure it ever found is kept in test/fixtures/incremental.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { allDialects, applyEdit, parse, print, RobotsDocument, type RobotsModel } from '../../core/src/index';
import { fixturesDir, readFixture } from '../util/fixtures';

const fragments = [
	'\n',
	'\r',
	'\r\n',
	'\n\n',
	':',
	'#',
	' ',
	'\t',
	'*',
	'$',
	'/',
	'a',
	'\uFEFF',
	'\u0000',
	'ツ',
	'User-agent: a\n',
	'User-agent: *\n',
	'user-agent:b',
	'Disallow: /x\n',
	'Allow: /',
	'disallow /y',
	'Sitemap: http://s/\n',
	'Crawl-delay: 1\n',
	'Host: example.com\n',
	'# comment\n',
	'Disallow:',
	'\r\nAllow: /a',
	'\n\r',
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
	fc.assert(
		fc.property(seedText, fc.array(edit, { minLength: 1, maxLength: 12 }), (text, edits) => {
			checkOffsets(text, edits);
		}),
		{ numRuns: 3000 },
	);
});

test('LSP content changes, one by one and several per version, equal a fresh parse (fast-check)', () => {
	fc.assert(
		fc.property(seedText, fc.array(edit, { minLength: 1, maxLength: 8 }), fc.boolean(), (text, edits, batch) => {
			checkLspChanges(text, edits, batch);
		}),
		{ numRuns: 2000 },
	);
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
for (const name of readdirSync(failureDir)
	.filter((file) => file.endsWith('.json'))
	.sort()) {
	test(`kept failure: ${name}`, () => {
		const fixture = JSON.parse(readFixture('incremental', name)) as FailureFixture;
		checkOffsets(fixture.text, fixture.edits);
		checkLspChanges(fixture.text, fixture.edits, false);
		checkLspChanges(fixture.text, fixture.edits, true);
	});
}

/** Random changes, each before the previous one: the shape Replace All sends, applied by the batch path. */
test('a batch of changes given bottom to top equals the textdocument package and a fresh parse', () => {
	const batch = fc.record({
		text: seedText,
		cuts: fc.array(
			fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 0, max: 6 }), insert: fc.constantFrom('', ...fragments) }),
			{ minLength: 2, maxLength: 12 },
		),
	});
	fc.assert(
		fc.property(batch, ({ text, cuts }) => {
			const reference = TextDocument.create('file:///r', 'robots-txt', 0, text);
			// Offsets in the original text, sorted and made disjoint, then given bottom to top.
			const spans = cuts
				.map((cut) => {
					const start = Math.floor(cut.at * text.length);
					return { start, end: Math.min(text.length, start + cut.length), insert: cut.insert };
				})
				.sort((a, b) => a.start - b.start);
			const disjoint: typeof spans = [];
			for (const span of spans) {
				if (disjoint.length === 0 || span.start >= disjoint[disjoint.length - 1].end) {
					disjoint.push(span);
				}
			}
			const changes = disjoint.reverse().map((span) => ({
				range: { start: reference.positionAt(span.start), end: reference.positionAt(span.end) },
				text: span.insert,
			}));
			const document = new RobotsDocument(text);
			assert.deepEqual(document.update(changes, 1), []);
			TextDocument.update(reference, changes, 1);
			assert.equal(document.text, reference.getText());
			assert.deepEqual(document.model.lines, parse(reference.getText()).lines);
			assert.deepEqual(document.model.lineTexts, parse(reference.getText()).lineTexts);
		}),
		{ numRuns: 5000 },
	);
});

test('kept failure: a batch whose lower change joins a line end to a lone CR above is applied one change at a time', () => {
	// fast-check found it: the insertion of "\n" after "\r" turns a line break into one CRLF, so the change above,
	// which ended at that line's start, means other text once it is applied.
	const text = '\n\n\n\n\r*';
	const reference = TextDocument.create('file:///r', 'robots-txt', 0, text);
	const changes = [
		{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: '\n' },
		{ range: { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } }, text: '' },
	];
	const document = new RobotsDocument(text);
	document.update(changes, 1);
	TextDocument.update(reference, changes, 1);
	assert.equal(document.text, reference.getText());
	assert.deepEqual(document.model.lines, parse(reference.getText()).lines);
});

test('ranges whose end comes first are turned round, and changes with bad positions are refused and reported', () => {
	const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
	const reference = TextDocument.create('file:///r', 'robots-txt', 0, text);
	const reversed = [{ range: { start: { line: 2, character: 0 }, end: { line: 1, character: 0 } }, text: '' }];
	const document = new RobotsDocument(text);
	document.update(reversed, 1);
	TextDocument.update(reference, reversed, 1);
	assert.equal(document.text, reference.getText());
	const bad = [
		{ range: { start: { line: '1', character: 0 }, end: { line: 1, character: 3 } }, text: 'x' },
		{ range: { start: { line: 1.5, character: 0 }, end: { line: 1, character: 3 } }, text: 'x' },
		{ range: { start: null, end: { line: 1, character: 3 } }, text: 'x' },
		{ range: { start: { line: 1, character: 0 } }, text: 'x' },
	] as unknown as Parameters<RobotsDocument['update']>[0];
	const problems = document.update(bad, 2);
	assert.equal(problems.length, 4);
	assert.match(problems[0], /content change 1 of 4 was not applied: its range is not two positions of whole-number line and character/);
	assert.equal(document.text, reference.getText());
});

test('Replace All on the 3.7 MB corpus file: 47 000 changes in one didChange cost about as much as a parse', {
	skip: !existsSync(join(fixturesDir, '..', '..', '..', 'shared', 'corpus', 'realworld', 'files', '0932.txt')) ? 'no corpus' : false,
}, () => {
	const text = readFileSync(join(fixturesDir, '..', '..', '..', 'shared', 'corpus', 'realworld', 'files', '0932.txt'), 'utf8');
	const reference = TextDocument.create('file:///r', 'robots-txt', 0, text);
	// Every "Allow" becomes "Disallow", bottom to top, as VS Code sends a Replace All.
	const changes = [...text.matchAll(/Allow/g)].reverse().map((match) => ({
		range: { start: reference.positionAt(match.index!), end: reference.positionAt(match.index! + 5) },
		text: 'Disallow',
	}));
	assert.ok(changes.length > 40_000, `${changes.length} changes`);
	const document = new RobotsDocument(text);
	document.update(changes, 1);
	// The textdocument package applies 47 000 changes one by one, copying the text each time: the expected text is
	// computed by one replace instead.
	const expected = text.replace(/Allow/g, 'Disallow');
	assert.equal(document.text, expected);
	assert.deepEqual(document.model.lines, parse(expected).lines);
});
