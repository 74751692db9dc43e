/**
 * The line end that edits write into a file: its most common one, counted over the whole file, so that quick fixes,
 * suppressions and the formatter write the same one into a file with mixed line ends.
 */

import type { RobotsModel } from './parser';

/** Models are immutable: the answer is kept per model, for every feature that asks about the same text. */
const known = new WeakMap<RobotsModel, string>();

/** The most common line end of the file (`\r\n`, `\n` or a lone `\r`); `\n` when it has none or on a tie with it. */
export function dominantLineEnd(model: RobotsModel): string {
	let eol = known.get(model);
	if (eol === undefined) {
		eol = count(model);
		known.set(model, eol);
	}
	return eol;
}

function count(model: RobotsModel): string {
	let lf = 0;
	let crlf = 0;
	let cr = 0;
	const { lines, lineTexts } = model;
	for (let line = 0; line < lines.length; line++) {
		const node = lines[line];
		if (node.eolLength === 2) {
			crlf++;
		} else if (node.eolLength === 1) {
			if (lineTexts[line].charCodeAt(node.length) === 13) {
				cr++;
			} else {
				lf++;
			}
		}
	}
	if (crlf > lf && crlf >= cr) {
		return '\r\n';
	}
	return cr > lf && cr > crlf ? '\r' : '\n';
}
