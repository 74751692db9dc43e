/**
 * What the server renderers of `robots-txt export` share: comments (the header every generated file opens with, a
 * rule's line), and the one rewrite of a plan's regular expression into a configuration file's quoting, which turns the characters a server's
 * config parser would read (quotes, spaces, braces, backslashes) into `\xHH` escapes the regex engine reads alike.
 */

import { t } from '../l10n';
import type { DoorRule } from './plan';

/** Lines as `#` comments: the header every format starts with (the CLI's `doorHeader`, without comment marks). */
export function commented(lines: readonly string[]): string[] {
	return lines.map((line) => `# ${oneLine(line)}`.trimEnd());
}

/** What a rule's comment says: its robots.txt line and text, or that the plan added it. */
export function ruleComment(rule: DoorRule): string {
	return rule.line === 0 ? t('Never refused: {0}', oneLine(rule.pattern)) : `${rule.line}: ${rule.allow ? 'Allow' : 'Disallow'}: ${oneLine(rule.pattern)}`;
}

/** Text that goes into a one-line comment: line breaks would end the comment and start configuration. */
export function oneLine(text: string): string {
	return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

/** `ch` as a `\xHH` escape (`\x{HHHH}` past ASCII), which PCRE, RE2 and Rust's regex read as the literal character. */
export function hexEscape(ch: string): string {
	const code = ch.codePointAt(0) ?? 0;
	return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\x{${code.toString(16)}}`;
}

/**
 * A plan's regular expression with every literal character `rewrite` names written differently (it returns the
 * replacement, or undefined to keep it). A literal is a character outside an escape that the regex reads as itself,
 * or the character after a backslash that is not a letter or digit (`\.`, `\"`); escapes such as `\d` and `\x2e` pass
 * as they are.
 */
export function rewriteLiterals(regex: string, rewrite: (ch: string, escaped: boolean) => string | undefined): string {
	let out = '';
	for (let i = 0; i < regex.length; i++) {
		const ch = regex[i];
		if (ch === '\\' && i + 1 < regex.length) {
			const next = regex[i + 1];
			i++;
			out += /[0-9A-Za-z]/.test(next) ? `\\${next}` : (rewrite(next, true) ?? `\\${next}`);
			continue;
		}
		out += rewrite(ch, false) ?? ch;
	}
	return out;
}

/**
 * The regex with the characters a configuration parser reads as syntax (`special`) and every escaped backslash
 * written as `\xHH`, so that it fits between quotes of that parser: no quote, no white space, and no backslash
 * before the closing quote remain.
 */
export function quotableRegex(regex: string, special: RegExp): string {
	return rewriteLiterals(regex, (ch, escaped) =>
		ch === '\\' || special.test(ch) || /\s/.test(ch) ? (escaped || !isRegexSyntax(ch) ? hexEscape(ch) : undefined) : undefined,
	);
}

/** Characters that mean something to a regex when written bare: they cannot become an escape without changing meaning. */
function isRegexSyntax(ch: string): boolean {
	return '\\^$.|?*+()[]{}'.includes(ch);
}
