/**
 * Render resources against the robots.txt: Google renders a page with the CSS, JavaScript, fonts and images it loads,
 * and a robots.txt that disallows them leaves the renderer a broken page (Google Search Central, "Understand the
 * JavaScript SEO basics"; URL Inspection's "page resources couldn't be loaded"). For each target crawler of the search
 * category, each resource a page loads from its own site is answered by the crawler model; the page gets a warning on
 * the URL, the robots.txt a hint on the deciding rule with the pages it affects, and both a quick fix that adds an
 * `Allow` for that type of resource after the rule, offered only when the semantic diff shows that it changes nothing
 * else. Pure: resources are resolved with WHATWG `URL` against the page's URL path and `<base href>`.
 */

import type { Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultDiffCrawlers, probeUrls, verdictFlips } from '../bench/diff';
import { crawlerProfiles } from '../crawlers/profile';
import { crawlerEvaluator } from '../crawlers/reading';
import { insertLinesAfter } from '../diagnostics/checks/edits';
import { withoutFinalStars } from '../diagnostics/checks/wordpress';
import { findingDiagnostic, type DiagnosticFix } from '../diagnostics/lsp';
import { findCrawler } from '../facts/crawlers';
import { joinList, t } from '../l10n';
import type { SeverityName } from '../options';
import { lineRange } from '../syntax/document';
import { dominantLineEnd } from '../syntax/lineEnds';
import type { RobotsModel } from '../syntax/parser';
import { parse } from '../syntax/text';
import { metaSeverity } from './codes';
import { namedAndCounted } from './crossFile';
import { scanResources, type ResourceKind } from './resources';
import { offsetRange, pageDocument } from './text';

const blockedResourceCode = 'render-resource-blocked';
const hidesResourcesCode = 'rule-hides-render-resources';

/** A resource of a page as the site check keeps it: plain data, no text of the page. */
interface PageResource {
	readonly kind: ResourceKind;
	/** The URL as written. */
	readonly href: string;
	readonly range: Range;
}

/** What a page loads to render, for the target crawlers of the search category. */
export interface RenderReach {
	readonly crawlers: readonly string[];
	readonly base?: string;
	readonly resources: readonly PageResource[];
}

/** A resource a crawler may not fetch. */
interface BlockedResource {
	readonly crawler: string;
	readonly kind: ResourceKind;
	/** The resource's path and query on the site. */
	readonly resource: string;
	/** The page that loads it: its URL path and where it is. */
	readonly page: string;
	readonly uri: string;
	readonly range: Range;
	readonly robotsLine: number;
	readonly robotsRule: string;
}

/**
 * The resources a page loads, for the target crawlers of the search category (those that render pages); undefined
 * when there are none of either. A page without resource tags costs one regular-expression scan.
 */
export function renderReach(text: string, crawlers: readonly string[], document?: TextDocument): RenderReach | undefined {
	const searching = crawlers.filter((crawler) => findCrawler(crawler)?.category === 'search');
	if (searching.length === 0) {
		return undefined;
	}
	const scan = scanResources(text);
	if (scan.resources.length === 0) {
		return undefined;
	}
	const lines = pageDocument(text, document);
	const resources = scan.resources.map((resource) => ({ kind: resource.kind, href: resource.href, range: offsetRange(lines, resource.start, resource.end) }));
	return scan.base === undefined ? { crawlers: searching, resources } : { crawlers: searching, base: scan.base, resources };
}

// A stand-in origin for the site: URLs resolve against the page's path on it, and any other origin is another host.
const siteOrigin = 'https://site.invalid';

/**
 * The path and query of a resource on the page's own site, resolved as a browser does (WHATWG URL: the page's URL,
 * then its `<base href>`); undefined for another host, another scheme (`data:`), or a URL that does not parse.
 */
function resourcePath(pagePath: string, base: string | undefined, href: string): string | undefined {
	try {
		const page = new URL(pagePath, siteOrigin);
		const url = new URL(href, base === undefined ? page : new URL(base, page));
		return url.origin === siteOrigin ? url.pathname + url.search : undefined;
	} catch {
		return undefined;
	}
}

/** The resources of a page at `pagePath` that the robots.txt keeps a crawler from, crawler by crawler. */
export function blockedResourcesAt(robots: RobotsModel, pagePath: string, uri: string, render: RenderReach): BlockedResource[] {
	const out: BlockedResource[] = [];
	const paths = render.resources.map((resource) => resourcePath(pagePath, render.base, resource.href));
	for (const crawler of render.crawlers) {
		const evaluate = crawlerEvaluator(robots, crawler);
		// A page the crawler may not fetch is not rendered either: its own robots.txt line is the finding, not its resources.
		if (evaluate(pagePath).verdict === 'disallow') {
			continue;
		}
		render.resources.forEach((resource, index) => {
			const path = paths[index];
			if (path === undefined) {
				return;
			}
			const evaluation = evaluate(path);
			if (evaluation.verdict !== 'disallow' || evaluation.rule === null || evaluation.reason === 'ignores-robots-txt' || evaluation.crawler.controlToken) {
				return;
			}
			out.push({
				crawler: evaluation.crawler.token,
				kind: resource.kind,
				resource: path,
				page: pagePath,
				uri,
				range: resource.range,
				robotsLine: evaluation.rule.line,
				robotsRule: evaluation.rule.text,
			});
		});
	}
	return out;
}

/** The file extensions of each kind of resource that an `Allow` for that kind may name. */
const kindExtensions: Readonly<Record<ResourceKind, readonly string[]>> = {
	stylesheet: ['css'],
	script: ['js', 'mjs'],
	font: ['woff2', 'woff', 'ttf', 'otf', 'eot'],
	image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico'],
};

/** The extension of a path's last segment (without the query), as written; '' without one. */
function extensionOf(path: string): string {
	const bare = path.split('?')[0];
	const name = bare.slice(bare.lastIndexOf('/') + 1);
	const dot = name.lastIndexOf('.');
	return dot < 0 ? '' : name.slice(dot + 1);
}

/** Whether a URL is a resource of `kind` with extension `extension` under `prefix`. */
function isOfType(url: string, prefix: string, extension: string): boolean {
	return url.startsWith(prefix) && extensionOf(url).toLowerCase() === extension.toLowerCase();
}

/**
 * The quick fix for a resource a rule keeps from a crawler: `Allow: <prefix>*.<ext>` after the deciding `Disallow`
 * (its value without a final `*`, a plain prefix), for the resource's extension of its kind. Offered only when the
 * diff of the two versions, on probe URLs from both and the resources given, shows that every verdict that changes is
 * a crawler of that rule's group coming to fetch a resource of that type under that prefix, and that `resource` is one;
 * the crawlers compared are `crawlers` and every crawler either version names.
 */
export function allowResourceFix(
	robots: RobotsModel,
	robotsUri: string,
	blocked: Pick<BlockedResource, 'crawler' | 'kind' | 'resource' | 'robotsLine'>,
	resources: readonly string[],
	crawlers: readonly string[] = [blocked.crawler],
): DiagnosticFix | undefined {
	const value = withoutFinalStars(robots.valueText(blocked.robotsLine));
	const extension = extensionOf(blocked.resource);
	if (!value.startsWith('/') || /[*$]/.test(value) || !kindExtensions[blocked.kind].includes(extension.toLowerCase()) || !blocked.resource.startsWith(value)) {
		return undefined;
	}
	const allow = `Allow: ${value}*.${extension}`;
	const edit: TextEdit = insertLinesAfter(robots, dominantLineEnd(robots), blocked.robotsLine, [allow]);
	const line = robots.lineStarts[blocked.robotsLine] + robots.lines[blocked.robotsLine].length;
	const after = parse(robots.text.slice(0, line) + edit.newText + robots.text.slice(line));
	const urls = [...new Set([...probeUrls(robots, after), ...resources, blocked.resource])];
	const flips = verdictFlips(robots, after, crawlerProfiles(defaultDiffCrawlers(robots, after, crawlers)), urls);
	const onlyThese = flips.every(
		(flip) =>
			flip.before.verdict === 'disallow' && flip.after.verdict === 'allow' && flip.before.line === blocked.robotsLine && isOfType(flip.url, value, extension),
	);
	if (!onlyThese || !flips.some((flip) => flip.crawler === blocked.crawler && flip.url === blocked.resource)) {
		return undefined;
	}
	return { title: t('Add "{0}" after line {1}', allow, blocked.robotsLine + 1), edits: [edit], uri: robotsUri };
}

/** The page's warning for one resource and one deciding line, one whole key for each kind of resource. */
function blockedMessage(kind: ResourceKind, who: string, line: number, rule: string, resource: string): string {
	switch (kind) {
		case 'stylesheet':
			return t('{0} cannot fetch this stylesheet: robots.txt line {1} ("{2}") disallows {3}, so the page is rendered without it.', who, line, rule, resource);
		case 'script':
			return t('{0} cannot fetch this script: robots.txt line {1} ("{2}") disallows {3}, so the page is rendered without it.', who, line, rule, resource);
		case 'font':
			return t('{0} cannot fetch this font: robots.txt line {1} ("{2}") disallows {3}, so the page is rendered without it.', who, line, rule, resource);
		case 'image':
			return t('{0} cannot fetch this image: robots.txt line {1} ("{2}") disallows {3}, so the page is rendered without it.', who, line, rule, resource);
	}
}

/** Groups by a key, in first-seen order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
	const groups = new Map<string, T[]>();
	for (const item of items) {
		const k = key(item);
		const group = groups.get(k);
		if (group) {
			group.push(item);
		} else {
			groups.set(k, [item]);
		}
	}
	return [...groups.values()];
}

/**
 * The page's warnings, one per resource and deciding line, naming the crawlers it keeps out, with the robots.txt line
 * as related information and the `Allow` fix when the diff allows it.
 */
export function blockedResourceDiagnostics(
	robots: RobotsModel,
	robotsUri: string,
	findings: readonly BlockedResource[],
	severities?: Readonly<Record<string, SeverityName>>,
): Diagnostic[] {
	const severity = metaSeverity(blockedResourceCode, severities);
	if (severity === undefined || findings.length === 0) {
		return [];
	}
	const resources = [...new Set(findings.map((finding) => finding.resource))];
	return groupBy(findings, (finding) => `${finding.uri}#${finding.range.start.line}:${finding.range.start.character}:${finding.robotsLine}`).map((group) => {
		const [first] = group;
		const crawlers = [...new Set(group.map((finding) => finding.crawler))];
		const fix = allowResourceFix(robots, robotsUri, first, resources, crawlers);
		return findingDiagnostic(
			{
				code: blockedResourceCode,
				range: first.range,
				message: blockedMessage(first.kind, namedAndCounted(crawlers), first.robotsLine + 1, first.robotsRule, first.resource),
				related: [{ location: { uri: robotsUri, range: lineRange(robots, first.robotsLine) }, message: t('the rule that keeps {0} out', joinList(crawlers)) }],
				fixes: fix === undefined ? [] : [fix],
			},
			severity,
		);
	});
}

/**
 * The robots.txt's hints: on each rule that keeps a search crawler from resources pages load, how many pages and an
 * example, with the pages as related information and, given `robotsUri`, an `Allow` fix for each type of resource the
 * diff allows.
 */
export function hidesResourcesDiagnostics(
	robots: RobotsModel,
	robotsUri: string | undefined,
	findings: readonly BlockedResource[],
	severities?: Readonly<Record<string, SeverityName>>,
): Diagnostic[] {
	const severity = metaSeverity(hidesResourcesCode, severities);
	if (severity === undefined || findings.length === 0) {
		return [];
	}
	const resources = [...new Set(findings.map((finding) => finding.resource))];
	return groupBy(findings, (finding) => String(finding.robotsLine))
		.sort((a, b) => a[0].robotsLine - b[0].robotsLine)
		.map((group) => {
			const line = group[0].robotsLine;
			const pages = [...new Set(group.map((finding) => finding.page))].sort();
			const crawlers = [...new Set(group.map((finding) => finding.crawler))];
			const example = group.filter((finding) => finding.page === pages[0]).sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0))[0];
			const fixes: DiagnosticFix[] = [];
			for (const type of robotsUri === undefined ? [] : groupBy(group, (finding) => `${finding.kind}\n${extensionOf(finding.resource).toLowerCase()}`)) {
				const fix = allowResourceFix(robots, robotsUri!, type[0], resources, crawlers);
				if (fix !== undefined) {
					fixes.push(fix);
				}
			}
			const places = groupBy(group, (finding) => `${finding.uri}#${finding.range.start.line}:${finding.range.start.character}`);
			return findingDiagnostic(
				{
					code: hidesResourcesCode,
					range: lineRange(robots, line),
					message: t(
						'This rule hides resources that {0} {0|one=page needs|other=pages need} to render from {1}, e.g. {2} loads {3}.',
						pages.length,
						namedAndCounted(crawlers),
						example.page,
						example.resource,
					),
					related: places
						.sort((a, b) => (a[0].uri < b[0].uri ? -1 : a[0].uri > b[0].uri ? 1 : a[0].range.start.line - b[0].range.start.line))
						.slice(0, 20)
						.map((place) => ({
							location: { uri: place[0].uri, range: place[0].range },
							message: t('{0} loads {1}', place[0].page, place[0].resource),
						})),
					fixes,
				},
				severity,
			);
		});
}
