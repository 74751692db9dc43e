/**
 * "A robots.txt from a path or a URL" for every command: a file, standard input (`-`), or an http(s) URL fetched once
 * with the limits of a polite fetch (the core's), the proxy environment variables and a User-Agent naming the tool.
 * A URL that gives no file (a 404, a 5xx, a network error) is a clear one-line error saying what crawlers make of it.
 */

import {
	analyseDeployed,
	decodeRobotsBytes,
	defaultAnalysisOptions,
	defaultFetchLimits,
	fetchUserAgent,
	foreignContentMessage,
	parse,
	responseHeadline,
	robotsTarget,
	summariseConclusions,
	type FetchOutcome,
	type RobotsModel,
} from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { fetchWithLimits, type HttpFetchOptions } from '../../io/src/httpFetch';
import { UsageError } from './args';
import { inputName, readBytes } from './io';
import { proxyFromEnvironment } from './proxy';

/** How the CLI fetches. */
export interface FetchSettings {
	readonly version: string;
	/** Milliseconds for the whole fetch; default 10 s. */
	readonly timeoutMs?: number;
	/** The environment with the proxy variables; default `process.env`. */
	readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Whether a command-line argument is an http(s) URL rather than a path. */
export function isUrl(spec: string): boolean {
	return /^https?:\/\//i.test(spec.trim());
}

/** How the CLI fetches, for io/src/httpFetch.ts: the core's limits, its User-Agent, the proxy variables. */
export function httpOptions(settings: FetchSettings): HttpFetchOptions {
	let proxyFor;
	try {
		proxyFor = proxyFromEnvironment(settings.env ?? process.env);
	} catch (error) {
		throw new UsageError(error instanceof Error ? error.message : String(error));
	}
	return {
		...defaultFetchLimits,
		...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
		userAgent: fetchUserAgent(settings.version),
		proxyFor,
	};
}

/** Fetches `url` exactly (following redirects) with the CLI's settings. */
function fetchUrl(url: string, settings: FetchSettings): Promise<FetchOutcome> {
	return fetchWithLimits(url, httpOptions(settings));
}

/** Fetches the robots.txt of a site (a host, an origin, any URL of the site). */
export async function fetchSite(site: string, settings: FetchSettings): Promise<{ robotsUrl: string; origin: string; outcome: FetchOutcome }> {
	const target = robotsTarget(site);
	if ('error' in target) {
		throw new UsageError(target.error);
	}
	return { ...target, outcome: await fetchUrl(target.robotsUrl, settings) };
}

/** A robots.txt read for a command: its name for messages, its bytes, and the fetch when it came from a URL. */
interface RobotsSource {
	readonly name: string;
	readonly bytes: Uint8Array;
	readonly outcome?: FetchOutcome;
}

/**
 * Reads a robots.txt from a path, `-` (standard input) or a URL: a bare origin (`https://example.com`) means its
 * `/robots.txt`, any other URL is fetched as given. Throws a UsageError (exit 2) for an unreadable file or a URL that
 * serves no file, with what crawlers conclude from the response.
 */
export async function readRobotsSource(spec: string, settings: FetchSettings): Promise<RobotsSource> {
	if (!isUrl(spec)) {
		return { name: inputName(spec), bytes: readBytes(spec) };
	}
	let url: URL;
	try {
		url = new URL(spec.trim());
	} catch {
		throw new UsageError(t('"{0}" is not a URL', spec));
	}
	const target = url.pathname === '/' && url.search === '' ? `${url.origin}/robots.txt` : url.href;
	const outcome = await fetchUrl(target, settings);
	const final = outcome.error?.kind === 'network' || outcome.error === undefined ? outcome.responses[outcome.responses.length - 1] : undefined;
	if (final === undefined || outcome.error !== undefined || final.status < 200 || final.status >= 300 || final.body === undefined) {
		throw new UsageError(unreadableMessage(target, outcome));
	}
	return { name: target, bytes: final.body, outcome };
}

/** "URL: 404 Not Found; no file to read. Googlebot and bingbot allow every URL (no restrictions)." */
function unreadableMessage(url: string, outcome: FetchOutcome): string {
	const analysis = analyseDeployed(outcome, defaultAnalysisOptions.crawlers);
	const what = analysis.facts.error ?? responseHeadline(analysis.facts);
	const crawlers = summariseConclusions(analysis.conclusions).join('; ');
	return t('{0}: {1}; no file to read. {2}.', url, what, crawlers);
}

/**
 * A robots.txt's bytes as a model. A file that is not robots.txt (an HTML page, JSON, UTF-16, a binary) is a usage
 * error that says what it is and what crawlers make of it, unless `anyFile`, when that goes to `warn` and the file is
 * answered.
 */
export function robotsModel(bytes: Uint8Array, name: string, anyFile: boolean, warn?: (message: string) => void): RobotsModel {
	const model = parse(decodeRobotsBytes(bytes));
	const foreign = foreignContentMessage(model);
	if (foreign !== undefined) {
		if (!anyFile) {
			throw new UsageError(t('{0}: {1} Give --any-file to answer for it anyway.', name, foreign));
		}
		warn?.(t('warning: {0}: {1}', name, foreign));
	}
	return model;
}
