/**
 * A grouping patched after an edit instead of computed again: typing in a rule of a group of 47 000 changes that
 * group's lists by one line, while `groupLines` reads all 47 000 lines again. `regroup` gives exactly what
 * `groupLines` gives (a test compares the two on random edits in every dialect), or says it cannot.
 */

import type { Dialect } from '../dialect';
import type { LineNode } from './ast';
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
 * The grouping of `lines[from, to)` in `dialect`, from `previous`, the grouping of the same window before an edit
 * (`before` holds its lines, from line `from` on): the same lines but for a few replaced nodes. Returns `previous` itself when no replaced line changed what it is to a group,
 * a copy with the lists of the groups concerned patched when only rules and other directives inside groups came
 * or went, and undefined when the edit may have moved where groups start or end (the caller then groups afresh).
 */
export function regroup(previous: Grouping, before: readonly LineNode[], lines: readonly LineNode[], dialect: Dialect, from: number, to: number): Grouping | undefined {
	if (before.length !== to - from || previous.dialect !== dialect) {
		return undefined;
	}
	const changed: number[] = [];
	for (let line = from; line < to; line++) {
		if (before[line - from] !== lines[line]) {
			if (changed.length === maxPatchedLines) {
				return undefined;
			}
			changed.push(line);
		}
	}
	const moves: { line: number; was: Membership; is: Membership }[] = [];
	for (const line of changed) {
		const was = membership(before[line - from], dialect);
		const is = membership(lines[line], dialect);
		if (was === is) {
			continue;
		}
		// A User-agent or a blank line that comes or goes can start or end a group.
		if (was === 'user-agent' || is === 'user-agent' || was === 'blank' || is === 'blank') {
			return undefined;
		}
		moves.push({ line, was, is });
	}
	if (moves.length === 0) {
		return previous;
	}
	const groups = previous.groups.slice();
	let orphanRules = previous.orphanRules;
	const records = dialect === 'draft1996' || dialect === 'original1994';
	for (const { line, was, is } of moves) {
		const index = groupAt(groups, line);
		const group = index < 0 ? undefined : groups[index];
		// Lines before the first group, and (for records) after a blank line that ended one, belong to no group:
		// there a rule is an orphan and anything else is dropped, and nothing else changes.
		if (!group || !inGroup(group, line, lines, records)) {
			if (was === 'rule' || is === 'rule') {
				orphanRules = was === 'rule' ? without(orphanRules, line) : withLine(orphanRules, line);
			}
			continue;
		}
		// A line between the User-agent lines would decide whether the next User-agent starts a group.
		if (line < group.userAgents[group.userAgents.length - 1]) {
			return undefined;
		}
		let { rules, others } = group;
		if (was === 'rule') {
			rules = without(rules, line);
		} else if (was === 'other') {
			others = without(others, line);
		}
		if (is === 'rule') {
			rules = withLine(rules, line);
		} else if (is === 'other') {
			others = withLine(others, line);
		}
		// Whether a group has a rule decides whether the next User-agent starts a new one; without one, so does (for
		// Yandex) whether anything but User-agent lines came since the last one.
		if (rules.length === 0 || group.rules.length === 0) {
			return undefined;
		}
		const lastLine = Math.max(group.userAgents[group.userAgents.length - 1], rules.length > 0 ? rules[rules.length - 1] : -1, others.length > 0 ? others[others.length - 1] : -1);
		groups[index] = { index: group.index, userAgents: group.userAgents, rules, others, firstLine: group.firstLine, lastLine };
	}
	return { dialect, groups, orphanRules };
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

/** An ascending list without `line` (a copy). */
function without(list: readonly number[], line: number): number[] {
	const at = firstAtLeast(list, line);
	const copy = list.slice();
	if (list[at] === line) {
		copy.splice(at, 1);
	}
	return copy;
}

/** An ascending list with `line` (a copy). */
function withLine(list: readonly number[], line: number): number[] {
	const at = firstAtLeast(list, line);
	const copy = list.slice();
	if (list[at] !== line) {
		copy.splice(at, 0, line);
	}
	return copy;
}

function firstAtLeast(list: readonly number[], line: number): number {
	let low = 0;
	let high = list.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if (list[middle] < line) {
			low = middle + 1;
		} else {
			high = middle;
		}
	}
	return low;
}
