/**
 * The custom request `robotsTxt/looksLikeRobotsTxt` (core/protocol.ts): whether a plain-text file the client has open
 * reads as a robots.txt. The answer is the core's; the document need not be open on the server, its text comes along.
 */

import { ErrorCodes, RequestType, ResponseError } from 'vscode-languageserver';
import { looksLikeRobotsTxt, protocol } from '../../../core/src/index';
import { t } from '../../../core/src/l10n';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const looksLikeRobotsTxtRequest = new RequestType<protocol.LooksLikeRobotsTxtParams, protocol.LooksLikeRobotsTxtResult, void>(
	protocol.looksLikeRobotsTxtMethod,
);

export function registerDetection(context: ServerContext): void {
	const { connection } = context;
	connection.onRequest(looksLikeRobotsTxtRequest, (params, token) =>
		runSafe(
			connection.console,
			() => {
				const { looksLike, reason } = looksLikeRobotsTxt(params.text);
				return { looksLike, reason };
			},
			new ResponseError<void>(ErrorCodes.InternalError, t('The request failed; the server log has the details')),
			"Reading the file's kind failed",
			token,
		),
	);
}
