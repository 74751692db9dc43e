/**
 * The plan as Apache 2.4 configuration: mod_rewrite rules to include in a VirtualHost. The request target is taken
 * from `%{THE_REQUEST}`, the request line as the client sent it, because `%{REQUEST_URI}` is the path after Apache
 * decoded its percent escapes and merged its slashes, without the query, while robots.txt rules match the path and
 * query as sent. Agents and rules are tried in the plan's order, first match deciding, through environment
 * variables that only these rules set; no rule ends rewriting (`[L]`) unless it refuses, so rules of the
 * VirtualHost after the include still run. Apache answers 404 to a path with an encoded slash (`%2F`) before any rule
 * unless the VirtualHost sets `AllowEncodedSlashes`.
 */

import { t } from '../l10n';
import type { DoorFile, DoorPlan } from './plan';
import { commented, oneLine, quotableRegex, ruleComment } from './snippet';

/** The environment variables the rules set; the prefix keeps them apart from the site's own. */
const target = 'ROBOTS_TXT_TARGET';
const reading = 'ROBOTS_TXT_READING';
const decided = 'ROBOTS_TXT_DECIDED';

/** The snippet to include in a VirtualHost (`Include robots-apache.conf`); it needs mod_rewrite. */
export function renderApache(plan: DoorPlan, header: readonly string[]): readonly DoorFile[] {
	const lines = [
		...commented([t('Apache 2.4 configuration (mod_rewrite) to include in a VirtualHost.'), ...header]),
		'',
		'RewriteEngine On',
		// The origin-form target of the request line ("GET /a?b HTTP/1.1"); an absolute-form target loses its scheme and host.
		`RewriteCond %{THE_REQUEST} "${quoted('^\\S+\\s+(?:[A-Za-z][A-Za-z0-9+.-]*://[^/\\s]*)?(\\S*)')}"`,
		`RewriteRule ^ - [E=${target}:%1]`,
	];
	for (const agent of plan.agents) {
		lines.push(
			`# ${oneLine(agent.token)}`,
			`RewriteCond %{ENV:${reading}} ^$`,
			`RewriteCond %{HTTP_USER_AGENT} "${quoted(agent.pattern)}" [NC]`,
			`RewriteRule ^ - [E=${reading}:${agent.reading + 1}]`,
		);
	}
	plan.readings.forEach((entry, index) => {
		lines.push('', `# ${oneLine(entry.crawlers.join(', '))}`);
		for (const rule of entry.rules) {
			lines.push(
				`# ${ruleComment(rule)}`,
				`RewriteCond %{ENV:${reading}} =${index + 1}`,
				`RewriteCond %{ENV:${decided}} ^$`,
				`RewriteCond %{ENV:${target}} "${quoted(rule.regex)}"`,
				rule.allow ? `RewriteRule ^ - [E=${decided}:allow]` : 'RewriteRule ^ - [F]',
			);
		}
	});
	return [{ name: 'robots-apache.conf', text: `${lines.join('\n')}\n` }];
}

/**
 * A regex between double quotes of Apache's configuration parser, which ends an argument at an unescaped `"` and reads
 * `\"` as a quote; `%` would start a back-reference in a test string, but not in a pattern.
 */
function quoted(regex: string): string {
	return quotableRegex(regex, /["']/);
}
