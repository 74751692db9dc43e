/**
 * The real-world corpus (../shared/corpus/realworld: 944 files as sites served them, HTML and binary bodies,
 * 3.7 MB of rules): every file parses losslessly, groups in every dialect and answers URLs without throwing.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allDialects, evaluate, parse, print } from '../../core/src/index';
import { sharedDir } from '../util/fixtures';
import { measureNoise } from '../util/noise';

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');
const available = existsSync(corpusDir);

test('the corpus is present in CI', { skip: !available && !process.env.CI ? 'no ../shared/corpus here' : false }, () => {
	assert.ok(available, `${corpusDir} is missing`);
});

test('every corpus file parses losslessly and answers in every dialect', { skip: !available ? 'no ../shared/corpus here' : false }, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	assert.ok(names.length >= 900, `only ${names.length} files`);
	let evaluations = 0;
	for (const name of names) {
		const text = decoder.decode(readFileSync(join(corpusDir, name)));
		const model = parse(text);
		assert.equal(print(model), text, name);
		for (const dialect of allDialects) {
			const grouping = model.grouping(dialect);
			// A few URLs per file, built from its own rules so that matches happen.
			const urls = ['/', '/robots.txt', 'https://example.com/some/page.html?q=1'];
			for (const group of grouping.groups.slice(0, 3)) {
				for (const line of group.rules.slice(0, 3)) {
					urls.push(model.valueText(line).replace(/\*/g, 'x').replace(/\$$/, ''));
				}
			}
			for (const url of urls) {
				const result = evaluate(model, { agent: 'Googlebot', url, dialect });
				if (result.rule) {
					assert.ok(result.rule.line >= 0 && result.rule.line < model.lineCount);
					// RFC 9309 §2.2.2 (and every dialect of semantics.md): the matching rule decides, by its kind.
					assert.equal(result.verdict, result.rule.kind, `${name} ${dialect} ${url}`);
				} else {
					// No matching rule, or no group for the crawler: "the URI is allowed" (RFC 9309 §2.2.2; the 1994 and
					// 1996 texts: a robot not named may access everything).
					assert.equal(result.verdict, 'allow', `${name} ${dialect} ${url}`);
				}
				evaluations++;
			}
			// "The /robots.txt URI is implicitly allowed" (RFC 9309 §2.2.2); so in the 1996 draft (semantics.md's table).
			if (dialect === 'rfc9309' || dialect === 'draft1996') {
				assert.equal(evaluate(model, { agent: 'Googlebot', url: '/robots.txt', dialect }).verdict, 'allow', `${name} ${dialect}`);
			}
		}
	}
	assert.ok(evaluations > names.length * allDialects.length);
});

test('the default crawlers lose no warning or error that concerns them (noise before and after)', {
	skip: !available ? 'no ../shared/corpus here' : false,
}, () => {
	const report = measureNoise();
	assert.ok(report.before.files >= 900, `only ${report.before.files} files measured`);
	assert.deepEqual(report.lost, [], 'warnings or errors that concern a default crawler went missing');
	// The crawler model answers for fewer parsers by default: less noise, never more.
	assert.ok(report.after.bySeverity[3] <= report.before.bySeverity[3], `information: ${report.before.bySeverity[3]} -> ${report.after.bySeverity[3]}`);
	assert.ok(report.after.filesWithProblems <= report.before.filesWithProblems);
});
