/**
 * The problems of one Allow/Disallow rule within its group, across dialects: an ambiguous empty Disallow, duplicates,
 * conflicts, a Disallow of the whole site, a redundant wildcard; what they depend on in the group, and the fact they ask.
 */

import { normalizeRfc } from '../../matching/encoding';
import type { Group, RobotsModel } from '../../syntax/parser';
import { t } from '../../l10n';
import { at, shown, tLines, type CheckContext, type FileFact } from '../context';
import { firstAtLeast } from '../../sorted';
import { deleteLine, replaceSpan } from './edits';
import { regexSigns } from './patternShape';

/** The tokens of groups not for "*" that keep some access: with them, "Disallow: /" for "*" is a deliberate list of who may crawl. */
function welcomedTokens(model: RobotsModel, groups: readonly Group[]): string[] {
	return groups
		.filter((group) => !group.userAgents.some((line) => model.valueIs(line, '*')))
		.filter((group) => group.rules.length === 0 || group.rules.some((line) => model.lines[line].directive === 'allow' || !model.valueIs(line, '/')))
		.flatMap((group) => group.userAgents.map((line) => model.valueText(line)));
}

/** The welcomed tokens of the whole file: how many, and the first three. */
export const welcomed: FileFact<readonly string[], { readonly count: number; readonly first: readonly string[] }> = {
	name: 'welcomed tokens',
	summarize: (window) => welcomedTokens(window.model, window.grouping('rfc9309').groups),
	combine(summaries) {
		let count = 0;
		const first: string[] = [];
		for (const summary of summaries) {
			count += summary.length;
			for (let i = 0; i < summary.length && first.length < 3; i++) {
				first.push(summary[i]);
			}
		}
		return { count, first };
	},
	same: (a, b) => a.length === b.length && a.every((token, i) => token === b[i]),
};

/** What a rule's problems depend on in its group, besides the rule itself and the first rule with its value. */
export interface GroupTraits {
	readonly isStar: boolean;
	/** A rule with a value: then an empty Disallow beside it is ambiguous. */
	readonly hasOtherRules: boolean;
	/** An Allow with a value: then `Disallow: /` is a deliberate whitelist, not a whole site hidden by mistake. */
	readonly hasAllow: boolean;
	readonly lengths: LengthIndex;
}

/** A rule line of a group. */
export interface Rule {
	readonly line: number;
	readonly allow: boolean;
	readonly value: string;
}

/**
 * The problems of one rule in its group: an ambiguous empty Disallow, the same rule or the same pattern with the
 * other verdict as `seen` (the group's first rule with this value, if not this one), a Disallow of everything, and a
 * redundant wildcard.
 */
export function ruleLogic(context: CheckContext, traits: GroupTraits, rule: Rule, seen: { readonly line: number; readonly allow: boolean } | undefined): void {
	const { model } = context;
	if (rule.value === '') {
		if (!rule.allow && traits.hasOtherRules) {
			context.report({
				code: 'empty-disallow',
				line: rule.line,
				message: t(
					'An empty "Disallow:" beside other rules means different things: nothing for {0}, "Allow: /" for {1} (which beats a "Disallow: /"), and "allow everything" for 1996-draft robots that reach it first.',
					context.who(['google', 'rfc9309']),
					context.who(['yandex']),
				),
			});
		}
		return;
	}
	if (seen && seen.allow === rule.allow) {
		context.report({
			code: 'duplicate-rule',
			line: rule.line,
			message: tLines('The same rule as line {0}; remove one of them.', at(seen.line)),
			related: [{ line: seen.line, message: t('the same rule') }],
			unnecessary: true,
			fixes: [{ title: t('Remove the duplicate rule'), edits: [deleteLine(model, rule.line)], isPreferred: true }],
		});
	} else if (seen && !seen.allow) {
		context.report({
			code: 'conflicting-rules',
			line: rule.line,
			message: tLines(
				'"{0}" is both disallowed (line {1}) and allowed here: {2} let Allow win the tie, but 1996-draft robots take the first match, the Disallow.',
				shown(rule.value),
				at(seen.line),
				context.who(['google', 'rfc9309', 'yandex']),
			),
			related: [{ line: seen.line, message: t('the same pattern with the other verdict') }],
		});
	} else if (seen) {
		// Allow first: every dialect that knows Allow lets it win, so the verdicts agree and the Disallow is dead.
		context.report({
			code: 'conflicting-rules',
			line: rule.line,
			severity: 'information',
			message: tLines(
				'"{0}" is already allowed at line {1}, and every crawler that reads Allow lets it win (a tie for {2}, the first match for 1996-draft robots): this Disallow has no effect except for 1994 robots, which know no Allow.',
				shown(rule.value),
				at(seen.line),
				context.who(['google', 'rfc9309', 'yandex']),
			),
			related: [{ line: seen.line, message: t('the same pattern with the other verdict') }],
			unnecessary: true,
		});
	}
	if (mayDisallowAll(traits, rule) && context.wants('disallow-all')) {
		// Asked as the text it shows ("" for none), so that the answer changes only when the text does.
		const welcomedNames = context.ask(welcomed, ({ count, first }) => {
			const named = first.map((token) => `"${shown(token)}"`).join(', ');
			return count > 3 ? t('{0} and {1} more', named, count - 3) : named;
		});
		context.report({
			code: 'disallow-all',
			line: rule.line,
			severity: welcomedNames !== '' ? 'information' : undefined,
			message:
				welcomedNames !== ''
					? t(
							'Every crawler without a group of its own may fetch nothing; the crawlers named in other groups ({0}) follow those groups instead.',
							welcomedNames,
						)
					: t('Every crawler without a group of its own may fetch nothing: the whole site is hidden from search engines. (A leftover from a staging site?)'),
		});
	}
	redundantWildcard(context, rule, traits.lengths);
}

function mayDisallowAll(traits: GroupTraits, rule: Rule): boolean {
	return traits.isStar && !traits.hasAllow && !rule.allow && rule.value === '/';
}

/** Whether redundantWildcard may report a rule with this value (a trailing "*", or "**"). */
export function mayBeRedundantWildcard(value: string): boolean {
	return (value.length > 1 && value.endsWith('*')) || value.includes('**');
}

/**
 * The lengths (as RFC 9309 weighs them) of a group's Allow rules and of its Disallow rules, sorted when first asked:
 * whether a rule of the other kind has a length in a range is then a binary search, not a pass over the group. Rules
 * added and removed after that keep the lists sorted.
 */
export class LengthIndex {
	private sorted: [number[], number[]] | undefined;

	constructor(private readonly rules: () => readonly { allow: boolean; value: string }[]) {}

	/** Whether a rule with a value and this verdict has a length in `[low, high]`. */
	has(allow: boolean, low: number, high: number): boolean {
		if (!this.sorted) {
			const byVerdict: [number[], number[]] = [[], []];
			for (const rule of this.rules()) {
				if (rule.value !== '') {
					byVerdict[rule.allow ? 1 : 0].push(normalizeRfc(rule.value, true).length);
				}
			}
			byVerdict.forEach((lengths) => {
				lengths.sort((a, b) => a - b);
			});
			this.sorted = byVerdict;
		}
		const lengths = this.sorted[allow ? 1 : 0];
		const from = firstAtLeast(lengths, low);
		return from < lengths.length && lengths[from] <= high;
	}

	/** A rule with a value joined the group. */
	add(allow: boolean, value: string): void {
		if (this.sorted) {
			const lengths = this.sorted[allow ? 1 : 0];
			const length = normalizeRfc(value, true).length;
			lengths.splice(firstAtLeast(lengths, length), 0, length);
		}
	}

	/** A rule with a value left the group. */
	remove(allow: boolean, value: string): void {
		if (this.sorted) {
			const lengths = this.sorted[allow ? 1 : 0];
			lengths.splice(firstAtLeast(lengths, normalizeRfc(value, true).length), 1);
		}
	}
}

/**
 * The value without the stars that add nothing in wildcard dialects (a trailing `*`, a `**`), or undefined when it has
 * none; a regular expression's ".*" is regex-syntax's to rewrite, not a robots.txt wildcard to trim.
 */
export function withoutRedundantWildcards(value: string): string | undefined {
	if (!mayBeRedundantWildcard(value) || regexSigns(value)) {
		return undefined;
	}
	let simpler = value.replace(/\*{2,}/g, '*');
	while (simpler.length > 1 && simpler.endsWith('*')) {
		simpler = simpler.slice(0, -1);
	}
	return simpler;
}

function redundantWildcard(context: CheckContext, rule: { line: number; allow: boolean; value: string }, lengths: LengthIndex): void {
	const { value } = rule;
	const simpler = withoutRedundantWildcards(value);
	if (simpler === undefined) {
		return;
	}
	// RFC 9309 and Google weigh rules by length, `*` included: dropping stars is safe only if no rule of the other
	// kind in the group has a length between the two, where the verdict could flip.
	const oldLength = normalizeRfc(value, true).length;
	const newLength = normalizeRfc(simpler, true).length;
	const safe = !lengths.has(!rule.allow, newLength, oldLength);
	const node = context.model.lines[rule.line];
	const firstMatchChecked = context.concerns(['draft1996', 'original1994']) && !simpler.includes('*');
	context.report({
		code: 'redundant-wildcard',
		line: rule.line,
		start: node.valueStart,
		end: node.valueEnd,
		message: safe
			? t('"{0}" matches the same URLs as "{1}" (a trailing "*" or a "**" adds nothing).', shown(value), shown(simpler))
			: t(
					'"{0}" matches the same URLs as "{1}" (a trailing "*" or a "**" adds nothing), but it weighs more in longest-match crawlers against a rule of this group, so changing it would change a verdict.',
					shown(value),
					shown(simpler),
				),
		// For 1994/1996 robots the "*" is literal and the rule matches nothing; without it the rule starts to apply to
		// them, so the rewrite is not applied with the other fixes when those robots are checked.
		fixes: safe
			? [
					{
						title: firstMatchChecked ? t('Change to "{0}" (1994/1996 robots then apply it too)', shown(simpler)) : t('Change to "{0}"', shown(simpler)),
						edits: [replaceSpan(rule.line, node.valueStart, node.valueEnd, simpler)],
						isPreferred: !firstMatchChecked || undefined,
					},
				]
			: undefined,
	});
}
