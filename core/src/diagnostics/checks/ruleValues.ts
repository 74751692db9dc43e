/**
 * Allow and Disallow lines as the checks of rules read them: which lines are rules, and their values, kept per line.
 */

import type { Group, RobotsModel } from '../../syntax/parser';
import type { CheckContext } from '../context';

export function isRule(directive: string): directive is 'allow' | 'disallow' {
	return directive === 'allow' || directive === 'disallow';
}

/** Rule lines of a group with their values, in file order. */
export function rulesOf(context: CheckContext, group: Group): { line: number; allow: boolean; value: string }[] {
	return group.rules
		.filter((line) => isRule(context.model.lines[line].directive))
		.map((line) => ({ line, allow: context.model.lines[line].directive === 'allow', value: ruleValue(context, line) }));
}

/**
 * A rule's value, kept per line: the very same string from one version to the next, whose hash V8 keeps, so that the
 * maps of a group of 47 000 rules (duplicates, first-match forms) do not hash 47 000 new strings on every keystroke.
 */
export function ruleValue(context: CheckContext, line: number): string {
	return context.perLine('value', line, valueText);
}

const valueText = (model: RobotsModel, line: number): string => model.valueText(line);
