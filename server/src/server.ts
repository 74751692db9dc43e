/**
 * `startServer`: capabilities and wiring. Each feature registers its handlers from server/src/features; all
 * robots.txt knowledge lives in the core they call. Nothing here depends on the transport; what the host offers
 * besides (a file system) comes in the `ServerRuntime`, and a server without it says what it cannot do.
 */

import {
	DidChangeConfigurationNotification,
	ErrorCodes,
	ResponseError,
	type InitializeError,
	TextDocumentSyncKind,
	type Connection,
	type InitializeResult,
	type ServerCapabilities,
	type WorkspaceFolder,
} from 'vscode-languageserver';
import { DocumentStore } from './documents';
import type { ServerRuntime } from './fileSystem';
import { registerCodeActions, codeActionKinds } from './features/codeActions';
import { registerCodeLens } from './features/codeLens';
import { registerCompletion, completionTriggerCharacters } from './features/completion';
import { DeployedStore, registerDeployed } from './features/deployed';
import { registerDetection } from './features/detection';
import { readClientSupport, type ServerContext } from './features/context';
import { registerDiagnostics } from './features/diagnostics';
import { ExpectationsService } from './features/expectations';
import { registerFolding } from './features/folding';
import { registerFormatting } from './features/formatting';
import { registerHighlights } from './features/highlights';
import { registerHover } from './features/hover';
import { registerLinks } from './features/links';
import { registerSymbols } from './features/symbols';
import { registerTestBench } from './features/testBench';
import { registerTestUrl } from './features/testUrl';
import { WorkspacePaths } from './features/workspacePaths';
import { refuseRequestsAfterShutdown } from './runner';
import { SettingsStore, settingsSection } from './settings';
import { useLocale } from './localize';

export const serverName = 'robots-txt-language-server';

/**
 * What a server without a file system cannot do, in one sentence for its log. The features themselves say so where
 * it matters (an expectations file whose robots.txt is not open).
 */
export const withoutFileSystem = 'This language server has no file system (it runs in the browser): path completion after Allow and Disallow, ' +
	'expectations files that are not open, and robots.txt files that are not open cannot be read. Everything else works on the open files.';

/** Wires the server to a connection and starts listening; `runtime` says what its host offers besides. */
export function startServer(connection: Connection, runtime: ServerRuntime): void {
	const documents = new DocumentStore();
	documents.listen(connection);
	const paths = new WorkspacePaths(runtime.fileSystem);

	let initialized = false;
	connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
		// A second initialize would register every handler again, and each push would then go out twice.
		if (initialized) {
			return new ResponseError(ErrorCodes.InvalidRequest, 'initialize was already received', { retry: false });
		}
		initialized = true;
		// Every text the core writes from here on (problems, hovers, lenses, Test URL answers) is in the editor's language.
		useLocale(params.locale);
		const client = readClientSupport(params.capabilities);
		const settings = new SettingsStore(connection, client.configuration);
		const expectations = new ExpectationsService(connection, documents, settings, runtime.fileSystem);
		const context: ServerContext = { connection, documents, settings, client, paths, expectations, deployed: new DeployedStore() };
		const folders: WorkspaceFolder[] = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []);
		paths.setFolders(folders);

		const diagnostics = registerDiagnostics(context);
		registerHover(context);
		registerCompletion(context);
		registerCodeLens(context);
		registerSymbols(context);
		registerFolding(context);
		registerFormatting(context);
		registerLinks(context);
		registerHighlights(context);
		registerCodeActions(context);
		registerTestUrl(context);
		registerTestBench(context);
		registerDetection(context);
		expectations.listen();
		// A robots.txt shows where its expectations fail: when they change, its diagnostics are computed again.
		expectations.onDidChangeExpectations(() => diagnostics.refresh());
		registerDeployed(context, () => diagnostics.refresh());

		documents.onDidClose((uri) => settings.evict(uri));
		connection.onDidChangeConfiguration(({ settings: changed }) => {
			void settings.changed(changed).then((differ) => {
				if (differ) {
					diagnostics.refresh();
				}
			});
		});
		connection.onInitialized(() => {
			if (runtime.fileSystem === undefined) {
				connection.console.info(withoutFileSystem);
			}
			if (client.configurationRegistration) {
				void connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection });
			}
			if (client.workspaceFolders) {
				connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => paths.changeFolders(added, removed));
			}
		});

		const capabilities: ServerCapabilities = {
			textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
			hoverProvider: true,
			completionProvider: { triggerCharacters: completionTriggerCharacters },
			codeLensProvider: { resolveProvider: false },
			documentSymbolProvider: true,
			foldingRangeProvider: true,
			documentFormattingProvider: true,
			documentRangeFormattingProvider: true,
			documentLinkProvider: { resolveProvider: false },
			documentHighlightProvider: true,
			codeActionProvider: client.codeActionLiterals ? { codeActionKinds } : true,
			workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
		};
		if (client.pullDiagnostics) {
			capabilities.diagnosticProvider = { identifier: 'robots-txt', interFileDependencies: false, workspaceDiagnostics: false };
		}
		return { capabilities, serverInfo: { name: serverName } };
	});

	connection.onShutdown(() => {
		refuseRequestsAfterShutdown(connection.console);
		documents.dispose();
	});
	connection.listen();
}
