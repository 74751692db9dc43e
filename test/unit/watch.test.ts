/**
 * The comparison of a site's new robots.txt fetch with its last reading (core/watch): what each crawler concludes from
 * each response and what changed for it, ranked. Expected answers come from the sources: RFC 9309 §2.3.1.3 (a 4xx
 * means the file is unavailable: "the crawler MAY access any resources on the server"), §2.3.1.4 (a 5xx or an
 * unreachable server: "the crawler MUST assume complete disallow"), §2.2.2 (the longest match wins), and Google's
 * robots.txt specification (developers.google.com/search/docs/crawling-indexing/robots/robots_txt: 4xx but 429 as no
 * robots.txt, 5xx and network errors as a full disallow at first); and the longest common subsequence for the lines.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { changedLines, compareReadings, fetchFailed, type FetchOutcome, type WatchChange } from '../../core/src/index';

const url = 'https://example.com/robots.txt';

/** A fetch that got `text` with `status` (text/plain). */
function served(text: string, status = 200, at = url): FetchOutcome {
	return { url, responses: [{ url: at, status, headers: [['content-type', 'text/plain']], body: new TextEncoder().encode(text) }] };
}

const refused: FetchOutcome = { url, responses: [], error: { kind: 'network', code: 'refused', message: 'connect ECONNREFUSED' } };

const live = 'User-agent: *\nDisallow: /private\n';

function changeOf(changes: readonly WatchChange[], crawler: string): WatchChange | undefined {
	return changes.find((change) => change.crawler === crawler);
}

describe('compareReadings', () => {
	test('no last reading: the baseline, no changes', () => {
		const report = compareReadings(undefined, served(live));
		assert.equal(report.baseline, true);
		assert.equal(report.severity, 'none');
		assert.deepEqual(report.changes, []);
		assert.equal(report.textAfter, live);
	});

	test('the same file: nothing changed', () => {
		const report = compareReadings(served(live), served(live));
		assert.equal(report.severity, 'none');
		assert.deepEqual(report.changes, []);
		assert.deepEqual(report.lines, []);
	});

	test('a comment edit: info, and the line that changed', () => {
		const report = compareReadings(served(live), served('# Updated for the launch\n' + live));
		assert.equal(report.severity, 'info');
		assert.deepEqual(
			report.changes.map((change) => [change.kind, change.severity]),
			[['text', 'info']],
		);
		assert.deepEqual(report.lines, [{ op: '+', line: 0, text: '# Updated for the launch' }]);
	});

	test('a staging Disallow: / shipped: critical for the search crawlers, which lose /', () => {
		const report = compareReadings(served(live), served('User-agent: *\nDisallow: /\n'), { crawlers: ['Googlebot', 'bingbot', 'GPTBot'] });
		assert.equal(report.severity, 'critical');
		const google = changeOf(report.changes, 'Googlebot')!;
		assert.equal(google.severity, 'critical');
		assert.equal(google.rootLost, true);
		assert.deepEqual(google.added, [{ line: 1, text: 'Disallow: /' }]);
		assert.equal(changeOf(report.changes, 'bingbot')?.severity, 'critical');
		// GPTBot loses / too, but it is no search crawler: a warning.
		assert.equal(changeOf(report.changes, 'GPTBot')?.severity, 'warning');
		assert.deepEqual(
			report.changes.map((change) => change.severity),
			['critical', 'critical', 'warning'],
			'most severe first',
		);
	});

	test('a crawler gains and loses paths: a warning with the flips', () => {
		const report = compareReadings(served(live), served('User-agent: *\nDisallow: /tmp/\n'), { crawlers: ['Googlebot'] });
		const google = changeOf(report.changes, 'Googlebot')!;
		assert.equal(google.severity, 'warning');
		assert.deepEqual(google.flips.map((flip) => [flip.url, flip.before.verdict, flip.after.verdict]).sort(), [
			['/private', 'disallow', 'allow'],
			['/tmp/', 'allow', 'disallow'],
		]);
		const lost = google.flips.find((flip) => flip.url === '/tmp/')!;
		assert.equal(lost.after.line, 1);
		assert.equal(lost.after.text, 'Disallow: /tmp/');
	});

	test('other rules that flip no verdict are info (RFC 9309 §2.2.2: the longer Disallow still wins over Allow: /)', () => {
		const report = compareReadings(served(live), served('User-agent: *\nAllow: /\nDisallow: /private\n'), { crawlers: ['Googlebot'] });
		assert.equal(changeOf(report.changes, 'Googlebot')?.severity, 'info');
		assert.equal(report.severity, 'info');
	});

	test('URLs the sitemaps list, lost by a search crawler: critical, with how many and an example', () => {
		const report = compareReadings(served(live), served('User-agent: *\nDisallow: /private\nDisallow: /shop/\n'), {
			crawlers: ['Googlebot', 'GPTBot'],
			listedPaths: ['/', '/shop/shoes', '/blog/a'],
		});
		const google = changeOf(report.changes, 'Googlebot')!;
		assert.equal(google.severity, 'critical');
		assert.equal(google.rootLost, false);
		assert.equal(google.listedLost, 1);
		assert.equal(google.listedExamples[0].url, '/shop/shoes');
		assert.equal(changeOf(report.changes, 'GPTBot')?.severity, 'warning');
	});

	test('a 5xx after a file that allowed /: the fetch failed, critical for the search crawlers that disallow everything', () => {
		const report = compareReadings(served(live), served('Down for maintenance', 503), { crawlers: ['Googlebot', 'bingbot', 'YandexBot'] });
		assert.equal(report.failed, true);
		assert.equal(report.severity, 'critical');
		const google = changeOf(report.changes, 'Googlebot')!;
		assert.equal(google.severity, 'critical');
		assert.equal(google.conclusionBefore, 'rules');
		// Google: "5xx … as a full disallow" at first, then tries again: what our model calls retry-later.
		assert.equal(google.conclusionAfter, 'retry-later');
		assert.equal(changeOf(report.changes, 'bingbot')?.conclusionAfter, 'disallow-all');
		// Yandex: any status but 200 leaves the site open, so it gains /private and loses nothing.
		const yandex = changeOf(report.changes, 'YandexBot')!;
		assert.equal(yandex.conclusionAfter, 'allow-all');
		assert.equal(yandex.severity, 'warning');
		assert.equal(yandex.rootLost, false);
	});

	test('an unreachable server is a failed fetch, and as a 5xx for Google (RFC 9309 §2.3.1.4)', () => {
		assert.equal(fetchFailed(refused), true);
		const report = compareReadings(served(live), refused, { crawlers: ['Googlebot'] });
		assert.equal(changeOf(report.changes, 'Googlebot')?.severity, 'critical');
		assert.equal(compareReadings(undefined, refused).failed, true);
	});

	test('a 404 is an answer, not a failure: every URL allowed, so crawlers gain paths (RFC 9309 §2.3.1.3)', () => {
		const gone = served('<html>Not found</html>', 404);
		assert.equal(fetchFailed(gone), false);
		const report = compareReadings(served(live), gone, { crawlers: ['Googlebot'] });
		const google = changeOf(report.changes, 'Googlebot')!;
		assert.equal(google.conclusionAfter, 'allow-all');
		assert.equal(google.severity, 'warning');
		assert.deepEqual(
			google.flips.map((flip) => [flip.url, flip.after.verdict]),
			[['/private', 'allow']],
		);
		assert.equal(report.textAfter, undefined, 'a 404 serves no file');
	});

	test('a file now served from another URL: the redirect is an info change, and the final file is compared', () => {
		const moved: FetchOutcome = {
			url,
			responses: [
				{ url, status: 301, headers: [['location', 'https://www.example.com/robots.txt']] },
				{ url: 'https://www.example.com/robots.txt', status: 200, headers: [['content-type', 'text/plain']], body: new TextEncoder().encode(live) },
			],
		};
		const report = compareReadings(served(live), moved, { crawlers: ['Googlebot'] });
		assert.deepEqual(
			report.changes.map((change) => [change.kind, change.severity]),
			[['redirect', 'info']],
		);
		assert.match(report.changes[0].summary, /https:\/\/www\.example\.com\/robots\.txt/);
		assert.equal(report.finalUrlAfter, 'https://www.example.com/robots.txt');
	});

	test('by default the target crawlers and every crawler either version names are compared', () => {
		const report = compareReadings(served(live), served(live + '\nUser-agent: Bytespider\nDisallow: /\n'));
		assert.ok(report.crawlers.includes('Googlebot'));
		assert.ok(report.crawlers.includes('Bytespider'));
		assert.equal(changeOf(report.changes, 'Bytespider')?.rootLost, true);
		assert.equal(changeOf(report.changes, 'Googlebot'), undefined);
	});
});

describe('changedLines', () => {
	test('the lines only in one version, aligned by the longest common subsequence', () => {
		assert.deepEqual(changedLines('a\nb\nc\n', 'a\nx\nc\n'), [
			{ op: '-', line: 1, text: 'b' },
			{ op: '+', line: 1, text: 'x' },
		]);
		assert.deepEqual(changedLines('a\nb\nc\nd\n', 'b\nc\ne\nd\n'), [
			{ op: '-', line: 0, text: 'a' },
			{ op: '+', line: 2, text: 'e' },
		]);
		assert.deepEqual(changedLines('', 'a\n'), [{ op: '+', line: 0, text: 'a' }]);
		assert.deepEqual(changedLines('a\r\nb\r\n', 'a\nb\n'), [], 'line breaks are not lines');
	});

	test('past the cap, the middle is listed whole: removed, then added', () => {
		assert.deepEqual(changedLines('s\na\nb\ne\n', 's\nb\na\ne\n', 1), [
			{ op: '-', line: 1, text: 'a' },
			{ op: '-', line: 2, text: 'b' },
			{ op: '+', line: 1, text: 'b' },
			{ op: '+', line: 2, text: 'a' },
		]);
	});
});
