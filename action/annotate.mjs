// @ts-check
// The GitHub Action's reporter (run.sh): reads what `robots-txt lint --format json`, `robots-txt check --format json` or
// `robots-txt watch --format json` printed and writes GitHub workflow commands, so that each problem is an annotation
// on its line (in a pull request, on the changed lines of the diff; a deployed file's change, on no line), then a job
// summary and step outputs. It knows the CLI's JSON formats and GitHub's command syntax, nothing of robots.txt.
// Usage: node annotate.mjs lint|check|watch <json file> <the command's exit status>
import { appendFileSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

/**
 * GitHub's escaping of workflow command data (actions/toolkit, packages/core/src/command.ts): `%`, CR and LF.
 * @param {string} text
 */
function escapeData(text) {
	return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * Property values are escaped further: `:` and `,` separate properties.
 * @param {string} text
 */
function escapeProperty(text) {
	return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One annotation: `::error file=…,line=…::message`.
 * @param {'error' | 'warning' | 'notice'} level
 * @param {Record<string, string | number | undefined>} properties
 * @param {string} message
 */
function annotation(level, properties, message) {
	const list = Object.entries(properties)
		.filter((entry) => entry[1] !== undefined)
		.map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
		.join(',');
	return `::${level} ${list}::${escapeData(message)}`;
}

/**
 * A path as GitHub wants it in an annotation: relative to the repository (the workspace), with forward slashes.
 * @param {string} file
 */
function workspacePath(file) {
	const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
	return relative(workspace, resolve(file)).split(sep).join('/');
}

/**
 * @param {number} count
 * @param {string} one
 * @param {string} many
 */
function plural(count, one, many) {
	return `${count} ${count === 1 ? one : many}`;
}

/** @type {Record<string, 'error' | 'warning' | 'notice'>} GitHub has three levels; information and hints are notices. */
const levels = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/**
 * @typedef {{ file: string, line: number, column: number, endLine: number, endColumn: number, severity: string, code: string, message: string }} LintProblem
 * @typedef {{ line: number, column: number, code: string, message: string }} ExpectationProblem
 * @typedef {{ line: number, passed: boolean, decidingLine: number, message: string }} ExpectationResult
 * @typedef {{ file: string, robots: string, passed: number, failed: number, robotsProblem?: string, problems: ExpectationProblem[], results: ExpectationResult[] }} CheckedFile
 * @typedef {{ files: CheckedFile[], passed: number, failed: number, errors: number }} CheckReport
 */

/**
 * The annotations, summary and outputs for lint's JSON.
 * @param {LintProblem[]} problems
 * @param {number} status
 */
function reportLint(problems, status) {
	const lines = problems.map((problem) => annotation(levels[problem.severity] ?? 'warning', {
		file: workspacePath(problem.file),
		line: problem.line,
		endLine: problem.endLine,
		col: problem.column,
		endColumn: problem.endColumn,
		title: `robots-txt ${problem.code}`,
	}, problem.message));
	const count = (/** @type {string} */ severity) => problems.filter((problem) => problem.severity === severity).length;
	const files = new Set(problems.map((problem) => problem.file)).size;
	const counts = { errors: count('error'), warnings: count('warning'), information: count('information'), hints: count('hint') };
	const summary = `### robots-txt lint\n\n${plural(counts.errors, 'error', 'errors')}, ${plural(counts.warnings, 'warning', 'warnings')}, ${counts.information} information, ${plural(counts.hints, 'hint', 'hints')} in ${plural(files, 'file', 'files')} with problems (exit status ${status}).\n`;
	return { lines, summary, outputs: { errors: counts.errors, warnings: counts.warnings } };
}

/**
 * The annotations, summary and outputs for check's JSON: each failed expectation on its line and, "an expectation
 * fails here", on the robots.txt line that decides it; lines not understood and a missing robots.txt as errors.
 * @param {CheckReport} report
 * @param {number} status
 */
function reportCheck(report, status) {
	/** @type {string[]} */
	const lines = [];
	for (const file of report.files) {
		const expectations = workspacePath(file.file);
		for (const problem of file.problems) {
			lines.push(annotation('error', { file: expectations, line: problem.line, col: problem.column, title: `robots-txt ${problem.code}` }, problem.message));
		}
		if (file.robotsProblem !== undefined) {
			lines.push(annotation('error', { file: expectations, line: 1, title: 'robots-txt robots-txt-not-found' }, file.robotsProblem));
		}
		for (const result of file.results.filter((candidate) => !candidate.passed)) {
			lines.push(annotation('error', { file: expectations, line: result.line, title: 'robots-txt expectation failed' }, result.message));
			lines.push(annotation('error', { file: workspacePath(file.robots), line: result.decidingLine, title: 'robots-txt expectation failed' }, `An expectation fails here. ${expectations}:${result.line}: ${result.message}`));
		}
	}
	const summary = `### robots-txt check\n\n${report.passed} passed, ${report.failed} failed, ${plural(report.errors, 'error', 'errors')} in ${plural(report.files.length, 'expectations file', 'expectations files')} (exit status ${status}).\n`;
	return { lines, summary, outputs: { failed: report.failed } };
}

/**
 * @typedef {{ severity: string, kind: string, crawler: string | null, summary: string, details: string[] }} WatchChange
 * @typedef {{ site: string, robots: string, failed: boolean, baseline: boolean, error: string | null, changed: boolean, severity: string, changes: WatchChange[], crawlers: { token: string, conclusion: string }[], expectations: { passed: number, failed: number, problem: string | null, failures: { message: string }[] } | null }} WatchedSite
 * @typedef {{ sites: WatchedSite[] }} WatchReport
 */

/** @type {Record<string, 'error' | 'warning' | 'notice'>} A critical change is an error; info a notice. */
const watchLevels = { critical: 'error', warning: 'warning', info: 'notice' };

/** @type {readonly string[]} */
const severities = ['none', 'info', 'warning', 'critical'];

/**
 * The annotations, summary and outputs for watch's JSON: each change, each failed fetch and each failed expectation
 * as an annotation of its site (a deployed file has no line in the repository), a table of the sites in the summary.
 * @param {WatchReport} report
 * @param {number} status
 */
function reportWatch(report, status) {
	/** @type {string[]} */
	const lines = [];
	const rows = [];
	for (const site of report.sites) {
		if (site.failed) {
			const concluded = site.crawlers.map((crawler) => `${crawler.token}: ${crawler.conclusion}`).join(', ');
			lines.push(annotation('error', { title: `robots-txt watch: ${site.robots}` }, `The fetch failed (${site.error ?? 'no file'}); the last reading is kept. ${concluded}`));
		}
		for (const change of site.changes) {
			lines.push(annotation(watchLevels[change.severity] ?? 'warning', { title: `robots-txt watch ${change.severity}: ${site.robots}` }, [change.summary, ...change.details].join(' ')));
		}
		for (const failure of site.expectations?.failures ?? []) {
			lines.push(annotation('error', { title: `robots-txt watch expectation failed: ${site.robots}` }, failure.message));
		}
		if (site.expectations?.problem) {
			lines.push(annotation('error', { title: `robots-txt watch expectations: ${site.robots}` }, site.expectations.problem));
		}
		const state = site.failed ? 'fetch failed' : site.baseline ? 'baseline stored' : site.changed ? site.severity : 'no change';
		const expectations = site.expectations ? `${site.expectations.passed} passed, ${site.expectations.failed} failed` : '';
		rows.push(`| ${site.robots} | ${state} | ${site.changes.length} | ${expectations} |`);
	}
	const worst = report.sites.reduce((found, site) => (severities.indexOf(site.severity) > severities.indexOf(found) ? site.severity : found), 'none');
	const summary = `### robots-txt watch\n\n| Site | Result | Changes | Expectations |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n\nWorst change: ${worst} (exit status ${status}).\n`;
	return { lines, summary, outputs: { severity: worst } };
}

function main() {
	const [kind, path, status] = process.argv.slice(2);
	if ((kind !== 'lint' && kind !== 'check' && kind !== 'watch') || path === undefined) {
		console.error('usage: node annotate.mjs lint|check|watch <json file> <exit status>');
		process.exit(2);
	}
	let json;
	try {
		json = JSON.parse(readFileSync(path, 'utf8'));
	} catch {
		// The command printed no JSON (bad arguments, nothing to check): its own message is in the log already.
		console.log(`robots-txt ${kind} printed no report (exit status ${status}); its message is above.`);
		return;
	}
	const report = kind === 'lint' ? reportLint(json, Number(status)) : kind === 'check' ? reportCheck(json, Number(status)) : reportWatch(json, Number(status));
	for (const line of report.lines) {
		console.log(line);
	}
	if (process.env.GITHUB_STEP_SUMMARY) {
		appendFileSync(process.env.GITHUB_STEP_SUMMARY, report.summary + '\n');
	}
	if (process.env.GITHUB_OUTPUT) {
		appendFileSync(process.env.GITHUB_OUTPUT, Object.entries(report.outputs).map(([key, value]) => `${key}=${value}\n`).join(''));
	}
}

main();
