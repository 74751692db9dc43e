// The test bench's page: its markup, with the words of the page and of its script worded here (a webview cannot call
// `vscode.l10n`), under a strict Content-Security-Policy; the controller (testBench.ts) sets it once per panel.
import { env, l10n, Uri, type Webview } from 'vscode';
import type { BenchStrings } from './benchMessages';

/** The page: a strict Content-Security-Policy (scripts by nonce, nothing from elsewhere) and VS Code's theme colours. */
export function benchPage(webview: Webview, extensionUri: Uri): string {
	const nonce = makeNonce();
	const script = webview.asWebviewUri(Uri.joinPath(extensionUri, 'client', 'dist', 'testBench.js'));
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
