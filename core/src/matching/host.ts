/**
 * Yandex's `Host` directive (seed 002, Yandex Webmaster help): which mirror is the main one.
 * Only the first valid Host in the file counts; invalid ones are ignored as if absent.
 */

import type { RobotsModel } from '../syntax/parser';
import { asciiHost } from './url';

export interface YandexHost {
	/** Line of the Host directive (0-based). */
	readonly line: number;
	/** Lower-case host name. */
	readonly host: string;
	/** The port: explicit, else 443 for an `https://` mirror and 80 otherwise. */
	readonly port: number;
}

const label = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

// Two-letter top-level domains are country codes (ISO 3166-1, plus ac, eu, su and uk); Yandex's help lists a Host
// under any other two-letter ending ("www.mysi.te", seed 001) among the ones it ignores.
const countryCodes = new Set(
	(
		'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz '
		+ 'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et eu fi fj fk fm fo '
		+ 'fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm '
		+ 'jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq '
		+ 'mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re '
		+ 'ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr '
		+ 'tt tv tw tz ua ug uk um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
	).split(' '),
);

/** The two-letter ending of a Host value's name when it is no country code (so the name is no real host). */
export function unknownTopLevelDomain(value: string): string | undefined {
	const host = value
		.toLowerCase()
		.replace(/^https:\/\//, '')
		.replace(/:.*$/, '');
	const top = host.slice(host.lastIndexOf('.') + 1);
	return host.includes('.') && /^[a-z]{1,2}$/.test(top) && !countryCodes.has(top) ? top : undefined;
}

/**
 * Parses a Host value by the help's rules: one RFC 952 host name (letters, digits and inner hyphens in every label,
 * no empty label, no trailing dot), not an IP address, an optional port from 1 to 65535, nothing after it;
 * an `https://` prefix marks an HTTPS-only mirror, any other scheme makes the value invalid.
 */
export function parseYandexHost(value: string): { host: string; port: number } | undefined {
	let rest = value;
	let defaultPort = 80;
	if (/^https:\/\//i.test(rest)) {
		rest = rest.slice('https://'.length);
		defaultPort = 443;
	}
	let port = defaultPort;
	const colon = rest.indexOf(':');
	if (colon >= 0) {
		const digits = rest.slice(colon + 1);
		if (!/^[0-9]{1,5}$/.test(digits)) {
			return undefined;
		}
		port = Number(digits);
		if (port < 1 || port > 65535) {
			return undefined;
		}
		rest = rest.slice(0, colon);
	}
	// An internationalised name counts in its ASCII form, as the URLs that reach Yandex carry it (docs/semantics.md).
	// A percent escape is a URL's syntax, not a host name's, though the URL parser would decode it.
	const host = rest.includes('%') ? undefined : asciiHost(rest);
	if (host === undefined) {
		return undefined;
	}
	const labels = host.split('.');
	if (labels.some((part) => !label.test(part))) {
		return undefined;
	}
	if (labels.every((part) => /^[0-9]+$/.test(part)) || unknownTopLevelDomain(host) !== undefined) {
		// An IP address, or a name under no real top-level domain, is not a mirror name.
		return undefined;
	}
	return { host, port };
}

/** The first valid Host line of the file, or null. */
export function findYandexHost(model: RobotsModel): YandexHost | null {
	for (let line = 0; line < model.lineCount; line++) {
		if (model.lines[line].directive !== 'host') {
			continue;
		}
		const parsed = parseYandexHost(model.valueText(line));
		if (parsed) {
			return { line, ...parsed };
		}
	}
	return null;
}
