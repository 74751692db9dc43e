/**
 * Pages in the editor: HTML documents and `_headers` files get the core's robots meta and X-Robots-Tag diagnostics
 * (pushed, to clients that pull too), hovers, completions and quick fixes, and the warning when their site's robots.txt
 * keeps a crawler from the page rules meant for it; a robots.txt gets the mirror hint on the deciding line, from the
 * open pages and those on disk (site.ts). Either side is checked again when the other changes. All answers come from
 * the core, which alone knows which rules are at stake. Files on disk are read through the server's `FileSystem`;
 * without one (in a browser) pages and robots.txt files count when they are open, and nothing is read from disk.
 */

import {
	CodeActionKind,
	type CancellationToken,
	type CodeAction,
	type CompletionItem,
	type Connection,
	type Diagnostic,
	type FileEvent,
	type Hover,
	type Position,
	type Range,
	type ResponseError,
} from 'vscode-languageserver';
import {
	analysePage,
	computeCodeActions,
	computeHeadersCompletions,
	computeHeadersHover,
	computeMetaCompletions,
	computeMetaHover,
	decodeRobotsBytes,
	fileKindOfName,
	headersReach,
	htmlReach,
	htmlRender,
	pageSiteDiagnostics,
	parse,
	robotsSiteDiagnostics,
	type MetaAnalysisOptions,
	type PageReach,
	type RenderReach,
	type RobotsModel,
	type SiteEntry,
} from '../../../core/src/index';
import { formatNumber, t } from '../../../core/src/l10n';
import type { DocumentStore, OpenPage } from '../documents';
import { baseName, fileLimits, parentUri, type FileSystem } from '../../../io/src/fileSystem';
import { runSafe } from '../runner';
import type { SettingsStore } from '../settings';
import { PushQueue, pushDelayMs } from './push';
import { SiteFiles, type Site, type SitePlace } from './site';
import { uriKey, type WorkspacePaths } from './workspacePaths';

/** The last analysis of an open page. */
interface Analysed {
	readonly version: number;
	/** The `generation` it was computed in: robots.txt files, settings and files on disk as they were then. */
	readonly generation: number;
	readonly diagnostics: readonly Diagnostic[];
	/** The page's own diagnostics (without those across files), and the settings they were computed with. */
	readonly own: readonly Diagnostic[];
	readonly ownSettings: string;
	/** What its robots rules reach (an HTML page's), and for which crawlers. */
	readonly crawlers: string;
	readonly reach: PageReach;
	/** What an HTML page loads to render, for the target search crawlers. */
	readonly render: RenderReach | undefined;
	/** What the page tells its robots.txt: the site and what reaches it, so that a change is heard there. */
	readonly signature: string;
	/** Whether a change of a robots.txt can change its diagnostics (its rules reach a crawler, or it is a headers file). */
	readonly dependsOnRobots: boolean;
}

/** A robots.txt to check a page against: the open document when it is open, else the file on disk. */
interface Robots {
	readonly uri: string;
	readonly model: RobotsModel;
}

export class PageService {
	/** The one push scheduler (features/diagnostics.ts): a quiet time per page, then one page at a time. */
	private readonly queue = new PushQueue((uri) => this.publish(uri));
	private readonly analysed = new Map<string, Analysed>();
	/** How many diagnostics were last pushed for each page, so that a page without any is not sent an empty list on every edit. */
	private readonly pushed = new Map<string, number>();
	/** The sites the log has said were read in part. */
	private readonly saidPartly = new Set<string>();
	/** Grows whenever something besides a page's own text may change its analysis: a robots.txt, settings, files on disk. */
	private generation = 0;
	private readonly listeners: (() => void)[] = [];
	/** Robots.txt files read from disk, by {@link uriKey}, with the modification time they were read at. */
	private readonly robotsOnDisk = new Map<string, { readonly mtimeMs: number; readonly model: RobotsModel }>();
	/** The last hints of each open robots.txt, with the model and generation they are for: its code actions take their fixes from there. */
	private readonly robotsHints = new Map<string, { readonly model: RobotsModel; readonly generation: number; readonly diagnostics: Diagnostic[] }>();
	readonly site: SiteFiles;

	constructor(
		private readonly connection: Connection,
		private readonly documents: DocumentStore,
		private readonly settings: SettingsStore,
		private readonly workspace: WorkspacePaths,
		/** The server's file system; undefined in a browser. */
		private readonly fileSystem: FileSystem | undefined,
	) {
		this.site = new SiteFiles(workspace, fileSystem, () => this.openRobotsKeys());
	}

	/** Subscribes to the documents: pages are checked when opened or edited, and again when a robots.txt changes. */
	listen(): void {
		this.documents.onDidOpen((uri) => (this.handles(uri) ? this.schedule(uri, 0) : this.robotsChanged(uri, true)));
		this.documents.onDidChangeContent((uri) => (this.handles(uri) ? this.schedule(uri, pushDelayMs) : this.robotsChanged(uri, false)));
		this.documents.onDidClose((uri) => {
			const last = this.analysed.get(uri);
			if (last || this.queue.waiting(uri)) {
				this.queue.cancel(uri);
				this.analysed.delete(uri);
				if ((this.pushed.get(uri) ?? 0) > 0) {
					void this.connection.sendDiagnostics({ uri, diagnostics: [] });
				}
				this.pushed.delete(uri);
				// The file on disk speaks for the page now.
				if (last !== undefined && last.signature !== '') {
					this.fire();
				}
				return;
			}
			this.robotsHints.delete(uri);
			this.robotsChanged(uri, true);
		});
	}

	/**
	 * Files changed on disk (`workspace/didChangeWatchedFiles`): what was read of them is read again, pages are checked
	 * again when a robots.txt changed, and robots.txt files hear of changed pages. A server without a file system read
	 * nothing from disk, and has nothing to read again.
	 */
	filesChanged(changes: readonly FileEvent[]): void {
		const fileSystem = this.fileSystem;
		const uris = fileSystem === undefined ? [] : changes.map((change) => change.uri).filter((uri) => fileSystem.handles(uri));
		if (uris.length === 0) {
			return;
		}
		this.site.changed(uris);
		this.generation++;
		const robots = uris.filter((uri) => fileKindOfName(baseName(uri)) === 'robots');
		for (const uri of robots) {
			this.robotsOnDisk.delete(uriKey(uri));
		}
		if (robots.length > 0) {
			this.refresh();
		}
		this.fire();
	}

	/** Settings or workspace folders changed: every open page is checked again. */
	refresh(): void {
		this.generation++;
		for (const uri of this.documents.pageUris()) {
			this.schedule(uri, 0);
		}
	}

	/**
	 * Calls `listener` when what the pages tell their robots.txt may have changed (a page's rules or site changed, a
	 * page opened or closed, files changed on disk), so that the robots.txt files get their diagnostics again.
	 */
	onDidChangeSite(listener: () => void): void {
		this.listeners.push(listener);
	}

	/** Whether the uri is an open page (the other features then ask this service). */
	handles(uri: string): boolean {
		return this.documents.page(uri) !== undefined;
	}

	hover(uri: string, position: Position, token: CancellationToken): Promise<Hover | null | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			async () => {
				const page = this.documents.page(uri);
				if (!page) {
					return null;
				}
				const options = await this.metaOptions(uri);
				const { document } = page;
				return page.kind === 'html'
					? computeMetaHover(document.getText(), position, options, document)
					: computeHeadersHover(document.getText(), position, options, document);
			},
			null,
			`Hover failed for ${uri}`,
			token,
		);
	}

	completions(uri: string, position: Position, token: CancellationToken): Promise<CompletionItem[] | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			() => {
				const page = this.documents.page(uri);
				if (!page) {
					return [];
				}
				const { document } = page;
				return page.kind === 'html'
					? computeMetaCompletions(document.getText(), position, document)
					: computeHeadersCompletions(document.getText(), position, document);
			},
			[],
			`Completion failed for ${uri}`,
			token,
		);
	}

	/** Quick fixes only: a fix-all on save would rewrite HTML files that people edit with other tools in mind. */
	codeActions(uri: string, range: Range, diagnostics: Diagnostic[], token: CancellationToken): Promise<CodeAction[] | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			async () => {
				const current = await this.analyse(uri);
				return computeCodeActions(range, diagnostics, current?.diagnostics ?? [], uri).filter((action) => action.kind === CodeActionKind.QuickFix);
			},
			[],
			`Code actions failed for ${uri}`,
			token,
		);
	}

	/**
	 * The hints of a robots.txt on the lines that keep a crawler from what a page's rules ask, from the pages of its
	 * site: those open in the editor and those on disk (read through the file system, when there is one). An untitled
	 * robots.txt has no folder, and so no site.
	 */
	async robotsDiagnostics(robotsUri: string, model: RobotsModel): Promise<Diagnostic[]> {
		const generation = this.generation;
		const diagnostics = await this.computeRobotsDiagnostics(robotsUri, model);
		if (this.documents.model(robotsUri) === model) {
			this.robotsHints.set(robotsUri, { model, generation, diagnostics });
		}
		return diagnostics;
	}

	/**
	 * The hints of an open robots.txt for its code actions: those last computed for this model when nothing changed
	 * since (the same array, so that the actions' index of them is built once), else computed now.
	 */
	async robotsHintsFor(robotsUri: string, model: RobotsModel): Promise<readonly Diagnostic[]> {
		const last = this.robotsHints.get(robotsUri);
		return last !== undefined && last.model === model && last.generation === this.generation ? last.diagnostics : this.robotsDiagnostics(robotsUri, model);
	}

	private async computeRobotsDiagnostics(robotsUri: string, model: RobotsModel): Promise<Diagnostic[]> {
		if (parentUri(robotsUri) === undefined) {
			return [];
		}
		const robotsKey = uriKey(robotsUri);
		const { options, siteRoot } = await this.settings.settingsFor(robotsUri);
		const crawlers = options.crawlers;
		const site = await this.site.siteOfRobots(robotsUri, siteRoot);
		const listing = await this.site.listing(site);
		const entries: SiteEntry[] = [];
		const openPages = new Set<string>();
		for (const uri of this.documents.pageUris()) {
			const page = this.documents.page(uri)!;
			openPages.add(uriKey(uri));
			const place = await this.site.siteOfPage(uri, (await this.settings.settingsFor(uri)).siteRoot);
			if (place === undefined || uriKey(place.site.robotsUri) !== robotsKey) {
				continue;
			}
			if (page.kind === 'html') {
				const { reach, render } = this.openPageReach(uri, page, crawlers);
				entries.push({ uri, urlPath: place.urlPath, reach, ...(render !== undefined ? { render } : {}) });
			} else if (place.urlPath === '/_headers') {
				for (const [urlPath, reach] of headersReach(
					page.document.getText(),
					listing.files.map((file) => file.urlPath),
					crawlers,
				)) {
					entries.push({ uri, urlPath, reach });
				}
			}
		}
		for (const file of listing.files) {
			if (openPages.has(uriKey(file.uri)) || file.kind === 'other') {
				continue;
			}
			const uri = file.uri;
			if (file.kind === 'html') {
				const { reach, render } = await this.site.pageRead(file, crawlers);
				entries.push({ uri, urlPath: file.urlPath, reach, ...(render !== undefined ? { render } : {}) });
			} else {
				for (const [urlPath, reach] of await this.site.headersReach(file, listing, crawlers)) {
					entries.push({ uri, urlPath, reach });
				}
			}
		}
		// Said once per site and limit, not on every keystroke.
		const reason = listing.truncated;
		const partly = reason === undefined ? undefined : `${robotsKey}\0${reason}`;
		if (reason !== undefined && partly !== undefined && !this.saidPartly.has(partly)) {
			this.saidPartly.add(partly);
			this.connection.console.info(t('{0}: the pages of its site were checked in part ({1}).', robotsUri, reason));
		}
		return robotsSiteDiagnostics(model, entries, options.severities, robotsUri);
	}

	private fire(): void {
		for (const listener of this.listeners) {
			listener();
		}
	}

	private schedule(uri: string, delay: number): void {
		this.queue.schedule(uri, delay);
	}

	/** A robots.txt was opened, edited or closed: the open pages whose rules it can defeat are checked again. */
	private robotsChanged(uri: string, openedOrClosed: boolean): void {
		this.generation++;
		if (openedOrClosed) {
			// Opened, an unsaved robots.txt can found a site; closed, it may leave one.
			this.site.changed([uri]);
		}
		for (const [page, last] of this.analysed) {
			if (last.dependsOnRobots) {
				this.schedule(page, openedOrClosed ? 0 : pushDelayMs);
			}
		}
	}

	private async publish(uri: string): Promise<void> {
		try {
			const before = this.analysed.get(uri);
			const analysed = await this.analyse(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!analysed || this.queue.waiting(uri) || this.documents.page(uri)?.document.version !== analysed.version) {
				return;
			}
			// A page without findings costs no message per keystroke.
			if (analysed.diagnostics.length > 0 || (this.pushed.get(uri) ?? 0) > 0) {
				this.pushed.set(uri, analysed.diagnostics.length);
				await this.connection.sendDiagnostics({ uri, version: analysed.version, diagnostics: [...analysed.diagnostics] });
			}
			if ((before?.signature ?? '') !== analysed.signature) {
				this.fire();
			}
		} catch (error) {
			this.connection.console.error(`Page diagnostics failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	}

	/** The page's analysis for its current version, computed now unless it is known. */
	private async analyse(uri: string): Promise<Analysed | undefined> {
		const page = this.documents.page(uri);
		if (!page) {
			return undefined;
		}
		const { document } = page;
		const version = document.version;
		const { options, siteRoot } = await this.settings.settingsFor(uri);
		const crawlers = options.crawlers.join('\n');
		const generation = this.generation;
		const known = this.analysed.get(uri);
		if (known && known.version === version && known.crawlers === crawlers && known.generation === generation) {
			return known;
		}
		const meta: MetaAnalysisOptions = { targets: options.crawlers, severities: options.severities, uri };
		const text = document.getText();
		// A robots.txt that changed leaves the page's own analysis as it was: only the check across files runs again.
		const ownSettings = JSON.stringify([options.crawlers, options.severities]);
		const { diagnostics, reach, render } =
			known && known.version === version && known.ownSettings === ownSettings
				? { diagnostics: known.own, reach: known.reach, render: known.render }
				: analysePage(page.kind, text, meta, document);
		// The cheap case first: an HTML page whose rules reach no crawler and that loads nothing asks nothing of the disk.
		// Netlify and Cloudflare Pages read the headers file at the root of the site only.
		const crossFile =
			page.kind === 'html'
				? reach.size === 0 && render === undefined
					? { diagnostics: [], signature: '' }
					: await this.againstRobots(uri, siteRoot, options.severities, (place) => [[place.urlPath, reach, render]])
				: await this.againstRobots(uri, siteRoot, options.severities, (place, paths) =>
						place.urlPath === '/_headers' ? headersReach(text, paths, options.crawlers) : [],
					);
		const analysed: Analysed = {
			version,
			generation,
			diagnostics: [...diagnostics, ...crossFile.diagnostics],
			own: diagnostics,
			ownSettings,
			crawlers,
			reach,
			render,
			signature: crossFile.signature,
			dependsOnRobots: page.kind === 'headers' || reach.size > 0 || render !== undefined,
		};
		// Edited while the disk was read: the newer version gets its own analysis.
		if (this.documents.page(uri)?.document.version === version) {
			this.analysed.set(uri, analysed);
		}
		return analysed;
	}

	/**
	 * The warnings of a page whose robots.txt keeps a crawler from what its rules ask; `reachFor` gives the reach of each
	 * URL path the page speaks for, from the page's own place and the URL paths of its site's files.
	 */
	private async againstRobots(
		uri: string,
		siteRoot: string | undefined,
		severities: MetaAnalysisOptions['severities'],
		reachFor: (place: SitePlace, sitePaths: readonly string[]) => Iterable<readonly [string, PageReach, RenderReach?]>,
	): Promise<{ diagnostics: Diagnostic[]; signature: string }> {
		const place = await this.site.siteOfPage(uri, siteRoot);
		if (place === undefined) {
			return { diagnostics: [], signature: '' };
		}
		const robots = await this.robots(place.site);
		if (robots === undefined) {
			return { diagnostics: [], signature: '' };
		}
		const sitePaths = this.documents.page(uri)?.kind === 'headers' ? (await this.site.listing(place.site)).files.map((file) => file.urlPath) : [];
		const entries: SiteEntry[] = [...reachFor(place, sitePaths)].map(([urlPath, reach, render]) => ({
			uri,
			urlPath,
			reach,
			...(render !== undefined ? { render } : {}),
		}));
		const signature =
			entries.length === 0
				? ''
				: JSON.stringify([uriKey(place.site.robotsUri), entries.map((entry) => [entry.urlPath, [...entry.reach], entry.render ?? null])]);
		return { diagnostics: pageSiteDiagnostics(robots.model, robots.uri, entries, severities), signature };
	}

	/**
	 * The robots.txt of a site: the open document when it is open, else the file on disk (read again when it changed),
	 * when there is a file system to read it with.
	 */
	private async robots(site: Site): Promise<Robots | undefined> {
		const key = uriKey(site.robotsUri);
		for (const uri of this.documents.uris()) {
			if (uriKey(uri) === key) {
				const model = this.documents.model(uri);
				if (model) {
					return { uri, model };
				}
			}
		}
		const fileSystem = this.fileSystem;
		if (!fileSystem?.handles(site.robotsUri)) {
			return undefined;
		}
		try {
			const mtimeMs = await fileSystem.modifiedTime(site.robotsUri);
			const cached = this.robotsOnDisk.get(key);
			if (cached && cached.mtimeMs === mtimeMs) {
				return { uri: site.robotsUri, model: cached.model };
			}
			// Through the one reading rule: a robots.txt that is a link out of the workspace is not read, nor quoted.
			const read = await this.workspace.readFile(site.robotsUri, site.robotsUri, fileLimits.robots);
			if (read.truncated) {
				this.connection.console.info(
					t('Only the first {0} KiB of {1} were read.', formatNumber(fileLimits.robots / 1024), fileSystem.displayName(site.robotsUri)),
				);
			}
			const model = parse(decodeRobotsBytes(read.bytes));
			this.robotsOnDisk.set(key, { mtimeMs, model });
			return { uri: site.robotsUri, model };
		} catch {
			return undefined;
		}
	}

	/** An open HTML page's reach and resources for the crawlers: from its last analysis when that was for them, else from its text. */
	private openPageReach(uri: string, page: OpenPage, crawlers: readonly string[]): { reach: PageReach; render: RenderReach | undefined } {
		const known = this.analysed.get(uri);
		if (known && known.version === page.document.version && known.crawlers === crawlers.join('\n')) {
			return { reach: known.reach, render: known.render };
		}
		const text = page.document.getText();
		return { reach: htmlReach(text, crawlers, page.document), render: htmlRender(text, crawlers, page.document) };
	}

	private async metaOptions(uri: string): Promise<MetaAnalysisOptions> {
		const { options } = await this.settings.settingsFor(uri);
		return { targets: options.crawlers, severities: options.severities, uri };
	}

	/** The {@link uriKey}s of the open documents, for the site lookup (only robots.txt files are asked about). */
	private openRobotsKeys(): ReadonlySet<string> {
		return new Set(this.documents.uris().map(uriKey));
	}
}
