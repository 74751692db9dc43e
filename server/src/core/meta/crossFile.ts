/**
 * The mistake no single file shows: a page carries `noindex` for a crawler whose robots.txt disallows the page, so the
 * crawler never fetches it, never sees the noindex, and the URL can stay indexed from links alone (seed 004; Google:
 * "for the noindex rule to be effective, the page must not be blocked by a robots.txt file"). Pure: the caller maps
 * files to URL paths (`urlPathOfFile`) and hands in their texts; verdicts come from the crawler model.
 */

import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver-types';
import { evaluateAs } from '../crawlers/reading';
import type { RobotsModel } from '../syntax/parser';
import { findNoindexInHeadersFile, findNoindexInHtml, type NoindexAnswer } from './effective';

/** The code of the finding on the page, and of the mirror hint in the robots.txt. */
export const blockedNoindexCode = 'noindex-blocked-by-robots-txt';
export const robotsHidesNoindexCode = 'rule-hides-noindex';

/** One page of the site, as the caller found it. */
export interface SitePage {
	/** Where the page is (a file uri), for related information. */
	readonly uri: string;
	/** The URL path it is served at, e.g. `/private/report.html` or `/private/` for an index page. */
	readonly urlPath: string;
	/** The page's HTML. */
	readonly html: string;
}

/** A `_headers` file (Netlify, Cloudflare Pages) and the URL paths of the site's pages it may cover. */
export interface SiteHeadersFile {
	readonly uri: string;
	readonly text: string;
	readonly urlPaths: readonly string[];
}

/** One crawler that is kept from a page whose noindex it is meant to see. */
export interface BlockedNoindex {
	readonly crawler: string;
	readonly urlPath: string;
	/** The robots.txt line (0-based) that disallows the page for the crawler. */
	readonly robotsLine: number;
	readonly robotsRule: string;
	/** Where the noindex is: in the page or the headers file (ranges in that file). */
	readonly uri: string;
	readonly ranges: readonly Range[];
}

/** For each target crawler, whether the page is disallowed to it while carrying a noindex that reaches it. */
export function blockedNoindexes(robots: RobotsModel, crawlers: readonly string[], urlPath: string, uri: string, noindexFor: (crawler: string) => NoindexAnswer): BlockedNoindex[] {
	const out: BlockedNoindex[] = [];
	for (const crawler of crawlers) {
		const answer = noindexFor(crawler);
		if (!answer.carriesNoindex) {
			continue;
		}
		const evaluation = evaluateAs(robots, crawler, urlPath);
		if (evaluation.verdict !== 'disallow' || evaluation.rule === null || evaluation.reason === 'ignores-robots-txt') {
			continue;
		}
		out.push({
			crawler: evaluation.crawler.token,
			urlPath,
			robotsLine: evaluation.rule.line,
			robotsRule: evaluation.rule.text,
			uri,
			ranges: answer.occurrences.flatMap((occurrence) => (occurrence.range ? [occurrence.range] : [])),
		});
	}
	return out;
}

/** The findings of one HTML page. */
export function pageBlockedNoindexes(robots: RobotsModel, crawlers: readonly string[], page: SitePage): BlockedNoindex[] {
	return blockedNoindexes(robots, crawlers, page.urlPath, page.uri, (crawler) => findNoindexInHtml(page.html, crawler));
}

/** The findings of a `_headers` file, for each URL path it covers. */
export function headersBlockedNoindexes(robots: RobotsModel, crawlers: readonly string[], file: SiteHeadersFile): BlockedNoindex[] {
	return file.urlPaths.flatMap((urlPath) => blockedNoindexes(robots, crawlers, urlPath, file.uri, (crawler) => findNoindexInHeadersFile(file.text, urlPath, crawler)));
}

const severity = DiagnosticSeverity.Warning;

/**
 * The page's warnings, one per noindex place, naming the crawlers it cannot reach and the deciding robots.txt line
 * as related information.
 */
export function blockedNoindexDiagnostics(findings: readonly BlockedNoindex[], robotsUri: string, robotsLineRange: (line: number) => Range): Diagnostic[] {
	const byPlace = new Map<string, BlockedNoindex[]>();
	for (const finding of findings) {
		for (const range of finding.ranges) {
			const key = `${range.start.line}:${range.start.character}`;
			byPlace.set(key, [...(byPlace.get(key) ?? []), { ...finding, ranges: [range] }]);
		}
	}
	return [...byPlace.values()].map((group) => {
		const crawlers = [...new Set(group.map((finding) => finding.crawler))];
		const first = group[0];
		const who = crawlers.length <= 3 ? joinNames(crawlers) : `${crawlers.slice(0, 3).join(', ')} and ${crawlers.length - 3} more`;
		return {
			range: first.ranges[0],
			severity,
			code: blockedNoindexCode,
			source: 'robots-txt',
			message: `${who} never ${crawlers.length > 1 ? 'fetch' : 'fetches'} ${first.urlPath}: robots.txt line ${first.robotsLine + 1} ("${first.robotsRule}") disallows it, so ${crawlers.length > 1 ? 'they never see' : 'it never sees'} this noindex, and the URL can stay indexed from links alone. Let ${crawlers.length > 1 ? 'them' : 'it'} fetch the page, or drop the noindex.`,
			relatedInformation: [...new Map(group.map((finding) => [finding.robotsLine, finding])).values()].map((finding) => ({
				location: { uri: robotsUri, range: robotsLineRange(finding.robotsLine) },
				message: `the rule that keeps ${finding.crawler} out`,
			})),
		};
	});
}

/** The mirror hint in the robots.txt: on each deciding line, which pages it keeps a noindex from. */
export function robotsHidesNoindexDiagnostics(findings: readonly BlockedNoindex[], robotsLineRange: (line: number) => Range): Diagnostic[] {
	const byLine = new Map<number, BlockedNoindex[]>();
	for (const finding of findings) {
		byLine.set(finding.robotsLine, [...(byLine.get(finding.robotsLine) ?? []), finding]);
	}
	return [...byLine].sort((a, b) => a[0] - b[0]).map(([line, group]) => {
		const pages = [...new Set(group.map((finding) => finding.urlPath))];
		const crawlers = [...new Set(group.map((finding) => finding.crawler))];
		const shown = pages.length <= 3 ? joinNames(pages) : `${pages.slice(0, 3).join(', ')} and ${pages.length - 3} more`;
		return {
			range: robotsLineRange(line),
			severity: DiagnosticSeverity.Hint,
			code: robotsHidesNoindexCode,
			source: 'robots-txt',
			message: `This rule keeps ${joinNames(crawlers.slice(0, 3))}${crawlers.length > 3 ? ' and others' : ''} from ${pages.length > 1 ? 'pages that carry' : 'a page that carries'} noindex (${shown}): they never see it, so the ${pages.length > 1 ? 'URLs' : 'URL'} can stay indexed.`,
			relatedInformation: group.flatMap((finding) => finding.ranges.slice(0, 1).map((range) => ({ location: { uri: finding.uri, range }, message: `noindex for ${finding.crawler}` }))).slice(0, 20),
		};
	});
}

function joinNames(names: readonly string[]): string {
	return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The URL path a file is served at, from its path relative to the site's root folder (the robots.txt's folder, or
 * the configured one): `/private/report.html`; an index page at its folder, `/private/`. Undefined for a file
 * outside the root.
 */
export function urlPathOfFile(relativeToRoot: string): string | undefined {
	const parts = relativeToRoot.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
	if (parts.some((part) => part === '..')) {
		return undefined;
	}
	const encoded = parts.map((part) => encodeURIComponent(part).replace(/%40/g, '@'));
	const last = encoded[encoded.length - 1];
	if (last !== undefined && /^index\.html?$/i.test(last)) {
		return '/' + encoded.slice(0, -1).map((part) => part + '/').join('');
	}
	return '/' + encoded.join('/');
}
