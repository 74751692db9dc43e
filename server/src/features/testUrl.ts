/**
 * The custom requests behind the URL tester (core/protocol.ts): `robotsTxt/testUrl` (one URL, one crawler),
 * `robotsTxt/testUrlAll` (one URL, every target crawler) and `robotsTxt/agents` (crawler names to offer).
 * Each answers InvalidParams for a document that is not open (params of the wrong type never reach them: validation.ts).
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import {
	computeAgents,
	protocol,
	testUrl,
	testUrlAll,
	testUrlAllDeployed,
	testUrlDeployed,
	type AgentList,
	type RobotsModel,
	type TestUrlAllResult,
	type TestUrlResult,
} from '../../../core/src/index';
import { t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const testUrlRequest = new RequestType<protocol.TestUrlParams, TestUrlResult, void>(protocol.testUrlMethod);
const testUrlAllRequest = new RequestType<protocol.TestUrlAllParams, TestUrlAllResult, void>(protocol.testUrlAllMethod);
const agentsRequest = new RequestType<protocol.AgentsParams, AgentList, void>(protocol.agentsMethod);

export function registerTestUrl(context: ServerContext): void {
	const { connection, settings } = context;
	connection.onRequest(testUrlRequest, (params, token) =>
		runSafe(
			connection.console,
			async () => {
				const model = openModel(context, params.uri);
				const options = await settings.optionsFor(params.uri);
				const request = { url: params.url, agent: params.agent, parser: params.parser };
				// A deployed document answers from the response too: a crawler that does not read the rules is not ruled by them.
				const deployed = context.deployed.analysis(params.uri, options);
				return deployed ? testUrlDeployed(model, deployed, request, options) : testUrl(model, request, options);
			},
			internalError(),
			'Test URL failed',
			token,
		),
	);
	connection.onRequest(testUrlAllRequest, (params, token) =>
		runSafe(
			connection.console,
			async () => {
				const model = openModel(context, params.uri);
				const options = await settings.optionsFor(params.uri);
				const deployed = context.deployed.analysis(params.uri, options);
				return deployed ? testUrlAllDeployed(model, deployed, params.url, options) : testUrlAll(model, params.url, options);
			},
			internalError(),
			'Test URL for all crawlers failed',
			token,
		),
	);
	connection.onRequest(agentsRequest, (params, token) =>
		runSafe(
			connection.console,
			async () => computeAgents(openModel(context, params.uri), await settings.optionsFor(params.uri)),
			internalError(),
			'Listing agents failed',
			token,
		),
	);
}

function openModel(context: ServerContext, uri: string): RobotsModel {
	const model = context.documents.model(uri);
	if (!model) {
		throw new ResponseError(ErrorCodes.InvalidParams, t('The document is not open: {0}', uri));
	}
	return model;
}

function internalError(): ResponseError<void> {
	return new ResponseError(ErrorCodes.InternalError, t('The request failed; the server log has the details'));
}
