/**
 * Lines to a file model. `RobotsModel` is immutable: the lossless line nodes with each line's own text, and, computed
 * on first use and cached, the whole text, the line start offsets and each dialect's grouping. Parsing never fails.
 */

import type { Dialect } from '../dialect';
import type { LineNode } from './ast';
import { lexLine } from './lexer';

/** A group ("record"): user-agent lines and the lines that belong to them, as line indices. */
export interface Group {
	/** Position of this group in its grouping. */
	readonly index: number;
	/** The `User-agent` lines that open the group. */
	readonly userAgents: readonly number[];
	/** `Allow` and `Disallow` lines, in file order, as the dialect reads them. */
	readonly rules: readonly number[];
	/** Other directives inside the group (Crawl-delay, Host, Sitemap, unknown keys). */
	readonly others: readonly number[];
	readonly firstLine: number;
	/** The last line that belongs to the group (blank lines and comments after it do not). */
	readonly lastLine: number;
}

/** How one dialect splits the file into groups. */
export interface Grouping {
	readonly dialect: Dialect;
	readonly groups: readonly Group[];
	/** `Allow`/`Disallow` lines that belong to no group: before any `User-agent`, or after a record ended. */
	readonly orphanRules: readonly number[];
	/** How many groups the lines hold, when `groupLines` was asked to build only the first of them and left some out. */
	readonly total?: number;
}

/** What a line does for grouping in one dialect. */
export type LineRole = 'user-agent' | 'allow' | 'disallow' | 'other' | 'blank' | 'ignored';

/** The role of a line in a dialect; comments and lines the dialect cannot read are `ignored`. */
export function lineRole(line: LineNode, dialect: Dialect): LineRole {
	if (line.kind === 'blank') {
		return 'blank';
	}
	if (line.kind === 'comment') {
		return 'ignored';
	}
	const directive = dialect === 'google' ? line.googleDirective : line.directive;
	switch (directive) {
		case 'none':
			return 'ignored';
		case 'user-agent':
		case 'disallow':
			return directive;
		case 'allow':
			// The 1994 standard has no Allow: the line is an unknown field.
			return dialect === 'original1994' ? 'other' : 'allow';
		default:
			return 'other';
	}
}

/**
 * A parsed robots.txt: one immutable `LineNode` per line and each line's text, lossless (`print(parse(text)) === text`).
 * `grouping(dialect)` gives the groups as a dialect reads them, computed on first use and cached on the model.
 */
export class RobotsModel {
	private readonly groupings = new Map<Dialect, Grouping>();
	private joined: string | undefined;
	private starts: number[] | undefined;

	private constructor(
		/** One node per line; a text ending in a line break has a last, empty line, as in LSP. */
		readonly lines: readonly LineNode[],
		/** Each line's own text, line end included. An edit replaces only the strings of the lines it touches. */
		readonly lineTexts: readonly string[],
	) {}

	/** Parses a whole text. */
	static parse(text: string): RobotsModel {
		const lines: LineNode[] = [];
		const lineTexts: string[] = [];
		let offset = 0;
		for (;;) {
			const line = lexLine(text, offset, offset === 0);
			const next = offset + line.length + line.eolLength;
			lines.push(line);
			lineTexts.push(text.slice(offset, next));
			if (line.eolLength === 0) {
				break;
			}
			offset = next;
		}
		const model = new RobotsModel(lines, lineTexts);
		model.joined = text;
		return model;
	}

	/** Builds a model from nodes and line texts whose agreement the caller guarantees (the incremental path). */
	static fromLines(lines: readonly LineNode[], lineTexts: readonly string[]): RobotsModel {
		return new RobotsModel(lines, lineTexts);
	}

	/** The whole source text (joined from the lines on first use after an edit). */
	get text(): string {
		this.joined ??= this.lineTexts.join('');
		return this.joined;
	}

	/** The offset at which each line starts (computed on first use). */
	get lineStarts(): readonly number[] {
		if (!this.starts) {
			const starts = new Array<number>(this.lines.length);
			let offset = 0;
			for (let i = 0; i < this.lines.length; i++) {
				starts[i] = offset;
				offset += this.lineTexts[i].length;
			}
			this.starts = starts;
		}
		return this.starts;
	}

	/** The number of lines; a text ending in a line break has a last, empty line, as in LSP. */
	get lineCount(): number {
		return this.lines.length;
	}

	/** The line's text without its line end. */
	lineText(line: number): string {
		return this.lineTexts[line].slice(0, this.lines[line].length);
	}

	/** The key of a 0-based line as written (`User-Agent`), without surrounding whitespace. */
	keyText(line: number): string {
		const node = this.lines[line];
		return this.lineTexts[line].slice(node.keyStart, node.keyEnd);
	}

	/** The value of a 0-based line as written, without surrounding whitespace and without its comment. */
	valueText(line: number): string {
		const node = this.lines[line];
		return this.lineTexts[line].slice(node.valueStart, node.valueEnd);
	}

	/**
	 * Whether the value of a 0-based line is `text`: `valueText(line) === text` without cutting the value out, for
	 * checks that ask it of every rule of a group of 47 000.
	 */
	valueIs(line: number, text: string): boolean {
		const node = this.lines[line];
		return node.valueEnd - node.valueStart === text.length && this.lineTexts[line].startsWith(text, node.valueStart);
	}

	/** The comment, `#` included, or the empty string. */
	commentText(line: number): string {
		const node = this.lines[line];
		return node.commentStart < 0 ? '' : this.lineTexts[line].slice(node.commentStart, node.length);
	}

	/** The index of the line that contains `offset` (its line end included). */
	lineAt(offset: number): number {
		const starts = this.lineStarts;
		let low = 0;
		let high = starts.length - 1;
		while (low < high) {
			const mid = (low + high + 1) >> 1;
			if (starts[mid] <= offset) {
				low = mid;
			} else {
				high = mid - 1;
			}
		}
		return low;
	}

	/** The groups of the file as `dialect` reads them; computed once per model and dialect. */
	grouping(dialect: Dialect): Grouping {
		let grouping = this.groupings.get(dialect);
		if (!grouping) {
			grouping = groupLines(this.lines, dialect);
			this.groupings.set(dialect, grouping);
		}
		return grouping;
	}
}

/** A group while its lines are read: listed from its first line on, so that nothing is copied when it ends. */
interface GroupBuilder {
	readonly index: number;
	readonly userAgents: number[];
	rules: number[];
	others: number[];
	readonly firstLine: number;
	lastLine: number;
}

/**
 * The lines of a group that has none of a kind. Groups are read-only, so they can share it: a file of 50 000 groups
 * has 50 000 groups without other lines (and a Yandex grouping as many without rules).
 */
const none: number[] = [];

/**
 * One linear pass over the line roles of `[from, to)`. Where a group ends is what the dialects disagree on:
 * - RFC 9309 and Google: a `User-agent` after a rule starts a group; blank and unknown lines end nothing.
 * - Yandex: also a `User-agent` after a blank line, a comment line or any other directive starts a group.
 * - 1996 draft and 1994: a blank line ends the record, and what follows belongs to none until the next `User-agent`.
 * A window that starts where every dialect starts a group (see syntax/segments.ts) gets the whole file's groups
 * of its lines, numbered from 0.
 * @param keep how many groups to build: the rest are only counted (`total`), for a caller that needs the first few of
 * 50 000 groups and how many there are.
 */
export function groupLines(lines: readonly LineNode[], dialect: Dialect, from = 0, to = lines.length, keep = Infinity): Grouping {
	const groups: Group[] = [];
	const orphanRules: number[] = [];
	let current: GroupBuilder | undefined;
	// The group being read once `keep` groups are built: it is counted, and its lines are not listed.
	const beyond: GroupBuilder = { index: -1, userAgents: none, rules: none, others: none, firstLine: -1, lastLine: -1 };
	let total = 0;
	let hasRule = false;
	let previousRole: LineRole | undefined;
	const records = dialect === 'draft1996' || dialect === 'original1994';
	const close = () => {
		current = undefined;
	};

	for (let i = from; i < to; i++) {
		const role = lineRole(lines[i], dialect);
		switch (role) {
			case 'ignored':
				// Yandex's library reads a comment-only line as a blank one: it separates User-agent lines.
				if (dialect === 'yandex' && lines[i].kind === 'comment') {
					previousRole = 'blank';
				}
				continue;
			case 'blank':
				if (records) {
					close();
				}
				break;
			case 'user-agent': {
				const startsGroup = !current || hasRule || (dialect === 'yandex' && previousRole !== 'user-agent');
				if (startsGroup) {
					total++;
					if (groups.length < keep) {
						current = { index: groups.length, userAgents: [], rules: none, others: none, firstLine: i, lastLine: i };
						groups.push(current);
					} else {
						current = beyond;
					}
					hasRule = false;
				}
				if (current !== beyond) {
					current!.userAgents.push(i);
					current!.lastLine = i;
				}
				break;
			}
			case 'allow':
			case 'disallow':
				if (current === beyond) {
					hasRule = true;
				} else if (current) {
					if (current.rules === none) {
						current.rules = [];
					}
					current.rules.push(i);
					current.lastLine = i;
					hasRule = true;
				} else {
					orphanRules.push(i);
				}
				break;
			case 'other':
				if (current && current !== beyond) {
					if (current.others === none) {
						current.others = [];
					}
					current.others.push(i);
					current.lastLine = i;
				}
				break;
		}
		previousRole = role;
	}
	close();
	return total > groups.length ? { dialect, groups, orphanRules, total } : { dialect, groups, orphanRules };
}
