/**
 * The public API of the pure core: robots.txt text in; syntax tree, groups and verdicts out.
 * No IO, no timers, no transport: everything here is a function of its arguments.
 * One block per concern, in the order of the core's layers (ARCHITECTURE.md), lowest first: a name is looked up by
 * what it is about, and each block says where its files are.
 */

/** The contracts between the client, the server and the core: request types, ids, the bench's packed cell (protocol.ts). */
export * as protocol from './protocol';
export { expectationsLanguageId, revealLineCommand } from './protocol';
export type {
	AgentList,
	AiPolicy,
	AiPolicyAnswer,
	AiPolicyCompany,
	AiPolicyContradiction,
	AiPolicyCrawler,
	AiPolicyFact,
	AiPolicyPreferences,
	AiPolicyUse,
	AiPolicyUseGroup,
	BenchAuditCategory,
	BenchBaselineParams,
	BenchBaselineResult,
	BenchCell,
	BenchColumn,
	BenchExportParams,
	BenchExportResult,
	BenchParams,
	BenchPreference,
	BenchPreferences,
	BenchResult,
	BenchRow,
	CrawlerSummary,
	CrawlerVerdictRow,
	OtherReading,
	ParserName,
	ParseUrlsParams,
	ParseUrlsResult,
	PreferencesView,
	TestUrlAllResult,
	TestUrlResult,
} from './protocol';

/** The five dialects a file is read in, and the verdict's words for people and for tools (dialect.ts, verdict.ts). */
export { allDialects, dialectName, dialectNames, isDialect, type Dialect } from './dialect';
export type { VerdictReader, VerdictToken } from './verdict';

/** Facts, each with its source: the directives, the crawler catalogue and the crawlers' fetch policies (facts/). */
export { directiveFacts, type DirectiveId } from './facts/directives';
export { directiveDocs } from './facts/directiveDocs';
export {
	crawlerCategories,
	crawlerFactNames,
	findCrawler,
	knownCrawlers,
	type CrawlerCategory,
	type CrawlerFact,
	type CrawlerFacts,
	type CrawlerHonours,
	type SizeLimit,
} from './facts/crawlers';
export {
	fetchPolicies,
	fetchPolicyIds,
	statusRule,
	type CacheRule,
	type FetchOutcomeKind,
	type FetchPolicy,
	type FetchPolicyId,
	type Sourced,
	type StatusRule,
} from './facts/fetching';

/** The settings every analysis takes (options.ts). */
export { analysisDialects, defaultAnalysisOptions, defaultCrawlers, defaultDialects, severityNames, type AnalysisOptions, type SeverityName } from './options';

/** Syntax: text to a lossless model and back, bytes as crawlers decode them, and edits applied line by line (syntax/). */
export type { LineKind, LineNode } from './syntax/ast';
export { parse, print } from './syntax/text';
export { RobotsModel, lineRole, type Group, type Grouping, type LineRole } from './syntax/parser';
export { decodeRobotsBytes, encodeRobotsText } from './syntax/bytes';
export { RobotsDocument, applyEdit, applyRangeEdit, lineRange } from './syntax/document';

/** Matching: each dialect's groups for a user agent and its verdict for a URL (matching/). */
export {
	compileMatcher,
	evaluate,
	type AppliedGroup,
	type DecidingRule,
	type EvaluateOptions,
	type Evaluation,
	type Matcher,
	type MatcherOptions,
	type Reason,
	type Verdict,
} from './matching/evaluate';
export { selectGroups, type GroupSelection, type SelectionKind } from './matching/agents';

/** Crawlers: how each crawler reads the file and what it decides, the fast decide path, and the words for both (crawlers/). */
export { crawlerProfile, crawlerProfiles, type CrawlerProfile } from './crawlers/profile';
export {
	compileCrawlerDecider,
	compileCrawlerMatcher,
	crawlerReasons,
	decideRoot,
	decideTable,
	evaluateAs,
	isAllowedDecision,
	packDecision,
	readAs,
	rulesAs,
	unpackDecision,
	type CrawlerEvaluation,
	type CrawlerMatcher,
	type CrawlerReading,
	type CrawlerReason,
	type FollowKind,
	type PackedDecision,
	type ReadExtent,
} from './crawlers/reading';
export { describeReading, explainEvaluation, listNames, reasonWords, verdictSentence, verdictWord } from './crawlers/explain';

/**
 * Preferences beside the crawl verdict: Content-Usage, Content-Signal and License lines read with positions, where
 * they bind, and what they say for one URL and crawler (preferences/).
 */
export {
	bindPreferences,
	crawlerPreferences,
	preferenceLines,
	preferencesAs,
	preferencesOf,
	type ContentSignalAnswer,
	type ContentUsageAnswer,
	type GroupPreferences,
	type PreferenceAnswer,
	type PreferenceBinding,
} from './preferences/answer';
export type {
	ContentSignalLine,
	ContentUsageLine,
	LicenseLine,
	LineSpan,
	PreferenceLine,
	PreferenceProblem,
	PreferenceProblemKind,
	SignalEntry,
	UsagePreference,
} from './preferences/lines';
export { describePreferences } from './preferences/explain';
export { parseSfDictionary, type SfBareItem, type SfDictionary, type SfFailure, type SfMember, type SfValue } from './preferences/structuredFields';
export { contentUsageLabels, droppedContentUsageLabels, type ContentUsageLabel } from './preferences/vocabulary';
export { answerQuestions, preferenceQuestions, type PreferenceQuestion, type QuestionAnswer, type QuestionState } from './preferences/questions';

/** Many URLs at once: URL lists and sitemaps, two versions compared, who may fetch `/` (bench/). */
export { checkUrl, describeUrlProblem, parseSitemap, parseUrlList, quoteInput, UrlListChecker } from './bench/urls';
export { defaultDiffCrawlers, describeChange, diffRobots, probeUrls, verdictFlips, type DecisionSide, type RobotsDiff } from './bench/diff';
export { addedManagedBlocks, managedDifference } from './bench/managed';
export { auditByCategory, auditCategories } from './bench/audit';
export { aiPolicy } from './bench/aiPolicy';

/** Fetching, without IO: a fetch's responses, their caching, what each crawler concludes, its words, the wire form (fetch/). */
export {
	bodyKind,
	header as responseHeader,
	originOf,
	parseContentType,
	type BodyKind,
	type FetchError,
	type FetchOutcome,
	type HttpResponse,
	type NetworkErrorKind,
	type Redirect,
} from './fetch/response';
export { cacheLifetime, httpDate, type CacheLifetime } from './fetch/cache';
export {
	concludeFetch,
	concludeFetchAll,
	evaluateFetched,
	type ConclusionKind,
	type Decoding,
	type FetchConclusion,
	type FetchedVerdict,
} from './fetch/conclude';
export {
	basisNote,
	conclusionLabel,
	describeConclusion,
	describeResponse,
	eventConsequence,
	formatDuration,
	policyAssumed,
	responseHeadline,
	summariseConclusions,
	type ResponseFacts,
} from './fetch/explain';
export { defaultFetchLimits, fetchUserAgent, robotsTarget, type FetchLimits, type RobotsTarget } from './fetch/site';
export { compareHosts, hostVariants, type HostComparison, type HostFetch, type HostRow } from './fetch/hosts';
export { decodeBase64, encodeBase64 } from './base64';
export { deployedTarget, outcomeFromWire, outcomeToWire } from './fetch/wire';

/** The one-object API over a file and its fetch (robotRules.ts). */
export { RobotRules, type RobotRulesOptions, type SimpleResponse } from './robotRules';

/** Diagnostics: the catalogue of codes, the analysis (fresh or by a session) and its fixes (diagnostics/). */
export {
	computeCodeActions,
	computeDiagnostics,
	createDiagnosticsSession,
	diagnosticSource,
	fixAllData,
	resolveCodeAction,
	type DiagnosticData,
	type DiagnosticFix,
	type DiagnosticsSession,
} from './diagnostics/index';
export { diagnosticCatalogue, diagnosticFacts, lspSeverity, sarifLevel, severityName, type DiagnosticCode, type DiagnosticFacts } from './diagnostics/codes';
export { foreignContentMessage } from './diagnostics/checks/file';

/** Expectations files: their format, their check against a robots.txt, and their editor features (expectations/). */
export {
	defaultRobotsFileName,
	fieldAt,
	isExpectationsFileName,
	parseExpectations,
	type Expectation,
	type ExpectationProblem,
	type ExpectationsFile,
	type Span,
} from './expectations/format';
export {
	checkExpectations,
	failureMessage,
	passMessage,
	failingLineOf,
	robotsLineOf,
	summaryText,
	uncheckedExpectations,
	type CheckedExpectations,
	type ExpectationResult,
} from './expectations/check';
export {
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	countExpectationDiagnostics,
	type ExpectationsSource,
} from './expectations/features';

/**
 * Robots meta tags and X-Robots-Tag headers: the directive catalogue, parsers for directive values, HTML pages and
 * `_headers` files, the per-crawler meaning of a page's rules, `findNoindex*` for the cross-file check, and the
 * diagnostics, hovers and completions for HTML and `_headers` files. See meta/index.ts.
 */
export * from './meta/index';

/**
 * A site as an input: a folder's files by relative path and the site-root setting in; what kind each file is, which
 * robots.txt serves a page and at which URL path, the files of a site, the robots.txt an expectations file tests, what
 * a change reaches, and the findings across files out. See site/layout.ts and site/findings.ts.
 */
export {
	changeReach,
	entersFolder,
	expectationsRobotsUri,
	fileKindOfName,
	placeOfPage,
	resolvePath,
	robotsCandidates,
	siteMembers,
	siteOfRobots,
	skippedFolderNames,
	type SiteDescription,
} from './site/layout';
export { siteFindings, type SitePage, type SiteRobots } from './site/findings';
export {
	nextUrlSets,
	readUrlSet,
	listedPaths,
	urlSetDiagnostics,
	urlSetFilePaths,
	urlSetLimits,
	urlSetOrigin,
	type ReadUrlSet,
	type UrlSetLimits,
	type UrlSetSource,
} from './site/sitemaps';

/** A deployed file watched over time: a new fetch compared with the last reading, ranked by what it does to verdicts (watch/). */
export {
	compareReadings,
	fetchFailed,
	type WatchChange,
	type WatchFlip,
	type WatchReport,
	type WatchSeverity,
	type WatchSide,
} from './watch/changes';
export { changedLines, type LineChange } from './watch/lines';

/** The editor's features over a robots.txt, each a function of the model and the options (features/). */
export { computeDocumentSymbols } from './features/symbols';
export { computeFoldingRanges } from './features/folding';
export { formatDocument, type FormatOptions } from './features/formatting';
export { computeDocumentLinks } from './features/links';
export { computeDocumentHighlights } from './features/highlights';
export { computeHover } from './features/hover';
export { computeCompletions } from './features/completion';
export { computeCodeLenses, groupLensData, resolveCodeLens } from './features/codeLens';
export { detectionMaxChars, looksLikeRobotsTxt, type RobotsTxtLikeness } from './features/detection';
export { computeAgents, testUrl, testUrlAll, type TestUrlParams } from './features/testUrl';
export { computeBench, formatBench } from './features/testBench';
export { aiTrainingCrawlers, computeAiTrainingActions } from './features/aiTraining';
export { renderTemplate, templatePresets, type TemplateFiles, type TemplateSummary } from './templates/presets';
export {
	computeSimplifyActions,
	describeProof,
	describeSimplification,
	proveSimplification,
	simplify,
	type Simplification,
	type SimplifyProof,
} from './features/simplify';
export {
	analyseDeployed,
	compareWithDeployed,
	deployedDiagnostics,
	deployedLenses,
	deployedReport,
	testUrlAllDeployed,
	testUrlDeployed,
	type DeployedAnalysis,
} from './features/deployed';

/** Server access logs, a line at a time: the formats, their detection and the reader that keeps a file's state (logs/). */
export {
	detectLogFormat,
	LogReader,
	logFormatNames,
	parseLogLine,
	type LogFormatName,
	type LogLine,
	type LogLineProblem,
	type LogRecord,
} from './logs/formats';
/** Server access logs against robots.txt: who sent each request, from its User-Agent header (logs/). */
export { AgentAttributor, attributeUserAgent, type AgentAttribution } from './logs/agents';
/** The IP range lists crawler owners publish, with the tokens each vouches for and its source (facts/). */
export { rangeListNamed, rangeLists, rangeListsFor } from './facts/ipRanges';
/** Server access logs against robots.txt: the owners' published IP ranges, and the report per crawler (logs/). */
export { CrawlerRanges, IpPrefixes, parseRangeList, type Identity, type RangeListContent } from './logs/ranges';
export {
	LogAnalysis,
	mergeLogReports,
	readLogReport,
	type LogAnalysisOptions,
	type LogCrawlerReport,
	type LogReport,
	type LogViolation,
	type RobotsVersion,
	type UnparsedSample,
} from './logs/analysis';
export { type CrawlerPartialData, crawlerAt, type JudgedLines, LogJudge } from './logs/judge';
/** An access log's hits per URL per crawler, for the test bench, and what an edit changes for them (logs/). */
export {
	describeHits,
	describeImpact,
	LogHits,
} from './logs/hits';
