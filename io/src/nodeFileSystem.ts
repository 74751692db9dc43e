/**
 * The Node server's file system: local files (`file:` uris) through node:fs. Only the Node entry (main.ts) hands it
 * to the server; the browser entry has none.
 */

import { constants } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decodeRobotsBytes } from '../../core/src/index';
import { encodeUriComponentOfBytes } from '../../core/src/syntax/bytes';
import { FileSystemError, notAFile, type DirectoryEntry, type FileContent, type FileStat, type FileSystem } from './fileSystem';

/**
 * The local path of a `file:` uri; its bytes when a name in it is not UTF-8 (`%E9` alone, as childUri writes a Latin-1
 * name found in a folder), which node:fs opens as they are.
 */
function toPath(uri: string): string | Buffer {
	if (!uri.startsWith('file:')) {
		throw new FileSystemError(`Not a local file: ${uri}`, undefined, false);
	}
	try {
		return fileURLToPath(uri);
	} catch (error) {
		const url = URL.canParse(uri) ? new URL(uri) : undefined;
		if (url !== undefined && url.host === '' && process.platform !== 'win32' && !/%2f/i.test(url.pathname)) {
			return Buffer.from(
				url.pathname.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
				'latin1',
			);
		}
		throw new FileSystemError(`Not a local file: ${uri} (${error instanceof Error ? error.message : String(error)})`, undefined, false);
	}
}

/** The `file:` uri of a local path given as bytes, each byte of a name that is not UTF-8 as `%XX` (childUri's form). */
function uriOfPathBytes(path: Buffer): string {
	const text = decodeRobotsBytes(path);
	return /[\udc80-\udcff]/.test(text) ? 'file://' + text.split('/').map(encodeUriComponentOfBytes).join('/') : pathToFileURL(text).href;
}

/** A path as people read it: each byte that is not UTF-8 as `\xNN`. */
export function displayPath(path: string | Buffer): string {
	return typeof path === 'string'
		? path
		: decodeRobotsBytes(path).replace(/[\udc80-\udcff]/g, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Node's errors carry a code (ENOENT, EACCES); the message keeps the system's words. */
function wrap(error: unknown): FileSystemError {
	if (error instanceof FileSystemError) {
		return error;
	}
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return new FileSystemError(error instanceof Error ? error.message : String(error), code, code === 'ENOENT');
}

export const nodeFileSystem: FileSystem = {
	handles: (uri) => uri.startsWith('file:'),
	async readDirectory(uri): Promise<DirectoryEntry[]> {
		try {
			// Names as bytes: one that is not UTF-8 keeps its bytes as escapes (decodeRobotsBytes), and so can be opened again.
			const entries = await readdir(toPath(uri), { withFileTypes: true, encoding: 'buffer' });
			return entries.map((entry) => ({
				name: decodeRobotsBytes(entry.name),
				kind: entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : 'other',
			}));
		} catch (error) {
			throw wrap(error);
		}
	},
	async readFile(uri, maxBytes) {
		try {
			return await readPrefix(toPath(uri), maxBytes);
		} catch (error) {
			throw wrap(error);
		}
	},
	async modifiedTime(uri) {
		try {
			return (await stat(toPath(uri))).mtimeMs;
		} catch (error) {
			throw wrap(error);
		}
	},
	async stat(uri): Promise<FileStat> {
		try {
			const info = await stat(toPath(uri));
			return { kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other', mtimeMs: info.mtimeMs, size: info.size };
		} catch (error) {
			throw wrap(error);
		}
	},
	async realUri(uri) {
		try {
			return uriOfPathBytes(await realpath(toPath(uri), { encoding: 'buffer' }));
		} catch {
			return undefined;
		}
	},
	displayName(uri) {
		try {
			return displayPath(toPath(uri));
		} catch {
			return uri;
		}
	},
};

/**
 * Opening never waits: O_NONBLOCK, so that a FIFO without a writer opens at once (and is then refused) instead of
 * holding one of libuv's four threads for ever; Windows has no such flag and no FIFOs to open this way.
 */
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The first `maxBytes` bytes of a regular file (fewer when it is shorter), without reading the rest; what the open
 * file is (fstat, so the kind is that of what was opened) is checked before a byte is read.
 */
async function readPrefix(path: string | Buffer, maxBytes: number): Promise<FileContent> {
	const handle = await open(path, openFlags);
	try {
		const info = await handle.stat();
		if (!info.isFile()) {
			throw new FileSystemError(`Not a regular file: ${displayPath(path)}`, notAFile, false);
		}
		const buffer = new Uint8Array(Math.max(0, Math.min(info.size, Math.floor(maxBytes))));
		let filled = 0;
		// One read may return less than asked (network file systems): read on until full or at the end.
		while (filled < buffer.length) {
			const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
			if (bytesRead === 0) {
				break;
			}
			filled += bytesRead;
		}
		return { bytes: buffer.subarray(0, filled), size: info.size, mtimeMs: info.mtimeMs, truncated: info.size > filled };
	} finally {
		await handle.close();
	}
}
