/**
 * A cheap HTML scanner for robots tags: `<meta name=… content=…>` tags that address crawlers, and Yandex's
 * `<noindex>` fragments (element or comment form). It follows the HTML tokenizer where it matters (comments, raw text
 * of `<script>`/`<style>`, CDATA in SVG, unquoted attributes, tags cut off by the end of the file) and tracks whether
 * a tag lands in the head, the body or a second `<head>`. A file whose `<meta>` tags are none of these costs one
 * regular-expression scan; otherwise one linear pass. Never throws.
 */

import { newTypoBudget, robotsRelevance, type RobotsRelevance, type TypoBudget } from './names';

/** One attribute of a tag; offsets into the document. */
export interface HtmlAttribute {
	/** Lower-cased. */
	readonly name: string;
	readonly nameStart: number;
	readonly nameEnd: number;
	/** The value as written (no quotes, character references not decoded); '' without a value. */
	readonly value: string;
	readonly valueStart: number;
	readonly valueEnd: number;
	/** The quote around the value; '' when unquoted or absent. */
	readonly quote: '"' | "'" | '';
	readonly hasValue: boolean;
}

/** A robots-relevant `<meta>` tag. */
export interface ScannedMeta {
	/** From `<` to after `>`, or to the end of the text when the tag is cut off. */
	readonly start: number;
	readonly end: number;
	/** False when the file ends inside the tag: HTML parsers drop such a tag. */
	readonly closed: boolean;
	/** Where an HTML parser puts the tag: in the head element or in the body. */
	readonly placement: 'head' | 'body';
	/** Inside a second `<head>` start tag, which HTML parsers ignore. */
	readonly inSecondHead: boolean;
	readonly attributes: readonly HtmlAttribute[];
	/** The first `name` attribute. */
	readonly name: HtmlAttribute;
	/** The first `content` attribute. */
	readonly content: HtmlAttribute | undefined;
	readonly relevance: RobotsRelevance;
}

/** A Yandex `<noindex>` or `</noindex>`, as an element or as the comment form `<!--noindex-->`. */
interface NoindexMarker {
	readonly start: number;
	readonly end: number;
	readonly form: 'element' | 'comment';
}

interface NoindexFragment {
	readonly open: NoindexMarker;
	/** Undefined when the page never closes it: Yandex then hides the rest of the page. */
	readonly close: NoindexMarker | undefined;
	/** Opened inside another fragment. */
	readonly nested: boolean;
}

export interface HtmlRobotsScan {
	readonly metas: readonly ScannedMeta[];
	readonly noindex: readonly NoindexFragment[];
	/** Closing markers with no open fragment. */
	readonly strayCloses: readonly NoindexMarker[];
	/** Whether the full scan ran (false: the quick check found no robots tag). */
	readonly fullScan: boolean;
	/** The robots meta tags after the first `maxRobotsTagsPerPage`, which `metas` leaves out: how many, and where the first is. */
	readonly skipped?: { readonly count: number; readonly start: number; readonly end: number };
}

/**
 * The most robots meta tags of a page that are read: real pages carry a handful, and each costs its checks, the
 * combination for each target crawler and its findings on every edit. A page of thousands (generated, or hostile) gets
 * its first ones checked and a note on the first left out (`too-many-robots-tags`), as a robots.txt gets its first
 * problems and a note that says how many there are.
 */
export const maxRobotsTagsPerPage = 1000;

const emptyScan: HtmlRobotsScan = { metas: [], noindex: [], strayCloses: [], fullScan: false };

// The one scan a file without robots tags costs: every `<meta` and every Yandex noindex marker.
const quickPattern = /<meta(?=[\s/>])|<\/?noindex(?=[\s/>])|<!--\s*\/?noindex/gi;

/** Scans HTML for robots meta tags and Yandex noindex fragments. Never throws; linear in the length of the text. */
export function scanHtml(text: string): HtmlRobotsScan {
	const budget = newTypoBudget();
	return mayHaveRobotsTags(text, budget) ? fullScan(text, budget) : emptyScan;
}

/** The quick check: a `<meta>` whose name or content is robots-like, or a noindex marker, anywhere (even in comments). */
function mayHaveRobotsTags(text: string, budget: TypoBudget): boolean {
	quickPattern.lastIndex = 0;
	for (let match = quickPattern.exec(text); match; match = quickPattern.exec(text)) {
		if (match[0].length !== 5) {
			// A noindex marker: `<meta` is the only five-character match.
			return true;
		}
		const tag = readAttributes(text, match.index + 5);
		if (isRobotsMeta(tag.attributes, budget) !== undefined) {
			return true;
		}
		quickPattern.lastIndex = Math.max(tag.end, match.index + 5);
	}
	return false;
}

function isRobotsMeta(attributes: readonly HtmlAttribute[], budget: TypoBudget): RobotsRelevance | undefined {
	const name = first(attributes, 'name');
	if (!name?.hasValue) {
		return undefined;
	}
	return robotsRelevance(name.value, first(attributes, 'content')?.value, budget);
}

/** The first attribute of that (lower-case) name: HTML ignores later duplicates. */
export function first(attributes: readonly HtmlAttribute[], name: string): HtmlAttribute | undefined {
	return attributes.find((attribute) => attribute.name === name);
}

// HTML's ASCII whitespace, and the byte order mark a decoder may leave at the start.
export function isSpace(code: number): boolean {
	return code === 32 || code === 9 || code === 10 || code === 12 || code === 13 || code === 0xfeff;
}

export function isLetter(code: number): boolean {
	return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** A tag's attributes and where it ends. */
interface TagEnd {
	readonly attributes: HtmlAttribute[];
	/** After `>`, or the end of the text. */
	readonly end: number;
	readonly closed: boolean;
	readonly selfClosing: boolean;
}

/** Reads attributes from `i` (just after the tag name) to the `>` that ends the tag, as the HTML tokenizer does. */
function readAttributes(text: string, i: number): TagEnd {
	const attributes: HtmlAttribute[] = [];
	const n = text.length;
	let slash = false;
	for (;;) {
		while (i < n) {
			const code = text.charCodeAt(i);
			if (code === 47) {
				slash = true;
			} else if (!isSpace(code)) {
				break;
			}
			i++;
		}
		if (i >= n) {
			return { attributes, end: n, closed: false, selfClosing: false };
		}
		if (text.charCodeAt(i) === 62) {
			return { attributes, end: i + 1, closed: true, selfClosing: slash };
		}
		slash = false;
		const nameStart = i;
		// The first character belongs to the name even when it is `=` (HTML's attribute name state).
		i++;
		while (i < n) {
			const code = text.charCodeAt(i);
			if (isSpace(code) || code === 47 || code === 62 || code === 61) {
				break;
			}
			i++;
		}
		const nameEnd = i;
		const name = text.slice(nameStart, nameEnd).toLowerCase();
		let j = i;
		while (j < n && isSpace(text.charCodeAt(j))) {
			j++;
		}
		if (j >= n || text.charCodeAt(j) !== 61) {
			attributes.push({ name, nameStart, nameEnd, value: '', valueStart: nameEnd, valueEnd: nameEnd, quote: '', hasValue: false });
			continue;
		}
		j++;
		while (j < n && isSpace(text.charCodeAt(j))) {
			j++;
		}
		if (j >= n) {
			attributes.push({ name, nameStart, nameEnd, value: '', valueStart: j, valueEnd: j, quote: '', hasValue: true });
			return { attributes, end: n, closed: false, selfClosing: false };
		}
		const quote = text[j];
		if (quote === '"' || quote === "'") {
			const close = text.indexOf(quote, j + 1);
			const valueEnd = close < 0 ? n : close;
			attributes.push({ name, nameStart, nameEnd, value: text.slice(j + 1, valueEnd), valueStart: j + 1, valueEnd, quote, hasValue: true });
			if (close < 0) {
				return { attributes, end: n, closed: false, selfClosing: false };
			}
			i = close + 1;
			continue;
		}
		const valueStart = j;
		while (j < n) {
			const code = text.charCodeAt(j);
			if (isSpace(code) || code === 62) {
				break;
			}
			j++;
		}
		attributes.push({ name, nameStart, nameEnd, value: text.slice(valueStart, j), valueStart, valueEnd: j, quote: '', hasValue: true });
		i = j;
	}
}

/** A tag's name (lower-cased), from `nameStart` (its first letter), and its attributes up to its `>`. */
export function readTag(text: string, nameStart: number): { readonly name: string; readonly tag: TagEnd } {
	const n = text.length;
	let j = nameStart;
	while (j < n && !isSpace(text.charCodeAt(j)) && text.charCodeAt(j) !== 47 && text.charCodeAt(j) !== 62) {
		j++;
	}
	return { name: text.slice(nameStart, j).toLowerCase(), tag: readAttributes(text, j) };
}

/** Where a doctype or bogus comment (`<!…>`, `<?…>`) that starts at `start` ends: after its `>`, or at the end of the text. */
export function bogusCommentEnd(text: string, start: number): number {
	const close = text.indexOf('>', start + 2);
	return close < 0 ? text.length : close + 1;
}

// Elements whose content is text up to their end tag (HTML's raw text and RCDATA elements).
export const rawTextEnds: ReadonlyMap<string, RegExp> = new Map(
	['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title'].map((name) => [name, new RegExp(`</${name}(?=[\\s/>])`, 'gi')]),
);

// Start tags the HTML parser keeps in the head ("in head" insertion mode).
const headElements = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noscript', 'script', 'style', 'template', 'title']);

/** The HTML parser's insertion modes, reduced to what decides where a meta tag lands. */
type Mode = 'before-head' | 'in-head' | 'after-head' | 'in-body';

function fullScan(text: string, budget: TypoBudget): HtmlRobotsScan {
	const metas: ScannedMeta[] = [];
	// Fragments in the order they open; a fragment gets its close when the parser meets it.
	const noindex: { open: NoindexMarker; close: NoindexMarker | undefined; nested: boolean }[] = [];
	const strayCloses: NoindexMarker[] = [];
	const open: (typeof noindex)[number][] = [];
	const n = text.length;
	let mode: Mode = 'before-head';
	let secondHead = false;
	let foreign = 0;
	// Open `<template>` elements: their content is a fragment apart from the document (HTML §4.12.3), so a meta tag
	// there is no robots tag, and nothing in it moves the document's insertion mode.
	let template = 0;
	let skipped: { count: number; start: number; end: number } | undefined;

	const openNoindex = (marker: NoindexMarker): void => {
		const fragment = { open: marker, close: undefined, nested: open.length > 0 };
		noindex.push(fragment);
		open.push(fragment);
	};
	const closeNoindex = (marker: NoindexMarker): void => {
		const fragment = open.pop();
		if (fragment) {
			fragment.close = marker;
		} else {
			strayCloses.push(marker);
		}
	};

	let i = 0;
	while (i < n) {
		const lt = text.indexOf('<', i);
		const stop = lt < 0 ? n : lt;
		if (mode !== 'in-body' && template === 0 && hasText(text, i, stop)) {
			mode = 'in-body';
		}
		if (lt < 0) {
			break;
		}
		i = lt;
		const next = text.charCodeAt(i + 1);
		if (next === 33) {
			// `<!`: a comment, CDATA (only inside SVG/MathML), or a doctype / bogus comment up to `>`.
			if (text.startsWith('<!--', i)) {
				const { close, end } = commentAt(text, i);
				if (close >= 0 && close - (i + 4) <= 40) {
					const body = text
						.slice(i + 4, close)
						.trim()
						.toLowerCase();
					if (body === 'noindex') {
						openNoindex({ start: i, end, form: 'comment' });
					} else if (body === '/noindex') {
						closeNoindex({ start: i, end, form: 'comment' });
					}
				}
				i = end;
				continue;
			}
			if (foreign > 0 && text.startsWith('<![CDATA[', i)) {
				const close = text.indexOf(']]>', i + 9);
				i = close < 0 ? n : close + 3;
				continue;
			}
			i = bogusCommentEnd(text, i);
			continue;
		}
		if (next === 63) {
			// `<?…>` is a bogus comment.
			i = bogusCommentEnd(text, i);
			continue;
		}
		if (next === 47) {
			if (isLetter(text.charCodeAt(i + 2))) {
				const { name, tag } = readTag(text, i + 2);
				if (name === 'head') {
					if (secondHead) {
						secondHead = false;
					} else if (mode === 'in-head') {
						mode = 'after-head';
					}
				} else if (name === 'noindex') {
					closeNoindex({ start: i, end: tag.end, form: 'element' });
				} else if (name === 'template') {
					template = Math.max(0, template - 1);
				} else if (name === 'svg' || name === 'math') {
					foreign = Math.max(0, foreign - 1);
				}
				i = tag.end;
				continue;
			}
			if (text.charCodeAt(i + 2) === 62) {
				i += 3;
				continue;
			}
			if (i + 2 >= n) {
				// `</` at the end of the file is text.
				mode = 'in-body';
				break;
			}
			i = bogusCommentEnd(text, i);
			continue;
		}
		if (!isLetter(next)) {
			// A `<` that starts no tag is text.
			mode = 'in-body';
			i++;
			continue;
		}
		const { name, tag } = readTag(text, i + 1);
		if (template > 0 && (name === 'head' || headElements.has(name))) {
			template += name === 'template' ? 1 : 0;
		} else if (name === 'head') {
			if (mode === 'before-head') {
				mode = 'in-head';
			} else {
				// HTML parsers ignore a second `<head>` start tag.
				secondHead = true;
			}
		} else if (headElements.has(name)) {
			if (mode === 'before-head') {
				mode = 'in-head';
			}
			if (name === 'template') {
				template = 1;
			} else if (name === 'meta') {
				const relevance = isRobotsMeta(tag.attributes, budget);
				if (relevance !== undefined && metas.length >= maxRobotsTagsPerPage) {
					skipped ??= { count: 0, start: i, end: tag.end };
					skipped.count++;
				} else if (relevance !== undefined) {
					metas.push({
						start: i,
						end: tag.end,
						closed: tag.closed,
						// In "after head" mode, the parser still puts a meta into the head element.
						placement: mode === 'in-body' ? 'body' : 'head',
						inSecondHead: secondHead,
						attributes: tag.attributes,
						name: first(tag.attributes, 'name') as HtmlAttribute,
						content: first(tag.attributes, 'content'),
						relevance,
					});
				}
			}
		} else if (name !== 'html') {
			mode = template > 0 ? mode : 'in-body';
			if (name === 'noindex') {
				openNoindex({ start: i, end: tag.end, form: 'element' });
			} else if ((name === 'svg' || name === 'math') && !tag.selfClosing) {
				foreign++;
			} else if (name === 'plaintext') {
				break;
			}
		}
		i = tag.end;
		const rawEnd = tag.closed ? rawTextEnds.get(name) : undefined;
		if (rawEnd && name === 'script') {
			i = scriptEnd(text, i);
		} else if (rawEnd) {
			rawEnd.lastIndex = i;
			const match = rawEnd.exec(text);
			i = match ? match.index : n;
		}
	}
	return { metas, noindex, strayCloses, fullScan: true, ...(skipped ? { skipped } : {}) };
}

// What moves the script data states of the HTML tokenizer (§13.2.5.4 on): `<!--`, `-->` and script tags.
const scriptMarks = /<!--|-->|<(\/?)script(?=[\t\n\f\r />])/gi;

/**
 * Where a script's text that starts at `from` ends: at its `</script`, or at the end of the text. A `<!--` in it
 * makes `<script>…</script>` inside it text until `-->` (the escaped and double-escaped states), as browsers read it.
 */
export function scriptEnd(text: string, from: number): number {
	let state: 'data' | 'escaped' | 'double' = 'data';
	scriptMarks.lastIndex = from;
	for (let match = scriptMarks.exec(text); match; match = scriptMarks.exec(text)) {
		const mark = match[0];
		if (mark === '<!--') {
			state = state === 'data' ? 'escaped' : state;
			// `<!-->` opens and closes: the dashes are shared.
			scriptMarks.lastIndex = match.index + 2;
		} else if (mark === '-->') {
			state = 'data';
		} else if (match[1] === '/') {
			if (state !== 'double') {
				return match.index;
			}
			state = 'escaped';
		} else if (state === 'escaped') {
			state = 'double';
		}
	}
	return text.length;
}

/**
 * The comment that starts at `start` (`<!--`): where its text ends (-1 when the file ends inside it) and where the
 * comment ends, after its `-->` or `--!>`, or the abrupt `<!-->` and `<!--->` (HTML's comment start states).
 */
export function commentAt(text: string, start: number): { readonly close: number; readonly end: number } {
	if (text.startsWith('<!-->', start) || text.startsWith('<!--->', start)) {
		return { close: start + 4, end: start + (text[start + 4] === '>' ? 5 : 6) };
	}
	const close = commentEnd(text, start + 4);
	return { close, end: close < 0 ? text.length : close + (text.charCodeAt(close + 2) === 33 ? 4 : 3) };
}

/** Where the comment that starts before `from` ends: the `--` of its `-->` or `--!>` (HTML's comment end states), or -1. */
function commentEnd(text: string, from: number): number {
	for (let dashes = text.indexOf('--', from); dashes >= 0; dashes = text.indexOf('--', dashes + 1)) {
		const next = text.charCodeAt(dashes + 2);
		if (next === 62 || (next === 33 && text.charCodeAt(dashes + 3) === 62)) {
			return dashes;
		}
	}
	return -1;
}

function hasText(text: string, start: number, end: number): boolean {
	for (let i = start; i < end; i++) {
		if (!isSpace(text.charCodeAt(i))) {
			return true;
		}
	}
	return false;
}

/** How far back from a position to look for the `<meta` whose attributes it is in. */
const maxLookBack = 8192;

/** The `<meta>` tag a position is inside (between `<meta` and its `>`), read locally without scanning the document. */
export function metaTagAt(text: string, offset: number): { readonly start: number; readonly tag: TagEnd } | undefined {
	const limit = Math.max(0, offset - maxLookBack);
	for (let i = Math.min(offset, text.length) - 1; i >= limit; i--) {
		if (text.charCodeAt(i) !== 60) {
			continue;
		}
		if (!/^<meta[\s/>]/i.test(text.slice(i, i + 6))) {
			return undefined;
		}
		const tag = readAttributes(text, i + 5);
		if (tag.closed && offset >= tag.end) {
			return undefined;
		}
		return { start: i, tag };
	}
	return undefined;
}
