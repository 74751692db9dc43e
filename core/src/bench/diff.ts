/**
 * What an edit changes: two versions of a robots.txt compared through the crawler model. For each crawler, whether the
 * rules it reads changed (whose groups it follows, which rules, in the order that matters to its parser); for URLs,
 * given or probed from both files' rules, which verdicts flip, with the deciding line on each side. Rules are compared
 * as the crawler's parser compiles them, so reordering (where precedence is by length), comments, blank lines and
 * formatting change nothing and report nothing.
 */

import { describeExtent, describeFollowing, ruleText } from '../crawlers/explain';
import { crawlerProfile, crawlersNamedIn, type CrawlerProfile } from '../crawlers/profile';
import { decideTable, isAllowedDecision, readAs, rulesAs, unpackDecision, type CrawlerReason, type PackedDecision } from '../crawlers/reading';
import { isRecordDialect } from '../dialect';
import { formatNumber, t } from '../l10n';
import type { CompiledRule } from '../matching/rules';
import type { RobotsModel } from '../syntax/parser';

/** A rule line in one version. */
interface RuleLine {
	/** 0-based. */
	readonly line: number;
	readonly text: string;
}

/** How one crawler's reading changed. */
interface ReadingChange {
	readonly crawler: string;
	/** Whose groups it follows in each version, when that changed (else both undefined). */
	readonly followsBefore?: string;
	readonly followsAfter?: string;
	/** How much of each version it reads, when that changed: the file grew past (or shrank below) its size limit. */
	readonly extentBefore?: string;
	readonly extentAfter?: string;
	/** Rules it reads only in the new version, and only in the old one. */
	readonly added: readonly RuleLine[];
	readonly removed: readonly RuleLine[];
	/** Set when the same rules are read in another order, which a first-match parser cares about. */
	readonly reordered: boolean;
}

/** A verdict in one version. */
export interface DecisionSide {
	readonly verdict: 'allow' | 'disallow';
	readonly reason: CrawlerReason;
	/** The deciding line, 0-based, or -1. */
	readonly line: number;
	/** That line's text, or null. */
	readonly text: string | null;
}

interface VerdictFlip {
	readonly url: string;
	readonly crawler: string;
	readonly before: DecisionSide;
	readonly after: DecisionSide;
}

export interface RobotsDiff {
	readonly crawlers: readonly string[];
	/** The URLs compared, and whether they were probed from the rules (no URLs given). */
	readonly urls: readonly string[];
	readonly probed: boolean;
	readonly changes: readonly ReadingChange[];
	readonly flips: readonly VerdictFlip[];
}

interface DiffOptions {
	/** The crawlers to compare; default: `defaultDiffCrawlers(before, after, targets)`. */
	readonly crawlers: readonly string[];
	/** URLs to compare; without them, `probeUrls(before, after)`. */
	readonly urls?: readonly string[];
}

/** The crawlers a diff is for by default: the target crawlers and every crawler either version names (`*` aside). */
export function defaultDiffCrawlers(before: RobotsModel, after: RobotsModel, targets: readonly string[]): string[] {
	return crawlersNamedIn([before, after], targets);
}

/** Compares two versions of a file for the given crawlers and URLs. */
export function diffRobots(before: RobotsModel, after: RobotsModel, options: DiffOptions): RobotsDiff {
	const profiles = options.crawlers.map((token) => crawlerProfile(token));
	const changes = profiles.map((profile) => readingChange(before, after, profile)).filter((change): change is ReadingChange => change !== undefined);
	const probed = options.urls === undefined;
	const urls = options.urls ?? probeUrls(before, after);
	return { crawlers: profiles.map((profile) => profile.token), urls, probed, changes, flips: verdictFlips(before, after, profiles, urls) };
}

/** The verdicts that differ between the versions, URL by URL, crawler by crawler. */
export function verdictFlips(before: RobotsModel, after: RobotsModel, profiles: readonly CrawlerProfile[], urls: readonly string[]): VerdictFlip[] {
	const old = decideTable(before, profiles, urls);
	const now = decideTable(after, profiles, urls);
	const flips: VerdictFlip[] = [];
	const columns = profiles.length;
	for (let row = 0; row < urls.length; row++) {
		for (let column = 0; column < columns; column++) {
			const a = old[row * columns + column];
			const b = now[row * columns + column];
			if (isAllowedDecision(a) !== isAllowedDecision(b)) {
				flips.push({ url: urls[row], crawler: profiles[column].token, before: side(before, a), after: side(after, b) });
			}
		}
	}
	return flips;
}

function side(model: RobotsModel, code: PackedDecision): DecisionSide {
	const decision = unpackDecision(code);
	return {
		verdict: decision.verdict,
		reason: decision.reason,
		line: decision.line,
		text: decision.line >= 0 && decision.line < model.lineCount ? ruleText(model.lineText(decision.line).trim()) : null,
	};
}

/** A compiled rule as its parser compares it, without its line. */
function ruleKey(rule: CompiledRule): string {
	return `${rule.allow ? 'A' : 'D'}\n${rule.normalized}\n${rule.implied ?? ''}`;
}

/** How a crawler's reading differs between the versions, or undefined when it reads the same rules the same way. */
function readingChange(before: RobotsModel, after: RobotsModel, profile: CrawlerProfile): ReadingChange | undefined {
	const readBefore = readAs(before, profile);
	const readAfter = readAs(after, profile);
	const rulesBefore = rulesAs(before, profile);
	const rulesAfter = rulesAs(after, profile);
	const keysBefore = rulesBefore.map(ruleKey);
	const keysAfter = rulesAfter.map(ruleKey);
	// Where the longest match wins, order decides nothing (ties go by weight, then to Allow); first-match parsers differ.
	const ordered = isRecordDialect(readBefore.dialect);
	const sameRules = ordered
		? keysBefore.length === keysAfter.length && keysBefore.every((key, i) => key === keysAfter[i])
		: sameMultiset(keysBefore, keysAfter);
	const sameFollowing =
		readBefore.follows === readAfter.follows
		&& readBefore.token === readAfter.token
		&& readBefore.extent.kind === readAfter.extent.kind
		&& hostOf(before, rulesBefore) === hostOf(after, rulesAfter);
	if (sameRules && sameFollowing) {
		return undefined;
	}
	const added = difference(rulesAfter, keysAfter, keysBefore).map((rule) => ruleLine(after, rule));
	const removed = difference(rulesBefore, keysBefore, keysAfter).map((rule) => ruleLine(before, rule));
	const followingChanged = readBefore.follows !== readAfter.follows || readBefore.token !== readAfter.token;
	const extentChanged = readBefore.extent.kind !== readAfter.extent.kind;
	return {
		crawler: profile.token,
		...(followingChanged ? { followsBefore: describeFollowing(readBefore), followsAfter: describeFollowing(readAfter) } : {}),
		...(extentChanged
			? { extentBefore: describeExtent(readBefore) ?? t('It read the whole file.'), extentAfter: describeExtent(readAfter) ?? t('It reads the whole file.') }
			: {}),
		added,
		removed,
		reordered: !sameRules && added.length === 0 && removed.length === 0,
	};
}

/** Yandex's Host, which implies a rule of its own: the host it names. */
function hostOf(model: RobotsModel, rules: readonly CompiledRule[]): string {
	const host = rules.find((rule) => rule.implied === 'host');
	return host ? model.valueText(host.line) : '';
}

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
	if (a.length !== b.length) {
		return false;
	}
	const counts = new Map<string, number>();
	for (const key of a) {
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	for (const key of b) {
		const count = counts.get(key);
		if (!count) {
			return false;
		}
		counts.set(key, count - 1);
	}
	return true;
}

/** The rules whose keys are in `keys` more often than in `other` (each extra occurrence once). */
function difference(rules: readonly CompiledRule[], keys: readonly string[], other: readonly string[]): CompiledRule[] {
	const available = new Map<string, number>();
	for (const key of other) {
		available.set(key, (available.get(key) ?? 0) + 1);
	}
	const out: CompiledRule[] = [];
	const seenLines = new Set<number>();
	rules.forEach((rule, i) => {
		const count = available.get(keys[i]) ?? 0;
		if (count > 0) {
			available.set(keys[i], count - 1);
		} else if (!seenLines.has(rule.line)) {
			// One line can compile to two rules (Google's index.html); it is listed once.
			seenLines.add(rule.line);
			out.push(rule);
		}
	});
	return out;
}

function ruleLine(model: RobotsModel, rule: CompiledRule): RuleLine {
	return { line: rule.line, text: ruleText(model.lineText(rule.line).trim()) };
}

/**
 * URLs that tell two versions apart, derived from both files' rules: for each Allow and Disallow value, the shortest
 * path it matches (`*` as nothing, without the final `$`), the path with each `*` as one character, and for a pattern
 * anchored with `$`, one character more (which the anchor refuses). Paths where two rules' boundaries lie are what a
 * change of rules can flip; `/` is always probed. In file order, old file first, without duplicates.
 */
export function probeUrls(before: RobotsModel, after: RobotsModel): string[] {
	const probes = new Set<string>(['/']);
	for (const model of [before, after]) {
		for (let line = 0; line < model.lineCount; line++) {
			const node = model.lines[line];
			const isRule = node.directive === 'allow' || node.directive === 'disallow' || node.googleDirective === 'allow' || node.googleDirective === 'disallow';
			if (!isRule) {
				continue;
			}
			let value = model.valueText(line);
			if (value === '') {
				continue;
			}
			if (value[0] !== '/' && value[0] !== '*') {
				value = '/' + value;
			}
			const anchored = value.endsWith('$');
			const body = anchored ? value.slice(0, -1) : value;
			const shortest = body.replace(/\*/g, '');
			probes.add(shortest.startsWith('/') ? shortest : '/' + shortest);
			if (body.includes('*')) {
				const filled = body.replace(/\*/g, 'x');
				probes.add(filled.startsWith('/') ? filled : '/' + filled);
			}
			if (anchored) {
				probes.add((shortest.startsWith('/') ? shortest : '/' + shortest) + 'x');
			}
		}
	}
	// Copies, not slices of the file's text: a probe outlives the file in whatever keeps the last string a regular
	// expression read (V8 keeps it for RegExp.input), and a slice would keep the whole text alive with it.
	return [...probes].map(detach);
}

/** A copy of a string that does not share the storage of the string it was cut from. */
export function detach(text: string): string {
	return (text + ' ').slice(0, -1);
}

/** At most this many rules are listed per side in a change's summary. */
const maxListedRules = 5;

/** A reading change in a sentence or two, for the test bench and the CLI. */
export function describeChange(change: ReadingChange): string {
	const parts: string[] = [];
	// A sentence's full stop, English or Chinese, goes: the clause continues in parentheses.
	const clause = (text: string | undefined) => (text ?? '').replace(/[.。]$/, '');
	if (change.extentAfter !== undefined) {
		parts.push(t('{0} (before: {1})', clause(change.extentAfter), clause(change.extentBefore)));
	}
	if (change.followsAfter !== undefined) {
		parts.push(t('now {0} (before, {1})', change.followsAfter, change.followsBefore ?? ''));
	}
	const list = (rules: readonly RuleLine[], added: boolean) => {
		const shown = rules
			.slice(0, maxListedRules)
			.map((rule) => (added ? t('+ new line {0} {1}', rule.line + 1, `\`${rule.text}\``) : t('- old line {0} {1}', rule.line + 1, `\`${rule.text}\``)));
		if (rules.length > maxListedRules) {
			shown.push(t('and {0} more', formatNumber(rules.length - maxListedRules)));
		}
		return shown.join(', ');
	};
	if (change.added.length > 0) {
		const count = formatNumber(change.added.length);
		parts.push(
			change.added.length === 1
				? t('reads {0} new rule: {1}', count, list(change.added, true))
				: t('reads {0} new rules: {1}', count, list(change.added, true)),
		);
	}
	if (change.removed.length > 0) {
		const count = formatNumber(change.removed.length);
		parts.push(
			change.removed.length === 1
				? t('no longer reads {0} rule: {1}', count, list(change.removed, false))
				: t('no longer reads {0} rules: {1}', count, list(change.removed, false)),
		);
	}
	if (change.reordered) {
		parts.push(t('reads the same rules in another order, and its parser takes the first that matches'));
	}
	return `${change.crawler}: ${parts.join('; ')}.`;
}
