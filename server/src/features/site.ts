/**
 * A site's files on disk, for the check of pages against their robots.txt: which robots.txt a page is served beside
 * and at which URL path (the workspace layout), and the site's pages and `_headers` files, listed lazily within fixed
 * limits and read again only when their modification time or size changes. Only local files inside the workspace
 * folders are read, and symbolic links are not followed; what this module answers is paths, the core does the rest.
 */

import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { headersReach, htmlReach, urlPathOfFile, type PageReach } from '../core/index';
import { isInside, type WorkspacePaths } from './workspacePaths';

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

/** A site: its robots.txt and the folders served at `/`, the robots.txt's own first. */
export interface Site {
	readonly robotsPath: string;
	readonly roots: readonly string[];
}

/** A file of a site's listing. */
export interface SiteFile {
	readonly path: string;
	readonly urlPath: string;
	readonly kind: 'html' | 'headers' | 'other';
	readonly mtimeMs: number;
	readonly size: number;
}

export interface SiteListing {
	/** Every file found (for the URL paths a `_headers` file covers); pages and headers files within the limits only. */
	readonly files: readonly SiteFile[];
	/** Why the listing stops short, when a limit cut it. */
	readonly truncated: string | undefined;
}

/** Where a page is served: its site, and its URL path there. */
export interface SitePlace {
	readonly site: Site;
	readonly urlPath: string;
}

export class SiteFiles {
	private readonly listings = new Map<string, { time: number; listing: Promise<SiteListing> }>();
	private readonly pages = new Map<string, { mtimeMs: number; size: number; crawlers: string; reach: PageReach }>();
	private readonly headers = new Map<string, { mtimeMs: number; size: number; crawlers: string; listing: SiteListing; reach: ReadonlyMap<string, PageReach> }>();
	private readonly places = new Map<string, Promise<SitePlace | undefined>>();

	constructor(
		private readonly workspace: WorkspacePaths,
		/** The local paths of the robots.txt files open in the editor: they count even where the disk has none. */
		private readonly openRobots: () => ReadonlySet<string>,
	) {}

	/**
	 * The site of a local page and its URL path: the nearest folder above it that holds a robots.txt (a robots.txt is
	 * served from its site's root), up to its workspace folder; with `siteRoot`, a page below that folder is served
	 * relative to it when no nearer robots.txt claims it, and that folder's robots.txt is the one at its root or else
	 * in its `public/` or `static/` folder. Pages outside the workspace folders find only robots.txt files open in the editor.
	 */
	siteOfPage(pagePath: string, siteRoot: string | undefined): Promise<SitePlace | undefined> {
		const key = `${pagePath}\0${siteRoot ?? ''}`;
		let place = this.places.get(key);
		if (!place) {
			// One entry per page and setting asked about; a workspace of many opened pages starts afresh now and then.
			if (this.places.size >= 10_000) {
				this.places.clear();
			}
			place = this.findSite(pagePath, siteRoot).catch(() => undefined);
			this.places.set(key, place);
		}
		return place;
	}

	/** The site of a local robots.txt: its own folder, and the configured site root when this is that root's robots.txt. */
	async siteOfRobots(robotsPath: string, siteRoot: string | undefined): Promise<Site> {
		const folder = dirname(robotsPath);
		const root = this.resolveSiteRoot(robotsPath, siteRoot);
		if (root === undefined || root === folder) {
			return { robotsPath, roots: [folder] };
		}
		const copy = copiedToRoot.find((name) => join(root, name) === folder);
		if (copy === undefined) {
			return { robotsPath, roots: [folder] };
		}
		// public/robots.txt speaks for the site root only when no robots.txt comes before it there.
		for (const before of [root, ...copiedToRoot.slice(0, copiedToRoot.indexOf(copy)).map((name) => join(root, name))]) {
			if (await this.hasRobots(join(before, robotsFileName))) {
				return { robotsPath, roots: [folder] };
			}
		}
		return { robotsPath, roots: [folder, root] };
	}

	/** The URL path of a file in a site: from the first of its roots that holds it; undefined outside them. */
	urlPathIn(site: Site, path: string): string | undefined {
		const root = site.roots.find((candidate) => isInside(path, candidate));
		return root === undefined ? undefined : urlPathOfFile(relative(root, path));
	}

	/**
	 * The files of a site, walked breadth-first by name from each root: no node_modules or .git, no folder that holds its
	 * own robots.txt (its pages are that file's), no symbolic links, nothing outside the workspace folders. Pages and
	 * headers files beyond the limits are left out and the listing says so.
	 */
	listing(site: Site): Promise<SiteListing> {
		const key = site.roots.join('\0');
		const cached = this.listings.get(key);
		if (cached && Date.now() - cached.time < siteLimits.freshForMs) {
			return cached.listing;
		}
		const listing = this.walk(site).catch((): SiteListing => ({ files: [], truncated: undefined }));
		this.listings.set(key, { time: Date.now(), listing });
		return listing;
	}

	/** A page's reach for the crawlers, read from disk (the first bytes of it) unless it is unchanged since the last read. */
	async pageReach(file: SiteFile, crawlers: readonly string[]): Promise<PageReach> {
		const key = crawlers.join('\n');
		const cached = this.pages.get(file.path);
		if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size && cached.crawlers === key) {
			return cached.reach;
		}
		const text = await readPrefix(file.path, Math.min(file.size, siteLimits.maxBytesPerFile));
		const reach: PageReach = text === undefined ? new Map() : htmlReach(text, crawlers);
		this.pages.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, crawlers: key, reach });
		return reach;
	}

	/** A headers file's reach for the URL paths of the site's files and those its own patterns stand for, read from disk unless unchanged. */
	async headersReach(file: SiteFile, listing: SiteListing, crawlers: readonly string[]): Promise<ReadonlyMap<string, PageReach>> {
		const key = crawlers.join('\n');
		const cached = this.headers.get(file.path);
		if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size && cached.crawlers === key && cached.listing === listing) {
			return cached.reach;
		}
		const text = await readPrefix(file.path, Math.min(file.size, siteLimits.maxBytesPerFile));
		const reach = text === undefined ? new Map<string, PageReach>() : headersReach(text, listing.files.map((entry) => entry.urlPath), crawlers);
		this.headers.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, crawlers: key, listing, reach });
		return reach;
	}

	/**
	 * Files changed on disk (or a robots.txt opened or closed): what was read of them is dropped, and so are the listings
	 * and page sites they may change.
	 */
	changed(paths: readonly string[]): void {
		for (const path of paths) {
			this.pages.delete(path);
			this.headers.delete(path);
			for (const key of [...this.listings.keys()]) {
				if (key.split('\0').some((root) => isInside(path, root))) {
					this.listings.delete(key);
				}
			}
			if (basename(path) === robotsFileName) {
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

	private resolveSiteRoot(documentPath: string, siteRoot: string | undefined): string | undefined {
		if (siteRoot === undefined) {
			return undefined;
		}
		if (isAbsolute(siteRoot)) {
			return resolve(siteRoot);
		}
		const folder = this.workspace.folderOf(documentPath);
		return folder === undefined ? undefined : resolve(folder, siteRoot);
	}

	private async findSite(pagePath: string, siteRoot: string | undefined): Promise<SitePlace | undefined> {
		const workspaceFolder = this.workspace.folderOf(pagePath);
		const root = this.resolveSiteRoot(pagePath, siteRoot);
		for (let folder = dirname(pagePath); ; folder = dirname(folder)) {
			const robotsPath = join(folder, robotsFileName);
			if (await this.hasRobots(robotsPath)) {
				const site = await this.siteOfRobots(robotsPath, siteRoot);
				const urlPath = this.urlPathIn(site, pagePath);
				return urlPath === undefined ? undefined : { site, urlPath };
			}
			if (folder === root) {
				for (const copy of copiedToRoot) {
					const copied = join(root, copy, robotsFileName);
					if (await this.hasRobots(copied)) {
						const site = await this.siteOfRobots(copied, siteRoot);
						const urlPath = this.urlPathIn(site, pagePath);
						return urlPath === undefined ? undefined : { site, urlPath };
					}
				}
			}
			if (folder === workspaceFolder || dirname(folder) === folder) {
				return undefined;
			}
		}
	}

	/** A robots.txt open in the editor, or a file on disk inside the workspace folders. */
	private async hasRobots(path: string): Promise<boolean> {
		if (this.openRobots().has(path)) {
			return true;
		}
		if (this.workspace.folderOf(path) === undefined) {
			return false;
		}
		try {
			return (await stat(path)).isFile();
		} catch {
			return false;
		}
	}

	private async walk(site: Site): Promise<SiteListing> {
		const files: SiteFile[] = [];
		const listed = new Set<string>();
		const seen = new Set<string>();
		let entries = 0;
		let pages = 0;
		let bytes = 0;
		let truncated: string | undefined;
		for (const root of site.roots) {
			if (!(await this.workspace.isInsideWorkspace(root))) {
				continue;
			}
			const queue = [root];
			while (queue.length > 0) {
				const folder = queue.shift()!;
				if (seen.has(folder)) {
					continue;
				}
				seen.add(folder);
				let children;
				try {
					children = await readdir(folder, { withFileTypes: true });
				} catch {
					continue;
				}
				// A folder with a robots.txt of its own is another site, unless it is this one's.
				if (folder !== root && children.some((child) => child.name === robotsFileName && child.isFile())) {
					continue;
				}
				children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
				for (const child of children) {
					if (entries >= siteLimits.maxEntries) {
						truncated ??= `the walk stopped after ${siteLimits.maxEntries.toLocaleString('en')} files and folders`;
						break;
					}
					if (skipped.has(child.name)) {
						continue;
					}
					entries++;
					const path = join(folder, child.name);
					if (child.isDirectory()) {
						queue.push(path);
						continue;
					}
					if (!child.isFile() || listed.has(path)) {
						continue;
					}
					listed.add(path);
					const urlPath = this.urlPathIn(site, path);
					if (urlPath === undefined) {
						continue;
					}
					const isPage = /\.html?$/i.test(child.name);
					// Netlify and Cloudflare Pages read the headers file at the root of the output folder only.
					const isHeaders = child.name === headersFileName && site.roots.includes(folder);
					if (!isPage && !isHeaders) {
						files.push({ path, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
						continue;
					}
					if (isPage && pages >= siteLimits.maxPages) {
						truncated ??= `only the first ${siteLimits.maxPages.toLocaleString('en')} pages are read`;
						files.push({ path, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
						continue;
					}
					let info;
					try {
						info = await stat(path);
					} catch {
						continue;
					}
					const cost = Math.min(info.size, siteLimits.maxBytesPerFile);
					if (bytes + cost > siteLimits.maxBytes) {
						truncated ??= `only the first ${siteLimits.maxBytes / (1024 * 1024)} MiB of pages are read`;
						files.push({ path, urlPath, kind: 'other', mtimeMs: 0, size: 0 });
						continue;
					}
					bytes += cost;
					pages += isPage ? 1 : 0;
					files.push({ path, urlPath, kind: isPage ? 'html' : 'headers', mtimeMs: info.mtimeMs, size: info.size });
				}
			}
		}
		return { files, truncated };
	}
}

/** The first `limit` bytes of a file as UTF-8 text (bytes that are not UTF-8 become U+FFFD); undefined when it cannot be read. */
async function readPrefix(path: string, limit: number): Promise<string | undefined> {
	let handle;
	try {
		handle = await open(path, 'r');
		const buffer = Buffer.alloc(Math.max(0, limit));
		const { bytesRead } = await handle.read(buffer, 0, limit, 0);
		return new TextDecoder('utf-8').decode(buffer.subarray(0, bytesRead));
	} catch {
		return undefined;
	} finally {
		await handle?.close();
	}
}
