/**
 * "Test URL": one URL for one crawler, answered as that crawler reads the file (crawlers/reading.ts), followed by the
 * other parsers of the analysis only where they answer differently; the same URL for every target crawler as a
 * table; and the crawler names a client offers when it asks which crawler to test.
 */

import { allDialects, dialectName, isDialect, type Dialect } from '../dialect';
import { crawlerProfile, crawlersNamedIn, unnamedCrawler, type CrawlerProfile } from '../crawlers/profile';
import { describeDecision, explainEvaluation, formatBytes, listNames, parserRobots, ruleText, verdictSentence, verdictWord } from '../crawlers/explain';
import { evaluateAs, type CrawlerEvaluation } from '../crawlers/reading';
import { auditCategories } from '../bench/audit';
import { knownCrawlers } from '../facts/crawlers';
import { formatNumber, t } from '../l10n';
import { analysisDialects, type AnalysisOptions } from '../options';
import { preferencesOf } from '../preferences/answer';
import { describePreferences, preferenceLinesOf, preferencesCell } from '../preferences/explain';
import type { AgentList, CrawlerSummary, CrawlerVerdictRow, OtherReading, PreferencesView, TestUrlAllResult, TestUrlResult } from '../protocol';
import type { RobotsModel } from '../syntax/parser';

/** What to test: a URL (a path alone is fine), a crawler token (`*`: a crawler no group names), optionally a parser. */
export interface TestUrlParams {
	readonly url: string;
	readonly agent: string;
	readonly parser?: string;
}

/** Answers the URL for the crawler, and names the other parsers of the analysis that answer differently. */
export function testUrl(model: RobotsModel, params: TestUrlParams, options: AnalysisOptions): TestUrlResult {
	const anyCrawler = params.agent.trim() === '*';
	const token = anyCrawler ? unnamedCrawler(model) : params.agent.trim();
	const parser = params.parser !== undefined && isDialect(params.parser) ? params.parser : undefined;
	const profile = crawlerProfile(token, parser);
	const evaluation = evaluateAs(model, profile, params.url);
	const who = anyCrawler ? t('any crawler without a group of its own') : profile.token || t('(empty agent)');
	const others = otherReadings(model, profile, params.url, evaluation, options);
	// The rule that decides, or whose group the crawler follows; the reading's details are in the explanation.
	const decision = evaluation.rule !== null ? `${verdictWord(evaluation.verdict)} ${describeDecision(evaluation)}` : verdictSentence(evaluation);
	const preferences = preferencesView(model, evaluation);
	const headline =
		t('{0} as {1}: {2}.', params.url, who, decision)
		+ pastItsReading(model, profile, params.url, evaluation)
		+ othersSentence(others)
		+ (preferences.text === '' ? '' : ` ${preferences.text}`);
	return {
		url: params.url,
		crawler: summary(profile),
		verdict: evaluation.verdict,
		line: evaluation.rule ? evaluation.rule.line : null,
		rule: evaluation.rule ? evaluation.rule.text : null,
		selectLine: selectLine(evaluation),
		headline,
		explanation: explainEvaluation(evaluation),
		others,
		preferences,
		parserAssumed: !profile.known && parser === undefined,
		parsers: allDialects.map((dialect) => ({ parser: dialect, name: dialectName(dialect) })),
	};
}

/** A row's verdict word with its deciding line (0-based), or alone. */
export function verdictText(verdict: 'allow' | 'disallow', line: number | null): string {
	return line === null ? verdictWord(verdict) : t('{0} · line {1}', verdictWord(verdict), line + 1);
}

/** The same URL for every target crawler, in the order of the settings. */
export function testUrlAll(model: RobotsModel, url: string, options: AnalysisOptions): TestUrlAllResult {
	const rows: CrawlerVerdictRow[] = options.crawlers.map((token) => {
		const evaluation = evaluateAs(model, crawlerProfile(token), url);
		return {
			crawler: summary(evaluation.crawler),
			verdict: evaluation.verdict,
			line: evaluation.rule ? evaluation.rule.line : null,
			rule: evaluation.rule ? evaluation.rule.text : null,
			selectLine: selectLine(evaluation),
			verdictText: verdictText(evaluation.verdict, evaluation.rule ? evaluation.rule.line : null),
			explanation: explainEvaluation(evaluation),
			preferences: preferencesView(model, evaluation),
		};
	});
	return { url, rows, summary: verdictSummary(url, rows, false), table: table(rows) };
}

/**
 * "/x: 12 of 13 crawlers may fetch it; DISALLOWED for GPTBot." (the verdict word in the reader's language) Control tokens (Google-Extended) fetch nothing, so
 * they are not counted among the crawlers that may fetch; their verdicts are said apart.
 */
export function verdictSummary(url: string, rows: readonly CrawlerVerdictRow[], deployed: boolean): string {
	if (rows.length === 0) {
		return t('No target crawlers (robotsTxt.crawlers is empty).');
	}
	const control = rows.filter((row) => crawlerProfile(row.crawler.token).controlToken);
	const fetching = rows.filter((row) => !control.includes(row));
	const allowed = fetching.filter((row) => row.verdict === 'allow').length;
	const disallowed = listNames(fetching.filter((row) => row.verdict === 'disallow').map((row) => row.crawler.token));
	let line = deployed
		? t('{0}: {1} of {2} crawlers may fetch it (deployed file).', url, formatNumber(allowed), formatNumber(fetching.length))
		: allowed < fetching.length
			? t('{0}: {1} of {2} crawlers may fetch it; {3} for {4}.', url, formatNumber(allowed), formatNumber(fetching.length), verdictWord('disallow'), disallowed)
			: t('{0}: {1} of {2} crawlers may fetch it.', url, formatNumber(allowed), formatNumber(fetching.length));
	const permitted = control.filter((row) => row.verdict === 'allow').map((row) => row.crawler.token);
	const refused = control.filter((row) => row.verdict === 'disallow').map((row) => row.crawler.token);
	if (permitted.length > 0) {
		line += ' ' + t('Not counted: {0} (control tokens, which fetch nothing); the file lets the page be used for what they control.', listNames(permitted));
	}
	if (refused.length > 0) {
		line +=
			' ' + t('Not counted: {0} (control tokens, which fetch nothing); the file keeps the page from being used for what they control.', listNames(refused));
	}
	return line;
}

/** The crawlers the file names (`crawlersNamedIn`), the target crawlers and the whole catalogue. */
export function computeAgents(model: RobotsModel, options: AnalysisOptions): AgentList {
	const fromFile = crawlersNamedIn([model]);
	const known = knownCrawlers.map(({ token, owner, category, description }) => ({ token, owner, category, description }));
	return { fromFile, targets: [...options.crawlers], known, categories: auditCategories.map(({ category, label }) => ({ category, label })) };
}

/** No preference line speaks: for an answer the response makes, where the crawler reads no rules. */
export const noPreferences: PreferencesView = { text: '', cell: '—', contentUsage: null, contentSignal: null, licenses: [], lines: [] };

/** What the preference lines say beside the crawler's verdict: from the same evaluation (preferences/answer.ts). */
function preferencesView(model: RobotsModel, evaluation: CrawlerEvaluation): PreferencesView {
	const answer = preferencesOf(model, evaluation);
	const { contentUsage, contentSignal } = answer;
	return {
		text: describePreferences(answer),
		cell: preferencesCell(answer),
		contentUsage: contentUsage && { preferences: contentUsage.preferences, line: contentUsage.line },
		contentSignal: contentSignal && { signals: contentSignal.signals, line: contentSignal.line },
		licenses: answer.licenses,
		lines: preferenceLinesOf(answer),
	};
}

/** A crawler as the protocol describes it. */
export function summary(profile: CrawlerProfile): CrawlerSummary {
	return {
		token: profile.token,
		owner: profile.owner,
		category: profile.category,
		known: profile.known,
		parser: profile.dialect,
		parserName: dialectName(profile.dialect),
	};
}

/** The deciding line; else the User-agent line of the group followed; else null. */
function selectLine(evaluation: CrawlerEvaluation): number | null {
	if (evaluation.rule) {
		return evaluation.rule.line;
	}
	const group = evaluation.reading.groups[0];
	return group ? group.line : null;
}

/**
 * When the crawler stops reading before the end of the file and a rule past that point would answer otherwise, the
 * real reason for the verdict: " Line 47 068 (`Disallow: /no`) would disallow it, but it is past the first 500 KiB
 * Googlebot reads." Empty otherwise.
 */
function pastItsReading(model: RobotsModel, profile: CrawlerProfile, url: string, evaluation: CrawlerEvaluation): string {
	const extent = evaluation.reading.extent;
	if (extent.kind !== 'cut' || profile.ignoresRobotsTxt) {
		return '';
	}
	const whole = evaluateAs(model, { ...profile, sizeLimit: null }, url);
	if (whole.verdict === evaluation.verdict || whole.rule === null || whole.rule.line < extent.line) {
		return '';
	}
	return (
		' '
		+ (whole.verdict === 'allow'
			? t(
					'Line {0} (`{1}`) would allow it, but it is past the first {2} {3} reads.',
					formatNumber(whole.rule.lineNumber),
					ruleText(whole.rule.text),
					formatBytes(extent.limit),
					profile.token,
				)
			: t(
					'Line {0} (`{1}`) would disallow it, but it is past the first {2} {3} reads.',
					formatNumber(whole.rule.lineNumber),
					ruleText(whole.rule.text),
					formatBytes(extent.limit),
					profile.token,
				))
	);
}

/**
 * The parsers of the analysis other than the crawler's, where their verdicts differ: each read as this same crawler
 * with that parser (its token, fallback tokens and size limit kept), so that a rule past the part of the file the
 * crawler reads decides for none of them.
 */
function otherReadings(model: RobotsModel, profile: CrawlerProfile, url: string, crawler: CrawlerEvaluation, options: AnalysisOptions): OtherReading[] {
	const out: OtherReading[] = [];
	for (const dialect of analysisDialects(options)) {
		if (dialect === crawler.reading.dialect) {
			continue;
		}
		const evaluation = evaluateAs(model, { ...profile, dialect }, url);
		if (evaluation.verdict !== crawler.verdict) {
			out.push(other(dialect, evaluation));
		}
	}
	return out;
}

function other(dialect: Dialect, evaluation: CrawlerEvaluation): OtherReading {
	return {
		parser: dialect,
		parserName: dialectName(dialect),
		verdict: evaluation.verdict,
		line: evaluation.rule ? evaluation.rule.line : null,
		rule: evaluation.rule ? evaluation.rule.text : null,
		explanation: explainEvaluation(evaluation),
	};
}

/** " RFC 9309 parsers would find it ALLOWED (line 2 `Allow: /`)." for each differing verdict and deciding line. */
function othersSentence(others: readonly OtherReading[]): string {
	const clusters = new Map<string, OtherReading[]>();
	for (const reading of others) {
		const key = `${reading.verdict}\n${reading.line}`;
		clusters.set(key, [...(clusters.get(key) ?? []), reading]);
	}
	let out = '';
	for (const cluster of clusters.values()) {
		const first = cluster[0];
		const how = first.line === null ? t('no rule decides') : t('line {0} {1}', first.line + 1, `\`${ruleText(first.rule ?? '')}\``);
		const names = listNames(cluster.map((reading) => parserRobots(reading.parser, 'examples')));
		const who = names.charAt(0).toUpperCase() + names.slice(1);
		out += ' ' + t('{0} would find it {1} ({2}).', who, verdictWord(first.verdict), how);
	}
	return out;
}

/** An aligned plain-text table: crawler, verdict, line, rule; and the preferences when a row has any, before the rule. */
function table(rows: readonly CrawlerVerdictRow[]): string {
	const withPreferences = rows.some((row) => row.preferences.cell !== '—');
	const cells = [
		[t('Crawler'), t('Verdict'), t('Line'), ...(withPreferences ? [t('Preferences')] : []), t('Rule')],
		...rows.map((row) => [
			row.crawler.token,
			verdictWord(row.verdict),
			row.line === null ? '—' : String(row.line + 1),
			...(withPreferences ? [row.preferences.cell] : []),
			row.rule === null ? (row.selectLine === null ? t('no group applies') : t('no rule matches (group at line {0})', row.selectLine + 1)) : ruleText(row.rule),
		]),
	];
	return alignedTable(cells);
}

/**
 * Rows of cells as plain text, every column but the last padded to its widest cell. The widths are found in a loop:
 * `Math.max(...column)` takes an argument per row and overflows the stack past some 100 000 rows.
 */
export function alignedTable(cells: readonly (readonly string[])[]): string {
	const widths: number[] = [];
	for (const row of cells) {
		for (let column = 0; column < row.length - 1; column++) {
			widths[column] = Math.max(widths[column] ?? 0, row[column].length);
		}
	}
	return cells
		.map((row) =>
			row
				.map((text, column) => (column < row.length - 1 ? text.padEnd(widths[column]) : text))
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}
