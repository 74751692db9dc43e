/** `textDocument/hover`: the core's hover for the position. */

import { computeHover } from '../core/index';
import { answer, type ServerContext } from './context';

export function registerHover(context: ServerContext): void {
	context.connection.onHover(({ textDocument, position }, token) =>
		answer(context, textDocument.uri, token, null, 'Hover', (model, options) => computeHover(model, position, options)),
	);
}
