/**
 * Runs an expectations file against a robots.txt: each expectation is answered by the crawler model (`evaluateAs`,
 * so with the deciding line and the reading behind it) and passes when the verdict is the one expected. The words of
 * a failure are written here once, for the editor, the robots.txt itself and the CLI.
 */

import { verdictSentence, verdictWord } from '../crawlers/explain';
import { crawlerProfile, unnamedCrawler } from '../crawlers/profile';
import { crawlerEvaluator, type CrawlerEvaluation } from '../crawlers/reading';
import { formatNumber, t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';
import type { Expectation, ExpectationsFile } from './format';

/** One expectation and the crawler model's answer. */
export interface ExpectationResult {
	readonly expectation: Expectation;
	readonly evaluation: CrawlerEvaluation;
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
		return { expectation, evaluation, passed: evaluation.verdict === expectation.verdict };
	});
	const failed = results.filter((result) => !result.passed).length;
	return { file, results, passed: results.length - failed, failed };
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
	const { expectation, evaluation } = result;
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
	const { expectation, evaluation } = result;
	return t('{0} is {1} for {2}, as expected.', expectationCrawler(expectation), verdictSentence(evaluation), expectation.url);
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

/** The line a failure points at in the robots.txt: the deciding line, else the group followed, else the first line. */
export function robotsLineOf(evaluation: CrawlerEvaluation): number {
	if (evaluation.rule) {
		return evaluation.rule.line;
	}
	return evaluation.reading.groups[0]?.line ?? 0;
}
