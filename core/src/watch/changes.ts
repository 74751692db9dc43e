/**
 * What changed in a deployed robots.txt since the last reading (`robots-txt watch`): two fetches compared through the
 * one crawler model, crawler by crawler. What each crawler concludes from each response (fetch/conclude.ts, so a 5xx,
 * a 404 or an unreachable host is a change like any other), the semantic diff of the rules it reads (bench/diff.ts),
 * and the verdicts that flip for `/` and for the URLs the site's sitemaps list. Ranked: critical when a search crawler
 * loses `/` or listed URLs, warning when a crawler gains or loses paths (a verdict flips on `/`, on the URLs probed
 * from both versions' rules or on the listed URLs), info when the text, the rules read or the URL serving the file
 * changed and no verdict did. No IO: the edge fetches, keeps the last reading and reads the sitemaps.
 */

import { defaultDiffCrawlers, describeChange, diffRobots, probeUrls, verdictFlips, type DecisionSide } from '../bench/diff';
import { crawlerProfiles, type CrawlerProfile } from '../crawlers/profile';
import { decideTable, isAllowedDecision, type CrawlerReason } from '../crawlers/reading';
import type { CrawlerCategory } from '../facts/crawlers';
import { concludeFetch, evaluateFetched, type ConclusionKind, type FetchConclusion, type FetchedVerdict } from '../fetch/conclude';
import { eventConsequence } from '../fetch/explain';
import type { FetchOutcome } from '../fetch/response';
import { formatNumber, t } from '../l10n';
import { defaultCrawlers } from '../options';
import { decodeRobotsBytes } from '../syntax/bytes';
import { RobotsModel } from '../syntax/parser';
import { changedLines, type LineChange } from './lines';

/** How much a change matters, least first. */
export type WatchSeverity = 'none' | 'info' | 'warning' | 'critical';

const severityRank: Readonly<Record<WatchSeverity, number>> = { none: 0, info: 1, warning: 2, critical: 3 };

/** A verdict in one reading: by a rule line (0-based, with its text), or by the response itself (`reason: 'response'`). */
export interface WatchSide {
	readonly verdict: 'allow' | 'disallow' | 'unknown';
	readonly reason: CrawlerReason | 'response';
	readonly line: number;
	readonly text: string | null;
	readonly conclusion: ConclusionKind;
}

/** A URL whose verdict flipped for one crawler. */
export interface WatchFlip {
	readonly url: string;
	readonly before: WatchSide;
	readonly after: WatchSide;
}

/** A rule line in one version (0-based). */
interface WatchRule {
	readonly line: number;
	readonly text: string;
}

/** One change, with what it does to verdicts. */
export interface WatchChange {
	readonly severity: Exclude<WatchSeverity, 'none'>;
	/** A crawler's conclusion or reading; the URL that serves the file; the text alone. */
	readonly kind: 'crawler' | 'redirect' | 'text';
	readonly crawler?: string;
	readonly category?: CrawlerCategory;
	/** What changed in a sentence: the semantic diff's words, or what the crawler concludes now and before. */
	readonly summary: string;
	/** What it does, a sentence each: `/` lost, sitemap URLs lost. */
	readonly details: readonly string[];
	readonly conclusionBefore?: ConclusionKind;
	readonly conclusionAfter?: ConclusionKind;
	/** Rules the crawler reads only in the new version, and only in the old one. */
	readonly added: readonly WatchRule[];
	readonly removed: readonly WatchRule[];
	/** `/` flipped from allowed to disallowed. */
	readonly rootLost: boolean;
	/** The verdicts that flipped, on `/` and the URLs probed from both versions' rules, at most `maxFlips`. */
	readonly flips: readonly WatchFlip[];
	readonly flipCount: number;
	/** Of the URLs the sitemaps list: how many this crawler lost and gained, and a few that it lost. */
	readonly listedLost: number;
	readonly listedGained: number;
	readonly listedExamples: readonly WatchFlip[];
}

/** What a comparison needs besides the two fetches. */
export interface WatchOptions {
	/** The crawlers compared; default: the default target crawlers and every crawler either version names. */
	readonly crawlers?: readonly string[];
	/** The paths (and queries) of the URLs the site's sitemaps list on its origin, read by the edge. */
	readonly listedPaths?: readonly string[];
}

/** The comparison of a site's new fetch with its last reading. */
export interface WatchReport {
	/** No last reading: this fetch is the baseline. */
	readonly baseline: boolean;
	/** This fetch got no file: a network error, a redirect that could not be followed, a 5xx. */
	readonly failed: boolean;
	readonly severity: WatchSeverity;
	/** Most severe first. */
	readonly changes: readonly WatchChange[];
	readonly crawlers: readonly string[];
	/** What each crawler concludes from the new fetch. */
	readonly conclusions: readonly FetchConclusion[];
	/** The file's text in each fetch, when it served one (a 2xx with a body). */
	readonly textBefore?: string;
	readonly textAfter?: string;
	/** The lines that differ between the two texts. */
	readonly lines: readonly LineChange[];
	/** The URL of the last response in each fetch. */
	readonly finalUrlBefore?: string;
	readonly finalUrlAfter: string;
}

/** At most this many flips are kept per crawler, and this many examples of listed URLs lost. */
const maxFlips = 20;
const maxListedExamples = 5;

/** The last response of a fetch, whatever ended it. */
function lastResponse(outcome: FetchOutcome) {
	return outcome.responses[outcome.responses.length - 1];
}

/**
 * Whether a fetch got no file at all: no response that ends it (a network error or timeout, even after the headers; a
 * redirect loop, too many redirects, a redirect to no http(s) URL), or a server error (RFC 9309 §2.3.1.4: unreachable).
 * A 4xx is an answer (RFC 9309 §2.3.1.3: the file is unavailable, crawlers may access any resource).
 */
export function fetchFailed(outcome: FetchOutcome): boolean {
	const last = lastResponse(outcome);
	return outcome.error !== undefined || last === undefined || last.status >= 500;
}

/** The text a fetch served: the body of a final 2xx, as the CLI reads a robots.txt's bytes. */
function servedText(outcome: FetchOutcome): string | undefined {
	const last = lastResponse(outcome);
	if (outcome.error !== undefined || last === undefined || last.status < 200 || last.status >= 300 || last.body === undefined) {
		return undefined;
	}
	return decodeRobotsBytes(last.body);
}

function sideOf(answer: FetchedVerdict): WatchSide {
	const rule = answer.evaluation?.rule;
	return {
		verdict: answer.verdict,
		reason: answer.evaluation ? answer.evaluation.reason : 'response',
		line: rule ? rule.line : -1,
		text: rule ? rule.text : null,
		conclusion: answer.conclusion.kind,
	};
}

function fromDecision(decision: DecisionSide, conclusion: ConclusionKind): WatchSide {
	return { ...decision, conclusion };
}

/** Each URL's verdict for the crawler that drew `conclusion`: from the rules it read, else the same for every URL. */
function verdictsFor(conclusion: FetchConclusion, urls: readonly string[]): ('allow' | 'disallow' | 'unknown')[] {
	if (conclusion.kind === 'rules' && conclusion.model) {
		const table = decideTable(conclusion.model, [conclusion.crawler], urls);
		return Array.from(table, (code) => (isAllowedDecision(code) ? 'allow' : 'disallow'));
	}
	const verdict = evaluateFetched(conclusion, '/').verdict;
	return urls.map(() => verdict);
}

/** Of `urls`, those lost (allowed, then disallowed) and gained, from two lists of verdicts. */
function lostAndGained(urls: readonly string[], before: readonly string[], after: readonly string[]): { lost: string[]; gained: number } {
	const lost: string[] = [];
	let gained = 0;
	for (let i = 0; i < urls.length; i++) {
		if (before[i] === 'allow' && after[i] === 'disallow') {
			lost.push(urls[i]);
		} else if (before[i] === 'disallow' && after[i] === 'allow') {
			gained++;
		}
	}
	return { lost, gained };
}

/** "Googlebot may no longer fetch 3 URLs that the sitemaps list (of 40), e.g. /a." */
function listedSentence(token: string, lost: number, listed: number, example: string): string {
	return t(
		'{0} {0|one=URL|other=URLs} of the {1} the sitemaps list may no longer be fetched by {2}, e.g. {3}.',
		formatNumber(lost),
		formatNumber(listed),
		token,
		example,
	);
}

/** How one crawler's answers changed between two conclusions, or undefined when they did not. */
function crawlerChange(before: FetchConclusion, after: FetchConclusion, listed: readonly string[]): WatchChange | undefined {
	const profile = after.crawler;
	const token = profile.token;
	const rootBefore = evaluateFetched(before, '/');
	const rootAfter = evaluateFetched(after, '/');
	const rootLost = rootBefore.verdict === 'allow' && rootAfter.verdict === 'disallow';
	let summary: string;
	let added: WatchRule[] = [];
	let removed: WatchRule[] = [];
	let flips: WatchFlip[];
	let listedLost: string[];
	let listedGained: number;
	let examples: WatchFlip[];
	if (before.kind === 'rules' && after.kind === 'rules' && before.model && after.model) {
		const diff = diffRobots(before.model, after.model, { crawlers: [token], urls: probeUrls(before.model, after.model) });
		const reading = diff.changes[0];
		if (reading === undefined) {
			return undefined;
		}
		summary = describeChange(reading);
		added = reading.added.map((rule) => ({ line: rule.line, text: rule.text }));
		removed = reading.removed.map((rule) => ({ line: rule.line, text: rule.text }));
		flips = diff.flips.map((flip) => ({ url: flip.url, before: fromDecision(flip.before, 'rules'), after: fromDecision(flip.after, 'rules') }));
		const listedFlips = listed.length > 0 ? verdictFlips(before.model, after.model, [profile], listed) : [];
		const lost = listedFlips.filter((flip) => flip.before.verdict === 'allow');
		listedLost = lost.map((flip) => flip.url);
		listedGained = listedFlips.length - lost.length;
		examples = lost
			.slice(0, maxListedExamples)
			.map((flip) => ({ url: flip.url, before: fromDecision(flip.before, 'rules'), after: fromDecision(flip.after, 'rules') }));
	} else if (before.kind !== after.kind) {
		summary = t('{0}: {1} (before: {2}).', token, eventConsequence(after), eventConsequence(before));
		const empty = RobotsModel.parse('');
		const probes = probeUrls(before.model ?? empty, after.model ?? empty);
		const probesBefore = verdictsFor(before, probes);
		const probesAfter = verdictsFor(after, probes);
		const flipped = probes.filter((_url, i) => probesBefore[i] !== probesAfter[i] && probesBefore[i] !== 'unknown' && probesAfter[i] !== 'unknown');
		flips = flipped.map((url) => ({ url, before: sideOf(evaluateFetched(before, url)), after: sideOf(evaluateFetched(after, url)) }));
		const changedListed = lostAndGained(listed, verdictsFor(before, listed), verdictsFor(after, listed));
		listedLost = changedListed.lost;
		listedGained = changedListed.gained;
		examples = listedLost
			.slice(0, maxListedExamples)
			.map((url) => ({ url, before: sideOf(evaluateFetched(before, url)), after: sideOf(evaluateFetched(after, url)) }));
	} else {
		return undefined;
	}
	const details: string[] = [];
	if (rootLost) {
		details.push(t('{0} may no longer fetch /.', token));
	}
	if (listedLost.length > 0) {
		details.push(listedSentence(token, listedLost.length, listed.length, listedLost[0]));
	}
	const critical = profile.category === 'search' && (rootLost || listedLost.length > 0);
	// Paths gained or lost: a verdict flipped on `/`, the probes or the listed URLs. Other rules read that flip nothing are info.
	const pathsChanged = flips.length > 0 || listedLost.length > 0 || listedGained > 0;
	return {
		severity: critical ? 'critical' : pathsChanged ? 'warning' : 'info',
		kind: 'crawler',
		crawler: token,
		category: profile.category,
		summary,
		details,
		conclusionBefore: before.kind,
		conclusionAfter: after.kind,
		added,
		removed,
		rootLost,
		flips: flips.slice(0, maxFlips),
		flipCount: flips.length,
		listedLost: listedLost.length,
		listedGained,
		listedExamples: examples,
	};
}

/** A change with no crawler: the file moved, or its text changed and no crawler reads it differently. */
function plainChange(kind: 'redirect' | 'text', summary: string): WatchChange {
	return {
		severity: 'info',
		kind,
		summary,
		details: [],
		added: [],
		removed: [],
		rootLost: false,
		flips: [],
		flipCount: 0,
		listedLost: 0,
		listedGained: 0,
		listedExamples: [],
	};
}

/**
 * Compares a site's new fetch (`current`) with its last reading (`previous`, none on the first run) for the target
 * crawlers: what each concludes now, what changed for each, ranked most severe first, and the two texts.
 */
export function compareReadings(previous: FetchOutcome | undefined, current: FetchOutcome, options: WatchOptions = {}): WatchReport {
	const textBefore = previous ? servedText(previous) : undefined;
	const textAfter = servedText(current);
	const tokens = options.crawlers ?? defaultDiffCrawlers(RobotsModel.parse(textBefore ?? ''), RobotsModel.parse(textAfter ?? ''), defaultCrawlers);
	const profiles: CrawlerProfile[] = crawlerProfiles(tokens);
	const conclusions = profiles.map((profile) => concludeFetch(current, profile));
	const finalUrlAfter = lastResponse(current)?.url ?? current.url;
	const finalUrlBefore = previous ? (lastResponse(previous)?.url ?? previous.url) : undefined;
	const base = {
		baseline: previous === undefined,
		failed: fetchFailed(current),
		crawlers: profiles.map((profile) => profile.token),
		conclusions,
		...(textBefore !== undefined ? { textBefore } : {}),
		...(textAfter !== undefined ? { textAfter } : {}),
		lines: previous ? changedLines(textBefore ?? '', textAfter ?? '') : [],
		...(finalUrlBefore !== undefined ? { finalUrlBefore } : {}),
		finalUrlAfter,
	};
	if (previous === undefined) {
		return { ...base, severity: 'none', changes: [] };
	}
	const listed = options.listedPaths ?? [];
	const changes: WatchChange[] = [];
	profiles.forEach((profile, i) => {
		const change = crawlerChange(concludeFetch(previous, profile), conclusions[i], listed);
		if (change) {
			changes.push(change);
		}
	});
	if (finalUrlBefore !== finalUrlAfter) {
		changes.push(plainChange('redirect', t('The file is now served from {0} (before: {1}).', finalUrlAfter, finalUrlBefore ?? '')));
	}
	if (changes.length === 0 && textBefore !== textAfter) {
		changes.push(plainChange('text', t('The text changed, but no crawler reads it differently.')));
	}
	// Most severe first; a stable sort keeps the crawlers' order within a severity.
	changes.sort((a, b) => severityRank[b.severity] - severityRank[a.severity]);
	const severity = changes.reduce<WatchSeverity>((worst, change) => (severityRank[change.severity] > severityRank[worst] ? change.severity : worst), 'none');
	return { ...base, severity, changes };
}
