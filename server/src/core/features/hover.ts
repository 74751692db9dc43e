/**
 * Hovers: on a User-agent line, which crawlers the group applies to in each enabled dialect and where the dialects
 * disagree; on a directive key, what it does, who reads it and where it is specified; on an Allow/Disallow value,
 * what the pattern matches, with examples checked by the real matcher of each dialect.
 * Every answer is computed from the model and the matchers, never from the text of the hover alone.
 */

import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver-types';
import { dialectNames, isRecordDialect, type Dialect } from '../dialect';
import { findCrawler, knownCrawlers, type CrawlerFacts } from '../facts/crawlers';
import { directiveDocs } from '../facts/directiveDocs';
import { canonicalName, type DirectiveId } from '../facts/directives';
import { agentValue, googleProductToken, googleValue, isGlobalAgentValue, robotName, selectGroups, type GroupSelection } from '../matching/agents';
import { escapeGooglePattern } from '../matching/encoding';
import { compileRules, normalizePath } from '../matching/evaluate';
import { patternForm, ruleMatches, type CompiledRule } from '../matching/rules';
import { analysisDialects, type AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import { lineRole, type Group, type RobotsModel } from '../syntax/parser';

/** At most this many crawler rows in a group hover; the rest are named in one line. */
const maxCrawlerRows = 12;
/** At most this many further crawlers named after the table. */
const maxAlsoNamed = 20;
/** At most this many User-agent values in a group hover's title, and notes under its table. */
const maxTitleValues = 8;
const maxNotes = 15;

/**
 * The hover at a position: a markdown explanation of the User-agent group, directive key or path pattern under it.
 * @returns null where there is nothing to explain (blank lines, comments, past the end of the line).
 */
export function computeHover(model: RobotsModel, position: Position, options: AnalysisOptions): Hover | null {
	const line = position.line;
	if (line < 0 || line >= model.lineCount) {
		return null;
	}
	const node = model.lines[line];
	const character = position.character;
	if ((node.kind !== 'directive' && node.kind !== 'text') || character < 0 || character > node.length) {
		return null;
	}
	if (node.commentStart >= 0 && character >= node.commentStart) {
		return null;
	}
	const dialects = analysisDialects(options);
	const roles = dialects.map((dialect) => lineRole(node, dialect));
	const onValue = node.valueEnd > node.valueStart && character >= node.valueStart && character <= node.valueEnd;
	const keyRange = span(line, node.keyStart, node.keyEnd);
	const valueRange = span(line, node.valueStart, node.valueEnd);

	if (roles.includes('user-agent')) {
		// The whole line explains its group, so a hover shown at the start of a revealed line says the same.
		const pastKey = character > node.keyEnd && node.valueEnd > node.valueStart;
		if (onValue || pastKey) {
			return hover(groupHover(model, line, dialects), valueRange);
		}
		// On the key itself, the directive's own documentation follows the group.
		const doc = directiveDocs['user-agent'];
		return hover(`${groupHover(model, line, dialects)}\n\n---\n\n${doc.summary}\n\n**Sources:** ${doc.sources.join(' · ')}`, keyRange);
	}
	if (character > node.keyEnd && !onValue) {
		return null;
	}
	if (onValue && (roles.includes('allow') || roles.includes('disallow'))) {
		return hover(patternHover(model, line, dialects), valueRange);
	}
	return hover(keyHover(model, line, node, dialects, options), onValue ? valueRange : keyRange);
}

function hover(value: string, range: Range): Hover {
	return { contents: { kind: MarkupKind.Markdown, value }, range };
}

function span(line: number, start: number, end: number): Range {
	return { start: { line, character: start }, end: { line, character: end } };
}

/** Inline code that survives backticks in the text; inside a table cell a `|` must be escaped (GFM). */
function code(text: string, inTable = false): string {
	const escaped = inTable ? text.replace(/\|/g, '\\|') : text;
	const fence = escaped.includes('`') ? '``' : '`';
	const pad = escaped.startsWith('`') || escaped.endsWith('`') || escaped === '' ? ' ' : '';
	return `${fence}${pad}${escaped}${pad}${fence}`;
}

function names(dialects: readonly Dialect[]): string {
	return dialects.map((dialect) => dialectNames[dialect]).join(', ');
}

/** Lines as people count them. */
function lineNumber(line: number): number {
	return line + 1;
}

/** `line 3` or `lines 3, 5, 8`, with at most a handful of numbers before `and N more`. */
function lineList(lines: readonly number[]): string {
	const shown = lines.slice(0, 5).map(lineNumber).join(', ');
	const more = lines.length > 5 ? ` and ${lines.length - 5} more` : '';
	return `line${lines.length > 1 ? 's' : ''} ${shown}${more}`;
}

/** Joins notes that differ only in the dialects they are about: `**RFC 9309, Google:** text`. */
function mergeNotes(notes: readonly { dialect: Dialect; text: string }[]): string[] {
	const byText = new Map<string, Dialect[]>();
	for (const note of notes) {
		const dialects = byText.get(note.text);
		if (dialects) {
			if (!dialects.includes(note.dialect)) {
				dialects.push(note.dialect);
			}
		} else {
			byText.set(note.text, [note.dialect]);
		}
	}
	return [...byText].map(([text, dialects]) => `**${names(dialects)}:** ${text}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Directive keys

function directiveOf(node: LineNode): Exclude<DirectiveId, 'unknown'> | undefined {
	if (node.directive !== 'none' && node.directive !== 'unknown') {
		return node.directive;
	}
	if (node.googleDirective !== 'none' && node.googleDirective !== 'unknown') {
		return node.googleDirective;
	}
	return undefined;
}

function keyHover(model: RobotsModel, line: number, node: LineNode, dialects: readonly Dialect[], options: AnalysisOptions): string {
	const key = model.keyText(line);
	const id = directiveOf(node);
	if (!id) {
		const known = options.knownDirectives.some((name) => name.toLowerCase() === key.toLowerCase());
		const out = [
			`**Unknown key** ${code(key)}`,
			'',
			'No dialect reads it, so crawlers ignore the line: RFC 9309 §2.2.4 says other records must not interfere with groups. ' +
				(dialects.includes('yandex') ? 'Yandex\'s parser still lets it separate `User-agent` lines.' : ''),
		];
		if (known) {
			out.push('', 'It is listed in the `robotsTxt.knownDirectives` setting, so it is not reported.');
		}
		return out.join('\n').trimEnd();
	}
	const doc = directiveDocs[id];
	const canonical = canonicalName(id);
	const out = [`**${canonical}**`, '', doc.summary, '', '```robots-txt', doc.syntax, '```', '', `**Read by:** ${doc.readBy}`];
	const notes = readingNotes(model, line, node, id, dialects);
	if ((id === 'allow' || id === 'disallow') && model.valueText(line) === '') {
		const readers = dialects.filter((dialect) => lineRole(node, dialect) === id);
		notes.push(...mergeNotes(readers.map((dialect) => ({ dialect, text: describePattern('', id === 'allow', dialect, []) }))));
	}
	if (notes.length > 0) {
		out.push('', ...notes.map((note) => `- ${note}`));
	}
	out.push('', `**Sources:** ${doc.sources.join(' · ')}`);
	return out.join('\n');
}

/** How the enabled dialects read this very line, where that is not simply "as the directive". */
function readingNotes(model: RobotsModel, line: number, node: LineNode, id: Exclude<DirectiveId, 'unknown'>, dialects: readonly Dialect[]): string[] {
	const notes: string[] = [];
	const key = model.keyText(line);
	const strictReaders = dialects.filter((dialect) => dialect !== 'google');
	if (node.directive !== id && dialects.includes('google') && node.googleDirective === id) {
		const canonical = canonicalName(id);
		let how: string;
		if (node.kind === 'text') {
			how = `Google reads this line without a colon as ${code(canonical)}, because it has exactly two words.`;
		} else if (key.toLowerCase().startsWith(canonical.toLowerCase())) {
			how = `Google reads ${code(key)} as ${code(canonical)}: it matches keys by their beginning.`;
		} else {
			how = `Google reads ${code(key)} as ${code(canonical)}: it accepts this misspelling.`;
		}
		const others = strictReaders.length > 0 ? ` ${names(strictReaders)} ignore${strictReaders.length === 1 ? 's' : ''} the line.` : '';
		notes.push(how + others);
	}
	if (id === 'allow' && dialects.includes('original1994')) {
		notes.push('The 1994 standard has no `Allow`: its robots ignore the line.');
	}
	return notes;
}

// ---------------------------------------------------------------------------------------------------------------
// Path patterns

interface DialectReading {
	readonly dialect: Dialect;
	readonly rules: readonly CompiledRule[];
	readonly words: string;
}

function patternHover(model: RobotsModel, line: number, dialects: readonly Dialect[]): string {
	const value = model.valueText(line);
	const readers = dialects.filter((dialect) => {
		const role = lineRole(model.lines[line], dialect);
		return role === 'allow' || role === 'disallow';
	});
	const isAllow = directiveOf(model.lines[line]) === 'allow';
	const readings: DialectReading[] = readers.map((dialect) => {
		const rules = compileRules(model, dialect, [line]);
		return { dialect, rules, words: describePattern(value, isAllow, dialect, rules) };
	});
	const out = [`**${isAllow ? 'Allow' : 'Disallow'}** ${code(value)}`, ''];
	out.push(...mergeNotes(readings.map((reading) => ({ dialect: reading.dialect, text: reading.words }))).map((note) => `- ${note}`));
	const ignoring = dialects.filter((dialect) => !readers.includes(dialect));
	const notes = ignoring.map((dialect) => ({
		dialect,
		text: isAllow && dialect === 'original1994' ? 'there is no `Allow` in the 1994 standard: its robots ignore the line.' : 'the line is not a rule there.',
	}));
	out.push(...mergeNotes(notes).map((note) => `- ${note}`));

	const matching = readings.filter((reading) => reading.rules.some((rule) => !rule.implied));
	if (value !== '' && matching.length > 0) {
		out.push('', ...examplesTable(value, matching));
	}

	const forms = mergeNotes(matching.flatMap((reading) => {
		const main = reading.rules.find((rule) => !rule.implied)!;
		return main.normalized !== value ? [{ dialect: reading.dialect, text: `compared as ${code(main.normalized)}` }] : [];
	}));
	const weights = longestMatchWeights(matching);
	const extras: string[] = [...forms];
	if (weights) {
		extras.push(weights);
	}
	for (const reading of readings) {
		const directory = reading.rules.find((rule) => rule.implied === 'index-html');
		if (directory) {
			extras.push(`**${dialectNames[reading.dialect]}:** also allows the directory itself, as ${code(directory.normalized)}.`);
		}
	}
	if (extras.length > 0) {
		out.push('', ...extras.map((extra) => `- ${extra}`));
	}
	return out.join('\n');
}

function describePattern(value: string, isAllow: boolean, dialect: Dialect, rules: readonly CompiledRule[]): string {
	if (value === '') {
		switch (dialect) {
			case 'yandex':
				return isAllow ? 'an empty `Allow` is ignored.' : 'an empty `Disallow` means `Allow: /`: everything is allowed.';
			case 'draft1996':
			case 'original1994':
				return isAllow ? 'an empty value matches every path.' : 'an empty `Disallow` allows everything.';
			default:
				return 'an empty pattern matches nothing.';
		}
	}
	if (rules.length === 0) {
		// Yandex is the only dialect that drops a non-empty rule.
		return 'ignored: Yandex rules must start with `/` or `*`.';
	}
	const main = rules.find((rule) => !rule.implied) ?? rules[0];
	if (isRecordDialect(dialect)) {
		const words = value === '/' ? 'every path (the whole site)' : `every path that starts with ${code(value)}`;
		const literal = /[*$]/.test(value)
			? ' (`*` and `$` are ordinary characters here)'
			: value.startsWith('/') ? '' : ' (paths always start with `/`, so it matches nothing)';
		return `${words}${literal}; the first matching rule in the record wins.`;
	}
	// Words follow the pattern as written; the normalised form, when it differs, is listed separately.
	const form = patternForm(value, true);
	let words: string;
	switch (form.kind) {
		case 'prefix':
			words = form.key === '/' || form.key === '' ? 'every path (the whole site)' : `every path that starts with ${code(form.key)}`;
			break;
		case 'exact':
			words = form.key === '/' ? 'only the root path `/` (the home page)' : `only the path ${code(form.key)}, nothing after it`;
			break;
		case 'wildcard': {
			const parts: string[] = [];
			const [first, ...rest] = form.segments;
			if (first !== '' && first !== '/') {
				parts.push(`start with ${code(first)}`);
			}
			rest.forEach((segment, i) => {
				if (segment !== '') {
					parts.push(i === rest.length - 1 && form.anchoredEnd ? `end with ${code(segment)}` : `contain ${code(segment)}`);
				}
			});
			words = parts.length > 0 ? `paths that ${parts.join(', then ')}` : 'every path';
			break;
		}
	}
	if (!main.normalized.startsWith('/') && !main.normalized.startsWith('*')) {
		words += ' (paths always start with `/`, so it matches nothing)';
	} else if (!main.normalized.startsWith('/')) {
		words += ' (it does not start with `/`; only its leading `*` lets it match)';
	}
	const precedence = dialect === 'yandex' ? 'the longest matching rule wins (length without `*`)' : 'the longest matching rule wins';
	return `${words}; ${precedence}.`;
}

/** RFC 9309 and Google weigh a rule by its octets; Yandex leaves out `*` and a final `$`. Shown when they differ. */
function longestMatchWeights(readings: readonly DialectReading[]): string | undefined {
	const weights = readings
		.filter((reading) => !isRecordDialect(reading.dialect))
		.map((reading) => ({ dialect: reading.dialect, priority: reading.rules.find((rule) => !rule.implied)!.priority }));
	if (new Set(weights.map((weight) => weight.priority)).size < 2) {
		return undefined;
	}
	return 'longest-match weight: ' + weights.map((weight) => `${weight.priority} (${dialectNames[weight.dialect]})`).join(', ') + '.';
}

/** Example paths in the style of HTTP: The Definitive Guide's table 9-3, each checked by every dialect's matcher. */
function examplesFor(value: string): string[] {
	const anchored = value.endsWith('$');
	const body = anchored ? value.slice(0, -1) : value;
	// An inner `*` stands for a run that crosses `/`; a trailing `*` for nothing.
	let base = body.replace(/\*+$/, '').replace(/\*+/g, 'a/b');
	if (!base.startsWith('/')) {
		base = '/' + base;
	}
	const examples = [base];
	if (!anchored) {
		examples.push(base.endsWith('/') ? base + 'a.html' : base + 'file.html');
		if (!base.endsWith('/')) {
			examples.push(base + '/a.html');
		}
	} else {
		examples.push(base + '?q=1');
	}
	if (base.endsWith('/') && base.length > 1) {
		examples.push(base.slice(0, -1));
	}
	if (base.toUpperCase() !== base) {
		examples.push(base.toUpperCase());
	}
	if (/[*$]/.test(value)) {
		examples.push(value.startsWith('/') ? value : '/' + value);
	}
	// The same path with escapes decoded, and with non-ASCII characters encoded, shows how each dialect compares octets.
	if (/%[0-9A-Fa-f]{2}/.test(base)) {
		try {
			examples.push(decodeURIComponent(base));
		} catch {
			// A malformed escape has no decoded form to show.
		}
	}
	if (/[^\x00-\x7f]/.test(base) || /%[0-9a-f]{2}/.test(base)) {
		examples.push(escapeGooglePattern(base));
	}
	return [...new Set(examples)].slice(0, 7);
}

function examplesTable(value: string, readings: readonly DialectReading[]): string[] {
	const examples = examplesFor(value);
	const results = examples.map((example) =>
		readings.map((reading) => {
			const path = normalizePath(example, reading.dialect);
			const wildcards = !isRecordDialect(reading.dialect);
			return reading.rules.some((rule) => !rule.implied && ruleMatches(rule, path, wildcards));
		}),
	);
	const agree = results.every((row) => row.every((matched) => matched === row[0]));
	if (agree) {
		const matches = examples.filter((_, i) => results[i][0]).map((example) => code(example));
		const misses = examples.filter((_, i) => !results[i][0]).map((example) => code(example));
		const out: string[] = [];
		if (matches.length > 0) {
			out.push(`Matches ${matches.join(', ')}`);
		}
		if (misses.length > 0) {
			out.push(`does not match ${misses.join(', ')}`);
		}
		const sentence = out.join('; ');
		return [sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.'];
	}
	const header = `| Path | ${readings.map((reading) => dialectNames[reading.dialect]).join(' | ')} |`;
	const rule = `|:--|${readings.map(() => ':-:').join('|')}|`;
	const rows = examples.map((example, i) => `| ${code(example, true)} | ${results[i].map((matched) => (matched ? '✓' : '✗')).join(' | ')} |`);
	return [header, rule, ...rows, '', '✓ matches · ✗ does not match'];
}

// ---------------------------------------------------------------------------------------------------------------
// User-agent groups

interface GroupView {
	readonly dialect: Dialect;
	/** The group that holds the hovered line, if the dialect reads the line as User-agent. */
	readonly group: Group | undefined;
	/** Groups merged with it for a crawler that one of its values names. */
	readonly merged: readonly Group[];
}

interface CrawlerRow {
	readonly label: string;
	readonly crawler: CrawlerFacts | undefined;
	/** One selection per view. */
	readonly selections: readonly GroupSelection[];
}

/** The crawler name a dialect compares for a User-agent value, or undefined when no crawler can match it. */
function agentForValue(value: string, dialect: Dialect): string | undefined {
	switch (dialect) {
		case 'google': {
			const token = googleProductToken(value);
			return token === '' ? undefined : token;
		}
		case 'draft1996':
		case 'original1994':
			return robotName(value) || undefined;
		default:
			return value;
	}
}


function groupHover(model: RobotsModel, line: number, dialects: readonly Dialect[]): string {
	const views: GroupView[] = dialects.map((dialect) => {
		const group = model.grouping(dialect).groups.find((candidate) => candidate.userAgents.includes(line));
		return { dialect, group, merged: group ? mergedGroups(model, dialect, group) : [] };
	});
	const agentLines = [...new Set(views.flatMap((view) => view.group?.userAgents ?? []))].sort((a, b) => a - b);
	const values = [...new Set(agentLines.map((agentLine) => model.valueText(agentLine)))];
	const named = values.filter((value) => value !== '*');
	const hasGlobal = views.some((view) => view.group?.userAgents.some((agentLine) => isGlobalAgentValue(agentValue(model, agentLine, view.dialect), view.dialect)));
	const perDialect = views.map((view) => knownCrawlerSelections(model, view.dialect));
	const known = new Map<CrawlerFacts, GroupSelection[]>();
	for (const crawler of knownCrawlers) {
		if (!crawler.ignoresRobotsTxt) {
			known.set(crawler, perDialect.map((selections) => selections.get(crawler)!));
		}
	}
	const rows = crawlerRows(model, views, named, known);

	const shownValues = values.slice(0, maxTitleValues).map((value) => code(value)).join(', ');
	const moreValues = values.length > maxTitleValues ? ` and ${values.length - maxTitleValues} more` : '';
	const out = [`**User-agent group** ${values.length > 0 ? shownValues + moreValues : '(empty value)'}`, ''];
	if (hasGlobal) {
		out.push('`*` applies to every crawler that no group names.', '');
	}
	out.push(`| | ${views.map((view) => dialectNames[view.dialect]).join(' | ')} |`);
	out.push(`|:--|${views.map(() => ':--').join('|')}|`);
	out.push(`| Lines | ${views.map((view) => (view.group ? lineSpan(view.group) : 'not a User-agent line')).join(' | ')} |`);
	out.push(`| Rules | ${views.map(rulesCell).join(' | ')} |`);
	out.push(`| Merged with | ${views.map(mergedCell).join(' | ')} |`);
	if (hasGlobal) {
		const counts = views.map((view, i) => [...known].filter(([crawler, selections]) =>
			view.group !== undefined && selections[i].groups.includes(view.group) && !(selections[i].kind === 'fallback' && crawler.ignoresGlobalGroup)).length);
		out.push(`| Known crawlers here | ${counts.map((count) => `${count} of ${known.size}`).join(' | ')} |`);
	}
	for (const row of rows.slice(0, maxCrawlerRows)) {
		out.push(`| ${row.label} | ${views.map((view, i) => crawlerCell(row, view, i)).join(' | ')} |`);
	}
	if (rows.length > 0) {
		out.push('', '✓ this group · line N: the group there · `*` line N: the `*` group there · —: no group applies');
	}
	if (rows.length > maxCrawlerRows) {
		const more = rows.slice(maxCrawlerRows);
		const listed = more.slice(0, maxAlsoNamed).map((row) => row.label).join(', ');
		out.push('', `Also: ${listed}${more.length > maxAlsoNamed ? ` and ${more.length - maxAlsoNamed} more` : ''}.`);
	}
	const notes = [...disagreementNotes(model, views, line, agentLines), ...familyNotes(rows, named, hasGlobal)];
	if (notes.length > 0) {
		out.push('', ...notes.slice(0, maxNotes).map((note) => `- ${note}`));
		if (notes.length > maxNotes) {
			out.push(`- … and ${notes.length - maxNotes} more notes`);
		}
	}
	return out.join('\n');
}

/** Where every known crawler lands in one dialect: `selectGroups` indexes the User-agent lines, so each is a lookup. */
function knownCrawlerSelections(model: RobotsModel, dialect: Dialect): Map<CrawlerFacts, GroupSelection> {
	return new Map(knownCrawlers.map((crawler) => [crawler, selectGroups(model, dialect, crawler.token)]));
}

function lineSpan(group: Group): string {
	return group.firstLine === group.lastLine ? `${lineNumber(group.firstLine)}` : `${lineNumber(group.firstLine)}–${lineNumber(group.lastLine)}`;
}

/**
 * Other groups that a crawler named by one of this group's values also obeys: RFC 9309 and Google merge groups that
 * name the same crawler (and all `*` groups), Yandex those with equally long values; first-match robots never merge.
 */
function mergedGroups(model: RobotsModel, dialect: Dialect, group: Group): Group[] {
	if (isRecordDialect(dialect)) {
		return [];
	}
	const merged = new Set<Group>();
	const asked = new Set<string>();
	for (const agentLine of group.userAgents) {
		const value = agentValue(model, agentLine, dialect);
		// No group names `*` as a crawler (nor can a product token be `*`), so it selects exactly the global groups.
		const agent = isGlobalAgentValue(value, dialect) ? '*' : agentForValue(value, dialect);
		if (agent === undefined || asked.has(agent)) {
			continue;
		}
		asked.add(agent);
		const selection = selectGroups(model, dialect, agent);
		if (selection.groups.includes(group)) {
			for (const other of selection.groups) {
				if (other !== group) {
					merged.add(other);
				}
			}
		}
	}
	return [...merged].sort((a, b) => a.firstLine - b.firstLine);
}

function rulesCell(view: GroupView): string {
	if (!view.group) {
		return '—';
	}
	const mergedRules = view.merged.reduce((sum, other) => sum + other.rules.length, 0);
	return mergedRules > 0 ? `${view.group.rules.length} + ${mergedRules} merged` : String(view.group.rules.length);
}

function mergedCell(view: GroupView): string {
	if (!view.group) {
		return '—';
	}
	if (view.merged.length === 0) {
		return isRecordDialect(view.dialect) ? 'never (first record only)' : '—';
	}
	return view.merged.map((other) => `line ${lineNumber(other.userAgents[0])}`).join(', ');
}

/** The crawlers worth a row: this group's own names, known crawlers that land here, and their documented relatives. */
function crawlerRows(
	model: RobotsModel,
	views: readonly GroupView[],
	named: readonly string[],
	known: ReadonlyMap<CrawlerFacts, readonly GroupSelection[]>,
): CrawlerRow[] {
	const lowerNamed = new Set(named.map((value) => value.toLowerCase()));
	const globalIn = views.map((view) => view.group?.userAgents.some((agentLine) => isGlobalAgentValue(agentValue(model, agentLine, view.dialect), view.dialect)) ?? false);
	const rows: CrawlerRow[] = [];
	const seen = new Set<string>();
	// A group can name a thousand crawlers; only the first few can have a row of their own.
	for (const value of named.slice(0, maxCrawlerRows)) {
		const crawler = findCrawler(value);
		// Only a product token can be a crawler's name; other values are explained by the notes.
		if (!crawler && !/^[A-Za-z_-]+$/.test(value)) {
			continue;
		}
		const token = crawler?.token ?? value;
		if (!seen.has(token.toLowerCase())) {
			seen.add(token.toLowerCase());
			const selections = (crawler && known.get(crawler)) ?? views.map((view) => selectGroups(model, view.dialect, token));
			rows.push({ label: code(token, true), crawler, selections });
		}
	}
	for (const [crawler, selections] of known) {
		if (seen.has(crawler.token.toLowerCase())) {
			continue;
		}
		const here = selections.map((selection, i) => views[i].group !== undefined && selection.groups.includes(views[i].group!));
		const landsHereByName = selections.some((selection, i) => here[i] && selection.kind === 'specific');
		const isRelative = crawler.fallback.some((token) => lowerNamed.has(token.toLowerCase())) ?? false;
		// Under a `*` group, the interesting crawlers are those that a dialect reading it as `*` sends elsewhere.
		const skipsGlobal = globalIn.some((isGlobal, i) => isGlobal && !here[i]);
		if ((named.length > 0 && (landsHereByName || isRelative)) || skipsGlobal) {
			seen.add(crawler.token.toLowerCase());
			rows.push({ label: code(crawler.token, true), crawler, selections });
		}
	}
	return rows;
}

function crawlerCell(row: CrawlerRow, view: GroupView, index: number): string {
	const selection = row.selections[index];
	if (view.group && selection.groups.includes(view.group)) {
		return selection.kind === 'fallback' ? '✓ `*`' : '✓';
	}
	switch (selection.kind) {
		case 'specific':
			return `line ${lineNumber(selection.matchedLines[0])}`;
		case 'fallback':
			return row.crawler?.ignoresGlobalGroup ? 'ignores `*`' : `\`*\` line ${lineNumber(selection.matchedLines[0])}`;
		case 'none':
			return '—';
	}
}

/** Why the dialects cut, read or merge this group differently. */
function disagreementNotes(model: RobotsModel, views: readonly GroupView[], line: number, agentLines: readonly number[]): string[] {
	const notes: { dialect: Dialect; text: string }[] = [];
	const ruleLines = [...new Set(views.flatMap((view) => view.group?.rules ?? []))].sort((a, b) => a - b);
	for (const view of views) {
		const group = view.group;
		if (!group) {
			notes.push({ dialect: view.dialect, text: `does not read line ${lineNumber(line)} as a \`User-agent\` line.` });
			continue;
		}
		const heldAgents = new Set(group.userAgents);
		agentLines.forEach((agentLine, index) => {
			if (heldAgents.has(agentLine)) {
				return;
			}
			if (lineRole(model.lines[agentLine], view.dialect) !== 'user-agent') {
				notes.push({ dialect: view.dialect, text: `does not read line ${lineNumber(agentLine)} as a \`User-agent\` line.` });
				return;
			}
			// The reason lies between the missing line and its neighbour on the side of this group.
			const between = agentLine > group.firstLine ? [agentLines[index - 1], agentLine] : [agentLine, agentLines[index + 1]];
			notes.push({ dialect: view.dialect, text: splitReason(model, view.dialect, between[0], between[1], agentLine) });
		});
		const held = new Set(group.rules);
		const missingRules = ruleLines.filter((ruleLine) => !held.has(ruleLine));
		if (missingRules.length > 0) {
			const isRead = (ruleLine: number) => {
				const role = lineRole(model.lines[ruleLine], view.dialect);
				return role === 'allow' || role === 'disallow';
			};
			const unread = missingRules.filter((ruleLine) => !isRead(ruleLine));
			if (unread.length > 0) {
				notes.push({ dialect: view.dialect, text: `does not read ${lineList(unread)} as ${unread.length > 1 ? 'rules' : 'a rule'}.` });
			}
			const cut = missingRules.filter(isRead);
			if (cut.length > 0) {
				notes.push(...ruleOwnerNotes(model, view.dialect, group, cut).map((text) => ({ dialect: view.dialect, text })));
			}
		}
		if (isRecordDialect(view.dialect)) {
			notes.push(...recordNotes(model, view));
		}
	}
	notes.push(...valueNotes(model, views, agentLines));
	return mergeNotes(notes);
}

function splitReason(model: RobotsModel, dialect: Dialect, from: number, to: number, agentLine: number): string {
	const other = `line ${lineNumber(agentLine)} is in another ${isRecordDialect(dialect) ? 'record' : 'group'}`;
	for (let i = from + 1; i < to; i++) {
		const node = model.lines[i];
		const role = lineRole(node, dialect);
		if (role === 'blank') {
			return isRecordDialect(dialect)
				? `the blank line ${lineNumber(i)} ends the record: ${other}.`
				: `the blank line ${lineNumber(i)} splits the \`User-agent\` lines: ${other}.`;
		}
		if (dialect === 'yandex' && node.kind === 'comment') {
			return `the comment on line ${lineNumber(i)} splits the \`User-agent\` lines: ${other}.`;
		}
		if (role === 'other') {
			return `the ${code(model.keyText(i))} line ${lineNumber(i)} splits the \`User-agent\` lines: ${other}.`;
		}
		if (role === 'allow' || role === 'disallow') {
			return `the rule on line ${lineNumber(i)} ends the group: ${other}.`;
		}
	}
	return `${other}.`;
}

/** Where rules that other dialects give this group belong instead, one sentence per owning group. */
function ruleOwnerNotes(model: RobotsModel, dialect: Dialect, group: Group, rules: readonly number[]): string[] {
	const ownerOf = new Map<number, Group>();
	for (const candidate of model.grouping(dialect).groups) {
		for (const rule of candidate.rules) {
			ownerOf.set(rule, candidate);
		}
	}
	const byOwner = new Map<Group | undefined, number[]>();
	for (const rule of rules) {
		const owner = ownerOf.get(rule);
		const lines = byOwner.get(owner);
		if (lines) {
			lines.push(rule);
		} else {
			byOwner.set(owner, [rule]);
		}
	}
	return [...byOwner].map(([owner, lines]) => {
		const list = lineList(lines);
		if (owner) {
			return `the rules on ${list} belong to the group at line ${lineNumber(owner.userAgents[0])}.`;
		}
		const blank = lastBlankLine(model, dialect, group.lastLine, lines[0]);
		const where = blank >= 0 ? `the blank line ${lineNumber(blank)} ends the record, so ` : '';
		return `${where}the rules on ${list} belong to no ${isRecordDialect(dialect) ? 'record' : 'group'}.`;
	});
}

/** The last blank line strictly between two lines, or -1. */
function lastBlankLine(model: RobotsModel, dialect: Dialect, from: number, to: number): number {
	for (let i = to - 1; i > from; i--) {
		if (lineRole(model.lines[i], dialect) === 'blank') {
			return i;
		}
	}
	return -1;
}

/** First-match robots read one record per robot: shadowed values and records they skip. */
function recordNotes(model: RobotsModel, view: GroupView): { dialect: Dialect; text: string }[] {
	const group = view.group!;
	const notes: { dialect: Dialect; text: string }[] = [];
	if (group.rules.length === 0) {
		notes.push({ dialect: view.dialect, text: 'this record has no rules, so robots skip it (as Python\'s urllib.robotparser does).' });
		return notes;
	}
	// Each check walks the records, so a group of a thousand names is checked for its first few.
	for (const agentLine of group.userAgents.slice(0, maxCrawlerRows)) {
		const value = model.valueText(agentLine);
		if (value === '*') {
			continue;
		}
		const selection = selectGroups(model, view.dialect, robotName(value) || value);
		if (selection.kind === 'specific' && !selection.groups.includes(group)) {
			notes.push({
				dialect: view.dialect,
				text: `the earlier record at line ${lineNumber(selection.matchedLines[0])} already applies to a robot named ${code(value)}, so it never reads this one.`,
			});
		}
	}
	return notes;
}

/** Values that the dialects read differently: Google's product-token cut and its `* …` global group. */
function valueNotes(model: RobotsModel, views: readonly GroupView[], agentLines: readonly number[]): { dialect: Dialect; text: string }[] {
	const notes: { dialect: Dialect; text: string }[] = [];
	const google = views.find((view) => view.dialect === 'google' && view.group);
	if (!google) {
		return notes;
	}
	for (const agentLine of agentLines) {
		const value = googleValue(model, agentLine);
		if (value === '*') {
			continue;
		}
		if (isGlobalAgentValue(value, 'google')) {
			notes.push({ dialect: 'google', text: `reads ${code(value)} as \`*\`; the other dialects read it as a name.` });
			continue;
		}
		const token = googleProductToken(value);
		if (token === value) {
			continue;
		}
		notes.push({
			dialect: 'google',
			text: token === ''
				? `keeps only the leading letters, \`-\` and \`_\` of a value, so ${code(value)} names no crawler.`
				: `reads ${code(value)} as ${code(token)} (it keeps the leading letters, \`-\` and \`_\`); RFC 9309 compares the whole value, which is no valid product token.`,
		});
	}
	return notes;
}

/** The owners' notes for the crawlers shown (relatives of the group's names share one line), and who ignores `*`. */
function familyNotes(rows: readonly CrawlerRow[], named: readonly string[], hasGlobal: boolean): string[] {
	const lowerNamed = new Set(named.map((value) => value.toLowerCase()));
	const byNote = new Map<string, string[]>();
	const notes: string[] = [];
	for (const row of rows) {
		const crawler = row.crawler;
		if (!crawler) {
			continue;
		}
		const isNamed = lowerNamed.has(crawler.token.toLowerCase());
		const isRelative = crawler.fallback.some((token) => lowerNamed.has(token.toLowerCase())) ?? false;
		if (crawler.familyNote && (isNamed || isRelative)) {
			const tokens = byNote.get(crawler.familyNote) ?? [];
			tokens.push(code(crawler.token));
			byNote.set(crawler.familyNote, tokens);
		}
		if (isNamed && crawler.ignoresRobotsTxt) {
			notes.push(`${code(crawler.token)} does not follow robots.txt, as its owner documents: these rules do not stop it.`);
		}
	}
	// The matchers compare each crawler's own token only, so the table can disagree with an owner's family note.
	const family = [...byNote].map(([note, tokens]) => `${tokens.join(', ')}: ${note}${rows.some((row) => row.crawler?.familyNote === note && row.crawler.fallback.length > 0) ? ' The table matches each crawler by its own token only.' : ''}`);
	if (hasGlobal) {
		const ignoring = knownCrawlers.filter((crawler) => crawler.ignoresGlobalGroup).map((crawler) => code(crawler.token));
		notes.push(`${ignoring.join(', ')} ignore \`*\` (Google documents this): only a group naming them restricts them.`);
	}
	return [...family, ...notes];
}

/** The documentation of a directive for other features (completion), in the same words as the hover. */
export function directiveDocumentation(id: Exclude<DirectiveId, 'unknown'>): string {
	const doc = directiveDocs[id];
	return [doc.summary, '', '```robots-txt', doc.syntax, '```', '', `**Read by:** ${doc.readBy}`].join('\n');
}
