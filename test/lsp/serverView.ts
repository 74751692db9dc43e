/**
 * The server's copy of an open robots.txt as public requests show it: the outline (every directive line's key, value
 * and span), folding ranges, links and the formatter's edits (every line formatting changes, with its new content, and
 * whether the text ends in a line break), each an answer the core computes from the text alone. A test compares them
 * with the core's answers for the text the editor holds, so that a copy out of sync fails it with no request that
 * exists only for tests.
 */

import { DocumentFormattingRequest, DocumentLinkRequest, DocumentSymbolRequest, FoldingRangeRequest, type FormattingOptions } from 'vscode-languageserver/node';
import { computeDocumentLinks, computeDocumentSymbols, computeFoldingRanges, formatDocument, parse } from '../../core/src/index';
import type { TestClient } from './client';

const formatting: FormattingOptions = { tabSize: 4, insertSpaces: false, insertFinalNewline: true };

/** What the server answers for the open document `uri`. */
export async function serverView(client: TestClient, uri: string): Promise<unknown> {
	const textDocument = { uri };
	const [symbols, folding, links, edits] = await Promise.all([
		client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }),
		client.connection.sendRequest(FoldingRangeRequest.type, { textDocument }),
		client.connection.sendRequest(DocumentLinkRequest.type, { textDocument }),
		client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument, options: formatting }),
	]);
	return { symbols, folding, links, edits };
}

/** What the server should answer for a document holding `text`, as it comes over the wire (JSON, no undefined fields). */
export function coreView(text: string): unknown {
	const model = parse(text);
	const view = {
		symbols: computeDocumentSymbols(model),
		folding: computeFoldingRanges(model),
		links: computeDocumentLinks(model),
		edits: formatDocument(model, undefined, formatting),
	};
	return JSON.parse(JSON.stringify(view));
}
