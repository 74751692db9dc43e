/**
 * Markdown from text we do not write: a file's values, names and patterns, the settings' crawler tokens, a fetched
 * body. Every hover (and every other answer the client renders as markdown) puts such text in through this module and
 * nowhere else, so that a file can create no link, image, HTML or `command:` URI there: as text (`escapeMarkdownText`),
 * as code (`codeSpan`), or as a sentence of ours that quotes it between its own code spans (`escapeMarkdownOutsideCode`).
 * Line breaks in such text become spaces: a line that starts inside it could start a block (a heading, an HTML
 * block, a link reference definition, a table row).
 */

/** Line endings as CommonMark reads them. */
const lineBreaks = /\r\n|\r|\n/g;

/**
 * The characters that start or end inline markup, or a table cell, anywhere in a line (CommonMark and GFM): escapes,
 * code, emphasis and strikethrough, links and images, autolinks and HTML, entity references, table pipes. `#` is
 * among them for a text that a sentence of ours starts with.
 */
const inlineMarkup = /[\\`*_[\]<>!&|~#]/g;

/**
 * What only the start of a line can make into markup, besides the characters above: a list item, an ordered one
 * (whose `.` or `)` is escaped, as a backslash before a digit is no escape) or a setext underline.
 */
const lineStartMarkup = /^(?:([+\-=])|(\d+)([.)]))/;

/**
 * Text shown as itself in markdown, in a paragraph or a table cell: every character that could make markup is
 * backslash-escaped (CommonMark §2.4: any ASCII punctuation may be), and line breaks become spaces.
 */
export function escapeMarkdownText(text: string): string {
	return text
		.replace(lineBreaks, ' ')
		.replace(inlineMarkup, '\\$&')
		.replace(lineStartMarkup, (_, sign: string | undefined, digits: string, mark: string) => (sign ? `\\${sign}` : `${digits}\\${mark}`));
}

/**
 * Text shown as inline code. The fence is one backtick longer than the longest run of backticks in the text, so no
 * text can close it (CommonMark §6.1); a space pads a text that starts or ends with a backtick, or with a space at both
 * ends (which a renderer strips). In a table cell (`inTable`), a `|` would end the cell even inside code (GFM): it is
 * escaped with an odd number of backslashes before it, which every renderer reads as an escaped pipe.
 */
export function codeSpan(text: string, inTable = false): string {
	let shown = text.replace(lineBreaks, ' ');
	if (inTable) {
		shown = escapeTablePipes(shown);
	}
	let longest = 0;
	for (const run of shown.match(/`+/g) ?? []) {
		longest = Math.max(longest, run.length);
	}
	const fence = '`'.repeat(longest + 1);
	const pad = shown === '' || shown.startsWith('`') || shown.endsWith('`') || (shown.startsWith(' ') && shown.endsWith(' ') && shown.trim() !== '') ? ' ' : '';
	return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * `\|` for each `|`, with the backslashes right before it doubled: markdown-it reads any backslash before a pipe as its
 * escape, marked (VS Code) an odd number of them. One pass: a regular expression for the runs would backtrack
 * quadratically over a long run of backslashes that no pipe ends.
 */
function escapeTablePipes(text: string): string {
	if (!text.includes('|')) {
		return text;
	}
	const out: string[] = [];
	let from = 0;
	for (let pipe = text.indexOf('|'); pipe >= 0; pipe = text.indexOf('|', pipe + 1)) {
		let slashes = pipe;
		while (slashes > from && text.charCodeAt(slashes - 1) === 92) {
			slashes--;
		}
		out.push(text.slice(from, pipe), text.slice(slashes, pipe), '\\|');
		from = pipe + 1;
	}
	out.push(text.slice(from));
	return out.join('');
}

/**
 * A sentence of ours that quotes text from a file between code spans of its own (the words of crawlers/explain.ts and
 * the expectations, which the command line prints as they are): the code spans are kept and everything between them
 * is escaped. Backtick runs pair as CommonMark pairs them (a run is closed by the next run of the same length, else it
 * is literal), so what is kept is exactly what a renderer reads as code, and code is never markup. In a table cell
 * (`inTable`), the code's pipes are escaped as `codeSpan` escapes them.
 */
export function escapeMarkdownOutsideCode(text: string, inTable = false): string {
	const flat = text.replace(lineBreaks, ' ');
	// The runs of backticks, and for each length the runs of that length in order, each read once (linear).
	const runs: { start: number; end: number }[] = [];
	const byLength = new Map<number, { runs: number[]; next: number }>();
	for (let i = flat.indexOf('`'); i >= 0; i = flat.indexOf('`', i)) {
		const start = i;
		while (flat.charCodeAt(i) === 96) {
			i++;
		}
		const same = byLength.get(i - start) ?? { runs: [], next: 0 };
		same.runs.push(runs.length);
		byLength.set(i - start, same);
		runs.push({ start, end: i });
	}
	const out: string[] = [];
	let plainStart = 0;
	for (let k = 0; k < runs.length; k++) {
		const same = byLength.get(runs[k].end - runs[k].start)!;
		while (same.next < same.runs.length && same.runs[same.next] <= k) {
			same.next++;
		}
		if (same.next === same.runs.length) {
			// No run of the same length follows: these backticks are literal, and escaped with the text around them.
			continue;
		}
		const close = same.runs[same.next];
		const code = flat.slice(runs[k].start, runs[close].end);
		out.push(escapeMarkdownText(flat.slice(plainStart, runs[k].start)), inTable ? escapeTablePipes(code) : code);
		plainStart = runs[close].end;
		k = close;
	}
	out.push(escapeMarkdownText(flat.slice(plainStart)));
	return out.join('');
}

/** Markdown of ours in a GFM table cell: a `|` would end the cell, and a line break the row. */
export function tableCell(markdown: string): string {
	return markdown.replace(/\|/g, '\\|').replace(lineBreaks, ' ');
}
