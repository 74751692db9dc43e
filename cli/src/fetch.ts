/**
 * The deployed robots.txt on the command line: `robots-txt fetch <site>` (the response's facts and what each target
 * crawler concludes from it), `robots-txt test --site <site> URL…` (verdicts as each crawler reads the live file,
 * starting from the response), and the URLs `robots-txt lint` is given. One request per site and run; all IO is here
 * and in io/src/httpFetch.ts, every answer comes from the core.
 */

import {
	analyseDeployed,
	compareHosts,
	conclusionLabel,
	describeChange,
	eventConsequence,
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
	type FetchOutcome,
	verdictWord,
} from '../../core/src/index';
import { formatNumber, joinList, t } from '../../core/src/l10n';
import { crawlerTokens, type OptionTable, parseTimeout, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { table } from './help';
import { fetchHosts, hostJson, hostList, hostListOptions, hostListValues, hostsNote, hostStatus, hostTable, hostVerdict } from './hosts';
import { fetchedPreferences, preferencesJson, preferencesText } from './preferences';
import { fetchSite, isUrl, type FetchSettings } from './source';
import { escapeControls, escapeLines } from './terminal';
import { checkUrl } from './urlInput';

interface FetchOptions {
	sites: string[];
	variants?: true;
	hosts?: string;
	crawlers?: string[];
	format: 'text' | 'json';
	explain: boolean;
	body: boolean;
	timeoutMs?: number;
}

/** The options of `robots-txt fetch`, in the order its help lists them. */
const fetchOptions = {
	crawler: {
		value: '<tokens>',
		multiple: true,
		aliases: ['crawlers', 'agent'],
		help: () => t('the crawlers to answer for, comma-separated (default: the major search engines and AI crawlers)'),
	},
	format: { value: '<name>', help: () => t('text (the facts, a table and a summary) or json (the facts and every conclusion as one object)') },
	json: { help: () => t('one JSON object') },
	explain: { help: () => t('every conclusion in words, with its sources') },
	body: { help: () => t("write the file's bytes as served, nothing else") },
	timeout: { value: '<s>', help: () => t('seconds for the whole fetch, however slowly the bytes come (default 10)') },
	...hostListOptions,
} satisfies OptionTable;

function parseFetchArguments(args: readonly string[]): FetchOptions {
	const { values, positionals } = readArguments(args, fetchOptions);
	const format = readFormat(values.format, ['text', 'json']);
	const options = {
		crawlers: crawlerTokens(values.crawler, '--crawler'),
		format: values.json === true ? 'json' : format,
		explain: values.explain === true,
		body: values.body === true,
		timeoutMs: values.timeout === undefined ? undefined : parseTimeout(values.timeout),
	};
	if (positionals.length === 0 && values.hosts === undefined) {
		throw new UsageError(t('missing <site>, e.g. robots-txt fetch https://example.com'));
	}
	if (options.body && (options.format === 'json' || options.explain)) {
		throw new UsageError(t('--body writes the file alone; it takes no --format json or --explain'));
	}
	return {
		...options,
		sites: positionals,
		...hostListValues(values),
	};
}

/**
 * Runs `robots-txt fetch`. Exit status: 0 when a response arrived (whatever its status: it is the finding), 1 when none
 * did or it did not finish in time (a network error, a redirect loop, a timeout: the report says what crawlers make of
 * that), 2 on bad arguments.
 */
async function runFetch(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseFetchArguments(args);
	const settings: FetchSettings = { version: io.version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
	const list = hostList(options.sites, options);
	if (list.sites.length > 1) {
		return runFetchHosts(list, options, settings, io);
	}
	for (const note of list.notes) {
		await io.error(note);
	}
	const { outcome } = await fetchSite(list.sites[0], settings);
	const analysis = analyseDeployed(outcome, options.crawlers ?? defaultAnalysisOptions.crawlers);
	const gotFile = outcome.error === undefined || (outcome.error.kind === 'network' && outcome.error.afterHeaders === true);
	if (options.body) {
		const body = outcome.responses[outcome.responses.length - 1]?.body;
		if (body === undefined || !gotFile) {
			throw new UsageError(`${analysis.facts.url}: ${analysis.facts.error ?? t('no body')}`);
		}
		// The bytes as served, not text: written past the text output, which holds nothing yet.
		await io.out.flush();
		await new Promise<void>((resolve) => process.stdout.write(body, () => resolve()));
		return 0;
	}
	await io.out.write(options.format === 'json' ? JSON.stringify(fetchJson(analysis), null, 2) + '\n' : fetchText(analysis, options.explain));
	return gotAnswer(outcome) ? 0 : 1;
}

/** Whether a fetch ended with a response to go by (whatever its status): not a network error, loop or timeout. */
function gotAnswer(outcome: FetchOutcome): boolean {
	// A body that stopped coming in time is no answer either: crawlers retry it (the report says what they conclude).
	const timedOut = outcome.error?.kind === 'network' && outcome.error.code === 'timeout';
	return outcome.responses.length > 0 && !timedOut && outcome.error?.kind !== 'redirect-loop' && outcome.error?.kind !== 'redirect-limit';
}

/**
 * `robots-txt fetch` over several hosts: the host table, the files, and each file's differences from the first one's
 * for the target crawlers. Exit status 1 when the hosts do not give every target crawler the same answer, or a host
 * gave no answer to go by; else 0.
 */
async function runFetchHosts(list: { sites: string[]; notes: string[] }, options: FetchOptions, settings: FetchSettings, io: CommandIo): Promise<number> {
	if (options.body) {
		throw new UsageError(t('--body writes one file; give one site'));
	}
	const fetches = await fetchHosts(list.sites, settings);
	const comparison = compareHosts(fetches, { crawlers: options.crawlers ?? defaultAnalysisOptions.crawlers });
	if (options.format === 'json') {
		const differences = comparison.differences.map((difference) => ({
			file: difference.file,
			reference: difference.reference,
			changes: difference.diff.changes.map((change) => ({ crawler: change.crawler, summary: describeChange(change) })),
			flips: difference.diff.flips.length,
		}));
		await io.out.write(JSON.stringify({ ...hostJson(comparison, list.notes), differences }, null, 2) + '\n');
	} else {
		const lines = [hostTable(comparison, list.notes), ''];
		for (const difference of comparison.differences) {
			lines.push(t('File {0} against file {1}:', difference.file, difference.reference));
			const changes = difference.diff.changes.map((change) => `  ${describeChange(change)}`);
			lines.push(...(changes.length > 0 ? changes : [`  ${t('Every target crawler reads the same rules in both.')}`]));
		}
		if (options.explain) {
			for (const fetched of comparison.hosts) {
				lines.push('', fetched.site, ...fetched.conclusions.map(describeConclusion));
			}
		}
		lines.push(hostVerdict(comparison));
		await io.out.write(escapeLines(lines.join('\n')) + '\n');
	}
	return hostStatus(comparison) === 1 || !fetches.every((fetched) => gotAnswer(fetched.outcome)) ? 1 : 0;
}

/** The JSON of `fetch` over several hosts, for its help. */
const hostsJsonShape =
	'{ "notes": [ … ], "hosts": [ { "site", "url", "status", "response", "redirectsTo", "redirectListed", "file": "A", "crawlers": [ { "token", "conclusion" } ] } ], "files": [ { "id": "A", "hosts": [ … ], "bytes" } ], "split": [ "Googlebot", … ], "differences": [ { "file": "B", "reference": "A", "changes": [ { "crawler", "summary" } ], "flips" } ] }';

/** Where the crawler stops reading, for the table. */
function reads(conclusion: FetchConclusion): string {
	if (conclusion.kind !== 'rules') {
		return '—';
	}
	if (conclusion.stopsAt !== undefined) {
		return t('first {0} bytes', formatNumber(conclusion.stopsAt));
	}
	return conclusion.incomplete ? t('more than was downloaded') : t('whole file');
}

function kept(conclusion: FetchConclusion): string {
	if (!conclusion.cache) {
		return conclusion.kind === 'unknown' ? '—' : t('retries');
	}
	return conclusion.cache.seconds === null ? t('no expiry') : formatDuration(conclusion.cache.seconds);
}

function source(conclusion: FetchConclusion): string {
	return conclusion.basis.source === undefined || policyAssumed(conclusion) ? t('{0} (assumed)', conclusion.policy.name) : conclusion.policy.name;
}

function fetchText(analysis: DeployedAnalysis, explain: boolean): string {
	const lines = [deployedReport({ ...analysis, conclusions: [] }).trimEnd(), ''];
	if (analysis.conclusions.length > 0) {
		lines.push(
			table([
				[t('Crawler'), t('Concludes'), t('Reads'), t('Kept'), t('Per')],
				...analysis.conclusions.map((conclusion) => [
					conclusion.crawler.token,
					conclusionLabel(conclusion.kind),
					reads(conclusion),
					kept(conclusion),
					source(conclusion),
				]),
			]),
			'',
		);
		for (const line of summariseConclusions(analysis.conclusions)) {
			// A sentence may start with a product token as it is spelt (bingbot).
			lines.push(t('{0}.', line));
		}
		if (explain) {
			lines.push('');
			for (const conclusion of analysis.conclusions) {
				lines.push(describeConclusion(conclusion));
			}
		} else {
			lines.push(t('(--explain says why, with the sources.)'));
		}
	}
	// The report quotes the response (its reason phrase, its URLs): control characters escaped.
	return escapeLines(lines.join('\n')) + '\n';
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
interface SiteTestOptions {
	readonly site: string;
	readonly agents?: readonly string[];
	/**
	 * URLs in batches as they are read, each with where it came from (`urls.txt:3: `, or nothing for an argument) and
	 * why it could not be read, if so.
	 */
	readonly inputs: AsyncIterable<readonly { readonly url: string; readonly where: string; readonly problem?: string }[]>;
	readonly json: boolean;
	readonly timeoutMs?: number;
}

/**
 * Tests URLs against the deployed file: one fetch, then each URL for each crawler from what the crawler concludes (the
 * rules it reads, or the response itself). URLs may be paths; full URLs must be on the site, whose robots.txt governs
 * only its own scheme, host and port (RFC 9309 §2.3). An input that is not a URL, or is on another site, is reported
 * in place and the others are answered; the exit status is then 2.
 */
export async function runSiteTest(options: SiteTestOptions, io: CommandIo): Promise<number> {
	const settings: FetchSettings = { version: io.version, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
	const { robotsUrl, origin, outcome } = await fetchSite(options.site, settings);
	const agents = options.agents ?? defaultAnalysisOptions.crawlers;
	const analysis = analyseDeployed(outcome, agents);
	let bad = 0;
	read: for await (const batch of options.inputs) {
		for (const input of batch) {
			if (io.out.closed) {
				break read;
			}
			if (input.problem !== undefined) {
				bad++;
				await (options.json ? io.out.line(JSON.stringify({ error: input.problem })) : io.error(`${input.where}${input.problem}`));
				continue;
			}
			const problem =
				checkUrl(input.url)
				?? (isUrl(input.url) && originOf(input.url) !== originOf(origin)
					? t('not on {0}: its robots.txt governs only its own scheme, host and port', origin)
					: undefined);
			if (problem !== undefined) {
				bad++;
				if (options.json) {
					await io.out.line(JSON.stringify({ url: input.url, error: problem }));
				} else {
					await io.error(`${input.where}${JSON.stringify(input.url)}: ${problem}`);
				}
				continue;
			}
			for (const conclusion of analysis.conclusions) {
				const answer = evaluateFetched(conclusion, input.url);
				const written = io.out.line(options.json ? siteJson(answer, input.url, robotsUrl) : siteText(answer, input.url, agents.length > 1));
				if (written) {
					await written;
				}
			}
		}
		// The answers of what was read go out now: a program that sends a URL and waits for its answer sends no more.
		await io.out.flush();
	}
	return bad > 0 ? 2 : 0;
}

function verdictText(verdict: FetchedVerdict['verdict']): string {
	return verdictWord(verdict, { forTools: true }).padEnd(10);
}

/** What decided, in a few words, as `robots-txt test` says it. */
function decided(answer: FetchedVerdict): string {
	const { conclusion, evaluation } = answer;
	if (!evaluation) {
		return eventConsequence(conclusion);
	}
	if (evaluation.rule) {
		return t('line {0}: {1}', evaluation.rule.line + 1, evaluation.rule.text);
	}
	switch (evaluation.reason) {
		case 'robots-txt':
			return t('/robots.txt is always allowed');
		case 'no-group':
			return t('no group applies');
		case 'too-large':
			return t('the file is over its size limit, which counts as allowing everything');
		case 'ignores-robots-txt':
			return t('{0} does not follow robots.txt', conclusion.crawler.token);
		default:
			return noRuleMatches(evaluation.reading.groups.map((group) => group.line + 1));
	}
}

/** "no rule of the group at line 4 matches", for the groups a crawler follows (1-based lines); `test` says it too. */
export function noRuleMatches(lines: readonly number[]): string {
	if (lines.length === 0) {
		return t('no rule of the group matches');
	}
	return lines.length === 1
		? t('no rule of the group at line {0} matches', lines[0])
		: t('no rule of the groups at lines {0} matches', joinList(lines.map(String)));
}

function siteText(answer: FetchedVerdict, url: string, showAgent: boolean): string {
	const agent = showAgent ? `  ${t('as {0}', answer.conclusion.crawler.token)}` : '';
	return escapeControls(`${verdictText(answer.verdict)} ${url}${agent}  (${decided(answer)})${preferencesText(fetchedPreferences(answer))}`);
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
		preferences: preferencesJson(fetchedPreferences(answer)),
	});
}

export const fetchCommand: Command = {
	name: 'fetch',
	summary: () => t("fetches a site's robots.txt once and says what each crawler concludes from the response"),
	synopsis: [
		'robots-txt fetch <site> [--crawler <token>,...] [--format text|json] [--explain] [--body] [--timeout <seconds>]',
		'robots-txt fetch <site>... [--variants] [--hosts <file|->] [--crawler <token>,...] [--format text|json] [--explain] [--timeout <seconds>]',
	],
	about: () => [
		t(
			'Fetches a site\'s robots.txt once, as a crawler would, and says what each crawler concludes from the response: the rules of the body, no restrictions, everything disallowed, or "try again later" (status, redirects, content type and coding, charset, byte order mark, size), where it stops reading and how long it keeps the answer, each with the source that documents it. <site> is a host (example.com), any URL of the site, or its robots.txt URL.',
		),
	],
	options: fetchOptions,
	notes: () => [
		t(
			'One GET with a User-Agent naming this tool, at most five redirects, at most 500 KiB and a 64 KiB margin read. HTTP_PROXY, HTTPS_PROXY and NO_PROXY (or their lower-case forms) are honoured; only http:// proxies.',
		),
		t(
			'Exit status: 0 when a response arrived (whatever its status: that is the finding); 1 when none did or it did not finish in time (a network error, a redirect loop, a timeout); 2 on bad arguments.',
		),
		hostsNote(),
		t(
			'Exit status with several hosts: 0 when every host gives every target crawler the same answer; 1 when they do not (files whose verdicts differ, or a 5xx, a 404 or no answer on some host) or a host gave no answer to go by; 2 on bad arguments.',
		),
		t('With several hosts, --format json writes one object: {0}', hostsJsonShape),
	],
	run: runFetch,
};
