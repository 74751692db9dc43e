/**
 * What a server must do to refuse, at the door, the requests a robots.txt disallows: for each crawler that sends
 * requests (the catalogue's, and every name the file's User-agent lines use that the catalogue lacks), a pattern over
 * the User-Agent header that names it as `attributeUserAgent` does, and the rules it reads, from the one crawler model
 * (`rulesAs`), as regular expressions over the request target tried in the crawler's order of precedence. Renderers
 * (nginx, Apache, …) turn the plan into configuration; nothing here knows a server.
 *
 * The expressions are built as text for those servers; the core compiles only the User-Agent patterns of the file's
 * own names, to leave out those that browsers' headers carry (`namesBrowsers`).
 * Where one cannot say exactly what the crawler model says, it errs on the side of letting the request through: a
 * Disallow's expression matches no target the crawler's rule does not match, an Allow's matches every target the rule
 * matches (with the escapes a crawler decodes let through first: `decodedEscapes`), so a refused request is one the
 * crawler model disallows, and a few it disallows may pass.
 */

import { crawlerProfile, crawlersNamedIn, type CrawlerProfile } from '../crawlers/profile';
import { rulesAs } from '../crawlers/reading';
import { isRecordDialect, type Dialect } from '../dialect';
import { knownCrawlers } from '../facts/crawlers';
import { headerNames } from '../logs/agents';
import { patternForm, type CompiledRule } from '../matching/rules';
import type { RobotsModel } from '../syntax/parser';

export interface DoorPlan {
	/** The User-Agent classes in the order a server must try them: the first whose `pattern` matches names the sender. */
	readonly agents: readonly DoorAgent[];
	/** The distinct readings (crawlers that read the file alike share one). */
	readonly readings: readonly DoorReading[];
}

/** A file a renderer writes: its name (for `--out DIR`) and its text. */
export interface DoorFile {
	readonly name: string;
	readonly text: string;
}

export interface DoorAgent {
	/** The crawler's token: a catalogue crawler, or a name the file's User-agent lines use that the catalogue lacks. */
	readonly token: string;
	/**
	 * A regular expression over the whole User-Agent header, matched case-insensitively (renderers add the flag their
	 * server takes), in the subset PCRE (nginx, Apache, HAProxy) and RE2 (Caddy, Cloudflare) share: no lookaround, no
	 * backreferences, no possessive quantifiers.
	 */
	readonly pattern: string;
	/** Index into `readings`. */
	readonly reading: number;
}

export interface DoorReading {
	readonly crawlers: readonly string[];
	/**
	 * Tried in order, first match decides: the crawler's precedence (longest match, allow on ties; or first match for
	 * the 1994/1996 dialects) already applied. A request target no rule matches is allowed. The first rule always
	 * allows `/robots.txt`.
	 */
	readonly rules: readonly DoorRule[];
}

export interface DoorRule {
	readonly allow: boolean;
	/** 1-based line of the robots.txt rule; 0 for rules the plan adds (the `/robots.txt` exemption). */
	readonly line: number;
	/** The value as written in the file (for comments in the generated configuration). */
	readonly pattern: string;
	/**
	 * A regular expression over the request target as the server sees it (path and query, as sent: `/a/b?x=1`),
	 * anchored at the start with `^`, in the same shared subset, case-sensitive.
	 */
	readonly regex: string;
}

/** The exemption every reading starts with: `/robots.txt` itself, with or without a query, is never refused. */
const robotsTxtRule: DoorRule = { allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' };

/**
 * The escapes a crawler decodes before it compares: RFC 9309 and Yandex those of unreserved characters (`%61` is `a`),
 * the 1994 and 1996 rules every ASCII character's but `/` and `%`; Google none. An expression that took every
 * spelling of every character would be nine times as long (a corpus file of 47 000 Allow lines made 30 MB of them), so
 * the rules ask for characters as crawlers send them, and a target that spells one as such an escape passes the door
 * where the reading has an Allow that could otherwise be missed.
 */
const decodedEscapes: Readonly<Record<Dialect, string | undefined>> = {
	rfc9309: '%(?:3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|2[DEde]|5[Ff]|7[Ee])',
	yandex: '%(?:3[0-9]|[46][1-9A-Fa-f]|[57][0-9Aa]|2[DEde]|5[Ff]|7[Ee])',
	google: undefined,
	draft1996: '%(?:[013-7][0-9A-Fa-f]|2[0-46-9A-Ea-e])',
	original1994: '%(?:[013-7][0-9A-Fa-f]|2[0-46-9A-Ea-e])',
};

/** The plan for one robots.txt: every crawler that sends requests, read as itself. */
export function doorPlan(model: RobotsModel): DoorPlan {
	const readings: { crawlers: string[]; rules: readonly DoorRule[] }[] = [];
	const readingOf = new Map<string, number>();
	const named: { name: string; token: string; prefix: boolean; known: boolean; reading: number }[] = [];
	// Crawlers that follow the same groups in the same parser share one list of compiled rules: each list is turned into
	// expressions once (a corpus file has 47 000 rules, and most crawlers follow `*`).
	const byCompiled = new Map<readonly CompiledRule[], Map<Dialect, number>>();
	const add = (profile: CrawlerProfile, names: readonly { name: string; prefix: boolean }[]) => {
		const compiled = rulesAs(model, profile);
		let byDialect = byCompiled.get(compiled);
		if (!byDialect) {
			byDialect = new Map();
			byCompiled.set(compiled, byDialect);
		}
		let reading = byDialect.get(profile.dialect);
		if (reading === undefined) {
			const rules = doorRules(compiled, profile.dialect);
			const key = JSON.stringify(rules);
			reading = readingOf.get(key);
			if (reading === undefined) {
				reading = readings.length;
				readings.push({ crawlers: [], rules });
				readingOf.set(key, reading);
			}
			byDialect.set(profile.dialect, reading);
		}
		readings[reading].crawlers.push(profile.token);
		for (const { name, prefix } of names) {
			named.push({ name, token: profile.token, prefix, known: profile.known, reading });
		}
	};
	// Control tokens (Google-Extended) decide a use of content and fetch nothing: no request carries them.
	for (const crawler of knownCrawlers) {
		if (!crawler.controlToken) {
			// A family token (`Yandex`) names every robot whose name starts with it, as `attributeUserAgent` reads it.
			const names = [{ name: crawler.token, prefix: crawler.standsFor !== undefined }];
			const headerName = headerNames[crawler.token];
			if (headerName !== undefined) {
				names.push({ name: headerName, prefix: false });
			}
			add(crawlerProfile(crawler.token), names);
		}
	}
	const seen = new Set<string>();
	for (const name of crawlersNamedIn([model])) {
		const profile = crawlerProfile(name);
		if (!profile.known && !seen.has(name.toLowerCase())) {
			seen.add(name.toLowerCase());
			// A name browsers' headers carry keeps its reading, but no User-Agent pattern leads to it: browsers pass.
			add(profile, namesBrowsers(name) ? [] : [{ name, prefix: false }]);
		}
	}
	// `attributeUserAgent` takes the longest catalogue token a header carries, so longer names are tried first; the
	// file's own names come after every catalogue name, which a header naming a catalogue crawler is attributed to.
	const order = named.map((entry, index) => ({ entry, index }));
	order.sort((a, b) => Number(a.entry.known === false) - Number(b.entry.known === false) || b.entry.name.length - a.entry.name.length || a.index - b.index);
	return {
		agents: order.map(({ entry }) => ({ token: entry.token, pattern: agentPattern(entry.name, entry.prefix), reading: entry.reading })),
		readings,
	};
}

/**
 * Headers browsers send, in the forms MDN's User-Agent page describes (Chrome, Edge, Firefox and Safari on desktop
 * and phone, and Internet Explorer's `compatible; MSIE` form; https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/User-Agent).
 * 35 corpus files name such words in their User-agent lines (`mozilla/5`, `Mozilla/4.0 (compatible; MSIE 4.0; …)`),
 * which a door would read as "every browser".
 */
const browserHeaders = [
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
	'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
	'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
	'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
	'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
	'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
];

/**
 * Whether a name a file's User-agent line uses stands in browsers' own headers: such a name is left out of the plan,
 * since browsers pass the door (a request whose header names no crawler is never refused).
 */
function namesBrowsers(name: string): boolean {
	const pattern = new RegExp(agentPattern(name, false), 'i');
	return browserHeaders.some((header) => pattern.test(header));
}

/** Characters that make words in a header; any other is a token boundary (as in `attributeUserAgent`). */
const boundary = '[^A-Za-z0-9_]';

/**
 * A header names `name` where it stands between token boundaries, outside the URLs the header cites. A regular
 * expression without lookbehind cannot tell where a URL ends as `attributeUserAgent` does, so it asks for more: no
 * `:` between the name and the last space, tab, `;` or `)` before it. A name inside a URL (`+https://example.com/gptbot`)
 * is never taken; a name after a colon in the same word (`via:GPTBot`), which `attributeUserAgent` takes, is not
 * either: that request passes the door.
 */
function agentPattern(name: string, prefix: boolean): string {
	return `(?:^|[\\t ;)])(?:[^\\t ;):]*[^A-Za-z0-9_\\t ;):])?${escapeRegex(name)}${prefix ? '' : `(?:$|${boundary})`}`;
}

/** The characters a regular expression gives a meaning to, in PCRE and RE2 alike. */
const special = /[\\^$.|?*+()[\]{}/-]/g;

function escapeRegex(text: string): string {
	return text.replace(special, (character) => `\\${character}`);
}

/** A reading's rules in the order its parser gives them precedence, as expressions over the request target. */
function doorRules(compiled: readonly CompiledRule[], dialect: Dialect): readonly DoorRule[] {
	const longest = !isRecordDialect(dialect);
	// The precedence of `RuleSet`: by weight (longest match, Allow on ties) and then file order; or file order alone.
	const weight = (rule: CompiledRule) => (longest ? rule.priority * 2 + (rule.allow ? 1 : 0) : 0);
	const ordered = [...compiled].sort((a, b) => weight(b) - weight(a) || a.order - b.order);
	// Allows after the last Disallow decide nothing a server must do: a target no rule matches is allowed.
	let last = ordered.length - 1;
	while (last >= 0 && ordered[last].allow) {
		last--;
	}
	const rules: DoorRule[] = [robotsTxtRule];
	const escapes = decodedEscapes[dialect];
	if (escapes !== undefined && ordered.slice(0, last + 1).some((rule) => rule.allow)) {
		rules.push({ allow: true, line: 0, pattern: '*%XX*', regex: `^.*${escapes}` });
	}
	for (const rule of ordered.slice(0, last + 1)) {
		const regex = ruleRegex(rule.normalized, dialect, rule.allow);
		// A Disallow no request as sent can meet is left out; an Allow always has an expression.
		if (regex !== undefined) {
			rules.push({ allow: rule.allow, line: rule.line + 1, pattern: rule.pattern, regex });
		}
	}
	return rules;
}

/** One unit of a normalised pattern: a character, a `%XX` escape, or `*`. */
type Unit = { readonly kind: 'char'; readonly code: number } | { readonly kind: 'escape'; readonly octet: number } | { readonly kind: 'star' };

function hexValue(text: string): number {
	return Number.parseInt(text, 16);
}

/** A normalised pattern as units, and whether a final `$` anchors it, as the matcher reads it (`patternForm`). */
function unitsOf(normalized: string, wildcards: boolean): { units: Unit[]; anchoredEnd: boolean } {
	const form = patternForm(normalized, wildcards);
	const pieces = form.kind === 'wildcard' ? form.segments : [form.key];
	const units: Unit[] = [];
	pieces.forEach((piece, index) => {
		if (index > 0) {
			units.push({ kind: 'star' });
		}
		for (let i = 0; i < piece.length; i++) {
			const code = piece.charCodeAt(i);
			if (code === 37 && /^[0-9A-Fa-f]{2}$/.test(piece.slice(i + 1, i + 3))) {
				units.push({ kind: 'escape', octet: hexValue(piece.slice(i + 1, i + 3)) });
				i += 2;
			} else {
				units.push({ kind: 'char', code });
			}
		}
	});
	return { units, anchoredEnd: form.kind === 'exact' || (form.kind === 'wildcard' && form.anchoredEnd) };
}

/** ASCII characters RFC 9309's form always percent-encodes in a URL: controls, space, `"<>\^`{|}`, DEL, `*` and `$`. */
function isAlwaysEncoded(code: number): boolean {
	return code <= 32 || code === 127 || code === 42 || code === 36 || '"<>\\^`{|}'.includes(String.fromCharCode(code));
}

/** The gen-delims RFC 9309's form encodes inside the query (figure 4). */
function isQueryDelimiter(code: number): boolean {
	return ':/?@[]'.includes(String.fromCharCode(code));
}

/** A character as a regular expression matches it literally. */
function literal(code: number): string {
	return escapeRegex(String.fromCharCode(code));
}

/** `%XX` with either case of hex digit, for a server that keeps the escape as sent. */
function escapeAnyCase(octet: number): string {
	const hex = octet.toString(16).toUpperCase().padStart(2, '0');
	const digit = (c: string) => (/[A-F]/.test(c) ? `[${c}${c.toLowerCase()}]` : c);
	return `%${digit(hex[0])}${digit(hex[1])}`;
}

/** The upper-case `%XX` of an octet, as Google's parser writes it and compares it. */
function escapeUpper(octet: number): string {
	return `%${octet.toString(16).toUpperCase().padStart(2, '0')}`;
}

function alternatives(forms: readonly string[]): string {
	return forms.length === 1 ? forms[0] : `(?:${forms.join('|')})`;
}

/**
 * The expression of a rule over the request target as sent, or undefined for a Disallow that no target can meet. For
 * each dialect, what the crawler compares:
 * - Google compares the target as it is with the pattern, whose hex digits it upper-cases and whose non-ASCII
 *   characters it percent-encodes: the expression is the normalised pattern, literally.
 * - RFC 9309 and Yandex compare both in RFC 9309's form: escapes of unreserved characters decoded, the others in upper
 *   case, `*`, `$` and characters a URI cannot hold encoded, and inside the query the gen-delims `:/?@[]` encoded.
 * - The 1994 and 1996 rules decode every escape of an ASCII character but `/` (and `%`), and compare prefixes.
 * Non-ASCII characters are compared percent-encoded, as crawlers send them.
 */
function ruleRegex(normalized: string, dialect: Dialect, allow: boolean): string | undefined {
	if (dialect === 'google') {
		return googleRegex(normalized);
	}
	if (isRecordDialect(dialect)) {
		return draftRegex(normalized, allow);
	}
	return rfcRegex(normalized, allow);
}

function googleRegex(normalized: string): string {
	const { units, anchoredEnd } = unitsOf(normalized, true);
	const parts = units.map((unit) => (unit.kind === 'star' ? '.*' : unit.kind === 'escape' ? escapeUpper(unit.octet) : literal(unit.code)));
	return `^${parts.join('')}${anchoredEnd ? '$' : ''}`;
}

/** The 1994 and 1996 rules: prefixes, `*` and `$` literal, characters as crawlers send them (`decodedEscapes`). */
function draftRegex(normalized: string, allow: boolean): string {
	const { units } = unitsOf(normalized, false);
	const parts = units.map((unit) => {
		if (unit.kind === 'escape') {
			return unit.octet === 37 && allow ? '%(?:25)?' : escapeAnyCase(unit.octet);
		}
		return literal((unit as { code: number }).code);
	});
	return `^${parts.join('')}`;
}

/**
 * RFC 9309 (and Yandex): where the query starts changes what a character is compared as, so a Disallow's expression
 * says where the target's first `?` falls (in which `*`, or at the pattern's own `?`, or after the match) and keeps
 * only the cases the crawler's comparison allows; an Allow's is one expression that matches every case and more.
 */
function rfcRegex(normalized: string, allow: boolean): string | undefined {
	const { units, anchoredEnd } = unitsOf(normalized, true);
	const end = anchoredEnd ? '$' : '';
	if (allow) {
		const parts = units.map((unit) => {
			if (unit.kind === 'star') {
				return '.*';
			}
			if (unit.kind === 'escape') {
				const forms = [unit.octet === 37 ? '%(?:25)?' : escapeAnyCase(unit.octet)];
				if (unit.octet < 128 && (isAlwaysEncoded(unit.octet) || isQueryDelimiter(unit.octet))) {
					forms.push(literal(unit.octet));
				}
				return alternatives(forms);
			}
			return literal(unit.code);
		});
		return `^${parts.join('')}${end}`;
	}
	// The pattern's own `?` (the first; any later one is `%3F` in its form) can only meet the target's first `?`.
	const patternQuery = units.findIndex((unit) => unit.kind === 'char' && unit.code === 63);
	const pathEnd = patternQuery < 0 ? units.length : patternQuery;
	/** The expression when the target's query starts at unit `switchAt` (a `*` or the pattern's `?`), or never. */
	const render = (switchAt: number): string | undefined => {
		let inQuery = false;
		let out = '^';
		for (let i = 0; i < units.length; i++) {
			const unit = units[i];
			if (unit.kind === 'star') {
				if (inQuery) {
					out += '.*';
				} else if (i === switchAt) {
					out += '[^?]*\\?.*';
					inQuery = true;
				} else {
					out += '[^?]*';
				}
			} else if (unit.kind === 'escape') {
				const forms = [escapeAnyCase(unit.octet)];
				if (unit.octet < 128 && (isAlwaysEncoded(unit.octet) || (inQuery && isQueryDelimiter(unit.octet)))) {
					forms.push(literal(unit.octet));
				}
				out += alternatives(forms);
			} else if (i === patternQuery) {
				if (inQuery) {
					return undefined;
				}
				out += '\\?';
				inQuery = true;
			} else {
				if (inQuery && isQueryDelimiter(unit.code)) {
					return undefined;
				}
				out += literal(unit.code);
			}
		}
		return out + end;
	};
	// Where no character after a `*` of the path part reads differently in the query, that `*` may run into it.
	const modeFree = units.slice(0, pathEnd).every((unit) => unit.kind !== 'char' || !isQueryDelimiter(unit.code));
	const escapesFree = units.slice(0, pathEnd).every((unit) => unit.kind !== 'escape' || !isQueryDelimiter(unit.octet));
	if (patternQuery < 0 && modeFree && escapesFree) {
		const parts = units.map((unit) =>
			unit.kind === 'star'
				? '.*'
				: unit.kind === 'escape'
					? alternatives([escapeAnyCase(unit.octet), ...(unit.octet < 128 && isAlwaysEncoded(unit.octet) ? [literal(unit.octet)] : [])])
					: literal(unit.code),
		);
		return `^${parts.join('')}${end}`;
	}
	const switches = units.flatMap((unit, index) => (index < pathEnd && unit.kind === 'star' ? [index] : []));
	switches.push(patternQuery < 0 ? -1 : patternQuery);
	const forms = [...new Set(switches.map(render).filter((form): form is string => form !== undefined))];
	if (forms.length === 0) {
		return undefined;
	}
	return forms.length === 1 ? forms[0] : `^(?:${forms.map((form) => form.slice(1)).join('|')})`;
}
