// The messages between the test bench's webview and the extension (postMessage), shared by both sides. Plain data:
// the bench's answers are the server's (core/protocol.ts), passed through; the webview only shows them.
import type { BenchPreference, BenchResult } from '../../core/src/protocol';

export type { BenchPreference, BenchResult };

/** A one-click set of columns. */
export interface ColumnSet {
	readonly label: string;
	readonly tokens: readonly string[];
}

/** What the extension tells the webview. */
export type ToWebview =
	| {
			readonly type: 'result';
			readonly result: BenchResult;
			/** Time from the request to the answer, in the extension (server compute and transfer). */
			readonly elapsedMs: number;
			/** The rows a loaded sitemap lists: the row's URL and the sitemap's name. */
			readonly listedIn: Readonly<Record<string, string>>;
	  }
	| {
			readonly type: 'state';
			/** The robots.txt's name for people. */
			readonly file: string;
			readonly urlCount: number;
			readonly crawlers: readonly string[];
			readonly sets: readonly ColumnSet[];
			/** What the cells are compared with ("git HEAD", "the saved version"), or null. */
			readonly baseline: string | null;
			readonly compare: CompareMode;
			/** Notes from loading URLs, and why a baseline is not available. */
			readonly notes: readonly string[];
			readonly busy: boolean;
			/** Whether the preference columns are on. */
			readonly preferences: boolean;
			/** While an access log loads: how far ("access.log: 412.0 MB of 1200.0 MB read, 3,100,000 lines."), else null. */
			readonly loading: string | null;
			/** With an access log and a baseline: what the edit changes for the log's fetches, a sentence each. */
			readonly impact: readonly string[];
	  }
	| {
			/** The hits of the access log loaded, or null when none is: per URL, the fetches per crawler of `crawlers`. */
			readonly type: 'hits';
			readonly hits: { readonly crawlers: readonly string[]; readonly rows: readonly { readonly url: string; readonly counts: readonly number[] }[] } | null;
	  }
	| { readonly type: 'explanation'; readonly id: number; readonly text: string }
	| { readonly type: 'error'; readonly message: string };

/** `deployed`: the site's file as the last Compare with Deployed fetched it. */
export type CompareMode = 'saved' | 'head' | 'file' | 'deployed' | 'none';

/**
 * The words the webview writes itself, in VS Code's display language: a webview cannot call `vscode.l10n`, so the
 * extension words them when it creates the panel and hands them over in the page. Templates take `{0}`, `{1}`…
 * (formatted in the webview as vscode.l10n.t formats); singular and plural are separate templates.
 */
export interface BenchStrings {
	/** VS Code's display language, for numbers. */
	readonly locale: string;
	/** `Test Bench: {0}`, the page's title with the file's name. */
	readonly pageTitle: string;
	readonly urlColumn: string;
	/** `Paths on {0}`: the URL column's heading when most rows are on one site, named there once. */
	readonly urlColumnOn: string;
	/** The tooltip of a set's button, before its crawlers: a click adds them, Shift+click replaces the columns. */
	readonly setHint: string;
	/** `Remove the {0} column`. */
	readonly removeColumn: string;
	/** `{0} ({1}, {2} parser): {3}.`: token, owner, parser name, which group it follows. */
	readonly columnTitle: string;
	/** `{0}: {1}`: a preference column's crawler and question. */
	readonly preferenceColumn: string;
	/** `{0}: {1} of {2} may fetch /`: a category of crawlers. */
	readonly auditLabel: string;
	readonly mayFetch: string;
	readonly mayNot: string;
	readonly notFollowing: string;
	readonly none: string;
	readonly emptyUrl: string;
	readonly probed: string;
	/** `{0}: {1} of {2} may fetch it`: a category of crawlers, for one URL. */
	readonly mayFetchIt: string;
	/** The mark on a probe row's URL. */
	readonly probe: string;
	/** `in {0}`: the mark on the URL of a row a loaded sitemap lists, with the sitemap's name. */
	readonly inUrlSet: string;
	/** The mark after a changed verdict. */
	readonly changed: string;
	readonly was: string;
	readonly wasWithoutDetail: string;
	readonly changedLabel: string;
	readonly changedTooltip: string;
	readonly urlsOne: string;
	readonly urlsMany: string;
	readonly crawlersOne: string;
	readonly crawlersMany: string;
	readonly answeredIn: string;
	readonly paintedIn: string;
	readonly cellsChangedOne: string;
	readonly cellsChangedMany: string;
	readonly evaluating: string;
	/** `{0} does not follow robots.txt`, in the AI policy view. */
	readonly notFollowingOne: string;
	/** `{0} fetch` and `{0} fetches`: a cell's hits in the access log loaded. */
	readonly fetchesOne: string;
	readonly fetchesMany: string;
	/** The AI policy view's headings: what robots.txt cannot control, the contradictions; and a fact without a source. */
	readonly uncontrolled: string;
	readonly contradictions: string;
	readonly assumed: string;
}

/** What the webview asks of the extension. */
export type FromWebview =
	| { readonly type: 'ready' }
	| { readonly type: 'addUrls'; readonly text: string }
	| { readonly type: 'loadFile' }
	| { readonly type: 'loadUrlSet' }
	| { readonly type: 'loadAccessLog' }
	| { readonly type: 'clearUrls' }
	| { readonly type: 'removeRow'; readonly url: string }
	| { readonly type: 'useSet'; readonly label: string; readonly replace?: boolean }
	| { readonly type: 'addColumn'; readonly token: string }
	| { readonly type: 'removeColumn'; readonly token: string }
	| { readonly type: 'reveal'; readonly line: number }
	| { readonly type: 'explain'; readonly id: number; readonly url: string; readonly token: string }
	| { readonly type: 'export'; readonly format: 'csv' | 'markdown' }
	| { readonly type: 'compare'; readonly mode: CompareMode }
	/** The preference columns on or off. */
	| { readonly type: 'preferences'; readonly show: boolean }
	/** The AI policy section opened or closed: the view is asked for only while it is open. */
	| { readonly type: 'aiPolicy'; readonly show: boolean }
	| { readonly type: 'painted'; readonly ms: number; readonly rows: number; readonly columns: number };

/**
 * What a field of a message from the webview must be, by its type: a number is a whole number from 0 (`index`) or any
 * number from 0 (`amount`), a string is any string, an optional boolean is absent or a boolean (`flag`), and a union of
 * words is one of them (all of them listed).
 */
type FieldRule<T> = [T] extends [number] ? 'index' | 'amount' : [T] extends [boolean | undefined] ? 'flag' : string extends T ? 'string' : readonly T[];

/** The fields of each message from the webview, besides `type`: every message type and every field has its rule. */
const fromWebviewFields: {
	readonly [K in FromWebview['type']]: {
		readonly [F in Exclude<keyof Extract<FromWebview, { type: K }>, 'type'>]-?: FieldRule<Extract<FromWebview, { type: K }>[F]>;
	};
} = {
	ready: {},
	addUrls: { text: 'string' },
	loadFile: {},
	loadUrlSet: {},
	loadAccessLog: {},
	clearUrls: {},
	removeRow: { url: 'string' },
	useSet: { label: 'string', replace: 'flag' },
	addColumn: { token: 'string' },
	removeColumn: { token: 'string' },
	reveal: { line: 'index' },
	explain: { id: 'index', url: 'string', token: 'string' },
	export: { format: ['csv', 'markdown'] },
	compare: { mode: ['saved', 'head', 'file', 'deployed', 'none'] },
	preferences: { show: 'flag' },
	aiPolicy: { show: 'flag' },
	painted: { ms: 'amount', rows: 'index', columns: 'index' },
};

function fits(value: unknown, rule: 'string' | 'index' | 'amount' | 'flag' | readonly string[]): boolean {
	switch (rule) {
		case 'string':
			return typeof value === 'string';
		case 'flag':
			return value === undefined || typeof value === 'boolean';
		case 'index':
			return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
		case 'amount':
			return typeof value === 'number' && Number.isFinite(value) && value >= 0;
		default:
			return rule.includes(value as string);
	}
}

/**
 * A message from the webview as the extension may act on it, or undefined when it is not one of `FromWebview`: the
 * page's messages are data from a page, checked field by field before the extension reads them (a token that is not a
 * string, or a line that is NaN, threw in the extension host).
 */
export function readFromWebview(message: unknown): FromWebview | undefined {
	if (typeof message !== 'object' || message === null) {
		return undefined;
	}
	const type = (message as { type?: unknown }).type;
	if (typeof type !== 'string' || !Object.hasOwn(fromWebviewFields, type)) {
		return undefined;
	}
	const fields: Readonly<Record<string, 'string' | 'index' | 'amount' | 'flag' | readonly string[]>> = fromWebviewFields[type as FromWebview['type']];
	for (const [name, rule] of Object.entries(fields)) {
		if (!fits((message as Record<string, unknown>)[name], rule)) {
			return undefined;
		}
	}
	return message as FromWebview;
}
