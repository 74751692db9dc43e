/** Base64 (RFC 4648 §4) for bytes that travel in JSON: fetched bodies on the wire, sketches in log reports. */

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Values = new Int16Array(128).fill(-1);
for (let i = 0; i < base64Alphabet.length; i++) {
	base64Values[base64Alphabet.charCodeAt(i)] = i;
}

/** Decodes base64 (RFC 4648 §4, padding optional); undefined when a character is outside the alphabet. */
export function decodeBase64(text: string): Uint8Array | undefined {
	const clean = text.replace(/=+$/, '');
	const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
	let bits = 0;
	let value = 0;
	let at = 0;
	for (let i = 0; i < clean.length; i++) {
		const code = clean.charCodeAt(i);
		const digit = code < 128 ? base64Values[code] : -1;
		if (digit < 0) {
			return undefined;
		}
		value = (value << 6) | digit;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[at++] = (value >> bits) & 0xff;
		}
	}
	return out.subarray(0, at);
}

/** Encodes bytes as base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 3) {
		const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
		out += base64Alphabet[(chunk >> 18) & 63] + base64Alphabet[(chunk >> 12) & 63];
		out += i + 1 < bytes.length ? base64Alphabet[(chunk >> 6) & 63] : '=';
		out += i + 2 < bytes.length ? base64Alphabet[chunk & 63] : '=';
	}
	return out;
}
