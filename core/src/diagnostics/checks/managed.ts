/**
 * The managed blocks of a file (syntax/managedBlocks.ts): a finding on each block's first line that names the platform
 * and the lines it wrote, and how its groups and the site's own combine for each target crawler, read off the crawler
 * model (`readAs`: the groups a crawler follows, as its parser groups and selects them), so that a `User-agent: *`
 * group in the block and the site's own `*` group read as one for RFC 9309 and Google and as the first alone for
 * first-match robots, with no rule of ours about it.
 */

import { lineNumbers, listNames } from '../../crawlers/explain';
import { readAs } from '../../crawlers/reading';
import { t } from '../../l10n';
import { findManagedBlocks, type ManagedBlock } from '../../syntax/managedBlocks';
import type { Check, CheckContext, CheckEntry } from '../context';

/** How a crawler's groups lie against one block: the groups' User-agent lines (0-based) by where they are. */
interface Placement {
	readonly kind: 'merged' | 'block' | 'site' | 'across';
	/** The User-agent lines of the groups it follows inside the block, outside it, and across one of its markers. */
	readonly inside: readonly number[];
	readonly outside: readonly number[];
	readonly across: readonly number[];
	/** The marker a group runs across (0-based), for `across`. */
	readonly marker: number;
}

/** Where the groups a crawler follows lie against the block; undefined when it follows none. */
function placement(context: CheckContext, block: ManagedBlock, crawler: CheckContext['targets'][number]): Placement | undefined {
	const reading = readAs(context.model, crawler);
	const inside: number[] = [];
	const outside: number[] = [];
	const across: number[] = [];
	let marker = -1;
	reading.selection.groups.forEach((group, i) => {
		const line = reading.groups[i]?.line ?? group.userAgents[0];
		if (group.firstLine >= block.first && group.lastLine <= block.last) {
			inside.push(line);
		} else if (group.lastLine < block.first || group.firstLine > block.last) {
			outside.push(line);
		} else {
			across.push(line);
			marker = group.firstLine < block.first ? block.start : block.last;
		}
	});
	if (inside.length + outside.length + across.length === 0) {
		return undefined;
	}
	const kind = across.length > 0 ? 'across' : inside.length > 0 ? (outside.length > 0 ? 'merged' : 'block') : 'site';
	return { kind, inside, outside, across, marker };
}

/**
 * The sentences for crawlers that follow only the block's groups or only the site's: for one crawler, for several
 * that follow one group, and for several that follow groups of their own.
 */
const onlySentences: Record<'block' | 'site', readonly ((who: string, at: string) => string)[]> = {
	block: [
		(who, at) => t("{0} follows only the block's group at {1}: the platform's lines decide for it.", who, at),
		(who, at) => t("{0} follow only the block's group at {1}: the platform's lines decide for them.", who, at),
		(who, at) => t("{0} follow only the block's groups for them at {1}: the platform's lines decide for them.", who, at),
	],
	site: [
		(who, at) => t('{0} follows only your group at {1}: the block changes nothing for it.', who, at),
		(who, at) => t('{0} follow only your group at {1}: the block changes nothing for them.', who, at),
		(who, at) => t('{0} follow only your groups for them at {1}: the block changes nothing for them.', who, at),
	],
};

/** One sentence for the crawlers that share a placement. */
function placementSentence(place: Placement, tokens: readonly string[]): string {
	const who = listNames(tokens);
	const one = tokens.length === 1;
	switch (place.kind) {
		case 'merged':
			return one
				? t(
						"{0} follows the block's group at {1} together with yours at {2}: it reads them as one group.",
						who,
						lineNumbers(place.inside),
						lineNumbers(place.outside),
					)
				: t(
						"{0} follow the block's group at {1} together with yours at {2}: they read them as one group.",
						who,
						lineNumbers(place.inside),
						lineNumbers(place.outside),
					);
		case 'block':
		case 'site': {
			const lines = place.kind === 'block' ? place.inside : place.outside;
			return onlySentences[place.kind][one ? 0 : lines.length === 1 ? 1 : 2](who, lineNumbers(lines));
		}
		case 'across':
			return one
				? t(
						"{0} follows the group at {1}, which runs across the block's marker at line {2}: the lines on both sides of it are one group for it.",
						who,
						lineNumbers(place.across),
						place.marker + 1,
					)
				: t(
						"{0} follow the group at {1}, which runs across the block's marker at line {2}: the lines on both sides of it are one group for them.",
						who,
						lineNumbers(place.across),
						place.marker + 1,
					);
	}
}

const order: readonly Placement['kind'][] = ['across', 'merged', 'block', 'site'];

const managedBlocks: Check = (context) => {
	if (!context.wants('managed-block')) {
		return;
	}
	for (const block of findManagedBlocks(context.model)) {
		// The target crawlers that share a placement, in the order of the targets.
		const shared = new Map<string, { place: Placement; tokens: string[] }>();
		for (const crawler of context.targets) {
			const place = placement(context, block, crawler);
			if (place === undefined) {
				continue;
			}
			// Crawlers that follow only groups of their own, in the block or outside it, are said in one sentence with all
			// those groups' lines.
			const key = place.kind === 'block' || place.kind === 'site' ? place.kind : JSON.stringify(place);
			const entry = shared.get(key);
			if (entry === undefined) {
				shared.set(key, { place, tokens: [crawler.token] });
			} else {
				entry.tokens.push(crawler.token);
				entry.place = {
					...entry.place,
					inside: [...new Set([...entry.place.inside, ...place.inside])].sort((a, b) => a - b),
					outside: [...new Set([...entry.place.outside, ...place.outside])].sort((a, b) => a - b),
				};
			}
		}
		const entries = [...shared.values()].sort((a, b) => order.indexOf(a.place.kind) - order.indexOf(b.place.kind));
		const platform = block.platform.platform;
		const headline =
			block.end < 0
				? t(
						'Lines {0}–{1} are {2}\'s managed block, which has no end marker ("{3}"): it runs to the end of the file.',
						block.first + 1,
						block.last + 1,
						platform,
						block.platform.end,
					)
				: t("Lines {0}–{1} are {2}'s managed block: the platform writes them.", block.first + 1, block.last + 1, platform);
		const related = entries
			.filter((entry) => entry.place.kind === 'merged')
			.flatMap((entry) =>
				entry.place.outside.map((line) => ({
					line,
					message: t("Read together with the managed block's group at {0} by {1}.", lineNumbers(entry.place.inside), listNames(entry.tokens)),
				})),
			);
		context.report({
			code: 'managed-block',
			line: block.first,
			message: [headline, ...entries.map((entry) => placementSentence(entry.place, entry.tokens))].join(' '),
			...(related.length > 0 ? { related } : {}),
		});
	}
};

export const managedChecks: readonly CheckEntry[] = [{ file: managedBlocks }];
