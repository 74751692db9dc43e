/**
 * The managed blocks of a file: the lines a platform wrote between its start and end markers (facts/managedBlocks.ts),
 * found in one pass over the comment lines. A marker is matched as the platform writes it, at the start of its line,
 * with any trailing whitespace; a start marker without its end marker opens a block that runs to the end of the file.
 */

import { managedBlockPlatforms, type ManagedBlockPlatform } from '../facts/managedBlocks';
import type { RobotsModel } from './parser';

/** One managed block, lines 0-based. */
export interface ManagedBlock {
	readonly platform: ManagedBlockPlatform;
	/** The first line the platform wrote: the start marker, or the first of the platform's comments above it. */
	readonly first: number;
	/** The start marker's line. */
	readonly start: number;
	/** The end marker's line, or -1 when the block has none. */
	readonly end: number;
	/** The last line of the block: the end marker, or the file's last line without one. */
	readonly last: number;
}

/** The platform whose marker (of `kind`) the line is, or undefined. */
function markerOf(model: RobotsModel, line: number, kind: 'start' | 'end'): ManagedBlockPlatform | undefined {
	const text = model.lineText(line).trimEnd();
	const bare = line === 0 && text.startsWith('\uFEFF') ? text.slice(1) : text;
	return managedBlockPlatforms.find((platform) => platform[kind] === bare);
}

/** The managed blocks of a file, in file order; blocks do not nest (a start marker inside a block is its line). */
export function findManagedBlocks(model: RobotsModel): ManagedBlock[] {
	const blocks: ManagedBlock[] = [];
	let open: { platform: ManagedBlockPlatform; first: number; start: number } | undefined;
	let onlyComments = true;
	for (let line = 0; line < model.lineCount; line++) {
		const kind = model.lines[line].kind;
		if (kind !== 'comment') {
			onlyComments &&= kind === 'blank';
			continue;
		}
		if (open === undefined) {
			const platform = markerOf(model, line, 'start');
			if (platform !== undefined) {
				open = { platform, first: platform.commentsAbove && onlyComments && blocks.length === 0 ? firstNonBlank(model, line) : line, start: line };
			}
		} else if (markerOf(model, line, 'end') === open.platform) {
			blocks.push({ ...open, end: line, last: line });
			open = undefined;
		}
	}
	if (open !== undefined) {
		blocks.push({ ...open, end: -1, last: lastNonBlank(model) });
	}
	return blocks;
}

function firstNonBlank(model: RobotsModel, upTo: number): number {
	let line = 0;
	while (line < upTo && model.lines[line].kind === 'blank') {
		line++;
	}
	return line;
}

function lastNonBlank(model: RobotsModel): number {
	let line = model.lineCount - 1;
	while (line > 0 && model.lines[line].kind === 'blank') {
		line--;
	}
	return line;
}

/**
 * The text of a file without its managed blocks, for comparing it with a file that has none: each line without its
 * trailing whitespace and line end, the runs of blank lines one blank line, and no blank line at either end.
 */
export function withoutManagedBlocks(model: RobotsModel, blocks: readonly ManagedBlock[]): string {
	const inBlock = (line: number) => blocks.some((block) => line >= block.first && line <= block.last);
	const lines: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		if (!inBlock(line)) {
			lines.push(line === 0 ? model.lineText(line).replace(/^\uFEFF/, '') : model.lineText(line));
		}
	}
	return normalisedLines(lines);
}

/** Lines without trailing whitespace, blank runs as one blank line and no blank line at either end, joined by `\n`. */
function normalisedLines(lines: readonly string[]): string {
	const kept: string[] = [];
	for (const text of lines) {
		const line = text.trimEnd();
		if (line === '' && (kept.length === 0 || kept[kept.length - 1] === '')) {
			continue;
		}
		kept.push(line);
	}
	while (kept.length > 0 && kept[kept.length - 1] === '') {
		kept.pop();
	}
	return kept.join('\n');
}
