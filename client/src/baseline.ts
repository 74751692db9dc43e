// The versions of a file the test bench compares with: the saved file, git HEAD (through VS Code's Git extension,
// when it is there), or any other file. Each returns the text, or says plainly why there is none.
import { env, extensions, l10n, Uri, window, workspace, type Event, type TextDocument } from 'vscode';
import type { CompareMode } from './benchMessages';

/** A version to compare with: its text and its name for people, or why it is not available. */
type Baseline = { readonly text: string; readonly label: string } | { readonly unavailable: string };

/** The part of the Git extension's API (`vscode.git`, API version 1) the bench uses. */
interface GitApi {
	readonly state: 'uninitialized' | 'initialized';
	readonly onDidChangeState: Event<'uninitialized' | 'initialized'>;
	getRepository(uri: Uri): GitRepository | null;
}

interface GitRepository {
	readonly rootUri: Uri;
	show(ref: string, path: string): Promise<string>;
}

interface GitExtension {
	readonly enabled: boolean;
	getAPI(version: 1): GitApi;
}

/** The largest file the bench compares with: a robots.txt past this is not one any crawler reads whole. */
const maxBaselineBytes = 64 * 1024 * 1024;

/** Reads the baseline `mode` names for `document`. */
export async function readBaseline(document: TextDocument, mode: Exclude<CompareMode, 'none' | 'deployed'>): Promise<Baseline> {
	switch (mode) {
		case 'saved':
			return saved(document);
		case 'head':
			return head(document);
		case 'file':
			return otherFile(document);
	}
}

async function saved(document: TextDocument): Promise<Baseline> {
	if (document.isUntitled) {
		return { unavailable: l10n.t('This file has never been saved, so there is no saved version to compare with.') };
	}
	try {
		// The text on disk now, kept by the bench until the user chooses again: under auto-save the file on disk follows
		// every edit, so "the saved version" read again would be the edit itself. The label says when it was saved.
		// A label that follows "since" and "in" in the bench's sentences; translations choose a form that fits both.
		const text = await readText(document.uri);
		const saved = await workspace.fs.stat(document.uri).then(
			(stat) => savedAt(stat.mtime),
			() => undefined,
		);
		return { text, label: saved === undefined ? l10n.t('the saved version') : l10n.t('the version saved at {0}', saved) };
	} catch (error) {
		return { unavailable: l10n.t('The saved version cannot be read: {0}', error instanceof Error ? error.message : String(error)) };
	}
}

/** A save's time as people read it: the time of day, with the date when it was not today. */
function savedAt(mtime: number): string | undefined {
	if (!(mtime > 0)) {
		return undefined;
	}
	const date = new Date(mtime);
	const today = new Date().toDateString() === date.toDateString();
	return today ? date.toLocaleTimeString(env.language) : date.toLocaleString(env.language);
}

/** The Git extension's API, once it has initialized; undefined when there is none (e.g. VS Code in a browser). */
async function gitApi(): Promise<GitApi | undefined> {
	const extension = extensions.getExtension<GitExtension>('vscode.git');
	if (!extension) {
		return undefined;
	}
	const exports = extension.isActive ? extension.exports : await extension.activate();
	if (!exports?.enabled) {
		return undefined;
	}
	const api = exports.getAPI(1);
	if (api.state === 'initialized') {
		return api;
	}
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(api), 5000);
		api.onDidChangeState((state) => {
			if (state === 'initialized') {
				clearTimeout(timer);
				resolve(api);
			}
		});
	});
}

async function head(document: TextDocument): Promise<Baseline> {
	if (document.uri.scheme !== 'file') {
		// In a browser (vscode.dev, github.dev, a web worker extension host) files have other schemes and no Git extension.
		return {
			unavailable: l10n.t("Git HEAD is only available for local files, through VS Code's Git extension; this file is a {0}: document.", document.uri.scheme),
		};
	}
	let api: GitApi | undefined;
	try {
		api = await gitApi();
	} catch (error) {
		return { unavailable: l10n.t("VS Code's Git extension did not start: {0}", error instanceof Error ? error.message : String(error)) };
	}
	if (!api) {
		return { unavailable: l10n.t("Git HEAD is not available here: VS Code's Git extension is missing or disabled (as in VS Code for the Web).") };
	}
	const repository = api.getRepository(document.uri);
	if (!repository) {
		return { unavailable: l10n.t('This file is not in a Git repository, so there is no HEAD to compare with.') };
	}
	try {
		return { text: await repository.show('HEAD', document.uri.fsPath), label: 'git HEAD' };
	} catch {
		return { unavailable: l10n.t('This file is not in git HEAD (a new file, or a repository with no commit yet).') };
	}
}

async function otherFile(document: TextDocument): Promise<Baseline> {
	const picked = await window.showOpenDialog({
		title: l10n.t('Compare the robots.txt with which file?'),
		canSelectMany: false,
		...(document.isUntitled ? {} : { defaultUri: Uri.joinPath(document.uri, '..') }),
	});
	if (!picked || picked.length === 0) {
		return { unavailable: l10n.t('No file was chosen to compare with.') };
	}
	try {
		return { text: await readText(picked[0]), label: workspace.asRelativePath(picked[0]) };
	} catch (error) {
		return { unavailable: l10n.t('{0} cannot be read: {1}', workspace.asRelativePath(picked[0]), error instanceof Error ? error.message : String(error)) };
	}
}

/** A file's text as UTF-8 (a robots.txt's bytes that are not UTF-8 read as U+FFFD here; the server reads them as it can). */
async function readText(uri: Uri): Promise<string> {
	const bytes = await workspace.fs.readFile(uri);
	if (bytes.length > maxBaselineBytes) {
		throw new Error(l10n.t('it is {0} MB, larger than any crawler reads', Math.round(bytes.length / (1024 * 1024))));
	}
	return new TextDecoder('utf-8').decode(bytes);
}

/** Whether the document's folder is in a Git repository, so that HEAD is the natural baseline. */
export async function isInGitRepository(document: TextDocument): Promise<boolean> {
	if (document.uri.scheme !== 'file') {
		return false;
	}
	try {
		return (await gitApi())?.getRepository(document.uri) != null;
	} catch {
		return false;
	}
}
