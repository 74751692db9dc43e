/**
 * Checks of the preference lines (Content-Usage, Content-Signal, License): the problems `readPreferenceLine` finds in
 * one line, in words that say what a crawler will do, with the one edit that fixes each where there is one; where a
 * line binds (outside any group in a dialect's grouping, or in the last named group of a file whose `*` group has
 * none: the shape of www.cloudflare.com's own file); and a preference its group's crawl rules contradict.
 */

import { crawlerProfile } from '../../crawlers/profile';
import { listNames } from '../../crawlers/explain';
import type { Dialect } from '../../dialect';
import { editDistance } from '../../editDistance';
import { t } from '../../l10n';
import {
	isGroupPreferenceDirective,
	isPreferenceDirective,
	readPreferenceLine,
	type LineSpan,
	type PreferenceLine,
	type PreferenceProblem,
} from '../../preferences/lines';
import { parseSfDictionary, type SfFailure } from '../../preferences/structuredFields';
import { contentSignalKeys, contentUsageLabels } from '../../preferences/vocabulary';
import type { Group, RobotsModel } from '../../syntax/parser';
import { shown, type Check, type CheckContext, type CheckEntry, type FileFact, type Fix, type Problem } from '../context';
import { deleteLine, insertLinesBefore, replaceSpan } from './edits';

/** The line read as a preference line, kept per line while it stays as it is. */
function preferenceLineAt(context: CheckContext, line: number): PreferenceLine | undefined {
	return context.perLine('preference line', line, readPreferenceLine);
}

/** Values people write for "yes" and "no" in Content-Usage, which takes only the tokens `y` and `n` (vocab §6.5). */
const usageMeant: ReadonlyMap<string, 'y' | 'n'> = new Map([
	['yes', 'y'],
	['true', 'y'],
	['?1', 'y'],
	['"y"', 'y'],
	['"yes"', 'y'],
	['y', 'y'],
	['no', 'n'],
	['false', 'n'],
	['?0', 'n'],
	['"n"', 'n'],
	['"no"', 'n'],
	['n', 'n'],
]);

/** Values people write for "yes" and "no" in Content-Signal, which takes `yes` and `no` (contentsignals.org). */
const signalMeant: ReadonlyMap<string, 'yes' | 'no'> = new Map([
	['y', 'yes'],
	['true', 'yes'],
	['yes', 'yes'],
	['n', 'no'],
	['false', 'no'],
	['no', 'no'],
]);

/** The other line's names for the same category: Content-Signal's `ai-train` is Content-Usage's `train-ai`. */
const usageForSignal: ReadonlyMap<string, string> = new Map([['ai-train', 'train-ai']]);
const signalForUsage: ReadonlyMap<string, string> = new Map([['train-ai', 'ai-train']]);

/**
 * Dropped labels that one current label replaces without changing what the line asks: `train-genai` (training of
 * generative AI, draft-ietf-aipref-vocab-03) is training of AI, which `train-ai` covers.
 */
const droppedReplacement: ReadonlyMap<string, string> = new Map([['train-genai', 'train-ai']]);

/** The known name `key` most likely means: another spelling, the other line's name, or one a few edits away. */
function suggestKey(key: string, known: readonly string[], other: ReadonlyMap<string, string>): string | undefined {
	const lower = key.toLowerCase();
	const named = other.get(lower);
	if (named !== undefined) {
		return named;
	}
	if (known.includes(lower)) {
		return lower;
	}
	let best: { name: string; distance: number } | undefined;
	for (const name of known) {
		const distance = editDistance(lower, name, 2, true);
		if (distance <= 2 && (!best || distance < best.distance)) {
			best = { name, distance };
		}
	}
	return best?.name;
}

/** The RFC 9651 step that failed, in words (a clause that ends a sentence). */
function failureWords(failure: SfFailure | undefined): string {
	switch (failure) {
		case 'key':
			return t('a key must start with a lower-case letter or "*" (RFC 9651 §4.2.3.3)');
		case 'item':
			return t('no value can start with this character (RFC 9651 §4.2.3.1)');
		case 'bare-item':
			return t('this value is no well-formed token, number, string or Boolean (RFC 9651 §4.2.4 to §4.2.10)');
		case 'inner-list':
			return t('a list in parentheses is not closed (RFC 9651 §4.2.1.2)');
		case 'trailing-comma':
			return t('a "," must be followed by another key (RFC 9651 §4.2.2)');
		default:
			return t('only "," may follow a value (RFC 9651 §4.2.2)');
	}
}

/** `Write "…"`: the one fix of a span. */
function writeFix(line: number, start: number, end: number, newText: string, shownText = newText): Fix {
	return { title: t('Write "{0}"', shown(shownText)), edits: [replaceSpan(line, start, end, newText)], isPreferred: true };
}

/**
 * A Content-Usage value that is not a path but lacks its `/`: `docs/ train-ai=n` fails as a dictionary, and reads as
 * one when the first word is a path. Returns the first word's end, or undefined.
 */
function pathWithoutSlash(text: string, start: number, end: number): number | undefined {
	let word = start;
	while (word < end && text.charCodeAt(word) !== 32 && text.charCodeAt(word) !== 9) {
		word++;
	}
	let rest = word;
	while (rest < end && (text.charCodeAt(rest) === 32 || text.charCodeAt(rest) === 9)) {
		rest++;
	}
	if (word === start || rest === end || !/[/.*$]/.test(text.slice(start, word))) {
		return undefined;
	}
	return parseSfDictionary(text, rest, end).ok ? word : undefined;
}

/** Each Content-Usage key in `[start, end)` in lower case (keys start the text and follow each `,`). */
function lowerCaseKeys(text: string, start: number, end: number): string {
	return text.slice(start, end).replace(/(^|,[ \t]*)([A-Za-z*][A-Za-z0-9_.*-]*)/g, (_all, before: string, key: string) => before + key.toLowerCase());
}

/** A problem of a preference line in words, with its fixes; its range is the problem's span unless it says another. */
type Described = Omit<Problem, 'line'>;

/** An unknown key, said in `message`, with the fix to the name it most likely means where there is one. */
function unknownKey(line: number, span: LineSpan, suggestion: string | undefined, message: string): Described {
	return { code: 'unknown-preference-key', message, fixes: suggestion !== undefined ? [writeFix(line, span.start, span.end, suggestion)] : undefined };
}

/** The problems of one preference line, on their own. */
const preferenceLine: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		if (!isPreferenceDirective(model.lines[line].directive)) {
			continue;
		}
		const read = preferenceLineAt(context, line);
		if (read === undefined) {
			continue;
		}
		const text = model.lineTexts[line];
		for (const problem of read.problems) {
			context.report({ line, start: problem.span.start, end: problem.span.end, ...describeProblem(read, text, problem) });
		}
	}
};

function describeProblem(read: PreferenceLine, text: string, problem: PreferenceProblem): Described {
	const { line } = read;
	const { start, end } = problem.span;
	const written = text.slice(start, end);
	switch (problem.kind) {
		case 'unknown-value': {
			const preference = read.kind === 'content-usage' ? read.preferences.find((p) => p.span.start === start || p.valueSpan.start === start) : undefined;
			const key = preference?.key ?? written;
			if (preference && preference.valueSpan.start === preference.valueSpan.end) {
				// A bare key is Boolean true (RFC 9651 §4.2.2), which is no `y`.
				return {
					code: 'invalid-usage-value',
					message: t(
						'"{0}" without a value is the Boolean true, which means unknown to every crawler: Content-Usage takes only y or n (draft-ietf-aipref-vocab §6.5). Write "{0}=y" or "{0}=n".',
						shown(key),
					),
					fixes: [{ title: t('Write "{0}"', shown(`${key}=y`)), edits: [replaceSpan(line, end, end, '=y')] }],
				};
			}
			// The value before its parameters.
			const semicolon = written.indexOf(';');
			const value = semicolon < 0 ? written : written.slice(0, semicolon);
			const meant = usageMeant.get(value.toLowerCase());
			return {
				code: 'invalid-usage-value',
				message:
					meant !== undefined
						? t(
								'"{0}" means unknown to every crawler: Content-Usage takes only the tokens y and n (draft-ietf-aipref-vocab §6.5). Write "{1}".',
								shown(value),
								meant,
							)
						: t(
								'"{0}" is neither y nor n, so every crawler reads "{1}" as unknown: this line states no preference for it (draft-ietf-aipref-vocab §6.5).',
								shown(value),
								shown(key),
							),
				fixes: meant !== undefined ? [writeFix(line, start, start + value.length, meant, `${key}=${meant}`)] : undefined,
			};
		}
		case 'unknown-label': {
			const suggestion = suggestKey(written, contentUsageLabels, usageForSignal);
			return unknownKey(
				line,
				problem.span,
				suggestion,
				suggestion !== undefined
					? t('"{0}" is no label of the AI preferences vocabulary, so every crawler ignores it; did you mean "{1}"?', shown(written), suggestion)
					: t(
							'"{0}" is no label of the AI preferences vocabulary, so every crawler ignores it: the labels are "train-ai" and "search" (draft-ietf-aipref-vocab-07 §6.1).',
							shown(written),
						),
			);
		}
		case 'dropped-label': {
			const replacement = droppedReplacement.get(written);
			return {
				code: 'dropped-usage-label',
				message:
					replacement !== undefined
						? t(
								'"{0}" was last defined in {1} and the vocabulary has dropped it, so crawlers ignore it; "{2}" says the same today (draft-ietf-aipref-vocab-07 §6.1).',
								written,
								problem.draft ?? '',
								replacement,
							)
						: t(
								'"{0}" was last defined in {1} and the vocabulary has dropped it, so crawlers ignore it; no current label means the same (the labels are "train-ai" and "search").',
								written,
								problem.draft ?? '',
							),
				fixes: replacement !== undefined ? [writeFix(line, start, end, replacement)] : undefined,
			};
		}
		case 'repeated-key':
			return {
				code: 'repeated-usage-key',
				message: t('"{0}" is given again in this dictionary: crawlers keep only its last value (RFC 9651 §4.2.2), and ignore the earlier one.', shown(written)),
			};
		case 'upper-case-key': {
			const statement = read.kind === 'content-usage' ? read.statement : problem.span;
			const lowered = lowerCaseKeys(text, statement.start, statement.end);
			const fixes = parseSfDictionary(lowered, 0, lowered.length).ok
				? [
						{
							title: t('Write the keys in lower case: "{0}"', shown(lowered)),
							edits: [replaceSpan(line, statement.start, statement.end, lowered)],
							isPreferred: true,
						},
					]
				: undefined;
			return {
				code: 'upper-case-usage-key',
				message: t(
					'"{0}" has an upper-case letter: keys are lower case (RFC 9651 §3.2), so the whole preference fails to parse and states nothing to any crawler.',
					shown(written),
				),
				fixes,
			};
		}
		case 'malformed-dictionary': {
			const statement = read.kind === 'content-usage' ? read.statement : problem.span;
			const word = read.kind === 'content-usage' && read.path === null ? pathWithoutSlash(text, statement.start, statement.end) : undefined;
			if (word !== undefined) {
				const path = text.slice(statement.start, word);
				return {
					code: 'usage-path-without-slash',
					start: statement.start,
					end: word,
					message: t(
						'Content-Usage paths start with "/" (draft-ietf-aipref-attach §3.2): without it, "{0}" is read as part of the preference, which then fails to parse, so the line states nothing to any crawler.',
						shown(path),
					),
					fixes: [writeFix(line, statement.start, statement.start, '/', `/${path}`)],
				};
			}
			const trailing = problem.failure === 'trailing-comma' && text.charAt(start) === ',';
			return {
				code: 'malformed-preference',
				message: t('This preference is no Structured Fields dictionary, so the line states nothing to any crawler: {0}.', failureWords(problem.failure)),
				fixes: trailing ? [{ title: t('Remove the trailing ","'), edits: [replaceSpan(line, start, end, '')], isPreferred: true }] : undefined,
			};
		}
		case 'malformed-entry':
			return {
				code: 'malformed-preference',
				message: t('Content-Signal takes "key=value" pairs separated by ",": crawlers cannot read "{0}", so it states nothing.', shown(written)),
			};
		case 'unknown-signal-value': {
			const entry = read.kind === 'content-signal' ? read.entries.find((e) => e.valueSpan.start === start) : undefined;
			const key = entry?.key ?? '';
			if (key === 'use') {
				return {
					code: 'invalid-signal-value',
					message: t('"use" takes "immediate", "reference" or "full" (contentsignals.org): "{0}" states nothing.', shown(written)),
				};
			}
			const meant = signalMeant.get(written.toLowerCase());
			return {
				code: 'invalid-signal-value',
				message:
					meant !== undefined
						? t(
								'Content-Signal takes "yes" or "no" (contentsignals.org): "{0}" states no preference for "{1}". Write "{2}".',
								shown(written),
								shown(key),
								meant,
							)
						: t('Content-Signal takes "yes" or "no" (contentsignals.org): "{0}" states no preference for "{1}".', shown(written), shown(key)),
				fixes: meant !== undefined ? [writeFix(line, start, end, meant, `${key}=${meant}`)] : undefined,
			};
		}
		case 'unknown-signal-key': {
			const suggestion = suggestKey(written, [...contentSignalKeys, 'use'], signalForUsage);
			return unknownKey(
				line,
				problem.span,
				suggestion,
				suggestion !== undefined
					? t('"{0}" is no Content Signal, so every crawler ignores it; did you mean "{1}"?', shown(written), suggestion)
					: t(
							'"{0}" is no Content Signal, so every crawler ignores it: the signals are "search", "ai-input", "ai-train" and "use" (contentsignals.org).',
							shown(written),
						),
			);
		}
		case 'empty-url':
			return {
				code: 'invalid-license-url',
				message: t('An empty License: RSL readers ignore it. License takes the absolute URL of an RSL licence (RSL 1.0).'),
			};
		case 'relative-url':
			return {
				code: 'invalid-license-url',
				message: t(
					'"{0}" is not an absolute URL: RSL 1.0 asks for a fully qualified URL with its protocol and host, and readers ignore any other.',
					shown(written),
				),
			};
		case 'non-http-url':
			return {
				code: 'invalid-license-url',
				message: t('A licence at a "{0}:" URL: RSL readers fetch licences over HTTP, so they ignore this one; write an http(s) URL.', shown(written)),
			};
	}
}

/** A group line (Content-Usage, Content-Signal) outside every group of a dialect binds to no crawler there. */
const preferenceOutsideGroup: Check = (context) => {
	const { model } = context;
	const lines: number[] = [];
	for (let line = context.from; line < context.to; line++) {
		if (isGroupPreferenceDirective(model.lines[line].directive)) {
			lines.push(line);
		}
	}
	if (lines.length === 0) {
		return;
	}
	const outside = new Map<number, Dialect[]>();
	for (const dialect of context.dialects) {
		const grouped = new Set<number>();
		for (const group of context.grouping(dialect).groups) {
			for (const line of group.others) {
				grouped.add(line);
			}
		}
		for (const line of lines) {
			if (!grouped.has(line)) {
				outside.set(line, [...(outside.get(line) ?? []), dialect]);
			}
		}
	}
	for (const [line, dialects] of outside) {
		const node = model.lines[line];
		context.report({
			code: 'preference-outside-group',
			line,
			start: node.keyStart,
			end: node.keyEnd,
			message:
				dialects.length === context.dialects.length
					? t('This line stands in no group, so it binds to no crawler: preference lines belong in a group, after its User-agent lines.')
					: t(
							'For {0} this line stands in no group (a blank line or a new record ended the group before it), so it binds to none of their crawlers; the others read it in the group above.',
							context.who(dialects),
						),
		});
	}
};

/** What the rules of a group do with all paths: allow everything, disallow everything, or something in between. */
function groupReach(model: RobotsModel, group: Group): 'all' | 'none' | 'some' {
	const allows = group.rules.filter((line) => model.lines[line].directive === 'allow' && !model.valueIs(line, ''));
	const disallows = group.rules.filter((line) => model.lines[line].directive === 'disallow' && !model.valueIs(line, ''));
	if (disallows.length === 0) {
		return 'all';
	}
	if (allows.length === 0 && disallows.some((line) => model.valueIs(line, '/') || model.valueIs(line, '/*'))) {
		return 'none';
	}
	return 'some';
}

/** A preference the crawl rules of its own group contradict, in RFC 9309's grouping. */
const preferenceContradictsRules: Check = (context) => {
	const { model } = context;
	for (const group of context.grouping('rfc9309').groups) {
		const preferences = group.others.filter((line) => isGroupPreferenceDirective(model.lines[line].directive));
		if (preferences.length === 0) {
			continue;
		}
		const reach = groupReach(model, group);
		if (reach === 'some') {
			continue;
		}
		const agents = group.userAgents.map((line) => model.valueText(line));
		const trainers = agents.filter((agent) => {
			const profile = crawlerProfile(agent);
			return profile.known && profile.category === 'ai-training';
		});
		for (const line of preferences) {
			const read = preferenceLineAt(context, line);
			if (read === undefined || read.kind === 'license') {
				continue;
			}
			const stated =
				read.kind === 'content-usage'
					? read.preferences
							.filter((p) => p.value !== 'unknown')
							.map((p) => ({ key: p.key, value: p.value, yes: p.value === 'y', span: p.span, end: p.valueSpan.end }))
					: read.entries.map((e) => ({ key: e.key, value: e.value, yes: e.value === 'yes', span: e.span, end: e.valueSpan.end }));
			for (const preference of stated) {
				const said = `${preference.key}=${preference.value}`;
				if (reach === 'none' && preference.yes) {
					context.report({
						code: 'preference-contradicts-rules',
						line,
						start: preference.span.start,
						end: preference.end,
						message: t(
							'"{0}" never applies: this group disallows every URL, and preferences apply only to URLs the crawl rules allow (draft-ietf-aipref-attach §3.1). Crawlers that honour robots.txt fetch nothing here, so they have nothing to use.',
							shown(said),
						),
					});
				} else if (reach === 'all' && trainers.length > 0 && !preference.yes && (preference.key === 'train-ai' || preference.key === 'ai-train')) {
					context.report({
						code: 'preference-contradicts-rules',
						line,
						start: preference.span.start,
						end: preference.end,
						message: t(
							'This group lets {0}, a crawler that collects training data, fetch every URL, and "{1}" asks it not to train on them: a crawler that reads the line fetches pages it may not use, one that does not (no major crawler documents reading it yet) trains on them. "Disallow: /" keeps it out.',
							listNames(trainers, 3),
							shown(said),
						),
					});
				}
			}
		}
	}
};

/** The groups of a window as the Cloudflare shape asks about them, with lines relative to the window's start. */
interface LastGroupSummary {
	/** A `*` group has a preference line. */
	readonly starHasPreferences: boolean;
	/** The last line of each `*` group. */
	readonly starEnds: readonly number[];
	/** The window's last group, unless it is a `*` group: its agents and preference lines. */
	readonly last: { readonly agents: readonly string[]; readonly lines: readonly number[]; readonly texts: readonly string[]; readonly lastLine: number } | null;
	/** Whether the window has a group at all. */
	readonly hasGroup: boolean;
}

/** The file's `*` groups and its last group, in RFC 9309's grouping (www.cloudflare.com's case: issue 24). */
const lastGroupPreferences: FileFact<LastGroupSummary, { starHasPreferences: boolean; starEnds: number[]; last: LastGroupSummary['last'] }> = {
	name: 'preferences of the last group',
	positional: true,
	summarize(window) {
		const { model } = window;
		const groups = window.grouping('rfc9309').groups;
		let starHasPreferences = false;
		const starEnds: number[] = [];
		const preferencesOf = (group: Group) => group.others.filter((line) => isGroupPreferenceDirective(model.lines[line].directive));
		for (const group of groups) {
			if (group.userAgents.some((line) => model.valueIs(line, '*'))) {
				starEnds.push(group.lastLine - window.from);
				starHasPreferences ||= preferencesOf(group).length > 0;
			}
		}
		const lastGroup = groups.at(-1);
		const last =
			lastGroup && !lastGroup.userAgents.some((line) => model.valueIs(line, '*'))
				? {
						agents: lastGroup.userAgents.map((line) => model.valueText(line)),
						lines: preferencesOf(lastGroup).map((line) => line - window.from),
						texts: preferencesOf(lastGroup).map((line) => model.lineText(line)),
						lastLine: lastGroup.lastLine - window.from,
					}
				: null;
		return { starHasPreferences, starEnds, last, hasGroup: groups.length > 0 };
	},
	combine(summaries, starts) {
		let starHasPreferences = false;
		const starEnds: number[] = [];
		let last: LastGroupSummary['last'] = null;
		summaries.forEach((summary, i) => {
			starHasPreferences ||= summary.starHasPreferences;
			starEnds.push(...summary.starEnds.map((line) => line + starts[i]));
			if (summary.hasGroup) {
				last = summary.last && { ...summary.last, lines: summary.last.lines.map((line) => line + starts[i]), lastLine: summary.last.lastLine + starts[i] };
			}
		});
		return { starHasPreferences, starEnds, last };
	},
	same: (a, b) =>
		a.starHasPreferences === b.starHasPreferences
		&& a.hasGroup === b.hasGroup
		&& a.starEnds.length === b.starEnds.length
		&& a.starEnds.every((line, i) => line === b.starEnds[i])
		&& (a.last === null) === (b.last === null)
		&& (a.last === null
			|| (a.last.agents.join('\n') === b.last!.agents.join('\n')
				&& a.last.lastLine === b.last!.lastLine
				&& a.last.texts.join('\n') === b.last!.texts.join('\n')
				&& a.last.lines.every((line, i) => line === b.last!.lines[i]))),
};

/**
 * The Cloudflare shape: a preference line in the file's last group, which names crawlers, while the `*` group states
 * none. The line binds only to the crawlers that group names (RFC 9309 §2.1: a group's rules are its user-agents'),
 * which is seldom what a line meant for every crawler wants. The fixes copy it (the group's crawlers keep it) or move
 * it into the one `*` group, or into a new one after the last group when there is none, with an empty `Disallow:`: it allows everything, as having no group
 * did, in every dialect (RFC 9309 §2.2.2, the 1994 standard), and a 1996-draft record needs a Disallow line.
 */
const preferenceInLastGroup: Check = (context) => {
	const { starHasPreferences, starEnds, last } = context.fact(lastGroupPreferences);
	if (starHasPreferences || last === null || last.lines.length === 0) {
		return;
	}
	const { model } = context;
	last.lines.forEach((line, i) => {
		const node = model.lines[line];
		const text = last.texts[i].slice(node.keyStart);
		// Copying keeps the line for the crawlers of its group (which do not read the "*" group); moving takes it from them.
		let fixes: Fix[] | undefined;
		if (starEnds.length === 1) {
			const insert = insertLinesBefore(context.eol, starEnds[0] + 1, [text]);
			fixes = [
				{ title: t('Copy the line into the "User-agent: *" group'), edits: [insert], isPreferred: true },
				{ title: t('Move the line into the "User-agent: *" group'), edits: [insert, deleteLine(model, line)] },
			];
		} else if (starEnds.length === 0 && last.lastLine + 1 < model.lineCount) {
			const insert = insertLinesBefore(context.eol, last.lastLine + 1, ['', 'User-agent: *', 'Disallow:', text]);
			fixes = [
				{ title: t('Copy the line into a new "User-agent: *" group'), edits: [insert], isPreferred: true },
				{ title: t('Move the line into a new "User-agent: *" group'), edits: [deleteLine(model, line), insert] },
			];
		}
		context.report({
			code: 'preference-in-last-group',
			line,
			start: node.keyStart,
			end: node.keyEnd,
			message: t(
				'This line is in the last group, so it binds only to {0}; the "User-agent: *" group states no preference, so every other crawler reads none. If the line is meant for every crawler, it belongs in the "User-agent: *" group.',
				listNames(
					last.agents.map((agent) => shown(agent)),
					3,
				),
			),
			fixes,
		});
	});
};

/** The facts these checks ask. */
export const preferenceFacts = [lastGroupPreferences];

export const preferenceChecks: readonly CheckEntry[] = [
	{ line: preferenceLine },
	{ window: preferenceOutsideGroup },
	{ window: preferenceContradictsRules },
	{ file: preferenceInLastGroup, onlyFacts: true },
];
