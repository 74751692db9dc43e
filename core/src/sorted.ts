/**
 * Binary search in ascending lists of numbers (line numbers, lengths): a group's lists may hold 200 000 lines, and
 * the grouping, the rule index and hovers ask them about one line at a time; whether two such lists are equal, and
 * inserting into one.
 */

/** The index of the first number at least `low` in an ascending list (its length when there is none). */
export function firstAtLeast(values: ArrayLike<number>, low: number): number {
	let from = 0;
	let to = values.length;
	while (from < to) {
		const middle = (from + to) >> 1;
		if (values[middle] < low) {
			from = middle + 1;
		} else {
			to = middle;
		}
	}
	return from;
}

/** Whether an ascending list holds `value`. */
export function holdsSorted(values: readonly number[], value: number): boolean {
	const at = firstAtLeast(values, value);
	return at < values.length && values[at] === value;
}

/** Whether two lists hold the same numbers in the same order. */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
	if (a.length !== b.length) {
		return false;
	}
	for (let i = 0; i < a.length; i++) {
		if (a[i] !== b[i]) {
			return false;
		}
	}
	return true;
}

/** Adds `value` to an ascending array of distinct numbers. */
export function insertSorted(values: number[], value: number): void {
	let at = values.length;
	while (at > 0 && values[at - 1] > value) {
		at--;
	}
	if (values[at - 1] !== value) {
		values.splice(at, 0, value);
	}
}
