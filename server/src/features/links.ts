/** `textDocument/documentLink`: the core's links. */

import type { DocumentLink } from 'vscode-languageserver';
import { computeDocumentLinks } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerLinks(context: ServerContext): void {
	context.connection.onDocumentLinks(({ textDocument }, token) =>
		answer(context, textDocument.uri, token, [] as DocumentLink[], 'Document links', (model) => computeDocumentLinks(model)),
	);
}
