/**
 * The custom requests behind the URL tester: `robotsTxt/testUrl` (verdicts in every enabled dialect) and
 * `robotsTxt/agents` (crawler names to offer). Both answer InvalidParams for a document that is not open.
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import { computeAgents, testUrl, type AgentList, type RobotsModel, type TestUrlResult } from '../core/index';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

export interface TestUrlRequestParams {
	readonly uri: string;
	readonly url: string;
	readonly agent: string;
}

export interface AgentsRequestParams {
	readonly uri: string;
}

export const testUrlRequest = new RequestType<TestUrlRequestParams, TestUrlResult, void>('robotsTxt/testUrl');
export const agentsRequest = new RequestType<AgentsRequestParams, AgentList, void>('robotsTxt/agents');

export function registerTestUrl(context: ServerContext): void {
	const { connection, settings } = context;
	connection.onRequest(testUrlRequest, (params, token) =>
		runSafe(connection.console, async () => {
			if (typeof params?.url !== 'string' || typeof params.agent !== 'string') {
				throw new ResponseError(ErrorCodes.InvalidParams, 'robotsTxt/testUrl needs { uri, url, agent } as strings');
			}
			const model = openModel(context, params.uri);
			return testUrl(model, { url: params.url, agent: params.agent }, await settings.optionsFor(params.uri));
		}, internalError(), 'Test URL failed', token),
	);
	connection.onRequest(agentsRequest, (params, token) =>
		runSafe(connection.console, () => computeAgents(openModel(context, params?.uri)), internalError(), 'Listing agents failed', token),
	);
}

function openModel(context: ServerContext, uri: unknown): RobotsModel {
	const model = typeof uri === 'string' ? context.documents.model(uri) : undefined;
	if (!model) {
		throw new ResponseError(ErrorCodes.InvalidParams, `The document is not open: ${String(uri)}`);
	}
	return model;
}

function internalError(): ResponseError<void> {
	return new ResponseError(ErrorCodes.InternalError, 'The request failed; the server log has the details');
}
