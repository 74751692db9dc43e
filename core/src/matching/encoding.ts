/**
 * Percent-encoding normalisation, one function per dialect, applied to both rule patterns and URL paths so that
 * the two sides are compared in the same form. All results are ASCII, so a string's length is its octet count.
 */

import { escapedByte, isEscapedByte } from '../syntax/bytes';

const HEX = '0123456789ABCDEF';
const PERCENT = 37;

function hexValue(code: number): number {
	if (code >= 48 && code <= 57) {
		return code - 48;
	}
	if (code >= 65 && code <= 70) {
		return code - 55;
	}
	if (code >= 97 && code <= 102) {
		return code - 87;
	}
	return -1;
}

/** The octet `%XX` encodes at `i`, or -1 when there is no valid escape there. */
function escapedOctet(text: string, i: number): number {
	if (text.charCodeAt(i) !== PERCENT || i + 2 >= text.length) {
		return -1;
	}
	const high = hexValue(text.charCodeAt(i + 1));
	const low = hexValue(text.charCodeAt(i + 2));
	return high < 0 || low < 0 ? -1 : high * 16 + low;
}

function percent(octet: number): string {
	return '%' + HEX[octet >> 4] + HEX[octet & 15];
}

/** Appends the UTF-8 octets of the code point at `i` as `%XX`; returns how many UTF-16 units it used. */
function encodeNonAscii(text: string, i: number, out: string[]): number {
	let codePoint = text.charCodeAt(i);
	let used = 1;
	if (codePoint >= 0xd800 && codePoint <= 0xdbff && i + 1 < text.length) {
		const low = text.charCodeAt(i + 1);
		if (low >= 0xdc00 && low <= 0xdfff) {
			codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (low - 0xdc00);
			used = 2;
		}
	}
	if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
		// A lone surrogate cannot be UTF-8; encode it as the replacement character, as a UTF-8 encoder would.
		codePoint = 0xfffd;
	}
	if (codePoint < 0x800) {
		out.push(percent(0xc0 | (codePoint >> 6)), percent(0x80 | (codePoint & 63)));
	} else if (codePoint < 0x10000) {
		out.push(percent(0xe0 | (codePoint >> 12)), percent(0x80 | ((codePoint >> 6) & 63)), percent(0x80 | (codePoint & 63)));
	} else {
		out.push(
			percent(0xf0 | (codePoint >> 18)),
			percent(0x80 | ((codePoint >> 12) & 63)),
			percent(0x80 | ((codePoint >> 6) & 63)),
			percent(0x80 | (codePoint & 63)),
		);
	}
	return used;
}

function isUnreserved(code: number): boolean {
	return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45 || code === 46 || code === 95 || code === 126;
}

/** ASCII characters that may not stand raw in a URI (RFC 3986): controls, space, `"<>\^`{|}` and DEL. */
function isNotUriCharacter(code: number): boolean {
	return (
		code <= 32
		|| code === 127
		|| code === 34
		|| code === 60
		|| code === 62
		|| code === 92
		|| code === 94
		|| code === 96
		|| code === 123
		|| code === 124
		|| code === 125
	);
}

/** Gen-delims that RFC 9309 figure 4 shows encoded inside the query: `:`, `/`, `?`, `@`, `[`, `]`. */
function isQueryDelimiter(code: number): boolean {
	return code === 58 || code === 47 || code === 63 || code === 64 || code === 91 || code === 93;
}

/** The comparison forms: RFC 9309 (patterns and URLs differ in `*` and `$`), Google's pattern escape, the 1996 draft. */
type Form = 'rfc-pattern' | 'rfc-url' | 'google' | 'draft';

/** What a valid `%XX` escape becomes in a form. */
function escapeIn(form: Form, octet: number): string {
	switch (form) {
		case 'rfc-pattern':
		case 'rfc-url':
			return isUnreserved(octet) ? String.fromCharCode(octet) : percent(octet);
		case 'google':
			return percent(octet);
		case 'draft':
			// "Unencoded prior to comparison, unless it is the "/" character"; `%25` stays so that no new escape appears.
			return octet < 128 && octet !== 47 && octet !== PERCENT ? String.fromCharCode(octet) : percent(octet);
	}
}

/**
 * One pass that rewrites only what the form changes: plain runs are copied by slices, and a text that needs no
 * change is returned as it is. Every form encodes non-ASCII octets with upper-case hex.
 */
function rewrite(text: string, form: Form): string {
	const rfc = form === 'rfc-pattern' || form === 'rfc-url';
	const out: string[] = [];
	let plainFrom = 0;
	let inQuery = false;
	const length = text.length;
	for (let i = 0; i < length; i++) {
		const code = text.charCodeAt(i);
		let replacement: string | undefined;
		let used = 1;
		if (code === PERCENT) {
			const octet = escapedOctet(text, i);
			if (octet >= 0) {
				replacement = escapeIn(form, octet);
				used = 3;
			} else if (rfc || form === 'draft') {
				// A `%` that starts no escape is the octet `%` itself, which the draft's form writes `%25` as it keeps
				// `%25` (docs/semantics.md): so `/a%zz` and `/a%25zz` compare equal.
				replacement = '%25';
			}
		} else if (form === 'google' && isEscapedByte(code)) {
			// A raw byte that was not UTF-8 (decodeRobotsBytes escapes it): robots.cc percent-encodes the octet itself.
			replacement = percent(escapedByte(code));
		} else if (code >= 128) {
			const parts: string[] = [];
			used = encodeNonAscii(text, i, parts);
			replacement = parts.join('');
		} else if (!rfc) {
			continue;
		} else if (code === 42 || code === 36) {
			if (form === 'rfc-url') {
				replacement = percent(code);
			} else if (code === 36 && i !== length - 1) {
				// `$` is special only at the end of a pattern; elsewhere it is the character itself.
				replacement = '%24';
			}
		} else if (isNotUriCharacter(code) || (inQuery && isQueryDelimiter(code))) {
			replacement = percent(code);
		} else if (code === 63) {
			inQuery = true;
		}
		if (replacement !== undefined) {
			if (i > plainFrom) {
				out.push(text.slice(plainFrom, i));
			}
			out.push(replacement);
			i += used - 1;
			plainFrom = i + 1;
		}
	}
	if (plainFrom === 0) {
		return text;
	}
	if (plainFrom < length) {
		out.push(text.slice(plainFrom));
	}
	return out.join('');
}

/*
 * Runs of characters that a form leaves as they are, as constant sticky expressions: `test` scans natively, sets
 * `lastIndex` where the run stops and builds no match. `#` stops them too, as a URL's fragment starts there.
 */
/** RFC 9309's URL form outside the query: not `%`, `*`, `$`, characters that may not stand raw in a URI, non-ASCII. */
const rfcPlainPath = /[^%*$#?\x00-\x20"<>\\^`{|}\x7f-\uffff]*/y;
/** The same inside the query, where the gen-delims `:/?@[]` are encoded too. */
const rfcPlainQuery = /[^%*$#?:/@[\]\x00-\x20"<>\\^`{|}\x7f-\uffff]*/y;
/** The 1996 draft's form: not `%`, not non-ASCII. */
const draftPlain = /[^%#\x80-\uffff]*/y;

/** Where a run that stops on `#` or at the end of `text` ended, or -1 when it stopped on another character. */
function runEnd(text: string, i: number): number {
	return i === text.length || text.charCodeAt(i) === 35 ? i : -1;
}

/**
 * Where the URL path starting at `start` in `text` ends (at `#` or the end) when `normalizeRfc(path, false)` leaves
 * it unchanged, else -1. Allocates nothing.
 */
export function rfcPlainPathEnd(text: string, start: number): number {
	rfcPlainPath.lastIndex = start;
	rfcPlainPath.test(text);
	let i = rfcPlainPath.lastIndex;
	if (text.charCodeAt(i) === 63) {
		// The first `?` starts the query and stays.
		rfcPlainQuery.lastIndex = i + 1;
		rfcPlainQuery.test(text);
		i = rfcPlainQuery.lastIndex;
	}
	return runEnd(text, i);
}

/** Where the URL path starting at `start` ends when `normalizeDraft(path)` certainly leaves it unchanged, else -1. */
export function draftPlainPathEnd(text: string, start: number): number {
	draftPlain.lastIndex = start;
	draftPlain.test(text);
	return runEnd(text, draftPlain.lastIndex);
}

/**
 * RFC 9309 §2.2.2 normalisation: non-ASCII octets are percent-encoded, hex is upper-case, escapes of unreserved
 * characters are decoded, other escapes (`%2F` among them) stay. Inside the query, the gen-delims are encoded as
 * figure 4 shows (`?baz=https://foo.bar` becomes `?baz=https%3A%2F%2Ffoo.bar`). In a pattern, `*` and a final `$` are
 * operators and stay; in a URL, `*` and `$` are encoded so that a pattern's `%2A`/`%24` match them (figure 6).
 */
export function normalizeRfc(text: string, isPattern: boolean): string {
	return rewrite(text, isPattern ? 'rfc-pattern' : 'rfc-url');
}

/**
 * Google's `MaybeEscapePattern`: hex digits of `%xx` are upper-cased and every non-ASCII octet is percent-encoded.
 * Nothing is decoded. Google applies it to Allow/Disallow values only, never to the URL.
 */
export function escapeGooglePattern(text: string): string {
	return rewrite(text, 'google');
}

/**
 * The 1996 draft's comparison form: a `%xx` escape "is unencoded prior to comparison, unless it is the "/" character".
 * Escapes of ASCII octets are decoded (but `%2F`, and `%25` so that no new escape appears), non-ASCII octets are
 * percent-encoded with upper-case hex, so that `ツ`, `%e3%83%84` and `%E3%83%84` compare equal.
 */
export function normalizeDraft(text: string): string {
	return rewrite(text, 'draft');
}
