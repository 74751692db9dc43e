/**
 * Problems as LSP diagnostics: a problem found some lines above or below where its lines are now becomes a
 * `Diagnostic` with its range, its severity (the setting's, else its own, else the catalogue's), the `source`, its
 * tags, its related lines as locations and its fixes in `data` for the code actions.
 */

import { DiagnosticTag, type Diagnostic, type DiagnosticSeverity, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { AnalysisOptions } from '../options';
import { lineRange } from '../syntax/document';
import type { RobotsModel } from '../syntax/parser';
import { diagnosticFacts, lspSeverity } from './codes';
import { diagnosticSource } from '../protocol';
import { movedEdits, type Fix, type Problem } from './context';

/** A fix as a diagnostic carries it. */
export interface DiagnosticFix {
	readonly title: string;
	readonly edits: readonly TextEdit[];
	readonly isPreferred?: boolean;
}

/** What a diagnostic carries for code actions. */
export interface DiagnosticData {
	readonly fixes: readonly DiagnosticFix[];
}

function severityOf(problem: Problem, options: AnalysisOptions): DiagnosticSeverity {
	const override = options.severities[problem.code];
	return lspSeverity(override && override !== 'off' ? override : (problem.severity ?? diagnosticFacts(problem.code)!.severity));
}

/** A problem found `delta` lines above or below where its lines are now, as an LSP diagnostic. */
export function toDiagnostic(model: RobotsModel, problem: Problem, delta: number, options: AnalysisOptions, uri: string | undefined): Diagnostic {
	const line = problem.line + delta;
	const endLine = (problem.endLine ?? problem.line) + delta;
	const range: Range = {
		start: { line, character: problem.start ?? 0 },
		end: { line: endLine, character: problem.end ?? model.lines[endLine].length },
	};
	const number = (index: number) => index + delta + 1;
	const message = typeof problem.message === 'string' ? problem.message : problem.message(number);
	const diagnostic: Diagnostic = { range, severity: severityOf(problem, options), code: problem.code, source: diagnosticSource, message };
	const tags: DiagnosticTag[] = [];
	if (problem.unnecessary) {
		tags.push(DiagnosticTag.Unnecessary);
	}
	if (problem.deprecated) {
		tags.push(DiagnosticTag.Deprecated);
	}
	if (tags.length > 0) {
		diagnostic.tags = tags;
	}
	if (uri !== undefined && problem.related && problem.related.length > 0) {
		diagnostic.relatedInformation = problem.related.map((related) => ({
			location: { uri, range: lineRange(model, related.line + delta) },
			message: related.message,
		}));
	}
	if (problem.fixes && problem.fixes.length > 0) {
		const data: DiagnosticData = { fixes: problem.fixes.map((fix) => movedFix(fix, delta, number)) };
		diagnostic.data = data;
	}
	return diagnostic;
}

/** A fix whose lines moved by `delta`, with its title written out. */
function movedFix(fix: Fix, delta: number, number: (index: number) => number): DiagnosticFix {
	const title = typeof fix.title === 'string' ? fix.title : fix.title(number);
	const edits = movedEdits(fix.edits, delta);
	return fix.isPreferred === undefined ? { title, edits } : { title, edits, isPreferred: fix.isPreferred };
}

/**
 * At most so many findings of a code in a document, counted in the order they are listed: a file in another encoding
 * has invalid UTF-8 on every other line, a content of a million commas a million empty directives.
 */
export class CodeLimit {
	private readonly counts = new Map<string, number>();

	/** @param max how many findings of a code are listed (`Infinity`: all, uncounted). */
	constructor(private readonly max: (code: string) => number) {}

	/** Counts a finding of `code`; whether it is listed. */
	admit(code: string): boolean {
		const max = this.max(code);
		if (max === Infinity) {
			return true;
		}
		const count = (this.counts.get(code) ?? 0) + 1;
		this.counts.set(code, count);
		return count <= max;
	}
}
