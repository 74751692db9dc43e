/**
 * The library's line numbers (issue 22, item 13): every message, the editor and the command line say "line 3" for the
 * third line; `lineNumber` is that number, and `line` the 0-based one of LSP positions. A newcomer's first script
 * prints what the messages say.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, evaluateAs, parse, verdictSentence } from '../../core/src/library';
import { joinLines } from '../util/fixtures';

test('a deciding rule and an applied group carry the line number the explanation names', () => {
	const model = parse(joinLines('# comment', 'User-agent: Googlebot', 'Disallow: /private/', ''));
	const answer = evaluateAs(model, 'Googlebot', '/private/x');
	assert.equal(answer.rule?.lineNumber, 3);
	assert.equal(answer.rule?.line, 2);
	assert.equal(answer.reading.groups[0]?.lineNumber, 2);
	assert.match(verdictSentence(answer), /line 3\b/);
	const exact = evaluate(model, { agent: 'Googlebot', url: '/private/x', dialect: 'rfc9309' });
	assert.equal(exact.rule?.lineNumber, 3);
	assert.equal(exact.groups[0]?.lineNumber, 2);
});

test('where a crawler stops reading is given as a line number too', () => {
	// Google reads the first 500 KiB (512 000 bytes; docs/semantics.md): the cut falls on the line past them.
	const model = parse(`User-agent: *\n${'Disallow: /abcdefghi\n'.repeat(30_000)}`);
	const extent = evaluateAs(model, 'Googlebot', '/x').reading.extent;
	assert.equal(extent.kind, 'cut');
	if (extent.kind === 'cut') {
		// Line 1 is 14 bytes, each rule line 21: octet 512 000 is on line 2 + floor((512 000 - 14) / 21).
		assert.equal(extent.lineNumber, 2 + Math.floor((512_000 - 14) / 21));
		assert.equal(extent.line, extent.lineNumber - 1);
	}
});
