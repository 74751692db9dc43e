/**
 * A site's files, for the check of pages against their robots.txt: which robots.txt a page is served beside and at
 * which URL path (the workspace layout), and the site's pages and `_headers` files on disk, listed lazily within fixed
 * limits and read again only when their modification time or size changes. Files are uris read through the server's
 * `FileSystem`: only those inside the workspace folders are read, and symbolic links are not followed. Without a file
 * system (the server in a browser) only robots.txt files open in the editor found a site and nothing is listed; what
 * this module answers is uris and URL paths, the core does the rest.
 */

import { headersReach, htmlReach, urlPathOfNames, type PageReach } from '../core/index';
import { formatNumber, t } from '../core/l10n';
import { baseName, childUri, fileUriOfPath, parentUri, type FileSystem } from '../fileSystem';
import { isInside, sameFolder, uriKey, type WorkspacePaths } from './workspacePaths';

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

const robotsFileName = 'robots.txt';
const headersFileName = '_headers';
const skipped = new Set(['node_modules', '.git']);
/** The folders whose files build tools copy to the site's root: Vite's and Next.js's `public/`, Hugo's and SvelteKit's `static/`. */
const copiedToRoot = ['public', 'static'];

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

/** Where a page is served: its site, and its URL path there. */
export interface SitePlace {
	readonly site: Site;
	readonly urlPath: string;
}

export class SiteFiles {
	private readonly listings = new Map<string, { time: number; roots: readonly string[]; listing: Promise<SiteListing> }>();
	/** What was read of pages and headers files, by {@link uriKey}. */
	private readonly pages = new Map<string, { mtimeMs: number; size: number; crawlers: string; reach: PageReach }>();
	private readonly headers = new Map<string, { mtimeMs: number; size: number; crawlers: string; listing: SiteListing; reach: ReadonlyMap<string, PageReach> }>();
	private readonly places = new Map<string, Promise<SitePlace | undefined>>();

	constructor(
		private readonly workspace: WorkspacePaths,
		/** The server's file system; undefined in a browser, where only open robots.txt files count. */
		private readonly fileSystem: FileSystem | undefined,
		/** The {@link uriKey}s of the robots.txt files open in the editor: they count even where the disk has none. */
		private readonly openRobots: () => ReadonlySet<string>,
	) {}

	/**
	 * The site of a page and its URL path: the nearest folder above it that holds a robots.txt (a robots.txt is served
	 * from its site's root), up to its workspace folder; with `siteRoot`, a page below that folder is served relative to
	 * it when no nearer robots.txt claims it, and that folder's robots.txt is the one at its root or else in its
	 * `public/` or `static/` folder. Pages outside the workspace folders find only robots.txt files open in the editor,
	 * and so does every page when there is no file system. Untitled pages have no folder and no site.
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
		const folder = parentUri(robotsUri);
		if (folder === undefined) {
			return { robotsUri, roots: [] };
		}
		const root = this.resolveSiteRoot(robotsUri, siteRoot);
		if (root === undefined || sameFolder(root, folder)) {
			return { robotsUri, roots: [folder] };
		}
		const copy = copiedToRoot.find((name) => sameFolder(childUri(root, name), folder));
		if (copy === undefined) {
			return { robotsUri, roots: [folder] };
		}
		// public/robots.txt speaks for the site root only when no robots.txt comes before it there.
		for (const before of [root, ...copiedToRoot.slice(0, copiedToRoot.indexOf(copy)).map((name) => childUri(root, name))]) {
			if (await this.hasRobots(childUri(before, robotsFileName))) {
				return { robotsUri, roots: [folder] };
			}
		}
		return { robotsUri, roots: [folder, root] };
	}

	/** The URL path of a file in a site: from the first of its roots that holds it; undefined outside them. */
	urlPathIn(site: Site, uri: string): string | undefined {
		const root = site.roots.find((candidate) => isInside(uri, candidate));
		if (root === undefined) {
			return undefined;
		}
		// Both decoded, as isInside compares them: the rest is the file's path below the root, names as they are.
		const rootKey = uriKey(root);
		// Split on `/` alone: a `\` in a decoded uri is part of a name (`back\slash.html` on Linux), not a separator.
		return urlPathOfNames(uriKey(uri).slice(rootKey.endsWith('/') ? rootKey.length : rootKey.length + 1).split('/'));
	}

	/**
	 * The files of a site, walked breadth-first by name from each root: no node_modules or .git, no folder that holds its
	 * own robots.txt (its pages are that file's), no symbolic links, nothing outside the workspace folders, nothing
	 * without a file system. Pages and headers files beyond the limits are left out and the listing says so.
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

	/** A page's reach for the crawlers, read from disk (the first bytes of it) unless it is unchanged since the last read. */
	async pageReach(file: SiteFile, crawlers: readonly string[]): Promise<PageReach> {
		const key = crawlers.join('\n');
		const fileKey = uriKey(file.uri);
		const cached = this.pages.get(fileKey);
		if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size && cached.crawlers === key) {
			return cached.reach;
		}
		const text = await this.readPrefix(file.uri, Math.min(file.size, siteLimits.maxBytesPerFile));
		const reach: PageReach = text === undefined ? new Map() : htmlReach(text, crawlers);
		this.pages.set(fileKey, { mtimeMs: file.mtimeMs, size: file.size, crawlers: key, reach });
		return reach;
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
		const reach = text === undefined ? new Map<string, PageReach>() : headersReach(text, listing.files.map((entry) => entry.urlPath), crawlers);
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
			if (baseName(uri) === robotsFileName) {
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

	/** `robotsTxt.siteRoot` as a folder uri (ending in `/`): an absolute local path, or a path relative to the document's workspace folder. */
	private resolveSiteRoot(documentUri: string, siteRoot: string | undefined): string | undefined {
		if (siteRoot === undefined) {
			return undefined;
		}
		const absolute = fileUriOfPath(siteRoot);
		if (absolute !== undefined) {
			return asFolder(absolute);
		}
		const folder = this.workspace.folderOf(documentUri);
		if (folder === undefined) {
			return undefined;
		}
		// Relative names as they are written, `.` and `..` resolved by the URL parser as path.resolve would.
		const relative = siteRoot.split(/[\\/]+/).filter((name) => name !== '').map((name) => encodeURIComponent(name)).join('/');
		try {
			return asFolder(new URL(relative === '' ? '.' : relative + '/', asFolder(folder)).href);
		} catch {
			return undefined;
		}
	}

	private async findSite(pageUri: string, siteRoot: string | undefined): Promise<SitePlace | undefined> {
		const workspaceFolder = this.workspace.folderOf(pageUri);
		const root = this.resolveSiteRoot(pageUri, siteRoot);
		for (let folder = parentUri(pageUri); folder !== undefined; ) {
			const robotsUri = childUri(folder, robotsFileName);
			if (await this.hasRobots(robotsUri)) {
				const site = await this.siteOfRobots(robotsUri, siteRoot);
				const urlPath = this.urlPathIn(site, pageUri);
				return urlPath === undefined ? undefined : { site, urlPath };
			}
			if (root !== undefined && sameFolder(folder, root)) {
				for (const copy of copiedToRoot) {
					const copied = childUri(childUri(root, copy), robotsFileName);
					if (await this.hasRobots(copied)) {
						const site = await this.siteOfRobots(copied, siteRoot);
						const urlPath = this.urlPathIn(site, pageUri);
						return urlPath === undefined ? undefined : { site, urlPath };
					}
				}
			}
			const parent = parentFolder(folder);
			if ((workspaceFolder !== undefined && sameFolder(folder, workspaceFolder)) || parent === undefined || sameFolder(parent, folder)) {
				return undefined;
			}
			folder = parent;
		}
		return undefined;
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
		if (fileSystem === undefined) {
			return { files, truncated: undefined };
		}
		const listed = new Set<string>();
		const seen = new Set<string>();
		let entries = 0;
		let pages = 0;
		let bytes = 0;
		let truncated: string | undefined;
		for (const root of site.roots) {
			if (!fileSystem.handles(root) || !(await this.workspace.isInsideWorkspace(fileSystem, root))) {
				continue;
			}
			const queue = [root];
			while (queue.length > 0) {
				const folder = queue.shift()!;
				if (seen.has(uriKey(asFolder(folder)))) {
					continue;
				}
				seen.add(uriKey(asFolder(folder)));
				let children;
				try {
					children = await fileSystem.readDirectory(folder);
				} catch {
					continue;
				}
				// A folder with a robots.txt of its own is another site, unless it is this one's.
				if (!sameFolder(folder, root) && children.some((child) => child.name === robotsFileName && child.kind === 'file')) {
					continue;
				}
				children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
				for (const child of children) {
					if (entries >= siteLimits.maxEntries) {
						truncated ??= t('the walk stopped after {0} files and folders', formatNumber(siteLimits.maxEntries));
						break;
					}
					if (skipped.has(child.name)) {
						continue;
					}
					entries++;
					const uri = childUri(folder, child.name);
					if (child.kind === 'directory') {
						queue.push(uri);
						continue;
					}
					// Symbolic links are `other`: the walk does not follow them.
					if (child.kind !== 'file' || listed.has(uriKey(uri))) {
						continue;
					}
					listed.add(uriKey(uri));
					const urlPath = this.urlPathIn(site, uri);
					if (urlPath === undefined) {
						continue;
					}
					const isPage = /\.html?$/i.test(child.name);
					// Netlify and Cloudflare Pages read the headers file at the root of the output folder only.
					const isHeaders = child.name === headersFileName && site.roots.some((candidate) => sameFolder(candidate, folder));
					if (!isPage && !isHeaders) {
						files.push({ uri, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
						continue;
					}
					if (isPage && pages >= siteLimits.maxPages) {
						truncated ??= t('only the first {0} pages are read', formatNumber(siteLimits.maxPages));
						files.push({ uri, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
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
						files.push({ uri, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
						continue;
					}
					bytes += cost;
					pages += isPage ? 1 : 0;
					files.push({ uri, urlPath, kind: isPage ? 'html' : 'headers', mtimeMs: info.mtimeMs, size: info.size });
				}
			}
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

/** A folder's uri ending in `/`, as {@link parentUri} gives them, so that a uri inside it is the folder's uri and more. */
function asFolder(uri: string): string {
	return uri.endsWith('/') ? uri : uri + '/';
}

/** The folder above a folder, ending in `/`; the same folder at the top of the uri's path, undefined when it cannot be read. */
function parentFolder(folder: string): string | undefined {
	try {
		return new URL('..', asFolder(folder)).href;
	} catch {
		return undefined;
	}
}
