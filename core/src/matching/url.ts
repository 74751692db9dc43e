/**
 * Splits the URL a user tests into the parts matching needs, without normalising anything:
 * the path with params and query (what rules match against) and the authority (for Yandex's Host).
 * A host name's normal form is the WHATWG URL parser's (`asciiHost`), the one browsers and Node use.
 */

import { BoundedMemo } from '../memo';

interface UrlParts {
	/** Lower-case scheme, or undefined for a URL without one (a bare path or `host/path`). */
	readonly scheme: string | undefined;
	/** Lower-case host name, or undefined when the URL names none. */
	readonly host: string | undefined;
	/** The explicit port, or undefined. */
	readonly port: number | undefined;
	/** Path, `;params` and `?query`, always starting with `/`; the fragment is dropped. */
	readonly path: string;
}

/**
 * Google's `GetPathParamsQuery`: skip a leading `//`, skip `scheme://` when it comes before any `/`, `?` or `;`,
 * take from the first `/`, `?` or `;` up to `#`, prefix `/` where the result starts with `?` or `;`, `/` when empty.
 * It serves every dialect: a full URL, `host/path` and a bare path all give the path a crawler would request.
 */
export function splitUrl(url: string): UrlParts {
	const { searchStart, protocolEnd, scheme, pathStart } = locate(url);
	const authorityEnd = pathStart < 0 ? url.length : pathStart;
	let authority = url.slice(protocolEnd, authorityEnd);
	const hash = authority.indexOf('#');
	if (hash >= 0) {
		authority = authority.slice(0, hash);
	}
	const { host, port } = splitAuthority(authority, scheme !== undefined || searchStart === 2);
	return { scheme, host, port, path: pathFrom(url, searchStart, pathStart) };
}

/** Only the path, params and query of a URL, as `splitUrl` finds them (the matcher's hot path needs no host). */
export function urlPath(url: string): string {
	const { searchStart, pathStart } = locate(url);
	return pathFrom(url, searchStart, pathStart);
}

/**
 * `locate` in one constant expression: an optional `//`, then `scheme://` only where its `://` holds the first `/`
 * (which is when Google's `find("://")` comes before the first `/`, `?` or `;`), then the authority. It also stops
 * at a `#`, which cuts the URL before any path.
 */
const authority = /(?:\/\/)?(?:[^/?;#]*:\/\/)?[^/?;#]*/y;

/**
 * Where `urlPath`'s path starts in `url` (its `/`, `?` or `;`), or -1 when the path is `/` for want of one.
 * The path ends at the first `#` after it, or at the end. Allocates nothing: the matcher reads the path in place.
 */
export function pathStartOf(url: string): number {
	// A sticky `test` scans natively and sets `lastIndex` without building a match.
	authority.lastIndex = 0;
	authority.test(url);
	const end = authority.lastIndex;
	return end < url.length && url.charCodeAt(end) !== 35 ? end : -1;
}

/** Where the scheme ends and the path starts, by Google's rules. */
function locate(url: string): { searchStart: number; protocolEnd: number; scheme: string | undefined; pathStart: number } {
	const searchStart = url.startsWith('//') ? 2 : 0;
	const earlyPath = findFirstOf(url, searchStart);
	let protocolEnd = url.indexOf('://', searchStart);
	let scheme: string | undefined;
	if (protocolEnd >= 0 && (earlyPath < 0 || earlyPath > protocolEnd)) {
		scheme = url.slice(searchStart, protocolEnd).toLowerCase();
		protocolEnd += 3;
	} else {
		protocolEnd = searchStart;
	}
	return { searchStart, protocolEnd, scheme, pathStart: findFirstOf(url, protocolEnd) };
}

function pathFrom(url: string, searchStart: number, pathStart: number): string {
	if (pathStart < 0) {
		return '/';
	}
	const hashPos = url.indexOf('#', searchStart);
	if (hashPos >= 0 && hashPos < pathStart) {
		return '/';
	}
	const path = url.slice(pathStart, hashPos < 0 ? url.length : hashPos);
	return path.charCodeAt(0) === 47 ? path : '/' + path;
}

function findFirstOf(url: string, from: number): number {
	for (let i = from; i < url.length; i++) {
		const code = url.charCodeAt(i);
		if (code === 47 || code === 63 || code === 59) {
			return i;
		}
	}
	return -1;
}

function splitAuthority(authority: string, isAuthority: boolean): { host: string | undefined; port: number | undefined } {
	// Without a scheme or `//`, text before the first `/` is a host only if it looks like one (`example.com/a`).
	if (authority === '' || (!isAuthority && !authority.includes('.') && !authority.includes(':'))) {
		return { host: undefined, port: undefined };
	}
	const at = authority.lastIndexOf('@');
	const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
	const colon = hostPort.startsWith('[') ? hostPort.indexOf(':', hostPort.indexOf(']')) : hostPort.lastIndexOf(':');
	if (colon >= 0) {
		const digits = hostPort.slice(colon + 1);
		const port = /^[0-9]+$/.test(digits) ? Number(digits) : undefined;
		return { host: hostPort.slice(0, colon).toLowerCase(), port };
	}
	return { host: hostPort.toLowerCase(), port: undefined };
}

/** What ends a host in a URL (`/`, `\`, `?`, `#`, `@`, `:`), or is dropped from a URL before parsing (spaces, controls). */
const notInHost = /[\u0000-\u0020\u007f/\\?#@:]/;

/**
 * A host name in the form URLs carry it, or undefined when the text is not a host: the WHATWG URL standard's host
 * parser, which maps the name by UTS #46 (lower case, full-width forms, `。` as a dot) and writes each label outside
 * ASCII as `xn--` and its Punycode (IDNA's ToASCII, RFC 5891 §4), so that `bücher.example` and
 * `xn--bcher-kva.example` name one host. An IPv6 address stays in its brackets.
 */
export function asciiHost(host: string): string | undefined {
	// Only the host goes in: text that would end it (a port, a path, user info) or that the parser drops makes it none.
	const bracketed = host.startsWith('[') && host.endsWith(']');
	if (host === '' || (bracketed ? /[^0-9a-f:.[\]]/i : notInHost).test(host)) {
		return undefined;
	}
	return asciiHosts.get(host, whatwgHost);
}

function whatwgHost(host: string): string | undefined {
	try {
		return new URL(`http://${host}/`).hostname;
	} catch {
		return undefined;
	}
}

// A URL list or a log names a few hosts a million times, and the URL parser is most of what checking a URL costs.
const asciiHosts = new BoundedMemo<string | undefined>(1000);

/** The port a URL connects to: its explicit port, else the scheme's default (HTTP when there is no scheme). */
export function effectivePort(parts: UrlParts): number {
	if (parts.port !== undefined) {
		return parts.port;
	}
	return parts.scheme === 'https' ? 443 : 80;
}
