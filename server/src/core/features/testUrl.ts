/**
 * "Test URL": one URL and one crawler, evaluated in every enabled dialect, with a one-line summary that says where the
 * dialects disagree and which lines decide. Also the crawler names a client offers when it asks which agent to test.
 */

import { allDialects, dialectNames, isRecordDialect, type Dialect } from '../dialect';
import { knownCrawlers } from '../facts/crawlers';
import { evaluate, type Evaluation, type Verdict } from '../matching/evaluate';
import { selectGroups } from '../matching/agents';
import type { AnalysisOptions } from '../options';
import type { RobotsModel } from '../syntax/parser';

/** What to test: a URL (a path alone is fine) and a crawler name; `*` means a crawler that no group names. */
export interface TestUrlParams {
	readonly url: string;
	readonly agent: string;
}

/** One dialect's answer. */
export interface TestUrlDialectResult {
	readonly dialect: Dialect;
	readonly dialectName: string;
	readonly verdict: Verdict;
	/** The deciding line, 0-based, or null when no rule decided. */
	readonly line: number | null;
	/** The deciding line's text, trimmed, or null. */
	readonly rule: string | null;
	readonly explanation: string;
}

/** The answer of the `robotsTxt/testUrl` request. */
export interface TestUrlResult {
	readonly agent: string;
	readonly url: string;
	/** One per enabled dialect, in the order of the settings. */
	readonly results: readonly TestUrlDialectResult[];
	/** Whether every dialect gives the same verdict. */
	readonly agree: boolean;
	/** One line for people, naming the dialects that disagree and the deciding lines (1-based). */
	readonly summary: string;
	/** The first result's deciding line (0-based), for the client to select and reveal. */
	readonly primaryLine: number | null;
}

/** The answer of the `robotsTxt/agents` request. */
export interface AgentList {
	/** Distinct User-agent values of the file in file order, `*` excluded. */
	readonly fromFile: readonly string[];
	/** Crawlers the extension knows about. */
	readonly known: readonly { readonly token: string; readonly owner: string; readonly description: string }[];
}

/** Evaluates the URL for the crawler in each of `options.dialects`. */
export function testUrl(model: RobotsModel, params: TestUrlParams, options: AnalysisOptions): TestUrlResult {
	const agent = params.agent === '*' ? unnamedCrawler(model) : params.agent;
	const evaluations = options.dialects.map((dialect) => evaluate(model, { agent, url: params.url, dialect }));
	const results = evaluations.map((evaluation): TestUrlDialectResult => ({
		dialect: evaluation.dialect,
		dialectName: dialectNames[evaluation.dialect],
		verdict: evaluation.verdict,
		line: evaluation.rule ? evaluation.rule.line : null,
		rule: evaluation.rule ? evaluation.rule.text : null,
		explanation: evaluation.explanation,
	}));
	return {
		agent: params.agent,
		url: params.url,
		results,
		agree: results.every((result) => result.verdict === results[0].verdict),
		summary: summarize(params.agent, evaluations),
		primaryLine: results.length > 0 ? results[0].line : null,
	};
}

/** The distinct User-agent values of the file (`*` excluded) and the known crawlers. */
export function computeAgents(model: RobotsModel): AgentList {
	const seen = new Set<string>();
	const fromFile: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		if (model.lines[line].directive !== 'user-agent') {
			continue;
		}
		const value = model.valueText(line);
		if (value !== '' && value !== '*' && !seen.has(value.toLowerCase())) {
			seen.add(value.toLowerCase());
			fromFile.push(value);
		}
	}
	const known = knownCrawlers.map(({ token, owner, description }) => ({ token, owner, description }));
	return { fromFile, known };
}

const unnamedCandidates = ['AnyCrawler', 'SomeCrawler', 'OtherCrawler', 'UnlistedCrawler', 'GenericCrawler'];

/**
 * A crawler name that no group names in any dialect, so that it follows the `*` group everywhere. The 1996 draft
 * matches substrings, so a group for `bot` names every name containing it; the candidates are tried in turn, then
 * names made of one repeated letter. (An empty User-agent value names every crawler in the 1996 draft: no name helps.)
 */
function unnamedCrawler(model: RobotsModel): string {
	const namesNone = (name: string) => allDialects.every((dialect) => selectGroups(model, dialect, name).kind !== 'specific');
	for (const candidate of unnamedCandidates) {
		if (namesNone(candidate)) {
			return candidate;
		}
	}
	for (const letter of 'QXZJKVW') {
		const candidate = letter.repeat(12);
		if (namesNone(candidate)) {
			return candidate;
		}
	}
	return unnamedCandidates[0];
}

function summarize(agent: string, evaluations: readonly Evaluation[]): string {
	if (evaluations.length === 0) {
		return 'No dialect is enabled (robotsTxt.dialects is empty).';
	}
	const who = agent === '*' ? 'Any crawler' : agent === '' ? '(empty agent)' : agent;
	// Dialects that decide alike (same verdict, same line, same reason) are named together.
	const clusters: Evaluation[][] = [];
	for (const evaluation of evaluations) {
		const cluster = clusters.find(([first]) => sameDecision(first, evaluation));
		if (cluster) {
			cluster.push(evaluation);
		} else {
			clusters.push([evaluation]);
		}
	}
	const [first, ...others] = clusters;
	const lead = first[0];
	const names = first.map((evaluation) => dialectNames[evaluation.dialect]).join(', ');
	let summary = `${who}: ${lead.verdict === 'allow' ? 'ALLOWED' : 'DISALLOWED'} ${how(lead)} (${names})`;
	for (const cluster of others) {
		const evaluation = cluster[0];
		const verb = evaluation.verdict === 'allow' ? 'ALLOW' : 'DISALLOW';
		const { text, plural } = subject(cluster);
		summary +=
			evaluation.verdict === lead.verdict
				? `; ${text} also ${verb}${plural ? '' : 'S'} it, ${how(evaluation)}`
				: `; ${text} would ${verb} it ${how(evaluation)}`;
	}
	return summary + '.';
}

function sameDecision(a: Evaluation, b: Evaluation): boolean {
	return a.verdict === b.verdict && a.reason === b.reason && (a.rule?.line ?? -1) === (b.rule?.line ?? -1) && a.rule?.implied === b.rule?.implied;
}

/** Names dialects as robots: first-match dialects as "a first-match robot (1996 draft)". */
function subject(cluster: readonly Evaluation[]): { text: string; plural: boolean } {
	const plain = cluster.filter((evaluation) => !isRecordDialect(evaluation.dialect)).map((evaluation) => dialectNames[evaluation.dialect]);
	const records = cluster.filter((evaluation) => isRecordDialect(evaluation.dialect)).map((evaluation) => dialectNames[evaluation.dialect]);
	const parts = [...plain];
	if (records.length > 0) {
		parts.push(`a first-match robot (${records.join(', ')})`);
	}
	return { text: parts.join(' and '), plural: parts.length > 1 };
}

const maxRuleText = 80;

function how(evaluation: Evaluation): string {
	switch (evaluation.reason) {
		case 'robots-txt':
			return 'because /robots.txt itself is always allowed';
		case 'no-group':
			return 'because no group applies to it';
		case 'no-matching-rule': {
			const lines = evaluation.groups.map((group) => group.line + 1).join(', ');
			return `because no rule of ${evaluation.groups.length > 1 ? `the groups at lines ${lines}` : `the group at line ${lines}`} matches`;
		}
		case 'rule': {
			const rule = evaluation.rule!;
			const text = rule.text.length > maxRuleText ? rule.text.slice(0, maxRuleText - 1) + '…' : rule.text;
			const where = `line ${rule.line + 1} \`${text}\``;
			return rule.implied === 'host' ? `by the Host on ${where}, which names another mirror` : `by ${where}`;
		}
	}
}
