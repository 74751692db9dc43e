/**
 * Small builders for the text edits quick fixes make, in line and character terms.
 */

import type { TextEdit } from 'vscode-languageserver-types';
import type { RobotsModel } from '../../syntax/parser';

export function replaceSpan(line: number, start: number, end: number, newText: string): TextEdit {
	return { range: { start: { line, character: start }, end: { line, character: end } }, newText };
}

/** Removes a whole line with its line end (for the last line, the line end before it). */
export function deleteLine(model: RobotsModel, line: number): TextEdit {
	if (line + 1 < model.lineCount) {
		return { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, newText: '' };
	}
	if (line > 0) {
		const previous = line - 1;
		return { range: { start: { line: previous, character: model.lines[previous].length }, end: { line, character: model.lines[line].length } }, newText: '' };
	}
	return replaceSpan(line, 0, model.lines[line].length, '');
}

/** Inserts whole lines before `line` (each given without a line end), ending each in the file's line end. */
export function insertLinesBefore(eol: string, line: number, lines: readonly string[]): TextEdit {
	return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: lines.map((text) => text + eol).join('') };
}

/** Inserts whole lines after `line`, each after the file's line end. */
export function insertLinesAfter(model: RobotsModel, eol: string, line: number, lines: readonly string[]): TextEdit {
	const end = model.lines[line].length;
	return { range: { start: { line, character: end }, end: { line, character: end } }, newText: lines.map((text) => eol + text).join('') };
}
