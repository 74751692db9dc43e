/**
 * The site's paths for completion after Allow and Disallow: the folders and files below the robots.txt file's own
 * folder (that folder is the site root robots.txt paths start from), for documents inside a workspace folder only.
 * Inside means once symbolic links are resolved, so a folder linked from elsewhere is never listed; the walk itself
 * does not follow links. It is breadth-first, skips node_modules and .git, stops at a fixed number of entries and is
 * cached briefly.
 */

import { readdir, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkspaceFolder } from 'vscode-languageserver';

/** Entries (folders and files) one walk visits at most. */
export const maxEntries = 2000;
/** How long a walk's result is reused. */
const freshForMs = 30_000;
const skipped = new Set(['node_modules', '.git']);

export class WorkspacePaths {
	private folders: string[] = [];
	private readonly cache = new Map<string, { time: number; paths: Promise<string[]> }>();

	/** Replaces the workspace folders (from `initialize` or a folder change). */
	setFolders(folders: readonly WorkspaceFolder[]): void {
		this.folders = folders.map((folder) => toPath(folder.uri)).filter((path): path is string => path !== undefined);
		this.cache.clear();
	}

	changeFolders(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[]): void {
		const gone = new Set(removed.map((folder) => toPath(folder.uri)));
		const kept = this.folders.filter((path) => !gone.has(path));
		const fresh = added.map((folder) => toPath(folder.uri)).filter((path): path is string => path !== undefined);
		this.folders = [...kept, ...fresh];
		this.cache.clear();
	}

	/** Site paths (starting with `/`; folders end in `/`) for the document; empty for untitled or virtual documents. */
	pathsFor(uri: string): Promise<string[]> {
		const file = toPath(uri);
		if (!file || !this.folders.some((folder) => isInside(file, folder))) {
			return Promise.resolve([]);
		}
		const root = dirname(file);
		const cached = this.cache.get(root);
		if (cached && Date.now() - cached.time < freshForMs) {
			return cached.paths;
		}
		const paths = this.isInsideWorkspace(root).then((inside) => (inside ? walk(root, maxEntries) : []));
		this.cache.set(root, { time: Date.now(), paths });
		return paths;
	}

	/** The workspace folder (a local path) that holds a local path, lexically; undefined outside them all. */
	folderOf(path: string): string | undefined {
		return this.folders.find((folder) => path === folder || isInside(path, folder));
	}

	/** Whether the folder, its links resolved, lies in a workspace folder (its links resolved too). */
	async isInsideWorkspace(folder: string): Promise<boolean> {
		const real = await realpath(folder).catch(() => undefined);
		if (real === undefined) {
			return false;
		}
		for (const workspaceFolder of this.folders) {
			const realFolder = await realpath(workspaceFolder).catch(() => undefined);
			if (realFolder !== undefined && (real === realFolder || isInside(real, realFolder))) {
				return true;
			}
		}
		return false;
	}
}

/** The local path of a `file:` uri; undefined for other schemes (untitled documents, virtual workspaces). */
export function toPath(uri: string): string | undefined {
	if (!uri.startsWith('file:')) {
		return undefined;
	}
	try {
		return fileURLToPath(uri);
	} catch {
		return undefined;
	}
}

/** Whether a path lies below a folder (lexically). */
export function isInside(file: string, folder: string): boolean {
	const prefix = folder.endsWith('/') || folder.endsWith('\\') ? folder : folder + (folder.includes('\\') ? '\\' : '/');
	return file.startsWith(prefix);
}

async function walk(root: string, limit: number): Promise<string[]> {
	const paths: string[] = [];
	const queue: string[] = [''];
	let visited = 0;
	while (queue.length > 0 && visited < limit) {
		const relative = queue.shift()!;
		let entries;
		try {
			entries = await readdir(join(root, relative), { withFileTypes: true });
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
			if (entry.isDirectory()) {
				paths.push(path + '/');
				queue.push(path);
			} else if (entry.isFile()) {
				paths.push(path);
			}
		}
	}
	return paths;
}
