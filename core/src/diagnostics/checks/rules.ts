/**
 * Checks of Allow/Disallow rules, three of them: the pattern's shape, one line at a time (patternShape.ts); the logic
 * of rules within a group across dialects (duplicates, conflicts, a Disallow of everything, redundant wildcards: here,
 * one rule at a time in ruleLogic.ts, through the index of groupIndex.ts in a big segment); and the order first-match
 * robots read them in (firstMatchOrder.ts: rules they never reach, an Allow placed after the Disallow that hides it).
 */

import type { Check, AnyFact, CheckEntry } from '../context';
import { firstMatchOrder } from './firstMatchOrder';
import { groupLogicKept } from './groupIndex';
import { patternShape } from './patternShape';
import { LengthIndex, ruleLogic, welcomed, type GroupTraits } from './ruleLogic';
import { rulesOf } from './ruleValues';

/** The logic of each group's rules: afresh, or from what the previous version of a big segment kept. */
const groupLogic: Check = (context) => {
	const { model } = context;
	const groups = context.grouping('rfc9309').groups;
	const recall = context.recall;
	if (recall) {
		groupLogicKept(context, groups, recall);
		return;
	}
	for (const group of groups) {
		const rules = rulesOf(context, group);
		const first = new Map<string, { line: number; allow: boolean }>();
		const traits: GroupTraits = {
			isStar: group.userAgents.some((line) => model.valueIs(line, '*')),
			hasOtherRules: rules.some((rule) => rule.value !== ''),
			hasAllow: rules.some((rule) => rule.allow && rule.value !== ''),
			lengths: new LengthIndex(() => rules),
		};
		for (const rule of rules) {
			const seen = rule.value === '' ? undefined : first.get(rule.value);
			if (!seen && rule.value !== '') {
				first.set(rule.value, rule);
			}
			ruleLogic(context, traits, rule, seen);
		}
	}
};

/** The facts these checks ask. */
export const ruleFacts: readonly AnyFact[] = [welcomed];

export const ruleChecks: readonly CheckEntry[] = [{ line: patternShape }, { window: groupLogic }, { window: firstMatchOrder }];
