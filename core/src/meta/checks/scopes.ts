/**
 * The checks across the directives addressed to the same crawlers in one page or response (a scope): duplicates,
 * contradictions, shorthands with what they already mean, differing limits, and indexifembedded without noindex.
 */

import { t } from '../../l10n';
import { findRobotsDirective, type RobotsDirectiveFacts } from '../directives';
import type { RobotsRuleSet } from '../effective';
import type { ParsedDirective } from '../parse';
import type { OffsetEdit, Report } from '../report';

interface Entry {
	readonly set: RobotsRuleSet;
	readonly directive: ParsedDirective;
	readonly facts: RobotsDirectiveFacts;
}

/** Whom a scope's directives address, as a label that the messages put in parentheses or after "for". */
function scopeLabel(entry: Entry): string {
	if (entry.set.kind === 'meta') {
		return `name="${entry.set.name}"`;
	}
	return entry.directive.prefix ? t("X-Robots-Tag for '{0}'", entry.directive.prefix.name) : t('X-Robots-Tag for every crawler');
}

function scopeKey(entry: Entry, group: string): string {
	return entry.set.kind === 'meta' ? group : `${group}|${entry.directive.prefix?.name.toLowerCase() ?? '*'}`;
}

export function checkScopes(sets: readonly RobotsRuleSet[], groupOf: (set: RobotsRuleSet) => string, report: Report): void {
	const scopes = new Map<string, Entry[]>();
	for (const set of sets) {
		for (const directive of set.parsed.directives) {
			if (!directive.facts || directive.misplacedPrefix || (directive.problem && directive.facts.value !== 'none')) {
				continue;
			}
			const entry: Entry = { set, directive, facts: directive.facts };
			const key = scopeKey(entry, groupOf(set));
			const list = scopes.get(key);
			if (list) {
				list.push(entry);
			} else {
				scopes.set(key, [entry]);
			}
		}
	}
	for (const entries of scopes.values()) {
		checkScope(entries, report);
	}
}

function docOffsets(entry: Entry): { start: number; end: number } {
	return { start: entry.set.offset + entry.directive.span.start, end: entry.set.offset + entry.directive.span.end };
}

function text(entry: Entry): string {
	return entry.set.parsed.text.slice(entry.directive.span.start, entry.directive.span.end);
}

/** The facts of a catalogue name that `means` lists. */
function factsOf(name: string): RobotsDirectiveFacts {
	return findRobotsDirective(name) as RobotsDirectiveFacts;
}

/** Duplicates, shorthands with what they already mean, contradictions and differing limits within one scope. */
function checkScope(entries: readonly Entry[], report: Report): void {
	const seen = new Map<string, Entry>();
	const polarity = new Map<string, { restrict?: Entry; permit?: Entry; reported?: boolean }>();
	const limits = new Map<string, { entry: Entry; reported?: boolean }>();
	const byName = new Map<string, Entry>();
	for (const entry of entries) {
		const { facts, directive } = entry;
		const key = `${facts.name}\u0000${(directive.value ?? '').toLowerCase()}`;
		const earlier = seen.get(key);
		if (earlier) {
			if (!report.room('duplicate-robots-directive')) {
				continue;
			}
			report({
				code: 'duplicate-robots-directive',
				...docOffsets(entry),
				message:
					earlier.set === entry.set
						? t(
								'{0} is already given for {1} in this list; the HTTP guide (seed 000) warns that repeated directives may be read differently by each robot.',
								text(entry),
								scopeLabel(entry),
							)
						: t(
								'{0} is already given for {1} in an earlier tag; the HTTP guide (seed 000) warns that repeated directives may be read differently by each robot.',
								text(entry),
								scopeLabel(entry),
							),
				related: [{ ...docOffsets(earlier), message: t('first given here') }],
				fixes: earlier.set === entry.set ? [deletion(entry, t('Remove the duplicate'))] : [],
			});
			continue;
		}
		seen.set(key, entry);
		byName.set(facts.name, byName.get(facts.name) ?? entry);

		for (const name of facts.means ?? [facts.name]) {
			const meant = factsOf(name);
			if (meant.effect !== 'restrict' && meant.effect !== 'permit') {
				continue;
			}
			const slot = polarity.get(meant.aspect) ?? {};
			polarity.set(meant.aspect, slot);
			const opposite = meant.effect === 'restrict' ? slot.permit : slot.restrict;
			if (opposite && !slot.reported && opposite !== entry) {
				slot.reported = true;
				const restrictive = meant.effect === 'restrict' ? entry : opposite;
				const allowing = meant.effect === 'restrict' ? opposite : entry;
				report({
					code: 'conflicting-robots-directives',
					...docOffsets(entry),
					message: t(
						'{0} contradicts {1} for {2}: Google applies the more restrictive ({3}), Yandex lets the allowing directive win ({4}), and the HTTP guide (seed 000) calls such a value undefined behaviour. Keep one.',
						text(entry),
						text(opposite),
						scopeLabel(entry),
						text(restrictive),
						text(allowing),
					),
					related: [{ ...docOffsets(opposite), message: t('{0} is here', text(opposite)) }],
				});
			}
			if (meant.effect === 'restrict') {
				slot.restrict ??= entry;
			} else {
				slot.permit ??= entry;
			}
		}

		checkLimits(entry, limits, byName, report);
	}
	checkShorthands(entries, seen, report);
}

/** none = noindex, nofollow and all = index, follow: a spelled-out directive next to its shorthand is redundant. */
function checkShorthands(entries: readonly Entry[], seen: ReadonlyMap<string, Entry>, report: Report): void {
	const firsts = new Set(seen.values());
	for (const shorthand of ['none', 'all']) {
		const short = entries.find((entry) => entry.facts.name === shorthand && firsts.has(entry));
		if (!short) {
			continue;
		}
		const means = factsOf(shorthand).means as readonly string[];
		for (const entry of entries) {
			if (!firsts.has(entry) || !means.includes(entry.facts.name)) {
				continue;
			}
			report({
				code: 'redundant-robots-directive',
				...docOffsets(entry),
				message: t(
					'{0} already means {1}, so {2} repeats it; the Runet guide (seed 001) says a value such as "none, nofollow" is not allowed.',
					shorthand,
					means.join(', '),
					text(entry),
				),
				related: [{ ...docOffsets(short), message: t('{0} is here', shorthand) }],
				fixes: entry.set === short.set ? [deletion(entry, t('Remove {0}', text(entry)))] : [],
			});
		}
	}
}

function checkLimits(entry: Entry, limits: Map<string, { entry: Entry; reported?: boolean }>, byName: Map<string, Entry>, report: Report): void {
	const { facts, directive } = entry;
	const conflict = (other: Entry, why: string): void => {
		report({
			code: 'conflicting-robots-directives',
			...docOffsets(entry),
			message: t('{0} and {1} both apply to {2}: {3}', text(entry), text(other), scopeLabel(entry), why),
			related: [{ ...docOffsets(other), message: t('{0} is here', text(other)) }],
		});
	};
	if (facts.effect === 'limit' && directive.parsedValue) {
		const previous = limits.get(facts.name);
		if (previous && !previous.reported) {
			previous.reported = true;
			conflict(previous.entry, t('Google applies the more restrictive value. Keep one.'));
		} else if (!previous) {
			limits.set(facts.name, { entry });
		}
	}
	// Google's own example: with both max-snippet:50 and nosnippet, nosnippet applies.
	const nosnippet = facts.name === 'nosnippet' ? entry : byName.get('nosnippet');
	const maxSnippet = facts.name === 'max-snippet' ? entry : limits.get('max-snippet')?.entry;
	const latest = facts.name === 'nosnippet' || facts.name === 'max-snippet';
	if (latest && nosnippet && maxSnippet && nosnippet !== maxSnippet) {
		const value = maxSnippet.directive.parsedValue;
		if (value?.kind === 'integer' && value.number !== 0) {
			conflict(entry === nosnippet ? maxSnippet : nosnippet, t('Google applies nosnippet, the more restrictive.'));
		}
	}
}

/** The position of a directive in its list, which is in text order: a binary search on its start. */
function positionIn(list: readonly ParsedDirective[], directive: ParsedDirective): number {
	let low = 0;
	let high = list.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		const start = list[middle].span.start;
		if (start === directive.span.start) {
			return middle;
		}
		if (start < directive.span.start) {
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}
	return -1;
}

/** An edit that removes a directive and one separator next to it. */
function deletion(entry: Entry, title: string): { title: string; edits: OffsetEdit[] } {
	const list = entry.set.parsed.directives;
	const index = positionIn(list, entry.directive);
	let start = entry.directive.span.start;
	let end = entry.directive.span.end;
	if (index > 0) {
		start = list[index - 1].span.end;
	} else if (index + 1 < list.length) {
		end = list[index + 1].span.start;
	}
	return { title, edits: [{ start: entry.set.offset + start, end: entry.set.offset + end, newText: '' }] };
}

/** indexifembedded needs a noindex for the same crawlers: in its own scope, or in the scope of every crawler. */
export function checkIndexIfEmbedded(
	sets: readonly RobotsRuleSet[],
	groupOf: (set: RobotsRuleSet) => string,
	genericScope: (set: RobotsRuleSet) => string,
	report: Report,
): void {
	const noindexScopes = new Set<string>();
	const embedded: Entry[] = [];
	for (const set of sets) {
		for (const directive of set.parsed.directives) {
			const facts = directive.facts;
			if (!facts || directive.misplacedPrefix) {
				continue;
			}
			const entry: Entry = { set, directive, facts };
			if (facts.name === 'noindex' || facts.name === 'none') {
				noindexScopes.add(scopeKey(entry, groupOf(set)));
			} else if (facts.name === 'indexifembedded') {
				embedded.push(entry);
			}
		}
	}
	for (const entry of embedded) {
		if (!noindexScopes.has(scopeKey(entry, groupOf(entry.set))) && !noindexScopes.has(genericScope(entry.set))) {
			report({
				code: 'indexifembedded-without-noindex',
				...docOffsets(entry),
				message: t('indexifembedded has an effect only together with noindex (Google), and no noindex reaches {0}.', scopeLabel(entry)),
			});
		}
	}
}
