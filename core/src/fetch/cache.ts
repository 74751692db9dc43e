/**
 * How long a crawler may keep what it concluded from a response, from the response's caching headers read the way
 * the crawler reads them (facts/fetching.ts `CacheRule`): RFC 9111's freshness lifetime (Cache-Control max-age,
 * no-store and no-cache, Expires minus Date, less the Age), Google's max-age hint, or HTTP::Response's heuristics.
 * Pure: the response's own Date (or when it arrived) stands in for the clock. The basis is for people, in the
 * configured language; header names and values in it stay as sent.
 */

import type { CacheRule } from '../facts/fetching';
import { t } from '../l10n';
import { header, headerValues, type HttpResponse } from './response';

/** How long an answer may be kept. */
export interface CacheLifetime {
	/** Seconds from when the response arrived; null: no expiry, the program that uses it decides. */
	readonly seconds: number | null;
	/** What set it, for people: "Cache-Control: max-age=3600", "no caching header (the default)". */
	readonly basis: string;
	/** The header lifetime was longer than the crawler's cap and was cut to it. */
	readonly capped?: boolean;
}

/** Cache-Control directives (RFC 9111 §5.2): names lower-cased, values unquoted; `true` for a directive without one. */
function cacheControl(response: HttpResponse): Map<string, string | true> {
	const directives = new Map<string, string | true>();
	for (const value of headerValues(response, 'cache-control')) {
		for (const part of value.split(',')) {
			const equals = part.indexOf('=');
			const name = (equals < 0 ? part : part.slice(0, equals)).trim().toLowerCase();
			if (name === '' || directives.has(name)) {
				continue;
			}
			directives.set(
				name,
				equals < 0
					? true
					: part
							.slice(equals + 1)
							.trim()
							.replace(/^"(.*)"$/, '$1'),
			);
		}
	}
	return directives;
}

// RFC 9110 §5.6.7: IMF-fixdate, the obsolete RFC 850 form and asctime; recipients must accept all three.
const imfFixdate = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const rfc850Date = /^[A-Za-z]+, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const asctimeDate = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** An HTTP-date in milliseconds since the epoch, or undefined when the value is not one. */
export function httpDate(value: string | undefined): number | undefined {
	if (value === undefined) {
		return undefined;
	}
	const text = value.trim();
	if (!imfFixdate.test(text) && !rfc850Date.test(text) && !asctimeDate.test(text)) {
		return undefined;
	}
	// Date.parse reads all three forms; asctime has no zone and means GMT.
	const time = Date.parse(asctimeDate.test(text) ? `${text} GMT` : text);
	return Number.isNaN(time) ? undefined : time;
}

/** A delta-seconds value (RFC 9111 §1.2.2), or undefined. */
function deltaSeconds(value: string | true | undefined): number | undefined {
	return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}

function ageOf(response: HttpResponse): number {
	return deltaSeconds(header(response, 'age')) ?? 0;
}

/** The lifetime set by Expires, relative to the response's Date (or when it arrived); undefined without both. */
function expiresLifetime(response: HttpResponse): { seconds: number; basis: string } | undefined {
	const expires = header(response, 'expires');
	if (expires === undefined) {
		return undefined;
	}
	const date = httpDate(header(response, 'date')) ?? response.receivedAt;
	const at = httpDate(expires);
	if (at === undefined) {
		// RFC 9111 §5.3: an invalid Expires, "especially the value "0"", is a time in the past.
		return { seconds: 0, basis: t('Expires: {0} (not a date: already expired)', expires) };
	}
	if (date === undefined) {
		return undefined;
	}
	return { seconds: Math.max(0, Math.floor((at - date) / 1000)), basis: `Expires: ${expires}` };
}

/** The freshness lifetime a crawler with `rule` gives the answer of `response` (undefined: none arrived). */
export function cacheLifetime(rule: CacheRule, response: HttpResponse | undefined, defaultBasis: string): CacheLifetime {
	if (rule.headers === 'none' || rule.defaultSeconds === null) {
		return { seconds: null, basis: t('no expiry: the program decides when to read the file again') };
	}
	const fallback = { seconds: rule.defaultSeconds, basis: defaultBasis };
	if (response === undefined) {
		return fallback;
	}
	const found = headerLifetime(rule, response) ?? fallback;
	const age = ageOf(response);
	let seconds = Math.max(0, found.seconds - (found === fallback ? 0 : age));
	let basis = age > 0 && found !== fallback ? t('{0}, less Age: {1}', found.basis, age) : found.basis;
	let capped = false;
	if (rule.maxSeconds !== null && seconds > rule.maxSeconds) {
		seconds = rule.maxSeconds;
		basis = t('{0}, cut to its limit', basis);
		capped = true;
	}
	return capped ? { seconds, basis, capped } : { seconds, basis };
}

/** The lifetime the headers set for this rule, or undefined when they set none. */
function headerLifetime(rule: CacheRule, response: HttpResponse): { seconds: number; basis: string } | undefined {
	const directives = cacheControl(response);
	switch (rule.headers) {
		case 'max-age': {
			const maxAge = deltaSeconds(directives.get('max-age'));
			return maxAge === undefined ? undefined : { seconds: maxAge, basis: `Cache-Control: max-age=${maxAge}` };
		}
		case 'rfc9111': {
			// A private cache: s-maxage is for shared caches (RFC 9111 §5.2.2.10), and no-store or no-cache leave nothing
			// to reuse without asking the server again.
			if (directives.has('no-store')) {
				return { seconds: 0, basis: 'Cache-Control: no-store' };
			}
			if (directives.get('no-cache') === true) {
				return { seconds: 0, basis: t('Cache-Control: no-cache (checked with the server before each use)') };
			}
			const maxAge = deltaSeconds(directives.get('max-age'));
			if (maxAge !== undefined) {
				return { seconds: maxAge, basis: `Cache-Control: max-age=${maxAge}` };
			}
			return expiresLifetime(response);
		}
		case 'lwp': {
			// HTTP::Response::freshness_lifetime: the first `max-age=N`, then Expires − Date, then 10 % of the time since
			// Last-Modified within [60 s, 24 h], else one hour (the policy's default).
			const maxAge = deltaSeconds(directives.get('max-age'));
			if (maxAge !== undefined) {
				return { seconds: maxAge, basis: `Cache-Control: max-age=${maxAge}` };
			}
			const expires = expiresLifetime(response);
			if (expires && httpDate(header(response, 'expires')) !== undefined) {
				return expires;
			}
			const date = httpDate(header(response, 'date')) ?? response.receivedAt;
			const modified = httpDate(header(response, 'last-modified'));
			if (date !== undefined && modified !== undefined) {
				const guess = Math.floor(((date - modified) / 1000) * 0.1);
				return { seconds: Math.min(24 * 60 * 60, Math.max(60, guess)), basis: t('10 % of the time since Last-Modified, within 1 minute and 24 hours') };
			}
			return undefined;
		}
		case 'none':
			return undefined;
	}
}
