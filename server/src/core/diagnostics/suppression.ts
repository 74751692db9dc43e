/**
 * Inline suppression comments:
 * `# robots-txt-disable-next-line <code>[, <code>…]` silences the codes on the next line;
 * `# robots-txt-disable [<code>…]` silences them (or everything) from that line on, until `# robots-txt-enable [<code>…]`.
 */

import type { RobotsModel } from '../syntax/parser';

const directive = /^#\s*robots-txt-(disable-next-line|disable|enable)\b(.*)$/;

export interface Suppressions {
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

export function findSuppressions(model: RobotsModel): Suppressions {
	const spans: Span[] = [];
	const open: { codes: ReadonlySet<string> | 'all'; from: number }[] = [];
	for (let line = 0; line < model.lineCount; line++) {
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
		isSuppressed(code: string, line: number): boolean {
			return spans.some((span) => line >= span.from && line < span.to && (span.codes === 'all' || span.codes.has(code)));
		},
	};
}
