/**
 * The resources an HTML page loads to render, as a search engine's renderer fetches them (Google Search Central,
 * "Understand the JavaScript SEO basics": Googlebot renders a page with its CSS, JavaScript, fonts and images):
 * stylesheets, preloads, scripts, images and `srcset` candidates, each with its place in the page, and the page's
 * `<base href>`. It follows the HTML tokenizer where it matters, as html.ts does (comments, raw text of `<script>` and
 * `<style>`, the inert content of `<template>`). A page without such tags costs one regular-expression scan. Never throws.
 */

import { detach } from '../bench/diff';
import { bogusCommentEnd, commentAt, first, isLetter, isSpace, rawTextEnds, readTag, scriptEnd, type HtmlAttribute } from './html';

/** What a resource is to the renderer, by the tag that loads it. */
export type ResourceKind = 'stylesheet' | 'script' | 'font' | 'image';

/** A URL a page loads, as written (character references `&amp;` decoded), with its place in the page (offsets). */
export interface ScannedResource {
	readonly kind: ResourceKind;
	readonly href: string;
	readonly start: number;
	readonly end: number;
}

export interface ResourceScan {
	readonly resources: readonly ScannedResource[];
	/** The first `<base href>`'s value, which every relative URL of the page resolves against (HTML §4.2.3). */
	readonly base?: string;
}

/**
 * The most resources of a page that are read: a page loads tens, and each costs a verdict per search crawler on every
 * edit; a generated page of thousands of images gets its first ones checked.
 */
export const maxResourcesPerPage = 500;

/**
 * How much of a page is read for its resources: the first MiB, as the server reads pages on disk (a page's resources
 * are in its head and the start of its body), so that a huge page costs what its start costs.
 */
const maxScanLength = 1024 * 1024;

const noResources: ResourceScan = { resources: [] };

// The one scan a page without resource tags costs.
const quickPattern = /<(?:link|script|img|source|base)(?=[\s/>])/i;

// `<link rel=preload as=…>`: the destinations a renderer needs (HTML's "potential destination").
const preloadKinds: Readonly<Record<string, ResourceKind>> = { style: 'stylesheet', script: 'script', font: 'font', image: 'image' };

/** The resources a page loads (in its first MiB) and its base URL. Linear in the length of the text. */
export function scanResources(page: string): ResourceScan {
	// A prefix shares the page's storage; offsets into it are offsets into the page.
	const text = page.length > maxScanLength ? page.slice(0, maxScanLength) : page;
	if (!quickPattern.test(text)) {
		return noResources;
	}
	const resources: ScannedResource[] = [];
	let base: string | undefined;
	// Open `<template>` elements: their content is inert (HTML §4.12.3), nothing in it is fetched.
	let template = 0;
	const n = text.length;
	let i = 0;
	while (i < n && resources.length < maxResourcesPerPage) {
		const lt = text.indexOf('<', i);
		if (lt < 0) {
			break;
		}
		i = lt;
		const next = text.charCodeAt(i + 1);
		if (next === 33) {
			if (text.startsWith('<!--', i)) {
				i = commentAt(text, i).end;
				continue;
			}
			i = bogusCommentEnd(text, i);
			continue;
		}
		const closing = next === 47;
		const nameStart = closing ? i + 2 : i + 1;
		if (!isLetter(text.charCodeAt(nameStart))) {
			i++;
			continue;
		}
		const { name, tag } = readTag(text, nameStart);
		i = tag.end;
		if (closing) {
			template = name === 'template' ? Math.max(0, template - 1) : template;
			continue;
		}
		if (name === 'template') {
			template++;
		} else if (template === 0 && tag.closed) {
			if (name === 'base') {
				const href = first(tag.attributes, 'href');
				base ??= href?.hasValue ? decode(href.value) : undefined;
			} else {
				collect(name, tag.attributes, resources);
			}
		}
		const rawEnd = tag.closed ? rawTextEnds.get(name) : undefined;
		if (rawEnd && name === 'script') {
			i = scriptEnd(text, i);
		} else if (rawEnd) {
			rawEnd.lastIndex = i;
			const match = rawEnd.exec(text);
			i = match ? match.index : n;
		}
	}
	return base === undefined ? { resources } : { resources, base };
}

/** The resources one start tag loads. */
function collect(name: string, attributes: readonly HtmlAttribute[], out: ScannedResource[]): void {
	const add = (kind: ResourceKind, attribute: HtmlAttribute | undefined) => {
		if (attribute?.hasValue && attribute.value.trim() !== '') {
			out.push({ kind, href: decode(attribute.value.trim()), start: attribute.valueStart, end: attribute.valueEnd });
		}
	};
	if (name === 'link') {
		const rel = (first(attributes, 'rel')?.value ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
		if (rel.includes('stylesheet')) {
			add('stylesheet', first(attributes, 'href'));
		} else if (rel.includes('modulepreload')) {
			add('script', first(attributes, 'href'));
		} else if (rel.includes('preload')) {
			const kind = preloadKinds[(first(attributes, 'as')?.value ?? '').trim().toLowerCase()];
			if (kind !== undefined) {
				add(kind, first(attributes, 'href'));
			}
		}
	} else if (name === 'script') {
		add('script', first(attributes, 'src'));
	} else if (name === 'img' || name === 'source') {
		add('image', first(attributes, 'src'));
		const srcset = first(attributes, 'srcset');
		if (srcset?.hasValue) {
			for (const candidate of srcsetUrls(srcset.value)) {
				if (out.length >= maxResourcesPerPage) {
					break;
				}
				out.push({ kind: 'image', href: decode(candidate.url), start: srcset.valueStart + candidate.start, end: srcset.valueStart + candidate.end });
			}
		}
	}
}

/**
 * The URLs of a `srcset` value with their offsets in it, as HTML's "parse a srcset attribute" splits it: a URL runs
 * to whitespace, loses its trailing commas, and its descriptors run to the next comma outside parentheses.
 */
function srcsetUrls(value: string): { url: string; start: number; end: number }[] {
	const urls: { url: string; start: number; end: number }[] = [];
	const n = value.length;
	let i = 0;
	while (i < n) {
		while (i < n && (isSpace(value.charCodeAt(i)) || value[i] === ',')) {
			i++;
		}
		if (i >= n) {
			break;
		}
		const start = i;
		while (i < n && !isSpace(value.charCodeAt(i))) {
			i++;
		}
		let end = i;
		let commaEnded = false;
		while (end > start && value[end - 1] === ',') {
			end--;
			commaEnded = true;
		}
		if (end > start) {
			urls.push({ url: value.slice(start, end), start, end });
		}
		if (commaEnded) {
			continue;
		}
		let depth = 0;
		while (i < n && (value[i] !== ',' || depth > 0)) {
			depth += value[i] === '(' ? 1 : value[i] === ')' ? -1 : 0;
			i++;
		}
	}
	return urls;
}

/**
 * A URL as the page means it, decoding the character references that occur in URLs as written in HTML (others are
 * rare enough to leave as they are), in storage of its own: what the site check keeps of a page must not keep the page.
 */
function decode(value: string): string {
	return detach(value.includes('&') ? value.replace(/&amp;/gi, '&').replace(/&#0*38;/g, '&') : value);
}
