/**
 * The problem matchers the extension contributes (package.json `contributes.problemMatchers`: `$robots-txt` for
 * `robots-txt lint`, `$robots-txt-check` for `robots-txt check`) against the real CLI's text output: every problem
 * line is matched, and what the matcher reads (file, line, column, code, message, severity as VS Code maps it) is what
 * the same run gives as JSON; summary lines are not matched.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';
import { runCli, workFolder } from './cliProcess';

interface ProblemPattern {
	readonly regexp: string;
	readonly file: number;
	readonly line: number;
	readonly column: number;
	readonly severity?: number;
	readonly code: number;
	readonly message: number;
}

interface ProblemMatcher {
	readonly name: string;
	readonly owner: string;
	readonly severity?: string;
	readonly fileLocation: readonly string[];
	readonly pattern: ProblemPattern;
}

const matchers = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { contributes: { problemMatchers: ProblemMatcher[] } }).contributes
	.problemMatchers;

function matcher(name: string): ProblemMatcher {
	const found = matchers.find((candidate) => candidate.name === name);
	assert.ok(found, `package.json contributes the problem matcher ${name}`);
	return found;
}

/**
 * The severity VS Code gives a matched problem. Its `Severity.fromValue` (src/vs/base/common/severity.ts) reads
 * `error`, `warning`/`warn` and `info`, case-insensitively; `getSeverity` in
 * src/vs/workbench/contrib/tasks/common/problemMatcher.ts adds `E`, `W`, `I`, `hint` and `note` (as info), and anything
 * else falls back to the matcher's `severity`, else error. So `information` must reach it as `info`.
 */
function vscodeSeverity(captured: string | undefined, fallback: string | undefined): 'error' | 'warning' | 'info' {
	const value = captured?.toLowerCase();
	if (value === 'error' || captured === 'E') {
		return 'error';
	}
	if (value === 'warning' || value === 'warn' || captured === 'W') {
		return 'warning';
	}
	if (value === 'info' || value === 'hint' || value === 'note' || captured === 'I') {
		return 'info';
	}
	return fallback === 'warning' || fallback === 'info' ? fallback : 'error';
}

interface Matched {
	file: string;
	line: number;
	column: number;
	code: string | undefined;
	message: string;
	severity: string;
}

/** Applies a matcher line by line, as VS Code does for a single-line pattern (JavaScript regular expressions both). */
function applyMatcher(found: ProblemMatcher, output: string): Matched[] {
	const regexp = new RegExp(found.pattern.regexp);
	return output.split('\n').flatMap((text) => {
		const match = regexp.exec(text);
		if (!match) {
			return [];
		}
		const { pattern } = found;
		return [
			{
				file: match[pattern.file],
				line: Number(match[pattern.line]),
				column: Number(match[pattern.column]),
				code: match[pattern.code],
				message: match[pattern.message],
				severity: vscodeSeverity(pattern.severity === undefined ? undefined : match[pattern.severity], found.severity),
			},
		];
	});
}

const work = workFolder('robots-matcher-');

describe('the problem matchers the extension contributes', () => {
	test('both are named for tasks, owned apart, and find files relative to the workspace or absolute', () => {
		assert.deepStrictEqual(
			matchers.map((found) => [found.name, found.owner]),
			[
				['robots-txt', 'robots-txt-lint'],
				['robots-txt-check', 'robots-txt-check'],
			],
		);
		for (const found of matchers) {
			assert.deepStrictEqual(found.fileLocation, ['autoDetect', '${workspaceFolder}']);
		}
	});

	test('$robots-txt reads every problem of `robots-txt lint` as its JSON gives it, at each severity', () => {
		mkdirSync(join(work, 'site'), { recursive: true });
		writeFileSync(join(work, 'site', 'robots.txt'), ['user-agent: *', 'Disallow /private', 'Disallow: /secret/', '', 'User-agent: Googlebot', ''].join('\n'));
		// Clean but for its name (`file-name`, a warning): crawlers only ask for robots.txt.
		writeFileSync(join(work, 'clean.robots.txt'), 'User-agent: *\nDisallow:\n');
		const args = ['lint', 'site', join(work, 'clean.robots.txt'), '--hints'];
		const text = runCli(args, { cwd: work });
		const json = runCli([...args, '--format', 'json'], { cwd: work });
		assert.equal(text.status, 1, text.stderr);
		const problems = JSON.parse(json.stdout) as { file: string; line: number; column: number; severity: string; code: string; message: string }[];
		assert.deepStrictEqual([...new Set(problems.map((problem) => problem.severity))].sort(), ['error', 'hint', 'information', 'warning']);
		const matched = applyMatcher(matcher('robots-txt'), text.stdout);
		const severities = { error: 'error', warning: 'warning', information: 'info', hint: 'info' } as Record<string, string>;
		assert.deepStrictEqual(
			matched,
			problems.map((problem) => ({
				file: problem.file,
				line: problem.line,
				column: problem.column,
				code: problem.code,
				message: problem.message,
				severity: severities[problem.severity],
			})),
		);
		// Every line but the summary is a problem; the summary is not read as one.
		const lines = text.stdout.trimEnd().split('\n');
		assert.equal(lines.length, problems.length + 1);
		assert.match(lines.at(-1)!, /^1 error, 2 warnings, 1 information, 1 hint in 2 files$/);
		assert.equal(applyMatcher(matcher('robots-txt'), lines.at(-1)!).length, 0);
		// The file as printed, relative to the folder the command ran in (also when given as an absolute path), which
		// the matchers' `autoDetect` file location resolves against the workspace folder.
		assert.deepStrictEqual([...new Set(matched.map((problem) => problem.file))], [join('site', 'robots.txt'), 'clean.robots.txt']);
	});

	test('$robots-txt keeps a Windows drive letter in the file, and reads no error line of the CLI', () => {
		const [problem] = applyMatcher(matcher('robots-txt'), 'C:\\site\\robots.txt:12:3: warning empty-group: The group for "a": b.');
		assert.deepStrictEqual(problem, {
			file: 'C:\\site\\robots.txt',
			line: 12,
			column: 3,
			code: 'empty-group',
			message: 'The group for "a": b.',
			severity: 'warning',
		});
		const missing = runCli(['lint', 'nowhere/robots.txt'], { cwd: work });
		assert.equal(missing.status, 2);
		assert.deepStrictEqual(applyMatcher(matcher('robots-txt'), missing.stdout + missing.stderr), []);
	});

	test("a line break in a file's name does not split a problem line (issue 21, finding 14): each record stays one line", () => {
		// Linux names may hold any byte but `/` and NUL; VS Code's matchers read one line at a time.
		const folder = join(work, 'newline');
		mkdirSync(join(folder, 'new\nline'), { recursive: true });
		writeFileSync(join(folder, 'bad\nname.html'), '<meta name="robots" content="noindex, noindex">\n');
		writeFileSync(join(folder, 'new\nline', 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
		writeFileSync(join(folder, 'new\nline', 'robots.expectations'), 'Googlebot /private/x allow\n');
		const lint = runCli(['lint', 'newline', '--format', 'json'], { cwd: work });
		const problems = JSON.parse(lint.stdout) as { file: string }[];
		assert.ok(
			problems.some((problem) => problem.file.includes('\n')),
			lint.stdout,
		);
		const text = runCli(['lint', 'newline'], { cwd: work }).stdout;
		assert.equal(text.trimEnd().split('\n').length, problems.length + 1, text);
		assert.deepStrictEqual(
			applyMatcher(matcher('robots-txt'), text).map((problem) => problem.file),
			problems.map((problem) => problem.file.replace(/\n/g, '\\n')),
		);
		const check = runCli(['check', 'newline'], { cwd: work }).stdout;
		const [failure] = applyMatcher(matcher('robots-txt-check'), check);
		assert.equal(failure.file, join('newline', 'new\\nline', 'robots.expectations'));
		assert.equal(check.trimEnd().split('\n').length, 3, check);
	});

	test('$robots-txt-check reads every failure and every line not understood of `robots-txt check`', () => {
		mkdirSync(join(work, 'check'), { recursive: true });
		writeFileSync(join(work, 'check', 'robots.txt'), ['User-agent: *', 'Disallow: /private/', 'Allow: /private/press/', ''].join('\n'));
		writeFileSync(
			join(work, 'check', 'robots.expectations'),
			['Googlebot /private/press/kit.pdf disallow', 'bingbot /private/x disallow', 'GPTBot allow', 'bingbot /about disallow', ''].join('\n'),
		);
		const text = runCli(['check', 'check'], { cwd: work });
		const json = runCli(['check', 'check', '--format', 'json'], { cwd: work });
		assert.equal(text.status, 1, text.stderr);
		const report = JSON.parse(json.stdout) as {
			files: {
				file: string;
				problems: { line: number; column: number; code: string; message: string }[];
				results: { line: number; passed: boolean; message: string; decidingLine: number }[];
			}[];
		};
		const [file] = report.files;
		const matched = applyMatcher(matcher('robots-txt-check'), text.stdout);
		assert.deepStrictEqual(matched, [
			...file.problems.map((problem) => ({
				file: file.file,
				line: problem.line,
				column: problem.column,
				code: problem.code,
				message: problem.message,
				severity: 'error',
			})),
			...file.results
				.filter((result) => !result.passed)
				.map((result) => ({
					file: file.file,
					line: result.line,
					column: 1,
					code: undefined,
					message: `${result.message} (${join('check', 'robots.txt')}:${result.decidingLine})`,
					severity: 'error',
				})),
		]);
		assert.equal(matched.length, 3);
		// The per-file count and the total are not problems.
		assert.equal(text.stdout.trimEnd().split('\n').length, matched.length + 2);
	});
});
