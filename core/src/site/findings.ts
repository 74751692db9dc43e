/**
 * The cross-file findings of a whole site, from its description and what was read: each page whose robots rules a
 * crawler never sees because the robots.txt that serves it keeps the crawler out gets the warning, and that robots.txt
 * the hint on the deciding line; so does each resource a page loads to render that a search crawler may not fetch. `robots-txt lint` asks this for each folder; the editor asks the same placement
 * ({@link placeOfPage}) page by page, as documents change.
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import type { RenderReach } from '../meta/render';
import { headersReach, pageSiteDiagnostics, robotsSiteDiagnostics, type PageReach, type SiteEntry } from '../meta/siteCheck';
import type { SeverityName } from '../options';
import type { RobotsModel } from '../syntax/parser';
import { placeOfPage, siteMembers, type PlaceOf, type SiteDescription } from './layout';

/** A robots.txt of the site, read. */
export interface SiteRobots {
	readonly uri: string;
	readonly model: RobotsModel;
}

/** A page of the site, read: an HTML page with its reach and what it loads to render, or a headers file with its text. */
export type SitePage =
	| { readonly kind: 'html'; readonly path: string; readonly uri: string; readonly reach: PageReach; readonly render?: RenderReach }
	| { readonly kind: 'headers'; readonly path: string; readonly uri: string; readonly text: string };

/**
 * The reach of a page at its place: an HTML page's at its URL path; a headers file's, when it is the one at its site's
 * root, for the URL paths of the site's files and its own patterns; nothing otherwise.
 */
function placedEntries(description: SiteDescription, place: PlaceOf, page: SitePage, crawlers: readonly string[]): SiteEntry[] {
	if (page.kind === 'html') {
		if (page.reach.size === 0 && page.render === undefined) {
			return [];
		}
		return [{ uri: page.uri, urlPath: place.urlPath, reach: page.reach, ...(page.render !== undefined ? { render: page.render } : {}) }];
	}
	if (place.urlPath !== '/_headers') {
		return [];
	}
	const paths = siteMembers(description, place.site, description.files).map((member) => member.urlPath);
	return [...headersReach(page.text, paths, crawlers)].map(([urlPath, reach]) => ({ uri: page.uri, urlPath, reach }));
}

/**
 * The findings across files, by path: the warnings of pages and the hints of robots.txt files. `robots` holds the
 * robots.txt files that were read, by path; a page whose robots.txt was not read gets nothing.
 */
export function siteFindings(
	description: SiteDescription,
	robots: ReadonlyMap<string, SiteRobots>,
	pages: readonly SitePage[],
	crawlers: readonly string[],
	severities?: Readonly<Record<string, SeverityName>>,
): Map<string, Diagnostic[]> {
	const findings = new Map<string, Diagnostic[]>();
	const hints = new Map<string, SiteEntry[]>();
	for (const page of pages) {
		const place = placeOfPage(description, page.path);
		const read = place === undefined ? undefined : robots.get(place.site.robots);
		if (place === undefined || read === undefined) {
			continue;
		}
		const entries = placedEntries(description, place, page, crawlers);
		if (entries.length === 0) {
			continue;
		}
		findings.set(page.path, pageSiteDiagnostics(read.model, read.uri, entries, severities));
		const site = hints.get(place.site.robots) ?? [];
		hints.set(place.site.robots, site);
		for (const entry of entries) {
			site.push(entry);
		}
	}
	for (const [path, entries] of hints) {
		const read = robots.get(path)!;
		findings.set(path, robotsSiteDiagnostics(read.model, entries, severities, read.uri));
	}
	return findings;
}
