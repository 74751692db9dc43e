/**
 * Hovers for robots meta tags and X-Robots-Tag values: on a directive, what it does and what each engine says about
 * it, with the sources; on a meta name or header prefix, which crawlers it addresses; on the rest of a robots tag,
 * what all of the page's rules mean for the main crawlers, combined as each engine documents.
 */

import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { t } from '../l10n';
import { codeSpan, escapeMarkdownText, tableCell } from '../markdown';
import {
	robotsMetaSources,
	searchEngineNames,
	searchEngines,
	supportOf,
	type RobotsDirectiveFacts,
	type RobotsMetaSource,
	type SupportStatus,
} from './directives';
import type { MetaAnalysisOptions } from './report';
import { effectiveRobots, ruleSetsFromHtml, type EffectiveRobots, type RobotsRuleSet } from './effective';
import { parseHeadersFile, xRobotsTagLines } from './headersFile';
import { first, metaTagAt, scanHtml } from './html';
import { resolveRobotsName, stripTypographicQuotes, suggestRobotsName, type CrawlerAddress } from './names';
import { parseRobotsDirectives, type ParsedDirective, type ParsedRobotsValue } from './parse';
import { offsetRange, pageDocument, sentences } from './text';

/** The crawlers a page summary shows besides the site's targets. */
const summaryCrawlers = ['Googlebot', 'bingbot', 'Yandex', 'Baiduspider'];

/**
 * The hover at a position of an HTML document, or null outside robots meta tags and noindex fragments. `document`, the
 * editor's copy of the same text, converts positions without a line table of the whole text.
 */
export function computeMetaHover(text: string, position: Position, options: MetaAnalysisOptions = {}, document?: TextDocument): Hover | null {
	const lines = pageDocument(text, document);
	const offset = lines.offsetAt(position);
	const found = metaTagAt(text, offset);
	if (!found) {
		return noindexHover(text, offset, lines);
	}
	const { tag, start } = found;
	const name = first(tag.attributes, 'name');
	if (!name?.hasValue) {
		return null;
	}
	const bareName = stripTypographicQuotes(name.value).trim();
	const address = resolveRobotsName(bareName);
	if (!address && !suggestRobotsName(bareName)) {
		return null;
	}
	if (offset >= name.valueStart && offset <= name.valueEnd) {
		return hover(nameMarkdown(bareName, address, 'meta'), lines, name.valueStart, name.valueEnd);
	}
	const content = first(tag.attributes, 'content');
	if (content && offset >= content.valueStart && offset <= content.valueEnd) {
		const parsed = parseRobotsDirectives(content.value, 'meta');
		const inValue = offset - content.valueStart;
		const directive = parsed.directives.find((candidate) => inValue >= candidate.span.start && inValue <= candidate.span.end);
		if (directive) {
			return hover(
				directiveMarkdown(directive, parsed, address, 'meta', inValue),
				lines,
				content.valueStart + directive.span.start,
				content.valueStart + directive.span.end,
			);
		}
	}
	const crawlers =
		address && address.kind === 'crawlers' && !address.ignored
			? address.crawlers.slice(0, 6).map((crawler) => crawler.token)
			: [...new Set([...summaryCrawlers, ...(options.targets ?? [])])];
	const sets = ruleSetsFromHtml(scanHtml(text));
	return hover(summaryMarkdown(sets, crawlers), lines, start, tag.end);
}

/** The hover at a position of a `_headers` file: on an X-Robots-Tag value. */
export function computeHeadersHover(text: string, position: Position, options: MetaAnalysisOptions = {}, document?: TextDocument): Hover | null {
	const lines = pageDocument(text, document);
	const offset = lines.offsetAt(position);
	const file = parseHeadersFile(text);
	const line = xRobotsTagLines(file).find((candidate) => candidate.header.line === position.line);
	if (!line || line.header.detach) {
		return null;
	}
	const header = line.header;
	if (offset < header.valueStart || offset > header.valueEnd) {
		return hover(
			summaryMarkdown(headerSets(file, line.rule.pattern), [...new Set([...summaryCrawlers, ...(options.targets ?? [])])], line.rule.pattern),
			lines,
			header.nameStart,
			header.nameEnd,
		);
	}
	const parsed = parseRobotsDirectives(header.value, 'header');
	const inValue = offset - header.valueStart;
	const prefix = parsed.prefixes.find((candidate) => inValue >= candidate.span.start && inValue <= candidate.span.end);
	if (prefix) {
		const bare = prefix.name.trim();
		return hover(nameMarkdown(bare, resolveRobotsName(bare), 'header'), lines, header.valueStart + prefix.span.start, header.valueStart + prefix.span.end);
	}
	const directive = parsed.directives.find((candidate) => inValue >= candidate.span.start && inValue <= candidate.span.end);
	if (!directive) {
		return null;
	}
	const address = directive.prefix ? resolveRobotsName(directive.prefix.name) : resolveRobotsName('robots');
	return hover(
		directiveMarkdown(directive, parsed, address, 'header', inValue),
		lines,
		header.valueStart + directive.span.start,
		header.valueStart + directive.span.end,
	);
}

function headerSets(file: ReturnType<typeof parseHeadersFile>, pattern: string): RobotsRuleSet[] {
	const lines = xRobotsTagLines(file).filter((line) => line.rule.pattern === pattern && !line.header.detach);
	return lines.map((line, index) => ({
		kind: 'header' as const,
		name: undefined,
		parsed: parseRobotsDirectives(line.header.value, 'header'),
		offset: line.header.valueStart,
		index,
	}));
}

function hover(value: string, lines: TextDocument, start: number, end: number): Hover {
	return { contents: { kind: MarkupKind.Markdown, value }, range: offsetRange(lines, start, end) };
}

/** The "Reads it" cell: whether an engine reads a directive where it is written. */
function statusText(status: SupportStatus, metaOnly: boolean): string {
	switch (status) {
		case 'supported':
			return metaOnly ? t('yes (meta tag only)') : t('yes');
		case 'default':
			return metaOnly ? t('the default (meta tag only)') : t('the default');
		case 'ignored':
			return metaOnly ? t('ignored (meta tag only)') : t('ignored');
		case 'undocumented':
			return metaOnly ? t('not documented (meta tag only)') : t('not documented');
	}
}

function sourceList(sources: Iterable<RobotsMetaSource>): string {
	const unique = [...new Set(sources)];
	return unique.length === 0 ? '' : `\n\n${t('**Sources:** {0}', unique.map((source) => robotsMetaSources[source]).join(' · '))}`;
}

/** What a directive does, per engine, and for whom it is written here. */
function directiveMarkdown(
	directive: ParsedDirective,
	parsed: ParsedRobotsValue,
	address: CrawlerAddress | undefined,
	where: 'meta' | 'header',
	inValue: number,
): string {
	const facts = directive.facts;
	if (!facts) {
		return t('**{0}** is no robots directive that Google, Bing, Yandex or Baidu document; crawlers ignore it.', escapeMarkdownText(directive.name));
	}
	const parts = [t('**{0}**{1}: {2}', facts.name, facts.value === 'none' ? '' : `:${valuePlaceholder(facts)}`, facts.summary)];
	if (directive.valueSpan && inValue >= directive.valueSpan.start) {
		parts.push(valueMarkdown(directive, facts));
	}
	const sources: RobotsMetaSource[] = [];
	const rows = searchEngines.map((engine) => {
		const support = supportOf(facts, engine, where);
		if (support.source) {
			sources.push(support.source);
		}
		return `| ${searchEngineNames[engine]} | ${statusText(support.status, support.metaOnly === true)} | ${tableCell(support.note ?? '')} |`;
	});
	parts.push([`| ${tableCell(t('Engine'))} | ${tableCell(t('Reads it'))} | ${tableCell(t('What it says'))} |`, '|---|---|---|', ...rows].join('\n'));
	parts.push(addressLine(address, where, directive));
	if (parsed.directives.length > 1) {
		parts.push(
			t(
				'This list has {0} directives; for one crawler, Google combines all rules that reach it and the more restrictive wins, Yandex lets allowing directives win.',
				parsed.directives.length,
			),
		);
	}
	for (const seed of facts.seeds ?? []) {
		sources.push(seed);
	}
	return parts.join('\n\n') + sourceList(sources);
}

function valuePlaceholder(facts: RobotsDirectiveFacts): string {
	return facts.value === 'integer' ? t('[number]') : facts.value === 'date' ? t('[date]') : '[none|standard|large]';
}

function valueMarkdown(directive: ParsedDirective, facts: RobotsDirectiveFacts): string {
	if (directive.problem) {
		return t('⚠ {0}.', escapeMarkdownText(directive.problem.message));
	}
	const value = directive.parsedValue;
	if (!value) {
		return '';
	}
	switch (value.kind) {
		case 'integer':
			if (value.number === -1) {
				return t('`-1`: no limit.');
			}
			if (value.number === 0) {
				return facts.name === 'max-snippet' ? t('`0`: no text snippet (the same as nosnippet).') : t('`0`: at most a static image.');
			}
			if (facts.name === 'max-snippet') {
				return value.number === 1 ? t('`1`: at most 1 character.') : t('`{0}`: at most {0} characters.', value.number);
			}
			return value.number === 1 ? t('`1`: at most 1 second.') : t('`{0}`: at most {0} seconds.', value.number);
		case 'image-preview':
			switch (value.setting) {
				case 'none':
					return t('`none`: no image preview.');
				case 'standard':
					return t('`standard`: a default image preview may be shown.');
				case 'large':
					return t('`large`: a larger image preview, up to the width of the viewport, may be shown.');
			}
			break;
		case 'date': {
			const time = new Date(value.date.time).toISOString().replace('.000Z', 'Z');
			return value.date.hasZone
				? t('Read as {0} ({1}).', time, value.date.format)
				: t('Read as {0} ({1}; no time zone given, read here as UTC).', time, value.date.format);
		}
	}
}

function addressLine(address: CrawlerAddress | undefined, where: 'meta' | 'header', directive: ParsedDirective): string {
	if (where === 'header' && !directive.prefix) {
		return t('Written here for every crawler (no crawler prefix).');
	}
	if (!address) {
		return t('Written here for a crawler we do not know.');
	}
	if (address.kind === 'all') {
		return t('Written here for every crawler (`robots`); Google: it reaches search engine crawlers, not ads crawlers such as AdsBot-Google.');
	}
	if (address.ignored) {
		return address.engine
			? t('Written here for `{0}`, which {1} does not read as a meta name.', address.name, searchEngineNames[address.engine])
			: t('Written here for `{0}`, which its engine does not read as a meta name.', address.name);
	}
	return t('Written here for {0}.', crawlerList(address));
}

function crawlerList(address: CrawlerAddress): string {
	const tokens = address.crawlers.map((crawler) => crawler.token);
	const shown = tokens.slice(0, 8).join(', ');
	return tokens.length > 8 ? t('{0} and {1} more', shown, tokens.length - 8) : shown || codeSpan(address.name);
}

/** Who a meta name or header prefix addresses. */
function nameMarkdown(name: string, address: CrawlerAddress | undefined, where: 'meta' | 'header'): string {
	if (!address) {
		const suggestion = suggestRobotsName(name);
		return suggestion
			? t('No crawler is called {0}; did you mean {1}? Rules written for it reach no crawler we know.', codeSpan(name), codeSpan(suggestion))
			: t('No crawler is called {0}. Rules written for it reach no crawler we know.', codeSpan(name));
	}
	const what = where === 'meta' ? `name="${escapeMarkdownText(name)}"` : codeSpan(`${name}:`);
	const parts: string[] = [];
	if (address.kind === 'all') {
		parts.push(
			t('{0} addresses every crawler. Google: it applies to search engine crawlers; non-search crawlers such as AdsBot-Google need rules of their own.', what),
		);
	} else if (address.kind === 'google-settings') {
		parts.push(t("{0} carries Google's page settings (notranslate, nopagereadaloud), not robots rules.", what));
	} else if (address.ignored) {
		parts.push(
			address.engine
				? t('{0} names {1}, but {2} does not read it: {3}', what, crawlerList(address), searchEngineNames[address.engine], address.ignored.note)
				: t('{0} names {1}, but its engine does not read it: {2}', what, crawlerList(address), address.ignored.note),
		);
	} else {
		parts.push(t('{0} addresses {1}.', what, crawlerList(address)));
	}
	if (address.note) {
		parts.push(address.note);
	}
	const sources = [address.source, address.ignored?.source].filter((source): source is RobotsMetaSource => source !== undefined);
	return parts.join('\n\n') + sourceList(sources);
}

/** What all of a page's (or pattern's) rules mean for some crawlers. */
function summaryMarkdown(sets: readonly RobotsRuleSet[], crawlers: readonly string[], pattern?: string): string {
	const rows = crawlers.map((crawler) => summaryRow(effectiveRobots(sets, crawler)));
	// The pattern is a code span: `/*` bare would close the bold early.
	const title = pattern
		? t('**X-Robots-Tag for {0}**, combined for each crawler:', codeSpan(pattern))
		: t('**The robots rules of this page**, combined for each crawler:');
	const headings = [t('Crawler'), t('Index'), t('Follow links'), t('Snippet'), t('Other'), t('Combined as')];
	return (
		[
			title,
			[`| ${headings.map(tableCell).join(' | ')} |`, '|---|---|---|---|---|---|', ...rows].join('\n'),
			t(
				'Google: the more restrictive rule applies, and several crawler names add up ("the sum of the negative rules"). Yandex: allowing directives win over prohibiting ones. Bing and Baidu document no rule; Google\'s is assumed.',
			),
			t('Rules are read only if the crawler may fetch the page: a page disallowed in robots.txt keeps its URL indexable, noindex or not.'),
		].join('\n\n') + sourceList(['googleSpec', 'yandexMetaRobots'])
	);
}

function summaryRow(result: EffectiveRobots): string {
	const other: string[] = [];
	if (result.maxSnippet !== undefined && result.snippet) {
		other.push(`max-snippet:${result.maxSnippet}`);
	}
	if (result.maxImagePreview !== undefined) {
		other.push(`max-image-preview:${result.maxImagePreview}`);
	}
	if (result.maxVideoPreview !== undefined) {
		other.push(`max-video-preview:${result.maxVideoPreview}`);
	}
	if (!result.archive) {
		other.push('noarchive');
	}
	if (!result.cache) {
		other.push('nocache');
	}
	if (!result.translate) {
		other.push('notranslate');
	}
	if (!result.imageIndex) {
		other.push('noimageindex');
	}
	if (!result.autoDescription) {
		other.push('noyaca');
	}
	if (result.unavailableAfter) {
		other.push(`unavailable_after ${new Date(result.unavailableAfter.time).toISOString().slice(0, 10)}`);
	}
	if (result.indexIfEmbedded) {
		other.push('indexifembedded');
	}
	const yesNo = (value: boolean): string => (value ? t('yes') : `**${t('no')}**`);
	const combined =
		result.combination === 'allow-wins'
			? result.combinationDocumented
				? t('allowing wins')
				: t('allowing wins (assumed)')
			: result.combinationDocumented
				? t('most restrictive')
				: t('most restrictive (assumed)');
	return `| ${escapeMarkdownText(result.crawler)} | ${yesNo(result.index)} | ${yesNo(result.follow)} | ${yesNo(result.snippet)} | ${tableCell(other.join(', '))} | ${combined} |`;
}

/** On a Yandex noindex marker: what it does at Yandex. */
function noindexHover(text: string, offset: number, lines: TextDocument): Hover | null {
	// A local look: is the position on `<noindex>`, `</noindex>`, `<!--noindex-->` or `<!--/noindex-->`?
	const from = Math.max(0, offset - 20);
	const window = text.slice(from, offset + 20);
	const pattern = /<\/?noindex\s*>|<!--\s*\/?noindex\s*-->/gi;
	for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
		const start = from + match.index;
		const end = start + match[0].length;
		if (offset >= start && offset <= end) {
			return hover(
				sentences(
					t(
						'**Yandex `<noindex>`**: Yandex does not index the text between `<noindex>` and `</noindex>` (or `<!--noindex-->` and `<!--/noindex-->`, the form that keeps HTML valid).',
					),
					t(
						'It is not sensitive to nesting and may appear anywhere; without a closing tag the rest of the page is hidden; nested fragments end at the first closing tag. Other engines ignore it.',
					),
				) + sourceList(['yandexNoindexElement', 'seedRunet']),
				lines,
				start,
				end,
			);
		}
	}
	return null;
}
