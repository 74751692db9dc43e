/**
 * Garbage collection on demand for the tests that measure memory or time: V8's `gc` exposed at run time, so the
 * tests need no `--expose-gc` on the command line.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');

/** A full collection. */
export const collectGarbage = runInNewContext('gc') as () => void;

/** The live heap in MB, after two full collections (the second frees what the first's finalizers let go). */
export function liveHeapMb(): number {
	collectGarbage();
	collectGarbage();
	return process.memoryUsage().heapUsed / (1024 * 1024);
}
