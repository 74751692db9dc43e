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
	/** The categories the test bench offers as one-click column sets, with their names for people. */
	readonly categories: readonly { readonly category: string; readonly label: string }[];
}

/** `robotsTxt/bench`: many URLs for many crawlers, for the test bench. */
export const benchMethod = 'robotsTxt/bench';
/** `robotsTxt/benchBaseline`: the version of a file the test bench compares with (saved, git HEAD, another file). */
export const benchBaselineMethod = 'robotsTxt/benchBaseline';
/** `robotsTxt/parseUrls`: URLs from pasted text, a text file or a sitemap.xml. */
export const parseUrlsMethod = 'robotsTxt/parseUrls';
/** `robotsTxt/benchExport`: the bench as CSV or Markdown. */
export const benchExportMethod = 'robotsTxt/benchExport';
/** The code action kinds of "Block AI training crawlers" and "Allow AI training crawlers". */
export const blockAiTrainingKind = 'source.robotsTxt.blockAiTraining';
export const allowAiTrainingKind = 'source.robotsTxt.allowAiTraining';

export interface BenchParams {
	/** The open robots.txt. */
	readonly uri: string;
	/** The rows: URLs or paths as given; each that is not a URL gets its row's message. */
	readonly urls: readonly string[];
	/** The columns: crawler product tokens. */
	readonly crawlers: readonly string[];
	/** With a baseline: add rows for URLs probed from both versions' rules whose verdict changed. */
	readonly probe?: boolean;
}

/** One column: a crawler and how it reads the file. */
export interface BenchColumn {
	readonly crawler: CrawlerSummary;
	/** Whose groups it follows, in a sentence ("it follows its own group at line 3"). */
	readonly follows: string;
	/** The parser assumed for an unknown token, or chosen instead of its own; else absent. */
	readonly note?: string;
	/** The User-agent line of the first group it follows (0-based), to select when no rule decides; else null. */
	readonly groupLine: number | null;
}

export interface BenchRow {
	readonly url: string;
	/** Why the row cannot be tested (not a URL); its cells are -1. */
	readonly problem?: string;
	/** Added because its verdict changed against the baseline, from both versions' rules. */
	readonly probe?: boolean;
}

/**
 * A decision packed into one number: bit 0 the verdict (1 allow), bits 1-3 the reason (an index into `reasons`),
 * the rest the deciding line + 1 (0: no rule decided). -1 for a row that cannot be tested.
 */
export type BenchCell = number;

/** One category of the AI crawler audit. */
export interface BenchAuditCategory {
	readonly category: string;
	readonly label: string;
	/** Crawlers of the catalogue in this category that may fetch `/`, and those that may not. */
	readonly allowed: readonly string[];
	readonly blocked: readonly string[];
	/** Of the allowed, those that do not follow robots.txt. */
	readonly ignoring: readonly string[];
	/** Per row: how many of the category's crawlers may fetch it (-1 for a row that cannot be tested). */
	readonly allowedPerUrl: readonly number[];
}

/** The comparison with a baseline version. */
export interface BenchBaselineResult {
	/** What the baseline is, for people ("saved version", "git HEAD", a file name). */
	readonly label: string;
	/** The baseline's cells, the same shape as `cells`. */
	readonly cells: readonly BenchCell[];
	/** The baseline's text of each line its cells name. */
	readonly lines: Readonly<Record<string, string>>;
	/** How many cells changed verdict. */
	readonly changed: number;
	/** For each column whose reading changed: a sentence or two saying how. */
	readonly readingChanges: readonly { readonly crawler: string; readonly summary: string }[];
	/** Probe rows added (with `probe`), and how many URLs were probed to find them. */
	readonly probesAdded: number;
	readonly probesTried: number;
}

export interface BenchResult {
	readonly uri: string;
	/** The document version the answer is for (the client drops answers for older versions). */
	readonly version: number | null;
	readonly columns: readonly BenchColumn[];
	readonly rows: readonly BenchRow[];
	/** Row-major, `rows.length × columns.length`. */
	readonly cells: readonly BenchCell[];
	/** The words for each reason code: '' for a deciding rule, "no rule matches", "no group applies", … */
	readonly reasons: readonly string[];
	/** The text (trimmed) of each line the cells name, by 0-based line number. */
	readonly lines: Readonly<Record<string, string>>;
	readonly audit: readonly BenchAuditCategory[];
	readonly baseline?: BenchBaselineResult;
	/** Rows left out, duplicates dropped and other things people should know. */
	readonly notes: readonly string[];
}

export interface BenchExportParams extends BenchParams {
	readonly format: 'csv' | 'markdown';
}

export interface BenchExportResult {
	readonly text: string;
}

export interface BenchBaselineParams {
	readonly uri: string;
	/** The baseline's text, or null to stop comparing. */
	readonly text: string | null;
	readonly label: string;
}

export interface ParseUrlsParams {
	/** Pasted text, a text file's content or a sitemap.xml. */
	readonly text: string;
}

export interface ParseUrlsResult {
	readonly kind: 'list' | 'sitemap' | 'sitemap-index';
	readonly urls: readonly string[];
	/** For a sitemap index: the sitemaps it lists. */
	readonly sitemaps: readonly string[];
	readonly notes: readonly string[];
}
