/**
 * "Simplify": the edits that remove what changes no verdict, and the proof that they change none. Rules are judged as
 * every crawler of the catalogue (and every crawler the file names) reads the file through the crawler model: its
 * dialect, the groups it follows, the size limit it reads up to. A rule line goes when, for every crawler that reads
 * it, another rule it reads decides every URL the line matches the same way (a duplicate, a rule a broader one of the
 * same verdict covers with nothing of the other verdict weighing in between, a Disallow an equal Allow beats, a rule
 * an earlier broader rule shadows for first-match parsers, an Allow with no Disallow it could beat); a trailing `*`
 * or a `**` goes where no rule of the other verdict weighs between the two lengths (redundant-wildcard's rule);
 * groups that say the same to every dialect become one group with all their User-agent lines. Comments, Sitemap,
 * Crawl-delay, preference lines and every other line stay; no group is emptied, and nothing the size limits cut
 * off for some crawler moves. Then the semantic diff (bench/diff.ts) compares both versions for every crawler on
 * URLs probed from both files' rules, with the preference answers where the file has preference lines: when it finds
 * any change, the simplification refuses and says why.
 */

import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describeChange, diffRobots, probeUrls } from '../bench/diff';
import { crawlersNamedIn, crawlerProfile } from '../crawlers/profile';
import { ruleText } from '../crawlers/explain';
import { readAs, rulesAs } from '../crawlers/reading';
import { allDialects, isRecordDialect, type Dialect } from '../dialect';
import { knownCrawlers } from '../facts/crawlers';
import { formatNumber, t } from '../l10n';
import { compileRules } from '../matching/evaluate';
import { patternForm } from '../matching/rules';
import { ObjectMemo } from '../memo';
import { preferenceLines, preferencesAs } from '../preferences/answer';
import { preferencesCell } from '../preferences/explain';
import { robotsLanguageId, simplifyKind } from '../protocol';
import { withoutRedundantWildcards } from '../diagnostics/checks/ruleLogic';
import { RobotsModel, type Group } from '../syntax/parser';

/** What the proof compared, and what it found. */
export interface SimplifyProof {
	/** The crawlers compared: the catalogue's and those the file names. */
	readonly crawlers: number;
	/** The URLs probed from both versions' rules. */
	readonly probes: number;
	/** Verdicts that differ between the versions (crawler × URL): a simplification is kept only with none. */
	readonly verdictChanges: number;
	/** Preference answers that differ (crawler × URL), checked where the file has preference lines. */
	readonly preferenceChanges: number;
	/** Crawlers whose reading changed other than by reading fewer rules: whose groups, how much, new rules. */
	readonly readingChanges: readonly string[];
	/** The first verdict changes, as "crawler url: before → after". */
	readonly examples: readonly string[];
}

/** The rule lines and groups as the standard groups them, before or after. */
export interface ReadingSummary {
	readonly ruleLines: number;
	readonly groups: number;
}

export interface Simplification {
	/** The edits, in document order; none when nothing simplifies or the proof refused. */
	readonly edits: readonly TextEdit[];
	/** The simplified text (the original when there are no edits). */
	readonly text: string;
	readonly linesRemoved: number;
	readonly groupsMerged: number;
	readonly wildcardsTrimmed: number;
	readonly before: ReadingSummary;
	readonly after: ReadingSummary;
	/** The proof of the edits proposed (undefined when there was nothing to propose). */
	readonly proof?: SimplifyProof;
	/** Why the edits were refused, when the proof found a change. */
	readonly refused?: string;
}

/** The tokens whose readings a simplification must keep: the catalogue's and every one the file names. */
function simplifyCrawlers(model: RobotsModel): string[] {
	return crawlersNamedIn(
		[model],
		knownCrawlers.map((crawler) => crawler.token),
	);
}

/**
 * What decides a crawler's verdicts in a version: its dialect, how much it reads, the groups it follows, and whether it
 * reads the file at all for a verdict or honours Yandex's Host. Crawlers alike in this give the same verdicts.
 */
function readingKey(model: RobotsModel, token: string): string {
	const profile = crawlerProfile(token);
	const reading = readAs(model, profile);
	const groups = reading.selection.groups.map((group) => group.index).join(',');
	return `${reading.dialect}|${JSON.stringify(reading.extent)}|${groups}|${profile.ignoresRobotsTxt === true}|${profile.honours.host === true}`;
}

/** One token for each way the crawlers read the versions (the first of those that read them alike), in order. */
function representatives(models: readonly RobotsModel[], tokens: readonly string[]): string[] {
	const seen = new Set<string>();
	return tokens.filter((token) => {
		const key = models.map((model) => readingKey(model, token)).join('\n');
		return !seen.has(key) && seen.add(key) !== undefined;
	});
}

/** One rule as one reading compiles it, while rules are taken away. */
interface Entry {
	readonly line: number;
	readonly allow: boolean;
	/** RFC 9309's weight with Allow winning ties (`2 × priority + allow`); the file order for first-match readings. */
	score: number;
	normalized: string;
	/** The literal beginning every URL it matches starts with. */
	readonly literal: string;
	/** Matches every path that starts with `literal` (no `*`, no `$`). */
	prefix: boolean;
	readonly order: number;
	removed: boolean;
}

/** The rules one reading (a dialect and the rule lines it reads, shared by many crawlers) holds. */
class Reading {
	readonly entries: Entry[] = [];
	readonly byLine = new Map<number, Entry>();
	/** Entries by literal beginning, and by normalized pattern. */
	private readonly byLiteral = new Map<string, Entry[]>();
	private readonly byNormalized = new Map<string, Entry[]>();
	/** Entries sorted by literal beginning, for the rules whose beginning extends a given one. */
	private sorted: Entry[] | undefined;

	constructor(
		readonly dialect: Dialect,
		readonly firstMatch: boolean,
	) {}

	add(entry: Entry): void {
		this.entries.push(entry);
		this.byLine.set(entry.line, entry);
		push(this.byLiteral, entry.literal, entry);
		push(this.byNormalized, entry.normalized, entry);
	}

	/** Whether taking `rule` away leaves every verdict of this reading as it was. */
	removable(rule: Entry): boolean {
		const other = !rule.allow;
		if (this.firstMatch) {
			// An earlier rule that matches every path this one matches decides first, whatever its verdict.
			for (let i = 0; i <= rule.normalized.length; i++) {
				if ((this.byLiteral.get(rule.normalized.slice(0, i)) ?? []).some((s) => s !== rule && !s.removed && s.order < rule.order)) {
					return true;
				}
			}
			// A later rule of the same verdict that matches every path this one matches decides in its place, unless a
			// rule of the other verdict between them matches first.
			for (let i = 0; i <= rule.normalized.length; i++) {
				for (const s of this.byLiteral.get(rule.normalized.slice(0, i)) ?? []) {
					if (
						s !== rule
						&& !s.removed
						&& s.order > rule.order
						&& s.allow === rule.allow
						&& !this.blocked(rule, other, (e) => e.order > rule.order && e.order < s.order)
					) {
						return true;
					}
				}
			}
			// An Allow with no Disallow after it that could match: without it, a later Allow or nothing decides (allow).
			return rule.allow && !this.blocked(rule, other, (entry) => entry.order > rule.order);
		}
		for (const s of this.same(rule)) {
			// The same paths: the heavier decides whenever this one matches; of equal weight, the same verdict.
			if (s.score >= rule.score || (s.allow === rule.allow && !this.blocked(rule, other, (e) => e.score > s.score && e.score < rule.score))) {
				return true;
			}
		}
		// A broader rule of the same verdict decides in its place, unless a rule of the other verdict weighs in between.
		for (let i = 0; i <= rule.literal.length; i++) {
			for (const s of this.byLiteral.get(rule.literal.slice(0, i)) ?? []) {
				if (s !== rule && !s.removed && s.prefix && s.allow === rule.allow && !this.blocked(rule, other, (e) => e.score > s.score && e.score < rule.score)) {
					return true;
				}
			}
		}
		// An Allow that beats no Disallow: without it the URL is allowed anyway.
		return rule.allow && !this.blocked(rule, other, (entry) => entry.score < rule.score);
	}

	/** Whether the weight of `rule` can go from its own to `score` without a rule of the other verdict in between. */
	reweighable(rule: Entry, score: number): boolean {
		return !this.blocked(rule, !rule.allow, (entry) => entry.score > score && entry.score < rule.score);
	}

	/** The other rules with the same pattern, still there. */
	private same(rule: Entry): Entry[] {
		return (this.byNormalized.get(rule.normalized) ?? []).filter((s) => s !== rule && !s.removed);
	}

	/**
	 * Whether a rule with verdict `allow` that `test` accepts may match a path `rule` matches: their literal beginnings
	 * agree (one starts with the other). Past `scanLimit` rules to look at, the answer is yes.
	 */
	private blocked(rule: Entry, allow: boolean, test: (entry: Entry) => boolean): boolean {
		const hit = (entry: Entry) => entry !== rule && !entry.removed && entry.allow === allow && test(entry);
		for (let i = 0; i <= rule.literal.length; i++) {
			if ((this.byLiteral.get(rule.literal.slice(0, i)) ?? []).some(hit)) {
				return true;
			}
		}
		this.sorted ??= [...this.entries].sort((a, b) => (a.literal < b.literal ? -1 : a.literal > b.literal ? 1 : 0));
		const sorted = this.sorted;
		let low = 0;
		let high = sorted.length;
		while (low < high) {
			const mid = (low + high) >> 1;
			if (sorted[mid].literal < rule.literal) {
				low = mid + 1;
			} else {
				high = mid;
			}
		}
		for (let i = low, seen = 0; i < sorted.length && sorted[i].literal.startsWith(rule.literal); i++, seen++) {
			if (seen >= scanLimit || (sorted[i].literal !== rule.literal && hit(sorted[i]))) {
				return true;
			}
		}
		return false;
	}
}

/** Rules looked at, at most, for one question about the rules that extend a literal beginning. */
const scanLimit = 256;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) {
		list.push(value);
	} else {
		map.set(key, [value]);
	}
}

/** How a compiled rule is judged: its literal beginning, whether it is a plain prefix, its score. */
function entryOf(rule: { line: number; allow: boolean; normalized: string; priority: number; order: number }, firstMatch: boolean): Entry {
	const form = patternForm(rule.normalized, !firstMatch);
	const literal = form.kind === 'wildcard' ? form.segments[0] : form.key;
	return {
		line: rule.line,
		allow: rule.allow,
		score: firstMatch ? -rule.order : rule.priority * 2 + (rule.allow ? 1 : 0),
		normalized: rule.normalized,
		literal,
		prefix: form.kind === 'prefix',
		order: rule.order,
		removed: false,
	};
}

/** A plan: lines to remove, values to replace, groups to merge. */
interface Plan {
	readonly removed: Set<number>;
	readonly values: Map<number, string>;
	/** Groups that say what an earlier group says: their User-agent lines join it, their lines go. */
	readonly merges: readonly Merge[];
}

interface Merge {
	/** The last User-agent line of the group that stays, after which the other group's User-agent lines go. */
	readonly after: number;
	/** The User-agent lines to add there, as written. */
	readonly agents: readonly string[];
	/** The lines of the merged group that go: its User-agent lines and its rules. */
	readonly lines: readonly number[];
}

/** Simplifications per model: a lightbulb asks again at every cursor move. */
const memo = new ObjectMemo<RobotsModel, string, Simplification>();

/** The simplification of a file, proved, or refused with the reason. */
export function simplify(model: RobotsModel): Simplification {
	return memo.get(model, '', () => compute(model));
}

function compute(model: RobotsModel): Simplification {
	const tokens = simplifyCrawlers(model);
	const plan = planOf(model, tokens);
	const before = summaryOf(model);
	if (plan.removed.size === 0 && plan.values.size === 0 && plan.merges.length === 0) {
		return { edits: [], text: model.text, linesRemoved: 0, groupsMerged: 0, wildcardsTrimmed: 0, before, after: before };
	}
	const proved = provedPlan(model, plan, tokens, before);
	// Merging moves User-agent lines, which a parser that takes the first matching group may read otherwise: when the
	// proof refuses the merges, the rest is proved again without them.
	return proved.refused !== undefined && plan.merges.length > 0 && (plan.removed.size > 0 || plan.values.size > 0)
		? provedPlan(model, { ...plan, merges: [] }, tokens, before)
		: proved;
}

/** The plan applied and proved, or refused with the reason. */
function provedPlan(model: RobotsModel, plan: Plan, tokens: readonly string[], before: ReadingSummary): Simplification {
	const edits = editsOf(model, plan);
	const text = TextDocument.applyEdits(TextDocument.create('robots:simplify', robotsLanguageId, 0, model.text), edits);
	const after = RobotsModel.parse(text);
	const proof = proofOf(model, after, plan, tokens);
	const linesRemoved = model.lineCount - after.lineCount;
	const result = { linesRemoved, groupsMerged: plan.merges.length, wildcardsTrimmed: plan.values.size, before, proof };
	if (proof.verdictChanges > 0 || proof.preferenceChanges > 0 || proof.readingChanges.length > 0) {
		return { ...result, edits: [], text: model.text, linesRemoved: 0, groupsMerged: 0, wildcardsTrimmed: 0, after: before, refused: refusal(proof) };
	}
	return { ...result, edits, text, after: summaryOf(after) };
}

function summaryOf(model: RobotsModel): ReadingSummary {
	const grouping = model.grouping('rfc9309');
	let ruleLines = grouping.orphanRules.length;
	for (const group of grouping.groups) {
		ruleLines += group.rules.length;
	}
	return { ruleLines, groups: grouping.groups.length };
}

/** The readings of every crawler, each once: a dialect and the rules it compiles. */
function readingsOf(model: RobotsModel, tokens: readonly string[]): { readings: Reading[]; lastCut: number } {
	const readings = new Map<string, Reading>();
	let lastCut = -1;
	for (const token of representatives([model], tokens)) {
		const profile = crawlerProfile(token);
		const reading = readAs(model, profile);
		if (reading.extent.kind === 'cut') {
			lastCut = Math.max(lastCut, reading.extent.line);
		}
		const rules = rulesAs(model, profile).filter((rule) => rule.implied !== 'host');
		const key = `${reading.dialect}\n${rules.map((rule) => rule.line).join(',')}`;
		if (readings.has(key)) {
			continue;
		}
		const firstMatch = isRecordDialect(reading.dialect);
		const built = new Reading(reading.dialect, firstMatch);
		const lines = new Set<number>();
		const pinned = new Set<number>();
		for (const rule of rules) {
			// One line read as two rules (Google's index.html) stays as it is.
			(lines.has(rule.line) ? pinned : lines).add(rule.line);
		}
		for (const rule of rules) {
			if (!pinned.has(rule.line)) {
				built.add(entryOf(rule, firstMatch));
			}
		}
		for (const line of pinned) {
			built.byLine.set(line, pinnedEntry);
		}
		readings.set(key, built);
	}
	return { readings: [...readings.values()], lastCut };
}

/** Stands for a line a reading compiles to more than one rule: never removed or changed. */
const pinnedEntry: Entry = { line: -1, allow: false, score: 0, normalized: '', literal: '', prefix: false, order: 0, removed: false };

function planOf(model: RobotsModel, tokens: readonly string[]): Plan {
	const { readings, lastCut } = readingsOf(model, tokens);
	// No group may lose its last rule, in any dialect's grouping: its User-agent lines would join the next group's.
	// (Records of first-match parsers end at blank lines; there a group keeps its last line of any kind, Allow
	// among them for the 1994 standard, which lists it among the others.)
	const remaining = allDialects.map((dialect) => {
		const count = new Map<number, { left: number }>();
		for (const group of model.grouping(dialect).groups) {
			const members = isRecordDialect(dialect) ? [...group.rules, ...group.others] : group.rules;
			const left = { left: members.length };
			for (const line of members) {
				count.set(line, left);
			}
		}
		return count;
	});
	const removed = new Set<number>();
	const values = new Map<number, string>();
	const isRule = (line: number) => {
		const node = model.lines[line];
		return node.directive === 'allow' || node.directive === 'disallow' || node.googleDirective === 'allow' || node.googleDirective === 'disallow';
	};
	// Last line first: of two rules that cover each other, the later goes (first-match parsers reach the earlier).
	for (let line = model.lineCount - 1; line > lastCut; line--) {
		if (!isRule(line)) {
			continue;
		}
		const entries = readings.map((reading) => reading.byLine.get(line));
		if (entries.some((entry) => entry === pinnedEntry)) {
			continue;
		}
		if (!readings.every((reading, i) => entries[i] === undefined || reading.removable(entries[i] as Entry))) {
			continue;
		}
		const counts = remaining.map((count) => count.get(line)).filter((left) => left !== undefined);
		if (counts.some((count) => count.left <= 1)) {
			continue;
		}
		for (const count of counts) {
			count.left--;
		}
		for (const entry of entries) {
			if (entry) {
				entry.removed = true;
			}
		}
		removed.add(line);
	}
	for (let line = lastCut + 1; line < model.lineCount; line++) {
		if (!isRule(line) || removed.has(line)) {
			continue;
		}
		const simpler = withoutRedundantWildcards(model.valueText(line));
		if (simpler !== undefined && trimWildcards(model, line, simpler, readings)) {
			values.set(line, simpler);
		}
	}
	const merges = mergesOf(model, removed, values, lastCut);
	// A merged group's lines go: a new value of one of them is no edit.
	for (const merge of merges) {
		for (const line of merge.lines) {
			values.delete(line);
		}
	}
	return { removed, values, merges };
}

/**
 * Groups that every dialect reads as the same group (the same User-agent lines and rules), with nothing but
 * User-agent and rule lines, whose rules (after the removals and new values) are the same in the same order as an
 * earlier such group's: each merges into the first, which gets its User-agent lines (but the names it already has).
 */
function mergesOf(model: RobotsModel, removed: ReadonlySet<number>, values: ReadonlyMap<number, string>, lastCut: number): Merge[] {
	// Sitemap lines belong to no group, wherever they stand: they stay where they are.
	const isSitemap = (line: number) => model.lines[line].directive === 'sitemap';
	const byFirstAgent = allDialects.map((dialect) => new Map(model.grouping(dialect).groups.map((group) => [group.userAgents[0], group])));
	const sameEverywhere = (group: Group) =>
		byFirstAgent.every((groups) => {
			const other = groups.get(group.userAgents[0]);
			if (other === undefined) {
				return false;
			}
			// A dialect that knows no Allow lists it among the others: the same lines, read otherwise.
			const members = [...other.rules, ...other.others.filter((line) => !isSitemap(line))].sort((a, b) => a - b);
			return sameLines(other.userAgents, group.userAgents) && sameLines(members, group.rules);
		});
	const first = new Map<string, Group>();
	const merges: Merge[] = [];
	for (const group of model.grouping('rfc9309').groups) {
		if (group.firstLine <= lastCut || !group.others.every(isSitemap) || group.userAgents.length === 0) {
			continue;
		}
		const rules = group.rules.filter((line) => !removed.has(line));
		if (rules.length === 0 || !sameEverywhere(group)) {
			continue;
		}
		const key = rules
			.map((line) => `${(model.lines[line].googleDirective ?? model.lines[line].directive ?? '').toLowerCase()} ${values.get(line) ?? model.valueText(line)}`)
			.join('\n');
		const into = first.get(key);
		if (into === undefined) {
			first.set(key, group);
			continue;
		}
		const names = new Set(into.userAgents.map((line) => model.valueText(line).toLowerCase()));
		merges.push({
			after: into.userAgents[into.userAgents.length - 1],
			agents: group.userAgents.filter((line) => !names.has(model.valueText(line).toLowerCase())).map((line) => model.lineText(line)),
			lines: [...group.userAgents, ...rules],
		});
	}
	return merges;
}

function sameLines(a: readonly number[], b: readonly number[]): boolean {
	return a.length === b.length && a.every((line, i) => line === b[i]);
}

/** Whether every reading of the line matches the same paths with the simpler value, and no verdict turns on its weight. */
function trimWildcards(model: RobotsModel, line: number, simpler: string, readings: readonly Reading[]): boolean {
	const node = model.lines[line];
	const text = model.lineText(line);
	const changed = RobotsModel.parse(text.slice(0, node.valueStart) + simpler + text.slice(node.valueEnd));
	const updates: { entry: Entry; score: number; normalized: string }[] = [];
	for (const reading of readings) {
		const entry = reading.byLine.get(line);
		if (entry === undefined) {
			continue;
		}
		// First-match parsers read `*` as a character; a line read as two rules stays.
		if (reading.firstMatch || entry === pinnedEntry) {
			return false;
		}
		const rules = compileRules(changed, reading.dialect, [0]);
		if (rules.length !== 1 || rules[0].allow !== entry.allow) {
			return false;
		}
		const now = entryOf({ ...rules[0], line, order: entry.order }, false);
		if (JSON.stringify(patternForm(now.normalized, true)) !== JSON.stringify(patternForm(entry.normalized, true)) || !reading.reweighable(entry, now.score)) {
			return false;
		}
		updates.push({ entry, score: now.score, normalized: now.normalized });
	}
	for (const update of updates) {
		update.entry.score = update.score;
		update.entry.normalized = update.normalized;
	}
	return updates.length > 0;
}

/** The plan as text edits: each run of removed lines is one edit, each new value another. */
function editsOf(model: RobotsModel, plan: Plan): TextEdit[] {
	const edits: TextEdit[] = [];
	const lines = [...plan.removed, ...plan.merges.flatMap((merge) => merge.lines)].sort((a, b) => a - b);
	for (let i = 0; i < lines.length; ) {
		let last = i;
		while (last + 1 < lines.length && lines[last + 1] === lines[last] + 1) {
			last++;
		}
		const from = lines[i];
		const to = lines[last];
		if (to + 1 < model.lineCount) {
			edits.push({ range: { start: { line: from, character: 0 }, end: { line: to + 1, character: 0 } }, newText: '' });
		} else if (from > 0) {
			// The last line has no line end: the one before it goes instead.
			edits.push({
				range: { start: { line: from - 1, character: model.lines[from - 1].length }, end: { line: to, character: model.lines[to].length } },
				newText: '',
			});
		} else {
			edits.push({ range: { start: { line: 0, character: 0 }, end: { line: to, character: model.lines[to].length } }, newText: '' });
		}
		i = last + 1;
	}
	const inserted = new Map<number, string[]>();
	for (const merge of plan.merges) {
		const list = inserted.get(merge.after) ?? [];
		list.push(...merge.agents);
		inserted.set(merge.after, list);
	}
	for (const [line, agents] of inserted) {
		const end = model.lines[line].length;
		const eol = model.lineTexts[line].slice(end);
		edits.push({ range: { start: { line, character: end }, end: { line, character: end } }, newText: agents.map((agent) => eol + agent).join('') });
	}
	for (const [line, value] of plan.values) {
		const node = model.lines[line];
		edits.push({ range: { start: { line, character: node.valueStart }, end: { line, character: node.valueEnd } }, newText: value });
	}
	return edits.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/**
 * Paths where first-match parsers draw lines that the diff's probes (which read `*` and `$` as wildcards) miss: a
 * pattern with `*` or `$` as written, where those parsers read them as characters, and with one character more.
 */
function literalProbes(model: RobotsModel): string[] {
	const probes: string[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		const directive = node.googleDirective ?? node.directive;
		const value = directive === 'allow' || directive === 'disallow' ? model.valueText(line) : '';
		if (value.includes('*') || value.includes('$')) {
			const path = value.startsWith('/') ? value : `/${value}`;
			probes.push(path, `${path}x`);
		}
	}
	return probes;
}

/** At most this many verdict changes are quoted in a refusal. */
const maxExamples = 3;

/**
 * The proof for any edit that should change no verdict: the semantic diff of the versions for every crawler of the
 * catalogue and of the first version, and their preference answers. Every new rule counts as a change.
 */
export function proveSimplification(before: RobotsModel, after: RobotsModel): SimplifyProof {
	return proofOf(before, after, { removed: new Set(), values: new Map(), merges: [] }, simplifyCrawlers(before));
}

/** The semantic diff of the two versions for every crawler, and the preference answers where the file states any. */
function proofOf(before: RobotsModel, after: RobotsModel, plan: Plan, tokens: readonly string[]): SimplifyProof {
	// Crawlers that read both versions alike give the same verdicts: one of them is compared for all.
	const urls = [...new Set([...probeUrls(before, after), ...literalProbes(before), ...literalProbes(after)])];
	const diff = diffRobots(before, after, { crawlers: representatives([before, after], tokens), urls });
	// A rewritten value is a new rule on its line; reading fewer rules is the point. Anything else is a change.
	const rewritten = new Set<string>();
	for (const [line, value] of plan.values) {
		const node = before.lines[line];
		const text = before.lineText(line);
		rewritten.add(ruleText(`${text.slice(0, node.valueStart)}${value}${text.slice(node.valueEnd)}`.trim()));
	}
	const readingChanges = diff.changes
		.filter(
			(change) =>
				change.followsAfter !== undefined || change.extentAfter !== undefined || change.reordered || change.added.some((rule) => !rewritten.has(rule.text)),
		)
		.map(describeChange);
	let preferenceChanges = 0;
	if (preferenceLines(before).length > 0) {
		for (const token of diff.crawlers) {
			for (const url of diff.urls) {
				if (preferencesCell(preferencesAs(before, token, url)) !== preferencesCell(preferencesAs(after, token, url))) {
					preferenceChanges++;
				}
			}
		}
	}
	return {
		crawlers: tokens.length,
		probes: diff.urls.length,
		verdictChanges: diff.flips.length,
		preferenceChanges,
		readingChanges,
		examples: diff.flips.slice(0, maxExamples).map((flip) => `${flip.crawler} ${flip.url}: ${flip.before.verdict} → ${flip.after.verdict}`),
	};
}

function refusal(proof: SimplifyProof): string {
	const reasons = [...proof.examples, ...proof.readingChanges.slice(0, maxExamples)];
	return t(
		'Not simplified: the semantic diff finds changes (verdicts: {0}, preferences: {1}, readings: {2}): {3}.',
		formatNumber(proof.verdictChanges),
		formatNumber(proof.preferenceChanges),
		formatNumber(proof.readingChanges.length),
		reasons.join('; ').replace(/[.。]$/, ''),
	);
}

/** What the proof says, in a sentence: how many crawlers and URLs, and that no verdict changed. */
export function describeProof(proof: SimplifyProof): string {
	return t(
		'The semantic diff compared {0} {0|one=crawler|other=crawlers} on {1} {1|one=URL|other=URLs} probed from both versions: no verdict changes.',
		formatNumber(proof.crawlers),
		formatNumber(proof.probes),
	);
}

/** The before/after reading in a sentence. */
export function describeSimplification(simplification: Simplification): string {
	const { before, after } = simplification;
	return t(
		'Rule lines: {0} before, {1} after; groups: {2} before, {3} after.',
		formatNumber(before.ruleLines),
		formatNumber(after.ruleLines),
		formatNumber(before.groups),
		formatNumber(after.groups),
	);
}

/**
 * The change annotation the action's edits carry: the refactor preview (Ctrl+Enter on the action in its menu) shows the
 * reading and the proof beside the change. It asks for no confirmation: VS Code lists edits that need one unchecked in
 * the preview, where Apply then applies nothing, and without the preview it would not apply them at all.
 */
const annotationId = 'robotsTxt.simplify';

/**
 * "Simplify robots.txt (removes N lines, …)": a source action whose edits carry the reading and the proof for the
 * refactor preview; none when nothing simplifies or the proof refused.
 */
export function computeSimplifyActions(model: RobotsModel, uri: string): CodeAction[] {
	const simplification = simplify(model);
	if (simplification.edits.length === 0 || simplification.proof === undefined) {
		return [];
	}
	const title = t(
		'Simplify robots.txt (lines removed: {0}, groups merged: {1}, patterns shortened: {2})',
		simplification.linesRemoved,
		simplification.groupsMerged,
		simplification.wildcardsTrimmed,
	);
	return [
		{
			title,
			kind: simplifyKind,
			edit: {
				documentChanges: [{ textDocument: { uri, version: null }, edits: simplification.edits.map((edit) => ({ ...edit, annotationId })) }],
				changeAnnotations: {
					[annotationId]: {
						label: title,
						needsConfirmation: false,
						description: `${describeSimplification(simplification)} ${describeProof(simplification.proof)}`,
					},
				},
			},
		},
	];
}
