/**
 * Linear-time checks by ratio, shared by the tests that promise linear work on pathological input: the time on 4n
 * characters against the time on n. Linear work gives 4x to 7x (collections grow with the heap); quadratic work 16x
 * or more. A ratio counts only when the large run takes over 50 ms (below that it is noise) and stays over 10x in
 * three attempts, each the best of three runs after a warm-up and a collection, timed in CPU time, so a busy machine
 * does not fail it.
 */

import { collectGarbage } from './heap';

/**
 * The process's CPU time in ms: other jobs on the machine stretch the wall clock of a run several times, and its CPU
 * time far less, so the ratio measures the work and not the load.
 */
function cpuMs(): number {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
}

/** The largest ratio of time on 4n to time on n that still counts as linear. */
export const maxLinearRatio = 10;

/** The best of three timings of `run` on what `prepare` makes fresh each time, after a warm-up. */
export function bestTime<T>(prepare: () => T, run: (input: T) => unknown): number {
	run(prepare());
	let best = Infinity;
	for (let i = 0; i < 3; i++) {
		const input = prepare();
		collectGarbage();
		const start = cpuMs();
		run(input);
		best = Math.min(best, cpuMs() - start);
	}
	return best;
}

/**
 * Times `run` on the inputs for n and 4n and returns a description of the failure, or undefined when the work is
 * linear (or too fast to tell).
 */
export function superlinear<T>(name: string, small: () => T, large: () => T, run: (input: T) => unknown): string | undefined {
	let verdict: string | undefined;
	for (let attempt = 0; attempt < 3; attempt++) {
		const t1 = bestTime(small, run);
		const t4 = bestTime(large, run);
		if (!(t4 > 50 && t4 / Math.max(t1, 0.5) > maxLinearRatio)) {
			return undefined;
		}
		verdict = `${name}: ${t1.toFixed(1)} ms on n, ${t4.toFixed(1)} ms on 4n (${(t4 / t1).toFixed(1)}x)`;
	}
	return verdict;
}
