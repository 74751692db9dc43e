/**
 * The preference lines' diagnostics (core/src/diagnostics/checks/preferences.ts) beyond their snapshots: every quick
 * fix of the preference fixtures, applied, removes the problem it fixes and brings no new kind of problem; the fix the
 * e2e test applies in real VS Code gives the line the drafts define; and how a line binds follows each dialect's
 * grouping, with Google's reading of the file unchanged.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { computeDiagnostics, defaultAnalysisOptions, evaluate, parse, type AnalysisOptions, type DiagnosticData } from '../../core/src/index';
import { fixturesDir, joinLines, readFixture } from '../util/fixtures';
import { fixtureOptions } from './diagnostics.test';

const preferenceCodes = new Set([
	'invalid-usage-value',
	'invalid-signal-value',
	'unknown-preference-key',
	'dropped-usage-label',
	'upper-case-usage-key',
	'malformed-preference',
	'repeated-usage-key',
	'preference-outside-group',
	'usage-path-without-slash',
	'preference-in-last-group',
	'preference-contradicts-rules',
	'invalid-license-url',
	'ai-training-proposal',
]);

const fixtureNames = readdirSync(join(fixturesDir, 'diagnostics')).filter((name) => /^(preference-.*|ai-training-proposal)\.robots\.txt$/.test(name));

function codesOf(text: string, options: AnalysisOptions): string[] {
	return computeDiagnostics(parse(text), options).map((d) => String(d.code));
}

describe('preference quick fixes', () => {
	test('there are preference fixtures with fixes', () => assert.ok(fixtureNames.length >= 8));
	for (const name of fixtureNames) {
		test(`${name}: each fix removes its problem and adds no new kind`, () => {
			const text = readFixture('diagnostics', name);
			const diagnostics = computeDiagnostics(parse(text), fixtureOptions, 'file:///robots.txt');
			const before = diagnostics.map((d) => String(d.code));
			const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
			for (const diagnostic of diagnostics.filter((d) => preferenceCodes.has(String(d.code)))) {
				for (const fix of (diagnostic.data as DiagnosticData | undefined)?.fixes ?? []) {
					const after = codesOf(TextDocument.applyEdits(document, [...fix.edits]), fixtureOptions);
					const count = (codes: string[]) => codes.filter((code) => code === diagnostic.code).length;
					assert.ok(count(after) < count(before), `${fix.title} (line ${diagnostic.range.start.line + 1}) leaves ${diagnostic.code}`);
					assert.deepEqual(
						after.filter((code) => !before.includes(code)),
						[],
						`${fix.title} (line ${diagnostic.range.start.line + 1})`,
					);
				}
			}
		});
	}

	test('train-ai=yes: "unknown" to every crawler, fixed to the token y and then clean (draft-ietf-aipref-vocab-07 §6.5)', () => {
		// The file the e2e test opens (test/e2e): its only problem is the value.
		const text = joinLines('User-agent: *', 'Disallow: /search', 'Content-Usage: train-ai=yes', '');
		const diagnostics = computeDiagnostics(parse(text), defaultAnalysisOptions, 'file:///robots.txt');
		assert.deepEqual(
			diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character}-${d.range.end.character} ${d.code}`),
			['3:24-27 invalid-usage-value'],
		);
		const fixes = (diagnostics[0].data as DiagnosticData).fixes;
		assert.equal(fixes.length, 1);
		const fixed = TextDocument.applyEdits(TextDocument.create('file:///robots.txt', 'robots-txt', 1, text), [...fixes[0].edits]);
		assert.equal(fixed, joinLines('User-agent: *', 'Disallow: /search', 'Content-Usage: train-ai=y', ''));
		assert.deepEqual(codesOf(fixed, defaultAnalysisOptions), []);
	});

	test('the Cloudflare shape: copy (preferred) or move the line into the "*" group, where it binds to every crawler without a group', () => {
		// www.cloudflare.com/robots.txt (issue 24): by RFC 9309 §2.1 the line after "User-agent: Cohere-ai" is that group's,
		// and Cohere-ai, named in a group of its own, does not read the "*" group: copying keeps the line for it.
		const line = 'Content-Signal: search=yes, ai-train=no';
		const text = joinLines('User-agent: *', 'Disallow: /lp', '', 'User-agent: Cohere-ai', 'Allow: /', line, '');
		const diagnostic = computeDiagnostics(parse(text), defaultAnalysisOptions).find((d) => d.code === 'preference-in-last-group')!;
		assert.match(diagnostic.message, /Cohere-ai/);
		const [copy, move] = (diagnostic.data as DiagnosticData).fixes;
		const apply = (edits: DiagnosticData['fixes'][number]['edits']) =>
			TextDocument.applyEdits(TextDocument.create('file:///robots.txt', 'robots-txt', 1, text), [...edits]);
		assert.equal(copy.isPreferred, true);
		assert.equal(apply(copy.edits), joinLines('User-agent: *', 'Disallow: /lp', line, '', 'User-agent: Cohere-ai', 'Allow: /', line, ''));
		assert.equal(apply(move.edits), joinLines('User-agent: *', 'Disallow: /lp', line, '', 'User-agent: Cohere-ai', 'Allow: /', ''));
		for (const fixed of [apply(copy.edits), apply(move.edits)]) {
			assert.ok(!codesOf(fixed, defaultAnalysisOptions).includes('preference-in-last-group'));
		}
	});
});

describe('preference lines bind per dialect', () => {
	// RFC 9309 §2.1: a group runs to the next User-agent line after rules; the 1996 draft's records end at a blank line.
	const text = joinLines('User-agent: *', 'Disallow: /private/', '', 'Content-Usage: train-ai=n', '');

	test('outside any group for 1996-draft and 1994 robots only', () => {
		const outside = (dialects: AnalysisOptions['dialects']) =>
			computeDiagnostics(parse(text), { ...defaultAnalysisOptions, crawlers: [], dialects }).filter((d) => d.code === 'preference-outside-group').length;
		assert.equal(outside(['rfc9309', 'google', 'yandex']), 0);
		assert.equal(outside(['draft1996']), 1);
		assert.equal(outside(['original1994']), 1);
	});

	test("Google's reading of the file does not change: the lines are unknown to its parser", () => {
		const withPreferences = joinLines(
			'User-agent: Googlebot',
			'Content-Usage: train-ai=n',
			'Content-Signal: search=yes',
			'User-agent: bingbot',
			'Disallow: /a',
			'License: https://example.com/license.xml',
			'',
		);
		const without = joinLines('User-agent: Googlebot', 'User-agent: bingbot', 'Disallow: /a', '');
		for (const url of ['https://example.com/a', 'https://example.com/b']) {
			const verdict = (source: string) => {
				const evaluation = evaluate(parse(source), { agent: 'Googlebot', url, dialect: 'google' });
				return { verdict: evaluation.verdict, rule: evaluation.rule?.text ?? null, selection: evaluation.selection };
			};
			assert.deepEqual(verdict(withPreferences), verdict(without), url);
		}
	});
});
