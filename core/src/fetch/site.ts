/**
 * Where a site's robots.txt is and how to ask for it: the URL from what a person types, the User-Agent, and the limits
 * every fetcher of this project keeps (five redirects, 500 KiB and a margin, ten seconds). Fetchers (the CLI, the VS Code
 * client) take these from here, so that the rules of a polite fetch live with the rest of the robots.txt knowledge.
 */

import { t } from '../l10n';

/** The limits of one robots.txt fetch. */
export interface FetchLimits {
	/** Redirects followed: RFC 9309 §2.3.1.2 asks for "at least five consecutive redirects", Google follows five. */
	readonly maxRedirects: number;
	/**
	 * Body octets read: RFC 9309 §2.5's 500 KiB parsing limit (Google's and Yandex's too) plus a margin, so that a file
	 * that goes on past the limit is told from one that ends at it (Yandex then allows everything) without reading more.
	 */
	readonly maxBytes: number;
	/** The whole fetch (every redirect, every body byte) must end within this many milliseconds. */
	readonly timeoutMs: number;
}

/** Five redirects, 500 KiB and a 64 KiB margin, ten seconds: the limits this project's fetchers keep. */
export const defaultFetchLimits: FetchLimits = {
	maxRedirects: 5,
	maxBytes: 500 * 1024 + 64 * 1024,
	timeoutMs: 10_000,
};

/** The User-Agent of a fetch: names the tool, its version, and why it asks (RFC 9110 §10.1.5: a product and a comment). */
export function fetchUserAgent(version: string): string {
	return `robots-txt/${version} (robots.txt checker; fetches /robots.txt once when a person asks)`;
}

/** The robots.txt of a site, or why the input does not name one. */
export type RobotsTarget = { readonly robotsUrl: string; readonly origin: string } | { readonly error: string };

/**
 * The robots.txt URL for what a person typed: a host (`example.com`), an origin, any URL of the site, or the robots.txt
 * URL itself. RFC 9309 §2.3: the file is `/robots.txt` at the top of the authority; a missing scheme means https.
 */
export function robotsTarget(input: string): RobotsTarget {
	const text = input.trim();
	if (text === '') {
		return { error: t('Give a site, such as example.com or https://example.com/.') };
	}
	// A scheme is a name and a colon not followed by a port number (`example.com:8080` is a host and a port).
	const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text);
	if (scheme && !/^https?$/i.test(scheme[1])) {
		return { error: t('"{0}" is a {1} URL; robots.txt is fetched over http or https.', text, scheme[1].toLowerCase()) };
	}
	// A bare host on this machine or a private network (`127.0.0.1:8765`, `localhost:3000`) is a development server,
	// which speaks http; any other bare host, https.
	const withScheme = scheme ? text : `${localHost(text) ? 'http' : 'https'}://${text}`;
	let url: URL;
	try {
		url = new URL(withScheme);
	} catch {
		return { error: t('"{0}" is not a URL or a host name.', text) };
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return { error: t('"{0}" is a {1} URL; robots.txt is fetched over http or https.', text, url.protocol.slice(0, -1)) };
	}
	if (url.hostname === '') {
		return { error: t('"{0}" has no host name.', text) };
	}
	return { robotsUrl: `${url.origin}/robots.txt`, origin: url.origin };
}

/**
 * Whether a bare `host[:port]…` names this machine or a private network: localhost, 127.0.0.0/8, [::1], and the
 * private ranges of RFC 1918 (10/8, 172.16/12, 192.168/16) and RFC 4193 (fc00::/7), and link-local addresses.
 */
function localHost(text: string): boolean {
	const host = /^(\[[^\]]*\]|[^/:?#]*)/.exec(text)![1].toLowerCase();
	if (host === 'localhost' || host.endsWith('.localhost')) {
		return true;
	}
	const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
	if (v4) {
		const [a, b] = [Number(v4[1]), Number(v4[2])];
		return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
	}
	return host === '[::1]' || /^\[f[cd][0-9a-f]{2}:/.test(host) || /^\[fe[89ab][0-9a-f]:/.test(host);
}
