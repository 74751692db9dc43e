/**
 * Text from files and HTTP responses, made safe for a terminal. A robots.txt, a URL list or a server's reason phrase
 * may hold control sequences (an OSC 52 sequence writes the clipboard of terminals that allow it; others move the
 * cursor, retitle the window or hide what follows) and bidirectional overrides (which reorder what people read, as in
 * "Trojan Source", CVE-2021-42574). The text output shows each as an escape instead (`\x1b`, `\u{202e}`); JSON output
 * needs none of this, since JSON.stringify escapes what JSON must and the reader is a program.
 */

/**
 * C0 controls but the tab, DEL, C1 controls (which some terminals obey in UTF-8 too), and the bidirectional embedding,
 * override and isolate characters (U+202A–U+202E, U+2066–U+2069).
 */
const unsafe = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function shownAsEscape(char: string): string {
	const code = char.charCodeAt(0);
	// A line break (in a file name, say) reads as one, and never splits a file:line:col record.
	if (char === '\n' || char === '\r') {
		return char === '\n' ? '\\n' : '\\r';
	}
	return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** One line of text output with every control character (line ends included) and bidi override shown as an escape. */
export function escapeControls(line: string): string {
	unsafe.lastIndex = 0;
	return unsafe.test(line) ? line.replace(unsafe, shownAsEscape) : line;
}

/** Text of several lines, each escaped, the line feeds between them kept. */
export function escapeLines(text: string): string {
	return text.split('\n').map(escapeControls).join('\n');
}
