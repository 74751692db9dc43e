/**
 * Help text laid out for a terminal in any language: paragraphs wrapped to a width (Chinese breaks between characters,
 * which take two columns each; other languages between words) and option tables whose explanations wrap under their
 * column. Each text is one translated sentence or paragraph, so that translators never count columns.
 */

import type { OptionTable } from './args';

/** The width prose is wrapped to; synopsis lines are literal and may be longer. */
export const helpWidth = 100;

/** Whether a code point is shown two columns wide (CJK ideographs, kana, Hangul, full-width forms and punctuation). */
function isWide(code: number): boolean {
	return (
		(code >= 0x1100 && code <= 0x115f)
		|| (code >= 0x2e80 && code <= 0xa4cf)
		|| (code >= 0xac00 && code <= 0xd7a3)
		|| (code >= 0xf900 && code <= 0xfaff)
		|| (code >= 0xfe30 && code <= 0xfe4f)
		|| (code >= 0xff00 && code <= 0xff60)
		|| (code >= 0xffe0 && code <= 0xffe6)
		|| (code >= 0x20000 && code <= 0x3fffd)
	);
}

/** Columns a text takes in a terminal. */
export function columns(text: string): number {
	let width = 0;
	for (const char of text) {
		width += isWide(char.codePointAt(0)!) ? 2 : 1;
	}
	return width;
}

/** Closing punctuation a line must not start with (Chinese line-breaking rules); it stays with what precedes it. */
const noLineStart = new Set([...'，。、；：！？）》」』】’”…,.;:!?)]}|']);

/** Opening punctuation a line must not end with. */
const noLineEnd = new Set([...'（《「『【“‘']);

/**
 * The units a line may break between: a word with the spaces after it, or one wide character with any closing
 * punctuation after it. A unit never breaks.
 */
function units(text: string): string[] {
	const out: string[] = [];
	let current = '';
	let wide = false;
	const start = (char: string, isWideChar: boolean) => {
		// Opening punctuation never ends a line: it stays with what follows it.
		if (current !== '' && ![...current].every((c) => noLineEnd.has(c))) {
			out.push(current);
			current = '';
		}
		current += char;
		wide = isWideChar;
	};
	for (const char of text) {
		if (char === ' ' || noLineStart.has(char)) {
			current += char;
		} else if (isWide(char.codePointAt(0)!)) {
			start(char, true);
		} else if (wide || current.endsWith(' ')) {
			start(char, false);
		} else {
			current += char;
		}
	}
	if (current !== '') {
		out.push(current);
	}
	return out;
}

/** A paragraph wrapped to `width` columns; each line after the first starts with `indent`. */
export function wrap(text: string, width = helpWidth, indent = ''): string {
	const lines: string[] = [];
	let line = '';
	for (const unit of units(text)) {
		const candidate = line + unit;
		if (line !== '' && columns(candidate.trimEnd()) > width) {
			lines.push(line.trimEnd());
			line = indent + unit;
		} else {
			line = candidate;
		}
	}
	if (line.trim() !== '') {
		lines.push(line.trimEnd());
	}
	return lines.join('\n');
}

/** Paragraphs, each wrapped, separated by blank lines. */
export function paragraphs(texts: readonly string[], width = helpWidth): string {
	return texts.map((text) => wrap(text, width)).join('\n\n');
}

/** The column option explanations start in. */
const optionColumn = 22;

/**
 * A command's options as its help lists them: each as written (`--name <value>`, literal), its explanation wrapped
 * beside it; a long option name puts its explanation on the next line.
 */
export function optionTable(heading: string, options: OptionTable, width = helpWidth): string {
	const pad = ' '.repeat(optionColumn);
	const rows = Object.entries(options).map(([option, { value, help }]) => {
		const name = `  --${option}${value === undefined ? '' : ` ${value}`}`;
		const text = wrap(help(), width - optionColumn, '')
			.split('\n')
			.map((line) => pad + line);
		if (name.length + 2 <= optionColumn) {
			text[0] = name.padEnd(optionColumn) + text[0].slice(optionColumn);
			return text.join('\n');
		}
		return [name, ...text].join('\n');
	});
	return [heading, ...rows].join('\n');
}

/** Rows as columns padded to their widest cell in terminal columns (the last column unpadded), two spaces apart. */
export function table(rows: readonly (readonly string[])[]): string {
	// Widths in terminal columns: a Chinese heading takes two a character.
	const widths = rows[0].map((_, column) => rows.reduce((widest, row) => Math.max(widest, columns(row[column])), 0));
	const pad = (cell: string, width: number) => cell + ' '.repeat(Math.max(0, width - columns(cell)));
	return rows
		.map((row) =>
			row
				.map((cell, column) => (column < row.length - 1 ? pad(cell, widths[column]) : cell))
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}
