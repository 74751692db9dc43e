/**
 * The access log of the bench's tests (test/fixtures/logs/bench.log) with what it holds, counted by hand
 * (bench.hits.json), and the two versions of a robots.txt whose impact on its fetches the tests measure.
 */

import { readFixture } from './fixtures';

export const benchLogBefore = readFixture('logs', 'bench.before.robots.txt');
export const benchLogAfter = readFixture('logs', 'bench.after.robots.txt');

/** The crawlers (most requests first) with their requests, the rows with their fetches, and the impact. */
export const benchLogHits = JSON.parse(readFixture('logs', 'bench.hits.json')) as {
	readonly crawlers: [string, number][];
	readonly rows: { url: string; total: number; counts: number[] }[];
	readonly impact: unknown[];
};
