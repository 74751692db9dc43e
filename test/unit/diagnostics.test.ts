/**
 * Diagnostics, driven by data: every test/fixtures/diagnostics/*.robots.txt renders its diagnostics (and the text
 * after each quick fix) into a golden `.snap`; an optional `<name>.options.json` sets dialects, severities,
 * known directives or the file name. Every catalogue code must appear in some snapshot, and the default
 * robots.txt of common CMSs (test/fixtures/diagnostics-clean) must get no warning or error.
 */

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import {
	computeCodeActions,
	computeDiagnostics,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	diagnosticCatalogue,
	fixAllData,
	parse,
	resolveCodeAction,
	type AnalysisOptions,
	type DiagnosticData,
} from '../../core/src/index';
import { assertSnapshot, fixturesDir, joinLines, readFixture } from '../util/fixtures';

const severityNames: Record<number, string> = {
	[DiagnosticSeverity.Error]: 'error',
	[DiagnosticSeverity.Warning]: 'warning',
	[DiagnosticSeverity.Information]: 'information',
	[DiagnosticSeverity.Hint]: 'hint',
};

/**
 * The fixtures' options: the default crawlers, compared with first-match parsers too (the 1996 draft), so that every
 * fixture meets the checks written for those robots; a fixture's `.options.json` may set `crawlers` and `dialects`.
 */
export const fixtureOptions: AnalysisOptions = { ...defaultAnalysisOptions, dialects: ['draft1996'] };

function optionsFor(dir: string, name: string): AnalysisOptions {
	const path = join(fixturesDir, dir, name.replace(/\.robots\.txt$/, '.options.json'));
	if (!existsSync(path)) {
		return fixtureOptions;
	}
	return { ...fixtureOptions, ...JSON.parse(readFixture(dir, name.replace(/\.robots\.txt$/, '.options.json'))) };
}

/** `>` source lines, each followed by `#` lines marking its diagnostics; then the text after each fix. */
export function renderDiagnostics(text: string, options: AnalysisOptions): string {
	const model = parse(text);
	const diagnostics = computeDiagnostics(model, options, 'file:///robots.txt');
	const out: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		out.push(`>${model.lineText(line)}`);
		for (const diagnostic of diagnostics.filter((d) => d.range.start.line === line)) {
			const start = diagnostic.range.start.character;
			const end = diagnostic.range.end.line === line ? diagnostic.range.end.character : model.lines[line].length;
			const marker = ' '.repeat(start) + '^'.repeat(Math.max(1, end - start));
			out.push(`#${marker} ${severityNames[diagnostic.severity!]} ${diagnostic.code}: ${diagnostic.message}`);
		}
	}
	const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
	for (const diagnostic of diagnostics) {
		for (const fix of (diagnostic.data as DiagnosticData | undefined)?.fixes ?? []) {
			out.push('', `== fix ${diagnostic.code} (line ${diagnostic.range.start.line + 1}): ${fix.title}`);
			const fixed = TextDocument.applyEdits(document, [...fix.edits]);
			out.push(...fixed.split(/\r\n|\r|\n/).map((line) => `|${line}`));
		}
	}
	return out.join('\n') + '\n';
}

const fixtureNames = readdirSync(join(fixturesDir, 'diagnostics'))
	.filter((name) => name.endsWith('.robots.txt'))
	.sort();

describe('diagnostics fixtures', () => {
	for (const name of fixtureNames) {
		test(name, () => {
			const text = readFixture('diagnostics', name);
			assertSnapshot(join(fixturesDir, 'diagnostics', name + '.snap'), renderDiagnostics(text, optionsFor('diagnostics', name)));
		});
	}

	test('every code in the catalogue has a fixture that shows it', () => {
		const shown = new Set<string>();
		for (const name of fixtureNames) {
			const model = parse(readFixture('diagnostics', name));
			for (const diagnostic of computeDiagnostics(model, optionsFor('diagnostics', name))) {
				shown.add(String(diagnostic.code));
			}
		}
		const missing = diagnosticCatalogue.map((facts) => facts.code).filter((code) => !shown.has(code));
		assert.deepEqual(missing, []);
	});
});

describe('nothing correct is called wrong', () => {
	const names = readdirSync(join(fixturesDir, 'diagnostics-clean'))
		.filter((name) => name.endsWith('.robots.txt'))
		.sort();
	test('there are CMS defaults to check', () => assert.ok(names.length >= 5));
	for (const name of names) {
		test(name, () => {
			const model = parse(readFixture('diagnostics-clean', name));
			const serious = computeDiagnostics(model, { ...defaultAnalysisOptions, fileName: 'robots.txt' })
				.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning)
				.map((d) => `${d.range.start.line + 1} ${d.code}: ${d.message}`);
			assert.deepEqual(serious, []);
		});
	}
});

describe('settings and suppression', () => {
	const text = joinLines('User-agent: *', 'Disallow: /x', 'Disalow: /a', 'Crawl-delay: 5', '');

	test('severity overrides and off', () => {
		const codes = (options: Partial<AnalysisOptions>) =>
			computeDiagnostics(parse(text), { ...defaultAnalysisOptions, ...options }).map((d) => `${d.code}:${severityNames[d.severity!]}`);
		assert.deepEqual(codes({}), ['misspelt-directive:warning', 'crawl-delay-ignored:information']);
		assert.deepEqual(codes({ severities: { 'misspelt-directive': 'error', 'crawl-delay-ignored': 'off' } }), ['misspelt-directive:error']);
	});

	test('the target crawlers (and comparison parsers) decide which checks run', () => {
		const codes = (options: Partial<AnalysisOptions>) => computeDiagnostics(parse(text), { ...defaultAnalysisOptions, ...options }).map((d) => d.code);
		assert.deepEqual(codes({ crawlers: ['YandexBot'] }), ['misspelt-directive']);
		assert.deepEqual(codes({ crawlers: ['Googlebot'] }), ['misspelt-directive', 'crawl-delay-ignored']);
		assert.deepEqual(codes({ crawlers: [], dialects: ['google'] }), ['misspelt-directive', 'crawl-delay-ignored']);
	});

	test('not-robots-txt off: an HTML body is checked line by line like any other file', () => {
		const html = joinLines('<!DOCTYPE html>', '<html><body>', 'Not found', '</body></html>', '');
		const codes = (options: Partial<AnalysisOptions>) => computeDiagnostics(parse(html), { ...defaultAnalysisOptions, ...options }).map((d) => d.code);
		assert.deepEqual(codes({}), ['not-robots-txt']);
		assert.deepEqual(codes({ severities: { 'not-robots-txt': 'off' } }), ['syntax-error', 'syntax-error', 'syntax-error', 'syntax-error']);
	});

	test('invalid-utf8 is listed on the first 100 lines that have it, in one segment or across many', () => {
		// A file in another encoding has invalid UTF-8 on every line; the analysis lists the first ones (checks/file.ts).
		const rules = Array.from({ length: 150 }, (_, i) => `Disallow: /caf\uFFFD${i}`);
		for (const text of [joinLines('User-agent: *', ...rules), joinLines(...rules.flatMap((rule) => ['User-agent: *', rule]))]) {
			const lines = text.split('\n');
			const withInvalid = lines.flatMap((line, index) => (line.includes('\uFFFD') ? [index] : []));
			const listed = computeDiagnostics(parse(text), defaultAnalysisOptions).filter((d) => d.code === 'invalid-utf8');
			assert.deepEqual(
				listed.map((d) => d.range.start.line),
				withInvalid.slice(0, 100),
			);
		}
	});

	test('a raw Latin-1 byte in a rule gets invalid-utf8, and no percent-encoding that would change the octet Google reads', () => {
		// docs/semantics.md (Google): every byte >= 0x80 of a value is percent-encoded as it stands, so Googlebot reads
		// "/caf\xE9/" as /caf%E9/; the replacement character's %EF%BF%BD would be another path for it.
		const bytes = Uint8Array.from([...new TextEncoder().encode('User-agent: *\nDisallow: /caf'), 0xe9, ...new TextEncoder().encode('/\n')]);
		const found = computeDiagnostics(parse(decodeRobotsBytes(bytes)), { ...defaultAnalysisOptions, severities: { 'non-ascii-path': 'hint' } });
		assert.deepEqual(
			found.filter((d) => d.range.start.line === 1).map((d) => d.code),
			['invalid-utf8'],
		);
		assert.match(found.find((d) => d.code === 'invalid-utf8')!.message, /%E9/);
	});

	test('knownDirectives silences unknown-directive', () => {
		const model = parse('User-agent: *\nX-Custom: 1\nDisallow: /\n');
		const codes = (knownDirectives: string[]) => computeDiagnostics(model, { ...defaultAnalysisOptions, knownDirectives }).map((d) => d.code);
		assert.ok(codes([]).includes('unknown-directive'));
		assert.ok(!codes(['x-custom']).includes('unknown-directive'));
	});

	test('disable-next-line, disable and enable comments', () => {
		const model = parse(
			joinLines(
				'User-agent: *',
				'Disallow: /x',
				'# robots-txt-disable-next-line misspelt-directive',
				'Disalow: /a',
				'Disalow: /b',
				'# robots-txt-disable',
				'Disalow: /c',
				'Foo: 1',
				'# robots-txt-enable',
				'Disalow: /d',
				'# robots-txt-disable unknown-directive, misspelt-directive',
				'Foo: 2',
				'Disalow: /e',
			),
		);
		const lines = computeDiagnostics(model, defaultAnalysisOptions).map((d) => `${d.range.start.line + 1}:${d.code}`);
		assert.deepEqual(lines, ['5:misspelt-directive', '10:misspelt-directive']);
	});
});

describe('code actions', () => {
	const uri = 'file:///robots.txt';
	const text = joinLines('User-agent: *', 'Disallow /a', 'Disallow /b', 'Disallow: css', '');
	const model = parse(text);
	const diagnostics: readonly Diagnostic[] = computeDiagnostics(model, defaultAnalysisOptions, uri);

	test('quick fixes for the diagnostics in range, and fix-all per code', () => {
		const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };
		const actions = computeCodeActions(range, diagnostics, diagnostics, uri);
		assert.deepEqual(
			actions.map((action) => `${action.kind}: ${action.title}`),
			[
				'quickfix: Add the colon: "Disallow: /a"',
				"quickfix: Fix all 'missing-colon' problems in the file",
				'source.fixAll: Fix all auto-fixable robots.txt problems',
			],
		);
		const apply = (index: number) => TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), actions[index].edit!.changes![uri]);
		assert.equal(apply(1), joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /b', 'Disallow: css', ''));
		assert.equal(apply(2), joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /b', 'Disallow: /css', ''));
	});

	test('fix all removes every one of consecutive duplicate rules in one run (their edits only touch)', () => {
		const duplicates = joinLines('User-agent: *', ...Array.from({ length: 6 }, () => 'Disallow: /a'), '');
		const found = computeDiagnostics(parse(duplicates), defaultAnalysisOptions, uri);
		assert.equal(found.filter((d) => d.code === 'duplicate-rule').length, 5);
		const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } };
		const fixAll = computeCodeActions(range, found, found, uri).find((action) => action.title === "Fix all 'duplicate-rule' problems in the file")!;
		const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, duplicates), fixAll.edit!.changes![uri]);
		assert.equal(fixed, joinLines('User-agent: *', 'Disallow: /a', ''));
	});

	test('diagnostics the client sends back without data still get their fixes', () => {
		const stripped = diagnostics.map(({ data: _data, ...rest }) => rest);
		const range = { start: { line: 3, character: 10 }, end: { line: 3, character: 13 } };
		const titles = computeCodeActions(range, stripped, diagnostics, uri).map((action) => action.title);
		assert.ok(titles.includes('Change to "/css"'), titles.join(' | '));
	});

	test('resolved later, the fix-all actions come without edits, and resolving them gives the same edits', () => {
		const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };
		const inline = computeCodeActions(range, diagnostics, diagnostics, uri);
		const later = computeCodeActions(range, diagnostics, diagnostics, uri, { resolveLater: { version: 7 } });
		assert.deepEqual(
			later.map((action) => [action.kind, action.title, action.edit === undefined]),
			[
				['quickfix', 'Add the colon: "Disallow: /a"', false],
				['quickfix', "Fix all 'missing-colon' problems in the file", true],
				['source.fixAll', 'Fix all auto-fixable robots.txt problems', true],
			],
		);
		assert.deepEqual(
			later.map((action) => fixAllData(action.data)),
			[undefined, { uri, version: 7, code: 'missing-colon' }, { uri, version: 7 }],
		);
		// Over the wire the action is JSON: it is resolved from its copy, as a client sends it back.
		const resolved = later.map((action) => resolveCodeAction(JSON.parse(JSON.stringify(action)) as CodeAction, diagnostics));
		assert.deepEqual(
			resolved.map((action) => action.edit),
			inline.map((action) => action.edit),
		);
		assert.deepEqual(
			resolved.map((action) => action.title),
			inline.map((action) => action.title),
		);
	});

	test('an action without fix-all data is resolved as it is', () => {
		const quickFix = computeCodeActions({ start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, diagnostics, diagnostics, uri)[0];
		assert.equal(resolveCodeAction(quickFix, diagnostics), quickFix);
		for (const data of [undefined, null, 'x', { uri }, { uri, version: '1' }, { uri, version: 1, code: 3 }]) {
			const action = { title: 't', data };
			assert.equal(fixAllData(data), undefined, JSON.stringify(data));
			assert.equal(resolveCodeAction(action, diagnostics), action);
		}
	});
});
