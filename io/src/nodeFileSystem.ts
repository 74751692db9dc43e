/**
 * The Node server's file system: local files (`file:` uris) through node:fs. Only the Node entry (main.ts) hands it
 * to the server; the browser entry has none.
 */

import { constants } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileSystemError, notAFile, type DirectoryEntry, type FileContent, type FileStat, type FileSystem } from './fileSystem';

function toPath(uri: string): string {
	if (!uri.startsWith('file:')) {
		throw new FileSystemError(`Not a local file: ${uri}`, undefined, false);
	}
	try {
		return fileURLToPath(uri);
	} catch (error) {
		throw new FileSystemError(`Not a local file: ${uri} (${error instanceof Error ? error.message : String(error)})`, undefined, false);
	}
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
			const entries = await readdir(toPath(uri), { withFileTypes: true });
			return entries.map((entry) => ({ name: entry.name, kind: entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other' }));
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
			return pathToFileURL(await realpath(toPath(uri))).href;
		} catch {
			return undefined;
		}
	},
	displayName(uri) {
		try {
			return toPath(uri);
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
async function readPrefix(path: string, maxBytes: number): Promise<FileContent> {
	const handle = await open(path, openFlags);
	try {
		const info = await handle.stat();
		if (!info.isFile()) {
			throw new FileSystemError(`Not a regular file: ${path}`, notAFile, false);
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
