/**
 * What one preference line says: a `Content-Usage` line's optional path and its Structured Fields dictionary
 * (draft-ietf-aipref-attach §3.2, draft-ietf-aipref-vocab §6), a `Content-Signal` line's `key=value` pairs
 * (Cloudflare's Content Signals Policy) and a `License` line's URL (RSL 1.0). Reading never throws: any text gives a
 * result, with the problems found, each with its kind and its range in the line (for the diagnostics to come).
 */

import type { RobotsModel } from '../syntax/parser';
import { parseSfDictionary, type SfDictionary, type SfFailure } from './structuredFields';
import { contentSignalKeys, contentSignalUseValues, contentSignalValues, contentUsageLabels, droppedContentUsageLabels } from './vocabulary';

/** A range of a line: offsets from the line's start, half-open, in UTF-16 code units. */
export interface LineSpan {
	readonly start: number;
	readonly end: number;
}

/** What is wrong in a preference line; the words come with the diagnostics. */
export type PreferenceProblemKind =
	/** Content-Usage: the dictionary does not parse (RFC 9651), so the line states nothing. */
	| 'malformed-dictionary'
	/** Content-Usage: a key with an upper-case letter: the dictionary fails to parse (vocab §6.5.1). */
	| 'upper-case-key'
	/** Content-Usage: a value other than the token `y` or `n` (`yes`, `"n"`, `?1`…): the preference is unknown. */
	| 'unknown-value'
	/** Content-Usage: a label no draft of the vocabulary defines: ignored. */
	| 'unknown-label'
	/** Content-Usage: a label an earlier draft defined and a later one dropped: ignored (`draft` says which). */
	| 'dropped-label'
	/** Content-Usage: a key given more than once: the last one counts (RFC 9651 §4.2.2). */
	| 'repeated-key'
	/** Content-Signal: an entry without `=`, or with an empty key or value. */
	| 'malformed-entry'
	/** Content-Signal: a value other than `yes`/`no` (or, for `use`, `immediate`/`reference`/`full`). */
	| 'unknown-signal-value'
	/** Content-Signal: a key the policy does not define. */
	| 'unknown-signal-key'
	/** License: no value. */
	| 'empty-url'
	/** License: not a URL with a scheme and a host (RSL: "a fully qualified URL, including the protocol and host"). */
	| 'relative-url'
	/** License: an absolute URL whose scheme is neither http nor https. */
	| 'non-http-url';

export interface PreferenceProblem {
	readonly kind: PreferenceProblemKind;
	readonly span: LineSpan;
	/** For `malformed-dictionary`: the RFC 9651 step that failed. */
	readonly failure?: SfFailure;
	/** For `dropped-label`: the last draft that defined the label. */
	readonly draft?: string;
}

/** One stated preference of a Content-Usage line: `y` allows, `n` disallows, `unknown` is any other value. */
export interface UsagePreference {
	readonly key: string;
	readonly value: 'y' | 'n' | 'unknown';
	/** The key's range in the line. */
	readonly span: LineSpan;
	/** The value's range in the line (empty after the key for a bare key). */
	readonly valueSpan: LineSpan;
}

/** A `Content-Usage: [<path> SP] <preference>` line (attach §3.2). */
export interface ContentUsageLine {
	readonly kind: 'content-usage';
	/** The line, 0-based. */
	readonly line: number;
	/** The path as written and its range, or null when the value does not start with `/` (attach §3.2). */
	readonly path: { readonly text: string; readonly span: LineSpan } | null;
	/** The statement of preference's range. */
	readonly statement: LineSpan;
	/** Whether the dictionary parsed: a dictionary that fails states nothing (vocab §6.5.1). */
	readonly parsed: boolean;
	/** After RFC 9651's rules (a repeated key keeps its last value), in the dictionary's order; empty when not parsed. */
	readonly preferences: readonly UsagePreference[];
	readonly problems: readonly PreferenceProblem[];
}

/** One `key=value` pair of a Content-Signal line, as written. */
export interface SignalEntry {
	readonly key: string;
	readonly value: string;
	readonly span: LineSpan;
	readonly valueSpan: LineSpan;
}

/** A `Content-Signal: key=value, …` line (contentsignals.org). */
export interface ContentSignalLine {
	readonly kind: 'content-signal';
	readonly line: number;
	/** The well-formed pairs, in line order (a later repeat of a key is listed too). */
	readonly entries: readonly SignalEntry[];
	readonly problems: readonly PreferenceProblem[];
}

/** A `License: <absolute URL>` line (rslstandard.org, "Adding RSL to robots.txt"). */
export interface LicenseLine {
	readonly kind: 'license';
	readonly line: number;
	/** The value as written. */
	readonly url: string;
	readonly span: LineSpan;
	/** Whether the value is an absolute URL (a scheme and a host), the only kind RSL allows. */
	readonly absolute: boolean;
	readonly problems: readonly PreferenceProblem[];
}

export type PreferenceLine = ContentUsageLine | ContentSignalLine | LicenseLine;

const SP = 32;
const HTAB = 9;

/**
 * The rule value of a line as attach §3.2 cuts it: after the `:` and the SP and HTAB around it, up to the first `#`
 * (or the line's end). Our lexer also trims vertical tabs and form feeds; the draft does not, so the value is cut here.
 */
function ruleValue(model: RobotsModel, line: number): LineSpan {
	const node = model.lines[line];
	const text = model.lineTexts[line];
	let start = node.separator + 1;
	const end = node.commentStart >= 0 ? node.commentStart : node.length;
	while (start < end && (text.charCodeAt(start) === SP || text.charCodeAt(start) === HTAB)) {
		start++;
	}
	return { start, end };
}

/** A group's preference line: Content-Usage or Content-Signal (License is global). */
export function isGroupPreferenceDirective(directive: string): boolean {
	return directive === 'content-usage' || directive === 'content-signal';
}

/** A preference line of any kind: Content-Usage, Content-Signal or License. */
export function isPreferenceDirective(directive: string): boolean {
	return isGroupPreferenceDirective(directive) || directive === 'license';
}

/** Reads the preference line `line` of the model, or undefined when the line is no preference line. */
export function readPreferenceLine(model: RobotsModel, line: number): PreferenceLine | undefined {
	switch (model.lines[line].directive) {
		case 'content-usage':
			return readContentUsage(model.lineTexts[line], line, ruleValue(model, line));
		case 'content-signal':
			return readContentSignal(model.lineTexts[line], line, ruleValue(model, line));
		case 'license':
			return readLicense(model, line);
		default:
			return undefined;
	}
}

/**
 * attach §3.2: a value that starts with `/` has a path, which ends before the first SP or HTAB; the rest is the
 * statement of preference, an RFC 9651 dictionary read as vocab §6.5 says (values other than the tokens `y`/`n` are
 * unknown; parameters are ignored; a failed parse states nothing).
 */
function readContentUsage(text: string, line: number, value: LineSpan): ContentUsageLine {
	let statementStart = value.start;
	let path: ContentUsageLine['path'] = null;
	if (text.charCodeAt(value.start) === 47) {
		let end = value.start;
		while (end < value.end && text.charCodeAt(end) !== SP && text.charCodeAt(end) !== HTAB) {
			end++;
		}
		path = { text: text.slice(value.start, end), span: { start: value.start, end } };
		// The ABNF's `path-pattern 1*WS usage-pref`: the SP and HTAB after the path separate, and belong to neither
		// (§3.2's prose calls "the remainder" the statement, but RFC 9651 would fail on a leading HTAB).
		statementStart = end;
		while (statementStart < value.end && (text.charCodeAt(statementStart) === SP || text.charCodeAt(statementStart) === HTAB)) {
			statementStart++;
		}
	}
	const statement = { start: statementStart, end: value.end };
	const dictionary = parseSfDictionary(text, statementStart, value.end);
	const problems: PreferenceProblem[] = [];
	if (!dictionary.ok) {
		problems.push(failureProblem(text, dictionary, value.end));
		return { kind: 'content-usage', line, path, statement, parsed: false, preferences: [], problems };
	}
	const seen = new Set<string>();
	for (const member of dictionary.members) {
		const span = { start: member.keyStart, end: member.keyEnd };
		if (seen.has(member.key)) {
			problems.push({ kind: 'repeated-key', span });
		}
		seen.add(member.key);
	}
	const preferences: UsagePreference[] = [];
	for (const [key, member] of dictionary.dictionary) {
		const span = { start: member.keyStart, end: member.keyEnd };
		const { value: item } = member;
		const token = item.kind === 'item' && item.item.kind === 'token' ? item.item.value : undefined;
		const stated = token === 'y' || token === 'n' ? token : 'unknown';
		// A bare key is Boolean true, with no value written: its value's range is empty, after the key.
		const valueSpan = member.keyEnd === item.start ? { start: member.keyEnd, end: member.keyEnd } : { start: item.start, end: item.end };
		preferences.push({ key, value: stated, span, valueSpan });
		if (stated === 'unknown') {
			problems.push({ kind: 'unknown-value', span: valueSpan.start === valueSpan.end ? span : valueSpan });
		}
		const draft = droppedContentUsageLabels.get(key);
		if (draft !== undefined) {
			problems.push({ kind: 'dropped-label', span, draft });
		} else if (!contentUsageLabels.includes(key as never)) {
			problems.push({ kind: 'unknown-label', span });
		}
	}
	return { kind: 'content-usage', line, path, statement, parsed: true, preferences, problems };
}

/** The problem of a dictionary that failed: an upper-case key is named as such, the rest by where parsing stopped. */
function failureProblem(text: string, dictionary: Extract<SfDictionary, { ok: false }>, end: number): PreferenceProblem {
	const at = dictionary.at;
	const code = text.charCodeAt(at);
	if (dictionary.failure === 'key' || dictionary.failure === 'separator') {
		// The word that starts (or continues) at the failure: `Train-AI=n` fails on `T`, `train-AI=n` on `A`.
		let start = at;
		while (start > 0 && isWordChar(text.charCodeAt(start - 1))) {
			start--;
		}
		let stop = at;
		while (stop < end && isWordChar(text.charCodeAt(stop))) {
			stop++;
		}
		if (code >= 65 && code <= 90) {
			return { kind: 'upper-case-key', span: { start, end: stop } };
		}
	}
	// At the end (a trailing comma), the character before.
	const span = at < end ? { start: at, end: at + 1 } : { start: Math.max(0, at - 1), end: at };
	return { kind: 'malformed-dictionary', span, failure: dictionary.failure };
}

/** Letters, digits and the other characters of keys: the extent of a key as people see it. */
function isWordChar(code: number): boolean {
	return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45 || code === 95 || code === 46 || code === 42;
}

/**
 * Content Signals: comma-separated `key=value` pairs; `yes` or `no` for each signal and, since 2026, one of
 * `immediate`, `reference` or `full` for `use`; an absent key states no preference. The policy gives no grammar
 * beyond that and says nothing of malformed lines, so each well-formed pair is read on its own and the rest are
 * problems (no source says that one bad pair voids the others).
 */
function readContentSignal(text: string, line: number, value: LineSpan): ContentSignalLine {
	const entries: SignalEntry[] = [];
	const problems: PreferenceProblem[] = [];
	let start = value.start;
	while (start <= value.end) {
		let stop = text.indexOf(',', start);
		if (stop < 0 || stop > value.end) {
			stop = value.end;
		}
		const entry = trimmed(text, start, stop);
		const equals = text.indexOf('=', entry.start);
		if (equals < 0 || equals >= entry.end) {
			// An empty entry at the end of an empty value is no entry at all.
			if (entry.start < entry.end || stop < value.end || start > value.start) {
				// An empty entry is shown on the comma that ends it, or at the end on the one before it.
				const comma = stop < value.end ? { start: stop, end: stop + 1 } : { start: start - 1, end: start };
				problems.push({ kind: 'malformed-entry', span: entry.start < entry.end ? entry : comma });
			}
		} else {
			const key = trimmed(text, entry.start, equals);
			const valueSpan = trimmed(text, equals + 1, entry.end);
			if (key.start === key.end || valueSpan.start === valueSpan.end) {
				problems.push({ kind: 'malformed-entry', span: entry });
			} else {
				const signal = { key: text.slice(key.start, key.end), value: text.slice(valueSpan.start, valueSpan.end), span: key, valueSpan };
				entries.push(signal);
				const known = signal.key === 'use' ? contentSignalUseValues : contentSignalKeys.includes(signal.key as never) ? contentSignalValues : undefined;
				if (known === undefined) {
					problems.push({ kind: 'unknown-signal-key', span: key });
				} else if (!known.includes(signal.value as never)) {
					problems.push({ kind: 'unknown-signal-value', span: valueSpan });
				}
			}
		}
		start = stop + 1;
	}
	return { kind: 'content-signal', line, entries, problems };
}

/** `[start, end)` without the SP and HTAB at both ends. */
function trimmed(text: string, start: number, end: number): LineSpan {
	while (start < end && (text.charCodeAt(start) === SP || text.charCodeAt(start) === HTAB)) {
		start++;
	}
	while (end > start && (text.charCodeAt(end - 1) === SP || text.charCodeAt(end - 1) === HTAB)) {
		end--;
	}
	return { start, end };
}

/** RFC 3986 §3.1's scheme, then `//` and a non-empty authority: what "fully qualified, including the protocol and host" asks. */
const absoluteUrl = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/[^/?#]+/;

/** RSL: `License: <absoluteURL>`, global; the URL need not be percent-encoded and may name another host. */
function readLicense(model: RobotsModel, line: number): LicenseLine {
	const node = model.lines[line];
	const url = model.valueText(line);
	const span = { start: node.valueStart, end: node.valueEnd };
	const match = absoluteUrl.exec(url);
	const problems: PreferenceProblem[] = [];
	if (url === '') {
		problems.push({ kind: 'empty-url', span: { start: node.keyStart, end: node.keyEnd } });
	} else if (!match) {
		problems.push({ kind: 'relative-url', span });
	} else if (!/^https?$/i.test(match[1])) {
		problems.push({ kind: 'non-http-url', span: { start: span.start, end: span.start + match[1].length } });
	}
	return { kind: 'license', line, url, span, absolute: match !== null, problems };
}
