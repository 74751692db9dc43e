/**
 * A file written whole or not at all: into a file of this process and thread beside it, then renamed over it (a rename
 * is atomic on one file system), so that a process reading it meanwhile never sees half a file. For the caches and
 * readings the command line keeps between runs.
 */

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

/** Writes `data` to `path` whole; throws as `writeFileSync` does, leaving no temporary file behind. */
export function writeWhole(path: string, data: string | Uint8Array): void {
	const temporary = `${path}.${process.pid}.${threadId}.tmp`;
	try {
		writeFileSync(temporary, data);
		renameSync(temporary, path);
	} catch (error) {
		rmSync(temporary, { force: true });
		throw error;
	}
}
