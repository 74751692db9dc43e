/**
 * The files the language server may read, by uri, and what its runtime gives it: the Node server reads local files
 * (nodeFileSystem.ts); the server in a browser's web worker has no file system, and the features that need one say so
 * instead of failing. Features never import Node's modules; they ask for this and check that it is there.
 */

import { defaultFetchLimits } from '../../core/src/fetch/site';
import { encodeUriComponentOfBytes } from '../../core/src/syntax/bytes';
import type { ShippedLocale, Translations } from './locales';

/**
 * What a folder entry is: a symbolic link is `link` (walk.ts follows one only into the folders it may read), a FIFO, a
 * device or a socket `other`.
 */
export type EntryKind = 'file' | 'directory' | 'link' | 'other';

export interface DirectoryEntry {
	/** The name; a byte that is not UTF-8 (names are bytes on Linux) as U+DC80 + the byte, which {@link childUri} encodes back. */
	readonly name: string;
	readonly kind: EntryKind;
}

/** Why a read failed: `not-found` for a missing file, else the system's code (`EACCES`, `EISDIR`) when it gave one. */
export class FileSystemError extends Error {
	constructor(
		message: string,
		readonly code: string | undefined,
		readonly notFound: boolean,
	) {
		super(message);
	}
}

/** What {@link FileSystem.readFile} read: the bytes, and whether the file held more. */
export interface FileContent {
	/** Its first bytes, at most the `maxBytes` asked for. */
	readonly bytes: Uint8Array;
	/** Its size in bytes when it was opened. */
	readonly size: number;
	/** The time of its last modification, in milliseconds since the epoch. */
	readonly mtimeMs: number;
	/** True when the file is longer than what was read. */
	readonly truncated: boolean;
}

/**
 * How much the server and the command line read of a file they read on their own (one a person did not hand them):
 * more is never read, and whoever reads says when a file was cut.
 */
export const fileLimits = {
	/**
	 * A robots.txt read to answer for crawlers (an expectations file's, a page's site's): as much as a polite fetch
	 * reads (`defaultFetchLimits.maxBytes`, 500 KiB and a margin), so that every crawler with a size limit (RFC 9309's
	 * 500 KiB at least) answers from it as from the whole file.
	 */
	robots: defaultFetchLimits.maxBytes,
	/** An expectations file: 1 MiB, some 20 000 expectations. */
	expectations: 1024 * 1024,
	/** An HTML page or a `_headers` file: robots meta tags belong in the head (the README's 1 MiB per page). */
	page: 1024 * 1024,
} as const;

/** The code of a {@link FileSystemError} for what is not a regular file (a folder, a FIFO, a device, a socket). */
export const notAFile = 'not-a-file';
/** The code of a {@link FileSystemError} for a file outside the folders the server may read. */
export const outsideWorkspace = 'outside-workspace';

/** What a file is, when it last changed, and how big it is. */
export interface FileStat {
	/** What the uri names, its links followed. */
	readonly kind: EntryKind;
	/** The time of the last modification, in milliseconds since the epoch. */
	readonly mtimeMs: number;
	/** Its size in bytes. */
	readonly size: number;
}

/** Reading files by uri. Every method rejects with a {@link FileSystemError} when the file cannot be read. */
export interface FileSystem {
	/** Whether this file system reads the uri (the Node one reads `file:` uris only). */
	handles(uri: string): boolean;
	/** The entries of a folder, in no particular order. */
	readDirectory(uri: string): Promise<DirectoryEntry[]>;
	/**
	 * The first `maxBytes` bytes of a regular file; the rest is never read. Anything else (a folder, a FIFO, a device)
	 * is refused with {@link notAFile} before a byte is read, and opening never waits (a FIFO without a writer).
	 */
	readFile(uri: string, maxBytes: number): Promise<FileContent>;
	/** The time of the last modification, in milliseconds since the epoch. */
	modifiedTime(uri: string): Promise<number>;
	/** Kind, modification time and size in one look (a site's walk asks them of every page it lists). */
	stat(uri: string): Promise<FileStat>;
	/** The uri with every symbolic link resolved, or undefined when it does not exist. */
	realUri(uri: string): Promise<string | undefined>;
	/** The uri as people read it in messages (a path for local files). */
	displayName(uri: string): string;
}

/** A log file opened for reading as lines, from its start to its end, however large (logFile.ts). */
export interface LineFile {
	/** Its size in bytes on disk (compressed, for a gzip file). */
	readonly size: number;
	/** Whether it is gzip-compressed (told by its first bytes) and read through a decompressor. */
	readonly gzip: boolean;
	/**
	 * Its lines in batches, in order, with the bytes of the file read so far; a line longer than the cap is `null`
	 * (its text was not kept). Stopping the iteration closes the file.
	 */
	lines(): AsyncGenerator<{ readonly lines: readonly (string | null)[]; readonly bytesRead: number }>;
}

/** What the server's host gives it besides the connection; absent members are capabilities it does not have. */
export interface ServerRuntime {
	/** Absent in a browser's web worker. */
	readonly fileSystem?: FileSystem;
	/** Opens a local log file (a `file:` uri) to read as lines; absent in a browser's web worker. */
	readonly openLineFile?: (uri: string) => Promise<LineFile>;
	/**
	 * The bundle of a shipped locale, read where the entry finds it (the Node server from the l10n/ folder, the browser
	 * server from `initialize`'s options, where the client hands over VS Code's); undefined leaves the server in English.
	 */
	translations?(locale: ShippedLocale, initializationOptions: unknown): Translations | undefined;
}

/** The folder a file is in, as a uri ending in `/`; undefined when the uri cannot be read. */
export function parentUri(uri: string): string | undefined {
	try {
		return new URL('.', uri).href;
	} catch {
		return undefined;
	}
}

/**
 * The uri of `relative` (names separated by `/`, as they are, not encoded) inside `folder` (a uri ending in `/`); a
 * U+DC80 + byte escape of a name that is not UTF-8 (as {@link DirectoryEntry} gives it) becomes that byte, `%XX`.
 */
export function childUri(folder: string, relative: string): string {
	const encoded = relative.split('/').map(encodeUriComponentOfBytes).join('/');
	return folder + (folder.endsWith('/') ? '' : '/') + encoded;
}

/**
 * How to name `uri` to someone reading the file `from`: its path relative to the folder of `from` (`robots.txt`,
 * `../robots.txt`), decoded; the uri itself when the two are not on the same scheme and authority. For messages where
 * no file system gives a display name (a browser's `vscode-remote:` or `vscode-vfs:` uris).
 */
export function relativeName(uri: string, from: string): string {
	let target: URL;
	let base: URL;
	try {
		target = new URL(uri);
		base = new URL(from);
	} catch {
		return uri;
	}
	if (target.protocol !== base.protocol || target.host !== base.host) {
		return uri;
	}
	const to = target.pathname.split('/');
	const folder = base.pathname.split('/').slice(0, -1);
	let common = 0;
	while (common < folder.length && common < to.length - 1 && folder[common] === to[common]) {
		common++;
	}
	const parts = [...folder.slice(common).map(() => '..'), ...to.slice(common)];
	return parts
		.map((part) => {
			try {
				return decodeURIComponent(part);
			} catch {
				return part;
			}
		})
		.join('/');
}

/** The last name of a uri's path, decoded. */
export function baseName(uri: string): string {
	const path = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
	const name = path.slice(path.lastIndexOf('/') + 1);
	try {
		return decodeURIComponent(name);
	} catch {
		return name;
	}
}

/**
 * The `file:` uri of an absolute local path (`/srv/site`, a drive's `C:` path, a UNC `host` and `share` path), its names
 * encoded as {@link childUri} encodes them and `.` and `..` resolved; undefined for a relative path. Pure text work, so
 * that a setting that names a local folder can be compared with the uris the client sends without Node's path module.
 */
export function fileUriOfPath(path: string): string | undefined {
	const uri = localFileUri(path);
	if (uri === undefined) {
		return undefined;
	}
	try {
		return new URL(uri).href;
	} catch {
		return undefined;
	}
}

function localFileUri(path: string): string | undefined {
	const encode = (names: string[]) =>
		names
			.filter((name) => name !== '')
			.map((name) => encodeURIComponent(name))
			.join('/');
	const drive = /^([A-Za-z]):[\\/]/.exec(path);
	if (drive) {
		// Drive letters as VS Code writes them, lower case, so that a setting and the client's uris compare equal.
		return `file:///${drive[1].toLowerCase()}:/${encode(path.slice(3).split(/[\\/]+/))}`;
	}
	const unc = /^\\\\([^\\/]+)[\\/]/.exec(path);
	if (unc) {
		return `file://${unc[1]}/${encode(path.slice(unc[0].length).split(/[\\/]+/))}`;
	}
	if (path.startsWith('/')) {
		return `file:///${encode(path.split('/'))}`;
	}
	return undefined;
}
