/**
 * Inline suppression comments:
 * `# robots-txt-disable-next-line <code>[, <code>…]` silences the codes on the next line;
 * `# robots-txt-disable [<code>…]` silences them (or everything) from that line on, until `# robots-txt-enable [<code>…]`.
 */

import type { RobotsModel } from '../syntax/parser';
import type { FileFact } from './context';

const directive = /^#\s*robots-txt-(disable-next-line|disable|enable)\b(.*)$/;

interface Suppressions {
	/** No line is suppressed. */
	readonly none: boolean;
	isSuppressed(code: string, line: number): boolean;
}

interface Span {
	readonly codes: ReadonlySet<string> | 'all';
	readonly from: number;
	/** Exclusive. */
	readonly to: number;
}

function parseCodes(rest: string): ReadonlySet<string> | 'all' {
	const codes = rest.split(/[\s,]+/).filter((code) => code !== '' && !code.startsWith('--'));
	return codes.length === 0 ? 'all' : new Set(codes);
}

/** Whether a comment (`#` included) is a suppression comment. */
function isSuppressionComment(comment: string): boolean {
	return directive.test(comment);
}

/** The lines with a suppression comment, in file order: the lines `findSuppressions` needs to read. */
export const suppressionLines: FileFact<readonly number[], readonly number[]> = {
	name: 'suppression lines',
	positional: true,
	summarize({ model, from, to }) {
		const lines: number[] = [];
		for (let line = from; line < to; line++) {
			if (model.lines[line].commentStart >= 0 && isSuppressionComment(model.commentText(line))) {
				lines.push(line - from);
			}
		}
		return lines;
	},
	combine: (summaries, starts) => summaries.flatMap((lines, i) => lines.map((line) => starts[i] + line)),
};

/**
 * The suppressions of a file.
 * @param candidates the lines that may hold suppression comments, in file order (by default every line).
 */
export function findSuppressions(model: RobotsModel, candidates: Iterable<number> = model.lines.keys()): Suppressions {
	const spans: Span[] = [];
	const open: { codes: ReadonlySet<string> | 'all'; from: number }[] = [];
	for (const line of candidates) {
		const node = model.lines[line];
		if (node.commentStart < 0) {
			continue;
		}
		const match = directive.exec(model.commentText(line));
		if (!match) {
			continue;
		}
		const codes = parseCodes(match[2]);
		if (match[1] === 'disable-next-line') {
			spans.push({ codes, from: line + 1, to: line + 2 });
		} else if (match[1] === 'disable') {
			open.push({ codes, from: line });
		} else {
			// An enable closes the disables it names (all of them when it names none).
			for (let i = open.length - 1; i >= 0; i--) {
				const candidate = open[i];
				if (codes === 'all' || (candidate.codes !== 'all' && [...candidate.codes].every((code) => codes.has(code)))) {
					spans.push({ codes: candidate.codes, from: candidate.from, to: line });
					open.splice(i, 1);
				}
			}
		}
	}
	for (const candidate of open) {
		spans.push({ codes: candidate.codes, from: candidate.from, to: model.lineCount });
	}
	return {
		none: spans.length === 0,
		isSuppressed(code: string, line: number): boolean {
			return spans.some((span) => line >= span.from && line < span.to && (span.codes === 'all' || span.codes.has(code)));
		},
	};
}
