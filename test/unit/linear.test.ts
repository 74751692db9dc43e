/**
 * Every feature stays linear in its input: for each pathological shape (long runs of one character inside a value,
 * thousands of groups, one group of thousands of User-agent lines, a long `a*a*…` pattern), the time on 4n
 * characters is compared with the time on n. Linear work gives 4x to 7x (collections grow with the heap); quadratic
 * work 16x or more. The check allows
 * 10x (best of three runs each, after a warm-up, and a ratio must stay that high in three attempts), so a busy
 * machine does not fail it while a quadratic regression does.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
	computeCodeLenses,
	computeCompletions,
	computeDiagnostics,
	computeDocumentHighlights,
	computeDocumentLinks,
	computeDocumentSymbols,
	computeFoldingRanges,
	computeHover,
	defaultAnalysisOptions,
	formatDocument,
	parse,
	testUrl,
	type RobotsModel,
} from '../../server/src/core/index';

interface Shape {
	readonly name: string;
	/** The features that read what this shape makes large; undefined: all of them. */
	readonly features?: readonly string[];
	/** The text for size `n`, and a line worth hovering. */
	readonly build: (n: number) => string;
	readonly n: number;
	readonly hoverLine: number;
}

const shapes: readonly Shape[] = [
	...[['`*`', '*'], ['spaces', ' '], ['tabs', '\t'], ['no-break spaces', '\u00a0']].map(([name, character]): Shape => ({
		name: `a run of ${name} in a value`,
		features: ['parse', 'diagnostics', 'hover on the value', 'formatting', 'completion', 'Test URL'],
		build: (n) => `User-agent: *\nDisallow: /\nDisallow: /a${character.repeat(n)}x\n`,
		n: 25_000,
		hoverLine: 2,
	})),
	{ name: 'many groups', build: (n) => 'User-agent: *\nDisallow: /x\n\n'.repeat(n / 28), n: 200_000, hoverLine: 0 },
	{ name: 'one group of many User-agent lines', build: (n) => Array.from({ length: n / 20 }, (_, i) => `User-agent: bot${i}\n`).join('') + 'Disallow: /\n', n: 100_000, hoverLine: 0 },
	{ name: 'a long a*a*… pattern', features: ['parse', 'diagnostics', 'hover on the value', 'formatting', 'Test URL'], build: (n) => `User-agent: *\nDisallow: /${'a*'.repeat(n / 2)}\n`, n: 20_000, hoverLine: 1 },
];

const uri = 'file:///site/robots.txt';
const options = defaultAnalysisOptions;

const features: readonly { name: string; run: (model: RobotsModel, shape: Shape) => unknown }[] = [
	{ name: 'parse', run: (model) => parse(model.text) },
	{ name: 'diagnostics', run: (model) => computeDiagnostics(parse(model.text), options, uri) },
	{ name: 'hover on the key', run: (model, shape) => computeHover(model, { line: shape.hoverLine, character: 1 }, options) },
	{ name: 'hover on the value', run: (model, shape) => computeHover(model, { line: shape.hoverLine, character: model.lines[shape.hoverLine].valueStart + 1 }, options) },
	{ name: 'code lenses', run: (model) => computeCodeLenses(model, options, uri) },
	{ name: 'symbols', run: (model) => computeDocumentSymbols(model) },
	{ name: 'folding', run: (model) => computeFoldingRanges(model) },
	{ name: 'formatting', run: (model) => formatDocument(model) },
	{ name: 'highlights', run: (model, shape) => computeDocumentHighlights(model, { line: shape.hoverLine, character: 2 }, options) },
	{ name: 'links', run: (model) => computeDocumentLinks(model) },
	{ name: 'completion', run: (model) => computeCompletions(model, { line: model.lineCount - 1, character: 0 }, options) },
	{ name: 'Test URL', run: (model) => testUrl(model, { agent: 'Googlebot', url: '/a' + 'x'.repeat(1000) }, options) },
];

// A collection before each timing, so that a pause left over from the previous run is not counted in this one.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The best of three timings of `run` on a fresh model each time (no memo survives between runs), after a warm-up. */
function time(text: string, shape: Shape, run: (model: RobotsModel, shape: Shape) => unknown): number {
	run(parse(text), shape);
	let best = Infinity;
	for (let i = 0; i < 3; i++) {
		const model = parse(text);
		collect();
		const start = performance.now();
		run(model, shape);
		best = Math.min(best, performance.now() - start);
	}
	return best;
}

for (const shape of shapes) {
	test(`every feature is linear on ${shape.name}`, () => {
		const small = shape.build(shape.n);
		const large = shape.build(shape.n * 4);
		const failures: string[] = [];
		for (const feature of features.filter((candidate) => shape.features?.includes(candidate.name) ?? true)) {
			// A ratio can be spoilt by another process or a collection; only one that stays high three times counts.
			let verdict = '';
			for (let attempt = 0; attempt < 3; attempt++) {
				const t1 = time(small, shape, feature.run);
				const t4 = time(large, shape, feature.run);
				// Below 50 ms the ratio is noise (collection pauses, compilation); such a feature is fast enough anyway.
				if (!(t4 > 50 && t4 / Math.max(t1, 0.5) > 10)) {
					verdict = '';
					break;
				}
				verdict = `${feature.name}: ${t1.toFixed(1)} ms on n, ${t4.toFixed(1)} ms on 4n (${(t4 / t1).toFixed(1)}x)`;
			}
			if (verdict !== '') {
				failures.push(verdict);
			}
		}
		assert.deepEqual(failures, []);
	});
}
