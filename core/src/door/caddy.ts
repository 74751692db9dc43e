/**
 * The plan as a Caddyfile snippet (Caddy 2.6 and later): one `route`, so that its directives run in the order written,
 * to import into a site block. Caddy's `vars` handler overwrites a variable, so the User-Agent patterns are written
 * last to first and the first that matches is the one left; the same goes for each reading's rules. The request target
 * is the placeholder `{http.request.uri}`, the path and query as sent: the `path` and `path_regexp` matchers see the
 * decoded path without the query. Regular expressions are RE2 (Go), between backquotes, inside which the Caddyfile
 * reads nothing.
 */

import { t } from '../l10n';
import type { DoorFile, DoorPlan } from './plan';
import { commented, oneLine, quotableRegex, ruleComment } from './snippet';

/** The snippet to import into a site block. */
export function renderCaddy(plan: DoorPlan, header: readonly string[]): readonly DoorFile[] {
	const lines = [...commented([t('Caddyfile snippet (Caddy 2.6 or later) to import into a site block.'), ...header]), '', 'route {'];
	for (let index = plan.agents.length - 1; index >= 0; index--) {
		const agent = plan.agents[index];
		lines.push(
			`\t# ${oneLine(agent.token)}`,
			`\t@robots_txt_agent_${index} header_regexp User-Agent ${quoted(`(?i)${agent.pattern}`)}`,
			`\tvars @robots_txt_agent_${index} robots_txt_reading ${agent.reading + 1}`,
		);
	}
	plan.readings.forEach((entry, readingIndex) => {
		lines.push('', `\t# ${oneLine(entry.crawlers.join(', '))}`);
		for (let index = entry.rules.length - 1; index >= 0; index--) {
			const rule = entry.rules[index];
			const name = `@robots_txt_rule_${readingIndex}_${index}`;
			lines.push(
				`\t# ${ruleComment(rule)}`,
				`\t${name} {`,
				`\t\tvars robots_txt_reading ${readingIndex + 1}`,
				`\t\tvars_regexp {http.request.uri} ${quoted(rule.regex)}`,
				'\t}',
				`\tvars ${name} robots_txt_decision ${rule.allow ? 'allow' : 'disallow'}`,
			);
		}
	});
	lines.push('', '\t@robots_txt_disallowed vars robots_txt_decision disallow', '\trespond @robots_txt_disallowed 403', '}');
	return [{ name: 'robots-caddy.conf', text: `${lines.join('\n')}\n` }];
}

/** A regex between backquotes; braces go too, since the Caddyfile replaces `{…}` placeholders in every token. */
function quoted(regex: string): string {
	return `\`${quotableRegex(regex, /[`{}]/)}\``;
}
