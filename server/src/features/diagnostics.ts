/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared. Each document's analysis is its session's (documents.ts); the failures of
 * the expectations files that test a robots.txt are added on the lines that decide them (expectations.ts), and so are
 * the hints on the rules that keep a crawler from a page's noindex (pages.ts).
 */

import { DiagnosticSeverity, type Diagnostic, type DiagnosticServerCancellationData, type DocumentDiagnosticReport } from 'vscode-languageserver';
import { diagnosticSource, type RobotsModel } from '../core/index';
import { formatNumber, t } from '../core/l10n';
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
		message: limitNote(diagnostics.length, room),
	};
	return [note, ...ordered.slice(0, room)];
}

/** The note that says how many problems there are and how many are shown (one key per form, for translators). */
function limitNote(total: number, shown: number): string {
	if (shown === 0) {
		return t('{0} problems; none shown; run `robots-txt lint` for all (or raise robotsTxt.diagnostics.maxProblems).', formatNumber(total));
	}
	if (shown === 1) {
		return t('{0} problems; showing the most severe one; run `robots-txt lint` for all (or raise robotsTxt.diagnostics.maxProblems).', formatNumber(total));
	}
	return t('{0} problems; showing the {1} most severe; run `robots-txt lint` for all (or raise robotsTxt.diagnostics.maxProblems).', formatNumber(total), formatNumber(shown));
}

/**
 * The diagnostics as they go out: without the fixes the core keeps in their `data`. Code actions take the fixes from
 * the document's own analysis of the version they are asked for (`computeCodeActions` finds each diagnostic there by
 * code and range), so a fix is never applied from a list the editor still shows after an edit moved its lines. And
 * the list is a third shorter: on every Enter in the 3.7 MB corpus file, its 1 000 problems are sent again.
 */
export function withoutFixes(diagnostics: readonly Diagnostic[]): Diagnostic[] {
	return diagnostics.map((diagnostic) => {
		if (diagnostic.data === undefined) {
			return diagnostic;
		}
		const { data: _fixes, ...sent } = diagnostic;
		return sent;
	});
}

/**
 * Whether two lists of diagnostics say the same. Those an analysis kept are the very same objects; others (the note
 * on the limit, an expectation's failure) are compared field by field.
 */
export function sameItems(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
	if (a.length !== b.length) {
		return false;
	}
	for (let i = 0; i < a.length; i++) {
		if (a[i] !== b[i] && JSON.stringify(a[i]) !== JSON.stringify(b[i])) {
			return false;
		}
	}
	return true;
}

export interface DiagnosticsSupport {
	/** Settings changed: recompute every open document's diagnostics (push) or ask the client to pull again. */
	refresh(): void;
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
			return answer<DocumentDiagnosticReport, DiagnosticServerCancellationData>(context, uri, token, { kind: 'full', items: [] }, 'Diagnostics', async (model, options) => {
				const items = limitDiagnostics([
					...context.deployed.diagnostics(uri, model, options),
					...(documents.diagnostics(uri, model, options) ?? []),
					...await context.expectations.robotsDiagnostics(uri, model),
					...await context.pages.robotsDiagnostics(uri, model),
				], (await settings.settingsFor(uri)).maxProblems, model);
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
			});
		});
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
			await connection.sendDiagnostics({ uri, version: document.version, diagnostics: withoutFixes(diagnostics) });
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

