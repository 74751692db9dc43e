/**
 * A page's text for the meta features: its offsets as LSP positions, through `TextDocument` (whose line table is built
 * on first use, so a scan that finds nothing never pays for it), and joined translated sentences: the meta checks and
 * hovers add optional sentences to a message ("Did you mean …?"), each translated on its own; Chinese writes them one
 * after another, the other languages we ship with a space.
 */

import type { Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { currentLocale } from '../l10n';

/** The editor's document of a page when the caller has it (it keeps its line table across edits), else one of `text`. */
export function pageDocument(text: string, document?: TextDocument): TextDocument {
	return document ?? TextDocument.create('', '', 0, text);
}

/** The range between two offsets of a document. */
export function offsetRange(document: TextDocument, start: number, end: number): Range {
	return { start: document.positionAt(start), end: document.positionAt(end) };
}

/** Whole sentences, already translated, joined as the configured language writes consecutive sentences. */
export function sentences(...parts: readonly (string | undefined | false)[]): string {
	const kept = parts.filter((part): part is string => typeof part === 'string' && part.length > 0);
	return kept.join(currentLocale().startsWith('zh') ? '' : ' ');
}
