// The test bench's webview script: shows the server's answer (URLs by crawlers, each cell a verdict and the line that
// decides, and on request what the preference lines say beside it) as a virtualised, keyboard-operable grid, and sends what people do to the extension. It knows no robots.txt:
// verdicts, lines, reasons, explanations and column sets all arrive by postMessage. Everything from data is set as
// text (textContent, attributes), never as HTML. Its own words come from the extension, in VS Code's display language.
import type { BenchPreference, BenchResult, BenchStrings, FromWebview, ToWebview } from '../src/benchMessages';
import { benchCellAllows, benchVerdictChanged, unpackBenchCell, type AiPolicy, type AiPolicyCompany, type AiPolicyPreferences } from '../../core/src/protocol';
import { columnOrder, middleCut, sharedOrigin, shownColumns, urlLabel, type ShownColumn } from './layout';

interface VsCodeApi {
	postMessage(message: FromWebview): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: FromWebview): void => vscode.postMessage(message);

/** The page's words, which the extension put in the page when it created the panel. */
const strings = JSON.parse(document.body.dataset.strings ?? '{}') as BenchStrings;
/**
 * A template of `strings` with its arguments: `{0}`, `{1}`… replaced as vscode.l10n.t replaces them (other braces are
 * left as they are). Written here because the client imports nothing from the server but its protocol.
 */
const say = (template: string, ...args: (string | number)[]): string =>
	template.replace(/\{(\d+)\}/g, (whole, index: string) => (args[Number(index)] === undefined ? whole : String(args[Number(index)])));

/** A count as VS Code's display language writes it. */
const count = (value: number): string => {
	try {
		return value.toLocaleString(strings.locale);
	} catch {
		return value.toLocaleString('en');
	}
};

/** Row height in pixels; the CSS gives rows the same. */
const rowHeight = 38;
/** Rows rendered above and below the visible ones, so that scrolling shows no gap. */
const overscan = 8;

function element<K extends keyof HTMLElementTagNameMap>(id: string, _tag: K): HTMLElementTagNameMap[K] {
	return document.getElementById(id) as HTMLElementTagNameMap[K];
}

const urlsInput = element('urls', 'textarea');
const statusLine = element('status', 'div');
const notesList = element('notes', 'ul');
const setsBox = element('sets', 'span');
const crawlerInput = element('add-crawler', 'input');
const compareSelect = element('compare', 'select');
const onlyChanged = element('only-changed', 'input');
const preferencesToggle = element('preferences', 'input');
const auditBox = element('audit', 'div');
const changesBox = element('changes', 'div');
const impactBox = element('impact', 'div');
const grid = element('grid', 'div');
const headRow = element('head', 'div');
const viewport = element('viewport', 'div');
const body = element('body', 'div');
const tooltip = element('tooltip', 'div');

let result: BenchResult | undefined;
/** The rows a loaded sitemap lists, with its name (from the extension, with each result). */
let listedIn: Readonly<Record<string, string>> = {};
/** The rows shown, as indices into `result.rows` (all, or only those that changed). */
let shown: number[] = [];
/** The crawler columns as shown, as indices into `result.columns`: those with changed cells first. */
let order: number[] = [];
/** The grid's columns after the URL: each crawler of `order`, then its preference columns when the answer has them. */
let displayed: ShownColumn[] = [];
/** Changed cells per column of `result.columns`. */
let changedPerColumn: number[] = [];
/** The site most rows are on, named once above the URL column; its rows show their path. */
let origin: string | undefined;
/** The active cell for the keyboard: row index into `shown`, column (0 is the URL). */
let active = { row: 0, column: 1 };
let serverMs = 0;
/** The access log's hits: per URL, the fetches per crawler; the crawlers by their token in lower case. */
let hits: { byUrl: Map<string, readonly number[]>; crawlers: Map<string, number> } | undefined;

// ---------------------------------------------------------------------------------------------------------------
// Requests

function addUrls(): void {
	const text = urlsInput.value;
	if (text.trim() !== '') {
		post({ type: 'addUrls', text });
		urlsInput.value = '';
	}
}

element('add', 'button').addEventListener('click', addUrls);
urlsInput.addEventListener('keydown', (event) => {
	// Enter adds what was typed; Shift+Enter makes a new line. A paste of many lines is added at once.
	if (event.key === 'Enter' && !event.shiftKey) {
		event.preventDefault();
		addUrls();
	}
});
urlsInput.addEventListener('paste', (event) => {
	const text = event.clipboardData?.getData('text/plain') ?? '';
	if (/[\r\n]/.test(text)) {
		event.preventDefault();
		post({ type: 'addUrls', text: urlsInput.value + text });
		urlsInput.value = '';
	}
});
element('load-file', 'button').addEventListener('click', () => post({ type: 'loadFile' }));
element('load-sitemap', 'button').addEventListener('click', () => post({ type: 'loadUrlSet' }));
element('load-access-log', 'button').addEventListener('click', () => post({ type: 'loadAccessLog' }));
element('clear', 'button').addEventListener('click', () => post({ type: 'clearUrls' }));
element('export-csv', 'button').addEventListener('click', () => post({ type: 'export', format: 'csv' }));
element('export-md', 'button').addEventListener('click', () => post({ type: 'export', format: 'markdown' }));
function addCrawler(): void {
	const token = crawlerInput.value.trim();
	if (token !== '') {
		post({ type: 'addColumn', token });
		crawlerInput.value = '';
	}
}
element('add-crawler-button', 'button').addEventListener('click', addCrawler);
crawlerInput.addEventListener('keydown', (event) => {
	if (event.key === 'Enter') {
		event.preventDefault();
		addCrawler();
	}
});
compareSelect.addEventListener('change', () => post({ type: 'compare', mode: compareSelect.value as 'saved' | 'head' | 'file' | 'deployed' | 'none' }));
preferencesToggle.addEventListener('change', () => post({ type: 'preferences', show: preferencesToggle.checked }));
onlyChanged.addEventListener('change', () => {
	select();
	renderHead();
	// The changed columns come first: in view beside the URLs.
	viewport.scrollLeft = 0;
	render();
});

// ---------------------------------------------------------------------------------------------------------------
// Messages from the extension

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
	const message = event.data;
	switch (message.type) {
		case 'result': {
			const started = performance.now();
			result = message.result;
			listedIn = message.listedIn;
			serverMs = message.elapsedMs;
			select();
			renderHead();
			renderSummary();
			renderAiPolicy();
			render();
			// The time to the next frame: what people wait for after the answer arrives.
			requestAnimationFrame(() => {
				const ms = performance.now() - started;
				statusLine.dataset.paintedMs = ms.toFixed(1);
				updateStatus(ms);
				post({ type: 'painted', ms, rows: result?.rows.length ?? 0, columns: result?.columns.length ?? 0 });
			});
			break;
		}
		case 'state':
			renderState(message);
			break;
		case 'hits':
			hits = message.hits
				? {
						byUrl: new Map(message.hits.rows.map((row) => [row.url, row.counts])),
						crawlers: new Map(message.hits.crawlers.map((token, index) => [token.toLowerCase(), index])),
					}
				: undefined;
			render();
			break;
		case 'explanation':
			// The explanation replaces the placeholder; a change, when the cell has one, stays in front of it.
			if (message.id === explainId) {
				tooltip.textContent = pendingPrefix + message.text;
			}
			break;
		case 'error':
			statusLine.textContent = message.message;
			break;
	}
});

let state: Extract<ToWebview, { type: 'state' }> | undefined;

function renderState(message: Extract<ToWebview, { type: 'state' }>): void {
	state = message;
	compareSelect.value = message.compare;
	preferencesToggle.checked = message.preferences;
	document.title = say(strings.pageTitle, message.file);
	setsBox.replaceChildren(
		...message.sets.map((set) => {
			const button = document.createElement('button');
			button.type = 'button';
			button.textContent = `${set.label} (${set.tokens.length})`;
			button.title = `${strings.setHint}\n${set.tokens.join(', ')}`;
			button.disabled = set.tokens.length === 0;
			// A set adds its crawlers to the columns; with Shift it replaces them.
			button.addEventListener('click', (event) => post({ type: 'useSet', label: set.label, replace: event.shiftKey }));
			return button;
		}),
	);
	notesList.replaceChildren(
		...message.notes.map((note) => {
			const item = document.createElement('li');
			item.textContent = note;
			return item;
		}),
	);
	impactBox.replaceChildren(
		...message.impact.map((sentence) => {
			const item = document.createElement('div');
			item.textContent = sentence;
			return item;
		}),
	);
	grid.setAttribute('aria-busy', String(message.busy || message.loading !== null));
	updateStatus();
}

function updateStatus(paintedMs?: number): void {
	const parts: string[] = [];
	if (state) {
		const urls = say(state.urlCount === 1 ? strings.urlsOne : strings.urlsMany, count(state.urlCount));
		const crawlers = say(state.crawlers.length === 1 ? strings.crawlersOne : strings.crawlersMany, count(state.crawlers.length));
		parts.push(`${urls} × ${crawlers}`);
	}
	if (result) {
		parts.push(say(strings.answeredIn, count(Math.round(serverMs))));
		const painted = paintedMs ?? Number(statusLine.dataset.paintedMs ?? NaN);
		if (!Number.isNaN(painted)) {
			parts.push(say(strings.paintedIn, count(Math.round(painted))));
		}
		if (result.baseline) {
			const changes = result.baseline.changed;
			parts.push(say(changes === 1 ? strings.cellsChangedOne : strings.cellsChangedMany, count(changes), result.baseline.label));
		}
	}
	if (state?.busy) {
		parts.push(strings.evaluating);
	}
	if (state?.loading) {
		parts.push(state.loading);
	}
	statusLine.textContent = parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering

function select(): void {
	if (!result) {
		shown = [];
		order = [];
		displayed = [];
		return;
	}
	const all = result.rows.map((_, index) => index);
	shown = onlyChanged.checked && result.baseline ? all.filter((row) => rowChanged(row)) : all;
	changedPerColumn = result.columns.map(() => 0);
	if (result.baseline) {
		for (let row = 0; row < result.rows.length; row++) {
			for (let column = 0; column < result.columns.length; column++) {
				if (changed(row, column)) {
					changedPerColumn[column]++;
				}
			}
		}
	}
	order = columnOrder(changedPerColumn);
	displayed = shownColumns(order, result.preferences?.questions.length ?? 0);
	origin = sharedOrigin(result.rows.map((row) => row.url));
	grid.setAttribute('aria-rowcount', String(shown.length + 1));
	active.row = Math.min(active.row, Math.max(0, shown.length - 1));
	active.column = Math.min(active.column, displayed.length);
}

function cellAt(row: number, column: number): number {
	return result!.cells[row * result!.columns.length + column];
}

function changed(row: number, column: number): boolean {
	const baseline = result!.baseline;
	if (!baseline) {
		return false;
	}
	return benchVerdictChanged(cellAt(row, column), baseline.cells[row * result!.columns.length + column]);
}

function rowChanged(row: number): boolean {
	for (let column = 0; column < result!.columns.length; column++) {
		if (changed(row, column)) {
			return true;
		}
	}
	return false;
}

/** What a cell says in words: the verdict (as the server words it), then the deciding line and its text, or the reason. */
function describeCell(cell: number, lines: Readonly<Record<string, string>>, reasons: readonly string[]): { verdict: string; detail: string } {
	const parts = unpackBenchCell(cell);
	const line = parts.line;
	const reason = reasons[parts.reason] ?? '';
	const verdict = result!.verdicts[parts.allow ? 1 : 0] ?? '';
	if (line >= 0) {
		return { verdict, detail: `${line + 1}: ${lines[line] ?? ''}${reason !== '' ? ` (${reason})` : ''}` };
	}
	return { verdict, detail: reason };
}

/** The narrowest URL and crawler columns, in rem: narrow enough that a bench beside the editor shows several crawlers. */
const urlColumnRem = 11;
const crawlerColumnRem = 6.5;

function gridColumns(): string {
	const count = displayed.length;
	return `minmax(${urlColumnRem}rem, 2fr) repeat(${count}, minmax(${crawlerColumnRem}rem, 1fr))`;
}

/** How many characters of the editor font fit in the URL column, measured on the page. */
function urlColumnChars(): number {
	const probe = document.createElement('span');
	probe.className = 'cell url';
	probe.style.position = 'absolute';
	probe.style.visibility = 'hidden';
	probe.style.padding = '0';
	probe.textContent = '0'.repeat(40);
	document.body.append(probe);
	const charWidth = probe.getBoundingClientRect().width / 40 || 8;
	probe.remove();
	const width = (headRow.firstElementChild as HTMLElement | null)?.clientWidth ?? 0;
	// Less the cell's padding, and the probe mark's width on probe rows.
	return Math.max(8, Math.floor((width - 16) / charWidth));
}

function renderHead(): void {
	if (!result) {
		return;
	}
	headRow.style.gridTemplateColumns = gridColumns();
	const first = document.createElement('div');
	first.className = 'cell url';
	first.setAttribute('role', 'columnheader');
	// The site's host in the narrow column, "Paths on" and its whole origin in the tooltip and for screen readers.
	first.textContent = origin === undefined ? strings.urlColumn : origin.replace(/^https?:\/\//i, '');
	first.title = origin === undefined ? strings.urlColumn : say(strings.urlColumnOn, origin);
	first.setAttribute('aria-label', first.title);
	const headers = displayed.map(({ column: data, part }, index) => {
		const column = result!.columns[data];
		if (part >= 0) {
			return preferenceHead(column.crawler.token, result!.preferences!.questions[part], index);
		}
		const cell = document.createElement('div');
		cell.className = 'cell';
		cell.setAttribute('role', 'columnheader');
		cell.setAttribute('aria-colindex', String(index + 2));
		const name = document.createElement('span');
		name.textContent = column.crawler.token;
		const remove = document.createElement('button');
		remove.type = 'button';
		remove.className = 'remove';
		remove.textContent = '×';
		remove.setAttribute('aria-label', say(strings.removeColumn, column.crawler.token));
		remove.addEventListener('click', () => post({ type: 'removeColumn', token: column.crawler.token }));
		cell.title =
			say(strings.columnTitle, column.crawler.token, column.crawler.owner, column.crawler.parserName, column.follows) + (column.note ? ' ' + column.note : '');
		cell.append(name, remove);
		if (column.note) {
			cell.classList.add('noted');
		}
		const changes = changedPerColumn[data];
		if (changes > 0 && result!.baseline) {
			cell.classList.add('changed');
			cell.title = `${say(changes === 1 ? strings.cellsChangedOne : strings.cellsChangedMany, count(changes), result!.baseline.label)}\n${cell.title}`;
		}
		return cell;
	});
	headRow.replaceChildren(first, ...headers);
	grid.setAttribute('aria-colcount', String(displayed.length + 1));
	const minWidth = urlColumnRem + crawlerColumnRem * displayed.length;
	headRow.style.minWidth = `${minWidth}rem`;
	body.style.minWidth = `${minWidth}rem`;
}

/** The heading of a preference column: the question, and the crawler it is asked of in the tooltip and for screen readers. */
function preferenceHead(token: string, question: string, index: number): HTMLElement {
	const cell = document.createElement('div');
	cell.className = 'cell preference';
	cell.setAttribute('role', 'columnheader');
	cell.setAttribute('aria-colindex', String(index + 2));
	const name = document.createElement('span');
	name.textContent = question;
	cell.append(name);
	cell.title = say(strings.preferenceColumn, token, question);
	cell.setAttribute('aria-label', cell.title);
	return cell;
}

function renderSummary(): void {
	if (!result) {
		return;
	}
	auditBox.replaceChildren(
		...result.audit.map((category) => {
			const chip = document.createElement('span');
			chip.className = 'chip';
			const total = category.allowed.length + category.blocked.length;
			chip.textContent = `${category.label} ${category.allowed.length}/${total}`;
			chip.setAttribute('aria-label', say(strings.auditLabel, category.label, count(category.allowed.length), count(total)));
			chip.title = [
				say(strings.mayFetch, category.allowed.join(', ') || strings.none),
				say(strings.mayNot, category.blocked.join(', ') || strings.none),
				...(category.ignoring.length > 0 ? [say(strings.notFollowing, category.ignoring.join(', '))] : []),
			].join('\n');
			return chip;
		}),
	);
	const changes = result.baseline?.readingChanges ?? [];
	changesBox.replaceChildren(
		...changes.map((change) => {
			const item = document.createElement('div');
			item.textContent = change.summary;
			return item;
		}),
	);
	const notes = [...(state?.notes ?? []), ...result.notes];
	notesList.replaceChildren(
		...notes.map((note) => {
			const item = document.createElement('li');
			item.textContent = note;
			return item;
		}),
	);
}

/** Renders the rows in view (and a few around them); the spacer gives the scroll range of all rows. */
function render(): void {
	if (!result) {
		body.replaceChildren();
		return;
	}
	body.style.height = `${shown.length * rowHeight}px`;
	const top = viewport.scrollTop;
	const height = viewport.clientHeight || 600;
	const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
	const last = Math.min(shown.length, Math.ceil((top + height) / rowHeight) + overscan);
	const rows: HTMLElement[] = [];
	const columns = gridColumns();
	const hadFocus = grid.contains(document.activeElement);
	const chars = urlColumnChars();
	for (let index = first; index < last; index++) {
		rows.push(renderRow(index, columns, chars));
	}
	body.replaceChildren(...rows);
	if (hadFocus) {
		focusActive();
	}
}

function renderRow(index: number, columns: string, chars: number): HTMLElement {
	const data = result!;
	const rowIndex = shown[index];
	const row = data.rows[rowIndex];
	const element = document.createElement('div');
	element.className = 'row';
	element.setAttribute('role', 'row');
	element.setAttribute('aria-rowindex', String(index + 2));
	element.style.top = `${index * rowHeight}px`;
	element.style.gridTemplateColumns = columns;
	const header = document.createElement('div');
	header.className = 'cell url';
	header.setAttribute('role', 'rowheader');
	header.dataset.row = String(index);
	header.dataset.column = '0';
	header.tabIndex = active.row === index && active.column === 0 ? 0 : -1;
	const listedMark = Object.hasOwn(listedIn, row.url) ? say(strings.inUrlSet, listedIn[row.url]) : undefined;
	// Less the marks' widths: the probe's, and the sitemap's with its name.
	const marks = (row.probe ? 6 : 0) + (listedMark === undefined ? 0 : listedMark.length + 2);
	header.textContent = row.url === '' ? strings.emptyUrl : middleCut(urlLabel(row.url, origin), Math.max(8, chars - marks));
	// What is shown may be cut or a path: screen readers get the whole URL.
	header.setAttribute('aria-label', row.url === '' ? strings.emptyUrl : row.url);
	header.title = row.problem ?? (row.probe ? say(strings.probed, row.url) : row.url);
	if (row.probe) {
		header.classList.add('probe');
		header.dataset.probe = strings.probe;
	}
	if (listedMark !== undefined) {
		header.classList.add('listed');
		header.dataset.listed = listedMark;
		header.title += '\n' + listedMark;
	}
	const counts = data.audit
		.filter((category) => category.allowedPerUrl[rowIndex] >= 0)
		.map((category) =>
			say(strings.mayFetchIt, category.label, count(category.allowedPerUrl[rowIndex]), count(category.allowed.length + category.blocked.length)),
		);
	if (counts.length > 0 && !row.problem) {
		header.title += '\n' + counts.join('\n');
	}
	element.append(header);
	if (row.problem !== undefined) {
		const problem = document.createElement('div');
		problem.className = 'cell problem';
		problem.setAttribute('role', 'gridcell');
		problem.style.gridColumn = `2 / span ${Math.max(1, displayed.length)}`;
		problem.textContent = row.problem;
		element.append(problem);
		return element;
	}
	for (let shownColumn = 0; shownColumn < displayed.length; shownColumn++) {
		const { column, part } = displayed[shownColumn];
		if (part >= 0) {
			element.append(preferenceCell(rowIndex, column, part, index, shownColumn));
			continue;
		}
		const cell = cellAt(rowIndex, column);
		const described = describeCell(cell, data.lines, data.reasons);
		const { div, word } = gridCell(index, shownColumn, benchCellAllows(cell) ? 'allow' : 'disallow', described.verdict, described.detail);
		let label = `${data.columns[column].crawler.token}: ${described.verdict}${described.detail ? ', ' + described.detail : ''}`;
		const fetches = fetchesOf(row.url, data.columns[column].crawler.token);
		if (fetches !== undefined) {
			// Beside the verdict: how often the crawler fetched the URL in the access log.
			const hitsText = say(fetches === 1 ? strings.fetchesOne : strings.fetchesMany, count(fetches));
			const span = document.createElement('span');
			span.className = 'hits';
			span.textContent = hitsText;
			word.append(' ', span);
			label += `, ${hitsText}`;
		}
		if (changed(rowIndex, column)) {
			const before = describeCell(data.baseline!.cells[rowIndex * data.columns.length + column], data.baseline!.lines, data.reasons);
			div.classList.add('changed');
			word.dataset.changed = strings.changed;
			const was = before.detail
				? say(strings.was, before.verdict, before.detail, data.baseline!.label)
				: say(strings.wasWithoutDetail, before.verdict, data.baseline!.label);
			div.dataset.was = was;
			label = say(strings.changedLabel, label, was);
		}
		div.setAttribute('aria-label', label);
		element.append(div);
	}
	return element;
}

/** How often the access log's crawler `token` fetched `url`, or undefined without a log or when it did not. */
function fetchesOf(url: string, token: string): number | undefined {
	const crawler = hits?.crawlers.get(token.toLowerCase());
	const fetches = crawler === undefined ? undefined : hits?.byUrl.get(url)?.[crawler];
	return fetches === undefined || fetches === 0 ? undefined : fetches;
}

/** A cell of the grid at shown row `index` and column `shownColumn`: its word over its detail, both as text. */
function gridCell(index: number, shownColumn: number, kind: string, wordText: string, detailText: string): { div: HTMLElement; word: HTMLElement } {
	const div = document.createElement('div');
	div.className = 'cell verdict';
	div.classList.add(...kind.split(' '));
	div.setAttribute('role', 'gridcell');
	div.setAttribute('aria-colindex', String(shownColumn + 2));
	div.dataset.row = String(index);
	div.dataset.column = String(shownColumn + 1);
	div.tabIndex = active.row === index && active.column === shownColumn + 1 ? 0 : -1;
	const word = document.createElement('span');
	word.className = 'word';
	word.textContent = wordText;
	const detail = document.createElement('span');
	detail.className = 'detail';
	detail.textContent = detailText;
	div.append(word, detail);
	return { div, word };
}

/** What the preference lines say of a row's URL for a crawler, on one question: the state, and the first deciding line. */
function preferenceAt(row: number, column: number, part: number): BenchPreference | undefined {
	const preferences = result?.preferences;
	const index = preferences?.cells[row * result!.columns.length + column] ?? -1;
	return index >= 0 ? preferences!.answers[index][part] : undefined;
}

function preferenceCell(rowIndex: number, column: number, part: number, index: number, shownColumn: number): HTMLElement {
	const data = result!;
	const answer = preferenceAt(rowIndex, column, part);
	// The deciding lines, where a verdict cell shows its rule.
	const lines = answer && answer.lines.length > 0 ? `${answer.lines.map((line) => line + 1).join(', ')}` : '';
	const { div } = gridCell(index, shownColumn, `preference ${answer?.state ?? 'none'}`, answer?.word ?? '', lines);
	const question = data.preferences!.questions[part];
	div.setAttribute('aria-label', `${say(strings.preferenceColumn, data.columns[column].crawler.token, question)}: ${answer?.word ?? ''}`);
	return div;
}

let scheduled = false;
viewport.addEventListener('scroll', () => {
	hideTooltip();
	if (!scheduled) {
		scheduled = true;
		requestAnimationFrame(() => {
			scheduled = false;
			render();
		});
	}
});
new ResizeObserver(() => render()).observe(viewport);

// ---------------------------------------------------------------------------------------------------------------
// Cells: click selects the deciding line, hover and focus explain, the keyboard moves.

function cellTarget(target: EventTarget | null): { row: number; column: number; element: HTMLElement } | undefined {
	const element = (target as HTMLElement | null)?.closest<HTMLElement>('[data-row]');
	if (!element) {
		return undefined;
	}
	return { row: Number(element.dataset.row), column: Number(element.dataset.column), element };
}

function reveal(row: number, column: number): void {
	if (!result || column === 0) {
		return;
	}
	const rowIndex = shown[row];
	const { column: data, part } = displayed[column - 1];
	const cell = cellAt(rowIndex, data);
	if (cell < 0) {
		return;
	}
	// A preference cell selects its deciding line; one that no line decides, the verdict's line or group, as below.
	const decided = part >= 0 ? preferenceAt(rowIndex, data, part)?.lines[0] : undefined;
	const line = unpackBenchCell(cell).line;
	const target = decided ?? (line >= 0 ? line : result.columns[data].groupLine);
	if (target !== null) {
		post({ type: 'reveal', line: target });
	}
}

body.addEventListener('click', (event) => {
	const target = cellTarget(event.target);
	if (target) {
		active = { row: target.row, column: target.column };
		render();
		reveal(target.row, target.column);
	}
});

let explainId = 0;
let explainTimer: ReturnType<typeof setTimeout> | undefined;

function explain(target: { row: number; column: number; element: HTMLElement }): void {
	clearTimeout(explainTimer);
	if (!result) {
		return;
	}
	const row = result.rows[shown[target.row]];
	explainTimer = setTimeout(() => {
		const rect = target.element.getBoundingClientRect();
		tooltip.style.left = `${Math.min(rect.left, window.innerWidth - 420)}px`;
		tooltip.style.top = `${rect.bottom + 4}px`;
		tooltip.hidden = false;
		if (target.column === 0 || row.problem !== undefined) {
			tooltip.textContent = target.element.title || target.element.textContent || '';
			return;
		}
		const { column, part } = displayed[target.column - 1];
		const token = result!.columns[column].crawler.token;
		if (part >= 0) {
			// The answer holds its explanation: the crawler, the question's answer and the lines that decide it.
			explainId++;
			tooltip.textContent = `${token}\n${preferenceAt(shown[target.row], column, part)?.detail ?? ''}`;
			return;
		}
		const was = target.element.dataset.was;
		pendingPrefix = was ? `${say(strings.changedTooltip, was)}\n` : '';
		tooltip.textContent = `${pendingPrefix}…`;
		explainId++;
		post({ type: 'explain', id: explainId, url: row.url, token });
	}, 250);
}

let pendingPrefix = '';

function hideTooltip(): void {
	clearTimeout(explainTimer);
	tooltip.hidden = true;
}

body.addEventListener('mouseover', (event) => {
	const target = cellTarget(event.target);
	if (target) {
		explain(target);
	}
});
body.addEventListener('mouseleave', hideTooltip);
body.addEventListener('focusin', (event) => {
	const target = cellTarget(event.target);
	if (target) {
		explain(target);
	}
});

function focusActive(): void {
	const found = body.querySelector<HTMLElement>(`[data-row="${active.row}"][data-column="${active.column}"]`);
	found?.focus({ preventScroll: true });
}

/** Moves the active cell, scrolling it into view and focusing it. */
function move(row: number, column: number): void {
	if (!result || shown.length === 0) {
		return;
	}
	active = { row: Math.max(0, Math.min(shown.length - 1, row)), column: Math.max(0, Math.min(displayed.length, column)) };
	const top = active.row * rowHeight;
	if (top < viewport.scrollTop) {
		viewport.scrollTop = top;
	} else if (top + rowHeight > viewport.scrollTop + viewport.clientHeight - rowHeight) {
		viewport.scrollTop = top - viewport.clientHeight + 2 * rowHeight;
	}
	render();
	focusActive();
}

grid.addEventListener('keydown', (event) => {
	const page = Math.max(1, Math.floor(viewport.clientHeight / rowHeight) - 1);
	const { row, column } = active;
	switch (event.key) {
		case 'ArrowDown':
			move(row + 1, column);
			break;
		case 'ArrowUp':
			move(row - 1, column);
			break;
		case 'ArrowRight':
			move(row, column + 1);
			break;
		case 'ArrowLeft':
			move(row, column - 1);
			break;
		case 'PageDown':
			move(row + page, column);
			break;
		case 'PageUp':
			move(row - page, column);
			break;
		case 'Home':
			move(event.ctrlKey ? 0 : row, event.ctrlKey ? column : 0);
			break;
		case 'End':
			move(event.ctrlKey ? shown.length - 1 : row, event.ctrlKey ? column : displayed.length);
			break;
		case 'Enter':
		case ' ':
			reveal(row, column);
			break;
		case 'Delete':
			if (column === 0 && result) {
				post({ type: 'removeRow', url: result.rows[shown[row]].url });
			}
			break;
		case 'Escape':
			hideTooltip();
			return;
		default:
			return;
	}
	event.preventDefault();
});
// Tabbing into the grid lands on the active cell.
grid.addEventListener('focus', () => focusActive());

// ---------------------------------------------------------------------------------------------------------------
// The AI policy view: one table per AI company, rendered (as text) while its section is open; a line it names is a
// button that selects the line in the editor.

const policyBox = element('ai-policy', 'details');
const policyBody = element('ai-policy-body', 'div');

/** A piece of text; with a line (0-based), a button that selects it in the editor. */
function policyPart(text: string, line?: number): HTMLElement {
	if (line === undefined || line < 0) {
		const span = document.createElement('span');
		span.textContent = text;
		return span;
	}
	const button = document.createElement('button');
	button.type = 'button';
	button.className = 'policy-line';
	button.textContent = text;
	button.addEventListener('click', () => post({ type: 'reveal', line }));
	return button;
}

function policyPreferences(preferences: AiPolicyPreferences): HTMLElement[] {
	const parts: HTMLElement[] = [];
	for (const stated of [preferences.contentUsage, preferences.contentSignal]) {
		if (stated && stated.text !== '') {
			parts.push(policyPart(stated.text, stated.line));
		}
	}
	return parts;
}

function policyCompany(policy: AiPolicy, company: AiPolicyCompany, verdicts: readonly string[]): HTMLElement {
	const section = document.createElement('section');
	section.className = 'company';
	const heading = document.createElement('h3');
	heading.textContent = company.owner;
	section.append(heading);
	for (const use of company.uses) {
		const title = document.createElement('h4');
		title.textContent = use.label;
		section.append(title);
		for (const crawler of use.crawlers) {
			const row = document.createElement('div');
			row.className = 'policy-crawler';
			const token = document.createElement('span');
			token.className = 'token';
			token.textContent = crawler.followsRobotsTxt ? crawler.token : say(strings.notFollowingOne, crawler.token);
			row.append(token);
			crawler.answers.forEach((answer, index) => {
				const item = document.createElement('span');
				item.className = `policy-answer ${answer.allow ? 'allow' : 'disallow'}`;
				const words = `${policy.urls[index]} ${verdicts[answer.allow ? 1 : 0]}`;
				const rule = answer.line >= 0 ? ` ${answer.line + 1}: ${policy.lines[answer.line] ?? ''}` : '';
				item.append(policyPart(words + rule, answer.line), ...policyPreferences(answer.preferences));
				row.append(item);
			});
			section.append(row);
		}
	}
	const list = (label: string, items: readonly HTMLElement[]) => {
		if (items.length === 0) {
			return;
		}
		const title = document.createElement('h4');
		title.textContent = label;
		const ul = document.createElement('ul');
		for (const item of items) {
			const li = document.createElement('li');
			li.append(item);
			ul.append(li);
		}
		section.append(title, ul);
	};
	list(
		strings.uncontrolled,
		company.uncontrolled.map((fact) => policyPart(`${fact.text} [${fact.source ?? strings.assumed}]`)),
	);
	list(
		strings.contradictions,
		company.contradictions.map((contradiction) => policyPart(contradiction.text, contradiction.lines[0])),
	);
	return section;
}

function renderAiPolicy(): void {
	if (!result || !policyBox.open) {
		return;
	}
	const policy = result.aiPolicy;
	if (!policy) {
		return;
	}
	const licenses = policy.licenses.map((license) => policyPart(`License: ${license}`));
	policyBody.replaceChildren(
		...licenses,
		...policy.notes.map((note) => policyPart(note)),
		...policy.companies.map((company) => policyCompany(policy, company, result!.verdicts)),
	);
}

policyBox.addEventListener('toggle', () => {
	post({ type: 'aiPolicy', show: policyBox.open });
	renderAiPolicy();
});

post({ type: 'ready' });
