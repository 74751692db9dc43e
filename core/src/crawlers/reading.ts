/**
 * "How does crawler X read this file?": the one answer every feature renders. A crawler reads with its dialect's
 * parser, stops where its documented size limit says, and follows the groups of its own token, else those of its
 * fallback tokens in order, else `*` (unless it ignores `*`), else none. The dialects underneath stay exactly as
 * they are; everything a crawler adds is here, and only here.
 */

import type { Dialect } from '../dialect';
import type { SizeLimit } from '../facts/crawlers';
import { selectGroups, type GroupSelection } from '../matching/agents';
import { appliedGroups, evaluatePrepared, prepareRoot, prepareSelection, type AppliedGroup, type Evaluation, type Prepared } from '../matching/evaluate';
import { hostRuleDecides, noRuleMatches, robotsTxtExempt, type Matcher } from '../matching/matcher';
import type { CompiledRule } from '../matching/rules';
import { benchCellAllows, packBenchCell, unpackBenchCell, type BenchCell } from '../protocol';
import { lexLine } from '../syntax/lexer';
import { octetCut, octetLength } from '../syntax/octets';
import { RobotsModel } from '../syntax/parser';
import { firstAtLeast } from '../sorted';
import { crawlerProfile, type CrawlerProfile } from './profile';
import { ObjectMemo } from '../memo';

/** How much of the file a crawler reads. */
export type ReadExtent =
	/** All of it. */
	| { readonly kind: 'whole'; readonly fileBytes: number }
	/**
	 * The first `limit` octets; the octet `limit` falls on `line`, `character` (0-based, as in LSP positions), which
	 * is line `lineNumber` as editors and messages count (1-based).
	 */
	| { readonly kind: 'cut'; readonly limit: number; readonly fileBytes: number; readonly line: number; readonly lineNumber: number; readonly character: number }
	/** Nothing: the file is over a limit past which the crawler allows everything (Yandex). */
	| { readonly kind: 'too-large'; readonly limit: number; readonly fileBytes: number };

/** Whose groups a crawler follows. */
export type FollowKind =
	/** Groups that name its own token (for Yandex robots: the longest value their name starts with). */
	| 'own-token'
	/** Groups that name one of its fallback tokens (Googlebot-Image -> Googlebot). */
	| 'fallback-token'
	/** The `*` groups. */
	| 'global'
	/** No group: everything is allowed. */
	| 'none';

/**
 * How a crawler reads a file (`readAs`): with which parser, how much of it, whose groups it follows (its own token, a
 * fallback token, `*`, or none) and why.
 */
export interface CrawlerReading {
	readonly crawler: CrawlerProfile;
	readonly dialect: Dialect;
	readonly extent: ReadExtent;
	/** The text the crawler reads: the file, or its first `limit` octets (the same lines, up to the cut). */
	readonly model: RobotsModel;
	readonly follows: FollowKind;
	/** The token whose groups it follows (own or fallback); undefined for `*` and none. */
	readonly token?: string;
	/** The tokens it looked for before, in order, that no group names. */
	readonly tried: readonly string[];
	/** The groups it follows, each with the User-agent line that made it apply (0-based), in file order. */
	readonly groups: readonly AppliedGroup[];
	/** `User-agent: *` lines it passes over because it ignores `*`. */
	readonly skippedGlobal: readonly number[];
	/** The groups as the dialect selected them, for callers that need the `Group` objects. */
	readonly selection: GroupSelection;
}

const noSelection: GroupSelection = { kind: 'none', groups: [], matchedLines: [] };

/**
 * A crawler's reading, and its compiled rules once something asks for a verdict: a code lens or a hover that only
 * asks whose groups a crawler follows never compiles the rules (47 000 of them in one corpus file).
 */
interface Entry {
	readonly reading: CrawlerReading;
	readonly prepared: Prepared;
	/** The rules for the verdict at `/` alone (`decideRoot`): all of them once they are compiled, else those that can decide there. */
	readonly root: Prepared;
}

/** Readings and compiled rules per model: models are immutable, so a memo keyed by one is a function of it. */
const memo = new ObjectMemo<RobotsModel, string, Entry>();
/**
 * Each model's octet offset of every line start, then its size: counted once for every crawler, with or without a
 * size limit (a 3.7 MB file was counted again for each limit, and for each crawler without one).
 */
const octets = new WeakMap<RobotsModel, Float64Array>();
/** The first `limit` octets of a model, per model and limit, for the same reason. */
const cuts = new ObjectMemo<RobotsModel, number, { extent: ReadExtent; model: RobotsModel }>();

/** How the crawler with `token` (or this profile) reads the file. */
export function readAs(model: RobotsModel, crawler: CrawlerProfile | string): CrawlerReading {
	return prepared(model, typeof crawler === 'string' ? crawlerProfile(crawler) : crawler).reading;
}

function prepared(model: RobotsModel, crawler: CrawlerProfile): Entry {
	const key = [
		crawler.token.toLowerCase(),
		crawler.dialect,
		crawler.fallback.join(','),
		crawler.ignoresGlobalGroup,
		crawler.sizeLimit?.bytes,
		crawler.sizeLimit?.beyond,
		crawler.honours.host,
		crawler.known,
		crawler.ownDialect,
	].join('\n');
	return memo.get(model, key, () => read(model, crawler));
}

function read(model: RobotsModel, crawler: CrawlerProfile): Entry {
	const dialect = crawler.dialect;
	const { extent, model: readModel } = extentOf(model, crawler.sizeLimit);
	let follows: FollowKind = 'none';
	let token: string | undefined;
	let selection = noSelection;
	const tried: string[] = [];
	let skippedGlobal: readonly number[] = [];
	if (extent.kind !== 'too-large') {
		for (const candidate of [crawler.token, ...crawler.fallback]) {
			const found = selectGroups(readModel, dialect, candidate);
			if (found.kind === 'specific') {
				follows = candidate === crawler.token ? 'own-token' : 'fallback-token';
				token = candidate;
				selection = found;
				break;
			}
			tried.push(candidate);
			if (candidate === crawler.token && found.kind === 'fallback') {
				selection = found;
			}
		}
		if (follows === 'none' && selection.kind === 'fallback') {
			if (crawler.ignoresGlobalGroup) {
				skippedGlobal = selection.matchedLines;
				selection = noSelection;
			} else {
				follows = 'global';
			}
		}
	}
	let applied: readonly AppliedGroup[] | undefined;
	const reading: CrawlerReading = {
		crawler,
		dialect,
		extent,
		model: readModel,
		follows,
		...(token !== undefined ? { token } : {}),
		tried,
		// Made when first asked for, then kept: whose groups a crawler follows is often all a caller wants (50 000 of
		// them, each with its User-agent value, when every group is `*`).
		get groups() {
			applied ??= appliedGroups(readModel, selection);
			return applied;
		},
		skippedGlobal,
		selection,
	};
	let rules: Prepared | undefined;
	let root: Prepared | undefined;
	// Yandex's Host implies `Disallow: /` for other mirrors only for a crawler that still reads Host.
	const host = crawler.honours.host === true;
	return {
		reading,
		get prepared() {
			rules ??= prepareSelection(readModel, dialect, crawler.token, selection, host);
			return rules;
		},
		get root() {
			return rules ?? (root ??= prepareRoot(readModel, dialect, crawler.token, selection, host));
		},
	};
}

/** What a crawler with this limit reads of the model. */
function extentOf(model: RobotsModel, limit: SizeLimit | null): { extent: ReadExtent; model: RobotsModel } {
	if (limit === null) {
		return { extent: { kind: 'whole', fileBytes: fileBytes(model) }, model };
	}
	return cuts.get(model, limit.beyond === 'truncate' ? limit.bytes : -limit.bytes - 1, () => cut(model, limit));
}

/** The file's size in octets of UTF-8 (escaped raw bytes count one each). */
function fileBytes(model: RobotsModel): number {
	const offsets = lineOctets(model);
	return offsets[offsets.length - 1];
}

/** Where each line starts, in octets of UTF-8, and (last) the file's size. */
function lineOctets(model: RobotsModel): Float64Array {
	let offsets = octets.get(model);
	if (!offsets) {
		const texts = model.lineTexts;
		offsets = new Float64Array(texts.length + 1);
		for (let line = 0; line < texts.length; line++) {
			offsets[line + 1] = offsets[line] + octetLength(texts[line]);
		}
		octets.set(model, offsets);
	}
	return offsets;
}

function cut(model: RobotsModel, limit: SizeLimit): { extent: ReadExtent; model: RobotsModel } {
	// Three octets per UTF-16 unit at most: a short text is within the limit without counting.
	const texts = model.lineTexts;
	let units = 0;
	for (const text of texts) {
		units += text.length;
	}
	if (units * 3 <= limit.bytes) {
		return { extent: { kind: 'whole', fileBytes: fileBytes(model) }, model };
	}
	const offsets = lineOctets(model);
	const total = offsets[texts.length];
	if (total <= limit.bytes) {
		return { extent: { kind: 'whole', fileBytes: total }, model };
	}
	// The first line that ends past the limit: the line before the first start past it (octets are whole numbers).
	const line = firstAtLeast(offsets, limit.bytes + 1) - 1;
	if (limit.beyond === 'allow-all') {
		return { extent: { kind: 'too-large', limit: limit.bytes, fileBytes: total }, model };
	}
	const character = octetCut(texts[line], limit.bytes - offsets[line]);
	const partial = texts[line].slice(0, character);
	const lines = model.lines.slice(0, line);
	const lineTexts = texts.slice(0, line);
	lines.push(lexLine(partial, 0, line === 0));
	lineTexts.push(partial);
	return {
		extent: { kind: 'cut', limit: limit.bytes, fileBytes: total, line, lineNumber: line + 1, character },
		model: RobotsModel.fromLines(lines, lineTexts),
	};
}

/** Why a crawler's verdict is what it is, beyond the dialect's reasons. */
export type CrawlerReason = Evaluation['reason'] | 'too-large' | 'ignores-robots-txt';

/** One URL for one crawler: the verdict, the deciding line, and the reading it comes from. */
export interface CrawlerEvaluation {
	readonly crawler: CrawlerProfile;
	readonly url: string;
	/** The path and query that were matched, in the dialect's form. */
	readonly path: string;
	readonly verdict: Evaluation['verdict'];
	readonly reason: CrawlerReason;
	/** The rule that decided, also when the crawler fetches anyway (`ignores-robots-txt`): what the file says. */
	readonly rule: Evaluation['rule'];
	/** For `ignores-robots-txt`: the verdict the file's rules give, which the crawler does not follow. */
	readonly fileVerdict: Evaluation['verdict'];
	readonly reading: CrawlerReading;
}

/** Evaluates one URL as the crawler reads the file. */
export function evaluateAs(model: RobotsModel, crawler: CrawlerProfile | string, url: string): CrawlerEvaluation {
	return crawlerEvaluator(model, crawler)(url);
}

/**
 * `evaluateAs` for many URLs as one crawler: the crawler's reading and compiled rules are looked up once, not per URL
 * (an expectations file of 100 000 lines names a handful of crawlers).
 */
export function crawlerEvaluator(model: RobotsModel, crawler: CrawlerProfile | string): (url: string) => CrawlerEvaluation {
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const entry = prepared(model, profile);
	return (url) => evaluateEntry(profile, entry, url);
}

function evaluateEntry(profile: CrawlerProfile, entry: Entry, url: string): CrawlerEvaluation {
	const { reading } = entry;
	if (reading.extent.kind === 'too-large') {
		return { crawler: profile, url, path: '', verdict: 'allow', reason: 'too-large', rule: null, fileVerdict: 'allow', reading };
	}
	const evaluation = evaluatePrepared(reading.model, reading.dialect, profile.token, url, entry.prepared);
	return {
		crawler: profile,
		url,
		path: evaluation.path,
		verdict: profile.ignoresRobotsTxt ? 'allow' : evaluation.verdict,
		reason: profile.ignoresRobotsTxt ? 'ignores-robots-txt' : evaluation.reason,
		rule: evaluation.rule,
		fileVerdict: evaluation.verdict,
		reading,
	};
}

/** The verdict alone, for many URLs: the crawler's reading is made once. */
export interface CrawlerMatcher {
	readonly crawler: CrawlerProfile;
	/** Whether the crawler may fetch `url` (a full URL, `host/path` or a path), exactly as `evaluateAs` decides. */
	isAllowed(url: string): boolean;
}

/** A verdict-only matcher for one crawler, exactly as `evaluateAs` decides. */
export function compileCrawlerMatcher(model: RobotsModel, crawler: CrawlerProfile | string): CrawlerMatcher {
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const entry = prepared(model, profile);
	if (entry.reading.extent.kind === 'too-large' || profile.ignoresRobotsTxt) {
		return { crawler: profile, isAllowed: () => true };
	}
	const matcher = entry.prepared.matcher;
	return { crawler: profile, isAllowed: (url) => matcher.isAllowed(url) };
}

/**
 * The reasons a packed decision names, by code: `rule` is 0, so that a rule's decision is its line and verdict.
 * The order is part of the wire format of the test bench (core/protocol.ts); append only.
 */
export const crawlerReasons: readonly CrawlerReason[] = ['rule', 'no-matching-rule', 'no-group', 'robots-txt', 'too-large', 'ignores-robots-txt'];

/**
 * A decision packed into one integer, for tables of many URLs and crawlers: the test bench's cell (`BenchCell` in
 * core/protocol.ts, whose functions pack and read it), with `crawlerReasons` as its reason codes. What the file's rule
 * says when the crawler ignores robots.txt is the line's own verdict.
 */
export type PackedDecision = BenchCell;

export function packDecision(verdict: 'allow' | 'disallow', reason: CrawlerReason, line: number): PackedDecision {
	return packBenchCell(verdict === 'allow', crawlerReasons.indexOf(reason), line);
}

/** A packed decision read back. */
interface Decision {
	readonly verdict: 'allow' | 'disallow';
	readonly reason: CrawlerReason;
	/** The deciding line (0-based), or -1. */
	readonly line: number;
}

export function unpackDecision(code: PackedDecision): Decision {
	const { allow, reason, line } = unpackBenchCell(code);
	return { verdict: allow ? 'allow' : 'disallow', reason: crawlerReasons[reason], line };
}

/** The verdict of a packed decision. */
export const isAllowedDecision: (code: PackedDecision) => boolean = benchCellAllows;

/**
 * Verdicts and deciding lines for many URLs, as `evaluateAs` gives them but without building explanations: one walk
 * of the compiled rules per URL, and a packed integer out.
 */
interface CrawlerDecider {
	readonly crawler: CrawlerProfile;
	readonly reading: CrawlerReading;
	/** The decision `evaluateAs` would reach for `url`: its verdict, reason and deciding line. */
	decide(url: string): PackedDecision;
	/**
	 * What decides `url` in the file, as a number: the index of the deciding compiled rule, or a negative code when no
	 * rule does. URLs with the same key get the same answer from `evaluateAs` but for the URL itself (verdict, reason,
	 * rule, file verdict), which a packed decision does not tell apart where one line compiles to two rules (Google's
	 * `index.htm`), so that a caller can word each key once for many URLs.
	 */
	decideKey(url: string): number;
}

/** A fast decider for one crawler, exactly as `evaluateAs` decides (a property test holds them equal). */
export function compileCrawlerDecider(model: RobotsModel, crawler: CrawlerProfile | string): CrawlerDecider {
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const entry = prepared(model, profile);
	const { reading } = entry;
	if (reading.extent.kind === 'too-large') {
		const code = packDecision('allow', 'too-large', -1);
		return { crawler: profile, reading, decide: () => code, decideKey: () => noRuleMatches };
	}
	const translate = fileDecisions(entry.prepared);
	const { matcher } = entry.prepared;
	const decideKey = (url: string) => matcher.decideIndex(url);
	if (profile.ignoresRobotsTxt) {
		return { crawler: profile, reading, decide: (url) => ignoring(translate(matcher.decideIndex(url))), decideKey };
	}
	return { crawler: profile, reading, decide: (url) => translate(matcher.decideIndex(url)), decideKey };
}

/** The packed decision of each compiled rule, per rule list: crawlers that read alike share their compiled rules. */
const packedRules = new WeakMap<readonly CompiledRule[], Int32Array>();

/** What the file decides, from `Matcher.decideIndex`, packed. */
function fileDecisions(rules: Prepared): (index: number) => PackedDecision {
	const { matcher, selection } = rules;
	const compiled = matcher.rules;
	let packed = packedRules.get(compiled);
	if (!packed) {
		packed = new Int32Array(compiled.length);
		for (let i = 0; i < compiled.length; i++) {
			packed[i] = packDecision(compiled[i].allow ? 'allow' : 'disallow', 'rule', compiled[i].line);
		}
		packedRules.set(compiled, packed);
	}
	const none = packDecision('allow', selection.kind === 'none' ? 'no-group' : 'no-matching-rule', -1);
	const exempt = packDecision('allow', 'robots-txt', -1);
	const host = matcher.impliedHostRule;
	const hostCode = host ? packDecision('disallow', 'rule', host.line) : none;
	return (index) =>
		index >= 0 ? packed[index] : index === noRuleMatches ? none : index === robotsTxtExempt ? exempt : index === hostRuleDecides ? hostCode : none;
}

const ignoresReason = crawlerReasons.indexOf('ignores-robots-txt');

/** The decision of a crawler that fetches anyway: allowed, with the line the file decides by. */
function ignoring(code: PackedDecision): PackedDecision {
	return (code & ~15) | (ignoresReason << 1) | 1;
}

/**
 * A table of decisions, `urls.length` rows by `crawlers.length` columns, row-major. Crawlers that follow the same
 * groups in the same parser share one walk per URL (on most files, most crawlers follow `*`), so the cost grows with
 * the number of distinct readings, not of columns.
 */
export function decideTable(model: RobotsModel, crawlers: readonly (CrawlerProfile | string)[], urls: readonly string[]): Int32Array {
	const columns = crawlers.length;
	const table = new Int32Array(urls.length * columns);
	// Distinct matchers, and for each column the matcher it reads with (or -1 for a constant decision).
	const matchers: Matcher[] = [];
	const plan: { matcher: number; translate: (index: number) => PackedDecision; ignores: boolean; constant: number }[] = [];
	for (const crawler of crawlers) {
		const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
		const entry = prepared(model, profile);
		if (entry.reading.extent.kind === 'too-large') {
			plan.push({ matcher: -1, translate: () => 0, ignores: false, constant: packDecision('allow', 'too-large', -1) });
			continue;
		}
		const matcher = entry.prepared.matcher;
		let index = matchers.findIndex((known) => known.decidesLike(matcher));
		if (index < 0) {
			index = matchers.length;
			matchers.push(matcher);
		}
		// The "none" decision depends on the crawler's own selection, so each column keeps its own translation.
		plan.push({ matcher: index, translate: fileDecisions(entry.prepared), ignores: profile.ignoresRobotsTxt, constant: 0 });
	}
	const indices = new Int32Array(matchers.length);
	for (let row = 0; row < urls.length; row++) {
		const url = urls[row];
		for (let m = 0; m < matchers.length; m++) {
			indices[m] = matchers[m].decideIndex(url);
		}
		const at = row * columns;
		for (let column = 0; column < columns; column++) {
			const step = plan[column];
			if (step.matcher < 0) {
				table[at + column] = step.constant;
			} else {
				const code = step.translate(indices[step.matcher]);
				table[at + column] = step.ignores ? ignoring(code) : code;
			}
		}
	}
	return table;
}

/**
 * The decision at `/` of each crawler, as `decideTable(model, crawlers, ['/'])` gives it, compiling only the rules
 * that can decide there (unless a crawler's rules are compiled already): whether a crawler is shut out of the whole
 * site is asked of files of 50 000 rules at every edit (the AI training actions).
 */
export function decideRoot(model: RobotsModel, crawlers: readonly (CrawlerProfile | string)[]): Int32Array {
	const decisions = new Int32Array(crawlers.length);
	crawlers.forEach((crawler, column) => {
		const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
		const entry = prepared(model, profile);
		if (entry.reading.extent.kind === 'too-large') {
			decisions[column] = packDecision('allow', 'too-large', -1);
			return;
		}
		const rules = entry.root;
		const code = fileDecisions(rules)(rules.matcher.decideIndex('/'));
		decisions[column] = profile.ignoresRobotsTxt ? ignoring(code) : code;
	});
	return decisions;
}

/** The rules a crawler reads, as its parser compiled them (for comparing two versions of a file). */
export function rulesAs(model: RobotsModel, crawler: CrawlerProfile | string): readonly CompiledRule[] {
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const entry = prepared(model, profile);
	return entry.reading.extent.kind === 'too-large' ? [] : entry.prepared.matcher.rules;
}
