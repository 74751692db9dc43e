/**
 * The TypeScript counterpart of Perl's WWW::RobotRules (seed 000): one object for one robot that collects the
 * robots.txt of many sites, keeps them apart by scheme, host and port, and answers `allowed(url)` while the
 * rules are fresh. `parseResponse` takes the HTTP response instead of the text, as LWP::RobotUA hands it over, and
 * applies what the status, headers and body mean for the robot (the core's fetch conclusions) and how long they last.
 * Time comes from an injectable clock, so the object stays deterministic under test.
 */

import { crawlerProfile } from './crawlers/profile';
import type { Dialect } from './dialect';
import type { FetchPolicyId } from './facts/fetching';
import { concludeFetch, type FetchConclusion } from './fetch/conclude';
import { httpDate } from './fetch/cache';
import { header, type FetchOutcome, type HttpResponse } from './fetch/response';
import { robotName } from './matching/agents';
import { evaluate, type Evaluation } from './matching/evaluate';
import { t } from './l10n';
import { effectivePort, splitUrl } from './matching/url';
import { encodeRobotsText } from './syntax/bytes';
import { RobotsModel } from './syntax/parser';

/** How a `RobotRules` reads files and responses, and where its time comes from. */
export interface RobotRulesOptions {
	/** Default `rfc9309`. */
	readonly dialect?: Dialect;
	/** Milliseconds since the epoch; default `Date.now`. */
	readonly now?: () => number;
	/**
	 * How `parseResponse` reads responses (facts/fetching.ts); default: the catalogue's for a crawler it knows, else
	 * by dialect (`google`, `yandex`, `draft1996` for both first-match dialects, `rfc9309`).
	 */
	readonly fetch?: FetchPolicyId;
	/** How long a site stays blocked after a server or network error when the response names no Retry-After; default 1 hour (ours). */
	readonly retryAfterMs?: number;
}

/** A response as a crawler author has it: a status, headers and a body; `url` defaults to the robots.txt URL. */
export interface SimpleResponse {
	readonly status: number;
	readonly url?: string;
	readonly headers?: Readonly<Record<string, string>> | readonly (readonly [string, string])[];
	readonly body?: Uint8Array | string;
}

/** RFC 9309 §2.4: a cached robots.txt SHOULD NOT be used for more than 24 hours. */
const rfcFreshness = 24 * 60 * 60 * 1000;
/** draft-koster-robots-00 §3.4: without cache-control, a default of 7 days. */
const draftFreshness = 7 * 24 * 60 * 60 * 1000;

const defaultRetryAfter = 60 * 60 * 1000;

interface Site {
	/** The rules, or null when the response disallows everything (or asks to retry) without rules. */
	readonly model: RobotsModel | null;
	readonly freshUntil: number;
	readonly conclusion?: FetchConclusion;
}

const fetchByDialect: Readonly<Record<Dialect, FetchPolicyId>> = {
	rfc9309: 'rfc9309',
	google: 'google',
	yandex: 'yandex',
	draft1996: 'draft1996',
	original1994: 'draft1996',
};

/**
 * The rules of many sites for one robot, as Perl's WWW::RobotRules keeps them: `parse` (or `parseResponse`) each site's
 * robots.txt as it is fetched, then ask `allowed(url)`; sites are kept apart by scheme, host and port, and each
 * site's rules expire (24 hours for RFC 9309 and Google, 7 days for the 1996 and 1994 dialects, or as the response's
 * caching headers say).
 */
export class RobotRules {
	private readonly sites = new Map<string, Site>();
	private readonly dialect: Dialect;
	private readonly now: () => number;
	/** The name matched against User-agent lines: the product token without version, as WWW::RobotRules strips it. */
	private readonly crawler: string;
	private readonly fetch?: FetchPolicyId;
	private readonly retryAfterMs: number;

	/** `agent` is the robot's name, with or without version (`SuperRobot/1.0`). */
	constructor(
		readonly agent: string,
		options: RobotRulesOptions = {},
	) {
		this.dialect = options.dialect ?? 'rfc9309';
		this.now = options.now ?? Date.now;
		// Yandex's library matches values against the full name with version; the others want the bare name.
		this.crawler = this.dialect === 'yandex' ? agent.trim() : robotName(agent);
		this.fetch = options.fetch;
		this.retryAfterMs = options.retryAfterMs ?? defaultRetryAfter;
	}

	/**
	 * Records the robots.txt fetched from `robotsUrl` (whose scheme, host and port name the site).
	 * `freshUntil` is when the rules expire, in milliseconds since the epoch; by default 24 hours from now
	 * (7 days for the 1996 and 1994 dialects).
	 */
	parse(robotsUrl: string, content: string, freshUntil?: number): void {
		const key = siteKey(robotsUrl);
		if (key === undefined) {
			throw new Error(t('Not an http(s) URL with a host: {0}', robotsUrl));
		}
		const lifetime = this.dialect === 'draft1996' || this.dialect === 'original1994' ? draftFreshness : rfcFreshness;
		this.sites.set(key, { model: RobotsModel.parse(content), freshUntil: freshUntil ?? this.now() + lifetime });
	}

	/**
	 * Records what the robot concludes from the response to a robots.txt request: a fetch outcome (the chain of
	 * responses, or the network error that ended it) or one response. A 2xx gives the rules of the body as the robot
	 * reads it (charset, byte order mark, size limit); a 4xx no restrictions; a 5xx or a network error everything
	 * disallowed until the retry (Retry-After, else `retryAfterMs`), all per the fetch policy. The answer lasts as the
	 * response's caching headers and the policy say. Returns the conclusion, with its reasons and sources.
	 */
	parseResponse(robotsUrl: string, response: FetchOutcome | SimpleResponse): FetchConclusion {
		const key = siteKey(robotsUrl);
		if (key === undefined) {
			throw new Error(t('Not an http(s) URL with a host: {0}', robotsUrl));
		}
		const outcome: FetchOutcome = 'responses' in response ? response : { url: robotsUrl, responses: [toHttpResponse(robotsUrl, response)] };
		const known = crawlerProfile(this.crawler, this.dialect);
		const profile = { ...known, fetch: this.fetch ?? (known.known ? known.fetch : fetchByDialect[this.dialect]) };
		const conclusion = concludeFetch(outcome, profile);
		const now = this.now();
		switch (conclusion.kind) {
			case 'unknown':
				return conclusion;
			case 'rules':
			case 'allow-all': {
				// The rules as the robot reads them: past its size limit nothing counts.
				const model = conclusion.kind === 'rules' && conclusion.reading ? conclusion.reading.model : RobotsModel.parse('');
				const seconds = conclusion.cache?.seconds;
				const freshUntil = seconds === null ? Number.POSITIVE_INFINITY : now + (seconds ?? rfcFreshness / 1000) * 1000;
				this.sites.set(key, { model, freshUntil, conclusion });
				return conclusion;
			}
			default: {
				const seconds = conclusion.cache?.seconds;
				const last = outcome.responses[outcome.responses.length - 1];
				const freshUntil = seconds !== undefined && seconds !== null ? now + seconds * 1000 : now + retryAfter(last, now, this.retryAfterMs);
				this.sites.set(key, { model: null, freshUntil, conclusion });
				return conclusion;
			}
		}
	}

	/** What the robot concluded from the last response recorded with `parseResponse` for the site of `url`. */
	conclusion(url: string): FetchConclusion | undefined {
		const key = siteKey(url);
		return key === undefined ? undefined : this.sites.get(key)?.conclusion;
	}

	/**
	 * Whether the robot may fetch `url`: `true` or `false` from the site's fresh rules; `undefined` when no fresh
	 * robots.txt is known for the site (fetch it first). URLs that are not http(s) are not governed by robots.txt.
	 */
	allowed(url: string): boolean | undefined {
		const key = siteKey(url);
		const site = key === undefined ? undefined : this.sites.get(key);
		if (site && site.model === null && site.freshUntil >= this.now()) {
			// The last response disallows everything, or asks to come back later: nothing may be fetched meanwhile.
			return false;
		}
		const evaluation = this.evaluate(url);
		if (evaluation === null) {
			return true;
		}
		return evaluation === undefined ? undefined : evaluation.verdict === 'allow';
	}

	/**
	 * The full answer for `url`; `null` for a URL robots.txt does not govern; `undefined` without fresh rules, and also
	 * while the site's last response disallows everything without rules (then `allowed` is false and `conclusion` says why).
	 */
	evaluate(url: string): Evaluation | undefined | null {
		const key = siteKey(url);
		if (key === undefined) {
			return null;
		}
		const site = this.sites.get(key);
		if (!site || site.model === null || site.freshUntil < this.now()) {
			return undefined;
		}
		return evaluate(site.model, { agent: this.crawler, url, dialect: this.dialect });
	}

	/** When the rules of the site of `url` expire, or undefined when none are known. */
	freshUntil(url: string): number | undefined {
		const key = siteKey(url);
		return key === undefined ? undefined : this.sites.get(key)?.freshUntil;
	}
}

function siteKey(url: string): string | undefined {
	const parts = splitUrl(url);
	if ((parts.scheme !== 'http' && parts.scheme !== 'https') || !parts.host) {
		return undefined;
	}
	return `${parts.scheme}://${parts.host}:${effectivePort(parts)}`;
}

/** A plain response as the core's `HttpResponse`; a string body is UTF-8. */
function toHttpResponse(robotsUrl: string, response: SimpleResponse): HttpResponse {
	const headers =
		response.headers === undefined
			? []
			: Array.isArray(response.headers)
				? (response.headers as readonly (readonly [string, string])[])
				: Object.entries(response.headers as Readonly<Record<string, string>>);
	const body = typeof response.body === 'string' ? encodeRobotsText(response.body) : response.body;
	return { url: response.url ?? robotsUrl, status: response.status, headers, ...(body !== undefined ? { body } : {}) };
}

/** Milliseconds to wait before fetching again after an error: Retry-After (seconds or a date, RFC 9110 §10.2.3), else the default. */
function retryAfter(response: HttpResponse | undefined, now: number, fallback: number): number {
	const value = response ? header(response, 'retry-after')?.trim() : undefined;
	if (value !== undefined && /^\d+$/.test(value)) {
		return Number(value) * 1000;
	}
	const date = httpDate(value);
	return date !== undefined ? Math.max(0, date - now) : fallback;
}
