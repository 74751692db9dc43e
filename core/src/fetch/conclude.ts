/**
 * What a crawler concludes from a robots.txt fetch: the rules in the body, no restrictions, everything disallowed, or
 * "fetch nothing for now and try again later", with the event that decided it, the redirects, how the body became text,
 * where the crawler stops reading and how long it keeps the answer. Every step applies the crawler's fetch policy
 * (facts/fetching.ts) and its catalogue entry (size limit, parser); nothing here is decided by anything else.
 */

import { crawlerProfile, type CrawlerProfile } from '../crawlers/profile';
import { evaluateAs, readAs, type CrawlerEvaluation, type CrawlerReading } from '../crawlers/reading';
import { fetchPolicies, statusRule, type CacheRule, type FetchOutcomeKind, type FetchPolicy, type Sourced } from '../facts/fetching';
import { t } from '../l10n';
import { decodeRobotsBytes, isEscapedByte } from '../syntax/bytes';
import { RobotsModel } from '../syntax/parser';
import { cacheLifetime, type CacheLifetime } from './cache';
import {
	finalResponse,
	hasUtf8Bom,
	invalidUtf8Bytes,
	parseContentType,
	redirectsOf,
	type FetchOutcome,
	type HttpResponse,
	type NetworkErrorKind,
	type Redirect,
} from './response';

/** A conclusion; `unknown` when the fetch stopped where this crawler would have gone on (a long redirect chain). */
export type ConclusionKind = FetchOutcomeKind | 'unknown';

/** How a body became the text a crawler reads. */
export interface Decoding {
	/** The charset used, as named: `UTF-8`, `windows-1251`. */
	readonly charset: string;
	/** Why that charset: the crawler always decodes UTF-8, the Content-Type said so, a BOM, or a guess from the bytes. */
	readonly from: 'crawler' | 'content-type' | 'bom' | 'guess';
	/** A UTF-8 byte order mark at the start, and what the crawler does with it. */
	readonly bom: 'none' | 'skipped' | 'first-line';
	/** Bytes that are not UTF-8, where the crawler decodes UTF-8. */
	readonly invalidBytes: number;
}

/** What one crawler concludes from one fetch. */
export interface FetchConclusion {
	readonly crawler: CrawlerProfile;
	readonly policy: FetchPolicy;
	readonly kind: ConclusionKind;
	/** What happened that decided it, as a clause: "the server answered 404 Not Found". */
	readonly event: string;
	/** The crawler's behaviour that turns the event into the conclusion, with its source (none: our assumption). */
	readonly basis: Sourced<unknown>;
	/** The last status received, if any. */
	readonly status?: number;
	readonly redirects: readonly Redirect[];
	/** The URL of the last response (the robots.txt URL when none arrived). */
	readonly finalUrl: string;
	/** For `rules`: how the body became text, the model of the text the crawler reads, and its reading. */
	readonly decoding?: Decoding;
	readonly model?: RobotsModel;
	readonly reading?: CrawlerReading;
	/** The octet where the crawler stops reading, when the body is longer. */
	readonly stopsAt?: number;
	/** The download stopped before the end of the body and this crawler reads on: what follows is not known here. */
	readonly incomplete?: boolean;
	/** How long it keeps the answer; absent when it retries (server and network errors) or does not know. */
	readonly cache?: CacheLifetime & { readonly rule: Sourced<CacheRule> };
	/** What it does while the file stays unreachable. */
	readonly whileUnreachable?: Sourced<string>;
}

/** Words for network errors, as the clause of a sentence, in the configured language. */
function networkEvent(code: NetworkErrorKind): string {
	switch (code) {
		case 'dns':
			return t('the host name does not resolve (DNS failure)');
		case 'refused':
			return t('the connection was refused');
		case 'reset':
			return t('the connection was reset before the answer was complete');
		case 'timeout':
			return t('no complete answer arrived in time');
		case 'tls':
			return t('the TLS handshake failed');
		case 'protocol':
			return t('the answer is not valid HTTP');
		default:
			return t('the request failed');
	}
}

/** What crawler `crawler` (a token or a profile) concludes from `outcome`. */
export function concludeFetch(outcome: FetchOutcome, crawler: CrawlerProfile | string): FetchConclusion {
	const profile = typeof crawler === 'string' ? crawlerProfile(crawler) : crawler;
	const policy = fetchPolicies[profile.fetch];
	const redirects = redirectsOf(outcome);
	const last = outcome.responses[outcome.responses.length - 1];
	const base = { crawler: profile, policy, redirects, finalUrl: last?.url ?? outcome.url, ...(last ? { status: last.status } : {}) };
	// A server or network error: a crawler that waits or disallows everything retries (no cache lifetime); one that
	// takes it as no restrictions keeps that answer like any other.
	const unreachable = (kind: FetchOutcomeKind, event: string, basis: Sourced<unknown>): FetchConclusion =>
		kind === 'allow-all' ? answered(base, kind, event, basis, finalResponse(outcome), policy) : { ...base, kind, event, basis, ...retryFacts(policy, kind) };
	const error = outcome.error;
	const { max, beyond } = policy.redirects.value;
	if (error?.kind === 'redirect-loop') {
		return answered(base, beyond, t('the redirects loop back to {0}', error.location), policy.redirects, undefined, policy);
	}
	if (error?.kind === 'redirect-limit' || (max !== null && redirects.length > max)) {
		const followed = error?.kind === 'redirect-limit' ? error.limit : redirects.length;
		if (max !== null && max <= followed) {
			return answered(base, beyond, t('there are more than {0} redirects', max), policy.redirects, undefined, policy);
		}
		return {
			...base,
			kind: 'unknown',
			event:
				max === null
					? t('this fetch stopped after {0} redirects, and {1} follows as many as it takes', followed, policy.name)
					: t('this fetch stopped after {0} redirects, and {1} follows up to {2}', followed, policy.name, max),
			basis: policy.redirects,
		};
	}
	if (error?.kind === 'network') {
		const event = error.afterHeaders ? t('{0} (after the status {1})', networkEvent(error.code), last?.status ?? '') : networkEvent(error.code);
		return unreachable(policy.network.value, event, policy.network);
	}
	// A redirect to a URL that is not http(s) cannot be followed: the redirect itself is the last answer.
	const response = error?.kind === 'redirect-invalid' ? last : finalResponse(outcome);
	if (response === undefined) {
		return unreachable(policy.network.value, networkEvent('other'), policy.network);
	}
	const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
	const answeredStatus = t('the server answered {0}', status);
	const rule = statusRule(policy, response.status);
	if (rule.value !== 'rules') {
		const event =
			error?.kind === 'redirect-invalid' ? t('the server answered {0}; its redirect to {1} is not an http(s) URL', status, error.location) : answeredStatus;
		return rule.value === 'retry-later' || response.status >= 500
			? unreachable(rule.value, event, rule)
			: answered(base, rule.value, event, rule, response, policy);
	}
	return readBody(base, policy, response, answeredStatus);
}

/** The conclusions of every crawler, in the order given (duplicates removed, case-insensitively). */
export function concludeFetchAll(outcome: FetchOutcome, crawlers: readonly (CrawlerProfile | string)[]): FetchConclusion[] {
	const seen = new Set<string>();
	const out: FetchConclusion[] = [];
	for (const crawler of crawlers) {
		const profile = typeof crawler === 'string' ? crawlerProfile(crawler.trim()) : crawler;
		const key = profile.token.toLowerCase();
		if (profile.token !== '' && !seen.has(key)) {
			seen.add(key);
			out.push(concludeFetch(outcome, profile));
		}
	}
	return out;
}

type Base = Pick<FetchConclusion, 'crawler' | 'policy' | 'redirects' | 'finalUrl' | 'status'>;

function retryFacts(policy: FetchPolicy, kind: FetchOutcomeKind): Partial<FetchConclusion> {
	return kind === 'allow-all' || policy.whileUnreachable === undefined ? {} : { whileUnreachable: policy.whileUnreachable };
}

/** A conclusion from a response the crawler keeps (not a server or network error): with its cache lifetime. */
function answered(
	base: Base,
	kind: FetchOutcomeKind,
	event: string,
	basis: Sourced<unknown>,
	response: HttpResponse | undefined,
	policy: FetchPolicy,
	extra: Partial<FetchConclusion> = {},
): FetchConclusion {
	return { ...base, kind, event, basis, ...extra, ...(kind === 'retry-later' ? retryFacts(policy, kind) : { cache: cacheOf(policy, response) }) };
}

function cacheOf(policy: FetchPolicy, response: HttpResponse | undefined): CacheLifetime & { rule: Sourced<CacheRule> } {
	const rule = policy.cache;
	const seconds = rule.value.defaultSeconds;
	const defaultBasis = seconds === null ? t('no expiry') : t("no caching header: {0}'s default", policy.name);
	return { ...cacheLifetime(rule.value, response, defaultBasis), rule };
}

/** A 2xx the crawler reads: its media type, content coding, charset and byte order mark, then its size limit. */
function readBody(base: Base, policy: FetchPolicy, response: HttpResponse, answeredStatus: string): FetchConclusion {
	const contentType = parseContentType(headerOf(response, 'content-type'));
	const { accepts, otherwise } = policy.mediaType.value;
	const mediaType = contentType?.mediaType;
	const acceptable =
		accepts === 'any'
		|| (accepts === 'text/plain' && (mediaType === undefined || mediaType === 'text/plain'))
		|| (accepts === 'text/*' && mediaType !== undefined && mediaType.startsWith('text/'));
	if (!acceptable) {
		const event =
			mediaType === undefined
				? t('{0} with a body served without a Content-Type, not {1}', answeredStatus, accepts)
				: t('{0} with a body served as {1}, not {2}', answeredStatus, mediaType, accepts);
		return answered(base, otherwise, event, policy.mediaType, response, policy);
	}
	const codings = response.decoded ?? [];
	const foreign = response.undecodable ?? codings.find((coding) => !policy.encodings.value.includes(coding.toLowerCase()));
	if (foreign !== undefined) {
		return unreadable(
			base,
			policy,
			response,
			response.undecodable !== undefined
				? t('{0} with a body in the content coding "{1}", which nothing here could undo', answeredStatus, foreign)
				: t('{0} with a body in the content coding "{1}", which {2} does not undo', answeredStatus, foreign, policy.name),
		);
	}
	const body = response.body ?? new Uint8Array(0);
	const decoded = decodeBody(policy, body, contentType?.charset, mediaType);
	if ('failure' in decoded) {
		const { failure } = decoded;
		return unreadable(
			base,
			policy,
			response,
			failure.kind === 'invalid-utf8'
				? t('{0}, but {1} of its bytes are not UTF-8, and the read fails', answeredStatus, failure.bytes)
				: t('{0}, but its charset "{1}" is not one {2} knows', answeredStatus, failure.charset, policy.name),
		);
	}
	const model = RobotsModel.parse(decoded.text);
	const reading = readAs(model, base.crawler);
	const limit = base.crawler.sizeLimit;
	const sizeBasis: Sourced<unknown> = { value: limit, ...(base.crawler.sources.sizeLimit ? { source: base.crawler.sources.sizeLimit } : {}) };
	if (reading.extent.kind === 'too-large') {
		return answered(base, 'allow-all', t('{0} with a file over its limit of {1} bytes', answeredStatus, reading.extent.limit), sizeBasis, response, policy, {
			decoding: decoded.decoding,
		});
	}
	const readsOn = limit === null || limit.bytes > body.length;
	return answered(base, 'rules', answeredStatus, statusRule(policy, response.status), response, policy, {
		decoding: decoded.decoding,
		model,
		reading,
		...(reading.extent.kind === 'cut' ? { stopsAt: reading.extent.limit } : {}),
		...(response.truncated && readsOn ? { incomplete: true } : {}),
	});
}

function unreadable(base: Base, policy: FetchPolicy, response: HttpResponse, event: string): FetchConclusion {
	const kind = policy.unreadable.value;
	return kind === 'retry-later'
		? { ...base, kind, event, basis: policy.unreadable, ...retryFacts(policy, kind) }
		: answered(base, kind, event, policy.unreadable, response, policy);
}

function headerOf(response: HttpResponse, name: string): string | undefined {
	return response.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** The three escapes that stand for a UTF-8 byte order mark read as bytes, so the lexer does not skip it. */
const bomAsBytes = String.fromCharCode(0xdc00 + 0xef, 0xdc00 + 0xbb, 0xdc00 + 0xbf);

/** Latin-1 and US-ASCII as Perl's Encode reads them: one character per byte (WHATWG's "latin1" is windows-1252). */
const byteCharsets = new Set(['iso-8859-1', 'latin1', 'latin-1', 'iso_8859-1', 'l1', 'us-ascii', 'ascii']);

/** Why a body could not be decoded: bytes that are not UTF-8 where they fail the read, or a charset not known. */
type DecodingFailure = { readonly kind: 'invalid-utf8'; readonly bytes: number } | { readonly kind: 'charset'; readonly charset: string };

/** The body as the crawler decodes it, or why it cannot. */
function decodeBody(
	policy: FetchPolicy,
	body: Uint8Array,
	charset: string | undefined,
	mediaType: string | undefined,
): { text: string; decoding: Decoding } | { failure: DecodingFailure } {
	const bom = hasUtf8Bom(body);
	let text: string;
	let decoding: Omit<Decoding, 'bom'>;
	if (policy.charset.value === 'utf-8') {
		const invalidBytes = invalidUtf8Bytes(body);
		if (invalidBytes > 0 && policy.invalidUtf8.value === 'read-fails') {
			return { failure: { kind: 'invalid-utf8', bytes: invalidBytes } };
		}
		text = decodeRobotsBytes(body);
		if (invalidBytes > 0 && policy.invalidUtf8.value === 'replaced') {
			text = replaceEscapes(text);
		}
		decoding = { charset: 'UTF-8', from: 'crawler', invalidBytes };
	} else {
		const chosen = chooseCharset(body, charset, mediaType);
		const label = chosen.charset.toLowerCase();
		if (label === 'utf-8' || label === 'utf8') {
			text = replaceEscapes(decodeRobotsBytes(body));
		} else if (byteCharsets.has(label)) {
			text = latin1(body);
		} else {
			try {
				text = new TextDecoder(label, { ignoreBOM: true }).decode(body);
			} catch {
				return { failure: { kind: 'charset', charset: chosen.charset } };
			}
		}
		decoding = { charset: chosen.charset, from: chosen.from, invalidBytes: label === 'utf-8' || label === 'utf8' ? invalidUtf8Bytes(body) : 0 };
	}
	let bomHandling: Decoding['bom'] = 'none';
	if (text.charCodeAt(0) === 0xfeff) {
		bomHandling = policy.bom.value;
		if (bomHandling === 'first-line') {
			text = bomAsBytes + text.slice(1);
		}
	} else if (bom) {
		bomHandling = policy.bom.value;
	}
	return { text, decoding: { ...decoding, bom: bomHandling } };
}

/** HTTP::Message's order: the Content-Type's charset, a BOM, then US-ASCII, UTF-8 if the bytes are, else ISO-8859-1. */
function chooseCharset(body: Uint8Array, charset: string | undefined, mediaType: string | undefined): { charset: string; from: Decoding['from'] } {
	if (charset !== undefined && charset !== '') {
		return { charset, from: 'content-type' };
	}
	if (hasUtf8Bom(body)) {
		return { charset: 'UTF-8', from: 'bom' };
	}
	if (mediaType !== undefined && !mediaType.startsWith('text/')) {
		return { charset: 'ISO-8859-1', from: 'guess' };
	}
	if (body.every((byte) => byte < 0x80)) {
		return { charset: 'US-ASCII', from: 'guess' };
	}
	return { charset: invalidUtf8Bytes(body) === 0 ? 'UTF-8' : 'ISO-8859-1', from: 'guess' };
}

function latin1(body: Uint8Array): string {
	const parts: string[] = [];
	for (let i = 0; i < body.length; i += 8192) {
		parts.push(String.fromCharCode(...body.subarray(i, i + 8192)));
	}
	return parts.join('');
}

/** U+FFFD for every escaped raw byte: what a decoder that substitutes leaves of bytes that are not UTF-8. */
function replaceEscapes(text: string): string {
	let out = '';
	let from = 0;
	for (let i = 0; i < text.length; i++) {
		if (isEscapedByte(text.charCodeAt(i))) {
			out += text.slice(from, i) + '\uFFFD';
			from = i + 1;
		}
	}
	return from === 0 ? text : out + text.slice(from);
}

/** A crawler's verdict for one URL after a fetch. */
export interface FetchedVerdict {
	readonly conclusion: FetchConclusion;
	/** `unknown` when the conclusion is. */
	readonly verdict: 'allow' | 'disallow' | 'unknown';
	/** With `rules`: the evaluation against the rules the crawler read. */
	readonly evaluation?: CrawlerEvaluation;
}

/** The verdict for `url` of a crawler that drew `conclusion` from a fetch. */
export function evaluateFetched(conclusion: FetchConclusion, url: string): FetchedVerdict {
	if (conclusion.kind === 'rules' && conclusion.model) {
		const evaluation = evaluateAs(conclusion.model, conclusion.crawler, url);
		return { conclusion, verdict: evaluation.verdict, evaluation };
	}
	if (conclusion.kind === 'unknown') {
		return { conclusion, verdict: 'unknown' };
	}
	// A crawler that does not follow robots.txt fetches whatever the response was.
	if (conclusion.crawler.ignoresRobotsTxt || conclusion.kind === 'allow-all') {
		return { conclusion, verdict: 'allow' };
	}
	return { conclusion, verdict: 'disallow' };
}
