/**
 * The log report: each request of an access log attributed to the catalogue crawler its User-Agent names and answered
 * as that crawler reads the robots.txt in force when the request came (`compileCrawlerDecider`, the model Test URL
 * answers from, one decider per version and crawler), with the address checked against the crawler's published ranges.
 * Memory stays flat in the log's size: counts, a distinct-URL sketch and a bounded table of violating paths per
 * crawler. A report is plain JSON, and reports of shards merge: counts add, sketches unite, violating paths add.
 */

import { crawlerProfile } from '../crawlers/profile';
import { compileCrawlerDecider, isAllowedDecision, type PackedDecision, unpackDecision } from '../crawlers/reading';
import type { CrawlerFacts } from '../facts/crawlers';
import { t } from '../l10n';
import { isRobotsTxtPath } from '../matching/matcher';
import { ownCopy } from '../memo';
import { urlPath } from '../matching/url';
import type { RobotsModel } from '../syntax/parser';
import { SenderCounter } from './agents';
import { isUnparsed, type LogLine, type LogLineProblem, type LogRecord } from './formats';
import type { CrawlerRanges } from './ranges';
import { DistinctSketch } from './sketch';

/** One version of the robots.txt, and from when it was in force. */
export interface RobotsVersion {
	readonly model: RobotsModel;
	/** In force from (ms since epoch); null: from the start. */
	readonly since: number | null;
	/** How the report names it (a commit's short hash and date, a file name). */
	readonly label: string;
}

/** What a `LogAnalysis` judges the requests against. */
export interface LogAnalysisOptions {
	/** The robots.txt versions, at least one, in any order. */
	readonly versions: readonly RobotsVersion[];
	/** The published ranges known per crawler; without them no request is verified or an impostor. */
	readonly ranges?: CrawlerRanges;
	/** Top violating paths kept per crawler (default 10). */
	readonly top?: number;
}

/** A path a crawler fetched although its reading of the file disallows it. */
export interface LogViolation {
	/** The request target as logged (path and query, or an absolute URL). */
	readonly path: string;
	/** How many times (an upper bound once more distinct paths were seen than the table holds). */
	readonly count: number;
	/** The deciding line, 1-based. */
	readonly line: number;
	/** The deciding line's text. */
	readonly rule: string;
	/** The label of the version that decided, when the report has several. */
	readonly version?: string;
}

/** What one catalogue crawler did, as its requests claim it. */
export interface LogCrawlerReport {
	readonly token: string;
	readonly requests: number;
	/** Distinct URLs requested: exact up to 1 000, then estimated from `urlsSketch` (a standard error of about 1.6 %). */
	readonly urls: number;
	/** The distinct-URL sketch, base64, for merging. */
	readonly urlsSketch: string;
	/** Requests its reading of the file disallows, impostors' aside. */
	readonly violations: number;
	/** Of the violations, those from addresses inside the crawler's published ranges. */
	readonly verifiedViolations: number;
	/** Requests the file disallows from impostors (counted apart: an impostor is not the crawler). */
	readonly impostorViolations: number;
	/** Requests the file disallows from a crawler documented not to follow robots.txt (not violations). */
	readonly ignored: number;
	/** Requests from addresses inside the crawler's published ranges. */
	readonly verified: number;
	/** Requests from addresses outside them: impostors. */
	readonly unverified: number;
	/** Requests for /robots.txt. */
	readonly robotsTxtFetches: number;
	/** The first and last request's time (ISO 8601), or null when no request had a time. */
	readonly firstSeen: string | null;
	readonly lastSeen: string | null;
	/** The most requested violating paths, most first. */
	readonly topViolations: readonly LogViolation[];
}

/** A line that gave no request, quoted. */
export interface UnparsedSample {
	readonly file: string;
	/** 1-based. */
	readonly line: number;
	readonly reason: LogLineProblem;
	/** The line, cut to 200 characters. */
	readonly text: string;
}

/** The report of one or more logs: plain JSON data. */
export interface LogReport {
	/** Lines read. */
	readonly lines: number;
	/** Lines that recorded a request. */
	readonly requests: number;
	/** Lines that were not empty, not a directive and gave no request. */
	readonly unparsed: number;
	/** The first unparsed lines. */
	readonly unparsedSamples: readonly UnparsedSample[];
	/** Requests from browsers, from automated clients the catalogue does not know, and from anything else. */
	readonly browsers: number;
	readonly unknownBots: number;
	readonly others: number;
	/** The robots.txt versions the requests were judged by, oldest first; `since` in ISO 8601 or null. */
	readonly versions: readonly { readonly label: string; readonly since: string | null }[];
	/** How many top violating paths each crawler keeps. */
	readonly top: number;
	/** By requests, most first, then by token. */
	readonly crawlers: readonly LogCrawlerReport[];
}

const sampleCount = 5;
const sampleChars = 200;
const defaultTop = 10;
/** The violating paths a crawler's table tracks, per path shown (Space-Saving needs room beyond the top to be right). */
const tableFactor = 8;

/**
 * The most frequent keys in bounded memory (Metwally, Agrawal, El Abbadi, "Efficient computation of frequent and top-k
 * elements in data streams", 2005: Space-Saving): a table of `capacity` counters; a new key, when the table is full,
 * takes over the smallest counter and its count plus one, so counts are upper bounds and every key more frequent than
 * 1/capacity of the stream is in the table. Ties go to the oldest: the counter taken over is the first smallest in the
 * table's order, and the new key goes last. Keys and values are kept as copies (`ownCopy`): a key built from a line
 * read from a file holds the file's whole 64 KiB chunk alive otherwise.
 *
 * Finding the smallest counter is a scan of the table, which a log of many distinct violating paths does at almost
 * every line. No counter ever goes down, and the one a new key takes gets the smallest count plus one, so the smallest
 * count never goes down either: `floor`, the smallest count last found, is a lower bound of the smallest, and the
 * first counter the scan meets at the floor is the one to take, with the rest of the table unread.
 */
export class SpaceSaving<V> {
	private readonly counts = new Map<string, Counter<V>>();
	/** The counters in the table's order (the order keys came in), read by index: a scan allocates nothing. */
	private readonly order: Counter<V>[] = [];
	private floor = 1;

	constructor(private readonly capacity: number) {}

	add(key: string, value: () => V): void {
		const known = this.counts.get(key);
		if (known !== undefined) {
			known.count++;
			return;
		}
		if (this.order.length < this.capacity) {
			this.keep({ key: ownCopy(key), count: 1, value: value() });
			this.floor = 1;
			return;
		}
		let smallest = -1;
		let least = Number.POSITIVE_INFINITY;
		for (let at = 0; at < this.order.length; at++) {
			const count = this.order[at].count;
			if (count < least) {
				least = count;
				smallest = at;
				if (least === this.floor) {
					break;
				}
			}
		}
		if (smallest < 0) {
			return;
		}
		this.floor = least;
		this.counts.delete(this.order[smallest].key);
		this.order.splice(smallest, 1);
		this.keep({ key: ownCopy(key), count: least + 1, value: value() });
	}

	entries(): { count: number; value: V }[] {
		return this.order.map(({ count, value }) => ({ count, value }));
	}

	private keep(counter: Counter<V>): void {
		this.counts.set(counter.key, counter);
		this.order.push(counter);
	}
}

interface Counter<V> {
	readonly key: string;
	count: number;
	readonly value: V;
}

/** What a crawler's violation is, before it is counted: where the file says so. */
interface ViolationSite {
	readonly path: string;
	readonly version: number;
	readonly line: number;
}

interface CrawlerTally {
	readonly crawler: CrawlerFacts;
	requests: number;
	readonly urls: DistinctSketch;
	violations: number;
	verifiedViolations: number;
	impostorViolations: number;
	ignored: number;
	verified: number;
	unverified: number;
	robotsTxtFetches: number;
	firstSeen: number | null;
	lastSeen: number | null;
	readonly top: SpaceSaving<ViolationSite>;
}

function isoTime(time: number | null): string | null {
	return time === null ? null : new Date(time).toISOString();
}

/** The log report, a line at a time. Its owner creates one per report (the logs of one run) and drops it after. */
export class LogAnalysis {
	/** The versions, oldest first (null `since` first; equal ones in the order given). */
	private readonly versions: readonly RobotsVersion[];
	private readonly ranges: CrawlerRanges | undefined;
	private readonly top: number;
	private readonly senders = new SenderCounter();
	private readonly tallies = new Map<CrawlerFacts, CrawlerTally>();
	private readonly deciders = new Map<CrawlerFacts, ((url: string) => PackedDecision)[]>();
	private lines = 0;
	private requests = 0;
	private unparsed = 0;
	private readonly samples: UnparsedSample[] = [];

	/** An analysis against the given robots.txt versions and range lists, with nothing counted yet. */
	constructor(options: LogAnalysisOptions) {
		this.versions = options.versions
			.map((version, order) => ({ version, order }))
			.sort((a, b) => (a.version.since ?? Number.NEGATIVE_INFINITY) - (b.version.since ?? Number.NEGATIVE_INFINITY) || a.order - b.order)
			.map(({ version }) => version);
		this.ranges = options.ranges;
		this.top = Math.max(0, Math.floor(options.top ?? defaultTop));
	}

	/** The catalogue crawler a request claims to be (its User-Agent), or undefined; memoised. */
	claimant(record: LogRecord): CrawlerFacts | undefined {
		return this.senders.claimant(record.userAgent);
	}

	/** Counts one line of a log, as a LogReader read it; `text` is the raw line (the first few unparsed are quoted). */
	add(line: LogLine, where: { readonly file: string; readonly line: number; readonly text: string }): void {
		this.lines++;
		if (isUnparsed(line)) {
			this.unparsed++;
			if (this.samples.length < sampleCount) {
				this.samples.push({ file: where.file, line: where.line, reason: line.reason, text: where.text.slice(0, sampleChars) });
			}
			return;
		}
		if (line.kind !== 'request') {
			return;
		}
		this.requests++;
		const { record } = line;
		const crawler = this.senders.count(record.userAgent);
		if (crawler !== undefined) {
			this.count(crawler, record);
		}
	}

	private count(crawler: CrawlerFacts, record: LogRecord): void {
		const tally = this.tally(crawler);
		tally.requests++;
		tally.urls.add(record.target);
		if (record.time !== null) {
			tally.firstSeen = tally.firstSeen === null ? record.time : Math.min(tally.firstSeen, record.time);
			tally.lastSeen = tally.lastSeen === null ? record.time : Math.max(tally.lastSeen, record.time);
		}
		const path = urlPath(record.target);
		if (isRobotsTxtPath(path, 0, path.length)) {
			tally.robotsTxtFetches++;
		}
		const identity = this.ranges?.check(crawler.token, record.ip) ?? 'unknown';
		if (identity === 'verified') {
			tally.verified++;
		} else if (identity === 'impostor') {
			tally.unverified++;
		}
		const version = this.versionAt(record.time);
		const decide = this.deciderOf(crawler, version);
		const decision = decide(record.target);
		if (isAllowedDecision(decision)) {
			return;
		}
		// An impostor is not the crawler: what it fetched says nothing of whether the crawler obeys.
		if (identity === 'impostor') {
			tally.impostorViolations++;
			return;
		}
		if (crawler.ignoresRobotsTxt) {
			tally.ignored++;
			return;
		}
		tally.violations++;
		if (identity === 'verified') {
			tally.verifiedViolations++;
		}
		if (this.top > 0) {
			const { line } = unpackDecision(decision);
			tally.top.add(`${version}\n${line}\n${record.target}`, () => ({ path: ownCopy(record.target), version, line }));
		}
	}

	private tally(crawler: CrawlerFacts): CrawlerTally {
		let tally = this.tallies.get(crawler);
		if (tally === undefined) {
			tally = {
				crawler,
				requests: 0,
				urls: DistinctSketch.empty(),
				violations: 0,
				verifiedViolations: 0,
				impostorViolations: 0,
				ignored: 0,
				verified: 0,
				unverified: 0,
				robotsTxtFetches: 0,
				firstSeen: null,
				lastSeen: null,
				top: new SpaceSaving(this.top * tableFactor),
			};
			this.tallies.set(crawler, tally);
		}
		return tally;
	}

	/** The index of the version in force at `time`: the latest whose `since` is not after it, else the oldest. */
	private versionAt(time: number | null): number {
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
	 * What the file decides for the crawler: its own decider, or, for a crawler documented not to follow robots.txt
	 * (whose own decider allows everything), the same reading followed, so that what it fetches against the file shows.
	 */
	private deciderOf(crawler: CrawlerFacts, version: number): (url: string) => PackedDecision {
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
		return decide;
	}

	/** The report of the lines counted so far (the analysis may go on counting). */
	report(): LogReport {
		const several = this.versions.length > 1;
		const crawlers = [...this.tallies.values()].map((tally): LogCrawlerReport => {
			const violations = tally.top.entries().map(({ count, value }): LogViolation => {
				const { model, label } = this.versions[value.version];
				const rule = value.line < model.lineCount ? model.lineText(value.line).trim() : '';
				const site = { path: value.path, count, line: value.line + 1, rule };
				return several ? { ...site, version: label } : site;
			});
			return {
				token: tally.crawler.token,
				requests: tally.requests,
				urls: Math.min(tally.urls.estimate(), tally.requests),
				urlsSketch: tally.urls.serialize(),
				violations: tally.violations,
				verifiedViolations: tally.verifiedViolations,
				impostorViolations: tally.impostorViolations,
				ignored: tally.ignored,
				verified: tally.verified,
				unverified: tally.unverified,
				robotsTxtFetches: tally.robotsTxtFetches,
				firstSeen: isoTime(tally.firstSeen),
				lastSeen: isoTime(tally.lastSeen),
				topViolations: topOf(violations, this.top),
			};
		});
		return {
			lines: this.lines,
			requests: this.requests,
			unparsed: this.unparsed,
			unparsedSamples: [...this.samples],
			...this.senders.counts(),
			versions: this.versions.map(({ label, since }) => ({ label, since: isoTime(since) })),
			top: this.top,
			crawlers: sortCrawlers(crawlers),
		};
	}
}

/** The `top` most counted violations, most first, then by path, line and version. */
function topOf(violations: readonly LogViolation[], top: number): LogViolation[] {
	return [...violations]
		.sort((a, b) => b.count - a.count || compare(a.path, b.path) || a.line - b.line || compare(a.version ?? '', b.version ?? ''))
		.slice(0, top);
}

function sortCrawlers(crawlers: readonly LogCrawlerReport[]): LogCrawlerReport[] {
	return [...crawlers].sort((a, b) => b.requests - a.requests || compare(a.token, b.token));
}

function compare(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Adds up reports of shards of one log (or of several logs): what the report of all their lines at once would say. */
export function mergeLogReports(reports: readonly LogReport[]): LogReport {
	const sum = (field: 'lines' | 'requests' | 'unparsed' | 'browsers' | 'unknownBots' | 'others') => reports.reduce((total, report) => total + report[field], 0);
	const versions = new Map<string, { readonly label: string; readonly since: string | null }>();
	for (const report of reports) {
		for (const version of report.versions) {
			versions.set(`${version.since}\n${version.label}`, version);
		}
	}
	const merged = [...versions.values()].sort((a, b) => (a.since === null ? -1 : b.since === null ? 1 : Date.parse(a.since) - Date.parse(b.since)));
	const several = merged.length > 1;
	const top = reports.reduce((most, report) => Math.max(most, report.top), 0);
	const byToken = new Map<string, CrawlerPart[]>();
	for (const report of reports) {
		for (const crawler of report.crawlers) {
			const list = byToken.get(crawler.token) ?? [];
			list.push({ crawler, report });
			byToken.set(crawler.token, list);
		}
	}
	const crawlers = [...byToken.values()].map((parts) => mergeCrawler(parts, several, top));
	return {
		lines: sum('lines'),
		requests: sum('requests'),
		unparsed: sum('unparsed'),
		unparsedSamples: reports.flatMap((report) => report.unparsedSamples).slice(0, sampleCount),
		browsers: sum('browsers'),
		unknownBots: sum('unknownBots'),
		others: sum('others'),
		versions: merged,
		top,
		crawlers: sortCrawlers(crawlers),
	};
}

type CrawlerCount = 'requests' | 'violations' | 'verifiedViolations' | 'impostorViolations' | 'ignored' | 'verified' | 'unverified' | 'robotsTxtFetches';

const crawlerCounts: readonly CrawlerCount[] = [
	'requests',
	'violations',
	'verifiedViolations',
	'impostorViolations',
	'ignored',
	'verified',
	'unverified',
	'robotsTxtFetches',
];

/** One report's figures for a crawler, with the report they come from (which names its versions). */
interface CrawlerPart {
	readonly crawler: LogCrawlerReport;
	readonly report: LogReport;
}

function mergeCrawler(withReports: readonly CrawlerPart[], several: boolean, top: number): LogCrawlerReport {
	const parts = withReports.map(({ crawler }) => crawler);
	const counts = Object.fromEntries(crawlerCounts.map((field) => [field, parts.reduce((total, part) => total + part[field], 0)])) as Record<
		CrawlerCount,
		number
	>;
	const urls = DistinctSketch.empty();
	for (const part of parts) {
		const sketch = DistinctSketch.deserialize(part.urlsSketch);
		if (sketch !== undefined) {
			urls.merge(sketch);
		}
	}
	const times = (field: 'firstSeen' | 'lastSeen') => parts.flatMap((part) => (part[field] === null ? [] : [Date.parse(part[field])]));
	const firstSeen = times('firstSeen');
	const lastSeen = times('lastSeen');
	const violations = new Map<string, LogViolation>();
	for (const { crawler: part, report } of withReports) {
		// A report of one version names no version on its violations; merged with others, they are that version's.
		const only = report.versions.length === 1 ? report.versions[0].label : undefined;
		for (const violation of part.topViolations) {
			const { version: named, ...site } = violation;
			const version = named ?? only;
			const key = `${version}\n${site.line}\n${site.path}`;
			const known = violations.get(key);
			const count = (known?.count ?? 0) + site.count;
			violations.set(key, several && version !== undefined ? { ...site, count, version } : { ...site, count });
		}
	}
	const token = parts[0].token;
	return {
		token,
		...counts,
		urls: Math.min(urls.estimate(), counts.requests),
		urlsSketch: urls.serialize(),
		firstSeen: firstSeen.length === 0 ? null : new Date(Math.min(...firstSeen)).toISOString(),
		lastSeen: lastSeen.length === 0 ? null : new Date(Math.max(...lastSeen)).toISOString(),
		topViolations: topOf([...violations.values()], top),
	};
}

/** The shape a report is checked against: a field's kind, or a nested shape, or a list of a shape. */
type Shape = 'number' | 'string' | 'string?' | 'string|null' | { readonly [field: string]: Shape } | readonly [Shape];

const sampleShape: Shape = { file: 'string', line: 'number', reason: 'string', text: 'string' };
const violationShape: Shape = { path: 'string', count: 'number', line: 'number', rule: 'string', version: 'string?' };
const crawlerShape: Shape = {
	token: 'string',
	urls: 'number',
	urlsSketch: 'string',
	firstSeen: 'string|null',
	lastSeen: 'string|null',
	...Object.fromEntries(crawlerCounts.map((field) => [field, 'number'])),
	topViolations: [violationShape],
};
const reportShape: Shape = {
	lines: 'number',
	requests: 'number',
	unparsed: 'number',
	unparsedSamples: [sampleShape],
	browsers: 'number',
	unknownBots: 'number',
	others: 'number',
	versions: [{ label: 'string', since: 'string|null' }],
	top: 'number',
	crawlers: [crawlerShape],
};

/** The path of the first field of `value` that does not have its shape, or undefined when all do. */
function misfit(value: unknown, shape: Shape, path: string): string | undefined {
	if (typeof shape === 'string') {
		switch (shape) {
			case 'number':
				return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? undefined : path;
			case 'string':
				return typeof value === 'string' ? undefined : path;
			case 'string?':
				return value === undefined || typeof value === 'string' ? undefined : path;
			case 'string|null':
				return value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value))) ? undefined : path;
		}
	}
	if (Array.isArray(shape)) {
		if (!Array.isArray(value)) {
			return path;
		}
		for (const [index, item] of value.entries()) {
			const wrong = misfit(item, shape[0], `${path}[${index}]`);
			if (wrong !== undefined) {
				return wrong;
			}
		}
		return undefined;
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return path;
	}
	for (const [field, inner] of Object.entries(shape)) {
		const wrong = misfit((value as Record<string, unknown>)[field], inner, path === '' ? field : `${path}.${field}`);
		if (wrong !== undefined) {
			return wrong;
		}
	}
	return undefined;
}

/** Reads a report back from its JSON (for --merge), or says what is wrong with it. */
export function readLogReport(json: unknown): LogReport | { readonly error: string } {
	let wrong = misfit(json, reportShape, '');
	if (wrong === undefined) {
		const report = json as LogReport;
		const sketch = report.crawlers.findIndex((crawler) => DistinctSketch.deserialize(crawler.urlsSketch) === undefined);
		wrong = sketch < 0 ? undefined : `crawlers[${sketch}].urlsSketch`;
		if (wrong === undefined) {
			return report;
		}
	}
	return wrong === ''
		? { error: t('Not a report of robots-txt logs: it is not a JSON object.') }
		: { error: t('Not a report of robots-txt logs: the field {0} is missing or has the wrong type.', wrong) };
}
