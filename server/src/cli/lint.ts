/**
 * `robots-txt lint`: the diagnostics of the language server for CI pipelines, in compiler-style text (for problem
 * matchers), JSON, or SARIF 2.1.0 (for code scanning). Folders are searched recursively for files named robots.txt,
 * following symbolic links; a path that yields nothing to lint is an error, so a CI job with a wrong path fails.
 */

import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { ArgumentReader, parseDialect, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { parseTimeout } from './fetch';
import { describeError } from './io';
import { isUrl, readRobotsSource } from './source';
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

interface LintOptions {
	readonly paths: string[];
	format: 'text' | 'json' | 'sarif';
	dialects: Dialect[];
	/** The target crawlers; undefined: the defaults. */
	crawlers?: string[];
	maxWarnings: number;
	/** Report hints too (in VS Code they are faint dots, kept out of the Problems panel). */
	hints: boolean;
	/** For URLs: milliseconds for each fetch. */
	timeoutMs?: number;
}

function parseLintArguments(args: readonly string[]): LintOptions {
	const options: LintOptions = { paths: [], format: 'text', dialects: [], maxWarnings: Infinity, hints: false };
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
			case '--hints':
				options.hints = true;
				break;
			case '--timeout':
				options.timeoutMs = parseTimeout(reader.value(arg));
				break;
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

/** The files to lint, and the paths that could not be read or hold nothing to lint (one line each). */
interface Collected {
	readonly files: string[];
	readonly problems: string[];
}

function isRobotsName(name: string): boolean {
	return name.toLowerCase() === 'robots.txt';
}

/** The path of a file or folder with its symbolic links resolved, to recognise one reached by two paths. */
function identity(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return resolve(path);
	}
}

/**
 * Files to lint: given files as they are, folders searched for files named robots.txt (case-insensitively), symbolic
 * links followed. A folder is walked once per given path however many links lead to it, which also ends link cycles;
 * a file reached by several paths is linted once, under the first.
 */
function collectFiles(paths: readonly string[]): Collected {
	const files: string[] = [];
	const problems: string[] = [];
	const listed = new Set<string>();
	const add = (path: string) => {
		const id = identity(path);
		if (!listed.has(id)) {
			listed.add(id);
			files.push(path);
		}
	};
	/** Walks a folder; returns how many robots.txt files it holds (listed before or not, readable or not). */
	const walk = (folder: string, walked: Set<string>): number => {
		const id = identity(folder);
		if (walked.has(id)) {
			return 0;
		}
		walked.add(id);
		let entries: Dirent[];
		try {
			entries = readdirSync(folder, { withFileTypes: true });
		} catch (error) {
			problems.push(`cannot read folder ${folder}: ${describeError(error)}`);
			return 0;
		}
		let found = 0;
		for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
			if (entry.name === 'node_modules' || entry.name === '.git') {
				continue;
			}
			const path = join(folder, entry.name);
			let isDirectory = entry.isDirectory();
			let isFile = entry.isFile();
			if (entry.isSymbolicLink()) {
				try {
					const target = statSync(path);
					isDirectory = target.isDirectory();
					isFile = target.isFile();
				} catch (error) {
					// A broken link is only our business when it stands where a robots.txt would be read.
					if (isRobotsName(entry.name)) {
						problems.push(`cannot read ${path}: ${describeError(error)}`);
						found++;
					}
					continue;
				}
			}
			if (isDirectory) {
				found += walk(path, walked);
			} else if (isFile && isRobotsName(entry.name)) {
				add(path);
				found++;
			}
		}
		return found;
	};
	for (const path of paths) {
		let stat;
		try {
			stat = statSync(path);
		} catch (error) {
			problems.push(`cannot read ${path}: ${describeError(error)}`);
			continue;
		}
		if (!stat.isDirectory()) {
			add(path);
			continue;
		}
		const before = problems.length;
		if (walk(path, new Set()) === 0 && problems.length === before) {
			problems.push(`no file named robots.txt in ${path}`);
		}
	}
	return { files, problems };
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

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The last line of text output: `1 error, 2 warnings, 1 information in 3 files`, and the hints left out. */
function summary(results: readonly FileResult[], hiddenHints: number): string {
	const count = (severity: DiagnosticSeverity) => results.reduce((sum, result) => sum + result.diagnostics.filter((d) => d.severity === severity).length, 0);
	const parts = [plural(count(DiagnosticSeverity.Error), 'error'), plural(count(DiagnosticSeverity.Warning), 'warning')];
	const information = count(DiagnosticSeverity.Information);
	if (information > 0) {
		parts.push(`${information} information`);
	}
	const hints = count(DiagnosticSeverity.Hint);
	if (hints > 0) {
		parts.push(plural(hints, 'hint'));
	}
	const hidden = hiddenHints > 0 ? ` (${plural(hiddenHints, 'hint')} not shown; --hints shows hints)` : '';
	return `${parts.join(', ')} in ${plural(results.length, 'file')}${hidden}`;
}

function formatText(results: readonly FileResult[], hiddenHints: number): string {
	const lines: string[] = [];
	for (const { file, diagnostics } of results) {
		for (const d of diagnostics) {
			lines.push(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityNames[d.severity!]} ${d.code}: ${d.message}`);
		}
	}
	lines.push(summary(results, hiddenHints));
	return lines.join('\n') + '\n';
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

/** Runs the lint; returns the exit status (2 for a path that could not be read, 1 for errors or too many warnings). */
async function runLint(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseLintArguments(args);
	const base: AnalysisOptions = { ...defaultAnalysisOptions, dialects: options.dialects, crawlers: options.crawlers ?? defaultAnalysisOptions.crawlers };
	const dialects = analysisDialects(base);
	const { files, problems } = collectFiles(options.paths.filter((path) => !isUrl(path)));
	// URLs: the file a site serves, fetched once each; one that serves no file is a problem like an unreadable path.
	const fetched = new Map<string, { name: string; bytes: Uint8Array }>();
	for (const url of options.paths.filter(isUrl)) {
		try {
			const source = await readRobotsSource(url, { version: io.version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
			fetched.set(url, source);
			files.push(url);
		} catch (error) {
			if (!(error instanceof UsageError)) {
				throw error;
			}
			problems.push(error.message);
		}
	}
	const results: FileResult[] = [];
	let hiddenHints = 0;
	for (const path of files) {
		const source = fetched.get(path);
		let bytes: Uint8Array;
		try {
			bytes = source ? source.bytes : readFileSync(path);
		} catch (error) {
			problems.push(`cannot read ${path}: ${describeError(error)}`);
			continue;
		}
		const analysis: AnalysisOptions = { ...base, fileName: basename(source ? new URL(source.name).pathname : path) };
		const file = source ? source.name : relative(process.cwd(), path) || path;
		// Bytes as crawlers receive them: bytes that are not UTF-8 stay themselves, as Google reads them.
		const all = computeDiagnostics(parse(decodeRobotsBytes(bytes)), analysis);
		const diagnostics = options.hints ? all : all.filter((d) => d.severity !== DiagnosticSeverity.Hint);
		hiddenHints += all.length - diagnostics.length;
		results.push({ file, diagnostics });
	}
	for (const problem of problems) {
		await io.error(problem);
	}
	await io.out.write(options.format === 'json' ? formatJson(results, dialects) : options.format === 'sarif' ? formatSarif(results, io.version) : formatText(results, hiddenHints));
	if (problems.length > 0) {
		return 2;
	}
	const all = results.flatMap((result) => result.diagnostics);
	const errors = all.filter((d) => d.severity === DiagnosticSeverity.Error).length;
	const warnings = all.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
	return errors > 0 || warnings > options.maxWarnings ? 1 : 0;
}

export const lintCommand: Command = {
	name: 'lint',
	summary: () => 'reports the mistakes in robots.txt files, as text, JSON or SARIF',
	synopsis: [
		'robots-txt lint <files, folders or URLs>... [--format text|json|sarif] [--crawler <token>,...] [--dialect <dialect>]... [--max-warnings N] [--hints] [--timeout <seconds>]',
	],
	help: () => `Reports the mistakes in robots.txt files. Folders are searched for files named robots.txt (symbolic links
followed, node_modules and .git skipped); a file reached by several paths is reported once.

Options:
  --format <name>     text (file:line:col: severity code: message, then a summary line), json, or sarif (SARIF 2.1.0)
  --crawler <tokens>  the crawlers the site cares about, comma-separated (default: the major search engines and AI crawlers)
  --dialect <name>    parsers to compare against besides the crawlers' own; repeat or separate with commas
  --max-warnings <n>  fail when there are more warnings than this
  --hints             report hints too (style notes such as a directive's casing); left out by default
  --timeout <s>       for URLs: seconds for each fetch (default 10)

A URL lints the file a site serves (a bare origin means its /robots.txt), fetched once as robots-txt fetch does;
a URL that serves no file (a 404, a 5xx, a timeout) cannot be read, and the message says what crawlers make of it.

Exit status: 1 when there are errors (or more warnings than --max-warnings), else 0; 2 on bad arguments, a path
that cannot be read (a URL that serves no file included), or a folder holding no robots.txt (the other paths are
still linted).`,
	run: runLint,
};
