/**
 * Real messy files drown the real problems (issue 22, item 6): on corpus file 0120.txt, 283 problems, 226 of them
 * `invalid-product-token` and 48 `noindex-unsupported`, while the 7 missing colons and the empty group are the real
 * bugs. The editor tells repeats as one, each problem can be silenced on its line, and Noindex lines can be removed.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { computeCodeActions, computeDiagnostics, createDiagnosticsSession, defaultAnalysisOptions, parse, type DiagnosticData } from '../../core/src/index';
import { joinLines, sharedDir } from '../util/fixtures';

const uri = 'file:///site/robots.txt';
const grouping = { ...defaultAnalysisOptions, groupRepeats: true };
const messy = join(sharedDir, 'corpus', 'realworld', 'files', '0120.txt');

/** What the Problems panel lists: every severity but hints, by code. */
function panel(diagnostics: readonly Diagnostic[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const diagnostic of diagnostics) {
		if (diagnostic.severity !== DiagnosticSeverity.Hint) {
			counts[String(diagnostic.code)] = (counts[String(diagnostic.code)] ?? 0) + 1;
		}
	}
	return counts;
}

test('repeated findings are told once, with their count and lines; the real problems stay in view', {
	skip: existsSync(messy) ? false : 'no ../shared/corpus here',
}, () => {
	const text = readFileSync(messy, 'latin1');
	const plain = computeDiagnostics(parse(text), defaultAnalysisOptions, uri);
	// The issue's figures, less one: the library and the command line still list every finding. Line 784's
	// `User-agent: Linguee Bot` names a crawler of the catalogue since issue 24 (from the community list of AI agents),
	// and a catalogue token is not an invalid product token.
	assert.equal(plain.length, 282);
	assert.equal(plain.filter((diagnostic) => diagnostic.code === 'invalid-product-token').length, 225);
	const grouped = computeDiagnostics(parse(text), grouping, uri);
	assert.equal(grouped.length, plain.length, 'every finding is still there, the repeats as hints');
	const shown = panel(grouped);
	assert.equal(shown['missing-colon'], 7, 'errors are never grouped');
	assert.equal(shown['empty-group'], 1);
	assert.equal(shown['noindex-unsupported'], 1);
	// Warnings and information are grouped apart: 225 invalid product tokens in two groups.
	assert.equal(shown['invalid-product-token'], 2);
	assert.ok(Object.values(shown).reduce((sum, count) => sum + count, 0) <= 12);
	const noindex = grouped.find((diagnostic) => diagnostic.code === 'noindex-unsupported' && diagnostic.severity !== DiagnosticSeverity.Hint)!;
	assert.match(noindex.message, /\(And 47 more like it, shown as hints\.\)$/);
	assert.equal(noindex.relatedInformation?.length, 47);
	assert.equal(noindex.relatedInformation?.[0].location.range.start.line, 20, 'the second Noindex, line 21');
	// A session (the editor) gives the same, edit after edit.
	const session = createDiagnosticsSession();
	assert.deepEqual(session.diagnostics(parse(text), grouping, uri), grouped);
	const edited = text.replace('Noindex: /temp/', 'Disallow: /temp/');
	assert.deepEqual(session.diagnostics(parse(edited), grouping, uri), computeDiagnostics(parse(edited), grouping, uri));
});

test('a code whose severity the settings set is not grouped: the user asked to see it so', () => {
	const text = joinLines('User-agent: *', ...Array.from({ length: 6 }, (_, i) => `Noindex: /n${i}/`), '');
	const options = { ...grouping, severities: { 'noindex-unsupported': 'warning' as const } };
	assert.equal(panel(computeDiagnostics(parse(text), options, uri))['noindex-unsupported'], 6);
	assert.equal(panel(computeDiagnostics(parse(text), grouping, uri))['noindex-unsupported'], 1);
	assert.equal(panel(computeDiagnostics(parse(text), { ...grouping, groupRepeats: false }, uri))['noindex-unsupported'], 6);
});

function actionsAt(text: string, line: number): { title: string; apply: () => string }[] {
	const model = parse(text);
	const diagnostics = computeDiagnostics(model, defaultAnalysisOptions, uri);
	const range = { start: { line, character: 0 }, end: { line, character: 0 } };
	return computeCodeActions(range, diagnostics, diagnostics, uri, { suppressIn: model }).map((action) => ({
		title: action.title,
		apply: () => TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), action.edit?.changes?.[uri] ?? []),
	}));
}

test('"Disable for this line" inserts the suppression comment above the line, which silences the finding', () => {
	const text = joinLines('User-agent: *', 'Disallow: /a', 'Noindex: /b', 'Disallow: /c', '');
	const disable = actionsAt(text, 2).find((action) => action.title === "Disable 'noindex-unsupported' for this line")!;
	const after = disable.apply();
	assert.equal(after, joinLines('User-agent: *', 'Disallow: /a', '# robots-txt-disable-next-line noindex-unsupported', 'Noindex: /b', 'Disallow: /c', ''));
	assert.deepEqual(computeDiagnostics(parse(after), defaultAnalysisOptions, uri), []);
	// A second code on a line that already has the comment: added to it.
	const twice = joinLines('User-agent: *', '# robots-txt-disable-next-line noindex-unsupported', 'Disallow /x', '');
	const again = actionsAt(twice, 2).find((action) => action.title === "Disable 'missing-colon' for this line")!;
	assert.equal(again.apply(), joinLines('User-agent: *', '# robots-txt-disable-next-line noindex-unsupported, missing-colon', 'Disallow /x', ''));
});

test("the suppression comment keeps the file's line breaks and its byte order mark first", () => {
	const crlf = 'User-agent: *\r\nNoindex: /b\r\n';
	const after = actionsAt(crlf, 1)
		.find((action) => action.title.startsWith('Disable'))!
		.apply();
	assert.equal(after, 'User-agent: *\r\n# robots-txt-disable-next-line noindex-unsupported\r\nNoindex: /b\r\n');
	const bom = '\ufeffDisallow: /a\n';
	const first = actionsAt(bom, 0)
		.find((action) => action.title.startsWith('Disable'))!
		.apply();
	assert.ok(first.startsWith('\ufeff# robots-txt-disable-next-line '), JSON.stringify(first));
});

test('a Noindex line can be removed where that changes no group; between User-agent lines it is left to the user', () => {
	const text = joinLines('User-agent: *', 'Disallow: /a', 'Noindex: /b', '');
	const fix = (
		computeDiagnostics(parse(text), defaultAnalysisOptions, uri).find((diagnostic) => diagnostic.code === 'noindex-unsupported')!.data as DiagnosticData
	).fixes[0];
	assert.equal(fix.title, 'Remove the Noindex line (no crawler reads it)');
	assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), [...fix.edits]), joinLines('User-agent: *', 'Disallow: /a', ''));
	const between = joinLines('User-agent: a', 'Noindex: /b', 'User-agent: b', 'Disallow: /', '');
	assert.equal(
		computeDiagnostics(parse(between), defaultAnalysisOptions, uri).find((diagnostic) => diagnostic.code === 'noindex-unsupported')!.data,
		undefined,
	);
});
