/**
 * A grouping patched after an edit instead of computed again: typing in a rule of a group of 47 000 changes that
 * group's lists by one line, while `groupLines` reads all 47 000 lines again. `regroup` gives exactly what
 * `groupLines` gives (a test compares the two on random edits in every dialect), or says it cannot.
 */

import type { Dialect } from '../dialect';
import type { LineNode } from './ast';
import { firstAtLeast, sameNumbers } from '../sorted';
import { lineRole, type Group, type Grouping, type LineRole } from './parser';

/** Edits that replace more lines than this are grouped again from scratch. */
const maxPatchedLines = 8;

/** What a line is to a group: an opening User-agent, a rule, another member, or nothing. */
type Membership = 'user-agent' | 'rule' | 'other' | 'none' | 'blank';

function membership(node: LineNode, dialect: Dialect): Membership {
	// Yandex's library reads a comment-only line as a blank one (see groupLines).
	if (dialect === 'yandex' && node.kind === 'comment') {
		return 'blank';
	}
	const role: LineRole = lineRole(node, dialect);
	switch (role) {
		case 'allow':
		case 'disallow':
			return 'rule';
		case 'ignored':
			return 'none';
		default:
			return role;
	}
}

/**
 * Where an edit replaced lines in a window: the window's lines before the edit (`before`, from line `from` on) and
 * after it (`lines[from, to)`) share their first and last nodes; between them, old lines `[start, oldEnd)` became new
 * lines `[start, newEnd)`, and every line after moved by `delta`. Undefined when the two are the same lines.
 */
export interface EditedBlock {
	readonly start: number;
	readonly oldEnd: number;
	readonly newEnd: number;
	readonly delta: number;
}

/**
 * How many items at the start and at the end two lists share (the very same objects), the second read from `from`
 * to `to`; the two runs do not overlap, so what lies between is what an edit replaced.
 */
export function sharedEnds<T>(before: readonly T[], after: readonly T[], from = 0, to = after.length): [number, number] {
	const shorter = Math.min(before.length, to - from);
	let head = 0;
	while (head < shorter && before[head] === after[from + head]) {
		head++;
	}
	let tail = 0;
	while (tail < shorter - head && before[before.length - 1 - tail] === after[to - 1 - tail]) {
		tail++;
	}
	return [head, tail];
}

/**
 * The block of lines an edit (or several) replaced in a window, comparing nodes; undefined when none was.
 * @param ends `sharedEnds(before, lines, from, to)`, when the caller has it.
 */
export function editedBlock(
	before: readonly LineNode[],
	lines: readonly LineNode[],
	from: number,
	to: number,
	ends: readonly [number, number] = sharedEnds(before, lines, from, to),
): EditedBlock | undefined {
	const [head, tail] = ends;
	if (head === before.length && before.length === to - from) {
		return undefined;
	}
	return { start: from + head, oldEnd: from + before.length - tail, newEnd: to - tail, delta: to - from - before.length };
}

/**
 * The grouping of `lines[from, to)` in `dialect`, from `previous`, the grouping of the same window before an edit
 * (`before` holds its lines, from line `from` on). Returns `previous` itself when no replaced line changed what it is
 * to a group and none moved; else a copy in which the group around the edit has its lists patched and the groups
 * after it are moved; and undefined when the edit may have moved where groups start or end, or replaced more than a
 * few lines (the caller then groups afresh).
 * @param block the block the edit replaced, when the caller knows it: `editedBlock(before, lines, from, to)`.
 * @param lists the lists already patched for the same block in other dialects' groupings of the window.
 */
export function regroup(
	previous: Grouping,
	before: readonly LineNode[],
	lines: readonly LineNode[],
	dialect: Dialect,
	from: number,
	to: number,
	block = editedBlock(before, lines, from, to),
	lists = new SplicedLists(),
): Grouping | undefined {
	if (previous.dialect !== dialect) {
		return undefined;
	}
	if (!block) {
		return previous;
	}
	const { start, oldEnd, newEnd, delta } = block;
	if (oldEnd - start > maxPatchedLines || newEnd - start > maxPatchedLines) {
		return undefined;
	}
	const was: Membership[] = [];
	const is: Membership[] = [];
	for (let line = start; line < oldEnd; line++) {
		was.push(membership(before[line - from], dialect));
	}
	for (let line = start; line < newEnd; line++) {
		is.push(membership(lines[line], dialect));
	}
	// A User-agent or a blank line that comes or goes can start or end a group.
	if ([...was, ...is].some((role) => role === 'user-agent' || role === 'blank')) {
		return undefined;
	}
	if (delta === 0 && was.every((role, i) => role === is[i])) {
		return previous;
	}
	const groups = previous.groups.slice();
	// The group whose lines the block replaces: it starts before the block, since a block that replaced a group's first
	// line replaced a User-agent, and lines inserted right before a group's first line come after the group before.
	const index = groupAt(groups, start - 1);
	const group = index < 0 ? undefined : groups[index];
	const records = dialect === 'draft1996' || dialect === 'original1994';
	const newRules: number[] = [];
	const newOthers: number[] = [];
	is.forEach((role, i) => {
		(role === 'rule' ? newRules : role === 'other' ? newOthers : []).push(start + i);
	});
	let orphanRules = previous.orphanRules;
	// Lines before the first group, and (for records) after a blank line that ended one, belong to no group: there a
	// rule is an orphan and anything else is dropped. No blank line was replaced, so the lines after the block stay
	// in or out of the group as they were.
	if (!group || !inGroup(group, start, lines, records)) {
		orphanRules = lists.spliced(orphanRules, start, oldEnd, newRules, delta);
	} else {
		// A line between the User-agent lines would decide whether the next User-agent starts a group.
		if (start <= group.userAgents[group.userAgents.length - 1]) {
			return undefined;
		}
		const rules = lists.spliced(group.rules, start, oldEnd, newRules, delta);
		const others = lists.spliced(group.others, start, oldEnd, newOthers, delta);
		// Whether a group has a rule decides whether the next User-agent starts a new one; without one, so does (for
		// Yandex) whether anything but User-agent lines came since the last one.
		if (rules.length === 0 || group.rules.length === 0) {
			return undefined;
		}
		const lastAgent = group.userAgents[group.userAgents.length - 1];
		const lastLine = Math.max(lastAgent, rules.length > 0 ? rules[rules.length - 1] : -1, others.length > 0 ? others[others.length - 1] : -1);
		groups[index] = { index: group.index, userAgents: group.userAgents, rules, others, firstLine: group.firstLine, lastLine };
		orphanRules = lists.spliced(orphanRules, start, oldEnd, [], delta);
	}
	if (delta !== 0) {
		for (let i = index + 1; i < groups.length; i++) {
			groups[i] = movedGroup(groups[i], delta);
		}
	}
	return { dialect, groups, orphanRules };
}

/** A group `delta` lines further down. */
function movedGroup(group: Group, delta: number): Group {
	const moved = (lines: readonly number[]) => (lines.length === 0 ? lines : lines.map((line) => line + delta));
	return {
		index: group.index,
		userAgents: moved(group.userAgents),
		rules: moved(group.rules),
		others: moved(group.others),
		firstLine: group.firstLine + delta,
		lastLine: group.lastLine + delta,
	};
}

/**
 * The lists one edit's patches made in the groupings of one window, so that a list equal to one already patched is
 * patched once: the dialects mostly group alike, and one group of 47 000 rules has a list of 47 000 lines in each of
 * five groupings. Equal lists then become the same array, which the next edit finds at once.
 */
export class SplicedLists {
	private readonly made: { readonly list: readonly number[]; readonly added: readonly number[]; readonly result: readonly number[] }[] = [];

	/** `spliced(list, start, oldEnd, added, delta)`, for the window's one block; the same array for an equal list. */
	spliced(list: readonly number[], start: number, oldEnd: number, added: readonly number[], delta: number): readonly number[] {
		for (const { list: other, added: otherAdded, result } of this.made) {
			if (sameNumbers(otherAdded, added) && (other === list || sameNumbers(other, list))) {
				return result;
			}
		}
		const result = spliced(list, start, oldEnd, added, delta);
		// A short list costs less to copy than to compare.
		if (result !== list && list.length >= 64) {
			this.made.push({ list, added, result });
		}
		return result;
	}
}

/**
 * An ascending list of lines after an edit: those before `start` as they were, `added` in place of those in
 * `[start, oldEnd)`, and those from `oldEnd` on moved by `delta` (a copy; the list itself when nothing changes).
 */
function spliced(list: readonly number[], start: number, oldEnd: number, added: readonly number[], delta: number): readonly number[] {
	const first = firstAtLeast(list, start);
	const after = firstAtLeast(list, oldEnd);
	if (first === after && added.length === 0 && (delta === 0 || after === list.length)) {
		return list;
	}
	// Sized up front and filled by index: the lists of a group of 47 000 rules are copied on every Enter typed in it.
	const result = new Array<number>(first + added.length + list.length - after);
	for (let i = 0; i < first; i++) {
		result[i] = list[i];
	}
	let at = first;
	for (const line of added) {
		result[at++] = line;
	}
	for (let i = after; i < list.length; i++) {
		result[at++] = list[i] + delta;
	}
	return result;
}

/** The index of the last group that starts at or before `line`, or -1. */
function groupAt(groups: readonly Group[], line: number): number {
	let low = 0;
	let high = groups.length - 1;
	let found = -1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (groups[middle].firstLine <= line) {
			found = middle;
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}
	return found;
}

/**
 * Whether a line after `group`'s start (and before the next group's) is read inside it. Always, but for records: a
 * blank line since the group's last member ended it. A member at or after the line proves there was none.
 */
function inGroup(group: Group, line: number, lines: readonly LineNode[], records: boolean): boolean {
	if (!records || line <= group.lastLine) {
		return true;
	}
	for (let between = group.lastLine + 1; between < line; between++) {
		if (lines[between].kind === 'blank') {
			return false;
		}
	}
	return true;
}
