/**
 * Access log lines, one at a time: a line in, the request it records out (address, time, method, target as sent,
 * status, User-Agent), or why it could not be read. Four formats:
 *
 * - `combined` and `common`: the NCSA formats, nginx's predefined `combined` (ngx_http_log_module:
 *   `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"`)
 *   and Apache's `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"` (mod_log_config; `common` stops after `%b`).
 *   Inside quotes nginx writes `"`, `\` and bytes below 32 or above 126 as `\xXX`; Apache writes `\"` and `\\`,
 *   whitespace in C notation (`\n`, `\t`) and other non-printable bytes as `\xhh`. Both are undone; a byte above 127
 *   stays escaped, as `%XX` in the target (what a crawler's URL carries) and as `\xXX` elsewhere. `-` is an absent value.
 *   Fields after the User-Agent (many sites append some) are ignored.
 * - `w3c`: the W3C Extended Log File Format (https://www.w3.org/TR/WD-logfile.html), as IIS and CloudFront write it.
 *   A `#Fields:` directive names the columns and may change mid-file, so a `LogReader` keeps the current one; columns are
 *   separated by tabs when the line has one (CloudFront) and by spaces otherwise (IIS); `-` is an absent value, and a
 *   quoted string doubles its quotes. CloudFront URL-encodes the User-Agent (`%20`); IIS writes its spaces as `+`.
 *   `date` and `time` are UTC.
 * - `json`: one JSON object a line, with Cloudflare Logpush's `http_requests` field names (`ClientIP`,
 *   `ClientRequestMethod`, `ClientRequestURI`, `EdgeResponseStatus`, `ClientRequestUserAgent`, `EdgeStartTimestamp` in
 *   any of its timestamp formats: RFC 3339, Unix seconds, milliseconds or nanoseconds) or common generic names
 *   (`ip`, `method`, `path` or `url`, `status`, `user_agent` or `ua`, `time` or `timestamp`).
 *
 * Every scan is a single pass over the line with no regular expression, so a hostile line costs its length; nothing
 * here throws.
 */

/** The formats a log may be in, by the names a person gives them. */
export const logFormatNames = ['combined', 'common', 'w3c', 'json'] as const;

/** A log format by name. */
export type LogFormatName = (typeof logFormatNames)[number];

/** One request as its log line records it. */
export interface LogRecord {
	/** The client's address as logged (Apache may log a host name), or null when absent. */
	readonly ip: string | null;
	/** When the request was received or logged, in milliseconds since the Unix epoch, or null when absent or unreadable. */
	readonly time: number | null;
	/** The request method, or null when absent. */
	readonly method: string | null;
	/** The request target as sent: a path with its query, or an absolute URL. */
	readonly target: string;
	/** The response status, or null when absent. */
	readonly status: number | null;
	/** The User-Agent header, or null when absent. */
	readonly userAgent: string | null;
}

/**
 * Why a line gave no request: `empty` (blank), `quote` (a quoted field never closes), `shape` (a field is missing or
 * not what the format puts there: truncated lines and binary junk end here), `time` (an unreadable timestamp),
 * `request` (the request line is not a method and a target), `status` (not a three-digit status), `json` (not a JSON
 * object), `target` (no request target), `fields` (a W3C line before any `#Fields:` directive), `columns` (a W3C line
 * whose column count differs from its `#Fields:`), `format` (the format could not be told from the line), `too-long` (the
 * line is longer than its reader keeps, so it was not read: the reader says so, no parser).
 */
export type LogLineProblem = 'empty' | 'quote' | 'shape' | 'time' | 'request' | 'status' | 'json' | 'target' | 'fields' | 'columns' | 'format' | 'too-long';

/** What one log line is: a request, a W3C directive (not a request, not a problem), or unparsed with why. */
export type LogLine =
	| { readonly kind: 'request'; readonly record: LogRecord }
	| { readonly kind: 'directive' }
	| { readonly kind: 'unparsed'; readonly reason: LogLineProblem };

const directive: LogLine = { kind: 'directive' };

/**
 * Whether a line counts as unparsed in a log's figures: a line that should have been a request and is not. A W3C
 * directive and a blank line are neither requests nor problems.
 */
export function isUnparsed(line: LogLine): line is Extract<LogLine, { readonly kind: 'unparsed' }> {
	return line.kind === 'unparsed' && line.reason !== 'empty';
}

function unparsed(reason: LogLineProblem): LogLine {
	return { kind: 'unparsed', reason };
}

/**
 * One line in the given format. A `w3c` line needs the columns its file's `#Fields:` directive names (a `LogReader`
 * keeps them); a directive line (starting with `#`) is a directive in that format.
 */
export function parseLogLine(line: string, format: LogFormatName, w3cFields: readonly string[] = []): LogLine {
	const bare = withoutBom(line);
	const text = bare.endsWith('\r') ? bare.slice(0, -1) : bare;
	if (text.trim() === '') {
		return unparsed('empty');
	}
	switch (format) {
		case 'combined':
		case 'common':
			return parseNcsa(text, format === 'combined');
		case 'json':
			return parseJson(text);
		case 'w3c':
			return text.startsWith('#') ? directive : parseW3c(text, w3cFields);
	}
}

/**
 * The format of a log file, told from its first lines: that of the first line whose format shows, W3C when it starts
 * with `#` (its directives come first), JSON when it starts with `{`, else `combined` or `common` when it reads as one.
 */
export function detectLogFormat(firstLines: readonly string[]): LogFormatName | undefined {
	for (const line of firstLines) {
		const format = formatOfLine(line);
		if (format !== undefined) {
			return format;
		}
	}
	return undefined;
}

function formatOfLine(line: string): LogFormatName | undefined {
	const text = line.trimStart();
	if (text.startsWith('#')) {
		return 'w3c';
	}
	if (text.startsWith('{')) {
		return 'json';
	}
	if (parseLogLine(line, 'combined').kind === 'request') {
		return 'combined';
	}
	return parseLogLine(line, 'common').kind === 'request' ? 'common' : undefined;
}

/**
 * A log file read a line at a time, in order: it keeps what a line means for the next ones (the format, unless given
 * told from the first line whose format shows, the lines before it unparsed, and the W3C columns of the latest `#Fields:`). Its caller creates one per file
 * and drops it at the file's end.
 */
export class LogReader {
	private current: LogFormatName | undefined;
	private fields: readonly string[] = [];

	/** A reader for one file, in `format`, or in the format told from its first lines when none is given. */
	constructor(format?: LogFormatName) {
		this.current = format;
	}

	/** The format the reader reads in: the one given, or the one told from the lines so far. */
	get format(): LogFormatName | undefined {
		return this.current;
	}

	/** The next line of the file. */
	read(raw: string): LogLine {
		const line = withoutBom(raw);
		if (this.current === undefined) {
			this.current = detectLogFormat([line]);
			if (this.current === undefined) {
				return unparsed(line.trim() === '' ? 'empty' : 'format');
			}
		}
		if (this.current === 'w3c' && line.startsWith('#Fields:')) {
			this.fields = splitW3c(line.slice('#Fields:'.length).trim(), false);
		}
		return parseLogLine(line, this.current, this.fields);
	}
}

/** A line without the UTF-8 byte order mark a file may start with (IIS writes one in its UTF-8 logs). */
function withoutBom(line: string): string {
	return line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}

// ----- combined and common -----

/**
 * One NCSA line being read: where the reading stands, and where the next backslash is (found once per line, again only
 * once passed), so that a quoted field without one (nearly all of them) is one indexOf and one slice.
 */
class NcsaScan {
	at = 0;
	private slash: number;

	constructor(readonly text: string) {
		this.slash = text.indexOf('\\');
	}

	/**
	 * The end of the run of characters from `at` up to the next space (or the line's end when `last`): at least one
	 * character, none of them a control character (which shows the line is not text); -1 otherwise. Moves past the space.
	 */
	bare(last = false): number {
		const text = this.text;
		const start = this.at;
		let at = start;
		for (let code = text.charCodeAt(at); at < text.length && code !== 0x20; code = text.charCodeAt(++at)) {
			if (code < 0x20) {
				return -1;
			}
		}
		if (at === start || (at === text.length && !last)) {
			return -1;
		}
		this.at = at < text.length ? at + 1 : at;
		return at;
	}

	space(): boolean {
		if (this.text.charCodeAt(this.at) !== 0x20) {
			return false;
		}
		this.at++;
		return true;
	}

	/** The quoted field at `at`, with its escapes undone twice: bytes above 127 as `\xXX` and, for a target, as `%XX`. */
	quoted(): Quoted | 'quote' | 'shape' {
		const open = this.at;
		if (this.text.charCodeAt(open) !== 0x22) {
			return 'shape';
		}
		const close = this.plainClose(open);
		if (close >= 0) {
			// The common case, nothing escaped: one slice.
			const value = this.text.slice(open + 1, close);
			this.at = close + 1;
			return { value, targetValue: value };
		}
		return escapedField(this.text, this);
	}

	/** Moves past the quoted field at `at` as `quoted` reads it, keeping nothing of it (the Referer). */
	skipQuoted(): 'quote' | 'shape' | undefined {
		const open = this.at;
		if (this.text.charCodeAt(open) !== 0x22) {
			return 'shape';
		}
		const close = this.plainClose(open);
		if (close >= 0) {
			this.at = close + 1;
			return undefined;
		}
		const field = escapedField(this.text, this);
		return typeof field === 'object' ? undefined : field;
	}

	/** The closing quote of the field that opens at `open` when no backslash comes before it (nearly always), else -1. */
	plainClose(open: number): number {
		const close = this.text.indexOf('"', open + 1);
		if (this.slash >= 0 && this.slash <= open) {
			this.slash = this.text.indexOf('\\', open + 1);
		}
		return close >= 0 && (this.slash < 0 || this.slash > close) ? close : -1;
	}
}

function parseNcsa(text: string, combined: boolean): LogLine {
	const scan = new NcsaScan(text);
	const ipEnd = scan.bare();
	if (ipEnd < 0 || scan.bare() < 0 || scan.bare() < 0 || text.charCodeAt(scan.at) !== 0x5b) {
		return unparsed('shape');
	}
	const close = text.indexOf(']', scan.at);
	if (close < 0) {
		return unparsed('shape');
	}
	const time = clfTime(text, scan.at + 1, close);
	if (time === undefined) {
		return unparsed('time');
	}
	scan.at = close + 1;
	if (!scan.space()) {
		return unparsed('shape');
	}
	// The request line, read where it stands in the line when nothing in it is escaped (nearly always), else as a copy.
	const requestOpen = scan.at;
	const requestClose = text.charCodeAt(requestOpen) === 0x22 ? scan.plainClose(requestOpen) : -1;
	let escaped: Quoted | undefined;
	if (requestClose >= 0) {
		scan.at = requestClose + 1;
	} else {
		const request = scan.quoted();
		if (typeof request !== 'object') {
			return unparsed(request);
		}
		escaped = request;
	}
	if (!scan.space()) {
		return unparsed('shape');
	}
	const statusStart = scan.at;
	const statusEnd = scan.bare();
	const status = statusEnd < 0 ? undefined : httpStatusAt(text, statusStart, statusEnd);
	if (status === undefined) {
		return unparsed('status');
	}
	const bytesStart = scan.at;
	const bytesEnd = scan.bare(true);
	if (
		bytesEnd < 0
		|| !((bytesEnd === bytesStart + 1 && text.charCodeAt(bytesStart) === 0x2d) || digits(text, bytesStart, bytesEnd - bytesStart) !== undefined)
	) {
		return unparsed('shape');
	}
	let userAgent: string | null = null;
	if (combined) {
		const referer = scan.skipQuoted();
		if (referer !== undefined) {
			return unparsed(referer);
		}
		const agent = scan.space() ? scan.quoted() : 'shape';
		if (typeof agent !== 'object') {
			return unparsed(agent);
		}
		userAgent = agent.value === '-' ? null : agent.value;
	}
	const ip = ipEnd === 1 && text.charCodeAt(0) === 0x2d ? null : text.slice(0, ipEnd);
	return escaped === undefined
		? requestAt(text, requestOpen + 1, requestClose, ip, time, status, userAgent)
		: escapedRequest(escaped, ip, time, status, userAgent);
}

/**
 * The record of a request whose request line is `text` from `start` to `end`, nothing in it escaped: a method, a target
 * and maybe a version, separated by single spaces.
 */
function requestAt(text: string, start: number, end: number, ip: string | null, time: number, status: number, userAgent: string | null): LogLine {
	const methodEnd = spaceBefore(text, start, end);
	const targetEnd = methodEnd < 0 ? -1 : spaceBefore(text, methodEnd + 1, end);
	if (methodEnd < 0 || (targetEnd >= 0 && spaceBefore(text, targetEnd + 1, end) >= 0) || targetEnd === methodEnd + 1 || methodEnd + 1 === end) {
		return unparsed('request');
	}
	if (!isTokenAt(text, start, methodEnd)) {
		return unparsed('request');
	}
	const method = methodEnd - start === 3 && text.startsWith('GET', start) ? 'GET' : text.slice(start, methodEnd);
	return { kind: 'request', record: { ip, time, method, target: text.slice(methodEnd + 1, targetEnd < 0 ? end : targetEnd), status, userAgent } };
}

/** The first space of `text` from `start`, if before `end`; else -1. */
function spaceBefore(text: string, start: number, end: number): number {
	const at = text.indexOf(' ', start);
	return at < end ? at : -1;
}

/**
 * The record of a request whose request line had escapes: `value` undone as text, read as `requestAt` reads a plain
 * one (escapes keep their count of spaces), and its target taken from `targetValue`, where bytes above 127 are `%XX`.
 */
function escapedRequest(request: Quoted, ip: string | null, time: number, status: number, userAgent: string | null): LogLine {
	const line = request.value;
	const read = requestAt(line, 0, line.length, ip, time, status, userAgent);
	const targetLine = request.targetValue;
	if (read.kind !== 'request' || targetLine === line) {
		return read;
	}
	const targetStart = targetLine.indexOf(' ') + 1;
	const targetStop = targetLine.indexOf(' ', targetStart);
	return { kind: 'request', record: { ...read.record, target: targetLine.slice(targetStart, targetStop < 0 ? targetLine.length : targetStop) } };
}

/** A quoted field's value with escapes undone, twice: bytes above 127 as `\xXX` and, for a target, as `%XX`. */
interface Quoted {
	readonly value: string;
	readonly targetValue: string;
}

const cEscapes: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', v: '\v', f: '\f', '"': '"', '\\': '\\' };

/** A quoted field read a character at a time, its escapes undone; `scan.at` moves past its closing quote. */
function escapedField(text: string, scan: { at: number }): Quoted | 'quote' {
	let value = '';
	let targetValue = '';
	let run = scan.at + 1;
	let at = run;
	while (at < text.length) {
		const code = text.charCodeAt(at);
		if (code === 0x22) {
			scan.at = at + 1;
			return { value: value + text.slice(run, at), targetValue: targetValue + text.slice(run, at) };
		}
		if (code !== 0x5c || at + 1 >= text.length) {
			at++;
			continue;
		}
		const plain = text.slice(run, at);
		const next = text[at + 1];
		const byte = next === 'x' ? hexByte(text, at + 2) : undefined;
		if (byte !== undefined) {
			const escaped = text.slice(at, at + 4);
			value += plain + (byte < 0x80 ? String.fromCharCode(byte) : escaped);
			targetValue += plain + (byte < 0x80 ? String.fromCharCode(byte) : `%${escaped.slice(2).toUpperCase()}`);
			at += 4;
		} else if (cEscapes[next] !== undefined) {
			value += plain + cEscapes[next];
			targetValue += plain + cEscapes[next];
			at += 2;
		} else {
			value += plain + '\\';
			targetValue += plain + '\\';
			at += 1;
		}
		run = at;
	}
	return 'quote';
}

function hexByte(text: string, at: number): number | undefined {
	const high = hexDigit(text.charCodeAt(at));
	const low = hexDigit(text.charCodeAt(at + 1));
	return high === undefined || low === undefined ? undefined : high * 16 + low;
}

function hexDigit(code: number): number | undefined {
	if (code >= 0x30 && code <= 0x39) {
		return code - 0x30;
	}
	const lower = code | 0x20;
	return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : undefined;
}

/** The months of the Common Log Format's time, by their three letters' codes (`Jan` is 0). */
const months = new Map(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((name, index) => [monthKey(name, 0), index]));

/** Three ASCII characters as one small integer, 7 bits each; -1 when one is not ASCII (no month then). */
function monthKey(text: string, at: number): number {
	const first = text.charCodeAt(at);
	const second = text.charCodeAt(at + 1);
	const third = text.charCodeAt(at + 2);
	return (first | second | third) < 0x80 ? (first << 14) | (second << 7) | third : -1;
}

/**
 * The day and zone of the last Common Log Format time read in full (`10/Oct/2000:` and ` -0700`, as character codes, at
 * their places in the 26 characters of a time), and the epoch milliseconds of that day's midnight in that zone. A log's
 * lines share their day for hours, so most times are read as a comparison with these and a clock; the day and zone are
 * read in full only when they change.
 */
const clfDay = { known: false, codes: new Uint16Array(26), midnight: 0 };

/** `10/Oct/2000:13:55:36 -0700` (the Common Log Format's time), from `start` to `end`, in epoch milliseconds. */
function clfTime(text: string, start: number, end: number): number | undefined {
	if (end - start === 26 && sameDay(text, start)) {
		const clock = clockMs(text, start + 12);
		return clock === undefined ? undefined : clfDay.midnight + clock;
	}
	const time = clfTimeInFull(text, start, end);
	if (time !== undefined) {
		for (let at = 0; at < 26; at++) {
			clfDay.codes[at] = text.charCodeAt(start + at);
		}
		clfDay.midnight = time - (clockMs(text, start + 12) as number);
		clfDay.known = true;
	}
	return time;
}

/** Whether the time at `start` has the day, colon, space and zone of the last one read in full (`clfDay`). */
function sameDay(text: string, start: number): boolean {
	const codes = clfDay.codes;
	if (!clfDay.known) {
		return false;
	}
	for (let at = 0; at < 12; at++) {
		if (text.charCodeAt(start + at) !== codes[at]) {
			return false;
		}
	}
	for (let at = 20; at < 26; at++) {
		if (text.charCodeAt(start + at) !== codes[at]) {
			return false;
		}
	}
	return true;
}

/** `clfTime` with every field read. */
function clfTimeInFull(text: string, start: number, end: number): number | undefined {
	if (
		end - start !== 26
		|| text.charCodeAt(start + 2) !== 0x2f
		|| text.charCodeAt(start + 6) !== 0x2f
		|| text.charCodeAt(start + 11) !== 0x3a
		|| text.charCodeAt(start + 20) !== 0x20
	) {
		return undefined;
	}
	const month = months.get(monthKey(text, start + 3)) ?? -1;
	const signCode = text.charCodeAt(start + 21);
	const sign = signCode === 0x2d ? -1 : signCode === 0x2b ? 1 : 0;
	const day = digits(text, start, 2);
	const year = digits(text, start + 7, 4);
	const clock = clockMs(text, start + 12);
	const zoneHours = digits(text, start + 22, 2);
	const zoneMinutes = digits(text, start + 24, 2);
	if (month < 0 || sign === 0 || day === undefined || year === undefined || clock === undefined) {
		return undefined;
	}
	const midnight = dayMs(year, month + 1, day);
	if (zoneHours === undefined || zoneMinutes === undefined || midnight === undefined) {
		return undefined;
	}
	return midnight + clock - sign * (zoneHours * 60 + zoneMinutes) * 60_000;
}

// ----- W3C extended -----

function parseW3c(text: string, fields: readonly string[]): LogLine {
	if (fields.length === 0) {
		return unparsed('fields');
	}
	const tabs = text.includes('\t');
	const values = splitW3c(text, tabs);
	if (values.length !== fields.length) {
		return unparsed('columns');
	}
	const column = (name: string): string | null => {
		const index = fields.indexOf(name);
		return index < 0 || values[index] === '-' ? null : values[index];
	};
	const uri = column('cs-uri');
	const stem = column('cs-uri-stem');
	const query = column('cs-uri-query');
	const target = stem !== null ? (query !== null ? `${stem}?${query}` : stem) : uri;
	if (target === null) {
		return unparsed('target');
	}
	const statusText = column('sc-status');
	const status = statusText === null ? null : httpStatus(statusText);
	if (status === undefined) {
		return unparsed('status');
	}
	const date = column('date');
	const clock = column('time');
	const time = date !== null && clock !== null ? w3cTime(date, clock) : null;
	if (time === undefined) {
		return unparsed('time');
	}
	const agent = column('cs(User-Agent)');
	return {
		kind: 'request',
		record: {
			ip: column('c-ip'),
			time,
			method: column('cs-method'),
			target,
			status,
			userAgent: agent === null ? null : tabs ? percentDecoded(agent) : agent.replaceAll('+', ' '),
		},
	};
}

/** The columns of a W3C line: split on tabs, or on runs of spaces with `"…"` strings (`""` a quote inside) kept whole. */
function splitW3c(text: string, tabs: boolean): string[] {
	if (tabs) {
		return text.split('\t');
	}
	const values: string[] = [];
	let at = 0;
	while (at < text.length) {
		if (text.charCodeAt(at) === 0x20) {
			at++;
			continue;
		}
		if (text.charCodeAt(at) !== 0x22) {
			const end = text.indexOf(' ', at);
			values.push(text.slice(at, end < 0 ? text.length : end));
			at = end < 0 ? text.length : end;
			continue;
		}
		let value = '';
		let run = at + 1;
		at = run;
		while (at < text.length) {
			if (text.charCodeAt(at) === 0x22) {
				value += text.slice(run, at);
				if (text.charCodeAt(at + 1) !== 0x22) {
					break;
				}
				value += '"';
				run = at + 2;
				at = run;
				continue;
			}
			at++;
		}
		values.push(at >= text.length ? value + text.slice(run) : value);
		at++;
	}
	return values;
}

/** `%XX` escapes undone where they spell UTF-8; a string that does not decode is kept as logged. */
function percentDecoded(text: string): string {
	if (!text.includes('%')) {
		return text;
	}
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** A W3C `date` (`2019-12-04`) and `time` (`21:02:31`, maybe with a fraction) in UTC, in epoch milliseconds. */
function w3cTime(date: string, clock: string): number | undefined {
	const ms = date.length === 10 && date[4] === '-' && date[7] === '-' ? dateMs(date) : undefined;
	const within = clockMs(clock, 0);
	return ms === undefined || within === undefined ? undefined : ms + within;
}

// ----- JSON lines -----

/** The field names of each value, most specific first: Cloudflare Logpush's, then the generic ones. */
const jsonNames = {
	ip: ['ClientIP', 'ip'],
	method: ['ClientRequestMethod', 'method'],
	target: ['ClientRequestURI', 'path', 'url'],
	status: ['EdgeResponseStatus', 'status'],
	userAgent: ['ClientRequestUserAgent', 'user_agent', 'ua'],
	time: ['EdgeStartTimestamp', 'time', 'timestamp'],
} as const;

function parseJson(text: string): LogLine {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return unparsed('json');
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return unparsed('json');
	}
	const object = value as Record<string, unknown>;
	const pick = (names: readonly string[]): unknown => {
		for (const name of names) {
			if (Object.hasOwn(object, name) && object[name] !== null && object[name] !== '') {
				return object[name];
			}
		}
		return undefined;
	};
	const string = (names: readonly string[]): string | null => {
		const found = pick(names);
		return typeof found === 'string' ? found : null;
	};
	const target = string(jsonNames.target);
	if (target === null) {
		return unparsed('target');
	}
	const statusValue = pick(jsonNames.status);
	const status = statusValue === undefined ? null : httpStatus(String(statusValue));
	if (status === undefined) {
		return unparsed('status');
	}
	const timeValue = pick(jsonNames.time);
	const time = timeValue === undefined ? null : jsonTime(timeValue);
	return {
		kind: 'request',
		record: {
			ip: string(jsonNames.ip),
			time: time ?? null,
			method: string(jsonNames.method),
			target,
			status,
			userAgent: string(jsonNames.userAgent),
		},
	};
}

/**
 * A JSON timestamp in epoch milliseconds: an RFC 3339 string, or a Unix time as a number or a string of digits in
 * seconds, milliseconds, microseconds or nanoseconds (told apart by size: Logpush's `unix`, `unixms` and `unixnano`).
 */
function jsonTime(value: unknown): number | undefined {
	if (typeof value === 'string' && isDigits(value)) {
		return unixMs(Number(value));
	}
	if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
		return unixMs(value);
	}
	return typeof value === 'string' ? rfc3339Ms(value) : undefined;
}

function unixMs(value: number): number {
	if (value < 1e11) {
		return Math.round(value * 1000);
	}
	if (value < 1e14) {
		return Math.round(value);
	}
	return Math.round(value < 1e17 ? value / 1e3 : value / 1e6);
}

/** `2019-10-12T07:20:50.52Z` or with an offset `+02:00` (RFC 3339 section 5.6) in epoch milliseconds. */
function rfc3339Ms(text: string): number | undefined {
	const date = dateMs(text.slice(0, 10));
	const separator = text[10];
	if (date === undefined || !(separator === 'T' || separator === 't' || separator === ' ')) {
		return undefined;
	}
	let end = 19;
	if (text[end] === '.') {
		end++;
		while (end < text.length && isDigitCode(text.charCodeAt(end))) {
			end++;
		}
	}
	const clock = clockMs(text.slice(11, end), 0);
	const zone = text.slice(end);
	if (clock === undefined) {
		return undefined;
	}
	if (zone === 'Z' || zone === 'z') {
		return date + clock;
	}
	const hours = digits(zone, 1, 2);
	const minutes = digits(zone, 4, 2);
	const sign = zone[0] === '+' ? 1 : zone[0] === '-' ? -1 : 0;
	if (zone.length !== 6 || zone[3] !== ':' || sign === 0 || hours === undefined || minutes === undefined) {
		return undefined;
	}
	return date + clock - sign * (hours * 60 + minutes) * 60_000;
}

// ----- shared readers -----

/** `YYYY-MM-DD` at midnight UTC, in epoch milliseconds. */
function dateMs(text: string): number | undefined {
	const year = digits(text, 0, 4);
	const month = digits(text, 5, 2);
	const day = digits(text, 8, 2);
	if (text.length !== 10 || text[4] !== '-' || text[7] !== '-') {
		return undefined;
	}
	return year === undefined || month === undefined || day === undefined ? undefined : dayMs(year, month, day);
}

function dayMs(year: number, month: number, day: number): number | undefined {
	if (month < 1 || month > 12 || day < 1 || day > 31) {
		return undefined;
	}
	return Date.UTC(year, month - 1, day);
}

/** `HH:MM:SS` at `start`, with an optional `.fraction` when it ends the text, in milliseconds since midnight. */
function clockMs(text: string, start: number): number | undefined {
	const hours = digits(text, start, 2);
	const minutes = digits(text, start + 3, 2);
	const seconds = digits(text, start + 6, 2);
	if (text.charCodeAt(start + 2) !== 0x3a || text.charCodeAt(start + 5) !== 0x3a || hours === undefined || minutes === undefined || seconds === undefined) {
		return undefined;
	}
	if (hours > 23 || minutes > 59 || seconds > 60) {
		return undefined;
	}
	const fraction = start === 0 && text.length > 8 ? text.slice(8) : '';
	if (fraction !== '' && (fraction[0] !== '.' || !isDigits(fraction.slice(1)))) {
		return undefined;
	}
	const ms = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
	return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

/** The number the `length` decimal digits at `start` spell, or undefined when one is not a digit. */
function digits(text: string, start: number, length: number): number | undefined {
	let value = 0;
	for (let at = start; at < start + length; at++) {
		const code = text.charCodeAt(at);
		if (!isDigitCode(code)) {
			return undefined;
		}
		value = value * 10 + code - 0x30;
	}
	return value;
}

function isDigitCode(code: number): boolean {
	return code >= 0x30 && code <= 0x39;
}

function isDigits(text: string): boolean {
	return text !== '' && digits(text, 0, text.length) !== undefined;
}

/** A three-digit HTTP status (RFC 9110 section 15), or undefined. */
function httpStatus(text: string): number | undefined {
	return httpStatusAt(text, 0, text.length);
}

/** The same, of the text from `start` to `end`. */
function httpStatusAt(text: string, start: number, end: number): number | undefined {
	const value = end - start === 3 ? digits(text, start, 3) : undefined;
	return value !== undefined && value >= 100 ? value : undefined;
}

/** Whether `text` from `start` to `end` is a token, as an HTTP method is (RFC 9110 section 9.1): visible ASCII without separators. */
function isTokenAt(text: string, start: number, end: number): boolean {
	if (end <= start) {
		return false;
	}
	for (let at = start; at < end; at++) {
		const code = text.charCodeAt(at);
		if (code <= 0x20 || code >= 0x7f || separators.has(code)) {
			return false;
		}
	}
	return true;
}

/** The separators a token excludes (RFC 9110 section 5.6.2), by character code. */
const separators = new Set([...'"(),/:;<=>?@[\\]{}'].map((character) => character.charCodeAt(0)));
