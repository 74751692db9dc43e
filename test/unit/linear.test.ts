/**
 * Every feature stays linear in its input: for each pathological shape (long runs of one character inside a value,
 * thousands of groups, one group of thousands of User-agent lines, a long `a*a*…` pattern), the time on 4n
 * characters is compared with the time on n (test/util/linear.ts says how, and why it tolerates a busy machine).
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	computeCodeActions,
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
import { superlinear } from '../util/linear';

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
	{ name: 'many duplicate rules', features: ['diagnostics', 'code actions', 'hover on the value', 'formatting'], build: (n) => 'User-agent: *\n' + 'Disallow: /a\n'.repeat(n / 13), n: 100_000, hoverLine: 1 },
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
	{
		name: 'code actions',
		run: (model) => {
			const diagnostics = computeDiagnostics(model, options, uri);
			const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } };
			return computeCodeActions(range, diagnostics, diagnostics, uri);
		},
	},
	{ name: 'Test URL', run: (model) => testUrl(model, { agent: 'Googlebot', url: '/a' + 'x'.repeat(1000) }, options) },
];

for (const shape of shapes) {
	test(`every feature is linear on ${shape.name}`, () => {
		const small = shape.build(shape.n);
		const large = shape.build(shape.n * 4);
		const failures: string[] = [];
		for (const feature of features.filter((candidate) => shape.features?.includes(candidate.name) ?? true)) {
			const failure = superlinear(feature.name, () => parse(small), () => parse(large), (model) => feature.run(model, shape));
			if (failure !== undefined) {
				failures.push(failure);
			}
		}
		assert.deepEqual(failures, []);
	});
}
