/**
 * `robots-txt check`: runs expectations files (`robots.expectations`, `*.robots.expectations`) against their
 * robots.txt, for CI: text for people, JSON for scripts, JUnit XML for the test reports CI systems show natively.
 * Exit status 1 when any expectation fails, a line cannot be read or a robots.txt is missing.
 */

import { realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
	checkExpectations,
	computeExpectationDiagnostics,
	decodeRobotsBytes,
	defaultRobotsFileName,
	expectationsRobotsUri,
	explainEvaluation,
	fileKindOfName,
	failureMessage,
	passMessage,
	parse,
	parseExpectations,
	failingLineOf,
	robotsLineOf,
	uncheckedExpectations,
	verdictWord,
	type CheckedExpectations,
} from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { type OptionTable, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { fileLimits } from '../../io/src/fileSystem';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';
import { byNames, walkFolder } from '../../io/src/walk';
import { cutNote, describeError, givenPaths, readOwnFile } from './io';
import { preferencesJson } from './preferences';
import { escapeControls } from './terminal';

interface CheckOptions {
	readonly paths: string[];
	format: 'text' | 'json' | 'junit';
	/** Read a robots.txt that `@robots` names outside the folders checked. */
	allowOutside: boolean;
}

/** The options of `robots-txt check`, in the order its help lists them. */
const checkOptions = {
	format: {
		value: '<name>',
		help: () => t('text (file:line:col: FAIL message, then a count per file), json, or junit (JUnit XML, which CI systems show as test results)'),
	},
	'allow-outside': {
		help: () => t('read a robots.txt that "@robots" names outside the folders checked (by default it is refused, as a link out of them is)'),
	},
} satisfies OptionTable;

function parseCheckArguments(args: readonly string[]): CheckOptions {
	const { values, positionals } = readArguments(args, checkOptions);
	return { paths: positionals, format: readFormat(values.format, ['text', 'json', 'junit']), allowOutside: values['allow-outside'] === true };
}

/**
 * Files given as they are; folders searched by the one walker (walk.ts: node_modules and .git skipped, a link followed
 * only into the folders given) for the files the core names expectations files.
 */
async function collectFiles(paths: readonly string[]): Promise<string[]> {
	const files: string[] = [];
	const given = givenPaths(paths.length > 0 ? paths : ['.']);
	const unreadablePath = given.find((entry) => entry.error !== undefined);
	if (unreadablePath !== undefined) {
		throw new UsageError(t('cannot read {0}: {1}', unreadablePath.path, describeError(unreadablePath.error)));
	}
	const within = given.flatMap((entry) => (entry.folder === undefined ? [] : [entry.folder]));
	for (const { path, folder } of given) {
		if (folder === undefined) {
			files.push(path);
			continue;
		}
		const walked = await walkFolder(nodeFileSystem, folder, { within });
		const unreadable = walked.problems.find((problem) => problem.kind === 'folder');
		if (unreadable !== undefined) {
			throw new UsageError(t('cannot read {0}: {1}', join(path, ...unreadable.path.split('/')), describeError(unreadable.error)));
		}
		const found = walked.entries.filter((entry) => entry.kind === 'file' && fileKindOfName(entry.name) === 'expectations');
		for (const entry of found.sort((a, b) => byNames(a.path, b.path))) {
			files.push(join(path, ...entry.path.split('/')));
		}
	}
	if (files.length === 0) {
		throw new UsageError(
			paths.length > 0
				? t('no expectations file (robots.expectations or *.robots.expectations) in {0}', paths.join(', '))
				: t('no expectations file (robots.expectations or *.robots.expectations) in the current folder'),
		);
	}
	return files;
}

/** One expectations file checked, with the paths as shown. */
interface FileReport {
	readonly file: string;
	readonly robots: string;
	readonly checked: CheckedExpectations;
}

/** The folders checked, as written (absolute) and with their links resolved. */
interface Folders {
	readonly written: readonly string[];
	readonly real: readonly string[];
}

/**
 * The folders checked, which `@robots` may read in: each folder given, the folder of each file given, or the current
 * folder; with their links resolved too, so that a link out of them is seen for what it is.
 */
function foldersChecked(paths: readonly string[]): Folders {
	const written = (paths.length > 0 ? paths : ['.']).map((path) => {
		try {
			return statSync(path).isDirectory() ? resolve(path) : dirname(resolve(path));
		} catch {
			return dirname(resolve(path));
		}
	});
	const real = written.map((folder) => {
		try {
			return realpathSync(folder);
		} catch {
			return folder;
		}
	});
	return { written, real };
}

function isInside(path: string, folders: readonly string[]): boolean {
	return folders.some((folder) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
}

/**
 * Checks one expectations file. Files are read by the one rule (regular files only, within a size; `notes` gets a line
 * for each file cut); the robots.txt `@robots` names must lie in the folders checked, as written and with its links
 * resolved, unless `folders` is undefined (--allow-outside).
 */
function checkFile(file: string, folders: Folders | undefined, notes: string[]): FileReport {
	let text: string;
	try {
		const read = readOwnFile(file, fileLimits.expectations);
		if (read.truncated) {
			notes.push(cutNote(file, fileLimits.expectations));
		}
		text = read.bytes.toString('utf8');
	} catch (error) {
		throw new UsageError(t('cannot read {0}: {1}', file, describeError(error)));
	}
	const expectations = parseExpectations(text);
	// The core's answer, as the editor's: relative to the expectations file, `/` or `\` between names, a `file:` URL as it is.
	const robotsUri = expectationsRobotsUri(pathToFileURL(resolve(file)).href, expectations.robots?.path);
	const robotsPath = robotsUri === undefined ? resolve(dirname(file), expectations.robots?.path ?? defaultRobotsFileName) : fileURLToPath(robotsUri);
	const robots = relative(process.cwd(), robotsPath) || robotsPath;
	const outside = () => ({
		file,
		robots,
		checked: uncheckedExpectations(
			expectations,
			t('{0} is outside the folders checked (or a link out of them), and is not read: check a folder that holds it, or pass --allow-outside', robots),
		),
	});
	if (robotsUri === undefined || (folders !== undefined && !isInside(robotsPath, folders.written))) {
		return outside();
	}
	let bytes: Buffer;
	try {
		const real = realpathSync(robotsPath);
		if (folders !== undefined && !isInside(real, folders.real)) {
			return outside();
		}
		const read = readOwnFile(real, fileLimits.robots);
		if (read.truncated) {
			notes.push(cutNote(robots, fileLimits.robots));
		}
		bytes = read.bytes;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const problem =
			code === 'ENOENT'
				? t('no robots.txt to test at {0}: put one beside {1}, or name it with "@robots <path>"', robots, file)
				: t('cannot read {0}: {1}', robots, describeError(error));
		return { file, robots, checked: uncheckedExpectations(expectations, problem) };
	}
	return { file, robots, checked: checkExpectations(expectations, parse(decodeRobotsBytes(bytes))) };
}

/** Problems (lines not understood, a missing robots.txt) count as errors; failed expectations as failures. */
function errorsOf(report: FileReport): number {
	return report.checked.file.problems.length + (report.checked.results === undefined ? 1 : 0);
}

function text(reports: readonly FileReport[]): string {
	const out: string[] = [];
	for (const { file, robots, checked } of reports) {
		for (const problem of checked.file.problems) {
			out.push(`${file}:${problem.line + 1}:${problem.span.start + 1}: ERROR ${problem.code}: ${problem.message}`);
		}
		if (checked.results === undefined) {
			out.push(`${file}:${(checked.file.robots?.line ?? 0) + 1}:1: ERROR robots-txt-not-found: ${checked.robotsProblem}`);
			continue;
		}
		for (const result of checked.results) {
			if (!result.passed) {
				const where = failingLineOf(result);
				out.push(`${file}:${result.expectation.line + 1}:${result.expectation.crawlerSpan.start + 1}: FAIL ${failureMessage(result)} (${robots}:${where + 1})`);
			}
		}
		out.push(
			checked.file.problems.length > 0
				? t('{0}: {1} passed, {2} failed, {3} not understood (against {4})', file, checked.passed, checked.failed, checked.file.problems.length, robots)
				: t('{0}: {1} passed, {2} failed (against {3})', file, checked.passed, checked.failed, robots),
		);
	}
	const passed = reports.reduce((sum, report) => sum + report.checked.passed, 0);
	const failed = reports.reduce((sum, report) => sum + report.checked.failed, 0);
	const errors = reports.reduce((sum, report) => sum + errorsOf(report), 0);
	out.push(total(reports.length, passed, failed, errors));
	return out.map(escapeControls).join('\n') + '\n';
}

/** The last line of the text output: "2 files: 5 passed, 1 failed, 0 errors.", singular and plural apart. */
function total(files: number, passed: number, failed: number, errors: number): string {
	if (files === 1) {
		return errors === 1
			? t('{0} file: {1} passed, {2} failed, {3} error.', files, passed, failed, errors)
			: t('{0} file: {1} passed, {2} failed, {3} errors.', files, passed, failed, errors);
	}
	return errors === 1
		? t('{0} files: {1} passed, {2} failed, {3} error.', files, passed, failed, errors)
		: t('{0} files: {1} passed, {2} failed, {3} errors.', files, passed, failed, errors);
}

function json(reports: readonly FileReport[]): string {
	const files = reports.map(({ file, robots, checked }) => ({
		file,
		robots,
		passed: checked.passed,
		failed: checked.failed,
		...(checked.robotsProblem !== undefined ? { robotsProblem: checked.robotsProblem } : {}),
		problems: checked.file.problems.map((problem) => ({
			line: problem.line + 1,
			column: problem.span.start + 1,
			code: problem.code,
			message: problem.message,
		})),
		results: (checked.results ?? []).map((result) => ({
			line: result.expectation.line + 1,
			crawler: result.expectation.crawler,
			...(result.expectation.parser ? { parser: result.expectation.parser } : {}),
			url: result.expectation.url,
			expected: result.expectation.verdict,
			actual: result.evaluation.verdict,
			// An expectation of preferences: what it expects, and what the preference lines say (as `test --json` prints it).
			...(result.preferences
				? {
						expectedPreferences: result.expectation.preferences.map((p) => `${p.key}=${p.value}`),
						preferences: preferencesJson(result.preferences),
					}
				: {}),
			passed: result.passed,
			robotsLine: result.evaluation.rule ? result.evaluation.rule.line + 1 : null,
			rule: result.evaluation.rule ? result.evaluation.rule.text : null,
			// The line that decides: the rule's, else the User-agent line of the group followed (the text output's `robots.txt:N`).
			decidingLine: robotsLineOf(result.evaluation) + 1,
			message: result.passed ? passMessage(result) : failureMessage(result),
			explanation: explainEvaluation(result.evaluation),
		})),
	}));
	return (
		JSON.stringify(
			{
				files,
				passed: files.reduce((sum, file) => sum + file.passed, 0),
				failed: files.reduce((sum, file) => sum + file.failed, 0),
				errors: reports.reduce((sum, report) => sum + errorsOf(report), 0),
			},
			null,
			2,
		) + '\n'
	);
}

/** Text as XML 1.0 character data or attribute value: escaped, and characters XML cannot hold replaced. */
function xml(text: string): string {
	return text
		.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/**
 * JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions' test reporters): a testsuite per file, a testcase
 * per expectation (`<failure>` when it fails) and per line not understood (`<error>`).
 */
function junit(reports: readonly FileReport[]): string {
	const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
	const tests = reports.reduce((sum, report) => sum + report.checked.file.expectations.length + errorsOf(report), 0);
	const failures = reports.reduce((sum, report) => sum + report.checked.failed, 0);
	const errors = reports.reduce((sum, report) => sum + errorsOf(report), 0);
	out.push(`<testsuites name="robots-txt check" tests="${tests}" failures="${failures}" errors="${errors}">`);
	for (const report of reports) {
		const { file, robots, checked } = report;
		const count = checked.file.expectations.length + errorsOf(report);
		out.push(`  <testsuite name="${xml(file)}" tests="${count}" failures="${checked.failed}" errors="${errorsOf(report)}" file="${xml(file)}">`);
		for (const problem of checked.file.problems) {
			out.push(`    <testcase name="line ${problem.line + 1}" classname="${xml(file)}" file="${xml(file)}" line="${problem.line + 1}">`);
			out.push(`      <error type="${problem.code}" message="${xml(problem.message)}"/>`);
			out.push('    </testcase>');
		}
		if (checked.results === undefined) {
			out.push(`    <testcase name="${xml(robots)}" classname="${xml(file)}" file="${xml(file)}">`);
			out.push(`      <error type="robots-txt-not-found" message="${xml(checked.robotsProblem ?? '')}"/>`);
			out.push('    </testcase>');
			// One push a line: a spread of 200 000 expectations would pass as many arguments and overflow the stack.
			for (const expectation of checked.file.expectations) {
				out.push(
					`    <testcase name="${xml(`${expectation.crawler} ${expectation.url} ${expectation.verdict}`)}" classname="${xml(file)}" file="${xml(file)}" line="${expectation.line + 1}"><skipped message="${xml(t('no robots.txt'))}"/></testcase>`,
				);
			}
		}
		for (const result of checked.results ?? []) {
			const { expectation } = result;
			const name = `${expectation.crawler}${expectation.parser ? '@' + expectation.parser : ''} ${expectation.url} ${expectation.verdict}`;
			const open = `    <testcase name="${xml(name)}" classname="${xml(file)}" file="${xml(file)}" line="${expectation.line + 1}"`;
			if (result.passed) {
				out.push(`${open}/>`);
			} else {
				out.push(`${open}>`);
				out.push(
					`      <failure type="expectation-failed" message="${xml(t('expected {0}, got {1}', verdictWord(expectation.verdict), verdictWord(result.evaluation.verdict)))}">${xml(`${failureMessage(result)}\n${explainEvaluation(result.evaluation)}`)}</failure>`,
				);
				out.push('    </testcase>');
			}
		}
		out.push('  </testsuite>');
	}
	out.push('</testsuites>');
	return out.join('\n') + '\n';
}

/** Runs `check`; resolves to the exit status (0 all passed, 1 a failure or an error in a file). */
async function runCheck(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseCheckArguments(args);
	const folders = options.allowOutside ? undefined : foldersChecked(options.paths);
	const notes: string[] = [];
	const reports = (await collectFiles(options.paths)).map((file) => checkFile(file, folders, notes));
	for (const note of notes) {
		await io.error(note);
	}
	// A crawler the catalogue does not know is read as an RFC 9309 parser, which the editor says on its first line:
	// so does the command, on standard error, so that a passing run says what it assumed.
	for (const { file, checked } of reports) {
		for (const diagnostic of computeExpectationDiagnostics(checked, undefined)) {
			if (diagnostic.code === 'unknown-crawler') {
				await io.error(escapeControls(t('note: {0}:{1}: {2}', file, diagnostic.range.start.line + 1, diagnostic.message.trim())));
			}
		}
	}
	await io.out.write(options.format === 'json' ? json(reports) : options.format === 'junit' ? junit(reports) : text(reports));
	return reports.some((report) => report.checked.failed > 0 || errorsOf(report) > 0) ? 1 : 0;
}

export const checkCommand: Command = {
	name: 'check',
	summary: () => t('runs expectations files (crawler, URL, verdict) against their robots.txt, as text, JSON or JUnit XML'),
	synopsis: ['robots-txt check [<files or folders>...] [--format text|json|junit] [--allow-outside]'],
	about: () => [
		t(
			'Runs expectations files against their robots.txt: each line names a crawler, a URL or path, and the verdict it must get (allow or disallow); README.md ("Expectations") documents the format. Without arguments, the current folder is searched for robots.expectations and *.robots.expectations files (node_modules and .git skipped); folders given are searched the same way. Each file tests the robots.txt in its folder, or the one its "@robots <path>" line names.',
		),
	],
	options: checkOptions,
	notes: () => [
		t(
			'The FAIL and ERROR lines keep those words in every language, for problem matchers; JSON and JUnit XML keep their field names, codes and test names, and their messages follow --locale.',
		),
		t(
			'Exit status: 1 when an expectation fails, a line cannot be read or a robots.txt is missing, else 0; 2 on bad arguments, an unreadable path, or nothing to check.',
		),
	],
	run: runCheck,
};
