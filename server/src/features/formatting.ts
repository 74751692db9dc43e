/** `textDocument/formatting` and `textDocument/rangeFormatting`: the core's formatter edits. */

import type { TextEdit } from 'vscode-languageserver';
import { formatDocument } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerFormatting(context: ServerContext): void {
	context.connection.onDocumentFormatting(({ textDocument, options }, token) =>
		answer(context, textDocument.uri, token, [] as TextEdit[], 'Formatting', (model) => formatDocument(model, undefined, options)),
	);
	context.connection.onDocumentRangeFormatting(({ textDocument, range, options }, token) =>
		answer(context, textDocument.uri, token, [] as TextEdit[], 'Range formatting', (model) => formatDocument(model, range, options)),
	);
}
