/** `textDocument/documentHighlight`: the core's highlights for the position. */

import type { DocumentHighlight } from 'vscode-languageserver';
import { computeDocumentHighlights } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerHighlights(context: ServerContext): void {
	context.connection.onDocumentHighlight(({ textDocument, position }, token) =>
		answer(context, textDocument.uri, token, [] as DocumentHighlight[], 'Highlights', (model, options) => computeDocumentHighlights(model, position, options)),
	);
}
