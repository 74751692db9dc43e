/**
 * The plan as Cloudflare WAF custom rules: expressions in the Rules language whose action is Block, each at most
 * 4,096 characters (https://developers.cloudflare.com/ruleset-engine/rules-language/expressions/), split into several
 * rules when the whole is longer. A request is blocked when some rule's expression is true, so the plan's "first match
 * decides" is written as disjunctions: a reading is the sender's when one of its User-Agent patterns matches and no
 * earlier pattern of another reading does, and a request target is refused when a disallowing rule matches and no
 * earlier allowing rule does. The target is `raw.http.request.uri`, the path and query as sent, before Cloudflare's URL
 * normalization; the operator is `matches` (Rust's regex crate), which needs a Business or Enterprise plan
 * (https://developers.cloudflare.com/ruleset-engine/rules-language/operators/).
 */

import { t } from '../l10n';
import type { DoorPlan, DoorReading } from './plan';
import { doorHeader, hexEscape, rewriteLiterals, type DoorSource } from './snippet';

/** Cloudflare's limit on one rule's expression, in characters. */
export const cloudflareExpressionLimit = 4096;

/**
 * `field matches "p1|p2…" and not field matches "n1|n2…"`, the shape of every clause: one of `positive` matches and
 * none of `negative` (the earlier patterns that would win) does.
 */
interface Clause {
	readonly field: 'http.user_agent' | 'raw.http.request.uri';
	readonly positive: readonly string[];
	readonly negative: readonly string[];
}

/** A reading's refusals: the sender is one of `agents` and the target one of `targets`. */
interface Condition {
	readonly agents: readonly Clause[];
	readonly targets: readonly Clause[];
}

/** The rules' expressions, each within the limit when the plan allows it (a single clause can be longer). */
export function cloudflareWafExpressions(plan: DoorPlan): string[] {
	const conditions: Condition[] = [];
	plan.readings.forEach((reading, index) => {
		const targets = refusals(reading);
		const agents = senders(plan, index);
		if (targets.length > 0 && agents.length > 0) {
			conditions.push(...fitted({ agents, targets }));
		}
	});
	// Conditions packed into as few rules as fit, in order.
	const expressions: string[] = [];
	for (const condition of conditions) {
		const text = conditionText(condition);
		const last = expressions.length - 1;
		if (last >= 0 && expressions[last].length + 4 + text.length <= cloudflareExpressionLimit) {
			expressions[last] = `${expressions[last]} or ${text}`;
		} else {
			expressions.push(text);
		}
	}
	return expressions;
}

/** The rules to create, with what they need, as text for people and the dashboard's Expression Editor. */
export function renderCloudflareWaf(plan: DoorPlan, source: DoorSource): string {
	const expressions = cloudflareWafExpressions(plan);
	const lines = [
		...doorHeader('#', t('Cloudflare WAF custom rules: create each expression below as a custom rule with the action Block.'), plan, source),
		`# ${t('The expressions use the matches operator, which needs a Cloudflare Business or Enterprise plan.')}`,
		`# ${t('Cloudflare takes at most 4,096 characters in one expression; longer ones are split into several rules.')}`,
	];
	if (expressions.length === 0) {
		lines.push('', `# ${t('The file disallows nothing for any crawler: no rule is needed.')}`);
	}
	expressions.forEach((expression, index) => {
		lines.push('', `# ${t('Rule {0} of {1}, length {2}.', index + 1, expressions.length, expression.length)}`);
		if (expression.length > cloudflareExpressionLimit) {
			lines.push(`# ${t('This expression is over the limit: one pattern list is too long to split.')}`);
		}
		lines.push(expression);
	});
	return `${lines.join('\n')}\n`;
}

/**
 * The senders a reading gets: runs of its patterns, each with the earlier patterns of other readings, which win
 * over it when they match too.
 */
function senders(plan: DoorPlan, reading: number): Clause[] {
	const clauses: Clause[] = [];
	let run: string[] = [];
	const earlier: string[] = [];
	const flush = () => {
		if (run.length > 0) {
			clauses.push({ field: 'http.user_agent', positive: run, negative: [...earlier] });
			run = [];
		}
	};
	for (const agent of plan.agents) {
		if (agent.reading === reading) {
			run.push(agent.pattern);
		} else {
			flush();
			earlier.push(agent.pattern);
		}
	}
	flush();
	return clauses;
}

/** The targets a reading refuses: runs of disallowing rules, each unless an earlier allowing rule matches. */
function refusals(reading: DoorReading): Clause[] {
	const clauses: Clause[] = [];
	let run: string[] = [];
	const allowed: string[] = [];
	const flush = () => {
		if (run.length > 0) {
			clauses.push({ field: 'raw.http.request.uri', positive: run, negative: [...allowed] });
			run = [];
		}
	};
	for (const rule of reading.rules) {
		if (rule.allow) {
			flush();
			allowed.push(rule.regex);
		} else {
			run.push(rule.regex);
		}
	}
	flush();
	return clauses;
}

/**
 * A regex of the shared subset as Rust's regex crate reads it: an escaped character Rust gives no meaning to as an
 * escape (`\/`; `\<` is a word boundary since regex 1.10) is written bare, white space as `\xHH`.
 */
function rustRegex(regex: string): string {
	return rewriteLiterals(regex, (ch, escaped) => {
		if (/\s/.test(ch)) {
			return hexEscape(ch);
		}
		return escaped && !'\\.+*?()|[]{}^$#&-~'.includes(ch) ? ch : undefined;
	});
}

/** The condition split until each part fits, halving its longer list of clauses, or of patterns. */
function fitted(condition: Condition): Condition[] {
	if (conditionText(condition).length <= cloudflareExpressionLimit) {
		return [condition];
	}
	const keys = (['agents', 'targets'] as const).filter((key) => halves(condition[key]) !== undefined);
	if (keys.length === 0) {
		return [condition];
	}
	const key = keys.reduce((a, b) => (disjunction(condition[a]).length >= disjunction(condition[b]).length ? a : b));
	const [first, second] = halves(condition[key]) ?? [[], []];
	return [...fitted({ ...condition, [key]: first }), ...fitted({ ...condition, [key]: second })];
}

/** Two lists whose disjunctions together say what `clauses` says: half the clauses each, or half the patterns of one. */
function halves(clauses: readonly Clause[]): [Clause[], Clause[]] | undefined {
	if (clauses.length > 1) {
		const half = Math.ceil(clauses.length / 2);
		return [clauses.slice(0, half), clauses.slice(half)];
	}
	const [clause] = clauses;
	if (clause.positive.length < 2) {
		return undefined;
	}
	const half = Math.ceil(clause.positive.length / 2);
	return [[{ ...clause, positive: clause.positive.slice(0, half) }], [{ ...clause, positive: clause.positive.slice(half) }]];
}

function conditionText(condition: Condition): string {
	return `(${disjunction(condition.agents)} and ${disjunction(condition.targets)})`;
}

function disjunction(clauses: readonly Clause[]): string {
	return clauses.length === 1 ? clauseText(clauses[0]) : `(${clauses.map(clauseText).join(' or ')})`;
}

function clauseText(clause: Clause): string {
	const positive = matches(clause.field, clause.positive);
	return clause.negative.length === 0 ? positive : `(${positive} and not (${matches(clause.field, clause.negative)}))`;
}

/**
 * `field matches "…"`: the patterns as one alternation (User-Agent patterns case-insensitive), in a string literal
 * with its escapes, `\"` and `\\` (Rules language, Values: string values).
 */
function matches(field: Clause['field'], patterns: readonly string[]): string {
	const regex = `${field === 'http.user_agent' ? '(?i)' : ''}${patterns.map(rustRegex).join('|')}`;
	return `${field} matches "${regex.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}
