/**
 * Checks of Allow/Disallow rules: the pattern's shape (leading "/", hosts, several paths, spaces and invisible
 * characters, wildcards, regular expressions, percent-encoding), and the logic of rules within a group across dialects
 * (duplicates, conflicts, rules first-match robots never reach, an Allow placed after the Disallow that hides it).
 */

import type { Check, AnyFact, CheckEntry } from '../context';
import { firstMatchOrder } from './firstMatchOrder';
import { groupLogicKept } from './groupIndex';
import { patternShape } from './patternShape';
import { LengthIndex, ruleLogic, welcomed, type GroupTraits } from './ruleLogic';
import { rulesOf } from './ruleValues';

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
