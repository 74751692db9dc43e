/**
 * The check across files of `robots-txt lint`: in each folder given, the core places each page (the robots.txt that
 * serves it, at which URL path) and says which noindex a target crawler never sees and which resources a search crawler
 * may not fetch to render a page (core/src/site).
 */

import { isAbsolute, relative, resolve } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { resolvePath, siteFindings, type PageReach, type RenderReach, type RobotsModel, type SitePage, type SiteRobots } from '../../core/src/index';
import type { GivenFolder, LintFile } from './lintFiles';

/** One file, read and analysed, before the pages of a site are checked against its robots.txt. */
export interface Analysed {
	readonly file: LintFile;
	/** As shown: relative to the working folder, or the URL. */
	readonly display: string;
	readonly diagnostics: Diagnostic[];
	readonly model?: RobotsModel;
	readonly reach?: PageReach;
	/** What a page loads to render, for the target search crawlers. */
	readonly render?: RenderReach;
	/** A headers file's text, for the URL paths it covers. */
	readonly text?: string;
}

/**
 * The check across files, for the files found in each folder given: the core places each page (the robots.txt that
 * serves it, at which URL path: `placeOfPage`, as in the editor, `--site-root` as `robotsTxt.siteRoot`) and gives the
 * warning on the page and the hint on the deciding robots.txt line (`siteFindings`).
 */
export function checkSites(analysed: readonly Analysed[], sites: readonly GivenFolder[], siteRoot: string | undefined, crawlers: readonly string[]): void {
	sites.forEach((folder, index) => {
		const mine = analysed.filter((entry) => entry.file.found?.site === index);
		const robots = new Map<string, SiteRobots>();
		const pages: SitePage[] = [];
		for (const { file, model, reach, render, text } of mine) {
			const { uri, path } = file.found!;
			if (file.kind === 'robots' && model) {
				robots.set(path, { uri, model });
			} else if (file.kind === 'html' && reach) {
				pages.push({ kind: 'html', path, uri, reach, ...(render !== undefined ? { render } : {}) });
			} else if (file.kind === 'headers' && text !== undefined) {
				pages.push({ kind: 'headers', path, uri, text });
			}
		}
		const root = siteRootBelow(folder.path, siteRoot);
		const findings = siteFindings({ files: folder.files, ...(root !== undefined ? { siteRoot: root } : {}) }, robots, pages, crawlers);
		for (const entry of mine) {
			const found = findings.get(entry.file.found!.path);
			if (found !== undefined) {
				append(entry.diagnostics, found);
				entry.diagnostics.sort(byPosition);
			}
		}
	});
}

/** `--site-root` as a path below a folder given: relative to it, or an absolute path inside it; undefined otherwise. */
export function siteRootBelow(folder: string, siteRoot: string | undefined): string | undefined {
	if (siteRoot === undefined) {
		return undefined;
	}
	if (!isAbsolute(siteRoot)) {
		return resolvePath('', siteRoot);
	}
	const below = relative(resolve(folder), resolve(siteRoot));
	return below.startsWith('..') || isAbsolute(below) ? undefined : resolvePath('', below);
}

/** `list.push(...items)` without passing every item as an argument, which overflows the stack past ~100 000. */
function append<T>(list: T[], items: readonly T[]): void {
	for (const item of items) {
		list.push(item);
	}
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
	return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}
