/**
 * The `robots-txt` command line: the core's URL tester for scripts and CI. It owns all IO (files, stdin, stdout)
 * and exit codes; every answer comes from the core.
 * Exit codes: 0 when evaluation succeeded (whatever the verdicts), 2 on bad arguments or unreadable input.
 */

import { readFileSync } from 'node:fs';
import {
	allDialects,
	decodeRobotsBytes,
	evaluate,
	evaluateAs,
	explainEvaluation,
	isDialect,
	parse,
	type CrawlerEvaluation,
	type Dialect,
	type Evaluation,
	type RobotsModel,
} from '../core/index';
import { ArgumentReader, parseDialect, UsageError } from './args';
import { crawlersUsage, runCrawlers } from './crawlers';
import { lintUsage, runLint } from './lint';

const usage = `Usage:
  robots-txt test <robots-file> --agent <name>[,<name>...] [--dialect <dialect>] [--json] [--urls <file|->] [<url>...]
  robots-txt test --batch <file|-> [--dialect <dialect>]
${lintUsage}
${crawlersUsage}

test: checks URLs against a robots.txt file and says which line decides, for each crawler as it reads the file
  (its own parser, the tokens it falls back to, whether it ignores "*", where it stops reading).
  --agent <names>     crawler product tokens, comma-separated, e.g. Googlebot or Googlebot,bingbot,GPTBot
  --dialect <name>    answer as this parser exactly, not as the crawler: ${allDialects.join(' | ')}
  --json              one JSON object per URL and crawler
  --urls <file|->     read one URL a line from a file or standard input
  --batch <file|->    JSON lines {"robots", "agent", "url", "dialect"?}, answered in order as JSON lines

lint: reports the mistakes in robots.txt files (folders are searched for files named robots.txt).
  --format <name>     text (file:line:col: severity code: message), json, or sarif (SARIF 2.1.0)
  --crawler <tokens>  the crawlers the site cares about, comma-separated (default: the major search engines and AI crawlers)
  --dialect <name>    parsers to compare against besides the crawlers' own; repeat or separate with commas
  --max-warnings <n>  fail when there are more warnings than this

Line numbers are 1-based. Exit status: test: 0 when every URL was evaluated; lint: 1 when there are errors (or more
warnings than --max-warnings), else 0; both: 2 on bad arguments or unreadable files.`;

const version = '0.1.0';

interface TestOptions {
	robotsFile?: string;
	agents?: string[];
	/** Set: answer as this parser exactly; unset: as each crawler reads the file. */
	dialect?: Dialect;
	json: boolean;
	urlsFrom?: string;
	batch?: string;
	urls: string[];
}

function parseArguments(args: readonly string[]): TestOptions {
	const options: TestOptions = { json: false, urls: [] };
	const positional: string[] = [];
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--agent':
				options.agents = reader.value(arg).split(',').map((agent) => agent.trim());
				if (options.agents.some((agent) => agent === '')) {
					throw new UsageError('--agent needs crawler tokens, e.g. Googlebot or Googlebot,bingbot');
				}
				break;
			case '--dialect':
				options.dialect = parseDialect(reader.value(arg));
				break;
			case '--json':
				options.json = true;
				break;
			case '--urls':
				options.urlsFrom = reader.value(arg);
				break;
			case '--batch':
				options.batch = reader.value(arg);
				break;
			case '--':
				for (const rest of reader.rest()) {
					positional.push(rest);
				}
				break;
			default:
				if (arg.startsWith('--')) {
					throw new UsageError(`unknown option ${arg}`);
				}
				positional.push(arg);
		}
	}
	if (options.batch !== undefined) {
		if (positional.length > 0 || options.agents !== undefined || options.urlsFrom !== undefined) {
			throw new UsageError('--batch takes no robots file, --agent, --urls or URLs');
		}
		return options;
	}
	[options.robotsFile, ...options.urls] = positional;
	if (options.robotsFile === undefined) {
		throw new UsageError('missing <robots-file>');
	}
	if (options.agents === undefined) {
		throw new UsageError('missing --agent <name>');
	}
	if (options.urls.length === 0 && options.urlsFrom === undefined) {
		throw new UsageError('no URL to test (give URLs or --urls <file|->)');
	}
	return options;
}

function readInput(path: string): string {
	try {
		return readFileSync(path === '-' ? 0 : path, 'utf8');
	} catch (error) {
		throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
	}
}

/**
 * Reads a robots.txt as a crawler receives it: bytes, decoded as UTF-8 with the byte order mark kept and every byte
 * that is not UTF-8 kept as itself (so Google's reading of a Latin-1 file matches as Google's does).
 */
function readRobots(path: string): RobotsModel {
	let bytes: Buffer;
	try {
		bytes = readFileSync(path === '-' ? 0 : path);
	} catch (error) {
		throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
	}
	return parse(decodeRobotsBytes(bytes));
}

function splitLines(text: string): string[] {
	return text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** One answer: a parser's exactly (`--dialect`), or a crawler's. */
type Answer = { readonly kind: 'parser'; readonly evaluation: Evaluation } | { readonly kind: 'crawler'; readonly evaluation: CrawlerEvaluation };

function answer(model: RobotsModel, agent: string, url: string, dialect: Dialect | undefined): Answer {
	return dialect === undefined
		? { kind: 'crawler', evaluation: evaluateAs(model, agent, url) }
		: { kind: 'parser', evaluation: evaluate(model, { agent, url, dialect }) };
}

function toJson(result: Answer, robots?: string): string {
	const record: Record<string, unknown> = {};
	if (robots !== undefined) {
		record.robots = robots;
	}
	const evaluation = result.evaluation;
	record.url = evaluation.url;
	if (result.kind === 'parser') {
		record.agent = result.evaluation.agent;
		record.dialect = result.evaluation.dialect;
	} else {
		const { crawler, reading } = result.evaluation;
		record.agent = crawler.token;
		record.dialect = reading.dialect;
		record.known = crawler.known;
	}
	record.verdict = evaluation.verdict;
	record.line = evaluation.rule ? evaluation.rule.line + 1 : null;
	record.rule = evaluation.rule ? evaluation.rule.text : null;
	record.reason = evaluation.reason;
	if (result.kind === 'crawler') {
		const { reading } = result.evaluation;
		record.follows = reading.follows;
		record.groups = reading.groups.map((group) => group.line + 1);
		record.readBytes = reading.extent.kind === 'cut' ? reading.extent.limit : null;
		record.explanation = explainEvaluation(result.evaluation);
	} else {
		record.groups = result.evaluation.groups.map((group) => group.line + 1);
	}
	return JSON.stringify(record);
}

function toText(result: Answer, showAgent: boolean): string {
	const evaluation = result.evaluation;
	const verdict = evaluation.verdict === 'allow' ? 'ALLOWED   ' : 'DISALLOWED';
	const agent = showAgent ? `  as ${result.kind === 'crawler' ? result.evaluation.crawler.token : result.evaluation.agent}` : '';
	return `${verdict} ${evaluation.url}${agent}  (${decided(result)})`;
}

/** What decided, in a few words; when no rule did, the group followed (or that none applies). */
function decided(result: Answer): string {
	const evaluation = result.evaluation;
	if (evaluation.rule) {
		const cut = result.kind === 'crawler' && result.evaluation.reason === 'ignores-robots-txt'
			? `${result.evaluation.crawler.token} does not follow robots.txt; the file would ${result.evaluation.fileVerdict} it by `
			: '';
		return `${cut}line ${evaluation.rule.line + 1}: ${evaluation.rule.text}`;
	}
	const groups = result.kind === 'crawler' ? result.evaluation.reading.groups : result.evaluation.groups;
	const group = groups.length === 0 ? '' : `the group at line ${listLines(groups.map((entry) => entry.line))}`;
	switch (evaluation.reason) {
		case 'robots-txt':
			return '/robots.txt is always allowed';
		case 'no-group':
			return result.kind === 'crawler' && result.evaluation.reading.skippedGlobal.length > 0
				? `no group applies: ${result.evaluation.crawler.token} ignores "User-agent: *"`
				: 'no group applies';
		case 'too-large':
			return 'the file is over its size limit, which counts as allowing everything';
		case 'ignores-robots-txt':
			return `${result.kind === 'crawler' ? result.evaluation.crawler.token : 'it'} does not follow robots.txt`;
		default:
			return `no rule of ${group || 'the group'} matches`;
	}
}

function listLines(lines: readonly number[]): string {
	return lines.map((line) => line + 1).join(', ');
}

/** Collects output and writes it in large chunks: batches of 100 000 URLs stay fast. */
class Output {
	private parts: string[] = [];
	private size = 0;

	line(text: string): void {
		this.parts.push(text, '\n');
		this.size += text.length + 1;
		if (this.size > 1 << 16) {
			this.flush();
		}
	}

	flush(): void {
		if (this.parts.length > 0) {
			process.stdout.write(this.parts.join(''));
			this.parts = [];
			this.size = 0;
		}
	}
}

function runTest(options: TestOptions, output: Output): void {
	if (options.batch !== undefined) {
		runBatch(options.batch, options.dialect, output);
		return;
	}
	const model = readRobots(options.robotsFile!);
	const urls = options.urlsFrom === undefined ? options.urls : options.urls.concat(splitLines(readInput(options.urlsFrom)));
	const agents = options.agents!;
	for (const url of urls) {
		for (const agent of agents) {
			const result = answer(model, agent, url, options.dialect);
			output.line(options.json ? toJson(result) : toText(result, agents.length > 1));
		}
	}
}

function runBatch(source: string, defaultDialect: Dialect | undefined, output: Output): void {
	const models = new Map<string, RobotsModel>();
	const lines = readInput(source).split(/\r\n|\r|\n/);
	lines.forEach((text, index) => {
		if (text.trim() === '') {
			return;
		}
		const where = `${source === '-' ? 'stdin' : source}:${index + 1}`;
		let request: { robots?: unknown; agent?: unknown; url?: unknown; dialect?: unknown };
		try {
			request = JSON.parse(text);
		} catch {
			throw new UsageError(`${where}: not a JSON object`);
		}
		if (typeof request !== 'object' || request === null || typeof request.robots !== 'string' ||
			typeof request.agent !== 'string' || typeof request.url !== 'string') {
			throw new UsageError(`${where}: expected {"robots": string, "agent": string, "url": string, "dialect"?: string}`);
		}
		let dialect = defaultDialect;
		if (request.dialect !== undefined) {
			if (typeof request.dialect !== 'string' || !isDialect(request.dialect)) {
				throw new UsageError(`${where}: unknown dialect ${JSON.stringify(request.dialect)}`);
			}
			dialect = request.dialect;
		}
		let model = models.get(request.robots);
		if (!model) {
			model = readRobots(request.robots);
			models.set(request.robots, model);
		}
		output.line(toJson(answer(model, request.agent, request.url, dialect), request.robots));
	});
}

export function main(args: readonly string[]): number {
	const output = new Output();
	try {
		const [command, ...rest] = args;
		if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
			output.line(usage);
			output.flush();
			return command === undefined ? 2 : 0;
		}
		if (command === 'crawlers') {
			return runCrawlers(rest, (text: string) => process.stdout.write(text));
		}
		if (command === 'lint') {
			const code = runLint(rest, (text) => process.stdout.write(text), version);
			return code;
		}
		if (command !== 'test') {
			throw new UsageError(`unknown command "${command}"`);
		}
		runTest(parseArguments(rest), output);
		output.flush();
		return 0;
	} catch (error) {
		output.flush();
		if (error instanceof UsageError) {
			process.stderr.write(`robots-txt: ${error.message}\n`);
			return 2;
		}
		throw error;
	}
}

process.exitCode = main(process.argv.slice(2));
