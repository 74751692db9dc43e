/**
 * Expectations files in the editor: each open one is checked against its robots.txt (the open document when it is
 * open, else the file on disk) and its diagnostics are pushed, again whenever it or that robots.txt changes; its code
 * lenses, completions and hovers are answered here for the handlers of those features. All answers come from the core.
 * Without a file system (the server in a browser), only open files count, and an expectations file whose robots.txt
 * is not open says so.
 */

import type { CancellationToken, CodeLens, CompletionItem, Connection, Diagnostic, FileEvent, Hover, Position, ResponseError } from 'vscode-languageserver';
import {
	checkExpectations,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	decodeRobotsBytes,
	defaultRobotsFileName,
	isExpectationsFileName,
	parse,
	parseExpectations,
	uncheckedExpectations,
	type CheckedExpectations,
	type ExpectationsSource,
	type RobotsModel,
} from '../core/index';
import type { DocumentStore } from '../documents';
import { baseName, childUri, FileSystemError, parentUri, type FileSystem } from '../fileSystem';
import { runSafe } from '../runner';
import type { SettingsStore } from '../settings';

/** Quiet time after an edit before an expectations file's diagnostics are pushed. */
const pushDelayMs = 200;

/** An expectations file with the robots.txt it tests. */
interface Checked {
	readonly checked: CheckedExpectations;
	readonly robotsUri?: string;
	readonly robots?: RobotsModel;
}

/** The robots.txt an expectations file tests: `@robots`, else `robots.txt` in its folder. */
export function robotsUriFor(expectationsUri: string, robotsPath: string | undefined): string | undefined {
	try {
		return new URL(robotsPath ?? defaultRobotsFileName, expectationsUri).href;
	} catch {
		return undefined;
	}
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

export class ExpectationsService {
	private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
	private readonly listeners: (() => void)[] = [];
	/** The version of each open expectations file last checked, to tell its own edits from its robots.txt's. */
	private readonly checkedVersions = new Map<string, number>();
	/** Robots.txt files read from disk, by uri, with the modification time they were read at. */
	private readonly onDisk = new Map<string, { readonly mtimeMs: number; readonly model: RobotsModel }>();

	constructor(
		private readonly connection: Connection,
		private readonly documents: DocumentStore,
		private readonly settings: SettingsStore,
		private readonly fileSystem: FileSystem | undefined,
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
			const wasExpectations = this.pending.has(uri) || this.checkedVersions.has(uri);
			clearTimeout(this.pending.get(uri));
			this.pending.delete(uri);
			this.checkedVersions.delete(uri);
			// A robots.txt that closes is read from disk again.
			this.onDisk.delete(uri);
			this.robotsChanged(uri);
			if (wasExpectations) {
				this.fire();
			}
		});
	}

	/** Files changed on disk (`workspace/didChangeWatchedFiles`, which server.ts hands to every service that reads files). */
	filesChanged(changes: readonly FileEvent[]): void {
		let expectationsChanged = false;
		for (const change of changes) {
			this.onDisk.delete(change.uri);
			this.robotsChanged(change.uri);
			expectationsChanged ||= isExpectationsFileName(baseName(change.uri));
		}
		if (expectationsChanged) {
			this.fire();
		}
	}

	/**
	 * Calls `listener` when what the expectations files say may have changed (one was edited, opened, closed, or changed
	 * on disk), so that the robots.txt files they test get their diagnostics again.
	 */
	onDidChangeExpectations(listener: () => void): void {
		this.listeners.push(listener);
	}

	private fire(): void {
		for (const listener of this.listeners) {
			listener();
		}
	}

	/** Whether the uri is an open expectations file (the other features then ask this service). */
	handles(uri: string): boolean {
		return this.documents.expectationsDocument(uri) !== undefined;
	}

	codeLenses(uri: string, token: CancellationToken): Promise<CodeLens[] | ResponseError<void>> {
		return runSafe(this.connection.console, async () => {
			const found = await this.check(uri);
			return found ? computeExpectationLenses(found.checked, uri, found.robotsUri) : [];
		}, [], `Code lenses failed for ${uri}`, token);
	}

	completions(uri: string, position: Position, token: CancellationToken): Promise<CompletionItem[] | ResponseError<void>> {
		return runSafe(this.connection.console, async () => {
			const found = await this.check(uri);
			return found ? computeExpectationCompletions(found.checked, position, found.robots, await this.settings.optionsFor(found.robotsUri ?? uri)) : [];
		}, [], `Completion failed for ${uri}`, token);
	}

	hover(uri: string, position: Position, token: CancellationToken): Promise<Hover | null | ResponseError<void>> {
		return runSafe(this.connection.console, async () => {
			const found = await this.check(uri);
			return found ? computeExpectationHover(found.checked, position) : null;
		}, null, `Hover failed for ${uri}`, token);
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
			const document = this.documents.expectationsDocument(uri)!;
			const file = parseExpectations(document.getText());
			const target = robotsUriFor(uri, file.robots?.path);
			if (target !== undefined && sameUri(target, robotsUri)) {
				seen.add(uri);
				sources.push({ uri, name: baseName(uri), checked: checkExpectations(file, model) });
			}
		}
		const fileSystem = this.fileSystem;
		const folder = fileSystem?.handles(robotsUri) ? parentUri(robotsUri) : undefined;
		if (fileSystem === undefined || folder === undefined) {
			return sources;
		}
		let names: string[] = [];
		try {
			names = (await fileSystem.readDirectory(folder)).map((entry) => entry.name).filter(isExpectationsFileName);
		} catch {
			return sources;
		}
		for (const name of names) {
			const uri = childUri(folder, name);
			if ([...seen].some((open) => sameUri(open, uri))) {
				continue;
			}
			try {
				const file = parseExpectations(new TextDecoder('utf-8').decode(await fileSystem.readFile(uri)));
				const target = robotsUriFor(uri, file.robots?.path);
				if (target !== undefined && sameUri(target, robotsUri)) {
					sources.push({ uri, name, checked: checkExpectations(file, model) });
				}
			} catch {
				// A file that vanished or cannot be read tests nothing.
			}
		}
		return sources;
	}

	private schedule(uri: string, delay: number): void {
		if (!this.handles(uri)) {
			return;
		}
		clearTimeout(this.pending.get(uri));
		this.pending.set(uri, setTimeout(() => {
			this.pending.delete(uri);
			void this.publish(uri);
		}, delay));
	}

	/** Checks again the open expectations files that test this robots.txt. */
	private robotsChanged(robotsUri: string): void {
		for (const uri of this.documents.expectationsUris()) {
			const text = this.documents.expectationsDocument(uri)?.getText() ?? '';
			const target = robotsUriFor(uri, parseExpectations(text).robots?.path);
			if (target !== undefined && sameUri(target, robotsUri)) {
				this.schedule(uri, pushDelayMs);
			}
		}
	}

	private async publish(uri: string): Promise<void> {
		try {
			const document = this.documents.expectationsDocument(uri);
			const found = await this.check(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!document || !found || this.pending.has(uri) || this.documents.expectationsDocument(uri) !== document) {
				return;
			}
			const diagnostics: Diagnostic[] = computeExpectationDiagnostics(found.checked, found.robotsUri);
			await this.connection.sendDiagnostics({ uri, version: document.version, diagnostics });
			// The robots.txt it tests shows its failures too: once per version of the expectations file, not per robots.txt edit.
			if (this.checkedVersions.get(uri) !== document.version) {
				this.checkedVersions.set(uri, document.version);
				this.fire();
			}
		} catch (error) {
			this.connection.console.error(`Expectations failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	}

	/** The open expectations file at `uri`, checked against its robots.txt. */
	private async check(uri: string): Promise<Checked | undefined> {
		const document = this.documents.expectationsDocument(uri);
		if (!document) {
			return undefined;
		}
		const file = parseExpectations(document.getText());
		const robotsUri = robotsUriFor(uri, file.robots?.path);
		if (robotsUri === undefined) {
			return { checked: uncheckedExpectations(file, `Cannot tell where ${file.robots?.path ?? defaultRobotsFileName} is from ${uri}.`) };
		}
		const robots = await this.robots(robotsUri);
		if (typeof robots === 'string') {
			return { checked: uncheckedExpectations(file, robots), robotsUri };
		}
		return { checked: checkExpectations(file, robots), robotsUri, robots };
	}

	/** The robots.txt as open in the editor, else as on disk (read again when it changed); a string says why there is none. */
	private async robots(uri: string): Promise<RobotsModel | string> {
		const open = this.documents.uris().find((candidate) => sameUri(candidate, uri));
		const model = open === undefined ? undefined : this.documents.model(open);
		if (model) {
			return model;
		}
		const fileSystem = this.fileSystem;
		if (fileSystem === undefined) {
			return `The robots.txt to test (${uri}) is not open, and this language server cannot read files (it runs in the browser, without a file system): open the robots.txt in an editor.`;
		}
		if (!fileSystem.handles(uri)) {
			return `The robots.txt to test (${uri}) is not open, and only local files can be read from disk: open it.`;
		}
		const path = fileSystem.displayName(uri);
		try {
			const mtime = await fileSystem.modifiedTime(uri);
			const cached = this.onDisk.get(uri);
			if (cached && cached.mtimeMs === mtime) {
				return cached.model;
			}
			const read = parse(decodeRobotsBytes(await fileSystem.readFile(uri)));
			this.onDisk.set(uri, { mtimeMs: mtime, model: read });
			return read;
		} catch (error) {
			if (error instanceof FileSystemError && error.notFound) {
				return `No robots.txt to test at ${path}: put one beside this file, or name it with \`@robots <path>\`.`;
			}
			const code = error instanceof FileSystemError ? error.code : undefined;
			return `Cannot read ${path} (${code ?? (error instanceof Error ? error.message : String(error))}).`;
		}
	}
}
