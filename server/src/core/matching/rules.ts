/**
 * Compiles Allow/Disallow rules into a `RuleSet` whose lookup cost does not grow with the number of rules:
 * literal prefixes sit in a hash index probed once per path prefix length, exact (`$`) rules in a map, and only
 * patterns with an inner `*` are tried one by one, best first, stopping as soon as none can beat the best match.
 * No regular expression is ever built from a pattern; a wildcard match is linear in pattern × path length.
 */

/** One rule as a dialect reads it. */
export interface CompiledRule {
	/** Line of the rule (0-based). */
	readonly line: number;
	readonly allow: boolean;
	/** The value as written. */
	readonly pattern: string;
	/** The pattern after the dialect's normalisation: what is compared with the path. */
	readonly normalized: string;
	/** Longest-match weight (octets); unused by first-match dialects. */
	readonly priority: number;
	/** Position in file order; first-match dialects take the smallest. */
	readonly order: number;
	/** Why the rule exists when it is not the line's own reading. */
	readonly implied?: 'host' | 'index-html' | 'empty-disallow';
}

type Form =
	| { readonly kind: 'prefix'; readonly key: string }
	| { readonly kind: 'exact'; readonly key: string }
	| { readonly kind: 'wildcard'; readonly segments: readonly string[]; readonly anchoredEnd: boolean };

/**
 * How a normalised pattern matches: `*` is any run of characters, a final `$` anchors the end, everything else is
 * literal and anchored at the start. Trailing `*`s (also before `$`) change nothing but the weight, so they go.
 */
export function patternForm(normalized: string, wildcards: boolean): Form {
	if (!wildcards) {
		return { kind: 'prefix', key: normalized };
	}
	let body = normalized;
	let anchoredEnd = false;
	if (body.endsWith('$')) {
		body = body.slice(0, -1);
		anchoredEnd = true;
	}
	while (body.endsWith('*')) {
		body = body.slice(0, -1);
		anchoredEnd = false;
	}
	if (!body.includes('*')) {
		return anchoredEnd ? { kind: 'exact', key: body } : { kind: 'prefix', key: body };
	}
	return { kind: 'wildcard', segments: body.split('*'), anchoredEnd };
}

/** Greedy leftmost matching of `*`-separated segments; correct for `*` globs and linear in pattern × path. */
export function matchesWildcard(segments: readonly string[], anchoredEnd: boolean, path: string): boolean {
	const first = segments[0];
	if (!path.startsWith(first)) {
		return false;
	}
	let position = first.length;
	const last = segments.length - 1;
	for (let i = 1; i < last; i++) {
		const found = path.indexOf(segments[i], position);
		if (found < 0) {
			return false;
		}
		position = found + segments[i].length;
	}
	const tail = segments[last];
	if (anchoredEnd) {
		return path.length - tail.length >= position && path.endsWith(tail);
	}
	return tail.length === 0 || path.indexOf(tail, position) >= 0;
}

/** Whether a single rule matches a normalised path (used where one rule is explained on its own). */
export function ruleMatches(rule: CompiledRule, path: string, wildcards: boolean): boolean {
	const form = patternForm(rule.normalized, wildcards);
	switch (form.kind) {
		case 'prefix':
			return path.startsWith(form.key);
		case 'exact':
			return path === form.key;
		case 'wildcard':
			return matchesWildcard(form.segments, form.anchoredEnd, path);
	}
}

function hashStep(hash: number, code: number): number {
	return (Math.imul(hash, 31) + code) | 0;
}

interface KeyedRule {
	readonly key: string;
	rule: CompiledRule;
}

interface WildcardRule {
	readonly rule: CompiledRule;
	readonly segments: readonly string[];
	readonly anchoredEnd: boolean;
}

export type Precedence = 'longest' | 'first';

/** Rules of the groups that apply to one agent, compiled for repeated lookups. */
export class RuleSet {
	private readonly prefixBuckets = new Map<number, KeyedRule[]>();
	private readonly hasLength: Uint8Array;
	private readonly maxLength: number;
	private emptyPrefix: CompiledRule | undefined;
	private readonly exact = new Map<string, CompiledRule>();
	private readonly wildcards: WildcardRule[] = [];

	constructor(readonly rules: readonly CompiledRule[], readonly precedence: Precedence, wildcards: boolean) {
		let maxLength = 0;
		const prefixes: { key: string; rule: CompiledRule }[] = [];
		for (const rule of rules) {
			const form = patternForm(rule.normalized, wildcards);
			if (form.kind === 'prefix') {
				if (form.key.length === 0) {
					this.emptyPrefix = this.better(this.emptyPrefix, rule);
				} else {
					prefixes.push({ key: form.key, rule });
					maxLength = Math.max(maxLength, form.key.length);
				}
			} else if (form.kind === 'exact') {
				this.exact.set(form.key, this.better(this.exact.get(form.key), rule));
			} else {
				this.wildcards.push({ rule, segments: form.segments, anchoredEnd: form.anchoredEnd });
			}
		}
		this.maxLength = maxLength;
		this.hasLength = new Uint8Array(maxLength + 1);
		for (const { key, rule } of prefixes) {
			let hash = 0;
			for (let i = 0; i < key.length; i++) {
				hash = hashStep(hash, key.charCodeAt(i));
			}
			this.hasLength[key.length] = 1;
			const bucket = this.prefixBuckets.get(hash);
			if (!bucket) {
				this.prefixBuckets.set(hash, [{ key, rule }]);
				continue;
			}
			// One rule per distinct key: the one that would win among rules with that key.
			const same = bucket.find((entry) => entry.key === key);
			if (same) {
				same.rule = this.better(same.rule, rule);
			} else {
				bucket.push({ key, rule });
			}
		}
		this.wildcards.sort((a, b) => (precedence === 'longest' ? score(b.rule) - score(a.rule) : a.rule.order - b.rule.order));
	}

	/** The rule that decides for a normalised path, or undefined when none matches. */
	match(path: string): CompiledRule | undefined {
		let best = this.emptyPrefix;
		const limit = Math.min(path.length, this.maxLength);
		let hash = 0;
		for (let length = 1; length <= limit; length++) {
			hash = hashStep(hash, path.charCodeAt(length - 1));
			if (this.hasLength[length] === 0) {
				continue;
			}
			const bucket = this.prefixBuckets.get(hash);
			if (bucket) {
				for (const entry of bucket) {
					if (entry.key.length === length && path.startsWith(entry.key)) {
						best = this.better(best, entry.rule);
					}
				}
			}
		}
		const exact = this.exact.get(path);
		if (exact) {
			best = this.better(best, exact);
		}
		for (const candidate of this.wildcards) {
			if (best && !this.couldBeat(candidate.rule, best)) {
				break;
			}
			if (matchesWildcard(candidate.segments, candidate.anchoredEnd, path)) {
				best = this.better(best, candidate.rule);
			}
		}
		return best;
	}

	/** RFC 9309 §2.2.2: the most specific (longest) match wins and Allow wins a tie; first-match dialects take file order. */
	private better(current: CompiledRule | undefined, candidate: CompiledRule): CompiledRule {
		if (!current) {
			return candidate;
		}
		if (this.precedence === 'first') {
			return candidate.order < current.order ? candidate : current;
		}
		const difference = score(candidate) - score(current);
		return difference > 0 || (difference === 0 && candidate.order < current.order) ? candidate : current;
	}

	private couldBeat(candidate: CompiledRule, best: CompiledRule): boolean {
		return this.precedence === 'first' ? candidate.order < best.order : score(candidate) >= score(best);
	}
}

function score(rule: CompiledRule): number {
	return rule.priority * 2 + (rule.allow ? 1 : 0);
}

