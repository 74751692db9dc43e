// What both entries share (extension.ts for Node, browser.ts for VS Code for the Web): the client's options, the
// commands, the test bench, Test URL and crash handling. The entries differ only in how the server is reached and in
// what their runtime can do; the client holds no robots.txt knowledge, everything it shows comes from the server.
import { commands, type ExtensionContext, l10n, languages, type OutputChannel, type TextDocument, Uri, window, workspace } from 'vscode';
import {
	type BaseLanguageClient,
	CloseAction,
	type CloseHandlerResult,
	type DocumentSelector,
	ErrorAction,
	type ErrorHandler,
	type ErrorHandlerResult,
	type LanguageClientOptions,
	State,
} from 'vscode-languageclient';
import type { CompareMode } from './benchMessages';
import { registerLanguageOffer } from './languageOffer';
import { pacedDiagnostics } from './pacing';
import { openTestBench, type TestBenchContext } from './testBench';
import { answerUrlSetFetches, compareWithDeployed, DeployedContent, openDeployed, showDetailsText, type DeployedContext, type SiteFetcher } from './deployed';
import {
	compareWithCommand,
	compareWithDeployedCommand,
	deployedScheme,
	expectationsLanguageId,
	loadAccessLogCommand,
	newFromTemplateCommand,
	openDeployedCommand,
	openTestBenchCommand,
	restartServerCommand,
	revealLineCommand,
	robotsLanguageId as languageId,
	settingsSection,
	showDetailsCommand,
	testUrlAllCommand,
	testUrlCommand,
} from './protocol';
import { newFromTemplate } from './templates';
import { revealLine, testUrl, testUrlAll } from './testUrl';

/** How many crashes within {@link crashWindowMs} are restarted before the client gives up. */
const maxRestarts = 4;
const crashWindowMs = 3 * 60 * 1000;

/** The language client's id, the settings section: `robotsTxt.trace.server` follows from it. */
export const clientId = settingsSection;
export const clientName = 'Robots.txt';

/** What an entry gives the shared part: how to reach the server, and what its runtime can do. */
interface ClientRuntime {
	/** A client for these options, over the entry's transport (IPC to a Node process, or a web worker). */
	createClient(options: LanguageClientOptions): BaseLanguageClient | Promise<BaseLanguageClient>;
	/** Why the server cannot start (a missing bundle in a broken build), checked before starting; undefined when it can. */
	missingServer?(): string | undefined;
	/** Fetches a site's robots.txt for the deployed commands, or says why this runtime cannot. */
	readonly fetchSite: SiteFetcher;
}

let client: BaseLanguageClient | undefined;

/** Activation resolves once the server has answered `initialize`, so tests and commands can rely on it. */
export async function activateClient(context: ExtensionContext, runtime: ClientRuntime): Promise<void> {
	const output = window.createOutputChannel('Robots.txt');
	const errorHandler = new RestartingErrorHandler(output);
	const pacing = pacedDiagnostics();
	context.subscriptions.push(pacing.disposable);
	const clientOptions: LanguageClientOptions = {
		documentSelector: documentSelector(),
		synchronize: {
			configurationSection: settingsSection,
			// The files the server reads from disk are watched when it asks (dynamic registration of
			// workspace/didChangeWatchedFiles, with the protocol's watchedFileGlobs).
		},
		outputChannel: output,
		errorHandler,
		middleware: pacing.middleware,
	};
	const languageClient = await runtime.createClient(clientOptions);
	client = languageClient;
	const bench: TestBenchContext = { client: languageClient, output, extension: context };
	const content = new DeployedContent();
	const deployed: DeployedContext = {
		client: languageClient,
		output,
		state: context.globalState,
		version: String(context.extension.packageJSON.version),
		content,
		fetchSite: runtime.fetchSite,
		showInBench: async (document, baseline, urls) => {
			const shown = await openTestBench(bench, document, urls);
			await shown.compareWithDeployed(baseline.text, baseline.label);
			return shown.comparedOn();
		},
	};

	context.subscriptions.push(
		output,
		content,
		answerUrlSetFetches(deployed),
		workspace.registerTextDocumentContentProvider(deployedScheme, content),
		commands.registerCommand(openDeployedCommand, (site?: string) => openDeployed(deployed, site)),
		commands.registerCommand(compareWithDeployedCommand, (uri?: unknown, site?: unknown, urls?: unknown) =>
			compareWithDeployed(deployed, uriArgument(uri), stringArgument(site), stringList(urls)),
		),
		commands.registerCommand(showDetailsCommand, (text?: string) => showDetailsText(output, text)),
		commands.registerCommand(testUrlCommand, (uri?: unknown, agent?: unknown, url?: unknown, parser?: unknown) =>
			testUrl(
				{ client: languageClient, output, state: context.workspaceState },
				uriArgument(uri),
				stringArgument(agent),
				stringArgument(url),
				stringArgument(parser),
			),
		),
		commands.registerCommand(testUrlAllCommand, (uri?: unknown, url?: unknown) =>
			testUrlAll({ client: languageClient, output, state: context.workspaceState }, uriArgument(uri), stringArgument(url)),
		),
		commands.registerCommand(openTestBenchCommand, async (uri?: unknown, urls?: unknown, crawlers?: unknown) => {
			const document = await robotsDocument(uriArgument(uri));
			if (document === undefined) {
				void window.showErrorMessage(l10n.t('Robots.txt: the test bench works on a robots.txt file. Open one and run the command again.'));
				return undefined;
			}
			return openTestBench(bench, document, stringList(urls), stringList(crawlers));
		}),
		commands.registerCommand(compareWithCommand, async (uri?: unknown, modeArgument?: unknown) => {
			const document = await robotsDocument(uriArgument(uri));
			if (document === undefined) {
				void window.showErrorMessage(l10n.t('Robots.txt: Compare with… works on a robots.txt file. Open one and run the command again.'));
				return undefined;
			}
			const mode = compareModes.find((known) => known === modeArgument);
			const chosen =
				mode
				?? (
					await window.showQuickPick(
						[
							{ label: l10n.t('Saved Version'), description: l10n.t('the file as it is on disk'), mode: 'saved' as const },
							{ label: 'Git HEAD', description: l10n.t("the last commit (needs VS Code's Git extension)"), mode: 'head' as const },
							{ label: l10n.t('Another File…'), description: l10n.t('any robots.txt'), mode: 'file' as const },
						],
						{ title: l10n.t('Robots.txt: Compare with…') },
					)
				)?.mode;
			return chosen === undefined ? undefined : openTestBench(bench, document, undefined, undefined, chosen);
		}),
		commands.registerCommand(loadAccessLogCommand, async (uri?: unknown, logUri?: unknown) => {
			const document = await robotsDocument(uriArgument(uri));
			if (document === undefined) {
				void window.showErrorMessage(l10n.t('Robots.txt: the test bench works on a robots.txt file. Open one and run the command again.'));
				return undefined;
			}
			const log = uriArgument(logUri);
			const opened = await openTestBench(bench, document);
			await opened.loadAccessLog(typeof log === 'string' ? Uri.parse(log) : log);
			return opened;
		}),
		commands.registerCommand(revealLineCommand, async (uri: string, line: number, showHover?: boolean) => {
			const document = await workspace.openTextDocument(Uri.parse(uri));
			await revealLine(document, line, showHover === true);
		}),
		commands.registerCommand(newFromTemplateCommand, (folder?: unknown) => {
			// The Explorer's context menu passes the folder's Uri; a script may pass its uri as a string.
			const given = uriArgument(folder);
			return newFromTemplate(languageClient, typeof given === 'string' ? Uri.parse(given) : given);
		}),
		commands.registerCommand(restartServerCommand, async () => {
			errorHandler.reset();
			output.appendLine(`[${new Date().toLocaleTimeString()}] ${l10n.t('Restarting the language server on request.')}`);
			if (languageClient.state === State.Running) {
				await languageClient.stop();
				await languageClient.start();
			} else {
				await languageClient.start();
			}
			void window.showInformationMessage(l10n.t('Robots.txt: the language server was restarted.'));
		}),
	);

	const missing = runtime.missingServer?.();
	if (missing !== undefined) {
		// Only a broken build gets here; starting would crash-loop five times before saying anything useful.
		const message = l10n.t('Robots.txt: {0}', missing);
		output.appendLine(message);
		void window.showErrorMessage(message);
		return;
	}
	try {
		await languageClient.start();
		context.subscriptions.push(registerLanguageOffer({ workspace, window, languages, l10n }, context.globalState, languageClient, languageId));
	} catch (error) {
		// LanguageClient has already shown the failure; the commands stay registered so a restart can recover.
		output.appendLine(l10n.t('The language server did not start: {0}', error instanceof Error ? error.message : String(error)));
	}
}

/** Stopping the client also stops the server (process or worker); VS Code waits for the returned promise. */
export function deactivateClient(): Thenable<void> | undefined {
	return client?.stop();
}

/**
 * A command's arguments as scripts pass them, or undefined: menus pass their own, which are something else (the
 * editor's title bar passes the file's uri and then `{ groupId, editorIndex }`, which is no URL list).
 */
function uriArgument(value: unknown): string | Uri | undefined {
	return typeof value === 'string' || value instanceof Uri ? value : undefined;
}

function stringArgument(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

function stringList(value: unknown): string[] | undefined {
	return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
}

const compareModes: readonly CompareMode[] = ['saved', 'head', 'file', 'deployed', 'none'];

/** The robots.txt a command is for: the one named, else the active editor's when it is a robots.txt. */
async function robotsDocument(uri: string | Uri | undefined): Promise<TextDocument | undefined> {
	if (uri !== undefined) {
		return workspace.openTextDocument(typeof uri === 'string' ? Uri.parse(uri) : uri);
	}
	const document = window.activeTextEditor?.document;
	return document?.languageId === languageId ? document : undefined;
}

/**
 * Local files, untitled editors and deployed robots.txt documents always; in a virtual workspace (no `file` folders)
 * also the schemes of its folders, so that views such as git diffs of a local workspace do not get a second set of
 * diagnostics. HTML and `_headers` files are not here: the server asks for them itself (dynamic registration) with
 * the few features they have, so that no formatter, outline or folding of ours ever applies to an HTML file.
 */
function documentSelector(): DocumentSelector {
	const schemes = new Set(['file', 'untitled', deployedScheme]);
	for (const folder of workspace.workspaceFolders ?? []) {
		schemes.add(folder.uri.scheme);
	}
	return [...schemes].flatMap((scheme) => [
		{ scheme, language: languageId },
		{ scheme, language: expectationsLanguageId },
	]);
}

/**
 * Restarts a crashed server up to {@link maxRestarts} times in {@link crashWindowMs}, telling the user each time,
 * and then stops trying with a message that names the command to start it again.
 */
class RestartingErrorHandler implements ErrorHandler {
	private crashes: number[] = [];

	constructor(private readonly output: OutputChannel) {}

	/** Called after a manual restart: earlier crashes should not count against the new server. */
	reset(): void {
		this.crashes = [];
	}

	error(_error: Error, _message: unknown, count: number | undefined): ErrorHandlerResult {
		// A few bad messages in a row are survivable; a stream of them means the connection is broken.
		return { action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown };
	}

	closed(): CloseHandlerResult {
		const now = Date.now();
		this.crashes = this.crashes.filter((time) => now - time < crashWindowMs);
		this.crashes.push(now);
		if (this.crashes.length > maxRestarts) {
			return {
				action: CloseAction.DoNotRestart,
				message: l10n.t(
					'The Robots.txt language server stopped {0} times in 3 minutes and will not be restarted. Run "Robots.txt: Restart Language Server" to start it again; details are in the "Robots.txt" output.',
					this.crashes.length,
				),
			};
		}
		const message = l10n.t(
			'The Robots.txt language server stopped unexpectedly and is being restarted ({0} of {1} restarts allowed in 3 minutes).',
			this.crashes.length,
			maxRestarts,
		);
		void window.showWarningMessage(message, l10n.t('Show Output')).then((choice) => {
			if (choice !== undefined) {
				this.output.show(true);
			}
		});
		return { action: CloseAction.Restart, message, handled: true };
	}
}
