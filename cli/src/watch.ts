/**
 * `robots-txt watch <sites>… --state <dir>`: the deployed files over time. Each site's robots.txt is fetched as
 * `robots-txt fetch` fetches it, compared with the last reading kept in the state folder (one JSON file per origin,
 * written whole: a temporary file, then a rename), and the changes reported most severe first; the core compares
 * (core/watch/), this module does the IO: fetches, the state, the sitemaps, the expectations file.
 */

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
	checkExpectations,
	compareReadings,
	conclusionLabel,
	describeConclusion,
	describeResponse,
	failureMessage,
	listNames,
	listedPaths,
	outcomeFromWire,
	outcomeToWire,
	parse,
	parseExpectations,
	responseHeadline,
	robotsTarget,
	summariseConclusions,
	uncheckedExpectations,
	verdictWord,
	type CheckedExpectations,
	type ExpectationsFile,
	type FetchOutcome,
	type ReadUrlSet,
	type WatchChange,
	type WatchReport,
	type WatchSide,
} from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';
import { fileLimits } from '../../io/src/fileSystem';
import { readFound, readUrlSets } from '../../io/src/sitemaps';
import { crawlerTokens, type OptionTable, parseTimeout, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { side } from './diff';
import { describeError, readOwnFile } from './io';
import { fetchFound } from './lintSitemaps';
import { hostList, hostListOptions, hostListValues, pooled, type HostListValues } from './hosts';
import { fetchSite, type FetchSettings } from './source';
import { escapeLines } from './terminal';
import { writeWhole } from '../../io/src/writeWhole';

interface WatchOptions {
	readonly sites: readonly string[];
	/** `--variants` and `--hosts`, when given: the sites are then expanded into the host list before the watch. */
	readonly hostList?: HostListValues;
	readonly state: string;
	readonly expectations?: string;
	readonly crawlers?: readonly string[];
	readonly format: 'text' | 'json';
	readonly timeoutMs?: number;
}

/** The options of `robots-txt watch`, in the order its help lists them. */
const watchOptions = {
	state: { value: '<dir>', help: () => t('the folder that keeps the last reading of each site, one JSON file per origin (created if missing); required') },
	expectations: { value: '<file>', help: () => t('an expectations file run against each live file; a failed expectation makes the exit status 1') },
	crawler: {
		value: '<tokens>',
		multiple: true,
		aliases: ['crawlers', 'agent'],
		help: () => t('crawlers to compare, comma-separated (default: the major search engines and AI crawlers, and every agent either file names)'),
	},
	format: { value: '<name>', help: () => t('text (the changes, then the lines that changed) or json (one object: {"sites": [...]})') },
	json: { help: () => t('one JSON object') },
	timeout: { value: '<s>', help: () => t('seconds for the whole fetch, however slowly the bytes come (default 10)') },
	...hostListOptions,
} satisfies OptionTable;

/** Sites fetched at once. */
const concurrency = 4;

function parseWatchArguments(args: readonly string[]): WatchOptions {
	const { values, positionals } = readArguments(args, watchOptions);
	const format = values.json === true ? 'json' : readFormat(values.format, ['text', 'json']);
	if (positionals.length === 0 && values.hosts === undefined) {
		throw new UsageError(t('missing <site>, e.g. robots-txt watch https://example.com --state .robots-watch'));
	}
	if (values.state === undefined) {
		throw new UsageError(t('watch needs --state <dir>, the folder that keeps the last readings'));
	}
	const crawlers = crawlerTokens(values.crawler, '--crawler');
	const hosts = hostListValues(values);
	return {
		sites: positionals,
		...(hosts !== undefined ? { hostList: hosts } : {}),
		state: values.state,
		format,
		...(values.expectations !== undefined ? { expectations: values.expectations } : {}),
		...(crawlers !== undefined ? { crawlers } : {}),
		...(values.timeout !== undefined ? { timeoutMs: parseTimeout(values.timeout) } : {}),
	};
}

/** What the state folder keeps per site: the last fetch that got a file, with its bodies. */
interface StoredReading {
	readonly version: 1;
	readonly robotsUrl: string;
	readonly fetchedAt: string;
	readonly outcome: unknown;
}

/**
 * The state file of an origin: its scheme, host and port, each character that is not a letter, a digit, `.` or `-`
 * written as `_` and its code in hex, so that two origins never share a file and no name climbs out of the folder.
 */
function stateFileName(origin: string): string {
	const url = new URL(origin);
	const safe = (text: string) => text.replace(/[^a-z0-9.-]/gi, (char) => `_${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
	const port = url.port || (url.protocol === 'https:' ? '443' : '80');
	return `${url.protocol.slice(0, -1)}--${safe(url.hostname)}--${port}.json`;
}

function readState(path: string): FetchOutcome | undefined {
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return undefined;
		}
		throw new UsageError(t('cannot read {0}: {1}', path, describeError(error)));
	}
	let stored: Partial<StoredReading>;
	try {
		stored = JSON.parse(text) as Partial<StoredReading>;
	} catch (error) {
		throw new UsageError(t('{0}: not a reading kept by robots-txt watch ({1})', path, describeError(error)));
	}
	const outcome = outcomeFromWire(stored?.outcome);
	if ('error' in outcome && !('responses' in outcome)) {
		throw new UsageError(t('{0}: not a reading kept by robots-txt watch ({1})', path, outcome.error));
	}
	return outcome as FetchOutcome;
}

/** Writes the reading whole (`writeWhole`): a run reading it meanwhile never sees half a file. */
function writeState(path: string, robotsUrl: string, outcome: FetchOutcome): void {
	const stored: StoredReading = { version: 1, robotsUrl, fetchedAt: new Date().toISOString(), outcome: outcomeToWire(outcome) };
	writeWhole(path, JSON.stringify(stored) + '\n');
}

/** One site watched. */
interface SiteResult {
	readonly origin: string;
	readonly robotsUrl: string;
	readonly outcome: FetchOutcome;
	readonly report: WatchReport;
	readonly sitemaps?: { readonly read: number; readonly urls: number; readonly leftOut: number; readonly cut: number };
	readonly expectations?: CheckedExpectations;
}

/**
 * The URLs the sitemaps of both versions list on the origin, read as `robots-txt lint <URL>` reads them (each sitemap
 * fetched once, within sitemaps.org's caps), for a comparison that asks about them.
 */
async function readListed(report: WatchReport, origin: string, settings: FetchSettings): Promise<NonNullable<SiteResult['sitemaps']> & { paths: string[] }> {
	const find = fetchFound(settings);
	const fetched = new Map<string, Promise<ReadUrlSet>>();
	const read = (url: string) => {
		let found = fetched.get(url);
		if (found === undefined) {
			found = find(url).then((bytes) => readFound(bytes));
			fetched.set(url, found);
		}
		return found;
	};
	const paths = new Set<string>();
	let sitemaps = 0;
	let leftOut = 0;
	let cut = 0;
	for (const text of new Set([report.textBefore, report.textAfter])) {
		if (text === undefined) {
			continue;
		}
		const model = parse(text);
		const listed = listedPaths(model, await readUrlSets(model, read), origin);
		for (const path of listed.paths) {
			paths.add(path);
		}
		sitemaps = Math.max(sitemaps, listed.sitemaps);
		leftOut = Math.max(leftOut, listed.leftOut);
		cut = Math.max(cut, listed.cut);
	}
	return { paths: [...paths], read: sitemaps, urls: paths.size, leftOut, cut };
}

async function watchSite(site: string, options: WatchOptions, expectations: ExpectationsFile | undefined, settings: FetchSettings): Promise<SiteResult> {
	const { robotsUrl, origin, outcome } = await fetchSite(site, settings);
	const path = join(options.state, stateFileName(origin));
	const previous = readState(path);
	const compare = (listed?: readonly string[]) =>
		compareReadings(previous, outcome, { ...(options.crawlers ? { crawlers: options.crawlers } : {}), ...(listed ? { listedPaths: listed } : {}) });
	let report = compare();
	let sitemaps: SiteResult['sitemaps'];
	// The sitemaps matter only when a search crawler's answers changed: then its listed URLs are read and asked about.
	if (report.changes.some((change) => change.category === 'search')) {
		const listed = await readListed(report, origin, settings);
		sitemaps = { read: listed.read, urls: listed.urls, leftOut: listed.leftOut, cut: listed.cut };
		report = compare(listed.paths);
	}
	if (!report.failed) {
		writeState(path, robotsUrl, outcome);
	}
	let checked: CheckedExpectations | undefined;
	if (expectations !== undefined) {
		checked =
			report.textAfter !== undefined
				? checkExpectations(expectations, parse(report.textAfter))
				: uncheckedExpectations(
						expectations,
						t('{0}: {1}; no file to read. {2}.', robotsUrl, responseHeadline(describeResponse(outcome)), summariseConclusions(report.conclusions).join('; ')),
					);
	}
	return { origin, robotsUrl, outcome, report, ...(sitemaps ? { sitemaps } : {}), ...(checked ? { expectations: checked } : {}) };
}

/**
 * Watches `sites` (the list as given, or the host list of --variants and --hosts): each fetched, compared and kept. Exit status
 * 2 when a fetch got no file, else 1 on a warning or critical change or a failed expectation, else 0.
 */
async function watchSites(sites: readonly string[], options: WatchOptions, io: CommandIo): Promise<number> {
	for (const site of sites) {
		const target = robotsTarget(site);
		if ('error' in target) {
			throw new UsageError(target.error);
		}
	}
	let expectations: ExpectationsFile | undefined;
	if (options.expectations !== undefined) {
		try {
			expectations = parseExpectations(readOwnFile(options.expectations, fileLimits.expectations).bytes.toString('utf8'));
		} catch (error) {
			throw new UsageError(t('cannot read {0}: {1}', options.expectations, describeError(error)));
		}
		const problem = expectations.problems[0];
		if (problem !== undefined) {
			throw new UsageError(`${options.expectations}:${problem.line + 1}:${problem.span.start + 1}: ${problem.message}`);
		}
	}
	try {
		mkdirSync(options.state, { recursive: true });
	} catch (error) {
		throw new UsageError(t('cannot read {0}: {1}', options.state, describeError(error)));
	}
	const settings: FetchSettings = { version: io.version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
	const results = await pooled(sites, concurrency, (site) => watchSite(site, options, expectations, settings));
	await io.out.write(
		options.format === 'json' ? JSON.stringify({ sites: results.map(siteJson) }, null, 2) + '\n' : escapeLines(results.map(siteText).join('\n')) + '\n',
	);
	return Math.max(0, ...results.map(exitStatus));
}

function exitStatus(result: SiteResult): number {
	if (result.report.failed) {
		return 2;
	}
	const severe = result.report.severity === 'warning' || result.report.severity === 'critical';
	return severe || (result.expectations !== undefined && (result.expectations.failed > 0 || result.expectations.results === undefined)) ? 1 : 0;
}

/** A verdict in one reading, as `robots-txt diff` words it; a verdict the response decided says what the crawler concludes. */
function sideText(which: 'old' | 'new', decision: WatchSide): string {
	if (decision.reason === 'response' || decision.verdict === 'unknown') {
		return `${verdictWord(decision.verdict, { forTools: true })} (${conclusionLabel(decision.conclusion)})`;
	}
	return side(which, { ...decision, verdict: decision.verdict, reason: decision.reason });
}

/** At most this many changed lines are listed per site in the text output. */
const maxListedLines = 40;

/** What makes two crawlers' changes read alike, their names aside; empty for a change of no crawler. */
function changeKey(change: WatchChange): string {
	const token = change.crawler;
	if (token === undefined) {
		return '';
	}
	const { crawler: _crawler, category: _category, summary, details, ...rest } = change;
	const unnamed = (text: string) => text.split(token).join('\u0000');
	return JSON.stringify({ ...rest, summary: unnamed(summary), details: details.map(unnamed) });
}

function changeText(change: WatchChange): string[] {
	const out = [`  ${change.severity.toUpperCase().padEnd(8)} ${change.summary}`];
	for (const detail of change.details) {
		out.push(`           ${detail}`);
	}
	// A listed URL that is also a probe (`/`, often) is written once.
	const flips = new Set(
		[...change.flips.slice(0, 5), ...change.listedExamples.slice(0, 3)].map(
			(flip) => `           ${flip.url}: ${sideText('old', flip.before)} -> ${sideText('new', flip.after)}`,
		),
	);
	out.push(...flips);
	if (change.flipCount > 5) {
		out.push(`           ${t('and {0} more', formatNumber(change.flipCount - 5))}`);
	}
	return out;
}

function siteText(result: SiteResult): string {
	const { report, robotsUrl } = result;
	const facts = describeResponse(result.outcome);
	const out: string[] = [];
	const headline = responseHeadline(facts);
	if (report.failed) {
		out.push(t('{0}: the fetch failed ({1}); the last reading is kept.', robotsUrl, facts.error ?? headline));
		for (const line of summariseConclusions(report.conclusions)) {
			out.push(`  ${t('{0}.', line)}`);
		}
	} else if (report.baseline) {
		out.push(t('{0}: baseline stored ({1}).', robotsUrl, headline));
	} else if (report.changes.length === 0) {
		out.push(t('{0}: no change ({1}).', robotsUrl, headline));
	} else {
		out.push(`${robotsUrl}: ${report.severity.toUpperCase()} (${headline})`);
	}
	if (facts.finalUrl !== robotsUrl) {
		out.push(`  -> ${facts.finalUrl}`);
	}
	// Crawlers whose changes read alike (the same rules, flips and conclusions) are told once, the others named after it.
	const told: { change: WatchChange; key: string; same: string[] }[] = [];
	for (const change of report.changes) {
		const key = changeKey(change);
		const alike = told.find((entry) => entry.key === key && key !== '');
		if (alike && change.crawler !== undefined) {
			alike.same.push(change.crawler);
		} else {
			told.push({ change, key, same: [] });
		}
	}
	for (const { change, same } of told) {
		out.push(...changeText(change));
		if (same.length > 0) {
			out.push(`           ${t('The same for {0}.', listNames(same))}`);
		}
	}
	if (result.sitemaps && result.sitemaps.urls > 0) {
		out.push(
			`  ${t('{0} {0|one=URL|other=URLs} of the site listed in the sitemaps read ({1}).', formatNumber(result.sitemaps.urls), formatNumber(result.sitemaps.read))}`,
		);
	}
	if (report.lines.length > 0) {
		out.push(`  ${t('Lines changed:')}`);
		for (const line of report.lines.slice(0, maxListedLines)) {
			out.push(`    ${line.op} ${String(line.line + 1).padStart(4)}  ${line.text}`);
		}
		if (report.lines.length > maxListedLines) {
			out.push(`    ${t('and {0} more', formatNumber(report.lines.length - maxListedLines))}`);
		}
	}
	const checked = result.expectations;
	if (checked) {
		if (checked.results === undefined) {
			out.push(`  ${checked.robotsProblem ?? ''}`);
		} else {
			for (const failed of checked.results.filter((entry) => !entry.passed)) {
				out.push(`  FAIL ${failureMessage(failed)}`);
			}
			out.push(`  ${t('Expectations: {0} passed, {1} failed.', formatNumber(checked.passed), formatNumber(checked.failed))}`);
		}
	}
	return out.join('\n');
}

function sideJson(decision: WatchSide) {
	return { verdict: decision.verdict, conclusion: decision.conclusion, line: decision.line >= 0 ? decision.line + 1 : null, rule: decision.text };
}

function siteJson(result: SiteResult): unknown {
	const { report } = result;
	const facts = describeResponse(result.outcome);
	const checked = result.expectations;
	return {
		site: result.origin,
		robots: result.robotsUrl,
		finalUrl: facts.finalUrl,
		status: facts.status ?? null,
		redirects: facts.redirects,
		error: facts.error ?? null,
		baseline: report.baseline,
		failed: report.failed,
		changed: report.changes.length > 0,
		severity: report.severity,
		changes: report.changes.map((change) => ({
			severity: change.severity,
			kind: change.kind,
			crawler: change.crawler ?? null,
			category: change.category ?? null,
			summary: change.summary,
			details: change.details,
			conclusion: change.conclusionAfter !== undefined ? { old: change.conclusionBefore ?? null, new: change.conclusionAfter } : null,
			added: change.added.map((rule) => ({ line: rule.line + 1, rule: rule.text })),
			removed: change.removed.map((rule) => ({ line: rule.line + 1, rule: rule.text })),
			rootLost: change.rootLost,
			flips: change.flips.map((flip) => ({ url: flip.url, old: sideJson(flip.before), new: sideJson(flip.after) })),
			flipCount: change.flipCount,
			sitemapUrlsLost: change.listedLost,
			sitemapUrlsGained: change.listedGained,
			sitemapExamples: change.listedExamples.map((flip) => ({ url: flip.url, old: sideJson(flip.before), new: sideJson(flip.after) })),
		})),
		crawlers: report.conclusions.map((conclusion) => ({
			token: conclusion.crawler.token,
			conclusion: conclusion.kind,
			explanation: describeConclusion(conclusion),
		})),
		sitemaps: result.sitemaps ?? null,
		old: report.textBefore ?? null,
		new: report.textAfter ?? null,
		lines: report.lines.map((line) => ({ op: line.op, line: line.line + 1, text: line.text })),
		expectations: checked
			? {
					passed: checked.passed,
					failed: checked.failed,
					problem: checked.robotsProblem ?? null,
					failures: (checked.results ?? [])
						.filter((entry) => !entry.passed)
						.map((entry) => ({
							line: entry.expectation.line + 1,
							crawler: entry.expectation.crawler,
							url: entry.expectation.url,
							expected: entry.expectation.verdict,
							actual: entry.evaluation.verdict,
							message: failureMessage(entry),
						})),
				}
			: null,
	};
}

async function runWatch(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseWatchArguments(args);
	if (options.hostList === undefined) {
		return watchSites(options.sites, options, io);
	}
	// Each host is watched as a site of its own: a robots.txt governs only its scheme, host and port (RFC 9309 §2.3).
	const list = hostList(options.sites, options.hostList);
	for (const note of list.notes) {
		await io.error(note);
	}
	return watchSites(list.sites, options, io);
}

export const watchCommand: Command = {
	name: 'watch',
	summary: () => t("fetches sites' robots.txt files and says what changed since the last run, ranked by what it does to verdicts"),
	synopsis: [
		'robots-txt watch <site>... --state <dir> [--variants] [--hosts <file|->] [--expectations <file>] [--crawler <token>,...] [--format text|json] [--timeout <seconds>]',
	],
	about: () => [
		t(
			"Fetches each site's robots.txt as `robots-txt fetch` does, compares it with the last reading kept in the state folder through each crawler's reading (the semantic diff of `robots-txt diff`, and what each crawler concludes from the response: a 5xx, a 404 or an unreachable host is a change too), keeps the new reading, and reports the changes, most severe first: critical when a search crawler may no longer fetch / or URLs the site's sitemaps list, warning when a crawler gains or loses paths, info when no verdict changed (comments, lines no crawler reads, rules that flip nothing, the URL that serves the file). The first run stores the baseline.",
		),
		t(
			'A fetch that gets no file (a network error, a timeout, a redirect that cannot be followed, a 5xx) keeps the last reading, so the next run compares with it again, and says what crawlers conclude from the response.',
		),
	],
	options: watchOptions,
	notes: () => [
		t(
			'JSON: {"sites": [{"site", "robots", "finalUrl", "status", "redirects", "error", "baseline", "failed", "changed", "severity" (none, info, warning, critical), "changes": [{"severity", "kind" (crawler, redirect, text), "crawler", "category", "summary", "details", "conclusion", "added", "removed", "rootLost", "flips", "flipCount", "sitemapUrlsLost", "sitemapUrlsGained", "sitemapExamples"}], "crawlers", "sitemaps", "old", "new", "lines", "expectations"}]}; lines are 1-based.',
		),
		t(
			'Exit status: 0 when nothing changed or only info; 1 on a warning or critical change or a failed expectation; 2 when a fetch got no file, or on bad arguments.',
		),
		t(
			'--variants (http and https, the www. host and the apex) and --hosts (a list of sites) make the list of sites before the watch, and each host is watched as a site of its own: a robots.txt governs only its own scheme, host and port (RFC 9309 §2.3).',
		),
	],
	run: runWatch,
};
