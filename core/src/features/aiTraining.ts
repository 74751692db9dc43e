/**
 * "Block AI training crawlers" and "Allow AI training crawlers": code actions that add one group for the catalogue's
 * AI training crawlers (or extend the one such group the file has) with `Disallow: /` or `Allow: /`. The group names
 * only those crawlers and goes before the file's first group, where no other crawler's group can run into it, so
 * no other crawler's verdict changes; a test runs the diff over the real-world corpus to show it.
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
import { ObjectMemo } from '../memo';

/** The catalogue's AI training crawlers that read robots.txt, in catalogue order. */
export function aiTrainingCrawlers(): readonly CrawlerFacts[] {
	return knownCrawlers.filter((crawler) => crawler.category === 'ai-training' && !crawler.ignoresRobotsTxt);
}

type Stance = 'block' | 'allow';

/** The actions per model and uri: models are immutable, and a lightbulb asks again at every cursor move. */
const memo = new ObjectMemo<RobotsModel, string, CodeAction[]>();

/** The two actions, each offered when it would change something; disabled (with the reason) when it cannot be safe. */
export function computeAiTrainingActions(model: RobotsModel, uri: string): CodeAction[] {
	return memo.get(model, uri, () => compute(model, uri));
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
	const growth = edits.reduce((sum, edit) => sum + octetLength(edit.newText), 0);
	const limit = smallestOtherLimit();
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
function smallestOtherLimit(): { bytes: number; token: string } {
	let smallest = { bytes: Number.MAX_SAFE_INTEGER, token: '' };
	for (const crawler of knownCrawlers) {
		if (crawler.category !== 'ai-training' && crawler.sizeLimit !== null && crawler.sizeLimit.bytes < smallest.bytes) {
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
	const group = [comment, ...tokens.map((token) => `User-agent: ${token}`), ruleLine(stance)].join(eol) + eol;
	const first = firstGroupLine(model);
	if (first === undefined) {
		// No group at all: at the end, after a blank line.
		const last = model.lineCount - 1;
		const end: Position = { line: last, character: model.lines[last].length };
		const lastText = model.lineText(last);
		const before = lastText === '' ? (last > 0 && model.lineText(last - 1).trim() !== '' ? eol : '') : eol + eol;
		return [{ range: { start: end, end }, newText: before + group }];
	}
	// A byte order mark stays first in the file, or the line it ends up on would no longer read as a directive.
	const at: Position = { line: first, character: first === 0 && model.lineTexts[0].charCodeAt(0) === 0xfeff ? 1 : 0 };
	return [{ range: { start: at, end: at }, newText: group + eol }];
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
