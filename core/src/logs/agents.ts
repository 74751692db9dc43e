/**
 * Who sent a request, from its User-Agent header: the catalogue crawler whose product token the header carries, or
 * else a browser, an unknown bot, or something else. Owners document their headers as a product token inside a longer
 * string (`Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)`),
 * so a token counts where it stands between token boundaries, compared case-insensitively, outside the URLs the
 * string cites. One pass over the header against an index built once from the catalogue.
 */

import { type CrawlerFacts, knownCrawlers } from '../facts/crawlers';
import { BoundedMemo, ownCopy } from '../memo';

/** What a User-Agent header says about its sender. */
export type AgentAttribution =
	/** A catalogue crawler's product token stands in the header. */
	| { readonly kind: 'crawler'; readonly crawler: CrawlerFacts }
	/** A browser's header (`Mozilla/…`) with no sign of automation. */
	| { readonly kind: 'browser' }
	/** A header that looks automated (bot, crawler, spider, a URL, an HTTP library) but names no catalogue crawler. */
	| { readonly kind: 'unknown-bot' }
	| { readonly kind: 'other' };

/** A catalogue token as the scan compares it. */
interface Candidate {
	/** The token in ASCII lower case. */
	readonly lower: string;
	readonly crawler: CrawlerFacts;
	/**
	 * A family token (`Yandex` for YandexBot, YandexImages…) also names the words it begins: its owner documents it
	 * as covering every robot whose name starts with it.
	 */
	readonly prefix: boolean;
}

/** The ASCII lower case of a character code; other codes unchanged. */
function lowerCode(code: number): number {
	return code >= 65 && code <= 90 ? code + 32 : code;
}

/** Letters, digits and `_` make words; any other character is a token boundary. */
function isWordCode(code: number): boolean {
	const lower = lowerCode(code);
	return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57) || code === 95;
}

/** The index's key for a position: its first two characters in lower case. */
function keyAt(text: string, at: number): number {
	return lowerCode(text.charCodeAt(at)) * 65536 + lowerCode(text.charCodeAt(at + 1));
}

/**
 * The names owners document in the headers of crawlers whose robots.txt token is another word, by the catalogue token:
 * Kakao's robot obeys `Daumoa` in robots.txt and sends `Daum/4.1` (Kakao: Daum 웹문서 검색이란?,
 * https://cs.daum.net/faq/15/4118.html).
 */
export const headerNames: Readonly<Record<string, string>> = { Daumoa: 'Daum' };

/**
 * The catalogue's tokens, and the header names above, by their first two characters, longest first in each bucket.
 * Control tokens are left out: they decide a use of content (Google-Extended) and send no requests of their own, so no
 * header names them.
 */
const tokenIndex: ReadonlyMap<number, readonly Candidate[]> = (() => {
	const index = new Map<number, Candidate[]>();
	for (const crawler of knownCrawlers) {
		if (crawler.controlToken) {
			continue;
		}
		for (const name of [crawler.token, headerNames[crawler.token]]) {
			if (name === undefined) {
				continue;
			}
			const lower = name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
			const key = keyAt(lower, 0);
			const bucket = index.get(key) ?? [];
			bucket.push({ lower, crawler, prefix: name === crawler.token && crawler.standsFor !== undefined });
			index.set(key, bucket);
		}
	}
	for (const bucket of index.values()) {
		bucket.sort((a, b) => b.lower.length - a.lower.length);
	}
	return index;
})();

/** Whether `candidate` stands in `text` at `at` (a token boundary), ending at a boundary unless it is a family token. */
function standsAt(text: string, at: number, candidate: Candidate): boolean {
	const { lower } = candidate;
	if (at + lower.length > text.length) {
		return false;
	}
	for (let i = 2; i < lower.length; i++) {
		if (lowerCode(text.charCodeAt(at + i)) !== lower.charCodeAt(i)) {
			return false;
		}
	}
	const end = at + lower.length;
	return candidate.prefix || end === text.length || !isWordCode(text.charCodeAt(end));
}

/** Whether a URL starts at `at` (`http://` or `https://`, any case). */
function urlAt(text: string, at: number): boolean {
	const scheme = 'https://';
	let i = 0;
	for (; i < 4; i++) {
		if (lowerCode(text.charCodeAt(at + i)) !== scheme.charCodeAt(i)) {
			return false;
		}
	}
	if (lowerCode(text.charCodeAt(at + i)) === 115) {
		i++;
	}
	return text.startsWith('://', at + i);
}

/** Where the URL starting at `at` ends: at white space, `;`, `)` or the end. */
function urlEnd(text: string, at: number): number {
	let end = at;
	while (end < text.length && !/[\s;)]/.test(text[end])) {
		end++;
	}
	return end;
}

/**
 * The catalogue crawler a User-Agent header names: the longest catalogue token standing at token boundaries outside
 * the URLs it cites (where one token contains another, as Googlebot-Image contains Googlebot, the longer is the more
 * specific name), the first of equally long ones. One pass: each boundary is looked up by its first two characters.
 */
function namedCrawler(header: string): CrawlerFacts | undefined {
	let best: Candidate | undefined;
	let at = 0;
	while (at < header.length - 1) {
		if (at > 0 && isWordCode(header.charCodeAt(at - 1))) {
			at++;
			continue;
		}
		if (urlAt(header, at)) {
			at = urlEnd(header, at);
			continue;
		}
		for (const candidate of tokenIndex.get(keyAt(header, at)) ?? []) {
			if ((best === undefined || candidate.lower.length > best.lower.length) && standsAt(header, at, candidate)) {
				best = candidate;
				break;
			}
		}
		at++;
	}
	return best?.crawler;
}

/**
 * Words that mark an automated client: the generic names for robots, a contact URL or address, and the product
 * tokens of common HTTP libraries and command-line tools.
 */
const automated =
	/bot|crawl|spider|scrap|fetch|https?:\/\/|www\.|@|\b(?:curl|wget|python|go-http-client|java|okhttp|axios|node-fetch|undici|libwww|lwp|httpclient|aiohttp|httpx|guzzle|ruby|perl|php|headless)\b/i;

/** Who sent a request with this User-Agent header. */
export function attributeUserAgent(header: string): AgentAttribution {
	const crawler = namedCrawler(header);
	if (crawler !== undefined) {
		return { kind: 'crawler', crawler };
	}
	if (automated.test(header)) {
		return { kind: 'unknown-bot' };
	}
	return /^Mozilla\/\d/.test(header.trimStart()) ? { kind: 'browser' } : { kind: 'other' };
}

const otherAgent: AgentAttribution = { kind: 'other' };

/** How many distinct headers an `AgentAttributor` remembers before it starts again. */
const attributorCapacity = 4096;

/**
 * Attribution memoised per distinct header: a log repeats the same few headers millions of times, so each is scanned
 * once. The memo is bounded: when it holds `attributorCapacity` headers it is emptied and fills again, so a log of
 * ever-new headers costs a scan a line and no more memory. Its owner creates one per analysis and drops it after.
 */
export class AgentAttributor {
	private readonly known = new BoundedMemo<AgentAttribution>(attributorCapacity);
	/**
	 * The headers last attributed, by a hash of their length and four of their characters, and their attributions: a
	 * hit is one comparison of strings. The memo's own lookup hashes every character of the header (100–200 of them in
	 * a browser's), which was a tenth of a log line's time.
	 */
	private readonly recentHeaders: (string | undefined)[] = new Array<string | undefined>(recentSlots).fill(undefined);
	private readonly recentAttributions: AgentAttribution[] = new Array<AgentAttribution>(recentSlots).fill(otherAgent);

	/** Who sent a request with this User-Agent header; a request without one is `other`. */
	attribute(header: string | null): AgentAttribution {
		if (header === null) {
			return otherAgent;
		}
		const length = header.length;
		const slot =
			(length * 31
				+ header.charCodeAt(length >> 1) * 7
				+ header.charCodeAt((length * 3) >> 2) * 3
				+ header.charCodeAt(length >> 2)
				+ header.charCodeAt(length - 2))
			& (recentSlots - 1);
		if (this.recentHeaders[slot] === header) {
			return this.recentAttributions[slot];
		}
		const attribution = this.known.get(header, attributeUserAgent);
		this.recentHeaders[slot] = ownCopy(header);
		this.recentAttributions[slot] = attribution;
		return attribution;
	}
}

/** Slots of `AgentAttributor`'s recent headers (a power of two). */
const recentSlots = 1024;

/** Requests counted by who sent them, beside the catalogue crawlers (which their owner counts its own way). */
export interface SenderCounts {
	/** Requests from browsers, from automated clients the catalogue does not know, and from anything else. */
	readonly browsers: number;
	readonly unknownBots: number;
	readonly others: number;
}

/**
 * The senders of one log's requests: each request attributed once (through an `AgentAttributor`), a catalogue
 * crawler's handed back to the caller, the others counted by kind. Its owner creates one per log or analysis.
 */
export class SenderCounter {
	private readonly attributor = new AgentAttributor();
	private browsers = 0;
	private unknownBots = 0;
	private others = 0;

	/** Counts a request with this User-Agent header: the catalogue crawler that sent it, or undefined (counted here). */
	count(header: string | null): CrawlerFacts | undefined {
		const attribution = this.attributor.attribute(header);
		switch (attribution.kind) {
			case 'crawler':
				return attribution.crawler;
			case 'browser':
				this.browsers++;
				return undefined;
			case 'unknown-bot':
				this.unknownBots++;
				return undefined;
			default:
				this.others++;
				return undefined;
		}
	}

	/** The catalogue crawler a header names, or undefined; counts nothing. */
	claimant(header: string | null): CrawlerFacts | undefined {
		const attribution = this.attributor.attribute(header);
		return attribution.kind === 'crawler' ? attribution.crawler : undefined;
	}

	/** The requests counted so far that no catalogue crawler sent. */
	counts(): SenderCounts {
		return { browsers: this.browsers, unknownBots: this.unknownBots, others: this.others };
	}
}
