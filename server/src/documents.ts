/**
 * The open documents, keyed by uri, each held as the core's `RobotsDocument` with its `DiagnosticsSession`: LSP
 * content changes go straight into the document's incremental update, so there is one copy of each text and one model,
 * shared by every feature, and one owner of what the analysis keeps between versions.
 * Both are created when a document opens, dropped when it closes, and all are dropped on shutdown.
 * Expectations files (their own language id) are held apart as plain text documents: they are not robots.txt; so are
 * pages (HTML documents, and `_headers` files by their name), whose robots meta tags and X-Robots-Tag lines are checked.
 */

import { Emitter, type CancellationToken, type Connection, type Diagnostic, type Disposable, type Event } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
	createDiagnosticsSession,
	expectationsLanguageId,
	fileKindOfName,
	protocol,
	RobotsDocument,
	type AnalysisOptions,
	type DiagnosticsSession,
	type RobotsModel,
} from '../../core/src/index';
import { htmlLanguageId, robotsLanguageId } from '../../core/src/protocol';
import { nextTurn } from './runner';

/**
 * The lines of a document analysed in one turn of the event loop (`DiagnosticsSession.advance`): about 10 ms. The
 * analysis of a file of 50 000 groups takes a second or more, and a code lens, a hover or an outline asked meanwhile
 * is answered between two turns instead of after it.
 */
const linesPerTurn = 4096;

interface OpenDocument {
	readonly document: RobotsDocument;
	readonly session: DiagnosticsSession;
}

/** What a page is: an HTML document, or a `_headers` file (Netlify, Cloudflare Pages) of X-Robots-Tag lines. */
type PageKind = 'html' | 'headers';

/** An open page: its text, kept up to date with the client's incremental changes, and its kind. */
export interface OpenPage {
	readonly document: TextDocument;
	readonly kind: PageKind;
}

/**
 * Whether a document is a page, by its language id (HTML) or its file name (`_headers`, which editors open as plain
 * text); undefined for robots.txt and expectations files.
 */
function pageKindOf(languageId: string, uri: string): PageKind | undefined {
	if (languageId === htmlLanguageId) {
		return 'html';
	}
	if (languageId !== expectationsLanguageId && languageId !== robotsLanguageId && fileKindOfName(fileNameOf(uri) ?? '') === 'headers') {
		return 'headers';
	}
	return undefined;
}

export class DocumentStore implements Disposable {
	private readonly documents = new Map<string, OpenDocument>();
	private readonly expectations = new Map<string, TextDocument>();
	private readonly pages = new Map<string, OpenPage>();
	private readonly opened = new Emitter<string>();
	private readonly changed = new Emitter<string>();
	private readonly closed = new Emitter<string>();
	private readonly subscriptions: Disposable[] = [];

	/** Fires with the uri after a document opened. */
	readonly onDidOpen: Event<string> = this.opened.event;
	/** Fires with the uri after a document changed. */
	readonly onDidChangeContent: Event<string> = this.changed.event;
	/** Fires with the uri after a document closed and was evicted. */
	readonly onDidClose: Event<string> = this.closed.event;

	/** Subscribes to the connection's text document notifications. */
	listen(connection: Connection): void {
		this.subscriptions.push(
			connection.onDidOpenTextDocument(({ textDocument }) => {
				const pageKind = pageKindOf(textDocument.languageId, textDocument.uri);
				if (pageKind !== undefined) {
					this.pages.set(textDocument.uri, {
						document: TextDocument.create(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text),
						kind: pageKind,
					});
				} else if (textDocument.languageId === expectationsLanguageId) {
					this.expectations.set(textDocument.uri, TextDocument.create(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text));
				} else {
					this.documents.get(textDocument.uri)?.session.dispose();
					this.documents.set(textDocument.uri, { document: new RobotsDocument(textDocument.text, textDocument.version), session: createDiagnosticsSession() });
				}
				this.opened.fire(textDocument.uri);
			}),
			connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
				const other = this.expectations.get(textDocument.uri);
				if (other) {
					this.expectations.set(textDocument.uri, TextDocument.update(other, contentChanges, textDocument.version));
					this.changed.fire(textDocument.uri);
					return;
				}
				const page = this.pages.get(textDocument.uri);
				if (page) {
					TextDocument.update(page.document, contentChanges, textDocument.version);
					this.changed.fire(textDocument.uri);
					return;
				}
				const document = this.documents.get(textDocument.uri)?.document;
				if (!document) {
					connection.console.warn(`Change for a document that is not open: ${textDocument.uri}`);
					return;
				}
				// LSP versions only grow; one that does not is the client's mistake, worth a line in the log.
				if (!Number.isInteger(textDocument.version) || textDocument.version <= document.version) {
					connection.console.warn(
						`${textDocument.uri}: the change says version ${JSON.stringify(textDocument.version)}, after version ${document.version}; applying it in the order received.`,
					);
				}
				for (const problem of document.update(contentChanges, textDocument.version)) {
					connection.console.error(
						`${textDocument.uri} (version ${textDocument.version}): ${problem}; the server's copy of the text may now differ from the editor's.`,
					);
				}
				this.changed.fire(textDocument.uri);
			}),
			connection.onDidCloseTextDocument(({ textDocument }) => {
				const open = this.documents.get(textDocument.uri);
				if (open) {
					open.session.dispose();
					this.documents.delete(textDocument.uri);
					this.closed.fire(textDocument.uri);
				} else if (this.expectations.delete(textDocument.uri) || this.pages.delete(textDocument.uri)) {
					this.closed.fire(textDocument.uri);
				}
			}),
		);
	}

	get(uri: string): RobotsDocument | undefined {
		return this.documents.get(uri)?.document;
	}

	/** The current model of an open document. */
	model(uri: string): RobotsModel | undefined {
		return this.documents.get(uri)?.document.model;
	}

	/**
	 * Every diagnostic of a model of an open document (usually its current one), from the document's session, analysed
	 * a turn of the event loop at a time, so that other requests are answered in between; undefined once the document
	 * has closed, or when `token` is cancelled (what was analysed is kept: the next call goes on from there).
	 */
	async diagnostics(
		uri: string,
		model: RobotsModel,
		options: AnalysisOptions,
		token: Pick<CancellationToken, 'isCancellationRequested'>,
	): Promise<readonly Diagnostic[] | undefined> {
		for (;;) {
			const session = this.documents.get(uri)?.session;
			if (!session || token.isCancellationRequested) {
				return undefined;
			}
			const diagnostics = session.advance(model, options, uri, linesPerTurn);
			if (diagnostics) {
				return diagnostics;
			}
			await nextTurn();
		}
	}

	uris(): string[] {
		return [...this.documents.keys()];
	}

	/** An open expectations file. */
	expectationsDocument(uri: string): TextDocument | undefined {
		return this.expectations.get(uri);
	}

	/** The open expectations files. */
	expectationsUris(): string[] {
		return [...this.expectations.keys()];
	}

	/** An open page (HTML document or `_headers` file). */
	page(uri: string): OpenPage | undefined {
		return this.pages.get(uri);
	}

	/** The open pages. */
	pageUris(): string[] {
		return [...this.pages.keys()];
	}

	dispose(): void {
		for (const open of this.documents.values()) {
			open.session.dispose();
		}
		this.documents.clear();
		this.expectations.clear();
		this.pages.clear();
		for (const subscription of this.subscriptions.splice(0)) {
			subscription.dispose();
		}
		this.opened.dispose();
		this.changed.dispose();
		this.closed.dispose();
	}
}

/** The file name analyses may look at: the uri's last path segment; none for untitled documents. */
export function fileNameOf(uri: string): string | undefined {
	if (uri.startsWith('untitled:')) {
		return undefined;
	}
	// A deployed document is what a site served at /robots.txt, whatever its tab says.
	if (uri.startsWith(`${protocol.deployedScheme}:`)) {
		return 'robots.txt';
	}
	const path = uri.replace(/[?#].*$/, '');
	const segment = path.slice(path.lastIndexOf('/') + 1);
	try {
		return decodeURIComponent(segment) || undefined;
	} catch {
		return segment || undefined;
	}
}
