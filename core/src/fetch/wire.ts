/**
 * Fetches on the wire between the client and the server (protocol.ts `WireOutcome`, bodies in base64), checked
 * field by field: a malformed message gives a clear error, never an exception. Also the answer to
 * `robotsTxt/deployedTarget`: the robots.txt URL, the document to open for it and the fetch limits.
 */

import { decodeBase64, encodeBase64 } from '../base64';
import { t } from '../l10n';
import { deployedScheme, type DeployedTarget, type WireOutcome, type WireResponse } from '../protocol';
import type { FetchError, FetchOutcome, HttpResponse, NetworkErrorKind } from './response';
import { defaultFetchLimits, fetchUserAgent, robotsTarget } from './site';

/** Where to fetch a site's robots.txt, the URI of its deployed document, and how to fetch it. */
export function deployedTarget(site: string, version: string): DeployedTarget {
	const target = robotsTarget(site);
	if ('error' in target) {
		return target;
	}
	const url = new URL(target.robotsUrl);
	// An editor's tab shows the last path segment: it names the host, so that two sites' files tell apart. The authority
	// is the host too, and the scheme, kept in the query, tells http from https.
	// Encoded as VS Code writes a URI (parentheses too), so that the editor's URI of the document is this same string.
	const name = encodeURIComponent(`robots.txt (${url.host})`).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
	const uri = `${deployedScheme}://${url.host}/${name}?${url.protocol.slice(0, -1)}`;
	return { robotsUrl: target.robotsUrl, uri, userAgent: fetchUserAgent(version), ...defaultFetchLimits };
}

/** A fetch as the wire carries it. */
export function outcomeToWire(outcome: FetchOutcome): WireOutcome {
	return {
		url: outcome.url,
		responses: outcome.responses.map((response): WireResponse => {
			const { body, ...rest } = response;
			return body === undefined ? rest : { ...rest, body: encodeBase64(body) };
		}),
		...(outcome.error ? { error: outcome.error } : {}),
	};
}

const networkCodes: readonly NetworkErrorKind[] = ['dns', 'refused', 'reset', 'timeout', 'tls', 'protocol', 'other'];

/** The fetch a wire message describes, or what is wrong with the message. */
export function outcomeFromWire(value: unknown): FetchOutcome | { readonly error: string } {
	if (!isObject(value) || typeof value.url !== 'string' || !Array.isArray(value.responses)) {
		return { error: t('a fetch needs { url, responses[] }') };
	}
	const responses: HttpResponse[] = [];
	for (const [index, entry] of (value.responses as unknown[]).entries()) {
		const response = responseFromWire(entry);
		if (typeof response === 'string') {
			return { error: t('response {0}: {1}', index + 1, response) };
		}
		responses.push(response);
	}
	let error: FetchError | undefined;
	if (value.error !== undefined) {
		const found = errorFromWire(value.error);
		if (typeof found === 'string') {
			return { error: found };
		}
		error = found;
	}
	return { url: value.url, responses, ...(error ? { error } : {}) };
}

function responseFromWire(value: unknown): HttpResponse | string {
	if (!isObject(value) || typeof value.url !== 'string' || typeof value.status !== 'number' || !Number.isInteger(value.status)) {
		return t('needs { url, status, headers }');
	}
	const headers = value.headers;
	if (
		!Array.isArray(headers)
		|| !headers.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string')
	) {
		return t('headers must be [name, value] pairs of strings');
	}
	let body: Uint8Array | undefined;
	if (value.body !== undefined) {
		body = typeof value.body === 'string' ? decodeBase64(value.body) : undefined;
		if (body === undefined) {
			return t('the body must be base64');
		}
	}
	const decoded = value.decoded;
	if (decoded !== undefined && !(Array.isArray(decoded) && decoded.every((coding) => typeof coding === 'string'))) {
		return t('decoded must be a list of codings');
	}
	return {
		url: value.url,
		status: value.status,
		headers: headers as [string, string][],
		...(typeof value.statusText === 'string' ? { statusText: value.statusText } : {}),
		...(body !== undefined ? { body } : {}),
		...(value.truncated === true ? { truncated: true } : {}),
		...(decoded !== undefined ? { decoded: decoded as string[] } : {}),
		...(typeof value.undecodable === 'string' ? { undecodable: value.undecodable } : {}),
		...(typeof value.wireBytes === 'number' ? { wireBytes: value.wireBytes } : {}),
		...(typeof value.receivedAt === 'number' ? { receivedAt: value.receivedAt } : {}),
	};
}

function errorFromWire(value: unknown): FetchError | string {
	if (!isObject(value)) {
		return t('error must be an object');
	}
	switch (value.kind) {
		case 'network':
			if (typeof value.code !== 'string' || !(networkCodes as readonly string[]).includes(value.code) || typeof value.message !== 'string') {
				return t('a network error needs a code ({0}) and a message', networkCodes.join(', '));
			}
			return { kind: 'network', code: value.code as NetworkErrorKind, message: value.message, ...(value.afterHeaders === true ? { afterHeaders: true } : {}) };
		case 'redirect-loop':
		case 'redirect-invalid':
			return typeof value.location === 'string' ? { kind: value.kind, location: value.location } : t('{0} needs a location', value.kind);
		case 'redirect-limit':
			return typeof value.limit === 'number' ? { kind: 'redirect-limit', limit: value.limit } : t('{0} needs a limit', 'redirect-limit');
		default:
			return t('unknown error kind {0}', JSON.stringify(value.kind) ?? 'undefined');
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}
