/**
 * "Is this URL allowed for this crawler, and which line decides?" for one dialect.
 * Rules are compiled once per model, dialect and agent and reused until the text changes (the model is immutable);
 * `compileMatcher` hands out the same compiled rules for verdicts alone.
 */

import { dialectName, isRecordDialect, type Dialect } from '../dialect';
import { t } from '../l10n';
import { verdictWord } from '../verdict';
import type { Group, RobotsModel } from '../syntax/parser';
import { lineRole } from '../syntax/parser';
import { googleValue, selectGroups, type GroupSelection } from './agents';
import { escapeGooglePattern, normalizeDraft, normalizeRfc } from './encoding';
import { findYandexHost } from './host';
import { Matcher, isRobotsTxtPath, normalizePath, type HostRule } from './matcher';
import { patternForm, RuleSet, type CompiledRule } from './rules';
import { urlPath } from './url';

export { normalizePath, type Matcher };

/** Who asks, in which dialect: what `compileMatcher` compiles for. */
export interface MatcherOptions {
	/** The crawler's name (product token), e.g. `Googlebot`. */
	readonly agent: string;
	/** Default `rfc9309`. */
	readonly dialect?: Dialect;
}

/** One question for `evaluate`: is this URL allowed for this agent, read by this dialect's parser? */
export interface EvaluateOptions {
	/** The crawler's name (product token), e.g. `Googlebot`. */
	readonly agent: string;
	/** A full URL, `host/path`, or a path; only path and query are matched (and the host, for Yandex's Host). */
	readonly url: string;
	/** Default `rfc9309`. */
	readonly dialect?: Dialect;
}

/** The answer to "may the crawler fetch this URL". */
export type Verdict = 'allow' | 'disallow';

/** The line that decided. */
export interface DecidingRule {
	/** The rule's line, 0-based as in LSP positions (`Position.line`): line 253 of the file is 252 here. */
	readonly line: number;
	/** The rule's line, 1-based: the number editors, the command line and every message show ("line 253"). */
	readonly lineNumber: number;
	readonly kind: 'allow' | 'disallow';
	/** The line's text without leading and trailing whitespace. */
	readonly text: string;
	/** The pattern as written. */
	readonly pattern: string;
	/** The pattern as compared, after the dialect's normalisation. */
	readonly normalizedPattern: string;
	/** Set when the rule is implied rather than read: Yandex's Host, Google's `index.html` rule, an empty Disallow. */
	readonly implied?: 'host' | 'index-html' | 'empty-disallow';
}

/** Why the verdict is what it is. */
export type Reason =
	/** A rule matched. */
	| 'rule'
	/** A group applies but none of its rules matches. */
	| 'no-matching-rule'
	/** No group applies to the crawler. */
	| 'no-group'
	/** `/robots.txt` itself is always allowed. */
	| 'robots-txt';

/** A group that applies to the crawler, and the `User-agent` line that made it apply. */
export interface AppliedGroup {
	/** Index in the dialect's grouping. */
	readonly index: number;
	/** The `User-agent` line that made the group apply, 0-based as in LSP positions (`Position.line`). */
	readonly line: number;
	/** The same line, 1-based: the number editors, the command line and every message show. */
	readonly lineNumber: number;
	/** That line's value. */
	readonly token: string;
}

/** What `evaluate` answers: the verdict, why, the deciding line (if a rule decided) and the groups that applied. */
export interface Evaluation {
	readonly dialect: Dialect;
	readonly agent: string;
	readonly url: string;
	/** The path and query that were matched, in the dialect's normalised form. */
	readonly path: string;
	readonly verdict: Verdict;
	readonly reason: Reason;
	readonly rule: DecidingRule | null;
	/** `specific`: groups name the crawler; `fallback`: the `*` group; `none`: no group applies. */
	readonly selection: GroupSelection['kind'];
	readonly groups: readonly AppliedGroup[];
	/** One or two sentences for people. */
	readonly explanation: string;
}

export interface Prepared {
	readonly selection: GroupSelection;
	readonly groups: readonly AppliedGroup[];
	readonly matcher: Matcher;
	/** The model's reports of deciding rules, shared by every agent. */
	readonly decidingRules: Map<CompiledRule, DecidingRule>;
}

interface ModelCache {
	/** By dialect, then agent. */
	readonly prepared: Map<Dialect, Map<string, Prepared>>;
	/**
	 * Compiled rule sets by dialect and the groups they come from (their indices, joined): agents that share groups
	 * share the rules. The indices string of a selection is made once, so looking it up hashes it once.
	 */
	readonly ruleSets: Map<Dialect, Map<string, RuleSet>>;
	/** The same for the rules that can decide at `/` alone (`prepareRoot`). */
	readonly rootRuleSets: Map<Dialect, Map<string, RuleSet>>;
	/** What each compiled rule reports when it decides, built once. */
	readonly decidingRules: Map<CompiledRule, DecidingRule>;
	/**
	 * The applied groups and group indices of each selection, by its list of groups and its list of lines: the
	 * agent index hands every crawler that falls back to `*` the same lists, so a file of 50 000 `*` groups maps them
	 * once, not once per crawler.
	 */
	readonly applied: WeakMap<readonly Group[], WeakMap<readonly number[], { groups: readonly AppliedGroup[]; indices: string }>>;
}

/** Per model (models are immutable, so entries never go stale). */
const cacheByModel = new WeakMap<RobotsModel, ModelCache>();

function modelCache(model: RobotsModel): ModelCache {
	let cache = cacheByModel.get(model);
	if (!cache) {
		cache = { prepared: new Map(), ruleSets: new Map(), rootRuleSets: new Map(), decidingRules: new Map(), applied: new WeakMap() };
		cacheByModel.set(model, cache);
	}
	return cache;
}

function prepare(model: RobotsModel, dialect: Dialect, agent: string): Prepared {
	const cache = modelCache(model);
	let byAgent = cache.prepared.get(dialect);
	if (!byAgent) {
		byAgent = new Map();
		cache.prepared.set(dialect, byAgent);
	}
	let prepared = byAgent.get(agent);
	if (!prepared) {
		prepared = prepareSelection(model, dialect, agent, selectGroups(model, dialect, agent), true);
		byAgent.set(agent, prepared);
	}
	return prepared;
}

/**
 * Compiles the rules of groups already selected (by a dialect, or by a crawler's documented behaviour on top of it).
 * `host`: whether Yandex's Host implies `Disallow: /` for other mirrors (the `yandex` dialect reads it; YandexBot no
 * longer does).
 */
export function prepareSelection(model: RobotsModel, dialect: Dialect, agent: string, selection: GroupSelection, host: boolean): Prepared {
	return prepareWith(model, dialect, agent, selection, host, 'all');
}

/**
 * The same as `prepareSelection` for one question, the verdict at `/` (is the crawler shut out of the whole site?),
 * with only the rules that can decide there compiled: those whose literal beginning, the key under which the rule
 * set's trie files a rule, is empty or `/`, the only nodes a walk along `/` visits. The same rule decides, for the
 * cost of reading the rules rather than building a trie of them all (47 000 on one corpus file). Nothing but `/` may
 * be asked of it; crawlers/reading.ts's `decideRoot` does that, and a test holds it equal to `evaluateAs`.
 */
export function prepareRoot(model: RobotsModel, dialect: Dialect, agent: string, selection: GroupSelection, host: boolean): Prepared {
	return prepareWith(model, dialect, agent, selection, host, 'root');
}

function prepareWith(model: RobotsModel, dialect: Dialect, agent: string, selection: GroupSelection, host: boolean, which: 'all' | 'root'): Prepared {
	const cache = modelCache(model);
	const { groups, indices } = applied(model, selection);
	const sets = which === 'all' ? cache.ruleSets : cache.rootRuleSets;
	let byGroups = sets.get(dialect);
	if (!byGroups) {
		byGroups = new Map();
		sets.set(dialect, byGroups);
	}
	let ruleSet = byGroups.get(indices);
	if (!ruleSet) {
		const ruleLines: number[] = [];
		for (const group of selection.groups) {
			for (const line of group.rules) {
				ruleLines.push(line);
			}
		}
		const wildcards = !isRecordDialect(dialect);
		let rules = compileRules(model, dialect, ruleLines);
		if (which === 'root') {
			// Numbered again in file order: a rule set ranks ties by `order`, counted among its own rules.
			rules = rules.filter((rule) => '/'.startsWith(literalBeginning(rule, wildcards))).map((rule, order) => ({ ...rule, order }));
		}
		ruleSet = new RuleSet(rules, isRecordDialect(dialect) ? 'first' : 'longest', wildcards);
		byGroups.set(indices, ruleSet);
	}
	const matcher = new Matcher(dialect, agent, ruleSet, host && dialect === 'yandex' ? yandexHost(model) : null);
	return { selection, groups, matcher, decidingRules: cache.decidingRules };
}

/** The literal beginning of a rule's pattern: what a path must start with for the rule to match. */
function literalBeginning(rule: CompiledRule, wildcards: boolean): string {
	const form = patternForm(rule.normalized, wildcards);
	return form.kind === 'wildcard' ? form.segments[0] : form.key;
}

/**
 * The groups of a selection, each with the User-agent line that made it apply, without compiling their rules (a code
 * lens asks whom a group applies to, not what it allows). Shared by the selections with the same lists.
 */
export function appliedGroups(model: RobotsModel, selection: GroupSelection): readonly AppliedGroup[] {
	return applied(model, selection).groups;
}

function applied(model: RobotsModel, selection: GroupSelection): { groups: readonly AppliedGroup[]; indices: string } {
	const cache = modelCache(model);
	let byLines = cache.applied.get(selection.groups);
	if (!byLines) {
		byLines = new WeakMap();
		cache.applied.set(selection.groups, byLines);
	}
	let entry = byLines.get(selection.matchedLines);
	if (!entry) {
		entry = {
			groups: selection.groups.map((group, i) => ({
				index: group.index,
				line: selection.matchedLines[i],
				lineNumber: selection.matchedLines[i] + 1,
				token: model.valueText(selection.matchedLines[i]),
			})),
			indices: selection.groups.map((group) => group.index).join(','),
		};
		byLines.set(selection.matchedLines, entry);
	}
	return entry;
}

/** Reads rule lines the way a dialect does. */
export function compileRules(model: RobotsModel, dialect: Dialect, lines: readonly number[]): CompiledRule[] {
	const rules: CompiledRule[] = [];
	for (const line of lines) {
		const role = lineRole(model.lines[line], dialect);
		if (role !== 'allow' && role !== 'disallow') {
			continue;
		}
		const allow = role === 'allow';
		const order = rules.length;
		switch (dialect) {
			case 'rfc9309': {
				// RFC 9309 §2.2.2: an empty pattern matches nothing.
				const value = model.valueText(line);
				if (value !== '') {
					const normalized = normalizeRfc(value, true);
					rules.push({ line, allow, pattern: value, normalized, priority: normalized.length, order });
				}
				break;
			}
			case 'google': {
				// An empty pattern scores 0, which robots.cc never lets decide.
				const value = googleValue(model, line);
				if (value === '') {
					break;
				}
				const normalized = escapeGooglePattern(value);
				rules.push({ line, allow, pattern: value, normalized, priority: normalized.length, order });
				// robots.cc: an Allow for `…/index.htm*` also allows its directory, as `<directory>/$`.
				const slash = normalized.lastIndexOf('/');
				if (allow && slash >= 0 && normalized.startsWith('/index.htm', slash)) {
					const directory = normalized.slice(0, slash + 1) + '$';
					rules.push({ line, allow, pattern: value, normalized: directory, priority: directory.length, order, implied: 'index-html' });
				}
				break;
			}
			case 'yandex': {
				const value = model.valueText(line);
				if (value === '') {
					// Yandex: an empty Disallow is `Allow: /`; an empty Allow is ignored.
					if (!allow) {
						rules.push({ line, allow: true, pattern: value, normalized: '/', priority: 1, order, implied: 'empty-disallow' });
					}
					break;
				}
				// "Rule doesn't start with / or *": Yandex ignores the line.
				if (value[0] !== '/' && value[0] !== '*') {
					break;
				}
				const normalized = normalizeRfc(value, true);
				// Yandex measures a rule without its `*`s and without a final `$`.
				let priority = normalized.length - (normalized.endsWith('$') ? 1 : 0);
				for (let i = 0; i < normalized.length; i++) {
					if (normalized.charCodeAt(i) === 42) {
						priority--;
					}
				}
				rules.push({ line, allow, pattern: value, normalized, priority, order });
				break;
			}
			case 'draft1996':
			case 'original1994': {
				const value = model.valueText(line);
				if (value === '') {
					// An empty value matches every path; for Disallow that means "allow everything".
					rules.push({ line, allow: true, pattern: value, normalized: '', priority: 0, order, implied: allow ? undefined : 'empty-disallow' });
				} else {
					rules.push({ line, allow, pattern: value, normalized: normalizeDraft(value), priority: 0, order });
				}
				break;
			}
		}
	}
	return rules;
}

const yandexHosts = new WeakMap<RobotsModel, HostRule | null>();

/** The file's first valid Host and the rule it implies, once per model. */
function yandexHost(model: RobotsModel): HostRule | null {
	let found = yandexHosts.get(model);
	if (found === undefined) {
		const host = findYandexHost(model);
		found = host && {
			host,
			rule: { line: host.line, allow: false, pattern: '/', normalized: '/', priority: 1, order: Number.MAX_SAFE_INTEGER, implied: 'host' },
		};
		yandexHosts.set(model, found);
	}
	return found;
}

/**
 * The verdict-only matcher for one crawler in one dialect: groups are selected and rules compiled once (per model,
 * dialect and agent, cached with `evaluate()`'s), and `isAllowed(url)` then costs one walk along the path.
 */
export function compileMatcher(model: RobotsModel, options: MatcherOptions): Matcher {
	return prepare(model, options.dialect ?? 'rfc9309', options.agent).matcher;
}

/** Evaluates one URL for one crawler in one dialect. */
export function evaluate(model: RobotsModel, options: EvaluateOptions): Evaluation {
	const dialect = options.dialect ?? 'rfc9309';
	return evaluatePrepared(model, dialect, options.agent, options.url, prepare(model, dialect, options.agent));
}

/** Evaluates one URL against rules prepared for it (by `evaluate`, or by a crawler's reading). */
export function evaluatePrepared(model: RobotsModel, dialect: Dialect, agent: string, url: string, prepared: Prepared): Evaluation {
	const rawPath = urlPath(url);
	const path = normalizePath(rawPath, dialect);
	const { selection, groups, matcher, decidingRules } = prepared;

	// The exemption compares the path in the dialect's form, so `/%72obots.txt` is `/robots.txt` (docs/semantics.md).
	if (matcher.exemptsRobotsTxt && isRobotsTxtPath(path, 0, path.length)) {
		return result(dialect, agent, url, path, 'allow', 'robots-txt', null, selection.kind, groups);
	}

	const best = matcher.decide(url, path);
	if (!best) {
		return result(dialect, agent, url, path, 'allow', selection.kind === 'none' ? 'no-group' : 'no-matching-rule', null, selection.kind, groups);
	}
	let rule = decidingRules.get(best);
	if (!rule) {
		rule = {
			line: best.line,
			lineNumber: best.line + 1,
			kind: best.allow ? 'allow' : 'disallow',
			text: model.lineText(best.line).trim(),
			pattern: best.pattern,
			normalizedPattern: best.normalized,
			...(best.implied ? { implied: best.implied } : {}),
		};
		decidingRules.set(best, rule);
	}
	return result(dialect, agent, url, path, best.allow ? 'allow' : 'disallow', 'rule', rule, selection.kind, groups);
}

/** Builds the answer; the explanation is written only when someone reads it. */
function result(
	dialect: Dialect,
	agent: string,
	url: string,
	path: string,
	verdict: Verdict,
	reason: Reason,
	rule: DecidingRule | null,
	selection: GroupSelection['kind'],
	groups: readonly AppliedGroup[],
): Evaluation {
	return new EvaluationResult(dialect, agent, url, path, verdict, reason, rule, selection, groups);
}

class EvaluationResult implements Evaluation {
	private written: string | undefined;

	constructor(
		readonly dialect: Dialect,
		readonly agent: string,
		readonly url: string,
		readonly path: string,
		readonly verdict: Verdict,
		readonly reason: Reason,
		readonly rule: DecidingRule | null,
		readonly selection: GroupSelection['kind'],
		readonly groups: readonly AppliedGroup[],
	) {}

	get explanation(): string {
		this.written ??= explain(this);
		return this.written;
	}

	toJSON(): Evaluation {
		const { dialect, agent, url, path, verdict, reason, rule, selection, groups, explanation } = this;
		return { dialect, agent, url, path, verdict, reason, rule, selection, groups, explanation };
	}
}

function explain(e: Omit<Evaluation, 'explanation'>): string {
	const verdict = verdictWord(e.verdict);
	const who = `${e.agent || t('(empty agent)')} (${dialectName(e.dialect)})`;
	switch (e.reason) {
		case 'robots-txt':
			return t('{0}: {1}: /robots.txt itself is always allowed.', who, verdict);
		case 'no-group':
			return t('{0}: {1}: no group applies (no User-agent line names it and there is no "User-agent: *").', who, verdict);
		case 'no-matching-rule':
			return t('{0}: {1}: {2}, and none of its rules matches {3}.', who, verdict, describeGroups(e), e.path);
		case 'rule': {
			const rule = e.rule!;
			const line = rule.line + 1;
			let how: string;
			switch (rule.implied) {
				case 'host':
					how = t('the Host on line {0} `{1}` names another mirror, which implies "Disallow: /"', line, rule.text);
					break;
				case 'index-html':
					how = t('line {0} `{1}`, whose index.htm page Google also allows as its directory', line, rule.text);
					break;
				case 'empty-disallow':
					how = t('line {0} `{1}`: an empty Disallow allows everything', line, rule.text);
					break;
				default:
					how = isRecordDialect(e.dialect)
						? t('line {0} `{1}` (the first rule that matches)', line, rule.text)
						: t('line {0} `{1}` (the longest matching rule)', line, rule.text);
			}
			return t('{0}: {1} by {2}; {3}.', who, verdict, how, describeGroups(e));
		}
	}
}

/** The groups that apply, as a clause of the explanation. */
function describeGroups(e: Omit<Evaluation, 'explanation'>): string {
	if (e.groups.length === 0) {
		return t('no group applies');
	}
	const lines = e.groups.map((group) => t('line {0}', group.line + 1)).join(', ');
	const tokens = [...new Set(e.groups.map((group) => group.token))].join(', ');
	const merged = e.groups.length;
	if (e.selection === 'fallback') {
		return merged > 1
			? t('no group names it, so it follows "User-agent: *" at {0} ({1} groups merged)', lines, merged)
			: t('no group names it, so it follows "User-agent: *" at {0}', lines);
	}
	return merged > 1
		? t('it follows the group for "{0}" at {1} ({2} groups merged)', tokens, lines, merged)
		: t('it follows the group for "{0}" at {1}', tokens, lines);
}
