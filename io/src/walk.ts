/**
 * The one walk over a folder, for the language server (a site's files, the paths completed after Allow and Disallow)
 * and the command line (`robots-txt lint`, `robots-txt check`), through the `FileSystem` interface: breadth-first,
 * names in code-unit order, node_modules and .git never entered, at most `maxEntries` entries.
 *
 * The link rule, the same everywhere: a symbolic link is followed when what it leads to, every link resolved, lies in
 * one of the folders the walk may read (`within`: the workspace folders, the folders given on the command line, their
 * links resolved too) but not in the walk's own start, whose files the walk lists under their own paths; never
 * otherwise. A folder is entered once however many links lead to it (which ends link cycles), and a file reached by
 * several paths is listed once, under the first. What the walk lists is regular files
 * and folders; reading them keeps the file system's own rule (a regular file, opened without waiting, within a size).
 */

import { skippedFolderNames } from '../../core/src/index';
import { childUri, type EntryKind, type FileSystem } from './fileSystem';

/** A file or folder the walk found. */
export interface WalkedEntry {
	/** Its uri as found, through the links on the way. */
	readonly uri: string;
	/** Its names below the walk's start (after `basePath`), joined by `/`. */
	readonly path: string;
	/** Its last name. */
	readonly name: string;
	readonly kind: 'file' | 'directory';
}

/** A folder that could not be read, or a link that leads nowhere (broken, or a cycle of links). */
export interface WalkProblem {
	readonly uri: string;
	readonly path: string;
	readonly name: string;
	readonly kind: 'folder' | 'link';
	readonly error: unknown;
}

export interface WalkOptions {
	/** The folders (uris) the walk may read: a link is followed only into them. */
	readonly within: readonly string[];
	/** Entries (folders and files) visited at most; `truncated` says when the walk stopped short. */
	readonly maxEntries?: number;
	/** The path of the start, which the entries' paths continue (`''` by default). */
	readonly basePath?: string;
	/** Whether to enter a folder below the start, given the names in it (a site's walk leaves other sites' folders). */
	readonly enter?: (path: string, names: readonly string[]) => boolean;
	/** `false`: list the start folder alone, its folders as entries without reading them. */
	readonly descend?: false;
}

export interface WalkResult {
	/** Files and folders, in the order found. */
	readonly entries: WalkedEntry[];
	readonly problems: WalkProblem[];
	/** How many entries were visited. */
	readonly visited: number;
	readonly truncated: boolean;
}

/** Walks `start` (a folder uri); never rejects: a folder that cannot be read is a problem and the walk goes on. */
export async function walkFolder(fileSystem: FileSystem, start: string, options: WalkOptions): Promise<WalkResult> {
	const maxEntries = options.maxEntries ?? Infinity;
	const within = (await Promise.all(options.within.map((folder) => (fileSystem.handles(folder) ? fileSystem.realUri(folder) : undefined))))
		.filter((folder): folder is string => folder !== undefined)
		.map(asFolder);
	const inside = (real: string) => within.some((folder) => asFolder(real) === folder || real.startsWith(folder));
	const startReal = await fileSystem.realUri(start);
	const own = (real: string) => startReal !== undefined && (asFolder(real) === asFolder(startReal) || real.startsWith(asFolder(startReal)));
	const entries: WalkedEntry[] = [];
	const problems: WalkProblem[] = [];
	const folders = new Set<string>();
	const files = new Set<string>();
	const queue: { uri: string; path: string; name: string }[] = [{ uri: start, path: options.basePath ?? '', name: '' }];
	let visited = 0;
	let truncated = false;
	while (queue.length > 0 && !truncated) {
		const folder = queue.shift()!;
		const real = await fileSystem.realUri(folder.uri);
		if (real !== undefined && folders.has(asFolder(real))) {
			continue;
		}
		let children;
		try {
			children = await fileSystem.readDirectory(folder.uri);
		} catch (error) {
			problems.push({ uri: folder.uri, path: folder.path, name: folder.name, kind: 'folder', error });
			continue;
		}
		folders.add(asFolder(real ?? folder.uri));
		if (
			folder.uri !== start
			&& options.enter
			&& !options.enter(
				folder.path,
				children.map((child) => child.name),
			)
		) {
			continue;
		}
		children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		for (const child of children) {
			if (visited >= maxEntries) {
				truncated = true;
				break;
			}
			if (skippedFolderNames.has(child.name)) {
				continue;
			}
			visited++;
			const uri = childUri(folder.uri, child.name);
			const path = folder.path === '' ? child.name : `${folder.path}/${child.name}`;
			let kind: EntryKind = child.kind;
			let target = real === undefined ? undefined : childUri(asFolder(real), child.name);
			if (kind === 'link') {
				target = await fileSystem.realUri(uri);
				let error: unknown;
				try {
					kind = (await fileSystem.stat(uri)).kind;
				} catch (caught) {
					error = caught;
				}
				if (target === undefined || error !== undefined) {
					problems.push({ uri, path, name: child.name, kind: 'link', error });
					continue;
				}
				// Out of the folders it may read, or back into the walk (which lists that file or folder under its own path).
				if (!inside(target) || own(target)) {
					continue;
				}
			}
			if (kind === 'directory') {
				entries.push({ uri, path, name: child.name, kind });
				if (options.descend !== false) {
					queue.push({ uri, path, name: child.name });
				}
			} else if (kind === 'file' && !files.has(decoded(target ?? uri))) {
				files.add(decoded(target ?? uri));
				entries.push({ uri, path, name: child.name, kind });
			}
		}
	}
	return { entries, problems, visited, truncated };
}

/**
 * Paths (names joined by `/`) in the order of a depth-first walk: name by name, so that a folder's files stay together;
 * each name by `compare` (code units by default).
 */
export function byNames(a: string, b: string, compare: (x: string, y: string) => number = (x, y) => (x < y ? -1 : x > y ? 1 : 0)): number {
	const left = a.split('/');
	const right = b.split('/');
	for (let i = 0; i < Math.min(left.length, right.length); i++) {
		const order = compare(left[i], right[i]);
		if (order !== 0) {
			return order;
		}
	}
	return left.length - right.length;
}

/** One spelling of a uri for comparing (`childUri` writes `%40` where `realUri` may write `@`). */
function decoded(uri: string): string {
	try {
		return decodeURIComponent(uri);
	} catch {
		return uri;
	}
}

/** A folder's uri ending in `/`. */
function asFolder(uri: string): string {
	return uri.endsWith('/') ? uri : uri + '/';
}
