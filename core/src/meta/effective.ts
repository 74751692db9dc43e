/**
 * What a page's robots rules mean for one crawler: which directives reach it (`robots` and its own meta names, header
 * lines without a prefix or with its name), and the combined result as its engine documents combining them. Google:
 * "the more restrictive rule applies", and with several crawlers named "the sum of the negative rules". Yandex:
 * "allow directives have priority over prohibiting directives". Bing and Baidu document no rule; we read them as
 * Google does and say it is assumed.
 */

import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { findCrawler, type CrawlerFacts } from '../facts/crawlers';
import type { RobotsDate } from './date';
import { robotsDirectiveCatalogue, supportOf, type EngineSupport, type RobotsDirectiveFacts, type SearchEngine } from './directives';
import { parseHeadersFile, xRobotsTagIndex, xRobotsTagLines, type HeadersFile, type XRobotsTagIndex, type XRobotsTagLine } from './headersFile';
import { scanHtml, type HtmlRobotsScan, type ScannedMeta } from './html';
import { addresses, engineOfCrawler, resolveRobotsName, type CrawlerAddress } from './names';
import { parseRobotsDirectives, type ParsedDirective, type ParsedRobotsValue } from './parse';
import { offsetRange, pageDocument } from './text';

/** One carrier of robots rules: a meta tag's content or one X-Robots-Tag value. */
export interface RobotsRuleSet {
	readonly kind: 'meta' | 'header';
	/** Meta: the name attribute's value, trimmed and lower-cased; header: undefined. */
	readonly name: string | undefined;
	readonly parsed: ParsedRobotsValue;
	/** The document offset of the value's first character (0 for a bare header value). */
	readonly offset: number;
	/** Which meta tag or header value this is, in document order. */
	readonly index: number;
	/** The scanned tag, for meta rule sets. */
	readonly meta?: ScannedMeta;
}

/** The rule sets of an HTML page: its robots meta tags with a content attribute, in order. */
export function ruleSetsFromHtml(scan: HtmlRobotsScan): RobotsRuleSet[] {
	const sets: RobotsRuleSet[] = [];
	for (const meta of scan.metas) {
		if (!meta.content || !meta.closed) {
			continue;
		}
		const content = meta.content;
		sets.push({
			kind: 'meta',
			// As an HTML parser reads it: `”robots”` in typographic quotes is not `robots`.
			name: meta.name.value.trim().toLowerCase(),
			parsed: parseRobotsDirectives(content.value, 'meta'),
			offset: content.valueStart,
			index: sets.length,
			meta,
		});
	}
	return sets;
}

/** The rule sets of X-Robots-Tag header values (one per header line), with the document offset of each when known. */
export function ruleSetsFromHeaders(values: readonly string[], offsets?: readonly number[]): RobotsRuleSet[] {
	return values.map((value, index) => ({
		kind: 'header' as const,
		name: undefined,
		parsed: parseRobotsDirectives(value, 'header'),
		offset: offsets?.[index] ?? 0,
		index,
	}));
}

/** A crawler as the combination needs it: a catalogue entry, or a bare token we do not know. */
interface Target {
	readonly token: string;
	readonly facts: CrawlerFacts | undefined;
	readonly engine: SearchEngine | undefined;
}

function target(token: string): Target {
	const facts = findCrawler(token);
	return { token: facts?.token ?? token.trim(), facts, engine: facts ? engineOfCrawler(facts) : undefined };
}

/** Who a directive of a rule set addresses: the meta name, or the header prefix in force (none: every crawler). */
export function addressOf(set: RobotsRuleSet, directive: ParsedDirective): CrawlerAddress | string {
	if (set.kind === 'meta') {
		const name = set.name ?? '';
		return resolveRobotsName(name) ?? name;
	}
	if (!directive.prefix) {
		return allCrawlers;
	}
	return resolveRobotsName(directive.prefix.name) ?? directive.prefix.name.trim().toLowerCase();
}

const allCrawlers = resolveRobotsName('robots') as CrawlerAddress;

function reaches(address: CrawlerAddress | string, crawler: Target): boolean {
	if (typeof address === 'string') {
		// A name we do not know addresses the crawler that carries it, if the caller asks about it by that name.
		return !crawler.facts && address === crawler.token.toLowerCase();
	}
	if (!crawler.facts) {
		return address.kind === 'all';
	}
	return addresses(address, crawler.facts);
}

/** A directive that reaches the crawler, and what its engine says about it. */
interface AppliedDirective {
	readonly set: RobotsRuleSet;
	readonly directive: ParsedDirective;
	readonly facts: RobotsDirectiveFacts;
	readonly support: EngineSupport;
	/** False when the engine documents ignoring it. */
	readonly counted: boolean;
}

/** The combined meaning of a page's rules for one crawler. */
export interface EffectiveRobots {
	/** The crawler's token, in the catalogue's spelling when we know it. */
	readonly crawler: string;
	readonly engine: SearchEngine | undefined;
	/** How the rules combine: Google's most restrictive rule, or Yandex's allowing directives first. */
	readonly combination: 'most-restrictive' | 'allow-wins';
	/** Whether the engine documents how its rules combine (Google, Yandex); otherwise Google's rule is assumed. */
	readonly combinationDocumented: boolean;
	readonly index: boolean;
	readonly follow: boolean;
	/** A cached copy may be shown (noarchive). */
	readonly archive: boolean;
	/** Bing's nocache. */
	readonly cache: boolean;
	readonly snippet: boolean;
	/** Characters of snippet; -1 for no limit; undefined when not set. */
	readonly maxSnippet: number | undefined;
	readonly maxImagePreview: 'none' | 'standard' | 'large' | undefined;
	/** Seconds; -1 for no limit; undefined when not set. */
	readonly maxVideoPreview: number | undefined;
	readonly translate: boolean;
	readonly imageIndex: boolean;
	/** Yandex's automatically generated description (noyaca). */
	readonly autoDescription: boolean;
	/** The earliest unavailable_after date. */
	readonly unavailableAfter: RobotsDate | undefined;
	readonly indexIfEmbedded: boolean;
	/** Every directive that reaches the crawler, counted or not. */
	readonly applied: readonly AppliedDirective[];
}

const factsByName = new Map(robotsDirectiveCatalogue.map((facts) => [facts.name, facts]));

/** The directives of `sets` that reach `crawler`, each with its engine's support. */
function appliedDirectives(sets: readonly RobotsRuleSet[], crawler: string): AppliedDirective[] {
	const who = target(crawler);
	const applied: AppliedDirective[] = [];
	for (const set of sets) {
		for (const directive of set.parsed.directives) {
			if (!directive.facts || directive.misplacedPrefix || !reaches(addressOf(set, directive), who)) {
				continue;
			}
			const support: EngineSupport = who.engine ? supportOf(directive.facts, who.engine, set.kind) : { status: 'undocumented' };
			applied.push({ set, directive, facts: directive.facts, support, counted: support.status !== 'ignored' });
		}
	}
	return applied;
}

/** The combined meaning of the rule sets for one crawler (a token from the crawler catalogue, or any name). */
export function effectiveRobots(sets: readonly RobotsRuleSet[], crawler: string): EffectiveRobots {
	const who = target(crawler);
	const applied = appliedDirectives(sets, crawler);
	const allowWins = who.engine === 'yandex';
	const restricted = new Set<string>();
	const permitted = new Set<string>();
	let maxSnippet: number | undefined;
	let maxVideoPreview: number | undefined;
	let maxImagePreview: EffectiveRobots['maxImagePreview'];
	let unavailableAfter: RobotsDate | undefined;
	for (const entry of applied) {
		if (!entry.counted) {
			continue;
		}
		const names = entry.facts.means ?? [entry.facts.name];
		for (const name of names) {
			const facts = factsByName.get(name) as RobotsDirectiveFacts;
			if (facts.effect === 'restrict') {
				restricted.add(facts.aspect);
			} else if (facts.effect === 'permit') {
				permitted.add(facts.aspect);
			}
		}
		const value = entry.directive.parsedValue;
		if (!value) {
			continue;
		}
		// Google: an unparseable value makes the directive ignored, so only parsed values count.
		if (value.kind === 'integer' && entry.facts.name === 'max-snippet') {
			maxSnippet = tighter(maxSnippet, value.number);
		} else if (value.kind === 'integer' && entry.facts.name === 'max-video-preview') {
			maxVideoPreview = tighter(maxVideoPreview, value.number);
		} else if (value.kind === 'image-preview') {
			maxImagePreview = maxImagePreview === undefined || previewOrder[value.setting] < previewOrder[maxImagePreview] ? value.setting : maxImagePreview;
		} else if (value.kind === 'date') {
			unavailableAfter = unavailableAfter === undefined || value.date.time < unavailableAfter.time ? value.date : unavailableAfter;
		}
	}
	const allowed = (aspect: string): boolean => !restricted.has(aspect) || (allowWins && permitted.has(aspect));
	return {
		crawler: who.token,
		engine: who.engine,
		combination: allowWins ? 'allow-wins' : 'most-restrictive',
		combinationDocumented: who.engine === 'google' || who.engine === 'yandex',
		index: allowed('index'),
		follow: allowed('follow'),
		archive: allowed('archive'),
		cache: allowed('cache'),
		// Google: max-snippet:0 is equivalent to nosnippet.
		snippet: allowed('snippet') && maxSnippet !== 0,
		maxSnippet,
		maxImagePreview,
		maxVideoPreview,
		translate: allowed('translate'),
		imageIndex: allowed('image-index'),
		autoDescription: allowed('auto-description'),
		unavailableAfter,
		indexIfEmbedded: permitted.has('embedded'),
		applied,
	};
}

const previewOrder = { none: 0, standard: 1, large: 2 } as const;

/** The more restrictive of two limits where -1 means none. */
function tighter(current: number | undefined, next: number): number {
	if (current === undefined || current === -1) {
		return next;
	}
	return next === -1 ? current : Math.min(current, next);
}

/** Where a noindex (or none) addressed to a crawler is. */
interface NoindexOccurrence {
	readonly set: RobotsRuleSet;
	readonly directive: ParsedDirective;
	/** Document offsets of the directive. */
	readonly start: number;
	readonly end: number;
	/** The directive's range, when the document text is known. */
	readonly range?: Range;
	/** What the crawler's engine says about noindex (or none). */
	readonly support: EngineSupport;
}

export interface NoindexAnswer {
	/** Whether the page carries a noindex (or none) that reaches the crawler. */
	readonly carriesNoindex: boolean;
	/** Whether the crawler may index the page once all its rules are combined (Yandex: index cancels noindex). */
	readonly indexable: boolean;
	readonly occurrences: readonly NoindexOccurrence[];
}

/** Whether a page's rule sets carry noindex for a crawler, and where. */
export function findNoindex(sets: readonly RobotsRuleSet[], crawler: string, lines?: TextDocument): NoindexAnswer {
	const occurrences: NoindexOccurrence[] = [];
	for (const entry of appliedDirectives(sets, crawler)) {
		if (entry.facts.name !== 'noindex' && entry.facts.name !== 'none') {
			continue;
		}
		const start = entry.set.offset + entry.directive.span.start;
		const end = entry.set.offset + entry.directive.span.end;
		occurrences.push({
			set: entry.set,
			directive: entry.directive,
			start,
			end,
			...(lines ? { range: offsetRange(lines, start, end) } : {}),
			support: entry.support,
		});
	}
	return { carriesNoindex: occurrences.length > 0, indexable: effectiveRobots(sets, crawler).index, occurrences };
}

/** Whether an HTML page's robots meta tags carry noindex for a crawler; occurrences have document ranges. */
export function findNoindexInHtml(text: string, crawler: string): NoindexAnswer {
	return findNoindex(ruleSetsFromHtml(scanHtml(text)), crawler, pageDocument(text));
}

/**
 * Whether X-Robots-Tag header values carry noindex for a crawler. Each occurrence's `set.index` is the header's
 * position in `values`, and its offsets are into that value.
 */
export function findNoindexInHeaders(values: readonly string[], crawler: string): NoindexAnswer {
	return findNoindex(ruleSetsFromHeaders(values), crawler);
}

/**
 * Whether the X-Robots-Tag lines of a `_headers` file that match a URL path carry noindex for a crawler; occurrences
 * have ranges in the file. Cloudflare Pages applies the headers of every matching rule; a matching
 * `! X-Robots-Tag` line (Cloudflare's detach, which drops a header a broader rule attached) drops the X-Robots-Tag
 * lines of the other matching rules.
 */
export function findNoindexInHeadersFile(text: string, path: string, crawler: string, host?: string): NoindexAnswer {
	const file = parseHeadersFile(text);
	return findNoindex(headerRuleSets(file, path, host), crawler, pageDocument(text));
}

/**
 * The X-Robots-Tag rule sets of a `_headers` file: all of them, or those whose pattern matches `path` (absolute URL
 * patterns only with a matching `host`).
 */
export function headerRuleSets(file: HeadersFile, path?: string, host?: string): RobotsRuleSet[] {
	return path === undefined ? lineRuleSets(xRobotsTagLines(file)) : matchingHeaderRuleSets(xRobotsTagIndex(file), path, host);
}

/** `headerRuleSets` of one path, from a file's index (`xRobotsTagIndex`), which many paths share. */
export function matchingHeaderRuleSets(index: XRobotsTagIndex, path: string, host?: string): RobotsRuleSet[] {
	let lines = index(path, host);
	const detaching = new Set(lines.filter((line) => line.header.detach).map((line) => line.rule));
	if (detaching.size > 0) {
		lines = lines.filter((line) => detaching.has(line.rule));
	}
	return lineRuleSets(lines);
}

function lineRuleSets(lines: readonly XRobotsTagLine[]): RobotsRuleSet[] {
	const kept = lines.filter((line) => !line.header.detach);
	return ruleSetsFromHeaders(
		kept.map((line) => line.header.value),
		kept.map((line) => line.header.valueStart),
	);
}
