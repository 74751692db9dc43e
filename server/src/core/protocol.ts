/**
 * The custom requests between the client and the language server: method names and wire shapes, in one place for
 * the core (which computes the results), the server (which registers the handlers), the client (which sends them)
 * and the tests. Plain data only: this is the one module the client may import from server/.
 */

/** `robotsTxt/testUrl`: one URL for one crawler. */
export const testUrlMethod = 'robotsTxt/testUrl';
/** `robotsTxt/testUrlAll`: one URL for every target crawler. */
export const testUrlAllMethod = 'robotsTxt/testUrlAll';
/** `robotsTxt/agents`: the crawler names to offer in a picker. */
export const agentsMethod = 'robotsTxt/agents';

/** The parsers a client may ask for by name (the core's dialects). */
export type ParserName = 'rfc9309' | 'google' | 'yandex' | 'draft1996' | 'original1994';

export interface TestUrlParams {
	/** The open document. */
	readonly uri: string;
	/** A full URL, `host/path` or a path. */
	readonly url: string;
	/** The crawler's product token as the user typed it; `*` means a crawler that no group names. */
	readonly agent: string;
	/** Read the file with this parser instead of the crawler's own (for tokens we do not know). */
	readonly parser?: ParserName;
}

/** The crawler an answer is for. */
export interface CrawlerSummary {
	readonly token: string;
	readonly owner: string;
	readonly category: string;
	/** Whether the token is in the catalogue (else the parser is assumed). */
	readonly known: boolean;
	readonly parser: ParserName;
	/** The parser for people: "Google", "RFC 9309", … */
	readonly parserName: string;
}

/** What another parser concludes, where it differs from the crawler's own answer. */
export interface OtherReading {
	readonly parser: ParserName;
	readonly parserName: string;
	readonly verdict: 'allow' | 'disallow';
	/** The deciding line, 0-based, or null. */
	readonly line: number | null;
	readonly rule: string | null;
	readonly explanation: string;
}

export interface TestUrlResult {
	readonly url: string;
	readonly crawler: CrawlerSummary;
	readonly verdict: 'allow' | 'disallow';
	/** The deciding line, 0-based, or null when no rule decided. */
	readonly line: number | null;
	/** The deciding line's text, trimmed, or null. */
	readonly rule: string | null;
	/** The line to select: the deciding line, else the User-agent line of the group followed, else null. */
	readonly selectLine: number | null;
	/** One line for a notification: the URL, the crawler, the verdict and what decided, then the others that differ. */
	readonly headline: string;
	/** The crawler's full answer: what it reads of the file, whose group it follows, what decides. */
	readonly explanation: string;
	/** Other parsers that answer differently (only those). */
	readonly others: readonly OtherReading[];
	/** True when the crawler is unknown and its parser was assumed: a client offers `parsers` to choose from. */
	readonly parserAssumed: boolean;
	readonly parsers: readonly { readonly parser: ParserName; readonly name: string }[];
}

export interface TestUrlAllParams {
	readonly uri: string;
	readonly url: string;
}

/** One row of the all-crawlers table. */
export interface CrawlerVerdictRow {
	readonly crawler: CrawlerSummary;
	readonly verdict: 'allow' | 'disallow';
	readonly line: number | null;
	readonly rule: string | null;
	/** The line to select for this row (as in TestUrlResult). */
	readonly selectLine: number | null;
	readonly explanation: string;
}

export interface TestUrlAllResult {
	readonly url: string;
	readonly rows: readonly CrawlerVerdictRow[];
	/** One line: how many of the crawlers may fetch the URL. */
	readonly summary: string;
	/** The rows as an aligned plain-text table (crawler, verdict, line, rule). */
	readonly table: string;
}

export interface AgentsParams {
	readonly uri: string;
}

export interface AgentList {
	/** Distinct User-agent values of the file in file order, `*` excluded. */
	readonly fromFile: readonly string[];
	/** The target crawlers of the settings, in order. */
	readonly targets: readonly string[];
	/** Every crawler of the catalogue. */
	readonly known: readonly { readonly token: string; readonly owner: string; readonly category: string; readonly description: string }[];
}
