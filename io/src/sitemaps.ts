/**
 * The sitemaps a robots.txt names, read for the server and the CLI alike: the core plans what to read
 * (`nextUrlSets`) and reads what was found (`readUrlSet`); this module loops over the plan with the edge's own way of
 * finding a URL's bytes (a workspace file, an HTTP GET) and turns bytes into what the core reads: gzip undone (by its
 * magic bytes, as `.xml.gz` files are), at most `maxBytes` uncompressed, a broken stream said as such. It uses only
 * what a browser's worker has too (`DecompressionStream`), so the server in a browser runs it as well.
 */

import {
	describeResponse,
	nextUrlSets,
	readUrlSet,
	urlSetLimits,
	type FetchOutcome,
	type ReadUrlSet,
	type RobotsModel,
	type UrlSetLimits,
	type UrlSetSource,
} from '../../core/src/index';

/** What an edge found at a URL: bytes (with whether more followed the cap), or why none (the core's words for it). */
export type FoundBytes = { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly cut: boolean } | Exclude<UrlSetSource, { kind: 'text' }>;

/**
 * Reads every sitemap the core plans for `model`, asking `read` for each URL once, a round at a time (the Sitemap
 * lines' sitemaps, then those their indexes list), at most `limits.maxSitemaps` in all.
 */
export async function readUrlSets(
	model: RobotsModel,
	read: (url: string) => Promise<ReadUrlSet>,
	limits: UrlSetLimits = urlSetLimits,
): Promise<Map<string, ReadUrlSet>> {
	const reads = new Map<string, ReadUrlSet>();
	for (let next = nextUrlSets(model, reads, limits); next.length > 0; next = nextUrlSets(model, reads, limits)) {
		for (const url of next) {
			reads.set(url, await read(url));
		}
	}
	return reads;
}

/** What was found at a sitemap's URL, read as the core reads sitemaps. */
export async function readFound(found: FoundBytes, limits: UrlSetLimits = urlSetLimits): Promise<ReadUrlSet> {
	return readUrlSet(found.kind === 'bytes' ? await sitemapText(found.bytes, found.cut, limits.maxBytes) : found, limits);
}

/**
 * What a GET of a sitemap found (the fetch of issue 12: redirects followed, one deadline, the body read up to its
 * limit): the final 2xx body, the status of any other answer, or the error in the words a deployed robots.txt gets.
 */
export function foundInFetch(outcome: FetchOutcome): FoundBytes {
	const final = outcome.responses[outcome.responses.length - 1];
	if (outcome.error !== undefined) {
		return { kind: 'network', message: describeResponse(outcome).error ?? outcome.error.kind };
	}
	if (final === undefined || final.status < 200 || final.status >= 300 || final.body === undefined) {
		return { kind: 'http-status', status: final?.status ?? 0 };
	}
	return { kind: 'bytes', bytes: final.body, cut: final.truncated === true };
}

/** Bytes as the core reads a sitemap: gunzipped when they start with gzip's magic bytes, as UTF-8, at most `maxBytes`. */
async function sitemapText(bytes: Uint8Array, cut: boolean, maxBytes: number): Promise<UrlSetSource> {
	const isGzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
	if (!isGzip) {
		return { kind: 'text', text: decode(bytes.subarray(0, maxBytes)), cut: cut || bytes.length > maxBytes };
	}
	const chunks: Uint8Array[] = [];
	let total = 0;
	let over = false;
	// The stream takes bytes over an ArrayBuffer (not a SharedArrayBuffer); those are copied once.
	const owned = bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
	const compressed = new ReadableStream<Uint8Array<ArrayBuffer>>({
		start(controller) {
			controller.enqueue(owned);
			controller.close();
		},
	});
	const reader = compressed.pipeThrough(new DecompressionStream('gzip')).getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) {
				break;
			}
			// sitemaps.org's 50 MB is uncompressed: stop there, however small the file on disk (a gzip bomb).
			if (total + value.length > maxBytes) {
				chunks.push(value.subarray(0, maxBytes - total));
				over = true;
				break;
			}
			chunks.push(value);
			total += value.length;
		}
	} catch {
		// A file cut at the read cap ends in the middle of the stream: what came before it is read.
		if (!cut) {
			return { kind: 'broken-gzip' };
		}
	} finally {
		void reader.cancel().catch(() => undefined);
	}
	const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
	let at = 0;
	for (const chunk of chunks) {
		all.set(chunk, at);
		at += chunk.length;
	}
	return { kind: 'text', text: decode(all), cut: over || cut };
}

/** UTF-8, as sitemaps.org requires of a sitemap; bytes that are not UTF-8 become U+FFFD. */
function decode(bytes: Uint8Array): string {
	return new TextDecoder('utf-8').decode(bytes);
}
