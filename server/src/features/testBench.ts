/**
 * The custom requests behind the test bench (core/protocol.ts): `robotsTxt/bench` (URLs by crawlers for an open
 * robots.txt, compared with its baseline when one is set), `robotsTxt/benchBaseline` (the version to compare with,
 * kept per document until it closes) and `robotsTxt/parseUrls` (URLs from pasted text, a list or a sitemap).
 * Each answers InvalidParams for a document that is not open (params of the wrong type never reach them: validation.ts).
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import {
	computeBench,
	formatBench,
	parse,
	parseUrlList,
	protocol,
	type BenchExportResult,
	type BenchResult,
	type ParseUrlsResult,
	type RobotsModel,
} from '../../../core/src/index';
import { t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const benchRequest = new RequestType<protocol.BenchParams, BenchResult, void>(protocol.benchMethod);
const benchBaselineRequest = new RequestType<protocol.BenchBaselineParams, { label: string | null }, void>(protocol.benchBaselineMethod);
const parseUrlsRequest = new RequestType<protocol.ParseUrlsParams, ParseUrlsResult, void>(protocol.parseUrlsMethod);
const benchExportRequest = new RequestType<protocol.BenchExportParams, BenchExportResult, void>(protocol.benchExportMethod);

/** Registers the bench's requests; gives the baseline of a document, for what else measures an edit against it. */
export function registerTestBench(context: ServerContext): (uri: string) => { readonly model: RobotsModel; readonly label: string } | undefined {
	const { connection, documents } = context;
	/** The baseline of each open document, parsed once. */
	const baselines = new Map<string, { model: RobotsModel; label: string }>();
	documents.onDidClose((uri) => baselines.delete(uri));

	/** The bench for valid parameters, on the document as it is now. */
	const bench = (params: protocol.BenchParams) => {
		const document = documents.get(params.uri);
		if (!document) {
			throw new ResponseError(ErrorCodes.InvalidParams, t('The document is not open: {0}', params.uri));
		}
		const result = computeBench(
			document.model,
			{
				urls: params.urls,
				crawlers: params.crawlers,
				probe: params.probe === true,
				preferences: params.preferences === true,
				aiPolicy: params.aiPolicy === true,
			},
			baselines.get(params.uri),
		);
		return { uri: params.uri, version: document.version, ...result };
	};
	connection.onRequest(benchRequest, (params, token) => runSafe(connection.console, () => bench(params), internalError(), 'The test bench failed', token));
	connection.onRequest(benchExportRequest, (params, token) =>
		runSafe(connection.console, () => formatBench(bench(params), params.format), internalError(), 'Exporting the test bench failed', token),
	);
	connection.onRequest(benchBaselineRequest, (params, token) =>
		runSafe(
			connection.console,
			() => {
				if (!documents.get(params.uri)) {
					throw new ResponseError(ErrorCodes.InvalidParams, t('The document is not open: {0}', params.uri));
				}
				if (params.text === null) {
					baselines.delete(params.uri);
					return { label: null };
				}
				baselines.set(params.uri, { model: parse(params.text), label: params.label });
				return { label: params.label };
			},
			internalError(),
			"Setting the test bench's baseline failed",
			token,
		),
	);
	connection.onRequest(parseUrlsRequest, (params, token) =>
		runSafe(
			connection.console,
			() => {
				const list = parseUrlList(params.text);
				return { kind: list.kind, urls: list.urls.map((entry) => entry.url), sitemaps: list.sitemaps.map((entry) => entry.url), notes: list.notes };
			},
			internalError(),
			'Reading the URLs failed',
			token,
		),
	);
	return (uri) => baselines.get(uri);
}

function internalError(): ResponseError<void> {
	return new ResponseError(ErrorCodes.InternalError, t('The request failed; the server log has the details'));
}
