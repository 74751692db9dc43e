/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared. Each document's analysis is its session's (documents.ts).
 */

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { diagnosticSource, type RobotsModel } from '../core/index';
import { answer, type ServerContext } from './context';

/** Quiet time after an edit before diagnostics are pushed. */
export const pushDelayMs = 200;

/**
 * At most `max` diagnostics, the most severe first (in line order within a severity), in line order; when some are
 * left out, a note on the first line says how many there are and where to see them all. A megabyte of junk can have
 * a problem on every line, and a list of 100 000 items helps nobody while it slows the editor.
 */
export function limitDiagnostics(diagnostics: readonly Diagnostic[], max: number, model: RobotsModel): Diagnostic[] {
	if (diagnostics.length <= max) {
		return [...diagnostics];
	}
	// Counted per severity rather than sorted: one pass finds the least severity kept and how many of it fit.
	const counts = [0, 0, 0, 0, 0];
	for (const diagnostic of diagnostics) {
		counts[diagnostic.severity ?? DiagnosticSeverity.Error]++;
	}
	let room = max;
	let cut = DiagnosticSeverity.Error;
	while (cut < DiagnosticSeverity.Hint && counts[cut] < room) {
		room -= counts[cut];
		cut++;
	}
	const kept: Diagnostic[] = [];
	const total = diagnostics.length.toLocaleString('en');
	kept.push({
		range: { start: { line: 0, character: 0 }, end: { line: 0, character: model.lines[0].length } },
		severity: DiagnosticSeverity.Information,
		source: diagnosticSource,
		message: `${total} problems; showing the ${max.toLocaleString('en')} most severe; run \`robots-txt lint\` for all (or raise robotsTxt.diagnostics.maxProblems).`,
	});
	for (const diagnostic of diagnostics) {
		const severity = diagnostic.severity ?? DiagnosticSeverity.Error;
		if (severity < cut || (severity === cut && room-- > 0)) {
			kept.push(diagnostic);
		}
	}
	return kept;
}

export interface DiagnosticsSupport {
	/** Settings changed: recompute every open document's diagnostics (push) or ask the client to pull again. */
	refresh(): void;
}

export function registerDiagnostics(context: ServerContext): DiagnosticsSupport {
	const { connection, documents, settings } = context;
	if (context.client.pullDiagnostics) {
		connection.languages.diagnostics.on((params, token) =>
			answer(context, params.textDocument.uri, token, { kind: 'full', items: [] as Diagnostic[] }, 'Diagnostics', async (model, options) => ({
				kind: 'full',
				items: limitDiagnostics(documents.diagnostics(params.textDocument.uri, model, options) ?? [], (await settings.settingsFor(params.textDocument.uri)).maxProblems, model),
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
			const { options, maxProblems } = await settings.settingsFor(uri);
			const document = documents.get(uri);
			// Closed meanwhile, or edited again: the newer run publishes.
			if (!document || pending.has(uri)) {
				return;
			}
			const { model } = document;
			const diagnostics = limitDiagnostics(documents.diagnostics(uri, model, options) ?? [], maxProblems, model);
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

