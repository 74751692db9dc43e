/**
 * The site's paths for completion after Allow and Disallow: the folders and files below the robots.txt file's own
 * folder (that folder is the site root robots.txt paths start from), for documents inside a workspace folder only.
 * Inside means once symbolic links are resolved, so a folder linked from elsewhere is never listed; the walk itself
 * does not follow links. It is breadth-first, skips node_modules and .git, stops at a fixed number of entries and is
 * cached briefly. A server without a file system (in a browser) offers no paths.
 */

import type { WorkspaceFolder } from 'vscode-languageserver';
import { childUri, parentUri, type FileSystem } from '../fileSystem';

/** Entries (folders and files) one walk visits at most. */
export const maxEntries = 2000;
/** How long a walk's result is reused. */
const freshForMs = 30_000;
const skipped = new Set(['node_modules', '.git']);

export class WorkspacePaths {
	private folders: string[] = [];
	private readonly cache = new Map<string, { time: number; paths: Promise<string[]> }>();

	constructor(private readonly fileSystem: FileSystem | undefined) {}

	/** Replaces the workspace folders (from `initialize` or a folder change). */
	setFolders(folders: readonly WorkspaceFolder[]): void {
		this.folders = folders.map((folder) => folder.uri);
		this.cache.clear();
	}

	changeFolders(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void {
		const gone = new Set(removed.map((folder) => folder.uri));
		this.folders = [...this.folders.filter((uri) => !gone.has(uri)), ...added.map((folder) => folder.uri)];
		this.cache.clear();
	}

	/** Site paths (starting with `/`; folders end in `/`) for the document; empty for untitled or virtual documents. */
	pathsFor(uri: string): Promise<string[]> {
		const fileSystem = this.fileSystem;
		if (!fileSystem?.handles(uri) || !this.folders.some((folder) => fileSystem.handles(folder) && isInside(uri, folder))) {
			return Promise.resolve([]);
		}
		const root = parentUri(uri);
		if (root === undefined) {
			return Promise.resolve([]);
		}
		const cached = this.cache.get(root);
		if (cached && Date.now() - cached.time < freshForMs) {
			return cached.paths;
		}
		const paths = this.isInsideWorkspace(fileSystem, root).then((inside) => (inside ? walk(fileSystem, root, maxEntries) : []));
		this.cache.set(root, { time: Date.now(), paths });
		return paths;
	}

	/**
	 * The workspace folder (its uri, as the client sent it) that holds a uri, lexically; undefined outside them all. It
	 * reads nothing, so it answers without a file system too (the site root of pages in a browser).
	 */
	folderOf(uri: string): string | undefined {
		return this.folders.find((folder) => sameFolder(uri, folder) || isInside(uri, folder));
	}

	/** Whether the folder, its links resolved, lies in a workspace folder (its links resolved too). */
	async isInsideWorkspace(fileSystem: FileSystem, folder: string): Promise<boolean> {
		const real = await fileSystem.realUri(folder);
		if (real === undefined) {
			return false;
		}
		for (const workspaceFolder of this.folders) {
			const realFolder = fileSystem.handles(workspaceFolder) ? await fileSystem.realUri(workspaceFolder) : undefined;
			if (realFolder !== undefined && (real === realFolder || isInside(real, realFolder))) {
				return true;
			}
		}
		return false;
	}
}

/** Whether `uri` lies below `folder`, comparing decoded uris (clients encode the same path in more than one way). */
export function isInside(uri: string, folder: string): boolean {
	const decodedFolder = uriKey(folder);
	return uriKey(uri).startsWith(decodedFolder.endsWith('/') ? decodedFolder : decodedFolder + '/');
}

/** Whether two uris name the same folder, with or without its last `/`, compared as {@link uriKey}s. */
export function sameFolder(a: string, b: string): boolean {
	const trim = (uri: string) => uriKey(uri).replace(/\/+$/, '');
	return trim(a) === trim(b);
}

/**
 * One spelling of a uri, for comparing and keying: decoded (VS Code writes `c%3A` and `%40` where `URL` writes `c:`
 * and `@`), with a Windows drive letter in lower case as VS Code writes it.
 */
export function uriKey(uri: string): string {
	let decoded;
	try {
		decoded = decodeURIComponent(uri);
	} catch {
		decoded = uri;
	}
	return decoded.replace(/^file:\/\/\/([A-Z]):/, (_match, drive: string) => `file:///${drive.toLowerCase()}:`);
}

async function walk(fileSystem: FileSystem, root: string, limit: number): Promise<string[]> {
	const paths: string[] = [];
	const queue: string[] = [''];
	let visited = 0;
	while (queue.length > 0 && visited < limit) {
		const relative = queue.shift()!;
		let entries;
		try {
			entries = await fileSystem.readDirectory(relative === '' ? root : childUri(root, relative.slice(1)));
		} catch {
			continue;
		}
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const entry of entries) {
			if (visited >= limit) {
				break;
			}
			if (skipped.has(entry.name)) {
				continue;
			}
			visited++;
			const path = `${relative}/${entry.name}`;
			if (entry.kind === 'directory') {
				paths.push(path + '/');
				queue.push(path);
			} else if (entry.kind === 'file') {
				paths.push(path);
			}
		}
	}
	return paths;
}
