// "Robots.txt: Open Test Bench" and "Robots.txt: Compare with…": a webview panel beside the robots.txt that shows the
// server's answer for many URLs by many crawlers, asks again on every edit, and compares with a baseline version.
// This file moves data between the webview, the server and VS Code (files, git, editors); it decides no verdict.
import {
	type Disposable,
	env,
	type ExtensionContext,
	l10n,
	type OutputChannel,
	ProgressLocation,
	Uri,
	ViewColumn,
	type WebviewPanel,
	window,
	workspace,
	type TextDocument,
} from 'vscode';
import { State, WorkDoneProgress, type BaseLanguageClient } from 'vscode-languageclient';
import { isInGitRepository, readBaseline } from './baseline';
import { benchPage } from './benchPage';
import { readFromWebview, type ColumnSet, type CompareMode, type FromWebview, type ToWebview } from './benchMessages';
import {
	accessLogClearRequest,
	accessLogImpactRequest,
	accessLogLoadRequest,
	agentsRequest,
	benchBaselineRequest,
	benchExportRequest,
	benchRequest,
	parseUrlsRequest,
	testUrlRequest,
	type AccessLogResult,
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
/** The most of an access log read here and sent, where the server cannot read the file itself (as `maxUrlFileBytes`). */
const maxLogTextBytes = maxUrlFileBytes;
/** The work-done tokens of access log loads, one per load. */
let loads = 0;

interface Remembered {
	readonly urls: readonly string[];
	readonly crawlers: readonly string[];
	readonly compare?: CompareMode;
	readonly preferences?: boolean;
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
	/** The sitemap that listed each URL loaded from one (its name), kept however the rows change. */
	private readonly listedIn = new Map<string, string>();
	private crawlers: string[] = [];
	private compareMode: CompareMode = 'none';
	/** The site's file as Compare with Deployed last fetched it, for the `deployed` mode. */
	private deployed: { readonly text: string; readonly label: string } | undefined;
	private baselineLabel: string | null = null;
	/** The text compared with, as read when the baseline was chosen, or null. */
	private baseline: { readonly text: string; readonly label: string } | null = null;
	private probe = false;
	/** Whether the bench asks for the preference columns. */
	private preferences = false;
	/** Whether the AI policy section is open, so the server works the view out. */
	private aiPolicy = false;
	private notes: string[] = [];
	/** The notes about the baseline, replaced whenever the baseline is chosen again. */
	private compareNotes = new Set<string>();
	/** The notes about the access log loaded, replaced when another is. */
	private readonly logNotes = new Set<string>();
	private agents: AgentList | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;
	private inFlight = false;
	private again = false;
	private ready = false;
	/** The access log loaded (its hits per URL and crawler, from the server), or undefined. */
	private accessLog: Exclude<AccessLogResult, { unreadable: string }> | undefined;
	/** While an access log loads, how far it is; the bench's status line shows it. */
	private loading: string | null = null;
	/** With an access log and a baseline: what the edit changes for its fetches. */
	private impact: readonly string[] = [];
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
		this.panel.webview.html = benchPage(this.panel.webview, context.extension.extensionUri);
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
		this.preferences = remembered?.preferences === true;
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
		this.dropNotes(this.compareNotes);
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
	/** Removes the notes of one source (`compareNotes`, `logNotes`), which is then empty, for that source's new ones. */
	private dropNotes(source: Set<string>): void {
		this.notes = this.notes.filter((note) => !source.has(note));
		source.clear();
	}

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
			preferences: this.preferences,
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
			preferences: this.preferences,
			loading: this.loading,
			impact: this.impact,
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
				preferences: this.preferences,
				aiPolicy: this.aiPolicy,
			});
			const elapsedMs = Date.now() - started;
			// The server answers for the version it has; a newer edit asks again below.
			this.again ||= result.version !== null && result.version < this.document.version;
			if (result.version === null || result.version >= version) {
				this.lastResult = result;
				this.post({ type: 'result', result, elapsedMs, listedIn: this.listedRows(result) });
				await this.measureImpact();
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
			case 'loadAccessLog':
				await this.loadAccessLog();
				break;
			case 'clearUrls':
				this.urls = [];
				this.listedIn.clear();
				this.notes = [];
				if (this.accessLog !== undefined) {
					this.accessLog = undefined;
					this.impact = [];
					this.post({ type: 'hits', hits: null });
					void this.context.client.sendRequest(accessLogClearRequest, { uri: this.document.uri.toString() }).catch(() => undefined);
				}
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
			case 'preferences':
				this.preferences = message.show === true;
				this.changed();
				break;
			case 'aiPolicy':
				this.aiPolicy = message.show === true;
				this.schedule(0);
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

	/** Of the rows answered, those a loaded sitemap lists, with its name. */
	private listedRows(result: BenchResult): Record<string, string> {
		const listed: Record<string, string> = {};
		for (const row of result.rows) {
			const name = this.listedIn.get(row.url);
			if (name !== undefined) {
				listed[row.url] = name;
			}
		}
		return listed;
	}

	/** Reads URLs through the server (one a line, or a sitemap) and adds the new ones. */
	private async addUrls(text: string, source: string): Promise<void> {
		try {
			const list = await this.context.client.sendRequest(parseUrlsRequest, { text });
			const known = new Set(this.urls);
			const fresh = list.urls.filter((url) => !known.has(url));
			this.urls = [...this.urls, ...fresh];
			// A list of URLs read from a sitemap (an index lists none).
			if (list.kind !== 'list') {
				const name = source.slice(source.lastIndexOf('/') + 1);
				for (const url of list.urls) {
					if (!this.listedIn.has(url)) {
						this.listedIn.set(url, name);
					}
				}
			}
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

	/**
	 * Loads an access log (`log`, or one chosen in a file dialog): the server reads it, with a cancellable progress
	 * notification and the bench's status line saying how far; then its most fetched URLs are the rows, the crawlers
	 * seen are added as columns (asking first when many), and the cells show each crawler's fetches. A cancelled load
	 * keeps nothing. Where the server cannot read the file, it is read here, up to `maxLogTextBytes`, and sent.
	 */
	async loadAccessLog(log?: Uri): Promise<void> {
		const picked =
			log
			?? (
				await window.showOpenDialog({
					title: l10n.t('Load an access log'),
					canSelectMany: false,
					filters: { [l10n.t('Access logs')]: ['log', 'gz', 'txt', 'json', 'jsonl'], [l10n.t('All files')]: ['*'] },
				})
			)?.[0];
		if (!picked) {
			return;
		}
		const name = workspace.asRelativePath(picked);
		let answer: AccessLogResult | undefined;
		try {
			answer = await window.withProgress(
				{ location: ProgressLocation.Notification, title: l10n.t('Robots.txt: reading {0}', name), cancellable: true },
				async (progress, cancel) => {
					const token = `robotsTxt.accessLog.${++loads}`;
					let percentage = 0;
					const listening = this.context.client.onProgress(WorkDoneProgress.type, token, (value) => {
						if (value.kind === 'end' || value.message === undefined) {
							return;
						}
						const increment = Math.max(0, (value.percentage ?? percentage) - percentage);
						percentage += increment;
						progress.report({ message: value.message, increment });
						this.loading = value.message;
						this.sendState();
					});
					try {
						const params = { uri: this.document.uri.toString(), log: picked.toString(), workDoneToken: token };
						const first = await this.context.client.sendRequest(accessLogLoadRequest, params, cancel);
						if (!('unreadable' in first) || cancel.isCancellationRequested) {
							return first;
						}
						// The server cannot read it (a virtual workspace, or a server in a web worker): read it here.
						const text = await this.readLogText(picked, name);
						return text === undefined ? first : await this.context.client.sendRequest(accessLogLoadRequest, { ...params, text }, cancel);
					} finally {
						listening.dispose();
					}
				},
			);
		} catch (error) {
			this.note(cancelled(error) ? l10n.t('Loading {0} was cancelled; nothing was loaded.', name) : l10n.t('{0} cannot be read: {1}', name, describe(error)));
		} finally {
			this.loading = null;
		}
		if (answer === undefined || 'unreadable' in answer) {
			if (answer !== undefined) {
				this.note(answer.unreadable);
			}
			this.sendState();
			return;
		}
		this.accessLog = answer;
		// The rows are the new log's: what the notes said of the last one no longer holds.
		this.dropNotes(this.logNotes);
		for (const note of answer.notes) {
			this.logNotes.add(note);
			this.note(note);
		}
		this.post({ type: 'hits', hits: { crawlers: answer.crawlers.map((crawler) => crawler.token), rows: answer.rows } });
		this.urls = answer.rows.map((row) => row.url);
		await this.useSet({ label: name, tokens: answer.crawlers.map((crawler) => crawler.token) }, false);
		this.changed();
	}

	/** A log's text read here, at most `maxLogTextBytes` of it (a note says so), or undefined when it cannot be read here either. */
	private async readLogText(uri: Uri, name: string): Promise<string | undefined> {
		let bytes: Uint8Array;
		try {
			bytes = await workspace.fs.readFile(uri);
		} catch {
			// Not here either: the server's reason is the one to show.
			return undefined;
		}
		if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
			// gzip (RFC 1952 section 2.3.1), told by its first bytes as the server tells it.
			bytes = await gunzipped(bytes, maxLogTextBytes + 1);
		}
		const megabytes = maxLogTextBytes / (1024 * 1024);
		if (bytes.length > maxLogTextBytes) {
			bytes = bytes.subarray(0, bytes.lastIndexOf(0x0a, maxLogTextBytes) + 1);
			this.note(l10n.t('The language server cannot read {0} itself: its first {1} MB were read here and sent.', name, megabytes));
		} else {
			this.note(l10n.t('The language server cannot read {0} itself: it was read here and sent.', name));
		}
		return new TextDecoder('utf-8').decode(bytes);
	}

	/** With an access log and a baseline, asks what the document changes for the log's fetches. */
	private async measureImpact(): Promise<void> {
		const before = this.impact;
		if (this.accessLog === undefined || this.baselineLabel === null) {
			this.impact = [];
		} else {
			try {
				const answer = await this.context.client.sendRequest(accessLogImpactRequest, { uri: this.document.uri.toString() });
				this.impact = answer.sentences;
			} catch (error) {
				this.impact = [l10n.t("The edit's impact on the access log could not be measured: {0}", describe(error))];
			}
		}
		if (before.join('\n') !== this.impact.join('\n')) {
			this.sendState();
		}
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

	dispose(): void {
		clearTimeout(this.timer);
		panels.delete(this.document.uri.toString());
		for (const subscription of this.subscriptions.splice(0)) {
			subscription.dispose();
		}
		this.panel.dispose();
		void this.context.client.sendRequest(benchBaselineRequest, { uri: this.document.uri.toString(), text: null, label: '' }).catch(() => undefined);
		if (this.accessLog !== undefined) {
			void this.context.client.sendRequest(accessLogClearRequest, { uri: this.document.uri.toString() }).catch(() => undefined);
		}
	}
}

/** The first `max` bytes (or a little more) of gzip data, decompressed; what is past them is not decompressed. */
async function gunzipped(bytes: Uint8Array, max: number): Promise<Uint8Array> {
	const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
	const parts: Uint8Array[] = [];
	let length = 0;
	while (length < max) {
		const { done, value } = await reader.read();
		if (done) {
			break;
		}
		parts.push(value);
		length += value.length;
	}
	void reader.cancel().catch(() => undefined);
	const whole = new Uint8Array(length);
	let at = 0;
	for (const part of parts) {
		whole.set(part, at);
		at += part.length;
	}
	return whole;
}

/** Whether a request failed because it was cancelled (LSP's RequestCancelled). */
function cancelled(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === -32800;
}

function describe(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
