/**
 * A robots.txt against the sitemaps it names (Search Console's "Submitted URL blocked by robots.txt"): which sitemaps to
 * read (its `Sitemap:` lines, then the sitemaps an index lists, within the caps of sitemaps.org), and the findings on
 * its lines once they are read: the listed URLs a target search crawler may not fetch (on the Sitemap line, and a hint
 * on each deciding rule), a sitemap on another host, a sitemap the crawlers may not fetch, one that cannot be read.
 * No IO: the edges (the server, the CLI) read what {@link nextUrlSets} names, in the workspace or over HTTP, and hand
 * back what they found ({@link UrlSetSource}); verdicts come from the crawler model (`decideTable`), never a matcher
 * of our own.
 */

import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import { listNames } from '../crawlers/explain';
import { decideTable, isAllowedDecision, unpackDecision } from '../crawlers/reading';
import { findingDiagnostic } from '../diagnostics/lsp';
import { findCrawler } from '../facts/crawlers';
import { isFetchableSitemapUrl } from '../facts/sitemaps';
import { formatNumber, joinList, t } from '../l10n';
import { parseSitemap } from '../bench/urls';
import { metaSeverity } from '../meta/codes';
import type { SeverityName } from '../options';
import { lineRange } from '../syntax/document';
import type { RobotsModel } from '../syntax/parser';
import { resolvePath, type SiteOf } from './layout';

/**
 * The caps of a read (sitemaps.org, "Sitemap file location" and "Using Sitemap index files": a sitemap holds at most
 * 50,000 URLs and 50 MB uncompressed); the number of sitemaps read for one robots.txt is ours. Parameters, so that a
 * test can use small ones.
 */
export interface UrlSetLimits {
	/** Sitemaps read for one robots.txt, the Sitemap lines' and those their indexes list together. */
	readonly maxSitemaps: number;
	/** URLs read of one file. */
	readonly maxUrls: number;
	/** Bytes read of one file, uncompressed. */
	readonly maxBytes: number;
}

export const urlSetLimits: UrlSetLimits = { maxSitemaps: 50, maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

/** What an edge found at a sitemap's URL: its text (gzip undone, at most `maxBytes`), or why it has none. */
export type UrlSetSource =
	| { readonly kind: 'text'; readonly text: string /** More bytes followed `maxBytes`. */; readonly cut: boolean }
	/** In the workspace: no file at the URL's path below the site root (`path`, relative to the workspace folder). */
	| { readonly kind: 'missing'; readonly path: string }
	/** Not this site's (another host), so not in the workspace; or no file system to read it from. */
	| { readonly kind: 'not-local' }
	| { readonly kind: 'http-status'; readonly status: number }
	/** The request failed (DNS, refused, timeout, TLS…), in the words of the layer that failed. */
	| { readonly kind: 'network'; readonly message: string }
	/** A file that is there but cannot be read (permissions, a link out of the folders), in the file system's words. */
	| { readonly kind: 'read-error'; readonly message: string }
	| { readonly kind: 'broken-gzip' };

/** A sitemap as read: the URLs it lists (a urlset) or the sitemaps it lists (an index), or why it gives none. */
export type ReadUrlSet =
	| {
			readonly kind: 'urlset' | 'index';
			/** Page URLs (for an index: none), at most `maxUrls`. */
			readonly urls: readonly string[];
			/** For an index: the sitemaps it lists. */
			readonly sitemaps: readonly string[];
			/** URLs left out past `maxUrls`. */
			readonly leftOut: number;
			/** Bytes left out past `maxBytes`. */
			readonly cut: boolean;
	  }
	/** `absent`: not in the workspace (no file there, or another host's): nothing to check, rather than a broken sitemap. */
	| { readonly kind: 'unreadable'; readonly reason: string; readonly absent?: true };

/** Whether a sitemap's text names the `urlset` element: an empty urlset is a sitemap of no URLs, not a foreign file. */
const urlsetElement = /<(?:[A-Za-z_][\w.-]*:)?urlset[\s>/]/i;

/** A sitemap read from what the edge found: parsed (sitemaps.org protocol 0.9, `parseSitemap`), or the reason in words. */
export function readUrlSet(source: UrlSetSource, limits: UrlSetLimits = urlSetLimits): ReadUrlSet {
	switch (source.kind) {
		case 'missing':
			return { kind: 'unreadable', reason: t('no file {0} in the workspace at its URL path below the site root', source.path), absent: true };
		case 'not-local':
			return { kind: 'unreadable', reason: t('it is not in the workspace (another host, or no file system to read)'), absent: true };
		case 'http-status':
			return { kind: 'unreadable', reason: t('the server answered HTTP {0}', source.status) };
		case 'network':
			return { kind: 'unreadable', reason: t('the request failed: {0}', source.message) };
		case 'read-error':
			return { kind: 'unreadable', reason: t('the file cannot be read: {0}', source.message) };
		case 'broken-gzip':
			return { kind: 'unreadable', reason: t('it is not valid gzip') };
	}
	const { text } = source;
	if (!/^\s*</.test(text.slice(0, 1024))) {
		return { kind: 'unreadable', reason: t('it is not XML, so not a sitemap') };
	}
	const parsed = parseSitemap(text, limits.maxUrls);
	if (!parsed.isIndex && parsed.urls.length === 0 && !urlsetElement.test(text)) {
		return { kind: 'unreadable', reason: t('it has no <urlset> or <sitemapindex> element, so it is not a sitemap') };
	}
	return {
		kind: parsed.isIndex ? 'index' : 'urlset',
		urls: parsed.isIndex ? [] : parsed.urls.map((entry) => entry.url),
		sitemaps: parsed.sitemaps.map((entry) => entry.url),
		leftOut: parsed.leftOut,
		cut: source.cut,
	};
}

/** A sitemap to read for one robots.txt: its URL, the Sitemap lines that name it or the index that lists it, 0-based. */
interface PlannedSitemap {
	readonly url: string;
	/** The Sitemap lines of the robots.txt it belongs to (for a sitemap an index lists: the index's). */
	readonly lines: readonly number[];
	/** For a sitemap an index lists: the index's URL. */
	readonly index?: string;
}

interface SitemapPlan {
	readonly entries: readonly PlannedSitemap[];
	/** Sitemaps indexes list that were left out by `maxSitemaps`. */
	readonly leftOut: number;
}

/**
 * The Sitemap lines (as any dialect reads the key) whose value is a URL a crawler can fetch (`isFetchableSitemapUrl`),
 * in order, with their 0-based line: the sitemaps read, and the document links.
 */
export function fetchableSitemapLines(model: RobotsModel): { readonly line: number; readonly url: string }[] {
	const found: { line: number; url: string }[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (node.kind !== 'directive' || (node.directive !== 'sitemap' && node.googleDirective !== 'sitemap')) {
			continue;
		}
		const url = model.valueText(line);
		if (isFetchableSitemapUrl(url)) {
			found.push({ line, url });
		}
	}
	return found;
}

/** The fetchable Sitemap lines by URL (0-based lines). */
function sitemapLines(model: RobotsModel): Map<string, number[]> {
	const byUrl = new Map<string, number[]>();
	for (const { line, url } of fetchableSitemapLines(model)) {
		const lines = byUrl.get(url) ?? [];
		lines.push(line);
		byUrl.set(url, lines);
	}
	return byUrl;
}

/**
 * The sitemaps to read, in order: those the Sitemap lines name, then those each index among them lists (sitemaps.org:
 * an index lists sitemaps, not indexes, so an index an index lists is not followed), at most `maxSitemaps` in all.
 */
function planSitemaps(model: RobotsModel, reads: ReadonlyMap<string, ReadUrlSet>, limits: UrlSetLimits): SitemapPlan {
	const entries: PlannedSitemap[] = [];
	const planned = new Set<string>();
	let leftOut = 0;
	for (const [url, lines] of sitemapLines(model)) {
		if (entries.length >= limits.maxSitemaps) {
			leftOut++;
			continue;
		}
		entries.push({ url, lines });
		planned.add(url);
	}
	for (const root of [...entries]) {
		const read = reads.get(root.url);
		if (read?.kind !== 'index') {
			continue;
		}
		for (const url of read.sitemaps) {
			if (planned.has(url) || !isFetchableSitemapUrl(url)) {
				continue;
			}
			if (entries.length >= limits.maxSitemaps) {
				leftOut++;
				continue;
			}
			planned.add(url);
			entries.push({ url, lines: root.lines, index: root.url });
		}
	}
	return { entries, leftOut };
}

/**
 * What an edge reads next for a robots.txt, given what it has read (by URL): the planned sitemaps not read yet. An edge
 * reads them, adds them to `reads` and asks again until nothing is left; at most `maxSitemaps` reads in all.
 */
export function nextUrlSets(model: RobotsModel, reads: ReadonlyMap<string, ReadUrlSet>, limits: UrlSetLimits = urlSetLimits): string[] {
	return planSitemaps(model, reads, limits)
		.entries.filter((entry) => !reads.has(entry.url))
		.map((entry) => entry.url);
}

/**
 * The file a sitemap URL path is read from in a workspace: below each root of the robots.txt's site in turn (the URL
 * path's segments percent-decoded); none for a path that ends in `/` or climbs out of the root.
 */
export function urlSetFilePaths(site: SiteOf, urlPath: string): string[] {
	if (!urlPath.startsWith('/') || urlPath.endsWith('/')) {
		return [];
	}
	let names: string[];
	try {
		names = urlPath.slice(1).split('/').map(decodeURIComponent);
	} catch {
		return [];
	}
	if (names.some((name) => name === '..' || name === '.' || name.includes('\\'))) {
		return [];
	}
	return site.roots.flatMap((root) => {
		const path = resolvePath(root, names.join('/'));
		return path === undefined ? [] : [path];
	});
}

/** What a robots.txt's sitemaps list on one origin, as read: the paths (each once, in the order listed) and the caps met. */
export interface ListedPaths {
	readonly paths: readonly string[];
	/** Sitemaps read (urlsets and indexes), sitemaps not read past `maxSitemaps`, sitemaps cut at a cap. */
	readonly sitemaps: number;
	readonly leftOut: number;
	readonly cut: number;
}

/**
 * The paths (and queries) of the URLs on `origin` that the sitemaps planned for `model` list, as read (`reads`): the
 * URLs a comparison of verdicts asks about. URLs of other hosts are not this file's to judge and are left out.
 */
export function listedPaths(model: RobotsModel, reads: ReadonlyMap<string, ReadUrlSet>, origin: string, limits: UrlSetLimits = urlSetLimits): ListedPaths {
	const plan = planSitemaps(model, reads, limits);
	const seen = new Set<string>();
	const paths: string[] = [];
	let sitemaps = 0;
	let cut = 0;
	for (const entry of plan.entries) {
		const read = reads.get(entry.url);
		if (read === undefined || read.kind === 'unreadable') {
			continue;
		}
		sitemaps++;
		if (read.leftOut > 0 || read.cut) {
			cut++;
		}
		for (const split of read.kind === 'urlset' ? splitUrls(read) : []) {
			if (split !== undefined && split.origin === origin && !seen.has(split.path)) {
				seen.add(split.path);
				paths.push(split.path);
			}
		}
	}
	return { paths, sitemaps, leftOut: plan.leftOut, cut };
}

/** The origin a robots.txt judges: its own URL's when known, else its first fetchable Sitemap line's; undefined without either. */
export function urlSetOrigin(model: RobotsModel, robotsUrl: string | undefined): string | undefined {
	const from = robotsUrl ?? sitemapLines(model).keys().next().value;
	if (from === undefined) {
		return undefined;
	}
	try {
		return new URL(from).origin;
	} catch {
		return undefined;
	}
}

/** A URL split for judging: its origin, and the path and query crawlers match. */
function splitUrl(url: string): { origin: string; path: string; host: string } | undefined {
	try {
		const parsed = new URL(url);
		return { origin: parsed.origin, path: parsed.pathname + parsed.search, host: parsed.host };
	} catch {
		return undefined;
	}
}

/** The listed URLs of a read split for judging, once per read (edges keep a read while its file is unchanged). */
const splitMemo = new WeakMap<ReadUrlSet, readonly ({ origin: string; path: string } | undefined)[]>();

function splitUrls(read: Extract<ReadUrlSet, { readonly urls: readonly string[] }>): readonly ({ origin: string; path: string } | undefined)[] {
	let split = splitMemo.get(read);
	if (split === undefined) {
		split = read.urls.map(splitUrl);
		splitMemo.set(read, split);
	}
	return split;
}

/** A sitemap's name in messages: the last segment of its URL path, or the URL itself. */
function sitemapName(url: string): string {
	const path = splitUrl(url)?.path.replace(/\?.*$/, '') ?? '';
	const name = path.slice(path.lastIndexOf('/') + 1);
	return name === '' ? url : name;
}

const sitemapUrlsDisallowedCode = 'sitemap-urls-disallowed';
const ruleHidesSitemapUrlsCode = 'rule-hides-sitemap-urls';
const sitemapOnOtherHostCode = 'sitemap-on-other-host';
const sitemapDisallowedCode = 'sitemap-disallowed';
const sitemapUnreadableCode = 'sitemap-unreadable';
/** A sitemap the workspace does not hold (many are generated at build time or served by another host): nothing to check. */
const sitemapNotInWorkspaceCode = 'sitemap-not-in-workspace';
const sitemapCutCode = 'sitemap-cut';

/** The target crawlers a sitemap is for: those of category `search` (Googlebot, Bingbot…). */
function searchCrawlers(crawlers: readonly string[]): string[] {
	return crawlers.filter((token) => findCrawler(token)?.category === 'search');
}

/** What one Sitemap line's sitemaps give: their reads, and the URLs they list on this site and elsewhere. */
interface LineSitemaps {
	readonly line: number;
	readonly url: string;
	readonly files: readonly PlannedSitemap[];
	/** Paths of the listed URLs on the judged origin, in the order listed, each once. */
	readonly paths: readonly string[];
	/** Listed URLs on other hosts (or that are no URL). */
	readonly elsewhere: number;
}

/** A rule's hint being gathered: the URLs it hides from each crawler, and the Sitemap lines that list them. */
interface Hidden {
	readonly paths: Set<string>;
	readonly crawlers: Set<string>;
	readonly sitemapLines: Set<number>;
	readonly names: Set<string>;
	example: string;
}

/**
 * The findings of a robots.txt against the sitemaps that were read (`reads`, by URL, as {@link nextUrlSets} planned
 * them): on each Sitemap line, the listed URLs a target search crawler may not fetch (with an example and its deciding
 * line), a sitemap on another host than `origin`, a sitemap the crawlers may not fetch, one that could not be read or
 * was read in part; on each rule that hides listed URLs, a hint with the Sitemap lines as related information. Listed
 * URLs on another host than `origin` are not this file's to judge and are only counted.
 */
export function urlSetDiagnostics(
	model: RobotsModel,
	robotsUri: string,
	origin: string | undefined,
	reads: ReadonlyMap<string, ReadUrlSet>,
	crawlers: readonly string[],
	severities?: Readonly<Record<string, SeverityName>>,
	limits: UrlSetLimits = urlSetLimits,
): Diagnostic[] {
	const plan = planSitemaps(model, reads, limits);
	const search = searchCrawlers(crawlers);
	const diagnostics: Diagnostic[] = [];
	const push = (code: string, line: number, message: string, related?: DiagnosticRelatedInformation[]) => {
		const severity = metaSeverity(code, severities);
		if (severity !== undefined) {
			diagnostics.push(findingDiagnostic({ code, range: lineRange(model, line), message, ...(related ? { related } : {}) }, severity));
		}
	};
	const at = (line: number, message: string): DiagnosticRelatedInformation => ({ location: { uri: robotsUri, range: lineRange(model, line) }, message });
	const groups: LineSitemaps[] = [];
	for (const root of plan.entries.filter((entry) => entry.index === undefined)) {
		const files = [root, ...plan.entries.filter((entry) => entry.index === root.url)];
		const seen = new Set<string>();
		const paths: string[] = [];
		let elsewhere = 0;
		for (const file of files) {
			const read = reads.get(file.url);
			for (const split of read?.kind === 'urlset' ? splitUrls(read) : []) {
				if (split === undefined || split.origin !== origin) {
					elsewhere++;
				} else if (!seen.has(split.path)) {
					seen.add(split.path);
					paths.push(split.path);
				}
			}
		}
		for (const line of root.lines) {
			groups.push({ line, url: root.url, files, paths, elsewhere });
		}
	}
	const hidden = new Map<number, Hidden>();
	for (const group of groups.sort((a, b) => a.line - b.line)) {
		const name = sitemapName(group.url);
		const place = splitUrl(group.url);
		if (origin !== undefined && place !== undefined && place.origin !== origin) {
			push(
				sitemapOnOtherHostCode,
				group.line,
				t(
					'This sitemap is on another host ({0}) than this robots.txt ({1}). sitemaps.org allows it because this file names it (a cross-submit): the sitemap may list URLs of {1}, and this file judges them.',
					place.host,
					new URL(origin).host,
				),
			);
		}
		for (const file of group.files) {
			const read = reads.get(file.url);
			const fileName = sitemapName(file.url);
			const shown = file.index === undefined ? fileName : t('{0} (listed in {1})', fileName, sitemapName(file.index));
			if (read?.kind === 'unreadable') {
				push(read.absent ? sitemapNotInWorkspaceCode : sitemapUnreadableCode, group.line, t('Cannot read the sitemap {0}: {1}.', shown, read.reason));
			} else if (read !== undefined && (read.leftOut > 0 || read.cut)) {
				push(
					sitemapCutCode,
					group.line,
					read.cut
						? t(
								'The sitemap {0} is over {1} MB uncompressed, more than sitemaps.org allows: only its start was read.',
								shown,
								formatNumber(limits.maxBytes / (1024 * 1024)),
							)
						: t(
								'The sitemap {0} lists more than {1} {1|one=URL|other=URLs}, more than sitemaps.org allows: {2} more were not read.',
								shown,
								formatNumber(limits.maxUrls),
								formatNumber(read.leftOut),
							),
				);
			}
			// The sitemap's own URL, when this file judges it: crawlers fetch sitemaps as they fetch pages.
			const split = splitUrl(file.url);
			if (split === undefined || split.origin !== origin || search.length === 0) {
				continue;
			}
			const table = decideTable(model, search, [split.path]);
			const blocked = search.filter((_crawler, column) => unpackDecision(table[column]).verdict === 'disallow');
			if (blocked.length > 0) {
				const ruleLine = unpackDecision(table[search.indexOf(blocked[0])]).line;
				push(
					sitemapDisallowedCode,
					group.line,
					t(
						'{0} may not fetch the sitemap {1} itself: line {2} ("{3}") disallows {4}.',
						listNames(blocked),
						shown,
						ruleLine + 1,
						model.lineText(ruleLine).trim(),
						split.path,
					),
					ruleLine >= 0 ? [at(ruleLine, t('the rule that disallows the sitemap'))] : undefined,
				);
			}
		}
		if (plan.leftOut > 0 && group === groups[0]) {
			push(
				sitemapCutCode,
				group.line,
				t(
					'Only {0} {0|one=sitemap was|other=sitemaps were} read for this file; {1} more were not.',
					formatNumber(limits.maxSitemaps),
					formatNumber(plan.leftOut),
				),
			);
		}
		if (group.paths.length === 0 || search.length === 0) {
			continue;
		}
		const listedIn = group.files.length === 1 ? name : t('{0} and the {1} {1|one=sitemap|other=sitemaps} it lists', name, formatNumber(group.files.length - 1));
		const table = decideTable(model, search, group.paths);
		// Crawlers with the same count and the same first example share one sentence.
		const byOutcome = new Map<string, { crawlers: string[]; count: number; example: string; line: number }>();
		search.forEach((crawler, column) => {
			let count = 0;
			let example: { path: string; line: number } | undefined;
			for (let row = 0; row < group.paths.length; row++) {
				const code = table[row * search.length + column];
				// Most listed URLs are allowed: those cost a bit test.
				if (isAllowedDecision(code)) {
					continue;
				}
				const decision = unpackDecision(code);
				if (decision.line < 0) {
					continue;
				}
				count++;
				example ??= { path: group.paths[row], line: decision.line };
				const hint = hidden.get(decision.line) ?? {
					paths: new Set(),
					crawlers: new Set(),
					sitemapLines: new Set(),
					names: new Set(),
					example: group.paths[row],
				};
				hint.paths.add(group.paths[row]);
				hint.crawlers.add(crawler);
				hint.sitemapLines.add(group.line);
				hint.names.add(name);
				hidden.set(decision.line, hint);
			}
			if (example !== undefined) {
				const key = `${count}\0${example.path}\0${example.line}`;
				const outcome = byOutcome.get(key) ?? { crawlers: [], count, example: example.path, line: example.line };
				outcome.crawlers.push(crawler);
				byOutcome.set(key, outcome);
			}
		});
		for (const outcome of byOutcome.values()) {
			const main = t(
				'{0} of {1} {1|one=URL|other=URLs} in {2} {0|one=is|other=are} disallowed for {3}, e.g. {4} by line {5}.',
				formatNumber(outcome.count),
				formatNumber(group.paths.length),
				listedIn,
				listNames(outcome.crawlers),
				outcome.example,
				outcome.line + 1,
			);
			const elsewhere =
				group.elsewhere === 0
					? ''
					: ' ' + t('{0} more {0|one=URL|other=URLs} on other hosts {0|one=is|other=are} not judged by this file.', formatNumber(group.elsewhere));
			push(sitemapUrlsDisallowedCode, group.line, main + elsewhere, [at(outcome.line, t('the rule that disallows {0}', outcome.example))]);
		}
	}
	for (const [line, hint] of [...hidden].sort((a, b) => a[0] - b[0])) {
		push(
			ruleHidesSitemapUrlsCode,
			line,
			t(
				'Hides {0} {0|one=URL|other=URLs} listed in {1} from {2}, e.g. {3}.',
				formatNumber(hint.paths.size),
				joinList([...hint.names]),
				listNames([...hint.crawlers]),
				hint.example,
			),
			[...hint.sitemapLines].sort((a, b) => a - b).map((sitemapLine) => at(sitemapLine, t('the Sitemap line that lists them'))),
		);
	}
	// In line order, each line's findings in the order above (a stable sort).
	return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
}
