/**
 * What the robots.txt hovers share: who reads with each parser, values from the file as code, line numbers as people
 * count them, notes merged across parsers, and the directive a line is for any dialect.
 */

import type { Dialect } from '../dialect';
import { listNames, parserRobots } from '../crawlers/explain';
import { crawlerProfile } from '../crawlers/profile';
import type { DirectiveId } from '../facts/directives';
import { formatNumber, t } from '../l10n';
import { codeSpan, escapeMarkdownText } from '../markdown';
import type { AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';

/** At most this many characters of a value from the file are shown; longer ones are cut, and say so. */
const maxShownValue = 200;

/** Inline code for text from the file or the settings (markdown.ts), cut when long, with the cut said. */
export function code(text: string, inTable = false): string {
	const cut = text.length > maxShownValue;
	const shown = codeSpan(cut ? text.slice(0, maxShownValue) : text, inTable);
	return `${shown}${cut ? ' ' + t('(first {0} of {1} characters)', formatNumber(maxShownValue), formatNumber(text.length)) : ''}`;
}

/** Who reads with each parser: the target crawlers that run it, else the parser's kind of robot. */
export class Readers {
	private readonly byDialect = new Map<Dialect, string[]>();

	constructor(options: AnalysisOptions) {
		for (const token of options.crawlers) {
			const dialect = crawlerProfile(token).dialect;
			const tokens = this.byDialect.get(dialect) ?? [];
			tokens.push(token);
			this.byDialect.set(dialect, tokens);
		}
	}

	/** The crawlers (or robots) of several parsers, for a label: "Googlebot, Googlebot-Image and bingbot". */
	names(dialects: readonly Dialect[]): string {
		const names: string[] = [];
		for (const dialect of dialects) {
			const tokens = this.byDialect.get(dialect);
			if (tokens) {
				names.push(...tokens.map(escapeMarkdownText));
			} else {
				names.push(parserRobots(dialect));
			}
		}
		return listNames(names);
	}

	/** Whether the names of these parsers are more than one (for the verb). */
	many(dialects: readonly Dialect[]): boolean {
		return dialects.reduce((sum, dialect) => sum + (this.byDialect.get(dialect)?.length ?? 2), 0) > 1;
	}
}

/** Lines as people count them. */
export function lineNumber(line: number): number {
	return line + 1;
}

/** `line 3` or `lines 3, 5, 8`, with at most a handful of numbers before `and N more`. */
export function lineList(lines: readonly number[]): string {
	const shown = lines.slice(0, 5).map(lineNumber).join(', ');
	if (lines.length > 5) {
		return t('lines {0} and {1} more', shown, formatNumber(lines.length - 5));
	}
	return lines.length > 1 ? t('lines {0}', shown) : t('line {0}', shown);
}

/** Joins notes that differ only in the parsers they are about, named by who reads with them: `**Googlebot, bingbot:** text`. */
export function mergeNotes(notes: readonly { dialect: Dialect; text: string }[], readers: Readers): string[] {
	const byText = new Map<string, Dialect[]>();
	for (const note of notes) {
		const dialects = byText.get(note.text);
		if (dialects) {
			if (!dialects.includes(note.dialect)) {
				dialects.push(note.dialect);
			}
		} else {
			byText.set(note.text, [note.dialect]);
		}
	}
	return [...byText].map(([text, dialects]) => `**${readers.names(dialects)}:** ${text}`);
}

export function directiveOf(node: LineNode): Exclude<DirectiveId, 'unknown'> | undefined {
	if (node.directive !== 'none' && node.directive !== 'unknown') {
		return node.directive;
	}
	if (node.googleDirective !== 'none' && node.googleDirective !== 'unknown') {
		return node.googleDirective;
	}
	return undefined;
}
