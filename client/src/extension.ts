// The extension's Node entry (desktop VS Code, code-server, Codespaces): starts the bundled language server as a Node
// process over IPC and fetches deployed robots.txt files with Node's http and https, which VS Code's extension host
// points at its proxy settings. Everything else is shared with the browser entry (activate.ts).
import { existsSync } from 'node:fs';
import { env, l10n, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { fetchWithLimits, speakIn } from '../../io/src/httpFetch';
import { activateClient, clientId, clientName, deactivateClient } from './activate';
import type { FetchLimits } from './deployed';
import type { WireOutcome } from './protocol';

export async function activate(context: ExtensionContext): Promise<void> {
	// A failed fetch of a deployed robots.txt is worded in VS Code's language, from the same l10n bundle.
	speakIn(env.language, (message, args) => l10n.t(message, ...args));
	const serverModule = context.asAbsolutePath('server/dist/server.js');
	const serverOptions: ServerOptions = {
		run: { module: serverModule, transport: TransportKind.ipc },
		debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
	};
	await activateClient(context, {
		createClient: (options) => new LanguageClient(clientId, clientName, serverOptions, options),
		missingServer: () =>
			existsSync(serverModule) ? undefined : l10n.t('the language server bundle {0} is missing. Run "npm run build" in the extension\'s folder.', serverModule),
		fetchSite: fetchOverNode,
	});
}

export function deactivate(): Thenable<void> | undefined {
	return deactivateClient();
}

/** One polite fetch with the server's limits, its bodies in base64 for the wire. */
async function fetchOverNode(url: string, limits: FetchLimits): Promise<WireOutcome> {
	const outcome = await fetchWithLimits(url, limits);
	return {
		url: outcome.url,
		responses: outcome.responses.map(({ body, ...response }) => (body === undefined ? response : { ...response, body: Buffer.from(body).toString('base64') })),
		...(outcome.error ? { error: outcome.error } : {}),
	};
}
