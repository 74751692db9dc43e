/**
 * `textDocument/codeLens`: the core's lenses (an expectations file's from its service); their commands are the
 * client's. The groups' lenses go out without their commands, on at most `robotsTxt.codeLens.maxGroups` groups, and
 * `codeLens/resolve` fills in those the editor shows, on the version they were computed for.
 */

import { CodeLensRefreshRequest, type CodeLens } from 'vscode-languageserver';
import { computeCodeLenses, groupLensData, resolveCodeLens } from '../../../core/src/index';
import { answer, type ServerContext } from './context';

interface CodeLensSupport {
	/** Settings changed: the client asks for every lens again, when it can be told to. */
	refresh(): void;
}

export function registerCodeLens(context: ServerContext): CodeLensSupport {
	context.connection.onCodeLens(({ textDocument }, token) => {
		if (context.expectations.handles(textDocument.uri)) {
			return context.expectations.codeLenses(textDocument.uri, token);
		}
		const version = context.documents.get(textDocument.uri)?.version ?? 0;
		return answer(context, textDocument.uri, token, [] as CodeLens[], 'Code lenses', async (model, options) => {
			const { maxLensGroups } = await context.settings.settingsFor(textDocument.uri);
			return [
				...context.deployed.lenses(textDocument.uri, options),
				...computeCodeLenses(model, options, textDocument.uri, { maxGroups: maxLensGroups, resolveLater: { version } }),
			];
		});
	});

	context.connection.onCodeLensResolve((lens, token) => {
		const data = groupLensData(lens.data);
		// Another version's lens names a group of a text that is gone: it comes back unresolved, and the editor, which
		// asks for the new version's lenses after an edit, drops it.
		if (data === undefined || context.documents.get(data.uri)?.version !== data.version) {
			return lens;
		}
		return answer(context, data.uri, token, lens, 'Code lens resolve', async (model, options) =>
			resolveCodeLens(model, options, lens, (await context.settings.settingsFor(data.uri)).maxLensGroups),
		);
	});

	return {
		refresh: () => {
			if (context.client.codeLensRefresh) {
				context.connection
					.sendRequest(CodeLensRefreshRequest.type)
					.catch((error: unknown) => context.connection.console.warn(`Code lens refresh failed: ${error instanceof Error ? error.message : String(error)}`));
			}
		},
	};
}
