// The "Robots.txt: Test URL" commands: ask for a URL and a crawler, send the server's custom requests and show its answer.
// Everything shown (headline, verdicts, explanations, the line to reveal, the table) is the server's; this file only arranges it.
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
	ViewColumn,
	window,
	workspace,
} from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { agentsRequest, TestUrlAllResult, testUrlAllRequest, TestUrlResult, testUrlRequest } from './protocol';

const languageId = 'robots-txt';
const historyKey = 'robotsTxt.testUrl.history';
const historySize = 10;
const showDetails = 'Show Details';
const chooseParser = 'Choose Parser…';

/** What the commands need from the extension: the running client, the output channel and per-workspace storage. */
export interface TestUrlContext {
	client: BaseLanguageClient;
	output: OutputChannel;
	state: Memento;
}

/**
 * Runs "Test URL". `uri` and `agent` come from code lenses (the editor's context menu passes a Uri); `url` and
 * `parser` let scripts and tests skip the prompts. Resolves to the server's result (undefined when cancelled), never
 * to the notification, which would block callers until it closes.
 */
export async function testUrl(context: TestUrlContext, uri?: string | Uri, agent?: string, url?: string, parser?: string): Promise<TestUrlResult | undefined> {
	const document = await targetDocument(uri);
	if (document === undefined) {
		void window.showErrorMessage('Robots.txt: Test URL works on a robots.txt file. Open one and run the command again.');
		return undefined;
	}
	const chosenUrl = url ?? await askUrl(context, 'Robots.txt: Test URL');
	if (chosenUrl === undefined) {
		return undefined;
	}
	const chosenAgent = agent ?? await pickAgent(context, document);
	if (chosenAgent === undefined) {
		return undefined;
	}
	let result: TestUrlResult;
	try {
		result = await context.client.sendRequest(testUrlRequest, { uri: document.uri.toString(), url: chosenUrl, agent: chosenAgent, ...(parser ? { parser: parser as TestUrlResult['crawler']['parser'] } : {}) });
	} catch (error) {
		return failed(context, `Test URL ${chosenUrl} as ${chosenAgent}`, error);
	}
	appendDetails(context.output, document, result);
	// The line first, so that the editor already shows what the notification talks about.
	if (result.selectLine !== null) {
		await revealLine(document, result.selectLine, false);
	}
	const buttons = result.parserAssumed ? [showDetails, chooseParser] : [showDetails];
	const notification = result.others.length === 0 ? window.showInformationMessage(result.headline, ...buttons) : window.showWarningMessage(result.headline, ...buttons);
	void notification.then(async (choice) => {
		if (choice === showDetails) {
			context.output.show(true);
		} else if (choice === chooseParser) {
			const picked = await window.showQuickPick(result.parsers.map((entry) => ({ label: entry.name, description: entry.parser, parser: entry.parser })), {
				title: `Read the file as which parser for ${result.crawler.token}?`,
			});
			if (picked) {
				await testUrl(context, document.uri, chosenAgent, chosenUrl, picked.parser);
			}
		}
	});
	return result;
}

/** Runs "Test URL for All Crawlers": one URL, every target crawler, as a table; picking a row reveals its line. */
export async function testUrlAll(context: TestUrlContext, uri?: string | Uri, url?: string): Promise<TestUrlAllResult | undefined> {
	const document = await targetDocument(uri);
	if (document === undefined) {
		void window.showErrorMessage('Robots.txt: Test URL works on a robots.txt file. Open one and run the command again.');
		return undefined;
	}
	const chosenUrl = url ?? await askUrl(context, 'Robots.txt: Test URL for All Crawlers');
	if (chosenUrl === undefined) {
		return undefined;
	}
	let result: TestUrlAllResult;
	try {
		result = await context.client.sendRequest(testUrlAllRequest, { uri: document.uri.toString(), url: chosenUrl });
	} catch (error) {
		return failed(context, `Test URL ${chosenUrl} for all crawlers`, error);
	}
	context.output.appendLine('');
	context.output.appendLine(`Test URL ${result.url} for all crawlers in ${workspace.asRelativePath(document.uri)} (${new Date().toLocaleTimeString()})`);
	context.output.appendLine(`  ${result.summary}`);
	for (const line of result.table.split('\n')) {
		context.output.appendLine(`  ${line}`);
	}
	if (url === undefined) {
		// Scripts and tests pass the URL and get the result; people get the table to pick a row from.
		void showRows(document, result);
	}
	return result;
}

async function showRows(document: TextDocument, result: TestUrlAllResult): Promise<void> {
	const items = result.rows.map((row) => ({
		label: `${row.verdict === 'allow' ? '$(pass)' : '$(error)'} ${row.crawler.token}`,
		description: `${row.verdict === 'allow' ? 'ALLOWED' : 'DISALLOWED'}${row.line === null ? '' : ` · line ${row.line + 1}`}`,
		detail: row.explanation,
		line: row.selectLine,
	}));
	const picked = await window.showQuickPick(items, { title: result.summary, matchOnDescription: true, matchOnDetail: true, placeHolder: 'Pick a crawler to reveal the line that decides for it' });
	if (picked && picked.line !== null) {
		await revealLine(document, picked.line, false);
	}
}

function failed(context: TestUrlContext, what: string, error: unknown): undefined {
	const reason = error instanceof Error ? error.message : String(error);
	context.output.appendLine(`${what} failed: ${reason}`);
	void window.showErrorMessage(`Robots.txt: the URL test failed: ${reason}`);
	return undefined;
}

/** Asks for a URL, offering the last ten tested first; remembers the answer. */
async function askUrl(context: TestUrlContext, title: string): Promise<string | undefined> {
	const history = context.state.get<string[]>(historyKey, []);
	const chosen = await pickOrType({
		title,
		placeholder: 'A URL or a path to test, e.g. https://example.com/private/page or /private/page',
		items: history.map((entry) => ({ label: entry, description: 'recently tested' })),
		typedDescription: 'test this URL',
	});
	if (chosen !== undefined) {
		await context.state.update(historyKey, [chosen, ...history.filter((entry) => entry !== chosen)].slice(0, historySize));
	}
	return chosen;
}

/**
 * Selects a whole line, scrolls it into view and optionally opens the hover there (used by the code lenses and the test
 * bench too), in the editor group `viewColumn` when given.
 */
export async function revealLine(document: TextDocument, line: number, showHover: boolean, viewColumn?: ViewColumn): Promise<void> {
	const editor = await window.showTextDocument(document, { preserveFocus: false, preview: false, ...(viewColumn !== undefined ? { viewColumn } : {}) });
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

/** Offers the target crawlers, then the file's own agents, then every known crawler; any other token may be typed. */
async function pickAgent(context: TestUrlContext, document: TextDocument): Promise<string | undefined> {
	const items = context.client.sendRequest(agentsRequest, { uri: document.uri.toString() }).then(
		(agents) => {
			const byToken = new Map(agents.known.map((crawler) => [crawler.token.toLowerCase(), crawler]));
			const listed = new Set<string>();
			const result: QuickPickItem[] = [];
			const section = (label: string, tokens: readonly string[]) => {
				const fresh = tokens.filter((token) => !listed.has(token.toLowerCase()));
				if (fresh.length > 0) {
					result.push({ label, kind: QuickPickItemKind.Separator });
					for (const token of fresh) {
						listed.add(token.toLowerCase());
						result.push({ label: token, description: byToken.get(token.toLowerCase())?.owner });
					}
				}
			};
			section('Your target crawlers', agents.targets);
			section('In this file', agents.fromFile);
			section('Known crawlers', agents.known.map((crawler) => crawler.token));
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

/**
 * A quick pick whose list is a suggestion: Enter takes the highlighted item when it matches what was typed, or else
 * the typed text itself. Paste-and-Enter arrives before the list is refiltered, so the item VS Code highlights may
 * belong to an older list (another crawler, even a separator): it counts only if its label contains the typed text.
 */
export function pickOrType(options: PickOrTypeOptions): Promise<string | undefined> {
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
			const typed = quickPick.value.trim();
			const selected = quickPick.selectedItems[0];
			const matches = selected !== undefined && selected.kind !== QuickPickItemKind.Separator &&
				(typed === '' || selected.label.toLowerCase().includes(typed.toLowerCase()));
			const value = matches ? selected.label : typed;
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

/** The full answer for the output channel: the crawler's answer, then the other parsers that differ. */
function appendDetails(output: OutputChannel, document: TextDocument, result: TestUrlResult): void {
	output.appendLine('');
	output.appendLine(`Test URL ${result.url} as ${result.crawler.token} (${result.crawler.parserName} parser) in ${workspace.asRelativePath(document.uri)} (${new Date().toLocaleTimeString()})`);
	output.appendLine(`  ${result.explanation}`);
	for (const other of result.others) {
		output.appendLine(`  ${other.parserName} parser: ${other.explanation}`);
	}
}
