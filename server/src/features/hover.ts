/** `textDocument/hover`: the core's hover for the position (an expectations file's or a page's from its service). */

import { computeHover } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

export function registerHover(context: ServerContext): void {
	context.connection.onHover(({ textDocument, position }, token) =>
		context.pages.handles(textDocument.uri)
			? context.pages.hover(textDocument.uri, position, token)
			: context.expectations.handles(textDocument.uri)
				? context.expectations.hover(textDocument.uri, position, token)
				: answer(context, textDocument.uri, token, null, 'Hover', (model, options) => computeHover(model, position, options)),
	);
}
