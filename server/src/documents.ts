/**
 * The open documents, keyed by uri, each held as the core's `RobotsDocument`: LSP content changes go straight into
 * its incremental update, so there is one copy of each text and one model, shared by every feature.
 * Entries are evicted when a document closes and all are dropped on shutdown.
 */

import { Emitter, type Connection, type Disposable, type Event } from 'vscode-languageserver';
import { RobotsDocument, type RobotsModel } from './core/index';

export class DocumentStore implements Disposable {
	private readonly documents = new Map<string, RobotsDocument>();
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
				this.documents.set(textDocument.uri, new RobotsDocument(textDocument.text, textDocument.version));
				this.opened.fire(textDocument.uri);
			}),
			connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
				const document = this.documents.get(textDocument.uri);
				if (!document) {
					connection.console.warn(`Change for a document that is not open: ${textDocument.uri}`);
					return;
				}
				for (const problem of document.update(contentChanges, textDocument.version)) {
					connection.console.error(`${textDocument.uri} (version ${textDocument.version}): ${problem}; the server's copy of the text may now differ from the editor's.`);
				}
				this.changed.fire(textDocument.uri);
			}),
			connection.onDidCloseTextDocument(({ textDocument }) => {
				if (this.documents.delete(textDocument.uri)) {
					this.closed.fire(textDocument.uri);
				}
			}),
		);
	}

	get(uri: string): RobotsDocument | undefined {
		return this.documents.get(uri);
	}

	/** The current model of an open document. */
	model(uri: string): RobotsModel | undefined {
		return this.documents.get(uri)?.model;
	}

	uris(): string[] {
		return [...this.documents.keys()];
	}

	dispose(): void {
		this.documents.clear();
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
	const path = uri.replace(/[?#].*$/, '');
	const segment = path.slice(path.lastIndexOf('/') + 1);
	try {
		return decodeURIComponent(segment) || undefined;
	} catch {
		return segment || undefined;
	}
}
