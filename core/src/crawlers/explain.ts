/**
 * The words for a crawler's reading and verdict, written once so that Test URL, hovers, lenses, diagnostics and the
 * CLI say the same thing in the same way. Plain text with `code` spans; callers that render markdown escape it.
 */

import { dialectName, isRecordDialect, type Dialect } from '../dialect';
import type { CrawlerFact } from '../facts/crawlers';
import { currentLocale, formatNumber, joinList, t } from '../l10n';
import { codeSpan } from '../markdown';
import type { CrawlerProfile } from './profile';
import type { CrawlerEvaluation, CrawlerReading, CrawlerReason } from './reading';
import { verdictWord } from '../verdict';

/** At most this many names are listed before "and N more". */
export const maxListed = 5;

/**
 * `a`, `a and b`, `a, b and c`, `a, b, c, d, e and 7 more`, joined as the configured language joins a list (the
 * "7 more" is the list's last item, so the language's conjunction comes before it).
 * @param total how many names there are, when `names` holds only the first ones (at least `max + 1` of them, or all).
 */
export function listNames(names: readonly string[], max = maxListed, total = names.length): string {
	if (total <= max) {
		return joinList(names);
	}
	return joinList([...names.slice(0, max), t('{0} more', formatNumber(total - max))]);
}

/** The same list with "or": `a, b or c`, for the names of which none applies. */
function listAlternatives(names: readonly string[], max = maxListed): string {
	const items = names.length <= max ? names : [...names.slice(0, max), t('{0} more', formatNumber(names.length - max))];
	if (items.length <= 1) {
		return items.join('');
	}
	const locale = currentLocale();
	if (locale === 'en' || locale.startsWith('en-')) {
		// The house style has no serial comma, which Intl's English list has.
		return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
	}
	try {
		return new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' }).format(items);
	} catch {
		return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
	}
}

/** A number with one decimal as the language writes it: `3.7` in English, `3,7` in Russian and Portuguese. */
function decimal(value: number, digits: number): string {
	const separator = formatNumber(1.5).replace(/\d/g, '') || '.';
	return value.toFixed(digits).replace('.', separator);
}

/** Octets for people: `512 000 bytes (500 KiB)`, `3.7 MB`. */
export function formatBytes(bytes: number): string {
	if (bytes < 10_000) {
		return t('{0} bytes', formatNumber(bytes));
	}
	if (bytes < 1_000_000) {
		return t('{0} KiB', decimal(bytes / 1024, bytes % 1024 === 0 ? 0 : 1));
	}
	return t('{0} MB', decimal(bytes / 1_000_000, 1));
}

/** "(Google documents this)", or "(our assumption: …)" for a fact no public source we checked states. */
export function provenance(crawler: CrawlerProfile, fact: CrawlerFact): string {
	if (!crawler.known) {
		return t('(assumed: we do not know this crawler)');
	}
	return crawler.assumed.includes(fact) ? t('(our assumption: no public source checked)') : t('({0} documents this)', crawler.owner);
}

/** Which parser the crawler runs, when that needs saying: assumed for unknown tokens, or chosen instead of its own. */
export function parserNote(crawler: CrawlerProfile): string | undefined {
	if (!crawler.known) {
		if (crawler.dialect === 'rfc9309') {
			return t('{0} is not a crawler we know: read as an RFC 9309 parser (the standard).', crawler.token);
		}
		return isRecordDialect(crawler.dialect)
			? t('{0} is not a crawler we know: read as a {1} parser.', crawler.token, dialectName(crawler.dialect))
			: t('{0} is not a crawler we know: read as an {1} parser.', crawler.token, dialectName(crawler.dialect));
	}
	if (crawler.ownDialect !== undefined) {
		return t("Read as the {0} parser instead of {1}'s own ({2}).", dialectName(crawler.dialect), crawler.token, dialectName(crawler.ownDialect));
	}
	return undefined;
}

/** Lines as people count them: `line 3`, `lines 3, 5 and 8`. */
export function lineNumbers(numbers: readonly number[]): string {
	// Only the lines shown are written out: the groups a crawler follows can be 17 000.
	const shown = listNames(
		numbers.slice(0, maxListed + 1).map((line) => String(line + 1)),
		maxListed,
		numbers.length,
	);
	return numbers.length > 1 ? t('lines {0}', shown) : t('line {0}', shown);
}

/** What the crawler reads of the file, when it does not read all of it. */
export function describeExtent(reading: CrawlerReading): string | undefined {
	const { extent, crawler } = reading;
	switch (extent.kind) {
		case 'whole':
			return undefined;
		case 'cut':
			return extent.character > 0
				? t(
						'{0} reads only the first {1} of this {2} file {3}: from line {4}, character {5} on, nothing counts for it.',
						crawler.token,
						formatBytes(extent.limit),
						formatBytes(extent.fileBytes),
						provenance(crawler, 'sizeLimit'),
						extent.line + 1,
						extent.character + 1,
					)
				: t(
						'{0} reads only the first {1} of this {2} file {3}: from line {4} on, nothing counts for it.',
						crawler.token,
						formatBytes(extent.limit),
						formatBytes(extent.fileBytes),
						provenance(crawler, 'sizeLimit'),
						extent.line + 1,
					);
		case 'too-large':
			return t(
				"This file is {0}, over {1}'s limit of {2}, and a file over it counts as allowing everything {3}.",
				formatBytes(extent.fileBytes),
				crawler.token,
				formatBytes(extent.limit),
				provenance(crawler, 'sizeLimit'),
			);
	}
}

/** Why a User-agent value other than the crawler's token names it, per dialect. */
function valueMatch(dialect: Dialect): string {
	switch (dialect) {
		case 'rfc9309':
			return t('the same token, compared case-insensitively');
		case 'google':
			return t("Google reads only the value's leading letters, `-` and `_`");
		case 'yandex':
			return t('Yandex robots follow the longest User-agent value their name starts with');
		case 'draft1996':
		case 'original1994':
			return t('first-match robots take the first record whose value is part of their name');
	}
}

/** The User-agent values that name a crawler following its own token, other than the token itself. */
export function otherValues(reading: CrawlerReading): string[] {
	const token = reading.crawler.token.toLowerCase();
	return [...new Set(reading.groups.map((group) => group.token))].filter((value) => value.toLowerCase() !== token);
}

/** Why a value other than the crawler's token names it in the reading's parser. */
export function valueMatchNote(reading: CrawlerReading): string {
	return valueMatch(reading.dialect);
}

/** Whose groups the crawler follows and why, as one sentence without the crawler's name in front. */
export function describeFollowing(reading: CrawlerReading): string {
	const { crawler } = reading;
	const merged = reading.groups.length > 1 ? ' ' + t('({0} groups merged)', formatNumber(reading.groups.length)) : '';
	const at = lineNumbers(reading.groups.map((group) => group.line));
	switch (reading.follows) {
		case 'own-token': {
			const values = otherValues(reading);
			return values.length === 0
				? t('it follows its own group at {0}{1}', at, merged)
				: t('it follows the group for {0} at {1}{2} ({3})', values.map((value) => `"${value}"`).join(', '), at, merged, valueMatch(reading.dialect));
		}
		case 'fallback-token':
			return t(
				'no group names {0}, so it follows the group for its fallback token "{1}" at {2}{3} {4}',
				crawler.token,
				reading.token ?? '',
				at,
				merged,
				provenance(crawler, 'fallback'),
			);
		case 'global': {
			const names = [crawler.token, ...reading.tried.filter((token) => token !== crawler.token)];
			return t('no group names {0}, so it follows "User-agent: *" at {1}{2}', listAlternatives(names.map((name) => `"${name}"`)), at, merged);
		}
		case 'none':
			if (reading.extent.kind === 'too-large') {
				return t('it reads no group');
			}
			if (reading.skippedGlobal.length > 0) {
				return t('no group names {0} and it ignores "User-agent: *" {1}, so no group applies', crawler.token, provenance(crawler, 'ignoresGlobalGroup'));
			}
			return t('no group names {0} and there is no "User-agent: *", so no group applies', crawler.token);
	}
}

/** The reading in full: the parser note, the extent, and whose groups it follows. */
export function describeReading(reading: CrawlerReading): string {
	const parts = [parserNote(reading.crawler), describeExtent(reading), capitalise(describeFollowing(reading)) + '.'];
	return parts.filter((part): part is string => part !== undefined).join(' ');
}

export { verdictWord } from '../verdict';

const maxRuleText = 80;

/**
 * How a parser's robots are named where no target crawler runs it: `brief` in diagnostics, `named` (hovers) says how
 * the 1996 draft matches, `examples` (Test URL) names who still reads that way.
 */
export function parserRobots(dialect: Dialect, style: 'brief' | 'named' | 'examples' = 'named'): string {
	switch (dialect) {
		case 'rfc9309':
			return t('RFC 9309 parsers');
		case 'google':
			return t("Google's parser");
		case 'yandex':
			return t("Yandex's parser");
		case 'draft1996':
			return style === 'brief'
				? t('1996-draft robots')
				: style === 'examples'
					? t("first-match parsers (the 1996 draft, Python's urllib.robotparser)")
					: t('1996-draft (first-match) parsers');
		case 'original1994':
			return style === 'brief' ? t('1994 robots') : t('1994-standard parsers');
	}
}

/** A rule's text as it appears in one line of an answer. */
export function ruleText(text: string): string {
	return text.length > maxRuleText ? text.slice(0, maxRuleText - 1) + '…' : text;
}

/** Why a verdict is what it is when no rule decides, in a few words; '' for a deciding rule. */
export function reasonWords(reason: CrawlerReason): string {
	switch (reason) {
		case 'rule':
			return '';
		case 'no-matching-rule':
			return t('no rule of its group matches');
		case 'no-group':
			return t('no group applies');
		case 'robots-txt':
			return t('/robots.txt is always allowed');
		case 'too-large':
			return t('the file is over its size limit');
		case 'ignores-robots-txt':
			return t('it does not follow robots.txt');
	}
}

/** What decided, without the verdict: "by line 3 `Disallow: /x` (the longest matching rule)". */
export function describeDecision(evaluation: CrawlerEvaluation): string {
	const rule = evaluation.rule;
	switch (evaluation.reason) {
		case 'too-large':
			return t('because the file is over its size limit');
		case 'ignores-robots-txt': {
			const because = t('because {0} does not follow robots.txt {1}', evaluation.crawler.token, provenance(evaluation.crawler, 'ignoresRobotsTxt'));
			if (!rule) {
				return because;
			}
			const code = codeSpan(ruleText(rule.text));
			return evaluation.fileVerdict === 'allow'
				? t('{0}; the file would allow it by line {1} {2}', because, rule.line + 1, code)
				: t('{0}; the file would disallow it by line {1} {2}', because, rule.line + 1, code);
		}
		case 'robots-txt':
			return t('because /robots.txt itself is always allowed');
		case 'no-group':
			return t('because no group applies to it');
		case 'no-matching-rule':
			return t('because no rule of the group it follows matches');
		case 'rule': {
			const line = rule!.line + 1;
			const code = codeSpan(ruleText(rule!.text));
			switch (rule!.implied) {
				case 'host':
					return t('by the Host on line {0} {1}, which names another mirror', line, code);
				case 'index-html':
					return t('by line {0} {1}, whose index.htm page Google also allows as its directory', line, code);
				case 'empty-disallow':
					return t('by line {0} {1}: an empty Disallow allows everything', line, code);
				default:
					return isRecordDialect(evaluation.reading.dialect)
						? t('by line {0} {1} (the first rule that matches)', line, code)
						: t('by line {0} {1} (the longest matching rule)', line, code);
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
			return t('{0}: {1}, and none of its rules matches', verdict, describeFollowing(evaluation.reading));
		case 'too-large':
			return `${verdict} ${describeDecision(evaluation)}`;
		default:
			return t('{0} {1}; {2}', verdict, describeDecision(evaluation), describeFollowing(evaluation.reading));
	}
}

/** The whole answer in a sentence or three: "Googlebot: DISALLOWED by line 3 …; it follows its own group at line 1." */
export function explainEvaluation(evaluation: CrawlerEvaluation): string {
	const { crawler, reading } = evaluation;
	const notes = [parserNote(crawler), describeExtent(reading)].filter((part): part is string => part !== undefined);
	const control = crawler.controlToken
		? ' '
			+ t(
				'{0} is a control token: it fetches nothing itself, and this verdict decides whether {1} may use the page for the purpose it names.',
				crawler.token,
				crawler.owner,
			)
		: '';
	return t('{0}: {1}.', crawler.token || t('(empty agent)'), verdictSentence(evaluation)) + control + (notes.length > 0 ? ' ' + notes.join(' ') : '');
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
