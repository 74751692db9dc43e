// "Robots.txt: Open Deployed robots.txt…" and "Robots.txt: Compare with Deployed": the client asks the server where a
// site's robots.txt is and how to fetch it, fetches it here (Node's http and https in the extension host follow VS Code's
// proxy settings), and hands the response to the server, which says what it means; the client shows what it answers.
// The fetch happens only when a person runs a command, and reads nothing from the workspace, so it works untrusted.
import {
	EventEmitter,
	languages,
	Memento,
	OutputChannel,
	ProgressLocation,
	TextDocumentContentProvider,
	Uri,
	window,
	workspace,
} from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { fetchWithLimits } from '../../server/src/net/httpFetch';
import {
	DeployedCompareResult,
	deployedCompareRequest,
	DeployedOpenResult,
	deployedOpenRequest,
	deployedTargetRequest,
	WireOutcome,
} from './protocol';
import { pickOrType } from './testUrl';

const languageId = 'robots-txt';
const sitesKey = 'robotsTxt.deployed.sites';
const sitesKept = 10;
const showDetails = 'Show Details';

/** What the commands need from the extension. */
export interface DeployedContext {
	readonly client: LanguageClient;
	readonly output: OutputChannel;
	/** Sites asked for before, across workspaces. */
	readonly state: Memento;
	/** The extension's version, for the User-Agent. */
	readonly version: string;
	readonly content: DeployedContent;
}

/** The text of each deployed document, as the server gave it; documents of this scheme are read-only. */
export class DeployedContent implements TextDocumentContentProvider {
	private readonly texts = new Map<string, string>();
	private readonly changes = new EventEmitter<Uri>();
	readonly onDidChange = this.changes.event;

	set(uri: Uri, text: string): void {
		this.texts.set(uri.toString(), text);
		this.changes.fire(uri);
	}

	provideTextDocumentContent(uri: Uri): string {
		return this.texts.get(uri.toString()) ?? '';
	}

	dispose(): void {
		this.changes.dispose();
	}
}

/** A fetch the server can read: the outcome with bodies in base64. */
interface Fetched {
	readonly robotsUrl: string;
	readonly uri: string;
	readonly outcome: WireOutcome;
}

/** Asks the server where the site's robots.txt is, then fetches it with the limits the server gives. */
async function fetchDeployed(context: DeployedContext, site: string): Promise<Fetched | undefined> {
	const target = await context.client.sendRequest(deployedTargetRequest, { site, version: context.version });
	if ('error' in target) {
		void window.showErrorMessage(`Robots.txt: ${target.error}`);
		return undefined;
	}
	const outcome = await window.withProgress(
		{ location: ProgressLocation.Notification, title: `Robots.txt: fetching ${target.robotsUrl}`, cancellable: false },
		() => fetchWithLimits(target.robotsUrl, { userAgent: target.userAgent, timeoutMs: target.timeoutMs, maxRedirects: target.maxRedirects, maxBytes: target.maxBytes }),
	);
	const wire: WireOutcome = {
		url: outcome.url,
		responses: outcome.responses.map(({ body, ...response }) => (body === undefined ? response : { ...response, body: Buffer.from(body).toString('base64') })),
		...(outcome.error ? { error: outcome.error } : {}),
	};
	return { robotsUrl: target.robotsUrl, uri: target.uri, outcome: wire };
}

/** Asks for a site, offering the recent ones first; remembers the answer. */
async function askSite(context: DeployedContext, title: string): Promise<string | undefined> {
	const history = context.state.get<string[]>(sitesKey, []);
	const chosen = await pickOrType({
		title,
		placeholder: 'A site, e.g. example.com or https://www.example.com',
		items: history.map((entry) => ({ label: entry, description: 'recently fetched' })),
		typedDescription: 'fetch this site\'s robots.txt',
	});
	if (chosen !== undefined) {
		await context.state.update(sitesKey, [chosen, ...history.filter((entry) => entry !== chosen)].slice(0, sitesKept));
	}
	return chosen;
}

/**
 * Runs "Open Deployed robots.txt…": `site` lets scripts and tests skip the prompt. Opens the file the site serves as
 * a read-only robots.txt document with every feature of the server, and resolves to the server's answer.
 */
export async function openDeployed(context: DeployedContext, site?: string): Promise<DeployedOpenResult | undefined> {
	const chosen = site ?? await askSite(context, 'Robots.txt: Open Deployed robots.txt');
	if (chosen === undefined) {
		return undefined;
	}
	try {
		const fetched = await fetchDeployed(context, chosen);
		if (!fetched) {
			return undefined;
		}
		const result = await context.client.sendRequest(deployedOpenRequest, { uri: fetched.uri, outcome: fetched.outcome });
		const uri = Uri.parse(result.uri);
		context.content.set(uri, result.text);
		let document = await workspace.openTextDocument(uri);
		if (document.languageId !== languageId) {
			document = await languages.setTextDocumentLanguage(document, languageId);
		}
		await window.showTextDocument(document, { preview: false });
		context.output.appendLine('');
		context.output.appendLine(`Deployed robots.txt (${new Date().toLocaleTimeString()})`);
		context.output.appendLine(result.report);
		if (site === undefined) {
			void window.showInformationMessage(`Robots.txt: ${fetched.robotsUrl}: ${result.headline}. ${result.summary}`, showDetails).then((choice) => {
				if (choice === showDetails) {
					context.output.show(true);
				}
			});
		}
		return result;
	} catch (error) {
		return failed(context, `Opening the deployed robots.txt of ${chosen}`, error);
	}
}

/**
 * Runs "Compare with Deployed": the verdicts of the target crawlers on probe URLs (from both files' rules) that differ
 * between the open robots.txt and the one a site serves, in the Robots.txt output.
 */
export async function compareWithDeployed(context: DeployedContext, uri?: string | Uri, site?: string, urls?: string[]): Promise<DeployedCompareResult | undefined> {
	const document = uri !== undefined ? await workspace.openTextDocument(typeof uri === 'string' ? Uri.parse(uri) : uri) : window.activeTextEditor?.document;
	if (document === undefined || document.languageId !== languageId) {
		void window.showErrorMessage('Robots.txt: Compare with Deployed works on a robots.txt file. Open one and run the command again.');
		return undefined;
	}
	const chosen = site ?? await askSite(context, 'Robots.txt: Compare with the robots.txt of which site?');
	if (chosen === undefined) {
		return undefined;
	}
	try {
		const fetched = await fetchDeployed(context, chosen);
		if (!fetched) {
			return undefined;
		}
		const result = await context.client.sendRequest(deployedCompareRequest, { uri: document.uri.toString(), outcome: fetched.outcome, ...(urls ? { urls } : {}) });
		context.output.appendLine('');
		context.output.appendLine(`Compare ${workspace.asRelativePath(document.uri)} with ${fetched.robotsUrl} (${new Date().toLocaleTimeString()})`);
		context.output.appendLine(`  ${result.summary}`);
		for (const line of result.table.split('\n').filter((text) => text !== '')) {
			context.output.appendLine(`  ${line}`);
		}
		context.output.appendLine(result.report);
		if (site === undefined) {
			const notify = result.rows.length === 0 ? window.showInformationMessage : window.showWarningMessage;
			void notify(`Robots.txt: ${result.summary}`, showDetails).then((choice) => {
				if (choice === showDetails) {
					context.output.show(true);
				}
			});
		}
		return result;
	} catch (error) {
		return failed(context, `Comparing with the deployed robots.txt of ${chosen}`, error);
	}
}

/** Shows a text the server gave (a lens's details) in the Robots.txt output. */
export function showDetailsText(output: OutputChannel, text: unknown): void {
	if (typeof text === 'string') {
		output.appendLine('');
		output.appendLine(text);
	}
	output.show(true);
}

function failed(context: DeployedContext, what: string, error: unknown): undefined {
	const reason = error instanceof Error ? error.message : String(error);
	context.output.appendLine(`${what} failed: ${reason}`);
	void window.showErrorMessage(`Robots.txt: ${what.charAt(0).toLowerCase()}${what.slice(1)} failed: ${reason}`);
	return undefined;
}
