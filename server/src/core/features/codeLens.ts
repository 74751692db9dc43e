/**
 * Code lenses: "Test URL…" and "Test URL for All Crawlers…" at the top of the file, and on each group's first
 * User-agent line which target crawlers follow the group, each as it reads the file (crawlers/reading.ts), with a
 * shortcut to test a URL as the group's crawler. Linear in the file: every crawler's reading is made once, and its
 * groups are mapped to the lens groups through a table of User-agent lines.
 * The commands are the client's (`robotsTxt.testUrl`, `robotsTxt.testUrlAll`, `robotsTxt.revealLine`).
 */

import type { CodeLens } from 'vscode-languageserver-types';
import { listNames } from '../crawlers/explain';
import { formatNumber, t } from '../l10n';
import { crawlerProfile } from '../crawlers/profile';
import { readAs } from '../crawlers/reading';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';

/** The client command that asks for a URL (and an agent, unless given) and shows the verdicts. */
export const testUrlCommand = 'robotsTxt.testUrl';
/** The client command that tests one URL for every target crawler. */
export const testUrlAllCommand = 'robotsTxt.testUrlAll';
/** The client command that selects a line and, when asked, shows its hover. */
export const revealLineCommand = 'robotsTxt.revealLine';

/** The lenses of the document, on the groups as RFC 9309 reads them (blank lines do not split them). */
export function computeCodeLenses(model: RobotsModel, options: AnalysisOptions, uri: string): CodeLens[] {
	const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	const lenses: CodeLens[] = [{ range: top, command: { title: t('Test URL…'), command: testUrlCommand, arguments: [uri] } }];
	if (options.crawlers.length > 0) {
		lenses.push({ range: top, command: { title: t('Test URL for All Crawlers…'), command: testUrlAllCommand, arguments: [uri] } });
	}
	const { groups } = model.grouping('rfc9309');
	if (groups.length === 0) {
		return lenses;
	}
	// The lens group of each User-agent line; a crawler's groups (in its own parser's reading) land through them.
	const groupOfLine = new Int32Array(model.lineCount).fill(-1);
	groups.forEach((group, index) => {
		for (const line of group.userAgents) {
			groupOfLine[line] = index;
		}
	});
	const followers: string[][] = groups.map(() => []);
	for (const token of options.crawlers) {
		const reading = readAs(model, crawlerProfile(token));
		const marked = new Set<number>();
		for (const group of reading.selection.groups) {
			for (const line of group.userAgents) {
				const index = groupOfLine[line];
				if (index >= 0 && !marked.has(index)) {
					marked.add(index);
					followers[index].push(token);
				}
			}
		}
	}

	groups.forEach((group, index) => {
		const line = group.firstLine;
		const range = { start: { line, character: 0 }, end: { line, character: model.lines[line].length } };
		lenses.push({ range, command: { title: title(model, group.userAgents, followers[index], options.crawlers.length), command: revealLineCommand, arguments: [uri, line, true] } });
		let agent = '*';
		for (const agentLine of group.userAgents) {
			const value = model.valueText(agentLine);
			if (value !== '') {
				agent = value;
				break;
			}
		}
		const testTitle = agent === '*' ? t('Test URL as any crawler…') : t('Test URL as {0}…', shorten(agent));
		lenses.push({ range, command: { title: testTitle, command: testUrlCommand, arguments: [uri, agent] } });
	});
	return lenses;
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
	const named: string[] = [];
	const seen = new Set<string>();
	let hasStar = false;
	for (const line of agentLines) {
		const value = model.valueText(line);
		if (value === '*') {
			hasStar = true;
			continue;
		}
		const key = value.toLowerCase();
		if (!seen.has(key)) {
			seen.add(key);
			named.push(value === '' ? t('(empty User-agent)') : shorten(value));
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
	return named.length > 0 ? t('Followed by none of your crawlers · names {0}', listNames(named)) : t('Followed by none of your crawlers');
}
