/**
 * Hovers for robots meta tags and X-Robots-Tag values: on a directive, what it does and what each engine says about
 * it, with the sources; on a meta name or header prefix, which crawlers it addresses; on the rest of a robots tag,
 * what all of the page's rules mean for the main crawlers, combined as each engine documents.
 */

import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import {
	robotsMetaSources,
	searchEngineNames,
	searchEngines,
	supportOf,
	type RobotsDirectiveFacts,
	type RobotsMetaSource,
	type SupportStatus,
} from './directives';
import type { MetaAnalysisOptions } from './diagnostics';
import { effectiveRobots, ruleSetsFromHtml, type EffectiveRobots, type RobotsRuleSet } from './effective';
import { parseHeadersFile, xRobotsTagLines } from './headersFile';
import { first, metaTagAt, scanHtml } from './html';
import { LineIndex, type PositionMapper } from './lineIndex';
import { resolveRobotsName, stripTypographicQuotes, suggestRobotsName, type CrawlerAddress } from './names';
import { parseRobotsDirectives, type ParsedDirective, type ParsedRobotsValue } from './parse';

/** The crawlers a page summary shows besides the site's targets. */
const summaryCrawlers = ['Googlebot', 'bingbot', 'Yandex', 'Baiduspider'];

/**
 * The hover at a position of an HTML document, or null outside robots meta tags and noindex fragments. `document`, the
 * editor's copy of the same text, converts positions without a line table of the whole text.
 */
export function computeMetaHover(text: string, position: Position, options: MetaAnalysisOptions = {}, document?: PositionMapper): Hover | null {
	const lines = new LineIndex(text, document);
	const offset = lines.offsetAt(position);
	const found = metaTagAt(text, offset);
	if (!found) {
		return noindexHover(text, offset, lines);
	}
	const { tag, start } = found;
	const name = first(tag.attributes, 'name');
	if (!name || !name.hasValue) {
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
			return hover(directiveMarkdown(directive, parsed, address, 'meta', inValue), lines, content.valueStart + directive.span.start, content.valueStart + directive.span.end);
		}
	}
	const crawlers = address && address.kind === 'crawlers' && !address.ignored
		? address.crawlers.slice(0, 6).map((crawler) => crawler.token)
		: [...new Set([...summaryCrawlers, ...(options.targets ?? [])])];
	const sets = ruleSetsFromHtml(scanHtml(text));
	return hover(summaryMarkdown(sets, crawlers), lines, start, tag.end);
}

/** The hover at a position of a `_headers` file: on an X-Robots-Tag value. */
export function computeHeadersHover(text: string, position: Position, options: MetaAnalysisOptions = {}, document?: PositionMapper): Hover | null {
	const lines = new LineIndex(text, document);
	const offset = lines.offsetAt(position);
	const file = parseHeadersFile(text);
	const line = xRobotsTagLines(file).find((candidate) => candidate.header.line === position.line);
	if (!line || line.header.detach) {
		return null;
	}
	const header = line.header;
	if (offset < header.valueStart || offset > header.valueEnd) {
		return hover(summaryMarkdown(headerSets(file, line.rule.pattern), [...new Set([...summaryCrawlers, ...(options.targets ?? [])])], line.rule.pattern), lines, header.nameStart, header.nameEnd);
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
	return hover(directiveMarkdown(directive, parsed, address, 'header', inValue), lines, header.valueStart + directive.span.start, header.valueStart + directive.span.end);
}

function headerSets(file: ReturnType<typeof parseHeadersFile>, pattern: string): RobotsRuleSet[] {
	const lines = xRobotsTagLines(file).filter((line) => line.rule.pattern === pattern && !line.header.detach);
	return lines.map((line, index) => ({ kind: 'header' as const, name: undefined, parsed: parseRobotsDirectives(line.header.value, 'header'), offset: line.header.valueStart, index }));
}

function hover(value: string, lines: LineIndex, start: number, end: number): Hover {
	return { contents: { kind: MarkupKind.Markdown, value }, range: lines.range(start, end) };
}

function cell(text: string): string {
	return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

const statusText: Readonly<Record<SupportStatus, string>> = {
	supported: 'yes',
	default: 'the default',
	ignored: 'ignored',
	undocumented: 'not documented',
};

function sourceList(sources: Iterable<RobotsMetaSource>): string {
	const unique = [...new Set(sources)];
	return unique.length === 0 ? '' : `\n\n**Sources:** ${unique.map((source) => robotsMetaSources[source]).join(' · ')}`;
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
		return `**${directive.name}** is no robots directive that Google, Bing, Yandex or Baidu document; crawlers ignore it.`;
	}
	const parts = [`**${facts.name}**${facts.value === 'none' ? '' : `:${valuePlaceholder(facts)}`}: ${facts.summary}`];
	if (directive.valueSpan && inValue >= directive.valueSpan.start) {
		parts.push(valueMarkdown(directive, facts));
	}
	const sources: RobotsMetaSource[] = [];
	const rows = searchEngines.map((engine) => {
		const support = supportOf(facts, engine, where);
		if (support.source) {
			sources.push(support.source);
		}
		return `| ${searchEngineNames[engine]} | ${statusText[support.status]}${support.metaOnly ? ' (meta tag only)' : ''} | ${cell(support.note ?? '')} |`;
	});
	parts.push(['| Engine | Reads it | What it says |', '|---|---|---|', ...rows].join('\n'));
	parts.push(addressLine(address, where, directive));
	if (parsed.directives.length > 1) {
		parts.push(`This list has ${parsed.directives.length} directives; for one crawler, Google combines all rules that reach it and the more restrictive wins, Yandex lets allowing directives win.`);
	}
	for (const seed of facts.seeds ?? []) {
		sources.push(seed);
	}
	return parts.join('\n\n') + sourceList(sources);
}

function valuePlaceholder(facts: RobotsDirectiveFacts): string {
	return facts.value === 'integer' ? '[number]' : facts.value === 'date' ? '[date]' : '[none|standard|large]';
}

function valueMarkdown(directive: ParsedDirective, facts: RobotsDirectiveFacts): string {
	if (directive.problem) {
		return `⚠ ${directive.problem.message}.`;
	}
	const value = directive.parsedValue;
	if (!value) {
		return '';
	}
	switch (value.kind) {
		case 'integer':
			if (value.number === -1) {
				return '`-1`: no limit.';
			}
			if (value.number === 0) {
				return facts.name === 'max-snippet' ? '`0`: no text snippet (the same as nosnippet).' : '`0`: at most a static image.';
			}
			return `\`${value.number}\`: at most ${value.number} ${facts.name === 'max-snippet' ? 'characters' : 'seconds'}.`;
		case 'image-preview':
			return {
				none: '`none`: no image preview.',
				standard: '`standard`: a default image preview may be shown.',
				large: '`large`: a larger image preview, up to the width of the viewport, may be shown.',
			}[value.setting];
		case 'date':
			return `Read as ${new Date(value.date.time).toISOString().replace('.000Z', 'Z')} (${value.date.format}${value.date.hasZone ? '' : '; no time zone given, read here as UTC'}).`;
	}
}

function addressLine(address: CrawlerAddress | undefined, where: 'meta' | 'header', directive: ParsedDirective): string {
	if (where === 'header' && !directive.prefix) {
		return 'Written here for every crawler (no crawler prefix).';
	}
	if (!address) {
		return 'Written here for a crawler we do not know.';
	}
	if (address.kind === 'all') {
		return 'Written here for every crawler (`robots`); Google: it reaches search engine crawlers, not ads crawlers such as AdsBot-Google.';
	}
	if (address.ignored) {
		return `Written here for \`${address.name}\`, which ${address.engine ? searchEngineNames[address.engine] : 'its engine'} does not read as a meta name.`;
	}
	return `Written here for ${crawlerList(address)}.`;
}

function crawlerList(address: CrawlerAddress): string {
	const tokens = address.crawlers.map((crawler) => crawler.token);
	const shown = tokens.slice(0, 8).join(', ');
	return tokens.length > 8 ? `${shown} and ${tokens.length - 8} more` : shown || `\`${address.name}\``;
}

/** Who a meta name or header prefix addresses. */
function nameMarkdown(name: string, address: CrawlerAddress | undefined, where: 'meta' | 'header'): string {
	if (!address) {
		const suggestion = suggestRobotsName(name);
		return `No crawler is called \`${name}\`${suggestion ? `; did you mean \`${suggestion}\`?` : '.'} Rules written for it reach no crawler we know.`;
	}
	const what = where === 'meta' ? `name="${name}"` : `\`${name}:\``;
	const parts: string[] = [];
	if (address.kind === 'all') {
		parts.push(`${what} addresses every crawler. Google: it applies to search engine crawlers; non-search crawlers such as AdsBot-Google need rules of their own.`);
	} else if (address.kind === 'google-settings') {
		parts.push(`${what} carries Google's page settings (notranslate, nopagereadaloud), not robots rules.`);
	} else if (address.ignored) {
		parts.push(`${what} names ${crawlerList(address)}, but ${address.engine ? searchEngineNames[address.engine] : 'its engine'} does not read it: ${address.ignored.note}`);
	} else {
		parts.push(`${what} addresses ${crawlerList(address)}.`);
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
	const title = pattern ? `**X-Robots-Tag for ${pattern}**, combined for each crawler:` : '**The robots rules of this page**, combined for each crawler:';
	return [
		title,
		['| Crawler | Index | Follow links | Snippet | Other | Combined as |', '|---|---|---|---|---|---|', ...rows].join('\n'),
		'Google: the more restrictive rule applies, and several crawler names add up ("the sum of the negative rules"). Yandex: allowing directives win over prohibiting ones. Bing and Baidu document no rule; Google\'s is assumed.',
		'Rules are read only if the crawler may fetch the page: a page disallowed in robots.txt keeps its URL indexable, noindex or not.',
	].join('\n\n') + sourceList(['googleSpec', 'yandexMetaRobots']);
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
	const yesNo = (value: boolean): string => (value ? 'yes' : '**no**');
	const combined = `${result.combination === 'allow-wins' ? 'allowing wins' : 'most restrictive'}${result.combinationDocumented ? '' : ' (assumed)'}`;
	return `| ${result.crawler} | ${yesNo(result.index)} | ${yesNo(result.follow)} | ${yesNo(result.snippet)} | ${cell(other.join(', '))} | ${combined} |`;
}

/** On a Yandex noindex marker: what it does at Yandex. */
function noindexHover(text: string, offset: number, lines: LineIndex): Hover | null {
	// A local look: is the position on `<noindex>`, `</noindex>`, `<!--noindex-->` or `<!--/noindex-->`?
	const from = Math.max(0, offset - 20);
	const window = text.slice(from, offset + 20);
	const pattern = /<\/?noindex\s*>|<!--\s*\/?noindex\s*-->/gi;
	for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
		const start = from + match.index;
		const end = start + match[0].length;
		if (offset >= start && offset <= end) {
			return hover(
				'**Yandex `<noindex>`**: Yandex does not index the text between `<noindex>` and `</noindex>` (or `<!--noindex-->` and `<!--/noindex-->`, the form that keeps HTML valid). ' +
				'It is not sensitive to nesting and may appear anywhere; without a closing tag the rest of the page is hidden; nested fragments end at the first closing tag. Other engines ignore it.' +
				sourceList(['yandexNoindexElement', 'seedRunet']),
				lines, start, end,
			);
		}
	}
	return null;
}
