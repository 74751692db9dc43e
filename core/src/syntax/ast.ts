/**
 * The lossless line nodes of a robots.txt file.
 * A node stores offsets relative to its own line start and no text, so an unchanged line keeps its node
 * across edits and a fresh parse of the same text gives deep-equal nodes.
 */

import type { DirectiveId, GoogleDirectiveId } from '../facts/directives';

/**
 * - `blank`: nothing but whitespace (and, on the first line, a byte order mark).
 * - `comment`: whitespace and a `#` comment.
 * - `directive`: a key, a `:` separator and a value (possibly empty), perhaps a comment.
 * - `text`: other content, without a `:` (e.g. `Disallow /x`, which only Google reads).
 */
export type LineKind = 'blank' | 'comment' | 'directive' | 'text';

/**
 * One source line. Offsets are relative to the line's start and count UTF-16 code units, like LSP positions.
 * Spans are half-open; a missing part has an empty span.
 */
export interface LineNode {
	readonly kind: LineKind;
	/** Characters before the line end. */
	readonly length: number;
	/** Length of the line end: 0 (end of file), 1 (`\n` or `\r`) or 2 (`\r\n`). */
	readonly eolLength: number;
	/** Start of the key, after leading whitespace (and the byte order mark on the first line). */
	readonly keyStart: number;
	/** End of the key, before trailing whitespace. */
	readonly keyEnd: number;
	/** Offset of the `:` separator, or -1. */
	readonly separator: number;
	/** Start of the value, after whitespace. */
	readonly valueStart: number;
	/** End of the value: before trailing whitespace and before the comment. */
	readonly valueEnd: number;
	/** Offset of the `#` that starts a comment, or -1. */
	readonly commentStart: number;
	/** The directive under strict reading (exact key, case-insensitive, `:` required); `unknown` for other keys. */
	readonly directive: DirectiveId | 'none';
	/** The directive as Google's parser reads the line (typos, key prefixes, `key value` without colon); `none` when it drops the line. */
	readonly googleDirective: GoogleDirectiveId | 'none';
}
