/**
 * A site's files, for the check of pages against their robots.txt: the IO around the core's answers (core/site/): it
 * describes a workspace folder to the core by paths (the robots.txt files an answer depends on, or a site's walk) and
 * turns the core's paths back into uris; the site's pages and `_headers` files on disk are listed lazily by the one
 * walker (walk.ts) within fixed limits and read again only when their modification time or size changes. Files are
 * read through the server's `FileSystem`: only those inside the workspace folders, a link followed only into them.
 * Without a file system (the server in a browser) only robots.txt files open in the editor found a site and nothing is
 * listed.
 */

import {
	changeReach,
	entersFolder,
	headersReach,
	htmlReach,
	htmlRender,
	placeOfPage,
	resolvePath,
	robotsCandidates,
	siteMembers,
	siteOfRobots,
	type PageReach,
	type RenderReach,
	type SiteDescription,
} from '../../../core/src/index';
import { formatNumber, t } from '../../../core/src/l10n';
import { baseName, childUri, fileUriOfPath, parentUri, type FileSystem } from '../../../io/src/fileSystem';
import { walkFolder } from '../../../io/src/walk';
import { isInside, uriKey, type WorkspacePaths } from './workspacePaths';

/** The limits of one site's listing; the README states them. */
export const siteLimits = {
	/** Folders and files visited by one walk. */
	maxEntries: 10_000,
	/** HTML pages read per site (breadth-first, by name). */
	maxPages: 1_000,
	/** Bytes read per site, at most `maxBytesPerFile` of each file. */
	maxBytes: 32 * 1024 * 1024,
	/** The first bytes of a page that are read: robots meta tags belong in the head. */
	maxBytesPerFile: 1024 * 1024,
	/** How long a listing is reused when no change was heard (for clients that watch no files). */
	freshForMs: 30_000,
} as const;

/** A site: its robots.txt and the folders served at `/` (uris ending in `/`), the robots.txt's own first. */
export interface Site {
	readonly robotsUri: string;
	readonly roots: readonly string[];
}

/** A file of a site's listing. */
interface SiteFile {
	readonly uri: string;
	readonly urlPath: string;
	readonly kind: 'html' | 'headers' | 'other';
	readonly mtimeMs: number;
	readonly size: number;
}

interface SiteListing {
	/** Every file found (for the URL paths a `_headers` file covers); pages and headers files within the limits only. */
	readonly files: readonly SiteFile[];
	/** Why the listing stops short, when a limit cut it, in the configured language (for the server's log). */
	readonly truncated: string | undefined;
}

/** What was read of a page on disk: its reach, and what it loads to render. */
interface PageRead {
	readonly reach: PageReach;
	readonly render: RenderReach | undefined;
}

/** Where a page is served: its site, and its URL path there. */
export interface SitePlace {
	readonly site: Site;
	readonly urlPath: string;
}

export class SiteFiles {
	private readonly listings = new Map<string, { time: number; roots: readonly string[]; listing: Promise<SiteListing> }>();
	/** What was read of pages and headers files, by {@link uriKey}. */
	private readonly pages = new Map<string, { mtimeMs: number; size: number; crawlers: string; read: PageRead }>();
	private readonly headers = new Map<
		string,
		{ mtimeMs: number; size: number; crawlers: string; listing: SiteListing; reach: ReadonlyMap<string, PageReach> }
	>();
	private readonly places = new Map<string, Promise<SitePlace | undefined>>();

	constructor(
		private readonly workspace: WorkspacePaths,
		/** The server's file system; undefined in a browser, where only open robots.txt files count. */
		private readonly fileSystem: FileSystem | undefined,
		/** The {@link uriKey}s of the robots.txt files open in the editor: they count even where the disk has none. */
		private readonly openRobots: () => ReadonlySet<string>,
	) {}

	/**
	 * The site of a page and its URL path, as the core decides it (`placeOfPage`: the nearest robots.txt above it, up to
	 * its workspace folder; with `siteRoot`, that folder's robots.txt at its root or in its `public/` or `static/`
	 * folder), from the robots.txt files that exist among the candidates (`robotsCandidates`). Pages outside the
	 * workspace folders find only robots.txt files open in the editor, and so does every page when there is no file
	 * system. Untitled pages have no folder and no site.
	 */
	siteOfPage(pageUri: string, siteRoot: string | undefined): Promise<SitePlace | undefined> {
		const key = `${uriKey(pageUri)}\0${siteRoot ?? ''}`;
		let place = this.places.get(key);
		if (!place) {
			// One entry per page and setting asked about; a workspace of many opened pages starts afresh now and then.
			if (this.places.size >= 10_000) {
				this.places.clear();
			}
			place = this.findSite(pageUri, siteRoot).catch(() => undefined);
			this.places.set(key, place);
		}
		return place;
	}

	/** The site of a robots.txt: its own folder, and the configured site root when this is that root's robots.txt. */
	async siteOfRobots(robotsUri: string, siteRoot: string | undefined): Promise<Site> {
		const located = this.locate(robotsUri);
		if (located === undefined) {
			return { robotsUri, roots: [] };
		}
		const description = await this.describe(located, siteRoot);
		const site = siteOfRobots(description, located.path);
		return { robotsUri, roots: site.roots.map((root) => folderUri(located.folder, root)) };
	}

	/**
	 * The files of a site, walked breadth-first by name from each root (walk.ts: no node_modules or .git, links only
	 * within the workspace folders, nothing without a file system), none in a folder that holds its own robots.txt (its
	 * pages are that file's); the core says which files the site serves and at which URL paths. Pages and headers files
	 * beyond the limits are left out and the listing says so.
	 */
	listing(site: Site): Promise<SiteListing> {
		const key = site.roots.map(uriKey).join('\0');
		const cached = this.listings.get(key);
		if (cached && Date.now() - cached.time < siteLimits.freshForMs) {
			return cached.listing;
		}
		const listing = this.walk(site).catch((): SiteListing => ({ files: [], truncated: undefined }));
		this.listings.set(key, { time: Date.now(), roots: site.roots, listing });
		return listing;
	}

	/** A page's reach for the crawlers ({@link pageRead}). */
	async pageReach(file: SiteFile, crawlers: readonly string[]): Promise<PageReach> {
		return (await this.pageRead(file, crawlers)).reach;
	}

	/**
	 * A page's reach and the resources it loads, for the crawlers, read from disk (the first bytes of it) unless it is
	 * unchanged since the last read.
	 */
	async pageRead(file: SiteFile, crawlers: readonly string[]): Promise<PageRead> {
		const key = crawlers.join('\n');
		const fileKey = uriKey(file.uri);
		const cached = this.pages.get(fileKey);
		if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size && cached.crawlers === key) {
			return cached.read;
		}
		const text = await this.readPrefix(file.uri, Math.min(file.size, siteLimits.maxBytesPerFile));
		const read: PageRead =
			text === undefined ? { reach: new Map(), render: undefined } : { reach: htmlReach(text, crawlers), render: htmlRender(text, crawlers) };
		this.pages.set(fileKey, { mtimeMs: file.mtimeMs, size: file.size, crawlers: key, read });
		return read;
	}

	/** A headers file's reach for the URL paths of the site's files and those its own patterns stand for, read from disk unless unchanged. */
	async headersReach(file: SiteFile, listing: SiteListing, crawlers: readonly string[]): Promise<ReadonlyMap<string, PageReach>> {
		const key = crawlers.join('\n');
		const fileKey = uriKey(file.uri);
		const cached = this.headers.get(fileKey);
		if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size && cached.crawlers === key && cached.listing === listing) {
			return cached.reach;
		}
		const text = await this.readPrefix(file.uri, Math.min(file.size, siteLimits.maxBytesPerFile));
		const reach =
			text === undefined
				? new Map<string, PageReach>()
				: headersReach(
						text,
						listing.files.map((entry) => entry.urlPath),
						crawlers,
					);
		this.headers.set(fileKey, { mtimeMs: file.mtimeMs, size: file.size, crawlers: key, listing, reach });
		return reach;
	}

	/**
	 * Files changed on disk (or a robots.txt opened or closed): what was read of them is dropped, and so are the listings
	 * and page sites they may change.
	 */
	changed(uris: readonly string[]): void {
		for (const uri of uris) {
			const key = uriKey(uri);
			this.pages.delete(key);
			this.headers.delete(key);
			for (const [listingKey, { roots }] of [...this.listings]) {
				if (roots.some((root) => isInside(uri, root))) {
					this.listings.delete(listingKey);
				}
			}
			if (changeReach(baseName(uri)).places) {
				this.places.clear();
			}
		}
	}

	/** Forgets everything (the workspace folders changed). */
	clear(): void {
		this.listings.clear();
		this.pages.clear();
		this.headers.clear();
		this.places.clear();
	}

	/**
	 * Where a uri is described from: its workspace folder, else (a file opened from elsewhere) the top of its uri's path;
	 * and its path below that folder. Undefined for a uri without a folder (untitled).
	 */
	private locate(uri: string): Located | undefined {
		if (parentUri(uri) === undefined) {
			return undefined;
		}
		let folder = this.workspace.folderOf(uri);
		if (folder === undefined) {
			try {
				folder = new URL('/', uri).href;
			} catch {
				return undefined;
			}
		}
		const folderKey = uriKey(asFolder(folder));
		const key = uriKey(uri);
		return key.startsWith(folderKey) ? { folder: asFolder(folder), path: key.slice(folderKey.length) } : undefined;
	}

	/**
	 * `robotsTxt.siteRoot` as a path below the described folder: a path relative to the workspace folder, or an absolute
	 * local path inside it; undefined when unset or outside (a relative setting counts only in a workspace folder).
	 */
	private siteRootPath(located: Located, siteRoot: string | undefined): string | undefined {
		if (siteRoot === undefined) {
			return undefined;
		}
		const absolute = fileUriOfPath(siteRoot);
		if (absolute !== undefined) {
			const folderKey = uriKey(located.folder);
			const rootKey = uriKey(asFolder(absolute));
			return rootKey.startsWith(folderKey) ? rootKey.slice(folderKey.length).replace(/\/$/, '') : undefined;
		}
		return this.workspace.folderOf(located.folder) === undefined ? undefined : resolvePath('', siteRoot);
	}

	/** The description the core answers from: the robots.txt files that exist among those the answer depends on. */
	private async describe(located: Located, siteRoot: string | undefined): Promise<SiteDescription> {
		const root = this.siteRootPath(located, siteRoot);
		const files = new Set<string>();
		for (const candidate of new Set(robotsCandidates(located.path, root))) {
			if (await this.hasRobots(childUri(located.folder, candidate))) {
				files.add(candidate);
			}
		}
		return { files, ...(root !== undefined ? { siteRoot: root } : {}) };
	}

	private async findSite(pageUri: string, siteRoot: string | undefined): Promise<SitePlace | undefined> {
		const located = this.locate(pageUri);
		if (located === undefined) {
			return undefined;
		}
		const place = placeOfPage(await this.describe(located, siteRoot), located.path);
		if (place === undefined) {
			return undefined;
		}
		const site = { robotsUri: childUri(located.folder, place.site.robots), roots: place.site.roots.map((root) => folderUri(located.folder, root)) };
		return { site, urlPath: place.urlPath };
	}

	/** A robots.txt open in the editor, or a file on disk inside the workspace folders. */
	private async hasRobots(uri: string): Promise<boolean> {
		if (this.openRobots().has(uriKey(uri))) {
			return true;
		}
		const fileSystem = this.fileSystem;
		if (!fileSystem?.handles(uri) || this.workspace.folderOf(uri) === undefined) {
			return false;
		}
		try {
			return (await fileSystem.stat(uri)).kind === 'file';
		} catch {
			return false;
		}
	}

	private async walk(site: Site): Promise<SiteListing> {
		const fileSystem = this.fileSystem;
		const files: SiteFile[] = [];
		const located = site.roots.length === 0 ? undefined : this.locate(site.roots[0]);
		if (fileSystem === undefined || located === undefined) {
			return { files, truncated: undefined };
		}
		const paths: string[] = [];
		const uris = new Map<string, string>();
		let visited = 0;
		let truncated: string | undefined;
		for (const root of site.roots) {
			if (!fileSystem.handles(root) || !(await this.workspace.isInsideWorkspace(fileSystem, root))) {
				continue;
			}
			const rootPath = uriKey(asFolder(root)).slice(uriKey(located.folder).length).replace(/\/$/, '');
			const walked = await walkFolder(fileSystem, root, {
				within: this.workspace.folders,
				maxEntries: siteLimits.maxEntries - visited,
				basePath: rootPath,
				enter: (_path, names) => entersFolder(names),
			});
			visited += walked.visited;
			if (walked.truncated) {
				truncated ??= t('the walk stopped after {0} files and folders', formatNumber(siteLimits.maxEntries));
			}
			for (const entry of walked.entries) {
				if (entry.kind === 'file') {
					paths.push(entry.path);
					uris.set(entry.path, entry.uri);
				}
			}
		}
		const description: SiteDescription = { files: new Set(paths) };
		const core = { robots: located.path, roots: site.roots.map((root) => uriKey(asFolder(root)).slice(uriKey(located.folder).length).replace(/\/$/, '')) };
		let pages = 0;
		let bytes = 0;
		for (const member of siteMembers(description, core, paths)) {
			const uri = uris.get(member.path)!;
			if (member.kind === 'other') {
				files.push({ uri, urlPath: member.urlPath, kind: 'other', mtimeMs: 0, size: 0 });
				continue;
			}
			if (member.kind === 'html' && pages >= siteLimits.maxPages) {
				truncated ??= t('only the first {0} pages are read', formatNumber(siteLimits.maxPages));
				files.push({ uri, urlPath: member.urlPath, kind: 'other', mtimeMs: 0, size: 0 });
				continue;
			}
			let info;
			try {
				info = await fileSystem.stat(uri);
			} catch {
				continue;
			}
			const cost = Math.min(info.size, siteLimits.maxBytesPerFile);
			if (bytes + cost > siteLimits.maxBytes) {
				truncated ??= t('only the first {0} MiB of pages are read', formatNumber(siteLimits.maxBytes / (1024 * 1024)));
				files.push({ uri, urlPath: member.urlPath, kind: 'other', mtimeMs: 0, size: 0 });
				continue;
			}
			bytes += cost;
			pages += member.kind === 'html' ? 1 : 0;
			files.push({ uri, urlPath: member.urlPath, kind: member.kind, mtimeMs: info.mtimeMs, size: info.size });
		}
		return { files, truncated };
	}

	/**
	 * The first `limit` bytes of a file as UTF-8 text (bytes that are not UTF-8 become U+FFFD), through the workspace's
	 * one reading rule; undefined when it cannot be read.
	 */
	private async readPrefix(uri: string, limit: number): Promise<string | undefined> {
		if (!this.fileSystem?.handles(uri)) {
			return undefined;
		}
		try {
			return new TextDecoder('utf-8').decode((await this.workspace.readFile(uri, uri, limit)).bytes);
		} catch {
			return undefined;
		}
	}
}

/** Where a uri is described from: the folder (a uri ending in `/`), and the uri's path below it. */
interface Located {
	readonly folder: string;
	readonly path: string;
}

/** A folder's uri ending in `/`, as {@link parentUri} gives them, so that a uri inside it is the folder's uri and more. */
function asFolder(uri: string): string {
	return uri.endsWith('/') ? uri : uri + '/';
}

/** The uri of a folder's path below `folder`, ending in `/`. */
function folderUri(folder: string, path: string): string {
	return path === '' ? folder : asFolder(childUri(folder, path));
}
