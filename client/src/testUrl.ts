// The "Robots.txt: Test URL" command: asks for a URL and a crawler, sends robotsTxt/testUrl and shows the server's answer.
// Everything shown (summary, verdicts, explanations, the line to reveal) is the server's; this file only arranges it.
import {
	commands,
	Memento,
	OutputChannel,
	QuickPickItem,
	QuickPickItemKind,
	Range,
	Selection,
	TextDocument,
	TextEditorRevealType,
	Uri,
	window,
	workspace,
} from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { agentsRequest, TestUrlResult, testUrlRequest } from './protocol';

const languageId = 'robots-txt';
const historyKey = 'robotsTxt.testUrl.history';
const historySize = 10;
const showDetails = 'Show Details';

/** What the command needs from the extension: the running client, the output channel and per-workspace storage. */
export interface TestUrlContext {
	client: LanguageClient;
	output: OutputChannel;
	state: Memento;
}

/**
 * Runs the command. `uri` and `agent` come from code lenses (the editor's context menu passes a Uri);
 * `url` lets scripts and tests skip the URL prompt.
 * Resolves to the server's result (undefined when cancelled), never to the notification, which would block callers until it closes.
 */
export async function testUrl(context: TestUrlContext, uri?: string | Uri, agent?: string, url?: string): Promise<TestUrlResult | undefined> {
	const document = await targetDocument(uri);
	if (document === undefined) {
		void window.showErrorMessage('Robots.txt: Test URL works on a robots.txt file. Open one and run the command again.');
		return undefined;
	}
	const history = context.state.get<string[]>(historyKey, []);
	const chosenUrl = url ?? await pickOrType({
		title: 'Robots.txt: Test URL',
		placeholder: 'A URL or a path to test, e.g. https://example.com/private/page or /private/page',
		items: history.map((entry) => ({ label: entry, description: 'recently tested' })),
		typedDescription: 'test this URL',
	});
	if (chosenUrl === undefined) {
		return undefined;
	}
	const chosenAgent = agent ?? await pickAgent(context, document);
	if (chosenAgent === undefined) {
		return undefined;
	}
	await context.state.update(historyKey, [chosenUrl, ...history.filter((entry) => entry !== chosenUrl)].slice(0, historySize));

	let result: TestUrlResult;
	try {
		result = await context.client.sendRequest(testUrlRequest, { uri: document.uri.toString(), url: chosenUrl, agent: chosenAgent });
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		context.output.appendLine(`Test URL ${chosenUrl} as ${chosenAgent} failed: ${reason}`);
		void window.showErrorMessage(`Robots.txt: the URL test failed: ${reason}`);
		return undefined;
	}
	appendDetails(context.output, document, result);
	// The line first, so that the editor already shows what the notification talks about.
	if (result.primaryLine !== null) {
		await revealLine(document, result.primaryLine, false);
	}
	const notification = result.agree
		? window.showInformationMessage(result.summary, showDetails)
		: window.showWarningMessage(result.summary, showDetails);
	void notification.then((choice) => {
		if (choice === showDetails) {
			context.output.show(true);
		}
	});
	return result;
}

/** Selects a whole line, scrolls it into view and optionally opens the hover there (used by the code lenses too). */
export async function revealLine(document: TextDocument, line: number, showHover: boolean): Promise<void> {
	const editor = await window.showTextDocument(document, { preserveFocus: false, preview: false });
	const target = Math.max(0, Math.min(line, document.lineCount - 1));
	const range = document.lineAt(target).range;
	editor.selection = new Selection(range.start, range.end);
	editor.revealRange(new Range(range.start, range.end), TextEditorRevealType.InCenterIfOutsideViewport);
	if (showHover) {
		await commands.executeCommand('editor.action.showHover');
	}
}

/** The document named by a code lens, or else the active editor's when it is a robots.txt file. */
async function targetDocument(uri: string | Uri | undefined): Promise<TextDocument | undefined> {
	if (uri !== undefined) {
		return workspace.openTextDocument(typeof uri === 'string' ? Uri.parse(uri) : uri);
	}
	const document = window.activeTextEditor?.document;
	return document?.languageId === languageId ? document : undefined;
}

/** Offers the file's own agents first, then the crawlers the server knows, and accepts any other token typed. */
async function pickAgent(context: TestUrlContext, document: TextDocument): Promise<string | undefined> {
	const items = context.client.sendRequest(agentsRequest, { uri: document.uri.toString() }).then(
		(agents) => {
			const inFile = new Set(agents.fromFile.map((token) => token.toLowerCase()));
			const known = agents.known.filter((crawler) => !inFile.has(crawler.token.toLowerCase()));
			const result: QuickPickItem[] = [];
			if (agents.fromFile.length > 0) {
				result.push({ label: 'In this file', kind: QuickPickItemKind.Separator });
				result.push(...agents.fromFile.map((token) => ({ label: token })));
			}
			if (known.length > 0) {
				result.push({ label: 'Known crawlers', kind: QuickPickItemKind.Separator });
				result.push(...known.map((crawler) => ({ label: crawler.token, description: crawler.owner })));
			}
			return result;
		},
		(error: unknown) => {
			// The picker still accepts a typed token, so a failed lookup only costs the suggestions.
			context.output.appendLine(`Listing agents failed: ${error instanceof Error ? error.message : String(error)}`);
			return [];
		},
	);
	return pickOrType({
		title: 'Robots.txt: Test URL as which crawler?',
		placeholder: 'A user-agent token, e.g. Googlebot; pick one or type any other',
		items,
		typedDescription: 'test as this crawler',
	});
}

interface PickOrTypeOptions {
	title: string;
	placeholder: string;
	items: QuickPickItem[] | Promise<QuickPickItem[]>;
	/** Shown next to the typed value when it is not one of the items. */
	typedDescription: string;
}

/** A quick pick whose list is a suggestion: Enter takes the highlighted item, or the typed text when it matches none. */
function pickOrType(options: PickOrTypeOptions): Promise<string | undefined> {
	const quickPick = window.createQuickPick<QuickPickItem>();
	quickPick.title = options.title;
	quickPick.placeholder = options.placeholder;
	quickPick.matchOnDescription = true;
	let suggestions: QuickPickItem[] = [];
	const refresh = (): void => {
		const typed = quickPick.value.trim();
		const isListed = typed === '' || suggestions.some((item) => item.kind !== QuickPickItemKind.Separator && item.label === typed);
		quickPick.items = isListed ? suggestions : [{ label: typed, description: options.typedDescription, alwaysShow: true }, ...suggestions];
	};
	if (Array.isArray(options.items)) {
		suggestions = options.items;
	} else {
		quickPick.busy = true;
		void options.items.then((items) => {
			suggestions = items;
			quickPick.busy = false;
			refresh();
		});
	}
	refresh();
	return new Promise((resolve) => {
		let chosen: string | undefined;
		quickPick.onDidChangeValue(refresh);
		quickPick.onDidAccept(() => {
			const value = quickPick.selectedItems[0]?.label ?? quickPick.value.trim();
			if (value !== '') {
				chosen = value;
				quickPick.hide();
			}
		});
		quickPick.onDidHide(() => {
			quickPick.dispose();
			resolve(chosen);
		});
		quickPick.show();
	});
}

/** The full answer for the output channel: every dialect's verdict, its deciding line and the server's explanation. */
function appendDetails(output: OutputChannel, document: TextDocument, result: TestUrlResult): void {
	output.appendLine('');
	output.appendLine(`Test URL ${result.url} as ${result.agent} in ${workspace.asRelativePath(document.uri)} (${new Date().toLocaleTimeString()})`);
	output.appendLine(`  ${result.summary}`);
	for (const entry of result.results) {
		const verdict = entry.verdict === 'allow' ? 'ALLOWED' : 'DISALLOWED';
		const decidedBy = entry.line === null ? 'no deciding line' : `line ${entry.line + 1}${entry.rule === null ? '' : `: ${entry.rule}`}`;
		output.appendLine(`  ${entry.dialectName}: ${verdict} (${decidedBy})`);
		for (const line of entry.explanation.split(/\r?\n/)) {
			output.appendLine(`      ${line}`);
		}
	}
}
