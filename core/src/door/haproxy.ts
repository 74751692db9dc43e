/**
 * The plan as HAProxy configuration: `http-request` rules to paste into a frontend (or a listen section). The
 * reading is a transaction variable set by the first User-Agent pattern that matches (`req.fhdr`, the whole header:
 * `req.hdr` would split it at its commas); the request target is `pathq`, the path and query as sent (`path` lacks
 * the query, `url` keeps an absolute-form target's scheme and host). A rule that allows sets a variable rather than
 * `http-request allow`, which would end the frontend's other `http-request` rules too.
 */

import { t } from '../l10n';
import type { DoorFile, DoorPlan } from './plan';
import { commented, oneLine, quotableRegex, ruleComment } from './snippet';

const reading = 'txn.robots_txt_reading';
const decided = 'txn.robots_txt_decided';

/** The `http-request` lines for a frontend. */
export function renderHaproxy(plan: DoorPlan, header: readonly string[]): readonly DoorFile[] {
	const lines = [...commented([t('HAProxy configuration: http-request rules to paste into a frontend.'), ...header]), ''];
	for (const agent of plan.agents) {
		lines.push(
			`# ${oneLine(agent.token)}`,
			`http-request set-var(${reading}) int(${agent.reading + 1}) if !{ var(${reading}) -m found } { req.fhdr(user-agent) -m reg -i ${quoted(agent.pattern)} }`,
		);
	}
	plan.readings.forEach((entry, index) => {
		lines.push('', `# ${oneLine(entry.crawlers.join(', '))}`);
		const unless = `{ var(${reading}) -m int ${index + 1} } !{ var(${decided}) -m found }`;
		for (const rule of entry.rules) {
			lines.push(
				`# ${ruleComment(rule)}`,
				rule.allow
					? `http-request set-var(${decided}) bool(true) if ${unless} { pathq -m reg ${quoted(rule.regex)} }`
					: `http-request deny deny_status 403 if ${unless} { pathq -m reg ${quoted(rule.regex)} }`,
			);
		}
	});
	return [{ name: 'robots-haproxy.cfg', text: `${lines.join('\n')}\n` }];
}

/**
 * A regex in HAProxy's strong (single) quotes, inside which nothing is interpreted and which cannot hold a `'`;
 * `#` would start a comment outside quotes, so it goes too.
 */
function quoted(regex: string): string {
	return `'${quotableRegex(regex, /['"#]/)}'`;
}
