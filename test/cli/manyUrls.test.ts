/**
 * `robots-txt test --urls` words each decision once and puts each URL into its words (issue 25: the line scan's
 * speed), so an answer must never carry words that belong to another URL that decides alike. Held here where URLs
 * share a line but not their words: Google's `index.htm` rule, which allows its directory too (robots.cc), Content-Usage
 * lines that apply by path (attach §3.1), and a crawler that does not follow robots.txt. Each line of a run of many
 * URLs equals the line of that URL tested alone, and its JSON fields equal the core's answer for that URL.
 */

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateAs, explainEvaluation, parse, preferencesOf } from '../../core/src/index';
import { runCli, workFolder } from './cliProcess';

const work = workFolder('robots-many-urls-');
after(() => rmSync(work, { recursive: true, force: true }));

const text = ['User-agent: *', 'Content-Usage: train-ai=n', 'Content-Usage: /blog/ train-ai=y', 'Disallow: /private', 'Allow: /private/index.html', ''].join(
	'\n',
);
const robots = join(work, 'robots.txt');
writeFileSync(robots, text);

const urls = ['/private/', '/private/index.html', '/private/x', '/blog/a', '/blog/b', '/other', 'https://example.com/blog/c', '/robots.txt'];
const list = join(work, 'urls.txt');
writeFileSync(list, urls.join('\n') + '\n');
const agents = 'Googlebot,GPTBot,FeedFetcher-Google';

describe('test --urls: each URL with its own words', () => {
	for (const format of [[], ['--json']]) {
		test(`a run of many URLs answers each as it is answered alone${format.length > 0 ? ' (--json)' : ''}`, () => {
			const many = runCli(['test', robots, '--agent', agents, '--urls', list, ...format]);
			assert.equal(many.status, 0, many.stderr);
			const alone = urls.flatMap((url) => {
				const one = runCli(['test', robots, '--agent', agents, ...format, '--', url]);
				assert.equal(one.status, 0, one.stderr);
				return one.stdout.trimEnd().split('\n');
			});
			assert.deepEqual(many.stdout.trimEnd().split('\n'), alone);
		});
	}

	test("--json: each URL's rule, explanation and preferences are the core's for that URL", () => {
		const result = runCli(['test', robots, '--agent', agents, '--urls', list, '--json']);
		assert.equal(result.status, 0, result.stderr);
		const model = parse(text);
		const records = result.stdout
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line));
		assert.equal(records.length, urls.length * 3);
		for (const record of records) {
			const evaluation = evaluateAs(model, record.agent, record.url);
			const preferences = preferencesOf(model, evaluation);
			assert.deepEqual(
				{ rule: record.rule, explanation: record.explanation, contentUsage: record.preferences.contentUsage?.line ?? null },
				{ rule: evaluation.rule?.text ?? null, explanation: explainEvaluation(evaluation), contentUsage: preferences.contentUsage?.lineNumber ?? null },
				`${record.agent} ${record.url}`,
			);
		}
		// Google's parser reads `Allow: /private/index.html` as allowing /private/ too: the same line, other words.
		const directory = records.find((record) => record.agent === 'Googlebot' && record.url === '/private/');
		const page = records.find((record) => record.agent === 'Googlebot' && record.url === '/private/index.html');
		assert.equal(directory.line, page.line);
		assert.notEqual(directory.explanation, page.explanation);
	});
});
