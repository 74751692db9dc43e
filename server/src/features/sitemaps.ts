/**
 * A workspace robots.txt against the sitemaps it names: each is read from its URL path below the site root (the site
 * the pages use: site.ts, `robotsTxt.siteRoot`), gzip too, through the server's one reading rule (inside the workspace
 * folders only), read again only when its modification time or size changed; a watched `.xml` or `.gz` file that
 * changes makes the robots.txt files that looked for it check again. The core plans the reads and gives the findings
 * (core/site/sitemaps.ts), io/src/sitemaps.ts turns bytes into a read. Without a file system (the server in a browser)
 * and for a file outside the workspace folders, nothing is read and nothing is said. A deployed robots.txt's sitemaps
 * are fetched by the client, as it fetched the robots.txt (`robotsTxt/fetchUrlSet`: issue 12's fetcher and limits, up
 * to sitemaps.org's 50 MB), once per response.
 */

import type { Diagnostic } from 'vscode-languageserver';
import {
	defaultFetchLimits,
	nextUrlSets,
	outcomeFromWire,
	protocol,
	urlSetDiagnostics,
	urlSetFilePaths,
	urlSetLimits,
	urlSetOrigin,
	type AnalysisOptions,
	type FetchOutcome,
	type ReadUrlSet,
	type RobotsModel,
} from '../../../core/src/index';
import { childUri, relativeName, type FileSystem } from '../../../io/src/fileSystem';
import { foundInFetch, readFound, readUrlSets } from '../../../io/src/sitemaps';
import type { DeployedStore } from './deployedStore';
import type { SiteFiles } from './site';
import { uriKey, type WorkspacePaths } from './workspacePaths';

export class WorkspaceUrlSets {
	/** What was read of each sitemap file, by {@link uriKey}, with the modification time and size it was read at. */
	private readonly reads = new Map<string, { mtimeMs: number; size: number; read: ReadUrlSet }>();
	/** The files each robots.txt looked for, by {@link uriKey}: a change to one of them changes its findings. */
	private readonly lookedAt = new Map<string, Set<string>>();

	/** The sitemaps fetched for each deployed response, by URL, and those still being fetched. */
	private readonly fetched = new WeakMap<FetchOutcome, { reads: Map<string, ReadUrlSet>; pending: Set<string> }>();
	private readonly fetchListeners: ((uri: string) => void)[] = [];

	constructor(
		private readonly site: SiteFiles,
		private readonly workspace: WorkspacePaths,
		/** The server's file system; undefined in a browser. */
		private readonly fileSystem: FileSystem | undefined,
		private readonly deployed: DeployedStore,
		/** Asks the client to fetch a sitemap (`robotsTxt/fetchUrlSet`). */
		private readonly fetchUrlSet: (params: protocol.FetchUrlSetParams) => Promise<unknown>,
	) {}

	/** Calls `listener` with a deployed document's uri when a sitemap it names was fetched, so that its findings are computed again. */
	onDidFetch(listener: (uri: string) => void): void {
		this.fetchListeners.push(listener);
	}

	/**
	 * The findings of a deployed robots.txt against its sitemaps, fetched by the client once per response: none until
	 * every planned sitemap was fetched (the fetches run meanwhile, each heard by {@link onDidFetch}), so that no answer
	 * waits on the network and no count is given from a part of the sitemaps.
	 */
	private deployedDiagnostics(uri: string, model: RobotsModel, options: AnalysisOptions): Diagnostic[] {
		const outcome = this.deployed.analysis(uri, options)?.outcome;
		const fetchedAs = this.deployed.fetchedAs;
		if (outcome === undefined || fetchedAs === undefined) {
			return [];
		}
		let state = this.fetched.get(outcome);
		if (state === undefined) {
			state = { reads: new Map(), pending: new Set() };
			this.fetched.set(outcome, state);
		}
		const { reads, pending } = state;
		const next = nextUrlSets(model, reads);
		for (const url of next.filter((candidate) => !pending.has(candidate))) {
			pending.add(url);
			void this.fetchFromClient(url, fetchedAs).then((read) => {
				reads.set(url, read);
				pending.delete(url);
				for (const listener of this.fetchListeners) {
					listener(uri);
				}
			});
		}
		if (next.length > 0) {
			return [];
		}
		return urlSetDiagnostics(model, outcome.url, urlSetOrigin(model, outcome.url), reads, options.crawlers, options.severities);
	}

	/** One sitemap fetched by the client, as the robots.txt was, up to sitemaps.org's 50 MB. */
	private async fetchFromClient(url: string, fetchedAs: string): Promise<ReadUrlSet> {
		let answer: unknown;
		try {
			answer = await this.fetchUrlSet({
				url,
				userAgent: fetchedAs,
				maxRedirects: defaultFetchLimits.maxRedirects,
				timeoutMs: defaultFetchLimits.timeoutMs,
				maxBytes: urlSetLimits.maxBytes,
			});
		} catch (error) {
			return readFound({ kind: 'network', message: error instanceof Error ? error.message : String(error) });
		}
		if (typeof answer === 'object' && answer !== null && 'unavailable' in answer && typeof answer.unavailable === 'string') {
			return readFound({ kind: 'network', message: answer.unavailable });
		}
		const outcome = outcomeFromWire(answer);
		return readFound('responses' in outcome ? foundInFetch(outcome) : { kind: 'network', message: outcome.error });
	}

	/** The findings of a robots.txt in the workspace against the sitemaps its Sitemap lines name. */
	async robotsDiagnostics(robotsUri: string, model: RobotsModel, options: AnalysisOptions, siteRoot: string | undefined): Promise<Diagnostic[]> {
		if (robotsUri.startsWith(`${protocol.deployedScheme}:`)) {
			return this.deployedDiagnostics(robotsUri, model, options);
		}
		const fileSystem = this.fileSystem;
		// Only a robots.txt of a workspace folder has a site to read sitemaps from; a file opened from elsewhere has none.
		if (fileSystem === undefined || !fileSystem.handles(robotsUri) || this.workspace.folderOf(robotsUri) === undefined) {
			return [];
		}
		const origin = urlSetOrigin(model, undefined);
		const site = await this.site.siteOfRobots(robotsUri, siteRoot);
		const looked = new Set<string>();
		const reads = await readUrlSets(model, async (url) => {
			const parsed = new URL(url);
			if (parsed.origin !== origin || site.roots.length === 0) {
				return readFound({ kind: 'not-local' });
			}
			// Below each root of the site in turn, as its pages are served.
			const path = urlSetFilePaths({ robots: '', roots: [''] }, parsed.pathname)[0];
			const candidates = path === undefined ? [] : site.roots.map((root) => childUri(root, path));
			for (const uri of candidates) {
				looked.add(uriKey(uri));
				const read = await this.readFile(uri, robotsUri);
				if (read !== undefined) {
					return read;
				}
			}
			return readFound({ kind: 'missing', path: candidates.length > 0 ? relativeName(candidates[0], robotsUri) : parsed.pathname });
		});
		this.lookedAt.set(uriKey(robotsUri), looked);
		return urlSetDiagnostics(model, robotsUri, origin, reads, options.crawlers, options.severities);
	}

	/**
	 * Files changed on disk: what was read of them is dropped; whether a robots.txt looked for one of them (its
	 * findings may have changed).
	 */
	filesChanged(uris: readonly string[]): boolean {
		let matters = false;
		for (const uri of uris) {
			const key = uriKey(uri);
			this.reads.delete(key);
			for (const looked of this.lookedAt.values()) {
				matters ||= looked.has(key);
			}
		}
		return matters;
	}

	/** A sitemap file as read, unless it is unchanged since the last read; undefined when there is no file to read. */
	private async readFile(uri: string, robotsUri: string): Promise<ReadUrlSet | undefined> {
		const fileSystem = this.fileSystem!;
		let stat;
		try {
			stat = await fileSystem.stat(uri);
		} catch {
			return undefined;
		}
		if (stat.kind !== 'file') {
			return undefined;
		}
		const key = uriKey(uri);
		const cached = this.reads.get(key);
		if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
			return cached.read;
		}
		let read: ReadUrlSet;
		try {
			const content = await this.workspace.readFile(uri, robotsUri, urlSetLimits.maxBytes);
			read = await readFound({ kind: 'bytes', bytes: content.bytes, cut: content.truncated });
		} catch (error) {
			read = await readFound({ kind: 'read-error', message: error instanceof Error ? error.message : String(error) });
		}
		// One entry per sitemap file read; a workspace of many starts afresh now and then.
		if (this.reads.size >= 100) {
			this.reads.clear();
		}
		this.reads.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, read });
		return read;
	}
}
