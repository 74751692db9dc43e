/**
 * The checks of one rule set (one meta content or one X-Robots-Tag value): its separators, its crawler prefixes and
 * names, each directive's name and value, and whether the engines it addresses read the directive.
 */

import { findCrawler } from '../../facts/crawlers';
import { t } from '../../l10n';
import { carriedBy, type RobotsDirectiveFacts, type SearchEngine, searchEngineNames, suggestRobotsDirective, supportOf } from '../directives';
import { addressOf, type RobotsRuleSet } from '../effective';
import { type CrawlerAddress, engineOfCrawler, resolveRobotsName, suggestRobotsName, type TypoBudget } from '../names';
import type { OddSeparator, ParsedDirective, Span } from '../parse';
import type { MetaAnalysisOptions, Report } from '../report';
import { sentences } from '../text';

export function reportUnknownName(
	name: string,
	start: number,
	end: number,
	quoted: boolean,
	report: Report,
	where: 'meta' | 'header',
	budget: TypoBudget,
): void {
	const suggestion = suggestRobotsName(name, budget);
	if (suggestion) {
		const crawler = findCrawler(suggestion);
		const spelled = crawler ? (where === 'meta' ? crawler.token.toLowerCase() : crawler.token) : suggestion;
		const replacement = quoted ? `"${spelled}"` : spelled;
		report({
			code: 'misspelt-crawler-name',
			start,
			end,
			message:
				where === 'meta'
					? t("No crawler is called '{0}'; did you mean '{1}'? As written, name=\"{0}\" addresses no crawler, so its rules apply to none.", name, spelled)
					: t("No crawler is called '{0}'; did you mean '{1}'? As written, the prefix '{0}:' addresses no crawler, so its rules apply to none.", name, spelled),
			fixes: [{ title: t("Change to '{0}'", spelled), edits: [{ start, end, newText: replacement }], isPreferred: true }],
		});
		return;
	}
	report({
		code: 'unknown-crawler-name',
		start,
		end,
		message:
			where === 'meta'
				? t('No crawler we know is called \'{0}\': only a crawler of that name reads rules under name="{0}".', name)
				: t("No crawler we know is called '{0}': only a crawler of that name reads rules under the prefix '{0}:'.", name),
	});
}

export function checkRuleSet(set: RobotsRuleSet, options: MetaAnalysisOptions, report: Report, budget: TypoBudget): void {
	const parsed = set.parsed;
	const at = (span: Span): { start: number; end: number } => ({ start: set.offset + span.start, end: set.offset + span.end });
	for (const offset of parsed.empty) {
		if (!report.room('empty-robots-directive')) {
			continue;
		}
		const span = { start: offset, end: offset + 1 };
		report({
			code: 'empty-robots-directive',
			...at(span),
			message: t('An empty directive: two separators in a row, or one at the start or end.'),
			fixes: [{ title: t('Remove the extra separator'), edits: [{ ...at(span), newText: '' }], isPreferred: true }],
		});
	}
	for (const separator of parsed.separators) {
		if (!report.room('robots-directive-separator')) {
			continue;
		}
		reportSeparator(separator, at, widen(parsed.text, separator.span), report);
	}
	if (set.kind === 'header') {
		for (const prefix of parsed.prefixes) {
			const address = resolveRobotsName(prefix.name);
			const span = at(prefix.span);
			if (!address) {
				reportUnknownName(prefix.name, span.start, span.end, false, report, 'header', budget);
			} else if (address.ignored) {
				report({
					code: 'robots-meta-name-ignored',
					...span,
					message: t("{0} does not read rules for '{1}': {2}", searchEngineNames[address.engine as SearchEngine], prefix.name, address.ignored.note),
				});
			}
		}
	}
	const metaAddress = set.kind === 'meta' ? resolveRobotsName(set.name ?? '') : undefined;
	for (const directive of parsed.directives) {
		const span = at(directive.span);
		if (directive.misplacedPrefix) {
			const prefix = at(directive.misplacedPrefix.span);
			report({
				code: 'crawler-prefix-in-meta',
				start: prefix.start,
				end: span.end,
				message: t(
					"'{0}:' is X-Robots-Tag syntax; in a meta tag, name the crawler in the name attribute ({1}). Crawlers read this item as an unknown directive.",
					directive.misplacedPrefix.name,
					`<meta name="${directive.misplacedPrefix.name.toLowerCase()}" content="${directive.name}${directive.value !== undefined ? `:${directive.value}` : ''}">`,
				),
			});
			continue;
		}
		if (!directive.facts) {
			reportUnknownDirective(directive, at, report, budget);
			continue;
		}
		const facts = directive.facts;
		if (directive.problem) {
			const where = at(directive.valueSpan ?? directive.span);
			const target = directive.problem.kind === 'unexpected' || directive.problem.kind === 'missing' ? span : where;
			const suggestion = directive.problem.suggestion;
			if (directive.problem.kind === 'date') {
				report({
					code: 'invalid-unavailable-after-date',
					...target,
					message: t(
						'{0}. Google reads dates in widely adopted formats such as RFC 822 (25 Jun 2010 15:00:00 PST), RFC 850 and ISO 8601 (2020-09-21), and ignores unavailable_after when it finds no valid date.',
						directive.problem.message,
					),
				});
			} else {
				report({
					code: 'invalid-robots-directive-value',
					...target,
					message: sentences(
						t('{0}; Google ignores a directive whose value it cannot parse.', directive.problem.message),
						suggestion && t("Did you mean '{0}'?", suggestion),
					),
					...(suggestion ? { fixes: [{ title: t("Change to '{0}'", suggestion), edits: [{ ...where, newText: suggestion }], isPreferred: true }] } : {}),
				});
			}
		}
		if (metaAddress?.kind === 'google-settings' && !carriedBy(facts, 'google')) {
			report({
				code: 'robots-meta-name-ignored',
				...span,
				message: t(
					'<meta name="google"> carries Google\'s page settings (notranslate, nopagereadaloud), not robots rules: Google reads {0} from name="robots" or name="googlebot".',
					facts.name,
				),
			});
			continue;
		}
		if (metaAddress?.kind !== 'google-settings' && !carriedBy(facts, 'robots')) {
			report({
				code: 'directive-ignored-by-crawler',
				...span,
				message: t('{0} is a setting of <meta name="google">, not a robots rule; write <meta name="google" content="{0}">.', facts.name),
			});
			continue;
		}
		checkEngines(set, directive, facts, options, report, span);
	}
}

/** What a separator other than a comma does, as a whole sentence for each kind (languages decline the names). */
function separatorMessage(kind: Exclude<OddSeparator['kind'], 'full-width-colon'>): string {
	switch (kind) {
		case 'semicolon':
			return t('Directives separated by a semicolon: engines document a comma-separated list, so a crawler may read the two as one unknown directive.');
		case 'full-width-comma':
			return t(
				'Directives separated by a full-width comma (，): engines document a comma-separated list, so a crawler may read the two as one unknown directive.',
			);
		case 'ideographic-comma':
			return t(
				'Directives separated by an ideographic comma (、): engines document a comma-separated list, so a crawler may read the two as one unknown directive.',
			);
		case 'full-width-semicolon':
			return t(
				'Directives separated by a full-width semicolon (；): engines document a comma-separated list, so a crawler may read the two as one unknown directive.',
			);
		case 'space':
			return t('Directives separated by spaces: engines document a comma-separated list, so a crawler may read the two as one unknown directive.');
	}
}

/** The span with the whitespace around it, so that replacing it with `, ` leaves no doubled spaces. */
function widen(text: string, span: Span): Span {
	let start = span.start;
	let end = span.end;
	while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) {
		start--;
	}
	while (end < text.length && (text[end] === ' ' || text[end] === '\t')) {
		end++;
	}
	return { start, end };
}

function reportSeparator(separator: OddSeparator, at: (span: Span) => { start: number; end: number }, wide: Span, report: Report): void {
	const span = at(separator.span);
	if (separator.kind === 'full-width-colon') {
		report({
			code: 'robots-directive-separator',
			...span,
			message: t('A full-width colon (：) between a name and its value; crawlers look for the ASCII colon (:).'),
			fixes: [{ title: t('Use an ASCII colon'), edits: [{ ...span, newText: ':' }], isPreferred: true }],
		});
		return;
	}
	report({
		code: 'robots-directive-separator',
		...span,
		message: separatorMessage(separator.kind),
		fixes: [{ title: t('Separate with a comma'), edits: [{ ...at(wide), newText: ', ' }], isPreferred: true }],
	});
}

function reportUnknownDirective(directive: ParsedDirective, at: (span: Span) => { start: number; end: number }, report: Report, budget: TypoBudget): void {
	const nameSpan = at(directive.nameSpan);
	const suggestion = suggestRobotsDirective(directive.name, budget);
	const asCrawler = resolveRobotsName(directive.name);
	report({
		code: 'unknown-robots-directive',
		...at(directive.span),
		message: sentences(
			t("'{0}' is no robots directive that Google, Bing, Yandex or Baidu document; crawlers ignore it.", directive.name),
			suggestion && t("Did you mean '{0}'?", suggestion),
			asCrawler && directive.value === undefined && t('It is a crawler name: a meta tag names its crawler in the name attribute.'),
		),
		...(suggestion ? { fixes: [{ title: t("Change to '{0}'", suggestion), edits: [{ ...nameSpan, newText: suggestion }], isPreferred: true }] } : {}),
	});
}

/** Reports a directive that an engine it addresses documents ignoring, or does not document. */
function checkEngines(
	set: RobotsRuleSet,
	directive: ParsedDirective,
	facts: RobotsDirectiveFacts,
	options: MetaAnalysisOptions,
	report: Report,
	span: { start: number; end: number },
): void {
	const address = addressOf(set, directive);
	const engines = new Map<SearchEngine, string>();
	if (typeof address !== 'string') {
		if (address.kind === 'all') {
			for (const token of options.targets ?? []) {
				const crawler = findCrawler(token);
				const engine = crawler ? engineOfCrawler(crawler) : undefined;
				if (engine && !engines.has(engine)) {
					engines.set(engine, crawler?.token ?? token);
				}
			}
		} else if (address.kind === 'crawlers' && address.engine && !address.ignored) {
			engines.set(address.engine, describe(address, set));
		}
	}
	// An engine that does not document index, follow, all or archive still does what they ask: it is its default.
	const asksForDefault = defaultsAsked.has(facts.name);
	const parts: string[] = [];
	for (const [engine, who] of engines) {
		const support = supportOf(facts, engine, set.kind);
		if (support.status === 'undocumented' && asksForDefault) {
			continue;
		}
		if (support.status === 'ignored') {
			parts.push(t('{0} ({1}) ignores it: {2}', searchEngineNames[engine], who, support.note ?? t('documented as not used.')));
		} else if (support.status === 'undocumented') {
			parts.push(
				support.note
					? t('{0} ({1}) does not document it: {2}', searchEngineNames[engine], who, support.note)
					: t('{0} ({1}) does not document it.', searchEngineNames[engine], who),
			);
		}
	}
	if (parts.length > 0) {
		report({
			code: 'directive-ignored-by-crawler',
			...span,
			message: sentences(t('{0} may do nothing here.', facts.name), ...parts),
		});
	}
}

const defaultsAsked = new Set(['index', 'follow', 'all', 'archive']);

function describe(address: CrawlerAddress, set: RobotsRuleSet): string {
	return set.kind === 'meta' ? `name="${address.name}"` : `'${address.name}:'`;
}
