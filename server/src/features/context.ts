/**
 * What every feature handler is given: the connection, the open documents, the settings, what the client supports,
 * and `answer`, the shape of almost every handler: look up the document, take its model, read the settings,
 * compute in the core, return (through `runSafe`).
 */

import type { CancellationToken, ClientCapabilities, Connection, ResponseError } from 'vscode-languageserver';
import type { AnalysisOptions, RobotsModel } from '../../../core/src/index';
import type { DocumentStore } from '../documents';
import type { ExpectationsService } from './expectations';
import type { DeployedStore } from './deployedStore';
import type { PageService } from './pages';
import type { WorkspaceUrlSets } from './sitemaps';
import { runSafe } from '../runner';
import type { SettingsStore } from '../settings';
import type { WorkspacePaths } from './workspacePaths';

/** The client capabilities the server acts on. */
interface ClientSupport {
	/** `workspace/configuration`. */
	readonly configuration: boolean;
	/** Dynamic registration of `workspace/didChangeConfiguration`. */
	readonly configurationRegistration: boolean;
	/** `textDocument/diagnostic` (pull diagnostics); the server then does not push. */
	readonly pullDiagnostics: boolean;
	/** `workspace/diagnostic/refresh`. */
	readonly diagnosticRefresh: boolean;
	/** `workspace/codeLens/refresh`: lenses are asked for again when settings change (how many groups get them, whom they name). */
	readonly codeLensRefresh: boolean;
	/** Code action literals (kinds, edits) rather than bare commands. */
	readonly codeActionLiterals: boolean;
	/**
	 * `codeAction/resolve` for an action's edit, with its `data` kept: fix-all actions then go out without their edits
	 * (VS Code announces both).
	 */
	readonly codeActionResolve: boolean;
	/** `workspace/workspaceFolders` and its change notifications. */
	readonly workspaceFolders: boolean;
	/**
	 * Dynamic registration of document sync, hover, completion and code actions: the server then asks for pages (HTML,
	 * `_headers`) itself, with those features only, so that the client's own selector stays the robots.txt languages'.
	 */
	readonly pageRegistration: { readonly sync: boolean; readonly hover: boolean; readonly completion: boolean; readonly codeAction: boolean };
	/** Dynamic registration of `workspace/didChangeWatchedFiles`: the server then names the files it watches itself. */
	readonly watchedFilesRegistration: boolean;
}

export function readClientSupport(capabilities: ClientCapabilities): ClientSupport {
	return {
		configuration: !!capabilities.workspace?.configuration,
		configurationRegistration: !!capabilities.workspace?.didChangeConfiguration?.dynamicRegistration,
		pullDiagnostics: !!capabilities.textDocument?.diagnostic,
		diagnosticRefresh: !!capabilities.workspace?.diagnostics?.refreshSupport,
		codeLensRefresh: !!capabilities.workspace?.codeLens?.refreshSupport,
		codeActionLiterals: !!capabilities.textDocument?.codeAction?.codeActionLiteralSupport,
		codeActionResolve:
			!!capabilities.textDocument?.codeAction?.codeActionLiteralSupport
			&& !!capabilities.textDocument.codeAction.dataSupport
			&& !!capabilities.textDocument.codeAction.resolveSupport?.properties.includes('edit'),
		workspaceFolders: !!capabilities.workspace?.workspaceFolders,
		pageRegistration: {
			sync: !!capabilities.textDocument?.synchronization?.dynamicRegistration,
			hover: !!capabilities.textDocument?.hover?.dynamicRegistration,
			completion: !!capabilities.textDocument?.completion?.dynamicRegistration,
			codeAction: !!capabilities.textDocument?.codeAction?.dynamicRegistration,
		},
		watchedFilesRegistration: !!capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration,
	};
}

export interface ServerContext {
	readonly connection: Connection;
	readonly documents: DocumentStore;
	readonly settings: SettingsStore;
	readonly client: ClientSupport;
	readonly paths: WorkspacePaths;
	/** Expectations files: lenses, completions and hovers of theirs are answered there. */
	readonly expectations: ExpectationsService;
	/** The responses behind deployed robots.txt documents. */
	readonly deployed: DeployedStore;
	/** HTML pages and `_headers` files: their diagnostics, hovers, completions and quick fixes are answered there. */
	readonly pages: PageService;
	/** The sitemaps a workspace robots.txt names, read from the workspace. */
	readonly urlSets: WorkspaceUrlSets;
}

/**
 * Answers a request about one document: `fallback` when it is not open, else `compute` on the model as it was when
 * the request arrived (models are immutable, so a later edit does not shift positions under the computation).
 */
export function answer<T, E = void>(
	context: ServerContext,
	uri: string,
	token: CancellationToken,
	fallback: T,
	what: string,
	compute: (model: RobotsModel, options: AnalysisOptions) => T | Promise<T>,
): Promise<T | ResponseError<E>> {
	const model = context.documents.model(uri);
	return runSafe<T, E>(
		context.connection.console,
		async () => (model ? compute(model, await context.settings.optionsFor(uri)) : fallback),
		fallback,
		`${what} failed for ${uri}`,
		token,
	);
}
