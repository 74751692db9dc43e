/**
 * Yandex's `Host` directive (seed 002, Yandex Webmaster help): which mirror is the main one.
 * Only the first valid Host in the file counts; invalid ones are ignored as if absent.
 */

import type { RobotsModel } from '../syntax/parser';

export interface YandexHost {
	/** Line of the Host directive (0-based). */
	readonly line: number;
	/** Lower-case host name. */
	readonly host: string;
	/** The port: explicit, else 443 for an `https://` mirror and 80 otherwise. */
	readonly port: number;
}

const label = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Parses a Host value by the help's rules: one RFC 952 host name (letters, digits and inner hyphens in every label,
 * no empty label, no trailing dot), not an IP address, an optional port from 1 to 65535, nothing after it;
 * an `https://` prefix marks an HTTPS-only mirror, any other scheme makes the value invalid.
 */
export function parseYandexHost(value: string): { host: string; port: number } | undefined {
	let rest = value.toLowerCase();
	let defaultPort = 80;
	if (rest.startsWith('https://')) {
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
	const labels = rest.split('.');
	if (labels.some((part) => !label.test(part))) {
		return undefined;
	}
	if (labels.every((part) => /^[0-9]+$/.test(part))) {
		// An IP address is not a mirror name.
		return undefined;
	}
	return { host: rest, port };
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
