/**
 * The file as segments: runs of lines that every dialect groups on their own, so that the checks of one segment see
 * nothing of the others but the file-wide facts they ask for. An edit changes the nodes of the lines it touches and
 * no others (document.ts), so only the segments around it are scanned again; the others keep their nodes.
 * This module knows nothing of the checks: what is kept per segment is the analysis session's business (diagnostics/session.ts).
 */

import type { LineNode } from './ast';
import type { RobotsModel } from './parser';
import { sharedEnds } from './regroup';

/**
 * The lines at which a segment starts: 0, and each User-agent line (in every reading) that comes after a blank line
 * and, before it (comments aside), an Allow or Disallow line (in every reading) or nothing. There every dialect starts
 * a group and none carries anything over: RFC 9309 and Google because the group before has a rule, Yandex because
 * a blank line came before, the 1996 draft and 1994 because the blank line ended the record.
 */
export function segmentStarts(lines: readonly LineNode[]): number[] {
	return scanStarts(lines, 0).starts;
}

/**
 * The segment starts from `from` (itself one) on. With `until`, the scan stops after the first line at or past it
 * that is neither blank nor a comment, and `resume` is that line: from there on the scan's state depends on nothing
 * before it. `resume` is -1 when the scan reached the end.
 */
function scanStarts(lines: readonly LineNode[], from: number, until = Infinity): { starts: number[]; resume: number } {
	const starts = [from];
	let previous: LineNode | undefined;
	let blankSince = false;
	for (let i = from; i < lines.length; i++) {
		const node = lines[i];
		if (node.kind === 'blank') {
			blankSince = true;
			continue;
		}
		if (node.kind === 'comment') {
			continue;
		}
		if (i > from && node.directive === 'user-agent' && node.googleDirective === 'user-agent' && (!previous || (blankSince && isRuleInEveryReading(previous)))) {
			starts.push(i);
		}
		previous = node;
		blankSince = false;
		if (i >= until) {
			return { starts, resume: i };
		}
	}
	return { starts, resume: -1 };
}

/**
 * The segment that holds `line`, found by reading the lines around it only: whether a line starts a segment depends
 * on the lines back to the last one that is neither blank nor a comment (as `scanStarts` reads them). Undefined when
 * the segment reaches further than `maxLines` from `line` either way, where reading the whole file costs no more.
 */
export function segmentAround(lines: readonly LineNode[], line: number, maxLines: number): SegmentSpan | undefined {
	let from = line;
	while (from > 0 && !startsSegment(lines, from)) {
		if (line - from >= maxLines) {
			return undefined;
		}
		from--;
	}
	let to = line + 1;
	while (to < lines.length && !startsSegment(lines, to)) {
		if (to - line >= maxLines) {
			return undefined;
		}
		to++;
	}
	return { from, to };
}

/** Whether a segment starts at line `at` (> 0): `scanStarts`'s test, from the lines before it. */
function startsSegment(lines: readonly LineNode[], at: number): boolean {
	const node = lines[at];
	if (node.directive !== 'user-agent' || node.googleDirective !== 'user-agent') {
		return false;
	}
	let blankSince = false;
	for (let i = at - 1; i >= 0; i--) {
		if (lines[i].kind === 'blank') {
			blankSince = true;
		} else if (lines[i].kind !== 'comment') {
			return blankSince && isRuleInEveryReading(lines[i]);
		}
	}
	return true;
}

/** Where a segment starts and ends (the line after it). */
export interface SegmentSpan {
	readonly from: number;
	readonly to: number;
}

/** How the segments of one model become those of another that shares line nodes with it. */
export interface SegmentEdit {
	/** The first `kept` segments of the other model are this one's first segments, unchanged. */
	readonly kept: number;
	/** The other model's segments from `resumeAt` on are this one's last segments, moved by `delta` lines. */
	readonly resumeAt: number;
	readonly delta: number;
	/** The segments in between, scanned again. */
	readonly spans: readonly SegmentSpan[];
	/** `sharedEnds(before.lines, model.lines)`: a segment of the whole file has the same. */
	readonly ends: readonly [number, number];
}

/**
 * The segments of `model`, from those of `before` (any other model; usually the version before an edit): the lines
 * the two share at their start and at their end (the very same nodes) keep their segments, and only the lines between
 * are scanned again, from the last segment start before them to the first line after them that the scan of `before`
 * read in the same state. For models that share no line this is a scan of the whole file.
 */
export function editSegments(model: RobotsModel, before: RobotsModel, segments: readonly SegmentSpan[]): SegmentEdit {
	const lines = model.lines;
	const ends = sharedEnds(before.lines, lines);
	const [head, tail] = ends;
	const delta = lines.length - before.lines.length;
	if (head === lines.length && delta === 0) {
		return { kept: segments.length, resumeAt: segments.length, delta, spans: [], ends };
	}
	// The last segment that starts before the change: the segments before it are kept, the scan starts there.
	let kept = 0;
	while (kept + 1 < segments.length && segments[kept + 1].from < head) {
		kept++;
	}
	// From an unchanged line on, the scan of `before` went on in the same state: its later starts hold, moved.
	const { starts, resume } = scanStarts(lines, segments[kept].from, lines.length - tail);
	let resumeAt = segments.length;
	if (resume >= 0) {
		resumeAt = segments.findIndex((segment) => segment.from > resume - delta);
		resumeAt = resumeAt < 0 ? segments.length : resumeAt;
	}
	const end = resumeAt < segments.length ? segments[resumeAt].from + delta : lines.length;
	const spans = starts.map((from, i) => ({ from, to: i + 1 < starts.length ? starts[i + 1] : end }));
	return { kept, resumeAt, delta, spans, ends };
}

function isRuleInEveryReading(node: LineNode): boolean {
	return (node.directive === 'allow' || node.directive === 'disallow') && (node.googleDirective === 'allow' || node.googleDirective === 'disallow');
}

/** Whether `nodes` are the lines of `model` from `from` on, node for node. */
export function sameNodes(nodes: readonly LineNode[], model: RobotsModel, from: number, to: number): boolean {
	if (nodes.length !== to - from) {
		return false;
	}
	const lines = model.lines;
	for (let i = 0; i < nodes.length; i++) {
		if (nodes[i] !== lines[from + i]) {
			return false;
		}
	}
	return true;
}

/**
 * Values computed per line of a segment (the line checks' problems, each rule's form for 1996-draft robots), in
 * arrays aligned with the segment's lines. A new version of a segment takes over the values of the lines an edit did
 * not touch, those before the first changed node and after the last one, without a lookup per line.
 */
export class LineCache {
	/** Each slot's name and values, in turn: there are two or three slots, and a segment may have three lines. */
	private slots: (string | unknown[])[] = [];

	/**
	 * @param previous the cache of the segment's version before, whose arrays this one takes over: they are patched in
	 * place (Enter typed in a segment of 47 000 lines moves 23 000 values in each, and a copy of each costs a hundred
	 * times a move), and `previous` is left empty, so that whatever still reads it computes its values again.
	 * @param ends `sharedEnds(previous's nodes, nodes)`, when the caller has it.
	 */
	constructor(
		private readonly nodes: readonly LineNode[],
		previous?: LineCache,
		ends?: readonly [number, number],
	) {
		if (!previous) {
			return;
		}
		const before = previous.nodes;
		const [head, tail] = ends ?? sharedEnds(before, nodes);
		const slots = previous.slots;
		previous.slots = [];
		for (let s = 0; s < slots.length; s += 2) {
			const values = slots[s + 1] as unknown[];
			if (before.length === nodes.length) {
				// The common case while typing: the changed lines cleared.
				values.fill(undefined, head, nodes.length - tail);
				this.slots.push(slots[s], values);
			} else {
				this.slots.push(slots[s], replaced(values, head, before.length - tail, nodes.length - tail - head));
			}
		}
	}

	/**
	 * The values of `slot`, one per line of the segment (undefined where not computed yet), read and filled in place:
	 * one lookup of the slot, however many lines a caller goes through.
	 */
	values(slot: string): unknown[] {
		for (let s = 0; s < this.slots.length; s += 2) {
			if (this.slots[s] === slot) {
				return this.slots[s + 1] as unknown[];
			}
		}
		const values = new Array(this.nodes.length).fill(undefined);
		this.slots.push(slot, values);
		return values;
	}
}

/**
 * `values` with the entries in `[start, end)` replaced by `count` empty ones: the array itself, spliced, when the
 * block is small (a move of the entries after it); a new array when it is big, as `splice` takes its new entries as
 * arguments.
 */
function replaced(values: unknown[], start: number, end: number, count: number): unknown[] {
	if (count <= 1024) {
		values.splice(start, end - start, ...new Array<undefined>(count));
		return values;
	}
	return values.slice(0, start).concat(new Array(count).fill(undefined), values.slice(end));
}
