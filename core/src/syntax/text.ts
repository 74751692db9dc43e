/**
 * Text to model and back: `parse` never throws and `print(parse(text)) === text` for every text (the model is lossless).
 */

import { RobotsModel } from './parser';

/**
 * Parses robots.txt text into an immutable model. Never throws: any text, including binary junk, gives a model
 * whose lines cover the text exactly.
 * @returns the model; `model.grouping(dialect)` gives the groups as each dialect reads them.
 */
export function parse(text: string): RobotsModel {
	return RobotsModel.parse(text);
}

/**
 * Prints a model back to text from its line nodes; for every model `print(parse(text)) === text`.
 */
export function print(model: RobotsModel): string {
	const parts: string[] = [];
	for (let i = 0; i < model.lineCount; i++) {
		const node = model.lines[i];
		parts.push(model.lineTexts[i].slice(0, node.length + node.eolLength));
	}
	return parts.join('');
}
