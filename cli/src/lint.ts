/**
 * `robots-txt lint`: the diagnostics of the language server for CI pipelines, in compiler-style text (for problem
 * matchers), JSON, or SARIF 2.1.0 (for code scanning). Folders are searched recursively by the language server's
 * walker (walk.ts: a symbolic link followed only into the folders given) for files named robots.txt, HTML pages (robots
 * meta tags) and `_headers` files (X-Robots-Tag lines); in a folder the pages are also checked against the robots.txt
 * the core says serves them (core/site/: the nearest above, or with `--site-root` the editor's `robotsTxt.siteRoot`
 * rule). A path that yields nothing to lint is an error, so a CI job with a wrong path fails.
 */

import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { t } from '../../core/src/l10n';
import { crawlerTokens, type OptionTable, parseDialect, parseTimeout, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { describeError } from './io';
import { collectFiles, readFound } from './lintFiles';
import { formatJson, formatSarif, formatText, type FileResult } from './lintFormats';
import { checkSitemaps } from './lintSitemaps';
import { checkSites, type Analysed } from './lintSites';
import { isUrl, readRobotsSource } from './source';
import {
	analysePage,
	analysisDialects,
	computeDiagnostics,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	parse,
	type AnalysisOptions,
	type Dialect,
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

/** The options of `robots-txt lint`, in the order its help lists them. */
const lintOptions = {
	format: { value: '<name>', help: () => t('text (file:line:col: severity code: message, then a summary line), json, or sarif (SARIF 2.1.0)') },
	crawler: {
		value: '<tokens>',
		multiple: true,
		aliases: ['crawlers'],
		help: () => t('the crawlers the site cares about, comma-separated (default: the major search engines and AI crawlers)'),
	},
	dialect: { value: '<name>', multiple: true, help: () => t("parsers to compare against besides the crawlers' own; repeat or separate with commas") },
	'max-warnings': { value: '<n>', help: () => t('fail when there are more warnings than this') },
	hints: { help: () => t("report hints too (style notes such as a directive's casing); left out by default") },
	'site-root': {
		value: '<folder>',
		help: () =>
			t(
				"the folder served at / (the editor's robotsTxt.siteRoot), relative to each folder given or absolute: pages below it are checked against the robots.txt at its root, else the one in its public/ or static/ folder",
			),
	},
	timeout: { value: '<s>', help: () => t('for URLs: seconds for each fetch (default 10)') },
} satisfies OptionTable;

function parseLintArguments(args: readonly string[]): LintOptions {
	const { values, positionals } = readArguments(args, lintOptions);
	const format = readFormat(values.format, ['text', 'json', 'sarif']);
	const crawlers = crawlerTokens(values.crawler, '--crawler');
	const dialects = (values.dialect ?? []).flatMap((list) => list.split(',').map((dialect) => parseDialect(dialect)));
	const maxWarnings = values['max-warnings'];
	if (maxWarnings !== undefined && !/^\d+$/.test(maxWarnings)) {
		throw new UsageError(t('--max-warnings takes a whole number, not "{0}"', maxWarnings));
	}
	if (positionals.length === 0) {
		throw new UsageError(t('no file or folder to lint'));
	}
	return {
		paths: positionals,
		format,
		dialects,
		crawlers,
		maxWarnings: maxWarnings === undefined ? Infinity : Number(maxWarnings),
		hints: values.hints === true,
		timeoutMs: values.timeout === undefined ? undefined : parseTimeout(values.timeout),
		siteRoot: values['site-root'],
	};
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
		analysed.push({
			file,
			display,
			diagnostics: page.diagnostics,
			reach: page.reach,
			...(page.render !== undefined ? { render: page.render } : {}),
			...(file.kind === 'headers' ? { text } : {}),
		});
	}
	checkSites(analysed, sites, options.siteRoot, base.crawlers);
	await checkSitemaps(analysed, sites, options.siteRoot, base.crawlers, fetched, {
		version: io.version,
		...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
	});
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
	about: () => [
		t(
			'Reports the mistakes in robots.txt files, in the robots meta tags of HTML pages (*.html, *.htm) and in the X-Robots-Tag lines of _headers files (Netlify, Cloudflare Pages). A file is read as what its name says (an HTML page, a _headers file, else a robots.txt). Folders are searched for all three (symbolic links followed only into the folders given, node_modules and .git skipped); a file reached by several paths is reported once.',
		),
		t(
			"In a folder, each page is also checked against the nearest robots.txt above it, which is served from the root of its site: a page whose noindex a target crawler never sees, because that robots.txt disallows the page to it, gets a warning (noindex-blocked-by-robots-txt) naming the deciding line, and that line gets a hint (rule-hides-noindex, shown with --hints). A _headers file beside the robots.txt covers the site's files and its own patterns.",
		),
	],
	options: lintOptions,
	notes: () => [
		t(
			'A URL lints the robots.txt a site serves (a bare origin means its /robots.txt), fetched once as robots-txt fetch does; a URL that serves no file (a 404, a 5xx, a timeout) cannot be read, and the message says what crawlers make of it.',
		),
		t(
			'The severity and code of each text line stay in English in every language, for problem matchers; JSON and SARIF keep their field names, codes and levels, and their messages follow --locale (SARIF names the language in run.language).',
		),
		t(
			'Exit status: 1 when there are errors (or more warnings than --max-warnings), else 0; 2 on bad arguments, a path that cannot be read (a URL that serves no file included), or a folder holding nothing to lint (the other paths are still linted).',
		),
	],
	run: runLint,
};
