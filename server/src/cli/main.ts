/**
 * The `robots-txt` command line: the core's URL tester for scripts and CI. It owns all IO (files, stdin, stdout)
 * and exit codes; every answer comes from the core.
 * Exit codes: 0 when evaluation succeeded (whatever the verdicts), 2 on bad arguments or unreadable input.
 */

import { readFileSync } from 'node:fs';
import { allDialects, evaluate, isDialect, parse, type Dialect, type Evaluation, type RobotsModel } from '../core/index';
import { ArgumentReader, parseDialect, UsageError } from './args';
import { lintUsage, runLint } from './lint';

const usage = `Usage:
  robots-txt test <robots-file> --agent <name> [--dialect <dialect>] [--json] [--urls <file|->] [<url>...]
  robots-txt test --batch <file|-> [--dialect <dialect>]
${lintUsage}

test: checks URLs against a robots.txt file for one crawler and says which line decides.
  --agent <name>      the crawler's product token, e.g. Googlebot
  --dialect <name>    ${allDialects.join(' | ')} (default rfc9309)
  --json              one JSON object per URL and line
  --urls <file|->     read one URL a line from a file or standard input
  --batch <file|->    JSON lines {"robots", "agent", "url", "dialect"?}, answered in order as JSON lines

lint: reports the mistakes in robots.txt files (folders are searched for files named robots.txt).
  --format <name>     text (file:line:col: severity code: message), json, or sarif (SARIF 2.1.0)
  --dialect <name>    the crawlers to check for; repeat or separate with commas (default rfc9309,google,yandex,draft1996)
  --max-warnings <n>  fail when there are more warnings than this

Line numbers are 1-based. Exit status: test: 0 when every URL was evaluated; lint: 1 when there are errors (or more
warnings than --max-warnings), else 0; both: 2 on bad arguments or unreadable files.`;

const version = '0.1.0';

interface TestOptions {
	robotsFile?: string;
	agent?: string;
	dialect: Dialect;
	json: boolean;
	urlsFrom?: string;
	batch?: string;
	urls: string[];
}

function parseArguments(args: readonly string[]): TestOptions {
	const options: TestOptions = { dialect: 'rfc9309', json: false, urls: [] };
	const positional: string[] = [];
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--agent':
				options.agent = reader.value(arg);
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
		if (positional.length > 0 || options.agent !== undefined || options.urlsFrom !== undefined) {
			throw new UsageError('--batch takes no robots file, --agent, --urls or URLs');
		}
		return options;
	}
	[options.robotsFile, ...options.urls] = positional;
	if (options.robotsFile === undefined) {
		throw new UsageError('missing <robots-file>');
	}
	if (options.agent === undefined) {
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

/** Reads a robots.txt as a crawler would: bytes decoded as UTF-8, invalid sequences become U+FFFD, the BOM kept. */
function readRobots(path: string): RobotsModel {
	let bytes: Buffer;
	try {
		bytes = readFileSync(path === '-' ? 0 : path);
	} catch (error) {
		throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
	}
	return parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
}

function splitLines(text: string): string[] {
	return text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line !== '');
}

function toJson(evaluation: Evaluation, robots?: string): string {
	const record: Record<string, unknown> = {};
	if (robots !== undefined) {
		record.robots = robots;
	}
	record.url = evaluation.url;
	record.agent = evaluation.agent;
	record.dialect = evaluation.dialect;
	record.verdict = evaluation.verdict;
	record.line = evaluation.rule ? evaluation.rule.line + 1 : null;
	record.rule = evaluation.rule ? evaluation.rule.text : null;
	return JSON.stringify(record);
}

function toText(evaluation: Evaluation): string {
	const verdict = evaluation.verdict === 'allow' ? 'ALLOWED   ' : 'DISALLOWED';
	const decided = evaluation.rule
		? `line ${evaluation.rule.line + 1}: ${evaluation.rule.text}`
		: evaluation.reason === 'robots-txt'
			? '/robots.txt is always allowed'
			: evaluation.reason === 'no-group'
				? 'no group applies'
				: 'no rule matches';
	return `${verdict} ${evaluation.url}  (${decided})`;
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
	for (const url of urls) {
		const evaluation = evaluate(model, { agent: options.agent!, url, dialect: options.dialect });
		output.line(options.json ? toJson(evaluation) : toText(evaluation));
	}
}

function runBatch(source: string, defaultDialect: Dialect, output: Output): void {
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
		output.line(toJson(evaluate(model, { agent: request.agent, url: request.url, dialect }), request.robots));
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
