/**
 * The deployed robots.txt in the editor: the text shown for a fetch, what every target crawler concludes, the response
 * facts as a code lens and (when the response changes what crawlers read) a diagnostic on the first line, Test URL
 * answers that start from the response, and the comparison of a local file with the deployed one on probe URLs.
 */

import { DiagnosticSeverity, type CodeLens, type Diagnostic } from 'vscode-languageserver-types';
import { listNames, verdictWord } from '../crawlers/explain';
import { crawlerProfile } from '../crawlers/profile';
import { evaluateAs } from '../crawlers/reading';
import { alignedTable, testUrl, testUrlAll, verdictSummary, type TestUrlParams } from '../features/testUrl';
import { formatNumber, t } from '../l10n';
import type { AnalysisOptions } from '../options';
import type { VerdictName } from '../verdict';
import type { DeployedCompareRow, TestUrlAllResult, TestUrlResult } from '../protocol';
import { decodeRobotsBytes } from '../syntax/bytes';
import { lineRole, RobotsModel } from '../syntax/parser';
import { concludeFetch, concludeFetchAll, evaluateFetched, type FetchConclusion } from './conclude';
import {
	basisNote,
	conclusionLabel,
	describeConclusion,
	describeResponse,
	eventConsequence,
	formatDuration,
	responseHeadline,
	summariseConclusions,
	type ResponseFacts,
} from './explain';
import { finalResponse, type FetchOutcome } from './response';

/** A fetched robots.txt with what the target crawlers make of it. */
export interface DeployedAnalysis {
	readonly outcome: FetchOutcome;
	readonly facts: ResponseFacts;
	/** The text to show: a 2xx body as UTF-8 (bytes that are not UTF-8 kept), else empty. */
	readonly text: string;
	readonly conclusions: readonly FetchConclusion[];
}

/** Analyses a fetch for the target crawlers. */
export function analyseDeployed(outcome: FetchOutcome, crawlers: readonly string[]): DeployedAnalysis {
	const final = finalResponse(outcome);
	const shows = final !== undefined && final.status >= 200 && final.status < 300 && final.body !== undefined;
	return {
		outcome,
		facts: describeResponse(outcome),
		text: shows ? decodeRobotsBytes(final.body!) : '',
		conclusions: concludeFetchAll(outcome, crawlers),
	};
}

/** The full report of a fetch, for an output channel or a terminal: facts, notes, then each crawler's conclusion. */
export function deployedReport(analysis: DeployedAnalysis): string {
	const { facts } = analysis;
	const lines = [`GET ${facts.url}`];
	for (const redirect of facts.redirects) {
		lines.push(`  ${redirect.status} → ${redirect.to}`);
	}
	const wire = facts.wireBytes !== undefined ? ` ${t('({0} bytes on the wire)', formatNumber(facts.wireBytes))}` : '';
	lines.push(`  ${responseHeadline(facts)}${facts.contentType ? ` · ${facts.contentType}` : ''}${facts.contentEncoding.length > 0 ? ` · ${facts.contentEncoding.join(', ')}${wire}` : ''}`);
	if (facts.error) {
		lines.push(`  ${facts.error}`);
	}
	for (const note of facts.notes) {
		lines.push(`  ${note}`);
	}
	lines.push('');
	for (const conclusion of analysis.conclusions) {
		lines.push(describeConclusion(conclusion));
	}
	return lines.join('\n');
}

const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The client command that shows a text in the Robots.txt output (the lens's details). */
export const showDetailsCommand = 'robotsTxt.showDetails';

/**
 * Code lenses at the top of the deployed document: the response (status, redirects, final URL) and how long the
 * crawlers keep it. A lens is always visible above the text, unlike a hover, and the response is a fact about the whole
 * file, not one line; both open the full report.
 */
export function deployedLenses(analysis: DeployedAnalysis): CodeLens[] {
	const { facts } = analysis;
	const report = deployedReport(analysis);
	const title = facts.redirects.length > 0
		? t('Deployed: {0} from {1}', responseHeadline(facts), facts.finalUrl)
		: t('Deployed: {0}', responseHeadline(facts));
	const lenses: CodeLens[] = [
		{ range: top, command: { title, command: showDetailsCommand, arguments: [report] } },
	];
	const kept = new Map<string, string[]>();
	for (const conclusion of analysis.conclusions) {
		const label = conclusion.cache
			? (conclusion.cache.seconds === null ? t('no expiry') : t('kept {0}', formatDuration(conclusion.cache.seconds)))
			: conclusionLabel(conclusion.kind);
		kept.set(label, [...(kept.get(label) ?? []), conclusion.crawler.token]);
	}
	if (kept.size > 0) {
		const keptTitle = [...kept].map(([label, tokens]) => `${label}: ${tokens.length > 3 ? t('{0} crawlers', formatNumber(tokens.length)) : tokens.join(', ')}`).join(' · ');
		lenses.push({ range: top, command: { title: keptTitle, command: showDetailsCommand, arguments: [report] } });
	}
	return lenses;
}

/**
 * A diagnostic on the first line when the response changes what crawlers read: a target crawler does not read the
 * rules in the body (a warning), or the response has something to say (a soft 404, a charset, a cut: information).
 */
export function deployedDiagnostics(analysis: DeployedAnalysis, firstLineLength: number): Diagnostic[] {
	const notRules = analysis.conclusions.filter((conclusion) => conclusion.kind !== 'rules');
	const notes = [...(analysis.facts.error ? [analysis.facts.error + '.'] : []), ...analysis.facts.notes];
	if (notRules.length === 0 && notes.length === 0) {
		return [];
	}
	const who = summariseConclusions(analysis.conclusions).map((line) => `${line}.`);
	const message = [t('Deployed robots.txt: {0}.', responseHeadline(analysis.facts)), ...notes, ...who].join(' ');
	return [{
		range: { start: { line: 0, character: 0 }, end: { line: 0, character: firstLineLength } },
		severity: notRules.length > 0 ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
		source: 'robots-txt',
		message,
	}];
}

/** The conclusion of one crawler (a target or any other token). */
function conclusionFor(analysis: DeployedAnalysis, token: string): FetchConclusion {
	return analysis.conclusions.find((conclusion) => conclusion.crawler.token.toLowerCase() === token.trim().toLowerCase())
		?? concludeFetch(analysis.outcome, token.trim());
}

/** Test URL on the deployed document: from the rules when the crawler reads them, else from the response. */
export function testUrlDeployed(model: RobotsModel, analysis: DeployedAnalysis, params: TestUrlParams, options: AnalysisOptions): TestUrlResult {
	const result = testUrl(model, params, options);
	if (params.agent.trim() === '*' || params.parser !== undefined) {
		return result;
	}
	const conclusion = conclusionFor(analysis, params.agent);
	if (conclusion.kind === 'rules') {
		return conclusion.model && conclusion.model.text !== model.text ? testUrl(conclusion.model, params, options) : result;
	}
	const { verdict } = evaluateFetched(conclusion, params.url);
	const sentence = describeConclusion(conclusion);
	return {
		...result,
		verdict: verdict === 'unknown' ? result.verdict : verdict,
		line: null,
		rule: null,
		selectLine: null,
		headline: t('{0} as {1}: {2}, whatever the rules: {3}.', params.url, conclusion.crawler.token, verdictWord(verdict), eventConsequence(conclusion)),
		explanation: sentence,
		others: [],
	};
}

/** Test URL for every target crawler on the deployed document, each from the response where it does not read the rules. */
export function testUrlAllDeployed(model: RobotsModel, analysis: DeployedAnalysis, url: string, options: AnalysisOptions): TestUrlAllResult {
	const result = testUrlAll(model, url, options);
	const rows = result.rows.map((row) => {
		const conclusion = conclusionFor(analysis, row.crawler.token);
		if (conclusion.kind === 'rules') {
			return row;
		}
		const { verdict } = evaluateFetched(conclusion, url);
		return { ...row, verdict: verdict === 'unknown' ? row.verdict : verdict, line: null, rule: `(${conclusionLabel(conclusion.kind)}: ${conclusion.event})`, selectLine: null, explanation: describeConclusion(conclusion) };
	});
	return { ...result, rows, summary: verdictSummary(url, rows, true) };
}

/** One verdict that differs between the local file and the deployed one (the wire shape is the core's). */
export type ComparisonRow = DeployedCompareRow;

export interface Comparison {
	readonly urls: readonly string[];
	readonly rows: readonly ComparisonRow[];
	/** One line: how many verdicts differ, for how many crawlers and URLs. */
	readonly summary: string;
	/** The differing verdicts as an aligned plain-text table. */
	readonly table: string;
}

/** How many probe URLs a comparison takes at most. */
const maxProbes = 500;

/**
 * Probe paths from both files' rules: `/` and, for every Allow and Disallow line (as RFC 9309 or Google read them), the
 * pattern's literal beginning (up to the first `*` or `$`), and that beginning followed by one more segment, so that a
 * rule and its neighbours both get a URL.
 */
export function probePaths(models: readonly RobotsModel[]): string[] {
	const paths = new Set<string>(['/']);
	for (const model of models) {
		for (let line = 0; line < model.lineCount && paths.size < maxProbes; line++) {
			const node = model.lines[line];
			const role = lineRole(node, 'rfc9309');
			if (role !== 'allow' && role !== 'disallow' && lineRole(node, 'google') !== 'allow' && lineRole(node, 'google') !== 'disallow') {
				continue;
			}
			const value = model.valueText(line);
			const literal = value.split(/[*$]/)[0];
			if (!literal.startsWith('/')) {
				continue;
			}
			paths.add(literal);
			paths.add(literal.endsWith('/') ? `${literal}probe` : `${literal}/probe`);
		}
	}
	return [...paths].slice(0, maxProbes);
}

/** The verdicts of the target crawlers on `urls` (probe paths by default) that differ between the local and the deployed file. */
export function compareWithDeployed(local: RobotsModel, analysis: DeployedAnalysis, crawlers: readonly string[], urls?: readonly string[]): Comparison {
	const deployedModel = RobotsModel.parse(analysis.text);
	const probes = urls && urls.length > 0 ? [...urls] : probePaths([local, deployedModel]);
	const rows: ComparisonRow[] = [];
	const seen = new Set<string>();
	for (const token of crawlers) {
		const key = token.trim().toLowerCase();
		if (key === '' || seen.has(key)) {
			continue;
		}
		seen.add(key);
		const profile = crawlerProfile(token.trim());
		const conclusion = conclusionFor(analysis, profile.token);
		for (const url of probes) {
			const mine = evaluateAs(local, profile, url);
			const theirs = evaluateFetched(conclusion, url);
			if (theirs.verdict !== mine.verdict) {
				rows.push({
					crawler: profile.token,
					url,
					local: mine.verdict,
					localLine: mine.rule?.line ?? null,
					deployed: theirs.verdict,
					deployedLine: theirs.evaluation?.rule?.line ?? null,
					...(conclusion.kind !== 'rules' ? { deployedBecause: `${conclusionLabel(conclusion.kind)}: ${conclusion.event} ${basisNote(conclusion.basis)}` } : {}),
				});
			}
		}
	}
	const crawlersWith = [...new Set(rows.map((row) => row.crawler))];
	const summary = rows.length === 0
		? noDifference(analysis.facts.url, seen.size, probes.length)
		: rows.length === 1
			? t('1 verdict differs between the local file and {0}, for {1} ({2} URLs tested).', analysis.facts.url, listNames(crawlersWith), formatNumber(probes.length))
			: t('{0} verdicts differ between the local file and {1}, for {2} ({3} URLs tested).', formatNumber(rows.length), analysis.facts.url, listNames(crawlersWith), formatNumber(probes.length));
	return { urls: probes, rows, summary, table: comparisonTable(rows) };
}

/** That no verdict differs, with singular and plural of both counts as separate keys. */
function noDifference(url: string, crawlers: number, urls: number): string {
	const c = formatNumber(crawlers);
	const u = formatNumber(urls);
	if (crawlers === 1) {
		return urls === 1
			? t('No verdict differs between the local file and {0} for {1} crawler on {2} URL.', url, c, u)
			: t('No verdict differs between the local file and {0} for {1} crawler on {2} URLs.', url, c, u);
	}
	return urls === 1
		? t('No verdict differs between the local file and {0} for {1} crawlers on {2} URL.', url, c, u)
		: t('No verdict differs between the local file and {0} for {1} crawlers on {2} URLs.', url, c, u);
}

function comparisonTable(rows: readonly ComparisonRow[]): string {
	if (rows.length === 0) {
		return '';
	}
	const where = (verdict: string, line: number | null) => {
		const word = verdictWord(verdict as VerdictName);
		return line === null ? word : t('{0} (line {1})', word, line + 1);
	};
	const cells = [[t('Crawler'), 'URL', t('Local'), t('Deployed')], ...rows.map((row) => [
		row.crawler, row.url, where(row.local, row.localLine), where(row.deployed, row.deployedLine) + (row.deployedBecause ? `: ${row.deployedBecause}` : ''),
	])];
	return alignedTable(cells);
}
