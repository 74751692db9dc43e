/**
 * The hover on a User-agent line: which crawlers follow its group, each as it reads the file (crawlers/reading.ts),
 * then why the dialects cut, read or merge the group differently.
 */

import { isRecordDialect, type Dialect } from '../dialect';
import { formatBytes, lineNumbers, listNames, otherValues, parserNote, provenance, valueMatchNote } from '../crawlers/explain';
import { crawlerProfile, type CrawlerProfile } from '../crawlers/profile';
import { readAs, type CrawlerReading } from '../crawlers/reading';
import { findCrawler } from '../facts/crawlers';
import { agentValue, googleProductToken, googleValue, isGlobalAgentValue, robotName, selectGroups } from '../matching/agents';
import { formatNumber, t } from '../l10n';
import { escapeMarkdownText } from '../markdown';
import type { AnalysisOptions } from '../options';
import { groupLines, lineRole, type Group, type RobotsModel } from '../syntax/parser';
import { holdsSorted, sameNumbers } from '../sorted';
import { preferenceLines, statedBy } from '../preferences/answer';
import { pairs } from '../preferences/explain';
import type { LicenseLine } from '../preferences/lines';
import { segmentAround, type SegmentSpan } from '../syntax/segments';
import { code, lineList, lineNumber, mergeNotes, type Readers } from './hoverWords';

/** At most this many crawler rows in a group hover; the rest are named in one line. */
const maxCrawlerRows = 12;
/** At most this many User-agent values in a group hover's title, and notes under its table. */
const maxTitleValues = 8;
const maxNotes = 15;

interface GroupView {
	readonly dialect: Dialect;
	/** The group that holds the hovered line, if the dialect reads the line as User-agent. */
	readonly group: Group | undefined;
}

/** One crawler's row: how it reads this group. */
interface CrawlerRow {
	readonly crawler: CrawlerProfile;
	readonly reading: CrawlerReading;
	/** Whether it follows the hovered group. */
	readonly follows: boolean;
	/** Whether it is among the target crawlers. */
	readonly target: boolean;
}

/**
 * A segment of at most this many lines on either side of the hovered line is grouped on its own; a bigger one (the
 * 3.7 MB corpus file is one group) takes the model's grouping, which the model keeps for the next hover.
 */
const maxLocalGroupingLines = 4096;

/**
 * The group holding `line` in a dialect's grouping, found by binary search on first lines: in the grouping of the
 * segment around the line when there is one (`around`), the same groups as the whole file's. A hover in a file of
 * 50 000 groups then groups a few lines, not the whole file in every dialect (60 MB, and collections to match).
 */
function groupAt(model: RobotsModel, dialect: Dialect, line: number, around: SegmentSpan | undefined): Group | undefined {
	const groups = around ? groupLines(model.lines, dialect, around.from, around.to).groups : model.grouping(dialect).groups;
	let low = 0;
	let high = groups.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (groups[middle].firstLine > line) {
			high = middle - 1;
		} else {
			low = middle + 1;
		}
	}
	const candidate = groups[high];
	return candidate && line <= candidate.lastLine && holdsSorted(candidate.userAgents, line) ? candidate : undefined;
}

/**
 * The hover of a User-agent line: which crawlers follow its group, each as it reads the file (crawlers/reading.ts),
 * then why parsers cut, read or merge the group differently.
 */
export function groupHover(model: RobotsModel, line: number, dialects: readonly Dialect[], options: AnalysisOptions, readers: Readers): string {
	const around = segmentAround(model.lines, line, maxLocalGroupingLines);
	const views: GroupView[] = dialects.map((dialect) => ({ dialect, group: groupAt(model, dialect, line, around) }));
	const agentLines = unionOfAgentLines(views);
	const values: string[] = [];
	const seenValues = new Set<string>();
	// The title and the rows need the first few values; a group of 200 000 lines is not read to the end for them.
	let read = 0;
	for (; read < agentLines.length && values.length <= maxTitleValues + maxCrawlerRows; read++) {
		const value = model.valueText(agentLines[read]);
		if (!seenValues.has(value)) {
			seenValues.add(value);
			values.push(value);
		}
	}
	const unread = agentLines.length - read;
	// Only a value starting with `*` can name the global group: the rest are passed over without reading them.
	const startsWithStar = (agentLine: number) => model.lineTexts[agentLine].charCodeAt(model.lines[agentLine].valueStart) === 42;
	const hasGlobal = views.some((view) =>
		view.group?.userAgents.some((agentLine) => startsWithStar(agentLine) && isGlobalAgentValue(agentValue(model, agentLine, view.dialect), view.dialect)),
	);
	const rows = crawlerRows(model, line, values, options);

	const shownValues = values
		.slice(0, maxTitleValues)
		.map((value) => code(value))
		.join(', ');
	const title =
		unread > 0
			? t('{0} and {1} more User-agent lines', shownValues, formatNumber(agentLines.length - maxTitleValues))
			: values.length > maxTitleValues
				? t('{0} and {1} more', shownValues, formatNumber(values.length - maxTitleValues))
				: shownValues;
	const span = views.find((view) => view.group)?.group;
	const out = [`**${t('User-agent group')}** ${values.length > 0 ? title : t('(empty value)')}${span ? ` · ${lineSpan(span)}` : ''}`, ''];
	if (hasGlobal) {
		out.push(t('`*` applies to every crawler that no group names (and that does not ignore `*`).'), '');
	}
	const targets = rows.filter((row) => row.target);
	const following = targets.filter((row) => row.follows);
	out.push(
		targets.length === 0
			? t('No target crawlers (`robotsTxt.crawlers` is empty).')
			: following.length === 1
				? t('**{0} of your {1} crawlers follows this group.**', formatNumber(following.length), formatNumber(targets.length))
				: t('**{0} of your {1} crawlers follow this group.**', formatNumber(following.length), formatNumber(targets.length)),
	);
	const shown = [...rows.filter((row) => row.follows), ...rows.filter((row) => !row.follows)];
	// Crawlers that read the group alike share a row: "`bingbot`, `YandexBot` and 9 more | ✓ as `*`".
	const cells = new Map<string, CrawlerRow[]>();
	for (const row of shown) {
		const key = `${row.target ? '' : ' ' + t('(named here)')}\n${crawlerCell(row, line)}`;
		cells.set(key, [...(cells.get(key) ?? []), row]);
	}
	if (cells.size > 0) {
		out.push('', `| ${t('Crawlers')} | ${t('Read this group?')} |`, '|:--|:--|');
		let count = 0;
		for (const [key, group] of cells) {
			if (count++ === maxCrawlerRows) {
				out.push(`| … | ${t('{0} more rows', formatNumber(cells.size - maxCrawlerRows))} |`);
				break;
			}
			const [suffix, cell] = key.split('\n');
			out.push(`| ${listNames(group.map((row) => code(row.crawler.token, true)))}${suffix} | ${cell} |`);
		}
	}
	if (span) {
		out.push(...preferenceSummary(model, span));
	}
	const notes = [...disagreementNotes(model, views, line, agentLines, readers), ...crawlerNotes(shown.slice(0, maxCrawlerRows))];
	if (notes.length > 0) {
		out.push('', ...notes.slice(0, maxNotes).map((note) => `- ${note}`));
		if (notes.length > maxNotes) {
			out.push(`- ${t('… and {0} more notes', formatNumber(notes.length - maxNotes))}`);
		}
	}
	return out.join('\n');
}

/** At most this many preference lines listed in a group hover. */
const maxPreferenceLines = 6;

/**
 * The group's Content-Usage and Content-Signal lines, each with what it states (preferences/answer.ts), under a title
 * that says when they apply; nothing when the group has none.
 */
function preferenceSummary(model: RobotsModel, group: Group): string[] {
	const lines = preferenceLines(model).filter(
		(read): read is Exclude<typeof read, LicenseLine> =>
			read.kind !== 'license' && read.line >= group.firstLine && read.line <= group.lastLine && holdsSorted(group.others, read.line),
	);
	if (lines.length === 0) {
		return [];
	}
	const out = ['', t('Preference lines of this group (they apply only to URLs its rules let its crawlers fetch):')];
	for (const read of lines.slice(0, maxPreferenceLines)) {
		const stated = pairs(statedBy(read));
		out.push(
			`- ${t('line {0} {1}', lineNumber(read.line), code(model.lineText(read.line).trim()))}: ${stated === '' ? t('states nothing') : escapeMarkdownText(stated)}`,
		);
	}
	if (lines.length > maxPreferenceLines) {
		out.push(`- ${t('{0} more', formatNumber(lines.length - maxPreferenceLines))}`);
	}
	return out;
}

/** The User-agent lines of the group in any dialect, in order, without duplicates (linear in their number). */
function unionOfAgentLines(views: readonly GroupView[]): readonly number[] {
	const groups = views.map((view) => view.group).filter((group): group is Group => group !== undefined);
	// Usually every parser holds the same lines: then the first group's list is the answer, with no set to build.
	const widest = groups.reduce<Group | undefined>((best, group) => (!best || group.userAgents.length > best.userAgents.length ? group : best), undefined);
	if (!widest || groups.every((group) => group === widest || sameNumbers(group.userAgents, widest.userAgents))) {
		return widest?.userAgents ?? [];
	}
	const seen = new Set<number>();
	for (const group of groups) {
		for (const agentLine of group.userAgents) {
			seen.add(agentLine);
		}
	}
	return [...seen].sort((a, b) => a - b);
}

/** The target crawlers, then crawlers this group names that are not targets (a handful), each with its reading. */
function crawlerRows(model: RobotsModel, line: number, values: readonly string[], options: AnalysisOptions): CrawlerRow[] {
	const rows: CrawlerRow[] = [];
	const seen = new Set<string>();
	const add = (crawler: CrawlerProfile, target: boolean) => {
		const key = crawler.token.toLowerCase();
		if (seen.has(key)) {
			return;
		}
		seen.add(key);
		const reading = readAs(model, crawler);
		rows.push({ crawler, reading, follows: followsGroupAt(reading, line), target });
	};
	for (const token of options.crawlers) {
		add(crawlerProfile(token), true);
	}
	// A group can name a thousand crawlers; only the first few get a row.
	let named = 0;
	for (const value of values) {
		if (named >= maxCrawlerRows) {
			break;
		}
		if (value === '*') {
			continue;
		}
		const known = findCrawler(value);
		// Only a product token can be a crawler's name; other values are explained by the notes.
		if (known || /^[A-Za-z_-]+$/.test(value)) {
			add(crawlerProfile(known?.token ?? value), false);
			named++;
		}
	}
	return rows;
}

/** Whether the crawler's reading follows the group whose User-agent lines include `line`. */
function followsGroupAt(reading: CrawlerReading, line: number): boolean {
	return reading.selection.groups.some((group) => group.firstLine <= line && line <= group.lastLine && holdsSorted(group.userAgents, line));
}

function crawlerCell(row: CrawlerRow, line: number): string {
	const { reading, crawler } = row;
	if (reading.extent.kind === 'too-large') {
		return t('no: the file is over its {0} limit, so it allows everything', formatBytes(reading.extent.limit));
	}
	if (reading.extent.kind === 'cut' && line >= reading.extent.line) {
		return t('no: it reads only the first {0}, which end before this line', formatBytes(reading.extent.limit));
	}
	// The User-agent lines of the groups it follows, other than this one.
	const others: number[] = [];
	reading.selection.groups.forEach((group, i) => {
		if (!(group.firstLine <= line && line <= group.lastLine)) {
			others.push(reading.groups[i].line);
		}
	});
	const merged = row.follows && others.length > 0 ? t(', merged with the group at {0}', lineNumbers(others)) : '';
	if (row.follows) {
		switch (reading.follows) {
			case 'own-token': {
				const values = otherValues(reading);
				return values.length === 0
					? t('✓ its own token{0}', merged)
					: t('✓ through {0} ({1}){2}', listNames(values.map((value) => code(value, true))), valueMatchNote(reading), merged);
			}
			case 'fallback-token':
				return t('✓ through its fallback token {0}{1}', code(reading.token ?? '', true), merged);
			case 'global':
				return t('✓ as `*`{0}', merged);
			default:
				return '✓';
		}
	}
	switch (reading.follows) {
		case 'own-token':
			return t('✗ its own group at {0}', lineNumbers(others));
		case 'fallback-token':
			return t('✗ the group of {0} at {1}', code(reading.token ?? '', true), lineNumbers(others));
		case 'global':
			return t('✗ `*` at {0}', lineNumbers(others));
		case 'none':
			return reading.skippedGlobal.length > 0 ? t('✗ none: it ignores `*` {0}', provenance(crawler, 'ignoresGlobalGroup')) : t('✗ none applies');
	}
	return '✗';
}

function lineSpan(group: Group): string {
	return group.firstLine === group.lastLine
		? t('line {0}', lineNumber(group.firstLine))
		: t('lines {0}–{1}', lineNumber(group.firstLine), lineNumber(group.lastLine));
}

/** What the owners say about the crawlers shown: family notes for those that fall back, and who ignores robots.txt. */
function crawlerNotes(rows: readonly CrawlerRow[]): string[] {
	const notes: string[] = [];
	const seen = new Set<string>();
	for (const row of rows) {
		const { crawler, reading } = row;
		if (crawler.familyNote && reading.follows === 'fallback-token' && !seen.has(crawler.familyNote)) {
			seen.add(crawler.familyNote);
			notes.push(`${code(crawler.token)}: ${crawler.familyNote}`);
		}
		if (crawler.ignoresRobotsTxt) {
			notes.push(t('{0} does not follow robots.txt {1}: these rules do not stop it.', code(crawler.token), provenance(crawler, 'ignoresRobotsTxt')));
		}
		if (crawler.controlToken && row.follows) {
			notes.push(
				t(
					'{0} is a control token: it fetches nothing, and its rules decide whether {1} may use the pages for what the token names.',
					code(crawler.token),
					escapeMarkdownText(crawler.owner),
				),
			);
		}
		const note = parserNote(crawler);
		if (note && row.target) {
			notes.push(escapeMarkdownText(note));
		}
	}
	return notes;
}

/** Why the dialects cut, read or merge this group differently. */
function disagreementNotes(model: RobotsModel, views: readonly GroupView[], line: number, agentLines: readonly number[], readers: Readers): string[] {
	const notes: { dialect: Dialect; text: string }[] = [];
	const ruleLines = [...new Set(views.flatMap((view) => view.group?.rules ?? []))].sort((a, b) => a - b);
	for (const view of views) {
		const group = view.group;
		if (!group) {
			notes.push({ dialect: view.dialect, text: t('does not read line {0} as a `User-agent` line.', lineNumber(line)) });
			continue;
		}
		// A group that holds every line of the union is missing none: nothing to explain, no set to build.
		const heldAgents = group.userAgents.length === agentLines.length ? undefined : new Set(group.userAgents);
		let perView = 0;
		agentLines.forEach((agentLine, index) => {
			// A group of 200 000 User-agent lines could have a note for each; a hover shows a handful.
			if (heldAgents === undefined || heldAgents.has(agentLine) || perView > maxNotes) {
				return;
			}
			perView++;
			if (lineRole(model.lines[agentLine], view.dialect) !== 'user-agent') {
				notes.push({ dialect: view.dialect, text: t('does not read line {0} as a `User-agent` line.', lineNumber(agentLine)) });
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
				notes.push({
					dialect: view.dialect,
					text: unread.length > 1 ? t('does not read {0} as rules.', lineList(unread)) : t('does not read {0} as a rule.', lineList(unread)),
				});
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
	for (const note of valueNotes(model, views, agentLines)) {
		notes.push(note);
	}
	return mergeNotes(notes, readers);
}

function splitReason(model: RobotsModel, dialect: Dialect, from: number, to: number, agentLine: number): string {
	const other = isRecordDialect(dialect) ? t('line {0} is in another record', lineNumber(agentLine)) : t('line {0} is in another group', lineNumber(agentLine));
	for (let i = from + 1; i < to; i++) {
		const node = model.lines[i];
		const role = lineRole(node, dialect);
		if (role === 'blank') {
			return isRecordDialect(dialect)
				? t('the blank line {0} ends the record: {1}.', lineNumber(i), other)
				: t('the blank line {0} splits the `User-agent` lines: {1}.', lineNumber(i), other);
		}
		if (dialect === 'yandex' && node.kind === 'comment') {
			return t('the comment on line {0} splits the `User-agent` lines: {1}.', lineNumber(i), other);
		}
		if (role === 'other') {
			return t('the {0} line {1} splits the `User-agent` lines: {2}.', code(model.keyText(i)), lineNumber(i), other);
		}
		if (role === 'allow' || role === 'disallow') {
			return t('the rule on line {0} ends the group: {1}.', lineNumber(i), other);
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
			return t('the rules on {0} belong to the group at line {1}.', list, lineNumber(owner.userAgents[0]));
		}
		const blank = lastBlankLine(model, dialect, group.lastLine, lines[0]);
		if (blank >= 0) {
			return isRecordDialect(dialect)
				? t('the blank line {0} ends the record, so the rules on {1} belong to no record.', lineNumber(blank), list)
				: t('the blank line {0} ends the record, so the rules on {1} belong to no group.', lineNumber(blank), list);
		}
		return isRecordDialect(dialect) ? t('the rules on {0} belong to no record.', list) : t('the rules on {0} belong to no group.', list);
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
		notes.push({ dialect: view.dialect, text: t("this record has no rules, so robots skip it (as Python's urllib.robotparser does).") });
		return notes;
	}
	// Each check walks the records, so a group of a thousand names is checked for its first few.
	for (const agentLine of group.userAgents.slice(0, maxCrawlerRows)) {
		const value = model.valueText(agentLine);
		if (value === '*') {
			continue;
		}
		const selection = selectGroups(model, view.dialect, robotName(value) || value);
		// By first line: the group hovered may come from the grouping of its segment, not the file's.
		if (selection.kind === 'specific' && !selection.groups.some((selected) => selected.firstLine === group.firstLine)) {
			notes.push({
				dialect: view.dialect,
				text: t(
					'the earlier record at line {0} already applies to a robot named {1}, so it never reads this one.',
					lineNumber(selection.matchedLines[0]),
					code(value),
				),
			});
		}
	}
	return notes;
}

/** How many values a note on many values quotes. */
const maxNoteExamples = 3;

/**
 * Values that the dialects read differently: Google's product-token cut and its `* …` global group. A group of a
 * thousand User-agent lines gets one note per kind of reading, with a few of its values and how many more.
 */
function valueNotes(model: RobotsModel, views: readonly GroupView[], agentLines: readonly number[]): { dialect: Dialect; text: string }[] {
	const google = views.find((view) => view.dialect === 'google' && view.group);
	if (!google) {
		return [];
	}
	const asGlobal: string[] = [];
	const noName: string[] = [];
	const cut: { value: string; token: string }[] = [];
	const counts = { asGlobal: 0, noName: 0, cut: 0 };
	for (const agentLine of agentLines) {
		const value = googleValue(model, agentLine);
		if (value === '*') {
			continue;
		}
		if (isGlobalAgentValue(value, 'google')) {
			if (counts.asGlobal++ < maxNoteExamples) {
				asGlobal.push(value);
			}
			continue;
		}
		const token = googleProductToken(value);
		if (token === value) {
			continue;
		}
		if (token === '') {
			if (counts.noName++ < maxNoteExamples) {
				noName.push(value);
			}
		} else if (counts.cut++ < maxNoteExamples) {
			cut.push({ value, token });
		}
	}
	const some = (items: readonly string[], count: number) => {
		const listed = items.join(', ');
		return count > items.length ? t('{0} and {1} more', listed, formatNumber(count - items.length)) : listed;
	};
	const notes: string[] = [];
	if (counts.asGlobal === 1) {
		notes.push(t('reads {0} as `*`; the other dialects read it as a name.', code(asGlobal[0])));
	} else if (counts.asGlobal > 1) {
		notes.push(
			t(
				'reads these values as `*`: {0}; the other dialects read them as names.',
				some(
					asGlobal.map((value) => code(value)),
					counts.asGlobal,
				),
			),
		);
	}
	if (counts.noName === 1) {
		notes.push(t('keeps only the leading letters, `-` and `_` of a value, so {0} names no crawler.', code(noName[0])));
	} else if (counts.noName > 1) {
		notes.push(
			t(
				'keeps only the leading letters, `-` and `_` of a value, so these name no crawler: {0}.',
				some(
					noName.map((value) => code(value)),
					counts.noName,
				),
			),
		);
	}
	if (counts.cut === 1) {
		notes.push(
			t(
				'reads {0} as {1} (it keeps the leading letters, `-` and `_`); RFC 9309 compares the whole value, which is no valid product token.',
				code(cut[0].value),
				code(cut[0].token),
			),
		);
	} else if (counts.cut > 1) {
		const pairs = cut.map(({ value, token }) => t('{0} as {1}', code(value), code(token)));
		notes.push(
			t(
				'reads only the leading letters, `-` and `_` of these values: {0}; RFC 9309 compares the whole value, which is no valid product token.',
				some(pairs, counts.cut),
			),
		);
	}
	return notes.map((text) => ({ dialect: 'google', text }));
}
