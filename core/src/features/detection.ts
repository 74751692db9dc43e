/**
 * Whether a text that is not named robots.txt reads as one, so that an editor can offer to switch a plain-text file's
 * language. The answer is deliberately conservative: a robots.txt by another name is mostly directive lines, with at
 * least one User-agent line and a rule after it; prose that quotes an example (a tutorial, a mail) is not.
 * On the real-world corpus, a robots.txt by another name is nearly all directives; the seeds, which are prose about
 * robots.txt with examples, have at most 36 % directive lines: "most" (more than half) lies between.
 */

import { formatNumber, t } from '../l10n';
import { looksLikeRobotsTxtMaxChars } from '../protocol';
import { RobotsModel } from '../syntax/parser';
import type { LineNode } from '../syntax/ast';

/**
 * The most characters read (the protocol's limit, so that a client sends no more): a robots.txt shows what it is long
 * before this, and a big log need not be parsed whole.
 */
export const detectionMaxChars = looksLikeRobotsTxtMaxChars;

/** What {@link looksLikeRobotsTxt} found, with the counts it decided on. */
export interface RobotsTxtLikeness {
	/** Whether the text reads as a robots.txt: a User-agent line, an Allow or Disallow rule after it, and mostly directives. */
	readonly looksLike: boolean;
	/** The finding in one sentence, with its counts ("It has 2 User-agent lines and 5 Allow/Disallow rules …"). */
	readonly reason: string;
	/** `User-agent` lines, as the standard or Google's parser reads the key. */
	readonly userAgentLines: number;
	/** `Allow` and `Disallow` lines after the first `User-agent` line. */
	readonly ruleLines: number;
	/** Lines with content: neither blank nor only a comment. */
	readonly contentLines: number;
	/** Content lines whose key is a directive some crawler reads (misspellings Google accepts included). */
	readonly directiveLines: number;
	/** Whether only the first {@link detectionMaxChars} characters were read. */
	readonly truncated: boolean;
}

function isKnown(line: LineNode): boolean {
	return (line.directive !== 'none' && line.directive !== 'unknown') || (line.googleDirective !== 'none' && line.googleDirective !== 'unknown');
}

function isUserAgent(line: LineNode): boolean {
	return line.directive === 'user-agent' || line.googleDirective === 'user-agent';
}

function isRule(line: LineNode): boolean {
	return line.directive === 'allow' || line.directive === 'disallow' || line.googleDirective === 'allow' || line.googleDirective === 'disallow';
}

/**
 * Reads the start of a text (at most {@link detectionMaxChars} characters) and says whether it is a robots.txt by
 * another name: at least one `User-agent` line, at least one `Allow` or `Disallow` rule after it, and more than half
 * of the lines with content are directives a crawler knows. Never throws; linear in the part it reads.
 */
export function looksLikeRobotsTxt(text: string): RobotsTxtLikeness {
	const truncated = text.length > detectionMaxChars;
	let read = truncated ? text.slice(0, detectionMaxChars) : text;
	if (truncated) {
		// The last line was cut; judge only whole lines.
		const end = Math.max(read.lastIndexOf('\n'), read.lastIndexOf('\r'));
		read = end >= 0 ? read.slice(0, end + 1) : read;
	}
	const model = RobotsModel.parse(read);
	let userAgentLines = 0;
	let ruleLines = 0;
	let contentLines = 0;
	let directiveLines = 0;
	for (const line of model.lines) {
		if (line.kind === 'blank' || line.kind === 'comment') {
			continue;
		}
		contentLines++;
		if (!isKnown(line)) {
			continue;
		}
		directiveLines++;
		if (isUserAgent(line)) {
			userAgentLines++;
		} else if (userAgentLines > 0 && isRule(line)) {
			ruleLines++;
		}
	}
	const counts = { userAgentLines, ruleLines, contentLines, directiveLines, truncated };
	if (userAgentLines === 0 || ruleLines === 0) {
		const reason = userAgentLines === 0 ? t('It has no User-agent line.') : t('It has no Allow or Disallow rule after its User-agent lines.');
		return { looksLike: false, reason, ...counts };
	}
	const agents = userAgentLines === 1 ? t('{0} User-agent line', formatNumber(userAgentLines)) : t('{0} User-agent lines', formatNumber(userAgentLines));
	const rules = ruleLines === 1 ? t('{0} Allow/Disallow rule', formatNumber(ruleLines)) : t('{0} Allow/Disallow rules', formatNumber(ruleLines));
	const found = t('{0} and {1}', agents, rules);
	const ofContent = [formatNumber(directiveLines), formatNumber(contentLines)] as const;
	if (directiveLines * 2 <= contentLines) {
		return {
			looksLike: false,
			reason: t('It has {0}, but only {1} of its {2} lines with content are directives, so it reads as a text that quotes a robots.txt.', found, ...ofContent),
			...counts,
		};
	}
	return {
		looksLike: true,
		reason:
			directiveLines === contentLines
				? t('It reads as a robots.txt: {0}, and nothing but directives and comments.', found)
				: t('It reads as a robots.txt: {0}; {1} of its {2} lines with content are directives.', found, ...ofContent),
		...counts,
	};
}
