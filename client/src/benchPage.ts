// The test bench's page: its markup, with the words of the page and of its script worded here (a webview cannot call
// `vscode.l10n`), under a strict Content-Security-Policy; the controller (testBench.ts) sets it once per panel.
import { env, l10n, Uri, type Webview } from 'vscode';
import type { BenchStrings } from './benchMessages';

/**
 * The page: a strict Content-Security-Policy (scripts by nonce, styles from the extension's own file, nothing from
 * elsewhere) and VS Code's theme colours (client/webview/testBench.css).
 */
export function benchPage(webview: Webview, extensionUri: Uri): string {
	const nonce = makeNonce();
	const script = webview.asWebviewUri(Uri.joinPath(extensionUri, 'client', 'dist', 'testBench.js'));
	const styles = webview.asWebviewUri(Uri.joinPath(extensionUri, 'client', 'dist', 'testBench.css'));
	const csp = [
		"default-src 'none'",
		`style-src ${webview.cspSource}`,
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
<link rel="stylesheet" href="${styles}">
</head>
<body data-strings="${text(JSON.stringify(benchStrings()))}">
<header>
	<div class="toolbar" role="toolbar" aria-label="${text(l10n.t('URLs'))}">
		<label for="urls">${text(l10n.t('URLs'))}</label>
		<textarea id="urls" rows="1" placeholder="${text(l10n.t('Type or paste URLs or paths, one a line; Enter adds them'))}" aria-describedby="status"></textarea>
		<button id="add" type="button">${text(l10n.t('Add'))}</button>
		<button id="load-file" type="button">${text(l10n.t('Load file…'))}</button>
		<button id="load-sitemap" type="button">${text(l10n.t('Load sitemap.xml…'))}</button>
		<button id="load-access-log" type="button" title="${text(l10n.t('Rows from the URLs crawlers fetched in a server access log, with how often each crawler fetched each one'))}">${text(l10n.t('Load Access Log…'))}</button>
		<button id="clear" type="button">${text(l10n.t('Clear'))}</button>
	</div>
	<div class="toolbar" role="toolbar" aria-label="${text(l10n.t('Crawlers'))}">
		<span class="label">${text(l10n.t('Crawlers'))}</span>
		<span id="sets" role="group" aria-label="${text(l10n.t('Column sets'))}"></span>
		<label class="hidden" for="add-crawler">${text(l10n.t('Add a crawler'))}</label>
		<input id="add-crawler" placeholder="${text(l10n.t('Add a crawler token'))}">
		<button id="add-crawler-button" type="button">${text(l10n.t('Add'))}</button>
		<label title="${text(l10n.t('For each crawler, what the Content-Usage and Content-Signal lines say of the URL: may it train AI on it, use it in AI answers, index it.'))}"><input id="preferences" type="checkbox"> ${text(l10n.t('Preference columns'))}</label>
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
	<div id="impact" role="status" aria-live="polite" aria-label="${text(l10n.t("What the edit changes for the access log's fetches"))}"></div>
	<details id="ai-policy"><summary>${text(l10n.t('AI policy by company'))}</summary><div id="ai-policy-body"></div></details>
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
		preferenceColumn: l10n.t('{0}: {1}'),
		auditLabel: l10n.t('{0}: {1} of {2} may fetch /'),
		mayFetch: l10n.t('May fetch /: {0}'),
		mayNot: l10n.t('May not: {0}'),
		notFollowing: l10n.t('Do not follow robots.txt: {0}'),
		none: l10n.t('none'),
		emptyUrl: l10n.t('(empty)'),
		probed: l10n.t('{0}: probed from the rules of both versions; its verdict changed.'),
		mayFetchIt: l10n.t('{0}: {1} of {2} may fetch it'),
		probe: l10n.t('probe'),
		inUrlSet: l10n.t('in {0}'),
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
		fetchesOne: l10n.t('{0} fetch'),
		fetchesMany: l10n.t('{0} fetches'),
		notFollowingOne: l10n.t('{0} does not follow robots.txt'),
		uncontrolled: l10n.t('What robots.txt cannot control:'),
		contradictions: l10n.t('Contradictions:'),
		assumed: l10n.t('assumed: no public source'),
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
