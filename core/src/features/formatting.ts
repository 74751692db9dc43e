/**
 * The formatter: canonical directive names, `Name: value`, trimmed lines, one blank line between groups, runs of
 * blank lines collapsed. Invariant: the formatted file means the same in every dialect (the same groups, rules and
 * verdicts), because blank lines end records for the 1996 draft, the 1994 standard and Yandex: a blank line is never
 * removed where it separates content, and one is inserted only where every dialect already has a group boundary.
 */

import type { Range, TextEdit } from 'vscode-languageserver-types';
import { allDialects, type Dialect } from '../dialect';
import { canonicalName } from '../facts/directives';
import { googleMaxLineOctets } from '../matching/agents';
import type { LineNode } from '../syntax/ast';
import { isWhitespace, lexLine } from '../syntax/lexer';
import { dominantLineEnd } from '../syntax/lineEnds';
import { octetLength } from '../syntax/octets';
import type { RobotsModel } from '../syntax/parser';

/** The subset of LSP's `FormattingOptions` the formatter reads. */
export interface FormatOptions {
	/** Ends the file with a line break when it has none. */
	readonly insertFinalNewline?: boolean;
}

const BOM = 0xfeff;

/** Dialects in which a blank line ends something: Yandex starts a group at a User-agent after it; records end at it. */
const blankSensitiveDialects: readonly Dialect[] = allDialects.filter((dialect) => dialect !== 'rfc9309' && dialect !== 'google');

/** What happens to one line: its new content (line end excluded), or deletion, and text inserted before it. */
interface LinePlan {
	content: string;
	deleted: boolean;
	insertBefore: string;
}

/**
 * The plans of the lines that change; a line without one stays as it is. Most lines of most files are already in
 * canonical form, and a file of 150 000 lines should not cost 150 000 plans.
 */
type Plans = (LinePlan | undefined)[];

function planOf(model: RobotsModel, plans: Plans, line: number): LinePlan {
	return (plans[line] ??= { content: model.lineText(line), deleted: false, insertBefore: '' });
}

function contentOf(model: RobotsModel, plans: Plans, line: number): string {
	return plans[line]?.content ?? model.lineText(line);
}

/**
 * Formats the document, or only the lines that intersect `range`.
 * @returns minimal edits: one per region of consecutive changed lines, trimmed to the characters that change.
 */
export function formatDocument(model: RobotsModel, range?: Range, options: FormatOptions = {}): TextEdit[] {
	const count = model.lineCount;
	const plans: Plans = new Array<LinePlan | undefined>(count);
	for (let line = 0; line < count; line++) {
		const content = isCanonical(model, line) ? undefined : formatLine(model, line);
		if (content !== undefined && content !== model.lineText(line)) {
			plans[line] = { content, deleted: false, insertBefore: '' };
		}
	}
	const eol = dominantLineEnd(model);
	planBlankLines(model, plans);
	planGroupSeparators(model, plans, eol);
	let append = '';
	const last = count - 1;
	if (options.insertFinalNewline && model.lines[last].eolLength === 0 && contentOf(model, plans, last) !== '') {
		append = eol;
	}

	if (range) {
		const first = Math.max(0, range.start.line);
		let end = Math.min(last, range.end.line);
		if (range.end.character === 0 && range.end.line > range.start.line) {
			end = Math.min(last, range.end.line - 1);
		}
		for (let line = 0; line < count; line++) {
			const plan = plans[line];
			const inside = line >= first && line <= end;
			if (plan && !inside) {
				plan.content = model.lineText(line);
				plan.deleted = false;
				// A separator inserted before a line belongs to the line above it as much as to the line itself.
				if (!(line - 1 >= first && line - 1 <= end)) {
					plan.insertBefore = '';
				}
			}
		}
		if (end !== last) {
			append = '';
		}
	}
	return toEdits(model, plans, append);
}

/**
 * Whether a line is in canonical form already, told without building it: a blank line without whitespace, a comment
 * from the first column without trailing whitespace, or `Name: value` (`Name:` without a value) with the canonical
 * name and nothing else. For such a line `formatLine` gives the line itself.
 */
function isCanonical(model: RobotsModel, line: number): boolean {
	const node = model.lines[line];
	const text = model.lineTexts[line];
	switch (node.kind) {
		case 'blank':
			return node.length === 0;
		case 'comment':
			return node.commentStart === 0 && !isWhitespace(text.charCodeAt(node.length - 1));
		case 'directive': {
			if (node.keyStart !== 0 || node.separator !== node.keyEnd || node.commentStart >= 0) {
				return false;
			}
			const spaced =
				node.valueEnd > node.valueStart
					? node.valueStart === node.separator + 2 && text.charCodeAt(node.separator + 1) === 32 && node.valueEnd === node.length
					: node.length === node.separator + 1;
			if (!spaced) {
				return false;
			}
			if (node.directive === 'unknown' || node.directive === 'none') {
				return true;
			}
			const name = canonicalName(node.directive);
			return name.length === node.keyEnd && text.startsWith(name);
		}
		default:
			return false;
	}
}

/**
 * One line in canonical form, or the line unchanged when the canonical form would read differently: a different
 * kind, directive reading, value or comment (e.g. a byte order mark the lexer would start to skip), or a line beyond
 * Google's length limit, where removing whitespace would let more of the value through.
 */
function formatLine(model: RobotsModel, line: number): string {
	const node = model.lines[line];
	const text = model.lineText(line);
	const bom = line === 0 && text.charCodeAt(0) === BOM ? '\uFEFF' : '';
	const comment = trimEnd(model.commentText(line));
	let formatted: string;
	switch (node.kind) {
		case 'blank':
			formatted = bom;
			break;
		case 'comment':
			formatted = bom + comment;
			break;
		case 'directive': {
			const key = node.directive === 'unknown' || node.directive === 'none' ? model.keyText(line) : canonicalName(node.directive);
			const value = model.valueText(line);
			formatted = `${bom}${key}:${value ? ' ' + value : ''}${comment ? ' ' + comment : ''}`;
			break;
		}
		case 'text': {
			// Without a value, `valueEnd` sits after the whitespace that follows the key.
			const content = text.slice(node.keyStart, node.valueEnd > node.valueStart ? node.valueEnd : node.keyEnd);
			formatted = `${bom}${content}${comment ? ' ' + comment : ''}`;
			break;
		}
	}
	if (formatted === text) {
		return text;
	}
	if (node.length * 3 > googleMaxLineOctets && (octetLength(text) > googleMaxLineOctets || octetLength(formatted) > googleMaxLineOctets)) {
		return text;
	}
	return readsAlike(node, text, lexLine(formatted, 0, line === 0), formatted) ? formatted : text;
}

function readsAlike(a: LineNode, aText: string, b: LineNode, bText: string): boolean {
	return (
		a.kind === b.kind
		&& a.directive === b.directive
		&& a.googleDirective === b.googleDirective
		&& aText.slice(a.valueStart, a.valueEnd) === bText.slice(b.valueStart, b.valueEnd)
		&& a.commentStart < 0 === b.commentStart < 0
		&& trimEnd(aText.slice(Math.max(a.commentStart, a.length))) === trimEnd(bText.slice(Math.max(b.commentStart, b.length)))
	);
}

/**
 * Runs of blank lines shrink to one; blank lines before the first and after the last content line go, except a first
 * line that carries the byte order mark (or that a following line would need, to keep its own mark from being read
 * as one). The last line is never deleted: it is where the text ends.
 */
function planBlankLines(model: RobotsModel, plans: Plans): void {
	const count = model.lineCount;
	let line = 0;
	while (line < count) {
		if (model.lines[line].kind !== 'blank') {
			line++;
			continue;
		}
		let end = line;
		while (end + 1 < count && model.lines[end + 1].kind === 'blank') {
			end++;
		}
		if (end === count - 1) {
			// Trailing blank lines: the last line stays, emptied, and ends the text.
			const keepFirst = line === 0 && contentOf(model, plans, 0) !== '';
			for (let i = keepFirst ? 1 : line; i < end; i++) {
				planOf(model, plans, i).deleted = true;
			}
		} else if (line === 0) {
			const next = model.lines[end + 1];
			const marked = model.lineText(end + 1).charCodeAt(next.keyStart) === BOM;
			const keepFirst = contentOf(model, plans, 0) !== '' || marked;
			for (let i = keepFirst ? 1 : 0; i <= end; i++) {
				planOf(model, plans, i).deleted = true;
			}
		} else {
			for (let i = line + 1; i <= end; i++) {
				planOf(model, plans, i).deleted = true;
			}
		}
		for (let i = line; i <= end; i++) {
			keepLineApart(model, plans, i);
		}
		line = end + 1;
	}
}

/**
 * A blank line after a line that ends in a lone `\r` keeps its whitespace when it ends in `\n`: emptied, its `\n`
 * would join that `\r` into one line end and the blank line would be gone.
 */
function keepLineApart(model: RobotsModel, plans: Plans, line: number): void {
	if (line === 0 || plans[line]?.deleted || contentOf(model, plans, line) !== '') {
		return;
	}
	const previous = model.lines[line - 1];
	const afterLoneCr = previous.eolLength === 1 && model.lineTexts[line - 1].charCodeAt(previous.length) === 13;
	if (afterLoneCr && model.lines[line].eolLength > 0 && model.lineTexts[line].charCodeAt(model.lines[line].length) === 10) {
		planOf(model, plans, line).content = model.lineText(line);
	}
}

/**
 * Inserts a blank line after a group (as RFC 9309 groups the file) that the next group follows without one, but only
 * where no blank-sensitive dialect has a group spanning the gap: there a blank line would split it.
 */
function planGroupSeparators(model: RobotsModel, plans: Plans, eol: string): void {
	const { groups } = model.grouping('rfc9309');
	// The other dialects' groupings are read only when a gap lacks its blank line: most files have none.
	let spanning: (readonly { firstLine: number; lastLine: number }[])[] | undefined;
	for (let i = 0; i + 1 < groups.length; i++) {
		const after = groups[i].lastLine;
		const before = groups[i + 1].firstLine;
		let hasBlank = false;
		for (let line = after + 1; line < before && !hasBlank; line++) {
			hasBlank = model.lines[line].kind === 'blank';
		}
		if (hasBlank) {
			continue;
		}
		spanning ??= blankSensitiveDialects.map((dialect) => model.grouping(dialect).groups);
		if (spanning.some((dialectGroups) => spans(dialectGroups, after, before))) {
			continue;
		}
		// A `\n` right after a lone `\r` would join it into one line end instead of making a line.
		const previousEol = model.lineTexts[after].slice(model.lines[after].length);
		planOf(model, plans, after + 1).insertBefore = previousEol === '\r' && eol === '\n' ? '\r' : eol;
	}
}

/** Whether a group has lines at or before `after` and at or after `before`. */
function spans(groups: readonly { firstLine: number; lastLine: number }[], after: number, before: number): boolean {
	let low = 0;
	let high = groups.length - 1;
	// Groups are in file order and do not overlap: find the last one starting at or before `after`.
	while (low < high) {
		const mid = (low + high + 1) >> 1;
		if (groups[mid].firstLine <= after) {
			low = mid;
		} else {
			high = mid - 1;
		}
	}
	const group = groups[low];
	return group !== undefined && group.firstLine <= after && group.lastLine >= before;
}

function toEdits(model: RobotsModel, plans: Plans, append: string): TextEdit[] {
	const edits: TextEdit[] = [];
	const count = model.lineCount;
	const changed = (line: number) => {
		const plan = plans[line];
		return (plan !== undefined && (plan.deleted || plan.insertBefore !== '' || plan.content !== model.lineText(line))) || (line === count - 1 && append !== '');
	};
	let line = 0;
	while (line < count) {
		if (!changed(line)) {
			line++;
			continue;
		}
		let end = line;
		while (end + 1 < count && changed(end + 1)) {
			end++;
		}
		edits.push(regionEdit(model, plans, line, end, end === count - 1 ? append : ''));
		line = end + 1;
	}
	return edits;
}

/** One edit for lines `first..last`, trimmed to the characters that differ without cutting into a line end. */
function regionEdit(model: RobotsModel, plans: Plans, first: number, last: number, append: string): TextEdit {
	const oldParts: string[] = [];
	const newParts: string[] = [];
	for (let line = first; line <= last; line++) {
		const plan = plans[line];
		const node = model.lines[line];
		const eol = line < last || plan?.deleted ? model.lineTexts[line].slice(node.length) : '';
		oldParts.push(model.lineText(line) + eol);
		newParts.push(plan?.insertBefore ?? '');
		if (!plan?.deleted) {
			newParts.push(contentOf(model, plans, line) + eol);
		}
	}
	newParts.push(append);
	const oldText = oldParts.join('');
	const newText = newParts.join('');
	const lastKept = !plans[last]?.deleted;

	const limit = Math.min(oldText.length, newText.length);
	let prefix = 0;
	const prefixLimit = Math.min(limit, model.lines[first].length);
	while (prefix < prefixLimit && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) {
		prefix++;
	}
	let suffix = 0;
	const suffixLimit = lastKept ? Math.min(limit - prefix, model.lines[last].length) : 0;
	while (suffix < suffixLimit && oldText.charCodeAt(oldText.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)) {
		suffix++;
	}
	const start = { line: first, character: prefix };
	const end = lastKept ? { line: last, character: model.lines[last].length - suffix } : { line: last + 1, character: 0 };
	if (first === last && lastKept && end.character < start.character) {
		end.character = start.character;
	}
	return { range: { start, end }, newText: newText.slice(prefix, newText.length - suffix) };
}

function trimEnd(text: string): string {
	let end = text.length;
	while (end > 0 && isWhitespace(text.charCodeAt(end - 1))) {
		end--;
	}
	return text.slice(0, end);
}
