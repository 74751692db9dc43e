/**
 * `textDocument/completion`: the core's completions, given the site's paths from the workspace (an expectations file's
 * or a page's from its service).
 */

import type { CompletionItem } from 'vscode-languageserver';
import { computeCompletions } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

/** Characters after which the client asks for completions unprompted: after a key, a space, a path separator. */
export const completionTriggerCharacters = [':', ' ', '/'];

/** For pages: after the quote that opens an attribute value, after a separator between directives, after a directive's `:`. */
export const pageCompletionTriggerCharacters = ['"', "'", ',', ' ', ':'];

export function registerCompletion(context: ServerContext): void {
	context.connection.onCompletion(({ textDocument, position }, token) =>
		context.pages.handles(textDocument.uri)
			? context.pages.completions(textDocument.uri, position, token)
			: context.expectations.handles(textDocument.uri)
				? context.expectations.completions(textDocument.uri, position, token)
				: answer(context, textDocument.uri, token, [] as CompletionItem[], 'Completion', async (model, options) =>
						computeCompletions(model, position, options, await context.paths.pathsFor(textDocument.uri)),
					),
	);
}
