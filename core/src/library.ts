/**
 * The public API of the `robots-txt-tools` npm package: what a crawler author or a site's tooling needs from the pure
 * core, and nothing of the editor (no hovers, lenses or protocol). A subset of index.ts, built from the same files;
 * every export here is part of the package's semver contract and carries its documentation. Grouped by concern, in
 * the order a reader meets them: reading, verdicts, diagnostics, fetching, access logs.
 */

// Reading a file: text or bytes to a lossless model, in each dialect; whether a text is a robots.txt at all.
export { parse, print } from './syntax/text';
export { RobotsModel, lineRole, type Group, type Grouping, type LineRole } from './syntax/parser';
export type { LineKind, LineNode } from './syntax/ast';
export type { DirectiveId, GoogleDirectiveId } from './facts/directives';
export { allDialects, dialectNames, isDialect, type Dialect } from './dialect';
export { decodeRobotsBytes, encodeRobotsText } from './syntax/bytes';
export { detectionMaxChars, looksLikeRobotsTxt, type RobotsTxtLikeness } from './features/detection';

// Verdicts by dialect: the groups for a user agent and the rule that decides a URL.
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
export type { GroupSelection, SelectionKind } from './matching/agents';

// Verdicts by crawler: how each crawler of the catalogue reads the file, and the words for it.
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
export { describeReading, explainEvaluation, verdictSentence } from './crawlers/explain';
export { crawlerProfile, type CrawlerProfile } from './crawlers/profile';
export {
	crawlerCategories,
	findCrawler,
	knownCrawlers,
	type CrawlerCategory,
	type CrawlerFact,
	type CrawlerFacts,
	type CrawlerHonours,
	type SizeLimit,
} from './facts/crawlers';

// What the preference lines (Content-Usage, Content-Signal, License) say for one URL and crawler, beside the verdict.
export { preferencesAs, preferencesOf, type ContentSignalAnswer, type ContentUsageAnswer, type PreferenceAnswer } from './preferences/answer';
export { describePreferences } from './preferences/explain';
export { contentUsageLabels, type ContentUsageLabel } from './preferences/vocabulary';

// The one-object API over a file and its fetch.
export { RobotRules, type RobotRulesOptions, type SimpleResponse } from './robotRules';

// Diagnostics: the catalogue of codes, the analysis and the settings it takes.
export {
	computeDiagnostics,
	createDiagnosticsSession,
	diagnosticSource,
	type DiagnosticData,
	type DiagnosticFix,
	type DiagnosticsSession,
} from './diagnostics/index';
export { diagnosticCatalogue, diagnosticFacts, type DiagnosticCode, type DiagnosticFacts, type Severity } from './diagnostics/codes';
export { defaultAnalysisOptions, defaultCrawlers, severityNames, type AnalysisOptions, type SeverityName } from './options';

// Fetching, without IO: what each crawler concludes from the responses a fetcher saw.
export {
	concludeFetch,
	concludeFetchAll,
	evaluateFetched,
	type ConclusionKind,
	type Decoding,
	type FetchConclusion,
	type FetchedVerdict,
} from './fetch/conclude';
export type { BodyKind, FetchError, FetchOutcome, HttpResponse, NetworkErrorKind, Redirect } from './fetch/response';
export { fetchPolicies, type CacheRule, type FetchOutcomeKind, type FetchPolicy, type FetchPolicyId, type Sourced, type StatusRule } from './facts/fetching';
export type { CacheLifetime } from './fetch/cache';
export { conclusionLabel, describeConclusion } from './fetch/explain';
export { defaultFetchLimits, fetchUserAgent, robotsTarget, type FetchLimits, type RobotsTarget } from './fetch/site';

// Server access logs against robots.txt: lines read in their format, who sent each request, whether its address is
// its owner's, and the report per crawler (what it fetched that its reading of the file disallows), which merges.
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
export { AgentAttributor, attributeUserAgent, type AgentAttribution } from './logs/agents';
export { CrawlerRanges, IpPrefixes, parseRangeList, type Identity, type RangeList } from './logs/ranges';
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
