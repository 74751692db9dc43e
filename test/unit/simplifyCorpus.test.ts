/**
 * "Simplify" over every file of the real-world corpus, checked without the semantic diff it proves itself with: for
 * every crawler of the catalogue (and every one the file names), both versions are evaluated with `evaluateAs` on
 * probe URLs built here from every rule path of both files (as written, each `*` as nothing and as a character,
 * without a final `$`, and each with a character and a `/` after it) and on fixed paths; the test fails on
 * any verdict that differs. Crawlers that read the same groups in the same dialect to the same extent in both
 * versions give the same verdicts by construction, so each such reading is evaluated once. The figures (lines
 * removed, groups merged, values trimmed, refusals) are printed for the record.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crawlerProfile, evaluateAs, knownCrawlers, parse, readAs, simplify, type RobotsModel } from '../../core/src/index';
import { crawlersNamedIn } from '../../core/src/crawlers/profile';
import { sharedDir } from '../util/fixtures';

const corpus = join(sharedDir, 'corpus', 'realworld');

const fixedPaths = ['/', '/index.html', '/robots.txt', '/a', '/x/y?z=1', '/%7Euser/', '/~user/', '/search?q=1', '/wp-admin/admin-ajax.php'];

/** Probe paths from every rule value of both files, built without the library's own probes. */
function probes(models: readonly RobotsModel[]): string[] {
	const out = new Set(fixedPaths);
	for (const model of models) {
		for (let line = 0; line < model.lineCount; line++) {
			const node = model.lines[line];
			const directive = node.googleDirective ?? node.directive;
			if (directive !== 'allow' && directive !== 'disallow') {
				continue;
			}
			const value = model.valueText(line);
			const body = value.endsWith('$') ? value.slice(0, -1) : value;
			for (const base of new Set([body, body.replaceAll('*', ''), body.replaceAll('*', 'x')])) {
				const path = base.startsWith('/') ? base : `/${base}`;
				for (const variant of [path, `${path}x`, `${path}/`]) {
					out.add(variant);
				}
			}
		}
	}
	return [...out].map((path) => `https://example.com${path}`);
}

/** What decides a crawler's verdicts in a version: its dialect, the groups it follows, how much it reads. */
function readingKey(model: RobotsModel, token: string): string {
	const reading = readAs(model, token);
	return [
		reading.dialect,
		reading.crawler.ignoresRobotsTxt,
		JSON.stringify(reading.extent),
		reading.selection.groups.map((group) => group.index).join(','),
	].join('|');
}

test('simplifying every corpus file changes no verdict of any crawler (evaluateAs on probes from both versions)', {
	skip: existsSync(corpus) ? false : 'no ../shared/corpus here',
	timeout: 600_000,
}, () => {
	const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as { files: { name: string }[] };
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const totals = { files: 0, changed: 0, linesRemoved: 0, groupsMerged: 0, wildcardsTrimmed: 0, refused: 0, probes: 0, checks: 0 };
	const started = Date.now();
	for (const { name } of manifest.files) {
		const before = parse(decoder.decode(readFileSync(join(corpus, 'files', name))));
		const result = simplify(before);
		totals.files++;
		if (result.refused !== undefined) {
			totals.refused++;
			console.log(`${name}: ${result.refused}`);
		}
		if (result.edits.length === 0) {
			assert.equal(result.text, before.text, name);
			continue;
		}
		totals.changed++;
		totals.linesRemoved += result.linesRemoved;
		totals.groupsMerged += result.groupsMerged;
		totals.wildcardsTrimmed += result.wildcardsTrimmed;
		const after = parse(result.text);
		const urls = probes([before, after]);
		totals.probes += urls.length;
		const tokens = crawlersNamedIn(
			[before, after],
			knownCrawlers.map((crawler) => crawler.token),
		);
		const seen = new Set<string>();
		for (const token of tokens) {
			const profile = crawlerProfile(token);
			const key = `${readingKey(before, token)}\n${readingKey(after, token)}`;
			if (seen.has(key)) {
				continue;
			}
			seen.add(key);
			for (const url of urls) {
				const old = evaluateAs(before, profile, url).verdict;
				const now = evaluateAs(after, profile, url).verdict;
				totals.checks++;
				assert.equal(now, old, `${name}: ${token} ${url}`);
			}
		}
	}
	console.log(`simplify corpus: ${JSON.stringify(totals)} in ${Date.now() - started} ms`);
});
