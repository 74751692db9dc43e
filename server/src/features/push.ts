/**
 * Diagnostics as they go out, for every document kind that pushes them (robots.txt, expectations files): at most
 * `maxProblems` of them, the most severe first, without the fixes the core keeps, compared with what was sent last,
 * and pushed one document at a time after a quiet time. Below the features that push (diagnostics.ts,
 * expectations.ts), which share it.
 */

import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import { diagnosticSource } from '../../../core/src/index';
import { formatNumber, t } from '../../../core/src/l10n';

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
 *
 * `total` is how many there are when `diagnostics` holds only the most severe of them (an expectations file writes
 * only those it sends); `noteText` words the note.
 */
export function limitDiagnostics(
	diagnostics: readonly Diagnostic[],
	max: number,
	model: FirstLine,
	noteText = limitNote,
	total = diagnostics.length,
): Diagnostic[] {
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
export interface FirstLine {
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
	return t(
		'{0} problems; showing the {1} most severe; run `robots-txt lint` for all (or raise robotsTxt.diagnostics.maxProblems).',
		formatNumber(total),
		formatNumber(shown),
	);
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
		this.timers.set(
			uri,
			setTimeout(() => {
				this.timers.delete(uri);
				this.due.add(uri);
				void this.run();
			}, delay),
		);
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
