/**
 * Parses a `_headers` file, the format Netlify and Cloudflare Pages read from a site's output folder: a URL pattern on
 * its own line, then indented `Name: value` lines for it; `#` starts a comment. Cloudflare also reads `! Name`
 * lines, which detach a header a broader rule attached. Offsets are into the file; nothing here throws.
 */

/** One `Name: value` (or `! Name`) line under a pattern. */
interface HeaderLine {
	/** As written. */
	readonly name: string;
	readonly nameStart: number;
	readonly nameEnd: number;
	/** Trimmed; '' for a detach line. */
	readonly value: string;
	readonly valueStart: number;
	readonly valueEnd: number;
	/** A Cloudflare `! Name` line: removes the header for this pattern. */
	readonly detach: boolean;
	/** 0-based line number. */
	readonly line: number;
}

/** A URL pattern and its headers. */
interface HeadersRule {
	readonly pattern: string;
	readonly patternStart: number;
	readonly patternEnd: number;
	readonly line: number;
	readonly headers: readonly HeaderLine[];
}

/** A line that is none of pattern, header, comment or blank, or a pattern too long to be matched. */
interface HeadersFileProblem {
	/** `pattern-too-long`: longer than `maxHeadersPatternLength`; the rule is kept and matches no path. */
	readonly kind: 'header-before-pattern' | 'missing-colon' | 'unindented-header' | 'pattern-too-long';
	readonly start: number;
	readonly end: number;
	readonly line: number;
}

export interface HeadersFile {
	readonly rules: readonly HeadersRule[];
	readonly problems: readonly HeadersFileProblem[];
}

function isBlank(code: number): boolean {
	return code === 32 || code === 9;
}

/** Parses a `_headers` file. Linear; never throws. */
export function parseHeadersFile(text: string): HeadersFile {
	const rules: { pattern: string; patternStart: number; patternEnd: number; line: number; headers: HeaderLine[] }[] = [];
	const problems: HeadersFileProblem[] = [];
	let lineStart = 0;
	let lineNumber = 0;
	while (lineStart <= text.length) {
		let lineEnd = lineStart;
		while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') {
			lineEnd++;
		}
		readLine(text, lineStart, lineEnd, lineNumber, rules, problems);
		if (lineEnd >= text.length) {
			break;
		}
		lineStart = text[lineEnd] === '\r' && text[lineEnd + 1] === '\n' ? lineEnd + 2 : lineEnd + 1;
		lineNumber++;
	}
	return { rules, problems };
}

function readLine(
	text: string,
	start: number,
	end: number,
	line: number,
	rules: { pattern: string; patternStart: number; patternEnd: number; line: number; headers: HeaderLine[] }[],
	problems: HeadersFileProblem[],
): void {
	let first = start;
	while (first < end && isBlank(text.charCodeAt(first))) {
		first++;
	}
	let last = end;
	while (last > first && isBlank(text.charCodeAt(last - 1))) {
		last--;
	}
	if (first === last || text[first] === '#') {
		return;
	}
	const indented = first > start;
	// The first colon of this line: a search to the end of the file would go over every later line again.
	let colon = first;
	while (colon < last && text.charCodeAt(colon) !== 58) {
		colon++;
	}
	const hasColon = colon < last;
	if (!indented) {
		// A pattern starts with `/` or is an absolute URL; `Name: value` at the margin is a header someone forgot to indent.
		const looksLikeUrl = text[first] === '/' || text.startsWith('http://', first) || text.startsWith('https://', first);
		if (!looksLikeUrl && hasColon) {
			problems.push({ kind: 'unindented-header', start: first, end: last, line });
			return;
		}
		let patternEnd = first;
		while (patternEnd < last && !isBlank(text.charCodeAt(patternEnd))) {
			patternEnd++;
		}
		if (patternEnd - first > maxHeadersPatternLength) {
			problems.push({ kind: 'pattern-too-long', start: first, end: patternEnd, line });
		}
		rules.push({ pattern: text.slice(first, patternEnd), patternStart: first, patternEnd, line, headers: [] });
		return;
	}
	const rule = rules[rules.length - 1];
	if (!rule) {
		problems.push({ kind: 'header-before-pattern', start: first, end: last, line });
		return;
	}
	if (text[first] === '!') {
		let nameStart = first + 1;
		while (nameStart < last && isBlank(text.charCodeAt(nameStart))) {
			nameStart++;
		}
		rule.headers.push({ name: text.slice(nameStart, last), nameStart, nameEnd: last, value: '', valueStart: last, valueEnd: last, detach: true, line });
		return;
	}
	if (!hasColon) {
		problems.push({ kind: 'missing-colon', start: first, end: last, line });
		return;
	}
	let nameEnd = colon;
	while (nameEnd > first && isBlank(text.charCodeAt(nameEnd - 1))) {
		nameEnd--;
	}
	let valueStart = colon + 1;
	while (valueStart < last && isBlank(text.charCodeAt(valueStart))) {
		valueStart++;
	}
	rule.headers.push({
		name: text.slice(first, nameEnd),
		nameStart: first,
		nameEnd,
		value: text.slice(valueStart, last),
		valueStart,
		valueEnd: last,
		detach: false,
		line,
	});
}

/** The X-Robots-Tag lines of a file, each with its rule. */
export function xRobotsTagLines(file: HeadersFile): XRobotsTagLine[] {
	const lines: XRobotsTagLine[] = [];
	for (const rule of file.rules) {
		for (const header of rule.headers) {
			if (header.name.toLowerCase() === 'x-robots-tag') {
				lines.push({ rule, header });
			}
		}
	}
	return lines;
}

/**
 * The longest pattern that is matched, in characters. Cloudflare Pages limits every line of a `_headers` file to 2,000
 * characters ("Limits", developers.cloudflare.com/pages/configuration/headers); a longer pattern is reported
 * (`pattern-too-long`) and matches no path, so that matching a path against a pattern stays within a bounded multiple
 * of the path's length whatever the file holds.
 */
export const maxHeadersPatternLength = 2000;

/** An X-Robots-Tag line and the rule it belongs to. */
export interface XRobotsTagLine {
	readonly rule: HeadersRule;
	readonly header: HeaderLine;
}

/** The X-Robots-Tag lines of a file whose pattern matches a URL path (and host), in file order. */
export type XRobotsTagIndex = (path: string, host?: string) => XRobotsTagLine[];

/** A node of a tree of literal pattern ends: the rules whose pattern begins (or ends) with the characters that lead here. */
interface LiteralNode {
	readonly rules: number[];
	children: Map<number, LiteralNode> | undefined;
}

function newNode(): LiteralNode {
	return { rules: [], children: undefined };
}

/** Files a rule under the characters of `pattern[start, end)`, read forwards or backwards. */
function fileUnder(root: LiteralNode, pattern: string, start: number, end: number, backwards: boolean, rule: number): void {
	let node = root;
	for (let k = 0; k < end - start; k++) {
		const code = pattern.charCodeAt(backwards ? end - 1 - k : start + k);
		node.children ??= new Map();
		let child = node.children.get(code);
		if (!child) {
			child = newNode();
			node.children.set(code, child);
		}
		node = child;
	}
	node.rules.push(rule);
}

/** Adds to `found` the rules filed under the beginnings (or, backwards, the endings) of `path`. */
function gather(root: LiteralNode, path: string, backwards: boolean, found: number[]): void {
	let node: LiteralNode | undefined = root;
	for (let k = 0; ; k++) {
		for (const rule of node.rules) {
			found.push(rule);
		}
		if (k >= path.length || !node.children) {
			return;
		}
		node = node.children.get(path.charCodeAt(backwards ? path.length - 1 - k : k));
		if (!node) {
			return;
		}
	}
}

/**
 * The X-Robots-Tag lines of a file indexed for matching many paths: each rule's pattern is compiled once, and a path
 * is matched only against the patterns whose literal beginning (up to the first `*` or `:name`) it starts with or,
 * where a pattern's literal ending is the longer (`/*.pdf`), whose ending it ends with; both found in one walk along
 * the path from each end. Absolute URL patterns are tried only when a host is given.
 */
export function xRobotsTagIndex(file: HeadersFile): XRobotsTagIndex {
	// The rules with X-Robots-Tag lines, each with its lines, in file order.
	const rules: { readonly matches: (path: string, host?: string) => boolean; readonly lines: XRobotsTagLine[] }[] = [];
	const compiled = new Map<string, (path: string, host?: string) => boolean>();
	const beginnings = newNode();
	const endings = newNode();
	const hosted: number[] = [];
	for (const line of xRobotsTagLines(file)) {
		const previous = rules[rules.length - 1];
		if (previous && previous.lines[0].rule === line.rule) {
			previous.lines.push(line);
			continue;
		}
		const pattern = line.rule.pattern;
		let matches = compiled.get(pattern);
		if (!matches) {
			matches = compileHeadersPattern(pattern);
			compiled.set(pattern, matches);
		}
		const index = rules.length;
		rules.push({ matches, lines: [line] });
		if (absoluteUrl.test(pattern)) {
			hosted.push(index);
			continue;
		}
		const { prefixEnd, suffixStart } = literalEnds(pattern);
		if (pattern.length - suffixStart > prefixEnd) {
			fileUnder(endings, pattern, suffixStart, pattern.length, true, index);
		} else {
			fileUnder(beginnings, pattern, 0, prefixEnd, false, index);
		}
	}
	return (path, host) => {
		const candidates: number[] = [];
		gather(beginnings, path, false, candidates);
		gather(endings, path, true, candidates);
		if (host !== undefined) {
			for (const index of hosted) {
				candidates.push(index);
			}
		}
		const found: XRobotsTagLine[] = [];
		for (const index of candidates.sort((a, b) => a - b)) {
			const rule = rules[index];
			if (rule.matches(path, host)) {
				for (const line of rule.lines) {
					found.push(line);
				}
			}
		}
		return found;
	};
}

/** Where a pattern's literal beginning ends (its first `*` or `:name`) and its literal ending starts (after its last). */
function literalEnds(pattern: string): { prefixEnd: number; suffixStart: number } {
	let prefixEnd = -1;
	let suffixStart = 0;
	for (let i = 0; i < pattern.length; i++) {
		if (!startsWildcard(pattern, i)) {
			continue;
		}
		if (prefixEnd < 0) {
			prefixEnd = i;
		}
		if (pattern[i] === ':') {
			while (isNameCharacter(pattern.charCodeAt(i + 1))) {
				i++;
			}
		}
		suffixStart = i + 1;
	}
	return prefixEnd < 0 ? { prefixEnd: pattern.length, suffixStart: pattern.length } : { prefixEnd, suffixStart };
}

const absoluteUrl = /^https?:\/\//i;

/**
 * Whether a `_headers` pattern matches a URL path (and host): `*` (splat) matches any characters, `:name`
 * (placeholder) one path segment's worth. An absolute URL pattern (`https://myproject.pages.dev/*`, Cloudflare's
 * example for preview hosts) matches only when the host is given and matches too, so a rule for preview hosts never
 * speaks for the production site. A pattern longer than `maxHeadersPatternLength` matches nothing.
 */
export function headersPatternMatches(pattern: string, path: string, host?: string): boolean {
	return compileHeadersPattern(pattern)(path, host);
}

/** `headersPatternMatches` for one pattern and many paths: the pattern is read once. */
function compileHeadersPattern(pattern: string): (path: string, host?: string) => boolean {
	if (pattern.length > maxHeadersPatternLength) {
		return () => false;
	}
	const scheme = absoluteUrl.exec(pattern);
	if (!scheme) {
		const glob = compileGlob(pattern, '/');
		return (path) => globMatches(glob, path);
	}
	const slash = pattern.indexOf('/', scheme[0].length);
	const hostGlob = compileGlob(pattern.slice(scheme[0].length, slash < 0 ? pattern.length : slash).toLowerCase(), '.');
	const pathGlob = compileGlob(slash < 0 ? '/' : pattern.slice(slash), '/');
	return (path, host) => host !== undefined && globMatches(hostGlob, host.toLowerCase()) && globMatches(pathGlob, path);
}

/**
 * A run of a pattern between separators that holds no splat: literal texts, and before, between and after them the
 * placeholders, each of which takes one character or more (none of them the separator).
 */
interface Piece {
	readonly literals: readonly string[];
	/** `gaps[i]`: how many placeholders stand before `literals[i]`; the last entry, after the last literal. */
	readonly gaps: readonly number[];
}

/**
 * A pattern as its splats cut it: `blocks[0]` * `blocks[1]` * … Each block is a list of pieces, which the separators
 * of the block join: a block of n pieces holds n - 1 literal separators.
 */
interface Glob {
	readonly separator: string;
	readonly blocks: readonly (readonly Piece[])[];
}

function isNameCharacter(code: number): boolean {
	return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** Whether a `*` or a `:name` placeholder starts at `i`. */
function startsWildcard(pattern: string, i: number): boolean {
	return pattern[i] === '*' || (pattern[i] === ':' && isNameCharacter(pattern.charCodeAt(i + 1)));
}

/** `*` is a splat, `:name` a placeholder, anything else itself. */
function compileGlob(pattern: string, separator: string): Glob {
	const blocks: Piece[][] = [];
	let pieces: Piece[] = [];
	let literals: string[] = [];
	let gaps: number[] = [0];
	let runStart = -1;
	const endRun = (end: number): void => {
		if (runStart >= 0) {
			literals.push(pattern.slice(runStart, end));
			gaps.push(0);
			runStart = -1;
		}
	};
	const endPiece = (end: number): void => {
		endRun(end);
		pieces.push({ literals, gaps });
		literals = [];
		gaps = [0];
	};
	for (let i = 0; i < pattern.length; i++) {
		const char = pattern[i];
		if (char === '*') {
			endPiece(i);
			blocks.push(pieces);
			pieces = [];
		} else if (char === ':' && isNameCharacter(pattern.charCodeAt(i + 1))) {
			endRun(i);
			while (isNameCharacter(pattern.charCodeAt(i + 1))) {
				i++;
			}
			gaps[gaps.length - 1]++;
		} else if (char === separator) {
			endPiece(i);
		} else if (runStart < 0) {
			runStart = i;
		}
	}
	endPiece(pattern.length);
	blocks.push(pieces);
	return { separator, blocks };
}

/**
 * Whether a compiled pattern matches the whole text. Each block after a splat is matched where it ends first, since
 * the splat after it can take whatever a later end would leave; a block's separators fall on the text's separators,
 * so its pieces are matched one text segment each. No search goes back over the text for a block already placed, and
 * nothing is allocated.
 */
function globMatches(glob: Glob, text: string): boolean {
	const { blocks } = glob;
	const last = blocks.length - 1;
	if (last === 0) {
		return placedEnd(glob, blocks[0], 0, text, 0, true) === text.length;
	}
	let at = placedEnd(glob, blocks[0], 0, text, 0, false);
	for (let i = 1; i < last && at >= 0; i++) {
		at = firstEnd(glob, blocks[i], text, at);
	}
	return at >= 0 && endsWith(glob, blocks[last], text, at);
}

/**
 * The earliest end of `block`'s pieces from `first` on, placed with the first of them starting exactly at `start`:
 * every piece but the last fills a text segment up to a separator; the last ends where it can first (or, with
 * `toEnd`, must end at the end of the text). -1 when they do not fit.
 */
function placedEnd(glob: Glob, block: readonly Piece[], first: number, text: string, start: number, toEnd: boolean): number {
	let from = start;
	for (let j = first; j < block.length - 1; j++) {
		const to = text.indexOf(glob.separator, from);
		if (to < 0 || pieceEnd(block[j], text, from, to, false, true) < 0) {
			return -1;
		}
		from = to + 1;
	}
	const separator = text.indexOf(glob.separator, from);
	if (separator >= 0 && toEnd) {
		return -1;
	}
	return pieceEnd(block[block.length - 1], text, from, separator < 0 ? text.length : separator, false, toEnd);
}

/** The earliest end of a match of `block` that starts anywhere from `from` on; -1 when there is none. */
function firstEnd(glob: Glob, block: readonly Piece[], text: string, from: number): number {
	for (let segment = from; ; ) {
		const separator = text.indexOf(glob.separator, segment);
		const segmentEnd = separator < 0 ? text.length : separator;
		if (block.length === 1) {
			const end = pieceEnd(block[0], text, segment, segmentEnd, true, false);
			if (end >= 0) {
				return end;
			}
		} else if (separator >= 0 && pieceEnd(block[0], text, segment, separator, true, true) >= 0) {
			const end = placedEnd(glob, block, 1, text, separator + 1, false);
			if (end >= 0) {
				return end;
			}
		}
		if (separator < 0) {
			return -1;
		}
		segment = separator + 1;
	}
}

/** Whether `block` matches the end of the text, starting anywhere from `from` on. */
function endsWith(glob: Glob, block: readonly Piece[], text: string, from: number): boolean {
	let to = text.length;
	for (let j = block.length - 1; j >= 1; j--) {
		const separator = to > 0 ? text.lastIndexOf(glob.separator, to - 1) : -1;
		if (separator < from || pieceEnd(block[j], text, separator + 1, to, false, true) < 0) {
			return false;
		}
		to = separator;
	}
	const separator = to > 0 ? text.lastIndexOf(glob.separator, to - 1) : -1;
	return pieceEnd(block[0], text, Math.max(from, separator + 1), to, true, true) >= 0;
}

/**
 * Where a piece ends when matched in `text[from, to)`, which holds no separator: starting at `from` (or anywhere from
 * there with `freeStart`), the earliest end (with `toEnd`, `to` itself); -1 when it does not fit. Each literal is
 * placed as far left as it goes, which leaves the most room for the rest.
 */
function pieceEnd(piece: Piece, text: string, from: number, to: number, freeStart: boolean, toEnd: boolean): number {
	const { literals, gaps } = piece;
	const count = literals.length;
	if (count === 0) {
		// Placeholders only (or nothing): a run of at least gaps[0] characters.
		const fits = gaps[0] === 0 && !freeStart && toEnd ? to === from : to - from >= gaps[0];
		return fits ? (toEnd ? to : from + gaps[0]) : -1;
	}
	let at = from + gaps[0];
	for (let i = 0; i < count; i++) {
		const literal = literals[i];
		const pinned = i === 0 && !freeStart && gaps[0] === 0;
		let found: number;
		if (i === count - 1 && toEnd && gaps[count] === 0) {
			found = to - literal.length;
			if (found < at || (pinned && found !== at) || !text.startsWith(literal, found)) {
				return -1;
			}
		} else if (pinned) {
			found = at;
			if (found + literal.length > to || !text.startsWith(literal, found)) {
				return -1;
			}
		} else {
			found = findBetween(text, literal, at, to);
			if (found < 0) {
				return -1;
			}
		}
		at = found + literal.length + gaps[i + 1];
	}
	if (at > to) {
		return -1;
	}
	return toEnd ? to : at;
}

/** The first position from `from` where `literal` lies wholly before `to`; -1 when there is none. */
function findBetween(text: string, literal: string, from: number, to: number): number {
	const first = literal.charCodeAt(0);
	for (let at = from; at + literal.length <= to; at++) {
		if (text.charCodeAt(at) === first && text.startsWith(literal, at)) {
			return at;
		}
	}
	return -1;
}
