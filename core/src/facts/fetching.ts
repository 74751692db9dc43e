/**
 * How crawlers fetch robots.txt, as data: what each status code, redirect chain, network error, media type, charset,
 * byte order mark and content coding makes them conclude, and how long they keep the answer. Every behaviour cites the
 * public source that states it, or has none and is then our assumption; `note` says how we read a source where the
 * value is not its literal words. `fetch/` turns a response into conclusions with these facts and nothing else.
 * The prose (notes, what a crawler does while the file is unreachable, names that are not proper names) is written by
 * getters that call `t`, so that it comes in the language set when it is shown, not at import.
 */

import { t } from '../l10n';

/** What a crawler concludes from a response. */
export type FetchOutcomeKind =
	/** It reads the rules in the body. */
	| 'rules'
	/** No restrictions: every URL may be fetched. */
	| 'allow-all'
	/** Everything is disallowed until the next successful fetch. */
	| 'disallow-all'
	/** It fetches nothing from the site for now and tries robots.txt again later. */
	| 'retry-later';

/** A behaviour and where it is documented. */
export interface Sourced<T> {
	readonly value: T;
	/** "Title (URL)"; several joined by "; ". Missing: no source read states it, and the value is our assumption. */
	readonly source?: string;
	/** How we read the source, where the value is not its literal words. */
	readonly note?: string;
}

/** Which statuses a rule covers: exact codes (`404`), classes (`4xx`), or `any`. */
type StatusPattern = string;

/** One line of a crawler's status table; the first rule whose pattern matches decides. */
export interface StatusRule extends Sourced<FetchOutcomeKind> {
	readonly codes: readonly StatusPattern[];
}

/** How long a crawler keeps a fetched answer. */
export interface CacheRule {
	/**
	 * The response headers it reads: `rfc9111` (Cache-Control max-age, no-store and no-cache, Expires, Age),
	 * `max-age` (only Cache-Control max-age), `lwp` (HTTP::Response's freshness_lifetime), `none` (no expiry).
	 */
	readonly headers: 'rfc9111' | 'max-age' | 'lwp' | 'none';
	/** Seconds without such headers; null with `none`: the program that uses it decides. */
	readonly defaultSeconds: number | null;
	/** At most this many seconds whatever the headers say; null: no cap. */
	readonly maxSeconds: number | null;
}

/** A way of fetching robots.txt whose behaviour is known: a standard's, a search engine's, or a library's. */
export type FetchPolicyId = 'rfc9309' | 'google' | 'yandex' | 'draft1996' | 'libwww-perl' | 'python-urllib';

/** One way of fetching robots.txt: a search engine's documented behaviour, a standard's, or a library's code. */
export interface FetchPolicy {
	readonly id: FetchPolicyId;
	/** For people, as the subject of a sentence: "Google", "RFC 9309", "LWP::RobotUA". */
	readonly name: string;
	/** The status table, first match wins; the last rule matches `any`. */
	readonly statuses: readonly StatusRule[];
	/** Redirects it follows (null: as many as it takes), and what it concludes when a chain goes on longer or loops. */
	readonly redirects: Sourced<{ readonly max: number | null; readonly beyond: FetchOutcomeKind }>;
	/** Whether it follows a redirect to another host. */
	readonly crossHost: Sourced<boolean>;
	/** DNS failures, refused or reset connections, timeouts, TLS failures, malformed or interrupted responses. */
	readonly network: Sourced<FetchOutcomeKind>;
	/** The media types whose body it reads, and what it concludes from any other. */
	readonly mediaType: Sourced<{ readonly accepts: 'any' | 'text/*' | 'text/plain'; readonly otherwise: FetchOutcomeKind }>;
	/** How it turns bytes into text: always UTF-8, or the charset of the Content-Type (then a guess). */
	readonly charset: Sourced<'utf-8' | 'content-type'>;
	/** Bytes that are not UTF-8 where it decodes UTF-8: kept as they are, replaced, or the read fails. */
	readonly invalidUtf8: Sourced<'kept' | 'replaced' | 'read-fails'>;
	/** A UTF-8 byte order mark at the start: skipped, or read as part of the first line (whose key is then unknown). */
	readonly bom: Sourced<'skipped' | 'first-line'>;
	/** The Content-Encoding codings it undoes. */
	readonly encodings: Sourced<readonly string[]>;
	/** A body it cannot turn into text (a coding it does not undo, a charset it does not know, a failed read). */
	readonly unreadable: Sourced<FetchOutcomeKind>;
	readonly cache: Sourced<CacheRule>;
	/** What it does while the file stays unreachable, after its first answer. */
	readonly whileUnreachable?: Sourced<string>;
}

const hour = 60 * 60;
const day = 24 * hour;

// Sources, as "Title (URL)". Each behaviour cites only what its page says.

/**
 * Google's robots.txt page: the status table ("2xx ... process the robots.txt file as provided", "follows at least five
 * redirect hops ... and then stops and treats it as a 404", "all 4xx errors, except 429, as if a valid robots.txt file
 * didn't exist", the 5xx phases), "Other errors" (DNS, timeouts, invalid responses, reset or interrupted connections,
 * chunking errors: "treated as a server error"), caching ("generally ... up to 24 hours", "may increase or decrease the
 * cache lifetime based on max-age"), the file format (UTF-8, the BOM ignored, HTML parsed for rules) and 500 KiB.
 */
export const googleRobotsSpec =
	'Google: How Google interprets the robots.txt specification (https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec)';
/** "return 500, 503, or 429 HTTP response status code instead of 200"; Googlebot slows down on all three. */
const googleCrawlRate = 'Google: Reduce the Google crawl rate (https://developers.google.com/crawling/docs/crawlers-fetchers/reduce-crawl-rate)';
/** "Google's crawlers and fetchers support the following content encodings (compressions): gzip, deflate, and Brotli (br)." */
const googleOverview =
	'Google: Overview of Google crawlers and fetchers (https://developers.google.com/crawling/docs/crawlers-fetchers/overview-google-crawlers)';

/**
 * Yandex's help: robots are read correctly if "The file size doesn't exceed 500 KB", "It is a TXT file named robots",
 * and the server "responds with an HTTP code with the status 200 OK"; "If the file doesn't meet the requirements, the
 * site is considered open for indexing"; "Yandex supports redirection from the robots.txt file located on one site to
 * the file located on another site. In this case, the directives in the target file are taken into account."
 */
export const yandexRobotsHelp = 'Yandex Webmaster help: Using robots.txt (https://yandex.com/support/webmaster/controlling-robot/robots-txt.html)';

/** RFC 9309 §2.3: "The file MUST be UTF-8 encoded ... and Internet Media Type "text/plain"". */
const rfcFile = 'RFC 9309 §2.3, Access method (https://www.rfc-editor.org/rfc/rfc9309#section-2.3)';
/** §2.3.1.1 Successful access: "the crawler MUST follow the parseable rules". */
const rfcSuccess = 'RFC 9309 §2.3.1.1, Successful Access (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.1)';
/** §2.3.1.2: "SHOULD follow at least five consecutive redirects, even across authorities"; more: "MAY assume that the robots.txt file is unavailable". */
const rfcRedirects = 'RFC 9309 §2.3.1.2, Redirects (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.2)';
/** §2.3.1.3: 400-499 "unavailable": "the crawler MAY access any resources on the server". */
const rfcUnavailable = 'RFC 9309 §2.3.1.3, "Unavailable" Status (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.3)';
/** §2.3.1.4: "unreachable due to server or network errors ... the crawler MUST assume complete disallow"; 30 days. */
const rfcUnreachable = 'RFC 9309 §2.3.1.4, "Unreachable" Status (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.4)';
/** §2.3.1.5: "Crawlers MUST try to parse each line of the robots.txt file." */
const rfcParsing = 'RFC 9309 §2.3.1.5, Parsing Errors (https://www.rfc-editor.org/rfc/rfc9309#section-2.3.1.5)';
/** §2.4: "MAY use standard cache control as defined in [RFC9111]"; "SHOULD NOT use the cached version for more than 24 hours". */
const rfcCaching = 'RFC 9309 §2.4, Caching (https://www.rfc-editor.org/rfc/rfc9309#section-2.4)';

/**
 * The 1996 draft, §3.1: 2xx "must read the content, parse it, and follow any instructions"; 404: "access to the site is
 * not restricted"; 401 or 403: "regard access to the site completely restricted"; "temporary failure": "defer visits to
 * the site until such time as the resource can be retrieved"; 3xx: "follow the redirects until a resource can be
 * found". §3.4: "robots should take note of Expires header"; without cache-control "default to an expiry of 7 days".
 * Seed 000 (HTTP: The Definitive Guide, §9.4.2 and §9.4.5) gives the same reading, with 503 as the temporary failure.
 */
const draftAccess = 'draft-koster-robots-00, A Method for Web Robots Control, §3.1 (https://www.robotstxt.org/norobots-rfc.txt)';
const draftExpiry = 'draft-koster-robots-00, A Method for Web Robots Control, §3.4 (https://www.robotstxt.org/norobots-rfc.txt)';

/** LWP::RobotUA: `if ($robot_res->is_success && $robot_res->content_is_text) { $content = $robot_res->decoded_content; ... }`, else "". */
const lwpRobotUA = 'libwww-perl: LWP::RobotUA, lib/LWP/RobotUA.pm (https://github.com/libwww-perl/libwww-perl/blob/master/lib/LWP/RobotUA.pm)';
/** LWP::UserAgent: `$max_redirect = 7 unless defined $max_redirect`; errors become responses with status 500. */
const lwpUserAgent = 'libwww-perl: LWP::UserAgent, lib/LWP/UserAgent.pm (https://github.com/libwww-perl/libwww-perl/blob/master/lib/LWP/UserAgent.pm)';
/** HTTP::Message decoded_content: gzip, x-gzip, bzip2, deflate; the charset of the Content-Type, else a guess. */
const httpMessage = 'HTTP-Message: HTTP::Message, lib/HTTP/Message.pm (https://github.com/libwww-perl/HTTP-Message/blob/master/lib/HTTP/Message.pm)';
/** HTTP::Response freshness_lifetime: max-age, Expires − Date, 10 % of the age since Last-Modified within [60 s, 24 h], else 1 h. */
const httpResponse = 'HTTP-Message: HTTP::Response, lib/HTTP/Response.pm (https://github.com/libwww-perl/HTTP-Message/blob/master/lib/HTTP/Response.pm)';
/** WWW::RobotRules parse: `/^\s*User-Agent\s*:\s*(.*)/i`, so a line that starts with U+FEFF is not a User-agent line. */
const wwwRobotRules =
	'libwww-perl: WWW::RobotRules 6.02, lib/WWW/RobotRules.pm (https://github.com/libwww-perl/WWW-RobotRules/blob/master/lib/WWW/RobotRules.pm)';

/**
 * Python's robotparser as the catalogue pins it: `read()` sets `disallow_all` for 401 and 403 and `allow_all` for any
 * other code ≥ 400, parses `raw.decode("utf-8")` otherwise, and lets every other exception through; `can_fetch` with no
 * entry that applies answers True. There is no expiry: `mtime()` is for the program to decide.
 */
const pythonRobotparser =
	'CPython: Lib/urllib/robotparser.py, the 1996-draft version (https://github.com/python/cpython/blob/b494c21bdd5371962bc29d7e0a81d6fb4338cdb0/Lib/urllib/robotparser.py)';
/** urllib's HTTPRedirectHandler: `max_repeats = 4`, `max_redirections = 10`, then HTTPError with the redirect's code. */
const pythonRequest =
	'CPython: Lib/urllib/request.py, HTTPRedirectHandler (https://github.com/python/cpython/blob/b494c21bdd5371962bc29d7e0a81d6fb4338cdb0/Lib/urllib/request.py)';

const commonEncodings = ['gzip', 'deflate', 'br'];

const rfc9309: FetchPolicy = {
	id: 'rfc9309',
	name: 'RFC 9309',
	statuses: [
		{ codes: ['2xx'], value: 'rules', source: rfcSuccess },
		{ codes: ['4xx'], value: 'allow-all', source: rfcUnavailable },
		{ codes: ['5xx'], value: 'disallow-all', source: rfcUnreachable },
		// A final 1xx or 3xx (a redirect without a usable Location) is neither available nor unavailable in the RFC's terms.
		{ codes: ['any'], value: 'disallow-all' },
	],
	redirects: { value: { max: 5, beyond: 'allow-all' }, source: rfcRedirects },
	crossHost: { value: true, source: rfcRedirects },
	network: { value: 'disallow-all', source: rfcUnreachable },
	mediaType: {
		value: { accepts: 'any', otherwise: 'rules' },
		source: `${rfcFile}; ${rfcParsing}`,
		get note() {
			return t('the RFC asks servers for text/plain and crawlers to try to parse every line; it names no other outcome');
		},
	},
	charset: { value: 'utf-8', source: rfcFile },
	invalidUtf8: { value: 'kept' },
	bom: { value: 'skipped' },
	encodings: { value: commonEncodings },
	unreadable: { value: 'disallow-all' },
	cache: {
		value: { headers: 'rfc9111', defaultSeconds: day, maxSeconds: day },
		source: rfcCaching,
		get note() {
			return t("24 hours is the RFC's upper bound; without caching headers we take the bound");
		},
	},
	whileUnreachable: {
		get value() {
			return t('after a reasonably long time (for example 30 days) it may treat it as unavailable (no restrictions) or keep using a cached copy');
		},
		source: rfcUnreachable,
	},
};

const google: FetchPolicy = {
	id: 'google',
	name: 'Google',
	statuses: [
		{ codes: ['2xx'], value: 'rules', source: googleRobotsSpec },
		{
			codes: ['429'],
			value: 'retry-later',
			source: `${googleRobotsSpec}; ${googleCrawlRate}`,
			get note() {
				return t("Google's table leaves 429 out of its 4xx rule and its crawl-rate page groups 429 with 500 and 503; we read it as a server error");
			},
		},
		{ codes: ['4xx'], value: 'allow-all', source: googleRobotsSpec },
		{ codes: ['5xx'], value: 'retry-later', source: googleRobotsSpec },
		{
			codes: ['any'],
			value: 'retry-later',
			source: googleRobotsSpec,
			get note() {
				return t('a status outside 2xx-5xx is an invalid response, which Google treats as a server error');
			},
		},
	],
	redirects: { value: { max: 5, beyond: 'allow-all' }, source: googleRobotsSpec },
	crossHost: {
		value: true,
		source: rfcRedirects,
		get note() {
			return t("Google's page states no host restriction; the RFC it implements follows redirects across authorities");
		},
	},
	network: { value: 'retry-later', source: googleRobotsSpec },
	mediaType: { value: { accepts: 'any', otherwise: 'rules' }, source: googleRobotsSpec },
	charset: { value: 'utf-8', source: googleRobotsSpec },
	invalidUtf8: {
		value: 'kept',
		source: googleRobotsSpec,
		get note() {
			return t(
				'Google "may ignore characters that are not part of the UTF-8 range"; its parser keeps such bytes and percent-encodes them, so a rule with them matches only URLs with the same bytes',
			);
		},
	},
	bom: { value: 'skipped', source: googleRobotsSpec },
	encodings: { value: commonEncodings, source: googleOverview },
	unreadable: {
		value: 'retry-later',
		source: googleRobotsSpec,
		get note() {
			return t('a body that cannot be decoded is an invalid response, treated as a server error');
		},
	},
	cache: { value: { headers: 'max-age', defaultSeconds: day, maxSeconds: null }, source: googleRobotsSpec },
	whileUnreachable: {
		get value() {
			return t(
				'it stops crawling the site for 12 hours while it retries, then uses its last good copy for up to 30 days (without one, no restrictions); after 30 days it behaves as if there were no robots.txt when the site is otherwise available',
			);
		},
		source: googleRobotsSpec,
	},
};

const yandex: FetchPolicy = {
	id: 'yandex',
	name: 'Yandex',
	statuses: [
		{ codes: ['200'], value: 'rules', source: yandexRobotsHelp },
		{
			codes: ['any'],
			value: 'allow-all',
			source: yandexRobotsHelp,
			get note() {
				return t('any status other than 200 OK leaves the site open, server errors included');
			},
		},
	],
	redirects: { value: { max: 5, beyond: 'allow-all' } },
	crossHost: { value: true, source: yandexRobotsHelp },
	network: {
		value: 'allow-all',
		get note() {
			return t('the help says a file that does not meet its requirements leaves the site open; it does not name network errors');
		},
	},
	mediaType: {
		value: { accepts: 'text/plain', otherwise: 'allow-all' },
		source: yandexRobotsHelp,
		get note() {
			return t('we read "a TXT file" as the Content-Type text/plain; a response without a Content-Type is read');
		},
	},
	charset: { value: 'utf-8' },
	invalidUtf8: { value: 'kept' },
	bom: { value: 'skipped' },
	encodings: { value: commonEncodings },
	unreadable: { value: 'allow-all' },
	cache: { value: { headers: 'rfc9111', defaultSeconds: day, maxSeconds: day } },
};

const draft1996: FetchPolicy = {
	id: 'draft1996',
	get name() {
		return t('the 1996 draft');
	},
	statuses: [
		{ codes: ['2xx'], value: 'rules', source: draftAccess },
		{ codes: ['401', '403'], value: 'disallow-all', source: draftAccess },
		{ codes: ['404'], value: 'allow-all', source: draftAccess },
		{
			codes: ['5xx'],
			value: 'retry-later',
			source: draftAccess,
			get note() {
				return t('we read a 5xx as the draft\'s "temporary failure" (seed 000 names 503)');
			},
		},
		{ codes: ['4xx'], value: 'allow-all' },
		{ codes: ['any'], value: 'retry-later' },
	],
	redirects: {
		value: { max: null, beyond: 'allow-all' },
		source: draftAccess,
		get note() {
			return t('the draft follows redirects "until a resource can be found"; a loop never ends, and then we assume no restrictions');
		},
	},
	crossHost: { value: true },
	network: {
		value: 'retry-later',
		source: draftAccess,
		get note() {
			return t('a failed request is the draft\'s "temporary failure"');
		},
	},
	mediaType: { value: { accepts: 'any', otherwise: 'rules' } },
	charset: { value: 'utf-8' },
	invalidUtf8: { value: 'kept' },
	bom: { value: 'skipped' },
	encodings: { value: commonEncodings },
	unreadable: { value: 'retry-later' },
	cache: { value: { headers: 'rfc9111', defaultSeconds: 7 * day, maxSeconds: null }, source: draftExpiry },
};

const libwwwPerl: FetchPolicy = {
	id: 'libwww-perl',
	name: 'LWP::RobotUA',
	statuses: [
		{ codes: ['2xx'], value: 'rules', source: lwpRobotUA },
		{
			codes: ['any'],
			value: 'allow-all',
			source: lwpRobotUA,
			get note() {
				return t('any response that is not a success leaves the content empty, and empty rules allow everything');
			},
		},
	],
	redirects: { value: { max: 7, beyond: 'allow-all' }, source: `${lwpUserAgent}; ${lwpRobotUA}` },
	crossHost: { value: true, source: lwpUserAgent },
	network: {
		value: 'allow-all',
		source: `${lwpUserAgent}; ${lwpRobotUA}`,
		get note() {
			return t('LWP turns a failed request into a 500 response, which is not a success');
		},
	},
	mediaType: { value: { accepts: 'text/*', otherwise: 'allow-all' }, source: lwpRobotUA },
	charset: { value: 'content-type', source: httpMessage },
	invalidUtf8: { value: 'replaced', source: httpMessage },
	bom: {
		value: 'first-line',
		source: `${httpMessage}; ${wwwRobotRules}`,
		get note() {
			return t('decoding keeps U+FEFF, and the User-agent pattern then does not match the first line');
		},
	},
	encodings: { value: ['gzip', 'x-gzip', 'deflate', 'bzip2', 'x-bzip2'], source: httpMessage },
	unreadable: {
		value: 'allow-all',
		source: `${httpMessage}; ${lwpRobotUA}`,
		get note() {
			return t('decoded_content returns undef, and the content is then empty');
		},
	},
	cache: { value: { headers: 'lwp', defaultSeconds: hour, maxSeconds: null }, source: `${lwpRobotUA}; ${httpResponse}` },
};

const pythonUrllib: FetchPolicy = {
	id: 'python-urllib',
	get name() {
		return t("Python's urllib.robotparser");
	},
	statuses: [
		{ codes: ['2xx'], value: 'rules', source: pythonRobotparser },
		{ codes: ['401', '403'], value: 'disallow-all', source: pythonRobotparser },
		{ codes: ['4xx', '5xx'], value: 'allow-all', source: pythonRobotparser },
		{
			codes: ['any'],
			value: 'allow-all',
			source: pythonRobotparser,
			get note() {
				return t('no rule is set, and can_fetch allows a URL that no entry covers');
			},
		},
	],
	redirects: {
		value: { max: 10, beyond: 'allow-all' },
		source: `${pythonRequest}; ${pythonRobotparser}`,
		get note() {
			return t("after ten redirects urllib raises an HTTPError with the redirect's code, which sets no rule");
		},
	},
	crossHost: { value: true, source: pythonRequest },
	network: {
		value: 'allow-all',
		source: pythonRobotparser,
		get note() {
			return t('read() lets the error reach the program; one that goes on has no rules, and can_fetch then allows every URL');
		},
	},
	mediaType: { value: { accepts: 'any', otherwise: 'rules' }, source: pythonRobotparser },
	charset: { value: 'utf-8', source: pythonRobotparser },
	invalidUtf8: {
		value: 'read-fails',
		source: pythonRobotparser,
		get note() {
			return t('raw.decode("utf-8") raises UnicodeDecodeError');
		},
	},
	bom: {
		value: 'first-line',
		source: pythonRobotparser,
		get note() {
			return t('decoding keeps U+FEFF, so the first line\'s key is not "user-agent"');
		},
	},
	encodings: { value: [], source: pythonRobotparser },
	unreadable: {
		value: 'allow-all',
		source: pythonRobotparser,
		get note() {
			return t('the read fails before parse(), no rule is set, and can_fetch allows every URL');
		},
	},
	cache: { value: { headers: 'none', defaultSeconds: null, maxSeconds: null }, source: pythonRobotparser },
};

/** Each fetch policy: what every status, redirect, network error, media type and caching header means, with sources. */
export const fetchPolicies: Readonly<Record<FetchPolicyId, FetchPolicy>> = {
	rfc9309: rfc9309,
	google: google,
	yandex: yandex,
	draft1996: draft1996,
	'libwww-perl': libwwwPerl,
	'python-urllib': pythonUrllib,
};

export const fetchPolicyIds = Object.keys(fetchPolicies) as FetchPolicyId[];

/** Whether `status` falls under a status pattern. */
function statusMatches(pattern: StatusPattern, status: number): boolean {
	if (pattern === 'any') {
		return true;
	}
	if (/^\dxx$/.test(pattern)) {
		return Math.floor(status / 100) === Number(pattern[0]);
	}
	return Number(pattern) === status;
}

/** The rule of a policy's status table that decides `status`. */
export function statusRule(policy: FetchPolicy, status: number): StatusRule {
	return policy.statuses.find((rule) => rule.codes.some((code) => statusMatches(code, status))) ?? policy.statuses[policy.statuses.length - 1];
}
