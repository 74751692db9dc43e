/**
 * Octets as crawlers receive them, counted on the text the core holds: UTF-8, with each escaped raw byte (see
 * `bytes.ts`) one octet, as it was on the wire. Every limit that crawlers count in bytes (Google's line, the file
 * sizes of RFC 9309, Google and Yandex, rule lengths) is counted here and nowhere else.
 */

import { isEscapedByte } from './bytes';

const asciiOnly = /^[\x00-\x7f]*$/;

/**
 * The octets of the character that starts at `i`: an escaped raw byte is one, a surrogate pair four, any other
 * UTF-16 unit its UTF-8 length (a lone surrogate three, the replacement character a UTF-8 encoder writes for it).
 */
function octetsAt(text: string, i: number): number {
	const code = text.charCodeAt(i);
	if (code < 0x80) {
		return 1;
	}
	if (code < 0x800) {
		return 2;
	}
	if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
		return 4;
	}
	return isEscapedByte(code) ? 1 : 3;
}

/** The number of octets of `text` as crawlers receive it. */
export function octetLength(text: string): number {
	// Most lines are ASCII, which the regular expression engine confirms several times faster than the loop below.
	if (asciiOnly.test(text)) {
		return text.length;
	}
	let octets = 0;
	for (let i = 0; i < text.length; i++) {
		const width = octetsAt(text, i);
		octets += width;
		if (width === 4) {
			i++;
		}
	}
	return octets;
}

/**
 * How many UTF-16 units of `text` lie within its first `limit` octets, never splitting a character: the offset of
 * the character that holds octet `limit + 1` (counting from 1), or the text's length when it has no more octets.
 */
export function octetCut(text: string, limit: number): number {
	let octets = 0;
	for (let i = 0; i < text.length; i++) {
		const width = octetsAt(text, i);
		if (octets + width > limit) {
			return i;
		}
		octets += width;
		if (width === 4) {
			i++;
		}
	}
	return text.length;
}
