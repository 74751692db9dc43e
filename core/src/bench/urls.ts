/**
 * URL lists for the test bench and the expectations: what counts as a URL to test, a list of them typed or pasted one
 * a line, and the `<loc>` URLs of a sitemap.xml. Everything here is tolerant: a line or an element that cannot be read
 * gets a message of its own and the rest is read on; every scan is linear in the text.
 */

import { formatNumber, t } from '../l10n';
import { asciiHost } from '../matching/url';
import { ownCopy } from '../memo';

/** The most rows a list gives; more are counted and reported, not kept. */
const maxListUrls = 50_000;

/** Longer rows are cut in messages. */
const maxShown = 60;

/** A piece of text as a message quotes it: cut, with control characters shown as `?`. */
export function quoteInput(text: string): string {
	const shown = text.length > maxShown ? text.slice(0, maxShown - 1) + '…' : text;
	return '`' + shown.replace(/[\u0000-\u001f\u007f\ufffd]/g, '?') + '`';
}

/** A scheme followed by `://` (RFC 3986 §3.1 scheme, then an authority). */
const schemeWithAuthority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
/**
 * A scheme followed by something else than `//` or a port number: `mailto:x`, `https:example.com`. Without a dot,
 * so that `example.com:abc/a` reads as a host with a bad port (schemes with dots are rare; hosts with dots are not).
 */
const schemeWithoutAuthority = /^[A-Za-z][A-Za-z0-9+-]*:(?![0-9]*(?:[/?#]|$))/;

/**
 * Whether `text` can be tested as a URL, for the command line, the test bench and expectations files. The matcher
 * answers for any string (it reads URLs as Google's library does and never fails), so a typo would silently be tested
 * as some other path; the front ends check each input first and report the ones they cannot test. Accepted, as the
 * README's "Command line" section documents:
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
		return t('empty: give a path starting with "/" or a URL such as https://example.com/a');
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
		return t('a URL needs "//" and a host after "{0}" (such as https://example.com/a)', scheme[0]);
	}
	const slash = text.search(/[/?#]/);
	const first = slash < 0 ? text : text.slice(0, slash);
	if (first.includes('.') || first.startsWith('[') || /:[^:]*$/.test(first)) {
		return checkAuthority(text, 0) ?? checkCharacters(text);
	}
	if (slash > 0 && text[slash] === '/' && !/\s/.test(first)) {
		const path = text.slice(slash);
		return t('a path starts with "/": write {0} for the path, or {1} to name the host "{2}"', `/${text}`, `http://${first}${path}`, first);
	}
	return t('neither a path (which starts with "/") nor a URL (such as https://example.com/a)');
}

/**
 * Checks the authority that starts at `start` (after `scheme://`, `//`, or at 0 for `host/path`): a host, a valid port.
 * Read in place by offsets (a URL list is checked line by line, half a million of them in a run): only the host and
 * the port are cut out.
 */
function checkAuthority(text: string, start: number): string | undefined {
	let end = start;
	while (end < text.length && !endsAuthority(text.charCodeAt(end))) {
		end++;
	}
	const at = text.lastIndexOf('@', end - 1);
	const hostStart = at >= start ? at + 1 : start;
	if (hostStart === end || text.charCodeAt(hostStart) === 0x3a) {
		return start > 0 ? t('no host after "{0}"', text.slice(0, start)) : t('no host at the start');
	}
	const space = checkCharacters(text, start, end);
	if (space !== undefined) {
		return space;
	}
	const closing = text.charCodeAt(hostStart) === 0x5b ? within(text.indexOf(']', hostStart), end) : -1;
	const colon = within(text.indexOf(':', closing < 0 ? hostStart : closing), end);
	const host = text.slice(hostStart, colon < 0 ? end : colon);
	const port = colon < 0 ? '' : text.slice(colon + 1, end);
	if (port !== '' && (!/^[0-9]+$/.test(port) || Number(port) > 65535)) {
		return t('the port "{0}" is not a number from 0 to 65535', port);
	}
	// The WHATWG URL parser (as browsers and Node read URLs) decides whether the host is one: brackets must hold an
	// IPv6 address, and a name must not contain the code points it forbids.
	return asciiHost(host) === undefined ? t('"{0}" is not a valid host', host) : undefined;
}

/**
 * `checkUrl` for the URLs of a list, one after another (`robots-txt test --urls`, a batch): a list names one site a
 * million times, and checking its authority was the most of checking a URL. The checker remembers the scheme and
 * authority of the last URL with both that it accepted; a URL that starts with that text, which ends there, has the
 * same scheme and authority, and `checkUrl`'s answer for it is then the check of its characters alone (a property test
 * holds the two equal). Its owner creates one per list.
 */
export class UrlListChecker {
	/** `scheme://authority` of the last URL accepted with both, or empty. */
	private accepted = '';

	check(text: string): string | undefined {
		const known = this.accepted;
		if (known !== '' && text.startsWith(known) && (text.length === known.length || endsAuthority(text.charCodeAt(known.length)))) {
			return checkCharacters(text);
		}
		const problem = checkUrl(text);
		if (problem === undefined && schemeWithAuthority.test(text)) {
			let end = text.indexOf('://') + 3;
			while (end < text.length && !endsAuthority(text.charCodeAt(end))) {
				end++;
			}
			// A copy: a slice of a line would keep the whole chunk it was read from.
			this.accepted = ownCopy(text.slice(0, end));
		}
		return problem;
	}

	/**
	 * Whether the URL whose bytes are `bytes` from `start` to `end`, all printable ASCII (no space, no control), has the
	 * scheme and authority last accepted, so that `check` would accept it: a list read as bytes (`robots-txt test
	 * --urls`) asks this first, byte by byte, where decoding the line and comparing strings cost more.
	 */
	acceptsPrintable(bytes: Uint8Array, start: number, end: number): boolean {
		const known = this.accepted;
		const length = known.length;
		if (length === 0 || end - start < length) {
			return false;
		}
		for (let i = 0; i < length; i++) {
			if (bytes[start + i] !== known.charCodeAt(i)) {
				return false;
			}
		}
		return end - start === length || endsAuthority(bytes[start + length]);
	}
}

/** `/`, `?` and `#` end an authority (RFC 3986 §3.2). */
function endsAuthority(code: number): boolean {
	return code === 0x2f || code === 0x3f || code === 0x23;
}

/** An offset found by `indexOf`, or -1 when there is none before `end`. */
function within(offset: number, end: number): number {
	return offset < end ? offset : -1;
}

/** Rejects spaces and control characters, which no URL contains (RFC 3986 §2), in `text` from `start` to `end`. */
function checkCharacters(text: string, start = 0, end = text.length): string | undefined {
	let at = start;
	while (at < end) {
		const code = text.charCodeAt(at);
		if (code <= 0x20 || code === 0x7f) {
			break;
		}
		at++;
	}
	if (at === end) {
		return undefined;
	}
	switch (text[at]) {
		case ' ':
			return t('contains a space, which no URL does: write it as %20');
		case '\t':
			return t('contains a tab, which no URL does: write it as %09');
		default:
			return t('contains the control character U+{0}, which no URL does', text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0'));
	}
}

/** Why `text` is not a URL to test, with the text quoted first (for a row or a line that shows it); else undefined. */
export function describeUrlProblem(text: string): string | undefined {
	const reason = checkUrl(text);
	return reason === undefined ? undefined : t('{0}: {1}.', quoteInput(text), reason);
}

/** One entry of a list: the URL as given and the source line it came from (1-based). */
interface ListedUrl {
	readonly url: string;
	readonly line: number;
}

/** A list of URLs read from text: one a line, or a sitemap. */
interface UrlList {
	readonly kind: 'list' | 'sitemap' | 'sitemap-index';
	/** The URLs, duplicates dropped, at most `maxListUrls`. Each may still be unusable (`checkUrl` says why). */
	readonly urls: readonly ListedUrl[];
	/** For a sitemap index: the sitemaps it lists. */
	readonly sitemaps: readonly ListedUrl[];
	/** What people should know: entries left out, duplicates, unreadable parts (each once, with a count). */
	readonly notes: readonly string[];
}

/** Whether a text is XML (a sitemap) rather than a list: its first non-blank character is `<`. */
function looksLikeXml(text: string): boolean {
	for (let i = 0; i < text.length && i < 4096; i++) {
		const code = text.charCodeAt(i);
		if (code === 0xfeff || code === 32 || code === 9 || code === 10 || code === 13) {
			continue;
		}
		return code === 60;
	}
	return false;
}

/**
 * Reads URLs from text: a sitemap (`<urlset>` or `<sitemapindex>`) when it is XML, else one URL a line, skipping
 * blank lines and `#` comments. At most `max` URLs are kept; the notes say how many were left out.
 */
export function parseUrlList(text: string, max = maxListUrls): UrlList {
	if (looksLikeXml(text)) {
		const sitemap = parseSitemap(text, max);
		const notes = sitemap.problems.map((problem) => t('Line {0}: {1}', problem.line, problem.message));
		if (sitemap.problemCount > sitemap.problems.length) {
			notes.push(t('{0} more {0|one=problem|other=problems} in the XML.', formatNumber(sitemap.problemCount - sitemap.problems.length)));
		}
		return { kind: sitemap.isIndex ? 'sitemap-index' : 'sitemap', urls: sitemap.urls, sitemaps: sitemap.sitemaps, notes: [...notes, ...sitemap.notes] };
	}
	const urls: ListedUrl[] = [];
	const seen = new Set<string>();
	let duplicates = 0;
	let leftOut = 0;
	let line = 0;
	let start = 0;
	while (start <= text.length) {
		let end = start;
		while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) {
			end++;
		}
		line++;
		const entry = text.slice(start, end).trim();
		if (entry !== '' && entry.charCodeAt(0) !== 35 && !(line === 1 && entry === '\ufeff')) {
			const url = line === 1 && entry.charCodeAt(0) === 0xfeff ? entry.slice(1).trim() : entry;
			if (seen.has(url)) {
				duplicates++;
			} else if (urls.length >= max) {
				leftOut++;
			} else {
				seen.add(url);
				urls.push({ url, line });
			}
		}
		// CRLF is one line break.
		start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
	}
	const notes: string[] = [];
	if (leftOut > 0) {
		notes.push(t('Kept the first {0} URLs; {1} more were left out.', formatNumber(max), formatNumber(leftOut)));
	}
	if (duplicates > 0) {
		notes.push(duplicates === 1 ? t('{0} duplicate dropped.', formatNumber(duplicates)) : t('{0} duplicates dropped.', formatNumber(duplicates)));
	}
	return { kind: 'list', urls, sitemaps: [], notes };
}

/** What a sitemap yields. */
interface Sitemap {
	/** `<sitemapindex>` rather than `<urlset>`. */
	readonly isIndex: boolean;
	/** The `<loc>` of each `<url>` (for an index: none). */
	readonly urls: readonly ListedUrl[];
	/** The `<loc>` of each `<sitemap>` of an index. */
	readonly sitemaps: readonly ListedUrl[];
	/** Parts that could not be read, by line: the first `maxSitemapProblems`. */
	readonly problems: readonly { readonly line: number; readonly message: string }[];
	/** How many problems there are, those left out of `problems` included. */
	readonly problemCount: number;
	/** `<loc>`s past `max` that were counted, not kept. */
	readonly leftOut: number;
	readonly notes: readonly string[];
}

/**
 * The problems of a sitemap that are kept, with their messages; the rest are only counted. A list shows this many and
 * a count of the others, so a file of millions of unknown entities costs a counter, not a message each.
 */
const maxSitemapProblems = 5;

/**
 * The namespace of the sitemaps.org protocol 0.9, whose `loc`, `url`, `sitemap` and `sitemapindex` the reader reads;
 * also in its https spelling, which Google reads the same (Search Central office hours, 2021-01-28).
 */
const sitemapNamespaces = new Set(['http://www.sitemaps.org/schemas/sitemap/0.9', 'https://www.sitemaps.org/schemas/sitemap/0.9']);

/** An element the reader has seen open and not yet closed, with the namespace bindings it made. */
interface OpenElement {
	/** Its name as written, in lower case, to match its end tag. */
	readonly name: string;
	/** `url` or `sitemap` of the sitemap namespace: whose `<loc>` is a page or a sitemap; else undefined. */
	readonly entry: 'url' | 'sitemap' | undefined;
	/** The bindings it replaced, to restore when it closes: prefix ('' for the default namespace) and the earlier URI. */
	readonly replaced: readonly (readonly [string, string | undefined])[];
}

/** `xmlns="…"` and `xmlns:prefix="…"` in a start tag. */
const namespaceDeclaration = /(?:^|\s)xmlns(?::([^\s=/>]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The URLs of a sitemap (sitemaps.org protocol 0.9): the text of every `<loc>` of the sitemap namespace that is a
 * child of a `<url>` (a page) or a `<sitemap>` (a sitemap of an index), with CDATA sections and the XML entities
 * decoded and surrounding whitespace trimmed. Namespaces are read as XML declares them (`xmlns`, `xmlns:prefix`), so
 * the `<image:loc>` of Google's image extension is no page, and `<sm:loc>` is one where `sm` is bound to the sitemap
 * namespace; a file that declares no namespace is read as a sitemap. Not a validating parser: names are compared
 * whatever their case, an end tag without a start is skipped, everything else is skipped, and a `<loc>` that is never
 * closed is reported and read up to the next tag. One pass; each character is looked at a bounded number of times.
 */
export function parseSitemap(text: string, max = maxListUrls): Sitemap {
	const urls: ListedUrl[] = [];
	const sitemaps: ListedUrl[] = [];
	const problems: { line: number; message: string }[] = [];
	let problemCount = 0;
	const problem: ProblemReport = (line, message) => {
		problemCount++;
		if (problems.length < maxSitemapProblems) {
			problems.push({ line, message: message() });
		}
	};
	const seen = new Set<string>();
	let isIndex = false;
	let leftOut = 0;
	let duplicates = 0;
	// The open elements and the namespace bindings in scope; `openNames` counts the open elements by name, so that an
	// end tag with no start is known without a search down the stack.
	const open: OpenElement[] = [];
	const openNames = new Map<string, number>();
	const bindings = new Map<string, string>();
	// Line counting that only moves forward.
	let line = 1;
	let counted = 0;
	const lineAt = (offset: number): number => {
		for (; counted < offset; counted++) {
			if (text.charCodeAt(counted) === 10) {
				line++;
			}
		}
		return line;
	};
	let i = text.indexOf('<');
	while (i >= 0 && i < text.length) {
		if (text.startsWith('<!--', i)) {
			const end = text.indexOf('-->', i + 4);
			if (end < 0) {
				problem(lineAt(i), () => t('A comment is never closed ("-->"); the rest of the file is skipped.'));
				break;
			}
			i = text.indexOf('<', end + 3);
			continue;
		}
		if (text.startsWith('<![CDATA[', i)) {
			const end = text.indexOf(']]>', i + 9);
			i = end < 0 ? -1 : text.indexOf('<', end + 3);
			continue;
		}
		const closing = text.charCodeAt(i + 1) === 47;
		let nameEnd = i + (closing ? 2 : 1);
		while (nameEnd < text.length && !isNameEnd(text.charCodeAt(nameEnd))) {
			nameEnd++;
		}
		const written = text.slice(i + (closing ? 2 : 1), nameEnd).toLowerCase();
		const tagEnd = text.indexOf('>', nameEnd);
		if (tagEnd < 0) {
			problem(lineAt(i), () => t('A tag is never closed (">"); the rest of the file is skipped.'));
			break;
		}
		if (closing) {
			closeElement(open, openNames, bindings, written);
			i = text.indexOf('<', tagEnd + 1);
			continue;
		}
		const code = written.charCodeAt(0);
		if (code === 63 || code === 33) {
			// `<?xml …?>` and `<!DOCTYPE …>` open nothing.
			i = text.indexOf('<', tagEnd + 1);
			continue;
		}
		const replaced = declareNamespaces(text.slice(nameEnd, tagEnd), bindings);
		const colon = written.indexOf(':');
		const namespace = bindings.get(colon < 0 ? '' : written.slice(0, colon));
		// A name without a prefix in no namespace (none declared, or `xmlns=""`) is read as the sitemap's: files that leave
		// out the declaration are still sitemaps.
		const local = (namespace !== undefined && sitemapNamespaces.has(namespace)) || (colon < 0 && !namespace) ? written.slice(colon + 1) : '';
		const selfClosing = text.charCodeAt(tagEnd - 1) === 47;
		const parent = open.length > 0 ? open[open.length - 1].entry : undefined;
		if (local === 'sitemapindex') {
			isIndex = true;
		}
		if (local !== 'loc' || selfClosing || parent === undefined) {
			if (selfClosing) {
				restoreNamespaces(bindings, replaced);
			} else {
				open.push({ name: written, entry: local === 'url' || local === 'sitemap' ? local : undefined, replaced });
				openNames.set(written, (openNames.get(written) ?? 0) + 1);
			}
			i = text.indexOf('<', tagEnd + 1);
			continue;
		}
		// The `<loc>` is read to its end tag here, and opens nothing.
		restoreNamespaces(bindings, replaced);
		// The element's text: character data and CDATA sections up to its end tag (`</loc>`, `</sm:loc>`).
		const startLine = lineAt(i);
		let value = '';
		let at = tagEnd + 1;
		let closed = false;
		while (at < text.length) {
			const next = text.indexOf('<', at);
			value += decodeEntities(text.slice(at, next < 0 ? text.length : next), problem, startLine);
			if (next < 0) {
				at = text.length;
				break;
			}
			if (text.startsWith('<![CDATA[', next)) {
				const end = text.indexOf(']]>', next + 9);
				value += text.slice(next + 9, end < 0 ? text.length : end);
				at = end < 0 ? text.length : end + 3;
				continue;
			}
			if (text.startsWith('<!--', next)) {
				const end = text.indexOf('-->', next + 4);
				at = end < 0 ? text.length : end + 3;
				continue;
			}
			at = next;
			if (text.charCodeAt(next + 1) === 47) {
				let end = next + 2;
				while (end < text.length && !isNameEnd(text.charCodeAt(end))) {
					end++;
				}
				closed = text.slice(next + 2, end).toLowerCase() === written;
			}
			break;
		}
		if (!closed) {
			problem(startLine, () => t('<loc> is not closed by </loc>; its text is read up to the next tag.'));
		}
		const url = value.trim();
		if (url === '') {
			problem(startLine, () => t('An empty <loc>.'));
		} else if (seen.has(url)) {
			duplicates++;
		} else {
			seen.add(url);
			const list = parent === 'sitemap' ? sitemaps : urls;
			if (list.length >= max) {
				leftOut++;
			} else {
				list.push({ url, line: startLine });
			}
		}
		i = at < text.length ? text.indexOf('<', at + (closed ? 1 : 0)) : -1;
	}
	const notes: string[] = [];
	if (leftOut > 0) {
		notes.push(t('Kept the first {0} URLs of the sitemap; {1} more were left out.', formatNumber(max), formatNumber(leftOut)));
	}
	if (duplicates > 0) {
		notes.push(duplicates === 1 ? t('{0} duplicate <loc> dropped.', formatNumber(duplicates)) : t('{0} duplicate <loc>s dropped.', formatNumber(duplicates)));
	}
	if (isIndex) {
		notes.push(
			sitemaps.length === 1
				? t('This is a sitemap index: it lists {0} sitemap, not pages; load one of them.', formatNumber(sitemaps.length))
				: t('This is a sitemap index: it lists {0} sitemaps, not pages; load one of them.', formatNumber(sitemaps.length)),
		);
	} else if (urls.length === 0 && sitemaps.length === 0 && problemCount === 0) {
		notes.push(t('No <loc> element found: this does not look like a sitemap.'));
	}
	return { isIndex, urls, sitemaps, problems, problemCount, leftOut, notes };
}

/** Whitespace, `/`, `>` end a tag name. */
function isNameEnd(code: number): boolean {
	return code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62;
}

/**
 * Applies a start tag's namespace declarations (its text after the name) to `bindings`; returns what they replaced.
 * Most tags declare none, and the expression runs only on those that mention `xmlns`.
 */
function declareNamespaces(attributes: string, bindings: Map<string, string>): (readonly [string, string | undefined])[] {
	const replaced: (readonly [string, string | undefined])[] = [];
	if (!attributes.includes('xmlns')) {
		return replaced;
	}
	namespaceDeclaration.lastIndex = 0;
	for (let found = namespaceDeclaration.exec(attributes); found; found = namespaceDeclaration.exec(attributes)) {
		const prefix = (found[1] ?? '').toLowerCase();
		replaced.push([prefix, bindings.get(prefix)]);
		bindings.set(prefix, (found[2] ?? found[3]).trim());
	}
	return replaced;
}

/** Puts back the bindings an element replaced, latest first. */
function restoreNamespaces(bindings: Map<string, string>, replaced: readonly (readonly [string, string | undefined])[]): void {
	for (let i = replaced.length - 1; i >= 0; i--) {
		const [prefix, earlier] = replaced[i];
		if (earlier === undefined) {
			bindings.delete(prefix);
		} else {
			bindings.set(prefix, earlier);
		}
	}
}

/**
 * An end tag: closes the latest open element of that name and every element opened after it (left open by broken XML);
 * an end tag with no open element of its name is skipped. Each element is closed once, so this is linear in all.
 */
function closeElement(open: OpenElement[], openNames: Map<string, number>, bindings: Map<string, string>, name: string): void {
	if (!openNames.get(name)) {
		return;
	}
	for (;;) {
		const element = open.pop()!;
		openNames.set(element.name, openNames.get(element.name)! - 1);
		restoreNamespaces(bindings, element.replaced);
		if (element.name === name) {
			return;
		}
	}
}

const namedEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Counts a problem, and keeps it (with the message made then) while fewer than `maxSitemapProblems` are kept. */
type ProblemReport = (line: number, message: () => string) => void;

/** XML's five named entities and character references; anything else is kept as written and reported once. */
function decodeEntities(text: string, problem: ProblemReport, line: number): string {
	// One entity at a time, copying only what changes: a replace with a function held every piece of a text of millions
	// of entities until its end (1.4 GB for 16 MB of them), and an unknown entity, kept as written, copies nothing.
	let decoded = '';
	let copied = 0;
	for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', amp + 1)) {
		entity.lastIndex = amp;
		const found = entity.exec(text);
		if (!found) {
			continue;
		}
		const [match, name] = found;
		let replacement: string | undefined;
		if (name.charCodeAt(0) === 35) {
			const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
			replacement = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
		} else {
			replacement = namedEntities[name];
			if (replacement === undefined) {
				problem(line, () => t('Unknown entity {0} kept as written.', quoteInput(match)));
			}
		}
		if (replacement !== undefined) {
			decoded += text.slice(copied, amp) + replacement;
			copied = amp + match.length;
		}
		amp += match.length - 1;
	}
	return copied === 0 ? text : decoded + text.slice(copied);
}

/** An entity at the position it is looked for: a character reference or a name, with or without its `;`. */
const entity = /&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z]{1,10});?/y;
