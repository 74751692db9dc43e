/**
 * Document highlights: with the cursor on a User-agent value, every User-agent line naming the same crawler
 * (compared case-insensitively, as every dialect compares them), across all groups: where its rules are spread.
 */

import { DocumentHighlightKind, type DocumentHighlight, type Position } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';

/**
 * The most highlights an answer holds: the ones nearest the cursor. A file of 50 000 `User-agent: *` groups has
 * 50 000 equal values, 5 MB of highlights that the editor can mark only a screenful of.
 */
export const maxHighlights = 1000;

/** The User-agent values equal to the one under `position` (the `maxHighlights` nearest); empty when the position is not on one. */
export function computeDocumentHighlights(model: RobotsModel, position: Position, _options: AnalysisOptions): DocumentHighlight[] {
	const line = position.line;
	if (line < 0 || line >= model.lineCount) {
		return [];
	}
	const node = model.lines[line];
	if (node.directive !== 'user-agent' || position.character < node.valueStart || position.character > node.valueEnd || node.valueEnd === node.valueStart) {
		return [];
	}
	const token = model.valueText(line).toLowerCase();
	const lines: number[] = [];
	for (let other = 0; other < model.lineCount; other++) {
		if (model.lines[other].directive === 'user-agent' && model.valueText(other).toLowerCase() === token) {
			lines.push(other);
		}
	}
	// The nearest ones: a window of `maxHighlights` consecutive matches around the cursor's line.
	let from = 0;
	if (lines.length > maxHighlights) {
		const at = lines.indexOf(line);
		from = Math.min(Math.max(0, at - (maxHighlights >> 1)), lines.length - maxHighlights);
	}
	return lines.slice(from, from + maxHighlights).map((other) => {
		const candidate = model.lines[other];
		return {
			range: { start: { line: other, character: candidate.valueStart }, end: { line: other, character: candidate.valueEnd } },
			kind: DocumentHighlightKind.Read,
		};
	});
}
