/**
 * Document highlights: with the cursor on a User-agent value, every User-agent line naming the same crawler
 * (compared case-insensitively, as every dialect compares them), across all groups: where its rules are spread.
 */

import { DocumentHighlightKind, type DocumentHighlight, type Position } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';

/** The User-agent values equal to the one under `position`; empty when the position is not on one. */
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
	const highlights: DocumentHighlight[] = [];
	for (let other = 0; other < model.lineCount; other++) {
		const candidate = model.lines[other];
		if (candidate.directive === 'user-agent' && model.valueText(other).toLowerCase() === token) {
			highlights.push({
				range: { start: { line: other, character: candidate.valueStart }, end: { line: other, character: candidate.valueEnd } },
				kind: DocumentHighlightKind.Read,
			});
		}
	}
	return highlights;
}
