/**
 * Runs every case of test/fixtures/match/*.json through `evaluate()`. The expected verdicts come from the sources
 * (RFC 9309, Google's robots_test.cc, the seeds, Yandex's help and library), never from this implementation.
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, isDialect, parse, type Dialect } from '../../core/src/index';
import { fixturesDir, readFixture } from '../util/fixtures';

interface MatchCase {
	agent: string;
	url: string;
	verdict: 'allow' | 'disallow';
	line?: number | null;
	dialects?: string[];
	note?: string;
}

interface MatchSuite {
	name: string;
	source?: string;
	robots: string;
	dialects: string[];
	cases: MatchCase[];
}

const files = readdirSync(join(fixturesDir, 'match'))
	.filter((name) => name.endsWith('.json'))
	.sort();

for (const file of files) {
	const { suites } = JSON.parse(readFixture('match', file)) as { suites: MatchSuite[] };
	describe(`match fixtures: ${file}`, () => {
		for (const suite of suites) {
			test(suite.name, () => {
				const model = parse(suite.robots);
				const failures: string[] = [];
				for (const c of suite.cases) {
					for (const dialect of c.dialects ?? suite.dialects) {
						assert.ok(isDialect(dialect), `unknown dialect ${dialect}`);
						const result = evaluate(model, { agent: c.agent, url: c.url, dialect: dialect as Dialect });
						const line = result.rule ? result.rule.line + 1 : null;
						if (result.verdict !== c.verdict || (c.line !== undefined && line !== c.line)) {
							failures.push(
								`${dialect} ${JSON.stringify(c.agent)} ${JSON.stringify(c.url)}: expected ${c.verdict}`
									+ `${c.line !== undefined ? ` by line ${c.line}` : ''}, got ${result.verdict} by line ${line}`
									+ ` — ${result.explanation}${c.note ? ` [note: ${c.note}]` : ''}`,
							);
						}
					}
				}
				assert.deepEqual(failures, []);
			});
		}
	});
}

test('every match fixture file has cases', () => {
	assert.ok(files.length >= 1);
	for (const file of files) {
		const { suites } = JSON.parse(readFixture('match', file)) as { suites: MatchSuite[] };
		assert.ok(suites.reduce((sum, suite) => sum + suite.cases.length, 0) > 0, file);
	}
});
