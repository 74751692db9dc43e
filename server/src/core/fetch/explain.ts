/**
 * The words for a fetched robots.txt: the response's facts (status, redirects, media type, size, what the body looks
 * like) and what each crawler concludes, written once for the CLI, the editor and the library. Plain text.
 */

import { formatBytes, listNames } from '../crawlers/explain';
import type { Sourced } from '../facts/fetching';
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

const networkWords: Readonly<Record<string, string>> = {
	dns: 'The host name does not resolve (DNS failure)',
	refused: 'The connection was refused',
	reset: 'The connection was reset',
	timeout: 'No complete answer arrived in time',
	tls: 'The TLS handshake failed',
	protocol: 'The answer is not valid HTTP',
	other: 'The request failed',
};

/** The crawler-independent facts of a fetch. */
export function describeResponse(outcome: FetchOutcome): ResponseFacts {
	const redirects = redirectsOf(outcome);
	const last = outcome.responses[outcome.responses.length - 1];
	const final = finalResponse(outcome);
	const body = final?.body;
	const askedHost = hostOf(outcome.url);
	const otherHost = redirects.map((redirect) => hostOf(redirect.to)).find((host) => host !== undefined && host !== askedHost);
	const contentType = final ? header(final, 'content-type') : undefined;
	const contentEncoding = final ? (header(final, 'content-encoding') ?? '').split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== '' && coding !== 'identity') : [];
	const kind: BodyKind | 'none' = body === undefined ? 'none' : bodyKind(body);
	const invalid = body ? invalidUtf8Bytes(body) : 0;
	let error: string | undefined;
	switch (outcome.error?.kind) {
		case 'network':
			error = `${networkWords[outcome.error.code]}${outcome.error.message ? `: ${outcome.error.message}` : ''}`;
			break;
		case 'redirect-loop':
			error = `The redirects loop: the next one goes back to ${outcome.error.location}`;
			break;
		case 'redirect-limit':
			error = `More than ${outcome.error.limit} redirects: this fetch stopped following them`;
			break;
		case 'redirect-invalid':
			error = `A redirect points to "${outcome.error.location}", which is not an http(s) URL`;
			break;
	}
	const notes: string[] = [];
	if (final && final.status >= 200 && final.status < 300) {
		const type = parseContentType(contentType);
		if (kind === 'html') {
			notes.push(`The body is an HTML page, not a robots.txt: the server answers ${final.status} for a file it does not have (a "soft 404").`);
		} else if (kind === 'binary') {
			notes.push('The body is binary data, not text.');
		} else if (kind === 'empty') {
			notes.push('The body is empty: no rules, so nothing is disallowed.');
		}
		if (type && type.mediaType !== 'text/plain') {
			notes.push(`It is served as ${type.mediaType}; RFC 9309 asks for text/plain.`);
		} else if (!type) {
			notes.push('It is served without a Content-Type; RFC 9309 asks for text/plain.');
		}
		if (type?.charset && !/^utf-?8$/i.test(type.charset)) {
			notes.push(`It is served as ${type.charset}; RFC 9309 asks for UTF-8, which Google's and the standard's crawlers read whatever the header says.`);
		}
		if (invalid > 0 && kind !== 'binary') {
			notes.push(`${invalid.toLocaleString('en')} byte${invalid === 1 ? ' is' : 's are'} not UTF-8.`);
		}
		if (final.truncated) {
			notes.push(`The download stopped at ${formatBytes(body?.length ?? 0)}: the file is longer.`);
		}
		if (body && hasUtf8Bom(body)) {
			notes.push('The file starts with a UTF-8 byte order mark.');
		}
		if (final.undecodable) {
			notes.push(`The body is in the content coding "${final.undecodable}", which could not be undone.`);
		}
	}
	if (otherHost) {
		notes.push(`It redirects to another host (${otherHost}); crawlers follow such redirects (RFC 9309 §2.3.1.2) and apply the rules found there to ${askedHost}.`);
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
export function statusLine(facts: Pick<ResponseFacts, 'status' | 'statusText'>): string {
	return facts.status === undefined ? 'no response' : `${facts.status}${facts.statusText ? ` ${facts.statusText}` : ''}`;
}

/** Seconds for people: `24 hours`, `7 days`, `1 hour 30 minutes`, `90 seconds`. */
export function formatDuration(seconds: number): string {
	if (seconds < 120) {
		return `${seconds} second${seconds === 1 ? '' : 's'}`;
	}
	// Days only from two days on: "24 hours" is how RFC 9309 and Google say it.
	const units: [number, string][] = seconds >= 2 * 86_400 ? [[86_400, 'day'], [3_600, 'hour'], [60, 'minute']] : [[3_600, 'hour'], [60, 'minute']];
	const parts: string[] = [];
	let rest = seconds;
	for (const [size, name] of units) {
		const count = Math.floor(rest / size);
		if (count > 0 && parts.length < 2) {
			parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
			rest -= count * size;
		}
	}
	return parts.join(' ');
}

/** What a conclusion means, as a predicate after the crawler's name (or several names, with `plural`). */
export function conclusionWords(kind: ConclusionKind, plural = false): string {
	const verb = (singular: string, many: string) => (plural ? many : singular);
	switch (kind) {
		case 'rules':
			return `${verb('reads', 'read')} the rules in the body`;
		case 'allow-all':
			return `${verb('allows', 'allow')} every URL (no restrictions)`;
		case 'disallow-all':
			return `${verb('disallows', 'disallow')} every URL`;
		case 'retry-later':
			return `${verb('fetches', 'fetch')} nothing from the site for now and ${verb('tries', 'try')} robots.txt again later`;
		case 'unknown':
			return `${verb('does', 'do')} what this fetch cannot tell`;
	}
}

/** A short label: `rules`, `no restrictions`, `all disallowed`, `retry later`, `unknown`. */
export function conclusionLabel(kind: ConclusionKind): string {
	switch (kind) {
		case 'rules':
			return 'rules';
		case 'allow-all':
			return 'no restrictions';
		case 'disallow-all':
			return 'all disallowed';
		case 'retry-later':
			return 'retry later';
		case 'unknown':
			return 'unknown';
	}
}

/** The titles of a source list ("Title (URL); Title (URL)"), without the URLs. */
export function sourceTitles(source: string): string {
	return source.split('; ').map((part) => part.replace(/\s*\(https?:\/\/[^)]*\)$/, '')).join('; ');
}

/** Where a behaviour is documented, in parentheses: the source, our reading of it, or that it is our assumption. */
export function basisNote(basis: Sourced<unknown>): string {
	if (basis.source === undefined) {
		return `(our assumption${basis.note ? `: ${basis.note}` : ': no source we read states it'})`;
	}
	return `(${sourceTitles(basis.source)}${basis.note ? `; ${basis.note}` : ''})`;
}

/** How long the answer is kept, as a clause: "keeps the answer 24 hours (no caching header: RFC 9309's default)". */
export function describeCache(conclusion: FetchConclusion): string | undefined {
	const cache = conclusion.cache;
	if (!cache) {
		return undefined;
	}
	if (cache.seconds === null) {
		return `it keeps the answer with no expiry: the program decides when to read the file again ${basisNote(cache.rule)}`;
	}
	const how = cache.seconds === 0 ? 'does not keep the answer' : `keeps the answer ${formatDuration(cache.seconds)}`;
	return `it ${how} (${cache.basis}) ${basisNote(cache.rule)}`;
}

/** One crawler's conclusion in full: what it does and why, where it stops reading, how long it keeps the answer. */
export function describeConclusion(conclusion: FetchConclusion): string {
	const { crawler } = conclusion;
	const parts = [`${crawler.token}: ${conclusion.event}, so it ${conclusionWords(conclusion.kind)} ${basisNote(conclusion.basis)}.`];
	if (policyAssumed(conclusion)) {
		parts.push(crawler.known
			? `That ${crawler.token} fetches as ${conclusion.policy.name} says is our assumption: no source we read states how it treats responses.`
			: `${crawler.token} is not a crawler we know: we assume it fetches as ${conclusion.policy.name} says.`);
	}
	const decoding = conclusion.decoding;
	if (conclusion.kind === 'rules' && decoding) {
		if (decoding.from !== 'crawler') {
			parts.push(`It decodes the body as ${decoding.charset} (${decoding.from === 'content-type' ? 'from the Content-Type' : decoding.from === 'bom' ? 'from the byte order mark' : 'guessed from the bytes'}).`);
		} else if (decoding.invalidBytes > 0) {
			parts.push(`It reads the body as UTF-8, and ${decoding.invalidBytes} byte${decoding.invalidBytes === 1 ? ' is' : 's are'} not UTF-8 ${basisNote(conclusion.policy.invalidUtf8)}.`);
		}
		if (decoding.bom === 'first-line') {
			parts.push(`It reads the byte order mark as part of the first line, whose key it then does not recognise ${basisNote(conclusion.policy.bom)}.`);
		}
	}
	if (conclusion.stopsAt !== undefined) {
		parts.push(`It stops reading at byte ${conclusion.stopsAt.toLocaleString('en')} (${formatBytes(conclusion.stopsAt)}); the rest of the file does not count for it.`);
	}
	if (conclusion.incomplete) {
		parts.push('The download stopped at its limit and this crawler reads on: rules after that point are not known here.');
	}
	const cache = describeCache(conclusion);
	if (cache) {
		parts.push(capitalise(cache) + '.');
	}
	if (conclusion.whileUnreachable) {
		parts.push(`While the file stays unreachable, ${conclusion.whileUnreachable.value} ${basisNote(conclusion.whileUnreachable)}.`);
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
		parts.push(`${facts.redirects.length} redirect${facts.redirects.length === 1 ? '' : 's'}`);
	}
	if (facts.body !== 'none') {
		parts.push(formatBytes(facts.bytes) + (facts.truncated ? ' or more' : ''));
	}
	return parts.join(' · ');
}

function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
