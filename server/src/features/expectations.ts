/**
 * Expectations files in the editor: each open one is checked against its robots.txt (the open document when it is
 * open, else the file on disk) and its diagnostics are pushed, again whenever it or that robots.txt changes; its code
 * lenses, completions and hovers are answered here for the handlers of those features. All answers come from the core.
 * Without a file system (the server in a browser), only open files count, and an expectations file whose robots.txt
 * is not open says so.
 */

import {
	DiagnosticSeverity,
	type CancellationToken,
	type CodeLens,
	type CompletionItem,
	type Connection,
	type Diagnostic,
	type FileEvent,
	type Hover,
	type Position,
	type ResponseError,
} from 'vscode-languageserver';
import {
	checkExpectations,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	countExpectationDiagnostics,
	decodeRobotsBytes,
	defaultRobotsFileName,
	expectationsRobotsUri,
	fileKindOfName,
	diagnosticSource,
	parse,
	parseExpectations,
	uncheckedExpectations,
	type CheckedExpectations,
	type ExpectationsFile,
	type ExpectationsSource,
	type RobotsModel,
} from '../../../core/src/index';
import { walkFolder } from '../../../io/src/walk';
import type { DocumentStore } from '../documents';
import {
	baseName,
	childUri,
	relativeName,
	fileLimits,
	FileSystemError,
	notAFile,
	outsideWorkspace,
	parentUri,
	type FileSystem,
} from '../../../io/src/fileSystem';
import { formatNumber, t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { SettingsStore } from '../settings';
import { limitDiagnostics, PushQueue, pushDelayMs, sameItems } from './push';
import type { WorkspacePaths } from './workspacePaths';

/** An expectations file with the robots.txt it tests. */
interface Checked {
	readonly checked: CheckedExpectations;
	readonly robotsUri?: string;
	readonly robots?: RobotsModel;
	/** Said on the expectations file when its robots.txt was read in part. */
	readonly note?: string;
}

/** The note on the limit of an expectations file's diagnostics, which `robots-txt check` lists in full. */
function expectationsLimitNote(total: number, shown: number): string {
	if (shown === 0) {
		return t('{0} problems; none shown; run `robots-txt check` for all (or raise robotsTxt.diagnostics.maxProblems).', formatNumber(total));
	}
	if (shown === 1) {
		return t('{0} problems; showing the most severe one; run `robots-txt check` for all (or raise robotsTxt.diagnostics.maxProblems).', formatNumber(total));
	}
	return t(
		'{0} problems; showing the {1} most severe; run `robots-txt check` for all (or raise robotsTxt.diagnostics.maxProblems).',
		formatNumber(total),
		formatNumber(shown),
	);
}

/** The same uri as VS Code and `URL` may spell it differently (`%3A`, `:`): compared in one form. */
function sameUri(a: string, b: string): boolean {
	if (a === b) {
		return true;
	}
	try {
		return decodeURIComponent(new URL(a).href) === decodeURIComponent(new URL(b).href);
	} catch {
		return false;
	}
}

/** An open expectations file as read at one version, with the robots.txt it tests. */
interface Read {
	readonly version: number;
	readonly file: ExpectationsFile;
	readonly robotsUri: string | undefined;
}

export class ExpectationsService {
	private readonly queue = new PushQueue((uri) => this.publish(uri));
	private readonly listeners: ((robotsUris: readonly string[]) => void)[] = [];
	/**
	 * The version of each open expectations file last checked, to tell its own edits from its robots.txt's, and the
	 * robots.txt it tested then (whose failures change when it tests another, or closes).
	 */
	private readonly checkedVersions = new Map<string, { readonly version: number; readonly robotsUri: string | undefined }>();
	/** Each open expectations file as read, once per version: a robots.txt edit asks every one which robots.txt it tests. */
	private readonly read = new Map<string, Read>();
	/** Each file's results against the robots.txt model it was last checked with, for every feature that asks. */
	private readonly results = new WeakMap<ExpectationsFile, { readonly robots: RobotsModel; readonly checked: CheckedExpectations }>();
	/** What each open expectations file was last sent, so that a robots.txt edit that changes nothing sends nothing. */
	private readonly sent = new Map<string, { readonly version: number; readonly diagnostics: readonly Diagnostic[] }>();
	/** Robots.txt files read from disk, by uri, with the modification time they were read at. */
	/** The expectations files on disk (with their size) the log has said were read in part. */
	private readonly saidCut = new Set<string>();
	private readonly onDisk = new Map<string, { readonly mtimeMs: number; readonly model: RobotsModel; readonly note: string | undefined }>();

	constructor(
		private readonly connection: Connection,
		private readonly documents: DocumentStore,
		private readonly settings: SettingsStore,
		private readonly fileSystem: FileSystem | undefined,
		/** What the server may read on its own: the workspace folders (workspacePaths.ts). */
		private readonly workspace: WorkspacePaths,
	) {}

	/** Subscribes to the documents: expectations files are checked when opened or edited, and when a robots.txt changes. */
	listen(): void {
		this.documents.onDidOpen((uri) => (this.handles(uri) ? this.schedule(uri, 0) : this.documents.get(uri) && this.robotsChanged(uri)));
		this.documents.onDidChangeContent((uri) => {
			if (this.handles(uri)) {
				this.schedule(uri, pushDelayMs);
			} else if (this.documents.get(uri)) {
				this.robotsChanged(uri);
			}
		});
		this.documents.onDidClose((uri) => {
			const checked = this.checkedVersions.get(uri);
			const read = this.read.get(uri);
			const wasExpectations = this.queue.waiting(uri) || checked !== undefined || read !== undefined;
			this.queue.cancel(uri);
			this.checkedVersions.delete(uri);
			this.read.delete(uri);
			this.sent.delete(uri);
			// A robots.txt that closes is read from disk again.
			this.onDisk.delete(uri);
			this.robotsChanged(uri);
			if (wasExpectations) {
				// The robots.txt it tested, and the one it named last (what a robots.txt's diagnostics read meanwhile).
				this.fire([checked?.robotsUri, read?.robotsUri]);
			}
		});
	}

	/** Files changed on disk (`workspace/didChangeWatchedFiles`, which server.ts hands to every service that reads files). */
	filesChanged(changes: readonly FileEvent[]): void {
		const folders: string[] = [];
		for (const change of changes) {
			this.onDisk.delete(change.uri);
			this.robotsChanged(change.uri);
			const folder = parentUri(change.uri);
			if (folder !== undefined && fileKindOfName(baseName(change.uri)) === 'expectations') {
				folders.push(folder);
			}
		}
		if (folders.length > 0) {
			// A file on disk tests only a robots.txt in its own folder (sourcesFor looks for them there).
			this.notify(
				this.documents.uris().filter((uri) => {
					const folder = parentUri(uri);
					return folder !== undefined && folders.some((changed) => sameUri(folder, changed));
				}),
			);
		}
	}

	/**
	 * Calls `listener` when what the expectations files say may have changed (one was edited, opened, closed, or changed
	 * on disk) with the open robots.txt files whose failures it may change: those get their diagnostics again, and no
	 * other (a keystroke in an expectations file recomputed and sent again every open robots.txt's).
	 */
	onDidChangeExpectations(listener: (robotsUris: readonly string[]) => void): void {
		this.listeners.push(listener);
	}

	/** Tells the listeners about the open documents of these robots.txt uris. */
	private fire(robotsUris: readonly (string | undefined)[]): void {
		const targets = robotsUris.filter((uri) => uri !== undefined);
		this.notify(this.documents.uris().filter((uri) => targets.some((target) => sameUri(uri, target))));
	}

	private notify(robotsUris: readonly string[]): void {
		if (robotsUris.length === 0) {
			return;
		}
		for (const listener of this.listeners) {
			listener(robotsUris);
		}
	}

	/** Settings changed (robotsTxt.diagnostics.maxProblems limits these diagnostics too): every open one is checked again. */
	refresh(): void {
		for (const uri of this.documents.expectationsUris()) {
			this.schedule(uri, 0);
		}
	}

	/** Whether the uri is an open expectations file (the other features then ask this service). */
	handles(uri: string): boolean {
		return this.documents.expectationsDocument(uri) !== undefined;
	}

	codeLenses(uri: string, token: CancellationToken): Promise<CodeLens[] | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			async () => {
				const found = await this.check(uri);
				return found ? computeExpectationLenses(found.checked, uri, found.robotsUri) : [];
			},
			[],
			`Code lenses failed for ${uri}`,
			token,
		);
	}

	completions(uri: string, position: Position, token: CancellationToken): Promise<CompletionItem[] | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			async () => {
				const found = await this.check(uri);
				return found ? computeExpectationCompletions(found.checked, position, found.robots, await this.settings.optionsFor(found.robotsUri ?? uri)) : [];
			},
			[],
			`Completion failed for ${uri}`,
			token,
		);
	}

	hover(uri: string, position: Position, token: CancellationToken): Promise<Hover | null | ResponseError<void>> {
		return runSafe(
			this.connection.console,
			async () => {
				const found = await this.check(uri);
				return found ? computeExpectationHover(found.checked, position) : null;
			},
			null,
			`Hover failed for ${uri}`,
			token,
		);
	}

	/**
	 * The diagnostics of a robots.txt where its expectations fail: on the line that decides each failure, linked to the
	 * expectation. For the robots.txt's own diagnostics (features/diagnostics.ts).
	 */
	async robotsDiagnostics(robotsUri: string, model: RobotsModel): Promise<Diagnostic[]> {
		return computeExpectationFailuresInRobots(model, await this.sourcesFor(robotsUri, model));
	}

	/**
	 * The expectations files that test the robots.txt at `robotsUri`, checked against `model`: the open ones, and those
	 * on disk in its folder (`robots.expectations`, `*.robots.expectations`) that are not open.
	 */
	async sourcesFor(robotsUri: string, model: RobotsModel): Promise<ExpectationsSource[]> {
		const sources: ExpectationsSource[] = [];
		const seen = new Set<string>();
		for (const uri of this.documents.expectationsUris()) {
			const { file, robotsUri: target } = this.opened(uri)!;
			if (target !== undefined && sameUri(target, robotsUri)) {
				seen.add(uri);
				sources.push({ uri, name: baseName(uri), checked: this.checkedAgainst(file, model) });
			}
		}
		const fileSystem = this.fileSystem;
		const folder = fileSystem?.handles(robotsUri) ? parentUri(robotsUri) : undefined;
		if (fileSystem === undefined || folder === undefined) {
			return sources;
		}
		// The folder alone, through the one walker (links only within the workspace folders); a folder it cannot read
		// lists nothing.
		const { entries } = await walkFolder(fileSystem, folder, { within: this.workspace.folders, descend: false });
		const names = entries.filter((entry) => entry.kind === 'file' && fileKindOfName(entry.name) === 'expectations').map((entry) => entry.name);
		for (const name of names) {
			const uri = childUri(folder, name);
			if ([...seen].some((open) => sameUri(open, uri))) {
				continue;
			}
			try {
				const read = await this.workspace.readFile(uri, robotsUri, fileLimits.expectations);
				if (read.truncated) {
					this.logCut(uri, fileLimits.expectations, read.size);
				}
				const file = parseExpectations(new TextDecoder('utf-8').decode(read.bytes));
				const target = expectationsRobotsUri(uri, file.robots?.path);
				if (target !== undefined && sameUri(target, robotsUri)) {
					sources.push({ uri, name, checked: checkExpectations(file, model) });
				}
			} catch {
				// A file that vanished, cannot be read, is not a regular file or leads out of the workspace tests nothing.
			}
		}
		return sources;
	}

	private schedule(uri: string, delay: number): void {
		if (this.handles(uri)) {
			this.queue.schedule(uri, delay);
		}
	}

	/** Checks again the open expectations files that test this robots.txt. */
	private robotsChanged(robotsUri: string): void {
		for (const uri of this.documents.expectationsUris()) {
			const target = this.opened(uri)?.robotsUri;
			if (target !== undefined && sameUri(target, robotsUri)) {
				this.schedule(uri, pushDelayMs);
			}
		}
	}

	private async publish(uri: string): Promise<void> {
		try {
			const document = this.documents.expectationsDocument(uri);
			const version = document?.version;
			const found = await this.check(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!document || !found || this.queue.waiting(uri) || this.documents.expectationsDocument(uri) !== document || document.version !== version) {
				return;
			}
			// At most maxProblems, the most severe first, as in a robots.txt (40 000 failing lines were 40 000 diagnostics,
			// 20 MB a publish); only those are written.
			const { maxProblems } = await this.settings.settingsFor(uri);
			if (this.queue.waiting(uri) || document.version !== version) {
				return;
			}
			const total = countExpectationDiagnostics(found.checked);
			const limited = limitDiagnostics(
				computeExpectationDiagnostics(found.checked, found.robotsUri, maxProblems),
				maxProblems,
				found.checked.file,
				expectationsLimitNote,
				total,
			);
			// A robots.txt read in part says so on the @robots line (or the first).
			const diagnostics: Diagnostic[] = [...limited];
			if (found.note !== undefined) {
				const at = found.checked.file.robots?.line ?? 0;
				const end = found.checked.file.lines[at]?.length ?? 0;
				diagnostics.unshift({
					range: { start: { line: at, character: 0 }, end: { line: at, character: end } },
					severity: DiagnosticSeverity.Information,
					source: diagnosticSource,
					message: found.note,
				});
			}
			const last = this.sent.get(uri);
			if (!(last && last.version === document.version && sameItems(last.diagnostics, diagnostics))) {
				this.sent.set(uri, { version: document.version, diagnostics });
				await this.connection.sendDiagnostics({ uri, version: document.version, diagnostics });
			}
			// The robots.txt it tests shows its failures too: once per version of the expectations file, not per robots.txt
			// edit; and only that robots.txt (and the one it tested before, when `@robots` changed).
			const previous = this.checkedVersions.get(uri);
			if (previous?.version !== document.version) {
				this.checkedVersions.set(uri, { version: document.version, robotsUri: found.robotsUri });
				this.fire(previous && previous.robotsUri !== found.robotsUri ? [previous.robotsUri, found.robotsUri] : [found.robotsUri]);
			}
		} catch (error) {
			this.connection.console.error(`Expectations failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	}

	/** The open expectations file at `uri` as read at its current version, and the robots.txt it tests. */
	private opened(uri: string): Read | undefined {
		const document = this.documents.expectationsDocument(uri);
		if (!document) {
			return undefined;
		}
		let read = this.read.get(uri);
		if (read?.version !== document.version) {
			const file = parseExpectations(document.getText());
			read = { version: document.version, file, robotsUri: expectationsRobotsUri(uri, file.robots?.path) };
			this.read.set(uri, read);
		}
		return read;
	}

	/** The file's results against this model of its robots.txt: computed once for the file's version and the model. */
	private checkedAgainst(file: ExpectationsFile, robots: RobotsModel): CheckedExpectations {
		const kept = this.results.get(file);
		if (kept?.robots === robots) {
			return kept.checked;
		}
		const checked = checkExpectations(file, robots);
		this.results.set(file, { robots, checked });
		return checked;
	}

	/** The open expectations file at `uri`, checked against its robots.txt. */
	private async check(uri: string): Promise<Checked | undefined> {
		const read = this.opened(uri);
		if (!read) {
			return undefined;
		}
		const { file, robotsUri } = read;
		if (robotsUri === undefined) {
			return { checked: uncheckedExpectations(file, t('Cannot tell where {0} is from {1}.', file.robots?.path ?? defaultRobotsFileName, uri)) };
		}
		if (!this.workspace.mayRead(robotsUri, uri)) {
			return { checked: uncheckedExpectations(file, outsideMessage(robotsUri, this.fileSystem)), robotsUri };
		}
		const robots = await this.robots(robotsUri, uri);
		if (typeof robots === 'string') {
			return { checked: uncheckedExpectations(file, robots), robotsUri };
		}
		return { checked: this.checkedAgainst(file, robots.model), robotsUri, robots: robots.model, ...(robots.note !== undefined ? { note: robots.note } : {}) };
	}

	/** Says once per file and size in the server's log that an expectations file on disk was read in part. */
	private logCut(uri: string, limit: number, size: number): void {
		const key = `${uri}\0${size}`;
		if (this.saidCut.has(key)) {
			return;
		}
		this.saidCut.add(key);
		this.connection.console.info(t('Only the first {0} KiB of {1} were read.', formatNumber(limit / 1024), this.fileSystem?.displayName(uri) ?? uri));
	}

	/**
	 * The robots.txt as open in the editor, else as on disk (read again when it changed) through the workspace's one
	 * reading rule, for the expectations file `from`; a string says why there is none.
	 */
	private async robots(uri: string, from: string): Promise<{ readonly model: RobotsModel; readonly note?: string } | string> {
		const open = this.documents.uris().find((candidate) => sameUri(candidate, uri));
		const model = open === undefined ? undefined : this.documents.model(open);
		if (model) {
			return { model };
		}
		const fileSystem = this.fileSystem;
		if (fileSystem === undefined) {
			return t(
				'The robots.txt to test ({0}) is not open, and this language server cannot read files (it runs in the browser, without a file system): open the robots.txt in an editor.',
				relativeName(uri, from),
			);
		}
		if (!fileSystem.handles(uri)) {
			return t('The robots.txt to test ({0}) is not open, and only local files can be read from disk: open it.', relativeName(uri, from));
		}
		const path = fileSystem.displayName(uri);
		try {
			const mtime = await fileSystem.modifiedTime(uri);
			const cached = this.onDisk.get(uri);
			if (cached === undefined || cached.mtimeMs !== mtime) {
				const read = await this.workspace.readFile(uri, from, fileLimits.robots);
				const note = read.truncated
					? t(
							'Only the first {0} KiB of {1} ({2} KiB) were read, as much as a crawler fetches: the answers are those of crawlers that read that much.',
							formatNumber(fileLimits.robots / 1024),
							path,
							formatNumber(Math.ceil(read.size / 1024)),
						)
					: undefined;
				this.onDisk.set(uri, { mtimeMs: mtime, model: parse(decodeRobotsBytes(read.bytes)), note });
			}
			const { model: read, note } = this.onDisk.get(uri)!;
			return note === undefined ? { model: read } : { model: read, note };
		} catch (error) {
			if (error instanceof FileSystemError && error.notFound) {
				return t('No robots.txt to test at {0}: put one beside this file, or name it with `@robots <path>`.', path);
			}
			const code = error instanceof FileSystemError ? error.code : undefined;
			if (code === outsideWorkspace) {
				return outsideMessage(uri, fileSystem);
			}
			if (code === notAFile) {
				return t('{0} is not a regular file (a folder, a FIFO or a device): an expectations file tests a robots.txt file.', path);
			}
			return t('Cannot read {0} ({1}).', path, code ?? (error instanceof Error ? error.message : String(error)));
		}
	}
}

/** Why a robots.txt outside the workspace folders, or reached through a link out of them, is not read. */
function outsideMessage(uri: string, fileSystem: FileSystem | undefined): string {
	return t(
		'{0} is outside the workspace folders (or a link out of them): an expectations file tests only a robots.txt inside them, and nothing outside is read.',
		fileSystem?.displayName(uri) ?? uri,
	);
}
