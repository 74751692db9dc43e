/**
 * Runs an expectations file against a robots.txt: each expectation is answered by the crawler model (`evaluateAs`,
 * so with the deciding line and the reading behind it) and passes when the verdict is the one expected and the
 * preference lines (`preferencesOf`, from the same answer) say what it expects of them. The words of a failure are
 * written here once, for the editor, the robots.txt itself and the CLI.
 */

import { verdictSentence, verdictWord } from '../crawlers/explain';
import { crawlerProfile, unnamedCrawler } from '../crawlers/profile';
import { crawlerEvaluator, type CrawlerEvaluation } from '../crawlers/reading';
import { formatNumber, t } from '../l10n';
import { preferencesOf, type PreferenceAnswer } from '../preferences/answer';
import { describePreferences } from '../preferences/explain';
import type { RobotsModel } from '../syntax/parser';
import type { Expectation, ExpectationsFile, ExpectedPreference } from './format';

/** One expectation and the crawler model's answer. */
export interface ExpectationResult {
	readonly expectation: Expectation;
	readonly evaluation: CrawlerEvaluation;
	/** What the preference lines say for the URL, when the expectation expects preferences. */
	readonly preferences?: PreferenceAnswer;
	/** The expected preferences the lines do not state. */
	readonly mismatched: readonly ExpectedPreference[];
	readonly passed: boolean;
}

/** An expectations file with its results; `results` is undefined when its robots.txt could not be read. */
export interface CheckedExpectations {
	readonly file: ExpectationsFile;
	readonly results?: readonly ExpectationResult[];
	/** Why there are no results (the robots.txt is missing or unreadable), said by whoever looked for it. */
	readonly robotsProblem?: string;
	readonly passed: number;
	readonly failed: number;
}

/** Answers every expectation of the file as the robots.txt `robots` reads. */
export function checkExpectations(file: ExpectationsFile, robots: RobotsModel): CheckedExpectations {
	// `*` is a crawler that no group names: the same stand-in Test URL uses.
	let unnamed: string | undefined;
	// One evaluator per crawler as written (token and parser), not a profile and a reading looked up per expectation.
	const evaluators = new Map<string, (url: string) => CrawlerEvaluation>();
	const results = file.expectations.map((expectation): ExpectationResult => {
		const key = `${expectation.crawler}\n${expectation.parser ?? ''}`;
		let evaluate = evaluators.get(key);
		if (!evaluate) {
			const token = expectation.crawler === '*' ? (unnamed ??= unnamedCrawler(robots)) : expectation.crawler;
			evaluate = crawlerEvaluator(robots, crawlerProfile(token, expectation.parser));
			evaluators.set(key, evaluate);
		}
		const evaluation = evaluate(expectation.url);
		if (expectation.preferences.length === 0) {
			return { expectation, evaluation, mismatched: [], passed: evaluation.verdict === expectation.verdict };
		}
		const preferences = preferencesOf(robots, evaluation);
		const mismatched = expectation.preferences.filter((expected) => statedValue(preferences, expected) !== expected.value);
		return { expectation, evaluation, preferences, mismatched, passed: evaluation.verdict === expectation.verdict && mismatched.length === 0 };
	});
	const failed = results.filter((result) => !result.passed).length;
	return { file, results, passed: results.length - failed, failed };
}

/** The value the preference lines state for an expected preference's key, of its kind. */
function statedValue(answer: PreferenceAnswer, expected: ExpectedPreference): string | undefined {
	const stated: Readonly<Record<string, string>> | undefined =
		expected.kind === 'content-usage' ? answer.contentUsage?.preferences : answer.contentSignal?.signals;
	return stated?.[expected.key];
}

/** The file without results, because its robots.txt could not be read (`problem` says why). */
export function uncheckedExpectations(file: ExpectationsFile, problem: string): CheckedExpectations {
	return { file, robotsProblem: problem, passed: 0, failed: 0 };
}

/** The crawler as a failure names it. */
function expectationCrawler(expectation: Expectation): string {
	const who = expectation.crawler === '*' ? t('a crawler that no group names') : expectation.crawler;
	return expectation.parser ? t('{0} (read as {1})', who, expectation.parser) : who;
}

/**
 * "Expected Googlebot to be DISALLOWED for /x, but it is ALLOWED by line 3 `Allow: /x` (the longest matching rule);
 * it follows its own group at line 1."
 */
export function failureMessage(result: ExpectationResult): string {
	const { expectation, evaluation, preferences } = result;
	if (evaluation.verdict === expectation.verdict && preferences) {
		const expected = result.mismatched.map((preference) => `${preference.key}=${preference.value}`).join(', ');
		const said = describePreferences(preferences);
		return said === ''
			? t('Expected {0} to find {1} for {2}, but no preference line speaks for it.', expectationCrawler(expectation), expected, expectation.url)
			: t('Expected {0} to find {1} for {2}, but: {3}', expectationCrawler(expectation), expected, expectation.url, said);
	}
	return t(
		'Expected {0} to be {1} for {2}, but it is {3}.',
		expectationCrawler(expectation),
		verdictWord(expectation.verdict),
		expectation.url,
		verdictSentence(evaluation),
	);
}

/** "Googlebot is DISALLOWED for /x, as expected: by line 3 …". */
export function passMessage(result: ExpectationResult): string {
	const { expectation, evaluation, preferences } = result;
	const passed = t('{0} is {1} for {2}, as expected.', expectationCrawler(expectation), verdictSentence(evaluation), expectation.url);
	return preferences ? `${passed} ${describePreferences(preferences)}` : passed;
}

/** "2 passed, 1 failed", with the lines that could not be read when there are any. */
export function summaryText(checked: CheckedExpectations): string {
	if (checked.results === undefined) {
		return t('{0} not run: {1}', formatNumber(checked.file.expectations.length), checked.robotsProblem ?? t('no robots.txt'));
	}
	const invalid = checked.file.problems.length;
	const counts = t('{0} passed, {1} failed', formatNumber(checked.passed), formatNumber(checked.failed));
	if (invalid === 0) {
		return counts;
	}
	return invalid === 1 ? t('{0}, {1} line not understood', counts, formatNumber(invalid)) : t('{0}, {1} lines not understood', counts, formatNumber(invalid));
}

/**
 * The line of the robots.txt a failure points at: for a verdict, the deciding line (`robotsLineOf`); for preferences
 * alone, the first preference line that speaks for the URL in their place, else the deciding line.
 */
export function failingLineOf(result: ExpectationResult): number {
	const { evaluation, preferences, expectation } = result;
	if (preferences && evaluation.verdict === expectation.verdict) {
		const kinds = new Set(result.mismatched.map((preference) => preference.kind));
		const usage = kinds.has('content-usage') ? preferences.contentUsage?.line : undefined;
		const signal = kinds.has('content-signal') ? preferences.contentSignal?.line : undefined;
		const line = usage ?? signal;
		if (line !== undefined) {
			return line;
		}
	}
	return robotsLineOf(evaluation);
}

/** The line a failure points at in the robots.txt: the deciding line, else the group followed, else the first line. */
export function robotsLineOf(evaluation: CrawlerEvaluation): number {
	if (evaluation.rule) {
		return evaluation.rule.line;
	}
	return evaluation.reading.groups[0]?.line ?? 0;
}
