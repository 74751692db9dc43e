/**
 * The three outputs of `robots-txt lint`: compiler-style text (for problem matchers), JSON, and SARIF 2.1.0 (for code
 * scanning). Severities, codes and field names are the words tools read and stay as they are in every language.
 */

import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { currentLocale, t } from '../../core/src/l10n';
import {
	diagnosticCatalogue,
	diagnosticFacts,
	metaDiagnosticCatalogue,
	metaDiagnosticFacts,
	sarifLevel,
	severityName,
	type Dialect,
} from '../../core/src/index';
import { isUrl } from './source';
import { escapeControls } from './terminal';

export interface FileResult {
	readonly file: string;
	readonly diagnostics: readonly Diagnostic[];
}

function dialectsOf(code: string, enabled: readonly Dialect[]): Dialect[] {
	// The codes of pages concern no robots.txt parser.
	if (metaDiagnosticFacts(code) !== undefined) {
		return [];
	}
	const concerned = diagnosticFacts(code)?.dialects ?? 'all';
	return enabled.filter((dialect) => concerned === 'all' || concerned.includes(dialect));
}

/**
 * The last line of text output: `1 error, 2 warnings, 1 information in 3 files`, and the hints left out. Each count is
 * its own key, singular and plural apart; the severity words here are prose (the lines above keep theirs literal).
 */
function summary(results: readonly FileResult[], hiddenHints: number): string {
	const count = (severity: DiagnosticSeverity) => results.reduce((sum, result) => sum + result.diagnostics.filter((d) => d.severity === severity).length, 0);
	const errors = count(DiagnosticSeverity.Error);
	const warnings = count(DiagnosticSeverity.Warning);
	const parts = [errors === 1 ? t('{0} error', errors) : t('{0} errors', errors), warnings === 1 ? t('{0} warning', warnings) : t('{0} warnings', warnings)];
	const information = count(DiagnosticSeverity.Information);
	if (information > 0) {
		parts.push(t('{0} information', information));
	}
	const hints = count(DiagnosticSeverity.Hint);
	if (hints > 0) {
		parts.push(hints === 1 ? t('{0} hint', hints) : t('{0} hints', hints));
	}
	// The counts joined through a key, so that Chinese joins them with its full-width comma.
	const counted = parts.reduce((joined, part) => t('{0}, {1}', joined, part));
	const files = results.length;
	const line = files === 1 ? t('{0} in {1} file', counted, files) : t('{0} in {1} files', counted, files);
	if (hiddenHints === 0) {
		return line;
	}
	return hiddenHints === 1
		? t('{0} ({1} hint not shown; --hints shows hints)', line, hiddenHints)
		: t('{0} ({1} hints not shown; --hints shows hints)', line, hiddenHints);
}

export function formatText(results: readonly FileResult[], hiddenHints: number): string {
	const lines: string[] = [];
	for (const { file, diagnostics } of results) {
		for (const d of diagnostics) {
			lines.push(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityName(d.severity!)} ${d.code}: ${d.message}`);
		}
	}
	lines.push(summary(results, hiddenHints));
	return lines.map(escapeControls).join('\n') + '\n';
}

export function formatJson(results: readonly FileResult[], dialects: readonly Dialect[]): string {
	const records = results.flatMap(({ file, diagnostics }) =>
		diagnostics.map((d) => ({
			file,
			line: d.range.start.line + 1,
			column: d.range.start.character + 1,
			endLine: d.range.end.line + 1,
			endColumn: d.range.end.character + 1,
			severity: severityName(d.severity!),
			code: d.code,
			message: d.message,
			dialects: dialectsOf(String(d.code), dialects),
			...(d.relatedInformation?.length
				? {
						related: d.relatedInformation.map((info) => ({
							file: displayUri(info.location.uri),
							line: info.location.range.start.line + 1,
							column: info.location.range.start.character + 1,
							message: info.message,
						})),
					}
				: {}),
		})),
	);
	return JSON.stringify(records, null, 2) + '\n';
}

export function formatSarif(results: readonly FileResult[], version: string): string {
	const rules = [...diagnosticCatalogue, ...metaDiagnosticCatalogue].map((facts) => ({
		id: facts.code,
		shortDescription: { text: facts.summary },
		defaultConfiguration: { level: sarifLevel(facts.severity) },
	}));
	const ruleIndex = new Map<string, number>(rules.map((rule, index) => [rule.id, index]));
	const sarif = {
		$schema: 'https://json.schemastore.org/sarif-2.1.0.json',
		version: '2.1.0',
		runs: [
			{
				tool: { driver: { name: 'robots-txt', version, informationUri: 'https://www.rfc-editor.org/rfc/rfc9309', rules } },
				// SARIF 2.1.0 §3.14.7: the language of the run's messages (they follow --locale or the environment).
				language: sarifLanguage(),
				results: results.flatMap(({ file, diagnostics }) =>
					diagnostics.map((d) => ({
						ruleId: String(d.code),
						ruleIndex: ruleIndex.get(String(d.code)),
						level: sarifLevel(severityName(d.severity!)),
						message: { text: d.message },
						locations: [sarifLocation(file, d.range)],
						...(d.relatedInformation?.length
							? {
									relatedLocations: d.relatedInformation.map((info, id) => ({
										id,
										...sarifLocation(displayUri(info.location.uri), info.location.range),
										message: { text: info.message },
									})),
								}
							: {}),
					})),
				),
			},
		],
	};
	return JSON.stringify(sarif, null, 2) + '\n';
}

/** The locale as the language tag SARIF expects (`en-US` is its default). */
function sarifLanguage(): string {
	const [language, region] = currentLocale().split('-');
	return region === undefined ? (language === 'en' ? 'en-US' : language) : `${language}-${region.toUpperCase()}`;
}

function sarifLocation(file: string, range: Diagnostic['range']) {
	return {
		physicalLocation: {
			// SARIF 2.1.0 §3.4.3: a URI reference; a file fetched by its URL is named by that URL, a path segment by segment.
			artifactLocation: { uri: isUrl(file) ? file : file.split(/[\\/]/).map(encodeURIComponent).join('/') },
			region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
		},
	};
}

/** A file uri of related information, as the files are shown: relative to the working folder. */
function displayUri(uri: string): string {
	try {
		const path = fileURLToPath(uri);
		return relative(process.cwd(), path) || path;
	} catch {
		return uri;
	}
}
