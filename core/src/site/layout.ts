/**
 * A site as an input: the files of one folder (a workspace folder in the editor, a folder given to `robots-txt lint`),
 * by path relative to it, and the site-root setting; out come pure answers: what kind of file a name is, which
 * robots.txt serves a page and at which URL path, which files a site holds, which robots.txt an expectations file tests,
 * and which answers a changed path can change. No IO: an edge lists and reads the files, and hands this module the
 * paths (all of a folder's, or only those an answer depends on: {@link robotsCandidates}).
 *
 * Paths are names joined by `/` (a `\` is part of a name), without a leading `/`; the folder itself is `''`.
 */

import { headersFileName } from '../protocol';
import { isExpectationsFileName } from '../expectations/format';
import { urlPathOfNames } from '../meta/crossFile';

/** What a file is, by its name alone. */
export type SiteFileKind = 'robots' | 'html' | 'headers' | 'expectations' | 'other';

/**
 * The name of a robots.txt: exactly `robots.txt`, as crawlers request it (RFC 9309 2.3: "/robots.txt", in lower case;
 * URL paths are case-sensitive), so `ROBOTS.TXT` serves nothing on a case-sensitive server and founds no site.
 */
const robotsFileName = 'robots.txt';
/** The headers file Netlify and Cloudflare Pages read from the root of a site's output folder. */
/** Folders no walk enters: dependencies and version control hold no site. */
export const skippedFolderNames: ReadonlySet<string> = new Set(['node_modules', '.git']);
/** The folders whose files build tools copy to the site's root: Vite's and Next.js's `public/`, Hugo's and SvelteKit's `static/`. */
const copiedToRoot: readonly string[] = ['public', 'static'];

/** What a file is from its name: a robots.txt, an HTML page, a `_headers` file, an expectations file, or other. */
export function fileKindOfName(name: string): SiteFileKind {
	if (name === robotsFileName) {
		return 'robots';
	}
	if (/\.html?$/i.test(name)) {
		return 'html';
	}
	if (name === headersFileName) {
		return 'headers';
	}
	return isExpectationsFileName(name) ? 'expectations' : 'other';
}

/** A folder's files, or those an answer depends on, and the site-root setting. */
export interface SiteDescription {
	/** Paths of files relative to the folder. */
	readonly files: ReadonlySet<string>;
	/** The folder served at `/` (`robotsTxt.siteRoot`, `--site-root`) relative to the folder, `''` for the folder itself; undefined when unset or outside it. */
	readonly siteRoot?: string;
}

/** A site: its robots.txt and the folders served at `/`, the robots.txt's own first. */
export interface SiteOf {
	readonly robots: string;
	readonly roots: readonly string[];
}

/** Where a page is served: its site, and its URL path there. */
export interface PlaceOf {
	readonly site: SiteOf;
	readonly urlPath: string;
}

/** A file of a site, as a listing holds it: its URL path, and whether it is a page, the site's headers file or other. */
export interface SiteMember {
	readonly path: string;
	readonly urlPath: string;
	readonly kind: 'html' | 'headers' | 'other';
}

/** The folder a path is in (`''` at the top). */
function folderOfPath(path: string): string {
	const slash = path.lastIndexOf('/');
	return slash < 0 ? '' : path.slice(0, slash);
}

/** The path of `name` in `folder`. */
function joinPath(folder: string, name: string): string {
	return folder === '' ? name : `${folder}/${name}`;
}

/** Whether `path` is `folder` or lies below it. */
function isWithin(path: string, folder: string): boolean {
	return folder === '' || path === folder || path.startsWith(folder + '/');
}

/**
 * A path as written (names separated by `/` or `\`, `.` and `..` resolved) relative to `from` (a folder's path):
 * undefined when it climbs out of the folder. The site-root setting and `@robots` lines are read so.
 */
export function resolvePath(from: string, written: string): string | undefined {
	const names = from === '' ? [] : from.split('/');
	for (const name of written.split(/[\\/]+/)) {
		if (name === '' || name === '.') {
			continue;
		}
		if (name === '..') {
			if (names.length === 0) {
				return undefined;
			}
			names.pop();
		} else {
			names.push(name);
		}
	}
	return names.join('/');
}

/**
 * The robots.txt paths whose presence decides the answers about `path`: one in each folder from its own up to the top,
 * and, with a site root, those at that root and in its `public/` and `static/` folders. An edge that reads lazily looks
 * for these and describes the ones it found.
 */
export function robotsCandidates(path: string, siteRoot: string | undefined): string[] {
	const candidates: string[] = [];
	for (let folder = folderOfPath(path); ; folder = folderOfPath(folder)) {
		candidates.push(joinPath(folder, robotsFileName));
		if (folder === '') {
			break;
		}
	}
	if (siteRoot !== undefined) {
		candidates.push(joinPath(siteRoot, robotsFileName), ...copiedToRoot.map((copy) => joinPath(joinPath(siteRoot, copy), robotsFileName)));
	}
	return candidates;
}

/**
 * The site of a robots.txt: its own folder, and the site root too when it is that root's `public/` or `static/`
 * robots.txt and no robots.txt comes before it there (the root's own, then `public/`'s).
 */
export function siteOfRobots(description: SiteDescription, robotsPath: string): SiteOf {
	const folder = folderOfPath(robotsPath);
	const root = description.siteRoot;
	if (root === undefined || root === folder) {
		return { robots: robotsPath, roots: [folder] };
	}
	const copy = copiedToRoot.findIndex((name) => joinPath(root, name) === folder);
	if (copy < 0) {
		return { robots: robotsPath, roots: [folder] };
	}
	for (const before of [root, ...copiedToRoot.slice(0, copy).map((name) => joinPath(root, name))]) {
		if (description.files.has(joinPath(before, robotsFileName))) {
			return { robots: robotsPath, roots: [folder] };
		}
	}
	return { robots: robotsPath, roots: [folder, root] };
}

/** The URL path of a file in a site: from the first of its roots that holds it; undefined outside them. */
function urlPathInSite(site: SiteOf, path: string): string | undefined {
	const root = site.roots.find((candidate) => isWithin(path, candidate) && path !== candidate);
	return root === undefined ? undefined : urlPathOfNames((root === '' ? path : path.slice(root.length + 1)).split('/'));
}

/**
 * The site of a page and its URL path: the nearest folder above it that holds a robots.txt (a robots.txt is served from
 * its site's root); with a site root, a page below that folder that no nearer robots.txt claims is served relative to
 * it, and that folder's robots.txt is the one at its root or else in its `public/` or `static/` folder.
 */
export function placeOfPage(description: SiteDescription, pagePath: string): PlaceOf | undefined {
	const root = description.siteRoot;
	for (let folder = folderOfPath(pagePath); ; folder = folderOfPath(folder)) {
		const candidates = [
			joinPath(folder, robotsFileName),
			...(root === folder ? copiedToRoot.map((copy) => joinPath(joinPath(root, copy), robotsFileName)) : []),
		];
		const robots = candidates.find((candidate) => description.files.has(candidate));
		if (robots !== undefined) {
			const site = siteOfRobots(description, robots);
			const urlPath = urlPathInSite(site, pagePath);
			return urlPath === undefined ? undefined : { site, urlPath };
		}
		if (folder === '') {
			return undefined;
		}
	}
}

/**
 * Whether a site's walk enters a folder below one of its roots, given the names in it: not one that holds its own
 * robots.txt (another site, whose pages are that file's).
 */
export function entersFolder(names: readonly string[]): boolean {
	return !names.includes(robotsFileName);
}

/**
 * The files of a site among `paths` (as a walk listed them, in its order): each under the first root that holds it,
 * none inside a folder of another site (a folder below the root with a robots.txt of its own) or a skipped folder;
 * HTML pages and the headers file at a root are named so, the rest is `other`.
 */
export function siteMembers(description: SiteDescription, site: SiteOf, paths: Iterable<string>): SiteMember[] {
	const members: SiteMember[] = [];
	const seen = new Set<string>();
	for (const path of paths) {
		const root = site.roots.find((candidate) => isWithin(path, candidate) && path !== candidate);
		if (root === undefined || seen.has(path) || !servedFrom(description, root, path)) {
			continue;
		}
		seen.add(path);
		const urlPath = urlPathInSite(site, path);
		if (urlPath === undefined) {
			continue;
		}
		const name = path.slice(path.lastIndexOf('/') + 1);
		const kind = fileKindOfName(name);
		// Netlify and Cloudflare Pages read the headers file at the root of the output folder only.
		const rooted = site.roots.includes(folderOfPath(path));
		members.push({ path, urlPath, kind: kind === 'html' ? 'html' : kind === 'headers' && rooted ? 'headers' : 'other' });
	}
	return members;
}

/** Whether `path`, below `root`, is served from it: no folder between them holds its own robots.txt or is skipped. */
function servedFrom(description: SiteDescription, root: string, path: string): boolean {
	for (let folder = folderOfPath(path); folder !== root; folder = folderOfPath(folder)) {
		if (description.files.has(joinPath(folder, robotsFileName)) || skippedFolderNames.has(folder.slice(folder.lastIndexOf('/') + 1))) {
			return false;
		}
		if (folder === '') {
			break;
		}
	}
	return true;
}

/**
 * The robots.txt an expectations file tests, as a uri: the path its `@robots` line names, relative to the expectations
 * file (`/` or `\` between names, `..` up, an absolute path or a `file:` URL as they are), else `robots.txt` beside it;
 * undefined when the line names nothing on the expectations file's own scheme and host (an `https:` URL). Whether the
 * file may be read (inside the workspace folders, the folders checked) is the edge's rule.
 */
export function expectationsRobotsUri(expectationsUri: string, robotsLine: string | undefined): string | undefined {
	try {
		const base = new URL(expectationsUri);
		const target = new URL(robotsLine ?? robotsFileName, base);
		return target.protocol === base.protocol && target.host === base.host ? target.href : undefined;
	} catch {
		return undefined;
	}
}

/** What a change of one path can change: the page places of the folder (a robots.txt came or went), and the listings of the sites whose roots hold it. */
export interface ChangeReach {
	readonly places: boolean;
	readonly listings: (site: SiteOf) => boolean;
}

/** Which answers depend on a changed path (for recomputation): every page's place when it is a robots.txt, and the listing of each site that holds it. */
export function changeReach(changedPath: string): ChangeReach {
	const places = fileKindOfName(changedPath.slice(changedPath.lastIndexOf('/') + 1)) === 'robots';
	return { places, listings: (site) => site.roots.some((root) => isWithin(changedPath, root)) };
}
