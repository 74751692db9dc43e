/**
 * Which groups apply to a crawler, dialect by dialect. This is where the dialects disagree most:
 * whole-token equality (RFC 9309), Google's value cut at the first character outside `[A-Za-z_-]`,
 * Yandex's longest prefix of the robot's full name, and the first record whose value is a substring of the
 * robot's name (1996 draft and 1994).
 */

import type { Dialect } from '../dialect';
import { yandexRobots, type YandexRobot } from '../facts/yandexRobots';
import { lexLine } from '../syntax/lexer';
import { octetCut, octetLength } from '../syntax/octets';
import type { Group, RobotsModel } from '../syntax/parser';
import { ObjectMemo } from '../memo';

/** How the groups that apply were found. */
export type SelectionKind =
	/** One or more groups name the crawler (and replace the `*` group). */
	| 'specific'
	/** No group names the crawler; the `*` group applies. */
	| 'fallback'
	/** No group applies: everything is allowed. */
	| 'none';

/** The groups a dialect applies to a crawler (several are merged in RFC 9309, Google and Yandex). */
export interface GroupSelection {
	readonly kind: SelectionKind;
	/** The groups that apply, in file order; several are merged (RFC 9309, Google, Yandex). */
	readonly groups: readonly Group[];
	/** For each group, the `User-agent` line that made it apply. */
	readonly matchedLines: readonly number[];
}

/** Google's parser keeps at most 2083 × 8 − 1 octets of a line. */
export const googleMaxLineOctets = 16663;

/**
 * A line's value as Google reads it: from a line cut at 16 663 octets, and at its first NUL (robots.cc reads lines as
 * C strings).
 */
export function googleValue(model: RobotsModel, line: number): string {
	const node = model.lines[line];
	const value = model.valueText(line);
	const nul = value.indexOf('\0');
	if (nul >= 0) {
		return googleValueOf(model.lineText(line).slice(0, node.valueStart + nul), line);
	}
	if (node.length * 3 <= googleMaxLineOctets) {
		return value;
	}
	const text = model.lineText(line);
	if (octetLength(text) <= googleMaxLineOctets) {
		return value;
	}
	return googleValueOf(text, line);
}

/** The value of a line's text, cut at 16 663 octets and lexed again. */
function googleValueOf(text: string, line: number): string {
	const truncated = text.slice(0, octetCut(text, googleMaxLineOctets));
	const cut = lexLine(truncated, 0, line === 0);
	return truncated.slice(cut.valueStart, cut.valueEnd);
}

/** The user-agent value of a line in a dialect (Google reads lines cut at 16 663 octets). */
export function agentValue(model: RobotsModel, line: number, dialect: Dialect): string {
	return dialect === 'google' ? googleValue(model, line) : model.valueText(line);
}

/** Google's `ExtractUserAgent`: the longest prefix made of `[A-Za-z_-]`. */
export function googleProductToken(value: string): string {
	let end = 0;
	while (end < value.length) {
		const code = value.charCodeAt(end);
		const isLetter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
		if (!isLetter && code !== 45 && code !== 95) {
			break;
		}
		end++;
	}
	return value.slice(0, end);
}

/** Whether a User-agent value names the global group: `*`, and for Google also `*` followed by whitespace. */
export function isGlobalAgentValue(value: string, dialect: Dialect): boolean {
	if (dialect !== 'google') {
		return value === '*';
	}
	return value.charCodeAt(0) === 42 && (value.length === 1 || /\s/.test(value[1]));
}

/** The robot's name without version, as the 1994 standard and Python's robotparser compare it. */
export function robotName(agent: string): string {
	const slash = agent.indexOf('/');
	return (slash >= 0 ? agent.slice(0, slash) : agent).trim();
}

/** Yandex's robots by lower-case full name and name; the first listed wins, as a search of the list would find it. */
const yandexByFullName = new Map<string, YandexRobot>();
const yandexByName = new Map<string, YandexRobot>();
for (const robot of yandexRobots) {
	if (!yandexByFullName.has(robot.fullName.toLowerCase())) {
		yandexByFullName.set(robot.fullName.toLowerCase(), robot);
	}
	if (!yandexByName.has(robot.name.toLowerCase())) {
		yandexByName.set(robot.name.toLowerCase(), robot);
	}
}

/**
 * How Yandex's library sees a robot: the prefix a User-agent value must start with, and the full name (with version)
 * the value must be a prefix of. A robot Yandex does not list needs `Yandex` if its name starts so, else its own name.
 */
export function yandexRobot(agent: string): { requiredPrefix: string; fullName: string } {
	const known = yandexByFullName.get(agent.trim().toLowerCase()) ?? yandexByName.get(robotName(agent).toLowerCase());
	if (known) {
		return known;
	}
	const name = robotName(agent);
	return { requiredPrefix: name.toLowerCase().startsWith('yandex') ? 'Yandex' : name, fullName: agent.trim() };
}

/** Groups and, for each, the line that put it there; in file order. */
interface Bucket {
	readonly groups: Group[];
	readonly lines: number[];
}

/**
 * A model's User-agent lines as one dialect compares them, so that a selection costs a few lookups rather than a
 * pass over every line: a crawler's answer is read from the buckets its name can reach.
 */
interface AgentIndex {
	/**
	 * By the key the dialect compares (lower case): RFC 9309 the whole value, Google the product token, Yandex and
	 * the first-match dialects the value. Each group once, with its first line of that key; first-match dialects keep
	 * only the first line of each key, among records with rules.
	 */
	readonly byKey: Map<string, Bucket>;
	/** Groups with a global line (first-match dialects: only the first, among records with rules). */
	readonly global: Bucket;
	/** The longest key, to bound the substrings a first-match lookup tries. */
	readonly longestKey: number;
	/** Answers given, by agent: hovers ask for the same hundred crawlers again and again. */
	readonly answers: Map<string, GroupSelection>;
}

/** Per model and dialect; models are immutable, so entries never go stale. */
const indexByModel = new ObjectMemo<RobotsModel, Dialect, AgentIndex>();

function agentIndex(model: RobotsModel, dialect: Dialect): AgentIndex {
	return indexByModel.get(model, dialect, () => buildAgentIndex(model, dialect));
}

function buildAgentIndex(model: RobotsModel, dialect: Dialect): AgentIndex {
	const byKey = new Map<string, Bucket>();
	const global: Bucket = { groups: [], lines: [] };
	const firstMatch = dialect === 'draft1996' || dialect === 'original1994';
	let longestKey = 0;
	for (const group of model.grouping(dialect).groups) {
		// Python's urllib.robotparser drops records without rules, and so do the first-match dialects here.
		if (firstMatch && group.rules.length === 0) {
			continue;
		}
		for (const line of group.userAgents) {
			const value = agentValue(model, line, dialect);
			if (isGlobalAgentValue(value, dialect)) {
				if (global.groups[global.groups.length - 1] !== group && !(firstMatch && global.groups.length > 0)) {
					global.groups.push(group);
					global.lines.push(line);
				}
				continue;
			}
			const key = (dialect === 'google' ? googleProductToken(value) : value).toLowerCase();
			const bucket = byKey.get(key);
			if (!bucket) {
				byKey.set(key, { groups: [group], lines: [line] });
				longestKey = Math.max(longestKey, key.length);
			} else if (!firstMatch && bucket.groups[bucket.groups.length - 1] !== group) {
				bucket.groups.push(group);
				bucket.lines.push(line);
			}
		}
	}
	return { byKey, global, longestKey, answers: new Map() };
}

const noGroups: GroupSelection = { kind: 'none', groups: [], matchedLines: [] };

/** The buckets that name the crawler, else the global groups, else none. */
function selection(specific: Bucket | undefined, global: Bucket): GroupSelection {
	if (specific) {
		return { kind: 'specific', groups: specific.groups, matchedLines: specific.lines };
	}
	if (global.groups.length > 0) {
		return { kind: 'fallback', groups: global.groups, matchedLines: global.lines };
	}
	return noGroups;
}

/**
 * The groups that apply to a crawler in a dialect. Cheap after the first call per model and dialect, which indexes
 * the User-agent lines, so asking for every known crawler is fine.
 */
export function selectGroups(model: RobotsModel, dialect: Dialect, agent: string): GroupSelection {
	const index = agentIndex(model, dialect);
	let answer = index.answers.get(agent);
	if (!answer) {
		answer = select(index, dialect, agent);
		index.answers.set(agent, answer);
	}
	return answer;
}

function select(index: AgentIndex, dialect: Dialect, agent: string): GroupSelection {
	switch (dialect) {
		case 'rfc9309':
			// RFC 9309 §2.2.1: the whole product token, case-insensitive; matching groups are combined.
			return selection(index.byKey.get(agent.trim().toLowerCase()), index.global);
		case 'google':
			// The crawler's name is compared as given: Google does not trim or cut it.
			return selection(index.byKey.get(agent.toLowerCase()), index.global);
		case 'yandex':
			return selectYandex(index, agent);
		case 'draft1996':
		case 'original1994':
			return selectFirstRecord(index, agent);
	}
}

/**
 * Yandex: a value applies when it starts with the robot's required prefix and is a prefix of the robot's name;
 * the longest such value wins and groups with equally long values are merged. Otherwise the `*` groups.
 */
function selectYandex(index: AgentIndex, agent: string): GroupSelection {
	const robot = yandexRobot(agent);
	const name = robot.fullName.toLowerCase();
	const required = robot.requiredPrefix.toLowerCase();
	if (name.startsWith(required)) {
		// An empty value never applies: a match must be longer than nothing.
		for (let length = Math.min(name.length, index.longestKey); length >= Math.max(1, required.length); length--) {
			const bucket = index.byKey.get(name.slice(0, length));
			if (bucket) {
				return selection(bucket, index.global);
			}
		}
	}
	return selection(undefined, index.global);
}

/**
 * 1996 draft and 1994: the first record with a value that is a case-insensitive substring of the robot's name
 * (HTTP: The Definitive Guide's reading), else the first `*` record. Records without rules are skipped,
 * as Python's urllib.robotparser drops them.
 */
function selectFirstRecord(index: AgentIndex, agent: string): GroupSelection {
	const name = robotName(agent).toLowerCase();
	const longest = Math.min(name.length, index.longestKey);
	let first: Bucket | undefined;
	const consider = (bucket: Bucket | undefined) => {
		if (bucket && (!first || bucket.lines[0] < first.lines[0])) {
			first = bucket;
		}
	};
	if ((name.length + 1) * (longest + 1) <= index.byKey.size) {
		// Every substring of the name that a value could be: the first line holding one wins.
		for (let start = 0; start <= name.length; start++) {
			for (let end = start; end <= Math.min(name.length, start + longest); end++) {
				consider(index.byKey.get(name.slice(start, end)));
			}
		}
	} else {
		// A long name against few values: ask each value instead.
		for (const [key, bucket] of index.byKey) {
			if (name.includes(key)) {
				consider(bucket);
			}
		}
	}
	const found = first as Bucket | undefined;
	if (found) {
		return { kind: 'specific', groups: [found.groups[0]], matchedLines: [found.lines[0]] };
	}
	return selection(undefined, index.global);
}
