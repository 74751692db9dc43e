/**
 * A test client for the built language server: spawns `node server/dist/server.js --stdio` and speaks JSON-RPC over
 * the child's stdio, answering the server's requests (configuration, registration, diagnostic refresh) and recording
 * what it pushes (diagnostics, log messages).
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
	CodeLensRefreshRequest,
	ConfigurationRequest,
	createProtocolConnection,
	DiagnosticRefreshRequest,
	DidChangeConfigurationNotification,
	DidChangeTextDocumentNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	ExitNotification,
	InitializedNotification,
	InitializeRequest,
	LogMessageNotification,
	PublishDiagnosticsNotification,
	RegistrationRequest,
	ShutdownRequest,
	StreamMessageReader,
	StreamMessageWriter,
	type ClientCapabilities,
	type InitializeResult,
	type ProtocolConnection,
	type PublishDiagnosticsParams,
	type Registration,
	type TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';
import { repoRoot } from '../util/fixtures';

export const serverPath = join(repoRoot, 'server', 'dist', 'server.js');

export interface ClientOptions {
	/** Announce `textDocument/diagnostic` (pull) and `workspace/diagnostic/refresh`. */
	readonly pull?: boolean;
	/** Announce `workspace/configuration`; the client then answers with `settings`. */
	readonly configuration?: boolean;
	/** The `robotsTxt` section the client answers `workspace/configuration` with. */
	readonly settings?: unknown;
	readonly workspaceFolders?: { uri: string; name: string }[];
	/** The editor's display language, sent as initialize's `locale` (VS Code sends its own). */
	readonly locale?: string;
	/** Options for the server's node process, before the script (V8 flags, say). */
	readonly nodeArgs?: readonly string[];
	/** Announce dynamic registration (as VS Code does): the server then registers the page features itself. */
	readonly dynamicRegistration?: boolean;
	/** Announce `codeAction/resolve` of an action's edit, with its data kept (as VS Code does). */
	readonly codeActionResolve?: boolean;
	/** Announce `workspace/codeLens/refresh` (as VS Code does); the client counts the requests. */
	readonly codeLensRefresh?: boolean;
	/** Announce dynamic registration of `workspace/didChangeWatchedFiles` (as VS Code does). */
	readonly watchedFiles?: boolean;
}

export class TestClient {
	readonly published: PublishDiagnosticsParams[] = [];
	readonly logs: string[] = [];
	/** The registrations the server asked for. */
	readonly registrations: Registration[] = [];
	refreshRequests = 0;
	/** How many times the server asked for the code lenses again. */
	codeLensRefreshRequests = 0;
	settings: unknown;
	private readonly waiters: (() => void)[] = [];
	private exited: Promise<number | null>;

	private constructor(
		readonly connection: ProtocolConnection,
		readonly child: ChildProcess,
		readonly initializeResult: InitializeResult,
	) {
		this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
	}

	static async start(options: ClientOptions = {}): Promise<TestClient> {
		const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
		// No partial-message timer: vscode-jsonrpc re-arms it every 10 s while a message is half read and does not clear
		// it on dispose, so a server killed in the middle of a message (a test's finally) kept the test's process alive
		// for ever (a clean-clone CI run hung in resolve.test.js with one Timeout active).
		const reader = new StreamMessageReader(child.stdout!);
		reader.partialMessageTimeout = 0;
		const connection = createProtocolConnection(reader, new StreamMessageWriter(child.stdin!));
		const state = { settings: options.settings, client: undefined as TestClient | undefined };
		const pendingNotifications: (() => void)[] = [];
		connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => state.client?.settings ?? state.settings ?? null));
		connection.onRequest(RegistrationRequest.type, (params) => {
			state.client?.registrations.push(...params.registrations);
		});
		connection.onRequest(CodeLensRefreshRequest.type, () => {
			if (state.client) {
				state.client.codeLensRefreshRequests++;
				state.client.notify();
			}
		});
		connection.onRequest(DiagnosticRefreshRequest.type, () => {
			if (state.client) {
				state.client.refreshRequests++;
				state.client.notify();
			}
		});
		connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
			const record = () => {
				state.client!.published.push(params);
				state.client!.notify();
			};
			if (state.client) {
				record();
			} else {
				pendingNotifications.push(record);
			}
		});
		connection.onNotification(LogMessageNotification.type, (params) => state.client?.logs.push(params.message));
		connection.listen();

		const capabilities: ClientCapabilities = {
			workspace: {
				configuration: !!options.configuration,
				didChangeConfiguration: { dynamicRegistration: !!options.configuration },
				workspaceFolders: true,
				...(options.pull ? { diagnostics: { refreshSupport: true } } : {}),
				...(options.codeLensRefresh ? { codeLens: { refreshSupport: true } } : {}),
				...(options.watchedFiles ? { didChangeWatchedFiles: { dynamicRegistration: true } } : {}),
			},
			textDocument: {
				synchronization: { dynamicRegistration: !!options.dynamicRegistration },
				...(options.dynamicRegistration ? { hover: { dynamicRegistration: true }, completion: { dynamicRegistration: true } } : {}),
				codeAction: {
					dynamicRegistration: !!options.dynamicRegistration,
					codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } },
					...(options.codeActionResolve ? { dataSupport: true, resolveSupport: { properties: ['edit'] } } : {}),
				},
				...(options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
			},
		};
		const result = await connection.sendRequest(InitializeRequest.type, {
			processId: process.pid,
			rootUri: null,
			capabilities,
			workspaceFolders: options.workspaceFolders ?? null,
			...(options.locale === undefined ? {} : { locale: options.locale }),
		});
		const client = new TestClient(connection, child, result);
		client.settings = options.settings;
		state.client = client;
		pendingNotifications.forEach((record) => {
			record();
		});
		await connection.sendNotification(InitializedNotification.type, {});
		return client;
	}

	open(uri: string, text: string, version = 1, languageId = 'robots-txt'): Promise<void> {
		return this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
	}

	change(uri: string, version: number, contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
		return this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges });
	}

	close(uri: string): Promise<void> {
		return this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
	}

	/** Sends new settings: through the notification's payload, and as the answer to later configuration requests. */
	changeSettings(settings: unknown): Promise<void> {
		this.settings = settings;
		return this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { robotsTxt: settings } });
	}

	/** Resolves once `predicate` holds, checked after each message from the server; rejects after `timeoutMs`. */
	async waitFor(predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (!predicate()) {
			const remaining = deadline - Date.now();
			if (remaining <= 0) {
				throw new Error(`timed out waiting for ${what}`);
			}
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, remaining);
				this.waiters.push(() => {
					clearTimeout(timer);
					resolve();
				});
			});
		}
	}

	/** The diagnostics last published for `uri`, if any. */
	lastPublished(uri: string): PublishDiagnosticsParams | undefined {
		return this.published.filter((params) => params.uri === uri).pop();
	}

	/** Whether the process is still running. */
	get alive(): boolean {
		return this.child.exitCode === null && this.child.signalCode === null;
	}

	/** Shuts the server down the LSP way and waits for the process to exit. */
	async stop(): Promise<number | null> {
		await this.connection.sendRequest(ShutdownRequest.type);
		await this.connection.sendNotification(ExitNotification.type);
		const code = await this.exited;
		this.connection.dispose();
		return code;
	}

	/** Ends the process without the protocol (after a failed test). */
	kill(): void {
		if (this.alive) {
			this.child.kill();
		}
		this.connection.dispose();
	}

	private notify(): void {
		for (const waiter of this.waiters.splice(0)) {
			waiter();
		}
	}
}

/** Waits `ms` milliseconds: only to prove that something does not happen. */
export function quiet(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
