/**
 * Code lenses: "Test URL…" and "Test URL for All Crawlers…" at the top of the file, and on each group's first
 * User-agent line which target crawlers follow the group, each as it reads the file (crawlers/reading.ts), with a
 * shortcut to test a URL as the group's crawler. Linear in the file: every crawler's reading is made once, and its
 * groups are mapped to the lens groups through a table of User-agent lines. Only the first groups get lenses when the
 * caller sets a limit, and a lens at the top then says so; an editor that resolves lenses gets the groups' lenses
 * without their commands, and asks for the titles of those it shows (`resolveCodeLens`).
 * The commands are the client's (`robotsTxt.testUrl`, `robotsTxt.testUrlAll`, `robotsTxt.revealLine`,
 * `robotsTxt.showDetails`).
 */

import type { CodeLens, Command, Range } from 'vscode-languageserver-types';
import { listNames, maxListed } from '../crawlers/explain';
import { formatNumber, t } from '../l10n';
import { crawlerProfile } from '../crawlers/profile';
import { readAs } from '../crawlers/reading';
import type { AnalysisOptions } from '../options';
import { revealLineCommand, showDetailsCommand, testUrlAllCommand, testUrlCommand } from '../protocol';
import { groupLines, type Group, type RobotsModel } from '../syntax/parser';
import { ObjectMemo } from '../memo';

/** How `computeCodeLenses` lays out its lenses beyond the analysis options. */
interface CodeLensOptions {
	/**
	 * Lenses go on the first `maxGroups` groups in file order (default: every group); when the file has more, a lens
	 * at the top says so. A list of 100 000 lenses is megabytes that the editor reads at every edit, to show a screenful.
	 */
	readonly maxGroups?: number;
	/**
	 * When set, the groups' lenses come without their commands, with `data` (`GroupLensData`) naming this version of
	 * the document, and `resolveCodeLens` fills in those the editor shows: their titles are computed only then.
	 */
	readonly resolveLater?: { readonly version: number };
}

/** What a group's lens sent without its command carries, for `resolveCodeLens`. */
interface GroupLensData {
	readonly uri: string;
	/** The version of the document the lens was computed for: a lens of another version cannot be resolved. */
	readonly version: number;
	/** The group, by its index among the groups as RFC 9309 reads them. */
	readonly group: number;
	/** The "Followed by …" lens, or the "Test URL as …" lens. */
	readonly lens: 'followers' | 'test';
}

/** The lenses of the document, on the groups as RFC 9309 reads them (blank lines do not split them). */
export function computeCodeLenses(model: RobotsModel, options: AnalysisOptions, uri: string, lensOptions: CodeLensOptions = {}): CodeLens[] {
	const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	const lenses: CodeLens[] = [{ range: top, command: { title: t('Test URL…'), command: testUrlCommand, arguments: [uri] } }];
	if (options.crawlers.length > 0) {
		lenses.push({ range: top, command: { title: t('Test URL for All Crawlers…'), command: testUrlAllCommand, arguments: [uri] } });
	}
	const { groups, total: count } = lensGroups(model, lensOptions.maxGroups);
	const lensed = groups.length;
	if (lensed < count) {
		const [shown, total] = [formatNumber(lensed), formatNumber(count)];
		lenses.push({
			range: top,
			command: {
				title: t('Code lenses on the first {0} of {1} groups only (robotsTxt.codeLens.maxGroups)', shown, total),
				command: showDetailsCommand,
				arguments: [
					t(
						'This file has {0} groups. Code lenses are shown on the first {1} of them only: robotsTxt.codeLens.maxGroups sets how many, because every lens costs time at each edit. Raise it to see lenses on more groups.',
						total,
						shown,
					),
				],
			},
		});
	}
	const later = lensOptions.resolveLater;
	if (later !== undefined) {
		for (let index = 0; index < lensed; index++) {
			const range = groupRange(model, groups[index]);
			for (const lens of ['followers', 'test'] as const) {
				const data: GroupLensData = { uri, version: later.version, group: index, lens };
				lenses.push({ range, data });
			}
		}
		return lenses;
	}
	const followers = lensed > 0 ? followersOf(model, options.crawlers, groups) : [];
	for (let index = 0; index < lensed; index++) {
		const range = groupRange(model, groups[index]);
		lenses.push({ range, command: followersCommand(model, options, uri, groups[index], followers[index]) });
		lenses.push({ range, command: testCommand(model, uri, groups[index]) });
	}
	return lenses;
}

/**
 * A group's lens sent without its command, with its command: the same title and command `computeCodeLenses` gives
 * without `resolveLater`. `model` must be the version `data.version` names (the caller checks, having the versions);
 * a lens without such data, or of a group the model does not have, comes back as it is.
 * @param maxGroups the limit the lenses were computed with.
 */
export function resolveCodeLens(model: RobotsModel, options: AnalysisOptions, lens: CodeLens, maxGroups?: number): CodeLens {
	const data = groupLensData(lens.data);
	const { groups } = lensGroups(model, maxGroups);
	const lensed = groups.length;
	if (data === undefined || data.group >= lensed) {
		return lens;
	}
	const command =
		data.lens === 'test'
			? testCommand(model, data.uri, groups[data.group])
			: followersCommand(model, options, data.uri, groups[data.group], followersOf(model, options.crawlers, groups)[data.group]);
	return { range: lens.range, command };
}

/** The data of a group's lens sent without its command, checked; undefined for anything else. */
export function groupLensData(data: unknown): GroupLensData | undefined {
	if (typeof data !== 'object' || data === null) {
		return undefined;
	}
	const { uri, version, group, lens } = data as Partial<Record<keyof GroupLensData, unknown>>;
	if (
		typeof uri !== 'string'
		|| typeof version !== 'number'
		|| !Number.isInteger(group)
		|| (group as number) < 0
		|| (lens !== 'followers' && lens !== 'test')
	) {
		return undefined;
	}
	return { uri, version, group: group as number, lens };
}

/** The groups that get lenses, per model and limit (`maxGroups`, or every group). */
const lensGroupsMemo = new ObjectMemo<RobotsModel, number, { readonly groups: readonly Group[]; readonly total: number }>();

/**
 * The groups that get lenses, the first `maxGroups` as RFC 9309 reads them, and how many groups the file has. Only
 * those are built: a file of 50 000 groups is counted to the end, but its lenses need no more than the first 5 000
 * (building all of them was most of the first lens request's time on such a file, and garbage for the next collection).
 */
function lensGroups(model: RobotsModel, maxGroups: number | undefined): { readonly groups: readonly Group[]; readonly total: number } {
	const keep = Math.max(0, maxGroups ?? Infinity);
	if (keep === Infinity) {
		const { groups } = model.grouping('rfc9309');
		return { groups, total: groups.length };
	}
	return lensGroupsMemo.get(model, keep, () => {
		const { groups, total } = groupLines(model.lines, 'rfc9309', 0, model.lineCount, keep);
		return { groups, total: total ?? groups.length };
	});
}

function groupRange(model: RobotsModel, group: Group): Range {
	const line = group.firstLine;
	return { start: { line, character: 0 }, end: { line, character: model.lines[line].length } };
}

function followersCommand(model: RobotsModel, options: AnalysisOptions, uri: string, group: Group, followers: readonly string[]): Command {
	return { title: title(model, group.userAgents, followers, options.crawlers.length), command: revealLineCommand, arguments: [uri, group.firstLine, true] };
}

function testCommand(model: RobotsModel, uri: string, group: Group): Command {
	let agent = '*';
	for (const agentLine of group.userAgents) {
		const value = model.valueText(agentLine);
		if (value !== '') {
			agent = value;
			break;
		}
	}
	const testTitle = agent === '*' ? t('Test URL as any crawler…') : t('Test URL as {0}…', shorten(agent));
	return { title: testTitle, command: testUrlCommand, arguments: [uri, agent] };
}

/**
 * Who follows the lensed groups, per model and by target crawlers and number of groups: an editor resolves the lenses
 * it shows one request at a time, and each then reads a table rather than every crawler's groups again.
 */
const followersMemo = new ObjectMemo<RobotsModel, string, readonly (readonly string[])[]>();

/**
 * The target crawlers that follow each of the lens groups, each as it reads the file (in its own parser's
 * grouping, which lands on the lens groups through their User-agent lines). Groups past the last lensed one are
 * passed over without reading their lines.
 */
function followersOf(model: RobotsModel, crawlers: readonly string[], groups: readonly Group[]): readonly (readonly string[])[] {
	return followersMemo.get(model, `${groups.length}\n${crawlers.join('\n')}`, () => computeFollowers(model, crawlers, groups));
}

function computeFollowers(model: RobotsModel, crawlers: readonly string[], groups: readonly Group[]): string[][] {
	const lensed = groups.length;
	const groupOfLine = new Int32Array(model.lineCount).fill(-1);
	for (let index = 0; index < lensed; index++) {
		for (const line of groups[index].userAgents) {
			groupOfLine[line] = index;
		}
	}
	const lastLine = lensed > 0 ? groups[lensed - 1].lastLine : -1;
	const followers: string[][] = Array.from({ length: lensed }, () => []);
	// The crawler that last marked each group, so that a group reached through several of its lines counts once.
	const markedBy = new Int32Array(lensed).fill(-1);
	crawlers.forEach((token, crawler) => {
		for (const group of readAs(model, crawlerProfile(token)).selection.groups) {
			if (group.firstLine > lastLine) {
				continue;
			}
			for (const line of group.userAgents) {
				const index = groupOfLine[line];
				if (index >= 0 && markedBy[index] !== crawler) {
					markedBy[index] = crawler;
					followers[index].push(token);
				}
			}
		}
	});
	return followers;
}

/** Values longer than this are cut in a lens title. */
const maxValue = 40;

function shorten(value: string): string {
	return value.length > maxValue ? value.slice(0, maxValue - 1) + '…' : value;
}

/**
 * "Followed by Googlebot, Googlebot-Image and Applebot (3 of your 14 crawlers)", or, when none of them follows it,
 * whom the group names: "Followed by none of your crawlers · names BadBot, EvilBot and 1 097 more".
 */
function title(model: RobotsModel, agentLines: readonly number[], followers: readonly string[], targets: number): string {
	let hasStar = false;
	for (const line of agentLines) {
		if (model.valueText(line) === '*') {
			hasStar = true;
			break;
		}
	}
	if (followers.length > 0) {
		const counts = [listNames(followers), formatNumber(followers.length), formatNumber(targets)] as const;
		return hasStar
			? t('Followed by {0} ({1} of your {2} crawlers), and every other crawler without a group of its own', ...counts)
			: t('Followed by {0} ({1} of your {2} crawlers)', ...counts);
	}
	if (hasStar) {
		return t('Followed by none of your crawlers; applies to every crawler without a group of its own');
	}
	// The names the group gives, once each whatever their case: the first few are listed, the rest counted.
	const listed: string[] = [];
	const seen = new Set<string>();
	for (const line of agentLines) {
		const value = model.valueText(line);
		const key = value.toLowerCase();
		if (!seen.has(key)) {
			seen.add(key);
			if (listed.length <= maxListed) {
				listed.push(value === '' ? t('(empty User-agent)') : shorten(value));
			}
		}
	}
	return listed.length > 0
		? t('Followed by none of your crawlers · names {0}', listNames(listed, maxListed, seen.size))
		: t('Followed by none of your crawlers');
}
