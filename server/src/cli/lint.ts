/**
 * `robots-txt lint`: the diagnostics of the language server for CI pipelines, in compiler-style text (for problem
 * matchers), JSON, or SARIF 2.1.0 (for code scanning). Folders are searched recursively for files named robots.txt.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { ArgumentReader, parseDialect, UsageError } from './args';
import {
	analysisDialects,
	computeDiagnostics,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	diagnosticCatalogue,
	diagnosticFacts,
	parse,
	type AnalysisOptions,
	type Dialect,
} from '../core/index';

export const lintUsage = `  robots-txt lint <files or folders>... [--format text|json|sarif] [--crawler <token>,...] [--dialect <dialect>]... [--max-warnings N]`;

interface LintOptions {
	readonly paths: string[];
	format: 'text' | 'json' | 'sarif';
	dialects: Dialect[];
	/** The target crawlers; undefined: the defaults. */
	crawlers?: string[];
	maxWarnings: number;
}

function parseLintArguments(args: readonly string[]): LintOptions {
	const options: LintOptions = { paths: [], format: 'text', dialects: [], maxWarnings: Infinity };
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--format': {
				const format = reader.value(arg);
				if (format !== 'text' && format !== 'json' && format !== 'sarif') {
					throw new UsageError(`unknown format "${format}" (expected text, json or sarif)`);
				}
				options.format = format;
				break;
			}
			case '--crawler':
			case '--crawlers':
				options.crawlers = [...(options.crawlers ?? []), ...reader.value(arg).split(',').map((token) => token.trim())];
				if (options.crawlers.some((token) => token === '')) {
					throw new UsageError(`${arg} needs crawler tokens, e.g. Googlebot,bingbot`);
				}
				break;
			case '--dialect':
				for (const dialect of reader.value(arg).split(',')) {
					options.dialects.push(parseDialect(dialect));
				}
				break;
			case '--max-warnings': {
				const text = reader.value(arg);
				if (!/^\d+$/.test(text)) {
					throw new UsageError(`--max-warnings takes a whole number, not "${text}"`);
				}
				options.maxWarnings = Number(text);
				break;
			}
			default:
				if (arg.startsWith('--')) {
					throw new UsageError(`unknown option ${arg}`);
				}
				options.paths.push(arg);
		}
	}
	if (options.paths.length === 0) {
		throw new UsageError('no file or folder to lint');
	}
	return options;
}

/** Files to lint: given files as they are, folders searched for files named robots.txt (case-insensitively). */
function collectFiles(paths: readonly string[]): string[] {
	const files: string[] = [];
	const walk = (folder: string) => {
		for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
			if (entry.name === 'node_modules' || entry.name === '.git') {
				continue;
			}
			const path = join(folder, entry.name);
			if (entry.isDirectory()) {
				walk(path);
			} else if (entry.isFile() && entry.name.toLowerCase() === 'robots.txt') {
				files.push(path);
			}
		}
	};
	for (const path of paths) {
		let stat;
		try {
			stat = statSync(path);
		} catch (error) {
			throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
		}
		if (stat.isDirectory()) {
			walk(path);
		} else {
			files.push(path);
		}
	}
	return files;
}

const severityNames: Record<number, 'error' | 'warning' | 'information' | 'hint'> = {
	[DiagnosticSeverity.Error]: 'error',
	[DiagnosticSeverity.Warning]: 'warning',
	[DiagnosticSeverity.Information]: 'information',
	[DiagnosticSeverity.Hint]: 'hint',
};

interface FileResult {
	readonly file: string;
	readonly diagnostics: readonly Diagnostic[];
}

function dialectsOf(code: string, enabled: readonly Dialect[]): Dialect[] {
	const concerned = diagnosticFacts(code)?.dialects ?? 'all';
	return enabled.filter((dialect) => concerned === 'all' || concerned.includes(dialect));
}

function formatText(results: readonly FileResult[]): string {
	const lines: string[] = [];
	for (const { file, diagnostics } of results) {
		for (const d of diagnostics) {
			lines.push(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityNames[d.severity!]} ${d.code}: ${d.message}`);
		}
	}
	return lines.join('\n') + (lines.length > 0 ? '\n' : '');
}

function formatJson(results: readonly FileResult[], dialects: readonly Dialect[]): string {
	const records = results.flatMap(({ file, diagnostics }) => diagnostics.map((d) => ({
		file,
		line: d.range.start.line + 1,
		column: d.range.start.character + 1,
		endLine: d.range.end.line + 1,
		endColumn: d.range.end.character + 1,
		severity: severityNames[d.severity!],
		code: d.code,
		message: d.message,
		dialects: dialectsOf(String(d.code), dialects),
	})));
	return JSON.stringify(records, null, 2) + '\n';
}

const sarifLevels = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const;

function formatSarif(results: readonly FileResult[], version: string): string {
	const rules = diagnosticCatalogue.map((facts) => ({
		id: facts.code,
		shortDescription: { text: facts.summary },
		defaultConfiguration: { level: sarifLevels[facts.severity] },
	}));
	const ruleIndex = new Map<string, number>(rules.map((rule, index) => [rule.id, index]));
	const sarif = {
		$schema: 'https://json.schemastore.org/sarif-2.1.0.json',
		version: '2.1.0',
		runs: [{
			tool: { driver: { name: 'robots-txt', version, informationUri: 'https://www.rfc-editor.org/rfc/rfc9309', rules } },
			results: results.flatMap(({ file, diagnostics }) => diagnostics.map((d) => ({
				ruleId: String(d.code),
				ruleIndex: ruleIndex.get(String(d.code)),
				level: sarifLevels[severityNames[d.severity!]],
				message: { text: d.message },
				locations: [{
					physicalLocation: {
						artifactLocation: { uri: file.split(/[\\/]/).map(encodeURIComponent).join('/') },
						region: {
							startLine: d.range.start.line + 1,
							startColumn: d.range.start.character + 1,
							endLine: d.range.end.line + 1,
							endColumn: d.range.end.character + 1,
						},
					},
				}],
			}))),
		}],
	};
	return JSON.stringify(sarif, null, 2) + '\n';
}

/** Runs the lint; returns the exit code (1 for errors or too many warnings, else 0). */
export function runLint(args: readonly string[], write: (text: string) => void, version: string): number {
	const options = parseLintArguments(args);
	const base: AnalysisOptions = { ...defaultAnalysisOptions, dialects: options.dialects, crawlers: options.crawlers ?? defaultAnalysisOptions.crawlers };
	const dialects = analysisDialects(base);
	const results: FileResult[] = [];
	for (const path of collectFiles(options.paths)) {
		let bytes: Buffer;
		try {
			bytes = readFileSync(path);
		} catch (error) {
			throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
		}
		const analysis: AnalysisOptions = { ...base, fileName: basename(path) };
		const file = relative(process.cwd(), path) || path;
		// Bytes as crawlers receive them: bytes that are not UTF-8 stay themselves, as Google reads them.
		results.push({ file, diagnostics: computeDiagnostics(parse(decodeRobotsBytes(bytes)), analysis) });
	}
	write(options.format === 'json' ? formatJson(results, dialects) : options.format === 'sarif' ? formatSarif(results, version) : formatText(results));
	const all = results.flatMap((result) => result.diagnostics);
	const errors = all.filter((d) => d.severity === DiagnosticSeverity.Error).length;
	const warnings = all.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
	return errors > 0 || warnings > options.maxWarnings ? 1 : 0;
}
