/**
 * A robots.txt fetch as data: the chain of HTTP responses (status, headers, body bytes) or the error that ended it.
 * Whoever fetches (the CLI, the VS Code client, a crawler author) builds a `FetchOutcome`; the core only reads it.
 * This file also reads the facts of an outcome that do not depend on a crawler: redirects, media type, charset, size,
 * and what the body looks like (text, an HTML page, binary).
 */

/** One HTTP response. */
export interface HttpResponse {
	/** The URL this response answered. */
	readonly url: string;
	readonly status: number;
	/** The reason phrase, when the server sent one. */
	readonly statusText?: string;
	/** Header fields in the order received; names compare case-insensitively. */
	readonly headers: readonly (readonly [string, string])[];
	/** The body with its content codings undone (or as received when `undecodable` is set); absent for redirects. */
	readonly body?: Uint8Array;
	/** The reader stopped at its size limit: more of the body followed. */
	readonly truncated?: boolean;
	/** The Content-Encoding codings the fetcher undid, in the order they were applied. */
	readonly decoded?: readonly string[];
	/** A content coding the fetcher could not undo; `body` then holds the bytes as received. */
	readonly undecodable?: string;
	/** Octets received on the wire for the body, before content codings were undone. */
	readonly wireBytes?: number;
	/** When the response arrived, in milliseconds since the epoch (for an Expires without a Date). */
	readonly receivedAt?: number;
}

/** What went wrong on the wire. */
export type NetworkErrorKind =
	/** The host name does not resolve. */
	| 'dns'
	/** Nothing listens, or the connection was refused. */
	| 'refused'
	/** The connection was reset or closed in the middle. */
	| 'reset'
	/** No complete answer within the time allowed. */
	| 'timeout'
	/** The TLS handshake failed: an untrusted, expired or mismatched certificate, or no common protocol. */
	| 'tls'
	/** The server's bytes are not valid HTTP (bad status line, bad chunking, a bad header). */
	| 'protocol'
	| 'other';

/** Why a fetch ended without a final response. */
export type FetchError =
	/** A network error; with `afterHeaders`, the last response's status and headers arrived but not all of its body. */
	| { readonly kind: 'network'; readonly code: NetworkErrorKind; readonly message: string; readonly afterHeaders?: boolean }
	/** The next redirect goes to a URL already requested. */
	| { readonly kind: 'redirect-loop'; readonly location: string }
	/** The fetcher followed `limit` redirects and the last response redirects again. */
	| { readonly kind: 'redirect-limit'; readonly limit: number }
	/** A redirect's Location is not an http(s) URL. */
	| { readonly kind: 'redirect-invalid'; readonly location: string };

/** One fetch of a robots.txt: every response in order (redirects, then the last), and the error that ended it, if any. */
export interface FetchOutcome {
	/** The robots.txt URL asked for. */
	readonly url: string;
	readonly responses: readonly HttpResponse[];
	readonly error?: FetchError;
}

/** One redirect that was followed. */
export interface Redirect {
	readonly status: number;
	readonly from: string;
	readonly to: string;
}

/** Statuses that redirect when they carry a Location (RFC 9110 §15.4). */
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** The first value of a header, or undefined. */
export function header(response: HttpResponse, name: string): string | undefined {
	const lower = name.toLowerCase();
	return response.headers.find(([key]) => key.toLowerCase() === lower)?.[1];
}

/** Every value of a header, in order. */
export function headerValues(response: HttpResponse, name: string): string[] {
	const lower = name.toLowerCase();
	return response.headers.filter(([key]) => key.toLowerCase() === lower).map(([, value]) => value);
}

/** Whether a response is a redirect that can be followed: a redirect status with a Location. */
function isRedirect(response: HttpResponse): boolean {
	return redirectStatuses.has(response.status) && header(response, 'location') !== undefined;
}

/** The redirects of an outcome: every response but the last that redirects, with where it pointed. */
export function redirectsOf(outcome: FetchOutcome): Redirect[] {
	const redirects: Redirect[] = [];
	for (let i = 0; i < outcome.responses.length; i++) {
		const response = outcome.responses[i];
		const next = outcome.responses[i + 1];
		if (next && isRedirect(response)) {
			redirects.push({ status: response.status, from: response.url, to: next.url });
		}
	}
	return redirects;
}

/** The last response, when the fetch got one that is not a redirect it stopped following. */
export function finalResponse(outcome: FetchOutcome): HttpResponse | undefined {
	if (outcome.error && outcome.error.kind !== 'network') {
		return undefined;
	}
	return outcome.responses[outcome.responses.length - 1];
}

/** A Content-Type split into its media type (lower case) and charset parameter (as given). */
interface ContentType {
	readonly mediaType: string;
	readonly charset?: string;
}

/** Reads a Content-Type field value (RFC 9110 §8.3): `type/subtype *( ; parameter )`, parameters case-insensitive. */
export function parseContentType(value: string | undefined): ContentType | undefined {
	if (value === undefined) {
		return undefined;
	}
	const [type, ...parameters] = value.split(';');
	const mediaType = type.trim().toLowerCase();
	let charset: string | undefined;
	for (const parameter of parameters) {
		const equals = parameter.indexOf('=');
		if (equals > 0 && parameter.slice(0, equals).trim().toLowerCase() === 'charset') {
			charset = parameter
				.slice(equals + 1)
				.trim()
				.replace(/^"(.*)"$/, '$1');
		}
	}
	return charset ? { mediaType, charset } : { mediaType };
}

/** Host and port of an http(s) URL, lower-cased, for "another host" checks; undefined when it is not one. */
export function originOf(url: string): string | undefined {
	const match = /^(https?):\/\/([^/?#]*)/i.exec(url);
	if (!match) {
		return undefined;
	}
	const scheme = match[1].toLowerCase();
	const authority = match[2].replace(/^[^@]*@/, '').toLowerCase();
	const port = /:(\d+)$/.exec(authority);
	const host = port ? authority.slice(0, -port[0].length) : authority;
	const effective = port ? Number(port[1]) : scheme === 'https' ? 443 : 80;
	return `${scheme}://${host}:${effective}`;
}

/** The host of an http(s) URL, lower-cased. */
export function hostOf(url: string): string | undefined {
	const origin = originOf(url);
	return origin === undefined ? undefined : origin.replace(/^https?:\/\//, '').replace(/:\d+$/, '');
}

/** What a body looks like, whatever it was served as. */
export type BodyKind = 'empty' | 'text' | 'html' | 'binary';

const utf8Bom = [0xef, 0xbb, 0xbf];

/** Whether the bytes start with a UTF-8 byte order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
	return bytes.length >= 3 && utf8Bom.every((byte, i) => bytes[i] === byte);
}

/** How many bytes (in the first `limit`) are not part of well-formed UTF-8. */
export function invalidUtf8Bytes(bytes: Uint8Array, limit = bytes.length): number {
	let invalid = 0;
	let i = 0;
	const end = Math.min(bytes.length, limit);
	while (i < end) {
		const size = utf8SequenceLength(bytes, i);
		if (size === 0) {
			invalid++;
			i++;
		} else {
			i += size;
		}
	}
	return invalid;
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there does not start one. */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
	const first = bytes[i];
	const continuation = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at] >= low && bytes[at] <= high;
	if (first < 0x80) {
		return 1;
	}
	if (first >= 0xc2 && first <= 0xdf) {
		return continuation(i + 1) ? 2 : 0;
	}
	if (first >= 0xe0 && first <= 0xef) {
		const low = first === 0xe0 ? 0xa0 : 0x80;
		const high = first === 0xed ? 0x9f : 0xbf;
		return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
	}
	if (first >= 0xf0 && first <= 0xf4) {
		const low = first === 0xf0 ? 0x90 : 0x80;
		const high = first === 0xf4 ? 0x8f : 0xbf;
		return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
	}
	return 0;
}

/** How much of a body is looked at to tell what it is. */
const sniffLength = 4096;

/**
 * What the body looks like: `html` when it opens like an HTML page (after white space and a BOM: `<!doctype html`,
 * `<html`, `<head`, `<body` or an HTML comment), `binary` when it holds NUL bytes or many other control characters,
 * `text` otherwise. The media type is not consulted: a soft 404 is an HTML page served as 200.
 */
export function bodyKind(bytes: Uint8Array): BodyKind {
	if (bytes.length === 0) {
		return 'empty';
	}
	const end = Math.min(bytes.length, sniffLength);
	let controls = 0;
	for (let i = 0; i < end; i++) {
		const byte = bytes[i];
		if (byte === 0) {
			return 'binary';
		}
		if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
			controls++;
		}
	}
	// Bytes that are not UTF-8 are a charset's business (a Latin-1 or windows-1251 file is still text); control
	// characters other than white space are not.
	if (controls > end / 20) {
		return 'binary';
	}
	let start = hasUtf8Bom(bytes) ? 3 : 0;
	while (start < end && (bytes[start] === 0x20 || bytes[start] === 0x09 || bytes[start] === 0x0a || bytes[start] === 0x0d)) {
		start++;
	}
	let head = '';
	for (let i = start; i < Math.min(end, start + 32); i++) {
		head += String.fromCharCode(bytes[i]);
	}
	return /^<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|!--)/i.test(head) ? 'html' : 'text';
}
