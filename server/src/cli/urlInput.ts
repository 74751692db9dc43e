/**
 * What the command line accepts as a URL to test, and why it rejects the rest. The core answers for any string (it
 * reads URLs as Google's library does and never fails), so a typo would silently be tested as some other path; the
 * command line checks each input first and reports the ones it cannot test.
 */

/** A scheme followed by `://` (RFC 3986 §3.1 scheme, then an authority). */
const schemeWithAuthority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/**
 * A scheme followed by something else than `//` or a port number: `mailto:x`, `https:example.com`. Without a dot,
 * so that `example.com:abc/a` reads as a host with a bad port (schemes with dots are rare; hosts with dots are not).
 */
const schemeWithoutAuthority = /^[A-Za-z][A-Za-z0-9+-]*:(?![0-9]*(?:[/?#]|$))/;

/**
 * Checks one input of `robots-txt test`. Accepted, as the README's "Command line" section documents:
 * - a path: starts with `/` (a query and a fragment may follow);
 * - a URL with a scheme and a host: `https://example.com/a`, `http://localhost:8080/a`, `ftp://[::1]/a`;
 * - a scheme-relative URL: `//example.com/a`;
 * - `host/path` without a scheme, where the host is a dotted name or an IP address, or has a port: `example.com/a`,
 *   `127.0.0.1/a`, `localhost:8080/a`. Text before the first `/` without a dot or a port (`private/x`) is rejected:
 *   the core would read it as the host `private` and test `/x`, where the user most likely meant the path `/private/x`.
 *
 * A space or a control character is in no URL (RFC 3986 §2); crawlers request it percent-encoded, so it must be
 * written that way (`%20`).
 * @returns undefined when the input can be tested, else the reason in a few words, to follow `"<input>": `.
 */
export function checkUrl(text: string): string | undefined {
	if (text === '') {
		return 'empty: give a path starting with "/" or a URL such as https://example.com/a';
	}
	if (schemeWithAuthority.test(text)) {
		return checkAuthority(text, text.indexOf('://') + 3) ?? checkCharacters(text);
	}
	if (text.startsWith('//')) {
		return checkAuthority(text, 2) ?? checkCharacters(text);
	}
	if (text.startsWith('/')) {
		return checkCharacters(text);
	}
	const scheme = schemeWithoutAuthority.exec(text);
	if (scheme) {
		return `a URL needs "//" and a host after "${scheme[0]}" (such as https://example.com/a)`;
	}
	const slash = text.search(/[/?#]/);
	const first = slash < 0 ? text : text.slice(0, slash);
	if (first.includes('.') || first.startsWith('[') || /:[^:]*$/.test(first)) {
		return checkAuthority(text, 0) ?? checkCharacters(text);
	}
	if (slash > 0 && text[slash] === '/' && !/\s/.test(first)) {
		const path = text.slice(slash);
		return `a path starts with "/": write /${text} for the path, or http://${first}${path} to name the host "${first}"`;
	}
	return 'neither a path (which starts with "/") nor a URL (such as https://example.com/a)';
}

/** Checks the authority that starts at `start` (after `scheme://`, `//`, or at 0 for `host/path`): a host, a valid port. */
function checkAuthority(text: string, start: number): string | undefined {
	const end = text.slice(start).search(/[/?#]/);
	const authority = end < 0 ? text.slice(start) : text.slice(start, start + end);
	const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
	if (hostPort === '' || hostPort.startsWith(':')) {
		return `no host after "${text.slice(0, start) || 'the start'}"`;
	}
	const space = checkCharacters(authority);
	if (space !== undefined) {
		return space;
	}
	const closing = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
	const colon = hostPort.indexOf(':', closing < 0 ? 0 : closing);
	const host = colon < 0 ? hostPort : hostPort.slice(0, colon);
	const port = colon < 0 ? '' : hostPort.slice(colon + 1);
	if (port !== '' && (!/^[0-9]+$/.test(port) || Number(port) > 65535)) {
		return `the port "${port}" is not a number from 0 to 65535`;
	}
	// The WHATWG URL parser (as browsers and Node read URLs) decides whether the host is one: brackets must hold an
	// IPv6 address, and a name must not contain the code points it forbids.
	try {
		new URL(`http://${host}/`);
	} catch {
		return `"${host}" is not a valid host`;
	}
	return undefined;
}

/** Rejects spaces and control characters, which no URL contains (RFC 3986 §2). */
function checkCharacters(text: string): string | undefined {
	// eslint-disable-next-line no-control-regex
	const found = /[\u0000-\u0020\u007f]/.exec(text);
	if (!found) {
		return undefined;
	}
	switch (found[0]) {
		case ' ':
			return 'contains a space, which no URL does: write it as %20';
		case '\t':
			return 'contains a tab, which no URL does: write it as %09';
		default:
			return `contains the control character U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which no URL does`;
	}
}
