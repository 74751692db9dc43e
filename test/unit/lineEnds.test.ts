/**
 * The line end that edits write into a file: quick fixes, "Disable … for this line" and the formatter take the same
 * one, the most common line end of the whole file, so that a file with mixed line ends gets one kind from all of them.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { computeCodeActions, computeDiagnostics, defaultAnalysisOptions, formatDocument, parse } from '../../core/src/index';

const uri = 'file:///robots.txt';

/** The text a code action inserts, for the action whose title starts with `title`. */
function insertedBy(text: string, title: string): string {
	const model = parse(text);
	const diagnostics = computeDiagnostics(model, defaultAnalysisOptions, uri).filter((d) => d.code === 'empty-group');
	assert.equal(diagnostics.length, 1);
	const actions = computeCodeActions(diagnostics[0].range, diagnostics, diagnostics, uri, { suppressIn: model });
	const action = actions.find((candidate) => candidate.title.startsWith(title));
	assert.ok(action?.edit?.changes, `an action "${title}"`);
	return action.edit.changes[uri].map((edit) => edit.newText).join('');
}

function formatted(text: string): string {
	const model = parse(text);
	return TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 0, text), formatDocument(model, undefined, { insertFinalNewline: true }));
}

test('a file whose first 1 000 lines end in LF and whose 1 500 others end in CRLF: fixes and the formatter write CRLF', () => {
	// 1 000 LF and 1 501 CRLF line ends: CRLF is the file's most common line end.
	const text = `${'# written on Linux\n'.repeat(1_000)}User-agent: a\r\n${'# edited on Windows\r\n'.repeat(1_500)}# end`;
	assert.equal(insertedBy(text, 'Add "Disallow:"'), '\r\nDisallow:');
	assert.equal(insertedBy(text, "Disable 'empty-group'"), '# robots-txt-disable-next-line empty-group\r\n');
	assert.ok(formatted(text).endsWith('# end\r\n'), 'the final line end the formatter adds');
});

test('a file whose first lines end in CRLF and most in LF: both write LF', () => {
	const text = `${'# edited on Windows\r\n'.repeat(600)}User-agent: a\r\n${'# written on Linux\n'.repeat(900)}# end`;
	assert.equal(insertedBy(text, 'Add "Disallow:"'), '\nDisallow:');
	assert.equal(insertedBy(text, "Disable 'empty-group'"), '# robots-txt-disable-next-line empty-group\n');
	assert.ok(formatted(text).endsWith('# end\n'), 'the final line end the formatter adds');
});
