/**
 * The incremental index of groupLogic in a big segment: what it keeps of each group, so that an edit redoes only the
 * problems of the rules it concerns, moved with the lines when an edit adds or removes lines above them.
 */

import type { Group } from '../../syntax/parser';
import { movedProblem, type CheckContext, type Problem, type Recall } from '../context';
import type { EditedBlock } from '../../syntax/regroup';
import { holdsSorted, insertSorted } from '../../sorted';
import { LengthIndex, mayBeRedundantWildcard, ruleLogic, type GroupTraits, type Rule } from './ruleLogic';
import { isRule, ruleValue } from './ruleValues';

/**
 * What groupLogic keeps of one group of a big segment, so that an edit redoes only the rules it concerns: typing in
 * one rule of a group of 47 000 must not build a map of 47 000 values again. Lines are kept relative to the group's
 * first line, so that a group below an edit that added or removed lines moves by changing `base`.
 */
interface GroupIndex {
	/** The group's first line, in the version the index was last brought up to date for. */
	base: number;
	userAgents: readonly number[];
	readonly isStar: boolean;
	/** Each line's verdict when it is a rule of the group (1 Allow, 0 Disallow), else -1, from `base` on. */
	verdicts: Int8Array;
	/** Each rule's value, indexed as `verdicts`. */
	readonly values: (string | undefined)[];
	/** The rules with each non-empty value, in file order. */
	readonly byValue: ValueLines;
	/** How many rules have a value, and how many of them are Allow rules. */
	valued: number;
	valuedAllows: number;
	/** The lengths of the rules of each verdict, once a wildcard rule asked for them. */
	readonly lengths: LengthIndex;
	/** The rules redundantWildcard may report: they depend on every other rule's length. */
	wildcards: Set<number>;
	/** The rules disallow-all may report: they ask a fact of the file, so they are checked on every run. */
	disallowAlls: Set<number>;
	/** Each rule's problems (with the file's line numbers), in the order they were reported. */
	problems: Map<number, readonly Problem[]>;
}

/** The key groupLogic keeps its indices under, one per group of the segment. */
const groupLogicKey = { check: 'group logic' };

/** Edits that replace more lines than this in a big segment are analysed afresh. */
const maxPatchedLines = 8;

/**
 * groupLogic in a big segment: from the indices its previous version kept, brought up to date for the lines an edit
 * replaced, when the groups are the same ones; else built afresh. The problems are the same either way (the session's
 * property tests compare the two with the plain path above).
 */
export function groupLogicKept(context: CheckContext, groups: readonly Group[], recall: Recall): void {
	const { from } = context;
	const previous = recall.previous<readonly GroupIndex[]>(groupLogicKey);
	const block = previous?.block;
	const usable =
		previous !== undefined
		&& previous.from === from
		&& previous.value.length === groups.length
		&& (!block || (block.oldEnd - block.start <= maxPatchedLines && block.newEnd - block.start <= maxPatchedLines));
	const indices: GroupIndex[] = [];
	for (const group of groups) {
		const kept = usable ? previous.value[group.index] : undefined;
		const index = kept && updated(context, kept, group, block) ? kept : indexed(context, group);
		indices.push(index);
		for (const problems of index.problems.values()) {
			context.reportAgain(problems);
		}
	}
	recall.keep(groupLogicKey, indices);
}

/** A new index of a group, with its rules' problems. */
function indexed(context: CheckContext, group: Group): GroupIndex {
	const { model } = context;
	const span = group.lastLine - group.firstLine + 1;
	const index: GroupIndex = {
		base: group.firstLine,
		userAgents: group.userAgents,
		isStar: group.userAgents.some((line) => model.valueIs(line, '*')),
		verdicts: new Int8Array(span).fill(-1),
		values: new Array<string | undefined>(span),
		byValue: new ValueLines(),
		valued: 0,
		valuedAllows: 0,
		// Read when first asked, once the index holds the group's rules.
		lengths: new LengthIndex(() => rulesIn(index)),
		wildcards: new Set(),
		disallowAlls: new Set(),
		problems: new Map(),
	};
	for (const line of group.rules) {
		if (isRule(model.lines[line].directive)) {
			add(index, line - index.base, model.lines[line].directive === 'allow', ruleValue(context, line));
		}
	}
	const traits = traitsOf(index);
	for (const line of group.rules) {
		recheck(context, index, traits, line - index.base);
	}
	return index;
}

/** The rules an index holds, in file order. */
function rulesIn(index: GroupIndex): Rule[] {
	const rules: Rule[] = [];
	index.verdicts.forEach((verdict, at) => {
		if (verdict >= 0) {
			rules.push({ line: index.base + at, allow: verdict === 1, value: index.values[at]! });
		}
	});
	return rules;
}

function traitsOf(index: GroupIndex): GroupTraits {
	return { isStar: index.isStar, hasOtherRules: index.valued > 0, hasAllow: index.valuedAllows > 0, lengths: index.lengths };
}

/** The first rule (relative) with a value, or -1. */
function firstOf(index: GroupIndex, value: string | undefined): number {
	return value ? index.byValue.first(value) : -1;
}

/** Finds the problems of the rule at `at` (relative) again. */
function recheck(context: CheckContext, index: GroupIndex, traits: GroupTraits, at: number): void {
	index.problems.delete(at);
	const verdict = at >= 0 && at < index.verdicts.length ? index.verdicts[at] : -1;
	if (verdict < 0) {
		return;
	}
	const rule: Rule = { line: index.base + at, allow: verdict === 1, value: index.values[at]! };
	const first = firstOf(index, rule.value);
	const seen = first < 0 || first === at ? undefined : { line: index.base + first, allow: index.verdicts[first] === 1 };
	const problems = context.collect(() => ruleLogic(context, traits, rule, seen));
	if (problems.length > 0) {
		index.problems.set(at, problems);
	}
}

/** Puts a rule (at `at`, relative) into an index. */
function add(index: GroupIndex, at: number, allow: boolean, value: string): void {
	index.verdicts[at] = allow ? 1 : 0;
	index.values[at] = value;
	if (value !== '') {
		index.valued++;
		index.valuedAllows += allow ? 1 : 0;
		index.byValue.add(value, at);
		index.lengths.add(allow, value);
	}
	if (mayBeRedundantWildcard(value)) {
		index.wildcards.add(at);
	}
	if (!allow && value === '/') {
		index.disallowAlls.add(at);
	}
}

/** Takes the rule at `at` (relative), if any, out of an index. */
function remove(index: GroupIndex, at: number): void {
	const verdict = at < index.verdicts.length ? index.verdicts[at] : -1;
	if (verdict < 0) {
		return;
	}
	const value = index.values[at]!;
	index.verdicts[at] = -1;
	index.values[at] = undefined;
	if (value !== '') {
		index.valued--;
		index.valuedAllows -= verdict;
		index.byValue.remove(value, at);
		index.lengths.remove(verdict === 1, value);
	}
	index.wildcards.delete(at);
	index.disallowAlls.delete(at);
}

/**
 * Brings a group's index up to date for the block of lines an edit replaced (none when `block` is undefined), with the
 * problems of the rules that depend on them; false when the edit changed the group itself or a trait of it that every
 * rule depends on (the caller then indexes the group afresh).
 */
function updated(context: CheckContext, index: GroupIndex, group: Group, block: EditedBlock | undefined): boolean {
	const { model } = context;
	const { start, oldEnd, newEnd, delta } = block ?? { start: Infinity, oldEnd: Infinity, newEnd: Infinity, delta: 0 };
	const moved = (line: number) => (line < start ? line : line >= oldEnd ? line + delta : -1);
	if (
		group.firstLine !== moved(index.base)
		|| index.userAgents.length !== group.userAgents.length
		|| index.userAgents.some((line, i) => moved(line) !== group.userAgents[i])
	) {
		return false;
	}
	const before = traitsOf(index);
	// Relative to the group's first line, which is before the block or moves with it.
	const shift = index.base >= oldEnd ? 0 : delta;
	const relStart = Math.max(0, start - index.base);
	const relOldEnd = Math.max(0, oldEnd - index.base);
	const relNewEnd = Math.max(0, newEnd - index.base);
	const oldFirsts = new Map<string, { first: number; allow: number }>();
	const noteFirst = (value: string | undefined) => {
		if (value && !oldFirsts.has(value)) {
			const first = firstOf(index, value);
			oldFirsts.set(value, { first: first < relStart ? first : first >= relOldEnd ? first + shift : -2, allow: first < 0 ? -1 : index.verdicts[first] });
		}
	};
	let lengthsChanged = false;
	for (let at = relStart; at < Math.min(relOldEnd, index.verdicts.length); at++) {
		const value = index.values[at];
		noteFirst(value);
		lengthsChanged ||= value !== undefined && value !== '';
		remove(index, at);
	}
	const oldBase = index.base;
	index.userAgents = group.userAgents;
	index.base = group.firstLine;
	const dirty = new Set<number>();
	if (shift !== 0 || group.lastLine - group.firstLine + 1 !== index.verdicts.length) {
		shiftIndex(index, relStart, relOldEnd, shift, group.lastLine - group.firstLine + 1, dirty, oldEnd);
	}
	// A group below the block moves whole: its problems name its own lines only.
	const moves = group.firstLine - oldBase;
	if (moves !== 0 && shift === 0) {
		index.problems = new Map([...index.problems].map(([at, kept]) => [at, kept.map((problem) => movedProblem(problem, moves))]));
	}
	for (let line = Math.max(start, group.firstLine); line < newEnd && line <= group.lastLine; line++) {
		if (holdsSorted(group.rules, line) && isRule(model.lines[line].directive)) {
			const value = ruleValue(context, line);
			noteFirst(value);
			lengthsChanged ||= value !== '';
			add(index, line - index.base, model.lines[line].directive === 'allow', value);
		}
	}
	// The rules whose problems may have changed: the new ones, their neighbours (a fix that removes the last line ends
	// at the end of the line before), and every rule with a value whose first rule changed.
	if (block) {
		for (let at = relStart - 1; at <= relNewEnd; at++) {
			dirty.add(at);
		}
	}
	for (const [value, { first, allow }] of oldFirsts) {
		const now = firstOf(index, value);
		if (now !== first || (now >= 0 && index.verdicts[now] !== allow)) {
			index.byValue.forEach(value, (same) => dirty.add(same));
		}
	}
	const traits = traitsOf(index);
	if (traits.hasOtherRules !== before.hasOtherRules || traits.hasAllow !== before.hasAllow) {
		return false;
	}
	if (lengthsChanged) {
		for (const at of index.wildcards) {
			dirty.add(at);
		}
	}
	for (const at of index.disallowAlls) {
		dirty.add(at);
	}
	for (const at of dirty) {
		recheck(context, index, traits, at);
	}
	return true;
}

/**
 * Moves what an index holds from relative line `oldEnd` on by `shift` lines, and gives it `span` lines. Problems whose
 * lines all moved move with them; one that names a line before the block (a duplicate of a rule above the edit) is
 * found again (added to `dirty`), as is one that named a replaced line.
 */
function shiftIndex(index: GroupIndex, relStart: number, relOldEnd: number, shift: number, span: number, dirty: Set<number>, oldEnd: number): void {
	const at = (old: number) => (old >= relOldEnd ? old + shift : old);
	const verdicts = new Int8Array(span).fill(-1);
	verdicts.set(index.verdicts.subarray(0, Math.min(relStart, span)));
	// The lines below the block keep their verdicts, moved by `shift`, as far as the group now reaches (an edit that
	// splits the group can leave it shorter than `shift`: then none of them is in it).
	const keptEnd = Math.min(index.verdicts.length, span - shift);
	if (relOldEnd < keptEnd) {
		verdicts.set(index.verdicts.subarray(relOldEnd, keptEnd), relOldEnd + shift);
	}
	index.verdicts = verdicts;
	const removed = Math.max(0, Math.min(relOldEnd, index.values.length) - relStart);
	index.values.splice(relStart, removed, ...new Array<undefined>(Math.max(0, removed + shift)));
	index.values.length = span;
	if (shift !== 0) {
		index.byValue.shift(relOldEnd, shift);
		index.wildcards = new Set([...index.wildcards].map(at));
		index.disallowAlls = new Set([...index.disallowAlls].map(at));
	}
	const problems = new Map<number, readonly Problem[]>();
	for (const [old, kept] of index.problems) {
		if (old < relStart) {
			problems.set(old, kept);
		} else if (old >= relOldEnd) {
			// A problem below the block names its own line and lines above it in the group: it moves when they all moved.
			if (shift === 0 || kept.every((problem) => !problem.related || problem.related.every((related) => related.line >= oldEnd))) {
				problems.set(old + shift, shift === 0 ? kept : kept.map((problem) => movedProblem(problem, shift)));
			} else {
				dirty.add(old + shift);
			}
		}
	}
	index.problems = problems;
}

/**
 * The lines (relative to a group's first line) of the rules with each value, in file order. Each value has a slot:
 * its first line is in a typed array and the lines after it, when there are any, in a list. Moving every line from
 * one on (Enter typed in a group of 47 000 rules) is then a pass over an array of numbers, not 47 000 map updates.
 */
class ValueLines {
	private readonly slots = new Map<string, number>();
	/** Each slot's first line; -1 for a free slot. */
	private firsts = new Int32Array(16).fill(-1);
	/** Each slot's later lines, in order, when it has any. */
	private readonly later: (number[] | undefined)[] = [];
	private readonly free: number[] = [];
	private used = 0;

	/** The first line with `value`, or -1. */
	first(value: string): number {
		const slot = this.slots.get(value);
		return slot === undefined ? -1 : this.firsts[slot];
	}

	/** Calls `f` with each line with `value`, in order. */
	forEach(value: string, f: (line: number) => void): void {
		const slot = this.slots.get(value);
		if (slot !== undefined) {
			f(this.firsts[slot]);
			this.later[slot]?.forEach((line) => {
				f(line);
			});
		}
	}

	add(value: string, line: number): void {
		let slot = this.slots.get(value);
		if (slot === undefined) {
			slot = this.free.pop() ?? this.used++;
			if (slot >= this.firsts.length) {
				const grown = new Int32Array(this.firsts.length * 2).fill(-1);
				grown.set(this.firsts);
				this.firsts = grown;
			}
			this.slots.set(value, slot);
			this.firsts[slot] = line;
			return;
		}
		const first = this.firsts[slot];
		const later = (this.later[slot] ??= []);
		if (line < first) {
			later.unshift(first);
			this.firsts[slot] = line;
		} else {
			insertSorted(later, line);
		}
	}

	remove(value: string, line: number): void {
		const slot = this.slots.get(value);
		if (slot === undefined) {
			return;
		}
		const later = this.later[slot];
		if (this.firsts[slot] === line) {
			if (later && later.length > 0) {
				this.firsts[slot] = later.shift()!;
			} else {
				this.firsts[slot] = -1;
				this.slots.delete(value);
				this.free.push(slot);
			}
		} else if (later) {
			const at = later.indexOf(line);
			if (at >= 0) {
				later.splice(at, 1);
			}
		}
		if (later?.length === 0) {
			this.later[slot] = undefined;
		}
	}

	/** Moves every line from `from` on by `shift`. */
	shift(from: number, shift: number): void {
		const { firsts, later } = this;
		for (let slot = 0; slot < this.used; slot++) {
			if (firsts[slot] >= from) {
				firsts[slot] += shift;
			}
			const lines = later[slot];
			if (lines) {
				for (let i = lines.length - 1; i >= 0 && lines[i] >= from; i--) {
					lines[i] += shift;
				}
			}
		}
	}
}
