/**
 * The editor features of an expectations file, as pure functions of the checked file: diagnostics (a line that cannot
 * be read, an unknown crawler and the parser assumed for it, a failing expectation with the deciding line of the
 * robots.txt as related information), the "n passed, m failed" lens, completion of crawler tokens, paths and
 * verdicts, and hovers; and, in the robots.txt itself, a diagnostic on the line that makes an expectation fail.
 */

import {
	CompletionItemKind,
	DiagnosticSeverity,
	MarkupKind,
	type CodeLens,
	type CompletionItem,
	type Diagnostic,
	type Hover,
	type Position,
	type Range,
} from 'vscode-languageserver-types';
import { explainEvaluation, listNames, parserNote } from '../crawlers/explain';
import { crawlerProfile } from '../crawlers/profile';
import { allDialects, dialectName } from '../dialect';
import { knownCrawlers } from '../facts/crawlers';
import { formatNumber, t } from '../l10n';
import { escapeMarkdownOutsideCode } from '../markdown';
import type { AnalysisOptions } from '../options';
import { revealLineCommand } from '../protocol';
import { diagnosticSource, openTestBenchCommand } from '../protocol';
import type { RobotsModel } from '../syntax/parser';
import { contentSignalKeys, contentSignalUseValues, contentSignalValues, contentUsageLabels } from '../preferences/vocabulary';
import { failingLineOf, failureMessage, passMessage, robotsLineOf, summaryText, type CheckedExpectations, type ExpectationResult } from './check';
import { fieldAt, type ExpectationProblem, type Span } from './format';

function range(line: number, span: Span): Range {
	return { start: { line, character: span.start }, end: { line, character: span.end } };
}

function lineRange(model: RobotsModel, line: number): Range {
	const length = line < model.lineCount ? model.lines[line].length : 0;
	return { start: { line, character: 0 }, end: { line, character: length } };
}

/**
 * Diagnostics of an expectations file, in line order; `robotsUri` is the robots.txt its failures point into. With
 * `keep`, only the `keep` most severe are written (errors before notes, each in line order, as the server sends them
 * when it limits them; `countExpectationDiagnostics` says how many there are): a file of 100 000 failing lines wrote a
 * message for each, of which the editor is sent a thousand.
 */
export function computeExpectationDiagnostics(checked: CheckedExpectations, robotsUri: string | undefined, keep = Infinity): Diagnostic[] {
	const { file } = checked;
	const problem = (problem: ExpectationProblem): Diagnostic => ({
		range: range(problem.line, problem.span),
		severity: DiagnosticSeverity.Error,
		code: problem.code,
		source: diagnosticSource,
		message: problem.message,
	});
	if (checked.results === undefined) {
		const diagnostics = file.problems.map(problem);
		const at = file.robots
			? range(file.robots.line, file.robots.span)
			: { start: { line: 0, character: 0 }, end: { line: 0, character: file.lines[0]?.length ?? 0 } };
		diagnostics.push({
			range: at,
			severity: DiagnosticSeverity.Error,
			code: 'robots-txt-not-found',
			source: diagnosticSource,
			message: checked.robotsProblem ?? t('No robots.txt to test.'),
		});
		return sortByPosition(diagnostics).slice(0, keep);
	}
	// The errors in line order, the lines that are not understood and the failures merged (both lists are in line order).
	const diagnostics: Diagnostic[] = [];
	const failing = checked.results.filter((result) => !result.passed);
	for (let p = 0, f = 0; diagnostics.length < keep && (p < file.problems.length || f < failing.length); ) {
		diagnostics.push(
			f === failing.length || (p < file.problems.length && file.problems[p].line < failing[f].expectation.line)
				? problem(file.problems[p++])
				: failureDiagnostic(failing[f++], robotsUri),
		);
	}
	for (const results of unknownCrawlers(checked.results).values()) {
		if (diagnostics.length >= keep) {
			break;
		}
		const [first, ...rest] = results;
		const lines = listNames(rest.map((result) => String(result.expectation.line + 1)));
		const others = rest.length === 0 ? '' : ' ' + (rest.length === 1 ? t('(also on line {0})', lines) : t('(also on lines {0})', lines));
		diagnostics.push({
			range: range(first.expectation.line, first.expectation.crawlerSpan),
			severity: DiagnosticSeverity.Information,
			code: 'unknown-crawler',
			source: diagnosticSource,
			message: `${parserNote(first.evaluation.crawler) ?? ''}${others} ${t('Write {0} to choose another: {1}.', `${first.expectation.crawler}@<parser>`, allDialects.join(', '))}`,
		});
	}
	return sortByPosition(diagnostics);
}

/** How many diagnostics `computeExpectationDiagnostics` has for the file, without writing them. */
export function countExpectationDiagnostics(checked: CheckedExpectations): number {
	const { file, results } = checked;
	return file.problems.length + (results === undefined ? 1 : checked.failed + unknownCrawlers(results).size);
}

/** A failing expectation, with the line of the robots.txt that decides it. */
function failureDiagnostic(result: ExpectationResult, robotsUri: string | undefined): Diagnostic {
	const { expectation, evaluation } = result;
	const where = failingLineOf(result);
	const decides = evaluation.rule ? t('line {0} decides', where + 1) : t('line {0}: no rule decides', where + 1);
	return {
		range: {
			start: { line: expectation.line, character: expectation.crawlerSpan.start },
			end: { line: expectation.line, character: expectation.end },
		},
		severity: DiagnosticSeverity.Error,
		code: 'expectation-failed',
		source: diagnosticSource,
		message: failureMessage(result),
		...(robotsUri !== undefined
			? {
					relatedInformation: [
						{
							location: { uri: robotsUri, range: lineRange(evaluation.reading.model, where) },
							message: where === robotsLineOf(evaluation) ? decides : t('line {0} states the preference', where + 1),
						},
					],
				}
			: {}),
	};
}

/** The expectations of each crawler we do not know (and no `@parser` names), by lower-case token, in line order: each is noted once, on its first line, with the other lines named. */
function unknownCrawlers(results: readonly ExpectationResult[]): Map<string, ExpectationResult[]> {
	const unknown = new Map<string, ExpectationResult[]>();
	for (const result of results) {
		const { expectation, evaluation } = result;
		if (expectation.crawler !== '*' && expectation.parser === undefined && !evaluation.crawler.known) {
			groupInto(unknown, expectation.crawler.toLowerCase(), result);
		}
	}
	return unknown;
}

/**
 * Adds `item` to its key's list, in place: copying the list on every item made 40 000 failures decided by one line
 * (or of one unknown crawler) cost minutes.
 */
function groupInto<K, T>(groups: Map<K, T[]>, key: K, item: T): void {
	const list = groups.get(key);
	if (list) {
		list.push(item);
	} else {
		groups.set(key, [item]);
	}
}

function sortByPosition(diagnostics: Diagnostic[]): Diagnostic[] {
	return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/**
 * The lenses at the top of the file: "n passed, m failed" (going to the first failure, or to the robots.txt it tests
 * when all pass), and the test bench opened on its URLs and crawlers.
 */
export function computeExpectationLenses(checked: CheckedExpectations, uri: string, robotsUri: string | undefined): CodeLens[] {
	const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
	const firstFailure = checked.results?.find((result) => !result.passed);
	const firstProblem = checked.file.problems[0];
	const goTo = firstFailure ? firstFailure.expectation.line : firstProblem?.line;
	// The summary goes to the first failure (or line that is not understood), else to the robots.txt tested.
	const lenses: CodeLens[] = [
		{
			range: top,
			command:
				goTo !== undefined
					? { title: summaryText(checked), command: revealLineCommand, arguments: [uri, goTo] }
					: robotsUri !== undefined && checked.results !== undefined
						? { title: summaryText(checked), command: revealLineCommand, arguments: [robotsUri, 0] }
						: { title: summaryText(checked), command: '' },
		},
	];
	if (robotsUri !== undefined && checked.results !== undefined) {
		const urls = [...new Set(checked.file.expectations.map((expectation) => expectation.url))];
		const crawlers = [...new Set(checked.results.map((result) => result.evaluation.crawler.token))];
		lenses.push({ range: top, command: { title: t('Open in Test Bench'), command: openTestBenchCommand, arguments: [robotsUri, urls, crawlers] } });
	}
	return lenses;
}

/** The hover on an expectation: passed or failed, and the crawler's whole answer. */
export function computeExpectationHover(checked: CheckedExpectations, position: Position): Hover | null {
	const result = checked.results?.find((candidate) => candidate.expectation.line === position.line);
	if (!result) {
		return null;
	}
	const { expectation } = result;
	if (position.character < expectation.crawlerSpan.start || position.character > expectation.end) {
		return null;
	}
	const head = result.passed
		? `**${t('Passes.')}** ${escapeMarkdownOutsideCode(passMessage(result))}`
		: `**${t('Fails.')}** ${escapeMarkdownOutsideCode(failureMessage(result))}`;
	return {
		range: {
			start: { line: expectation.line, character: expectation.crawlerSpan.start },
			end: { line: expectation.line, character: expectation.end },
		},
		contents: { kind: MarkupKind.Markdown, value: `${head}\n\n${escapeMarkdownOutsideCode(explainEvaluation(result.evaluation))}` },
	};
}

/**
 * Completion at a position of an expectations file: crawler tokens (`*`, the target crawlers, the robots.txt's own
 * User-agent values, the catalogue) and parsers after `@`; paths from the robots.txt's rules; the two verdicts.
 */
export function computeExpectationCompletions(
	checked: CheckedExpectations,
	position: Position,
	robots: RobotsModel | undefined,
	options: AnalysisOptions,
): CompletionItem[] {
	const text = checked.file.lines[position.line];
	if (text === undefined) {
		return [];
	}
	const at = fieldAt(text, Math.min(position.character, text.length), position.line === 0);
	switch (at.field) {
		case 'crawler':
			return crawlerCompletions(text, at.span, position.line, robots, options);
		case 'url':
			return robots ? pathCompletions(robots, at.span, position.line) : [];
		case 'verdict':
			return [
				...(['allow', 'disallow'] as const).map((verdict, i) => ({
					label: verdict,
					kind: CompletionItemKind.EnumMember,
					detail: verdict === 'allow' ? t('the crawler may fetch it') : t('the crawler may not fetch it'),
					sortText: String(i),
					textEdit: { range: range(position.line, at.span), newText: verdict },
				})),
				...preferenceCompletions(at.span, position.line),
			];
		case 'preference':
			return preferenceCompletions(at.span, position.line);
		default:
			return [];
	}
}

/**
 * The preferences an expectation may expect: each Content-Usage category with `y` and `n` (vocab §6.1), each
 * Content-Signal key with its values (contentsignals.org), after the verdicts.
 */
function preferenceCompletions(span: Span, line: number): CompletionItem[] {
	const words = [
		...contentUsageLabels.flatMap((label) => ['y', 'n'].map((value) => ({ word: `${label}=${value}`, detail: 'Content-Usage' }))),
		...contentSignalKeys.flatMap((key) => contentSignalValues.map((value) => ({ word: `${key}=${value}`, detail: 'Content-Signal' }))),
		...contentSignalUseValues.map((value) => ({ word: `use=${value}`, detail: 'Content-Signal' })),
	];
	return words.map(({ word, detail }, i) => ({
		label: word,
		kind: CompletionItemKind.EnumMember,
		detail,
		sortText: String(10 + i),
		textEdit: { range: range(line, span), newText: word },
	}));
}

function crawlerCompletions(text: string, span: Span, line: number, robots: RobotsModel | undefined, options: AnalysisOptions): CompletionItem[] {
	const word = text.slice(span.start, span.end);
	const at = word.lastIndexOf('@');
	if (at >= 0) {
		const parserSpan = { start: span.start + at + 1, end: span.end };
		return allDialects.map((dialect, i) => ({
			label: dialect,
			kind: CompletionItemKind.EnumMember,
			detail: t('read as the {0} parser', dialectName(dialect)),
			sortText: String(i),
			textEdit: { range: range(line, parserSpan), newText: dialect },
		}));
	}
	const items: CompletionItem[] = [];
	const seen = new Set<string>();
	const add = (token: string, detail: string, rank: number) => {
		const key = token.toLowerCase();
		if (seen.has(key) || token === '') {
			return;
		}
		seen.add(key);
		const profile = crawlerProfile(token);
		items.push({
			label: token,
			kind: CompletionItemKind.Value,
			detail: profile.known ? `${detail} · ${profile.owner}` : detail,
			sortText: String(rank).padStart(5, '0'),
			textEdit: { range: range(line, span), newText: token },
		});
	};
	add('*', t('a crawler that no group names'), 0);
	options.crawlers.forEach((token, i) => {
		add(token, t('target crawler'), 100 + i);
	});
	if (robots) {
		let rank = 1000;
		for (let i = 0; i < robots.lineCount; i++) {
			if (robots.lines[i].directive === 'user-agent') {
				add(robots.valueText(i), t('named in the robots.txt'), rank++);
			}
		}
	}
	knownCrawlers.forEach((crawler, i) => {
		add(crawler.token, crawler.category, 10_000 + i);
	});
	return items;
}

/** The paths the robots.txt's rules name: each value as written, and its literal beginning before a `*` or `$`. */
function pathCompletions(robots: RobotsModel, span: Span, line: number): CompletionItem[] {
	const items: CompletionItem[] = [];
	const seen = new Set<string>();
	for (let i = 0; i < robots.lineCount && items.length < 5000; i++) {
		const directive = robots.lines[i].directive;
		if (directive !== 'allow' && directive !== 'disallow') {
			continue;
		}
		const value = robots.valueText(i);
		const literal = value.replace(/[*$].*$/, '');
		for (const path of [literal, value.replace(/\$$/, '').replace(/\*/g, '')]) {
			if (path.startsWith('/') && !seen.has(path)) {
				seen.add(path);
				items.push({
					label: path,
					kind: CompletionItemKind.File,
					detail: t('from line {0}: {1}', i + 1, robots.lineText(i).trim()),
					sortText: String(items.length).padStart(5, '0'),
					textEdit: { range: range(line, span), newText: path },
				});
			}
		}
	}
	return items;
}

/** An expectations file checked against the robots.txt, for the robots.txt's own diagnostics. */
export interface ExpectationsSource {
	readonly uri: string;
	/** Its name for people, e.g. `robots.expectations`. */
	readonly name: string;
	readonly checked: CheckedExpectations;
}

/** At most this many failures are listed in one robots.txt diagnostic. */
const maxListedFailures = 3;

/**
 * Diagnostics in the robots.txt where its expectations fail: one per robots.txt line that decides (or, when no rule
 * decides, the group followed), listing the failures it causes, each linked to its expectation.
 */
export function computeExpectationFailuresInRobots(robots: RobotsModel, sources: readonly ExpectationsSource[]): Diagnostic[] {
	const byLine = new Map<number, { source: ExpectationsSource; result: ExpectationResult }[]>();
	for (const source of sources) {
		for (const result of source.checked.results ?? []) {
			if (!result.passed) {
				groupInto(byLine, Math.min(failingLineOf(result), robots.lineCount - 1), { source, result });
			}
		}
	}
	const diagnostics: Diagnostic[] = [];
	for (const [line, failures] of [...byLine].sort((a, b) => a[0] - b[0])) {
		const listed = failures.slice(0, maxListedFailures).map(({ source, result }) => `${source.name}:${result.expectation.line + 1}: ${failureMessage(result)}`);
		const more = failures.length > maxListedFailures ? ' ' + t('And {0} more.', formatNumber(failures.length - maxListedFailures)) : '';
		const head = failures.length === 1 ? t('An expectation fails here.') : t('{0} expectations fail here.', formatNumber(failures.length));
		diagnostics.push({
			range: lineRange(robots, line),
			severity: DiagnosticSeverity.Warning,
			code: 'expectation-failed',
			source: diagnosticSource,
			message: `${head} ${listed.join(' ')}${more}`,
			relatedInformation: failures.slice(0, 20).map(({ source, result }) => ({
				location: {
					uri: source.uri,
					range: range(result.expectation.line, { start: result.expectation.crawlerSpan.start, end: result.expectation.end }),
				},
				message: t('expects {0}', [result.expectation.verdict, ...result.expectation.preferences.map((p) => `${p.key}=${p.value}`)].join(' ')),
			})),
		});
	}
	return diagnostics;
}
