/**
 * The IP range lists `robots-txt logs` checks crawlers' addresses against: those given with `--ranges [<token>=]<file |
 * URL>`, and with `--verify` the catalogue's lists for each crawler the log names, fetched when it is first seen. A
 * list fetched is kept in the user's cache folder (`$XDG_CACHE_HOME/robots-txt/ranges`, else `~/.cache/…`) for as long
 * as its response allows (io/src/cachedFetch.ts). A list given that cannot be read is a usage error; a catalogue list
 * that cannot be fetched is a warning, and that crawler's requests stay unverified.
 */

import { CrawlerRanges, describeResponse, parseRangeList, rangeListNamed, rangeListsFor, responseHeadline } from '../../core/src/index';
import { joinList, t } from '../../core/src/l10n';
import { fetchCached } from '../../io/src/cachedFetch';
import type { HttpFetchOptions } from '../../io/src/httpFetch';
import { crawlerTokens, UsageError } from './args';
import { userCacheFolder } from './cacheFolder';
import { inputName, readBytes } from './io';
import { type FetchSettings, httpOptions, isUrl } from './source';

/** A list's size limit: Google's largest list is under 100 KiB; a cloud provider's whole list is a few MiB. */
const maxListBytes = 16 << 20;

/** A `--ranges` value: the tokens before `=` (if any), and the file or URL. */
function readRangesOption(value: string): { tokens?: string[]; source: string } {
	const given = isUrl(value) ? null : /^([A-Za-z0-9][\w.-]*(?:,[A-Za-z0-9][\w.-]*)*)=(.+)$/.exec(value);
	if (given === null) {
		return { source: value };
	}
	return { tokens: crawlerTokens([given[1]], '--ranges'), source: given[2] };
}

/** The range lists of a run, added to one `CrawlerRanges` as they are read. */
export class RangeLists {
	readonly ranges = new CrawlerRanges();
	/** The URLs of the lists loaded (or tried), so that none is fetched twice. */
	private readonly loaded = new Set<string>();
	private readonly asked = new Set<string>();
	private readonly http: HttpFetchOptions;
	private readonly folder: string;

	constructor(
		settings: FetchSettings,
		private readonly warn: (message: string) => Promise<void>,
	) {
		this.http = { ...httpOptions(settings), maxBytes: maxListBytes };
		this.folder = userCacheFolder('ranges', settings.env ?? process.env);
	}

	/**
	 * Reads a `--ranges` value. Without a token, the catalogue must know the list by its URL or file name; a list that
	 * cannot be read, or is not a range list, is a usage error.
	 */
	async give(value: string): Promise<void> {
		const { tokens, source } = readRangesOption(value);
		const known = rangeListNamed(source);
		const vouchesFor = tokens ?? known?.tokens;
		if (vouchesFor === undefined) {
			throw new UsageError(t('{0}: the catalogue knows no list by that name; say whose addresses it lists, e.g. --ranges Googlebot={0}', source));
		}
		const list = isUrl(source) ? await this.fetchList(source.trim()) : parseRangeList(readBytes(source).toString('utf8'));
		if ('error' in list) {
			throw new UsageError(t('cannot read {0}: {1}', inputName(source), list.error));
		}
		this.ranges.add(vouchesFor, list.prefixes);
		if (known !== undefined && tokens === undefined) {
			this.loaded.add(known.url);
		}
	}

	/**
	 * With `--verify`, on a crawler's first request: fetches the catalogue's lists for it that are not loaded yet (a
	 * warning for one that cannot be had).
	 */
	async verify(token: string): Promise<void> {
		if (this.asked.has(token)) {
			return;
		}
		this.asked.add(token);
		for (const list of rangeListsFor(token)) {
			if (this.loaded.has(list.url)) {
				continue;
			}
			this.loaded.add(list.url);
			const parsed = await this.fetchList(list.url);
			if ('error' in parsed) {
				await this.warn(t('warning: {0}: {1}', list.url, t('{0}; requests that name {1} stay unverified', parsed.error, joinList(list.tokens))));
				continue;
			}
			this.ranges.add(list.tokens, parsed.prefixes);
		}
	}

	/** A list at a URL (from the cache while fresh), or why it cannot be had: the fetch's failure or the list's fault. */
	private async fetchList(url: string): Promise<ReturnType<typeof parseRangeList>> {
		const fetched = await fetchCached(url, this.http, this.folder);
		return 'failed' in fetched ? { error: failure(fetched.failed) } : parseRangeList(Buffer.from(fetched.body).toString('utf8'));
	}
}

/** Why a fetch gave no list, in words: the error that ended it, or the response (`404 Not Found`). */
function failure(outcome: Parameters<typeof describeResponse>[0]): string {
	const facts = describeResponse(outcome);
	return facts.error ?? responseHeadline(facts);
}
