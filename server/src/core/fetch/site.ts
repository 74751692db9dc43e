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
export type RobotsTarget =
	| { readonly robotsUrl: string; readonly origin: string }
	| { readonly error: string };

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
	const withScheme = scheme ? text : `https://${text}`;
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
