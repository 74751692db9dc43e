/**
 * `startServer`: capabilities and wiring. Each feature registers its handlers from server/src/features; all
 * robots.txt knowledge lives in the core they call. Nothing here depends on the transport; what the host offers
 * besides (a file system) comes in the `ServerRuntime`, and a server without it says what it cannot do.
 */

import {
	BulkRegistration,
	CodeActionRequest,
	CompletionRequest,
	DidChangeConfigurationNotification,
	DidChangeTextDocumentNotification,
	DidChangeWatchedFilesNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	HoverRequest,
	ErrorCodes,
	RequestType,
	ResponseError,
	type InitializeError,
	TextDocumentSyncKind,
	type Connection,
	type InitializeResult,
	type DocumentSelector,
	type ServerCapabilities,
	type WorkspaceFolder,
} from 'vscode-languageserver';
import { DocumentStore } from './documents';
import type { ServerRuntime } from '../../io/src/fileSystem';
import {
	diagnosticSource,
	fetchUrlSetMethod,
	headersFileName,
	htmlLanguageId,
	settingsSection,
	watchedFileGlobs,
	type FetchUrlSetParams,
} from '../../core/src/protocol';
import { registerAccessLog } from './features/accessLog';
import { registerCodeActions, codeActionKinds, pageCodeActionKinds } from './features/codeActions';
import { registerCodeLens } from './features/codeLens';
import { registerCompletion, completionTriggerCharacters, pageCompletionTriggerCharacters } from './features/completion';
import { registerDeployed } from './features/deployed';
import { DeployedStore } from './features/deployedStore';
import { registerDetection } from './features/detection';
import { registerTemplates } from './features/templates';
import { readClientSupport, type ServerContext } from './features/context';
import { registerDiagnostics } from './features/diagnostics';
import { ExpectationsService } from './features/expectations';
import { registerFolding } from './features/folding';
import { registerFormatting } from './features/formatting';
import { registerHighlights } from './features/highlights';
import { registerHover } from './features/hover';
import { registerLinks } from './features/links';
import { PageService } from './features/pages';
import { WorkspaceUrlSets } from './features/sitemaps';
import { registerSymbols } from './features/symbols';
import { registerTestBench } from './features/testBench';
import { registerTestUrl } from './features/testUrl';
import { WorkspacePaths } from './features/workspacePaths';
import { t } from '../../core/src/l10n';
import { refuseRequestsAfterShutdown } from './runner';
import { SettingsStore } from './settings';
import { useLocaleFrom } from '../../io/src/locales';
import { checkedConnection } from './validation';

const serverName = 'robots-txt-language-server';

/**
 * The pages the server asks a client for: HTML documents and files named `_headers`, local or untitled, and in the
 * schemes of the workspace folders (a virtual workspace's), not in views such as git diffs.
 */
function pageSelector(folders: readonly WorkspaceFolder[]): DocumentSelector {
	const schemes = new Set(['file', 'untitled']);
	for (const folder of folders) {
		const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(folder.uri)?.[1];
		if (scheme !== undefined) {
			schemes.add(scheme.toLowerCase());
		}
	}
	return [...schemes].flatMap((scheme) => [
		{ scheme, language: htmlLanguageId },
		...(scheme === 'untitled' ? [] : [{ scheme, pattern: `**/${headersFileName}` }]),
	]);
}

/**
 * Asks a client that registers features dynamically for pages, with the features pages have (sync, hover, completion,
 * quick fixes) and no others: announced statically, a formatter or an outline would also apply to every HTML file the
 * client's selector took in. Clients without dynamic registration send pages if their own configuration says so.
 */
function registerPages(connection: Connection, support: ServerContext['client']['pageRegistration'], documentSelector: DocumentSelector): void {
	if (!support.sync) {
		return;
	}
	const registrations = BulkRegistration.create();
	registrations.add(DidOpenTextDocumentNotification.type, { documentSelector });
	registrations.add(DidChangeTextDocumentNotification.type, { documentSelector, syncKind: TextDocumentSyncKind.Incremental });
	registrations.add(DidCloseTextDocumentNotification.type, { documentSelector });
	if (support.hover) {
		registrations.add(HoverRequest.type, { documentSelector });
	}
	if (support.completion) {
		registrations.add(CompletionRequest.type, { documentSelector, triggerCharacters: pageCompletionTriggerCharacters });
	}
	if (support.codeAction) {
		registrations.add(CodeActionRequest.type, { documentSelector, codeActionKinds: pageCodeActionKinds });
	}
	connection.client.register(registrations).catch((error: unknown) => {
		connection.console.warn(`The client did not take the registration for HTML and _headers files: ${error instanceof Error ? error.message : String(error)}`);
	});
}

/**
 * What a server without a file system cannot do, in one sentence for its log (in the editor's language, so worded once
 * `initialize` has set it). The features themselves say so where
 * it matters (an expectations file whose robots.txt is not open); pages say it here only, since a page without a
 * robots.txt beside it is an ordinary case, not one to warn about in the page.
 */
export function withoutFileSystem(): string {
	return t(
		'This language server has no file system (it runs in the browser): path completion after Allow and Disallow, expectations files that are not open, robots.txt files that are not open, and the pages of a site that are not open (for the check of pages against their robots.txt) cannot be read. Everything else works on the open files, an open page against the open robots.txt above it included.',
	);
}

/**
 * Wires the server to a connection and starts listening; `runtime` says what its host offers besides. Every request
 * and document notification is checked against the protocol's types before its handler runs (validation.ts).
 */
export function startServer(transport: Connection, runtime: ServerRuntime): void {
	const connection = checkedConnection(transport);
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
		useLocaleFrom(params.locale, (locale) => runtime.translations?.(locale, params.initializationOptions));
		const client = readClientSupport(params.capabilities);
		const settings = new SettingsStore(connection, client.configuration);
		const expectations = new ExpectationsService(connection, documents, settings, runtime.fileSystem, paths);
		const pages = new PageService(connection, documents, settings, paths, runtime.fileSystem);
		const deployed = new DeployedStore();
		const urlSets = new WorkspaceUrlSets(pages.site, paths, runtime.fileSystem, deployed, (params) =>
			connection.sendRequest(new RequestType<FetchUrlSetParams, unknown, void>(fetchUrlSetMethod), params),
		);
		const context: ServerContext = { connection, documents, settings, client, paths, expectations, deployed, pages, urlSets };
		const folders: WorkspaceFolder[] = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []);
		paths.setFolders(folders);

		const diagnostics = registerDiagnostics(context);
		registerHover(context);
		registerCompletion(context);
		const lenses = registerCodeLens(context);
		registerSymbols(context);
		registerFolding(context);
		registerFormatting(context);
		registerLinks(context);
		registerHighlights(context);
		registerCodeActions(context);
		registerTestUrl(context);
		registerAccessLog(context, runtime.openLineFile, registerTestBench(context));
		registerDetection(context);
		registerTemplates(context);
		expectations.listen();
		// A robots.txt shows where its expectations fail: when they change, its diagnostics are computed again.
		expectations.onDidChangeExpectations((robotsUris) => diagnostics.refresh(robotsUris));
		pages.listen();
		// A robots.txt shows the rules that defeat a page's own rules: when the pages change, its diagnostics are computed again.
		pages.onDidChangeSite(() => diagnostics.refresh());
		connection.onDidChangeWatchedFiles(({ changes }) => {
			expectations.filesChanged(changes);
			pages.filesChanged(changes);
			// A robots.txt shows the listed URLs it disallows: when a sitemap it read or looked for changes, it is checked again.
			if (urlSets.filesChanged(changes.map((change) => change.uri))) {
				diagnostics.refresh();
			}
		});
		registerDeployed(context, () => diagnostics.refresh());
		// A deployed robots.txt shows the listed URLs it disallows once the client fetched its sitemaps.
		urlSets.onDidFetch((uri) => diagnostics.refresh([uri]));

		documents.onDidClose((uri) => settings.evict(uri));
		connection.onDidChangeConfiguration(({ settings: changed }) => {
			void settings.changed(changed).then((differ) => {
				if (differ) {
					diagnostics.refresh();
					expectations.refresh();
					lenses.refresh();
					pages.refresh();
				}
			});
		});
		connection.onInitialized(() => {
			if (runtime.fileSystem === undefined) {
				connection.console.info(withoutFileSystem());
			}
			if (client.configurationRegistration) {
				void connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection });
			}
			if (client.workspaceFolders) {
				connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
					paths.changeFolders(added, removed);
					pages.site.clear();
					pages.refresh();
				});
			}
			registerPages(connection, client.pageRegistration, pageSelector(folders));
			if (client.watchedFilesRegistration) {
				// The files read from disk (watchedFileGlobs): a change to one of them changes answers about others.
				connection.client
					.register(DidChangeWatchedFilesNotification.type, { watchers: watchedFileGlobs.map((globPattern) => ({ globPattern })) })
					.catch((error: unknown) => {
						connection.console.warn(`The client did not take the registration for watched files: ${error instanceof Error ? error.message : String(error)}`);
					});
			}
		});

		const capabilities: ServerCapabilities = {
			textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
			hoverProvider: true,
			completionProvider: { triggerCharacters: completionTriggerCharacters },
			codeLensProvider: { resolveProvider: true },
			documentSymbolProvider: true,
			foldingRangeProvider: true,
			documentFormattingProvider: true,
			documentRangeFormattingProvider: true,
			documentLinkProvider: { resolveProvider: false },
			documentHighlightProvider: true,
			codeActionProvider: client.codeActionLiterals ? { codeActionKinds, ...(client.codeActionResolve ? { resolveProvider: true } : {}) } : true,
			workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
		};
		if (client.pullDiagnostics) {
			capabilities.diagnosticProvider = { identifier: diagnosticSource, interFileDependencies: false, workspaceDiagnostics: false };
		}
		return { capabilities, serverInfo: { name: serverName } };
	});

	connection.onShutdown(() => {
		refuseRequestsAfterShutdown(connection.console);
		documents.dispose();
	});
	connection.listen();
}
