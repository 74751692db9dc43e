/**
 * The sitemaps of `robots-txt lint`: for a robots.txt found in a folder given, the sitemaps its Sitemap lines name are
 * read from that folder at their URL paths below the site root (as the editor reads them); for a robots.txt given as a
 * URL, they are fetched as the robots.txt was. The core plans the reads and gives the findings (core/site/sitemaps.ts);
 * this module does the IO.
 */

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { urlSetDiagnostics, urlSetFilePaths, urlSetLimits, urlSetOrigin, siteOfRobots } from '../../core/src/index';
import { fetchWithLimits } from '../../io/src/httpFetch';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';
import { foundInFetch, readFound, readUrlSets, type FoundBytes } from '../../io/src/sitemaps';
import type { GivenFolder, LintFile } from './lintFiles';
import { siteRootBelow, type Analysed } from './lintSites';
import { describeError } from './io';
import { httpOptions, type FetchSettings } from './source';

/**
 * Adds to each robots.txt analysed its findings against its sitemaps: one found in a folder given reads them from that
 * folder (`--site-root` as for pages), one given as a URL (`fetched`: the URL it was fetched from, by path) fetches
 * them; a file given by path has no site and reads none.
 */
export async function checkSitemaps(
	analysed: readonly Analysed[],
	sites: readonly GivenFolder[],
	siteRoot: string | undefined,
	crawlers: readonly string[],
	fetched: ReadonlyMap<string, { readonly name: string }>,
	settings: FetchSettings,
): Promise<void> {
	for (const { file, model, diagnostics } of analysed) {
		const source = fetched.get(file.path);
		if (file.kind !== 'robots' || model === undefined || (source === undefined && file.found === undefined)) {
			continue;
		}
		const uri = source?.name ?? file.found!.uri;
		const origin = urlSetOrigin(model, source?.name);
		let find: (url: string) => Promise<FoundBytes>;
		if (source !== undefined) {
			find = fetchFound(settings);
		} else {
			const folder = sites[file.found!.site];
			find = folderFound(file, folder, siteRootBelow(folder.path, siteRoot), origin);
		}
		const found = urlSetDiagnostics(model, uri, origin, await readUrlSets(model, async (url) => readFound(await find(url))), crawlers);
		if (found.length > 0) {
			diagnostics.push(...found);
			diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
		}
	}
}

/** A sitemap fetched with the robots.txt's fetch settings, up to sitemaps.org's 50 MB. */
export function fetchFound(settings: FetchSettings): (url: string) => Promise<FoundBytes> {
	const options = { ...httpOptions(settings), maxBytes: urlSetLimits.maxBytes };
	return async (url) => foundInFetch(await fetchWithLimits(url, options));
}

/**
 * A sitemap of the site's host read from the folder: the first file at its URL path below the roots of the robots.txt's
 * site that the walk found (so a link is followed only into the folders given).
 */
function folderFound(file: LintFile, folder: GivenFolder, siteRoot: string | undefined, origin: string | undefined): (url: string) => Promise<FoundBytes> {
	const site = siteOfRobots({ files: folder.files, ...(siteRoot !== undefined ? { siteRoot } : {}) }, file.found!.path);
	return async (url) => {
		const parsed = new URL(url);
		if (parsed.origin !== origin) {
			return { kind: 'not-local' };
		}
		const paths = urlSetFilePaths(site, parsed.pathname);
		const path = paths.find((candidate) => folder.files.has(candidate));
		if (path === undefined) {
			return { kind: 'missing', path: paths[0] ?? parsed.pathname };
		}
		try {
			const read = await nodeFileSystem.readFile(pathToFileURL(join(folder.path, ...path.split('/'))).href, urlSetLimits.maxBytes);
			return { kind: 'bytes', bytes: read.bytes, cut: read.truncated };
		} catch (error) {
			return { kind: 'read-error', message: describeError(error) };
		}
	};
}
