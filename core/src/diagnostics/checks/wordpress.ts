/**
 * The classic WordPress mistakes, from the file alone: `Disallow: /wp-admin/` without the `Allow:
 * /wp-admin/admin-ajax.php` WordPress's own virtual robots.txt pairs it with (`do_robots()` in
 * wp-includes/functions.php; themes and plugins call admin-ajax.php from the pages people see), and `Disallow:
 * /wp-includes/`, which holds the scripts and styles of the front end (jQuery among them), so that Google cannot render
 * the pages (Google Search Central, "Understand the JavaScript SEO basics").
 */

import { t } from '../../l10n';
import type { Check, CheckEntry } from '../context';
import { insertLinesAfter } from './edits';
import { rulesOf } from './ruleValues';

/** A rule value without its final `*`s (which change nothing at the end of a pattern), in one pass from the end. */
export function withoutFinalStars(value: string): string {
	let end = value.length;
	while (end > 0 && value.charCodeAt(end - 1) === 42) {
		end--;
	}
	return value.slice(0, end);
}

/**
 * The path of a WordPress folder a rule value names, ending in `/`: `/wp-admin/` as written, without the final slash or
 * with a final `*`, also where WordPress lives below the root (`/kb/wp-admin/`); undefined for any other value.
 */
function folderOf(value: string, folder: string): string | undefined {
	const bare = withoutFinalStars(value);
	if (!bare.startsWith('/') || /[*$]/.test(bare)) {
		return undefined;
	}
	const path = bare.endsWith('/') ? bare : bare + '/';
	return path.endsWith(`/${folder}/`) ? path : undefined;
}

const wordpress: Check = (context) => {
	for (const group of context.grouping('rfc9309').groups) {
		const rules = rulesOf(context, group);
		// An Allow that names admin-ajax.php in the group, as WordPress writes it or through a pattern (`/*/admin-ajax.php`).
		const allowsAjax = rules.some((rule) => rule.allow && rule.value.replace(/\$$/, '').endsWith('/admin-ajax.php'));
		for (const rule of rules) {
			if (rule.allow) {
				continue;
			}
			const admin = folderOf(rule.value, 'wp-admin');
			if (admin !== undefined && !allowsAjax) {
				const adminAjax = `Allow: ${admin}admin-ajax.php`;
				context.report({
					code: 'wp-admin-ajax-disallowed',
					line: rule.line,
					message: t(
						'This keeps crawlers from {0}admin-ajax.php, which themes and plugins call from the pages people see; WordPress pairs "Disallow: /wp-admin/" with "Allow: /wp-admin/admin-ajax.php".',
						admin,
					),
					fixes: [{ title: t('Add "{0}" after this line', adminAjax), edits: [insertLinesAfter(context.model, context.eol, rule.line, [adminAjax])] }],
				});
			} else if (folderOf(rule.value, 'wp-includes') !== undefined) {
				context.report({
					code: 'wp-includes-disallowed',
					line: rule.line,
					message: t(
						'This keeps crawlers from {0}, which holds the scripts and styles WordPress pages load (jQuery among them): Google cannot render the pages as people see them.',
						folderOf(rule.value, 'wp-includes')!,
					),
				});
			}
		}
	}
};

export const wordpressChecks: readonly CheckEntry[] = [{ window: wordpress }];
