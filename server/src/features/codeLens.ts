/** `textDocument/codeLens`: the core's lenses; their commands are the client's. */

import type { CodeLens } from 'vscode-languageserver';
import { computeCodeLenses } from '../core/index';
import { answer, type ServerContext } from './context';

export function registerCodeLens(context: ServerContext): void {
	context.connection.onCodeLens(({ textDocument }, token) =>
		answer(context, textDocument.uri, token, [] as CodeLens[], 'Code lenses', (model, options) =>
			[...context.deployed.lenses(textDocument.uri, options), ...computeCodeLenses(model, options, textDocument.uri)]),
	);
}
