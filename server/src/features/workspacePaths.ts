/**
 * The site's paths for completion after Allow and Disallow: the folders and files below the robots.txt file's own
 * folder (that folder is the site root robots.txt paths start from), for documents inside a workspace folder only.
 * Inside means once symbolic links are resolved, so a folder linked from elsewhere is never listed; the walk itself
 * does not follow links. It is breadth-first, skips node_modules and .git, stops at a fixed number of entries and is
 * cached briefly. A server without a file system (in a browser) offers no paths.
 */

import type { WorkspaceFolder } from 'vscode-languageserver';
import { childUri, FileSystemError, outsideWorkspace, parentUri, type FileContent, type FileSystem } from '../fileSystem';

/** Entries (folders and files) one walk visits at most. */
const maxEntries = 2000;
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
	isInsideWorkspace(fileSystem: FileSystem, folder: string): Promise<boolean> {
		return isReallyInside(fileSystem, folder, this.folders);
	}

	/**
	 * The folders a document may have the server read on its own: every workspace folder when it lies in one; else (a
	 * file opened from elsewhere, or no folder open) its own folder only.
	 */
	private foldersFor(document: string): readonly string[] {
		if (this.folderOf(document) !== undefined) {
			return this.folders;
		}
		const own = parentUri(document);
		return own === undefined ? [] : [own];
	}

	/** Whether `uri` lies, as written, in a folder `document` may have read ({@link readFile} then checks its links). */
	mayRead(uri: string, document: string): boolean {
		return this.foldersFor(document).some((folder) => isInside(uri, folder));
	}

	/**
	 * The one way the server reads a file on its own, for `document` (the expectations file, robots.txt or page it is
	 * read for): only inside the folders that document may read ({@link mayRead}), as written and with every symbolic
	 * link resolved, so that a link never leads out of them; then at most `maxBytes` of a regular file, opened without
	 * waiting (the file system's rule). Rejects with a {@link FileSystemError}: `outside-workspace`, `not-a-file`,
	 * not found, or the system's code.
	 */
	async readFile(uri: string, document: string, maxBytes: number): Promise<FileContent> {
		const fileSystem = this.fileSystem;
		if (!fileSystem?.handles(uri)) {
			throw new FileSystemError(`Not a local file: ${uri}`, undefined, false);
		}
		const folders = this.foldersFor(document);
		if (!folders.some((folder) => isInside(uri, folder))) {
			throw new FileSystemError(`Outside the workspace folders: ${fileSystem.displayName(uri)}`, outsideWorkspace, false);
		}
		const real = await fileSystem.realUri(uri);
		if (real === undefined) {
			throw new FileSystemError(`No such file: ${fileSystem.displayName(uri)}`, 'ENOENT', true);
		}
		if (!(await isReallyInside(fileSystem, real, folders))) {
			throw new FileSystemError(`A link out of the workspace folders: ${fileSystem.displayName(uri)}`, outsideWorkspace, false);
		}
		return fileSystem.readFile(real, maxBytes);
	}
}

/** Whether `uri`, its links resolved, is one of `folders` or lies in one (their links resolved too). */
async function isReallyInside(fileSystem: FileSystem, uri: string, folders: readonly string[]): Promise<boolean> {
	const real = await fileSystem.realUri(uri);
	if (real === undefined) {
		return false;
	}
	for (const folder of folders) {
		const realFolder = fileSystem.handles(folder) ? await fileSystem.realUri(folder) : undefined;
		if (realFolder !== undefined && (real === realFolder || isInside(real, realFolder))) {
			return true;
		}
	}
	return false;
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
