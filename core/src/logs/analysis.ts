/**
 * The log report: each request of an access log attributed to the catalogue crawler its User-Agent names and answered
 * as that crawler reads the robots.txt in force when the request came (`compileCrawlerDecider`, the model Test URL
 * answers from, one decider per version and crawler), with the address checked against the crawler's published ranges.
 * Memory stays flat in the log's size: counts, a distinct-URL sketch and a bounded table of violating paths per
 * crawler. A report is plain JSON, and reports of shards merge: counts add, sketches unite, violating paths add.
 */

import { isAllowedDecision, type PackedDecision, unpackDecision } from '../crawlers/reading';
import type { CrawlerFacts } from '../facts/crawlers';
import { t } from '../l10n';
import { ownCopy } from '../memo';
import { isUnparsed, type LogLine, type LogLineProblem, type LogRecord } from './formats';
import { type CrawlerPartial, type CrawlerPartialData, crawlerAt, type JudgedLines, LogJudge, type RobotsVersion, sampleChars, sampleCount } from './judge';
import type { CrawlerRanges } from './ranges';
import { DistinctSketch } from './sketch';

export type { RobotsVersion } from './judge';

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

const defaultTop = 10;
/** The violating paths a crawler's table tracks, per path shown (Space-Saving needs room beyond the top to be right). */
const tableFactor = 8;

/**
 * The most frequent keys in bounded memory (Metwally, Agrawal, El Abbadi, "Efficient computation of frequent and top-k
 * elements in data streams", 2005: Space-Saving): a table of `capacity` counters; a new key, when the table is full,
 * takes over the smallest counter and its count plus one, so counts are upper bounds and every key more frequent than
 * 1/capacity of the stream is in the table. Ties go to the oldest: the counter taken over is the first smallest in the
 * table's order, and the new key goes last. A key is kept as a copy (`ownCopy`), which the value is made from: a key
 * cut from a line read from a file holds the file's whole 64 KiB chunk alive otherwise.
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

	add(key: string, value: (kept: string) => V): void {
		const known = this.counts.get(key);
		if (known !== undefined) {
			known.count++;
			return;
		}
		if (this.order.length < this.capacity) {
			const kept = ownCopy(key);
			this.keep({ key: kept, count: 1, value: value(kept) });
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
		const kept = ownCopy(key);
		this.keep({ key: kept, count: least + 1, value: value(kept) });
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

/** What the counting thread counts of a crawler's requests, in their order (the rest is in `CrawlerPartial`s). */
interface CrawlerTally {
	readonly crawler: CrawlerFacts;
	violations: number;
	verifiedViolations: number;
	impostorViolations: number;
	ignored: number;
	verified: number;
	unverified: number;
	readonly top: SpaceSaving<ViolationSite>;
}

function isoTime(time: number | null): string | null {
	return time === null ? null : new Date(time).toISOString();
}

/**
 * The log report, a line at a time: each line judged (a `LogJudge`) and counted in order. Lines judged elsewhere (on
 * other threads) are counted with `addJudged`, in their order, which gives the report counting them here would. Its
 * owner creates one per report (the logs of one run) and drops it after.
 */
export class LogAnalysis {
	/** The versions, in `inForceOrder`. */
	private readonly versions: readonly RobotsVersion[];
	private readonly ranges: CrawlerRanges | undefined;
	private readonly top: number;
	private readonly judge: LogJudge;
	private readonly tallies = new Map<CrawlerFacts, CrawlerTally>();
	/** What judges on other threads counted per crawler (`addPartials`). */
	private readonly partials = new Map<CrawlerFacts, CrawlerPartial>();
	private lines = 0;
	private requests = 0;
	private unparsed = 0;
	/** Senders counted by `addJudged` (those of `add` the judge counts). */
	private browsers = 0;
	private unknownBots = 0;
	private others = 0;
	private readonly samples: UnparsedSample[] = [];

	/** An analysis against the given robots.txt versions and range lists, with nothing counted yet. */
	constructor(options: LogAnalysisOptions) {
		this.judge = new LogJudge(options.versions);
		this.versions = this.judge.versions;
		this.ranges = options.ranges;
		this.top = Math.max(0, Math.floor(options.top ?? defaultTop));
	}

	/** The lines counted so far that recorded a request, and those that did not parse. */
	counted(): { readonly requests: number; readonly unparsed: number } {
		return { requests: this.requests, unparsed: this.unparsed };
	}

	/** The catalogue crawler a request claims to be (its User-Agent), or undefined; memoised. */
	claimant(record: LogRecord): CrawlerFacts | undefined {
		return this.judge.claimant(record.userAgent);
	}

	/** Counts one line of a log, as a LogReader read it; `text` is the raw line (the first few unparsed are quoted). */
	add(line: LogLine, where: { readonly file: string; readonly line: number; readonly text: string }): void {
		this.lines++;
		if (isUnparsed(line)) {
			this.unparsed++;
			this.sample(where.file, where.line, line.reason, where.text);
			return;
		}
		if (line.kind !== 'request') {
			return;
		}
		this.requests++;
		const { record } = line;
		const judged = this.judge.request(record);
		if (judged !== undefined) {
			this.count(judged.crawler, record.ip, judged.version, judged.decision, isAllowedDecision(judged.decision) ? '' : record.target);
		}
	}

	/**
	 * @internal The command line's threads: not part of the package's API.
	 *
	 * Counts lines judged by a `LogJudge` of the same versions (on any thread), as `add` would have counted them:
	 * `firstLine` is the line number in `file` of the run's first line. What that judge counted per crawler is added
	 * with `addPartials` once it has judged its last run.
	 */
	addJudged(judged: JudgedLines, where: { readonly file: string; readonly firstLine: number }): void {
		this.lines += judged.lines;
		this.requests += judged.requests;
		this.unparsed += judged.unparsed;
		this.browsers += judged.senders.browsers;
		this.unknownBots += judged.senders.unknownBots;
		this.others += judged.senders.others;
		for (const sample of judged.samples) {
			this.sample(where.file, where.firstLine + sample.line - 1, sample.reason, sample.text);
		}
		for (let i = 0; i < judged.crawler.length; i++) {
			this.count(crawlerAt(judged.crawler[i]), judged.ip[i], judged.version[i], judged.decision[i], judged.target[i]);
		}
	}

	/** @internal Adds what a judge on another thread counted per crawler (`LogJudge.crawlerPartialData`). */
	addPartials(data: readonly CrawlerPartialData[]): void {
		for (const entry of data) {
			const urls = DistinctSketch.deserialize(entry.urls);
			if (urls === undefined) {
				continue;
			}
			mergePartial(this.partials, crawlerAt(entry.crawler), { ...entry, urls });
		}
	}

	private sample(file: string, line: number, reason: LogLineProblem, text: string): void {
		if (this.samples.length < sampleCount) {
			this.samples.push({ file, line, reason, text: text.slice(0, sampleChars) });
		}
	}

	/** Counts a crawler's request; `violating` is its target when the decision disallows it, else empty. */
	private count(crawler: CrawlerFacts, ip: string | null, version: number, decision: PackedDecision, violating: string): void {
		const tally = this.tally(crawler);
		const identity = this.ranges?.check(crawler.token, ip) ?? 'unknown';
		if (identity === 'verified') {
			tally.verified++;
		} else if (identity === 'impostor') {
			tally.unverified++;
		}
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
			// For one crawler, the version and the target fix the deciding line: the key is the target, after the version
			// when there are several (a string built for each violation took half of the table's time). The path kept is
			// the kept key, or cut from it.
			const several = this.versions.length > 1;
			tally.top.add(several ? `${version}\n${violating}` : violating, (kept) => ({
				path: several ? kept.slice(kept.length - violating.length) : kept,
				version,
				line: unpackDecision(decision).line,
			}));
		}
	}

	private tally(crawler: CrawlerFacts): CrawlerTally {
		let tally = this.tallies.get(crawler);
		if (tally === undefined) {
			tally = {
				crawler,
				violations: 0,
				verifiedViolations: 0,
				impostorViolations: 0,
				ignored: 0,
				verified: 0,
				unverified: 0,
				top: new SpaceSaving(this.top * tableFactor),
			};
			this.tallies.set(crawler, tally);
		}
		return tally;
	}

	private senderCounts(): { browsers: number; unknownBots: number; others: number } {
		const judged = this.judge.senderCounts();
		return { browsers: judged.browsers + this.browsers, unknownBots: judged.unknownBots + this.unknownBots, others: judged.others + this.others };
	}

	/** The report of the lines counted so far (the analysis may go on counting). */
	report(): LogReport {
		const several = this.versions.length > 1;
		// Every crawler that sent a request has a partial, here or from another thread; what was counted in order is
		// added to it (a crawler whose requests were all allowed, on another thread, has no tally here).
		const partials = new Map<CrawlerFacts, CrawlerPartial>();
		for (const source of [this.judge.crawlerPartials(), this.partials]) {
			for (const [crawler, partial] of source) {
				mergePartial(partials, crawler, partial);
			}
		}
		const crawlers = [...partials].map(([crawler, partial]): LogCrawlerReport => {
			const tally = this.tally(crawler);
			const violations = tally.top.entries().map(({ count, value }): LogViolation => {
				const { model, label } = this.versions[value.version];
				const rule = value.line < model.lineCount ? model.lineText(value.line).trim() : '';
				const site = { path: value.path, count, line: value.line + 1, rule };
				return several ? { ...site, version: label } : site;
			});
			return {
				token: crawler.token,
				requests: partial.requests,
				urls: Math.min(partial.urls.estimate(), partial.requests),
				urlsSketch: partial.urls.serialize(),
				violations: tally.violations,
				verifiedViolations: tally.verifiedViolations,
				impostorViolations: tally.impostorViolations,
				ignored: tally.ignored,
				verified: tally.verified,
				unverified: tally.unverified,
				robotsTxtFetches: partial.robotsTxtFetches,
				firstSeen: isoTime(partial.firstSeen),
				lastSeen: isoTime(partial.lastSeen),
				topViolations: topOf(violations, this.top),
			};
		});
		return {
			lines: this.lines,
			requests: this.requests,
			unparsed: this.unparsed,
			unparsedSamples: [...this.samples],
			...this.senderCounts(),
			versions: this.versions.map(({ label, since }) => ({ label, since: isoTime(since) })),
			top: this.top,
			crawlers: sortCrawlers(crawlers),
		};
	}
}

/** Adds `partial` to the one `into` keeps for `crawler` (a copy, so that `partial` is left as it is). */
function mergePartial(into: Map<CrawlerFacts, CrawlerPartial>, crawler: CrawlerFacts, partial: CrawlerPartial): void {
	const known = into.get(crawler);
	if (known === undefined) {
		const urls = DistinctSketch.empty();
		urls.merge(partial.urls);
		into.set(crawler, { ...partial, urls });
		return;
	}
	known.requests += partial.requests;
	known.robotsTxtFetches += partial.robotsTxtFetches;
	known.firstSeen = known.firstSeen === null ? partial.firstSeen : partial.firstSeen === null ? known.firstSeen : Math.min(known.firstSeen, partial.firstSeen);
	known.lastSeen = known.lastSeen === null ? partial.lastSeen : partial.lastSeen === null ? known.lastSeen : Math.max(known.lastSeen, partial.lastSeen);
	known.urls.merge(partial.urls);
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
