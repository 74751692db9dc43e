/**
 * The first half of the log report, one line at a time and independent of every other line: who sent a request (the
 * catalogue crawler its User-Agent names, or a browser, an unknown bot, something else) and, for a crawler, how the
 * robots.txt in force at its time decides its URL, as that crawler reads the file (`compileCrawlerDecider`, the model
 * Test URL answers from). The second half, counting in the order of the lines, is `LogAnalysis`'s.
 *
 * A judge counts what does not depend on the order of the lines (per crawler: requests, distinct URLs, first and last
 * time, fetches of /robots.txt: `CrawlerPartial`), and writes the rest as plain data (`JudgedLines`, columns of
 * numbers and strings), which a worker thread can post to the thread that counts: unparsed lines, which are quoted in
 * order, and the requests whose counting depends on the order or on range lists fetched meanwhile (violations, kept in
 * a table of the most frequent, and the check of the address). Judging is most of the work of a line, and lines are
 * independent, so the lines of a big log can be judged on several threads and counted on one, in order, giving the
 * same report as one thread does.
 */

import { crawlerProfile } from '../crawlers/profile';
import { compileCrawlerDecider, isAllowedDecision, type PackedDecision } from '../crawlers/reading';
import { type CrawlerFacts, knownCrawlers } from '../facts/crawlers';
import { isRobotsTxtPath } from '../matching/matcher';
import { urlPath } from '../matching/url';
import type { RobotsModel } from '../syntax/parser';
import { SenderCounter, type SenderCounts } from './agents';
import { isUnparsed, type LogLine, type LogLineProblem, type LogRecord } from './formats';
import { DistinctSketch } from './sketch';

/** One version of the robots.txt, and from when it was in force. */
export interface RobotsVersion {
	readonly model: RobotsModel;
	/** In force from (ms since epoch); null: from the start. */
	readonly since: number | null;
	/** How the report names it (a commit's short hash and date, a file name). */
	readonly label: string;
}

/** The versions oldest first (null `since` first; equal ones in the order given): the order a version's index means. */
function inForceOrder(versions: readonly RobotsVersion[]): RobotsVersion[] {
	return versions
		.map((version, order) => ({ version, order }))
		.sort((a, b) => (a.version.since ?? Number.NEGATIVE_INFINITY) - (b.version.since ?? Number.NEGATIVE_INFINITY) || a.order - b.order)
		.map(({ version }) => version);
}

/** Lines an unparsed sample quotes, per report, and the characters it keeps of each. */
export const sampleCount = 5;
export const sampleChars = 200;

/**
 * A run of judged lines, in their order, as plain data (numbers, strings, arrays): what `LogAnalysis.addJudged` counts.
 * Line numbers are from 1 at the run's first line. Requests from catalogue crawlers are columns, one entry per request
 * the counting thread needs: every one when it checks addresses, else those the file disallows.
 */
export interface JudgedLines {
	/** Lines judged. */
	lines: number;
	/** Lines that recorded a request. */
	requests: number;
	/** Lines that should have been a request and were not (blank lines and W3C directives are neither). */
	unparsed: number;
	/** The first `sampleCount` of them. */
	readonly samples: { readonly line: number; readonly reason: LogLineProblem; readonly text: string }[];
	/** Requests no catalogue crawler sent, by kind. */
	senders: SenderCounts;
	/** Per crawler request: the crawler's index in the catalogue (`knownCrawlers`). */
	readonly crawler: number[];
	/** Its client's address, when the judge keeps them (else null). */
	readonly ip: (string | null)[];
	/** The index of the version in force (in `inForceOrder`). */
	readonly version: number[];
	/** What that version decides for the crawler (a `PackedDecision`). */
	readonly decision: number[];
	/** Its target where the decision disallows, else the empty string: the table of violating paths needs no other. */
	readonly target: string[];
}

/** An empty run. */
function noJudgedLines(): JudgedLines {
	return {
		lines: 0,
		requests: 0,
		unparsed: 0,
		samples: [],
		senders: { browsers: 0, unknownBots: 0, others: 0 },
		crawler: [],
		ip: [],
		version: [],
		decision: [],
		target: [],
	};
}

/** What a judge counts of a crawler's requests, in any order. */
export interface CrawlerPartial {
	requests: number;
	robotsTxtFetches: number;
	firstSeen: number | null;
	lastSeen: number | null;
	readonly urls: DistinctSketch;
}

/** A `CrawlerPartial` as plain data (its sketch serialised), by the crawler's index in the catalogue. */
export interface CrawlerPartialData {
	readonly crawler: number;
	readonly requests: number;
	readonly robotsTxtFetches: number;
	readonly firstSeen: number | null;
	readonly lastSeen: number | null;
	readonly urls: string;
}

/** A crawler's request as judged: who, the version in force and what it decides. */
export interface JudgedRequest {
	readonly crawler: CrawlerFacts;
	readonly version: number;
	readonly decision: PackedDecision;
}

/** The catalogue's crawlers by their index, the number a `JudgedLines` carries (the same bundle on both threads). */
const crawlerIndex = new Map<CrawlerFacts, number>(knownCrawlers.map((crawler, index) => [crawler, index]));

/** The catalogue crawler with this index in `knownCrawlers`. */
export function crawlerAt(index: number): CrawlerFacts {
	return knownCrawlers[index];
}

/**
 * Judges log lines against the robots.txt versions, remembering per sender header who sent it and per crawler and
 * version its compiled reading. Its owner creates one per report (or per thread of one) and drops it after.
 */
export class LogJudge {
	/** The versions, in `inForceOrder`. */
	readonly versions: readonly RobotsVersion[];
	private readonly senders = new SenderCounter();
	private readonly deciders = new Map<CrawlerFacts, ((url: string) => PackedDecision)[]>();
	private readonly partials = new Map<CrawlerFacts, CrawlerPartial>();
	private judged = noJudgedLines();
	private taken: SenderCounts = { browsers: 0, unknownBots: 0, others: 0 };

	/**
	 * A judge of the given versions. `addresses`: the runs it writes carry every crawler request with its address (the
	 * counting thread checks them against range lists); without, only the requests the file disallows.
	 */
	constructor(
		versions: readonly RobotsVersion[],
		private readonly addresses = true,
	) {
		this.versions = inForceOrder(versions);
	}

	/** The catalogue crawler a User-Agent header names, or undefined; counts nothing. */
	claimant(header: string | null): CrawlerFacts | undefined {
		return this.senders.claimant(header);
	}

	/** The requests counted by `sender` that no catalogue crawler sent. */
	senderCounts(): SenderCounts {
		return this.senders.counts();
	}

	/** The index of the version in force at `time`: the latest whose `since` is not after it, else the oldest. */
	versionAt(time: number | null): number {
		if (time === null) {
			return 0;
		}
		let low = 0;
		let high = this.versions.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			const since = this.versions[middle].since;
			if (since === null || since <= time) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}
		return low;
	}

	/**
	 * What a version decides for the crawler's URL: its own decider, or, for a crawler documented not to follow
	 * robots.txt (whose own decider allows everything), the same reading followed, so that what it fetches against the
	 * file shows.
	 */
	decide(crawler: CrawlerFacts, version: number, target: string): PackedDecision {
		let byVersion = this.deciders.get(crawler);
		if (byVersion === undefined) {
			byVersion = [];
			this.deciders.set(crawler, byVersion);
		}
		let decide = byVersion[version];
		if (decide === undefined) {
			const { model } = this.versions[version];
			const profile = crawlerProfile(crawler.token);
			decide = compileCrawlerDecider(model, profile.ignoresRobotsTxt ? { ...profile, ignoresRobotsTxt: false } : profile).decide;
			byVersion[version] = decide;
		}
		return decide(target);
	}

	/**
	 * Judges a request: its sender counted (by kind, or in its crawler's partial), and for a catalogue crawler the
	 * version in force and what it decides; undefined for other senders.
	 */
	request(record: LogRecord): JudgedRequest | undefined {
		const crawler = this.senders.count(record.userAgent);
		if (crawler === undefined) {
			return undefined;
		}
		let partial = this.partials.get(crawler);
		if (partial === undefined) {
			partial = { requests: 0, robotsTxtFetches: 0, firstSeen: null, lastSeen: null, urls: DistinctSketch.empty() };
			this.partials.set(crawler, partial);
		}
		partial.requests++;
		partial.urls.add(record.target);
		const time = record.time;
		if (time !== null) {
			partial.firstSeen = partial.firstSeen === null ? time : Math.min(partial.firstSeen, time);
			partial.lastSeen = partial.lastSeen === null ? time : Math.max(partial.lastSeen, time);
		}
		if (fetchesRobotsTxt(record.target)) {
			partial.robotsTxtFetches++;
		}
		const version = this.versionAt(time);
		return { crawler, version, decision: this.decide(crawler, version, record.target) };
	}

	/** What this judge has counted per crawler, in any order. */
	crawlerPartials(): ReadonlyMap<CrawlerFacts, CrawlerPartial> {
		return this.partials;
	}

	/** The same as plain data, for another thread. */
	crawlerPartialData(): CrawlerPartialData[] {
		return [...this.partials].map(([crawler, partial]) => ({
			crawler: crawlerIndex.get(crawler)!,
			requests: partial.requests,
			robotsTxtFetches: partial.robotsTxtFetches,
			firstSeen: partial.firstSeen,
			lastSeen: partial.lastSeen,
			urls: partial.urls.serialize(),
		}));
	}

	/**
	 * Judges one line (as a `LogReader` read it; `text` the raw line, quoted when unparsed), adding it to the run `take`
	 * hands over. `line` counts from 1 at the run's first line.
	 */
	add(read: LogLine, line: number, text: string): void {
		const judged = this.judged;
		judged.lines++;
		if (isUnparsed(read)) {
			judged.unparsed++;
			if (judged.samples.length < sampleCount) {
				judged.samples.push({ line, reason: read.reason, text: text.slice(0, sampleChars) });
			}
			return;
		}
		if (read.kind !== 'request') {
			return;
		}
		judged.requests++;
		const judgedRequest = this.request(read.record);
		if (judgedRequest === undefined) {
			return;
		}
		const { crawler, version, decision } = judgedRequest;
		const allowed = isAllowedDecision(decision);
		if (allowed && !this.addresses) {
			return;
		}
		judged.crawler.push(crawlerIndex.get(crawler)!);
		judged.ip.push(this.addresses ? read.record.ip : null);
		judged.version.push(version);
		judged.decision.push(decision);
		judged.target.push(allowed ? '' : read.record.target);
	}

	/** A line too long to be read, as the line reader reports it. */
	addTooLong(line: number): void {
		this.add({ kind: 'unparsed', reason: 'too-long' }, line, '');
	}

	/** The lines judged since the last `take`, with the counts of their senders; the judge starts a new run. */
	take(): JudgedLines {
		const judged = this.judged;
		const counts = this.senders.counts();
		judged.senders = {
			browsers: counts.browsers - this.taken.browsers,
			unknownBots: counts.unknownBots - this.taken.unknownBots,
			others: counts.others - this.taken.others,
		};
		this.taken = counts;
		this.judged = noJudgedLines();
		return judged;
	}
}

/** Whether a request target is /robots.txt (with or without a query). */
function fetchesRobotsTxt(target: string): boolean {
	const path = urlPath(target);
	return isRobotsTxtPath(path, 0, path.length);
}
