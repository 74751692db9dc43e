/**
 * Diagnostics over either transport the client prefers: pulled (`textDocument/diagnostic`) when it supports that,
 * else pushed, debounced per document and never stale: a result computed before the last edit is not sent, and a
 * closed document's diagnostics are cleared. Each document's analysis is its session's (documents.ts); the failures of
 * the expectations files that test a robots.txt are added on the lines that decide them (expectations.ts), and so are
 * the hints on the rules that keep a crawler from a page's noindex (pages.ts).
 */

import { DiagnosticSeverity, type Diagnostic, type DiagnosticServerCancellationData, type DocumentDiagnosticReport } from 'vscode-languageserver';
import { diagnosticSource } from '../core/index';
import { formatNumber, t } from '../core/l10n';
import { answer, type ServerContext } from './context';

/** Quiet time after an edit before diagnostics are pushed. */
const pushDelayMs = 200;

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
 *
 * `total` is how many there are when `diagnostics` holds only the most severe of them (an expectations file writes
 * only those it sends); `noteText` words the note.
 */
export function limitDiagnostics(diagnostics: readonly Diagnostic[], max: number, model: FirstLine, noteText = limitNote, total = diagnostics.length): Diagnostic[] {
	// Counted per severity rather than sorted: one pass sizes each severity's run, a second fills them in order.
	const counts = [0, 0, 0, 0, 0];
	for (const diagnostic of diagnostics) {
		counts[diagnostic.severity ?? DiagnosticSeverity.Error]++;
	}
	const limited = total > max;
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
		message: noteText(total, room),
	};
	return [note, ...ordered.slice(0, room)];
}

/** What the note on the limit needs of a file: its first line's length (a robots.txt model, an expectations file). */
interface FirstLine {
	readonly lines: readonly { readonly length: number }[];
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
function withoutFixes(diagnostics: readonly Diagnostic[]): Diagnostic[] {
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

/**
 * Pushes documents' diagnostics one document at a time, each after a quiet time since it was last scheduled, and gives
 * the event loop back between documents, so that a request that arrives meanwhile waits for one document's analysis
 * at most: timers that expire together all ran before the next message was read, and a burst of edits across 200 open
 * documents kept a hover waiting seconds behind all of their recomputations.
 */
export class PushQueue {
	private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
	private readonly due = new Set<string>();
	private running = false;

	constructor(private readonly publish: (uri: string) => Promise<void>) {}

	/** Publishes `uri` once `delay` ms have passed without another schedule of it, in its turn. */
	schedule(uri: string, delay: number): void {
		this.cancel(uri);
		this.timers.set(uri, setTimeout(() => {
			this.timers.delete(uri);
			this.due.add(uri);
			void this.run();
		}, delay));
	}

	/** Whether `uri` waits for its quiet time or its turn: a run for it that is under way is stale. */
	waiting(uri: string): boolean {
		return this.timers.has(uri) || this.due.has(uri);
	}

	cancel(uri: string): void {
		clearTimeout(this.timers.get(uri));
		this.timers.delete(uri);
		this.due.delete(uri);
	}

	private async run(): Promise<void> {
		if (this.running) {
			return;
		}
		this.running = true;
		try {
			// A set's iteration visits what is added during it: documents that fall due meanwhile wait their turn.
			for (const uri of this.due) {
				this.due.delete(uri);
				await this.publish(uri);
				await new Promise((resolve) => setTimeout(resolve, 0));
			}
		} finally {
			this.running = false;
		}
	}
}

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
		// The client pulls every open document again: only when one of those to recompute is open.
		return { refresh: (uris) => (context.client.diagnosticRefresh && (uris === undefined || uris.some((uri) => documents.get(uri))) ? connection.languages.diagnostics.refresh() : undefined) };
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
			const failures = [...await context.expectations.robotsDiagnostics(uri, model), ...await context.pages.robotsDiagnostics(uri, model)];
			// Edited again while the expectations files and pages were read: the newer run publishes.
			if (queue.waiting(uri) || documents.model(uri) !== model) {
				return;
			}
			const diagnostics = limitDiagnostics([...context.deployed.diagnostics(uri, model, options), ...(documents.diagnostics(uri, model, options) ?? []), ...failures], maxProblems, model);
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
	return { refresh: (uris) => (uris ?? documents.uris()).forEach((uri) => documents.get(uri) && queue.schedule(uri, 0)) };
}

