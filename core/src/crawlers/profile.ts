/**
 * A crawler as the model reasons about it: a catalogue entry, or, for a token we do not know, an assumed profile
 * (the RFC 9309 parser, no fallback tokens, the RFC's minimum parsing limit) that says it is assumed.
 * A profile may be asked to read as another parser than its own (`dialect`), which the answers then say.
 */

import { allDialects, dialectName, type Dialect } from '../dialect';
import { crawlerFactNames, findCrawler, rfcMinimumSizeLimit, type CrawlerFacts } from '../facts/crawlers';
import { t } from '../l10n';
import { selectGroups } from '../matching/agents';
import type { RobotsModel } from '../syntax/parser';

export interface CrawlerProfile extends CrawlerFacts {
	/** Whether the token is in the catalogue; unknown tokens get an assumed profile. */
	readonly known: boolean;
	/** Set when the caller chose the parser instead of the crawler's own (the dialect it would have used). */
	readonly ownDialect?: Dialect;
}

/**
 * The profile of the crawler with this token (compared case-insensitively; the token is kept as given for unknown
 * crawlers). `dialect`, when given, replaces the parser the crawler runs; everything else it documents stays.
 */
export function crawlerProfile(token: string, dialect?: Dialect): CrawlerProfile {
	// A token with a version (`Python-urllib/3.11`) is the crawler before the slash.
	const slash = token.indexOf('/');
	const facts = findCrawler(token) ?? (slash > 0 ? findCrawler(token.slice(0, slash)) : undefined);
	if (facts) {
		if (dialect === undefined || dialect === facts.dialect) {
			return { ...facts, known: true };
		}
		return { ...facts, dialect, known: true, ownDialect: facts.dialect };
	}
	return {
		token,
		owner: 'unknown',
		category: 'other',
		description:
			dialect === undefined
				? t('A crawler we do not know: read as an RFC 9309 parser (the standard), with its own token only.')
				: t('A crawler we do not know: read as the {0} parser, with its own token only.', dialectName(dialect)),
		dialect: dialect ?? 'rfc9309',
		fallback: [],
		ignoresGlobalGroup: false,
		sizeLimit: rfcMinimumSizeLimit,
		honours: {},
		controlToken: false,
		ignoresRobotsTxt: false,
		fetch: 'rfc9309',
		sources: {},
		assumed: crawlerFactNames,
		known: false,
	};
}

/** The profiles of several tokens, without duplicates (case-insensitively), in the order given. */
export function crawlerProfiles(tokens: readonly string[]): CrawlerProfile[] {
	const seen = new Set<string>();
	const out: CrawlerProfile[] = [];
	for (const token of tokens) {
		const trimmed = token.trim();
		const key = trimmed.toLowerCase();
		if (trimmed !== '' && !seen.has(key)) {
			seen.add(key);
			out.push(crawlerProfile(trimmed));
		}
	}
	return out;
}

/**
 * The crawlers the files name: each User-agent value once (case-insensitively, `*` and empty values aside), in file
 * order, after the tokens given first; a token a family of robots accepts (`Yandex`) is named by the robot that
 * stands for it (`YandexBot`).
 */
export function crawlersNamedIn(models: readonly RobotsModel[], first: readonly string[] = []): string[] {
	const seen = new Set<string>();
	const out: string[] = [];
	const add = (value: string) => {
		const token = findCrawler(value)?.standsFor ?? value;
		const key = token.toLowerCase();
		if (token !== '' && token !== '*' && !seen.has(key)) {
			seen.add(key);
			out.push(token);
		}
	};
	first.forEach(add);
	for (const model of models) {
		for (let line = 0; line < model.lineCount; line++) {
			if (model.lines[line].directive === 'user-agent') {
				add(model.valueText(line));
			}
		}
	}
	return out;
}

const unnamedCandidates = ['AnyCrawler', 'SomeCrawler', 'OtherCrawler', 'UnlistedCrawler', 'GenericCrawler'];

/**
 * A crawler name that no group names in any dialect, so that it follows the `*` group everywhere. The 1996 draft
 * matches substrings, so a group for `bot` names every name containing it; the candidates are tried in turn, then
 * names made of one repeated letter. (An empty User-agent value names every crawler in the 1996 draft: no name helps.)
 */
export function unnamedCrawler(model: RobotsModel): string {
	const namesNone = (name: string) => allDialects.every((dialect) => selectGroups(model, dialect, name).kind !== 'specific');
	for (const candidate of unnamedCandidates) {
		if (namesNone(candidate)) {
			return candidate;
		}
	}
	for (const letter of 'QXZJKVW') {
		const candidate = letter.repeat(12);
		if (namesNone(candidate)) {
			return candidate;
		}
	}
	return unnamedCandidates[0];
}
