/**
 * How far apart two short names are, for "did you mean": the robots.txt directive checks and the robots meta checks
 * both ask it, with and without adjacent transpositions.
 */

/**
 * Levenshtein distance, or with `transpositions` the optimal string alignment distance (Levenshtein plus adjacent
 * transpositions, so `googlebto` is one edit from `googlebot`), bounded: returns `limit + 1` as soon as the distance
 * must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number, transpositions = false): number {
	if (Math.abs(a.length - b.length) > limit) {
		return limit + 1;
	}
	let before: number[] = [];
	let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		let best = i;
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
			if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				value = Math.min(value, before[j - 2] + 1);
			}
			current[j] = value;
			best = Math.min(best, value);
		}
		if (best > limit) {
			return limit + 1;
		}
		before = previous;
		previous = current;
	}
	return previous[b.length];
}
