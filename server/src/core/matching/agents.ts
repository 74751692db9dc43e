/**
 * Which groups apply to a crawler, dialect by dialect. This is where the dialects disagree most:
 * whole-token equality (RFC 9309), Google's value cut at the first character outside `[A-Za-z_-]`,
 * Yandex's longest prefix of the robot's full name, and the first record whose value is a substring of the
 * robot's name (1996 draft and 1994).
 */

import type { Dialect } from '../dialect';
import { yandexRobots } from '../facts/yandexRobots';
import { lexLine } from '../syntax/lexer';
import type { Group, RobotsModel } from '../syntax/parser';
import { utf8Length } from './encoding';

/** How the groups that apply were found. */
export type SelectionKind =
	/** One or more groups name the crawler (and replace the `*` group). */
	| 'specific'
	/** No group names the crawler; the `*` group applies. */
	| 'fallback'
	/** No group applies: everything is allowed. */
	| 'none';

export interface GroupSelection {
	readonly kind: SelectionKind;
	/** The groups that apply, in file order; several are merged (RFC 9309, Google, Yandex). */
	readonly groups: readonly Group[];
	/** For each group, the `User-agent` line that made it apply. */
	readonly matchedLines: readonly number[];
}

/** Google's parser keeps at most 2083 × 8 − 1 octets of a line. */
export const googleMaxLineOctets = 16663;

/** A line's value as Google reads it: from a line cut at 16 663 octets. */
export function googleValue(model: RobotsModel, line: number): string {
	const node = model.lines[line];
	if (node.length * 3 <= googleMaxLineOctets) {
		return model.valueText(line);
	}
	const text = model.lineText(line);
	if (utf8Length(text) <= googleMaxLineOctets) {
		return model.valueText(line);
	}
	const truncated = truncateToOctets(text, googleMaxLineOctets);
	const cut = lexLine(truncated, 0, line === 0);
	return truncated.slice(cut.valueStart, cut.valueEnd);
}

function truncateToOctets(text: string, limit: number): string {
	let octets = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3;
		if (octets + width > limit) {
			return text.slice(0, i);
		}
		octets += width;
		if (width === 4) {
			i++;
		}
	}
	return text;
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

/**
 * How Yandex's library sees a robot: the prefix a User-agent value must start with, and the full name (with version)
 * the value must be a prefix of. A robot Yandex does not list needs `Yandex` if its name starts so, else its own name.
 */
export function yandexRobot(agent: string): { requiredPrefix: string; fullName: string } {
	const given = agent.trim().toLowerCase();
	const known =
		yandexRobots.find((robot) => robot.fullName.toLowerCase() === given) ??
		yandexRobots.find((robot) => robot.name.toLowerCase() === robotName(agent).toLowerCase());
	if (known) {
		return known;
	}
	const name = robotName(agent);
	return { requiredPrefix: name.toLowerCase().startsWith('yandex') ? 'Yandex' : name, fullName: agent.trim() };
}

export function selectGroups(model: RobotsModel, dialect: Dialect, agent: string): GroupSelection {
	const { groups } = model.grouping(dialect);
	switch (dialect) {
		case 'rfc9309':
			return selectMerged(groups, (line) => {
				const value = agentValue(model, line, dialect);
				return isGlobalAgentValue(value, dialect) ? 'global' : value.toLowerCase() === agent.trim().toLowerCase() ? 'specific' : 'no';
			});
		case 'google':
			return selectMerged(groups, (line) => {
				const value = agentValue(model, line, dialect);
				if (isGlobalAgentValue(value, dialect)) {
					return 'global';
				}
				// The crawler's name is compared as given: Google does not trim or cut it.
				return googleProductToken(value).toLowerCase() === agent.toLowerCase() ? 'specific' : 'no';
			});
		case 'yandex':
			return selectYandex(model, groups, agent);
		case 'draft1996':
		case 'original1994':
			return selectFirstRecord(model, groups, agent);
	}
}

function selectMerged(groups: readonly Group[], classify: (line: number) => 'specific' | 'global' | 'no'): GroupSelection {
	const specific: Group[] = [];
	const specificLines: number[] = [];
	const global: Group[] = [];
	const globalLines: number[] = [];
	for (const group of groups) {
		let globalLine = -1;
		let specificLine = -1;
		for (const line of group.userAgents) {
			const kind = classify(line);
			if (kind === 'specific' && specificLine < 0) {
				specificLine = line;
			} else if (kind === 'global' && globalLine < 0) {
				globalLine = line;
			}
		}
		if (specificLine >= 0) {
			specific.push(group);
			specificLines.push(specificLine);
		} else if (globalLine >= 0) {
			global.push(group);
			globalLines.push(globalLine);
		}
	}
	if (specific.length > 0) {
		return { kind: 'specific', groups: specific, matchedLines: specificLines };
	}
	if (global.length > 0) {
		return { kind: 'fallback', groups: global, matchedLines: globalLines };
	}
	return { kind: 'none', groups: [], matchedLines: [] };
}

/**
 * Yandex: a value applies when it starts with the robot's required prefix and is a prefix of the robot's name;
 * the longest such value wins and groups with equally long values are merged. Otherwise the `*` groups.
 */
function selectYandex(model: RobotsModel, groups: readonly Group[], agent: string): GroupSelection {
	const robot = yandexRobot(agent);
	const name = robot.fullName.toLowerCase();
	const required = robot.requiredPrefix.toLowerCase();
	let bestLength = 0;
	let best: Group[] = [];
	let bestLines: number[] = [];
	const global: Group[] = [];
	const globalLines: number[] = [];
	for (const group of groups) {
		let matched = -1;
		let matchedLength = 0;
		let globalLine = -1;
		for (const line of group.userAgents) {
			const value = model.valueText(line);
			if (value === '*') {
				if (globalLine < 0) {
					globalLine = line;
				}
				continue;
			}
			const lower = value.toLowerCase();
			if (lower.length > matchedLength && lower.startsWith(required) && name.startsWith(lower)) {
				matched = line;
				matchedLength = lower.length;
			}
		}
		if (matched >= 0) {
			if (matchedLength > bestLength) {
				bestLength = matchedLength;
				best = [];
				bestLines = [];
			}
			if (matchedLength === bestLength) {
				best.push(group);
				bestLines.push(matched);
			}
		} else if (globalLine >= 0) {
			global.push(group);
			globalLines.push(globalLine);
		}
	}
	if (best.length > 0) {
		return { kind: 'specific', groups: best, matchedLines: bestLines };
	}
	if (global.length > 0) {
		return { kind: 'fallback', groups: global, matchedLines: globalLines };
	}
	return { kind: 'none', groups: [], matchedLines: [] };
}

/**
 * 1996 draft and 1994: the first record with a value that is a case-insensitive substring of the robot's name
 * (HTTP: The Definitive Guide's reading), else the first `*` record. Records without rules are skipped,
 * as Python's urllib.robotparser drops them.
 */
function selectFirstRecord(model: RobotsModel, groups: readonly Group[], agent: string): GroupSelection {
	const name = robotName(agent).toLowerCase();
	let fallback: { group: Group; line: number } | undefined;
	for (const group of groups) {
		if (group.rules.length === 0) {
			continue;
		}
		for (const line of group.userAgents) {
			const value = model.valueText(line);
			if (value === '*') {
				fallback ??= { group, line };
			} else if (name.includes(value.toLowerCase())) {
				return { kind: 'specific', groups: [group], matchedLines: [line] };
			}
		}
	}
	if (fallback) {
		return { kind: 'fallback', groups: [fallback.group], matchedLines: [fallback.line] };
	}
	return { kind: 'none', groups: [], matchedLines: [] };
}
