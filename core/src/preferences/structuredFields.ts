/**
 * RFC 9651 (Structured Field Values for HTTP) §4.2.2: a Dictionary parsed from a range of a line, with the offset of
 * every key and value, as the AI preference drafts read the statement of a `Content-Usage` line. It follows the RFC's
 * parsing algorithms step by step (the httpwg/structured-field-tests suite holds it to them) and never throws: a
 * failure is a result, with the offset where parsing stopped and the members read before it.
 */

/** A bare item (RFC 9651 §3.3); a byte sequence keeps its base64 text, a display string its decoded text. */
export type SfBareItem =
	| { readonly kind: 'integer' | 'decimal' | 'date'; readonly value: number }
	| { readonly kind: 'string' | 'token' | 'binary' | 'display-string'; readonly value: string }
	| { readonly kind: 'boolean'; readonly value: boolean };

/** A parameter (§3.1.2): `;key` or `;key=bare-item`. Offsets are within the parsed text. */
export interface SfParameter {
	readonly key: string;
	readonly keyStart: number;
	readonly value: SfBareItem;
}

/** An item (§3.3) or an inner list (§3.1.1), from `start` to `end`, parameters included. */
export type SfValue =
	| { readonly kind: 'item'; readonly item: SfBareItem; readonly parameters: readonly SfParameter[]; readonly start: number; readonly end: number }
	| {
			readonly kind: 'inner-list';
			readonly items: readonly { readonly item: SfBareItem; readonly parameters: readonly SfParameter[] }[];
			readonly parameters: readonly SfParameter[];
			readonly start: number;
			readonly end: number;
	  };

/** One `key[=value]` of the dictionary as written; a key without `=` has the value Boolean true (§4.2.2). */
export interface SfMember {
	readonly key: string;
	readonly keyStart: number;
	readonly keyEnd: number;
	readonly value: SfValue;
}

/** Why parsing failed, for the words a diagnostic will say. */
export type SfFailure =
	/** A key must start with a lower-case letter or `*` (§4.2.3.3): an upper-case key fails here. */
	| 'key'
	/** No bare item can start with this character (§4.2.3.1). */
	| 'item'
	/** A malformed number, string, byte sequence, Boolean, date or display string (§4.2.4 to §4.2.10). */
	| 'bare-item'
	/** An inner list without its `)` (§4.2.1.2). */
	| 'inner-list'
	/** Something other than `,` after a member (§4.2.2 step 2.8). */
	| 'separator'
	/** A `,` with nothing after it (§4.2.2 step 2.10). */
	| 'trailing-comma';

/** The dictionary in the RFC's sense (a repeated key keeps its first place and its last value), or why it failed. */
export type SfDictionary =
	| { readonly ok: true; readonly members: readonly SfMember[]; readonly dictionary: ReadonlyMap<string, SfMember> }
	| { readonly ok: false; readonly members: readonly SfMember[]; readonly failure: SfFailure; readonly at: number };

const SP = 32;
const HTAB = 9;
const DQUOTE = 34;
const BACKSLASH = 92;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLcAlpha = (c: number) => c >= 97 && c <= 122;
const isAlpha = (c: number) => isLcAlpha(c) || (c >= 65 && c <= 90);
/** `lcalpha / DIGIT / "_" / "-" / "." / "*"`: the characters of a key after its first (§3.1.2). */
const isKeyChar = (c: number) => isLcAlpha(c) || isDigit(c) || c === 95 || c === 45 || c === 46 || c === 42;
/** RFC 9110 §5.6.2's tchar, plus `:` and `/` (§4.2.6). */
const isTokenChar = (c: number) => isAlpha(c) || isDigit(c) || "!#$%&'*+-.^_`|~:/".includes(String.fromCharCode(c));
const isBase64Char = (c: number) => isAlpha(c) || isDigit(c) || c === 43 || c === 47 || c === 61;

/** Thrown inside the parser only, and caught by `parseSfDictionary`: parsing as a whole never throws. */
class Failure {
	constructor(
		readonly failure: SfFailure,
		readonly at: number,
	) {}
}

/** A cursor over `text[position, end)`. */
class Input {
	constructor(
		readonly text: string,
		public position: number,
		readonly end: number,
	) {}

	get empty(): boolean {
		return this.position >= this.end;
	}

	/** The next character's code, or -1 at the end. */
	peek(): number {
		return this.empty ? -1 : this.text.charCodeAt(this.position);
	}

	fail(failure: SfFailure): never {
		throw new Failure(failure, this.position);
	}

	skip(predicate: (c: number) => boolean): void {
		while (!this.empty && predicate(this.peek())) {
			this.position++;
		}
	}
}

/**
 * Parses `text[start, end)` as a Dictionary field value (§4.2 with `field_type` dictionary): leading SP discarded,
 * the dictionary, trailing SP discarded, nothing may remain. Offsets in the result are offsets in `text`.
 */
export function parseSfDictionary(text: string, start = 0, end = text.length): SfDictionary {
	const input = new Input(text, start, end);
	const members: SfMember[] = [];
	try {
		input.skip((c) => c === SP);
		parseDictionary(input, members);
		input.skip((c) => c === SP);
		if (!input.empty) {
			input.fail('separator');
		}
	} catch (error) {
		if (error instanceof Failure) {
			return { ok: false, members, failure: error.failure, at: error.at };
		}
		throw error;
	}
	const dictionary = new Map<string, SfMember>();
	for (const member of members) {
		// §4.2.2 step 2.4: a repeated key overwrites the value; a Map keeps the key's first place, as the RFC does.
		dictionary.set(member.key, member);
	}
	return { ok: true, members, dictionary };
}

/** §4.2.2. */
function parseDictionary(input: Input, members: SfMember[]): void {
	const isOws = (c: number) => c === SP || c === HTAB;
	while (!input.empty) {
		const keyStart = input.position;
		const key = parseKey(input);
		const keyEnd = input.position;
		let value: SfValue;
		if (input.peek() === 61) {
			input.position++;
			value = parseItemOrInnerList(input);
		} else {
			const parameters = parseParameters(input);
			value = { kind: 'item', item: { kind: 'boolean', value: true }, parameters, start: keyEnd, end: input.position };
		}
		members.push({ key, keyStart, keyEnd, value });
		input.skip(isOws);
		if (input.empty) {
			return;
		}
		if (input.peek() !== 44) {
			input.fail('separator');
		}
		input.position++;
		input.skip(isOws);
		if (input.empty) {
			input.fail('trailing-comma');
		}
	}
}

/** §4.2.3.3. */
function parseKey(input: Input): string {
	const first = input.peek();
	if (!isLcAlpha(first) && first !== 42) {
		input.fail('key');
	}
	const start = input.position;
	input.skip(isKeyChar);
	return input.text.slice(start, input.position);
}

/** §4.2.1.1 and §4.2.1.2. */
function parseItemOrInnerList(input: Input): SfValue {
	const start = input.position;
	if (input.peek() !== 40) {
		const item = parseBareItem(input);
		const parameters = parseParameters(input);
		return { kind: 'item', item, parameters, start, end: input.position };
	}
	input.position++;
	const items: { item: SfBareItem; parameters: readonly SfParameter[] }[] = [];
	while (!input.empty) {
		input.skip((c) => c === SP);
		if (input.peek() === 41) {
			input.position++;
			const parameters = parseParameters(input);
			return { kind: 'inner-list', items, parameters, start, end: input.position };
		}
		const item = parseBareItem(input);
		items.push({ item, parameters: parseParameters(input) });
		const next = input.peek();
		if (next !== SP && next !== 41) {
			input.fail('inner-list');
		}
	}
	return input.fail('inner-list');
}

/** §4.2.3.2: a repeated parameter key overwrites the value in the first place. */
function parseParameters(input: Input): SfParameter[] {
	const parameters: SfParameter[] = [];
	while (input.peek() === 59) {
		input.position++;
		input.skip((c) => c === SP);
		const keyStart = input.position;
		const key = parseKey(input);
		let value: SfBareItem = { kind: 'boolean', value: true };
		if (input.peek() === 61) {
			input.position++;
			value = parseBareItem(input);
		}
		const known = parameters.findIndex((parameter) => parameter.key === key);
		if (known >= 0) {
			parameters[known] = { key, keyStart: parameters[known].keyStart, value };
		} else {
			parameters.push({ key, keyStart, value });
		}
	}
	return parameters;
}

/** §4.2.3.1. */
function parseBareItem(input: Input): SfBareItem {
	const c = input.peek();
	if (c === 45 || isDigit(c)) {
		return parseNumber(input);
	}
	if (c === DQUOTE) {
		return parseString(input);
	}
	if (isAlpha(c) || c === 42) {
		const start = input.position;
		input.skip(isTokenChar);
		return { kind: 'token', value: input.text.slice(start, input.position) };
	}
	if (c === 58) {
		return parseByteSequence(input);
	}
	if (c === 63) {
		input.position++;
		const value = input.peek();
		if (value !== 48 && value !== 49) {
			input.fail('bare-item');
		}
		input.position++;
		return { kind: 'boolean', value: value === 49 };
	}
	if (c === 64) {
		input.position++;
		const date = parseNumber(input);
		if (date.kind !== 'integer') {
			input.fail('bare-item');
		}
		return { kind: 'date', value: date.value };
	}
	if (c === 37) {
		return parseDisplayString(input);
	}
	return input.fail('item');
}

/** §4.2.4: at most 15 digits for an integer; at most 12 before and 3 after the point for a decimal. */
function parseNumber(input: Input): { kind: 'integer' | 'decimal'; value: number } {
	let sign = 1;
	if (input.peek() === 45) {
		input.position++;
		sign = -1;
	}
	if (!isDigit(input.peek())) {
		input.fail('bare-item');
	}
	const start = input.position;
	let point = -1;
	while (!input.empty) {
		const c = input.peek();
		if (isDigit(c)) {
			input.position++;
		} else if (point < 0 && c === 46) {
			if (input.position - start > 12) {
				input.fail('bare-item');
			}
			point = input.position;
			input.position++;
		} else {
			break;
		}
		const length = input.position - start;
		if (point < 0 ? length > 15 : length > 16) {
			input.fail('bare-item');
		}
	}
	const digits = input.text.slice(start, input.position);
	if (point < 0) {
		// `-0` is zero: the sign multiplies a number, and JavaScript's -0 is no integer of the RFC's.
		return { kind: 'integer', value: sign * Number.parseInt(digits, 10) || 0 };
	}
	const decimals = input.position - point - 1;
	if (decimals === 0 || decimals > 3) {
		input.fail('bare-item');
	}
	return { kind: 'decimal', value: sign * Number.parseFloat(digits) || 0 };
}

/** §4.2.5: printable ASCII, with `\"` and `\\` the only escapes. */
function parseString(input: Input): SfBareItem {
	input.position++;
	let output = '';
	while (!input.empty) {
		const c = input.peek();
		input.position++;
		if (c === BACKSLASH) {
			const next = input.peek();
			if (next !== DQUOTE && next !== BACKSLASH) {
				input.fail('bare-item');
			}
			input.position++;
			output += String.fromCharCode(next);
		} else if (c === DQUOTE) {
			return { kind: 'string', value: output };
		} else if (c < 0x20 || c > 0x7e) {
			input.position--;
			input.fail('bare-item');
		} else {
			output += String.fromCharCode(c);
		}
	}
	return input.fail('bare-item');
}

/**
 * §4.2.7: base64 between colons, checked but not decoded (nothing here needs the bytes): it fails where decoding
 * would, on `=` anywhere but at the end or on a length no base64 has; missing padding is synthesised, as step 7 allows.
 */
function parseByteSequence(input: Input): SfBareItem {
	input.position++;
	const start = input.position;
	input.skip(isBase64Char);
	if (input.peek() !== 58) {
		input.fail('bare-item');
	}
	const value = input.text.slice(start, input.position);
	const data = value.replace(/=+$/, '');
	if (data.includes('=') || value.length - data.length > 2 || data.length % 4 === 1) {
		input.fail('bare-item');
	}
	input.position++;
	return { kind: 'binary', value };
}

/** §4.2.10: `%"`, printable ASCII with lower-case `%xx` escapes of UTF-8, `"`. */
function parseDisplayString(input: Input): SfBareItem {
	input.position++;
	if (input.peek() !== DQUOTE) {
		input.fail('bare-item');
	}
	input.position++;
	let encoded = '';
	while (!input.empty) {
		const c = input.peek();
		input.position++;
		if (c < 0x20 || c > 0x7e) {
			input.position--;
			input.fail('bare-item');
		}
		if (c === 37) {
			const hex = input.text.slice(input.position, Math.min(input.position + 2, input.end));
			if (!/^[0-9a-f]{2}$/.test(hex)) {
				input.fail('bare-item');
			}
			input.position += 2;
			encoded += `%${hex}`;
		} else if (c === DQUOTE) {
			try {
				return { kind: 'display-string', value: decodeURIComponent(encoded) };
			} catch {
				// The octets are not UTF-8 (§4.2.10 step 4.4.1).
				return input.fail('bare-item');
			}
		} else {
			encoded += `%${c.toString(16).padStart(2, '0')}`;
		}
	}
	return input.fail('bare-item');
}
