/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared.
 */

import type { Diagnostic } from 'vscode-languageserver';
import { answer, type ServerContext } from './context';

/** Quiet time after an edit before diagnostics are pushed. */
export const pushDelayMs = 200;

/**
 * The most diagnostics one document sends: a megabyte of junk can have a problem on every line, and a list of
 * 100 000 items helps nobody while it slows the editor. The most severe come first; the CLI still reports all.
 */
export const maxDiagnostics = 1000;

export function limitDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	if (diagnostics.length <= maxDiagnostics) {
		return [...diagnostics];
	}
	const kept = [...diagnostics].sort((a, b) => (a.severity ?? 1) - (b.severity ?? 1)).slice(0, maxDiagnostics);
	return kept.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

export interface DiagnosticsSupport {
	/** Settings changed: recompute every open document's diagnostics (push) or ask the client to pull again. */
	refresh(): void;
}

export function registerDiagnostics(context: ServerContext): DiagnosticsSupport {
	const { connection, documents, settings } = context;
	if (context.client.pullDiagnostics) {
		connection.languages.diagnostics.on((params, token) =>
			answer(context, params.textDocument.uri, token, { kind: 'full', items: [] as Diagnostic[] }, 'Diagnostics', (model, options) => ({
				kind: 'full',
				items: limitDiagnostics(documents.diagnostics(params.textDocument.uri, model, options) ?? []),
			})),
		);
		return { refresh: () => (context.client.diagnosticRefresh ? connection.languages.diagnostics.refresh() : undefined) };
	}

	const pending = new Map<string, ReturnType<typeof setTimeout>>();
	const schedule = (uri: string, delay: number) => {
		clearTimeout(pending.get(uri));
		pending.set(uri, setTimeout(() => {
			pending.delete(uri);
			void publish(uri);
		}, delay));
	};
	const publish = async (uri: string) => {
		try {
			const options = await settings.optionsFor(uri);
			const document = documents.get(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!document || pending.has(uri)) {
				return;
			}
			const diagnostics = limitDiagnostics(documents.diagnostics(uri, document.model, options) ?? []);
			await connection.sendDiagnostics({ uri, version: document.version, diagnostics });
		} catch (error) {
			connection.console.error(`Diagnostics failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	};
	documents.onDidOpen((uri) => schedule(uri, 0));
	documents.onDidChangeContent((uri) => schedule(uri, pushDelayMs));
	documents.onDidClose((uri) => {
		clearTimeout(pending.get(uri));
		pending.delete(uri);
		void connection.sendDiagnostics({ uri, diagnostics: [] });
	});
	return { refresh: () => documents.uris().forEach((uri) => schedule(uri, 0)) };
}

