// The "Robots.txt: Test URL" commands: ask for a URL and a crawler, send the server's custom requests and show its answer.
// Everything shown (headline, verdicts, explanations, the line to reveal, the table) is the server's; this file only arranges it.
import {
	commands,
	l10n,
	type Memento,
	type OutputChannel,
	type QuickPickItem,
	QuickPickItemKind,
	Range,
	Selection,
	type TextDocument,
	TextEditorRevealType,
	Uri,
	type ViewColumn,
	window,
	workspace,
} from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { pickedValue } from './pick';
import { agentsRequest, type TestUrlAllResult, testUrlAllRequest, type TestUrlResult, testUrlRequest } from './protocol';
import { robotsLanguageId as languageId } from './protocol';

const historyKey = 'robotsTxt.testUrl.history';
const historySize = 10;

/** What the commands need from the extension: the running client, the output channel and per-workspace storage. */
interface TestUrlContext {
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
		void window.showErrorMessage(l10n.t('Robots.txt: Test URL works on a robots.txt file. Open one and run the command again.'));
		return undefined;
	}
	// From a lens the crawler is chosen already: the prompt says which.
	const chosenUrl = url ?? (await askUrl(context, agent !== undefined ? l10n.t('Robots.txt: Test URL as {0}', agent) : l10n.t('Robots.txt: Test URL')));
	if (chosenUrl === undefined) {
		return undefined;
	}
	const chosenAgent = agent ?? (await pickAgent(context, document));
	if (chosenAgent === undefined) {
		return undefined;
	}
	let result: TestUrlResult;
	try {
		result = await context.client.sendRequest(testUrlRequest, {
			uri: document.uri.toString(),
			url: chosenUrl,
			agent: chosenAgent,
			...(parser ? { parser: parser as TestUrlResult['crawler']['parser'] } : {}),
		});
	} catch (error) {
		return failed(context, error, (reason) => l10n.t('Test URL {0} as {1} failed: {2}', chosenUrl, chosenAgent, reason));
	}
	appendDetails(context.output, document, result);
	// The line first, so that the editor already shows what the notification talks about.
	if (result.selectLine !== null) {
		await revealLine(document, result.selectLine, false);
		// The preference lines that speak for the URL are selected too, after the deciding line: both say why.
		selectAlso(document, result.preferences.lines);
	} else {
		// No line decides and no group applies: a line an earlier answer selected would read as this one's.
		for (const editor of window.visibleTextEditors.filter((candidate) => candidate.document === document)) {
			editor.selection = new Selection(editor.selection.active, editor.selection.active);
		}
	}
	const showDetails = l10n.t('Show Details');
	const chooseParser = l10n.t('Choose Parser…');
	const buttons = result.parserAssumed ? [showDetails, chooseParser] : [showDetails];
	const notification =
		result.others.length === 0 ? window.showInformationMessage(result.headline, ...buttons) : window.showWarningMessage(result.headline, ...buttons);
	void notification.then(async (choice) => {
		if (choice === showDetails) {
			context.output.show(true);
		} else if (choice === chooseParser) {
			const picked = await window.showQuickPick(
				result.parsers.map((entry) => ({ label: entry.name, description: entry.parser, parser: entry.parser })),
				{
					title: l10n.t('Read the file as which parser for {0}?', result.crawler.token),
				},
			);
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
		void window.showErrorMessage(l10n.t('Robots.txt: Test URL works on a robots.txt file. Open one and run the command again.'));
		return undefined;
	}
	const chosenUrl = url ?? (await askUrl(context, l10n.t('Robots.txt: Test URL for All Crawlers')));
	if (chosenUrl === undefined) {
		return undefined;
	}
	let result: TestUrlAllResult;
	try {
		result = await context.client.sendRequest(testUrlAllRequest, { uri: document.uri.toString(), url: chosenUrl });
	} catch (error) {
		return failed(context, error, (reason) => l10n.t('Test URL {0} for all crawlers failed: {1}', chosenUrl, reason));
	}
	context.output.appendLine('');
	context.output.appendLine(
		l10n.t('Test URL {0} for all crawlers in {1} ({2})', result.url, workspace.asRelativePath(document.uri), new Date().toLocaleTimeString()),
	);
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
		description: row.preferences.text === '' ? row.verdictText : `${row.verdictText} · ${row.preferences.cell}`,
		detail: row.preferences.text === '' ? row.explanation : `${row.explanation} ${row.preferences.text}`,
		line: row.selectLine,
		preferenceLines: row.preferences.lines,
	}));
	const picked = await window.showQuickPick(items, {
		title: result.summary,
		matchOnDescription: true,
		matchOnDetail: true,
		placeHolder: l10n.t('Pick a crawler to reveal the line that decides for it'),
	});
	if (picked && picked.line !== null) {
		await revealLine(document, picked.line, false);
		selectAlso(document, picked.preferenceLines);
	}
}

/** Adds whole lines to the selections of the editors showing the document, after the one `revealLine` made. */
function selectAlso(document: TextDocument, lines: readonly number[]): void {
	if (lines.length === 0) {
		return;
	}
	for (const editor of window.visibleTextEditors.filter((candidate) => candidate.document === document)) {
		const extra = lines
			.filter((line) => line < document.lineCount && line !== editor.selection.active.line)
			.map((line) => {
				const range = document.lineAt(line).range;
				return new Selection(range.start, range.end);
			});
		editor.selections = [editor.selection, ...extra];
	}
}

/** Logs a failed request (`logLine` words it with the reason) and tells the user. */
function failed(context: TestUrlContext, error: unknown, logLine: (reason: string) => string): undefined {
	const reason = error instanceof Error ? error.message : String(error);
	context.output.appendLine(logLine(reason));
	void window.showErrorMessage(l10n.t('Robots.txt: the URL test failed: {0}', reason));
	return undefined;
}

/** Asks for a URL, offering the last ten tested first; remembers the answer. */
async function askUrl(context: TestUrlContext, title: string): Promise<string | undefined> {
	const history = context.state.get<string[]>(historyKey, []);
	const chosen = await pickOrType({
		title,
		placeholder: l10n.t('A URL or a path to test, e.g. https://example.com/private/page or /private/page'),
		items: history.map((entry) => ({ label: entry, description: l10n.t('recently tested') })),
		typedDescription: l10n.t('test this URL'),
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
			section(l10n.t('Your target crawlers'), agents.targets);
			section(l10n.t('In this file'), agents.fromFile);
			section(
				l10n.t('Known crawlers'),
				agents.known.map((crawler) => crawler.token),
			);
			return result;
		},
		(error: unknown) => {
			// The picker still accepts a typed token, so a failed lookup only costs the suggestions.
			context.output.appendLine(l10n.t('Listing agents failed: {0}', error instanceof Error ? error.message : String(error)));
			return [];
		},
	);
	return pickOrType({
		title: l10n.t('Robots.txt: Test URL as which crawler?'),
		placeholder: l10n.t('A user-agent token, e.g. Googlebot; pick one or type any other'),
		items,
		typedDescription: l10n.t('test as this crawler'),
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
 * A quick pick whose list is a suggestion: Enter takes what was typed or pasted, or the item the user moved the
 * highlight to (`pickedValue`). The typed text is offered as the list's last item (VS Code shows it first, as the
 * best match), so that the suggestions keep their places in the list while the text changes: VS Code names items by
 * their place, and an Enter that arrives before the list is updated names a place in the old one.
 */
export function pickOrType(options: PickOrTypeOptions): Promise<string | undefined> {
	const quickPick = window.createQuickPick<QuickPickItem>();
	quickPick.title = options.title;
	quickPick.placeholder = options.placeholder;
	quickPick.matchOnDescription = true;
	let suggestions: QuickPickItem[] | undefined;
	const refresh = (): void => {
		// Until the suggestions arrive the list stays empty, and Enter takes the text.
		if (suggestions === undefined) {
			return;
		}
		const typed = quickPick.value.trim();
		const isListed = typed === '' || suggestions.some((item) => item.kind !== QuickPickItemKind.Separator && item.label === typed);
		quickPick.items = isListed ? suggestions : [...suggestions, { label: typed, description: options.typedDescription, alwaysShow: true }];
	};
	/** The item the highlight moved to since the text last changed. */
	let highlighted: string | undefined;
	const arrived = (items: QuickPickItem[]): void => {
		suggestions = items;
		quickPick.busy = false;
		highlighted = undefined;
		refresh();
	};
	if (Array.isArray(options.items)) {
		arrived(options.items);
	} else {
		quickPick.busy = true;
		void options.items.then(arrived);
	}
	return new Promise((resolve) => {
		let chosen: string | undefined;
		quickPick.onDidChangeValue(() => {
			highlighted = undefined;
			refresh();
		});
		quickPick.onDidChangeActive((active) => {
			const item = active[0];
			highlighted = item !== undefined && item.kind !== QuickPickItemKind.Separator ? item.label : undefined;
		});
		quickPick.onDidAccept(() => {
			const selected = quickPick.selectedItems[0];
			const value = pickedValue({
				typed: quickPick.value.trim(),
				selected: selected !== undefined && selected.kind !== QuickPickItemKind.Separator ? selected.label : undefined,
				highlighted,
			});
			if (value !== undefined && value !== '') {
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
	output.appendLine(
		l10n.t(
			'Test URL {0} as {1} ({2} parser) in {3} ({4})',
			result.url,
			result.crawler.token,
			result.crawler.parserName,
			workspace.asRelativePath(document.uri),
			new Date().toLocaleTimeString(),
		),
	);
	output.appendLine(`  ${result.explanation}`);
	for (const other of result.others) {
		output.appendLine(`  ${l10n.t('{0} parser: {1}', other.parserName, other.explanation)}`);
	}
	if (result.preferences.text !== '') {
		output.appendLine(`  ${result.preferences.text}`);
	}
}
