/**
 * "How does crawler X read this file?": the one answer every feature renders. A crawler reads with its dialect's
 * parser, stops where its documented size limit says, and follows the groups of its own token, else those of its
 * fallback tokens in order, else `*` (unless it ignores `*`), else none. The dialects underneath stay exactly as
 * they are; everything a crawler adds is here, and only here.
 */

import type { Dialect } from '../dialect';
import type { SizeLimit } from '../facts/crawlers';
import { selectGroups, type GroupSelection } from '../matching/agents';
import { utf8Length } from '../matching/encoding';
import { evaluatePrepared, prepareSelection, type AppliedGroup, type Evaluation, type Prepared } from '../matching/evaluate';
import { lexLine } from '../syntax/lexer';
import { RobotsModel } from '../syntax/parser';
import { crawlerProfile, type CrawlerProfile } from './profile';

/** How much of the file a crawler reads. */
export type ReadExtent =
	/** All of it. */
	| { readonly kind: 'whole'; readonly fileBytes: number }
	/** The first `limit` octets; the octet `limit` falls on `line`, `character` (0-based). */
	| { readonly kind: 'cut'; readonly limit: number; readonly fileBytes: number; readonly line: number; readonly character: number }
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

/** Readings and compiled rules per model: models are immutable, so a memo keyed by one is a function of it. */
const memo = new WeakMap<RobotsModel, Map<string, { reading: CrawlerReading; prepared: Prepared }>>();
/** The first `limit` octets of a model, per model and limit, for the same reason. */
const cuts = new WeakMap<RobotsModel, Map<number, { extent: ReadExtent; model: RobotsModel }>>();

/** How the crawler with `token` (or this profile) reads the file. */
export function readAs(model: RobotsModel, crawler: CrawlerProfile | string): CrawlerReading {
	return prepared(model, typeof crawler === 'string' ? crawlerProfile(crawler) : crawler).reading;
}

function prepared(model: RobotsModel, crawler: CrawlerProfile): { reading: CrawlerReading; prepared: Prepared } {
	let byKey = memo.get(model);
	if (!byKey) {
		byKey = new Map();
		memo.set(model, byKey);
	}
	const key = [
		crawler.token.toLowerCase(), crawler.dialect, crawler.fallback.join(','), crawler.ignoresGlobalGroup,
		crawler.sizeLimit?.bytes, crawler.sizeLimit?.beyond, crawler.honours.host, crawler.known, crawler.ownDialect,
	].join('\n');
	let entry = byKey.get(key);
	if (!entry) {
		entry = read(model, crawler);
		byKey.set(key, entry);
	}
	return entry;
}

function read(model: RobotsModel, crawler: CrawlerProfile): { reading: CrawlerReading; prepared: Prepared } {
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
	// Yandex's Host implies `Disallow: /` for other mirrors only for a crawler that still reads Host.
	const rules = prepareSelection(readModel, dialect, crawler.token, selection, crawler.honours.host === true);
	const reading: CrawlerReading = {
		crawler,
		dialect,
		extent,
		model: readModel,
		follows,
		...(token !== undefined ? { token } : {}),
		tried,
		groups: rules.groups,
		skippedGlobal,
		selection,
	};
	return { reading, prepared: rules };
}

/** What a crawler with this limit reads of the model. */
function extentOf(model: RobotsModel, limit: SizeLimit | null): { extent: ReadExtent; model: RobotsModel } {
	if (limit === null) {
		return { extent: { kind: 'whole', fileBytes: fileBytes(model) }, model };
	}
	let byLimit = cuts.get(model);
	if (!byLimit) {
		byLimit = new Map();
		cuts.set(model, byLimit);
	}
	const key = limit.beyond === 'truncate' ? limit.bytes : -limit.bytes - 1;
	let found = byLimit.get(key);
	if (!found) {
		found = cut(model, limit);
		byLimit.set(key, found);
	}
	return found;
}

/** The file's size in octets of UTF-8 (escaped raw bytes count one each). */
function fileBytes(model: RobotsModel): number {
	let total = 0;
	for (const text of model.lineTexts) {
		total += utf8Length(text);
	}
	return total;
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
	let before = 0;
	for (let line = 0; line < texts.length; line++) {
		const size = utf8Length(texts[line]);
		if (before + size > limit.bytes) {
			const total = before + size + fileBytesFrom(model, line + 1);
			if (limit.beyond === 'allow-all') {
				return { extent: { kind: 'too-large', limit: limit.bytes, fileBytes: total }, model };
			}
			const character = charactersWithin(texts[line], limit.bytes - before);
			const partial = texts[line].slice(0, character);
			const lines = model.lines.slice(0, line);
			const lineTexts = texts.slice(0, line);
			lines.push(lexLine(partial, 0, line === 0));
			lineTexts.push(partial);
			return {
				extent: { kind: 'cut', limit: limit.bytes, fileBytes: total, line, character },
				model: RobotsModel.fromLines(lines, lineTexts),
			};
		}
		before += size;
	}
	return { extent: { kind: 'whole', fileBytes: before }, model };
}

function fileBytesFrom(model: RobotsModel, line: number): number {
	let total = 0;
	for (let i = line; i < model.lineTexts.length; i++) {
		total += utf8Length(model.lineTexts[i]);
	}
	return total;
}

/** How many UTF-16 units of `text` fit in `octets` octets of UTF-8, never splitting a character. */
function charactersWithin(text: string, octets: number): number {
	let used = 0;
	for (let i = 0; i < text.length; i++) {
		const width = utf8Length(text.slice(i, isPair(text, i) ? i + 2 : i + 1));
		if (used + width > octets) {
			return i;
		}
		used += width;
		if (isPair(text, i)) {
			i++;
		}
	}
	return text.length;
}

function isPair(text: string, i: number): boolean {
	const code = text.charCodeAt(i);
	return code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
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
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const entry = prepared(model, profile);
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
