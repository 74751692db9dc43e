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
	type EngineSupport,
	type RobotsDirectiveFacts,
	type RobotsMetaSource,
	type SearchEngine,
	type SupportStatus,
} from './directives';
export { metaDiagnosticCatalogue, metaDiagnosticFacts, type MetaDiagnosticCode } from './codes';
export { parseRobotsDate, type RobotsDate } from './date';
export {
	parseRobotsDirectives,
	type OddSeparator,
	type ParsedDirective,
	type ParsedRobotsValue,
	type Span,
} from './parse';
export { commonRobotsNames, engineOfCrawler, resolveRobotsName, suggestRobotsName, type CrawlerAddress } from './names';
export { maxRobotsTagsPerPage, scanHtml, type HtmlAttribute, type HtmlRobotsScan, type ScannedMeta } from './html';
export {
	headersPatternMatches,
	maxHeadersPatternLength,
	parseHeadersFile,
	xRobotsTagLines,
	type HeadersFile,
} from './headersFile';
export {
	effectiveRobots,
	findNoindex,
	findNoindexInHeaders,
	findNoindexInHeadersFile,
	findNoindexInHtml,
	headerRuleSets,
	ruleSetsFromHeaders,
	ruleSetsFromHtml,
	type EffectiveRobots,
	type NoindexAnswer,
	type RobotsRuleSet,
} from './effective';
export { computeHeadersDiagnostics, computeHtmlDiagnostics, htmlFindings, robotsValueFindings } from './diagnostics';
export { toDiagnostics, type MetaAnalysisOptions } from './report';
export { computeHeadersHover, computeMetaHover } from './hover';
export { computeHeadersCompletions, computeMetaCompletions } from './completion';
export {
	analysePage,
	headersReach,
	htmlReach,
	htmlRender,
	pageSiteDiagnostics,
	robotsSiteDiagnostics,
	type PageKind,
	type PageReach,
	type SiteEntry,
} from './siteCheck';
export { allowResourceFix, type RenderReach } from './render';
export { maxResourcesPerPage, scanResources, type ResourceKind } from './resources';
export {
	analyseHtmlPage,
	blockedNoindexDiagnostics,
	blockedNoindexesAt,
	headersBlockedNoindexes,
	headersNoindexPlaces,
	headersPatternPaths,
	htmlNoindexPlaces,
	pageBlockedNoindexes,
	robotsHidesNoindexDiagnostics,
	urlPathOfFile,
	urlPathOfNames,
	type NoindexPlaces,
} from './crossFile';
