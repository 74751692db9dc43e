/**
 * The check of a site's pages against its robots.txt, in the words an editor or a command line needs: analyse a page
 * (its own diagnostics and what its robots rules reach), then turn the pages of a site into the page's warnings and the
 * robots.txt's hints. The adapters hold pages and read files; they never need to know which directive is at stake.
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SeverityName } from '../options';
import { lineRange } from '../syntax/document';
import type { RobotsModel } from '../syntax/parser';
import {
	analyseHtmlPage,
	blockedNoindexDiagnostics,
	blockedNoindexesAt,
	headersNoindexPlaces,
	headersPatternPaths,
	htmlNoindexPlaces,
	robotsHidesNoindexDiagnostics,
	type NoindexPlaces,
} from './crossFile';
import { computeHeadersDiagnostics } from './diagnostics';
import { blockedResourceDiagnostics, blockedResourcesAt, hidesResourcesDiagnostics, renderReach, type RenderReach } from './render';
import type { MetaAnalysisOptions } from './report';

/**
 * What a page's robots rules ask of each target crawler that the robots.txt can defeat: for each crawler, where in the
 * page the request is. Empty for most pages. Plain data that holds no text, so that a caller may keep it for many files.
 */
export type PageReach = NoindexPlaces;

/** A page of a site, as the site check sees it: where it is, the URL path it is served at, its reach and what it loads to render. */
export interface SiteEntry {
	readonly uri: string;
	readonly urlPath: string;
	readonly reach: PageReach;
	readonly render?: RenderReach;
}

/** The kinds of page: an HTML document, or a `_headers` file (Netlify, Cloudflare Pages). */
export type PageKind = 'html' | 'headers';

interface PageAnalysis {
	/** The page's own diagnostics: its robots meta tags, or its X-Robots-Tag lines and syntax. */
	readonly diagnostics: Diagnostic[];
	/** For an HTML page, its reach; a headers file's reach depends on the URL paths of its site (`headersReach`). */
	readonly reach: PageReach;
	/** For an HTML page, the resources it loads, for the target search crawlers; undefined without either. */
	readonly render?: RenderReach;
}

const noReach: PageReach = new Map();

/**
 * A page's own diagnostics and, for HTML, its reach for `options.targets`, with one scan: an HTML page without robots
 * tags costs the scanner's quick pass and nothing else. `document`, the editor's copy of the same text, converts
 * offsets without a line table of the whole text.
 */
export function analysePage(kind: PageKind, text: string, options: MetaAnalysisOptions = {}, document?: TextDocument): PageAnalysis {
	if (kind === 'html') {
		const { diagnostics, noindex } = analyseHtmlPage(text, options, document);
		const render = renderReach(text, options.targets ?? [], document);
		return render === undefined ? { diagnostics, reach: noindex } : { diagnostics, reach: noindex, render };
	}
	return { diagnostics: computeHeadersDiagnostics(text, options), reach: noReach };
}

/** An HTML page's reach for the crawlers given (one quick pass for a page without robots tags). */
export function htmlReach(text: string, crawlers: readonly string[], document?: TextDocument): PageReach {
	return htmlNoindexPlaces(text, crawlers, undefined, document);
}

/** An HTML page's resources for the target search crawlers (one quick pass for a page without resource tags). */
export function htmlRender(text: string, crawlers: readonly string[], document?: TextDocument): RenderReach | undefined {
	return renderReach(text, crawlers, document);
}

/**
 * A `_headers` file's reach for each URL path it covers, among the paths of its site's files and the paths its own
 * patterns stand for (`/drafts/*` stands for `/drafts/`); ranges are in the headers file.
 */
export function headersReach(text: string, sitePaths: readonly string[], crawlers: readonly string[]): ReadonlyMap<string, PageReach> {
	return headersNoindexPlaces(text, [...sitePaths, ...headersPatternPaths(text)], crawlers);
}

/**
 * The warnings of one page (or headers file) of a site: where its request cannot reach a crawler because the
 * robots.txt keeps the crawler out, with the deciding line of the robots.txt at `robotsUri` as related information.
 */
export function pageSiteDiagnostics(
	robots: RobotsModel,
	robotsUri: string,
	entries: readonly SiteEntry[],
	severities?: Readonly<Record<string, SeverityName>>,
): Diagnostic[] {
	const findings = entries.flatMap((entry) => blockedNoindexesAt(robots, entry.urlPath, entry.uri, entry.reach));
	return [
		...blockedNoindexDiagnostics(findings, robotsUri, (line) => lineRange(robots, line), severities),
		...blockedResourceDiagnostics(robots, robotsUri, blockedResources(robots, entries), severities),
	];
}

/** The resources of the entries that the robots.txt keeps a search crawler from. */
function blockedResources(robots: RobotsModel, entries: readonly SiteEntry[]): ReturnType<typeof blockedResourcesAt> {
	return entries.flatMap((entry) => (entry.render === undefined ? [] : blockedResourcesAt(robots, entry.urlPath, entry.uri, entry.render)));
}

/**
 * The hints of a robots.txt: on each line that keeps a crawler from the request of pages of its site, which pages; on
 * each line that keeps a search crawler from what pages load to render, how many pages, with the `Allow` fixes when
 * `robotsUri` is given.
 */
export function robotsSiteDiagnostics(
	robots: RobotsModel,
	entries: readonly SiteEntry[],
	severities?: Readonly<Record<string, SeverityName>>,
	robotsUri?: string,
): Diagnostic[] {
	const findings = entries.flatMap((entry) => blockedNoindexesAt(robots, entry.urlPath, entry.uri, entry.reach));
	const hints = robotsHidesNoindexDiagnostics(findings, (line) => lineRange(robots, line), severities);
	const render = hidesResourcesDiagnostics(robots, robotsUri, blockedResources(robots, entries), severities);
	return render.length === 0 ? hints : [...hints, ...render].sort((a, b) => a.range.start.line - b.range.start.line);
}
