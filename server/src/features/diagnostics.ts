/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared. Each document's analysis is its session's (documents.ts); the failures of
 * the expectations files that test a robots.txt are added on the lines that decide them (expectations.ts), and so are
 * the hints on the rules that keep a crawler from a page's noindex (pages.ts), and the findings against the sitemaps
 * the file names (sitemaps.ts).
 */

import type { Diagnostic, DiagnosticServerCancellationData, DocumentDiagnosticReport } from 'vscode-languageserver';
import { answer, type ServerContext } from './context';
import { limitDiagnostics, PushQueue, pushDelayMs, sameItems, withoutFixes } from './push';

interface DiagnosticsSupport {
	/**
	 * Recompute the diagnostics of these open robots.txt documents, or of every one (settings changed): pushed again
	 * when they changed, or pulled again by the client.
	 */
	refresh(uris?: readonly string[]): void;
}

export function registerDiagnostics(context: ServerContext): DiagnosticsSupport {
	const { connection, documents, settings } = context;
	if (context.client.pullDiagnostics) {
		// What each open document was last sent, so that a pull whose answer did not change says so: a keystroke in the
		// middle of a file of 4 500 problems leaves the 1 000 sent (the first ones) as they were, and VS Code, which
		// pulls with the result id it holds, is spared half a megabyte of JSON per key.
		const sent = new Map<string, { readonly resultId: string; readonly items: readonly Diagnostic[] }>();
		let results = 0;
		documents.onDidClose((uri) => sent.delete(uri));
		connection.languages.diagnostics.on((params, token) => {
			const uri = params.textDocument.uri;
			return answer<DocumentDiagnosticReport, DiagnosticServerCancellationData>(
				context,
				uri,
				token,
				{ kind: 'full', items: [] },
				'Diagnostics',
				async (model, options) => {
					const items = limitDiagnostics(
						[
							...context.deployed.diagnostics(uri, model, options),
							...((await documents.diagnostics(uri, model, options, token)) ?? []),
							...(await context.expectations.robotsDiagnostics(uri, model)),
							...(await context.pages.robotsDiagnostics(uri, model)),
							...(await context.urlSets.robotsDiagnostics(uri, model, options, (await settings.settingsFor(uri)).siteRoot)),
						],
						(await settings.settingsFor(uri)).maxProblems,
						model,
					);
					const last = sent.get(uri);
					if (last && params.previousResultId === last.resultId && sameItems(last.items, items)) {
						return { kind: 'unchanged', resultId: last.resultId };
					}
					const resultId = String(++results);
					// Closed meanwhile: nothing to remember.
					if (documents.model(uri)) {
						sent.set(uri, { resultId, items });
					}
					return { kind: 'full', resultId, items: withoutFixes(items) };
				},
			);
		});
		// The client pulls every open document again: only when one of those to recompute is open.
		return {
			refresh: (uris) =>
				context.client.diagnosticRefresh && (uris === undefined || uris.some((uri) => documents.get(uri)))
					? connection.languages.diagnostics.refresh()
					: undefined,
		};
	}

	// What each open document was last sent, so that a recomputation that changes nothing (an expectations file edited
	// beside it) sends nothing.
	const sent = new Map<string, { readonly version: number; readonly items: readonly Diagnostic[] }>();
	const publish = async (uri: string) => {
		try {
			const { options, maxProblems } = await settings.settingsFor(uri);
			const document = documents.get(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!document || queue.waiting(uri)) {
				return;
			}
			const { model } = document;
			// Given up when the document is edited again (what was analysed is kept for the newer run).
			const analysed = await documents.diagnostics(uri, model, options, {
				get isCancellationRequested() {
					return queue.waiting(uri);
				},
			});
			const failures = [
				...(await context.expectations.robotsDiagnostics(uri, model)),
				...(await context.pages.robotsDiagnostics(uri, model)),
				...(await context.urlSets.robotsDiagnostics(uri, model, options, (await settings.settingsFor(uri)).siteRoot)),
			];
			// Edited again while it was analysed or the expectations files and pages were read: the newer run publishes.
			if (!analysed || queue.waiting(uri) || documents.model(uri) !== model) {
				return;
			}
			const diagnostics = limitDiagnostics([...context.deployed.diagnostics(uri, model, options), ...analysed, ...failures], maxProblems, model);
			const last = sent.get(uri);
			if (last && last.version === document.version && sameItems(last.items, diagnostics)) {
				return;
			}
			sent.set(uri, { version: document.version, items: diagnostics });
			await connection.sendDiagnostics({ uri, version: document.version, diagnostics: withoutFixes(diagnostics) });
		} catch (error) {
			connection.console.error(`Diagnostics failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	};
	const queue = new PushQueue(publish);
	// Robots.txt files only: expectations files and pages push their own.
	documents.onDidOpen((uri) => documents.get(uri) && queue.schedule(uri, 0));
	documents.onDidChangeContent((uri) => documents.get(uri) && queue.schedule(uri, pushDelayMs));
	documents.onDidClose((uri) => {
		queue.cancel(uri);
		sent.delete(uri);
		void connection.sendDiagnostics({ uri, diagnostics: [] });
	});
	return {
		refresh: (uris) =>
			(uris ?? documents.uris()).forEach((uri) => {
				documents.get(uri) && queue.schedule(uri, 0);
			}),
	};
}
