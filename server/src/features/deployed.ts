/**
 * Deployed robots.txt documents: the custom requests `robotsTxt/deployedTarget` (where to fetch, with what limits),
 * `robotsTxt/deployedOpen` (the client fetched; keep the response for the document and answer its text) and
 * `robotsTxt/deployedCompare` (an open local file against a fetch), which fill the store (deployedStore.ts) the other
 * features ask for a document's response. Plumbing around core calls.
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import {
	analyseDeployed,
	compareWithDeployed,
	deployedReport,
	deployedTarget,
	outcomeFromWire,
	protocol,
	responseHeadline,
	summariseConclusions,
	type FetchOutcome,
} from '../../../core/src/index';
import { t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const deployedTargetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
const deployedOpenRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
const deployedCompareRequest = new RequestType<protocol.DeployedCompareParams, protocol.DeployedCompareResult, void>(protocol.deployedCompareMethod);

export function registerDeployed(context: ServerContext, refreshDiagnostics: () => void): void {
	const { connection, settings, deployed } = context;
	connection.onRequest(deployedTargetRequest, (params, token) =>
		runSafe(
			connection.console,
			() => {
				const target = deployedTarget(params.site, params.version);
				if (!('error' in target)) {
					deployed.fetchedAs = target.userAgent;
				}
				return target;
			},
			internalError(),
			'Finding the robots.txt failed',
			token,
		),
	);
	connection.onRequest(deployedOpenRequest, (params, token) =>
		runSafe(
			connection.console,
			async () => {
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
					summary: summariseConclusions(analysis.conclusions)
						.map((line) => t('{0}.', line))
						.join(' '),
					report: deployedReport(analysis),
				};
			},
			internalError(),
			'Opening the deployed robots.txt failed',
			token,
		),
	);
	connection.onRequest(deployedCompareRequest, (params, token) =>
		runSafe(
			connection.console,
			async () => {
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
			},
			internalError(),
			'Comparing with the deployed robots.txt failed',
			token,
		),
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
