/**
 * A robots.txt as bytes, the way crawlers receive it. UTF-8 is decoded; every byte that is not part of valid UTF-8
 * becomes the lone surrogate U+DC80 + byte (Python's "surrogateescape"), so the raw byte survives into the text and a
 * dialect that compares bytes (Google percent-encodes every octet ≥ 0x80 as it stands) can still see it.
 * Editors hand us text they decoded themselves, where such bytes are already U+FFFD; only byte input carries them.
 */

/** The first code unit of the escapes: U+DC80 stands for the byte 0x80, U+DCFF for 0xFF. */
const escapeBase = 0xdc00;

/** Whether a UTF-16 code unit is an escaped raw byte (U+DC80 to U+DCFF, a lone low surrogate). */
export function isEscapedByte(code: number): boolean {
	return code >= 0xdc80 && code <= 0xdcff;
}

/** The offset of the first raw byte that was not UTF-8 (an escape, see decodeRobotsBytes) in `text`, or -1. */
export function firstEscapedByte(text: string): number {
	escapedBytes.lastIndex = 0;
	for (let match = escapedBytes.exec(text); match; match = escapedBytes.exec(text)) {
		const i = match.index;
		// U+DC80 to U+DCFF after a high surrogate is the second half of a character, not a byte.
		if (isEscapedByte(text.charCodeAt(i)) && !(i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff)) {
			return i;
		}
	}
	return -1;
}

/** Code units that may be escaped bytes; a constant expression scanned natively. */
const escapedBytes = /[\udc80-\udcff]/g;

/** The raw byte an escape stands for. */
export function escapedByte(code: number): number {
	return code - escapeBase;
}

/**
 * Decodes a robots.txt body. A byte order mark is kept as U+FEFF (the parser treats it as trivia), invalid bytes
 * become escapes; the result never loses a byte, and `encodeRobotsText` gives the bytes back.
 */
export function decodeRobotsBytes(bytes: Uint8Array): string {
	const parts: string[] = [];
	let units: number[] = [];
	const flush = () => {
		parts.push(String.fromCharCode(...units));
		units = [];
	};
	const length = bytes.length;
	let i = 0;
	while (i < length) {
		const first = bytes[i];
		let codePoint = -1;
		let size = 1;
		if (first < 0x80) {
			codePoint = first;
		} else if (first >= 0xc2 && first <= 0xdf) {
			size = 2;
			if (isContinuation(bytes, i + 1)) {
				codePoint = ((first & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
			}
		} else if (first >= 0xe0 && first <= 0xef) {
			size = 3;
			// E0 needs A0..BF next (no overlong forms), ED needs 80..9F (no surrogates).
			const low = first === 0xe0 ? 0xa0 : 0x80;
			const high = first === 0xed ? 0x9f : 0xbf;
			if (i + 1 < length && bytes[i + 1] >= low && bytes[i + 1] <= high && isContinuation(bytes, i + 2)) {
				codePoint = ((first & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
			}
		} else if (first >= 0xf0 && first <= 0xf4) {
			size = 4;
			const low = first === 0xf0 ? 0x90 : 0x80;
			const high = first === 0xf4 ? 0x8f : 0xbf;
			if (i + 1 < length && bytes[i + 1] >= low && bytes[i + 1] <= high && isContinuation(bytes, i + 2) && isContinuation(bytes, i + 3)) {
				codePoint = ((first & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
			}
		}
		if (codePoint < 0) {
			units.push(escapeBase + first);
			i++;
		} else {
			if (codePoint >= 0x10000) {
				const offset = codePoint - 0x10000;
				units.push(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff));
			} else {
				units.push(codePoint);
			}
			i += size;
		}
		if (units.length >= 8192) {
			flush();
		}
	}
	flush();
	return parts.join('');
}

function isContinuation(bytes: Uint8Array, i: number): boolean {
	return i < bytes.length && (bytes[i] & 0xc0) === 0x80;
}

/** The bytes of a text: UTF-8, with escaped raw bytes written back as themselves. The inverse of `decodeRobotsBytes`. */
export function encodeRobotsText(text: string): Uint8Array {
	const out: number[] = [];
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i);
		if (isEscapedByte(code)) {
			out.push(escapedByte(code));
			continue;
		}
		if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
			code = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
			i++;
		} else if (code >= 0xd800 && code <= 0xdfff) {
			code = 0xfffd;
		}
		if (code < 0x80) {
			out.push(code);
		} else if (code < 0x800) {
			out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
		} else if (code < 0x10000) {
			out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
		} else {
			out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
		}
	}
	return Uint8Array.from(out);
}

/**
 * `encodeURIComponent` for text that may hold escaped bytes (a file name that is not UTF-8, read as bytes): each escape
 * becomes its byte, `%XX`, where `encodeURIComponent` would throw on the lone surrogate.
 */
export function encodeUriComponentOfBytes(text: string): string {
	return text.replace(/[\udc80-\udcff]|[^\udc80-\udcff]+/gu, (part) => {
		const code = part.charCodeAt(0);
		return part.length === 1 && isEscapedByte(code) ? '%' + escapedByte(code).toString(16).toUpperCase().padStart(2, '0') : encodeURIComponent(part);
	});
}
