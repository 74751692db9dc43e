/**
 * What a check sees and how it reports: the model, the options, and `report()`, which collects problems in
 * editor terms (line and character span) with the quick fixes that are safe for them.
 */

import type { TextEdit } from 'vscode-languageserver-types';
import type { Dialect } from '../dialect';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';
import { diagnosticFacts, type DiagnosticCode, type Severity } from './codes';

/** A safe edit that removes a problem. */
export interface Fix {
	readonly title: string;
	readonly edits: readonly TextEdit[];
	/** The fix to apply in "fix all" and when the user asks for the preferred one. */
	readonly isPreferred?: boolean;
}

/** A problem as a check reports it. */
export interface Problem {
	readonly code: DiagnosticCode;
	readonly line: number;
	/** Span on the line, in characters; defaults to the whole line content. */
	readonly start?: number;
	readonly end?: number;
	/** Ends on another line (for problems spanning lines). */
	readonly endLine?: number;
	readonly message: string;
	readonly fixes?: readonly Fix[];
	/** Other lines that explain the problem (shown as related information). */
	readonly related?: readonly { readonly line: number; readonly message: string }[];
	readonly unnecessary?: boolean;
	readonly deprecated?: boolean;
	/** A milder (or stronger) severity for this instance than the code's default; user settings still win. */
	readonly severity?: Severity;
}

export class CheckContext {
	readonly problems: Problem[] = [];

	constructor(
		readonly model: RobotsModel,
		readonly options: AnalysisOptions,
	) {}

	/** Whether any of `dialects` is among the enabled ones. */
	concerns(dialects: 'all' | readonly Dialect[]): boolean {
		return dialects === 'all' || dialects.some((dialect) => this.options.dialects.includes(dialect));
	}

	/** Whether a code's check should run at all: its dialects are enabled and it is not switched off. */
	wants(code: DiagnosticCode): boolean {
		const facts = diagnosticFacts(code)!;
		return this.options.severities[code] !== 'off' && this.concerns(facts.dialects);
	}

	report(problem: Problem): void {
		if (this.wants(problem.code)) {
			this.problems.push(problem);
		}
	}

	/** The enabled dialects among `dialects`. */
	enabled(dialects: readonly Dialect[]): Dialect[] {
		return dialects.filter((dialect) => this.options.dialects.includes(dialect));
	}
}

/** A check reads the model and reports problems; it never throws on odd input. */
export type Check = (context: CheckContext) => void;
