/**
 * The words for a fetched robots.txt: the response's facts (status, redirects, media type, size, what the body looks
 * like) and what each crawler concludes, written once for the CLI, the editor and the library. Plain text, in the
 * configured language (core/l10n.ts): every sentence is written when it is asked for.
 */

import { formatBytes, listNames } from '../crawlers/explain';
import type { Sourced } from '../facts/fetching';
import { formatNumber, t } from '../l10n';
import type { ConclusionKind, FetchConclusion } from './conclude';
import {
	bodyKind,
	finalResponse,
	hasUtf8Bom,
	header,
	hostOf,
	invalidUtf8Bytes,
	parseContentType,
	redirectsOf,
	type BodyKind,
	type FetchOutcome,
	type NetworkErrorKind,
	type Redirect,
} from './response';

/** The facts of a response that do not depend on a crawler. */
export interface ResponseFacts {
	/** The robots.txt URL asked for, and the URL of the last response. */
	readonly url: string;
	readonly finalUrl: string;
	readonly status?: number;
	readonly statusText?: string;
	readonly redirects: readonly Redirect[];
	/** The host a redirect led to, when it is not the one asked. */
	readonly otherHost?: string;
	readonly contentType?: string;
	readonly contentEncoding: readonly string[];
	/** Body octets (content codings undone), and on the wire when they differ. */
	readonly bytes: number;
	readonly wireBytes?: number;
	/** The download stopped at its limit. */
	readonly truncated: boolean;
	readonly body: BodyKind | 'none';
	readonly bom: boolean;
	/** Bytes of the body that are not UTF-8. */
	readonly invalidUtf8: number;
	/** Why the fetch ended early, in words. */
	readonly error?: string;
	/** Plain sentences about what is wrong or unusual, most important first. */
	readonly notes: readonly string[];
}

/** What a network error is, as a sentence without its full stop. */
function networkWords(code: NetworkErrorKind): string {
	switch (code) {
		case 'dns':
			return t('The host name does not resolve (DNS failure)');
		case 'refused':
			return t('The connection was refused');
		case 'reset':
			return t('The connection was reset');
		case 'timeout':
			return t('No complete answer arrived in time');
		case 'tls':
			return t('The TLS handshake failed');
		case 'protocol':
			return t('The answer is not valid HTTP');
		default:
			return t('The request failed');
	}
}

/** The crawler-independent facts of a fetch. */
export function describeResponse(outcome: FetchOutcome): ResponseFacts {
	const redirects = redirectsOf(outcome);
	const last = outcome.responses[outcome.responses.length - 1];
	const final = finalResponse(outcome);
	const body = final?.body;
	const askedHost = hostOf(outcome.url);
	const otherHost = redirects.map((redirect) => hostOf(redirect.to)).find((host) => host !== undefined && host !== askedHost);
	const contentType = final ? header(final, 'content-type') : undefined;
	const contentEncoding = final
		? (header(final, 'content-encoding') ?? '')
				.split(',')
				.map((coding) => coding.trim().toLowerCase())
				.filter((coding) => coding !== '' && coding !== 'identity')
		: [];
	const kind: BodyKind | 'none' = body === undefined ? 'none' : bodyKind(body);
	const invalid = body ? invalidUtf8Bytes(body) : 0;
	let error: string | undefined;
	switch (outcome.error?.kind) {
		case 'network':
			// The message is the system's own (Node's or the browser's), quoted as it came.
			error = `${networkWords(outcome.error.code)}${outcome.error.message ? `: ${outcome.error.message}` : ''}`;
			break;
		case 'redirect-loop':
			error = t('The redirects loop: the next one goes back to {0}', outcome.error.location);
			break;
		case 'redirect-limit':
			error = t('More than {0} redirects: this fetch stopped following them', outcome.error.limit);
			break;
		case 'redirect-invalid':
			error = t('A redirect points to "{0}", which is not an http(s) URL', outcome.error.location);
			break;
	}
	const notes: string[] = [];
	if (final && final.status >= 200 && final.status < 300) {
		const type = parseContentType(contentType);
		if (kind === 'html') {
			notes.push(t('The body is an HTML page, not a robots.txt: the server answers {0} for a file it does not have (a "soft 404").', final.status));
		} else if (kind === 'binary') {
			notes.push(t('The body is binary data, not text.'));
		} else if (kind === 'empty') {
			notes.push(t('The body is empty: no rules, so nothing is disallowed.'));
		}
		if (type && type.mediaType !== 'text/plain') {
			notes.push(t('It is served as {0}; RFC 9309 asks for text/plain.', type.mediaType));
		} else if (!type) {
			notes.push(t('It is served without a Content-Type; RFC 9309 asks for text/plain.'));
		}
		if (type?.charset && !/^utf-?8$/i.test(type.charset)) {
			notes.push(t("It is served as {0}; RFC 9309 asks for UTF-8, which Google's and the standard's crawlers read whatever the header says.", type.charset));
		}
		if (invalid > 0 && kind !== 'binary') {
			notes.push(invalid === 1 ? t('{0} byte is not UTF-8.', formatNumber(invalid)) : t('{0} bytes are not UTF-8.', formatNumber(invalid)));
		}
		if (final.truncated) {
			notes.push(t('The download stopped at {0}: the file is longer.', formatBytes(body?.length ?? 0)));
		}
		if (body && hasUtf8Bom(body)) {
			notes.push(t('The file starts with a UTF-8 byte order mark.'));
		}
		if (final.undecodable) {
			notes.push(t('The body is in the content coding "{0}", which could not be undone.', final.undecodable));
		}
	}
	if (otherHost) {
		notes.push(
			t(
				'It redirects to another host ({0}); crawlers follow such redirects (RFC 9309 §2.3.1.2) and apply the rules found there to {1}.',
				otherHost,
				askedHost ?? '',
			),
		);
	}
	const facts: ResponseFacts = {
		url: outcome.url,
		finalUrl: last?.url ?? outcome.url,
		...(last ? { status: last.status } : {}),
		...(last?.statusText ? { statusText: last.statusText } : {}),
		redirects,
		...(otherHost ? { otherHost } : {}),
		...(contentType !== undefined ? { contentType } : {}),
		contentEncoding,
		bytes: body?.length ?? 0,
		...(final?.wireBytes !== undefined && final.wireBytes !== (body?.length ?? 0) ? { wireBytes: final.wireBytes } : {}),
		truncated: final?.truncated === true,
		body: kind,
		bom: body !== undefined && hasUtf8Bom(body),
		invalidUtf8: invalid,
		...(error ? { error } : {}),
		notes,
	};
	return facts;
}

/** The status line of a response for people: `200 OK`, `404`. */
function statusLine(facts: Pick<ResponseFacts, 'status' | 'statusText'>): string {
	return facts.status === undefined ? t('no response') : `${facts.status}${facts.statusText ? ` ${facts.statusText}` : ''}`;
}

type DurationUnit = 'second' | 'minute' | 'hour' | 'day';

/** A count of one unit, singular and plural as separate keys. */
function unitCount(count: number, unit: DurationUnit): string {
	const shown = formatNumber(count);
	switch (unit) {
		case 'second':
			return count === 1 ? t('{0} second', shown) : t('{0} seconds', shown);
		case 'minute':
			return count === 1 ? t('{0} minute', shown) : t('{0} minutes', shown);
		case 'hour':
			return count === 1 ? t('{0} hour', shown) : t('{0} hours', shown);
		case 'day':
			return count === 1 ? t('{0} day', shown) : t('{0} days', shown);
	}
}

/** Seconds for people: `24 hours`, `7 days`, `1 hour 30 minutes`, `90 seconds`. */
export function formatDuration(seconds: number): string {
	if (seconds < 120) {
		return unitCount(seconds, 'second');
	}
	// Days only from two days on: "24 hours" is how RFC 9309 and Google say it.
	const units: [number, DurationUnit][] =
		seconds >= 2 * 86_400
			? [
					[86_400, 'day'],
					[3_600, 'hour'],
					[60, 'minute'],
				]
			: [
					[3_600, 'hour'],
					[60, 'minute'],
				];
	const parts: string[] = [];
	let rest = seconds;
	for (const [size, unit] of units) {
		const count = Math.floor(rest / size);
		if (count > 0 && parts.length < 2) {
			parts.push(unitCount(count, unit));
			rest -= count * size;
		}
	}
	return parts.join(' ');
}

/** What a conclusion means, as a predicate after the crawler's name (or several names, with `plural`). */
function conclusionWords(kind: ConclusionKind, plural = false): string {
	switch (kind) {
		case 'rules':
			return plural ? t('read the rules in the body') : t('reads the rules in the body');
		case 'allow-all':
			return plural ? t('allow every URL (no restrictions)') : t('allows every URL (no restrictions)');
		case 'disallow-all':
			return plural ? t('disallow every URL') : t('disallows every URL');
		case 'retry-later':
			return plural
				? t('fetch nothing from the site for now and try robots.txt again later')
				: t('fetches nothing from the site for now and tries robots.txt again later');
		case 'unknown':
			return plural ? t('do what this fetch cannot tell') : t('does what this fetch cannot tell');
	}
}

/**
 * The event and what one crawler makes of it, as a clause: "the server answered 404 Not Found, so it allows every URL
 * (no restrictions)". One key per conclusion, so that a language can join the two parts as it needs.
 */
export function eventConsequence(conclusion: Pick<FetchConclusion, 'event' | 'kind'>): string {
	const { event } = conclusion;
	switch (conclusion.kind) {
		case 'rules':
			return t('{0}, so it reads the rules in the body', event);
		case 'allow-all':
			return t('{0}, so it allows every URL (no restrictions)', event);
		case 'disallow-all':
			return t('{0}, so it disallows every URL', event);
		case 'retry-later':
			return t('{0}, so it fetches nothing from the site for now and tries robots.txt again later', event);
		case 'unknown':
			return t('{0}, so it does what this fetch cannot tell', event);
	}
}

/** A short label: `rules`, `no restrictions`, `all disallowed`, `retry later`, `unknown`. */
export function conclusionLabel(kind: ConclusionKind): string {
	switch (kind) {
		case 'rules':
			return t('rules');
		case 'allow-all':
			return t('no restrictions');
		case 'disallow-all':
			return t('all disallowed');
		case 'retry-later':
			return t('retry later');
		case 'unknown':
			return t('unknown');
	}
}

/** The titles of a source list ("Title (URL); Title (URL)"), without the URLs. */
export function sourceTitles(source: string): string {
	return source
		.split('; ')
		.map((part) => part.replace(/\s*\(https?:\/\/[^)]*\)$/, ''))
		.join('; ');
}

/** Where a behaviour is documented, in parentheses: the source, our reading of it, or that it is our assumption. */
export function basisNote(basis: Sourced<unknown>): string {
	if (basis.source === undefined) {
		return basis.note ? t('(our assumption: {0})', basis.note) : t('(our assumption: no source we read states it)');
	}
	return `(${sourceTitles(basis.source)}${basis.note ? `; ${basis.note}` : ''})`;
}

/** How long the answer is kept, as a sentence of its own. */
function cacheSentence(conclusion: FetchConclusion): string | undefined {
	const cache = conclusion.cache;
	if (!cache) {
		return undefined;
	}
	if (cache.seconds === null) {
		return t('It keeps the answer with no expiry: the program decides when to read the file again {0}.', basisNote(cache.rule));
	}
	return cache.seconds === 0
		? t('It does not keep the answer ({0}) {1}.', cache.basis, basisNote(cache.rule))
		: t('It keeps the answer {0} ({1}) {2}.', formatDuration(cache.seconds), cache.basis, basisNote(cache.rule));
}

/** The first sentence of a conclusion: the crawler, the event, what it concludes and on what basis. */
function conclusionSentence(conclusion: FetchConclusion): string {
	const token = conclusion.crawler.token;
	const { event } = conclusion;
	const basis = basisNote(conclusion.basis);
	switch (conclusion.kind) {
		case 'rules':
			return t('{0}: {1}, so it reads the rules in the body {2}.', token, event, basis);
		case 'allow-all':
			return t('{0}: {1}, so it allows every URL (no restrictions) {2}.', token, event, basis);
		case 'disallow-all':
			return t('{0}: {1}, so it disallows every URL {2}.', token, event, basis);
		case 'retry-later':
			return t('{0}: {1}, so it fetches nothing from the site for now and tries robots.txt again later {2}.', token, event, basis);
		case 'unknown':
			return t('{0}: {1}, so it does what this fetch cannot tell {2}.', token, event, basis);
	}
}

/** One crawler's conclusion in full: what it does and why, where it stops reading, how long it keeps the answer. */
export function describeConclusion(conclusion: FetchConclusion): string {
	const { crawler } = conclusion;
	const parts = [conclusionSentence(conclusion)];
	if (policyAssumed(conclusion)) {
		parts.push(
			crawler.known
				? t('That {0} fetches as {1} says is our assumption: no source we read states how it treats responses.', crawler.token, conclusion.policy.name)
				: t('{0} is not a crawler we know: we assume it fetches as {1} says.', crawler.token, conclusion.policy.name),
		);
	}
	const decoding = conclusion.decoding;
	if (conclusion.kind === 'rules' && decoding) {
		if (decoding.from !== 'crawler') {
			parts.push(
				decoding.from === 'content-type'
					? t('It decodes the body as {0} (from the Content-Type).', decoding.charset)
					: decoding.from === 'bom'
						? t('It decodes the body as {0} (from the byte order mark).', decoding.charset)
						: t('It decodes the body as {0} (guessed from the bytes).', decoding.charset),
			);
		} else if (decoding.invalidBytes > 0) {
			parts.push(
				decoding.invalidBytes === 1
					? t('It reads the body as UTF-8, and {0} byte is not UTF-8 {1}.', decoding.invalidBytes, basisNote(conclusion.policy.invalidUtf8))
					: t('It reads the body as UTF-8, and {0} bytes are not UTF-8 {1}.', decoding.invalidBytes, basisNote(conclusion.policy.invalidUtf8)),
			);
		}
		if (decoding.bom === 'first-line') {
			parts.push(t('It reads the byte order mark as part of the first line, whose key it then does not recognise {0}.', basisNote(conclusion.policy.bom)));
		}
	}
	if (conclusion.stopsAt !== undefined) {
		parts.push(
			t('It stops reading at byte {0} ({1}); the rest of the file does not count for it.', formatNumber(conclusion.stopsAt), formatBytes(conclusion.stopsAt)),
		);
	}
	if (conclusion.incomplete) {
		parts.push(t('The download stopped at its limit and this crawler reads on: rules after that point are not known here.'));
	}
	const cache = cacheSentence(conclusion);
	if (cache) {
		parts.push(cache);
	}
	if (conclusion.whileUnreachable) {
		parts.push(t('While the file stays unreachable, {0} {1}.', conclusion.whileUnreachable.value, basisNote(conclusion.whileUnreachable)));
	}
	return parts.join(' ');
}

/** Whether the crawler's way of fetching is our assumption (no source says it follows this policy). */
export function policyAssumed(conclusion: FetchConclusion): boolean {
	return !conclusion.crawler.known || conclusion.crawler.assumed.includes('fetch');
}

/** One line per kind of conclusion, naming the crawlers that draw it: "Googlebot and bingbot: rules". */
export function summariseConclusions(conclusions: readonly FetchConclusion[]): string[] {
	const byKind = new Map<ConclusionKind, string[]>();
	for (const conclusion of conclusions) {
		byKind.set(conclusion.kind, [...(byKind.get(conclusion.kind) ?? []), conclusion.crawler.token]);
	}
	return [...byKind].map(([kind, tokens]) => `${listNames(tokens)} ${conclusionWords(kind, tokens.length > 1)}`);
}

/** The one-line summary of a fetch: status, redirects, size, e.g. "200 OK · 1 redirect · 1.2 KiB". */
export function responseHeadline(facts: ResponseFacts): string {
	const parts = [facts.error && facts.status === undefined ? facts.error : statusLine(facts)];
	if (facts.redirects.length > 0) {
		const count = facts.redirects.length;
		parts.push(count === 1 ? t('{0} redirect', formatNumber(count)) : t('{0} redirects', formatNumber(count)));
	}
	if (facts.body !== 'none') {
		parts.push(facts.truncated ? t('{0} or more', formatBytes(facts.bytes)) : formatBytes(facts.bytes));
	}
	return parts.join(' · ');
}
