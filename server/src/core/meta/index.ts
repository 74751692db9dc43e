/**
 * The robots meta tag and X-Robots-Tag half of the core: directive facts, parsers (directive values, HTML, `_headers`
 * files), the per-crawler meaning of a page's rules, and the editor features over them. Pure: text in, LSP data out.
 */

export {
	robotsDirectiveCatalogue,
	robotsMetaSources,
	searchEngineNames,
	searchEngines,
	findRobotsDirective,
	suggestRobotsDirective,
	supportOf,
	type DirectiveValueKind,
	type EngineSupport,
	type RobotsAspect,
	type RobotsDirectiveFacts,
	type RobotsMetaSource,
	type SearchEngine,
	type SupportStatus,
} from './directives';
export { metaDiagnosticCatalogue, metaDiagnosticFacts, type MetaDiagnosticCode, type MetaDiagnosticFacts } from './codes';
export { parseRobotsDate, type DateReading, type RobotsDate } from './date';
export {
	parseRobotsDirectives,
	type CrawlerPrefix,
	type DirectiveSource,
	type DirectiveValue,
	type OddSeparator,
	type ParsedDirective,
	type ParsedRobotsValue,
	type Span,
	type ValueProblem,
} from './parse';
export { commonRobotsNames, engineOfCrawler, readsGenericRules, resolveRobotsName, suggestRobotsName, type CrawlerAddress } from './names';
export { maxRobotsTagsPerPage, scanHtml, type HtmlAttribute, type HtmlRobotsScan, type NoindexFragment, type NoindexMarker, type ScannedMeta } from './html';
export {
	headersPatternMatches,
	maxHeadersPatternLength,
	parseHeadersFile,
	xRobotsTagForPath,
	xRobotsTagLines,
	type HeaderLine,
	type HeadersFile,
	type HeadersFileProblem,
	type HeadersRule,
} from './headersFile';
export {
	appliedDirectives,
	effectiveRobots,
	findNoindex,
	findNoindexInHeaders,
	findNoindexInHeadersFile,
	findNoindexInHtml,
	headerRuleSets,
	ruleSetsFromHeaders,
	ruleSetsFromHtml,
	type AppliedDirective,
	type EffectiveRobots,
	type NoindexAnswer,
	type NoindexOccurrence,
	type RobotsRuleSet,
} from './effective';
export {
	computeHeadersDiagnostics,
	computeHtmlDiagnostics,
	headersFindings,
	htmlFindings,
	metaDiagnosticSource,
	robotsValueFindings,
	toDiagnostics,
	type MetaAnalysisOptions,
	type MetaFinding,
	type OffsetEdit,
} from './diagnostics';
export { computeHeadersHover, computeMetaHover } from './hover';
export { computeHeadersCompletions, computeMetaCompletions } from './completion';
export {
	analysePage,
	headersReach,
	htmlReach,
	pageSiteDiagnostics,
	robotsSiteDiagnostics,
	type PageAnalysis,
	type PageKind,
	type PageReach,
	type SiteEntry,
} from './siteCheck';
export {
	analyseHtmlPage,
	blockedNoindexCode,
	blockedNoindexDiagnostics,
	blockedNoindexes,
	blockedNoindexesAt,
	headersBlockedNoindexes,
	headersNoindexPlaces,
	headersPatternPaths,
	htmlNoindexPlaces,
	pageBlockedNoindexes,
	robotsHidesNoindexCode,
	robotsHidesNoindexDiagnostics,
	urlPathOfFile,
	urlPathOfNames,
	type BlockedNoindex,
	type HtmlPageAnalysis,
	type NoindexPlaces,
	type SiteHeadersFile,
	type SitePage,
} from './crossFile';
