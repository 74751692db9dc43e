/** `textDocument/foldingRange`: the core's folding ranges. */

import type { FoldingRange } from 'vscode-languageserver';
import { computeFoldingRanges } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerFolding(context: ServerContext): void {
	context.connection.onFoldingRanges(({ textDocument }, token) =>
		answer(context, textDocument.uri, token, [] as FoldingRange[], 'Folding ranges', (model) => computeFoldingRanges(model)),
	);
}
