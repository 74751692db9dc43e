/**
 * `robots-txt logs`: server access logs against a robots.txt. Each log (a file, or standard input, gzip or not) is read
 * as a stream of lines with a `LogReader` of its own; each request is attributed to the crawler its User-Agent names
 * and judged as that crawler reads the file in force at its time (the core's `LogAnalysis`); the report says, per
 * crawler, what it fetched, what its reading disallows ("violations"), and whether its addresses are its owner's.
 * `--merge` adds the JSON reports of shards. A line that does not parse is counted and quoted, never fatal.
 */

import { closeSync, openSync, statSync } from 'node:fs';
import {
	crawlerAt,
	LogAnalysis,
	LogReader,
	type LogFormatName,
	logFormatNames,
	type LogReport,
	mergeLogReports,
	readLogReport,
	type RobotsVersion,
} from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';
import { type OptionTable, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { describeError, inputName, readBytes, readText } from './io';
import type { InputLine } from '../../io/src/lines';
import { readLines } from './lines';
import { LogThreads } from './logThreads';
import { defaultThreads, readThreads } from './workerPool';
import { RangeLists } from './logRanges';
import { renderLogReport, reportFormats, type ReportFormat } from './logReport';
import { committedVersions } from './robotsHistory';
import { type FetchSettings, isUrl, readRobotsSource, robotsModel } from './source';

/** The options of `robots-txt logs`, in the order its help lists them. */
const logsOptions = {
	robots: { value: '<file|URL>', help: () => t('the robots.txt to judge the requests by: a file, or a URL fetched once') },
	'robots-history': {
		help: () => t('--robots is a file committed in git: each request is judged by the version committed last before its time (the first version before that)'),
	},
	'log-format': { value: '<name>', help: () => t('the format of every log: {0} (default: told from each file)', logFormatNames.join(' | ')) },
	ranges: {
		value: '[<token>=]<file|URL>',
		multiple: true,
		help: () =>
			t(
				'an IP range list in the JSON shape Google publishes ({0}), for the crawlers named before "=", or without them, a list the catalogue knows by its URL or file name',
				'"prefixes": [{"ipv4Prefix"}, {"ipv6Prefix"}]',
			),
	},
	verify: {
		help: () => t('fetch the range lists the catalogue knows for each crawler in the log, kept in the cache folder for as long as their response allows'),
	},
	format: { value: '<name>', help: () => t('text, json (the report, which --merge reads), csv or markdown') },
	top: { value: '<n>', help: () => t('the paths listed per crawler among its violations (default 10)') },
	'fail-on-violation': { help: () => t('exit status 1 when a verified crawler fetched a URL its reading of the file disallows') },
	merge: { help: () => t('add up the JSON reports of shards, given as files or standard input, instead of reading logs') },
	'any-file': { help: () => t('answer for a --robots that is not robots.txt (an HTML page, JSON, a binary) as crawlers would, with a warning') },
	threads: {
		value: '<n>',
		help: () =>
			t(
				'worker threads that judge the lines of a log (default: one per core, here {0}, for a file over 96 MiB, and for standard input or gzip once 256 MiB are read; when given, for every log from its start); 1 reads in this thread alone. The report is the same',
				formatNumber(defaultThreads()),
			),
	},
} satisfies OptionTable;

interface LogsOptions {
	readonly inputs: readonly string[];
	readonly merge: boolean;
	readonly robots?: string;
	readonly history: boolean;
	readonly logFormat?: LogFormatName;
	readonly ranges: readonly string[];
	readonly verify: boolean;
	readonly format: ReportFormat;
	readonly top?: number;
	readonly failOnViolation: boolean;
	readonly anyFile: boolean;
	readonly threads: number;
	/** Whether --threads was given. */
	readonly threadsAsked: boolean;
}

function parseLogsArguments(args: readonly string[]): LogsOptions {
	const { values, positionals } = readArguments(args, logsOptions);
	const top = values.top;
	if (top !== undefined && !/^[1-9]\d{0,5}$/.test(top)) {
		throw new UsageError(t('--top takes a whole number from 1 to {0}, not "{1}"', formatNumber(999_999), top));
	}
	const threads = readThreads(values.threads);
	const options: LogsOptions = {
		inputs: positionals,
		merge: values.merge === true,
		robots: values.robots,
		history: values['robots-history'] === true,
		logFormat: values['log-format'] === undefined ? undefined : readFormat(values['log-format'], logFormatNames),
		ranges: values.ranges ?? [],
		verify: values.verify === true,
		format: readFormat(values.format, reportFormats),
		...(top !== undefined ? { top: Number(top) } : {}),
		failOnViolation: values['fail-on-violation'] === true,
		anyFile: values['any-file'] === true,
		threads: threads.threads,
		threadsAsked: threads.asked,
	};
	if (options.merge) {
		if (
			options.robots !== undefined
			|| options.history
			|| options.logFormat !== undefined
			|| options.ranges.length > 0
			|| options.verify
			|| options.top !== undefined
			|| options.anyFile
			|| values.threads !== undefined
		) {
			throw new UsageError(
				t('--merge adds reports up; it takes no --robots, --robots-history, --log-format, --ranges, --verify, --top, --any-file or --threads'),
			);
		}
		if (positionals.length === 0) {
			throw new UsageError(t('no report to merge (give JSON reports of robots-txt logs, or - for standard input)'));
		}
		return options;
	}
	if (options.robots === undefined) {
		throw new UsageError(t('missing --robots <file|URL>'));
	}
	if (positionals.length === 0) {
		throw new UsageError(t('no log to read (give log files, or - for standard input)'));
	}
	if (options.history && isUrl(options.robots)) {
		throw new UsageError(t('--robots-history reads the versions of a file committed in git, not of a URL'));
	}
	if (positionals.filter((input) => input === '-').length + (options.robots === '-' ? 1 : 0) > 1) {
		throw new UsageError(t('standard input can be read once: give - once'));
	}
	return options;
}

/**
 * A log that cannot be opened is a usage error before anything is read (a directory too). A named pipe or a device is
 * not opened to check: a pipe opened and closed here loses its writer (`mkfifo` and a program writing into it), and the
 * reader's own open would then wait for ever; its reader says why it cannot be read.
 */
function checkReadable(path: string): void {
	if (path === '-') {
		return;
	}
	try {
		const stat = statSync(path);
		if (stat.isDirectory()) {
			throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
		}
		if (stat.isFile()) {
			closeSync(openSync(path, 'r'));
		}
	} catch (error) {
		throw new UsageError(t('cannot read {0}: {1}', path, describeError(error)));
	}
}

/** The robots.txt versions the requests are judged by: one (a file or URL), or each committed one (`--robots-history`). */
async function readVersions(options: LogsOptions, settings: FetchSettings, io: CommandIo): Promise<RobotsVersion[]> {
	const spec = options.robots!;
	const warnings: string[] = [];
	const warn = (message: string) => warnings.push(message);
	let versions: RobotsVersion[];
	if (options.history) {
		// Read first, so that a missing file is said as for any other input.
		readBytes(spec);
		versions = (await committedVersions(spec)).map((version) => ({
			model: robotsModel(version.bytes, `${inputName(spec)} (${version.label})`, options.anyFile, warn),
			since: version.since,
			label: version.label,
		}));
	} else {
		const source = await readRobotsSource(spec, settings);
		versions = [{ model: robotsModel(source.bytes, source.name, options.anyFile, warn), since: null, label: source.name }];
	}
	for (const warning of warnings) {
		await io.error(warning);
	}
	return versions;
}

/** Reads the logs into an analysis; resolves to whether every log was read to its end. */
async function readLogs(
	options: LogsOptions,
	analysis: LogAnalysis,
	versions: readonly RobotsVersion[],
	lists: RangeLists | undefined,
	io: CommandIo,
): Promise<boolean> {
	let complete = true;
	const addresses = options.ranges.length > 0 || options.verify;
	const threads = options.threads > 1 ? new LogThreads(options.threads, versions, addresses, options.threadsAsked) : undefined;
	try {
		for (const path of options.inputs) {
			const file = inputName(path);
			const before = analysis.counted();
			try {
				if (threads !== undefined && !threads.readsHere(path)) {
					await threads.read(
						path,
						options.logFormat,
						async (judged, firstLine) => {
							if (lists !== undefined) {
								// Its lists are fetched on a crawler's first request, before that request is counted.
								for (const index of new Set(judged.crawler)) {
									await lists.verify(crawlerAt(index).token);
								}
							}
							analysis.addJudged(judged, { file, firstLine });
						},
						(lines, before, reader) => countLines(lines, before, reader, file, analysis, lists),
					);
				} else {
					await readLogHere(path, file, options.logFormat, analysis, lists);
				}
			} catch (error) {
				if (!(error instanceof UsageError)) {
					throw error;
				}
				// A log cut short (a gzip stream compressed while written) is reported; the lines read so far count.
				await io.error(error.message);
				complete = false;
			}
			const after = analysis.counted();
			if (after.requests === before.requests && after.unparsed > before.unparsed) {
				// Unparsed lines are never fatal, but a file none of whose lines reads is likely not a log, or one of a
				// format the reader did not tell: the report alone would say only that nothing was found.
				await io.error(
					t(
						'warning: {0}: {1}',
						file,
						t(
							'none of its lines reads as a request ({0} unparsed); if it is an access log, --log-format names its format: {1}',
							formatNumber(after.unparsed - before.unparsed),
							logFormatNames.join(' | '),
						),
					),
				);
			}
		}
		for (const partials of (await threads?.finish()) ?? []) {
			analysis.addPartials(partials);
		}
	} finally {
		await threads?.close();
	}
	return complete;
}

/** Reads one log in this thread, a line at a time. */
async function readLogHere(path: string, file: string, format: LogFormatName | undefined, analysis: LogAnalysis, lists: RangeLists | undefined): Promise<void> {
	const reader = new LogReader(format);
	for await (const batch of readLines(path)) {
		await countLines(batch, 0, reader, file, analysis, lists);
	}
}

/** Counts lines of a log read by `reader` in this thread; `before`: the number of the line before the first. */
async function countLines(
	lines: readonly InputLine[],
	before: number,
	reader: LogReader,
	file: string,
	analysis: LogAnalysis,
	lists: RangeLists | undefined,
): Promise<void> {
	for (const line of lines) {
		if ('tooLong' in line) {
			analysis.add({ kind: 'unparsed', reason: 'too-long' }, { file, line: before + line.line, text: '' });
			continue;
		}
		const read = reader.read(line.text);
		if (lists !== undefined && read.kind === 'request') {
			// Its lists are fetched on a crawler's first request, before that request is judged.
			const claimed = analysis.claimant(read.record);
			if (claimed !== undefined) {
				await lists.verify(claimed.token);
			}
		}
		analysis.add(read, { file, line: before + line.line, text: line.text });
	}
}

/** Reads the reports `--merge` is given; one that is not a report is a usage error that says why. */
function readReports(paths: readonly string[]): LogReport[] {
	return paths.map((path) => {
		let json: unknown;
		try {
			json = JSON.parse(readText(path));
		} catch (error) {
			if (error instanceof UsageError) {
				throw error;
			}
			json = undefined;
		}
		const report = readLogReport(json);
		if ('error' in report) {
			throw new UsageError(`${inputName(path)}: ${report.error}`);
		}
		return report;
	});
}

/**
 * Runs `robots-txt logs`. Exit status: 0; 1 with --fail-on-violation when a verified crawler broke the rules; 2 on bad
 * arguments or an input that could not be read (the report of what was read is still written).
 */
async function runLogs(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseLogsArguments(args);
	let report: LogReport;
	let complete = true;
	if (options.merge) {
		report = mergeLogReports(readReports(options.inputs));
	} else {
		options.inputs.forEach(checkReadable);
		const settings: FetchSettings = { version: io.version };
		const versions = await readVersions(options, settings, io);
		let lists: RangeLists | undefined;
		if (options.ranges.length > 0 || options.verify) {
			lists = new RangeLists(settings, (message) => io.error(message));
			for (const value of options.ranges) {
				await lists.give(value);
			}
		}
		const analysis = new LogAnalysis({ versions, ...(lists ? { ranges: lists.ranges } : {}), ...(options.top !== undefined ? { top: options.top } : {}) });
		complete = await readLogs(options, analysis, versions, options.verify ? lists : undefined, io);
		report = analysis.report();
	}
	await io.out.write(renderLogReport(report, options.format));
	if (!complete) {
		return 2;
	}
	return options.failOnViolation && report.crawlers.some((crawler) => crawler.verifiedViolations > 0) ? 1 : 0;
}

export const logsCommand: Command = {
	name: 'logs',
	summary: () => t('reads server access logs against a robots.txt: who crawled, what their reading of the file disallows, and whose addresses are real'),
	synopsis: [
		'robots-txt logs <log-file|->... --robots <file|URL> [--robots-history] [--log-format <name>] [--ranges [<token>=]<file|URL>]... [--verify] [--format text|json|csv|markdown] [--top <n>] [--fail-on-violation] [--threads <n>]',
		'robots-txt logs --merge <report.json|->... [--format text|json|csv|markdown] [--fail-on-violation]',
	],
	about: () => [
		t(
			'Reads server access logs and judges every request a crawler of the catalogue made (told by its User-Agent) as that crawler reads the robots.txt: per crawler, its requests, distinct URLs, the requests its reading disallows (violations) with the top paths and the deciding line, verified and impostor requests, its fetches of /robots.txt, and when it was first and last seen.',
		),
	],
	options: logsOptions,
	notes: () => [
		t(
			'Logs: Combined and Common Log Format (nginx, Apache), W3C extended (IIS, CloudFront), JSON lines (Cloudflare Logpush field names, or ip, path or url, user_agent or ua, time or timestamp, status); the format is told from each file. Logs compressed with gzip are read as they are, from files or standard input. A line that does not parse is counted, and the first few are quoted with their line numbers.',
		),
		t(
			'Identity: a request is verified when its address lies in a range list of its crawler, an impostor when it lies outside all of them, and unverified when no list for the crawler was given. Lists: --ranges (a file or URL; Googlebot=list.json says whom it vouches for), and --verify (the lists the catalogue knows, fetched through HTTPS_PROXY and kept in $XDG_CACHE_HOME/robots-txt/ranges or ~/.cache/robots-txt/ranges). A list --verify cannot fetch is a warning.',
		),
		t(
			'History: with --robots-history, the versions of --robots are its commits in git, renames followed; each is in force from its commit time, and the report names the version that decided by its short hash and date.',
		),
		t(
			'Shards: run logs --format json on each part of the logs (a file, a day, a machine) and add the reports with logs --merge: counts add up, distinct URLs merge through the sketch each report carries, top paths are those of the whole.',
		),
		t(
			'Exit status: 0; 1 with --fail-on-violation when a verified crawler fetched a URL its reading of the file disallows; 2 on bad arguments or an input that could not be read (the report of what was read is still written).',
		),
	],
	run: runLogs,
};
