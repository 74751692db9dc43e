/**
 * Runs every case of test/fixtures/meta/*.json: diagnostics, the per-crawler meaning and the noindex answer of robots
 * meta tags, X-Robots-Tag values and `_headers` files. Expected answers come from the sources each case names.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	computeHeadersDiagnostics,
	computeHtmlDiagnostics,
	effectiveRobots,
	findNoindexInHeadersFile,
	findNoindexInHtml,
	headerRuleSets,
	parseHeadersFile,
	ruleSetsFromHtml,
	scanHtml,
	type EffectiveRobots,
	type RobotsRuleSet,
} from '../../core/src/index';
import { fixturesDir, readFixture } from '../util/fixtures';

interface MetaCase {
	name: string;
	source: string;
	html?: string;
	headers?: string[];
	headersFile?: string;
	path?: string;
	host?: string;
	targets?: string[];
	findings?: { code: string; text?: string }[];
	effective?: Record<string, Record<string, unknown>>;
	noindex?: Record<string, { carriesNoindex?: boolean; indexable?: boolean }>;
}

const files = readdirSync(join(fixturesDir, 'meta'))
	.filter((name) => name.endsWith('.json'))
	.sort();

/** The `_headers` file a list of header values stands for: one rule for every path. */
function headersFileOf(values: readonly string[]): string {
	return `/*\n${values.map((value) => `  X-Robots-Tag: ${value}\n`).join('')}`;
}

function comparable(result: EffectiveRobots, field: string): unknown {
	const value = (result as unknown as Record<string, unknown>)[field];
	if (field === 'unavailableAfter') {
		return result.unavailableAfter ? new Date(result.unavailableAfter.time).toISOString().replace('.000Z', 'Z') : null;
	}
	return value === undefined ? null : value;
}

for (const file of files) {
	const { cases } = JSON.parse(readFixture('meta', file)) as { cases: MetaCase[] };
	describe(`meta fixtures: ${file}`, () => {
		for (const c of cases) {
			test(c.name, () => {
				const inputs = [c.html, c.headers, c.headersFile].filter((input) => input !== undefined);
				assert.equal(inputs.length, 1, 'a case has exactly one of html, headers, headersFile');
				const text = c.html ?? c.headersFile ?? headersFileOf(c.headers ?? []);
				const options = { targets: c.targets ?? [] };
				const diagnostics = c.html !== undefined ? computeHtmlDiagnostics(text, options) : computeHeadersDiagnostics(text, options);
				const failures: string[] = [];
				if (c.findings) {
					const lines = TextDocument.create('', '', 0, text);
					const actual = diagnostics.map((diagnostic) => ({
						code: String(diagnostic.code),
						text: text.slice(lines.offsetAt(diagnostic.range.start), lines.offsetAt(diagnostic.range.end)),
						message: diagnostic.message,
					}));
					const unmatched = [...actual];
					for (const expected of c.findings) {
						const index = unmatched.findIndex(
							(candidate) => candidate.code === expected.code && (expected.text === undefined || candidate.text === expected.text),
						);
						if (index < 0) {
							failures.push(`missing ${expected.code}${expected.text !== undefined ? ` on ${JSON.stringify(expected.text)}` : ''}`);
						} else {
							unmatched.splice(index, 1);
						}
					}
					for (const extra of unmatched) {
						failures.push(`unexpected ${extra.code} on ${JSON.stringify(extra.text)}: ${extra.message}`);
					}
				}
				let sets: RobotsRuleSet[];
				if (c.html !== undefined) {
					sets = ruleSetsFromHtml(scanHtml(text));
				} else {
					sets = headerRuleSets(parseHeadersFile(text), c.path ?? (c.headers ? '/' : undefined), c.host);
				}
				for (const [crawler, expected] of Object.entries(c.effective ?? {})) {
					const result = effectiveRobots(sets, crawler);
					for (const [field, value] of Object.entries(expected)) {
						const actual = comparable(result, field);
						if (JSON.stringify(actual) !== JSON.stringify(value)) {
							failures.push(`${crawler}.${field}: expected ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`);
						}
					}
				}
				for (const [crawler, expected] of Object.entries(c.noindex ?? {})) {
					const answer = c.html !== undefined ? findNoindexInHtml(text, crawler) : findNoindexInHeadersFile(text, c.path ?? '/', crawler, c.host);
					for (const field of ['carriesNoindex', 'indexable'] as const) {
						if (expected[field] !== undefined && answer[field] !== expected[field]) {
							failures.push(`noindex ${crawler}.${field}: expected ${expected[field]}, got ${answer[field]}`);
						}
					}
					for (const occurrence of answer.occurrences) {
						assert.ok(occurrence.range, 'occurrences in a document have ranges');
					}
				}
				assert.deepEqual(failures, [], `${c.name} [${c.source}]`);
			});
		}
	});
}

test('every meta fixture file has cases, each with a source', () => {
	assert.ok(files.length >= 5);
	for (const file of files) {
		const { source, cases } = JSON.parse(readFixture('meta', file)) as { source: string; cases: MetaCase[] };
		assert.ok(source && cases.length > 0, file);
		for (const c of cases) {
			assert.ok(c.source && c.source.length > 10, `${file}: ${c.name} has a source`);
		}
	}
});
