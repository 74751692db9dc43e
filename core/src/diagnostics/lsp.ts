/**
 * The one conversion of findings to LSP diagnostics, for robots.txt files (diagnostics/report.ts) and pages
 * (meta/report.ts) alike: the severity a code gets from the settings and the catalogue (`severityFor`), the diagnostic
 * with our `source`, its tags, its fixes in `data` for the code actions and its related places (`findingDiagnostic`),
 * and the limit on how many findings of one code a document lists (`CodeLimit`).
 */

import {
	DiagnosticTag,
	type Diagnostic,
	type DiagnosticRelatedInformation,
	type DiagnosticSeverity,
	type Range,
	type TextEdit,
} from 'vscode-languageserver-types';
import type { SeverityName } from '../options';
import { lspSeverity, type Severity } from './codes';
import { diagnosticSource } from '../protocol';

/** A fix as a diagnostic carries it. */
export interface DiagnosticFix {
	readonly title: string;
	readonly edits: readonly TextEdit[];
	readonly isPreferred?: boolean;
	/** The document the edits are for, when it is another than the diagnostic's (a page's fix in its robots.txt); such a fix joins no fix-all. */
	readonly uri?: string;
}

/** What a diagnostic carries for code actions. */
export interface DiagnosticData {
	readonly fixes: readonly DiagnosticFix[];
}

/**
 * A finding in editor terms, as the analysis of a robots.txt (`Problem`) and the checks of a page (`MetaFinding`) have
 * it once their places are ranges: what `findingDiagnostic` turns into a diagnostic.
 */
export interface Finding {
	readonly code: string;
	readonly range: Range;
	readonly message: string;
	readonly unnecessary?: boolean;
	readonly deprecated?: boolean;
	/** Its safe fixes, carried in `data` for the code actions (the list as it is, even empty). */
	readonly fixes?: readonly DiagnosticFix[];
	/** The places that explain it, shown as related information (the list as it is, even empty). */
	readonly related?: DiagnosticRelatedInformation[];
}

/**
 * The severity a finding of `code` is shown with, for robots.txt files and pages alike: the setting's for the code,
 * else `byDefault` (the finding's own or its catalogue's), as LSP numbers it; none when the setting is `off`.
 */
export function severityFor(code: string, severities: Readonly<Record<string, SeverityName>> | undefined, byDefault: Severity): DiagnosticSeverity | undefined {
	const setting = severities?.[code];
	return setting === 'off' ? undefined : lspSeverity(setting ?? byDefault);
}

/** A finding as an LSP diagnostic of ours (`diagnosticSource`). */
export function findingDiagnostic(finding: Finding, severity: DiagnosticSeverity): Diagnostic {
	const diagnostic: Diagnostic = { range: finding.range, severity, code: finding.code, source: diagnosticSource, message: finding.message };
	if (finding.unnecessary || finding.deprecated) {
		diagnostic.tags = [...(finding.unnecessary ? [DiagnosticTag.Unnecessary] : []), ...(finding.deprecated ? [DiagnosticTag.Deprecated] : [])];
	}
	if (finding.fixes !== undefined) {
		const data: DiagnosticData = { fixes: finding.fixes };
		diagnostic.data = data;
	}
	if (finding.related !== undefined) {
		diagnostic.relatedInformation = finding.related;
	}
	return diagnostic;
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

	/** Whether a finding of `code` would be listed; when not, it is counted as left out (saves building it). */
	room(code: string): boolean {
		if ((this.counts.get(code) ?? 0) < this.max(code)) {
			return true;
		}
		this.admit(code);
		return false;
	}

	/** The codes with findings left out, and how many, in the order the codes were first counted. */
	*leftOut(): IterableIterator<readonly [string, number]> {
		for (const [code, count] of this.counts) {
			const max = this.max(code);
			if (count > max) {
				yield [code, count - max];
			}
		}
	}
}
