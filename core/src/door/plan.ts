/**
 * The plan a server configuration enforces: the User-Agent classes in the order a server tries them, and for each
 * distinct reading of the file the rules in the order that decides. Types only here, as h29-door's brief gives them;
 * its `doorPlan` replaces this file on merge.
 */

export interface DoorPlan {
	/** The User-Agent classes in the order a server must try them: the first whose `pattern` matches names the sender. */
	readonly agents: readonly DoorAgent[];
	/** The distinct readings (crawlers that read the file alike share one). */
	readonly readings: readonly DoorReading[];
}

export interface DoorAgent {
	/** The crawler's token: a catalogue crawler, or a name the file's User-agent lines use that the catalogue lacks. */
	readonly token: string;
	/** A regular expression over the whole User-Agent header, matched case-insensitively, in the PCRE/RE2 subset. */
	readonly pattern: string;
	/** Index into `readings`. */
	readonly reading: number;
}

export interface DoorReading {
	readonly crawlers: readonly string[];
	/** Tried in order, first match decides. A request target no rule matches is allowed. */
	readonly rules: readonly DoorRule[];
}

export interface DoorRule {
	readonly allow: boolean;
	/** 1-based line of the robots.txt rule; 0 for rules the plan adds (the `/robots.txt` exemption). */
	readonly line: number;
	/** The value as written in the file. */
	readonly pattern: string;
	/** A regular expression over the request target (path and query, as sent), anchored with `^`, case-sensitive. */
	readonly regex: string;
}
