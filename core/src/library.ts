/**
 * The public API of the `robots-txt-tools` npm package: what a crawler author or a site's tooling needs from the pure
 * core, and nothing of the editor (no hovers, lenses or protocol). A subset of index.ts, built from the same files;
 * every export here is part of the package's semver contract and carries its documentation. Grouped by concern, in
 * the order a reader meets them: reading, verdicts, diagnostics, fetching, access logs.
 */

export { describeReading, explainEvaluation, verdictSentence } from './crawlers/explain';
export { type CrawlerProfile, crawlerProfile } from './crawlers/profile';
// Verdicts by crawler: how each crawler of the catalogue reads the file, and the words for it.
export {
	type CrawlerEvaluation,
	type CrawlerMatcher,
	type CrawlerReading,
	type CrawlerReason,
	compileCrawlerMatcher,
	evaluateAs,
	type FollowKind,
	type ReadExtent,
	readAs,
} from './crawlers/reading';
export { type DiagnosticCode, type DiagnosticFacts, diagnosticCatalogue, diagnosticFacts, type Severity } from './diagnostics/codes';
// Diagnostics: the catalogue of codes, the analysis and the settings it takes.
export {
	computeDiagnostics,
	createDiagnosticsSession,
	type DiagnosticData,
	type DiagnosticFix,
	type DiagnosticsSession,
	diagnosticSource,
} from './diagnostics/index';
export { allDialects, type Dialect, dialectNames, isDialect } from './dialect';
export {
	type CrawlerCategory,
	type CrawlerFact,
	type CrawlerFacts,
	type CrawlerHonours,
	crawlerCategories,
	findCrawler,
	knownCrawlers,
	type SizeLimit,
} from './facts/crawlers';
export type { DirectiveId, GoogleDirectiveId } from './facts/directives';
export { type CacheRule, type FetchOutcomeKind, type FetchPolicy, type FetchPolicyId, fetchPolicies, type Sourced, type StatusRule } from './facts/fetching';
export { type RangeList, rangeListNamed, rangeLists, rangeListsFor } from './facts/ipRanges';
export { detectionMaxChars, looksLikeRobotsTxt, type RobotsTxtLikeness } from './features/detection';
export type { CacheLifetime } from './fetch/cache';
// Fetching, without IO: what each crawler concludes from the responses a fetcher saw.
export {
	type ConclusionKind,
	concludeFetch,
	concludeFetchAll,
	type Decoding,
	evaluateFetched,
	type FetchConclusion,
	type FetchedVerdict,
} from './fetch/conclude';
export { conclusionLabel, describeConclusion } from './fetch/explain';
export type { BodyKind, FetchError, FetchOutcome, HttpResponse, NetworkErrorKind, Redirect } from './fetch/response';
export { defaultFetchLimits, type FetchLimits, fetchUserAgent, type RobotsTarget, robotsTarget } from './fetch/site';
export { type AgentAttribution, AgentAttributor, attributeUserAgent } from './logs/agents';
export {
	LogAnalysis,
	type LogAnalysisOptions,
	type LogCrawlerReport,
	type LogReport,
	type LogViolation,
	mergeLogReports,
	type RobotsVersion,
	readLogReport,
	type UnparsedSample,
} from './logs/analysis';
// Server access logs against robots.txt: lines read in their format, who sent each request, whether its address is
// its owner's, and the report per crawler (what it fetched that its reading of the file disallows), which merges.
export {
	detectLogFormat,
	type LogFormatName,
	type LogLine,
	type LogLineProblem,
	LogReader,
	type LogRecord,
	logFormatNames,
	parseLogLine,
} from './logs/formats';
export { CrawlerRanges, type Identity, IpPrefixes, parseRangeList, type RangeListContent } from './logs/ranges';
export type { GroupSelection, SelectionKind } from './matching/agents';
// Verdicts by dialect: the groups for a user agent and the rule that decides a URL.
export {
	type AppliedGroup,
	compileMatcher,
	type DecidingRule,
	type EvaluateOptions,
	type Evaluation,
	evaluate,
	type Matcher,
	type MatcherOptions,
	type Reason,
	type Verdict,
} from './matching/evaluate';
export { type AnalysisOptions, defaultAnalysisOptions, defaultCrawlers, type SeverityName, severityNames } from './options';
// What the preference lines (Content-Usage, Content-Signal, License) say for one URL and crawler, beside the verdict.
export { type ContentSignalAnswer, type ContentUsageAnswer, type PreferenceAnswer, preferencesAs, preferencesOf } from './preferences/answer';
export { describePreferences } from './preferences/explain';
export { type ContentUsageLabel, contentUsageLabels } from './preferences/vocabulary';
// The one-object API over a file and its fetch.
export { RobotRules, type RobotRulesOptions, type SimpleResponse } from './robotRules';
export type { LineKind, LineNode } from './syntax/ast';
export { decodeRobotsBytes, encodeRobotsText } from './syntax/bytes';
export { type Group, type Grouping, type LineRole, lineRole, RobotsModel } from './syntax/parser';
// Reading a file: text or bytes to a lossless model, in each dialect; whether a text is a robots.txt at all.
export { parse, print } from './syntax/text';
