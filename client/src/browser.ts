// The extension's browser entry (vscode.dev, github.dev, VS Code's web worker extension host): starts the language
// server in a web worker of its own and speaks LSP over its messages. Everything else is shared with the Node entry
// (activate.ts); what a browser cannot do (fetch a site's robots.txt as a crawler does) says so.
import { l10n, Uri, workspace, type ExtensionContext } from 'vscode';
import {
	BaseLanguageClient,
	BrowserMessageReader,
	BrowserMessageWriter,
	type LanguageClientOptions,
	type MessageTransports,
} from 'vscode-languageclient/browser';
import type { InitializationOptions } from '../../core/src/protocol';
import { activateClient, clientId, clientName, deactivateClient } from './activate';

/**
 * A browser's fetch cannot do what the deployed commands promise: it hides the redirect chain (each hop's status and
 * where it led, which crawlers treat differently), cannot send the User-Agent the server chooses, and is refused
 * outright by every site that does not allow other origins to read its robots.txt (CORS), which is nearly all of them.
 * Worded when the extension activates, in VS Code's display language.
 */
function cannotFetch(): string {
	return l10n.t(
		"Fetching a site's robots.txt is not available in the browser: browsers let an extension read another site's file only when that site allows it (CORS, which robots.txt files seldom do), and hide its redirects, so the answer would not be what a crawler sees. Use VS Code on the desktop, or run `robots-txt fetch <site>` in a terminal.",
	);
}

export async function activate(context: ExtensionContext): Promise<void> {
	const url = await workerUrl(context.extensionUri);
	await activateClient(context, {
		// The server in the worker reads no files: it speaks the editor's language from the bundle VS Code loaded for
		// this client (the same l10n/ file), so that the .vsix ships each bundle once.
		createClient: (options) =>
			new WorkerLanguageClient({ ...options, initializationOptions: { l10nBundle: l10n.bundle } satisfies InitializationOptions }, url),
		fetchSite: { unavailable: cannotFetch() },
	});
}

export function deactivate(): Thenable<void> | undefined {
	return deactivateClient();
}

/**
 * A client whose server is a web worker it owns: each start begins a fresh worker and a stop ends it. A server in a
 * worker cannot end itself on `exit` as a process does, and answers a second `initialize` with an error, so a restart
 * must not reuse the old worker.
 */
class WorkerLanguageClient extends BaseLanguageClient {
	private worker: Worker | undefined;

	constructor(
		options: LanguageClientOptions,
		private readonly url: string,
	) {
		super(clientId, clientName, options);
	}

	protected override createMessageTransports(): Promise<MessageTransports> {
		this.worker?.terminate();
		const worker = new Worker(this.url);
		this.worker = worker;
		return Promise.resolve({ reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) });
	}

	override async stop(timeout?: number): Promise<void> {
		try {
			await super.stop(timeout);
		} finally {
			this.worker?.terminate();
			this.worker = undefined;
		}
	}
}

/**
 * The URL to start the server's worker from. Where the extension is served over http(s) (vscode.dev, github.dev) or
 * from local files, its own URL. Elsewhere, such as an extension installed on a code-server host, whose files have a
 * `vscode-remote:` URI that the web worker host refuses to start workers from, the script is read through VS Code's
 * file system and started from a blob URL.
 */
async function workerUrl(extensionUri: Uri): Promise<string> {
	const script = Uri.joinPath(extensionUri, 'server', 'dist', 'browser.js');
	if (script.scheme === 'http' || script.scheme === 'https' || script.scheme === 'file') {
		return script.toString(true);
	}
	const bytes = await workspace.fs.readFile(script);
	// A copy: Blob takes bytes backed by a plain ArrayBuffer.
	return URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'text/javascript' }));
}
