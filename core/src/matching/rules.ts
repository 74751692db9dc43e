/**
 * Compiles Allow/Disallow rules into a `RuleSet` whose lookup cost does not grow with the number of rules:
 * a radix trie of the patterns' literal beginnings is walked once along the path, and only the `*` patterns whose
 * first segment the path starts with are tried, best first, stopping as soon as none can beat the best match.
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
	return patternMatches(rule.normalized, path, wildcards);
}

/**
 * Whether one pattern matches a path, both already in the same form: with `wildcards`, `*` is any run and a final `$`
 * the end (RFC 9309 §2.2.3); without, the pattern is a prefix. The one matcher of a lone pattern, for the checks too.
 */
export function patternMatches(pattern: string, path: string, wildcards: boolean): boolean {
	const form = patternForm(pattern, wildcards);
	switch (form.kind) {
		case 'prefix':
			return path.startsWith(form.key);
		case 'exact':
			return path === form.key;
		case 'wildcard':
			return matchesWildcard(form.segments, form.anchoredEnd, path);
	}
}

/** Greedy `*`-segment matching inside `text[start, end)` whose first segment is already known to match there. */
function matchesWildcardFrom(segments: readonly string[], anchoredEnd: boolean, text: string, start: number, end: number): boolean {
	let position = start + segments[0].length;
	const last = segments.length - 1;
	for (let i = 1; i < last; i++) {
		const segment = segments[i];
		const found = text.indexOf(segment, position);
		// The leftmost occurrence ends past the range: none ends inside it.
		if (found < 0 || found + segment.length > end) {
			return false;
		}
		position = found + segment.length;
	}
	const tail = segments[last];
	if (anchoredEnd) {
		const from = end - tail.length;
		if (from < position) {
			return false;
		}
		// A loop rather than `startsWith`, which is far slower on the hot path.
		for (let i = 0; i < tail.length; i++) {
			if (text.charCodeAt(from + i) !== tail.charCodeAt(i)) {
				return false;
			}
		}
		return true;
	}
	if (tail.length === 0) {
		return true;
	}
	const found = text.indexOf(tail, position);
	return found >= 0 && found + tail.length <= end;
}

export type Precedence = 'longest' | 'first';

/** Builds a radix trie of keys in typed arrays: children as sibling lists, each node named by a key it prefixes. */
class TrieBuilder {
	count = 1;
	readonly depth: Int32Array;
	readonly parent: Int32Array;
	readonly firstChild: Int32Array;
	readonly nextSibling: Int32Array;
	/** The first character of the edge into each node. */
	readonly firstCode: Uint16Array;
	/** A key whose first `depth` characters spell the node; the edge into it is `key[parent's depth, depth)`. */
	readonly keyOf: string[] = [''];

	constructor(keys: number) {
		// Each key adds at most a leaf and a split node.
		const capacity = 2 * keys + 1;
		this.depth = new Int32Array(capacity);
		this.parent = new Int32Array(capacity).fill(-1);
		this.firstChild = new Int32Array(capacity).fill(-1);
		this.nextSibling = new Int32Array(capacity).fill(-1);
		this.firstCode = new Uint16Array(capacity);
	}

	/** The node spelling `key`, made (and an edge split) if needed. */
	insert(key: string): number {
		const { depth, parent, firstChild, nextSibling, firstCode, keyOf } = this;
		let node = 0;
		while (depth[node] < key.length) {
			const from = depth[node];
			const code = key.charCodeAt(from);
			let previous = -1;
			let child = firstChild[node];
			while (child >= 0 && firstCode[child] !== code) {
				previous = child;
				child = nextSibling[child];
			}
			if (child < 0) {
				return this.add(key, key.length, node);
			}
			const childKey = keyOf[child];
			const limit = Math.min(depth[child], key.length);
			let common = from + 1;
			while (common < limit && childKey.charCodeAt(common) === key.charCodeAt(common)) {
				common++;
			}
			if (common < depth[child]) {
				// The key leaves (or ends inside) the child's edge: split the edge where they part.
				const middle = this.add(key, common, node);
				// `add` put the middle node first among the children; it takes the child's place instead.
				firstChild[node] = nextSibling[middle];
				nextSibling[middle] = nextSibling[child];
				if (previous < 0) {
					firstChild[node] = middle;
				} else {
					nextSibling[previous] = middle;
				}
				nextSibling[child] = -1;
				firstChild[middle] = child;
				parent[child] = middle;
				firstCode[child] = childKey.charCodeAt(common);
				child = middle;
			}
			node = child;
		}
		return node;
	}

	private add(key: string, depth: number, parent: number): number {
		const node = this.count++;
		this.depth[node] = depth;
		this.parent[node] = parent;
		this.keyOf.push(key);
		this.firstCode[node] = key.charCodeAt(this.depth[parent]);
		this.nextSibling[node] = this.firstChild[parent];
		this.firstChild[parent] = node;
		return node;
	}
}

/** Per-node fields of the flattened trie, `stride` integers per node. */
const DEPTH = 0;
const CHILD_START = 1;
const CHILD_END = 2;
const LABEL = 3;
const PREFIX = 4;
const EXACT = 5;
const WILDCARDS = 6;
const DENSE = 7;
const stride = 8;
/** Nodes with more children than this get a table indexed by ASCII code. */
const denseFrom = 6;
/** Edges at least this long are compared natively (`startsWith`); shorter ones character by character. */
const longLabel = 8;

/**
 * Rules of the groups that apply to one agent, compiled for repeated lookups: a radix trie of the literal part
 * before the first `*` of every pattern, walked once along the path. A node holds the best prefix rule and the best
 * `$` rule spelled by it, and the wildcard rules whose first segment it spells (best first). Lookups allocate nothing.
 */
export class RuleSet {
	/** Rank of each rule: the higher wins (RFC 9309 §2.2.2 longest with Allow on ties, or file order). */
	private readonly rank: Float64Array;
	/** The trie, `stride` fields per node, the root first; a node's children are contiguous in `childCode`/`childNode`. */
	private readonly nodes: Int32Array;
	/**
	 * Each node's edge after its first character: a short edge at `labels[LABEL]` onwards, a long one as the string
	 * `longLabels[-1 - LABEL]`.
	 */
	private readonly labels: Uint16Array;
	private readonly longLabels: string[] = [];
	/** Children's first characters, sorted per node, and the children. */
	private readonly childCode: Uint16Array;
	private readonly childNode: Int32Array;
	/** For nodes with many children, the child by ASCII code (-1 for none), 128 entries from the node's DENSE. */
	private readonly dense: Int32Array;
	/** Wildcard rules by node, best first: from `wildcardStart[node]`, as many as the node's WILDCARDS. */
	private readonly wildcardStart: Int32Array;
	private readonly wildcardRule: Int32Array;
	private readonly wildcardSegments: (readonly string[])[] = [];
	private readonly wildcardAnchored: Uint8Array;
	/** Scratch for the nodes with wildcard rules met on one walk. */
	private readonly pending: Int32Array;

	constructor(
		readonly rules: readonly CompiledRule[],
		readonly precedence: Precedence,
		wildcards: boolean,
	) {
		const count = rules.length + 1;
		this.rank = new Float64Array(rules.length);
		for (let i = 0; i < rules.length; i++) {
			const rule = rules[i];
			// Ties on weight go to the earlier rule, as they do on file order; rules never share both.
			this.rank[i] = (precedence === 'longest' ? score(rule) * count : 0) + (count - 1 - rule.order);
		}
		// The literal beginning of each pattern is a key; rules sharing a key share its node.
		const builder = new TrieBuilder(rules.length);
		const forms: Form[] = [];
		const nodeOfRule = new Int32Array(rules.length);
		for (let i = 0; i < rules.length; i++) {
			const form = patternForm(rules[i].normalized, wildcards);
			forms.push(form);
			nodeOfRule[i] = builder.insert(form.kind === 'wildcard' ? form.segments[0] : form.key);
		}
		const { depth, parent, keyOf, firstChild, nextSibling, firstCode } = builder;
		const nodeCount = builder.count;
		const nodes = new Int32Array(nodeCount * stride);
		this.childCode = new Uint16Array(Math.max(0, nodeCount - 1));
		this.childNode = new Int32Array(Math.max(0, nodeCount - 1));
		let labelLength = 0;
		let denseNodes = 0;
		for (let n = 1; n < nodeCount; n++) {
			const length = depth[n] - depth[parent[n]] - 1;
			labelLength += length < longLabel ? length : 0;
		}
		this.labels = new Uint16Array(labelLength);
		let nextChild = 0;
		let nextLabel = 0;
		const children: number[] = [];
		for (let n = 0; n < nodeCount; n++) {
			const at = n * stride;
			nodes[at + DEPTH] = depth[n];
			nodes[at + PREFIX] = -1;
			nodes[at + EXACT] = -1;
			children.length = 0;
			for (let child = firstChild[n]; child >= 0; child = nextSibling[child]) {
				children.push(child);
			}
			const from = depth[n];
			if (children.length > 1) {
				children.sort((a, b) => firstCode[a] - firstCode[b]);
			}
			nodes[at + CHILD_START] = nextChild;
			nodes[at + CHILD_END] = nextChild + children.length;
			nodes[at + DENSE] = children.length > denseFrom ? 128 * denseNodes++ : -1;
			for (const child of children) {
				const key = keyOf[child];
				this.childCode[nextChild] = firstCode[child];
				this.childNode[nextChild++] = child;
				if (depth[child] - from - 1 >= longLabel) {
					nodes[child * stride + LABEL] = -1 - this.longLabels.length;
					this.longLabels.push(key.slice(from + 1, depth[child]));
				} else {
					nodes[child * stride + LABEL] = nextLabel;
					for (let d = from + 1; d < depth[child]; d++) {
						this.labels[nextLabel++] = key.charCodeAt(d);
					}
				}
			}
		}
		this.dense = new Int32Array(128 * denseNodes).fill(-1);
		for (let n = 0; n < nodeCount; n++) {
			const table = nodes[n * stride + DENSE];
			if (table >= 0) {
				for (let c = nodes[n * stride + CHILD_START]; c < nodes[n * stride + CHILD_END]; c++) {
					if (this.childCode[c] < 128) {
						this.dense[table + this.childCode[c]] = this.childNode[c];
					}
				}
			}
		}
		const rulesOf: (number[] | undefined)[] = new Array(nodeCount);
		for (let i = 0; i < rules.length; i++) {
			(rulesOf[nodeOfRule[i]] ??= []).push(i);
		}
		// Each key's rules: the best prefix rule, the best `$` rule, and its wildcard rules best first.
		this.wildcardStart = new Int32Array(nodeCount);
		this.wildcardRule = new Int32Array(rules.length);
		this.wildcardAnchored = new Uint8Array(rules.length);
		let nextWildcard = 0;
		let withWildcards = 0;
		for (let n = 0; n < nodeCount; n++) {
			const at = n * stride;
			this.wildcardStart[n] = nextWildcard;
			const list = rulesOf[n];
			if (!list) {
				continue;
			}
			const wildcardRules: number[] = [];
			for (const i of list) {
				const form = forms[i];
				if (form.kind === 'prefix') {
					nodes[at + PREFIX] = this.better(nodes[at + PREFIX], i);
				} else if (form.kind === 'exact') {
					nodes[at + EXACT] = this.better(nodes[at + EXACT], i);
				} else {
					wildcardRules.push(i);
				}
			}
			wildcardRules.sort((a, b) => this.rank[b] - this.rank[a]);
			nodes[at + WILDCARDS] = wildcardRules.length;
			withWildcards += wildcardRules.length > 0 ? 1 : 0;
			for (const i of wildcardRules) {
				const form = forms[i] as Extract<Form, { kind: 'wildcard' }>;
				this.wildcardRule[nextWildcard] = i;
				this.wildcardSegments[nextWildcard] = form.segments;
				this.wildcardAnchored[nextWildcard++] = form.anchoredEnd ? 1 : 0;
			}
		}
		this.nodes = nodes;
		// A walk meets each node with wildcard rules at most once.
		this.pending = new Int32Array(withWildcards);
	}

	/** The rule that decides for a normalised path, or undefined when none matches. */
	match(path: string): CompiledRule | undefined {
		const best = this.matchRange(path, 0, path.length);
		return best < 0 ? undefined : this.rules[best];
	}

	/** Whether the rule at `index` (from `matchRange`) is an Allow. */
	allows(index: number): boolean {
		return this.rules[index].allow;
	}

	/**
	 * The index in `rules` of the rule that decides for the normalised path `text[start, end)`, or -1.
	 * Cost: one trie step per path character, plus the wildcard rules that could still beat the best match.
	 */
	matchRange(text: string, start: number, end: number): number {
		const { nodes, labels, childCode, childNode, dense, rank, pending } = this;
		let best = nodes[PREFIX];
		let pendingCount = 0;
		if (nodes[WILDCARDS] > 0) {
			pending[pendingCount++] = 0;
		}
		let at = 0;
		let position = start;
		for (;;) {
			if (position === end) {
				const exact = nodes[at + EXACT];
				if (exact >= 0 && (best < 0 || rank[exact] > rank[best])) {
					best = exact;
				}
				break;
			}
			const code = text.charCodeAt(position);
			let next = -1;
			const table = nodes[at + DENSE];
			if (table >= 0 && code < 128) {
				next = dense[table + code];
			} else {
				// Binary search over the sorted first characters of the children.
				let low = nodes[at + CHILD_START];
				let high = nodes[at + CHILD_END] - 1;
				while (low <= high) {
					const middle = (low + high) >> 1;
					const found = childCode[middle];
					if (found < code) {
						low = middle + 1;
					} else if (found > code) {
						high = middle - 1;
					} else {
						next = childNode[middle];
						break;
					}
				}
			}
			if (next < 0) {
				break;
			}
			const nextAt = next * stride;
			const nextEnd = start + nodes[nextAt + DEPTH];
			if (nextEnd > end) {
				break;
			}
			const label = nodes[nextAt + LABEL];
			if (label >= 0) {
				const offset = label - position - 1;
				let i = position + 1;
				while (i < nextEnd && labels[offset + i] === text.charCodeAt(i)) {
					i++;
				}
				if (i < nextEnd) {
					break;
				}
			} else if (!text.startsWith(this.longLabels[-1 - label], position + 1)) {
				break;
			}
			at = nextAt;
			position = nextEnd;
			const prefix = nodes[at + PREFIX];
			if (prefix >= 0 && (best < 0 || rank[prefix] > rank[best])) {
				best = prefix;
			}
			if (nodes[at + WILDCARDS] > 0) {
				pending[pendingCount++] = next;
			}
		}
		// Wildcard rules whose first segment the path starts with, best first per node, while they can still win.
		for (let p = pendingCount - 1; p >= 0; p--) {
			const node = pending[p];
			const from = this.wildcardStart[node];
			const to = from + nodes[node * stride + WILDCARDS];
			for (let w = from; w < to; w++) {
				const rule = this.wildcardRule[w];
				if (best >= 0 && rank[rule] <= rank[best]) {
					break;
				}
				if (matchesWildcardFrom(this.wildcardSegments[w], this.wildcardAnchored[w] === 1, text, start, end)) {
					best = rule;
				}
			}
		}
		return best;
	}

	private better(current: number, candidate: number): number {
		return current < 0 || this.rank[candidate] > this.rank[current] ? candidate : current;
	}
}

function score(rule: CompiledRule): number {
	return rule.priority * 2 + (rule.allow ? 1 : 0);
}
