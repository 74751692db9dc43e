/**
 * "Block AI training crawlers" and "Allow AI training crawlers": code actions that add one group for the catalogue's
 * AI training crawlers (or extend the one such group the file has) with `Disallow: /` or `Allow: /`. The group names
 * only those crawlers and goes before the file's first group, where no other crawler's group can run into it, so
 * no other crawler's verdict changes; a test runs the diff over the real-world corpus to show it. A third action
 * states the same wish in the preference lines of the `*` group (`Content-Signal: ai-train=no`,
 * `Content-Usage: train-ai=n`), which no parser reads for a verdict.
 */

import type { CodeAction, Position, TextEdit } from 'vscode-languageserver-types';
import { listNames } from '../crawlers/explain';
import { decideRoot, decideTable, readAs, unpackDecision } from '../crawlers/reading';
import { knownCrawlers, type CrawlerFacts } from '../facts/crawlers';
import { googleProductToken } from '../matching/agents';
import { probeUrls } from '../bench/diff';
import { formatNumber, t } from '../l10n';
import { allowAiTrainingKind, blockAiTrainingKind } from '../protocol';
import { octetLength } from '../syntax/octets';
import { lineRole, type Group, type RobotsModel } from '../syntax/parser';
import { allDialects } from '../dialect';
import { bindPreferences } from '../preferences/answer';
import type { ContentSignalLine, ContentUsageLine } from '../preferences/lines';
import { ObjectMemo } from '../memo';

/** The catalogue's AI training crawlers that read robots.txt, in catalogue order. */
export function aiTrainingCrawlers(): readonly CrawlerFacts[] {
	return knownCrawlers.filter((crawler) => crawler.category === 'ai-training' && !crawler.ignoresRobotsTxt);
}

type Stance = 'block' | 'allow';

/** The actions per model and uri: models are immutable, and a lightbulb asks again at every cursor move. */
const memo = new ObjectMemo<RobotsModel, string, CodeAction[]>();

/** The three actions, each offered when it would change something; disabled (with the reason) when it cannot be safe. */
export function computeAiTrainingActions(model: RobotsModel, uri: string): CodeAction[] {
	return memo.get(model, uri, () => [...compute(model, uri), ...preferenceAction(model, uri)]);
}

/** Probe URLs are decided this many at a time, so that the walk stops once every crawler has an allowed one. */
const probeChunk = 512;

function compute(model: RobotsModel, uri: string): CodeAction[] {
	const crawlers = aiTrainingCrawlers();
	const tokens = crawlers.map((crawler) => crawler.token);
	// `/` first: a crawler allowed there is allowed somewhere, and the file's other paths need not be probed for it.
	const root = decideRoot(model, tokens);
	const allowed = (code: number) => {
		const decision = unpackDecision(code);
		return decision.verdict === 'allow' && decision.reason !== 'robots-txt';
	};
	const anyAllowed = tokens.map((_, column) => allowed(root[column]));
	const columns = tokens.flatMap((_, column) => (anyAllowed[column] ? [] : [column]));
	if (columns.length > 0) {
		// Paths where the file's own rules draw lines, so that "blocked" means blocked everywhere the file says
		// anything (`/` among them, first).
		const probes = probeUrls(model, model);
		for (let start = 1; start < probes.length && columns.some((column) => !anyAllowed[column]); start += probeChunk) {
			const open = columns.filter((column) => !anyAllowed[column]);
			const rows = probes.slice(start, start + probeChunk);
			const table = decideTable(
				model,
				open.map((column) => tokens[column]),
				rows,
			);
			open.forEach((column, at) => {
				for (let row = 0; row < rows.length && !anyAllowed[column]; row++) {
					anyAllowed[column] = allowed(table[row * open.length + at]);
				}
			});
		}
	}
	const existing = model.grouping('rfc9309').groups.find((group) => aiGroupStance(model, group) !== undefined);
	// A crawler the file already names in a group of its own keeps the rules the site wrote for it: naming it again
	// would make a second group that parsers merge with the first (duplicate-user-agent), whatever it says.
	const named = namedOutside(model, existing);
	const toBlock = tokens.filter((token, column) => anyAllowed[column] && !named.has(token.toLowerCase()));
	const toAllow = tokens.filter((token, column) => unpackDecision(root[column]).verdict === 'disallow' && !named.has(token.toLowerCase()));
	const actions: CodeAction[] = [];
	if (toBlock.length === 0 && toAllow.length === 0) {
		return actions;
	}
	// Every reading knows the file's size, and the AI training crawlers' readings are made by now.
	const size = readAs(model, tokens[0]).extent.fileBytes;
	if (toBlock.length > 0) {
		actions.push(action(model, uri, 'block', toBlock, size, existing));
	}
	if (toAllow.length > 0) {
		actions.push(action(model, uri, 'allow', toAllow, size, existing));
	}
	return actions;
}

function action(model: RobotsModel, uri: string, stance: Stance, tokens: readonly string[], size: number, existing: Group | undefined): CodeAction {
	const edits = groupEdits(model, stance, tokens, existing);
	const title = stance === 'block' ? t('Block AI training crawlers ({0})', listNames(tokens, 3)) : t('Allow AI training crawlers ({0})', listNames(tokens, 3));
	const kind = stance === 'block' ? blockAiTrainingKind : allowAiTrainingKind;
	return limited(uri, title, kind, edits, size, (crawler) => crawler.category !== 'ai-training');
}

/**
 * The action with its edits, or disabled with the reason when they would take the file past the size limit of a
 * crawler `affected` says they must not affect: lines added would move the end of what it reads.
 */
function limited(uri: string, title: string, kind: string, edits: TextEdit[], size: number, affected: (crawler: CrawlerFacts) => boolean): CodeAction {
	const growth = edits.reduce((sum, edit) => sum + octetLength(edit.newText), 0);
	const limit = smallestLimit(affected);
	if (size + growth > limit.bytes) {
		return {
			title,
			kind,
			disabled: {
				reason: t(
					'This file would be {0} bytes, over the {1} bytes {2} reads: adding lines would move the end of what it reads and could change its verdicts.',
					formatNumber(size + growth),
					formatNumber(limit.bytes),
					limit.token,
				),
			},
		};
	}
	return { title, kind, edit: { changes: { [uri]: edits } } };
}

/** The smallest size limit among the crawlers the actions must not affect. */
function smallestLimit(affected: (crawler: CrawlerFacts) => boolean): { bytes: number; token: string } {
	let smallest = { bytes: Number.MAX_SAFE_INTEGER, token: '' };
	for (const crawler of knownCrawlers) {
		if (affected(crawler) && crawler.sizeLimit !== null && crawler.sizeLimit.bytes < smallest.bytes) {
			smallest = { bytes: crawler.sizeLimit.bytes, token: crawler.token };
		}
	}
	return smallest;
}

const aiTokens = new Set(aiTrainingCrawlers().map((crawler) => crawler.token.toLowerCase()));

/** Whether a group names only AI training crawlers and has the one rule `Disallow: /` or `Allow: /`. */
function aiGroupStance(model: RobotsModel, group: Group): Stance | undefined {
	if (group.userAgents.length === 0 || !group.userAgents.every((line) => aiTokens.has(model.valueText(line).toLowerCase()))) {
		return undefined;
	}
	if (group.rules.length !== 1 || model.valueText(group.rules[0]) !== '/') {
		return undefined;
	}
	const role = lineRole(model.lines[group.rules[0]], 'rfc9309');
	return role === 'disallow' ? 'block' : role === 'allow' ? 'allow' : undefined;
}

/**
 * The User-agent values of the file outside `existing`, lower-cased, as RFC 9309 and Google read them (Google cuts
 * `GPTBot/1.0` to `GPTBot`).
 */
function namedOutside(model: RobotsModel, existing: Group | undefined): Set<string> {
	const inside = new Set(existing?.userAgents ?? []);
	const named = new Set<string>();
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if ((node.directive === 'user-agent' || node.googleDirective === 'user-agent') && !inside.has(line)) {
			const value = model.valueText(line);
			named.add(value.toLowerCase());
			named.add(googleProductToken(value).toLowerCase());
		}
	}
	return named;
}

/** The line break the file uses. */
function lineBreak(model: RobotsModel): string {
	for (let line = 0; line < model.lineCount; line++) {
		const length = model.lines[line].eolLength;
		if (length > 0) {
			return model.lineTexts[line].slice(model.lines[line].length, model.lines[line].length + length);
		}
	}
	return '\n';
}

function ruleLine(stance: Stance): string {
	return stance === 'block' ? 'Disallow: /' : 'Allow: /';
}

/**
 * The edits: extend the file's AI training group `existing` (switching its rule if needed), or add one before the
 * first group.
 */
function groupEdits(model: RobotsModel, stance: Stance, tokens: readonly string[], existing: Group | undefined): TextEdit[] {
	const eol = lineBreak(model);
	if (existing) {
		const named = new Set(existing.userAgents.map((line) => model.valueText(line).toLowerCase()));
		const missing = tokens.filter((token) => !named.has(token.toLowerCase()));
		const edits: TextEdit[] = [];
		if (missing.length > 0) {
			const at: Position = { line: existing.userAgents[existing.userAgents.length - 1] + 1, character: 0 };
			edits.push({ range: { start: at, end: at }, newText: missing.map((token) => `User-agent: ${token}${eol}`).join('') });
		}
		if (aiGroupStance(model, existing) !== stance) {
			const rule = existing.rules[0];
			edits.push({ range: { start: { line: rule, character: 0 }, end: { line: rule, character: model.lines[rule].length } }, newText: ruleLine(stance) });
		}
		return edits;
	}
	const comment =
		stance === 'block' ? '# AI training crawlers: no use of this site to train models.' : '# AI training crawlers: allowed to use this site to train models.';
	return [newGroupEdit(model, [comment, ...tokens.map((token) => `User-agent: ${token}`), ruleLine(stance)], eol)];
}

/**
 * An edit that adds `lines` as a group of their own before the file's first group, where no other group can run into
 * it (a blank line ends it for the 1994 and 1996 parsers, and a User-agent line after its rule for the others), or at
 * the end of a file without a group.
 */
function newGroupEdit(model: RobotsModel, lines: readonly string[], eol: string): TextEdit {
	const group = lines.join(eol) + eol;
	const first = firstGroupLine(model);
	if (first === undefined) {
		// No group at all: at the end, after a blank line.
		const last = model.lineCount - 1;
		const end: Position = { line: last, character: model.lines[last].length };
		const lastText = model.lineText(last);
		const before = lastText === '' ? (last > 0 && model.lineText(last - 1).trim() !== '' ? eol : '') : eol + eol;
		return { range: { start: end, end }, newText: before + group };
	}
	// A byte order mark stays first in the file, or the line it ends up on would no longer read as a directive.
	const at: Position = { line: first, character: first === 0 && model.lineTexts[0].charCodeAt(0) === 0xfeff ? 1 : 0 };
	return { range: { start: at, end: at }, newText: group + eol };
}

/**
 * Where the new group goes: before the first line any parser reads as User-agent, and before the comment lines right
 * above it (which are usually about that group), unless they open the file (a header about the whole file).
 */
function firstGroupLine(model: RobotsModel): number | undefined {
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (node.directive === 'user-agent' || node.googleDirective === 'user-agent') {
			let start = line;
			while (start > 0 && model.lines[start - 1].kind === 'comment') {
				start--;
			}
			return start === 0 ? line : start;
		}
	}
	return undefined;
}

/**
 * The preference lines' way to ask that the site not be used to train AI: `Content-Signal: ai-train=no`
 * (contentsignals.org) and `Content-Usage: train-ai=n` (draft-ietf-aipref-vocab §6.1) in the `*` group, read by every
 * crawler that follows it. A line the group has is changed rather than written again: the last Content-Signal line
 * that states `ai-train` gets `no` (a later value replaces an earlier one), a path-less Content-Usage line gets
 * `train-ai=n` (lines of equally long paths combine and `n` wins, vocab §5.1); a key the lines lack is added to the
 * last of them. New lines go right after the group's User-agent lines, where every dialect's grouping keeps them; a file
 * without a `*` group gets one with `Allow: /`, before its first group, which allows what no group did before.
 * Content-Usage lines with a path stay as they are: the site chose them for those paths. Not offered where the dialects
 * disagree on the `*` group, or on whether the first group's User-agent line is one (`User Agent: *` is one to Google
 * alone): the rules after such a line would join a new group in the dialects that do not read it; nor where a new
 * group would be followed by Yandex in a file with a `Host` line, whose implied `Disallow: /` for other mirrors
 * applies to the crawlers that follow no group and to the groups that hold it.
 */
function preferenceAction(model: RobotsModel, uri: string): CodeAction[] {
	const eol = lineBreak(model);
	const globalIn = allDialects.map((dialect) => model.grouping(dialect).groups.some((group) => group.userAgents.some((line) => model.valueText(line) === '*')));
	const firstAgent = model.lines.findIndex((node) => node.directive === 'user-agent' || node.googleDirective === 'user-agent');
	if (
		globalIn.some((has) => has !== globalIn[0])
		|| (!globalIn[0] && firstAgent >= 0 && !allDialects.every((dialect) => lineRole(model.lines[firstAgent], dialect) === 'user-agent'))
		|| (!globalIn[0] && model.lines.some((node) => node.directive === 'host'))
	) {
		return [];
	}
	const global = model.grouping('rfc9309').groups.filter((group) => group.userAgents.some((line) => model.valueText(line) === '*'));
	const binding = bindPreferences(model, 'rfc9309');
	const signals = global.flatMap((group) => binding.groups.get(group.index)?.contentSignal ?? []);
	const usages = global.flatMap((group) => binding.groups.get(group.index)?.contentUsage ?? []).filter((line) => line.path === null && line.parsed);
	const edits: TextEdit[] = [];
	const added: string[] = [];
	const signal = signalEdit(signals);
	if (signal === 'add') {
		added.push('Content-Signal: ai-train=no');
	} else if (signal) {
		edits.push(signal);
	}
	const usage = usageEdit(usages);
	if (usage === 'add') {
		added.push('Content-Usage: train-ai=n');
	} else if (usage) {
		edits.push(usage);
	}
	if (edits.length === 0 && added.length === 0) {
		return [];
	}
	if (added.length > 0) {
		const lines = [
			"# AI training: Content-Signal (Cloudflare's Content Signals Policy) and Content-Usage (IETF AI Preferences) ask that",
			'# this site not be used to train AI models; no major crawler documents honouring either yet.',
			...added,
		];
		if (global.length === 0) {
			edits.push(newGroupEdit(model, ['User-agent: *', ...lines, 'Allow: /'], eol));
		} else {
			const at: Position = { line: global[0].userAgents[global[0].userAgents.length - 1] + 1, character: 0 };
			edits.push({ range: { start: at, end: at }, newText: lines.map((line) => line + eol).join('') });
		}
	}
	const title = t(
		'Ask in the * group that the site not be used to train AI: Content-Signal: ai-train=no and Content-Usage: train-ai=n (no major crawler documents honouring either yet; Cloudflare writes Content-Signal for the sites it manages)',
	);
	const size = readAs(model, aiTrainingCrawlers()[0].token).extent.fileBytes;
	return [limited(uri, title, blockAiTrainingKind, edits, size, () => true)];
}

/** The edit that makes the Content-Signal lines say `ai-train=no`: none when they do, `add` for a new line. */
function signalEdit(lines: readonly ContentSignalLine[]): TextEdit | 'add' | undefined {
	const stated = lines.flatMap((line) => line.entries.filter((entry) => entry.key === 'ai-train').map((entry) => ({ line: line.line, entry })));
	const last = stated[stated.length - 1];
	if (last?.entry.value === 'no') {
		return undefined;
	}
	if (last) {
		return replace(last.line, last.entry.valueSpan, 'no');
	}
	const host = [...lines].reverse().find((line) => line.entries.length > 0);
	if (!host) {
		return 'add';
	}
	const end = Math.max(...host.entries.map((entry) => entry.valueSpan.end));
	return replace(host.line, { start: end, end }, ', ai-train=no');
}

/** The edit that makes the path-less Content-Usage lines say `train-ai=n`: none when one does, `add` for a new line. */
function usageEdit(lines: readonly ContentUsageLine[]): TextEdit | 'add' | undefined {
	const stated = lines.flatMap((line) => line.preferences.filter((p) => p.key === 'train-ai').map((preference) => ({ line: line.line, preference })));
	if (stated.some(({ preference }) => preference.value === 'n')) {
		return undefined;
	}
	if (stated.length > 0) {
		const { line, preference } = stated[stated.length - 1];
		// A bare key is Boolean true: its value is written after it.
		return preference.valueSpan.start === preference.valueSpan.end ? replace(line, preference.valueSpan, '=n') : replace(line, preference.valueSpan, 'n');
	}
	const host = lines[lines.length - 1];
	if (!host) {
		return 'add';
	}
	const end = Math.max(...host.preferences.map((p) => p.valueSpan.end), ...host.preferences.map((p) => p.span.end));
	return host.preferences.length === 0 ? 'add' : replace(host.line, { start: end, end }, ', train-ai=n');
}

function replace(line: number, span: { start: number; end: number }, newText: string): TextEdit {
	return { range: { start: { line, character: span.start }, end: { line, character: span.end } }, newText };
}
