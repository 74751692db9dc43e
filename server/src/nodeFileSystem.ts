/**
 * The Node server's file system: local files (`file:` uris) through node:fs. Only the Node entry (main.ts) hands it
 * to the server; the browser entry has none.
 */

import { open, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileSystemError, type DirectoryEntry, type FileStat, type FileSystem } from './fileSystem';

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
			return maxBytes === undefined ? await readFile(toPath(uri)) : await readPrefix(toPath(uri), maxBytes);
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

/** The first `maxBytes` bytes of a file (fewer when it is shorter), without reading the rest. */
async function readPrefix(path: string, maxBytes: number): Promise<Uint8Array> {
	const handle = await open(path, 'r');
	try {
		const buffer = new Uint8Array(Math.max(0, Math.floor(maxBytes)));
		let filled = 0;
		// One read may return less than asked (pipes, network file systems): read on until full or at the end.
		while (filled < buffer.length) {
			const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
			if (bytesRead === 0) {
				break;
			}
			filled += bytesRead;
		}
		return buffer.subarray(0, filled);
	} finally {
		await handle.close();
	}
}
