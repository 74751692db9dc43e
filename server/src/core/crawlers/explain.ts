/**
 * The words for a crawler's reading and verdict, written once so that Test URL, hovers, lenses, diagnostics and the
 * CLI say the same thing in the same way. Plain text with `code` spans; callers that render markdown escape it.
 */

import { dialectNames, isRecordDialect, type Dialect } from '../dialect';
import type { CrawlerFact } from '../facts/crawlers';
import type { CrawlerProfile } from './profile';
import type { CrawlerEvaluation, CrawlerReading } from './reading';

/** At most this many names are listed before "and N more". */
export const maxListed = 5;

/** `a`, `a and b`, `a, b and c`, `a, b, c, d, e and 7 more`. */
export function listNames(names: readonly string[], max = maxListed): string {
	if (names.length <= 1) {
		return names.join('');
	}
	if (names.length <= max) {
		return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
	}
	return `${names.slice(0, max).join(', ')} and ${(names.length - max).toLocaleString('en')} more`;
}

/** Octets for people: `512 000 bytes (500 KiB)`, `3.7 MB`. */
export function formatBytes(bytes: number): string {
	if (bytes < 10_000) {
		return `${bytes.toLocaleString('en')} bytes`;
	}
	if (bytes < 1_000_000) {
		return `${(bytes / 1024).toFixed(bytes % 1024 === 0 ? 0 : 1)} KiB`;
	}
	return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "(Google documents this)", or "(our assumption: …)" for a fact no public source we checked states. */
export function provenance(crawler: CrawlerProfile, fact: CrawlerFact): string {
	if (!crawler.known) {
		return '(assumed: we do not know this crawler)';
	}
	return crawler.assumed.includes(fact) ? '(our assumption: no public source checked)' : `(${crawler.owner} documents this)`;
}

/** Which parser the crawler runs, when that needs saying: assumed for unknown tokens, or chosen instead of its own. */
export function parserNote(crawler: CrawlerProfile): string | undefined {
	if (!crawler.known) {
		return `${crawler.token} is not a crawler we know: read as ${isRecordDialect(crawler.dialect) ? 'a' : 'an'} ${dialectNames[crawler.dialect]} parser${crawler.dialect === 'rfc9309' ? ' (the standard)' : ''}.`;
	}
	if (crawler.ownDialect !== undefined) {
		return `Read as the ${dialectNames[crawler.dialect]} parser instead of ${crawler.token}'s own (${dialectNames[crawler.ownDialect]}).`;
	}
	return undefined;
}

/** Lines as people count them. */
function lines(numbers: readonly number[]): string {
	const shown = listNames(numbers.map((line) => String(line + 1)));
	return `line${numbers.length > 1 ? 's' : ''} ${shown}`;
}

/** What the crawler reads of the file, when it does not read all of it. */
export function describeExtent(reading: CrawlerReading): string | undefined {
	const { extent, crawler } = reading;
	switch (extent.kind) {
		case 'whole':
			return undefined;
		case 'cut':
			return `${crawler.token} reads only the first ${formatBytes(extent.limit)} of this ${formatBytes(extent.fileBytes)} file ${provenance(crawler, 'sizeLimit')}: ` +
				`from line ${extent.line + 1}${extent.character > 0 ? `, character ${extent.character + 1}` : ''} on, nothing counts for it.`;
		case 'too-large':
			return `This file is ${formatBytes(extent.fileBytes)}, over ${crawler.token}'s limit of ${formatBytes(extent.limit)}, and a file over it counts as allowing everything ${provenance(crawler, 'sizeLimit')}.`;
	}
}

/** Why a User-agent value other than the crawler's token names it, per dialect. */
const valueMatch: Readonly<Record<Dialect, string>> = {
	rfc9309: 'the same token, compared case-insensitively',
	google: 'Google reads only the value\'s leading letters, `-` and `_`',
	yandex: 'Yandex robots follow the longest User-agent value their name starts with',
	draft1996: 'first-match robots take the first record whose value is part of their name',
	original1994: 'first-match robots take the first record whose value is part of their name',
};

/** The User-agent values that name a crawler following its own token, other than the token itself. */
export function otherValues(reading: CrawlerReading): string[] {
	const token = reading.crawler.token.toLowerCase();
	return [...new Set(reading.groups.map((group) => group.token))].filter((value) => value.toLowerCase() !== token);
}

/** Why a value other than the crawler's token names it in the reading's parser. */
export function valueMatchNote(reading: CrawlerReading): string {
	return valueMatch[reading.dialect];
}

/** Whose groups the crawler follows and why, as one sentence without the crawler's name in front. */
export function describeFollowing(reading: CrawlerReading): string {
	const { crawler } = reading;
	const merged = reading.groups.length > 1 ? ` (${reading.groups.length} groups merged)` : '';
	const at = lines(reading.groups.map((group) => group.line));
	switch (reading.follows) {
		case 'own-token': {
			const values = otherValues(reading);
			return values.length === 0
				? `it follows its own group at ${at}${merged}`
				: `it follows the group for ${values.map((value) => `"${value}"`).join(', ')} at ${at}${merged} (${valueMatch[reading.dialect]})`;
		}
		case 'fallback-token':
			return `no group names ${crawler.token}, so it follows the group for its fallback token "${reading.token}" at ${at}${merged} ${provenance(crawler, 'fallback')}`;
		case 'global': {
			const names = [crawler.token, ...reading.tried.filter((token) => token !== crawler.token)];
			return `no group names ${listNames(names.map((name) => `"${name}"`)).replace(' and ', ' or ')}, so it follows "User-agent: *" at ${at}${merged}`;
		}
		case 'none':
			if (reading.extent.kind === 'too-large') {
				return 'it reads no group';
			}
			if (reading.skippedGlobal.length > 0) {
				return `no group names ${crawler.token} and it ignores "User-agent: *" ${provenance(crawler, 'ignoresGlobalGroup')}, so no group applies`;
			}
			return `no group names ${crawler.token} and there is no "User-agent: *", so no group applies`;
	}
}

/** The reading in full: the parser note, the extent, and whose groups it follows. */
export function describeReading(reading: CrawlerReading): string {
	const parts = [parserNote(reading.crawler), describeExtent(reading), capitalise(describeFollowing(reading)) + '.'];
	return parts.filter((part): part is string => part !== undefined).join(' ');
}

/** `ALLOWED` or `DISALLOWED`. */
export function verdictWord(verdict: 'allow' | 'disallow'): string {
	return verdict === 'allow' ? 'ALLOWED' : 'DISALLOWED';
}

const maxRuleText = 80;

/** A rule's text as it appears in one line of an answer. */
export function ruleText(text: string): string {
	return text.length > maxRuleText ? text.slice(0, maxRuleText - 1) + '…' : text;
}

/** What decided, without the verdict: "by line 3 `Disallow: /x` (the longest matching rule)". */
export function describeDecision(evaluation: CrawlerEvaluation): string {
	const rule = evaluation.rule;
	switch (evaluation.reason) {
		case 'too-large':
			return 'because the file is over its size limit';
		case 'ignores-robots-txt':
			return `because ${evaluation.crawler.token} does not follow robots.txt ${provenance(evaluation.crawler, 'ignoresRobotsTxt')}` +
				(rule ? `; the file would ${evaluation.fileVerdict === 'allow' ? 'allow' : 'disallow'} it by line ${rule.line + 1} \`${ruleText(rule.text)}\`` : '');
		case 'robots-txt':
			return 'because /robots.txt itself is always allowed';
		case 'no-group':
			return 'because no group applies to it';
		case 'no-matching-rule':
			return 'because no rule of the group it follows matches';
		case 'rule': {
			const where = `line ${rule!.line + 1} \`${ruleText(rule!.text)}\``;
			switch (rule!.implied) {
				case 'host':
					return `by the Host on ${where}, which names another mirror`;
				case 'index-html':
					return `by ${where}, whose index.htm page Google also allows as its directory`;
				case 'empty-disallow':
					return `by ${where}: an empty Disallow allows everything`;
				default:
					return `by ${where} (${isRecordDialect(evaluation.reading.dialect) ? 'the first rule that matches' : 'the longest matching rule'})`;
			}
		}
	}
}

/**
 * The verdict and what decided it, then whose groups the crawler follows: "DISALLOWED by line 3 `Disallow: /x` (the
 * longest matching rule); it follows its own group at line 1", or, when no rule decides, "ALLOWED: it follows its
 * own group at line 1, and none of its rules matches".
 */
export function verdictSentence(evaluation: CrawlerEvaluation): string {
	const verdict = verdictWord(evaluation.verdict);
	switch (evaluation.reason) {
		case 'no-group':
			return `${verdict}: ${describeFollowing(evaluation.reading)}`;
		case 'no-matching-rule':
			return `${verdict}: ${describeFollowing(evaluation.reading)}, and none of its rules matches`;
		case 'too-large':
			return `${verdict} ${describeDecision(evaluation)}`;
		default:
			return `${verdict} ${describeDecision(evaluation)}; ${describeFollowing(evaluation.reading)}`;
	}
}

/** The whole answer in a sentence or three: "Googlebot: DISALLOWED by line 3 …; it follows its own group at line 1." */
export function explainEvaluation(evaluation: CrawlerEvaluation): string {
	const { crawler, reading } = evaluation;
	const notes = [parserNote(crawler), describeExtent(reading)].filter((part): part is string => part !== undefined);
	const control = crawler.controlToken
		? ` ${crawler.token} is a control token: it fetches nothing itself, and this verdict decides whether ${crawler.owner} may use the page for the purpose it names.`
		: '';
	return `${crawler.token || '(empty agent)'}: ${verdictSentence(evaluation)}.${control}${notes.length > 0 ? ' ' + notes.join(' ') : ''}`;
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
