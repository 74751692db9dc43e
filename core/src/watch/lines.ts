/**
 * The lines that differ between two versions of a text, for people to read beside the semantic diff: the lines both
 * share at the start and the end are set aside, and the rest is aligned by a longest common subsequence when it is
 * small enough (at most `maxCells` comparisons), else listed whole as removed and added. Bounded, never quadratic past that.
 */

/** A line only in the old version (`-`) or only in the new one (`+`), with its 0-based line in that version. */
export interface LineChange {
	readonly op: '-' | '+';
	readonly line: number;
	readonly text: string;
}

/** Lines as people count them: a final line break ends the last line rather than starting an empty one. */
function splitLines(text: string): string[] {
	const lines = text.split(/\r\n|\r|\n/);
	if (lines.length > 1 && lines[lines.length - 1] === '') {
		lines.pop();
	}
	return text === '' ? [] : lines;
}

/** The removed and added lines, in the order of the files (within a stretch, the removed first). */
export function changedLines(before: string, after: string, maxCells = 4_000_000): LineChange[] {
	const a = splitLines(before);
	const b = splitLines(after);
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) {
		start++;
	}
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA--;
		endB--;
	}
	const n = endA - start;
	const m = endB - start;
	const out: LineChange[] = [];
	const removed = (i: number) => out.push({ op: '-', line: i, text: a[i] });
	const added = (j: number) => out.push({ op: '+', line: j, text: b[j] });
	if (n === 0 || m === 0 || n * m > maxCells) {
		for (let i = start; i < endA; i++) {
			removed(i);
		}
		for (let j = start; j < endB; j++) {
			added(j);
		}
		return out;
	}
	// lengths[i * (m + 1) + j]: the longest common subsequence of a[start + i..endA) and b[start + j..endB).
	const width = m + 1;
	const lengths = new Uint32Array((n + 1) * width);
	for (let i = n - 1; i >= 0; i--) {
		for (let j = m - 1; j >= 0; j--) {
			lengths[i * width + j] =
				a[start + i] === b[start + j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
		}
	}
	let i = 0;
	let j = 0;
	const pendingAdded: number[] = [];
	const flush = () => {
		for (const line of pendingAdded) {
			added(line);
		}
		pendingAdded.length = 0;
	};
	while (i < n || j < m) {
		if (i < n && j < m && a[start + i] === b[start + j]) {
			flush();
			i++;
			j++;
		} else if (j < m && (i === n || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j])) {
			pendingAdded.push(start + j);
			j++;
		} else {
			removed(start + i);
			i++;
		}
	}
	flush();
	return out;
}
