/**
 * The deployed robots.txt in the editor, at the core: the text shown, when the first-line diagnostic appears, the
 * lenses, Test URL from the response, probe paths and the comparison with a local file. The expected verdicts follow
 * from the rules of the files and the response table of each crawler's source (see test/fixtures/fetch).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDir } from '../util/fixtures';
import {
	analyseDeployed,
	compareWithDeployed,
	defaultAnalysisOptions,
	deployedDiagnostics,
	deployedLenses,
	evaluateFetched,
	parse,
	computeBench,
	testUrlDeployed,
	type FetchOutcome,
} from '../../core/src/index';

const url = 'https://example.com/robots.txt';
const text = 'User-agent: *\nDisallow: /private\n';

function served(status: number, headers: [string, string][], body?: string): FetchOutcome {
	return { url, responses: [{ url, status, headers, ...(body !== undefined ? { body: new TextEncoder().encode(body) } : {}) }] };
}

describe('deployed documents', () => {
	test('a clean text/plain 200 shows its text and needs no diagnostic; a lens still gives the response', () => {
		const analysis = analyseDeployed(served(200, [['Content-Type', 'text/plain']], text), ['Googlebot', 'YandexBot']);
		assert.equal(analysis.text, text);
		assert.deepEqual(deployedDiagnostics(analysis, 13), []);
		const titles = deployedLenses(analysis).map((lens) => lens.command?.title);
		assert.deepEqual(titles, ['Deployed: 200 · 33 bytes', 'kept 24 hours: Googlebot, YandexBot']);
	});

	test('a 404 shows no text, and a warning says every crawler allows everything', () => {
		const analysis = analyseDeployed(served(404, [['Content-Type', 'text/html']], '<html>404</html>'), ['Googlebot', 'bingbot']);
		assert.equal(analysis.text, '');
		const [diagnostic] = deployedDiagnostics(analysis, 0);
		assert.equal(diagnostic.severity, 2);
		assert.match(diagnostic.message, /^Deployed robots\.txt: 404 · 16 bytes\. Googlebot and bingbot allow every URL \(no restrictions\)\.$/);
	});

	test('Test URL on a deployed document: from the rules for a crawler that reads them, from the response otherwise', () => {
		const analysis = analyseDeployed(served(503, [], text), ['Googlebot', 'YandexBot']);
		const model = parse(text);
		const google = testUrlDeployed(model, analysis, { url: '/public', agent: 'Googlebot' }, defaultAnalysisOptions);
		assert.equal(google.verdict, 'disallow', 'Google fetches nothing while robots.txt answers 5xx');
		assert.equal(google.selectLine, null);
		const yandex = testUrlDeployed(model, analysis, { url: '/private', agent: 'YandexBot' }, defaultAnalysisOptions);
		assert.equal(yandex.verdict, 'allow', 'Yandex: anything but 200 OK leaves the site open');
		const ok = analyseDeployed(served(200, [], text), ['Googlebot']);
		assert.equal(testUrlDeployed(model, ok, { url: '/private/a', agent: 'Googlebot' }, defaultAnalysisOptions).line, 1);
	});

	test('the comparison counts the verdicts the test bench marks as changed, on real files (issue 22, item 9)', () => {
		// The toast said "2 verdicts differ (500 URLs tested)" while the bench it opened said "101 cells changed": two
		// counts of different cells. Shown in the bench, the comparison is made on the bench's columns and rows (and the
		// probe rows it adds), so both count the same crawler × URL pairs. Pairs of real files stand for local and
		// deployed; some pairs share most rules, others nothing.
		const dir = join(sharedDir, 'corpus', 'realworld', 'files');
		const files = readdirSync(dir)
			.filter((name) => name.endsWith('.txt'))
			.sort()
			.slice(0, 80);
		const crawlers = [...defaultAnalysisOptions.crawlers, 'GPTBot', 'YandexBot'];
		const urls = ['/', '/search?q=x', '/admin/', '/private/x', 'https://example.com/wp-admin/', 'not a url'];
		let compared = 0;
		let differing = 0;
		for (let i = 0; i + 1 < files.length; i += 2) {
			const localText = readFileSync(join(dir, files[i]), 'latin1');
			const deployedText = readFileSync(join(dir, files[i + 1]), 'latin1');
			const analysis = analyseDeployed(served(200, [['Content-Type', 'text/plain']], deployedText), crawlers);
			const local = parse(localText);
			for (const given of [urls, []]) {
				const comparison = compareWithDeployed(local, analysis, crawlers, given, true);
				const bench = computeBench(local, { urls: given, crawlers, probe: true }, { model: parse(analysis.text), label: 'deployed' });
				assert.equal(comparison.rows.length, bench.baseline?.changed, `${files[i]} against ${files[i + 1]}, ${given.length} URLs given`);
				compared++;
				differing += comparison.rows.length;
			}
		}
		assert.ok(compared >= 40 && differing > 1000, `${compared} comparisons, ${differing} differing verdicts`);
	});

	test("without URLs, the comparison probes both files' rules and says how many crawlers and URLs it tested", () => {
		const local = parse('User-agent: *\nDisallow: /a/*.pdf$\nAllow: /b\n');
		const analysis = analyseDeployed(served(200, [], 'User-agent: *\nDisallow: /c/\n'), ['Googlebot']);
		const comparison = compareWithDeployed(local, analysis, ['Googlebot']);
		assert.deepEqual(comparison.urls, ['/', '/c/', '/a/.pdf', '/a/x.pdf', '/a/.pdfx', '/b']);
		assert.deepEqual(
			comparison.rows.map((row) => [row.url, row.local, row.deployed]),
			[
				['/c/', 'allow', 'disallow'],
				['/a/.pdf', 'disallow', 'allow'],
				['/a/x.pdf', 'disallow', 'allow'],
			],
		);
		assert.equal(
			comparison.summary,
			'3 verdicts differ between the local file and https://example.com/robots.txt, for Googlebot (crawlers × URLs tested: 1 × 6).',
		);
	});

	test("the comparison lists only the verdicts that differ, with the response's reason for crawlers that do not read the rules", () => {
		const local = parse('User-agent: *\nDisallow: /private\nDisallow: /drafts\n');
		const same = compareWithDeployed(local, analyseDeployed(served(200, [], 'User-agent: *\nDisallow: /drafts\nDisallow: /private\n'), ['Googlebot']), [
			'Googlebot',
		]);
		assert.deepEqual(same.rows, [], 'reordering changes no verdict');
		assert.match(same.summary, /^No verdict differs/);
		const live = analyseDeployed(served(200, [['Content-Type', 'text/html']], text), ['Googlebot', 'YandexBot']);
		const comparison = compareWithDeployed(local, live, ['Googlebot', 'YandexBot'], ['/drafts/x', '/private/x', '/public']);
		assert.deepEqual(
			comparison.rows.map((row) => [row.crawler, row.url, row.local, row.deployed]),
			[
				['Googlebot', '/drafts/x', 'disallow', 'allow'],
				['YandexBot', '/drafts/x', 'disallow', 'allow'],
				['YandexBot', '/private/x', 'disallow', 'allow'],
			],
		);
		assert.match(comparison.rows[1].deployedBecause ?? '', /text\/html, not text\/plain/);
		assert.match(comparison.table, /^Crawler +URL +Local +Deployed$/m);
	});

	test('10 000 URLs that differ for every target crawler: a row each, in one aligned table (issue 21, finding 13)', () => {
		// The reproducer: ~10 000 URLs failed in the table's Math.max(...cells), a call with an argument per row.
		const local = parse('User-agent: *\nDisallow: /\n');
		const live = analyseDeployed(served(200, [['Content-Type', 'text/plain']], 'User-agent: *\nAllow: /\n'), defaultAnalysisOptions.crawlers);
		const urls = Array.from({ length: 10_000 }, (_, i) => `/page/${i}`);
		const comparison = compareWithDeployed(local, live, defaultAnalysisOptions.crawlers, urls);
		// Every URL is disallowed by the local `Disallow: /` and allowed by the deployed `Allow: /`, for every crawler.
		const crawlers = new Set(defaultAnalysisOptions.crawlers.map((token) => token.toLowerCase())).size;
		assert.equal(comparison.rows.length, urls.length * crawlers);
		const lines = comparison.table.split('\n');
		assert.equal(lines.length, comparison.rows.length + 1);
		const urlColumn = lines[0].indexOf('URL');
		assert.ok(
			lines.every((line) => line.charAt(urlColumn - 1) === ' '),
			'the crawler column is padded to one width',
		);
	});

	test('a crawler that would follow more redirects than the fetch did has no verdict', () => {
		const chain: FetchOutcome = {
			url,
			responses: [1, 2, 3, 4, 5, 6].map((i) => ({ url: `${url}?${i}`, status: 301, headers: [['Location', `${url}?${i + 1}`]] as [string, string][] })),
			error: { kind: 'redirect-limit', limit: 5 },
		};
		const analysis = analyseDeployed(chain, ['libwww-perl', 'Googlebot']);
		assert.deepEqual(
			analysis.conclusions.map((conclusion) => evaluateFetched(conclusion, '/x').verdict),
			['unknown', 'allow'],
		);
	});
});
