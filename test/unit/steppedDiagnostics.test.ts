/**
 * The analysis in steps (`DiagnosticsSession.advance`), as the language server runs it, a turn of the event loop at a
 * time: whatever the budgets, and whatever other versions, settings and one-shot calls come in between, the
 * diagnostics it returns are the one-shot analysis's, `computeDiagnostics` of a fresh parse of the same text; and it
 * does stop between steps, so that a server can answer other requests meanwhile.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
	allDialects,
	computeDiagnostics,
	createDiagnosticsSession,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	parse,
	RobotsDocument,
	type AnalysisOptions,
	type DiagnosticsSession,
	type RobotsModel,
} from '../../core/src/index';
import { segmentStarts } from '../../core/src/syntax/segments';
import { fixturesDir, sharedDir } from '../util/fixtures';
import { block, seedText } from '../util/robotsFragments';

const uri = 'file:///robots.txt';
/** The editor's settings (repeats told once, settings.ts), and every dialect checked. */
const optionSets: readonly AnalysisOptions[] = [
	{ ...defaultAnalysisOptions, fileName: 'robots.txt', groupRepeats: true },
	{ ...defaultAnalysisOptions, dialects: allDialects },
	{ ...defaultAnalysisOptions, dialects: ['rfc9309', 'google'], severities: { 'duplicate-rule': 'off', 'empty-group': 'error' } },
];

/** Advances the analysis of `model` until it is done, the budgets taken in turn: its diagnostics, and the calls it took. */
function inSteps(
	session: DiagnosticsSession,
	model: RobotsModel,
	options: AnalysisOptions,
	budgets: readonly number[],
): { diagnostics: readonly Diagnostic[]; calls: number } {
	for (let calls = 1; ; calls++) {
		const diagnostics = session.advance(model, options, uri, budgets[(calls - 1) % budgets.length]);
		if (diagnostics) {
			return { diagnostics, calls };
		}
	}
}

/** The files under a folder, recursively. */
function filesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

test('on every corpus file and robots.txt fixture, the analysis in steps equals the one-shot analysis, and stops between segments', () => {
	const files = [
		...filesUnder(join(sharedDir, 'corpus', 'realworld', 'files')).filter((path) => path.endsWith('.txt')),
		...filesUnder(fixturesDir).filter((path) => path.endsWith('.robots.txt')),
	].sort();
	let compared = 0;
	let diagnostics = 0;
	let segmented = 0;
	files.forEach((path, index) => {
		const model = parse(decodeRobotsBytes(readFileSync(path)));
		const options = optionSets[index % optionSets.length];
		// Budgets of one line (a step at a time), and mixed ones.
		const budgets = index % 2 === 0 ? [1] : [1, 7, 64, 1000];
		const { diagnostics: stepped, calls } = inSteps(createDiagnosticsSession(), model, options, budgets);
		assert.deepStrictEqual(stepped, computeDiagnostics(model, options, uri), path);
		const segments = segmentStarts(model.lines).length;
		// With one line a call, every segment is a step of its own at least: made, analysed, its diagnostics built.
		if (budgets.length === 1 && segments > 1 && !stepped.some((diagnostic) => diagnostic.code === 'not-robots-txt')) {
			assert.ok(calls > 3 * segments, `${path}: ${calls} calls for ${segments} segments`);
			segmented++;
		}
		compared++;
		diagnostics += stepped.length;
	});
	// A floor, so that a filter or a missing corpus cannot make this pass on nothing.
	assert.ok(compared >= 1000 && diagnostics >= 10_000 && segmented >= 250, `${compared} files, ${diagnostics} diagnostics, ${segmented} stepped by segment`);
});

/**
 * What the server does with a session meanwhile: a new version comes in (an edit), a version is analysed a few
 * steps (the current one, or an earlier one a request names), one is analysed at once (a code action's lookup), the
 * settings change, or the document closes and opens again (the session forgets everything).
 */
const action = fc.oneof(
	fc.record({
		kind: fc.constant('edit' as const),
		start: fc.double({ min: 0, max: 1, noNaN: true }),
		length: fc.nat({ max: 30 }),
		insert: fc.oneof(fc.constant(''), block),
	}),
	fc.record({ kind: fc.constant('advance' as const), version: fc.option(fc.nat(), { nil: undefined }), budget: fc.integer({ min: 1, max: 40 }) }),
	fc.record({ kind: fc.constant('advance' as const), version: fc.constant(undefined), budget: fc.integer({ min: 1, max: 40 }) }),
	fc.record({ kind: fc.constant('once' as const), version: fc.option(fc.nat(), { nil: undefined }) }),
	fc.record({ kind: fc.constant('options' as const), set: fc.nat({ max: optionSets.length - 1 }), copy: fc.boolean() }),
	fc.record({ kind: fc.constant('dispose' as const) }),
);

type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

function checkActions(text: string, actions: readonly Action[], bigLines?: number): number {
	const document = new RobotsDocument(text, 0);
	const session = createDiagnosticsSession(bigLines);
	const versions = [document.model];
	let options = optionSets[0];
	let answers = 0;
	const expect = (diagnostics: readonly Diagnostic[], model: RobotsModel, step: number) => {
		assert.deepStrictEqual(diagnostics, computeDiagnostics(parse(model.text), options, uri), `action ${step} of ${JSON.stringify(actions.slice(0, step + 1))}`);
		answers++;
	};
	actions.forEach((next, step) => {
		switch (next.kind) {
			case 'edit': {
				const length = document.text.length;
				const start = Math.floor(next.start * length);
				const end = Math.min(length, start + next.length);
				document.update([{ range: { start: document.positionAt(start), end: document.positionAt(end) }, text: next.insert }], versions.length);
				versions.push(document.model);
				break;
			}
			case 'advance': {
				const model = next.version === undefined ? document.model : versions[next.version % versions.length];
				const diagnostics = session.advance(model, options, uri, next.budget);
				if (diagnostics) {
					expect(diagnostics, model, step);
				}
				break;
			}
			case 'once': {
				const model = next.version === undefined ? document.model : versions[next.version % versions.length];
				expect(session.diagnostics(model, options, uri), model, step);
				break;
			}
			case 'options':
				options = next.copy ? { ...optionSets[next.set] } : optionSets[next.set];
				break;
			case 'dispose':
				session.dispose();
				break;
		}
	});
	// The last version, to the end in steps: what a pull of it answers.
	expect(inSteps(session, document.model, options, [3]).diagnostics, document.model, actions.length);
	return answers;
}

test('analyses in steps, interleaved with edits, earlier versions, one-shot calls, settings and disposal, equal a fresh analysis', () => {
	let answers = 0;
	fc.assert(
		fc.property(seedText, fc.array(action, { minLength: 1, maxLength: 30 }), (text, actions) => {
			answers += checkActions(text, actions);
		}),
		{ numRuns: 600 },
	);
	// Answers compared besides the last one of each run: runs that finish analyses in steps and at once.
	assert.ok(answers > 1200, `${answers} answers compared`);
});

test('the same, with every segment taken as a big one (kept groupings and rule indices patched after an edit)', () => {
	fc.assert(
		fc.property(seedText, fc.array(action, { minLength: 1, maxLength: 30 }), (text, actions) => {
			checkActions(text, actions, 1);
		}),
		{ numRuns: 600 },
	);
});

test('an analysis in steps left for a newer version is finished first, and the newer one reuses it', () => {
	const groups = (count: number) => Array.from({ length: count }, (_, i) => `User-agent: bot${i}\nDisallow: /${i}\n\n`).join('');
	const document = new RobotsDocument(groups(300), 0);
	const session = createDiagnosticsSession();
	const options = optionSets[0];
	const first = document.model;
	assert.equal(session.advance(first, options, uri, 50), undefined, 'a file of 300 segments takes more than one budget of 50 lines');
	// An edit on the last line: the version before is finished, then the new one analysed from it.
	const last = first.lineCount - 1;
	document.update([{ range: { start: { line: last, character: 0 }, end: { line: last, character: 0 } }, text: 'Disallow: /end\n' }], 1);
	const { diagnostics, calls } = inSteps(session, document.model, options, [50]);
	assert.deepStrictEqual(diagnostics, computeDiagnostics(parse(document.text), options, uri));
	// Steps of the analysis before, and the few of this one: not a second analysis from nothing.
	const alone = inSteps(createDiagnosticsSession(), first, options, [50]).calls;
	assert.ok(calls < alone + 10, `${calls} calls after ${alone} for the first version alone`);
	// The version before is not kept: asked again, it is analysed again (and right).
	assert.deepStrictEqual(session.diagnostics(first, options, uri), computeDiagnostics(first, options, uri));
	// Done: the same array as the one-shot call gives, and no step left.
	const again = session.diagnostics(document.model, options, uri);
	assert.equal(session.advance(document.model, options, uri, 1), again);
});
