/**
 * Every contract between the client, the language server and the core, in one place: the custom requests (method names
 * and wire shapes), the language ids, the diagnostics' source, the settings section, the command ids that lenses and
 * code actions name, the scheme of deployed documents, the files the server asks the client for and watches, and the
 * test bench's packed cell format with its one decoder. The core computes the results, the server registers the
 * handlers, the client sends the requests and registers the commands, the tests check both sides. Plain data and
 * pure functions only: this is the one module the client and the bench's webview may import from server/, and the
 * only file of server/src and client/ where these strings are written (test/unit/tidy.test.ts).
 */

/** The language id of robots.txt files: package.json's `contributes.languages`, the client's selector, the server's documents. */
export const robotsLanguageId = 'robots-txt';
/** The language id of expectations files (regression tests for a robots.txt), served by the same server. */
export const expectationsLanguageId = 'robots-txt-expectations';
/** The language id of HTML documents (VS Code's, and the LSP specification's list): pages the server asks for. */
export const htmlLanguageId = 'html';
/** The name of the headers file Netlify and Cloudflare Pages read from a site's root folder: pages too. */
export const headersFileName = '_headers';

/**
 * The `source` of every diagnostic we report (robots.txt files, expectations files, pages, deployed documents; the
 * command line's JSON too), and the identifier of the server's pull diagnostics.
 */
export const diagnosticSource = 'robots-txt';

/** The folder the command line keeps fetched data in, below the user's cache folder (`$XDG_CACHE_HOME/robots-txt`). */
export const cacheFolderName = 'robots-txt';

/** The settings section (`robotsTxt.*`): what the client synchronises and the server reads; also the language client's id. */
export const settingsSection = 'robotsTxt';

/** Test URL: `(uri?, agent?, url?, parser?)`. */
export const testUrlCommand = 'robotsTxt.testUrl';
/** Test URL for every target crawler: `(uri?, url?)`. */
export const testUrlAllCommand = 'robotsTxt.testUrlAll';
/** Opens the test bench: `(uri?, urls?, crawlers?)`. */
export const openTestBenchCommand = 'robotsTxt.openTestBench';
/** Opens the test bench comparing with a baseline: `(uri?, mode?)`. */
export const compareWithCommand = 'robotsTxt.compareWith';
/** Fetches a site's robots.txt into a deployed document: `(site?)`. */
export const openDeployedCommand = 'robotsTxt.openDeployed';
/** Compares an open robots.txt with the deployed one: `(uri?, site?, urls?)`. */
export const compareWithDeployedCommand = 'robotsTxt.compareWithDeployed';
/** Loads an access log into the test bench: `(uri?, logUri?)`; without `logUri`, a file dialog asks for one. */
export const loadAccessLogCommand = 'robotsTxt.loadAccessLog';
/** Restarts the language server. */
export const restartServerCommand = 'robotsTxt.restartServer';
/** Selects a line (and shows its hover): `(uri, line, showHover?)`; the lenses' and expectations' target. */
export const revealLineCommand = 'robotsTxt.revealLine';
/** Shows a text (a deployed file's report) in the output: `(text)`. */
export const showDetailsCommand = 'robotsTxt.showDetails';
/**
 * A new robots.txt from a template: `(folder?)`; from the palette, an untitled document; with a folder's uri (the
 * Explorer's context menu), robots.txt and robots.expectations written into it.
 */
export const newFromTemplateCommand = 'robotsTxt.newFromTemplate';

/** Every command the client registers; package.json contributes each (a tidy test ties them). */
export const commandIds = [
	testUrlCommand,
	testUrlAllCommand,
	openTestBenchCommand,
	compareWithCommand,
	openDeployedCommand,
	compareWithDeployedCommand,
	loadAccessLogCommand,
	restartServerCommand,
	revealLineCommand,
	showDetailsCommand,
	newFromTemplateCommand,
] as const;

/**
 * The files the server reads from disk and must hear about when they change (it registers a watcher for them when the
 * client can register one dynamically): robots.txt files (expectations files and pages are checked against them),
 * expectations files (a robots.txt shows where they fail), pages (a robots.txt shows the pages it hides rules from), and
 * sitemaps, plain or gzip (a robots.txt shows the listed URLs it disallows).
 */
export const watchedFileGlobs = ['**/robots.txt', '**/*robots.expectations', '**/*.{html,htm}', `**/${headersFileName}`, '**/*.{xml,gz}'] as const;

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

/** What the preference lines (Content-Usage, Content-Signal, License) say for one URL and crawler, beside the verdict. */
export interface PreferencesView {
	/** In sentences: the Content-Usage categories and the Content-Signal, each with its line, and the licences; empty when no line speaks for the URL. */
	readonly text: string;
	/** The short form for a table or a picker: `train-ai=n · ai-train=no`, or `—`. */
	readonly cell: string;
	/** The Content-Usage categories stated `y` or `n` and the applying line (0-based), or null when none applies. */
	readonly contentUsage: { readonly preferences: Readonly<Record<string, 'y' | 'n'>>; readonly line: number } | null;
	/** The Content-Signal keys with the values the policy defines and the line (0-based), or null. */
	readonly contentSignal: { readonly signals: Readonly<Record<string, string>>; readonly line: number } | null;
	/** The licences' absolute URLs. */
	readonly licenses: readonly string[];
	/** The lines that state the preference (0-based, in order): a client shows them as it shows the deciding line. */
	readonly lines: readonly number[];
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
	/** What the preference lines say for the URL, as this crawler reads the file (the headline says it too). */
	readonly preferences: PreferencesView;
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
	/** The verdict word and the deciding line, for a picker: "DISALLOWED · line 5", or the word alone. */
	readonly verdictText: string;
	readonly explanation: string;
	/** What the preference lines say for the URL, as this crawler reads the file. */
	readonly preferences: PreferencesView;
}

export interface TestUrlAllResult {
	readonly url: string;
	readonly rows: readonly CrawlerVerdictRow[];
	/** One line: how many of the crawlers may fetch the URL. */
	readonly summary: string;
	/** The rows as an aligned plain-text table (crawler, verdict, line, rule, and the preferences when a row has any). */
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
/** The code action kind of "Simplify robots.txt". */
export const simplifyKind = 'source.robotsTxt.simplify';

export interface BenchParams {
	/** The open robots.txt. */
	readonly uri: string;
	/** The rows: URLs or paths as given; each that is not a URL gets its row's message. */
	readonly urls: readonly string[];
	/** The columns: crawler product tokens. */
	readonly crawlers: readonly string[];
	/** With a baseline: add rows for URLs probed from both versions' rules whose verdict changed. */
	readonly probe?: boolean;
	/** Add what the preference lines say per cell (`BenchResult.preferences`). */
	readonly preferences?: boolean;
	/** Add the AI policy view (`BenchResult.aiPolicy`): asked while its section is open. */
	readonly aiPolicy?: boolean;
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
 * the rest the deciding line + 1 (0: no rule decided). -1 for a row that cannot be tested. `packBenchCell` writes it
 * and `unpackBenchCell` reads it, for the core and the bench's webview alike.
 */
export type BenchCell = number;

/** A bench cell read back. */
export interface BenchCellParts {
	readonly allow: boolean;
	/** The reason's index into `BenchResult.reasons` (0: a rule decided). */
	readonly reason: number;
	/** The deciding line (0-based), or -1 when no rule decided. */
	readonly line: number;
}

/** A decision as a bench cell: `reason` below 8, `line` from -1 to 2^27 - 2. */
export function packBenchCell(allow: boolean, reason: number, line: number): BenchCell {
	return ((line + 1) << 4) | (reason << 1) | (allow ? 1 : 0);
}

/** A bench cell's parts (of a cell that is not -1). */
export function unpackBenchCell(cell: BenchCell): BenchCellParts {
	return { allow: benchCellAllows(cell), reason: (cell >> 1) & 7, line: benchCellLine(cell) };
}

/** The verdict of a bench cell: true for allow. */
export function benchCellAllows(cell: BenchCell): boolean {
	return (cell & 1) === 1;
}

/** The deciding line of a bench cell (0-based), or -1 when no rule decided. */
export function benchCellLine(cell: BenchCell): number {
	return (cell >> 4) - 1;
}

/** Whether a cell's verdict differs from the baseline's cell for the same URL and crawler (both tested). */
export function benchVerdictChanged(now: BenchCell, then: BenchCell): boolean {
	return now >= 0 && then >= 0 && benchCellAllows(now) !== benchCellAllows(then);
}

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

/** What a crawler of the AI policy view is for: training, search and answers, fetches a person asks for, ads. */
export type AiPolicyUse = 'training' | 'search' | 'user' | 'ads';

/**
 * What the preference lines say for one crawler and URL (lines 0-based), each also as a short text to show
 * (`Content-Usage: train-ai=n`, empty when the line states no key the view knows); null where none applies.
 */
export interface AiPolicyPreferences {
	readonly contentUsage: { readonly preferences: Readonly<Record<string, string>>; readonly line: number; readonly text: string } | null;
	readonly contentSignal: { readonly signals: Readonly<Record<string, string>>; readonly line: number; readonly text: string } | null;
}

/** One crawler's answer for one URL: may it fetch, the deciding line (0-based, -1 when no rule decided), the preferences. */
export interface AiPolicyAnswer {
	readonly allow: boolean;
	readonly line: number;
	readonly preferences: AiPolicyPreferences;
}

export interface AiPolicyCrawler {
	readonly token: string;
	readonly use: AiPolicyUse;
	/** False for a crawler documented (or assumed: `source` null) not to follow robots.txt. */
	readonly followsRobotsTxt: boolean;
	/** The source of that fact, or null when it is our assumption. */
	readonly source: string | null;
	/** A token that decides a use of what another crawler fetched, and fetches nothing itself. */
	readonly controlToken: boolean;
	/** One per URL of the view, in order. */
	readonly answers: readonly AiPolicyAnswer[];
}

/** One use of a company's crawlers, with its name for people. */
export interface AiPolicyUseGroup {
	readonly use: AiPolicyUse;
	readonly label: string;
	readonly crawlers: readonly AiPolicyCrawler[];
}

/** Something about a company that robots.txt cannot control, with its source (null: our assumption). */
export interface AiPolicyFact {
	readonly text: string;
	readonly source: string | null;
}

/** Where the crawl rules and the preference lines disagree, with the lines involved (0-based). */
export interface AiPolicyContradiction {
	readonly kind: 'allowed-preference-no' | 'blocked-preference-yes' | 'search-blocked-training-allowed' | 'preferences-disagree';
	readonly text: string;
	readonly crawlers: readonly string[];
	readonly urls: readonly string[];
	readonly lines: readonly number[];
}

/** One AI company's table. */
export interface AiPolicyCompany {
	readonly owner: string;
	readonly uses: readonly AiPolicyUseGroup[];
	readonly uncontrolled: readonly AiPolicyFact[];
	readonly contradictions: readonly AiPolicyContradiction[];
}

/** The AI policy view of a file: one table per AI company, for `/` and the site's key URLs. */
export interface AiPolicy {
	readonly urls: readonly string[];
	/** The License lines' URLs: global, the same for every crawler. */
	readonly licenses: readonly string[];
	readonly companies: readonly AiPolicyCompany[];
	/** The text (trimmed) of each line the view names, by 0-based line number. */
	readonly lines: Readonly<Record<string, string>>;
	/** URLs left out and other things people should know. */
	readonly notes: readonly string[];
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

/**
 * One question of the preference columns for a URL and crawler (may train, may use in answers, may index):
 * `yes`/`no` as the lines state it, `disagree` where Content-Usage and Content-Signal differ, `not-stated`, or
 * `not-applicable` where the crawler may not fetch the URL.
 */
export interface BenchPreference {
	readonly state: 'yes' | 'no' | 'disagree' | 'not-stated' | 'not-applicable';
	/** The state in words, for the cell. */
	readonly word: string;
	/** For the tooltip: the question's answer in a sentence, and each deciding line with its text. */
	readonly detail: string;
	/** The deciding lines (0-based), in file order; a click selects the first. */
	readonly lines: readonly number[];
}

/** The preference columns: each cell's answers to the questions, shared among the cells that answer alike. */
export interface BenchPreferences {
	/** The questions' names for people, in column order: may train, may use in answers, may index. */
	readonly questions: readonly string[];
	/** The distinct answers, each one `BenchPreference` per question. */
	readonly answers: readonly (readonly BenchPreference[])[];
	/** Row-major like `BenchResult.cells`: an index into `answers`, or -1 for a row that cannot be tested. */
	readonly cells: readonly number[];
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
	/** The words for a cell's verdict bit, in the person's language: disallowed (0), then allowed (1). */
	readonly verdicts: readonly string[];
	/** The text (trimmed) of each line the cells name, by 0-based line number. */
	readonly lines: Readonly<Record<string, string>>;
	readonly audit: readonly BenchAuditCategory[];
	/** With `BenchParams.aiPolicy`: the AI policy view for `/` and the first testable rows. */
	readonly aiPolicy?: AiPolicy;
	/** With `BenchParams.preferences`: what the preference lines say per cell. */
	readonly preferences?: BenchPreferences;
	readonly baseline?: BenchBaselineResult;
	/** Rows left out, duplicates dropped and other things people should know. */
	readonly notes: readonly string[];
}

export interface BenchExportParams extends BenchParams {
	readonly format: 'csv' | 'markdown';
}

export interface BenchExportResult {
	readonly text: string;
	/** When the text stops before the last row (it holds at most 32 MB): how many rows it holds, for people. */
	readonly note?: string;
}

/** `robotsTxt/accessLogLoad`: an access log read into hits per URL per crawler, kept for the document's test bench. */
export const accessLogLoadMethod = 'robotsTxt/accessLogLoad';
/** `robotsTxt/accessLogImpact`: what the document, against the bench's baseline, changes for the log's fetches. */
export const accessLogImpactMethod = 'robotsTxt/accessLogImpact';
/** `robotsTxt/accessLogClear`: the document's access log forgotten. */
export const accessLogClearMethod = 'robotsTxt/accessLogClear';
/** The most rows an access log gives the bench: its most fetched URLs (a note says how many more there are). */
export const accessLogMaxRows = 10_000;

export interface AccessLogLoadParams {
	/** The open robots.txt whose bench the log is for. */
	readonly uri: string;
	/** The log's uri: the server reads a `file:` one itself, streaming (gzip told by its first bytes). */
	readonly log: string;
	/** The log's text, read by the client, when the server cannot read `log` (a virtual workspace, a web worker). */
	readonly text?: string;
	/** LSP work-done progress: the server reports bytes read of the file's size, and the lines, while it reads. */
	readonly workDoneToken?: string | number;
}

/** One crawler seen in an access log. */
export interface AccessLogCrawler {
	readonly token: string;
	/** Its requests in the log. */
	readonly requests: number;
	/** Of them, those whose URL was dropped to bound memory: they are in no row. */
	readonly notKept: number;
}

/** One URL of an access log with its hits, per crawler in the order of `AccessLogTable.crawlers`. */
export interface AccessLogRow {
	readonly url: string;
	readonly total: number;
	readonly counts: readonly number[];
}

/** What an access log held, in figures: each request is in exactly one of `crawlerRequests`, `browsers`, `unknownBots` and `other`. */
export interface AccessLogTotals {
	/** Lines read, requests or not (W3C directives and unparsed lines too). */
	readonly lines: number;
	readonly requests: number;
	readonly unparsed: number;
	/** Requests attributed to a catalogue crawler. */
	readonly crawlerRequests: number;
	readonly browsers: number;
	readonly unknownBots: number;
	/** Requests with no User-Agent header, or one that is neither a browser's nor a bot's. */
	readonly other: number;
	/** Crawler requests whose URL was dropped to bound memory, and how many URLs were dropped (one URL may be dropped twice). */
	readonly fetchesNotKept: number;
	readonly urlsDropped: number;
}

/** The most fetched URLs of a log, with the crawlers seen (most requests first) and the totals. */
export interface AccessLogTable {
	readonly crawlers: readonly AccessLogCrawler[];
	readonly rows: readonly AccessLogRow[];
	/** URLs kept but not in `rows` (past the limit). */
	readonly rowsLeftOut: number;
	readonly totals: AccessLogTotals;
}

/** A log read, with its name for people and what the table covers in sentences; or why it could not be read. */
export type AccessLogResult = (AccessLogTable & { readonly name: string; readonly notes: readonly string[] }) | { readonly unreadable: string };

export interface AccessLogImpactParams {
	readonly uri: string;
}

/** What an edit changes for one crawler's fetches in a log. */
export interface AccessLogImpact {
	readonly token: string;
	/** All its requests in the log. */
	readonly requests: number;
	/** URLs it may fetch before the edit and not after, and how often it fetched them. */
	readonly closedUrls: number;
	readonly closedFetches: number;
	/** URLs it may not fetch before the edit and may after, and how often it fetched them. */
	readonly openedUrls: number;
	readonly openedFetches: number;
}

export interface AccessLogImpactResult {
	/** The document version the answer is for. */
	readonly version: number | null;
	/** What the edit is measured against ("git HEAD"), or null when no baseline is set or no log is loaded. */
	readonly baseline: string | null;
	/** The crawlers for which something changes, most changed fetches first. */
	readonly crawlers: readonly AccessLogImpact[];
	/** The impact in sentences ("This edit closes 3,412 URLs that Googlebot fetched 18,000 times in this log."). */
	readonly sentences: readonly string[];
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

/** The URI scheme of deployed robots.txt documents: read-only, their text is what a site serves. */
export const deployedScheme = 'robots-txt-deployed';

/** `robotsTxt/deployedTarget`: where a site's robots.txt is, and how to fetch it. */
export const deployedTargetMethod = 'robotsTxt/deployedTarget';
/** `robotsTxt/deployedOpen`: the client fetched it; the server analyses the response and gives the document's text. */
export const deployedOpenMethod = 'robotsTxt/deployedOpen';
/** `robotsTxt/deployedCompare`: the verdicts that differ between an open local file and a fetched one. */
export const deployedCompareMethod = 'robotsTxt/deployedCompare';
/**
 * `robotsTxt/fetchUrlSet`, from the server to the client: fetch a sitemap a deployed robots.txt names, as the client
 * fetched the robots.txt (its fetcher, with these limits); the answer is the fetch, or why the client cannot fetch.
 */
export const fetchUrlSetMethod = 'robotsTxt/fetchUrlSet';

export interface FetchUrlSetParams {
	readonly url: string;
	readonly userAgent: string;
	readonly maxRedirects: number;
	readonly maxBytes: number;
	readonly timeoutMs: number;
}

export type FetchUrlSetResult = WireOutcome | { readonly unavailable: string };

export interface DeployedTargetParams {
	/** What the person typed: a host, a URL of the site or its robots.txt URL. */
	readonly site: string;
	/** The client's version, for the User-Agent. */
	readonly version: string;
}

export type DeployedTarget =
	| {
			readonly robotsUrl: string;
			/** The document to open for it (scheme `deployedScheme`). */
			readonly uri: string;
			readonly userAgent: string;
			readonly maxRedirects: number;
			readonly maxBytes: number;
			readonly timeoutMs: number;
	  }
	| { readonly error: string };

/** One HTTP response on the wire: the core's `HttpResponse` with the body in base64. */
export interface WireResponse {
	readonly url: string;
	readonly status: number;
	readonly statusText?: string;
	readonly headers: readonly (readonly [string, string])[];
	readonly body?: string;
	readonly truncated?: boolean;
	readonly decoded?: readonly string[];
	readonly undecodable?: string;
	readonly wireBytes?: number;
	readonly receivedAt?: number;
}

/** A fetch on the wire: the core's `FetchOutcome` with bodies in base64. */
export interface WireOutcome {
	readonly url: string;
	readonly responses: readonly WireResponse[];
	readonly error?:
		| {
				readonly kind: 'network';
				readonly code: 'dns' | 'refused' | 'reset' | 'timeout' | 'tls' | 'protocol' | 'other';
				readonly message: string;
				readonly afterHeaders?: boolean;
		  }
		| { readonly kind: 'redirect-loop'; readonly location: string }
		| { readonly kind: 'redirect-limit'; readonly limit: number }
		| { readonly kind: 'redirect-invalid'; readonly location: string };
}

export interface DeployedOpenParams {
	readonly uri: string;
	readonly outcome: WireOutcome;
}

export interface DeployedOpenResult {
	readonly uri: string;
	/** The document's text: what the site serves (a 2xx body), else empty. */
	readonly text: string;
	/** One line: status, redirects, size. */
	readonly headline: string;
	/** What the target crawlers conclude, one sentence each, for a notification. */
	readonly summary: string;
	/** The full report: facts, notes and every target crawler's conclusion with its sources. */
	readonly report: string;
}

export interface DeployedCompareParams {
	/** The open local robots.txt. */
	readonly uri: string;
	readonly outcome: WireOutcome;
	/** URLs or paths to compare; absent: probe paths from both files' rules. */
	readonly urls?: readonly string[];
	/** The crawlers to compare (the test bench's columns); absent: the target crawlers. */
	readonly crawlers?: readonly string[];
	/** With `urls`: add the probe paths of both files' rules, as the test bench does when it compares. */
	readonly probe?: boolean;
}

/** One verdict that differs between the local file and the deployed one. */
export interface DeployedCompareRow {
	readonly crawler: string;
	readonly url: string;
	readonly local: 'allow' | 'disallow';
	/** The deciding line of the local file (0-based), or null. */
	readonly localLine: number | null;
	readonly deployed: 'allow' | 'disallow' | 'unknown';
	readonly deployedLine: number | null;
	/** Why the deployed verdict is what it is, when the crawler does not read the deployed rules. */
	readonly deployedBecause?: string;
}

export interface DeployedCompareResult {
	readonly summary: string;
	readonly table: string;
	readonly rows: readonly DeployedCompareRow[];
	/** Every URL compared: those given, then the probe paths. */
	readonly urls: readonly string[];
	/** What was left out past the test bench's limits. */
	readonly notes: readonly string[];
	/** The deployed file's report (facts and conclusions). */
	readonly report: string;
	/**
	 * What the test bench compares with to show the same differences cell by cell: the deployed text when every target
	 * crawler reads the rules in the body, or an empty text when every one allows everything (a 4xx); absent when
	 * crawlers conclude otherwise (a 5xx or an unreachable site: no text says "disallow everything" to every crawler).
	 */
	readonly baseline?: { readonly text: string; readonly label: string };
	/**
	 * When the deployed file is the local one plus the managed blocks a platform adds (and `summary` starts by saying
	 * so): that sentence, then what the blocks change, one sentence per crawler.
	 */
	readonly managed?: readonly string[];
}

/**
 * `robotsTxt/looksLikeRobotsTxt`: whether the start of a plain-text file reads as a robots.txt, so that the client can
 * offer (once per file) to switch its language. The server answers from the core's `looksLikeRobotsTxt`.
 */
export const looksLikeRobotsTxtMethod = 'robotsTxt/looksLikeRobotsTxt';

/** The most characters of a file worth sending with `robotsTxt/looksLikeRobotsTxt`: the server reads no more. */
export const looksLikeRobotsTxtMaxChars = 64 * 1024;

export interface LooksLikeRobotsTxtParams {
	/** The file's text, or its first `looksLikeRobotsTxtMaxChars` characters. */
	readonly text: string;
}

export interface LooksLikeRobotsTxtResult {
	readonly looksLike: boolean;
	/** Why, in one sentence with the counts it decided on, to show with the offer. */
	readonly reason: string;
}

/** What a client may put in `initialize`'s `initializationOptions`. */
export interface InitializationOptions {
	/**
	 * The l10n bundle of the editor's language (VS Code's `l10n.bundle`, the same l10n/ file the server would read):
	 * the browser server has no file to read it from, and the .vsix ships each bundle once. The Node server ignores it.
	 */
	readonly l10nBundle?: Readonly<Record<string, string>>;
}

/** `robotsTxt/templates`: the starting templates, in the order a picker lists them; its params are an empty object. */
export const templatesMethod = 'robotsTxt/templates';

export type TemplatesParams = Readonly<Record<string, never>>;

/** A template as a picker shows it, in the user's language. */
export interface TemplateItem {
	/** Its name, as `robots-txt init --preset` takes it. */
	readonly name: string;
	readonly title: string;
	readonly description: string;
}

export interface TemplatesResult {
	readonly templates: readonly TemplateItem[];
}

/** `robotsTxt/template`: a template's files, the robots.txt and its expectations, for a site. */
export const templateMethod = 'robotsTxt/template';

export interface TemplateParams {
	/** A `TemplateItem.name`. */
	readonly name: string;
	/** The site's address for the Sitemap line (`example.com`, `https://example.com/`); absent or empty: none. */
	readonly site?: string;
}

/** The two files' texts, or why the name or the site gives none, in one sentence. */
export type TemplateResult = { readonly robots: string; readonly expectations: string } | { readonly error: string };

/** The file names a template is written as in a folder. */
export const templateFileNames = { robots: 'robots.txt', expectations: 'robots.expectations' } as const;
