/**
 * The plan as nginx configuration: `robots-http.conf` (in the `http` block) maps the User-Agent header to a reading and
 * the reading with the request target to `$robots_refuse`; `robots-server.conf` (in each `server` block) returns 403
 * when it is set. Map entries that are regular expressions are tried in the order they appear, so first match holds.
 */

import type { DoorFile, DoorPlan } from './plan';
import { commented, oneLine } from './snippet';

/** A value in nginx's configuration syntax: quoted, with `\` and `"` escaped (its parser unescapes both). */
function quoted(text: string): string {
	return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/**
 * nginx's two files. `header` is the comment every file starts with (what it is, where it came from, that a User-Agent
 * can be forged).
 */
export function renderNginx(plan: DoorPlan, header: readonly string[]): readonly DoorFile[] {
	// Readings that refuse nothing (only the exemptions) need no name: their crawlers map to "".
	const refuses = plan.readings.map((reading) => reading.rules.some((rule) => !rule.allow));
	const name = (reading: number) => (refuses[reading] ? `r${reading}` : '');
	const http: string[] = [...commented(header), ''];
	http.push('map $http_user_agent $robots_agent_reading {', '\tdefault "";');
	for (const agent of plan.agents) {
		http.push(`\t${quoted(`~*${agent.pattern}`)} ${quoted(name(agent.reading))}; # ${agent.token}`);
	}
	http.push('}', '');
	// nginx's own form of the path: `/robots.txt` however the request spells it is never refused.
	http.push('map $uri $robots_reading {', '\tdefault $robots_agent_reading;', '\t"/robots.txt" "";', '}', '');
	http.push('map "$robots_reading:$request_uri" $robots_refuse {', '\tdefault 0;');
	plan.readings.forEach((reading, index) => {
		if (!refuses[index]) {
			return;
		}
		http.push(`\t# r${index}: ${reading.crawlers.join(', ')}`);
		for (const rule of reading.rules) {
			const key = `~^r${index}:${rule.regex.slice(1)}`;
			const source = rule.line > 0 ? ` # line ${rule.line}: ${rule.allow ? 'Allow' : 'Disallow'}: ${oneLine(rule.pattern)}` : '';
			http.push(`\t${quoted(key)} ${rule.allow ? 0 : 1};${source}`);
		}
	});
	http.push('}', '');
	const server = [...commented(header), '', 'if ($robots_refuse) {', '\treturn 403;', '}', ''];
	return [
		{ name: 'robots-http.conf', text: http.join('\n') },
		{ name: 'robots-server.conf', text: server.join('\n') },
	];
}
