/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared. Each document's analysis is its session's (documents.ts); the failures of
 * the expectations files that test a robots.txt are added on the lines that decide them (expectations.ts), and so are
 * the hints on the rules that keep a crawler from a page's noindex (pages.ts).
 */

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { diagnosticSource, type RobotsModel } from '../core/index';
import { answer, type ServerContext } from './context';

/** Quiet time after an edit before diagnostics are pushed. */
export const pushDelayMs = 200;

/**
 * The diagnostics to send: at most `max` items, the most severe first (in line order within a severity). When some are
 * left out, the first item is a note on the first line that says how many there are and where to see them all, and
 * the `max - 1` most severe follow. A megabyte of junk can have a problem on every line, and a list of 100 000 items
 * helps nobody while it slows the editor.
 *
 * The order is for clients that show only the first ones: VS Code lists at most 1 000 markers per file (and adds its
 * own "Not showing N further" marker beyond that), and underlines only the first 500 it holds (MarkerDecorationsService
 * reads the markers with `take: 500`). Sent in line order, the 500 underlined were those of the first 13 000 lines of
 * the 3.7 MB corpus file, and a new error below them was listed but not underlined; sent most severe first, errors
 * and warnings are always among them. The Problems panel sorts by position on its own.
 */
export function limitDiagnostics(diagnostics: readonly Diagnostic[], max: number, model: RobotsModel): Diagnostic[] {
	// Counted per severity rather than sorted: one pass sizes each severity's run, a second fills them in order.
	const counts = [0, 0, 0, 0, 0];
	for (const diagnostic of diagnostics) {
		counts[diagnostic.severity ?? DiagnosticSeverity.Error]++;
	}
	const limited = diagnostics.length > max;
	const room = limited ? Math.max(0, max - 1) : diagnostics.length;
	const next = [0, 0, 0, 0, 0];
	for (let severity = DiagnosticSeverity.Error, at = 0; severity <= DiagnosticSeverity.Hint; severity++) {
		next[severity] = at;
		at += counts[severity];
	}
	const ordered = new Array<Diagnostic>(diagnostics.length);
	for (const diagnostic of diagnostics) {
		ordered[next[diagnostic.severity ?? DiagnosticSeverity.Error]++] = diagnostic;
	}
	if (!limited) {
		return ordered;
	}
	const note: Diagnostic = {
		range: { start: { line: 0, character: 0 }, end: { line: 0, character: model.lines[0].length } },
		severity: DiagnosticSeverity.Information,
		source: diagnosticSource,
		message: `${diagnostics.length.toLocaleString('en')} problems; showing the ${room.toLocaleString('en')} most severe; run \`robots-txt lint\` for all (or raise robotsTxt.diagnostics.maxProblems).`,
	};
	return [note, ...ordered.slice(0, room)];
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
				items: limitDiagnostics([
					...context.deployed.diagnostics(params.textDocument.uri, model, options),
					...(documents.diagnostics(params.textDocument.uri, model, options) ?? []),
					...await context.expectations.robotsDiagnostics(params.textDocument.uri, model),
					...await context.pages.robotsDiagnostics(params.textDocument.uri, model),
				], (await settings.settingsFor(params.textDocument.uri)).maxProblems, model),
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
			const failures = [...await context.expectations.robotsDiagnostics(uri, model), ...await context.pages.robotsDiagnostics(uri, model)];
			// Edited again while the expectations files and pages were read: the newer run publishes.
			if (pending.has(uri) || documents.model(uri) !== model) {
				return;
			}
			const diagnostics = limitDiagnostics([...context.deployed.diagnostics(uri, model, options), ...(documents.diagnostics(uri, model, options) ?? []), ...failures], maxProblems, model);
			await connection.sendDiagnostics({ uri, version: document.version, diagnostics });
		} catch (error) {
			connection.console.error(`Diagnostics failed for ${uri}: ${error instanceof Error ? error.stack : String(error)}`);
		}
	};
	// Robots.txt files only: expectations files and pages push their own.
	documents.onDidOpen((uri) => documents.get(uri) && schedule(uri, 0));
	documents.onDidChangeContent((uri) => documents.get(uri) && schedule(uri, pushDelayMs));
	documents.onDidClose((uri) => {
		clearTimeout(pending.get(uri));
		pending.delete(uri);
		void connection.sendDiagnostics({ uri, diagnostics: [] });
	});
	return { refresh: () => documents.uris().forEach((uri) => schedule(uri, 0)) };
}

