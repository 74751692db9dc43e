/**
 * Turns one line of text into a `LineNode`. Lexing is context-free per line: a line's node depends only on its own
 * characters (and on whether it is the first line, which may carry a byte order mark). It never throws.
 */

import { directiveForKey, googleDirectiveForKey } from '../facts/directives';
import type { LineKind, LineNode } from './ast';

const TAB = 9;
const LF = 10;
const VT = 11;
const FF = 12;
const CR = 13;
const SPACE = 32;
const HASH = 35;
const COLON = 58;
const BOM = 0xfeff;
const NUL = 0;
/** The bytes EF and BB of a byte order mark, as `decodeRobotsBytes` escapes them when the mark is cut short. */
const ESCAPED_EF = 0xdcef;
const ESCAPED_BB = 0xdcbb;

/** Space, tab, vertical tab and form feed: the whitespace robots.txt parsers trim. */
export function isWhitespace(code: number): boolean {
	return code === SPACE || code === TAB || code === VT || code === FF;
}

/** The offset of the first CR or LF at or after `start`, or the text's length. */
function findLineBreak(text: string, start: number): number {
	const length = text.length;
	for (let i = start; i < length; i++) {
		const code = text.charCodeAt(i);
		if (code === LF || code === CR) {
			return i;
		}
	}
	return length;
}

/**
 * Lexes the line that starts at `start` in `text`. `isFirstLine` lets a leading byte order mark count as trivia.
 */
export function lexLine(text: string, start: number, isFirstLine: boolean): LineNode {
	const scan = { nul: -1 };
	const node = lex(text, start, isFirstLine, scan);
	if (scan.nul < 0 && !(isFirstLine && text.charCodeAt(start) === ESCAPED_EF)) {
		return node;
	}
	const end = scan.nul >= 0 ? start + scan.nul : start + node.length;
	return { ...node, googleDirective: googleReading(text, start, isFirstLine, end) };
}

/** Lexes one line; `scan.nul` receives the offset of the first NUL before any comment, or stays -1. */
function lex(text: string, start: number, isFirstLine: boolean, scan: { nul: number }): LineNode {
	const breakAt = findLineBreak(text, start);
	const length = breakAt - start;
	let eolLength = 0;
	if (breakAt < text.length) {
		eolLength = text.charCodeAt(breakAt) === CR && text.charCodeAt(breakAt + 1) === LF ? 2 : 1;
	}

	let i = start;
	if (isFirstLine && i < breakAt && text.charCodeAt(i) === BOM) {
		i++;
	}
	while (i < breakAt && isWhitespace(text.charCodeAt(i))) {
		i++;
	}
	const keyStart = i - start;

	// The first `#` ends the content; the first `:` before it separates key and value.
	let separator = -1;
	let commentStart = -1;
	let nul = -1;
	for (let j = i; j < breakAt; j++) {
		const code = text.charCodeAt(j);
		if (code === HASH) {
			commentStart = j - start;
			break;
		}
		if (code === COLON && separator < 0) {
			separator = j - start;
		} else if (code === NUL && nul < 0) {
			nul = j - start;
		}
	}
	const contentEnd = commentStart >= 0 ? commentStart : length;
	scan.nul = nul;

	if (keyStart >= contentEnd) {
		const kind: LineKind = commentStart >= 0 ? 'comment' : 'blank';
		return node(kind, length, eolLength, keyStart, keyStart, -1, keyStart, keyStart, commentStart, 'none', 'none');
	}

	if (separator >= 0) {
		const keyEnd = trimEnd(text, start, keyStart, separator);
		const valueStart = trimStart(text, start, separator + 1, contentEnd);
		const valueEnd = trimEnd(text, start, valueStart, contentEnd);
		const key = text.slice(start + keyStart, start + keyEnd);
		const directive = key.length === 0 ? 'unknown' : directiveForKey(key);
		const googleDirective = key.length === 0 ? 'none' : googleDirectiveForKey(key);
		return node('directive', length, eolLength, keyStart, keyEnd, separator, valueStart, valueEnd, commentStart, directive, googleDirective);
	}

	// No colon: the key is the first word and the value the rest; Google accepts exactly two words.
	let keyEnd = keyStart;
	while (keyEnd < contentEnd && !isWhitespace(text.charCodeAt(start + keyEnd))) {
		keyEnd++;
	}
	const valueStart = trimStart(text, start, keyEnd, contentEnd);
	const valueEnd = trimEnd(text, start, valueStart, contentEnd);
	let googleDirective: LineNode['googleDirective'] = 'none';
	if (valueStart < valueEnd && !hasWhitespace(text, start + valueStart, start + valueEnd)) {
		googleDirective = googleDirectiveForKey(text.slice(start + keyStart, start + keyEnd));
	}
	return node('text', length, eolLength, keyStart, keyEnd, -1, valueStart, valueEnd, commentStart, 'none', googleDirective);
}

/**
 * Google's reading of a line's key where it differs from the others': robots.cc reads lines as C strings, so a NUL
 * ends the line, and it skips the leading bytes of the file that match EF BB BF, so a byte order mark cut short
 * (EF, or EF BB: escaped bytes in a decoded text) is skipped too.
 */
function googleReading(text: string, start: number, isFirstLine: boolean, end: number): LineNode['googleDirective'] {
	let from = start;
	if (isFirstLine && text.charCodeAt(from) === ESCAPED_EF) {
		from += text.charCodeAt(from + 1) === ESCAPED_BB ? 2 : 1;
	}
	return lex(text.slice(from, end), 0, false, { nul: -1 }).googleDirective;
}

function node(
	kind: LineKind,
	length: number,
	eolLength: number,
	keyStart: number,
	keyEnd: number,
	separator: number,
	valueStart: number,
	valueEnd: number,
	commentStart: number,
	directive: LineNode['directive'],
	googleDirective: LineNode['googleDirective'],
): LineNode {
	// One object shape for every node keeps property access monomorphic on hot paths.
	return { kind, length, eolLength, keyStart, keyEnd, separator, valueStart, valueEnd, commentStart, directive, googleDirective };
}

function trimStart(text: string, base: number, from: number, to: number): number {
	let i = from;
	while (i < to && isWhitespace(text.charCodeAt(base + i))) {
		i++;
	}
	return i;
}

function trimEnd(text: string, base: number, from: number, to: number): number {
	let i = to;
	while (i > from && isWhitespace(text.charCodeAt(base + i - 1))) {
		i--;
	}
	return i;
}

function hasWhitespace(text: string, from: number, to: number): boolean {
	for (let i = from; i < to; i++) {
		if (isWhitespace(text.charCodeAt(i))) {
			return true;
		}
	}
	return false;
}
