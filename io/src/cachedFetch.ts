/**
 * One HTTP(S) GET whose body is kept on disk for as long as the response allows: the freshness lifetime of RFC 9111
 * for a private cache (Cache-Control max-age, no-store and no-cache, Expires minus Date, less the Age; the core's
 * `cacheLifetime`), a day when the response says nothing. Only a complete 2xx body is kept, one file per URL named by
 * its SHA-256; a cache that cannot be read or written is no error, only a fetch more. Never throws.
 */

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CacheRule } from '../../core/src/facts/fetching';
import { cacheLifetime } from '../../core/src/fetch/cache';
import type { FetchOutcome } from '../../core/src/fetch/response';
import { fetchWithLimits, type HttpFetchOptions } from './httpFetch';
import { writeWhole } from './writeWhole';

/** A private cache's reading of the headers (RFC 9111), and a day without them. */
const rule: CacheRule = { headers: 'rfc9111', defaultSeconds: 24 * 60 * 60, maxSeconds: null };

/** What a cached GET gave: the body (from the cache or the network), or the fetch that gave none. */
export type CachedFetch = { readonly body: Uint8Array; readonly fromCache: boolean } | { readonly failed: FetchOutcome };

/** A cache file: the URL it is for, until when it is fresh (milliseconds since the epoch), and the body in base64. */
interface Entry {
	readonly url: string;
	readonly expires: number;
	readonly body: string;
}

function entryFile(folder: string, url: string): string {
	return join(folder, `${createHash('sha256').update(url).digest('hex')}.json`);
}

function fresh(file: string, url: string, now: number): Uint8Array | undefined {
	try {
		const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<Entry>;
		if (entry.url === url && typeof entry.expires === 'number' && entry.expires > now && typeof entry.body === 'string') {
			return new Uint8Array(Buffer.from(entry.body, 'base64'));
		}
	} catch {
		// No entry, or one that is not ours to read: fetch.
	}
	return undefined;
}

function store(file: string, entry: Entry): void {
	try {
		mkdirSync(dirname(file), { recursive: true });
		writeWhole(file, JSON.stringify(entry));
	} catch {
		// Not kept: the next run fetches again.
	}
}

/** GETs `url`, or takes its body from `folder` while it is fresh there; a fresh 2xx body is stored for the next run. */
export async function fetchCached(url: string, options: HttpFetchOptions, folder: string): Promise<CachedFetch> {
	const now = options.now ?? Date.now;
	const file = entryFile(folder, url);
	const cached = fresh(file, url, now());
	if (cached !== undefined) {
		return { body: cached, fromCache: true };
	}
	const outcome = await fetchWithLimits(url, options);
	const final = outcome.responses[outcome.responses.length - 1];
	if (outcome.error !== undefined || final === undefined || final.status < 200 || final.status >= 300 || final.body === undefined || final.truncated) {
		return { failed: outcome };
	}
	const { seconds } = cacheLifetime(rule, final, '');
	if (seconds !== null && seconds > 0) {
		store(file, { url, expires: (final.receivedAt ?? now()) + seconds * 1000, body: Buffer.from(final.body).toString('base64') });
	}
	return { body: final.body, fromCache: false };
}
