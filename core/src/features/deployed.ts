/**
 * The deployed robots.txt in the editor: the text shown for a fetch, what every target crawler concludes, the response
 * facts as a code lens and (when the response changes what crawlers read) a diagnostic on the first line, Test URL
 * answers that start from the response, and the comparison of a local file with the deployed one on probe URLs.
 */

import { DiagnosticSeverity, type CodeLens, type Diagnostic } from 'vscode-languageserver-types';
import { listNames, verdictWord } from '../crawlers/explain';
import { evaluateAs } from '../crawlers/reading';
import { verdictFlips } from '../bench/diff';
import { managedDifference } from '../bench/managed';
import { benchColumns, benchProbes, benchUrlRows } from './testBench';
import { alignedTable, noPreferences, testUrl, testUrlAll, verdictSummary, type TestUrlParams } from './testUrl';
import { verdictText } from '../features/testUrl';
import { formatNumber, t } from '../l10n';
import type { AnalysisOptions } from '../options';
import { diagnosticSource, showDetailsCommand, type DeployedCompareRow, type TestUrlAllResult, type TestUrlResult } from '../protocol';
import type { VerdictName } from '../verdict';
import { decodeRobotsBytes } from '../syntax/bytes';
import { RobotsModel } from '../syntax/parser';
import { concludeFetch, concludeFetchAll, evaluateFetched, type FetchConclusion } from '../fetch/conclude';
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
} from '../fetch/explain';
import { finalResponse, type FetchOutcome } from '../fetch/response';

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
	lines.push(
		`  ${responseHeadline(facts)}${facts.contentType ? ` · ${facts.contentType}` : ''}${facts.contentEncoding.length > 0 ? ` · ${facts.contentEncoding.join(', ')}${wire}` : ''}`,
	);
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

/**
 * Code lenses at the top of the deployed document: the response (status, redirects, final URL) and how long the
 * crawlers keep it. A lens is always visible above the text, unlike a hover, and the response is a fact about the whole
 * file, not one line; both open the full report.
 */
export function deployedLenses(analysis: DeployedAnalysis): CodeLens[] {
	const { facts } = analysis;
	const report = deployedReport(analysis);
	const title = facts.redirects.length > 0 ? t('Deployed: {0} from {1}', responseHeadline(facts), facts.finalUrl) : t('Deployed: {0}', responseHeadline(facts));
	const lenses: CodeLens[] = [{ range: top, command: { title, command: showDetailsCommand, arguments: [report] } }];
	const kept = new Map<string, string[]>();
	for (const conclusion of analysis.conclusions) {
		const label = conclusion.cache
			? conclusion.cache.seconds === null
				? t('no expiry')
				: t('kept {0}', formatDuration(conclusion.cache.seconds))
			: conclusionLabel(conclusion.kind);
		kept.set(label, [...(kept.get(label) ?? []), conclusion.crawler.token]);
	}
	if (kept.size > 0) {
		const keptTitle = [...kept]
			.map(([label, tokens]) => `${label}: ${tokens.length > 3 ? t('{0} crawlers', formatNumber(tokens.length)) : tokens.join(', ')}`)
			.join(' · ');
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
	return [
		{
			range: { start: { line: 0, character: 0 }, end: { line: 0, character: firstLineLength } },
			severity: notRules.length > 0 ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
			source: diagnosticSource,
			message,
		},
	];
}

/** The conclusion of one crawler (a target or any other token). */
function conclusionFor(analysis: DeployedAnalysis, token: string): FetchConclusion {
	return (
		analysis.conclusions.find((conclusion) => conclusion.crawler.token.toLowerCase() === token.trim().toLowerCase())
		?? concludeFetch(analysis.outcome, token.trim())
	);
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
		preferences: noPreferences,
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
		const known = verdict === 'unknown' ? row.verdict : verdict;
		return {
			...row,
			verdict: known,
			line: null,
			rule: `(${conclusionLabel(conclusion.kind)}: ${conclusion.event})`,
			selectLine: null,
			verdictText: verdictText(known, null),
			explanation: describeConclusion(conclusion),
			preferences: noPreferences,
		};
	});
	return { ...result, rows, summary: verdictSummary(url, rows, true) };
}

/** One verdict that differs between the local file and the deployed one (the wire shape is the core's). */
type ComparisonRow = DeployedCompareRow;

interface Comparison {
	readonly urls: readonly string[];
	readonly rows: readonly ComparisonRow[];
	/** One line: how many verdicts differ, for how many crawlers and URLs. */
	readonly summary: string;
	/** The differing verdicts as an aligned plain-text table. */
	readonly table: string;
	/** What was left out (URLs, crawlers or probes past the bench's limits). */
	readonly notes: readonly string[];
	/** When the deployed file is the local one plus managed blocks: that sentence, then what the blocks change per crawler. */
	readonly managed?: readonly string[];
}

/**
 * The verdicts of the crawlers that differ between the local file and the deployed one, on the same URLs, crawlers and
 * cells as the test bench compared with the deployed text: the `urls` given (checked as the bench checks its rows) and,
 * when none are given or `probe` asks, the probe URLs of both files' rules. Each crawler reads the deployed body as it
 * decodes it; a crawler that concludes something else from the response (no rules, all disallowed) answers for it.
 */
export function compareWithDeployed(
	local: RobotsModel,
	analysis: DeployedAnalysis,
	crawlers: readonly string[],
	urls?: readonly string[],
	probe = false,
): Comparison {
	const deployedModel = RobotsModel.parse(analysis.text);
	const notes: string[] = [];
	const profiles = benchColumns(crawlers, notes);
	const rows = benchUrlRows(urls ?? [], notes);
	const listed = rows.filter((row) => row.problem === undefined).map((row) => row.url);
	const probes = probe || rows.length === 0 ? benchProbes(deployedModel, local, rows, notes).probes : [];
	const tested = [...listed, ...probes];
	const conclusions = profiles.map((profile) => conclusionFor(analysis, profile.token));
	// Crawlers that read the deployed rules are compared a whole table at a time, grouped by the text they decoded.
	const byModel = new Map<RobotsModel, number[]>();
	const differing: ComparisonRow[][] = profiles.map(() => []);
	conclusions.forEach((conclusion, column) => {
		if (conclusion.kind === 'rules' && conclusion.model) {
			byModel.set(conclusion.model, [...(byModel.get(conclusion.model) ?? []), column]);
			return;
		}
		const because = `${conclusionLabel(conclusion.kind)}: ${conclusion.event} ${basisNote(conclusion.basis)}`;
		for (const url of tested) {
			const mine = evaluateAs(local, profiles[column], url);
			const theirs = evaluateFetched(conclusion, url);
			if (theirs.verdict !== mine.verdict) {
				differing[column].push({
					crawler: profiles[column].token,
					url,
					local: mine.verdict,
					localLine: mine.rule?.line ?? null,
					deployed: theirs.verdict,
					deployedLine: null,
					deployedBecause: because,
				});
			}
		}
	});
	for (const [model, columns] of byModel) {
		const flips = verdictFlips(
			model,
			local,
			columns.map((column) => profiles[column]),
			tested,
		);
		const columnOf = new Map(columns.map((column) => [profiles[column].token, column]));
		for (const flip of flips) {
			differing[columnOf.get(flip.crawler)!].push({
				crawler: flip.crawler,
				url: flip.url,
				local: flip.after.verdict,
				localLine: flip.after.line >= 0 ? flip.after.line : null,
				deployed: flip.before.verdict,
				deployedLine: flip.before.line >= 0 ? flip.before.line : null,
			});
		}
	}
	const found = differing.flat();
	const crawlersWith = [...new Set(found.map((row) => row.crawler))];
	const crawlerCount = formatNumber(profiles.length);
	const urlCount = formatNumber(tested.length);
	const summary =
		found.length === 0
			? noDifference(analysis.facts.url, profiles.length, tested.length)
			: found.length === 1
				? t(
						'1 verdict differs between the local file and {0}, for {1} (crawlers × URLs tested: {2} × {3}).',
						analysis.facts.url,
						listNames(crawlersWith),
						crawlerCount,
						urlCount,
					)
				: t(
						'{0} verdicts differ between the local file and {1}, for {2} (crawlers × URLs tested: {3} × {4}).',
						formatNumber(found.length),
						analysis.facts.url,
						listNames(crawlersWith),
						crawlerCount,
						urlCount,
					);
	const managed = managedDifference(
		local,
		deployedModel,
		profiles.map((profile) => profile.token),
	);
	if (managed === undefined) {
		return { urls: tested, rows: found, summary, table: comparisonTable(found), notes };
	}
	const only = t('The deployed file ({0}) differs from the local file only by {1}.', analysis.facts.url, managed.blocks);
	return { urls: tested, rows: found, summary: `${only} ${summary}`, table: comparisonTable(found), notes, managed: [only, ...managed.changes] };
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
	const cells = [
		[t('Crawler'), 'URL', t('Local'), t('Deployed')],
		...rows.map((row) => [
			row.crawler,
			row.url,
			where(row.local, row.localLine),
			where(row.deployed, row.deployedLine) + (row.deployedBecause ? `: ${row.deployedBecause}` : ''),
		]),
	];
	return alignedTable(cells);
}
