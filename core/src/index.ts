/**
 * The public API of the pure core: robots.txt text in; syntax tree, groups and verdicts out.
 * No IO, no timers, no transport: everything here is a function of its arguments.
 */

export { allDialects, dialectName, dialectNames, isDialect, type Dialect } from './dialect';
export { directiveFacts, type DirectiveId } from './facts/directives';
export type { LineKind, LineNode } from './syntax/ast';
export { RobotsModel, lineRole, type Group, type Grouping, type LineRole } from './syntax/parser';
export { decodeRobotsBytes, encodeRobotsText } from './syntax/bytes';
export { RobotsDocument, applyEdit, applyRangeEdit, lineRange } from './syntax/document';
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
export { RobotRules, type RobotRulesOptions, type SimpleResponse } from './robotRules';
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
export { analysisDialects, defaultAnalysisOptions, defaultCrawlers, defaultDialects, severityNames, type AnalysisOptions, type SeverityName } from './options';
export { computeDocumentSymbols } from './features/symbols';
export { computeFoldingRanges } from './features/folding';
export { formatDocument, type FormatOptions } from './features/formatting';
export { computeDocumentLinks } from './features/links';
export { computeDocumentHighlights } from './features/highlights';
export {
	computeCodeLenses,
	groupLensData,
	resolveCodeLens,
} from './features/codeLens';
export { computeAgents, testUrl, testUrlAll, type TestUrlParams } from './features/testUrl';
export * as protocol from './protocol';
export { revealLineCommand } from './protocol';
export { expectationsLanguageId } from './protocol';
export type { AgentList, CrawlerSummary, CrawlerVerdictRow, OtherReading, ParserName, TestUrlAllResult, TestUrlResult } from './protocol';
export { computeHover } from './features/hover';
export { detectionMaxChars, looksLikeRobotsTxt, type RobotsTxtLikeness } from './features/detection';
export { computeCompletions } from './features/completion';
export {
	crawlerFactNames,
	findCrawler,
	knownCrawlers,
	type CrawlerFacts,
	type CrawlerHonours,
	type CrawlerCategory,
	type CrawlerFact,
	type SizeLimit,
	crawlerCategories,
} from './facts/crawlers';
export { directiveDocs } from './facts/directiveDocs';

export { parse, print } from './syntax/text';
export { crawlerProfile, crawlerProfiles, type CrawlerProfile } from './crawlers/profile';
export {
	compileCrawlerMatcher,
	evaluateAs,
	readAs,
	type CrawlerEvaluation,
	type CrawlerMatcher,
	type CrawlerReading,
	type CrawlerReason,
	type FollowKind,
	type ReadExtent,
} from './crawlers/reading';
export { describeReading, explainEvaluation, listNames, reasonWords, verdictSentence, verdictWord } from './crawlers/explain';
export type { VerdictReader, VerdictToken } from './verdict';
export {
	compileCrawlerDecider,
	crawlerReasons,
	decideRoot,
	decideTable,
	isAllowedDecision,
	rulesAs,
	packDecision,
	unpackDecision,
	type PackedDecision,
} from './crawlers/reading';
export { checkUrl, describeUrlProblem, parseSitemap, parseUrlList, quoteInput } from './bench/urls';
export {
	defaultDiffCrawlers,
	describeChange,
	diffRobots,
	probeUrls,
	verdictFlips,
	type DecisionSide,
} from './bench/diff';
export { auditByCategory, auditCategories } from './bench/audit';
export { computeBench, formatBench } from './features/testBench';
export { aiTrainingCrawlers, computeAiTrainingActions } from './features/aiTraining';
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
export type {
	BenchAuditCategory,
	BenchBaselineParams,
	BenchBaselineResult,
	BenchCell,
	BenchColumn,
	BenchExportParams,
	BenchExportResult,
	BenchParams,
	BenchResult,
	BenchRow,
	ParseUrlsParams,
	ParseUrlsResult,
} from './protocol';
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
export { decodeBase64, deployedTarget, encodeBase64, outcomeFromWire, outcomeToWire } from './fetch/wire';

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
