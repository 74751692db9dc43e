/**
 * Parses a robots directives value: the `content` of a robots meta tag or the value of an X-Robots-Tag header, into
 * directives with their spans (offsets into the value). Names are case-insensitive; commas separate, and `;`,
 * full-width commas and spaces are read as separators too but reported. A header value may name a crawler before
 * its rules (`googlebot: noindex`), which holds until the next crawler name (MDN: `BadBot: noindex, googlebot: nofollow`).
 * One pass, never throws.
 */

import { t } from '../l10n';
import { isMonthAndDay, isWeekdayName, parseRobotsDate, type RobotsDate } from './date';
import { editDistance } from '../editDistance';
import { findRobotsDirective, type RobotsDirectiveFacts } from './directives';
import { resolveRobotsName, suggestRobotsName, type TypoBudget } from './names';

/** A half-open range of offsets into the parsed value. */
export interface Span {
	readonly start: number;
	readonly end: number;
}

/** Where the value comes from: a meta tag's content, or an X-Robots-Tag header. */
type DirectiveSource = 'meta' | 'header';

/** A separator other than the comma. */
export interface OddSeparator {
	readonly kind: 'semicolon' | 'full-width-comma' | 'ideographic-comma' | 'full-width-semicolon' | 'space' | 'full-width-colon';
	readonly span: Span;
}

/** A crawler name in front of rules (`googlebot: noindex`). */
interface CrawlerPrefix {
	/** As written, trimmed. */
	readonly name: string;
	readonly span: Span;
}

/** A value the directive's facts say how to read. */
type DirectiveValue =
	| { readonly kind: 'integer'; readonly number: number }
	| { readonly kind: 'image-preview'; readonly setting: 'none' | 'standard' | 'large' }
	| { readonly kind: 'date'; readonly date: RobotsDate };

/** Why a directive's value cannot be used. */
interface ValueProblem {
	/** `missing`: the directive needs a value; `unexpected`: it takes none; `invalid`: it is not one; `date`: no date. */
	readonly kind: 'missing' | 'unexpected' | 'invalid' | 'date';
	readonly message: string;
	/** A value it likely means (`larg` → `large`). */
	readonly suggestion?: string;
}

export interface ParsedDirective {
	/** The whole directive, trimmed. */
	readonly span: Span;
	/** The name, lower-cased. */
	readonly name: string;
	readonly nameSpan: Span;
	/** The text after the colon, trimmed; undefined without a colon. */
	readonly value: string | undefined;
	readonly valueSpan: Span | undefined;
	/** The catalogue entry; undefined for an unknown name. */
	readonly facts: RobotsDirectiveFacts | undefined;
	readonly parsedValue: DirectiveValue | undefined;
	readonly problem: ValueProblem | undefined;
	/** X-Robots-Tag: the crawler the directive is for; undefined for every crawler. */
	readonly prefix: CrawlerPrefix | undefined;
	/** A meta tag's content with a header-style crawler prefix (`googlebot: noindex`), which meta tags do not have. */
	readonly misplacedPrefix: CrawlerPrefix | undefined;
}

export interface ParsedRobotsValue {
	readonly text: string;
	readonly source: DirectiveSource;
	readonly directives: readonly ParsedDirective[];
	readonly separators: readonly OddSeparator[];
	/** Empty items: the offset of the separator that makes each one (numbers, not spans: junk can hold millions). */
	readonly empty: readonly number[];
	/** The crawler prefixes, in order. */
	readonly prefixes: readonly CrawlerPrefix[];
}

const separatorKinds: Readonly<Record<string, OddSeparator['kind'] | 'comma'>> = {
	',': 'comma',
	';': 'semicolon',
	'\uFF0C': 'full-width-comma',
	'\u3001': 'ideographic-comma',
	'\uFF1B': 'full-width-semicolon',
};

function isSeparator(code: number): boolean {
	return code === 44 || code === 59 || code === 0xff0c || code === 0x3001 || code === 0xff1b;
}

const fullWidthColon = '\uFF1A';

function isSpace(code: number): boolean {
	// ASCII whitespace (HTML's), no-break space and the ideographic space.
	return code === 32 || code === 9 || code === 10 || code === 12 || code === 13 || code === 0xa0 || code === 0x3000;
}

/** The end of the item that starts at `start`: the next separator, or the end of the text. */
function itemEnd(text: string, start: number): number {
	let end = start;
	while (end < text.length && !isSeparator(text.charCodeAt(end))) {
		end++;
	}
	return end;
}

/** Parses a directives value. Never throws; one pass, linear in the length of the value. */
export function parseRobotsDirectives(text: string, source: DirectiveSource): ParsedRobotsValue {
	const directives: ParsedDirective[] = [];
	const separators: OddSeparator[] = [];
	const empty: number[] = [];
	const prefixes: CrawlerPrefix[] = [];
	let prefix: CrawlerPrefix | undefined;
	// Telling a misspelt crawler prefix (`googlebto: noidex`) from a misspelt directive costs a typo search.
	const budget: TypoBudget = { left: 32 };
	const onlyWhitespace = trim(text, 0, text.length).start === text.length;
	const n = text.length;
	// The separator before the current item, or -1.
	let previousSeparator = -1;

	for (let itemStart = 0; itemStart <= n; ) {
		// The separator after the item is at `separator` (n when the item ends the text).
		let separator = itemEnd(text, itemStart);
		let start = itemStart;
		while (start < separator && isSpace(text.charCodeAt(start))) {
			start++;
		}
		let end = separator;
		while (end > start && isSpace(text.charCodeAt(end - 1))) {
			end--;
		}
		if (start === end) {
			const at = separator < n ? separator : previousSeparator;
			if (!onlyWhitespace && at >= 0) {
				empty.push(at);
			}
		} else {
			// Header prefix (or a misplaced one in a meta tag): `name: directive…` where name is no directive.
			let itemPrefix: CrawlerPrefix | undefined;
			const colon = findColon(text, start, end);
			if (colon >= 0) {
				const head = trim(text, start, colon);
				const headText = text.slice(head.start, head.end);
				const rest = trim(text, colon + 1, end);
				if (isPrefix(headText, text.slice(rest.start, rest.end), budget)) {
					itemPrefix = { name: headText, span: head };
					if (text[colon] === fullWidthColon) {
						separators.push({ kind: 'full-width-colon', span: { start: colon, end: colon + 1 } });
					}
					if (source === 'header') {
						prefix = itemPrefix;
						prefixes.push(itemPrefix);
					}
					start = rest.start;
					end = rest.end;
				}
			}
			// unavailable_after's date may hold commas (RFC 822 "Wed, 03 Dec 2025 …", RFC 850 "Friday, 25-Jun-10 …"):
			// a value that is only a weekday, or "June 25", continues into the next item when that starts with a digit.
			while (start < end && separator < n && text[separator] === ',') {
				const dateValue = unavailableAfterValue(text, start, end);
				if (dateValue === undefined || !(isWeekdayName(dateValue) || isMonthAndDay(dateValue))) {
					break;
				}
				const next = trim(text, separator + 1, itemEnd(text, separator + 1));
				if (next.start >= next.end || !/[0-9]/.test(text[next.start])) {
					break;
				}
				end = next.end;
				separator = itemEnd(text, separator + 1);
			}
			// A crawler name alone (`googlebot:`) carries no directive; its rules follow in the next items.
			if (start < end) {
				const inMeta = source === 'meta' ? itemPrefix : undefined;
				const current = source === 'header' ? prefix : undefined;
				for (const part of splitBySpaces(text, start, end, separators)) {
					directives.push(directive(text, part.start, part.end, current, inMeta, separators));
				}
			}
		}
		if (separator < n) {
			const kind = separatorKinds[text[separator]];
			if (kind !== 'comma') {
				separators.push({ kind, span: { start: separator, end: separator + 1 } });
			}
			previousSeparator = separator;
		}
		itemStart = separator + 1;
	}
	return { text, source, directives, separators, empty, prefixes };
}

function trim(text: string, start: number, end: number): Span {
	let s = start;
	let e = end;
	while (s < e && isSpace(text.charCodeAt(s))) {
		s++;
	}
	while (e > s && isSpace(text.charCodeAt(e - 1))) {
		e--;
	}
	return { start: s, end: e };
}

function findColon(text: string, start: number, end: number): number {
	for (let i = start; i < end; i++) {
		if (text[i] === ':' || text[i] === fullWidthColon) {
			return i;
		}
	}
	return -1;
}

/**
 * Whether `head` in `head: rest` names a crawler rather than a directive: it is no directive, has no spaces, and
 * either is a name we know (or a typo of one), or is followed by a directive.
 */
function isPrefix(head: string, rest: string, budget: TypoBudget): boolean {
	if (head.length === 0 || /\s/.test(head) || findRobotsDirective(head)) {
		return false;
	}
	if (resolveRobotsName(head)) {
		return true;
	}
	const word = /^[^\s:\uFF1A]+/.exec(rest);
	if (word !== null && findRobotsDirective(word[0]) !== undefined) {
		return true;
	}
	return suggestRobotsName(head, budget) !== undefined;
}

/** The value of an `unavailable_after:` directive between start and end, or undefined for any other directive. */
function unavailableAfterValue(text: string, start: number, end: number): string | undefined {
	const colon = findColon(text, start, end);
	if (colon < 0 || text.slice(start, colon).trim().toLowerCase() !== 'unavailable_after') {
		return undefined;
	}
	return text.slice(colon + 1, end).trim();
}

/**
 * Splits `noindex nofollow` (spaces instead of commas) into its directives when every word is one; anything else
 * (`unavailable_after: 25 Jun 2010`, `max-snippet: 20`) stays one directive.
 */
function splitBySpaces(text: string, start: number, end: number, separators: OddSeparator[]): Span[] {
	const words: Span[] = [];
	let i = start;
	while (i < end) {
		while (i < end && isSpace(text.charCodeAt(i))) {
			i++;
		}
		const wordStart = i;
		while (i < end && !isSpace(text.charCodeAt(i))) {
			i++;
		}
		if (i > wordStart) {
			words.push({ start: wordStart, end: i });
		}
		if (words.length > 64) {
			return [{ start, end }];
		}
	}
	if (words.length < 2) {
		return [{ start, end }];
	}
	for (const word of words) {
		const colon = findColon(text, word.start, word.end);
		const name = text.slice(word.start, colon >= 0 ? colon : word.end);
		if (!findRobotsDirective(name) || colon === word.end - 1) {
			return [{ start, end }];
		}
	}
	for (let w = 1; w < words.length; w++) {
		separators.push({ kind: 'space', span: { start: words[w - 1].end, end: words[w].start } });
	}
	return words;
}

function directive(
	text: string,
	start: number,
	end: number,
	prefix: CrawlerPrefix | undefined,
	misplacedPrefix: CrawlerPrefix | undefined,
	separators: OddSeparator[],
): ParsedDirective {
	const colon = findColon(text, start, end);
	const nameSpan = colon >= 0 ? trim(text, start, colon) : { start, end };
	const name = text.slice(nameSpan.start, nameSpan.end).toLowerCase();
	let value: string | undefined;
	let valueSpan: Span | undefined;
	if (colon >= 0) {
		valueSpan = trim(text, colon + 1, end);
		value = text.slice(valueSpan.start, valueSpan.end);
		if (text[colon] === fullWidthColon) {
			separators.push({ kind: 'full-width-colon', span: { start: colon, end: colon + 1 } });
		}
	}
	const facts = findRobotsDirective(name);
	const { parsedValue, problem } = facts ? readValue(facts, value) : { parsedValue: undefined, problem: undefined };
	return {
		span: { start, end },
		name,
		nameSpan,
		value,
		valueSpan,
		facts,
		parsedValue,
		problem,
		prefix,
		misplacedPrefix,
	};
}

const imagePreviewSettings = ['none', 'standard', 'large'] as const;

function readValue(facts: RobotsDirectiveFacts, value: string | undefined): { parsedValue?: DirectiveValue; problem?: ValueProblem } {
	// Messages are clauses without a final stop: the diagnostic and the hover each end the sentence their own way.
	if (facts.value === 'none') {
		return value === undefined ? {} : { problem: { kind: 'unexpected', message: t('{0} takes no value', facts.name) } };
	}
	if (value === undefined || value.length === 0) {
		const message =
			facts.value === 'integer'
				? t('{0} needs a number after the colon ({0}:…)', facts.name)
				: facts.value === 'date'
					? t('{0} needs a date after the colon ({0}:…)', facts.name)
					: t('{0} needs none, standard or large after the colon ({0}:…)', facts.name);
		return { problem: { kind: 'missing', message } };
	}
	switch (facts.value) {
		case 'integer': {
			if (!/^[+-]?\d{1,15}$/.test(value)) {
				return { problem: { kind: 'invalid', message: t("'{0}' is not a whole number", value) } };
			}
			const number = Number(value);
			if (number < -1) {
				return { problem: { kind: 'invalid', message: t('{0} is below -1, the smallest value (-1 means no limit)', number) } };
			}
			return { parsedValue: { kind: 'integer', number } };
		}
		case 'image-preview': {
			const lower = value.toLowerCase();
			const setting = imagePreviewSettings.find((candidate) => candidate === lower);
			if (setting) {
				return { parsedValue: { kind: 'image-preview', setting } };
			}
			const suggestion = value.length <= 20 ? imagePreviewSettings.find((candidate) => editDistance(lower, candidate, 2, true) <= 2) : undefined;
			return {
				problem: {
					kind: 'invalid',
					message: t("'{0}' is not an image preview size: none, standard or large", value),
					...(suggestion ? { suggestion } : {}),
				},
			};
		}
		case 'date': {
			const reading = parseRobotsDate(value);
			if (reading.ok) {
				return { parsedValue: { kind: 'date', date: reading.date } };
			}
			return { problem: { kind: 'date', message: t("'{0}' is not a date: {1}", value, reading.reason) } };
		}
	}
}
