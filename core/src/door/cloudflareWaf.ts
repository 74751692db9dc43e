/**
 * The plan as Cloudflare WAF custom rules: expressions in the Rules language whose action is Block, each at most
 * 4,096 characters (https://developers.cloudflare.com/ruleset-engine/rules-language/expressions/), split into several
 * rules when the whole is longer. A request is blocked when some rule's expression is true, so the plan's "first match
 * decides" is written as disjunctions: a reading is the sender's when one of its User-Agent patterns matches and no
 * earlier pattern of another reading that also names its crawlers does (`senders`), and a request target is refused
 * when a disallowing rule matches and no earlier allowing rule does. The target is `raw.http.request.uri`, the path and query as sent, before Cloudflare's URL
 * normalization; the operator is `matches` (Rust's regex crate), which needs a Business or Enterprise plan
 * (https://developers.cloudflare.com/ruleset-engine/rules-language/operators/).
 */

import { t } from '../l10n';
import type { DoorFile, DoorPlan, DoorReading } from './plan';
import { commented, hexEscape, rewriteLiterals } from './snippet';

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
	const overlaps = overlapping(plan);
	plan.readings.forEach((reading, index) => {
		const targets = refusals(reading);
		const agents = senders(plan, index, overlaps);
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
export function renderCloudflareWaf(plan: DoorPlan, header: readonly string[]): readonly DoorFile[] {
	const expressions = cloudflareWafExpressions(plan);
	const lines = [
		...commented([t('Cloudflare WAF custom rules: create each expression below as a custom rule with the action Block.'), ...header]),
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
	return [{ name: 'robots-cloudflare-waf.txt', text: `${lines.join('\n')}\n` }];
}

/**
 * The senders a reading gets: one of its patterns matches, and none of the earlier patterns of other readings that
 * win over it on a header naming one crawler: those whose crawler's header the reading's pattern matches too
 * (`Googlebot` in a `Googlebot-Image/1.0` header: the longer token comes first in the plan and wins), and those that
 * match the reading's own crawlers' headers. Listing every earlier pattern instead, as the plan's order would have
 * it, made a six-line file twenty rules: the catalogue's 200 names again after every reading. A header that names two
 * crawlers of the catalogue apart (no documented header does) is refused what either reading refuses.
 */
function senders(plan: DoorPlan, reading: number, overlaps: readonly (readonly number[])[]): Clause[] {
	// Patterns with the same exceptions share a clause; most have none.
	const clauses = new Map<string, { positive: string[]; negative: string[] }>();
	plan.agents.forEach((agent, index) => {
		if (agent.reading !== reading) {
			return;
		}
		const earlier = overlaps[index].map((other) => plan.agents[other]).filter((other) => other.reading !== reading);
		const patterns = [...new Set(earlier.map((other) => other.pattern))];
		const key = patterns.join('\n');
		const clause = clauses.get(key) ?? { positive: [], negative: patterns };
		clause.positive.push(agent.pattern);
		clauses.set(key, clause);
	});
	return [...clauses.values()].map((clause) => ({ field: 'http.user_agent', ...clause }));
}

/**
 * For each agent, the earlier agents a header naming one of the two crawlers matches both of (either's header
 * matches the other's pattern): each pattern compiled once for the whole plan.
 */
function overlapping(plan: DoorPlan): number[][] {
	const patterns = plan.agents.map((agent) => new RegExp(agent.pattern, 'i'));
	const headers = plan.agents.map((agent) => headersOf(agent.token));
	return plan.agents.map((_agent, index) => {
		const earlier: number[] = [];
		for (let other = 0; other < index; other++) {
			if (headers[other].some((header) => patterns[index].test(header)) || headers[index].some((header) => patterns[other].test(header))) {
				earlier.push(other);
			}
		}
		return earlier;
	});
}

/** Headers that name a crawler as owners write them: the token alone with a version, and inside a browser's string. */
function headersOf(token: string): string[] {
	return [`${token}/1.0`, `Mozilla/5.0 (compatible; ${token}/1.0; +https://example.com/bot)`];
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

/**
 * Regexes as one alternation, with the beginning and end they all share written once (`A(?:x|y)B` for `AxB|AyB`):
 * the User-Agent patterns of a plan share a long frame around each name. The shared parts are cut only where both
 * are whole regexes (no open group or class, no escape or quantifier split off) and the middles have no `|` of their
 * own, so the alternation matches what the list does.
 */
function alternation(regexes: readonly string[]): string {
	if (regexes.length < 2) {
		return regexes.join('|');
	}
	const shortest = Math.min(...regexes.map((regex) => regex.length));
	let head = 0;
	while (head < shortest && regexes.every((regex) => regex[head] === regexes[0][head])) {
		head++;
	}
	let tail = 0;
	while (tail < shortest - head && regexes.every((regex) => regex[regex.length - 1 - tail] === regexes[0][regexes[0].length - 1 - tail])) {
		tail++;
	}
	for (; head > 0 || tail > 0; head > tail ? head-- : tail--) {
		const middles = regexes.map((regex) => regex.slice(head, regex.length - tail));
		const prefix = regexes[0].slice(0, head);
		const suffix = regexes[0].slice(regexes[0].length - tail);
		if (
			wholeRegex(prefix)
			&& wholeRegex(suffix)
			&& !/^[*+?{]/.test(suffix)
			&& middles.every((middle) => wholeRegex(middle) && !topLevelBar(middle) && !/^[*+?{]/.test(middle))
		) {
			return `${prefix}(?:${middles.join('|')})${suffix}`;
		}
	}
	return regexes.join('|');
}

/** Whether a piece of regex stands on its own: its escapes, groups and classes all close within it. */
function wholeRegex(piece: string): boolean {
	let depth = 0;
	let braces = 0;
	for (let i = 0; i < piece.length; i++) {
		const ch = piece[i];
		if (ch === '\\') {
			// An escape with its whole argument: `\.`, `\d`, `\x2e`, `\x{e9}`.
			const whole = /^\\(?:x(?:[0-9A-Fa-f]{2}|\{[0-9A-Fa-f]+\})|[^x])/.exec(piece.slice(i));
			if (!whole) {
				return false;
			}
			i += whole[0].length - 1;
		} else if (ch === '{') {
			braces++;
		} else if (ch === '}' && --braces < 0) {
			return false;
		} else if (ch === '[') {
			const end = classEnd(piece, i);
			if (end < 0) {
				return false;
			}
			i = end;
		} else if (ch === '(') {
			depth++;
		} else if (ch === ')' && --depth < 0) {
			return false;
		} else if (ch === ']') {
			return false;
		}
	}
	return depth === 0 && braces === 0;
}

/** The index of the `]` that closes the class opened at `start`, or -1. */
function classEnd(piece: string, start: number): number {
	let i = start + 1;
	if (piece[i] === '^') {
		i++;
	}
	// A `]` first in a class is itself.
	if (piece[i] === ']') {
		i++;
	}
	for (; i < piece.length; i++) {
		if (piece[i] === '\\') {
			i++;
		} else if (piece[i] === ']') {
			return i;
		}
	}
	return -1;
}

/** Whether a whole regex has an alternation outside its groups. */
function topLevelBar(regex: string): boolean {
	let depth = 0;
	for (let i = 0; i < regex.length; i++) {
		const ch = regex[i];
		if (ch === '\\') {
			i++;
		} else if (ch === '[') {
			i = classEnd(regex, i);
		} else if (ch === '(') {
			depth++;
		} else if (ch === ')') {
			depth--;
		} else if (ch === '|' && depth === 0) {
			return true;
		}
	}
	return false;
}

/**
 * The condition split until each part fits, in one pass: when both lists do not fit together, the senders are cut into
 * chunks of at most half the limit (when they take more), and the targets into chunks that fit beside each.
 */
function fitted(condition: Condition): Condition[] {
	if (conditionText(condition).length <= cloudflareExpressionLimit) {
		return [condition];
	}
	// `((A) and (T))`: the parentheses and the `and`.
	const frame = 11;
	const agentChunks =
		disjunction(condition.agents).length <= cloudflareExpressionLimit / 2 ? [condition.agents] : chunks(condition.agents, cloudflareExpressionLimit / 2);
	return agentChunks.flatMap((agents) =>
		chunks(condition.targets, cloudflareExpressionLimit - frame - disjunction(agents).length).map((targets) => ({ agents, targets })),
	);
}

/**
 * Clauses in consecutive lists whose disjunctions fit in `budget` characters, in order: a clause too long on its own
 * is cut into clauses of fewer patterns, with the same exceptions. A single pattern longer than the budget stays as it is.
 */
function chunks(clauses: readonly Clause[], budget: number): Clause[][] {
	const pieces = clauses.flatMap((clause) => cut(clause, budget));
	const out: Clause[][] = [];
	let current: Clause[] = [];
	let length = 2;
	for (const piece of pieces) {
		const text = clauseText(piece).length + 4;
		if (current.length > 0 && length + text > budget) {
			out.push(current);
			current = [];
			length = 2;
		}
		current.push(piece);
		length += text;
	}
	if (current.length > 0) {
		out.push(current);
	}
	return out;
}

/** A clause as clauses that each fit in `budget`, cutting its patterns into runs (each keeps the exceptions). */
function cut(clause: Clause, budget: number): Clause[] {
	if (clauseText(clause).length <= budget || clause.positive.length < 2) {
		return [clause];
	}
	const out: Clause[] = [];
	let run: string[] = [];
	for (const pattern of clause.positive) {
		// Measured as written: escapes and the shared frame make the text no simple sum of the patterns.
		if (run.length > 0 && clauseText({ ...clause, positive: [...run, pattern] }).length > budget) {
			out.push({ ...clause, positive: run });
			run = [];
		}
		run.push(pattern);
	}
	out.push({ ...clause, positive: run });
	return out;
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
	const regex = `${field === 'http.user_agent' ? '(?i)' : ''}${alternation(patterns.map(rustRegex))}`;
	return `${field} matches "${regex.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}
