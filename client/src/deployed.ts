// "Robots.txt: Open Deployed robots.txt…" and "Robots.txt: Compare with Deployed": the client asks the server where a
// site's robots.txt is and how to fetch it, fetches it here with the entry's fetcher (the Node entry's follows VS Code's
// proxy settings; the browser entry has none and says why), and hands the response to the server, which says what it
// means; the client shows what it answers. The fetch happens only when a person runs a command, and reads nothing from
// the workspace, so it works untrusted.
import {
	type Disposable,
	EventEmitter,
	l10n,
	languages,
	type Memento,
	type OutputChannel,
	ProgressLocation,
	type TextDocument,
	type TextDocumentContentProvider,
	Uri,
	window,
	workspace,
} from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
	type DeployedCompareResult,
	deployedCompareRequest,
	type DeployedOpenResult,
	deployedOpenRequest,
	deployedTargetRequest,
	fetchUrlSetRequest,
	robotsLanguageId as languageId,
	type WireOutcome,
} from './protocol';
import { pickOrType } from './testUrl';

const sitesKey = 'robotsTxt.deployed.sites';
const sitesKept = 10;

/** The limits of a fetch, as the server gives them. */
export interface FetchLimits {
	readonly userAgent: string;
	readonly timeoutMs: number;
	readonly maxRedirects: number;
	readonly maxBytes: number;
}

/**
 * How an entry fetches a site's robots.txt: a function that never throws (every failure is the outcome's error), or,
 * where the runtime cannot fetch as a crawler does, the sentence that says why.
 */
export type SiteFetcher = ((url: string, limits: FetchLimits) => Promise<WireOutcome>) | { readonly unavailable: string };

/** What the commands need from the extension. */
export interface DeployedContext {
	readonly client: BaseLanguageClient;
	readonly output: OutputChannel;
	/** Sites asked for before, across workspaces. */
	readonly state: Memento;
	/** The extension's version, for the User-Agent. */
	readonly version: string;
	readonly content: DeployedContent;
	readonly fetchSite: SiteFetcher;
	/** Shows a comparison in the document's test bench: the deployed text as its baseline, `urls` as rows when given. */
	readonly showInBench: (
		document: TextDocument,
		baseline: { readonly text: string; readonly label: string },
		urls?: readonly string[],
	) => Promise<{ readonly urls: readonly string[]; readonly crawlers: readonly string[] }>;
}

/**
 * Fetches the sitemaps a deployed robots.txt names when the server asks (`robotsTxt/fetchUrlSet`), with the fetcher the
 * robots.txt was fetched with and the limits the server gives; where the entry cannot fetch, says why.
 */
export function answerUrlSetFetches(context: DeployedContext): Disposable {
	return context.client.onRequest(fetchUrlSetRequest, (params) => {
		const fetchSite = context.fetchSite;
		if (typeof fetchSite !== 'function') {
			return { unavailable: fetchSite.unavailable };
		}
		return fetchSite(params.url, { userAgent: params.userAgent, timeoutMs: params.timeoutMs, maxRedirects: params.maxRedirects, maxBytes: params.maxBytes });
	});
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
	const fetchSite = context.fetchSite;
	if (typeof fetchSite !== 'function') {
		return undefined;
	}
	const target = await context.client.sendRequest(deployedTargetRequest, { site, version: context.version });
	if ('error' in target) {
		void window.showErrorMessage(l10n.t('Robots.txt: {0}', target.error));
		return undefined;
	}
	const outcome = await window.withProgress(
		{ location: ProgressLocation.Notification, title: l10n.t('Robots.txt: fetching {0}', target.robotsUrl), cancellable: false },
		() =>
			fetchSite(target.robotsUrl, { userAgent: target.userAgent, timeoutMs: target.timeoutMs, maxRedirects: target.maxRedirects, maxBytes: target.maxBytes }),
	);
	return { robotsUrl: target.robotsUrl, uri: target.uri, outcome };
}

/** Whether the entry can fetch; when it cannot, says so in a notification and the output (and resolves false). */
function canFetch(context: DeployedContext): boolean {
	if (typeof context.fetchSite === 'function') {
		return true;
	}
	const message = l10n.t('Robots.txt: {0}', context.fetchSite.unavailable);
	context.output.appendLine(message);
	void window.showWarningMessage(message);
	return false;
}

/** Asks for a site, offering the recent ones first; remembers the answer. */
async function askSite(context: DeployedContext, title: string): Promise<string | undefined> {
	const history = context.state.get<string[]>(sitesKey, []);
	const chosen = await pickOrType({
		title,
		placeholder: l10n.t('A site, e.g. example.com or https://www.example.com'),
		items: history.map((entry) => ({ label: entry, description: l10n.t('recently fetched') })),
		typedDescription: l10n.t("fetch this site's robots.txt"),
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
	if (!canFetch(context)) {
		return undefined;
	}
	const chosen = site ?? (await askSite(context, l10n.t('Robots.txt: Open Deployed robots.txt')));
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
		context.output.appendLine(l10n.t('Deployed robots.txt ({0})', new Date().toLocaleTimeString()));
		context.output.appendLine(result.report);
		if (site === undefined) {
			notifyWithDetails(context, window.showInformationMessage, l10n.t('Robots.txt: {0}: {1}. {2}', fetched.robotsUrl, result.headline, result.summary));
		}
		return result;
	} catch (error) {
		return failed(
			context,
			error,
			(reason) => l10n.t('Opening the deployed robots.txt of {0} failed: {1}', chosen, reason),
			(reason) => l10n.t('Robots.txt: opening the deployed robots.txt of {0} failed: {1}', chosen, reason),
		);
	}
}

/**
 * Runs "Compare with Deployed": the verdicts of the target crawlers on probe URLs (from both files' rules) that differ
 * between the open robots.txt and the one a site serves, in the Robots.txt output.
 */
export async function compareWithDeployed(
	context: DeployedContext,
	uri?: string | Uri,
	site?: string,
	urls?: string[],
): Promise<DeployedCompareResult | undefined> {
	const document = uri !== undefined ? await workspace.openTextDocument(typeof uri === 'string' ? Uri.parse(uri) : uri) : window.activeTextEditor?.document;
	if (document === undefined || document.languageId !== languageId) {
		void window.showErrorMessage(l10n.t('Robots.txt: Compare with Deployed works on a robots.txt file. Open one and run the command again.'));
		return undefined;
	}
	if (!canFetch(context)) {
		return undefined;
	}
	const chosen = site ?? (await askSite(context, l10n.t('Robots.txt: Compare with the robots.txt of which site?')));
	if (chosen === undefined) {
		return undefined;
	}
	try {
		const fetched = await fetchDeployed(context, chosen);
		if (!fetched) {
			return undefined;
		}
		const uri = document.uri.toString();
		let result = await context.client.sendRequest(deployedCompareRequest, { uri, outcome: fetched.outcome, ...(urls ? { urls } : {}) });
		if (result.baseline) {
			// Shown in the bench, the comparison is the bench's: its columns, its rows and the probe rows it adds, so that
			// the count said here is the count of verdicts the bench marks as changed.
			const bench = await context.showInBench(document, result.baseline, urls);
			result = await context.client.sendRequest(deployedCompareRequest, {
				uri,
				outcome: fetched.outcome,
				urls: [...bench.urls],
				crawlers: [...bench.crawlers],
				probe: true,
			});
		}
		context.output.appendLine('');
		context.output.appendLine(l10n.t('Compare {0} with {1} ({2})', workspace.asRelativePath(document.uri), fetched.robotsUrl, new Date().toLocaleTimeString()));
		context.output.appendLine(`  ${result.summary}`);
		// The summary says the files differ only by managed blocks; what the blocks change for each crawler follows it.
		for (const line of result.managed?.slice(1) ?? []) {
			context.output.appendLine(`  ${line}`);
		}
		for (const line of result.table.split('\n').filter((text) => text !== '')) {
			context.output.appendLine(`  ${line}`);
		}
		for (const note of result.notes) {
			context.output.appendLine(`  ${note}`);
		}
		context.output.appendLine(result.report);
		if (!result.baseline) {
			context.output.appendLine(
				`  ${l10n.t('The test bench cannot show this comparison cell by cell: the crawlers do not all read the deployed file the same way (see their conclusions above).')}`,
			);
		}
		if (site === undefined) {
			notifyWithDetails(
				context,
				result.rows.length === 0 || result.managed !== undefined ? window.showInformationMessage : window.showWarningMessage,
				l10n.t('Robots.txt: {0}', result.summary),
			);
		}
		return result;
	} catch (error) {
		return failed(
			context,
			error,
			(reason) => l10n.t('Comparing with the deployed robots.txt of {0} failed: {1}', chosen, reason),
			(reason) => l10n.t('Robots.txt: comparing with the deployed robots.txt of {0} failed: {1}', chosen, reason),
		);
	}
}

/** A toast whose "Show Details" button shows the Robots.txt output, where the whole report was written. */
function notifyWithDetails(context: DeployedContext, notify: (message: string, ...items: string[]) => Thenable<string | undefined>, message: string): void {
	const showDetails = l10n.t('Show Details');
	void notify(message, showDetails).then((choice) => {
		if (choice === showDetails) {
			context.output.show(true);
		}
	});
}

/** Shows a text the server gave (a lens's details) in the Robots.txt output. */
export function showDetailsText(output: OutputChannel, text: unknown): void {
	if (typeof text === 'string') {
		output.appendLine('');
		output.appendLine(text);
	}
	output.show(true);
}

/** Logs a failed command and tells the user, each in a sentence of its own (`logLine`, `notice`) with the reason. */
function failed(context: DeployedContext, error: unknown, logLine: (reason: string) => string, notice: (reason: string) => string): undefined {
	const reason = error instanceof Error ? error.message : String(error);
	context.output.appendLine(logLine(reason));
	void window.showErrorMessage(notice(reason));
	return undefined;
}
