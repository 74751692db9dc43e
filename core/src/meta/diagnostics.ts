/**
 * The checks of robots meta tags (in HTML) and X-Robots-Tag values (in `_headers` files): their findings with safe
 * quick fixes, on document offsets, and as LSP diagnostics (report.ts).
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import { findCrawler } from '../facts/crawlers';
import { formatNumber, t } from '../l10n';
import {
	carriedBy,
	findRobotsDirective,
	searchEngineNames,
	suggestRobotsDirective,
	supportOf,
	type RobotsDirectiveFacts,
	type SearchEngine,
} from './directives';
import { addressOf, headerRuleSets, ruleSetsFromHtml, type RobotsRuleSet } from './effective';
import { maxHeadersPatternLength, parseHeadersFile, type HeadersFile } from './headersFile';
import { maxRobotsTagsPerPage, scanHtml, type HtmlAttribute, type HtmlRobotsScan, type ScannedMeta } from './html';
import {
	engineOfCrawler,
	newTypoBudget,
	resolveRobotsName,
	stripTypographicQuotes,
	suggestRobotsName,
	typographicQuotes,
	type CrawlerAddress,
	type TypoBudget,
} from './names';
import { parseRobotsDirectives, type OddSeparator, type ParsedDirective, type Span } from './parse';
import { collector, toDiagnostics, type MetaAnalysisOptions, type MetaFinding, type OffsetEdit, type Report } from './report';
import { sentences } from './text';
import { editDistance } from '../editDistance';

/** The findings of an HTML document, on document offsets (`scan`: the document's scan, when the caller has it). Never throws. */
export function htmlFindings(text: string, options: MetaAnalysisOptions = {}, scan: HtmlRobotsScan = scanHtml(text)): MetaFinding[] {
	const { report, finish } = collector([]);
	if (!scan.fullScan) {
		return finish();
	}
	const budget = newTypoBudget();
	for (const meta of scan.metas) {
		checkTag(meta, report, budget);
	}
	if (scan.skipped) {
		const { count, start, end } = scan.skipped;
		report({
			code: 'too-many-robots-tags',
			start,
			end: Math.min(end, start + 5),
			message:
				count === 1
					? t('Only the first {0} robots meta tags of a page are checked; this one, the last, is not.', formatNumber(maxRobotsTagsPerPage))
					: t(
							'Only the first {0} robots meta tags of a page are checked; this one and the {1} after it are not.',
							formatNumber(maxRobotsTagsPerPage),
							formatNumber(count - 1),
						),
		});
	}
	// A tag in typographic quotes is reported once as such: its name and content are not what they seem to be.
	const sets = ruleSetsFromHtml(scan).filter(
		(set) => !set.meta || !(hasTypographicQuotes(set.meta.name) || (set.meta.content && hasTypographicQuotes(set.meta.content))),
	);
	for (const set of sets) {
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, (set) => `meta:${set.name ?? ''}`, report);
	checkIndexIfEmbedded(
		sets,
		(set) => `meta:${set.name ?? ''}`,
		() => 'meta:robots',
		report,
	);
	for (const fragment of scan.noindex) {
		if (!fragment.close && report.room('unclosed-noindex-element')) {
			report({
				code: 'unclosed-noindex-element',
				start: fragment.open.start,
				end: fragment.open.end,
				message: t(
					'This {0} is never closed: Yandex then treats the entire rest of the page as hidden from indexing.',
					fragment.open.form === 'comment' ? '<!--noindex-->' : '<noindex>',
				),
			});
		}
		if (fragment.nested && report.room('nested-noindex-element')) {
			report({
				code: 'nested-noindex-element',
				start: fragment.open.start,
				end: fragment.open.end,
				message: t('A noindex fragment inside another: Yandex says not to nest them, because it ignores the markup after the first closing tag.'),
			});
		}
	}
	for (const marker of scan.strayCloses) {
		report({ code: 'unmatched-noindex-close', start: marker.start, end: marker.end, message: t('This closes a noindex fragment that was never opened.') });
	}
	return finish();
}

/** The findings of a `_headers` file (its X-Robots-Tag lines and its syntax), on document offsets. Never throws. */
function headersFindings(text: string, options: MetaAnalysisOptions = {}): MetaFinding[] {
	const { report, finish } = collector([]);
	const file = parseHeadersFile(text);
	for (const problem of file.problems) {
		if (!report.room('malformed-headers-line')) {
			continue;
		}
		const message =
			problem.kind === 'header-before-pattern'
				? t('A header before any URL pattern: write the pattern (such as /*) on its own line first.')
				: problem.kind === 'missing-colon'
					? t('A header line without `:` between its name and value.')
					: problem.kind === 'pattern-too-long'
						? t(
								'A pattern longer than {0} characters, the limit Cloudflare Pages sets on a line of _headers: it is not matched against any URL.',
								formatNumber(maxHeadersPatternLength),
							)
						: t('A `Name: value` line at the margin is read as a URL pattern; indent header lines under their pattern.');
		report({ code: 'malformed-headers-line', start: problem.start, end: problem.end, message });
	}
	const sets = headerSetsByRule(file);
	const budget = newTypoBudget();
	for (const set of sets) {
		if (set.parsed.text.trim().length === 0) {
			report({ code: 'empty-robots-directive', start: set.offset, end: set.offset, message: t('An X-Robots-Tag header without a value.') });
			continue;
		}
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, (set) => `rule:${set.index}`, report);
	checkIndexIfEmbedded(
		sets,
		(set) => `rule:${set.index}`,
		(set) => `rule:${set.index}|*`,
		report,
	);
	return finish();
}

/** X-Robots-Tag rule sets of a `_headers` file whose `index` is the index of their rule, so that a rule is a scope. */
function headerSetsByRule(file: HeadersFile): RobotsRuleSet[] {
	const sets: RobotsRuleSet[] = [];
	for (const [ruleIndex, rule] of file.rules.entries()) {
		const single: HeadersFile = { rules: [rule], problems: [] };
		for (const set of headerRuleSets(single)) {
			sets.push({ ...set, index: ruleIndex });
		}
	}
	return sets;
}

/** The findings of one directives value (a meta content or an X-Robots-Tag value), on offsets into the value. */
export function robotsValueFindings(value: string, source: 'meta' | 'header', options: MetaAnalysisOptions = {}): MetaFinding[] {
	const { report, finish } = collector([]);
	const sets: RobotsRuleSet[] =
		source === 'header'
			? headerRuleSets({
					rules: [
						{
							pattern: '/*',
							patternStart: 0,
							patternEnd: 0,
							line: 0,
							headers: [{ name: 'X-Robots-Tag', nameStart: 0, nameEnd: 0, value, valueStart: 0, valueEnd: value.length, detach: false, line: 0 }],
						},
					],
					problems: [],
				})
			: [{ kind: 'meta', name: 'robots', parsed: parseRobotsDirectives(value, 'meta'), offset: 0, index: 0 }];
	const budget = newTypoBudget();
	for (const set of sets) {
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, () => 'value', report);
	checkIndexIfEmbedded(
		sets,
		() => 'value',
		(set) => (set.kind === 'meta' ? 'value' : 'value|*'),
		report,
	);
	return finish();
}

/** The diagnostics of an HTML document: its robots meta tags and Yandex noindex fragments. */
export function computeHtmlDiagnostics(text: string, options: MetaAnalysisOptions = {}): Diagnostic[] {
	return toDiagnostics(text, htmlFindings(text, options), options);
}

/** The diagnostics of a `_headers` file (Netlify, Cloudflare Pages): its X-Robots-Tag values and its syntax. */
export function computeHeadersDiagnostics(text: string, options: MetaAnalysisOptions = {}): Diagnostic[] {
	return toDiagnostics(text, headersFindings(text, options), options);
}

// ---------------------------------------------------------------------------------------------------------------
// Tags.

function checkTag(meta: ScannedMeta, report: Report, budget: TypoBudget): void {
	const name = meta.name;
	for (const attribute of [meta.name, meta.content]) {
		if (attribute && hasTypographicQuotes(attribute)) {
			const bare = stripTypographicQuotes(attribute.value);
			report({
				code: 'typographic-quotes',
				start: attribute.valueStart,
				end: attribute.valueEnd,
				message: t(
					"The value {0} is in typographic quotes: HTML reads them as part of the value, so crawlers see '{0}' instead of '{1}'. Use straight quotes (\").",
					attribute.value,
					bare,
				),
				fixes: [
					{
						title: t('Use straight quotes: "{0}"', bare),
						edits: [{ start: attribute.valueStart, end: attribute.valueEnd, newText: `"${bare}"` }],
						isPreferred: true,
					},
				],
			});
		}
	}
	const bareName = stripTypographicQuotes(name.value).trim();
	if (meta.relevance === 'misspelt-name' || meta.relevance === 'directive-content') {
		reportUnknownName(bareName, name.valueStart, name.valueEnd, name.quote === '' && bareName !== name.value, report, 'meta', budget);
	} else {
		const address = resolveRobotsName(bareName);
		if (address?.ignored) {
			report({
				code: 'robots-meta-name-ignored',
				start: name.valueStart,
				end: name.valueEnd,
				message: sentences(
					t('{0} does not read name="{1}": {2}', searchEngineNames[address.engine as SearchEngine], bareName, address.ignored.note),
					t('Use name="googlebot" (or "googlebot-news").'),
				),
			});
		}
	}
	if (!meta.closed) {
		report({
			code: 'unclosed-robots-meta',
			start: meta.start,
			end: Math.min(meta.end, meta.start + 5),
			message: t('The file ends inside this tag (a missing > or quote): HTML parsers drop a tag cut off by the end of the file, so crawlers never see it.'),
		});
		return;
	}
	if (!meta.content) {
		const misspelt = meta.attributes.find(
			(attribute) => attribute.hasValue && attribute.name !== 'name' && attribute.name.length >= 5 && editDistance(attribute.name, 'content', 2, true) <= 2,
		);
		report({
			code: 'missing-robots-content',
			start: name.nameStart,
			end: name.valueEnd + (name.quote ? 1 : 0),
			message: misspelt
				? t("This robots meta tag has no content attribute; '{0}' is probably a typo of 'content', so crawlers find no rules.", misspelt.name)
				: t('This robots meta tag has no content attribute, so it carries no rules.'),
			...(misspelt
				? {
						fixes: [
							{
								title: t('Rename the attribute to content'),
								edits: [{ start: misspelt.nameStart, end: misspelt.nameEnd, newText: 'content' }],
								isPreferred: true,
							},
						],
					}
				: {}),
		});
	} else if (meta.content.value.trim().length === 0) {
		report({
			code: 'empty-robots-directive',
			start: meta.content.valueStart,
			end: meta.content.valueEnd,
			message: t('An empty content attribute: the tag carries no rules.'),
		});
	}
	if (meta.inSecondHead) {
		report({
			code: 'robots-meta-in-second-head',
			start: meta.start,
			end: meta.end,
			message:
				meta.placement === 'head'
					? t(
							'This tag is inside a second <head> element. HTML parsers ignore the second <head> start tag, so the tag lands in the first head; a page normally has one head (a duplicated template?).',
						)
					: t(
							'This tag is inside a second <head> element. HTML parsers ignore the second <head> start tag, so the tag lands in the body; a page normally has one head (a duplicated template?).',
						),
		});
	} else if (meta.placement === 'body') {
		report({
			code: 'robots-meta-outside-head',
			start: meta.start,
			end: meta.end,
			message: t(
				'This robots meta tag is outside <head>. Google says it respects robots meta tags in the body as well, but HTML puts meta tags in the head, and Bing, Yandex and the HTTP guide (seed 000) place them there.',
			),
		});
	}
}

function hasTypographicQuotes(attribute: HtmlAttribute): boolean {
	const value = attribute.value;
	return attribute.quote === '' && value.length > 0 && (typographicQuotes.includes(value[0]) || typographicQuotes.includes(value[value.length - 1]));
}

function reportUnknownName(name: string, start: number, end: number, quoted: boolean, report: Report, where: 'meta' | 'header', budget: TypoBudget): void {
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

// ---------------------------------------------------------------------------------------------------------------
// Rule sets (one meta content or one header value).

function checkRuleSet(set: RobotsRuleSet, options: MetaAnalysisOptions, report: Report, budget: TypoBudget): void {
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

// ---------------------------------------------------------------------------------------------------------------
// Scopes: every directive addressed to the same crawlers in one page or response.

interface Entry {
	readonly set: RobotsRuleSet;
	readonly directive: ParsedDirective;
	readonly facts: RobotsDirectiveFacts;
}

/** Whom a scope's directives address, as a label that the messages put in parentheses or after "for". */
function scopeLabel(entry: Entry): string {
	if (entry.set.kind === 'meta') {
		return `name="${entry.set.name}"`;
	}
	return entry.directive.prefix ? t("X-Robots-Tag for '{0}'", entry.directive.prefix.name) : t('X-Robots-Tag for every crawler');
}

function scopeKey(entry: Entry, group: string): string {
	return entry.set.kind === 'meta' ? group : `${group}|${entry.directive.prefix?.name.toLowerCase() ?? '*'}`;
}

function checkScopes(sets: readonly RobotsRuleSet[], groupOf: (set: RobotsRuleSet) => string, report: Report): void {
	const scopes = new Map<string, Entry[]>();
	for (const set of sets) {
		for (const directive of set.parsed.directives) {
			if (!directive.facts || directive.misplacedPrefix || (directive.problem && directive.facts.value !== 'none')) {
				continue;
			}
			const entry: Entry = { set, directive, facts: directive.facts };
			const key = scopeKey(entry, groupOf(set));
			const list = scopes.get(key);
			if (list) {
				list.push(entry);
			} else {
				scopes.set(key, [entry]);
			}
		}
	}
	for (const entries of scopes.values()) {
		checkScope(entries, report);
	}
}

function docOffsets(entry: Entry): { start: number; end: number } {
	return { start: entry.set.offset + entry.directive.span.start, end: entry.set.offset + entry.directive.span.end };
}

function text(entry: Entry): string {
	return entry.set.parsed.text.slice(entry.directive.span.start, entry.directive.span.end);
}

/** The facts of a catalogue name that `means` lists. */
function factsOf(name: string): RobotsDirectiveFacts {
	return findRobotsDirective(name) as RobotsDirectiveFacts;
}

/** Duplicates, shorthands with what they already mean, contradictions and differing limits within one scope. */
function checkScope(entries: readonly Entry[], report: Report): void {
	const seen = new Map<string, Entry>();
	const polarity = new Map<string, { restrict?: Entry; permit?: Entry; reported?: boolean }>();
	const limits = new Map<string, { entry: Entry; reported?: boolean }>();
	const byName = new Map<string, Entry>();
	for (const entry of entries) {
		const { facts, directive } = entry;
		const key = `${facts.name}\u0000${(directive.value ?? '').toLowerCase()}`;
		const earlier = seen.get(key);
		if (earlier) {
			if (!report.room('duplicate-robots-directive')) {
				continue;
			}
			report({
				code: 'duplicate-robots-directive',
				...docOffsets(entry),
				message:
					earlier.set === entry.set
						? t(
								'{0} is already given for {1} in this list; the HTTP guide (seed 000) warns that repeated directives may be read differently by each robot.',
								text(entry),
								scopeLabel(entry),
							)
						: t(
								'{0} is already given for {1} in an earlier tag; the HTTP guide (seed 000) warns that repeated directives may be read differently by each robot.',
								text(entry),
								scopeLabel(entry),
							),
				related: [{ ...docOffsets(earlier), message: t('first given here') }],
				fixes: earlier.set === entry.set ? [deletion(entry, t('Remove the duplicate'))] : [],
			});
			continue;
		}
		seen.set(key, entry);
		byName.set(facts.name, byName.get(facts.name) ?? entry);

		for (const name of facts.means ?? [facts.name]) {
			const meant = factsOf(name);
			if (meant.effect !== 'restrict' && meant.effect !== 'permit') {
				continue;
			}
			const slot = polarity.get(meant.aspect) ?? {};
			polarity.set(meant.aspect, slot);
			const opposite = meant.effect === 'restrict' ? slot.permit : slot.restrict;
			if (opposite && !slot.reported && opposite !== entry) {
				slot.reported = true;
				const restrictive = meant.effect === 'restrict' ? entry : opposite;
				const allowing = meant.effect === 'restrict' ? opposite : entry;
				report({
					code: 'conflicting-robots-directives',
					...docOffsets(entry),
					message: t(
						'{0} contradicts {1} for {2}: Google applies the more restrictive ({3}), Yandex lets the allowing directive win ({4}), and the HTTP guide (seed 000) calls such a value undefined behaviour. Keep one.',
						text(entry),
						text(opposite),
						scopeLabel(entry),
						text(restrictive),
						text(allowing),
					),
					related: [{ ...docOffsets(opposite), message: t('{0} is here', text(opposite)) }],
				});
			}
			if (meant.effect === 'restrict') {
				slot.restrict ??= entry;
			} else {
				slot.permit ??= entry;
			}
		}

		checkLimits(entry, limits, byName, report);
	}
	checkShorthands(entries, seen, report);
}

/** none = noindex, nofollow and all = index, follow: a spelled-out directive next to its shorthand is redundant. */
function checkShorthands(entries: readonly Entry[], seen: ReadonlyMap<string, Entry>, report: Report): void {
	const firsts = new Set(seen.values());
	for (const shorthand of ['none', 'all']) {
		const short = entries.find((entry) => entry.facts.name === shorthand && firsts.has(entry));
		if (!short) {
			continue;
		}
		const means = factsOf(shorthand).means as readonly string[];
		for (const entry of entries) {
			if (!firsts.has(entry) || !means.includes(entry.facts.name)) {
				continue;
			}
			report({
				code: 'redundant-robots-directive',
				...docOffsets(entry),
				message: t(
					'{0} already means {1}, so {2} repeats it; the Runet guide (seed 001) says a value such as "none, nofollow" is not allowed.',
					shorthand,
					means.join(', '),
					text(entry),
				),
				related: [{ ...docOffsets(short), message: t('{0} is here', shorthand) }],
				fixes: entry.set === short.set ? [deletion(entry, t('Remove {0}', text(entry)))] : [],
			});
		}
	}
}

function checkLimits(entry: Entry, limits: Map<string, { entry: Entry; reported?: boolean }>, byName: Map<string, Entry>, report: Report): void {
	const { facts, directive } = entry;
	const conflict = (other: Entry, why: string): void => {
		report({
			code: 'conflicting-robots-directives',
			...docOffsets(entry),
			message: t('{0} and {1} both apply to {2}: {3}', text(entry), text(other), scopeLabel(entry), why),
			related: [{ ...docOffsets(other), message: t('{0} is here', text(other)) }],
		});
	};
	if (facts.effect === 'limit' && directive.parsedValue) {
		const previous = limits.get(facts.name);
		if (previous && !previous.reported) {
			previous.reported = true;
			conflict(previous.entry, t('Google applies the more restrictive value. Keep one.'));
		} else if (!previous) {
			limits.set(facts.name, { entry });
		}
	}
	// Google's own example: with both max-snippet:50 and nosnippet, nosnippet applies.
	const nosnippet = facts.name === 'nosnippet' ? entry : byName.get('nosnippet');
	const maxSnippet = facts.name === 'max-snippet' ? entry : limits.get('max-snippet')?.entry;
	const latest = facts.name === 'nosnippet' || facts.name === 'max-snippet';
	if (latest && nosnippet && maxSnippet && nosnippet !== maxSnippet) {
		const value = maxSnippet.directive.parsedValue;
		if (value?.kind === 'integer' && value.number !== 0) {
			conflict(entry === nosnippet ? maxSnippet : nosnippet, t('Google applies nosnippet, the more restrictive.'));
		}
	}
}

/** The position of a directive in its list, which is in text order: a binary search on its start. */
function positionIn(list: readonly ParsedDirective[], directive: ParsedDirective): number {
	let low = 0;
	let high = list.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		const start = list[middle].span.start;
		if (start === directive.span.start) {
			return middle;
		}
		if (start < directive.span.start) {
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}
	return -1;
}

/** An edit that removes a directive and one separator next to it. */
function deletion(entry: Entry, title: string): { title: string; edits: OffsetEdit[] } {
	const list = entry.set.parsed.directives;
	const index = positionIn(list, entry.directive);
	let start = entry.directive.span.start;
	let end = entry.directive.span.end;
	if (index > 0) {
		start = list[index - 1].span.end;
	} else if (index + 1 < list.length) {
		end = list[index + 1].span.start;
	}
	return { title, edits: [{ start: entry.set.offset + start, end: entry.set.offset + end, newText: '' }] };
}

/** indexifembedded needs a noindex for the same crawlers: in its own scope, or in the scope of every crawler. */
function checkIndexIfEmbedded(
	sets: readonly RobotsRuleSet[],
	groupOf: (set: RobotsRuleSet) => string,
	genericScope: (set: RobotsRuleSet) => string,
	report: Report,
): void {
	const noindexScopes = new Set<string>();
	const embedded: Entry[] = [];
	for (const set of sets) {
		for (const directive of set.parsed.directives) {
			const facts = directive.facts;
			if (!facts || directive.misplacedPrefix) {
				continue;
			}
			const entry: Entry = { set, directive, facts };
			if (facts.name === 'noindex' || facts.name === 'none') {
				noindexScopes.add(scopeKey(entry, groupOf(set)));
			} else if (facts.name === 'indexifembedded') {
				embedded.push(entry);
			}
		}
	}
	for (const entry of embedded) {
		if (!noindexScopes.has(scopeKey(entry, groupOf(entry.set))) && !noindexScopes.has(genericScope(entry.set))) {
			report({
				code: 'indexifembedded-without-noindex',
				...docOffsets(entry),
				message: t('indexifembedded has an effect only together with noindex (Google), and no noindex reaches {0}.', scopeLabel(entry)),
			});
		}
	}
}
