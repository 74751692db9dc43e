/**
 * The deployed robots.txt on the command line: `robots-txt fetch <site>` (the response's facts and what each target
 * crawler concludes from it), `robots-txt test --site <site> URL…` (verdicts as each crawler reads the live file,
 * starting from the response), and the URLs `robots-txt lint` is given. One request per site and run; all IO is here
 * and in net/httpFetch.ts, every answer comes from the core.
 */

import {
	analyseDeployed,
	conclusionLabel,
	conclusionWords,
	defaultAnalysisOptions,
	deployedReport,
	describeConclusion,
	evaluateFetched,
	explainEvaluation,
	formatDuration,
	originOf,
	policyAssumed,
	summariseConclusions,
	type DeployedAnalysis,
	type FetchConclusion,
	type FetchedVerdict,
} from '../core/index';
import { ArgumentReader, UsageError } from './args';
import { fetchSite, isUrl, readRobotsSource, type FetchSettings } from './source';

export const fetchUsage = `  robots-txt fetch <site> [--crawler <token>,...] [--format text|json] [--explain] [--body] [--timeout <seconds>]`;

interface FetchOptions {
	site?: string;
	crawlers?: string[];
	format: 'text' | 'json';
	explain: boolean;
	body: boolean;
	timeoutMs?: number;
}

/** Reads `--timeout <seconds>` (a positive number). */
export function parseTimeout(text: string): number {
	if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) {
		throw new UsageError(`--timeout takes a number of seconds, not "${text}"`);
	}
	return Math.round(Number(text) * 1000);
}

function parseCrawlers(reader: ArgumentReader, option: string, previous: string[] | undefined): string[] {
	const tokens = [...(previous ?? []), ...reader.value(option).split(',').map((token) => token.trim())];
	if (tokens.some((token) => token === '')) {
		throw new UsageError(`${option} needs crawler tokens, e.g. Googlebot,bingbot`);
	}
	return tokens;
}

function parseFetchArguments(args: readonly string[]): FetchOptions {
	const options: FetchOptions = { format: 'text', explain: false, body: false };
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--crawler':
			case '--crawlers':
			case '--agent':
				options.crawlers = parseCrawlers(reader, arg, options.crawlers);
				break;
			case '--format': {
				const format = reader.value(arg);
				if (format !== 'text' && format !== 'json') {
					throw new UsageError(`unknown format "${format}" (expected text or json)`);
				}
				options.format = format;
				break;
			}
			case '--json':
				options.format = 'json';
				break;
			case '--explain':
				options.explain = true;
				break;
			case '--body':
				options.body = true;
				break;
			case '--timeout':
				options.timeoutMs = parseTimeout(reader.value(arg));
				break;
			default:
				if (arg.startsWith('--')) {
					throw new UsageError(`unknown option ${arg}`);
				}
				if (options.site !== undefined) {
					throw new UsageError('fetch takes one site');
				}
				options.site = arg;
		}
	}
	if (options.site === undefined) {
		throw new UsageError('missing <site>, e.g. robots-txt fetch https://example.com');
	}
	if (options.body && (options.format === 'json' || options.explain)) {
		throw new UsageError('--body writes the file alone; it takes no --format json or --explain');
	}
	return options;
}

/**
 * Runs `robots-txt fetch`. Exit status: 0 when a response arrived (whatever its status: it is the finding), 1 when none
 * did (a network error, a redirect loop: the report says what crawlers make of that), 2 on bad arguments.
 */
export async function runFetch(args: readonly string[], write: (text: string | Uint8Array) => void, version: string): Promise<number> {
	const options = parseFetchArguments(args);
	const settings: FetchSettings = { version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
	const { outcome } = await fetchSite(options.site!, settings);
	const analysis = analyseDeployed(outcome, options.crawlers ?? defaultAnalysisOptions.crawlers);
	const gotFile = outcome.error === undefined || outcome.error.kind === 'network' && outcome.error.afterHeaders === true;
	if (options.body) {
		const body = outcome.responses[outcome.responses.length - 1]?.body;
		if (body === undefined || !gotFile) {
			throw new UsageError(`${analysis.facts.url}: ${analysis.facts.error ?? 'no body'}`);
		}
		write(body);
		return 0;
	}
	write(options.format === 'json' ? JSON.stringify(fetchJson(analysis), null, 2) + '\n' : fetchText(analysis, options.explain));
	return outcome.responses.length > 0 && outcome.error?.kind !== 'redirect-loop' && outcome.error?.kind !== 'redirect-limit' ? 0 : 1;
}

/** Where the crawler stops reading, for the table. */
function reads(conclusion: FetchConclusion): string {
	if (conclusion.kind !== 'rules') {
		return '—';
	}
	if (conclusion.stopsAt !== undefined) {
		return `first ${conclusion.stopsAt.toLocaleString('en')} bytes`;
	}
	return conclusion.incomplete ? 'more than was downloaded' : 'whole file';
}

function kept(conclusion: FetchConclusion): string {
	if (!conclusion.cache) {
		return conclusion.kind === 'unknown' ? '—' : 'retries';
	}
	return conclusion.cache.seconds === null ? 'no expiry' : formatDuration(conclusion.cache.seconds);
}

function source(conclusion: FetchConclusion): string {
	return conclusion.basis.source === undefined || policyAssumed(conclusion) ? `${conclusion.policy.name} (assumed)` : conclusion.policy.name;
}

function table(rows: readonly (readonly string[])[]): string {
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	return rows.map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]) : cell)).join('  ').trimEnd()).join('\n');
}

function fetchText(analysis: DeployedAnalysis, explain: boolean): string {
	const lines = [deployedReport({ ...analysis, conclusions: [] }).trimEnd(), ''];
	if (analysis.conclusions.length > 0) {
		lines.push(table([
			['Crawler', 'Concludes', 'Reads', 'Kept', 'Per'],
			...analysis.conclusions.map((conclusion) => [conclusion.crawler.token, conclusionLabel(conclusion.kind), reads(conclusion), kept(conclusion), source(conclusion)]),
		]), '');
		for (const line of summariseConclusions(analysis.conclusions)) {
			// A sentence may start with a product token as it is spelt (bingbot).
			lines.push(`${line}.`);
		}
		if (explain) {
			lines.push('');
			for (const conclusion of analysis.conclusions) {
				lines.push(describeConclusion(conclusion));
			}
		} else {
			lines.push('(--explain says why, with the sources.)');
		}
	}
	return lines.join('\n') + '\n';
}

function fetchJson(analysis: DeployedAnalysis): unknown {
	const { facts } = analysis;
	return {
		url: facts.url,
		finalUrl: facts.finalUrl,
		status: facts.status ?? null,
		redirects: facts.redirects,
		contentType: facts.contentType ?? null,
		contentEncoding: facts.contentEncoding,
		bytes: facts.bytes,
		truncated: facts.truncated,
		body: facts.body,
		bom: facts.bom,
		invalidUtf8: facts.invalidUtf8,
		error: facts.error ?? null,
		notes: facts.notes,
		crawlers: analysis.conclusions.map((conclusion) => ({
			token: conclusion.crawler.token,
			policy: conclusion.policy.id,
			conclusion: conclusion.kind,
			event: conclusion.event,
			source: conclusion.basis.source ?? null,
			assumed: conclusion.basis.source === undefined || policyAssumed(conclusion),
			note: conclusion.basis.note ?? null,
			stopsAt: conclusion.stopsAt ?? null,
			incomplete: conclusion.incomplete === true,
			charset: conclusion.decoding?.charset ?? null,
			bom: conclusion.decoding?.bom ?? null,
			cacheSeconds: conclusion.cache ? conclusion.cache.seconds : null,
			cacheBasis: conclusion.cache?.basis ?? null,
			whileUnreachable: conclusion.whileUnreachable?.value ?? null,
			explanation: describeConclusion(conclusion),
		})),
	};
}

/** `robots-txt test --site`: what it needs from the test command's options. */
export interface SiteTestOptions {
	readonly site: string;
	readonly agents?: readonly string[];
	readonly urls: readonly string[];
	readonly json: boolean;
	readonly timeoutMs?: number;
}

/**
 * Tests URLs against the deployed file: one fetch, then each URL for each crawler from what the crawler concludes (the
 * rules it reads, or the response itself). URLs may be paths; full URLs must be on the site, whose robots.txt governs
 * only its own scheme, host and port (RFC 9309 §2.3).
 */
export async function runSiteTest(options: SiteTestOptions, line: (text: string) => void, version: string): Promise<void> {
	const settings: FetchSettings = { version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
	const { robotsUrl, origin, outcome } = await fetchSite(options.site, settings);
	for (const url of options.urls) {
		if (isUrl(url) && originOf(url) !== originOf(origin)) {
			throw new UsageError(`${url} is not on ${origin}: its robots.txt governs only its own scheme, host and port`);
		}
	}
	const agents = options.agents ?? defaultAnalysisOptions.crawlers;
	const analysis = analyseDeployed(outcome, agents);
	for (const url of options.urls) {
		for (const conclusion of analysis.conclusions) {
			const answer = evaluateFetched(conclusion, url);
			line(options.json ? siteJson(answer, url, robotsUrl) : siteText(answer, url, agents.length > 1));
		}
	}
}

function verdictText(verdict: FetchedVerdict['verdict']): string {
	return verdict === 'allow' ? 'ALLOWED   ' : verdict === 'disallow' ? 'DISALLOWED' : 'UNKNOWN   ';
}

/** What decided, in a few words, as `robots-txt test` says it. */
function decided(answer: FetchedVerdict): string {
	const { conclusion, evaluation } = answer;
	if (!evaluation) {
		return `${conclusion.event}, so it ${conclusionWords(conclusion.kind)}`;
	}
	if (evaluation.rule) {
		return `line ${evaluation.rule.line + 1}: ${evaluation.rule.text}`;
	}
	switch (evaluation.reason) {
		case 'robots-txt':
			return '/robots.txt is always allowed';
		case 'no-group':
			return 'no group applies';
		case 'too-large':
			return 'the file is over its size limit, which counts as allowing everything';
		case 'ignores-robots-txt':
			return `${conclusion.crawler.token} does not follow robots.txt`;
		default:
			return `no rule of the group at line ${evaluation.reading.groups.map((group) => group.line + 1).join(', ')} matches`;
	}
}

function siteText(answer: FetchedVerdict, url: string, showAgent: boolean): string {
	return `${verdictText(answer.verdict)} ${url}${showAgent ? `  as ${answer.conclusion.crawler.token}` : ''}  (${decided(answer)})`;
}

function siteJson(answer: FetchedVerdict, url: string, robotsUrl: string): string {
	const { conclusion, evaluation } = answer;
	return JSON.stringify({
		robots: robotsUrl,
		url,
		agent: conclusion.crawler.token,
		dialect: conclusion.crawler.dialect,
		known: conclusion.crawler.known,
		status: conclusion.status ?? null,
		conclusion: conclusion.kind,
		verdict: answer.verdict,
		line: evaluation?.rule ? evaluation.rule.line + 1 : null,
		rule: evaluation?.rule ? evaluation.rule.text : null,
		reason: evaluation ? evaluation.reason : 'response',
		explanation: evaluation ? explainEvaluation(evaluation) : describeConclusion(conclusion),
	});
}

/**
 * The bodies of the URLs among `robots-txt lint`'s arguments, fetched before the lint runs, keyed by the argument as
 * given; other arguments are left to the lint's own file reading.
 */
export async function fetchLintSources(args: readonly string[], version: string): Promise<Map<string, { name: string; bytes: Uint8Array }>> {
	const sources = new Map<string, { name: string; bytes: Uint8Array }>();
	let timeoutMs: number | undefined;
	const index = args.indexOf('--timeout');
	if (index >= 0 && args[index + 1] !== undefined) {
		timeoutMs = parseTimeout(args[index + 1]);
	}
	for (const [i, arg] of args.entries()) {
		const previous = args[i - 1];
		if (isUrl(arg) && previous !== '--format' && previous !== '--crawler' && previous !== '--dialect') {
			const source = await readRobotsSource(arg, { version, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
			sources.set(arg, { name: source.name, bytes: source.bytes });
		}
	}
	return sources;
}
