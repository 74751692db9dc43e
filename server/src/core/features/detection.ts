/**
 * Whether a text that is not named robots.txt reads as one, so that an editor can offer to switch a plain-text file's
 * language. The answer is deliberately conservative: a robots.txt by another name is mostly directive lines, with at
 * least one User-agent line and a rule after it; prose that quotes an example (a tutorial, a mail) is not.
 * On the real-world corpus, a robots.txt by another name is nearly all directives; the seeds, which are prose about
 * robots.txt with examples, have at most 36 % directive lines: "most" (more than half) lies between.
 */

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

function plural(count: number, one: string, many: string): string {
	return `${count} ${count === 1 ? one : many}`;
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
		const missing = userAgentLines === 0 ? 'no User-agent line' : 'no Allow or Disallow rule after its User-agent lines';
		return { looksLike: false, reason: `It has ${missing}.`, ...counts };
	}
	const found = `${plural(userAgentLines, 'User-agent line', 'User-agent lines')} and ${plural(ruleLines, 'Allow/Disallow rule', 'Allow/Disallow rules')}`;
	if (directiveLines * 2 <= contentLines) {
		return {
			looksLike: false,
			reason: `It has ${found}, but only ${directiveLines} of its ${contentLines} lines with content are directives, so it reads as a text that quotes a robots.txt.`,
			...counts,
		};
	}
	return {
		looksLike: true,
		reason: `It reads as a robots.txt: ${found}${directiveLines === contentLines ? ', and nothing but directives and comments' : `; ${directiveLines} of its ${contentLines} lines with content are directives`}.`,
		...counts,
	};
}
