// "Robots.txt: Open Test Bench" and "Robots.txt: Compare with…": a webview panel beside the robots.txt that shows the
// server's answer for many URLs by many crawlers, asks again on every edit, and compares with a baseline version.
// This file moves data between the webview, the server and VS Code (files, git, editors); it decides no verdict.
import {
	type Disposable,
	env,
	type ExtensionContext,
	l10n,
	type OutputChannel,
	Uri,
	ViewColumn,
	type WebviewPanel,
	window,
	workspace,
	type TextDocument,
} from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { isInGitRepository, readBaseline } from './baseline';
import { readFromWebview, type BenchStrings, type ColumnSet, type CompareMode, type FromWebview, type ToWebview } from './benchMessages';
import {
	agentsRequest,
	benchBaselineRequest,
	benchExportRequest,
	benchRequest,
	parseUrlsRequest,
	testUrlRequest,
	type AgentList,
	type BenchResult,
} from './protocol';
import { revealLine } from './testUrl';

/** Quiet time after an edit before the bench asks again. */
const editDelayMs = 150;
/** The most of a file read for URLs: a list or sitemap past this is read in part, and the note says so. */
const maxUrlFileBytes = 16 * 1024 * 1024;
/** A set that would add more columns than this asks first ("Named in this file" can name a thousand agents). */
const manyColumns = 100;
/** The most URLs remembered per file between sessions. */
const maxRemembered = 20_000;

interface Remembered {
	readonly urls: readonly string[];
	readonly crawlers: readonly string[];
	readonly compare?: CompareMode;
}

export interface TestBenchContext {
	readonly client: BaseLanguageClient;
	readonly output: OutputChannel;
	readonly extension: ExtensionContext;
}

/** One panel per robots.txt. */
const panels = new Map<string, TestBench>();

/**
 * Opens (or shows) the bench of a robots.txt. `urls` and `crawlers` replace the rows and columns when given (from an
 * expectations file's lens); `compare` sets what to compare with and adds probe rows.
 */
export async function openTestBench(
	context: TestBenchContext,
	document: TextDocument,
	urls?: readonly string[],
	crawlers?: readonly string[],
	compare?: CompareMode,
): Promise<TestBench> {
	const key = document.uri.toString();
	let bench = panels.get(key);
	if (!bench) {
		bench = new TestBench(context, document);
		panels.set(key, bench);
		try {
			await bench.start(urls, crawlers, compare);
		} catch (error) {
			// A bench that could not start would stay open empty, and be shown again the next time: close it.
			bench.dispose();
			throw error;
		}
	} else {
		bench.reveal();
		if (urls) {
			bench.setUrls(urls);
		}
		if (crawlers) {
			bench.setCrawlers(crawlers);
		}
		if (compare) {
			await bench.compare(compare);
		}
	}
	return bench;
}

class TestBench implements Disposable {
	private readonly panel: WebviewPanel;
	private readonly subscriptions: Disposable[] = [];
	private urls: string[] = [];
	private crawlers: string[] = [];
	private compareMode: CompareMode = 'none';
	/** The site's file as Compare with Deployed last fetched it, for the `deployed` mode. */
	private deployed: { readonly text: string; readonly label: string } | undefined;
	private baselineLabel: string | null = null;
	/** The text compared with, as read when the baseline was chosen, or null. */
	private baseline: { readonly text: string; readonly label: string } | null = null;
	private probe = false;
	private notes: string[] = [];
	/** The notes about the baseline, replaced whenever the baseline is chosen again. */
	private compareNotes = new Set<string>();
	private agents: AgentList | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private inFlight = false;
	private again = false;
	private ready = false;
	/** The last answer and paint, for tests and the output channel. */
	lastResult: BenchResult | undefined;
	lastPaint: { ms: number; rows: number; columns: number } | undefined;
	/** The editor group of the robots.txt, where its lines are selected. */
	private readonly editorColumn: ViewColumn;

	constructor(
		private readonly context: TestBenchContext,
		private readonly document: TextDocument,
	) {
		const column = window.visibleTextEditors.find((editor) => editor.document === document)?.viewColumn;
		this.panel = window.createWebviewPanel(
			'robotsTxt.testBench',
			l10n.t('Test Bench: {0}', workspace.asRelativePath(document.uri)),
			{ viewColumn: ViewColumn.Beside, preserveFocus: false },
			{
				enableScripts: true,
				retainContextWhenHidden: true,
				localResourceRoots: [Uri.joinPath(context.extension.extensionUri, 'client', 'dist')],
			},
		);
		this.editorColumn = column ?? ViewColumn.One;
		this.panel.webview.html = this.html();
		this.subscriptions.push(
			this.panel.onDidDispose(() => this.dispose()),
			this.panel.webview.onDidReceiveMessage((message: unknown) => {
				const checked = readFromWebview(message);
				if (checked !== undefined) {
					void this.receive(checked);
				}
			}),
			workspace.onDidChangeTextDocument((event) => {
				if (event.document === this.document && event.contentChanges.length > 0) {
					this.schedule();
				}
			}),
			context.client.onDidChangeState(({ newState }) => {
				// A restarted server has forgotten the baseline: send the same text again (not read again: the baseline
				// stands still until the user chooses another), then ask again.
				if (newState === State.Running && this.compareMode !== 'none') {
					void this.sendBaseline().then(() => this.changed());
				}
			}),
		);
	}

	private get key(): string {
		return `robotsTxt.testBench:${this.document.uri.toString()}`;
	}

	/** Loads what was remembered (or the target crawlers) and the first answer. */
	async start(urls?: readonly string[], crawlers?: readonly string[], compare?: CompareMode): Promise<void> {
		const remembered = this.context.extension.workspaceState.get<Remembered>(this.key);
		this.agents = await this.context.client.sendRequest(agentsRequest, { uri: this.document.uri.toString() }).catch((error: unknown) => {
			this.note(l10n.t('The crawler lists could not be loaded: {0}', describe(error)));
			return undefined;
		});
		this.urls = [...(urls ?? remembered?.urls ?? [])];
		// A bench with no columns answers nothing: one remembered empty starts again from the target crawlers.
		const rememberedCrawlers = remembered?.crawlers.length ? remembered.crawlers : undefined;
		this.crawlers = [...(crawlers ?? rememberedCrawlers ?? this.agents?.targets ?? [])];
		// The deployed text is not remembered across sessions (the site may have changed): fetch it again to compare.
		const rememberedMode = remembered?.compare === 'deployed' ? undefined : remembered?.compare;
		const mode = compare ?? rememberedMode ?? ((await isInGitRepository(this.document)) ? 'head' : 'saved');
		await this.compare(mode, compare !== undefined);
	}

	reveal(): void {
		this.panel.reveal(undefined, false);
	}

	/** The rows and columns the bench compares on now. */
	comparedOn(): { readonly urls: readonly string[]; readonly crawlers: readonly string[] } {
		return { urls: [...this.urls], crawlers: [...this.crawlers] };
	}

	setUrls(urls: readonly string[]): void {
		this.urls = [...urls];
		this.changed();
	}

	setCrawlers(crawlers: readonly string[]): void {
		this.crawlers = [...crawlers];
		this.changed();
	}

	/** Compares with a site's deployed file (its text as crawlers read it), adding rows for URLs whose verdict differs. */
	async compareWithDeployed(text: string, label: string): Promise<void> {
		this.deployed = { text, label };
		await this.compare('deployed', true);
	}

	/** Sets what the cells are compared with; `probe` adds rows for URLs whose verdict changed. */
	async compare(mode: CompareMode, probe = this.probe): Promise<void> {
		this.notes = this.notes.filter((note) => !this.compareNotes.has(note));
		this.compareNotes.clear();
		this.compareMode = mode;
		this.probe = probe;
		let text: string | null = null;
		let label = '';
		if (mode === 'deployed') {
			if (this.deployed) {
				({ text, label } = this.deployed);
			} else {
				this.compareNote(l10n.t('run "Robots.txt: Compare with Deployed" to fetch a site\'s robots.txt and compare with it here.'));
			}
		} else if (mode !== 'none') {
			const baseline = await readBaseline(this.document, mode);
			if ('unavailable' in baseline) {
				this.compareNote(baseline.unavailable);
				// Git is not there: the saved version is the next best thing.
				if (mode === 'head' && !this.document.isUntitled) {
					const saved = await readBaseline(this.document, 'saved');
					if (!('unavailable' in saved)) {
						({ text, label } = saved);
						this.compareMode = 'saved';
					}
				}
			} else {
				({ text, label } = baseline);
			}
		}
		this.baseline = text === null ? null : { text, label };
		await this.sendBaseline();
		this.changed();
	}

	/** Hands the server the baseline chosen last. */
	private async sendBaseline(): Promise<void> {
		try {
			const answer = await this.context.client.sendRequest(benchBaselineRequest, {
				uri: this.document.uri.toString(),
				text: this.baseline?.text ?? null,
				label: this.baseline?.label ?? '',
			});
			this.baselineLabel = answer.label;
		} catch (error) {
			this.compareNote(l10n.t('the baseline could not be set: {0}', describe(error)));
			this.baselineLabel = null;
		}
	}

	private note(text: string): void {
		this.notes = [...this.notes.filter((note) => note !== text), text].slice(-8);
		this.context.output.appendLine(l10n.t('Test bench: {0}', text));
	}

	/** A note about the baseline: it goes when another baseline is chosen. */
	private compareNote(text: string): void {
		const note = l10n.t('Compare: {0}', text);
		this.compareNotes.add(note);
		this.note(note);
	}

	/** The rows or columns changed: remember them, tell the webview, ask again. */
	private changed(): void {
		const remembered: Remembered = {
			urls: this.urls.length <= maxRemembered ? this.urls : this.urls.slice(0, maxRemembered),
			crawlers: this.crawlers,
			compare: this.compareMode,
		};
		void this.context.extension.workspaceState.update(this.key, remembered);
		this.sendState();
		this.schedule(0);
	}

	private sets(): ColumnSet[] {
		const agents = this.agents;
		if (!agents) {
			return [];
		}
		return [
			{ label: l10n.t('Target crawlers'), tokens: agents.targets },
			...agents.categories.map(({ category, label }) => ({
				label,
				tokens: agents.known.filter((crawler) => crawler.category === category).map((crawler) => crawler.token),
			})),
			{ label: l10n.t('Named in this file'), tokens: agents.fromFile },
		];
	}

	private sendState(): void {
		const baseline = this.baselineLabel;
		this.post({
			type: 'state',
			file: workspace.asRelativePath(this.document.uri),
			urlCount: this.urls.length,
			crawlers: this.crawlers,
			sets: this.sets(),
			baseline,
			compare: this.compareMode,
			notes: this.notes,
			busy: this.inFlight,
		});
	}

	private schedule(delay = editDelayMs): void {
		clearTimeout(this.timer);
		this.timer = setTimeout(() => void this.evaluate(), delay);
	}

	/** Asks the server; one request at a time, and once more if the file or the rows changed meanwhile. */
	private async evaluate(): Promise<void> {
		if (!this.ready) {
			return;
		}
		if (this.inFlight) {
			this.again = true;
			return;
		}
		this.inFlight = true;
		this.sendState();
		const version = this.document.version;
		const started = Date.now();
		try {
			const result = await this.context.client.sendRequest(benchRequest, {
				uri: this.document.uri.toString(),
				urls: this.urls,
				crawlers: this.crawlers,
				probe: this.probe && this.baselineLabel !== null,
			});
			const elapsedMs = Date.now() - started;
			// The server answers for the version it has; a newer edit asks again below.
			this.again ||= result.version !== null && result.version < this.document.version;
			if (result.version === null || result.version >= version) {
				this.lastResult = result;
				this.post({ type: 'result', result, elapsedMs });
			}
		} catch (error) {
			this.post({ type: 'error', message: l10n.t('The bench could not be evaluated: {0}', describe(error)) });
		} finally {
			this.inFlight = false;
			this.sendState();
			if (this.again) {
				this.again = false;
				this.schedule(0);
			}
		}
	}

	private post(message: ToWebview): void {
		void this.panel.webview.postMessage(message);
	}

	private async receive(message: FromWebview): Promise<void> {
		switch (message.type) {
			case 'ready':
				this.ready = true;
				this.sendState();
				this.schedule(0);
				break;
			case 'addUrls':
				await this.addUrls(message.text, l10n.t('pasted text'));
				break;
			case 'loadFile':
				await this.loadFile();
				break;
			case 'loadUrlSet':
				await this.loadUrlSet();
				break;
			case 'clearUrls':
				this.urls = [];
				this.notes = [];
				this.changed();
				break;
			case 'removeRow':
				this.urls = this.urls.filter((url) => url !== message.url);
				this.changed();
				break;
			case 'useSet': {
				const set = this.sets().find((candidate) => candidate.label === message.label);
				if (set) {
					await this.useSet(set, message.replace === true);
				}
				break;
			}
			case 'addColumn':
				if (!this.crawlers.some((token) => token.toLowerCase() === message.token.toLowerCase())) {
					this.crawlers = [...this.crawlers, message.token];
					this.changed();
				}
				break;
			case 'removeColumn':
				this.crawlers = this.crawlers.filter((token) => token !== message.token);
				this.changed();
				break;
			case 'reveal':
				await revealLine(this.document, message.line, false, this.editorColumn);
				break;
			case 'explain':
				await this.explain(message.id, message.url, message.token);
				break;
			case 'export':
				await this.export(message.format);
				break;
			case 'compare':
				await this.compare(message.mode, message.mode !== 'none');
				break;
			case 'painted':
				this.lastPaint = { ms: message.ms, rows: message.rows, columns: message.columns };
				this.context.output.appendLine(
					l10n.t(
						'Test bench: {0} rows × {1} crawlers painted in {2} ms.',
						message.rows.toLocaleString(env.language),
						message.columns,
						message.ms.toLocaleString(env.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
					),
				);
				break;
		}
	}

	/** Adds a set's crawlers as columns (or replaces the columns with them), asking first when that makes many columns. */
	private async useSet(set: ColumnSet, replace: boolean): Promise<void> {
		const have = new Set(replace ? [] : this.crawlers.map((token) => token.toLowerCase()));
		const fresh = set.tokens.filter((token) => !have.has(token.toLowerCase()) && have.add(token.toLowerCase()));
		if (fresh.length > manyColumns) {
			const count = fresh.length.toLocaleString(env.language);
			const go = replace ? l10n.t('Replace the Columns') : l10n.t('Add the Columns');
			const question = replace
				? l10n.t('Replace the bench\'s columns with the {0} crawlers of "{1}"?', count, set.label)
				: l10n.t('Add {0} crawler columns to the bench from "{1}"?', count, set.label);
			if ((await window.showWarningMessage(question, { modal: true }, go)) !== go) {
				return;
			}
		}
		this.crawlers = replace ? fresh : [...this.crawlers, ...fresh];
		this.changed();
	}

	/** Reads URLs through the server (one a line, or a sitemap) and adds the new ones. */
	private async addUrls(text: string, source: string): Promise<void> {
		try {
			const list = await this.context.client.sendRequest(parseUrlsRequest, { text });
			const known = new Set(this.urls);
			const fresh = list.urls.filter((url) => !known.has(url));
			this.urls = [...this.urls, ...fresh];
			for (const note of list.notes) {
				this.note(l10n.t('{0}: {1}', source, note));
			}
			if (list.kind === 'sitemap-index' && list.sitemaps.length > 0) {
				this.note(l10n.t('{0} lists these sitemaps: {1}', source, `${list.sitemaps.slice(0, 5).join(', ')}${list.sitemaps.length > 5 ? ' …' : ''}`));
			}
			this.changed();
		} catch (error) {
			this.post({ type: 'error', message: l10n.t('The URLs could not be read: {0}', describe(error)) });
		}
	}

	private async loadFile(): Promise<void> {
		const picked = await window.showOpenDialog({
			title: l10n.t('Load URLs (one a line) or a sitemap.xml'),
			canSelectMany: false,
			filters: { [l10n.t('URL lists and sitemaps')]: ['txt', 'xml', 'csv', 'lst', 'urls'], [l10n.t('All files')]: ['*'] },
		});
		if (picked?.[0]) {
			await this.loadUrlFile(picked[0]);
		}
	}

	private async loadUrlSet(): Promise<void> {
		const found = await workspace.findFiles('**/*sitemap*.xml', '**/node_modules/**', 200);
		if (found.length === 0) {
			this.note(l10n.t('No sitemap.xml in the workspace; use "Load file…" for one elsewhere.'));
			this.sendState();
			return;
		}
		const chosen =
			found.length === 1
				? found[0]
				: (
						await window.showQuickPick(
							found.map((uri) => ({ label: workspace.asRelativePath(uri), uri })),
							{ title: l10n.t('Load the URLs of which sitemap?') },
						)
					)?.uri;
		if (chosen) {
			await this.loadUrlFile(chosen);
		}
	}

	/** Reads a file of URLs, at most `maxUrlFileBytes` of it, and adds its URLs. */
	async loadUrlFile(uri: Uri): Promise<void> {
		const name = workspace.asRelativePath(uri);
		let bytes: Uint8Array;
		try {
			bytes = await workspace.fs.readFile(uri);
		} catch (error) {
			this.note(l10n.t('{0} cannot be read: {1}', name, describe(error)));
			this.sendState();
			return;
		}
		if (bytes.length > maxUrlFileBytes) {
			const megabytes = (bytes.length / (1024 * 1024)).toLocaleString(env.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
			this.note(l10n.t('{0} is {1} MB: the first {2} MB were read.', name, megabytes, maxUrlFileBytes / (1024 * 1024)));
			bytes = bytes.subarray(0, maxUrlFileBytes);
		}
		await this.addUrls(new TextDecoder('utf-8').decode(bytes), name);
	}

	private async explain(id: number, url: string, agent: string): Promise<void> {
		try {
			const answer = await this.context.client.sendRequest(testUrlRequest, { uri: this.document.uri.toString(), url, agent });
			this.post({ type: 'explanation', id, text: answer.explanation });
		} catch (error) {
			this.post({ type: 'explanation', id, text: l10n.t('No explanation: {0}', describe(error)) });
		}
	}

	private async export(format: 'csv' | 'markdown'): Promise<void> {
		const extension = format === 'csv' ? 'csv' : 'md';
		const target = await window.showSaveDialog({
			title: format === 'csv' ? l10n.t('Export the test bench as CSV') : l10n.t('Export the test bench as Markdown'),
			filters: format === 'csv' ? { CSV: ['csv'] } : { Markdown: ['md'] },
			...(this.document.isUntitled ? {} : { defaultUri: Uri.joinPath(this.document.uri, '..', `robots-test-bench.${extension}`) }),
		});
		if (!target) {
			return;
		}
		try {
			const { text, note } = await this.context.client.sendRequest(benchExportRequest, {
				uri: this.document.uri.toString(),
				urls: this.urls,
				crawlers: this.crawlers,
				probe: this.probe && this.baselineLabel !== null,
				format,
			});
			await workspace.fs.writeFile(target, new TextEncoder().encode(text));
			void window.showInformationMessage(l10n.t('Robots.txt: the test bench was saved to {0}.', workspace.asRelativePath(target)));
			if (note !== undefined) {
				void window.showWarningMessage(note);
			}
		} catch (error) {
			void window.showErrorMessage(l10n.t('Robots.txt: the export failed: {0}', describe(error)));
		}
	}

	/** The page: a strict Content-Security-Policy (scripts by nonce, nothing from elsewhere) and VS Code's theme colours. */
	private html(): string {
		const webview = this.panel.webview;
		const nonce = makeNonce();
		const script = webview.asWebviewUri(Uri.joinPath(this.context.extension.extensionUri, 'client', 'dist', 'testBench.js'));
		const csp = [
			"default-src 'none'",
			`style-src 'nonce-${nonce}'`,
			`script-src 'nonce-${nonce}'`,
			`font-src ${webview.cspSource}`,
			`img-src ${webview.cspSource}`,
		].join('; ');
		// The page's own words: those of the markup here, the rest handed to the script in the page (as JSON in an
		// attribute); every one is escaped, since translations are text, not markup.
		const text = (value: string) => escapeHtml(value);
		return `<!DOCTYPE html>
<html lang="${text(env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${text(l10n.t('Test Bench'))}</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body data-strings="${text(JSON.stringify(benchStrings()))}">
<header>
	<div class="toolbar" role="toolbar" aria-label="${text(l10n.t('URLs'))}">
		<label for="urls">${text(l10n.t('URLs'))}</label>
		<textarea id="urls" rows="1" placeholder="${text(l10n.t('Type or paste URLs or paths, one a line; Enter adds them'))}" aria-describedby="status"></textarea>
		<button id="add" type="button">${text(l10n.t('Add'))}</button>
		<button id="load-file" type="button">${text(l10n.t('Load file…'))}</button>
		<button id="load-sitemap" type="button">${text(l10n.t('Load sitemap.xml…'))}</button>
		<button id="clear" type="button">${text(l10n.t('Clear'))}</button>
	</div>
	<div class="toolbar" role="toolbar" aria-label="${text(l10n.t('Crawlers'))}">
		<span class="label">${text(l10n.t('Crawlers'))}</span>
		<span id="sets" role="group" aria-label="${text(l10n.t('Column sets'))}"></span>
		<label class="hidden" for="add-crawler">${text(l10n.t('Add a crawler'))}</label>
		<input id="add-crawler" placeholder="${text(l10n.t('Add a crawler token'))}">
		<button id="add-crawler-button" type="button">${text(l10n.t('Add'))}</button>
	</div>
	<div class="toolbar" role="toolbar" aria-label="${text(l10n.t('Compare and export'))}">
		<label for="compare">${text(l10n.t('Compare with'))}</label>
		<select id="compare">
			<option value="none">${text(l10n.t('Nothing'))}</option>
			<option value="saved">${text(l10n.t('Saved Version'))}</option>
			<option value="head">Git HEAD</option>
			<option value="file">${text(l10n.t('Another File…'))}</option>
			<option value="deployed">${text(l10n.t('Deployed File'))}</option>
		</select>
		<label><input id="only-changed" type="checkbox"> ${text(l10n.t('Only rows that changed'))}</label>
		<button id="export-csv" type="button">${text(l10n.t('Export CSV'))}</button>
		<button id="export-md" type="button">${text(l10n.t('Export Markdown'))}</button>
	</div>
	<div id="status" role="status" aria-live="polite"></div>
	<ul id="notes"></ul>
	<div id="audit" data-label="${text(l10n.t('May fetch /:'))}" aria-label="${text(l10n.t('Who may fetch / by kind of crawler'))}"></div>
	<div id="changes" aria-label="${text(l10n.t("How the crawlers' readings changed"))}"></div>
</header>
<div id="grid" role="grid" aria-label="${text(l10n.t('Verdicts by URL and crawler'))}" tabindex="0">
	<div id="viewport">
		<div id="head" class="row head" role="row"></div>
		<div id="body"></div>
	</div>
</div>
<div id="tooltip" role="tooltip" hidden></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
	}

	dispose(): void {
		clearTimeout(this.timer);
		panels.delete(this.document.uri.toString());
		for (const subscription of this.subscriptions.splice(0)) {
			subscription.dispose();
		}
		this.panel.dispose();
		void this.context.client.sendRequest(benchBaselineRequest, { uri: this.document.uri.toString(), text: null, label: '' }).catch(() => undefined);
	}
}

/** The words the webview's script writes, worded here because a webview cannot call `vscode.l10n`. */
function benchStrings(): BenchStrings {
	return {
		locale: env.language,
		pageTitle: l10n.t('Test Bench: {0}'),
		urlColumn: l10n.t('URL'),
		urlColumnOn: l10n.t('Paths on {0}'),
		setHint: l10n.t('Click to add these crawlers as columns; Shift+click to replace the columns with them.'),
		removeColumn: l10n.t('Remove the {0} column'),
		columnTitle: l10n.t('{0} ({1}, {2} parser): {3}.'),
		auditLabel: l10n.t('{0}: {1} of {2} may fetch /'),
		mayFetch: l10n.t('May fetch /: {0}'),
		mayNot: l10n.t('May not: {0}'),
		notFollowing: l10n.t('Do not follow robots.txt: {0}'),
		none: l10n.t('none'),
		emptyUrl: l10n.t('(empty)'),
		probed: l10n.t('{0}: probed from the rules of both versions; its verdict changed.'),
		mayFetchIt: l10n.t('{0}: {1} of {2} may fetch it'),
		probe: l10n.t('probe'),
		changed: l10n.t('changed'),
		was: l10n.t('was {0} ({1}) in {2}'),
		wasWithoutDetail: l10n.t('was {0} in {1}'),
		changedLabel: l10n.t('{0}; changed: {1}'),
		changedTooltip: l10n.t('Changed: {0}.'),
		urlsOne: l10n.t('{0} URL'),
		urlsMany: l10n.t('{0} URLs'),
		crawlersOne: l10n.t('{0} crawler'),
		crawlersMany: l10n.t('{0} crawlers'),
		answeredIn: l10n.t('answered in {0} ms'),
		paintedIn: l10n.t('painted in {0} ms'),
		cellsChangedOne: l10n.t('{0} verdict changed since {1}'),
		cellsChangedMany: l10n.t('{0} verdicts changed since {1}'),
		evaluating: l10n.t('evaluating…'),
	};
}

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

function makeNonce(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	let nonce = '';
	for (let i = 0; i < 32; i++) {
		nonce += alphabet.charAt(Math.floor(Math.random() * alphabet.length));
	}
	return nonce;
}

/** The page's styles: VS Code's theme variables, so the bench looks like the editor in every theme. */
const styles = `
body { margin: 0; padding: 0; color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); display: flex; flex-direction: column; height: 100vh; overflow: hidden; }
header { padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border, rgba(128,128,128,0.35)); }
.toolbar { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: center; margin: 2px 0; }
.label { font-weight: 600; margin-right: 2px; }
.hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
textarea, input, select { color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); font-family: inherit; font-size: inherit; padding: 2px 4px; }
textarea { flex: 1; min-width: 12rem; height: 1.6em; resize: vertical; }
#add-crawler { width: 11rem; }
button { color: var(--vscode-button-secondaryForeground, var(--vscode-button-foreground)); background: var(--vscode-button-secondaryBackground, var(--vscode-button-background)); border: none; padding: 2px 7px; cursor: pointer; font-family: inherit; font-size: inherit; }
button:hover { background: var(--vscode-button-secondaryHoverBackground, var(--vscode-button-hoverBackground)); }
button:disabled { opacity: 0.5; cursor: default; }
#sets { display: contents; }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: -1px; }
#status { margin-top: 3px; color: var(--vscode-descriptionForeground); }
#notes { margin: 2px 0; padding-left: 1.2em; color: var(--vscode-editorWarning-foreground); }
#notes:empty, #changes:empty, #audit:empty { display: none; }
#audit { display: flex; flex-wrap: wrap; gap: 3px 10px; margin-top: 3px; font-size: 90%; }
#audit::before { content: attr(data-label); font-weight: 600; }
.chip { white-space: nowrap; }
#changes { margin-top: 3px; color: var(--vscode-editorInfo-foreground); max-height: 6em; overflow: auto; }
#grid { flex: 1; min-height: 0; display: flex; }
#grid:focus { outline: none; }
#viewport { flex: 1; overflow: auto; position: relative; }
.row { display: grid; height: 38px; box-sizing: border-box; border-bottom: 1px solid var(--vscode-editorGroup-border, rgba(128,128,128,0.2)); }
.row.head { height: 28px; position: sticky; top: 0; z-index: 2; background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); font-weight: 600; }
#body { position: relative; }
#body .row { position: absolute; left: 0; right: 0; }
.cell { padding: 2px 6px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; display: flex; flex-direction: column; justify-content: center; min-width: 0; }
.cell.url { font-family: var(--vscode-editor-font-family); display: block; line-height: 32px; position: sticky; left: 0; z-index: 1; background: var(--vscode-editor-background); border-right: 1px solid var(--vscode-editorGroup-border, rgba(128,128,128,0.2)); }
.head .cell.url { background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); }
.cell.url.probe::before { content: attr(data-probe); font-size: 85%; margin-right: 4px; padding: 0 4px; border-radius: 3px; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); }
.head .cell { flex-direction: row; justify-content: space-between; align-items: center; }
.head .cell span { overflow: hidden; text-overflow: ellipsis; }
.head .cell.url { line-height: 24px; font-family: inherit; }
.head .cell.noted span::after { content: " *"; color: var(--vscode-editorWarning-foreground); }
.remove { padding: 0 4px; background: transparent; color: var(--vscode-descriptionForeground); }
.verdict { cursor: pointer; line-height: 1.25; }
.verdict .word { font-weight: 600; font-size: 90%; }
.verdict .detail { font-family: var(--vscode-editor-font-family); font-size: 90%; color: var(--vscode-descriptionForeground); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.allow .word { color: var(--vscode-testing-iconPassed, #3fb950); }
.disallow .word { color: var(--vscode-testing-iconFailed, #f85149); }
.changed { background: var(--vscode-diffEditor-insertedTextBackground, rgba(155,185,85,0.2)); box-shadow: inset 3px 0 0 var(--vscode-editorWarning-foreground); }
.changed .word::after { content: " " attr(data-changed); font-weight: normal; color: var(--vscode-editorWarning-foreground); }
.verdict:hover, .cell[tabindex="0"] { background: var(--vscode-list-hoverBackground); }
.problem { color: var(--vscode-errorForeground); display: block; line-height: 32px; }
#tooltip { position: fixed; z-index: 10; max-width: 420px; white-space: pre-wrap; padding: 6px 8px; color: var(--vscode-editorHoverWidget-foreground); background: var(--vscode-editorHoverWidget-background); border: 1px solid var(--vscode-editorHoverWidget-border); }
`;
