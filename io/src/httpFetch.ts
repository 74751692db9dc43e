/**
 * One HTTP(S) GET with the limits of a polite robots.txt fetch, for the CLI and the VS Code client alike: redirects
 * followed by hand up to a limit (loops stopped), the body read up to a size and its content coding undone as it
 * streams, one deadline for the whole fetch (a slow trickle cannot outlast it) and an idle timeout, DNS and proxy
 * choices injectable. It never throws: every failure becomes the `error` of the returned outcome, in the core's terms.
 * It knows HTTP, not robots.txt: what a response means for a crawler is the core's business. Its own words for a
 * failure go through `t`, in the language the CLI configured (Node's error messages stay as Node words them).
 */

// 'http' and 'https' without the node: prefix: VS Code's extension host hands extensions its proxy-aware versions of
// these modules by name, so that fetches from the client honour the editor's proxy settings.
import * as http from 'http';
import * as https from 'https';
import { isIP, type LookupFunction } from 'net';
import * as tls from 'tls';
import * as zlib from 'zlib';
import type { FetchError, FetchOutcome, HttpResponse, NetworkErrorKind } from '../../core/src/fetch/response';
import { configureL10n, t, type Translate } from '../../core/src/l10n';

export interface HttpFetchOptions {
	readonly userAgent: string;
	/** The whole fetch, every redirect and body byte, ends within this time. */
	readonly timeoutMs: number;
	readonly maxRedirects: number;
	/** Body octets kept (after content codings are undone); the rest is not read. */
	readonly maxBytes: number;
	/** No byte for this long ends the fetch too; default: the whole timeout. */
	readonly idleTimeoutMs?: number;
	/** How host names resolve (node:dns `lookup`); tests inject one so that nothing leaves the machine. */
	readonly lookup?: LookupFunction;
	/** The HTTP proxy for a URL, or undefined to connect directly (the CLI reads HTTP_PROXY, HTTPS_PROXY, NO_PROXY). */
	readonly proxyFor?: (url: URL) => URL | undefined;
	/** Certificates to trust besides the system's (tests with a self-signed server). */
	readonly ca?: string | Buffer;
	/** Milliseconds since the epoch, for `receivedAt`. */
	readonly now?: () => number;
}

/**
 * Makes this module's words for a failure speak `locale` through `translate`: the VS Code client hands in
 * `vscode.l10n.t` with VS Code's display language, since the core's `t` has no translator in the extension host (the
 * CLI configures the core's language for everything it prints, these words included).
 */
export function speakIn(locale: string, translate: Translate): void {
	configureL10n(locale, translate);
}

/** The codings sent in Accept-Encoding and undone here: what Google's crawlers advertise. */
const acceptedCodings = 'gzip, deflate, br';
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** The longest delay Node's timers hold (2^31 − 1 ms); a longer one would fire at once. */
const maxTimerDelay = 2 ** 31 - 1;

/** Fetches `url`, following redirects, and returns every response with the error that ended the fetch, if any. */
export async function fetchWithLimits(url: string, options: HttpFetchOptions): Promise<FetchOutcome> {
	const responses: HttpResponse[] = [];
	const deadline = (options.now ?? Date.now)() + options.timeoutMs;
	const seen = new Set<string>();
	let current: URL;
	try {
		current = new URL(url);
	} catch {
		return { url, responses, error: { kind: 'network', code: 'other', message: t('not a URL: {0}', url) } };
	}
	for (let redirects = 0; ; redirects++) {
		seen.add(current.href);
		const result = await requestOnce(current, options, deadline);
		if (result.response) {
			responses.push(result.response);
		}
		if (result.error) {
			return { url, responses, error: result.error };
		}
		const response = result.response!;
		const location = response.headers.find(([name]) => name.toLowerCase() === 'location')?.[1];
		if (!redirectStatuses.has(response.status) || location === undefined) {
			return { url, responses };
		}
		let next: URL;
		try {
			next = new URL(location, current);
		} catch {
			return { url, responses, error: { kind: 'redirect-invalid', location } };
		}
		if (next.protocol !== 'http:' && next.protocol !== 'https:') {
			return { url, responses, error: { kind: 'redirect-invalid', location } };
		}
		next.hash = '';
		// Credentials in a Location (`https://user:pass@elsewhere/`) are not ours to send: Node would turn them into an
		// Authorization header to wherever the redirect points. A redirect is followed without any.
		next.username = '';
		next.password = '';
		if (seen.has(next.href)) {
			return { url, responses, error: { kind: 'redirect-loop', location: next.href } };
		}
		if (redirects >= options.maxRedirects) {
			return { url, responses, error: { kind: 'redirect-limit', limit: options.maxRedirects } };
		}
		current = next;
	}
}

interface Attempt {
	readonly response?: HttpResponse;
	readonly error?: FetchError;
}

/** One request: the response (its body read unless it redirects) or the network error. */
function requestOnce(url: URL, options: HttpFetchOptions, deadline: number): Promise<Attempt> {
	return new Promise((resolve) => {
		const now = options.now ?? Date.now;
		let settled = false;
		let request: http.ClientRequest | undefined;
		const others: http.ClientRequest[] = [];
		let headersArrived: HttpResponse | undefined;
		const cleanups: (() => void)[] = [];
		const finish = (attempt: Attempt) => {
			if (settled) {
				return;
			}
			settled = true;
			for (const cleanup of cleanups) {
				cleanup();
			}
			resolve(attempt);
		};
		const fail = (code: NetworkErrorKind, message: string) => {
			request?.destroy();
			for (const other of others) {
				other.destroy();
			}
			finish({
				...(headersArrived ? { response: headersArrived } : {}),
				error: { kind: 'network', code, message, ...(headersArrived ? { afterHeaders: true } : {}) },
			});
		};
		const remaining = deadline - now();
		if (remaining <= 0) {
			finish({ error: { kind: 'network', code: 'timeout', message: t('no complete answer within {0} ms', options.timeoutMs) } });
			return;
		}
		const timer = setTimeout(() => fail('timeout', t('no complete answer within {0} ms', options.timeoutMs)), Math.min(remaining, maxTimerDelay));
		cleanups.push(() => clearTimeout(timer));

		const onResponse = (res: http.IncomingMessage) => {
			const headers: [string, string][] = [];
			for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
				headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
			}
			const base: HttpResponse = {
				url: url.href,
				status: res.statusCode ?? 0,
				...(res.statusMessage ? { statusText: res.statusMessage } : {}),
				headers,
				receivedAt: now(),
			};
			headersArrived = base;
			const location = headers.some(([name]) => name.toLowerCase() === 'location');
			if (redirectStatuses.has(base.status) && location) {
				// A redirect's body is not needed; the connection is closed rather than drained.
				res.destroy();
				finish({ response: base });
				return;
			}
			readBody(
				res,
				options,
				(body) => finish({ response: { ...base, ...body } }),
				(code, message) => fail(code, message),
			);
		};

		try {
			request = open(
				url,
				options,
				onResponse,
				(error) => fail(classify(error), describe(error)),
				(other) => others.push(other),
			);
		} catch (error) {
			fail(classify(error), describe(error));
			return;
		}
		request.setTimeout(Math.min(options.idleTimeoutMs ?? options.timeoutMs, maxTimerDelay), () =>
			fail('timeout', t('no byte for {0} ms', options.idleTimeoutMs ?? options.timeoutMs)),
		);
		request.on('error', (error) => fail(classify(error), describe(error)));
		request.end();
	});
}

/** Sends the GET, directly or through the proxy (absolute-form for http, a CONNECT tunnel for https). */
function open(
	url: URL,
	options: HttpFetchOptions,
	onResponse: (res: http.IncomingMessage) => void,
	onError: (error: unknown) => void,
	track: (request: http.ClientRequest) => void,
): http.ClientRequest {
	const headers: http.OutgoingHttpHeaders = {
		'User-Agent': options.userAgent,
		Accept: 'text/plain, */*;q=0.1',
		'Accept-Encoding': acceptedCodings,
		// One request per run: no keep-alive socket is left to hold the process open.
		Connection: 'close',
	};
	const secure = url.protocol === 'https:';
	const proxy = options.proxyFor?.(url);
	const lookup = options.lookup ? { lookup: options.lookup } : {};
	const host = url.hostname.replace(/^\[|\]$/g, '');
	// RFC 6066 §3: the server name is a host name, never an address (Node warns on the terminal when given one, DEP0123);
	// an address is still the name the certificate is checked against (`host`, which a tunnel's socket does not give).
	const tlsOptions = { ...(isIP(host) === 0 ? { servername: host } : { host }), ...(options.ca ? { ca: options.ca } : {}) };
	if (proxy === undefined) {
		const module = secure ? https : http;
		return module.request(url, { method: 'GET', headers, ...lookup, ...(secure ? tlsOptions : {}) }, onResponse);
	}
	const proxyAuth = proxy.username
		? { 'Proxy-Authorization': `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}` }
		: {};
	const proxyTarget = { host: proxy.hostname.replace(/^\[|\]$/g, ''), port: Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80)), ...lookup };
	if (!secure) {
		return http.request({ ...proxyTarget, method: 'GET', path: url.href, headers: { ...headers, Host: url.host, ...proxyAuth } }, onResponse);
	}
	// https through the proxy: CONNECT, then TLS with the origin over the tunnel.
	const port = url.port || '443';
	const connect = http.request({
		...proxyTarget,
		method: 'CONNECT',
		path: `${url.hostname}:${port}`,
		headers: { Host: `${url.hostname}:${port}`, ...proxyAuth },
	});
	connect.on('connect', (res, socket) => {
		if (res.statusCode !== 200) {
			socket.destroy();
			onError(
				Object.assign(new Error(t('the proxy {0} refused the tunnel: {1}', proxy.host, `${res.statusCode} ${res.statusMessage ?? ''}`.trim())), {
					code: 'EPROXY',
				}),
			);
			return;
		}
		const inner = https.request(
			url,
			{
				method: 'GET',
				headers,
				...tlsOptions,
				// With its own connection the request has no agent, whose default port (443) the Host header leaves out:
				// without this, a URL with no port went out as `Host: example.com:80` (RFC 9110 §7.2: another authority).
				defaultPort: 443,
				createConnection: () => tls.connect({ socket, ...tlsOptions }),
			},
			onResponse,
		);
		track(inner);
		inner.on('error', onError);
		inner.end();
	});
	return connect;
}

/** Reads a body up to the limit, undoing its content coding as it streams. */
function readBody(
	res: http.IncomingMessage,
	options: HttpFetchOptions,
	done: (body: Partial<HttpResponse>) => void,
	fail: (code: NetworkErrorKind, message: string) => void,
): void {
	const codingHeader = (res.headers['content-encoding'] ?? '').toString().trim().toLowerCase();
	const codings = codingHeader
		.split(',')
		.map((coding) => coding.trim())
		.filter((coding) => coding !== '' && coding !== 'identity');
	const decoder = codings.length === 1 ? decoderFor(codings[0]) : undefined;
	const undecodable = codings.length > 0 && decoder === undefined ? codingHeader : undefined;
	const kept: Buffer[] = [];
	const raw: Buffer[] = [];
	let keptBytes = 0;
	let wireBytes = 0;
	let truncated = false;
	let ended = false;
	const complete = (extra: Partial<HttpResponse> = {}) => {
		if (ended) {
			return;
		}
		ended = true;
		res.destroy();
		decoder?.destroy();
		done({
			body: new Uint8Array(Buffer.concat(kept)),
			...(truncated ? { truncated: true } : {}),
			...(decoder && !('undecodable' in extra) ? { decoded: codings } : {}),
			...(undecodable ? { undecodable } : {}),
			...(codings.length > 0 ? { wireBytes } : {}),
			...extra,
		});
	};
	const keep = (chunk: Buffer) => {
		if (ended) {
			return;
		}
		const room = options.maxBytes - keptBytes;
		if (chunk.length >= room) {
			kept.push(chunk.subarray(0, room));
			keptBytes += room;
			truncated = chunk.length > room || truncated;
			// At the limit: a byte more says the file goes on, and nothing after it is read.
			if (chunk.length > room) {
				complete();
			}
			return;
		}
		kept.push(chunk);
		keptBytes += chunk.length;
	};
	if (decoder) {
		decoder.on('data', keep);
		decoder.on('error', () => {
			// The bytes are not what the coding says: keep them as received and let the core say what crawlers make of it.
			kept.length = 0;
			keptBytes = 0;
			for (const chunk of raw) {
				keep(chunk);
			}
			complete({ undecodable: codings[0] });
		});
		decoder.on('end', () => complete());
	}
	res.on('data', (chunk: Buffer) => {
		wireBytes += chunk.length;
		if (decoder) {
			if (wireBytes <= options.maxBytes) {
				raw.push(chunk);
			}
			decoder.write(chunk);
		} else {
			keep(chunk);
		}
	});
	res.on('end', () => {
		if (decoder) {
			decoder.end();
		} else {
			complete();
		}
	});
	res.on('close', () => {
		if (!res.complete && !ended) {
			fail('reset', t('the connection closed in the middle of the body'));
		}
	});
	res.on('error', (error) => {
		if (!ended) {
			fail(classify(error), describe(error));
		}
	});
}

function decoderFor(coding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
	switch (coding) {
		case 'gzip':
		case 'x-gzip':
			return zlib.createGunzip();
		case 'deflate':
			return zlib.createInflate();
		case 'br':
			return zlib.createBrotliDecompress();
		default:
			return undefined;
	}
}

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const resetCodes = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
const tlsCodes = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_|HOSTNAME_MISMATCH|EPROTO$)/;

/** The core's kind of a Node network error. */
function classify(error: unknown): NetworkErrorKind {
	const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
	if (dnsCodes.has(code)) {
		return 'dns';
	}
	if (code === 'ECONNREFUSED') {
		return 'refused';
	}
	if (resetCodes.has(code)) {
		return 'reset';
	}
	if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') {
		return 'timeout';
	}
	if (tlsCodes.test(code)) {
		return 'tls';
	}
	if (code.startsWith('HPE_')) {
		return 'protocol';
	}
	return 'other';
}

/** OpenSSL's words when what answered on the port is not TLS (most often a plain http server). */
const notTls = /wrong version number|packet length too long|http request|unknown protocol/i;

function describe(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	const message = error instanceof Error ? error.message : String(error);
	if (classify(error) === 'tls' && notTls.test(message)) {
		return t('what answered is not TLS (a plain http server? then the URL starts with http://)');
	}
	return code && !message.includes(code) ? `${message} (${code})` : message;
}
