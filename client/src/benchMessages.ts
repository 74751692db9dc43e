// The messages between the test bench's webview and the extension (postMessage), shared by both sides. Plain data:
// the bench's answers are the server's (core/protocol.ts), passed through; the webview only shows them.
import type { BenchResult } from '../../server/src/core/protocol';

export type { BenchResult };

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
	}
	| { readonly type: 'explanation'; readonly id: number; readonly text: string }
	| { readonly type: 'error'; readonly message: string };

/** `deployed`: the site's file as the last Compare with Deployed fetched it. */
export type CompareMode = 'saved' | 'head' | 'file' | 'deployed' | 'none';

/** What the webview asks of the extension. */
export type FromWebview =
	| { readonly type: 'ready' }
	| { readonly type: 'addUrls'; readonly text: string }
	| { readonly type: 'loadFile' }
	| { readonly type: 'loadUrlSet' }
	| { readonly type: 'clearUrls' }
	| { readonly type: 'removeRow'; readonly url: string }
	| { readonly type: 'useSet'; readonly label: string }
	| { readonly type: 'addColumn'; readonly token: string }
	| { readonly type: 'removeColumn'; readonly token: string }
	| { readonly type: 'reveal'; readonly line: number }
	| { readonly type: 'explain'; readonly id: number; readonly url: string; readonly token: string }
	| { readonly type: 'export'; readonly format: 'csv' | 'markdown' }
	| { readonly type: 'compare'; readonly mode: CompareMode }
	| { readonly type: 'painted'; readonly ms: number; readonly rows: number; readonly columns: number };
