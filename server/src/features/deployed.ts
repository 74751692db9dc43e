/**
 * Deployed robots.txt documents: the custom requests `robotsTxt/deployedTarget` (where to fetch, with what limits),
 * `robotsTxt/deployedOpen` (the client fetched; keep the response for the document and answer its text) and
 * `robotsTxt/deployedCompare` (an open local file against a fetch), and the store the other features ask for a
 * document's response: diagnostics, code lenses and Test URL add what the response means. Plumbing around core calls.
 */

import { ErrorCodes, RequestType, ResponseError, type CodeLens, type Diagnostic } from 'vscode-languageserver';
import {
	analyseDeployed,
	compareWithDeployed,
	deployedDiagnostics,
	deployedLenses,
	deployedReport,
	deployedTarget,
	outcomeFromWire,
	protocol,
	responseHeadline,
	summariseConclusions,
	type AnalysisOptions,
	type DeployedAnalysis,
	type FetchOutcome,
	type RobotsModel,
} from '../core/index';
import { t } from '../core/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const deployedTargetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
const deployedOpenRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
const deployedCompareRequest = new RequestType<protocol.DeployedCompareParams, protocol.DeployedCompareResult, void>(protocol.deployedCompareMethod);

/** How many deployed responses are kept: one per deployed document a person opened recently. */
const maxKept = 32;

/** The response behind each deployed document, and its analysis for the document's current settings. */
export class DeployedStore {
	private readonly outcomes = new Map<string, FetchOutcome>();
	private readonly analyses = new Map<string, { key: string; analysis: DeployedAnalysis }>();

	set(uri: string, outcome: FetchOutcome): void {
		this.outcomes.delete(uri);
		this.outcomes.set(uri, outcome);
		this.analyses.delete(uri);
		for (const old of this.outcomes.keys()) {
			if (this.outcomes.size <= maxKept) {
				break;
			}
			this.outcomes.delete(old);
			this.analyses.delete(old);
		}
	}

	/** The analysis of the document's response for these settings, or undefined when it is not a deployed document. */
	analysis(uri: string, options: AnalysisOptions): DeployedAnalysis | undefined {
		const outcome = this.outcomes.get(uri);
		if (!outcome) {
			return undefined;
		}
		const key = options.crawlers.join('\n');
		const cached = this.analyses.get(uri);
		if (cached && cached.key === key) {
			return cached.analysis;
		}
		const analysis = analyseDeployed(outcome, options.crawlers);
		this.analyses.set(uri, { key, analysis });
		return analysis;
	}

	/** What the response adds to the document's diagnostics. */
	diagnostics(uri: string, model: RobotsModel, options: AnalysisOptions): Diagnostic[] {
		const analysis = this.analysis(uri, options);
		return analysis ? deployedDiagnostics(analysis, model.lineCount > 0 ? model.lines[0].length : 0) : [];
	}

	/** What the response adds to the document's code lenses. */
	lenses(uri: string, options: AnalysisOptions): CodeLens[] {
		const analysis = this.analysis(uri, options);
		return analysis ? deployedLenses(analysis) : [];
	}
}

export function registerDeployed(context: ServerContext, refreshDiagnostics: () => void): void {
	const { connection, settings, deployed } = context;
	connection.onRequest(deployedTargetRequest, (params, token) =>
		runSafe(connection.console, () => deployedTarget(params.site, params.version), internalError(), 'Finding the robots.txt failed', token),
	);
	connection.onRequest(deployedOpenRequest, (params, token) =>
		runSafe(connection.console, async () => {
			const outcome = readOutcome(params.outcome);
			if (!params.uri.startsWith(`${protocol.deployedScheme}:`)) {
				throw new ResponseError(ErrorCodes.InvalidParams, `${protocol.deployedOpenMethod} needs the uri of a ${protocol.deployedScheme} document`);
			}
			deployed.set(params.uri, outcome);
			const analysis = deployed.analysis(params.uri, await settings.optionsFor(params.uri))!;
			// A document open already (fetched again) shows the new response's facts at once.
			refreshDiagnostics();
			return {
				uri: params.uri,
				text: analysis.text,
				headline: responseHeadline(analysis.facts),
				summary: summariseConclusions(analysis.conclusions).map((line) => t('{0}.', line)).join(' '),
				report: deployedReport(analysis),
			};
		}, internalError(), 'Opening the deployed robots.txt failed', token),
	);
	connection.onRequest(deployedCompareRequest, (params, token) =>
		runSafe(connection.console, async () => {
			const outcome = readOutcome(params.outcome);
			const model = context.documents.model(params.uri);
			if (!model) {
				throw new ResponseError(ErrorCodes.InvalidParams, t('The document is not open: {0}', params.uri));
			}
			const options = await settings.optionsFor(params.uri);
			const crawlers = params.crawlers ?? options.crawlers;
			const analysis = analyseDeployed(outcome, crawlers);
			const comparison = compareWithDeployed(model, analysis, crawlers, params.urls, params.probe === true);
			// The bench compares every column with one text: it can show this comparison only when every crawler reads
			// the deployed text as it is shown (or every one allows everything).
			const kinds = new Set(analysis.conclusions.map((conclusion) => conclusion.kind));
			const oneReading = analysis.conclusions.every((conclusion) => conclusion.kind !== 'rules' || conclusion.model?.text === analysis.text);
			const text = kinds.size !== 1 || !oneReading ? undefined : kinds.has('rules') ? analysis.text : kinds.has('allow-all') ? '' : undefined;
			const baseline = text === undefined ? {} : { baseline: { text, label: t('the deployed file ({0})', analysis.facts.url) } };
			return { ...comparison, report: deployedReport(analysis), ...baseline };
		}, internalError(), 'Comparing with the deployed robots.txt failed', token),
	);
}

function readOutcome(value: unknown): FetchOutcome {
	const outcome = outcomeFromWire(value);
	if ('error' in outcome) {
		throw new ResponseError(ErrorCodes.InvalidParams, `Not a fetch: ${outcome.error}`);
	}
	return outcome;
}

function internalError(): ResponseError<void> {
	return new ResponseError(ErrorCodes.InternalError, t('The request failed; the server log has the details'));
}
