/**
 * A log file read as lines, streaming, for the test bench's "Load Access Log…": any size in constant memory, gzip or
 * not, as io/src/lines.ts reads every line input (the command line's too), with the bytes of the file read so far
 * (compressed bytes, for a gzip file) for the progress against its size.
 */

import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FileSystemError, notAFile, type LineFile } from './fileSystem';
import { isGzip, linesOf, maxLineLength } from './lines';

/** Opens the local file `uri` names; rejects with a {@link FileSystemError} when it is not a readable regular file. */
export async function openLineFile(uri: string, cap = maxLineLength): Promise<LineFile> {
	if (!uri.startsWith('file:')) {
		throw new FileSystemError(`Not a local file: ${uri}`, undefined, false);
	}
	let handle: Awaited<ReturnType<typeof open>>;
	try {
		handle = await open(fileURLToPath(uri), 'r');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException | undefined)?.code;
		throw new FileSystemError(error instanceof Error ? error.message : String(error), code, code === 'ENOENT');
	}
	try {
		const stat = await handle.stat();
		if (!stat.isFile()) {
			throw new FileSystemError(`Not a regular file: ${uri}`, notAFile, false);
		}
		const magic = Buffer.alloc(2);
		const { bytesRead } = await handle.read(magic, 0, 2, 0);
		return { size: stat.size, gzip: bytesRead === 2 && isGzip(magic), lines: () => linesOfFile(handle, cap) };
	} catch (error) {
		await handle.close();
		throw error;
	}
}

async function* linesOfFile(handle: Awaited<ReturnType<typeof open>>, cap: number): AsyncGenerator<{ lines: (string | null)[]; bytesRead: number }> {
	const raw = handle.createReadStream({ start: 0, highWaterMark: 1 << 16, autoClose: true });
	try {
		for await (const batch of linesOf(raw, cap)) {
			yield { lines: batch.map((line) => ('text' in line ? line.text : null)), bytesRead: raw.bytesRead };
		}
		yield { lines: [], bytesRead: raw.bytesRead };
	} finally {
		raw.destroy();
	}
}
