/**
 * The test bench's messages from its webview are checked before the extension acts on them (issue 21, finding 15: a
 * token that is not a string or a NaN line threw in the extension host). Every message type of `FromWebview` is
 * accepted as the type declares it, and each field given a value of another type is refused, as are values that are
 * not messages at all.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSync } from 'esbuild';
import type * as messagesModule from '../../client/src/benchMessages';
import type { CompareMode, FromWebview } from '../../client/src/benchMessages';
import { repoRoot } from '../util/fixtures';

// The client is bundled for VS Code, not transpiled for the tests; this file bundles the one module it tests, which
// imports nothing from VS Code.
const folder = mkdtempSync(join(tmpdir(), 'robots-bench-messages-'));
buildSync({
	entryPoints: [join(repoRoot, 'client', 'src', 'benchMessages.ts')],
	outfile: join(folder, 'benchMessages.js'),
	bundle: true,
	platform: 'node',
	format: 'cjs',
	logLevel: 'silent',
});
const { readFromWebview } = require(join(folder, 'benchMessages.js')) as typeof messagesModule;
after(() => rmSync(folder, { recursive: true, force: true }));

/** A valid message of every type (the compiler holds the list to `FromWebview`). */
const examples: { readonly [K in FromWebview['type']]: Extract<FromWebview, { type: K }> } = {
	ready: { type: 'ready' },
	addUrls: { type: 'addUrls', text: '/a\n/b' },
	loadFile: { type: 'loadFile' },
	loadUrlSet: { type: 'loadUrlSet' },
	loadAccessLog: { type: 'loadAccessLog' },
	clearUrls: { type: 'clearUrls' },
	removeRow: { type: 'removeRow', url: '/a' },
	useSet: { type: 'useSet', label: 'AI crawlers', replace: true },
	addColumn: { type: 'addColumn', token: 'GPTBot' },
	removeColumn: { type: 'removeColumn', token: 'GPTBot' },
	reveal: { type: 'reveal', line: 0 },
	explain: { type: 'explain', id: 3, url: '/a', token: 'Googlebot' },
	export: { type: 'export', format: 'markdown' },
	compare: { type: 'compare', mode: 'head' },
	preferences: { type: 'preferences', show: true },
	aiPolicy: { type: 'aiPolicy', show: false },
	painted: { type: 'painted', ms: 12.5, rows: 100, columns: 4 },
};

/** Every compare mode the type has (the compiler checks each is one; the test checks the validator takes each). */
const modes: readonly CompareMode[] = ['saved', 'head', 'file', 'deployed', 'none'];

/** Values of the wrong type for a field holding `value`: the NaN line and non-string token among them. */
function wrongFor(name: string, value: unknown): unknown[] {
	if (typeof value === 'boolean') {
		// An optional flag (Shift+click on a set replaces the columns): absent is fine, anything but a boolean is not.
		return [null, {}, [], 'true', 1];
	}
	const wrong: unknown[] = [undefined, null, {}, [], true];
	if (typeof value === 'string') {
		wrong.push(5, ['a']);
		if (name === 'format' || name === 'mode') {
			wrong.push('pdf', '', 'HEAD');
		}
	} else {
		wrong.push('1', NaN, Infinity, -1, ...(name === 'ms' ? [] : [1.5]));
	}
	return wrong;
}

describe('readFromWebview', () => {
	test('every message type, as its type declares it, is accepted as it is', () => {
		for (const message of [...Object.values(examples), ...modes.map((mode) => ({ type: 'compare', mode })), { type: 'export', format: 'csv' }]) {
			assert.equal(readFromWebview(message), message, JSON.stringify(message));
		}
	});

	test('a field of the wrong type is refused, field by field', () => {
		for (const example of Object.values(examples)) {
			for (const [name, value] of Object.entries(example)) {
				if (name === 'type') {
					continue;
				}
				for (const wrong of wrongFor(name, value)) {
					const message = { ...example, [name]: wrong };
					assert.equal(readFromWebview(message), undefined, `${example.type} with ${name} = ${String(wrong)}`);
				}
			}
		}
	});

	test('what is not a message is refused', () => {
		for (const value of [
			null,
			undefined,
			'ready',
			42,
			[],
			['ready'],
			{},
			{ type: 5 },
			{ type: 'nope' },
			{ type: 'toString' },
			{ type: '__proto__' },
			{ type: 'hasOwnProperty' },
		]) {
			assert.equal(readFromWebview(value), undefined, JSON.stringify(value));
		}
	});
});
