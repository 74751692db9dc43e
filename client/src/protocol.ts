// The custom requests this client sends, typed as the server answers them (contracts: robotsTxt/testUrl, robotsTxt/agents).
// These are wire shapes only: the client displays what the server says and never interprets robots.txt itself.
import { RequestType } from 'vscode-languageclient/node';

/** Parameters of `robotsTxt/testUrl`: which open document, which URL (or bare path), which crawler token. */
export interface TestUrlParams {
	uri: string;
	url: string;
	agent: string;
}

/** One dialect's answer inside a {@link TestUrlResult}. */
export interface DialectVerdict {
	dialect: string;
	dialectName: string;
	verdict: 'allow' | 'disallow';
	/** The deciding line, 0-based, or null when no rule decided. */
	line: number | null;
	rule: string | null;
	explanation: string;
}

/** The server's answer to `robotsTxt/testUrl`: one verdict per enabled dialect plus a one-line summary. */
export interface TestUrlResult {
	agent: string;
	url: string;
	results: DialectVerdict[];
	/** True when every dialect gave the same verdict. */
	agree: boolean;
	summary: string;
	/** The 0-based line to select and reveal, or null. */
	primaryLine: number | null;
}

/** A crawler the server knows, offered in the agent picker. */
export interface KnownAgent {
	token: string;
	owner: string;
	description: string;
}

/** The server's answer to `robotsTxt/agents`. */
export interface AgentsResult {
	/** Distinct User-agent values of the file, `*` excluded. */
	fromFile: string[];
	known: KnownAgent[];
}

export const testUrlRequest = new RequestType<TestUrlParams, TestUrlResult, void>('robotsTxt/testUrl');
export const agentsRequest = new RequestType<{ uri: string }, AgentsResult, void>('robotsTxt/agents');
