/**
 * `robots-txt lint`: the diagnostics of the language server for CI pipelines, in compiler-style text (for problem
 * matchers), JSON, or SARIF 2.1.0 (for code scanning). Folders are searched recursively by the language server's
 * walker (walk.ts: a symbolic link followed only into the folders given) for files named robots.txt, HTML pages (robots
 * meta tags) and `_headers` files (X-Robots-Tag lines); in a folder the pages are also checked against the robots.txt
 * the core says serves them (core/site/: the nearest above, or with `--site-root` the editor's `robotsTxt.siteRoot`
 * rule). A path that yields nothing to lint is an error, so a CI job with a wrong path fails.
 */

import { readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { currentLocale, t } from '../../core/src/l10n';
import { ArgumentReader, needsTokens, parseDialect, unknownFormat, unknownOption, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { parseTimeout } from './fetch';
import { optionTable, paragraphs } from './help';
import { fileLimits } from '../../io/src/fileSystem';
import { displayPath, nodeFileSystem } from '../../io/src/nodeFileSystem';
import { byNames, walkFolder } from '../../io/src/walk';
import { cutNote, describeError, givenPaths } from './io';
import { isUrl, readRobotsSource } from './source';
import { escapeControls } from './terminal';
import {
	analysePage,
	analysisDialects,
	computeDiagnostics,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	diagnosticCatalogue,
	diagnosticFacts,
	fileKindOfName,
	metaDiagnosticCatalogue,
	metaDiagnosticFacts,
	parse,
	resolvePath,
	siteFindings,
	sarifLevel,
	severityName,
	type AnalysisOptions,
	type Dialect,
	type PageKind,
	type PageReach,
	type RobotsModel,
	type SitePage,
	type SiteRobots,
} from '../../core/src/index';

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
	/** The folder served at `/` (the editor's `robotsTxt.siteRoot`): relative to each folder given, or absolute. */
	siteRoot?: string;
}

function parseLintArguments(args: readonly string[]): LintOptions {
	const options: LintOptions = { paths: [], format: 'text', dialects: [], maxWarnings: Infinity, hints: false };
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--format': {
				const format = reader.value(arg);
				if (format !== 'text' && format !== 'json' && format !== 'sarif') {
					throw unknownFormat(format, ['text', 'json', 'sarif']);
				}
				options.format = format;
				break;
			}
			case '--crawler':
			case '--crawlers':
				options.crawlers = [
					...(options.crawlers ?? []),
					...reader
						.value(arg)
						.split(',')
						.map((token) => token.trim()),
				];
				if (options.crawlers.some((token) => token === '')) {
					throw needsTokens(arg);
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
					throw new UsageError(t('--max-warnings takes a whole number, not "{0}"', text));
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
			case '--site-root':
				options.siteRoot = reader.value(arg);
				break;
			default:
				if (arg.startsWith('--')) {
					throw unknownOption(arg);
				}
				options.paths.push(arg);
		}
	}
	if (options.paths.length === 0) {
		throw new UsageError(t('no file or folder to lint'));
	}
	return options;
}

/** What a file is linted as. */
type FileKind = 'robots' | PageKind;

/** A file to lint. */
interface LintFile {
	/** As shown and, for a file given as such, as read. */
	readonly path: string;
	readonly kind: FileKind;
	/** For a file found in a folder: where it was found (the walker's uri, which keeps a name's bytes) and its path below the folder given. */
	readonly found?: { readonly uri: string; readonly site: number; readonly path: string };
}

/** A folder given, as the core's site description sees it: every file found in it, by path below it. */
interface GivenFolder {
	readonly path: string;
	readonly files: Set<string>;
}

/** The files to lint, the paths that could not be read or hold nothing to lint (one line each), and the folders given. */
interface Collected {
	readonly files: LintFile[];
	readonly problems: string[];
	readonly sites: GivenFolder[];
}

/** A file given by name is linted as what its name says: an HTML page, a `_headers` file, else a robots.txt. */
function kindOfName(name: string): FileKind {
	const kind = fileKindOfName(name);
	return kind === 'html' || kind === 'headers' ? kind : 'robots';
}

/**
 * Files to lint: given files as they are; folders walked by the one walker (walk.ts) for the files the core names
 * robots.txt (exactly that name, as crawlers request it), HTML pages and `_headers` files, a symbolic link followed only
 * into the folders given. A file reached by several paths is linted once, under the first.
 */
async function collectFiles(paths: readonly string[]): Promise<Collected> {
	const files: LintFile[] = [];
	const problems: string[] = [];
	const sites: GivenFolder[] = [];
	const listed = new Set<string>();
	const add = async (file: LintFile) => {
		const uri = file.found?.uri ?? pathToFileURL(resolve(file.path)).href;
		const id = (await nodeFileSystem.realUri(uri)) ?? uri;
		if (!listed.has(id)) {
			listed.add(id);
			files.push(file);
		}
	};
	const given = givenPaths(paths);
	const within = given.flatMap((entry) => (entry.folder === undefined ? [] : [entry.folder]));
	for (const { path, folder, error } of given) {
		if (error !== undefined) {
			problems.push(t('cannot read {0}: {1}', path, describeError(error)));
			continue;
		}
		if (folder === undefined) {
			await add({ path, kind: kindOfName(basename(path)) });
			continue;
		}
		const site = sites.length;
		const files = new Set<string>();
		sites.push({ path, files });
		const walked = await walkFolder(nodeFileSystem, folder, { within });
		const shown = (below: string) => displayPath(join(path, ...below.split('/')));
		let found = 0;
		for (const problem of walked.problems) {
			if (problem.kind === 'folder') {
				problems.push(t('cannot read folder {0}: {1}', shown(problem.path), describeError(problem.error)));
			} else if (fileKindOfName(problem.name) === 'robots') {
				// A broken link is only our business when it stands where a robots.txt would be read.
				problems.push(t('cannot read {0}: {1}', shown(problem.path), describeError(problem.error)));
				found++;
			}
		}
		// The files in the order of their names, name by name (a folder's files together), as people read a tree.
		for (const entry of walked.entries.filter((entry) => entry.kind === 'file').sort((a, b) => byNames(a.path, b.path, (x, y) => x.localeCompare(y)))) {
			files.add(entry.path);
			const kind = fileKindOfName(entry.name);
			if (kind === 'robots' || kind === 'html' || kind === 'headers') {
				await add({ path: shown(entry.path), kind, found: { uri: entry.uri, site, path: entry.path } });
				found++;
			}
		}
		if (found === 0 && walked.problems.every((problem) => problem.kind !== 'folder')) {
			problems.push(t('nothing to lint in {0} (no robots.txt, HTML page or _headers file)', path));
		}
	}
	return { files, problems, sites };
}

interface FileResult {
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

function formatText(results: readonly FileResult[], hiddenHints: number): string {
	const lines: string[] = [];
	for (const { file, diagnostics } of results) {
		for (const d of diagnostics) {
			lines.push(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severityName(d.severity!)} ${d.code}: ${d.message}`);
		}
	}
	lines.push(summary(results, hiddenHints));
	return lines.map(escapeControls).join('\n') + '\n';
}

function formatJson(results: readonly FileResult[], dialects: readonly Dialect[]): string {
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

function formatSarif(results: readonly FileResult[], version: string): string {
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

/** One file, read and analysed, before the pages of a site are checked against its robots.txt. */
interface Analysed {
	readonly file: LintFile;
	/** As shown: relative to the working folder, or the URL. */
	readonly display: string;
	readonly diagnostics: Diagnostic[];
	readonly model?: RobotsModel;
	readonly reach?: PageReach;
	/** A headers file's text, for the URL paths it covers. */
	readonly text?: string;
}

/**
 * The check across files, for the files found in each folder given: the core places each page (the robots.txt that
 * serves it, at which URL path: `placeOfPage`, as in the editor, `--site-root` as `robotsTxt.siteRoot`) and gives the
 * warning on the page and the hint on the deciding robots.txt line (`siteFindings`).
 */
function checkSites(analysed: readonly Analysed[], sites: readonly GivenFolder[], siteRoot: string | undefined, crawlers: readonly string[]): void {
	sites.forEach((folder, index) => {
		const mine = analysed.filter((entry) => entry.file.found?.site === index);
		const robots = new Map<string, SiteRobots>();
		const pages: SitePage[] = [];
		for (const { file, model, reach, text } of mine) {
			const { uri, path } = file.found!;
			if (file.kind === 'robots' && model) {
				robots.set(path, { uri, model });
			} else if (file.kind === 'html' && reach) {
				pages.push({ kind: 'html', path, uri, reach });
			} else if (file.kind === 'headers' && text !== undefined) {
				pages.push({ kind: 'headers', path, uri, text });
			}
		}
		const root = siteRootBelow(folder.path, siteRoot);
		const findings = siteFindings({ files: folder.files, ...(root !== undefined ? { siteRoot: root } : {}) }, robots, pages, crawlers);
		for (const entry of mine) {
			const found = findings.get(entry.file.found!.path);
			if (found !== undefined) {
				append(entry.diagnostics, found);
				entry.diagnostics.sort(byPosition);
			}
		}
	});
}

/** `--site-root` as a path below a folder given: relative to it, or an absolute path inside it; undefined otherwise. */
function siteRootBelow(folder: string, siteRoot: string | undefined): string | undefined {
	if (siteRoot === undefined) {
		return undefined;
	}
	if (!isAbsolute(siteRoot)) {
		return resolvePath('', siteRoot);
	}
	const below = relative(resolve(folder), resolve(siteRoot));
	return below.startsWith('..') || isAbsolute(below) ? undefined : resolvePath('', below);
}

/** `list.push(...items)` without passing every item as an argument, which overflows the stack past ~100 000. */
function append<T>(list: T[], items: readonly T[]): void {
	for (const item of items) {
		list.push(item);
	}
}

/**
 * A file found in a folder, read by the one rule for files read on their own (the file system's: a regular file, not a
 * FIFO or a device a link leads to, opened without waiting), at most what a crawler reads of a robots.txt and 1 MiB of
 * a page; `notes` says when one was cut.
 */
async function readFound(file: LintFile, uri: string, notes: string[]): Promise<Uint8Array> {
	const limit = file.kind === 'robots' ? fileLimits.robots : fileLimits.page;
	const read = await nodeFileSystem.readFile(uri, limit);
	if (read.truncated) {
		notes.push(cutNote(relative(process.cwd(), file.path) || file.path, limit));
	}
	return read.bytes;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
	return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

/** Runs the lint; returns the exit status (2 for a path that could not be read, 1 for errors or too many warnings). */
async function runLint(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseLintArguments(args);
	const base: AnalysisOptions = { ...defaultAnalysisOptions, dialects: options.dialects, crawlers: options.crawlers ?? defaultAnalysisOptions.crawlers };
	const dialects = analysisDialects(base);
	const { files, problems, sites } = await collectFiles(options.paths.filter((path) => !isUrl(path)));
	// URLs: the file a site serves, fetched once each; one that serves no file is a problem like an unreadable path.
	const fetched = new Map<string, { name: string; bytes: Uint8Array }>();
	for (const url of options.paths.filter(isUrl)) {
		try {
			const source = await readRobotsSource(url, { version: io.version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
			fetched.set(url, source);
			files.push({ path: url, kind: 'robots' });
		} catch (error) {
			if (!(error instanceof UsageError)) {
				throw error;
			}
			problems.push(error.message);
		}
	}
	const analysed: Analysed[] = [];
	const notes: string[] = [];
	for (const file of files) {
		const source = fetched.get(file.path);
		let bytes: Uint8Array;
		try {
			bytes = source ? source.bytes : file.found === undefined ? readFileSync(file.path) : await readFound(file, file.found.uri, notes);
		} catch (error) {
			problems.push(t('cannot read {0}: {1}', file.path, describeError(error)));
			continue;
		}
		const display = source ? source.name : relative(process.cwd(), file.path) || file.path;
		if (file.kind === 'robots') {
			const analysis: AnalysisOptions = { ...base, fileName: basename(source ? new URL(source.name).pathname : file.path) };
			// Bytes as crawlers receive them: bytes that are not UTF-8 stay themselves, as Google reads them.
			const model = parse(decodeRobotsBytes(bytes));
			analysed.push({ file, display, diagnostics: [...computeDiagnostics(model, analysis)], model });
			continue;
		}
		// Pages as browsers read them without a declared charset other than UTF-8; what is not UTF-8 becomes U+FFFD.
		const text = new TextDecoder('utf-8').decode(bytes);
		const page = analysePage(file.kind, text, { targets: base.crawlers, uri: file.found?.uri ?? pathToFileURL(resolve(file.path)).href });
		analysed.push({ file, display, diagnostics: page.diagnostics, reach: page.reach, ...(file.kind === 'headers' ? { text } : {}) });
	}
	checkSites(analysed, sites, options.siteRoot, base.crawlers);
	const results: FileResult[] = [];
	let hiddenHints = 0;
	for (const { display, diagnostics: all } of analysed) {
		const diagnostics = options.hints ? all : all.filter((d) => d.severity !== DiagnosticSeverity.Hint);
		hiddenHints += all.length - diagnostics.length;
		results.push({ file: display, diagnostics });
	}
	for (const problem of [...notes, ...problems]) {
		await io.error(problem);
	}
	await io.out.write(
		options.format === 'json'
			? formatJson(results, dialects)
			: options.format === 'sarif'
				? formatSarif(results, io.version)
				: formatText(results, hiddenHints),
	);
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
	summary: () => t('reports the mistakes in robots.txt files, robots meta tags and X-Robots-Tag lines, as text, JSON or SARIF'),
	synopsis: [
		'robots-txt lint <files, folders or URLs>... [--format text|json|sarif] [--crawler <token>,...] [--dialect <dialect>]... [--max-warnings N] [--hints] [--site-root <folder>] [--timeout <seconds>]',
	],
	help: () =>
		[
			paragraphs([
				t(
					'Reports the mistakes in robots.txt files, in the robots meta tags of HTML pages (*.html, *.htm) and in the X-Robots-Tag lines of _headers files (Netlify, Cloudflare Pages). A file is read as what its name says (an HTML page, a _headers file, else a robots.txt). Folders are searched for all three (symbolic links followed only into the folders given, node_modules and .git skipped); a file reached by several paths is reported once.',
				),
				t(
					"In a folder, each page is also checked against the nearest robots.txt above it, which is served from the root of its site: a page whose noindex a target crawler never sees, because that robots.txt disallows the page to it, gets a warning (noindex-blocked-by-robots-txt) naming the deciding line, and that line gets a hint (rule-hides-noindex, shown with --hints). A _headers file beside the robots.txt covers the site's files and its own patterns.",
				),
			]),
			'',
			optionTable(t('Options:'), [
				['--format <name>', t('text (file:line:col: severity code: message, then a summary line), json, or sarif (SARIF 2.1.0)')],
				['--crawler <tokens>', t('the crawlers the site cares about, comma-separated (default: the major search engines and AI crawlers)')],
				['--dialect <name>', t("parsers to compare against besides the crawlers' own; repeat or separate with commas")],
				['--max-warnings <n>', t('fail when there are more warnings than this')],
				['--hints', t("report hints too (style notes such as a directive's casing); left out by default")],
				[
					'--site-root <folder>',
					t(
						"the folder served at / (the editor's robotsTxt.siteRoot), relative to each folder given or absolute: pages below it are checked against the robots.txt at its root, else the one in its public/ or static/ folder",
					),
				],
				['--timeout <s>', t('for URLs: seconds for each fetch (default 10)')],
			]),
			'',
			paragraphs([
				t(
					'A URL lints the robots.txt a site serves (a bare origin means its /robots.txt), fetched once as robots-txt fetch does; a URL that serves no file (a 404, a 5xx, a timeout) cannot be read, and the message says what crawlers make of it.',
				),
				t(
					'The severity and code of each text line stay in English in every language, for problem matchers; JSON and SARIF keep their field names, codes and levels, and their messages follow --locale (SARIF names the language in run.language).',
				),
				t(
					'Exit status: 1 when there are errors (or more warnings than --max-warnings), else 0; 2 on bad arguments, a path that cannot be read (a URL that serves no file included), or a folder holding nothing to lint (the other paths are still linted).',
				),
			]),
		].join('\n'),
	run: runLint,
};
