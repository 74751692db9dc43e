/**
 * Two versions of a file that differ only by the managed blocks a platform adds (syntax/managedBlocks.ts): the deployed
 * file is the local one plus Cloudflare's block, say. Compared line by line without the blocks, modulo trailing
 * whitespace, line ends and runs of blank lines; what the blocks change is said per crawler by the semantic diff.
 */

import { listNames } from '../crawlers/explain';
import { t } from '../l10n';
import { findManagedBlocks, withoutManagedBlocks } from '../syntax/managedBlocks';
import type { RobotsModel } from '../syntax/parser';
import { describeChange, diffRobots } from './diff';

/** What the managed blocks of one version are, when they are all that it adds to the other. */
export interface ManagedDifference {
	/** "Cloudflare's managed block (lines 1–29)", for each block, as a list. */
	readonly blocks: string;
	/** What the blocks change, one sentence per crawler whose reading they change (`describeChange`). */
	readonly changes: readonly string[];
}

/**
 * When `withBlocks` is `plain` with managed blocks added and nothing else: the blocks, as a list ("Cloudflare's managed
 * block (lines 1–29)"); else undefined (no block, or other differences). Text only: no reading is compared.
 */
export function addedManagedBlocks(plain: RobotsModel, withBlocks: RobotsModel): string | undefined {
	const found = findManagedBlocks(withBlocks);
	if (found.length === 0 || withoutManagedBlocks(withBlocks, found) !== withoutManagedBlocks(plain, [])) {
		return undefined;
	}
	return listNames(found.map((block) => t("{0}'s managed block (lines {1}–{2})", block.platform.platform, block.first + 1, block.last + 1)));
}

/**
 * When `withBlocks` is `plain` with managed blocks added and nothing else: the blocks and what they change for
 * `crawlers` (the semantic diff); else undefined (no block, or other differences).
 */
export function managedDifference(plain: RobotsModel, withBlocks: RobotsModel, crawlers: readonly string[]): ManagedDifference | undefined {
	const blocks = addedManagedBlocks(plain, withBlocks);
	if (blocks === undefined) {
		return undefined;
	}
	const diff = diffRobots(plain, withBlocks, { crawlers, urls: [] });
	return { blocks, changes: diff.changes.map(describeChange) };
}
