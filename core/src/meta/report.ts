/**
 * How the meta checks report: findings on document offsets (fixes and related places included), at most so many of one
 * code per document with a note on the last one listed, and, at the end, their ranges, so that the line table is built
 * only when there is something to report, and the one conversion to LSP diagnostics (diagnostics/lsp.ts).
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeLimit, findingDiagnostic } from '../diagnostics/lsp';
import type { SeverityName } from '../options';
import { formatNumber, t } from '../l10n';
import { metaSeverity, type MetaDiagnosticCode } from './codes';
import { offsetRange, pageDocument, sentences } from './text';

/** The settings the meta checks take. */
export interface MetaAnalysisOptions {
	/**
	 * Crawler tokens the site cares about (`Googlebot`, `bingbot`, `Yandex`, `Baiduspider`, …): directives for every
	 * crawler (`name="robots"`, X-Robots-Tag without a prefix) are checked against what each of their engines documents.
	 */
	readonly targets?: readonly string[];
	/** Finding code to severity; `off` silences a code. The same shape as `AnalysisOptions.severities`. */
	readonly severities?: Readonly<Record<string, SeverityName>>;
	/** The document's URI: when given, findings that name another place carry it as related information. */
	readonly uri?: string;
}

/** A text edit on document offsets. */
export interface OffsetEdit {
	readonly start: number;
	readonly end: number;
	readonly newText: string;
}

/** A finding on document offsets, before it becomes a diagnostic. */
export interface MetaFinding {
	readonly code: MetaDiagnosticCode;
	readonly start: number;
	readonly end: number;
	readonly message: string;
	readonly fixes: readonly { readonly title: string; readonly edits: readonly OffsetEdit[]; readonly isPreferred?: boolean }[];
	readonly related: readonly { readonly start: number; readonly end: number; readonly message: string }[];
}

export interface Report {
	(finding: Omit<MetaFinding, 'fixes' | 'related'> & Partial<Pick<MetaFinding, 'fixes' | 'related'>>): void;
	/** Whether a finding of this code would still be kept; when not, it is only counted. Saves building it. */
	room(code: MetaDiagnosticCode): boolean;
}

/**
 * At most this many findings of one code per document: junk such as a content of a million commas gets a thousand
 * findings and a note on the last, not a million diagnostics.
 */
const maxFindingsPerCode = 1000;

/** A report function that collects findings into `findings`, and the step that notes what the cap left out. */
export function collector(findings: MetaFinding[]): { report: Report; finish: () => MetaFinding[] } {
	const limit = new CodeLimit(() => maxFindingsPerCode);
	const last = new Map<string, number>();
	const report = ((finding) => {
		if (limit.admit(finding.code)) {
			last.set(finding.code, findings.length);
			findings.push({ fixes: [], related: [], ...finding });
		}
	}) as Report;
	report.room = (code) => limit.room(code);
	const finish = (): MetaFinding[] => {
		for (const [code, more] of limit.leftOut()) {
			const index = last.get(code);
			if (index !== undefined) {
				const finding = findings[index];
				const note =
					more === 1
						? t('(1 more {0} finding in this document is not shown.)', code)
						: t('({0} more {1} findings in this document are not shown.)', formatNumber(more), code);
				findings[index] = { ...finding, message: sentences(finding.message, note) };
			}
		}
		return findings;
	};
	return { report, finish };
}

/**
 * Turns findings into diagnostics in document order, applying severity overrides. `document`, the editor's copy of the
 * same text, converts offsets without a line table of the whole text.
 */
export function toDiagnostics(text: string, findings: readonly MetaFinding[], options: MetaAnalysisOptions = {}, document?: TextDocument): Diagnostic[] {
	if (findings.length === 0) {
		return [];
	}
	const lines = pageDocument(text, document);
	const diagnostics: Diagnostic[] = [];
	const sorted = [...findings].sort((a, b) => a.start - b.start || a.end - b.end);
	const uri = options.uri;
	for (const finding of sorted) {
		const severity = metaSeverity(finding.code, options.severities);
		if (severity === undefined) {
			continue;
		}
		diagnostics.push(
			findingDiagnostic(
				{
					code: finding.code,
					range: offsetRange(lines, finding.start, finding.end),
					message: finding.message,
					fixes: finding.fixes.map((fix) => ({
						title: fix.title,
						edits: fix.edits.map((edit) => ({ range: offsetRange(lines, edit.start, edit.end), newText: edit.newText })),
						...(fix.isPreferred ? { isPreferred: true } : {}),
					})),
					related:
						uri && finding.related.length > 0
							? finding.related.map((related) => ({ location: { uri, range: offsetRange(lines, related.start, related.end) }, message: related.message }))
							: undefined,
				},
				severity,
			),
		);
	}
	return diagnostics;
}
