/**
 * The report of `robots-txt logs` for people and tools: `json` (the core's report as it is, which `--merge` reads
 * back), `text` (totals, a table of crawlers, each crawler's top violations, the unparsed lines quoted), `csv` (one
 * table: a row per crawler, `kind` crawler, then a row per top violation of each, `kind` violation, so that any CSV
 * reader takes it whole and a filter on `kind` gives either table) and `markdown` (the text's tables). Text from the
 * logs and the file (paths, rules, lines that do not parse) is shown with its control characters escaped, and enters
 * markdown only as code.
 */

import { type LogLineProblem, type LogReport, listNames } from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';
import { codeSpan, escapeMarkdownText } from '../../core/src/markdown';
import { table } from './help';
import { tooLongMessage } from './lines';
import { escapeControls } from './terminal';

/** The formats of the report, the default first. */
export const reportFormats = ['text', 'json', 'csv', 'markdown'] as const;

export type ReportFormat = (typeof reportFormats)[number];

type CrawlerRow = LogReport['crawlers'][number];
type ViolationRow = CrawlerRow['topViolations'][number];

/** A time of the report (ISO 8601 in UTC) without its milliseconds when they are none; empty when unknown. */
function time(value: string | null): string {
	return value === null ? '' : value.replace(/\.000Z$/, 'Z');
}

/** Why a line gave no request, in words. */
function problemWords(reason: LogLineProblem): string {
	switch (reason) {
		case 'empty':
			return t('the line is empty');
		case 'quote':
			return t('a quoted field never closes');
		case 'shape':
			return t('a field is missing or is not what the format puts there');
		case 'time':
			return t('the time cannot be read');
		case 'request':
			return t('the request is not a method and a target');
		case 'status':
			return t('the status is not a three-digit number');
		case 'json':
			return t('not a JSON object');
		case 'target':
			return t('no request target');
		case 'fields':
			return t('a W3C line before any #Fields: directive');
		case 'columns':
			return t('the columns are not those its #Fields: directive names');
		case 'format':
			return t('no log format reads the line');
		case 'too-long':
			return tooLongMessage();
	}
}

/** The totals, as label and count. */
function totals(report: LogReport): [string, string][] {
	const crawled = report.crawlers.reduce((sum, crawler) => sum + crawler.requests, 0);
	return [
		[t('Lines'), formatNumber(report.lines)],
		[t('Requests'), formatNumber(report.requests)],
		[t('From crawlers of the catalogue'), formatNumber(crawled)],
		[t('From browsers'), formatNumber(report.browsers)],
		[t('From unknown bots'), formatNumber(report.unknownBots)],
		[t('From others'), formatNumber(report.others)],
		[t('Unparsed lines'), formatNumber(report.unparsed)],
	];
}

/** The headings of the crawler table and each crawler's cells (times in ISO 8601). */
function crawlerTable(report: LogReport): string[][] {
	return [
		[t('Crawler'), t('Requests'), t('URLs'), t('Violations'), t('Verified'), t('Impostors'), t('robots.txt fetches'), t('First seen'), t('Last seen')],
		...report.crawlers.map((crawler) => [
			crawler.token,
			formatNumber(crawler.requests),
			formatNumber(crawler.urls),
			formatNumber(crawler.violations),
			formatNumber(crawler.verified),
			formatNumber(crawler.unverified),
			formatNumber(crawler.robotsTxtFetches),
			time(crawler.firstSeen),
			time(crawler.lastSeen),
		]),
	];
}

/**
 * The requests of crawlers not checked against a range list, in a sentence: Verified and Impostors count only those
 * checked, and a 0 there would read as no request being genuine. Undefined when every request was checked.
 */
function uncheckedNote(report: LogReport): string | undefined {
	const unchecked = report.crawlers
		.map((crawler) => ({ token: crawler.token, count: crawler.requests - crawler.verified - crawler.unverified }))
		.filter(({ count }) => count > 0);
	if (unchecked.length === 0) {
		return undefined;
	}
	return t(
		'Verified and Impostors count the requests checked against a range list of their crawler (--ranges, --verify); not checked: {0}.',
		listNames(
			unchecked.map(({ token, count }) => `${token} ${formatNumber(count)}`),
			10,
		),
	);
}

/** What decided a violation: `line 2: Disallow: /private`, with the version when the report has several. */
function decidedBy(violation: ViolationRow, versions: boolean): string {
	const line = t('line {0}: {1}', violation.line, violation.rule);
	return versions && violation.version !== undefined ? t('{0} (version {1})', line, violation.version) : line;
}

/** A crawler's violations in words: how many, how many verified, and the disallowed requests counted apart. */
function violationsHeading(crawler: CrawlerRow): string {
	const heading = t(
		'{0}: violations: {1}, from verified addresses: {2}; disallowed requests from impostors: {3}',
		crawler.token,
		formatNumber(crawler.violations),
		formatNumber(crawler.verifiedViolations),
		formatNumber(crawler.impostorViolations),
	);
	return crawler.ignored > 0
		? `${heading}\n${t('{0} does not follow robots.txt; requests the file disallows: {1}', crawler.token, formatNumber(crawler.ignored))}`
		: heading;
}

function versionsLine(report: LogReport): string {
	return report.versions.map((version) => (version.since === null ? version.label : `${version.label} (${time(version.since)})`)).join(', ');
}

function textReport(report: LogReport): string {
	const several = report.versions.length > 1;
	// What the logs and the file wrote (paths, rules, labels, lines) is escaped where it enters; the tables' own line
	// breaks stay.
	const out = [escapeControls(t('robots.txt: {0}', versionsLine(report))), '', table(totals(report))];
	if (report.crawlers.length > 0) {
		out.push('', table(crawlerTable(report)));
		const unchecked = uncheckedNote(report);
		if (unchecked !== undefined) {
			out.push('', escapeControls(unchecked));
		}
	}
	for (const crawler of report.crawlers) {
		if (crawler.violations + crawler.impostorViolations + crawler.ignored === 0) {
			continue;
		}
		out.push('', violationsHeading(crawler));
		if (crawler.topViolations.length > 0) {
			out.push(
				table(
					crawler.topViolations.map((violation) => [
						`  ${formatNumber(violation.count)}`,
						escapeControls(violation.path),
						escapeControls(decidedBy(violation, several)),
					]),
				),
			);
		}
	}
	if (report.unparsedSamples.length > 0) {
		out.push('', t('Unparsed lines, the first {0} of {1}:', formatNumber(report.unparsedSamples.length), formatNumber(report.unparsed)));
		for (const sample of report.unparsedSamples) {
			const where = `  ${sample.file}:${sample.line}: ${problemWords(sample.reason)}`;
			out.push(escapeControls(sample.reason === 'too-long' ? where : `${where}: ${shownSample(sample.text)}`));
		}
	}
	return out.join('\n') + '\n';
}

/** The characters of an unparsed line's quote the text report shows: a binary line's escapes would fill the screen. */
const shownSampleChars = 240;

/** An unparsed line quoted as JSON, cut (with no closing quote) before `shownSampleChars` characters of escapes and text. */
function shownSample(text: string): string {
	let shown = '';
	for (const char of text) {
		const escaped = JSON.stringify(char).slice(1, -1);
		if (shown.length + escaped.length > shownSampleChars) {
			return `"${shown}…`;
		}
		shown += escaped;
	}
	return `"${shown}"`;
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
function csvField(value: string | number | null | undefined): string {
	const text = value === null || value === undefined ? '' : String(value);
	return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvColumns = [
	'kind',
	'token',
	'requests',
	'urls',
	'violations',
	'verifiedViolations',
	'impostorViolations',
	'ignored',
	'verified',
	'unverified',
	'robotsTxtFetches',
	'firstSeen',
	'lastSeen',
	'path',
	'count',
	'line',
	'rule',
	'version',
] as const;

function csvReport(report: LogReport): string {
	const rows: Record<string, string | number | null | undefined>[] = [];
	for (const crawler of report.crawlers) {
		const { topViolations: _, urlsSketch: __, ...counts } = crawler;
		rows.push({ kind: 'crawler', ...counts, firstSeen: time(crawler.firstSeen), lastSeen: time(crawler.lastSeen) });
	}
	for (const crawler of report.crawlers) {
		for (const violation of crawler.topViolations) {
			rows.push({ kind: 'violation', token: crawler.token, ...violation });
		}
	}
	return [csvColumns.join(','), ...rows.map((row) => csvColumns.map((column) => csvField(row[column])).join(','))].join('\r\n') + '\r\n';
}

/** A markdown table: the headings escaped, the cells as given (already markdown). */
function markdownTable(headings: readonly string[], rows: readonly (readonly string[])[]): string[] {
	return [`| ${headings.map(escapeMarkdownText).join(' | ')} |`, `|${' --- |'.repeat(headings.length)}`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

function markdownReport(report: LogReport): string {
	const several = report.versions.length > 1;
	const code = (text: string) => codeSpan(text, true);
	const out = [`# ${escapeMarkdownText(t('robots.txt: {0}', versionsLine(report)))}`, ''];
	out.push(
		...markdownTable(
			['', ''],
			totals(report).map(([label, count]) => [escapeMarkdownText(label), count]),
		),
	);
	if (report.crawlers.length > 0) {
		const [headings, ...rows] = crawlerTable(report);
		out.push(
			'',
			...markdownTable(
				headings,
				rows.map(([token, ...cells]) => [code(token), ...cells]),
			),
		);
		const unchecked = uncheckedNote(report);
		if (unchecked !== undefined) {
			out.push('', escapeMarkdownText(unchecked));
		}
	}
	const violations = report.crawlers.flatMap((crawler) =>
		crawler.topViolations.map((violation) => [
			code(crawler.token),
			formatNumber(violation.count),
			code(violation.path),
			escapeMarkdownText(t('line {0}', violation.line)),
			code(violation.rule),
			...(several ? [violation.version === undefined ? '' : code(violation.version)] : []),
		]),
	);
	if (violations.length > 0) {
		const headings = [t('Crawler'), t('Requests'), t('Path'), t('Line'), t('Rule'), ...(several ? [t('Version')] : [])];
		out.push('', `## ${escapeMarkdownText(t('Violations'))}`, '', ...markdownTable(headings, violations));
	}
	if (report.unparsedSamples.length > 0) {
		out.push(
			'',
			`## ${escapeMarkdownText(t('Unparsed lines, the first {0} of {1}:', formatNumber(report.unparsedSamples.length), formatNumber(report.unparsed)))}`,
			'',
		);
		out.push(
			...markdownTable(
				[t('Line'), t('Reason'), t('Text')],
				report.unparsedSamples.map((sample) => [
					code(`${sample.file}:${sample.line}`),
					escapeMarkdownText(problemWords(sample.reason)),
					sample.reason === 'too-long' ? '' : code(sample.text),
				]),
			),
		);
	}
	return out.join('\n') + '\n';
}

/** The report in a format, ending with a line break. */
export function renderLogReport(report: LogReport, format: ReportFormat): string {
	switch (format) {
		case 'json':
			return `${JSON.stringify(report, null, 2)}\n`;
		case 'csv':
			return csvReport(report);
		case 'markdown':
			return markdownReport(report);
		case 'text':
			return textReport(report);
	}
}
