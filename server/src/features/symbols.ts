/** `textDocument/documentSymbol`: the core's outline. */

import type { DocumentSymbol } from 'vscode-languageserver';
import { computeDocumentSymbols } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerSymbols(context: ServerContext): void {
	context.connection.onDocumentSymbol(({ textDocument }, token) =>
		answer(context, textDocument.uri, token, [] as DocumentSymbol[], 'Document symbols', (model) => computeDocumentSymbols(model)),
	);
}
