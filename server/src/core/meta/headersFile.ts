/**
 * Parses a `_headers` file, the format Netlify and Cloudflare Pages read from a site's output folder: a URL pattern on
 * its own line, then indented `Name: value` lines for it; `#` starts a comment. Cloudflare also reads `! Name`
 * lines, which detach a header a broader rule attached. Offsets are into the file; nothing here throws.
 */

/** One `Name: value` (or `! Name`) line under a pattern. */
export interface HeaderLine {
	/** As written. */
	readonly name: string;
	readonly nameStart: number;
	readonly nameEnd: number;
	/** Trimmed; '' for a detach line. */
	readonly value: string;
	readonly valueStart: number;
	readonly valueEnd: number;
	/** A Cloudflare `! Name` line: removes the header for this pattern. */
	readonly detach: boolean;
	/** 0-based line number. */
	readonly line: number;
}

/** A URL pattern and its headers. */
export interface HeadersRule {
	readonly pattern: string;
	readonly patternStart: number;
	readonly patternEnd: number;
	readonly line: number;
	readonly headers: readonly HeaderLine[];
}

/** A line that is none of pattern, header, comment or blank. */
export interface HeadersFileProblem {
	readonly kind: 'header-before-pattern' | 'missing-colon' | 'unindented-header';
	readonly start: number;
	readonly end: number;
	readonly line: number;
}

export interface HeadersFile {
	readonly rules: readonly HeadersRule[];
	readonly problems: readonly HeadersFileProblem[];
}

function isBlank(code: number): boolean {
	return code === 32 || code === 9;
}

/** Parses a `_headers` file. Linear; never throws. */
export function parseHeadersFile(text: string): HeadersFile {
	const rules: { pattern: string; patternStart: number; patternEnd: number; line: number; headers: HeaderLine[] }[] = [];
	const problems: HeadersFileProblem[] = [];
	let lineStart = 0;
	let lineNumber = 0;
	while (lineStart <= text.length) {
		let lineEnd = lineStart;
		while (lineEnd < text.length && text[lineEnd] !== '\n' && text[lineEnd] !== '\r') {
			lineEnd++;
		}
		readLine(text, lineStart, lineEnd, lineNumber, rules, problems);
		if (lineEnd >= text.length) {
			break;
		}
		lineStart = text[lineEnd] === '\r' && text[lineEnd + 1] === '\n' ? lineEnd + 2 : lineEnd + 1;
		lineNumber++;
	}
	return { rules, problems };
}

function readLine(
	text: string,
	start: number,
	end: number,
	line: number,
	rules: { pattern: string; patternStart: number; patternEnd: number; line: number; headers: HeaderLine[] }[],
	problems: HeadersFileProblem[],
): void {
	let first = start;
	while (first < end && isBlank(text.charCodeAt(first))) {
		first++;
	}
	let last = end;
	while (last > first && isBlank(text.charCodeAt(last - 1))) {
		last--;
	}
	if (first === last || text[first] === '#') {
		return;
	}
	const indented = first > start;
	const colon = text.indexOf(':', first);
	const hasColon = colon >= 0 && colon < last;
	if (!indented) {
		// A pattern starts with `/` or is an absolute URL; `Name: value` at the margin is a header someone forgot to indent.
		const looksLikeUrl = text[first] === '/' || text.startsWith('http://', first) || text.startsWith('https://', first);
		if (!looksLikeUrl && hasColon) {
			problems.push({ kind: 'unindented-header', start: first, end: last, line });
			return;
		}
		let patternEnd = first;
		while (patternEnd < last && !isBlank(text.charCodeAt(patternEnd))) {
			patternEnd++;
		}
		rules.push({ pattern: text.slice(first, patternEnd), patternStart: first, patternEnd, line, headers: [] });
		return;
	}
	const rule = rules[rules.length - 1];
	if (!rule) {
		problems.push({ kind: 'header-before-pattern', start: first, end: last, line });
		return;
	}
	if (text[first] === '!') {
		let nameStart = first + 1;
		while (nameStart < last && isBlank(text.charCodeAt(nameStart))) {
			nameStart++;
		}
		rule.headers.push({ name: text.slice(nameStart, last), nameStart, nameEnd: last, value: '', valueStart: last, valueEnd: last, detach: true, line });
		return;
	}
	if (!hasColon) {
		problems.push({ kind: 'missing-colon', start: first, end: last, line });
		return;
	}
	let nameEnd = colon;
	while (nameEnd > first && isBlank(text.charCodeAt(nameEnd - 1))) {
		nameEnd--;
	}
	let valueStart = colon + 1;
	while (valueStart < last && isBlank(text.charCodeAt(valueStart))) {
		valueStart++;
	}
	rule.headers.push({
		name: text.slice(first, nameEnd), nameStart: first, nameEnd,
		value: text.slice(valueStart, last), valueStart, valueEnd: last,
		detach: false, line,
	});
}

/** The X-Robots-Tag lines of a file, each with its rule. */
export function xRobotsTagLines(file: HeadersFile): { readonly rule: HeadersRule; readonly header: HeaderLine }[] {
	const lines: { rule: HeadersRule; header: HeaderLine }[] = [];
	for (const rule of file.rules) {
		for (const header of rule.headers) {
			if (header.name.toLowerCase() === 'x-robots-tag') {
				lines.push({ rule, header });
			}
		}
	}
	return lines;
}

/**
 * The X-Robots-Tag lines whose pattern matches a URL path, in file order: Cloudflare Pages gives a request the
 * headers of every rule that matches it. A detach line (`! X-Robots-Tag`) is returned too, for the caller to apply.
 */
export function xRobotsTagForPath(file: HeadersFile, path: string, host?: string): { readonly rule: HeadersRule; readonly header: HeaderLine }[] {
	return xRobotsTagLines(file).filter((line) => headersPatternMatches(line.rule.pattern, path, host));
}

type PatternToken = { readonly kind: 'literal'; readonly char: string } | { readonly kind: 'splat' } | { readonly kind: 'placeholder' };

/**
 * Whether a `_headers` pattern matches a URL path (and host): `*` (splat) matches any characters, `:name`
 * (placeholder) one path segment's worth. An absolute URL pattern (`https://myproject.pages.dev/*`, Cloudflare's
 * example for preview hosts) matches only when the host is given and matches too, so a rule for preview hosts never
 * speaks for the production site.
 */
export function headersPatternMatches(pattern: string, path: string, host?: string): boolean {
	let patternPath = pattern;
	const scheme = /^https?:\/\//i.exec(pattern);
	if (scheme) {
		const slash = pattern.indexOf('/', scheme[0].length);
		const patternHost = pattern.slice(scheme[0].length, slash < 0 ? pattern.length : slash);
		if (host === undefined || !globMatches(patternHost.toLowerCase(), host.toLowerCase(), '.')) {
			return false;
		}
		patternPath = slash < 0 ? '/' : pattern.slice(slash);
	}
	return globMatches(patternPath, path, '/');
}

/**
 * `*` matches any characters, `:name` one or more characters other than `separator`, anything else itself.
 * A dynamic programme over pattern and text, linear in their product, with no regular expression built from the pattern.
 */
function globMatches(patternPath: string, path: string, separator: string): boolean {
	const tokens: PatternToken[] = [];
	for (let i = 0; i < patternPath.length; i++) {
		const char = patternPath[i];
		if (char === '*') {
			tokens.push({ kind: 'splat' });
		} else if (char === ':' && i + 1 < patternPath.length && /[A-Za-z0-9_]/.test(patternPath[i + 1])) {
			while (i + 1 < patternPath.length && /[A-Za-z0-9_]/.test(patternPath[i + 1])) {
				i++;
			}
			tokens.push({ kind: 'placeholder' });
		} else {
			tokens.push({ kind: 'literal', char });
		}
	}
	// reachable[p]: the tokens so far can match path[0, p).
	let reachable = new Array<boolean>(path.length + 1).fill(false);
	reachable[0] = true;
	for (const token of tokens) {
		const next = new Array<boolean>(path.length + 1).fill(false);
		if (token.kind === 'literal') {
			for (let p = 0; p < path.length; p++) {
				if (reachable[p] && path[p] === token.char) {
					next[p + 1] = true;
				}
			}
		} else if (token.kind === 'splat') {
			let seen = false;
			for (let p = 0; p <= path.length; p++) {
				seen = seen || reachable[p];
				next[p] = seen;
			}
		} else {
			// One or more characters other than the separator.
			let seen = false;
			for (let p = 0; p < path.length; p++) {
				if (path[p] === separator) {
					seen = false;
					continue;
				}
				seen = seen || reachable[p];
				next[p + 1] = seen;
			}
		}
		reachable = next;
	}
	return reachable[path.length];
}
