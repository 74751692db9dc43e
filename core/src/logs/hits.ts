/**
 * Hits: how often each catalogue crawler fetched each URL in an access log, for the test bench, and what an edit of the
 * robots.txt changes for those fetches. A request counts for the crawler its User-Agent header names (agents.ts);
 * browsers, unknown bots and the rest are counted apart and make no rows. Memory is bounded whatever the log's size:
 * at most `maxUrls` distinct URLs (a quarter more between trims) are kept; a trim drops the least-fetched, and what
 * they held is counted as fetches not kept, so that every figure says what it covers.
 */

import { listNames } from '../crawlers/explain';
import { compileCrawlerDecider, isAllowedDecision } from '../crawlers/reading';
import { formatNumber, t } from '../l10n';
import type { AccessLogImpact, AccessLogRow, AccessLogTable, AccessLogTotals } from '../protocol';
import type { RobotsModel } from '../syntax/parser';
import { SenderCounter } from './agents';
import { isUnparsed, type LogLine } from './formats';

/** The most distinct URLs kept by default: the rows a bench can show many times over, in a few megabytes. */
const defaultMaxHitUrls = 100_000;

/** One URL's hits: its total, and per crawler (by index) how often, as pairs `[crawler, count, crawler, count…]`. */
interface UrlHits {
	total: number;
	readonly pairs: number[];
}

/** The requests of one crawler: all it sent, and those whose URL a trim dropped. */
interface CrawlerTally {
	readonly token: string;
	requests: number;
	notKept: number;
}

/**
 * The hits of one log, line by line: its owner feeds it the lines a `LogReader` gives, asks for the table or an edit's
 * impact, and drops it with the log.
 */
export class LogHits {
	private readonly urls = new Map<string, UrlHits>();
	private readonly crawlers: CrawlerTally[] = [];
	private readonly crawlerIndex = new Map<string, number>();
	private readonly senders = new SenderCounter();
	private lines = 0;
	private requests = 0;
	private unparsed = 0;
	private crawlerRequests = 0;
	private fetchesNotKept = 0;
	private urlsDropped = 0;

	constructor(private readonly maxUrls = defaultMaxHitUrls) {}

	/** One line of the log, as its reader read it. */
	add(line: LogLine): void {
		this.lines++;
		if (isUnparsed(line)) {
			this.unparsed++;
			return;
		}
		if (line.kind !== 'request') {
			return;
		}
		this.requests++;
		const { userAgent, target } = line.record;
		const crawler = this.senders.count(userAgent);
		if (crawler !== undefined) {
			this.count(target, crawler.token);
		}
	}

	private count(url: string, token: string): void {
		this.crawlerRequests++;
		let crawler = this.crawlerIndex.get(token);
		if (crawler === undefined) {
			crawler = this.crawlers.length;
			this.crawlers.push({ token, requests: 0, notKept: 0 });
			this.crawlerIndex.set(token, crawler);
		}
		this.crawlers[crawler].requests++;
		let hits = this.urls.get(url);
		if (hits === undefined) {
			hits = { total: 0, pairs: [] };
			this.urls.set(url, hits);
		}
		hits.total++;
		const { pairs } = hits;
		let at = 0;
		while (at < pairs.length && pairs[at] !== crawler) {
			at += 2;
		}
		if (at < pairs.length) {
			pairs[at + 1]++;
		} else {
			pairs.push(crawler, 1);
		}
		if (this.urls.size > this.maxUrls + (this.maxUrls >> 2)) {
			this.trim();
		}
	}

	/**
	 * Keeps the `maxUrls` most fetched URLs (of equally fetched ones, those seen first) and counts what the others held.
	 * A trim sorts the totals once per quarter of `maxUrls` new URLs, so the cost per request stays constant.
	 */
	private trim(): void {
		const totals = Float64Array.from(this.urls.values(), (hits) => hits.total).sort();
		const threshold = totals[totals.length - this.maxUrls];
		// Of the URLs at the threshold, as many are kept as fit after those above it.
		let roomAtThreshold = this.maxUrls - (totals.length - upperBound(totals, threshold));
		for (const [url, hits] of this.urls) {
			if (hits.total > threshold || (hits.total === threshold && roomAtThreshold-- > 0)) {
				continue;
			}
			this.urls.delete(url);
			this.urlsDropped++;
			this.fetchesNotKept += hits.total;
			for (let at = 0; at < hits.pairs.length; at += 2) {
				this.crawlers[hits.pairs[at]].notKept += hits.pairs[at + 1];
			}
		}
	}

	/** The figures so far. */
	totals(): AccessLogTotals {
		const { lines, requests, unparsed, crawlerRequests, fetchesNotKept, urlsDropped } = this;
		const { browsers, unknownBots, others: other } = this.senders.counts();
		return { lines, requests, unparsed, crawlerRequests, browsers, unknownBots, other, fetchesNotKept, urlsDropped };
	}

	/** The `limit` most fetched URLs (of equal totals, in URL order), with each crawler's hits. */
	table(limit: number): AccessLogTable {
		const order = this.crawlers.map((_, index) => index).sort((a, b) => this.crawlers[b].requests - this.crawlers[a].requests || a - b);
		const column = new Int32Array(this.crawlers.length);
		order.forEach((crawler, at) => {
			column[crawler] = at;
		});
		const top = [...this.urls].sort(([urlA, a], [urlB, b]) => b.total - a.total || (urlA < urlB ? -1 : urlA > urlB ? 1 : 0)).slice(0, Math.max(0, limit));
		const rows = top.map(([url, hits]): AccessLogRow => {
			const counts = new Array<number>(order.length).fill(0);
			for (let at = 0; at < hits.pairs.length; at += 2) {
				counts[column[hits.pairs[at]]] = hits.pairs[at + 1];
			}
			return { url, total: hits.total, counts };
		});
		return {
			crawlers: order.map((index) => ({ ...this.crawlers[index] })),
			rows,
			rowsLeftOut: this.urls.size - rows.length,
			totals: this.totals(),
		};
	}

	/**
	 * What changing the robots.txt from `before` to `after` does to the fetches kept: per crawler seen, the URLs (and
	 * their fetches) it may fetch before and not after (closed), and the reverse (opened), each crawler reading both
	 * versions as Test URL reads them (`compileCrawlerDecider`). Crawlers for which nothing changes are left out.
	 */
	impact(before: RobotsModel, after: RobotsModel): AccessLogImpact[] {
		const deciders = this.crawlers.map(({ token }) => ({ before: compileCrawlerDecider(before, token), after: compileCrawlerDecider(after, token) }));
		const changes = this.crawlers.map(() => ({ closedUrls: 0, closedFetches: 0, openedUrls: 0, openedFetches: 0 }));
		for (const [url, hits] of this.urls) {
			for (let at = 0; at < hits.pairs.length; at += 2) {
				const crawler = hits.pairs[at];
				const was = isAllowedDecision(deciders[crawler].before.decide(url));
				if (was === isAllowedDecision(deciders[crawler].after.decide(url))) {
					continue;
				}
				const change = changes[crawler];
				if (was) {
					change.closedUrls++;
					change.closedFetches += hits.pairs[at + 1];
				} else {
					change.openedUrls++;
					change.openedFetches += hits.pairs[at + 1];
				}
			}
		}
		return this.crawlers
			.map(({ token, requests }, index) => ({ token, requests, ...changes[index] }))
			.filter((change) => change.closedUrls > 0 || change.openedUrls > 0)
			.sort((a, b) => b.closedFetches + b.openedFetches - (a.closedFetches + a.openedFetches) || a.token.localeCompare(b.token));
	}
}

/** The index of the first value above `value` in an ascending array. */
function upperBound(sorted: Float64Array, value: number): number {
	let low = 0;
	let high = sorted.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if (sorted[middle] <= value) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}
	return low;
}

/** How many crawlers the note on a log names with their requests. */
const listedCrawlers = 10;

/**
 * What a log's table covers, in sentences for a note: lines read and not parsed, requests by crawler and by the
 * others, the rows left out past the limit, and the fetches not kept.
 */
export function describeHits(name: string, table: AccessLogTable): string[] {
	const { totals } = table;
	const byCrawler = table.crawlers.map((crawler) => `${crawler.token} ${formatNumber(crawler.requests)}`);
	const notes = [
		t('{0}: {1} {1|one=line|other=lines} read, {2} not parsed.', name, formatNumber(totals.lines), formatNumber(totals.unparsed)),
		t(
			'Requests by crawlers: {0}; by browsers: {1}; by unknown bots: {2}; others: {3}.',
			// The most active first; a log of ninety crawlers names ten and counts the rest.
			byCrawler.length > 0 ? listNames(byCrawler, listedCrawlers) : formatNumber(0),
			formatNumber(totals.browsers),
			formatNumber(totals.unknownBots),
			formatNumber(totals.other),
		),
	];
	if (totals.requests === 0 && totals.unparsed > 0) {
		// Likely not an access log (a robots.txt or a binary picked by mistake), or one of a format the reader cannot tell.
		notes.push(t('None of its lines reads as a request in a format of access log the bench reads: combined, common, W3C extended or JSON lines.'));
	}
	if (table.rowsLeftOut > 0) {
		notes.push(
			t(
				'The rows are the {0} most fetched of the {1} URLs crawlers fetched.',
				formatNumber(table.rows.length),
				formatNumber(table.rows.length + table.rowsLeftOut),
			),
		);
	}
	if (totals.fetchesNotKept > 0) {
		notes.push(
			t('Fetches not kept, to bound memory (the least fetched URLs were dropped; the hit counts leave them out): {0}.', formatNumber(totals.fetchesNotKept)),
		);
	}
	return notes;
}

/** An edit's impact on a log's fetches, a sentence per crawler and direction ("This edit closes 3,412 URLs that…"). */
export function describeImpact(impact: readonly AccessLogImpact[]): string[] {
	if (impact.length === 0) {
		return [t('This edit changes no verdict for the URLs crawlers fetched in this log.')];
	}
	return impact.flatMap((change) => [
		...(change.closedUrls > 0
			? [
					t(
						'This edit closes {0} {0|one=URL|other=URLs} that {1} fetched {2} {2|one=time|other=times} in this log.',
						formatNumber(change.closedUrls),
						change.token,
						formatNumber(change.closedFetches),
					),
				]
			: []),
		...(change.openedUrls > 0
			? [
					t(
						'This edit opens {0} {0|one=URL|other=URLs} that {1} fetched {2} {2|one=time|other=times} in this log.',
						formatNumber(change.openedUrls),
						change.token,
						formatNumber(change.openedFetches),
					),
				]
			: []),
	]);
}
