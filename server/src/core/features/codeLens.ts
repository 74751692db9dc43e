/**
 * Code lenses: "Test URL…" at the top of the file, and on each group's first User-agent line whom the group applies
 * to (selecting it shows the hover with the per-dialect detail) and a shortcut to test a URL as that crawler.
 * The commands are the client's (`robotsTxt.testUrl`, `robotsTxt.revealLine`); the lenses only name them.
 */

import type { CodeLens } from 'vscode-languageserver-types';
import { isRecordDialect } from '../dialect';
import { analysisDialects, type AnalysisOptions } from '../options';
import type { Group, RobotsModel } from '../syntax/parser';

/** The client command that asks for a URL (and an agent, unless given) and shows the verdicts. */
export const testUrlCommand = 'robotsTxt.testUrl';
/** The client command that selects a line and, when asked, shows its hover. */
export const revealLineCommand = 'robotsTxt.revealLine';

/** The lenses of the document, for the groups as RFC 9309 reads them. */
export function computeCodeLenses(model: RobotsModel, options: AnalysisOptions, uri: string): CodeLens[] {
	const lenses: CodeLens[] = [
		{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, command: { title: 'Test URL…', command: testUrlCommand, arguments: [uri] } },
	];
	const { groups } = model.grouping('rfc9309');
	const tokensOf = groups.map((group) => new Set(group.userAgents.map((line) => model.valueText(line).toLowerCase())));
	const merges = analysisDialects(options).some((dialect) => !isRecordDialect(dialect));

	groups.forEach((group, index) => {
		const line = group.firstLine;
		const range = { start: { line, character: 0 }, end: { line, character: model.lines[line].length } };
		const related = groups.filter((_other, i) => i !== index && [...tokensOf[index]].some((token) => tokensOf[i].has(token)));
		const title = `Applies to: ${appliesTo(model, group)}${relation(related, group, merges)}`;
		lenses.push({ range, command: { title, command: revealLineCommand, arguments: [uri, line, true] } });

		const agent = group.userAgents.map((agentLine) => model.valueText(agentLine)).find((value) => value !== '') ?? '*';
		const testTitle = agent === '*' ? 'Test URL as any crawler…' : `Test URL as ${agent}…`;
		lenses.push({ range, command: { title: testTitle, command: testUrlCommand, arguments: [uri, agent] } });
	});
	return lenses;
}

function appliesTo(model: RobotsModel, group: Group): string {
	const names: string[] = [];
	let hasStar = false;
	for (const line of group.userAgents) {
		const value = model.valueText(line);
		if (value === '*') {
			hasStar = true;
		} else if (!names.includes(value)) {
			names.push(value === '' ? '(empty User-agent)' : value);
		}
	}
	const everyone = 'every crawler without a group of its own';
	if (!hasStar) {
		return names.join(', ');
	}
	return names.length > 0 ? `${names.join(', ')}, and ${everyone}` : everyone;
}

/** How the group relates to others naming the same crawlers: merged with them, or shadowed for first-match robots. */
function relation(related: readonly Group[], group: Group, merges: boolean): string {
	const lines = (list: readonly Group[]) => list.map((other) => other.firstLine + 1).join(', ');
	const plural = (list: readonly Group[]) => (list.length > 1 ? `groups at lines ${lines(list)}` : `group at line ${lines(list)}`);
	if (related.length === 0) {
		return '';
	}
	if (merges) {
		return ` (merged with the ${plural(related)})`;
	}
	const earlier = related.filter((other) => other.firstLine < group.firstLine);
	return earlier.length > 0 ? ` (a first-match robot obeys the ${plural(earlier)} instead)` : '';
}
