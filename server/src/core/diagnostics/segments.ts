/**
 * The file as segments: runs of lines that every dialect groups on their own, so that the checks of one segment see
 * nothing of the others but the few file-wide facts they ask for. An edit changes the nodes of the lines it touches
 * and no others (syntax/document.ts), so every other segment keeps its nodes, and what was computed for it, keyed by
 * its first node, is found again and reused.
 */

import { utf8Length } from '../matching/encoding';
import type { LineNode } from '../syntax/ast';
import { groupLines, type RobotsModel } from '../syntax/parser';
import { groupAgents, starHasRules, yandexRuleTokens } from './checks/groups';
import { isHostLine } from './checks/records';
import { welcomedTokens } from './checks/rules';
import type { AnalysisOptions } from '../options';
import type { FileCheck, FileFacts, FileIndex, Problem } from './context';
import { isSuppressionComment } from './suppression';

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
 * The segments of `model`, an edited version of the `previous` file's model: segments before the first changed line
 * and after the last one are the previous ones (moved by the change in line count); only the lines between are
 * scanned again, from the last segment start before the change to the first line after it that the scan of the
 * previous model read in the same state. `summaryOf` gives the summaries of the segments in between.
 */
export function editedSegments(model: RobotsModel, previous: SegmentedFile, summaryOf: (from: number, to: number) => SegmentSummary): Segment[] {
	const lines = model.lines;
	const before = previous.model.lines;
	const [head, tail] = sharedEnds(before, lines);
	const delta = lines.length - before.length;
	const old = previous.segments;
	if (head === lines.length && delta === 0) {
		return [...old];
	}
	// The last previous segment that starts before the change: kept segments end there, the scan starts there.
	let kept = 0;
	while (kept + 1 < old.length && old[kept + 1].from < head) {
		kept++;
	}
	// From an unchanged line on, the previous scan went on in the same state: its later starts hold, moved.
	const { starts, resume } = scanStarts(lines, old[kept].from, lines.length - tail);
	const segments = old.slice(0, kept);
	const firstKeptAfter = resume < 0 ? old.length : old.findIndex((segment) => segment.from > resume - delta);
	const after = firstKeptAfter < 0 ? [] : old.slice(firstKeptAfter);
	for (let i = 0; i < starts.length; i++) {
		const from = starts[i];
		const to = i + 1 < starts.length ? starts[i + 1] : after.length > 0 ? after[0].from + delta : lines.length;
		segments.push({ from, to, summary: summaryOf(from, to) });
	}
	for (const segment of after) {
		segments.push(delta === 0 ? segment : { from: segment.from + delta, to: segment.to + delta, summary: segment.summary });
	}
	return segments;
}

function isRuleInEveryReading(node: LineNode): boolean {
	return (node.directive === 'allow' || node.directive === 'disallow') && (node.googleDirective === 'allow' || node.googleDirective === 'disallow');
}

/** What the file-wide checks and facts need of one segment; it depends on the segment's lines only. */
export interface SegmentSummary {
	/** The segment's line nodes: it is reused only for the very same nodes. */
	readonly nodes: readonly LineNode[];
	/** The line the segment started at when this was computed; the line numbers below count from there. */
	readonly start: number;
	readonly agents: readonly { readonly line: number; readonly token: string }[];
	readonly hosts: readonly number[];
	/** Lines with a suppression comment. */
	readonly suppressions: readonly number[];
	/** The UTF-8 size of the segment up to the end of each of its lines. */
	readonly octetsThrough: Uint32Array;
	/** Allow and Disallow lines (strict reading), as the Yandex limit counts them. */
	readonly rules: number;
	readonly starHasRules: boolean;
	readonly yandexRuleTokens: readonly string[];
	readonly welcomed: readonly string[];
}

const ascii = /^[\x00-\x7f]*$/;

export function summarize(model: RobotsModel, from: number, to: number): SegmentSummary {
	const rfc = groupLines(model.lines, 'rfc9309', from, to).groups;
	const hosts: number[] = [];
	const suppressions: number[] = [];
	let octets = 0;
	let rules = 0;
	const octetsThrough = new Uint32Array(to - from);
	for (let line = from; line < to; line++) {
		const node = model.lines[line];
		const text = model.lineTexts[line];
		// Most lines are ASCII, which the regular expression engine confirms several times faster than a loop.
		octets += ascii.test(text) ? text.length : utf8Length(text);
		octetsThrough[line - from] = octets;
		if (node.directive === 'allow' || node.directive === 'disallow') {
			rules++;
		} else if (isHostLine(node)) {
			hosts.push(line);
		}
		if (node.commentStart >= 0 && isSuppressionComment(model.commentText(line))) {
			suppressions.push(line);
		}
	}
	return {
		nodes: model.lines.slice(from, to),
		start: from,
		agents: groupAgents(model, rfc),
		hosts,
		suppressions,
		octetsThrough,
		rules,
		starHasRules: starHasRules(model, rfc),
		yandexRuleTokens: yandexRuleTokens(model, groupLines(model.lines, 'yandex', from, to).groups),
		welcomed: welcomedTokens(model, rfc),
	};
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
	private readonly slots = new Map<string, unknown[]>();

	constructor(
		private readonly nodes: readonly LineNode[],
		previous?: LineCache,
	) {
		if (!previous) {
			return;
		}
		const before = previous.nodes;
		const [head, tail] = sharedEnds(before, nodes);
		for (const [slot, values] of previous.slots) {
			const kept = values.slice(0, head);
			for (let i = head; i < nodes.length - tail; i++) {
				kept.push(undefined);
			}
			for (let i = before.length - tail; i < before.length; i++) {
				kept.push(values[i]);
			}
			this.slots.set(slot, kept);
		}
	}

	/** The value of `slot` for the segment's `index`-th line, computed on first use. */
	get<T>(slot: string, index: number, compute: () => T): T {
		const values = this.values(slot);
		let value = values[index] as T | undefined;
		if (value === undefined) {
			value = compute();
			values[index] = value;
		}
		return value;
	}

	/** Replaces the value of `slot` for the segment's `index`-th line. */
	set(slot: string, index: number, value: unknown): void {
		this.values(slot)[index] = value;
	}

	private values(slot: string): unknown[] {
		let values = this.slots.get(slot);
		if (!values) {
			values = new Array(this.nodes.length).fill(undefined);
			this.slots.set(slot, values);
		}
		return values;
	}
}

/** A segment of the current model: where it starts and ends now, and its summary. */
export interface Segment {
	readonly from: number;
	readonly to: number;
	readonly summary: SegmentSummary;
}

/** Where a line its summary names is now. */
function lineNow(segment: Segment, line: number): number {
	return line + segment.from - segment.summary.start;
}

let generations = 0;

/** The whole-file facts and index, gathered from the segments' summaries when first asked. */
export class SegmentedFile implements FileFacts, FileIndex {
	/** Tells this file apart from the others analysed. */
	readonly generation = ++generations;
	/** The generation of the earlier file whose facts these are too (the file before, when an edit kept them), or this one's. */
	readonly factsAsIn: number = this.generation;
	/** Set when the User-agent lines `forEachAgent` visits are those of the file before: the same nodes at the same lines. */
	readonly agentsAsBefore: boolean = false;
	/** What file checks found in this file, and in the file before. */
	readonly found = new Map<FileCheck, { readonly options: AnalysisOptions; readonly problems: readonly Problem[] }>();
	readonly foundBefore: ReadonlyMap<FileCheck, { readonly options: AnalysisOptions; readonly problems: readonly Problem[] }> = new Map();
	private yandexTokens: Set<string> | undefined;
	private welcome: { count: number; first: string[] } | undefined;
	private star: boolean | undefined;

	/**
	 * @param previous the file analysed before, when it is an earlier version of this one: if the segments an edit
	 * replaced had the same facts to give as those that replace them, its facts are this file's too.
	 */
	constructor(
		readonly model: RobotsModel,
		readonly segments: readonly Segment[],
		previous?: SegmentedFile,
	) {
		if (!previous) {
			return;
		}
		const [head, tail] = sharedEnds(previous.segments.map((segment) => segment.summary), segments.map((segment) => segment.summary));
		const removed = previous.segments.slice(head, previous.segments.length - tail);
		const added = segments.slice(head, segments.length - tail);
		if (factsKey(removed) === factsKey(added)) {
			this.factsAsIn = previous.generation;
			this.yandexTokens = previous.yandexTokens;
			this.welcome = previous.welcome;
			this.star = previous.star;
		}
		if (model.lineCount === previous.model.lineCount && sameAgents(previous.model, removed, model, added)) {
			this.agentsAsBefore = true;
			this.foundBefore = previous.found;
		}
	}

	starHasRules(): boolean {
		this.star ??= this.segments.some((segment) => segment.summary.starHasRules);
		return this.star;
	}

	yandexHasRules(token: string): boolean {
		if (!this.yandexTokens) {
			this.yandexTokens = new Set();
			for (const segment of this.segments) {
				for (const ruleToken of segment.summary.yandexRuleTokens) {
					this.yandexTokens.add(ruleToken);
				}
			}
		}
		return this.yandexTokens.has(token);
	}

	welcomed(): { readonly count: number; readonly first: readonly string[] } {
		if (!this.welcome) {
			const welcome = { count: 0, first: [] as string[] };
			for (const segment of this.segments) {
				const tokens = segment.summary.welcomed;
				welcome.count += tokens.length;
				for (let i = 0; i < tokens.length && welcome.first.length < 3; i++) {
					welcome.first.push(tokens[i]);
				}
			}
			this.welcome = welcome;
		}
		return this.welcome;
	}

	forEachAgent(visit: (line: number, token: string) => void): void {
		for (const segment of this.segments) {
			for (const agent of segment.summary.agents) {
				visit(lineNow(segment, agent.line), agent.token);
			}
		}
	}

	hosts(): number[] {
		return this.lines((summary) => summary.hosts);
	}

	/** Suppression comment lines, in file order. */
	suppressions(): number[] {
		return this.lines((summary) => summary.suppressions);
	}

	/** Lines the summaries list, where they are now. */
	private lines(listed: (summary: SegmentSummary) => readonly number[]): number[] {
		const lines: number[] = [];
		for (const segment of this.segments) {
			for (const line of listed(segment.summary)) {
				lines.push(lineNow(segment, line));
			}
		}
		return lines;
	}

	lineBeyondOctets(octets: number): number {
		let total = 0;
		for (const { from, summary } of this.segments) {
			const through = summary.octetsThrough;
			const size = through.length > 0 ? through[through.length - 1] : 0;
			if (total + size <= octets) {
				total += size;
				continue;
			}
			// The first line through which the segment holds more than the rest of the allowance.
			let low = 0;
			let high = through.length - 1;
			while (low < high) {
				const middle = (low + high) >> 1;
				if (total + through[middle] > octets) {
					high = middle;
				} else {
					low = middle + 1;
				}
			}
			return from + low;
		}
		return -1;
	}

	nthRule(n: number): number {
		let count = 0;
		for (const { from, to, summary } of this.segments) {
			if (count + summary.rules < n) {
				count += summary.rules;
				continue;
			}
			for (let line = from; line < to; line++) {
				const directive = this.model.lines[line].directive;
				if ((directive === 'allow' || directive === 'disallow') && ++count === n) {
					return line;
				}
			}
		}
		return -1;
	}
}

/**
 * How many items at the start and at the end two lists share (the very same objects); the two runs do not overlap,
 * so what lies between is what an edit replaced.
 */
function sharedEnds<T>(before: readonly T[], after: readonly T[]): [number, number] {
	const shorter = Math.min(before.length, after.length);
	let head = 0;
	while (head < shorter && before[head] === after[head]) {
		head++;
	}
	let tail = 0;
	while (tail < shorter - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) {
		tail++;
	}
	return [head, tail];
}

/** Whether two runs of segments hold the same User-agent line nodes at the same lines. */
function sameAgents(beforeModel: RobotsModel, before: readonly Segment[], afterModel: RobotsModel, after: readonly Segment[]): boolean {
	const lines = (segments: readonly Segment[]) => segments.flatMap((segment) => segment.summary.agents.map((agent) => lineNow(segment, agent.line)));
	const beforeLines = lines(before);
	const afterLines = lines(after);
	return beforeLines.length === afterLines.length &&
		beforeLines.every((line, i) => line === afterLines[i] && beforeModel.lines[line] === afterModel.lines[line]);
}

/** The facts a run of segments gives: the same key, the same facts (the runs being in the same place). */
function factsKey(segments: readonly Segment[]): string {
	const star = segments.some((segment) => segment.summary.starHasRules);
	const yandex = segments.flatMap((segment) => segment.summary.yandexRuleTokens).sort();
	const welcomed = segments.flatMap((segment) => segment.summary.welcomed);
	return JSON.stringify([star, yandex, welcomed]);
}
