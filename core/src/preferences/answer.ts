/**
 * Where preference lines bind, and what they say for one URL and one crawler. Content-Usage and Content-Signal are
 * group members, bound by the grouping of the dialect the crawler reads with (unknown lines to Google's parser, they
 * stay in their group there too); License is global. The answer comes from the crawler model that answers the crawl
 * verdict (crawlers/reading.ts): the same groups, the same text (a crawler that stops reading at its size limit sees
 * no line past it). It is a layer beside the verdict: no dialect reads these lines for its verdict.
 */

import type { Dialect } from '../dialect';
import { normalizeRfc } from '../matching/encoding';
import { normalizePath } from '../matching/matcher';
import { patternMatches } from '../matching/rules';
import { urlPath } from '../matching/url';
import type { Evaluation } from '../matching/evaluate';
import { evaluateAs, type CrawlerEvaluation, type CrawlerReading } from '../crawlers/reading';
import type { CrawlerProfile } from '../crawlers/profile';
import type { RobotsModel } from '../syntax/parser';
import { isPreferenceDirective, readPreferenceLine, type ContentSignalLine, type ContentUsageLine, type LicenseLine, type PreferenceLine } from './lines';
import { contentSignalKeys, contentSignalUseValues, contentSignalValues, contentUsageLabels, type ContentUsageLabel } from './vocabulary';
import { ObjectMemo } from '../memo';

/** Every preference line of a file, in file order, read once per model (models are immutable). */
const linesByModel = new WeakMap<RobotsModel, readonly PreferenceLine[]>();

/** The preference lines of the file (Content-Usage, Content-Signal, License), read, in file order. */
export function preferenceLines(model: RobotsModel): readonly PreferenceLine[] {
	let lines = linesByModel.get(model);
	if (!lines) {
		const read: PreferenceLine[] = [];
		model.lines.forEach((node, line) => {
			if (isPreferenceDirective(node.directive)) {
				read.push(readPreferenceLine(model, line)!);
			}
		});
		lines = read;
		linesByModel.set(model, lines);
	}
	return lines;
}

/** The preference lines of one group. */
export interface GroupPreferences {
	readonly contentUsage: readonly ContentUsageLine[];
	readonly contentSignal: readonly ContentSignalLine[];
}

/** Where each preference line binds in one dialect's grouping. */
export interface PreferenceBinding {
	readonly dialect: Dialect;
	/** By group index of `model.grouping(dialect)`: the group's Content-Usage and Content-Signal lines; groups without any are absent. */
	readonly groups: ReadonlyMap<number, GroupPreferences>;
	/** Content-Usage and Content-Signal lines no group holds (before any User-agent, or after a record ended): they bind to no crawler. */
	readonly outside: readonly (ContentUsageLine | ContentSignalLine)[];
	/** License lines: global, wherever they stand. */
	readonly licenses: readonly LicenseLine[];
}

const bindings = new ObjectMemo<RobotsModel, Dialect, PreferenceBinding>();

/** Binds the file's preference lines to the groups of a dialect; computed once per model and dialect. */
export function bindPreferences(model: RobotsModel, dialect: Dialect): PreferenceBinding {
	return bindings.get(model, dialect, () => bind(model, dialect));
}

function bind(model: RobotsModel, dialect: Dialect): PreferenceBinding {
	const lines = preferenceLines(model);
	const licenses = lines.filter((line): line is LicenseLine => line.kind === 'license');
	const groupLines = lines.filter((line): line is ContentUsageLine | ContentSignalLine => line.kind !== 'license');
	const groups = new Map<number, { contentUsage: ContentUsageLine[]; contentSignal: ContentSignalLine[] }>();
	const bound = new Set<number>();
	if (groupLines.length > 0) {
		const byLine = new Map(groupLines.map((line) => [line.line, line]));
		for (const group of model.grouping(dialect).groups) {
			for (const line of group.others) {
				const read = byLine.get(line);
				if (!read) {
					continue;
				}
				let entry = groups.get(group.index);
				if (!entry) {
					entry = { contentUsage: [], contentSignal: [] };
					groups.set(group.index, entry);
				}
				if (read.kind === 'content-usage') {
					entry.contentUsage.push(read);
				} else {
					entry.contentSignal.push(read);
				}
				bound.add(line);
			}
		}
	}
	return { dialect, groups, outside: groupLines.filter((line) => !bound.has(line.line)), licenses };
}

/** The Content-Usage preference that applies to a URL: the vocabulary's categories stated `y` or `n`, and its lines. */
export interface ContentUsageAnswer {
	/** Only the categories the line states with `y` or `n`: any other value, or a dictionary that fails, states none. */
	readonly preferences: Readonly<Partial<Record<ContentUsageLabel, 'y' | 'n'>>>;
	/** The applying line (0-based), the first of several with equally long paths. */
	readonly line: number;
	/** The same, 1-based. */
	readonly lineNumber: number;
	/** Every line that applies: several with equally long paths are combined (attach §3.1, vocab §5.1). */
	readonly lines: readonly number[];
}

/** The Content-Signal of the groups a crawler follows. */
export interface ContentSignalAnswer {
	/** Each key stated with a value the policy defines (`yes`/`no`; `immediate`/`reference`/`full` for `use`). */
	readonly signals: Readonly<Record<string, string>>;
	/** The first Content-Signal line of the crawler's groups (0-based). */
	readonly line: number;
	/** The same, 1-based. */
	readonly lineNumber: number;
	/** Every Content-Signal line of the crawler's groups (0-based): a later line's value of a key replaces an earlier one. */
	readonly lines: readonly number[];
}

/** What the preference lines say for one URL and one crawler. */
export interface PreferenceAnswer {
	/** Null when no Content-Usage line applies, or when the file's rules do not let the crawler fetch the URL. */
	readonly contentUsage: ContentUsageAnswer | null;
	/** Null when the groups the crawler follows have no Content-Signal line, or when it may not fetch the URL. */
	readonly contentSignal: ContentSignalAnswer | null;
	/** The absolute URLs of the License lines the crawler reads, in file order. */
	readonly licenses: readonly string[];
	/**
	 * The lines that would state a preference for the URL (the Content-Usage lines whose path matches, and the
	 * Content-Signal lines of the crawler's groups; 0-based, in file order) but do not apply because the file's rules
	 * disallow it (attach §3.1); empty when the URL may be fetched or no such line exists.
	 */
	readonly withheld: readonly number[];
}

/**
 * What the preference lines say for `url` as `crawler` reads the file: the Content-Usage rule of its groups whose path
 * matches longest, the Content-Signal of its groups, and the licences. "Usage preferences apply only to those
 * resources that can be crawled according to Allow/Disallow rules" (attach §3.1): both are null where the file's
 * rules disallow the URL (for a crawler that ignores robots.txt too, since it is the file that states them).
 */
export function preferencesAs(model: RobotsModel, crawler: CrawlerProfile | string, url: string): PreferenceAnswer {
	return preferencesOf(model, evaluateAs(model, crawler, url));
}

/**
 * The same for an answer already made: a crawler's (`evaluateAs`: its groups, in the text it reads) or a dialect's own
 * (`evaluate`: that dialect's groups of the whole file), so that the preferences go with the verdict they sit beside.
 */
export function preferencesOf(model: RobotsModel, evaluation: CrawlerEvaluation | Evaluation): PreferenceAnswer {
	return answerOf(model, evaluation, true);
}

/**
 * What the groups the crawler follows state for the URL even where the file's rules disallow it, where a reader would
 * apply nothing (attach §3.1): the AI policy view shows a preference that allows what the crawl rules forbid.
 */
export function statedPreferencesOf(model: RobotsModel, evaluation: CrawlerEvaluation | Evaluation): PreferenceAnswer {
	return answerOf(model, evaluation, false);
}

function answerOf(model: RobotsModel, evaluation: CrawlerEvaluation | Evaluation, onlyFetchable: boolean): PreferenceAnswer {
	let read = model;
	let dialect: Dialect;
	let groups: readonly number[];
	let fileVerdict: Evaluation['verdict'];
	if ('reading' in evaluation) {
		const { reading } = evaluation;
		if (reading.extent.kind === 'too-large') {
			return { contentUsage: null, contentSignal: null, licenses: [], withheld: [] };
		}
		read = reading.model;
		dialect = reading.dialect;
		groups = reading.selection.groups.map((group) => group.index);
		fileVerdict = evaluation.fileVerdict;
	} else {
		dialect = evaluation.dialect;
		groups = evaluation.groups.map((group) => group.index);
		fileVerdict = evaluation.verdict;
	}
	const binding = bindPreferences(read, dialect);
	const licenses = licensesOf(binding);
	const { usage, signal } = groupLines(binding, groups);
	const applying = applyingUsage(usageRules(usage), evaluation.url);
	if (onlyFetchable && fileVerdict === 'disallow') {
		return { contentUsage: null, contentSignal: null, licenses, withheld: withheldLines(applying, signal) };
	}
	return { contentUsage: usageFor(applying), contentSignal: signalOf(signal), licenses, withheld: [] };
}

/**
 * `preferencesOf` for many URLs as one crawler reads the file (the test bench's columns): its groups' lines are
 * gathered once, and per URL only the Content-Usage paths are matched. `fileVerdict` is the verdict the file's rules
 * give the URL (`CrawlerEvaluation.fileVerdict`). Answers that say the same are one object, so that a table of many
 * URLs holds a few.
 */
export function crawlerPreferences(reading: CrawlerReading): (url: string, fileVerdict: Evaluation['verdict']) => PreferenceAnswer {
	if (reading.extent.kind === 'too-large') {
		const none: PreferenceAnswer = { contentUsage: null, contentSignal: null, licenses: [], withheld: [] };
		return () => none;
	}
	const binding = bindPreferences(reading.model, reading.dialect);
	const licenses = licensesOf(binding);
	const { usage, signal } = groupLines(
		binding,
		reading.selection.groups.map((group) => group.index),
	);
	const contentSignal = signalOf(signal);
	const rules = usageRules(usage);
	/** By whether the URL may be fetched and the applying Content-Usage lines, joined: the answer they give. */
	const answers = new Map<string, PreferenceAnswer>();
	const answer = (applying: readonly ContentUsageLine[], fetchable: boolean) => {
		const key = `${fetchable ? '+' : '-'}${applying.map((line) => line.line).join(',')}`;
		let found = answers.get(key);
		if (!found) {
			found = fetchable
				? { contentUsage: usageFor(applying), contentSignal, licenses, withheld: [] }
				: { contentUsage: null, contentSignal: null, licenses, withheld: withheldLines(applying, signal) };
			answers.set(key, found);
		}
		return found;
	};
	if (usage.length === 0) {
		const everywhere = answer([], true);
		const nowhere = answer([], false);
		return (_url, fileVerdict) => (fileVerdict === 'disallow' ? nowhere : everywhere);
	}
	return (url, fileVerdict) => answer(applyingUsage(rules, url), fileVerdict !== 'disallow');
}

/** The lines that would speak for a URL the file's rules disallow: the applying Content-Usage lines and the Content-Signal lines, in file order. */
function withheldLines(applying: readonly ContentUsageLine[], signal: readonly ContentSignalLine[]): number[] {
	return [...applying.map((line) => line.line), ...signal.map((line) => line.line)].sort((a, b) => a - b);
}

/** The absolute URLs of the License lines, in file order. */
function licensesOf(binding: PreferenceBinding): readonly string[] {
	return binding.licenses.filter((line) => line.absolute).map((line) => line.url);
}

/** The Content-Usage and Content-Signal lines of the groups given, in their order. */
function groupLines(binding: PreferenceBinding, groups: readonly number[]): { usage: ContentUsageLine[]; signal: ContentSignalLine[] } {
	const usage: ContentUsageLine[] = [];
	const signal: ContentSignalLine[] = [];
	for (const index of groups) {
		const bound = binding.groups.get(index);
		if (bound) {
			usage.push(...bound.contentUsage);
			signal.push(...bound.contentSignal);
		}
	}
	return { usage, signal };
}

/**
 * attach §3.1: Content-Usage rules match "using the same path prefix matching rules as defined for Allow and
 * Disallow" (RFC 9309 §2.2.2: the longest match, counted in octets of the percent-encoded path, with `*` and `$`), and
 * a rule without a path applies to every path. Rules with equally long paths apply together, combined per category
 * by vocab §5.1 (`n` wins over `y`). The dialect's own matching is not used: attach defines this one for every reader.
 */
function applyingUsage(rules: readonly UsageRule[], url: string): ContentUsageLine[] {
	if (rules.length === 0) {
		return [];
	}
	const path = normalizePath(urlPath(url), 'rfc9309');
	let best = -1;
	let applying: ContentUsageLine[] = [];
	for (const { line, pattern } of rules) {
		if (!patternMatches(pattern, path, true)) {
			continue;
		}
		if (pattern.length > best) {
			best = pattern.length;
			applying = [line];
		} else if (pattern.length === best) {
			applying.push(line);
		}
	}
	return applying;
}

/** A Content-Usage line and its path as matched: normalized as Allow and Disallow paths are, '' for none. */
interface UsageRule {
	readonly line: ContentUsageLine;
	readonly pattern: string;
}

function usageRules(lines: readonly ContentUsageLine[]): UsageRule[] {
	return lines.map((line) => ({ line, pattern: line.path === null ? '' : normalizeRfc(line.path.text, true) }));
}

/** The preference the applying lines state together (vocab §5.1), or null when none applies. */
function usageFor(applying: readonly ContentUsageLine[]): ContentUsageAnswer | null {
	if (applying.length === 0) {
		return null;
	}
	const preferences: Partial<Record<ContentUsageLabel, 'y' | 'n'>> = {};
	for (const label of contentUsageLabels) {
		const values = applying.flatMap((line) => line.preferences.filter((p) => p.key === label && p.value !== 'unknown').map((p) => p.value));
		if (values.length > 0) {
			preferences[label] = values.includes('n') ? 'n' : 'y';
		}
	}
	const first = applying[0].line;
	return { preferences, line: first, lineNumber: first + 1, lines: applying.map((line) => line.line) };
}

/**
 * What one Content-Usage or Content-Signal line states on its own, whatever the URL: the vocabulary's categories
 * written `y` or `n`, or the signals written with a value the policy defines (what a group hover lists).
 */
export function statedBy(line: ContentUsageLine | ContentSignalLine): Readonly<Record<string, string>> {
	if (line.kind === 'content-signal') {
		return signalOf([line])!.signals;
	}
	const stated: Record<string, string> = {};
	for (const preference of line.preferences) {
		if (preference.value !== 'unknown' && contentUsageLabels.includes(preference.key as never)) {
			stated[preference.key] = preference.value;
		}
	}
	return stated;
}

/**
 * The signals of the Content-Signal lines of the crawler's groups. The policy expects one line per group and says
 * nothing of several: here a later line's value of a key replaces an earlier one, as later pairs do within a line.
 */
function signalOf(lines: readonly ContentSignalLine[]): ContentSignalAnswer | null {
	if (lines.length === 0) {
		return null;
	}
	const signals: Record<string, string> = {};
	for (const line of lines) {
		for (const entry of line.entries) {
			const known = entry.key === 'use' ? contentSignalUseValues : contentSignalKeys.includes(entry.key as never) ? contentSignalValues : [];
			if (known.includes(entry.value as never)) {
				signals[entry.key] = entry.value;
			}
		}
	}
	const first = lines[0].line;
	return { signals, line: first, lineNumber: first + 1, lines: lines.map((line) => line.line) };
}
