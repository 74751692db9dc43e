/**
 * The verdict alone, for crawlers that ask millions of times: a `Matcher` holds one agent's compiled rules in one
 * dialect and answers `isAllowed(url)` by reading the path in place. A path already in the dialect's comparison form
 * (no `%`, nothing non-ASCII, and for RFC 9309 nothing it would encode) allocates nothing; `evaluate()` asks the same
 * object for its deciding rule, so the two never disagree.
 */

import type { Dialect } from '../dialect';
import { draftPlainPathEnd, normalizeDraft, normalizeRfc, rfcPlainPathEnd } from './encoding';
import type { YandexHost } from './host';
import type { CompiledRule, RuleSet } from './rules';
import { asciiHost, effectivePort, pathStartOf, splitUrl } from './url';

/** Yandex's first valid Host, and the rule it implies. */
export interface HostRule {
	readonly host: YandexHost;
	/** Seed 002: a valid Host naming another mirror implies `Disallow: /` in the group. */
	readonly rule: CompiledRule;
}

/** The path as a dialect compares it. */
export function normalizePath(path: string, dialect: Dialect): string {
	switch (dialect) {
		case 'rfc9309':
		case 'yandex':
			return normalizeRfc(path, false);
		case 'google':
			// Google matches the URL as given: the caller must percent-encode it.
			return path;
		case 'draft1996':
		case 'original1994':
			return normalizeDraft(path);
	}
}

const robotsTxt = '/robots.txt';

/** Whether the raw path `text[start, end)` is `/robots.txt`, query aside. */
export function isRobotsTxtPath(text: string, start: number, end: number): boolean {
	const length = end - start;
	if (length < 11 || (length > 11 && text.charCodeAt(start + 11) !== 63)) {
		return false;
	}
	for (let i = 0; i < 11; i++) {
		if (text.charCodeAt(start + i) !== robotsTxt.charCodeAt(i)) {
			return false;
		}
	}
	return true;
}

/** `Matcher.decideIndex`: no rule matches the path. */
export const noRuleMatches = -1;
/** `Matcher.decideIndex`: the path is `/robots.txt`, which the dialect always allows. */
export const robotsTxtExempt = -2;
/** `Matcher.decideIndex`: Yandex's Host names another mirror, which implies `Disallow: /`. */
export const hostRuleDecides = -3;

/** One crawler's verdicts in one dialect; made by `compileMatcher`, reused for every URL. */
export class Matcher {
	/** RFC 9309 §2.2.2 and the 1996 draft §3.2.2: "/robots.txt" is always allowed (Google and Yandex have no such rule). */
	readonly exemptsRobotsTxt: boolean;

	/** @internal Made by `compileMatcher`; the constructor is not part of the API. */
	constructor(
		readonly dialect: Dialect,
		readonly agent: string,
		private readonly ruleSet: RuleSet,
		private readonly hostRule: HostRule | null,
	) {
		this.exemptsRobotsTxt = dialect !== 'google' && dialect !== 'yandex';
	}

	/** Whether the crawler may fetch `url` (a full URL, `host/path` or a path), exactly as `evaluate()` decides. */
	isAllowed(url: string): boolean {
		const index = this.decideIndex(url);
		return index === robotsTxtExempt || (index !== hostRuleDecides && (index < 0 || this.ruleSet.allows(index)));
	}

	/**
	 * What decides for `url`, as a number, without allocating for a plain path: the index in `rules` of the deciding
	 * rule, `noRuleMatches`, `robotsTxtExempt` (`/robots.txt` itself), or `hostRuleDecides` (Yandex's Host names
	 * another mirror). `isAllowed` and the crawler model's fast decide path both read it, so they cannot disagree.
	 * @internal
	 */
	decideIndex(url: string): number {
		let text = url;
		let start = pathStartOf(url);
		let end: number;
		if (start < 0) {
			text = '/';
			start = 0;
			end = 1;
		} else {
			end = this.plainEnd(url, start);
			if (end < 0 || url.charCodeAt(start) !== 47) {
				// Rewritten by the dialect, or `?query` or `;params` without a path (the path is `/` followed by them).
				const hash = url.indexOf('#', start);
				const raw = url.slice(start, hash < 0 ? url.length : hash);
				const path = raw.charCodeAt(0) === 47 ? raw : '/' + raw;
				text = normalizePath(path, this.dialect);
				start = 0;
				end = text.length;
				// The exemption compares the path as the dialect does: `/%72obots.txt` is `/robots.txt` (docs/semantics.md).
				if (this.exemptsRobotsTxt && isRobotsTxtPath(text, 0, end)) {
					return robotsTxtExempt;
				}
			} else if (this.exemptsRobotsTxt && isRobotsTxtPath(url, start, end)) {
				return robotsTxtExempt;
			}
		}
		const best = this.ruleSet.matchRange(text, start, end);
		if (this.hostRule && (best < 0 || weight(this.ruleSet.rules[best]) < 2) && this.isOtherMirror(url)) {
			return hostRuleDecides;
		}
		return best < 0 ? noRuleMatches : best;
	}

	/**
	 * The compiled rules `decideIndex` indexes.
	 * @internal
	 */
	get rules(): readonly CompiledRule[] {
		return this.ruleSet.rules;
	}

	/**
	 * The rule Yandex's Host implies, when the dialect reads Host and the file has a valid one.
	 * @internal
	 */
	get impliedHostRule(): CompiledRule | undefined {
		return this.hostRule?.rule;
	}

	/**
	 * Whether two matchers decide alike for every URL: the same compiled rules (shared by crawlers that follow the same
	 * groups in the same dialect) and the same Host.
	 * @internal
	 */
	decidesLike(other: Matcher): boolean {
		return this.ruleSet === other.ruleSet && this.dialect === other.dialect && this.hostRule === other.hostRule;
	}

	/**
	 * The rule that decides for `url`, whose path in the dialect's form is `path`; `/robots.txt` is the caller's.
	 * @internal
	 */
	decide(url: string, path: string): CompiledRule | undefined {
		const best = this.ruleSet.match(path);
		if (this.hostRule && (!best || weight(best) < 2) && this.isOtherMirror(url)) {
			// The implied `Disallow: /` weighs 1: a longer match, or an Allow of the same length, still wins.
			return this.hostRule.rule;
		}
		return best;
	}

	/** Where the path starting at `start` ends when the dialect compares it as it stands, else -1. */
	private plainEnd(url: string, start: number): number {
		switch (this.dialect) {
			case 'google': {
				const hash = url.indexOf('#', start);
				return hash < 0 ? url.length : hash;
			}
			case 'rfc9309':
			case 'yandex':
				return rfcPlainPathEnd(url, start);
			case 'draft1996':
			case 'original1994':
				return draftPlainPathEnd(url, start);
		}
	}

	/** Yandex: the URL names a host other than the Host mirror. */
	private isOtherMirror(url: string): boolean {
		const parts = splitUrl(url);
		const host = this.hostRule!.host;
		return parts.host !== undefined && (host.host !== asciiHost(parts.host) || host.port !== effectivePort(parts));
	}
}

function weight(rule: CompiledRule): number {
	return rule.priority * 2 + (rule.allow ? 1 : 0);
}
