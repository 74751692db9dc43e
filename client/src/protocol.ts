// The custom requests this client sends. Their names and shapes live in the server's protocol module, the one file
// the client may import from server/ (plain data, no robots.txt knowledge); this file only makes them request types.
import { RequestType } from 'vscode-languageclient';
import * as protocol from '../../core/src/protocol';

// The contracts (wire shapes, language ids, command ids, the settings section, the deployed scheme) as they are.
export * from '../../core/src/protocol';

export const testUrlRequest = new RequestType<protocol.TestUrlParams, protocol.TestUrlResult, void>(protocol.testUrlMethod);
export const testUrlAllRequest = new RequestType<protocol.TestUrlAllParams, protocol.TestUrlAllResult, void>(protocol.testUrlAllMethod);
export const agentsRequest = new RequestType<protocol.AgentsParams, protocol.AgentList, void>(protocol.agentsMethod);
export const benchRequest = new RequestType<protocol.BenchParams, protocol.BenchResult, void>(protocol.benchMethod);
export const benchBaselineRequest = new RequestType<protocol.BenchBaselineParams, { label: string | null }, void>(protocol.benchBaselineMethod);
export const benchExportRequest = new RequestType<protocol.BenchExportParams, protocol.BenchExportResult, void>(protocol.benchExportMethod);
export const accessLogLoadRequest = new RequestType<protocol.AccessLogLoadParams, protocol.AccessLogResult, void>(protocol.accessLogLoadMethod);
export const accessLogImpactRequest = new RequestType<protocol.AccessLogImpactParams, protocol.AccessLogImpactResult, void>(protocol.accessLogImpactMethod);
export const accessLogClearRequest = new RequestType<protocol.AccessLogImpactParams, null, void>(protocol.accessLogClearMethod);
export const parseUrlsRequest = new RequestType<protocol.ParseUrlsParams, protocol.ParseUrlsResult, void>(protocol.parseUrlsMethod);

export const deployedTargetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
export const deployedOpenRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
export const deployedCompareRequest = new RequestType<protocol.DeployedCompareParams, protocol.DeployedCompareResult, void>(protocol.deployedCompareMethod);
export const templatesRequest = new RequestType<protocol.TemplatesParams, protocol.TemplatesResult, void>(protocol.templatesMethod);
export const templateRequest = new RequestType<protocol.TemplateParams, protocol.TemplateResult, void>(protocol.templateMethod);
export const fetchUrlSetRequest = new RequestType<protocol.FetchUrlSetParams, protocol.FetchUrlSetResult, void>(protocol.fetchUrlSetMethod);
