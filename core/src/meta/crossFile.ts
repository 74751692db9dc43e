/**
 * The mistake no single file shows: a page carries `noindex` for a crawler whose robots.txt disallows the page, so the
 * crawler never fetches it, never sees the noindex, and the URL can stay indexed from links alone (seed 004; Google:
 * "for the noindex rule to be effective, the page must not be blocked by a robots.txt file"). Pure: the caller maps
 * files to URL paths (`urlPathOfFile`) and hands in their texts; verdicts come from the crawler model.
 */

import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { evaluateAs } from '../crawlers/reading';
import { formatNumber, joinList, t } from '../l10n';
import type { SeverityName } from '../options';
import { encodeUriComponentOfBytes } from '../syntax/bytes';
import type { RobotsModel } from '../syntax/parser';
import { metaSeverity } from './codes';
import { findingDiagnostic } from '../diagnostics/lsp';
import { htmlFindings } from './diagnostics';
import { toDiagnostics, type MetaAnalysisOptions } from './report';
import { findNoindex, matchingHeaderRuleSets, ruleSetsFromHtml, type NoindexAnswer } from './effective';
import { headersPatternMatches, parseHeadersFile, xRobotsTagIndex, xRobotsTagLines } from './headersFile';
import { scanHtml, type HtmlRobotsScan } from './html';
import { pageDocument } from './text';

/** The code of the finding on the page, and of the mirror hint in the robots.txt. */
const blockedNoindexCode = 'noindex-blocked-by-robots-txt';
const robotsHidesNoindexCode = 'rule-hides-noindex';

/** One page of the site, as the caller found it. */
interface SitePage {
	/** Where the page is (a file uri), for related information. */
	readonly uri: string;
	/** The URL path it is served at, e.g. `/private/report.html` or `/private/` for an index page. */
	readonly urlPath: string;
	/** The page's HTML. */
	readonly html: string;
}

/** A `_headers` file (Netlify, Cloudflare Pages) and the URL paths of the site's pages it may cover. */
interface SiteHeadersFile {
	readonly uri: string;
	readonly text: string;
	readonly urlPaths: readonly string[];
}

/** One crawler that is kept from a page whose noindex it is meant to see. */
interface BlockedNoindex {
	readonly crawler: string;
	readonly urlPath: string;
	/** The robots.txt line (0-based) that disallows the page for the crawler. */
	readonly robotsLine: number;
	readonly robotsRule: string;
	/** Where the noindex is: in the page or the headers file (ranges in that file). */
	readonly uri: string;
	readonly ranges: readonly Range[];
}

/**
 * Where a page's noindex (or none) is, for each crawler it reaches, keyed by the crawler as the caller named it; a
 * crawler it does not reach has no entry. Plain ranges that hold no text, so that a caller may keep them for many files.
 */
export type NoindexPlaces = ReadonlyMap<string, readonly Range[]>;

const noPlaces: NoindexPlaces = new Map();

function placesOf(crawlers: readonly string[], answer: (crawler: string) => NoindexAnswer): NoindexPlaces {
	const places = new Map<string, Range[]>();
	for (const crawler of crawlers) {
		const found = answer(crawler);
		if (found.carriesNoindex) {
			places.set(
				crawler,
				found.occurrences.flatMap((occurrence) => (occurrence.range ? [occurrence.range] : [])),
			);
		}
	}
	return places.size === 0 ? noPlaces : places;
}

/**
 * The noindex places of an HTML page for the crawlers given. A page without robots tags costs the scanner's one quick
 * pass (`scan`, when the caller already has it, costs nothing more) and gets none.
 */
export function htmlNoindexPlaces(text: string, crawlers: readonly string[], scan: HtmlRobotsScan = scanHtml(text), document?: TextDocument): NoindexPlaces {
	if (!scan.fullScan) {
		return noPlaces;
	}
	const sets = ruleSetsFromHtml(scan);
	if (sets.length === 0) {
		return noPlaces;
	}
	const lines = pageDocument(text, document);
	return placesOf(crawlers, (crawler) => findNoindex(sets, crawler, lines));
}

/**
 * The noindex places of a `_headers` file for each URL path given that one of its X-Robots-Tag lines covers (paths it
 * leaves alone have no entry), ranges in the file. The file is parsed and indexed once for all paths (`xRobotsTagIndex`),
 * so that a path is matched only against the patterns that begin as it does.
 */
export function headersNoindexPlaces(text: string, urlPaths: Iterable<string>, crawlers: readonly string[]): ReadonlyMap<string, NoindexPlaces> {
	const file = parseHeadersFile(text);
	const byPath = new Map<string, NoindexPlaces>();
	if (xRobotsTagLines(file).length === 0) {
		return byPath;
	}
	const index = xRobotsTagIndex(file);
	const lines = pageDocument(text);
	const seen = new Set<string>();
	for (const urlPath of urlPaths) {
		if (seen.has(urlPath)) {
			continue;
		}
		seen.add(urlPath);
		const sets = matchingHeaderRuleSets(index, urlPath);
		if (sets.length === 0) {
			continue;
		}
		const places = placesOf(crawlers, (crawler) => findNoindex(sets, crawler, lines));
		if (places.size > 0) {
			byPath.set(urlPath, places);
		}
	}
	return byPath;
}

/**
 * A URL path for each path pattern of a `_headers` file's X-Robots-Tag rules, so that a rule is checked even where no
 * file of the site stands for it: `/drafts/*` gives `/drafts/`, `/blog/:slug` gives `/blog/slug` (the splat may match
 * nothing; a placeholder stands for one segment). Absolute URL patterns are for other hosts and give none.
 */
export function headersPatternPaths(text: string): string[] {
	const paths = new Set<string>();
	// Each rule once, however many X-Robots-Tag lines it has.
	for (const rule of new Set(xRobotsTagLines(parseHeadersFile(text)).map((line) => line.rule))) {
		if (!rule.pattern.startsWith('/')) {
			continue;
		}
		const path = rule.pattern.replace(/\*/g, '').replace(/:([A-Za-z0-9_]+)/g, '$1');
		if (headersPatternMatches(rule.pattern, path)) {
			paths.add(path);
		}
	}
	return [...paths];
}

/** For each crawler a page's noindex reaches, whether the robots.txt disallows the page to it. */
export function blockedNoindexesAt(robots: RobotsModel, urlPath: string, uri: string, places: NoindexPlaces): BlockedNoindex[] {
	const out: BlockedNoindex[] = [];
	for (const [crawler, ranges] of places) {
		const evaluation = evaluateAs(robots, crawler, urlPath);
		// A control token (Google-Extended, Applebot-Extended) fetches nothing, so nothing keeps it from a page.
		if (evaluation.verdict !== 'disallow' || evaluation.rule === null || evaluation.reason === 'ignores-robots-txt' || evaluation.crawler.controlToken) {
			continue;
		}
		out.push({ crawler: evaluation.crawler.token, urlPath, robotsLine: evaluation.rule.line, robotsRule: evaluation.rule.text, uri, ranges });
	}
	return out;
}

/** The findings of one HTML page. */
export function pageBlockedNoindexes(robots: RobotsModel, crawlers: readonly string[], page: SitePage): BlockedNoindex[] {
	return blockedNoindexesAt(robots, page.urlPath, page.uri, htmlNoindexPlaces(page.html, crawlers));
}

/** The findings of a `_headers` file, for each URL path it covers. */
export function headersBlockedNoindexes(robots: RobotsModel, crawlers: readonly string[], file: SiteHeadersFile): BlockedNoindex[] {
	return [...headersNoindexPlaces(file.text, file.urlPaths, crawlers)].flatMap(([urlPath, places]) => blockedNoindexesAt(robots, urlPath, file.uri, places));
}

/** What an editor needs of an HTML page on each edit: its own diagnostics, and where its noindex is for the target crawlers. */
interface HtmlPageAnalysis {
	readonly diagnostics: Diagnostic[];
	readonly noindex: NoindexPlaces;
}

/**
 * Analyses an HTML page for the editor with one scan: the meta checks (`computeHtmlDiagnostics`) and the noindex
 * places for `options.targets`. A page without robots tags costs the scanner's quick pass and nothing else.
 * `document`, the editor's copy of the same text, converts offsets without a line table of the whole text.
 */
export function analyseHtmlPage(text: string, options: MetaAnalysisOptions = {}, document?: TextDocument): HtmlPageAnalysis {
	const scan = scanHtml(text);
	if (!scan.fullScan) {
		return { diagnostics: [], noindex: noPlaces };
	}
	return {
		diagnostics: toDiagnostics(text, htmlFindings(text, options, scan), options, document),
		noindex: htmlNoindexPlaces(text, options.targets ?? [], scan, document),
	};
}

/**
 * The page's warnings, one per noindex place, naming the crawlers it cannot reach and the deciding robots.txt line
 * as related information. `severities` overrides the catalogue's severity (`off` drops them), as `robotsTxt.diagnostics.severity` does.
 */
export function blockedNoindexDiagnostics(
	findings: readonly BlockedNoindex[],
	robotsUri: string,
	robotsLineRange: (line: number) => Range,
	severities?: Readonly<Record<string, SeverityName>>,
): Diagnostic[] {
	const severity = metaSeverity(blockedNoindexCode, severities);
	if (severity === undefined) {
		return [];
	}
	const byPlace = new Map<string, BlockedNoindex[]>();
	for (const finding of findings) {
		for (const range of finding.ranges) {
			const key = `${range.start.line}:${range.start.character}`;
			const group = byPlace.get(key);
			if (group) {
				group.push({ ...finding, ranges: [range] });
			} else {
				byPlace.set(key, [{ ...finding, ranges: [range] }]);
			}
		}
	}
	return [...byPlace.values()].map((group) => {
		const crawlers = [...new Set(group.map((finding) => finding.crawler))];
		const paths = [...new Set(group.map((finding) => finding.urlPath))];
		const rules = [...new Map(group.map((finding) => [finding.robotsLine, finding])).values()].sort((a, b) => a.robotsLine - b.robotsLine);
		return findingDiagnostic(
			{
				code: blockedNoindexCode,
				range: group[0].ranges[0],
				message: blockedNoindexMessage(
					namedAndCounted(crawlers),
					pathsCovered(paths),
					crawlers.length > 1,
					paths.length > 1,
					disallowingLines(rules, paths.length > 1),
				),
				related: rules.map((rule) => ({
					location: { uri: robotsUri, range: robotsLineRange(rule.robotsLine) },
					message: t(
						'the rule that keeps {0} out',
						joinList([...new Set(group.filter((finding) => finding.robotsLine === rule.robotsLine).map((finding) => finding.crawler))]),
					),
				})),
			},
			severity,
		);
	});
}

/**
 * The page's warning, one whole key for each case: whether one crawler or several are kept out, and whether the noindex
 * is for one URL or several (a header line), so that no translated sentence is glued to an English verb form.
 */
function blockedNoindexMessage(who: string, what: string, manyCrawlers: boolean, manyPaths: boolean, lines: string): string {
	if (manyCrawlers) {
		return manyPaths
			? t(
					'{0} never fetch {1}: {2}, so they never see this noindex, and the URLs can stay indexed from links alone. Let them fetch the pages, or drop the noindex.',
					who,
					what,
					lines,
				)
			: t(
					'{0} never fetch {1}: {2}, so they never see this noindex, and the URL can stay indexed from links alone. Let them fetch the page, or drop the noindex.',
					who,
					what,
					lines,
				);
	}
	return manyPaths
		? t(
				'{0} never fetches {1}: {2}, so it never sees this noindex, and the URLs can stay indexed from links alone. Let it fetch the pages, or drop the noindex.',
				who,
				what,
				lines,
			)
		: t(
				'{0} never fetches {1}: {2}, so it never sees this noindex, and the URL can stay indexed from links alone. Let it fetch the page, or drop the noindex.',
				who,
				what,
				lines,
			);
}

/** Up to three names in the language's list form; beyond three, the first three and a count of the rest. */
export function namedAndCounted(names: readonly string[]): string {
	return names.length <= 3 ? joinList(names) : t('{0} and {1} more', names.slice(0, 3).join(', '), formatNumber(names.length - 3));
}

/** The URL a noindex is for, or, for a header line that covers several, the first and a count of the others. */
function pathsCovered(paths: readonly string[]): string {
	if (paths.length === 1) {
		return paths[0];
	}
	return paths.length === 2
		? t('{0} and {1} more URL this header covers', paths[0], formatNumber(1))
		: t('{0} and {1} more URLs this header covers', paths[0], formatNumber(paths.length - 1));
}

/** The robots.txt lines that disallow the URL (or URLs), each with its rule as written. */
function disallowingLines(rules: readonly BlockedNoindex[], manyPaths: boolean): string {
	if (rules.length === 1) {
		const [rule] = rules;
		return manyPaths
			? t('robots.txt line {0} ("{1}") disallows them', rule.robotsLine + 1, rule.robotsRule)
			: t('robots.txt line {0} ("{1}") disallows it', rule.robotsLine + 1, rule.robotsRule);
	}
	// Each line is an item the language may word ("第 3 行"), joined as the language joins a list.
	const items = joinList(rules.map((rule) => t('{0} ("{1}")', rule.robotsLine + 1, rule.robotsRule)));
	return manyPaths ? t('robots.txt lines {0} disallow them', items) : t('robots.txt lines {0} disallow it', items);
}

/** The mirror hint in the robots.txt: on each deciding line, which pages it keeps a noindex from. */
export function robotsHidesNoindexDiagnostics(
	findings: readonly BlockedNoindex[],
	robotsLineRange: (line: number) => Range,
	severities?: Readonly<Record<string, SeverityName>>,
): Diagnostic[] {
	const severity = metaSeverity(robotsHidesNoindexCode, severities);
	if (severity === undefined) {
		return [];
	}
	const byLine = new Map<number, BlockedNoindex[]>();
	for (const finding of findings) {
		const group = byLine.get(finding.robotsLine);
		if (group) {
			group.push(finding);
		} else {
			byLine.set(finding.robotsLine, [finding]);
		}
	}
	return [...byLine]
		.sort((a, b) => a[0] - b[0])
		.map(([line, group]) => {
			// In URL order, whatever order the caller found the pages in.
			const pages = [...new Set(group.map((finding) => finding.urlPath))].sort();
			const crawlers = [...new Set(group.map((finding) => finding.crawler))];
			// One related location per noindex place (a page, or a header line), naming every crawler it is kept from.
			const places = new Map<string, { uri: string; range: Range; crawlers: Set<string> }>();
			for (const finding of group) {
				const range = finding.ranges[0];
				if (range === undefined) {
					continue;
				}
				const key = `${finding.uri}#${range.start.line}:${range.start.character}`;
				const place = places.get(key) ?? { uri: finding.uri, range, crawlers: new Set<string>() };
				place.crawlers.add(finding.crawler);
				places.set(key, place);
			}
			return findingDiagnostic(
				{
					code: robotsHidesNoindexCode,
					range: robotsLineRange(line),
					message: rulesHidesNoindexMessage(namedAndCounted(crawlers), namedAndCounted(pages), crawlers.length > 1, pages.length > 1),
					related: [...places.values()]
						.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line))
						.slice(0, 20)
						.map((place) => ({ location: { uri: place.uri, range: place.range }, message: t('noindex for {0}', joinList([...place.crawlers])) })),
				},
				severity,
			);
		});
}

/** The robots.txt hint, one whole key for each case: one crawler or several, one page or several. */
function rulesHidesNoindexMessage(who: string, pages: string, manyCrawlers: boolean, manyPages: boolean): string {
	if (manyCrawlers) {
		return manyPages
			? t('This rule keeps {0} from pages that carry noindex ({1}): they never see the noindex, so the URLs can stay indexed.', who, pages)
			: t('This rule keeps {0} from a page that carries noindex ({1}): they never see the noindex, so the URL can stay indexed.', who, pages);
	}
	return manyPages
		? t('This rule keeps {0} from pages that carry noindex ({1}): it never sees the noindex, so the URLs can stay indexed.', who, pages)
		: t('This rule keeps {0} from a page that carries noindex ({1}): it never sees the noindex, so the URL can stay indexed.', who, pages);
}

/**
 * The URL path a file is served at, from its path relative to the site's root folder (the robots.txt's folder, or
 * the configured one): `/private/report.html`; an index page at its folder, `/private/`. Undefined for a file
 * outside the root. Names are separated by `/` or `\` (a Windows path); where a name may hold a `\` (a POSIX path, a
 * uri), {@link urlPathOfNames} takes the names as they are.
 */
export function urlPathOfFile(relativeToRoot: string): string | undefined {
	return urlPathOfNames(relativeToRoot.split(/[\\/]+/));
}

/**
 * The URL path a file is served at, from the names of its path below the site's root, each as it is (`back\slash.html`
 * is one name, served at `/back%5Cslash.html`); undefined for a file outside the root.
 */
export function urlPathOfNames(names: readonly string[]): string | undefined {
	const parts = names.filter((part) => part !== '' && part !== '.');
	if (parts.some((part) => part === '..')) {
		return undefined;
	}
	const encoded = parts.map((part) => encodeUriComponentOfBytes(part).replace(/%40/g, '@'));
	const last = encoded[encoded.length - 1];
	if (last !== undefined && /^index\.html?$/i.test(last)) {
		return (
			'/'
			+ encoded
				.slice(0, -1)
				.map((part) => part + '/')
				.join('')
		);
	}
	return '/' + encoded.join('/');
}
