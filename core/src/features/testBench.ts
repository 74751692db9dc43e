/**
 * The test bench: URLs (rows) by crawlers (columns), each cell the crawler model's verdict and deciding line from its
 * fast decide path, with the AI crawler audit and, against a baseline version of the file, the cells whose verdict
 * changed, how each crawler's reading changed, and probe rows for URLs the rules of either version tell apart. On
 * request, each cell also says what the preference lines say of the URL for the crawler (may train, may use in
 * answers, may index), from the same reading and the file's verdict the cell shows.
 */

import { describeExtent, describeFollowing, parserNote, reasonWords, ruleText, verdictWord } from '../crawlers/explain';
import { crawlerProfiles, type CrawlerProfile } from '../crawlers/profile';
import { crawlerReasons, decideTable, isAllowedDecision, readAs, unpackDecision, type PackedDecision } from '../crawlers/reading';
import { crawlerPreferences, type PreferenceAnswer } from '../preferences/answer';
import { answerQuestions, preferenceQuestions, type PreferenceQuestion, type QuestionAnswer } from '../preferences/questions';
import { auditByCategory } from '../bench/audit';
import { aiPolicy } from '../bench/aiPolicy';
import { describeChange, diffRobots, probeUrls, verdictFlips } from '../bench/diff';
import { describeUrlProblem } from '../bench/urls';
import {
	benchCellLine,
	benchVerdictChanged,
	type BenchBaselineResult,
	type BenchColumn,
	type BenchExportResult,
	type BenchPreference,
	type BenchPreferences,
	type BenchResult,
	type BenchRow,
} from '../protocol';
import type { RobotsModel } from '../syntax/parser';
import { formatNumber, t } from '../l10n';
import { codeSpan, escapeMarkdownOutsideCode, escapeMarkdownText } from '../markdown';
import { summary } from './testUrl';

/** The most rows and columns one bench answers; more are left out with a note. */
const maxBenchRows = 50_000;
const maxBenchColumns = 200;
/** The most probe URLs tried against a baseline: each is decided for every column in both versions. */
const maxProbes = 100_000;

interface BenchInput {
	readonly urls: readonly string[];
	readonly crawlers: readonly string[];
	/** With a baseline: add rows for probe URLs whose verdict changed. */
	readonly probe?: boolean;
	/** Add what the preference lines say per cell. */
	readonly preferences?: boolean;
	/** Add the AI policy view (its section is open). */
	readonly aiPolicy?: boolean;
}

interface BenchBaseline {
	readonly model: RobotsModel;
	readonly label: string;
}

/** The columns of a bench: the crawlers' profiles, each token once, at most `maxBenchColumns` (with a note when cut). */
export function benchColumns(crawlers: readonly string[], notes: string[]): CrawlerProfile[] {
	const profiles = crawlerProfiles(crawlers);
	if (profiles.length > maxBenchColumns) {
		notes.push(t('Showing the first {0} of {1} crawlers.', formatNumber(maxBenchColumns), formatNumber(profiles.length)));
		return profiles.slice(0, maxBenchColumns);
	}
	return profiles;
}

/** The rows of a bench for the URLs given: each trimmed, with what keeps it from being tested; at most `maxBenchRows`. */
export function benchUrlRows(urls: readonly string[], notes: string[]): BenchRow[] {
	let kept = urls;
	if (kept.length > maxBenchRows) {
		notes.push(t('Showing the first {0} of {1} URLs.', formatNumber(maxBenchRows), formatNumber(kept.length)));
		kept = kept.slice(0, maxBenchRows);
	}
	return kept.map((raw) => {
		const url = raw.trim();
		const problem = describeUrlProblem(url);
		return problem === undefined ? { url } : { url, problem };
	});
}

/**
 * The probe URLs tried against a baseline (`probeUrls` of both versions) that are not rows already, at most
 * `maxProbes` (with a note when cut), and how many there were.
 */
export function benchProbes(baseline: RobotsModel, model: RobotsModel, rows: readonly BenchRow[], notes: string[]): { probes: string[]; tried: number } {
	const listed = new Set(rows.map((row) => row.url));
	const probes = probeUrls(baseline, model).filter((url) => !listed.has(url));
	if (probes.length > maxProbes) {
		notes.push(t('Probed the first {0} of {1} URLs derived from the rules.', formatNumber(maxProbes), formatNumber(probes.length)));
		return { probes: probes.slice(0, maxProbes), tried: probes.length };
	}
	return { probes, tried: probes.length };
}

/** The bench for a file, and its comparison with `baseline` when given. */
export function computeBench(model: RobotsModel, input: BenchInput, baseline?: BenchBaseline): Omit<BenchResult, 'uri' | 'version'> {
	const notes: string[] = [];
	const profiles = benchColumns(input.crawlers, notes);
	const rows = benchUrlRows(input.urls, notes);
	const probing = { added: 0, tried: 0 };
	if (baseline && input.probe) {
		const { probes, tried } = benchProbes(baseline.model, model, rows, notes);
		probing.tried = tried;
		// A probe becomes a row when its verdict changed for any column: its cells then count among those that changed.
		const flipped = new Set(verdictFlips(baseline.model, model, profiles, probes).map((flip) => flip.url));
		for (const url of probes) {
			if (flipped.has(url)) {
				rows.push({ url, probe: true });
			}
		}
		probing.added = flipped.size;
	}
	const testable: string[] = [];
	const rowOf: number[] = [];
	rows.forEach((row, index) => {
		if (row.problem === undefined) {
			testable.push(row.url);
			rowOf.push(index);
		}
	});
	const cells = tableCells(model, profiles, testable, rowOf, rows.length);
	const audit = auditByCategory(model, testable).map((category) => ({
		category: category.category,
		label: category.label,
		allowed: category.allowed,
		blocked: category.blocked,
		ignoring: category.ignoring,
		allowedPerUrl: spread(category.allowedPerUrl, rowOf, rows.length),
	}));
	const result = {
		columns: profiles.map((profile) => column(model, profile)),
		rows,
		cells,
		reasons: crawlerReasons.map((reason) => reasonWords(reason)),
		verdicts: [verdictWord('disallow'), verdictWord('allow')],
		lines: lineTexts(model, cells),
		audit,
		...(input.aiPolicy ? { aiPolicy: aiPolicy(model, testable) } : {}),
		...(input.preferences ? { preferences: preferenceCells(model, profiles, testable, rowOf, rows.length, cells) } : {}),
		notes,
	};
	if (!baseline) {
		return result;
	}
	return {
		...result,
		baseline: { ...compare(baseline, model, profiles, testable, rowOf, rows.length, cells), probesAdded: probing.added, probesTried: probing.tried },
	};
}

function column(model: RobotsModel, profile: CrawlerProfile): BenchColumn {
	const reading = readAs(model, profile);
	const note = [parserNote(profile), describeExtent(reading)].filter((part): part is string => part !== undefined).join(' ');
	return {
		crawler: summary(profile),
		follows: describeFollowing(reading),
		...(note !== '' ? { note } : {}),
		groupLine: reading.groups[0]?.line ?? null,
	};
}

/** The decisions of the testable rows, spread over all rows (-1 where a row cannot be tested). */
function tableCells(
	model: RobotsModel,
	profiles: readonly CrawlerProfile[],
	urls: readonly string[],
	rowOf: readonly number[],
	rowCount: number,
): PackedDecision[] {
	const table = decideTable(model, profiles, urls);
	const columns = profiles.length;
	const cells = new Array<number>(rowCount * columns).fill(-1);
	for (let i = 0; i < rowOf.length; i++) {
		const from = i * columns;
		const to = rowOf[i] * columns;
		for (let column = 0; column < columns; column++) {
			cells[to + column] = table[from + column];
		}
	}
	return cells;
}

/**
 * What the preference lines say in each cell: `crawlerPreferences` of the column's reading, asked with the verdict the
 * file's rules give the URL, which is the cell's own for a crawler that follows robots.txt (for a crawler that ignores
 * it, the decision of the same reading by a crawler that follows it). Columns that read the same groups of the same text share their answers
 * (on most files most crawlers follow `*`), and cells that answer alike share one entry of `answers`.
 */
function preferenceCells(
	model: RobotsModel,
	profiles: readonly CrawlerProfile[],
	urls: readonly string[],
	rowOf: readonly number[],
	rowCount: number,
	cells: readonly PackedDecision[],
): BenchPreferences {
	const columns = profiles.length;
	const out = new Array<number>(rowCount * columns).fill(-1);
	const ignoring = profiles.flatMap((profile, column) => (profile.ignoresRobotsTxt ? [column] : []));
	const ignored = decideTable(
		model,
		ignoring.map((column) => ({ ...profiles[column], ignoresRobotsTxt: false })),
		ignoring.length > 0 ? urls : [],
	);
	const answers: BenchPreference[][] = [];
	/** By the answer's words: its index in `answers`. */
	const byWords = new Map<string, number>();
	/** The readings of the columns so far, each with its answers per row where the URL may be fetched, and their indices. */
	const readings: {
		readonly model: RobotsModel;
		readonly key: string;
		readonly answer: (url: string, fileVerdict: 'allow' | 'disallow') => PreferenceAnswer;
		readonly fetchable: (PreferenceAnswer | undefined)[];
		readonly indices: Map<PreferenceAnswer, number>;
	}[] = [];
	profiles.forEach((profile, column) => {
		const reading = readAs(model, profile);
		const key = `${reading.extent.kind} ${reading.dialect} ${reading.selection.groups.map((group) => group.index).join(',')}`;
		let shared = readings.find((known) => known.model === reading.model && known.key === key);
		if (!shared) {
			shared = { model: reading.model, key, answer: crawlerPreferences(reading), fetchable: new Array(urls.length), indices: new Map() };
			readings.push(shared);
		}
		const own = ignoring.indexOf(column);
		for (let i = 0; i < urls.length; i++) {
			const at = rowOf[i] * columns + column;
			const verdict = isAllowedDecision(own < 0 ? cells[at] : ignored[i * ignoring.length + own]) ? 'allow' : 'disallow';
			const said = verdict === 'allow' ? (shared.fetchable[i] ??= shared.answer(urls[i], verdict)) : shared.answer(urls[i], verdict);
			let index = shared.indices.get(said);
			if (index === undefined) {
				const words = answerQuestions(reading.model, said, verdict === 'allow').map((question) => preferenceWords(reading.model, question));
				const key = JSON.stringify(words);
				index = byWords.get(key);
				if (index === undefined) {
					index = answers.length;
					answers.push(words);
					byWords.set(key, index);
				}
				shared.indices.set(said, index);
			}
			out[at] = index;
		}
	});
	return { questions: preferenceQuestions.map(questionName), answers, cells: out };
}

function questionName(question: PreferenceQuestion): string {
	switch (question) {
		case 'train':
			return t('May train');
		case 'input':
			return t('May use in answers');
		case 'search':
			return t('May index');
	}
}

/** One question's answer in words: the state for the cell, and a sentence and the deciding lines for the tooltip. */
function preferenceWords(model: RobotsModel, answer: QuestionAnswer): BenchPreference {
	const question = questionName(answer.question);
	const lines = answer.lines.map((line) => t('Line {0}: {1}', line + 1, ruleText(model.lineText(line).trim())));
	let word: string;
	let sentence: string;
	switch (answer.state) {
		case 'yes':
			word = t('yes');
			sentence = t('{0}: yes.', question);
			break;
		case 'no':
			word = t('no');
			sentence = t('{0}: no.', question);
			break;
		case 'disagree':
			word = t('lines disagree');
			sentence = t('{0}: Content-Usage and Content-Signal disagree; each reader follows the line it reads.', question);
			break;
		case 'not-stated':
			word = t('not stated');
			sentence = t('{0}: not stated; no preference line of the groups this crawler follows says.', question);
			break;
		case 'not-applicable':
			word = t('not applicable');
			sentence = t("{0}: not applicable; the file's rules do not let this crawler fetch the URL, and preferences apply only to what it may fetch.", question);
			break;
	}
	return { state: answer.state, word, detail: [sentence, ...lines].join('\n'), lines: answer.lines };
}

function spread(values: readonly number[], rowOf: readonly number[], rowCount: number): number[] {
	const out = new Array<number>(rowCount).fill(-1);
	rowOf.forEach((row, i) => {
		out[row] = values[i];
	});
	return out;
}

/** The text of every line the cells name. */
function lineTexts(model: RobotsModel, cells: readonly number[]): Record<string, string> {
	const lines: Record<string, string> = {};
	for (const cell of cells) {
		const line = benchCellLine(cell);
		if (cell >= 0 && line >= 0 && line < model.lineCount && lines[line] === undefined) {
			lines[line] = ruleText(model.lineText(line).trim());
		}
	}
	return lines;
}

function compare(
	baseline: BenchBaseline,
	model: RobotsModel,
	profiles: readonly CrawlerProfile[],
	testable: readonly string[],
	rowOf: readonly number[],
	rowCount: number,
	cells: readonly number[],
): Omit<BenchBaselineResult, 'probesAdded' | 'probesTried'> {
	const before = tableCells(baseline.model, profiles, testable, rowOf, rowCount);
	let changed = 0;
	for (let i = 0; i < cells.length; i++) {
		if (benchVerdictChanged(cells[i], before[i])) {
			changed++;
		}
	}
	const { changes } = diffRobots(baseline.model, model, { crawlers: profiles.map((profile) => profile.token), urls: [] });
	return {
		label: baseline.label,
		cells: before,
		lines: lineTexts(baseline.model, before),
		changed,
		readingChanges: changes.map((change) => ({ crawler: change.crawler, summary: describeChange(change) })),
	};
}

/** A cell in words for an export: the verdict, then the deciding line and its text, or the reason. */
function cellWords(cell: number, lines: Readonly<Record<string, string>>): { verdict: string; line: string; detail: string } {
	const { verdict, reason, line } = unpackDecision(cell);
	return {
		verdict: verdictWord(verdict),
		line: line >= 0 ? String(line + 1) : '',
		detail: line >= 0 ? (lines[line] ?? '') + (reason !== 'rule' ? ` (${reasonWords(reason)})` : '') : reasonWords(reason),
	};
}

/** RFC 4180: quoted when needed; a leading `=`, `+`, `-` or `@` is kept from being read as a spreadsheet formula. */
function csvField(text: string): string {
	const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
	return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The most characters an export holds (about as many bytes: CSV and Markdown of URLs are mostly ASCII). The whole of a
 * capped bench, 50 000 URLs by 200 crawlers, was one 367 MB answer, which took 20 s to arrive.
 */
const maxBenchExportChars = 32_000_000;

/**
 * The bench as CSV (a verdict, line and rule column per crawler, and what it was in the baseline when there is one)
 * or as a Markdown table (one cell per crawler: verdict, line, rule), for reports and reviews. The text stops before the
 * row that would take it past `maxChars`, and the note says how many rows it holds.
 */
export function formatBench(result: Omit<BenchResult, 'uri' | 'version'>, format: 'csv' | 'markdown', maxChars = maxBenchExportChars): BenchExportResult {
	const tokens = result.columns.map((column) => column.crawler.token);
	const columns = tokens.length;
	const baseline = result.baseline;
	const eol = format === 'csv' ? '\r\n' : '\n';
	const lines: string[] = [];
	let size = 0;
	const add = (line: string) => {
		lines.push(line);
		size += line.length + eol.length;
	};
	let rows = 0;
	/** Adds a row's line unless it would take the text past the limit, and says whether it did. */
	const addRow = (line: string) => {
		if (size + line.length + eol.length > maxChars) {
			return false;
		}
		add(line);
		rows++;
		return true;
	};
	if (format === 'csv') {
		const head = ['URL', t('Problem')];
		for (const token of tokens) {
			head.push(token, t('{0} line', token), t('{0} rule or reason', token));
			if (baseline) {
				head.push(t('{0} in {1}', token, baseline.label));
			}
		}
		add(head.map(csvField).join(','));
		for (let r = 0; r < result.rows.length; r++) {
			const row = result.rows[r];
			const fields = [row.url, row.problem ?? ''];
			for (let c = 0; c < columns; c++) {
				const cell = result.cells[r * columns + c];
				if (cell < 0) {
					fields.push('', '', '');
					if (baseline) {
						fields.push('');
					}
					continue;
				}
				const words = cellWords(cell, result.lines);
				fields.push(words.verdict, words.line, words.detail);
				if (baseline) {
					const before = cellWords(baseline.cells[r * columns + c], baseline.lines);
					fields.push(before.line ? t('{0} by line {1}', before.verdict, before.line) : before.verdict);
				}
			}
			if (!addRow(fields.map(csvField).join(','))) {
				break;
			}
		}
	} else {
		add(`| URL | ${tokens.map(escapeMarkdownText).join(' | ')} |`);
		add(`| --- |${' --- |'.repeat(columns)}`);
		for (let r = 0; r < result.rows.length; r++) {
			const row = result.rows[r];
			const cells: string[] = [];
			for (let c = 0; c < columns; c++) {
				const cell = result.cells[r * columns + c];
				if (cell < 0) {
					cells.push(c === 0 ? escapeMarkdownOutsideCode(row.problem ?? '', true) : '');
					continue;
				}
				const words = cellWords(cell, result.lines);
				let text = words.line
					? t('{0} line {1} {2}', `**${words.verdict}**`, words.line, codeSpan(result.lines[Number(words.line) - 1] ?? '', true))
					: `**${words.verdict}** (${escapeMarkdownText(words.detail)})`;
				if (baseline && benchVerdictChanged(cell, baseline.cells[r * columns + c])) {
					const before = cellWords(baseline.cells[r * columns + c], baseline.lines);
					text = before.line
						? t('{0}, was {1} by line {2} in {3}', text, before.verdict, before.line, escapeMarkdownText(baseline.label))
						: t('{0}, was {1} in {2}', text, before.verdict, escapeMarkdownText(baseline.label));
				}
				cells.push(text);
			}
			if (!addRow(`| ${escapeMarkdownText(row.url)} | ${cells.join(' | ')} |`)) {
				break;
			}
		}
	}
	const text = lines.join(eol) + eol;
	if (rows === result.rows.length) {
		return { text };
	}
	return {
		text,
		note: t(
			'The export holds the first {0} of {1} rows: it stops at {2} MB. Export fewer URLs or crawlers to get the rest.',
			formatNumber(rows),
			formatNumber(result.rows.length),
			formatNumber(Math.round(maxChars / 1_000_000)),
		),
	};
}
