/**
 * What the analysis of a robots.txt reports of the problems it found: each problem as a diagnostic (through the one
 * conversion, lsp.ts), suppression comments silence some, a code that checks list only so many of (`fileCaps`) is
 * listed that many times, and when asked, repeated findings are told as one.
 */

import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver-types';
import { t } from '../l10n';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';
import { findSuppressions } from './suppression';
import { lineRange } from '../syntax/document';
import { diagnosticFacts } from './codes';
import { movedEdits, type Fix, type Problem } from './context';
import { CodeLimit, findingDiagnostic, severityFor, type DiagnosticFix } from './lsp';

/**
 * Drops what suppression comments silence, and the problems of a code in `caps` beyond the first so many (suppressed
 * ones count). `capped` is how many of `diagnostics` have a code in `caps`: when no code can be over its cap and no
 * comment suppresses anything, the list is kept as it is.
 */
export function filtered(
	model: RobotsModel,
	diagnostics: Diagnostic[],
	capped: number,
	suppressionCandidates: readonly number[],
	caps: ReadonlyMap<string, number>,
): Diagnostic[] {
	const suppressions = findSuppressions(model, suppressionCandidates);
	if (suppressions.none && capped <= Math.min(...caps.values())) {
		return diagnostics;
	}
	const limit = new CodeLimit((code) => caps.get(code) ?? Infinity);
	return diagnostics.filter((diagnostic) => {
		if (!limit.admit(String(diagnostic.code))) {
			return false;
		}
		return !suppressions.isSuppressed(String(diagnostic.code), diagnostic.range.start.line);
	});
}

/** From this many findings of one code and severity on, they are told as one (`groupedRepeats`). */
const repeatThreshold = 5;

/** The related lines a grouped finding lists at the most. */
const maxRepeatsListed = 100;

/** The grouped form of each finding, by the finding: a session hands the same unchanged diagnostics to every round. */
const demoted = new WeakMap<Diagnostic, Diagnostic>();

/**
 * Real files drown their real problems in repeats (226 `invalid-product-token` findings in one corpus file, beside 7
 * missing colons): from `repeatThreshold` findings of one code and severity on (errors aside, and codes whose
 * severity the settings set), the first keeps its severity and says how many more there are, listing their lines as
 * related information, and the others become hints (faint dots, out of the Problems panel), each still with its
 * message and its fixes.
 */
export function groupedRepeats(diagnostics: readonly Diagnostic[], options: AnalysisOptions, uri: string | undefined): readonly Diagnostic[] {
	// Counted by code and severity (1 to 4), without a string per finding: a file of 50 000 groups has as many.
	const counts = new Map<string | number | undefined, number[]>();
	const countsOf = (diagnostic: Diagnostic): number[] | undefined => {
		if (diagnostic.severity === DiagnosticSeverity.Error || diagnostic.severity === DiagnosticSeverity.Hint || diagnostic.severity === undefined) {
			return undefined;
		}
		let byCode = counts.get(diagnostic.code);
		if (byCode === undefined) {
			if (options.severities[String(diagnostic.code)] !== undefined) {
				return undefined;
			}
			byCode = [0, 0, 0, 0, 0];
			counts.set(diagnostic.code, byCode);
		}
		return byCode;
	};
	let any = false;
	for (const diagnostic of diagnostics) {
		const byCode = countsOf(diagnostic);
		if (byCode !== undefined && ++byCode[diagnostic.severity!] >= repeatThreshold) {
			any = true;
		}
	}
	if (!any) {
		return diagnostics;
	}
	const firsts = new Map<string, number>();
	const listed = new Map<string, DiagnosticRelatedInformation[]>();
	const grouped = diagnostics.map((diagnostic, at) => {
		const count = countsOf(diagnostic)?.[diagnostic.severity!] ?? 0;
		if (count < repeatThreshold) {
			return diagnostic;
		}
		const key = `${diagnostic.code} ${diagnostic.severity}`;
		if (!firsts.has(key)) {
			firsts.set(key, at);
			listed.set(key, []);
			return diagnostic;
		}
		const related = listed.get(key)!;
		if (uri !== undefined && related.length < maxRepeatsListed) {
			related.push({ location: { uri, range: diagnostic.range }, message: diagnostic.message });
		}
		let hint = demoted.get(diagnostic);
		if (hint === undefined) {
			hint = { ...diagnostic, severity: DiagnosticSeverity.Hint };
			demoted.set(diagnostic, hint);
		}
		return hint;
	});
	for (const [key, at] of firsts) {
		const first = grouped[at];
		const more = countsOf(first)![first.severity!] - 1;
		grouped[at] = {
			...first,
			message: t('{0} (And {1} more like it, shown as hints.)', first.message, more),
			relatedInformation: [...(first.relatedInformation ?? []), ...listed.get(key)!],
		};
	}
	return grouped;
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
	return findingDiagnostic(
		{
			code: problem.code,
			range,
			message: typeof problem.message === 'string' ? problem.message : problem.message(number),
			unnecessary: problem.unnecessary,
			deprecated: problem.deprecated,
			fixes: problem.fixes && problem.fixes.length > 0 ? problem.fixes.map((fix) => movedFix(fix, delta, number)) : undefined,
			related:
				uri !== undefined && problem.related && problem.related.length > 0
					? problem.related.map((related) => ({ location: { uri, range: lineRange(model, related.line + delta) }, message: related.message }))
					: undefined,
		},
		// Never none: `CheckContext.report` keeps no problem of a code the settings switch off.
		severityFor(problem.code, options.severities, problem.severity ?? diagnosticFacts(problem.code)!.severity)!,
	);
}

/** A fix whose lines moved by `delta`, with its title written out. */
function movedFix(fix: Fix, delta: number, number: (index: number) => number): DiagnosticFix {
	const title = typeof fix.title === 'string' ? fix.title : fix.title(number);
	const edits = movedEdits(fix.edits, delta);
	return fix.isPreferred === undefined ? { title, edits } : { title, edits, isPreferred: fix.isPreferred };
}
