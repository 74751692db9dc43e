/**
 * The order of rules for first-match robots (1996 draft, 1994): an Allow placed after the Disallow that hides it, and
 * rules an earlier rule with the other verdict hides.
 */

import { normalizeDraft } from '../../matching/encoding';
import type { RobotsModel } from '../../syntax/parser';
import { t } from '../../l10n';
import { at, shown, tLines, type Check, type CheckContext, type Fix, type LineText } from '../context';
import { insertSorted } from '../../sorted';
import { deleteLine, insertLinesBefore } from './edits';
import { rulesOf } from './ruleValues';

/**
 * First-match robots (1996 draft, 1994): rules in each record that an earlier rule hides with the other verdict.
 * A hidden rule with the same verdict changes nothing for them (the earlier rule says the same), so it is not reported.
 */
export const firstMatchOrder: Check = (context) => {
	if (!context.wants('allow-after-disallow') && !context.wants('unreachable-rule')) {
		return;
	}
	for (const record of context.grouping('draft1996').groups) {
		const rules = rulesOf(context, record);
		// Without both verdicts no rule hides one of the other verdict: a list of 47 000 Allow lines needs no index.
		if (rules.every((rule) => allows(rule)) || !rules.some((rule) => allows(rule))) {
			continue;
		}
		const forms = rules.map((rule) => draftForm(context, rule.line));
		// A rule is hidden by the earliest earlier rule whose form is a prefix of its own (an empty value matches every
		// path); only a hider with the other verdict matters. Big records are mostly of one verdict, so each rule first
		// looks among the other verdict's forms, and among its own only when that finds one.
		const byVerdict = [new PrefixIndex(), new PrefixIndex()];
		// Rules hidden by each earlier rule with the other verdict, reported together: one "Allow: /" first can hide
		// hundreds of rules, and one diagnostic says it better than hundreds.
		const unreachable = new Map<number, number[]>();
		for (let i = 0; i < rules.length; i++) {
			const form = forms[i];
			const verdict = allows(rules[i]) ? 1 : 0;
			// A repeat of an earlier rule is duplicate-rule's or conflicting-rules' to report; with "*" or "$" either rule
			// is literal text for these robots and matches no real URL, so its place in the order changes nothing.
			if (!byVerdict[0].has(form) && !byVerdict[1].has(form) && !hasWildcard(rules[i].value)) {
				const hidden = byVerdict[1 - verdict].earliestPrefixOf(form);
				if (hidden >= 0 && !hasWildcard(rules[hidden].value) && byVerdict[verdict].earliestPrefixOf(form, hidden) < 0) {
					if (rules[i].allow && !rules[hidden].allow) {
						reportAllowAfterDisallow(context, rules, forms, i, hidden);
					} else {
						const hiddenHere = unreachable.get(hidden);
						if (hiddenHere) {
							hiddenHere.push(i);
						} else {
							unreachable.set(hidden, [i]);
						}
					}
				}
			}
			byVerdict[verdict].add(form, i);
		}
		for (const [hidden, indices] of unreachable) {
			reportUnreachable(
				context,
				rules[hidden],
				indices.map((index) => rules[index]),
			);
		}
	}
};

/** The first rule of each form, to find the earliest rule whose form is a prefix of a given one. */
class PrefixIndex {
	private readonly first = new Map<string, number>();
	/** The lengths of the forms, ascending. */
	private readonly lengths: number[] = [];

	has(form: string): boolean {
		return this.first.has(form);
	}

	add(form: string, rule: number): void {
		if (!this.first.has(form)) {
			this.first.set(form, rule);
			insertSorted(this.lengths, form.length);
		}
	}

	/** The earliest rule (before `before`, if given) whose form is a prefix of `form`, or -1. */
	earliestPrefixOf(form: string, before = Infinity): number {
		let earliest = -1;
		for (let k = 0; k < this.lengths.length && this.lengths[k] <= form.length; k++) {
			const rule = this.first.get(form.slice(0, this.lengths[k]));
			if (rule !== undefined && rule < before && (earliest < 0 || rule < earliest)) {
				earliest = rule;
			}
		}
		return earliest;
	}
}

/** The form a rule has for 1996-draft robots, kept per line: a big record has thousands, and an edit changes one. */
function draftForm(context: CheckContext, line: number): string {
	return context.perLine('draft form', line, draftFormOf);
}

const draftFormOf = (model: RobotsModel, line: number): string => normalizeDraft(model.valueText(line));

function hasWildcard(value: string): boolean {
	return value.includes('*') || value.endsWith('$');
}

/** The verdict of a rule for first-match robots: an empty Disallow allows everything. */
function allows(rule: { allow: boolean; value: string }): boolean {
	return rule.allow || rule.value === '';
}

function reportAllowAfterDisallow(
	context: CheckContext,
	rules: readonly { line: number; allow: boolean; value: string }[],
	forms: readonly string[],
	index: number,
	hiddenBy: number,
): void {
	const { model } = context;
	const rule = rules[index];
	const earlier = rules[hiddenBy];
	const earlierText = model.lineText(earlier.line).trim();
	// Moving the Allow up puts it before every later rule of the record; a more specific Disallow among them
	// (between the two lines or after the Allow) would then be hidden by it, a verdict the move must not change.
	const blocked = rules.some((other, at) => at > hiddenBy && at !== index && !allows(other) && forms[at].startsWith(forms[index]));
	const fixes: Fix[] | undefined = blocked
		? undefined
		: [
				{
					title: tLines('Move this Allow above line {0}', at(earlier.line)),
					edits: [insertLinesBefore(context.eol, earlier.line, [model.lineText(rule.line)]), deleteLine(model, rule.line)],
					isPreferred: true,
				},
			];
	context.report({
		code: 'allow-after-disallow',
		line: rule.line,
		message: tLines(
			'{0} take the first rule that matches: "{1}" (line {2}) already matches everything this Allow matches, so they never reach it and keep these paths blocked. {3} use the longest match and allow them. Put the Allow first.',
			context.whoStarts(['draft1996']),
			shown(earlierText),
			at(earlier.line),
			context.whoStarts(['google', 'rfc9309', 'yandex']),
		),
		related: [{ line: earlier.line, message: t('the broader Disallow that comes first') }],
		fixes,
	});
}

function reportUnreachable(
	context: CheckContext,
	earlier: { line: number; allow: boolean; value: string },
	hidden: readonly { line: number; allow: boolean; value: string }[],
): void {
	const { model } = context;
	const [first, ...others] = hidden;
	const earlierText = model.lineText(earlier.line).trim();
	context.report({
		code: 'unreachable-rule',
		line: first.line,
		message: unreachableMessage(
			context.whoStarts(['draft1996', 'original1994']),
			shown(earlierText),
			at(earlier.line),
			context.who(['google', 'rfc9309', 'yandex']),
			others.length,
			allows(earlier),
			first.allow,
		),
		related: [
			{ line: earlier.line, message: t('the earlier rule that matches first') },
			...others.slice(0, 20).map((rule) => ({ line: rule.line, message: t('another rule it hides') })),
		],
	});
}

/**
 * The message of unreachable-rule, a whole sentence for each case: one hidden rule or several, an earlier rule that
 * allows or disallows (and so hidden rules with the other verdict).
 */
function unreachableMessage(
	firstMatch: string,
	earlierText: string,
	earlierLine: ReturnType<typeof at>,
	longestMatch: string,
	others: number,
	earlierAllows: boolean,
	hiddenAllows: boolean,
): LineText {
	if (others === 0) {
		if (earlierAllows) {
			return hiddenAllows
				? tLines(
						'{0} never reach this rule: "{1}" (line {2}) comes first and allows every path it matches, while {3} use the longest match and allow them.',
						firstMatch,
						earlierText,
						earlierLine,
						longestMatch,
					)
				: tLines(
						'{0} never reach this rule: "{1}" (line {2}) comes first and allows every path it matches, while {3} use the longest match and disallow them.',
						firstMatch,
						earlierText,
						earlierLine,
						longestMatch,
					);
		}
		return hiddenAllows
			? tLines(
					'{0} never reach this rule: "{1}" (line {2}) comes first and disallows every path it matches, while {3} use the longest match and allow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
				)
			: tLines(
					'{0} never reach this rule: "{1}" (line {2}) comes first and disallows every path it matches, while {3} use the longest match and disallow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
				);
	}
	const count = others;
	if (earlierAllows) {
		return hiddenAllows
			? tLines(
					'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and allows every path they match, while {3} use the longest match and allow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
					count,
				)
			: tLines(
					'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and allows every path they match, while {3} use the longest match and disallow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
					count,
				);
	}
	return hiddenAllows
		? tLines(
				'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and disallows every path they match, while {3} use the longest match and allow them.',
				firstMatch,
				earlierText,
				earlierLine,
				longestMatch,
				count,
			)
		: tLines(
				'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and disallows every path they match, while {3} use the longest match and disallow them.',
				firstMatch,
				earlierText,
				earlierLine,
				longestMatch,
				count,
			);
}
