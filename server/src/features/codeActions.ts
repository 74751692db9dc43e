/**
 * `textDocument/codeAction`: the core's quick fixes and fix-all for the range and the diagnostics the client sends, and
 * the AI training crawler actions for the file, filtered to the kinds the client asked for (a page's quick fixes from
 * its service, and the fixes of the hints its site's pages give a robots.txt). A client that resolves actions gets the fix-all actions without their edits, and `codeAction/resolve`
 * adds them, from the analysis of the version they were offered for.
 */

import { CodeActionKind, type CodeAction } from 'vscode-languageserver';
import { computeAiTrainingActions, computeCodeActions, computeSimplifyActions, fixAllData, protocol, resolveCodeAction } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

/** The kinds of action the server offers. */
export const codeActionKinds = [
	CodeActionKind.QuickFix,
	CodeActionKind.SourceFixAll,
	protocol.blockAiTrainingKind,
	protocol.allowAiTrainingKind,
	protocol.simplifyKind,
];

/** The kinds offered for pages: quick fixes only. */
export const pageCodeActionKinds = [CodeActionKind.QuickFix];

export function registerCodeActions(context: ServerContext): void {
	context.connection.onCodeAction(({ textDocument, range, context: request }, token) => {
		if (context.pages.handles(textDocument.uri)) {
			return context.pages.codeActions(textDocument.uri, range, request.diagnostics, token);
		}
		const version = context.documents.get(textDocument.uri)?.version ?? 0;
		return answer(context, textDocument.uri, token, [] as CodeAction[], 'Code actions', async (model, options) => {
			// The fixes come from the document's own analysis: the one whose diagnostics the client shows.
			const current = (await context.documents.diagnostics(textDocument.uri, model, options, token)) ?? [];
			const later = { suppressIn: model, ...(context.client.codeActionResolve ? { resolveLater: { version } } : {}) };
			// The hints from the site's pages carry fixes of their own, each checked alone: offered as they are, in no fix-all.
			const siteHints = await context.pages.robotsHintsFor(textDocument.uri, model);
			const actions = [
				...computeCodeActions(range, request.diagnostics, current, textDocument.uri, later),
				...(siteHints.length === 0 ? [] : computeCodeActions(range, request.diagnostics, siteHints, textDocument.uri)),
				...computeAiTrainingActions(model, textDocument.uri),
				// Asked for only by kind: the proof runs the semantic diff, too much for every cursor move.
				...(request.only?.some((kind) => protocol.simplifyKind === kind || protocol.simplifyKind.startsWith(kind + '.'))
					? computeSimplifyActions(model, textDocument.uri)
					: []),
			];
			const only = request.only;
			// A kind matches a requested kind when it equals it or is nested under it (`source.fixAll` under `source`).
			return only ? actions.filter((action) => only.some((kind) => action.kind === kind || action.kind?.startsWith(kind + '.'))) : actions;
		});
	});

	context.connection.onCodeActionResolve((action, token) => {
		const data = fixAllData(action.data);
		// An action offered for another version would fix a text that is gone: it comes back without edits.
		if (data === undefined || context.documents.get(data.uri)?.version !== data.version) {
			return action;
		}
		return answer(context, data.uri, token, action, 'Code action resolve', async (model, options) =>
			resolveCodeAction(action, (await context.documents.diagnostics(data.uri, model, options, token)) ?? []),
		);
	});
}
