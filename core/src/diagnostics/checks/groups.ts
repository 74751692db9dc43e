/**
 * Checks of groups ("records") and their User-agent lines: rules no group owns, records a blank line cuts short,
 * groups without rules (also agents that a Crawl-delay line merges into the group below), agents named twice, lines
 * that merge groups for Google but split them for Yandex, and User-agent values that are not product tokens.
 */

import { listNames } from '../../crawlers/explain';
import { knownCrawlers } from '../../facts/crawlers';
import { yandexRobots } from '../../facts/yandexRobots';
import { googleProductToken } from '../../matching/agents';
import type { Group, RobotsModel } from '../../syntax/parser';
import type { LineNode } from '../../syntax/ast';
import { t } from '../../l10n';
import { at, shown, tLines, type AnyFact, type Check, type CheckContext, type CheckEntry, type FileFact } from '../context';
import { deleteLine, insertLinesAfter, replaceSpan } from './edits';

const ruleOutsideGroup: Check = (context) => {
	const { model } = context;
	// Google also reads User-agent lines with typos or without a colon, so it may see a group the others do not.
	const googleOrphans = new Set(context.grouping('google').orphanRules);
	for (const line of context.grouping('rfc9309').orphanRules) {
		const googleReads = !googleOrphans.has(line) && model.lines[line].googleDirective !== 'none';
		context.report({
			code: 'rule-outside-group',
			line,
			message: googleReads
				? context.many(['google'])
					? t(
							'This rule comes before any User-agent line that {0} can read, so they ignore it; only {1}, which also read the User-agent line above that they cannot, apply it.',
							context.who(['rfc9309', 'yandex', 'draft1996', 'original1994']),
							context.who(['google']),
						)
					: t(
							'This rule comes before any User-agent line that {0} can read, so they ignore it; only {1}, which also reads the User-agent line above that they cannot, applies it.',
							context.who(['rfc9309', 'yandex', 'draft1996', 'original1994']),
							context.who(['google']),
						)
				: t('This rule comes before any User-agent line, so it belongs to no group and every crawler ignores it.'),
			unnecessary: !googleReads || undefined,
		});
	}
};

/**
 * Rules that RFC 9309 puts in a group but the 1996 draft orphans, because a blank line ended the record: reported
 * once per group, at the first such rule, with a fix that removes every blank line between its agents and its rules.
 */
const ruleAfterBlankLine: Check = (context) => {
	const { model } = context;
	const { orphanRules } = context.grouping('draft1996');
	if (orphanRules.length === 0) {
		return;
	}
	const draftOrphans = new Set(orphanRules);
	for (const group of context.grouping('rfc9309').groups) {
		const first = group.rules.find((line) => draftOrphans.has(line));
		if (first === undefined) {
			continue;
		}
		const lastAgent = group.userAgents[group.userAgents.length - 1];
		const lastRule = group.rules[group.rules.length - 1];
		const blanks: number[] = [];
		for (let candidate = lastAgent + 1; candidate < lastRule; candidate++) {
			if (model.lines[candidate].kind === 'blank') {
				blanks.push(candidate);
			}
		}
		context.report({
			code: 'rule-after-blank-line',
			line: first,
			message: t(
				"A blank line above ends the record for {0} (first-match robots, such as Python's urllib.robotparser before 3.15): they ignore this rule and the ones after it. {1} keep it in the group.",
				context.who(['draft1996']),
				context.whoStarts(['google', 'rfc9309', 'yandex']),
			),
			related: blanks.map((blank) => ({ line: blank, message: t('a blank line that ends the record') })),
			fixes:
				blanks.length > 0
					? [
							{
								title: blanks.length > 1 ? t('Remove the blank lines inside the group') : t('Remove the blank line inside the group'),
								edits: blanks.map((blank) => deleteLine(model, blank)),
								isPreferred: true,
							},
						]
					: undefined,
		});
	}
};

function tokens(context: CheckContext, group: Group): string[] {
	return group.userAgents.map((line) => context.model.valueText(line));
}

/** Whether one of these groups is for "*" and has a rule with a value: then a named group without rules matters, its crawlers escape them. */
function starHasRules(model: RobotsModel, groups: readonly Group[]): boolean {
	return groups.some((group) => group.userAgents.some((line) => model.valueIs(line, '*')) && group.rules.some((line) => !model.valueIs(line, '')));
}

/** Whether an RFC 9309 group for `*` anywhere in the file has a rule with a value. */
const starGroupHasRules: FileFact<boolean, boolean> = {
	name: 'a * group has rules',
	summarize: (window) => starHasRules(window.model, window.grouping('rfc9309').groups),
	combine: (summaries) => summaries.includes(true),
	same: (a, b) => a === b,
};

const emptyGroup: Check = (context) => {
	const { model } = context;
	const groups = context.grouping('rfc9309').groups;
	const googleGroupOf = new Map<number, number>();
	for (const group of context.grouping('google').groups) {
		for (const line of group.userAgents) {
			googleGroupOf.set(line, group.index);
		}
	}
	for (const group of groups) {
		if (group.rules.length > 0) {
			mergedBlocks(context, group, googleGroupOf);
			continue;
		}
		const values = tokens(context, group);
		if (values.some((value) => embeddedDirective.test(value))) {
			// "User-agent: * Disallow: /": invalid-product-token says where the rules went.
			continue;
		}
		const names = listNames(values.map((token) => `"${shown(token)}"`));
		// A line of the group that is not a rule (a Crawl-delay, say), which the message names.
		const other = group.others.length > 0 ? model.keyText(group.others[0]) : undefined;
		let message: string;
		let severity: 'information' | undefined;
		if (values.includes('*')) {
			severity = 'information';
			message =
				other !== undefined
					? t(
							'The group for {0} has no rules ({1} and the like are not rules): every crawler without a group of its own may fetch everything. Add "Disallow:" to say so on purpose, or rules.',
							names,
							other,
						)
					: t(
							'The group for {0} has no rules: every crawler without a group of its own may fetch everything. Add "Disallow:" to say so on purpose, or rules.',
							names,
						);
		} else if (context.ask(starGroupHasRules, (has) => has)) {
			if (context.concerns(['draft1996'])) {
				message =
					other !== undefined
						? t(
								'The group for {0} has no rules ({1} and the like are not rules): the crawlers named here ignore the "*" group\'s rules and may fetch everything, while 1996-draft robots drop the record and follow "*". Add the rules these crawlers should follow, or "Disallow:" to allow everything on purpose.',
								names,
								other,
							)
						: t(
								'The group for {0} has no rules: the crawlers named here ignore the "*" group\'s rules and may fetch everything, while 1996-draft robots drop the record and follow "*". Add the rules these crawlers should follow, or "Disallow:" to allow everything on purpose.',
								names,
							);
			} else {
				message =
					other !== undefined
						? t(
								'The group for {0} has no rules ({1} and the like are not rules): the crawlers named here ignore the "*" group\'s rules and may fetch everything. Add the rules these crawlers should follow, or "Disallow:" to allow everything on purpose.',
								names,
								other,
							)
						: t(
								'The group for {0} has no rules: the crawlers named here ignore the "*" group\'s rules and may fetch everything. Add the rules these crawlers should follow, or "Disallow:" to allow everything on purpose.',
								names,
							);
			}
		} else {
			severity = 'information';
			message =
				other !== undefined
					? t(
							'The group for {0} has no rules ({1} and the like are not rules): the crawlers named here may fetch everything, as they could without it. Add "Disallow:" to say so on purpose, or rules.',
							names,
							other,
						)
					: t(
							'The group for {0} has no rules: the crawlers named here may fetch everything, as they could without it. Add "Disallow:" to say so on purpose, or rules.',
							names,
						);
		}
		context.report({
			code: 'empty-group',
			line: group.userAgents[0],
			severity,
			message,
			// After each block of User-agent lines: one "Disallow:" after the last block would leave the blocks above it
			// empty for the parsers that split there (Yandex, the 1996 draft), each an empty group of its own.
			fixes: [
				{
					title: t('Add "Disallow:" (allow everything explicitly)'),
					edits: agentBlocks(model, group).map((block) => insertLinesAfter(model, context.eol, block.agents[block.agents.length - 1], ['Disallow:'])),
				},
			],
		});
	}
};

/**
 * The blocks of User-agent lines in `group`: a line of their own (a Crawl-delay, or text that is no directive) between
 * two User-agent lines ends a block. Each block has its User-agent lines and that first line of its own (-1 for the
 * last block).
 */
function agentBlocks(model: RobotsModel, group: Group): { agents: number[]; own: number }[] {
	const blocks: { agents: number[]; own: number }[] = [{ agents: [group.userAgents[0]], own: -1 }];
	for (let i = 1; i < group.userAgents.length; i++) {
		const line = group.userAgents[i];
		const current = blocks[blocks.length - 1];
		for (let candidate = group.userAgents[i - 1] + 1; candidate < line && current.own < 0; candidate++) {
			const kind = model.lines[candidate].kind;
			if (kind === 'directive' || kind === 'text') {
				current.own = candidate;
			}
		}
		if (current.own < 0) {
			current.agents.push(line);
		} else {
			blocks.push({ agents: [line], own: -1 });
		}
	}
	return blocks;
}

/**
 * User-agent lines followed by a line of their own (a Crawl-delay, say) and then more User-agent lines: written as a
 * group of their own, but RFC 9309 and Google merge them into the group below, whose rules they then follow
 * (google/robotstxt issue 51). Yandex splits there; agents-split-by-directive covers what that means for Yandex.
 */
function mergedBlocks(context: CheckContext, group: Group, googleGroupOf: ReadonlyMap<number, number>): void {
	const { model } = context;
	// Merged into a group with "*", they follow the "*" rules, which is what such a block usually means.
	if (tokens(context, group).includes('*')) {
		return;
	}
	const blocks = agentBlocks(model, group);
	// The rules belong to the last block, the one the author wrote them under.
	const owner = blocks[blocks.length - 1].agents[0];
	for (const block of blocks.slice(0, -1)) {
		const values = block.agents.map((agent) => model.valueText(agent));
		// Only Yandex reads a group for its own robots, and Yandex splits here.
		if (values.every((token) => token !== '*' && concernsYandex([token]))) {
			continue;
		}
		const escapesStar = !values.includes('*') && context.ask(starGroupHasRules, (has) => has);
		const several = values.length > 1;
		const ownNode = model.lines[block.own];
		// Why the block does not end there, a clause of the message.
		const what =
			ownNode.kind === 'text'
				? t('"{0}" is not a rule (its ":" is missing)', shown(model.lineText(block.own).trim()))
				: t('a {0} line does not end a group', model.keyText(block.own));
		const googleToo = googleGroupOf.get(block.agents[0]) === googleGroupOf.get(owner);
		const names = listNames(values.map((token) => `"${shown(token)}"`));
		const readers = context.who(googleToo ? ['google', 'rfc9309'] : ['rfc9309']);
		const ownerToken = shown(model.valueText(owner));
		let message;
		if (several) {
			message = escapesStar
				? tLines(
						'{0} have no rules of their own: {1}, so {2} merge these crawlers into the group of "{3}" (line {4}) and apply that group\'s rules, not those of "*". Write the rules they should follow under their own User-agent lines.',
						names,
						what,
						readers,
						ownerToken,
						at(owner),
					)
				: tLines(
						'{0} have no rules of their own: {1}, so {2} merge these crawlers into the group of "{3}" (line {4}) and apply that group\'s rules. Write the rules they should follow under their own User-agent lines.',
						names,
						what,
						readers,
						ownerToken,
						at(owner),
					);
		} else {
			message = escapesStar
				? tLines(
						'{0} has no rules of its own: {1}, so {2} merge it into the group of "{3}" (line {4}) and apply that group\'s rules, not those of "*". Write the rules it should follow under its own User-agent line.',
						names,
						what,
						readers,
						ownerToken,
						at(owner),
					)
				: tLines(
						'{0} has no rules of its own: {1}, so {2} merge it into the group of "{3}" (line {4}) and apply that group\'s rules. Write the rules it should follow under its own User-agent line.',
						names,
						what,
						readers,
						ownerToken,
						at(owner),
					);
		}
		context.report({
			code: 'empty-group',
			line: block.agents[0],
			severity: escapesStar ? undefined : 'information',
			message,
			related: [{ line: block.own, message: t('the line that does not end the group') }],
		});
	}
}

/**
 * The User-agent lines of each RFC 9309 group, each token's first in its group, in file order, with their tokens in
 * lower case: what duplicateAgents compares. A summary holds the lines' nodes, so that two summaries are the same only
 * for the very same lines (and so the same values and spans) at the same places.
 */
const userAgentLines: FileFact<readonly AgentLine[], (visit: (line: number, token: string) => void) => void> = {
	name: 'User-agent lines',
	positional: true,
	summarize(window) {
		const { model, from } = window;
		const agents: AgentLine[] = [];
		for (const group of window.grouping('rfc9309').groups) {
			const seenHere = new Set<string>();
			for (const line of group.userAgents) {
				const token = model.valueText(line).toLowerCase();
				if (token !== '' && !seenHere.has(token)) {
					seenHere.add(token);
					agents.push({ line: line - from, token, node: model.lines[line] });
				}
			}
		}
		return agents;
	},
	// A way to visit them rather than a list: a file of 50 000 groups has 50 000 of them.
	combine: (summaries, starts) => (visit) => {
		summaries.forEach((agents, i) => {
			for (const agent of agents) {
				visit(starts[i] + agent.line, agent.token);
			}
		});
	},
	same: (a, b) => a.length === b.length && a.every((agent, i) => agent.line === b[i].line && agent.token === b[i].token && agent.node === b[i].node),
};

interface AgentLine {
	/** Relative to the segment's first line. */
	readonly line: number;
	readonly token: string;
	readonly node: LineNode;
}

/** The same token in two groups far apart: reads the User-agent lines only, so an edit elsewhere keeps its problems. */
const duplicateAgents: Check = (context) => {
	const { model } = context;
	const firstLineOf = new Map<string, number>();
	context.fact(userAgentLines)((line, token) => {
		const first = firstLineOf.get(token);
		if (first === undefined) {
			firstLineOf.set(token, line);
			return;
		}
		const node = model.lines[line];
		const star = token === '*';
		context.report({
			code: star ? 'multiple-star-groups' : 'duplicate-user-agent',
			line,
			start: node.valueStart,
			end: node.valueEnd,
			message: star
				? t(
						'Another "User-agent: *" group (the first is at line {0}): RFC 9309, Google and Yandex merge them, but 1996-draft robots use only the first and ignore this one.',
						first + 1,
					)
				: t(
						'"{0}" already has a group at line {1}: RFC 9309, Google and Yandex merge the two, but 1996-draft robots use only the first and ignore this one.',
						shown(model.valueText(line)),
						first + 1,
					),
			related: [{ line: first, message: t('the first group for this User-agent') }],
		});
	});
};

/** The (lower-case) tokens of Yandex groups with rules, anywhere in the file: Yandex merges groups with the same token. */
const yandexTokensWithRules: FileFact<readonly string[], ReadonlySet<string>> = {
	name: 'Yandex tokens with rules',
	summarize: (window) =>
		window
			.grouping('yandex')
			.groups.filter((group) => group.rules.length > 0)
			.flatMap((group) => group.userAgents.map((line) => window.model.valueText(line).toLowerCase())),
	combine: (summaries) => new Set(summaries.flat()),
	same: sameStrings,
};

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Whether Yandex's robots read a group with these tokens: theirs, or `*`, which they fall back to. */
function concernsYandex(tokens: readonly string[]): boolean {
	return tokens.some((token) => {
		const lower = token.toLowerCase();
		return lower === '*' || lower.startsWith('yandex') || yandexRobots.some((robot) => robot.name.toLowerCase() === lower);
	});
}

/**
 * User-agent lines that one group holds for RFC 9309 and Google but that Yandex or the 1996 draft split: Yandex at
 * any other line (a comment counts as blank for it), the draft at a blank line. The agents before each split are
 * left with a group of no rules; that matters to Yandex only when they include its own robots or `*`.
 */
const agentsSplit: Check = (context) => {
	const { model } = context;
	// Python's urllib.robotparser keeps a record that has a Crawl-delay or Request-rate but no rules.
	const draftRecordOthers = new Map<number, number>();
	for (const record of context.grouping('draft1996').groups) {
		for (const line of record.userAgents) {
			draftRecordOthers.set(line, record.others.length);
		}
	}
	for (const group of context.grouping('rfc9309').groups) {
		// The agents Yandex has read since its last split, and those the draft has read since its last blank line.
		let yandexSegment: number[] = [group.userAgents[0]];
		let draftSegment: number[] = [group.userAgents[0]];
		for (let i = 1; i < group.userAgents.length; i++) {
			const before = group.userAgents[i - 1];
			const line = group.userAgents[i];
			const between: number[] = [];
			let hasBlank = false;
			let hasComment = false;
			for (let candidate = before + 1; candidate < line; candidate++) {
				const node = model.lines[candidate];
				if (node.kind === 'directive' || node.kind === 'text') {
					between.push(candidate);
				} else if (node.kind === 'blank') {
					hasBlank = true;
				} else {
					hasComment = true;
				}
			}
			const yandexSplit = between.length > 0 || hasBlank || hasComment;
			// Computed only at a split, which then empties the segment: linear in the group's User-agent lines.
			// Yandex merges groups with the same value, so a token left without rules here may have them in another group.
			const yandexLosers = !yandexSplit
				? []
				: yandexSegment
						.map((agent) => model.valueText(agent))
						.filter((token) => concernsYandex([token]) && !context.ask(yandexTokensWithRules, (tokens) => tokens.has(token.toLowerCase())));
			if (yandexLosers.length > 0) {
				const what =
					between.length > 0
						? `"${shown(model.lineText(between[0]).trim())}"`
						: hasBlank
							? t('A blank line')
							: t('A comment line (Yandex reads it as a blank line)');
				const named = yandexLosers.map((token) => `"${shown(token)}"`).join(', ');
				// Moving the lines below the group's last User-agent line keeps them in the group for every dialect.
				// Yandex also splits at blank and comment lines: the fix removes blank lines and is not offered past a comment.
				const blanks: number[] = [];
				for (let candidate = before + 1; candidate < line; candidate++) {
					if (model.lines[candidate].kind === 'blank') {
						blanks.push(candidate);
					}
				}
				// The move helps only when no other line splits the agents after this one from the rules.
				const lastAgent = group.userAgents[group.userAgents.length - 1];
				const restContiguous = lastAgent - line === group.userAgents.length - 1 - i;
				const fixes =
					between.length > 0 && !hasComment && restContiguous
						? [
								{
									title:
										blanks.length > 0
											? t('Move the line(s) below the User-agent lines and remove the blank lines')
											: t('Move the line(s) below the User-agent lines'),
									edits: [
										...[...between, ...blanks].sort((a, b) => a - b).map((removed) => deleteLine(model, removed)),
										insertLinesAfter(
											model,
											context.eol,
											lastAgent,
											between.map((moved) => model.lineText(moved)),
										),
									],
								},
							]
						: undefined;
				context.report({
					code: 'agents-split-by-directive',
					line,
					message:
						yandexLosers.length > 1
							? t(
									'{0} between the User-agent lines for "{1}" and "{2}": {3} read one group, but Yandex starts a new group here, so for {4} {5} have no rules at all (everything allowed).',
									what,
									shown(model.valueText(before)),
									shown(model.valueText(line)),
									context.who(['google', 'rfc9309']),
									context.who(['yandex']),
									named,
								)
							: t(
									'{0} between the User-agent lines for "{1}" and "{2}": {3} read one group, but Yandex starts a new group here, so for {4} {5} has no rules at all (everything allowed).',
									what,
									shown(model.valueText(before)),
									shown(model.valueText(line)),
									context.who(['google', 'rfc9309']),
									context.who(['yandex']),
									named,
								),
					related: between.map((moved) => ({ line: moved, message: t('the line between the User-agent lines') })),
					fixes,
				});
			}
			if (hasBlank) {
				const loser = draftSegment.map((agent) => `"${shown(model.valueText(agent))}"`).join(', ');
				const star = draftSegment.some((agent) => model.valueText(agent) === '*');
				const python = (draftRecordOthers.get(before) ?? 0) === 0;
				const args = [shown(model.valueText(before)), shown(model.valueText(line)), loser, context.whoStarts(['google', 'rfc9309', 'yandex'])] as const;
				let message: string;
				if (python) {
					message = star
						? t(
								'A blank line between the User-agent lines for "{0}" and "{1}" ends the record for 1996-draft robots (such as Python\'s urllib.robotparser): the record for {2} has no rules, so they ignore it and use the next "*" record that has rules. {3} read one group.',
								...args,
							)
						: t(
								'A blank line between the User-agent lines for "{0}" and "{1}" ends the record for 1996-draft robots (such as Python\'s urllib.robotparser): the record for {2} has no rules, so they ignore it and follow "*" instead. {3} read one group.',
								...args,
							);
				} else {
					message = star
						? t(
								'A blank line between the User-agent lines for "{0}" and "{1}" ends the record for 1996-draft robots: the record for {2} has no rules, so they ignore it and use the next "*" record that has rules. {3} read one group.',
								...args,
							)
						: t(
								'A blank line between the User-agent lines for "{0}" and "{1}" ends the record for 1996-draft robots: the record for {2} has no rules, so they ignore it and follow "*" instead. {3} read one group.',
								...args,
							);
				}
				context.report({ code: 'agents-split-by-blank-line', line, message });
			}
			if (yandexSplit) {
				yandexSegment = [];
			}
			if (hasBlank) {
				draftSegment = [];
			}
			yandexSegment.push(line);
			draftSegment.push(line);
		}
	}
};

const browserWords = new Set([
	'mozilla',
	'compatible',
	'applewebkit',
	'khtml',
	'like',
	'gecko',
	'chrome',
	'safari',
	'mobile',
	'version',
	'windows',
	'linux',
	'macintosh',
	'x11',
	'iphone',
	'android',
	'msie',
	'opera',
	'firefox',
	'win32',
	'win64',
]);

/** The crawler's product token inside a User-agent value (a name with a version, or a whole browser string). */
function intendedToken(value: string): string | undefined {
	const parts = value.split(/[\s;(),]+/).filter((part) => part !== '' && !part.startsWith('+') && !part.includes('://'));
	for (const part of parts) {
		const name = part.split('/')[0];
		// Platform words of browser strings ("Windows NT", "Windows ME", "U; en-US") are no crawler names either.
		if (/^[A-Za-z][A-Za-z0-9_.-]*$/.test(name) && !browserWords.has(name.toLowerCase()) && !/^(nt|me|xp|ce|u|i|en(-\w+)?|wow64|x64)$/i.test(name)) {
			return name;
		}
	}
	return undefined;
}

/** Directives that people run into a User-agent value when lines lose their breaks. */
const embeddedDirective = /^(\S+)\s+((?:user-agent|allow|disallow|sitemap|crawl-delay|host)\s*:.*)$/i;

const userAgentValues: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.directive !== 'user-agent') {
			continue;
		}
		const value = model.valueText(line);
		// A crawler's name as its owner documents it ("Kangaroo Bot", "Sogou web spider") is what that crawler matches,
		// spaces and all: the catalogue's crawlers read it so, and the message below would say they match nothing.
		if (value === '' || value === '*' || known.has(value.toLowerCase())) {
			continue;
		}
		const span = { line, start: node.valueStart, end: node.valueEnd };
		const cut = googleProductToken(value);
		// Google reads "*" followed by whitespace as the global group.
		const googleGlobal = value[0] === '*' && /\s/.test(value[1] ?? '');
		const embedded = embeddedDirective.exec(value);
		if (embedded) {
			const [, agent, rest] = embedded;
			const googleReads = googleGlobal ? '*' : cut || t('(nothing)');
			context.report({
				code: 'invalid-product-token',
				...span,
				message: context.many(['google'])
					? t(
							'Several directives on one line: this is one User-agent line with the value "{0}". {1} match no crawler with it, {2} read only "{3}", and no crawler sees "{4}" as a directive.',
							shown(value),
							context.whoStarts(['rfc9309', 'yandex']),
							context.who(['google']),
							googleReads,
							shown(rest),
						)
					: t(
							'Several directives on one line: this is one User-agent line with the value "{0}". {1} match no crawler with it, {2} reads only "{3}", and no crawler sees "{4}" as a directive.',
							shown(value),
							context.whoStarts(['rfc9309', 'yandex']),
							context.who(['google']),
							googleReads,
							shown(rest),
						),
				fixes: [
					{
						title: t('Put "{0}" on a line of its own', shown(rest)),
						edits: [replaceSpan(line, node.valueStart, node.valueEnd, `${agent}${context.eol}${rest}`)],
					},
				],
			});
			continue;
		}
		if (value.includes('*')) {
			const without = value.replace(/\*/g, '').trim();
			// Google's crawlers cut the value at "*", so for them "Mediapartners-Google*" works.
			const google = /google/i.test(cut);
			let message: string;
			const many = context.many(['google']);
			if (googleGlobal) {
				message = many
					? t(
							'"{0}" is not "*": {1} compare the whole value and match no crawler with it, while {2} read it as "*".',
							shown(value),
							context.who(['rfc9309', 'yandex']),
							context.who(['google']),
						)
					: t(
							'"{0}" is not "*": {1} compare the whole value and match no crawler with it, while {2} reads it as "*".',
							shown(value),
							context.who(['rfc9309', 'yandex']),
							context.who(['google']),
						);
			} else if (google) {
				message = t(
					'"*" is not a wildcard inside a User-agent value. Google\'s crawlers cut "{0}" to "{1}", so it works for them; {2} compare the whole value and match nothing.',
					shown(value),
					shown(cut),
					context.who(['rfc9309', 'yandex']),
				);
			} else {
				message = many
					? t(
							'"*" is not a wildcard inside a User-agent value: {0} compare the whole value, so "{1}" names no crawler for them; {2} read only "{3}".',
							context.who(['rfc9309', 'yandex']),
							shown(value),
							context.who(['google']),
							cut || t('(nothing)'),
						)
					: t(
							'"*" is not a wildcard inside a User-agent value: {0} compare the whole value, so "{1}" names no crawler for them; {2} reads only "{3}".',
							context.who(['rfc9309', 'yandex']),
							shown(value),
							context.who(['google']),
							cut || t('(nothing)'),
						);
			}
			const replacement = googleGlobal ? '*' : without;
			// Dropping a trailing "*" names the crawler the value starts with; a leading one meant "any name containing",
			// which robots.txt cannot say, so that rewrite is offered but not preferred.
			const preferred = googleGlobal || /^[A-Za-z][A-Za-z0-9_.-]*\*+$/.test(value);
			context.report({
				code: 'wildcard-in-user-agent',
				...span,
				severity: google || googleGlobal ? 'information' : undefined,
				message,
				// Only a single name is worth proposing; "Microsoft URL Control" or markup would not be a product token either.
				fixes:
					replacement === '*' || /^[A-Za-z][A-Za-z0-9_.-]*$/.test(replacement)
						? [
								{
									title: t('Change to "{0}"', shown(replacement)),
									edits: [replaceSpan(line, node.valueStart, node.valueEnd, replacement)],
									isPreferred: preferred || undefined,
								},
							]
						: undefined,
			});
			continue;
		}
		if (!/[\s/();,+]/.test(value)) {
			continue;
		}
		const commaList = value.includes(',') && value.split(',').every((part) => /^\s*[A-Za-z][A-Za-z0-9_.-]*\s*$/.test(part));
		if (commaList) {
			const names = value.split(',').map((part) => part.trim());
			context.report({
				code: 'invalid-product-token',
				...span,
				message: context.many(['google'])
					? t(
							'One crawler per User-agent line: {0} read "{1}" as one name that matches nothing; {2} read only "{3}".',
							context.who(['rfc9309', 'yandex']),
							shown(value),
							context.who(['google']),
							shown(cut),
						)
					: t(
							'One crawler per User-agent line: {0} read "{1}" as one name that matches nothing; {2} reads only "{3}".',
							context.who(['rfc9309', 'yandex']),
							shown(value),
							context.who(['google']),
							shown(cut),
						),
				fixes: [
					{
						title: t('Put each crawler on its own User-agent line'),
						edits: [replaceSpan(line, 0, node.length, names.map((name) => `${model.keyText(line)}: ${name}`).join(context.eol))],
						isPreferred: true,
					},
				],
			});
			continue;
		}
		const token = intendedToken(value);
		const first = value.split(/[\s/;(]/)[0].toLowerCase();
		// "Name/1.0 …" keeps Google's reading when cut to its name; a browser string names its crawler inside.
		const fixable = token !== undefined && ((token === cut && value[cut.length] === '/') || (browserWords.has(first) && token !== cut));
		// A name of several words names a robot that has no product token at all; it matches its own way, if any.
		const severity = !fixable && /^[^/]+$/.test(value) ? 'information' : undefined;
		context.report({
			code: 'invalid-product-token',
			...span,
			severity,
			message: productTokenMessage(context, value, cut, severity !== undefined) + (fixable ? ' ' + t('Write the crawler\'s token, "{0}".', shown(token)) : ''),
			fixes: fixable
				? [{ title: t('Change to "{0}"', shown(token)), edits: [replaceSpan(line, node.valueStart, node.valueEnd, token)], isPreferred: true }]
				: undefined,
		});
	}
};

/** Why a User-agent value is no product token, and what each parser makes of it. */
function productTokenMessage(context: CheckContext, value: string, cut: string, spaces: boolean): string {
	const args = [shown(value), context.who(['rfc9309', 'yandex']), context.who(['google']), cut || t('(nothing)')] as const;
	if (spaces) {
		return context.many(['google'])
			? t(
					'"{0}" is not a product token (a crawler name has no spaces): {1} compare the whole value and match no crawler with it; {2} cut it to "{3}".',
					...args,
				)
			: t(
					'"{0}" is not a product token (a crawler name has no spaces): {1} compare the whole value and match no crawler with it; {2} cuts it to "{3}".',
					...args,
				);
	}
	return context.many(['google'])
		? t('"{0}" is not a product token: {1} compare the whole value and match no crawler with it; {2} cut it to "{3}".', ...args)
		: t('"{0}" is not a product token: {1} compare the whole value and match no crawler with it; {2} cuts it to "{3}".', ...args);
}

/**
 * A value that is no crawler's name but a piece of several: robots that match by substring (1996 draft, 1994,
 * Python's urllib.robotparser) apply the group to all of them (seed 000: "bot" matches Googlebot and Spambot).
 */
const knownTokens = knownCrawlers.map((crawler) => crawler.token);
const lowerTokens = knownTokens.map((token) => token.toLowerCase());
const known = new Set(lowerTokens);

const broadUserAgent: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		if (model.lines[line].directive !== 'user-agent') {
			continue;
		}
		const value = model.valueText(line);
		const lower = value.toLowerCase();
		if (value === '' || value === '*' || known.has(lower)) {
			continue;
		}
		const caught = knownTokens.filter((_, index) => lowerTokens[index].includes(lower));
		if (caught.length < 2) {
			continue;
		}
		const caughtNames =
			caught.length > 5 ? t('{0} and {1} more known {1|one=crawler|other=crawlers}', caught.slice(0, 5).join(', '), caught.length - 5) : caught.join(', ');
		context.report({
			code: 'broad-user-agent',
			line,
			start: model.lines[line].valueStart,
			end: model.lines[line].valueEnd,
			message: t(
				'{0} match "{1}" anywhere in their name, so this group applies to {2}, and to any robot whose name contains it; {3} apply it only to a crawler named exactly "{1}".',
				context.whoStarts(['draft1996', 'original1994']),
				shown(value),
				caughtNames,
				context.who(['google', 'rfc9309']),
			),
		});
	}
};

/** A value that looks like a crawler name rather than a path. */
export const crawlerLike = /^[A-Za-z][A-Za-z0-9_.-]*(bot|spider|crawler|slurp)$/i;

const userAgentAsPath: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.directive !== 'allow' && node.directive !== 'disallow') {
			continue;
		}
		const value = model.valueText(line);
		if (crawlerLike.test(value)) {
			context.report({
				code: 'user-agent-as-path',
				line,
				start: node.valueStart,
				end: node.valueEnd,
				message: t(
					'"{0}" does not name a crawler: it is a path pattern (which matches nothing, as paths start with "/"). Name crawlers on a User-agent line and put "Disallow: /" under it.',
					`${model.keyText(line)}: ${value}`,
				),
			});
		}
	}
};

/** The facts these checks ask. */
export const groupFacts: readonly AnyFact[] = [starGroupHasRules, userAgentLines, yandexTokensWithRules];

export const groupChecks: readonly CheckEntry[] = [
	{ window: ruleOutsideGroup },
	{ window: ruleAfterBlankLine },
	{ window: emptyGroup },
	{ file: duplicateAgents, onlyFacts: true },
	{ window: agentsSplit },
	{ line: userAgentValues },
	{ line: broadUserAgent },
	{ line: userAgentAsPath },
];
