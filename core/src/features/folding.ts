/**
 * Folding ranges: each group (as RFC 9309 groups the file) from its first User-agent line to its last line, and each
 * run of two or more comment lines. Ranges never cross: a comment run lies either inside a group or between groups.
 */

import { FoldingRange, FoldingRangeKind } from 'vscode-languageserver-types';
import type { RobotsModel } from '../syntax/parser';

/** The folding ranges of the document, sorted by start line. */
export function computeFoldingRanges(model: RobotsModel): FoldingRange[] {
	const ranges: FoldingRange[] = [];
	for (const group of model.grouping('rfc9309').groups) {
		if (group.lastLine > group.firstLine) {
			ranges.push(FoldingRange.create(group.firstLine, group.lastLine));
		}
	}
	let runStart = -1;
	for (let line = 0; line <= model.lineCount; line++) {
		const isComment = line < model.lineCount && model.lines[line].kind === 'comment';
		if (isComment && runStart < 0) {
			runStart = line;
		} else if (!isComment && runStart >= 0) {
			if (line - 1 > runStart) {
				ranges.push(FoldingRange.create(runStart, line - 1, undefined, undefined, FoldingRangeKind.Comment));
			}
			runStart = -1;
		}
	}
	return ranges.sort((a, b) => a.startLine - b.startLine);
}
