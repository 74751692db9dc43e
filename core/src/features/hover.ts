/**
 * The robots.txt hover: which of four answers the position asks for. On a User-agent line, which crawlers the group
 * applies to in each enabled dialect and where the dialects disagree (groupHover.ts); on a directive key, what it does,
 * who reads it and where it is specified (keyHover.ts); on an Allow/Disallow value, what the pattern matches, with
 * examples checked by the real matcher of each dialect (patternHover.ts); on a preference line's key, value or path,
 * what it means and its source (preferenceHover.ts).
 * Every answer is computed from the model and the matchers, never from the text of the hover alone.
 */

import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver-types';
import { directiveDocs } from '../facts/directiveDocs';
import { t } from '../l10n';
import { analysisDialects, type AnalysisOptions } from '../options';
import { lineRole, type RobotsModel } from '../syntax/parser';
import { groupHover } from './groupHover';
import { Readers } from './hoverWords';
import { keyHover } from './keyHover';
import { patternHover } from './patternHover';
import { preferenceHover } from './preferenceHover';

/**
 * The hover at a position: a markdown explanation of the User-agent group, directive key or path pattern under it.
 * @returns null where there is nothing to explain (blank lines, comments, past the end of the line).
 */
export function computeHover(model: RobotsModel, position: Position, options: AnalysisOptions): Hover | null {
	const line = position.line;
	if (line < 0 || line >= model.lineCount) {
		return null;
	}
	const node = model.lines[line];
	const character = position.character;
	if ((node.kind !== 'directive' && node.kind !== 'text') || character < 0 || character > node.length) {
		return null;
	}
	if (node.commentStart >= 0 && character >= node.commentStart) {
		return null;
	}
	const dialects = analysisDialects(options);
	const readers = new Readers(options);
	const roles = dialects.map((dialect) => lineRole(node, dialect));
	const onValue = node.valueEnd > node.valueStart && character >= node.valueStart && character <= node.valueEnd;
	const keyRange = span(line, node.keyStart, node.keyEnd);
	const valueRange = span(line, node.valueStart, node.valueEnd);

	if (roles.includes('user-agent')) {
		// The whole line explains its group, so a hover shown at the start of a revealed line says the same.
		const pastKey = character > node.keyEnd && node.valueEnd > node.valueStart;
		if (onValue || pastKey) {
			return hover(groupHover(model, line, dialects, options, readers), valueRange);
		}
		// On the key itself, the directive's own documentation follows the group.
		const doc = directiveDocs['user-agent'];
		return hover(
			`${groupHover(model, line, dialects, options, readers)}\n\n---\n\n${doc.summary}\n\n**${t('Sources:')}** ${doc.sources.join(' · ')}`,
			keyRange,
		);
	}
	if (character > node.keyEnd && !onValue) {
		return null;
	}
	if (onValue && (roles.includes('allow') || roles.includes('disallow'))) {
		return hover(patternHover(model, line, dialects, readers), valueRange);
	}
	const preference = onValue ? preferenceHover(model, line, character) : undefined;
	if (preference) {
		return hover(preference.markdown, span(line, preference.span.start, preference.span.end));
	}
	return hover(keyHover(model, line, node, dialects, options, readers), onValue ? valueRange : keyRange);
}

function hover(value: string, range: Range): Hover {
	return { contents: { kind: MarkupKind.Markdown, value }, range };
}

function span(line: number, start: number, end: number): Range {
	return { start: { line, character: start }, end: { line, character: end } };
}
