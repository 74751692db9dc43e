/**
 * `robots-txt test`: checks URLs against a robots.txt file and says which line decides, for each crawler as it reads
 * the file, or as one parser exactly. An input it cannot test (not a URL, an empty agent, an unreadable robots file in
 * a batch) is reported where it stands and the others are still answered; the exit status is then 2.
 */

import { allDialects, type Dialect, isDialect, type RobotsModel, UrlListChecker } from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';
import { crawlerTokens, type OptionTable, parseDialect, parseTimeout, readArguments, UsageError } from './args';
import { answerLines } from './answerLines';
import type { Command, CommandIo } from './command';
import { runSiteTest } from './fetch';
import { describeError, inputName, readBytes } from './io';
import { readChunks, readLines, tooLongMessage } from './lines';
import { robotsModel } from './source';
import { answerList, answersOnThreads, defaultThreadsFrom } from './testThreads';
import { inputProblem, urlInputs, type UrlInput } from './urlInput';
import { defaultThreads, readThreads } from './workerPool';

interface TestOptions {
	robotsFile?: string;
	agents?: string[];
	/** Set: answer as this parser exactly; unset: as each crawler reads the file. */
	dialect?: Dialect;
	json: boolean;
	urlsFrom?: string;
	batch?: string;
	urls: string[];
	/** Set: test against this site's deployed robots.txt, as each crawler reads the response. */
	site?: string;
	timeoutMs?: number;
	/** Answer for a file that is not robots.txt (HTML, binary) as crawlers would, instead of exiting 2. */
	anyFile: boolean;
	/** The worker threads that answer a big `--urls` list (testThreads.ts), and whether --threads asked for them. */
	threads: number;
	threadsAsked: boolean;
}

/** The options of `robots-txt test`, in the order its help lists them. */
const testOptions = {
	agent: { value: '<names>', multiple: true, help: () => t('crawler product tokens, comma-separated, e.g. Googlebot or Googlebot,bingbot,GPTBot') },
	dialect: { value: '<name>', help: () => t('answer as this parser exactly, not as the crawler: {0}', allDialects.join(' | ')) },
	json: { help: () => t('one JSON object per URL and crawler') },
	'any-file': {
		help: () => t('answer for a file that is not robots.txt (an HTML page, JSON, UTF-16, a binary) as crawlers would, with a warning, instead of exiting 2'),
	},
	urls: { value: '<file|->', help: () => t('read one URL a line from a file or standard input; blank lines and # comments are skipped') },
	batch: { value: '<file|->', help: () => t('JSON lines {0}, answered in order as JSON lines', '{"robots", "agent", "url", "dialect"?}') },
	site: {
		value: '<site>',
		help: () =>
			t(
				'test against the robots.txt a site serves (fetched once), as each crawler reads the response: the rules it reads, or the response itself ("reason": "response"); without --agent, the major search engines and AI crawlers; URLs on another site are reported, not tested',
			),
	},
	timeout: { value: '<s>', help: () => t('with --site: seconds for the whole fetch (default 10)') },
	threads: {
		value: '<n>',
		help: () =>
			t(
				'worker threads that answer the URLs of --urls (default: one per core, here {0}, for a file over {1} MiB that is not gzip; when given, standard input and gzip too); 1 answers in this thread alone. The output is the same',
				formatNumber(defaultThreads()),
				formatNumber(defaultThreadsFrom / (1 << 20)),
			),
	},
} satisfies OptionTable;

function parseArguments(args: readonly string[]): TestOptions {
	const { values, positionals: positional } = readArguments(args, testOptions);
	const threads = readThreads(values.threads);
	const options: TestOptions = {
		agents: crawlerTokens(values.agent, '--agent'),
		dialect: values.dialect === undefined ? undefined : parseDialect(values.dialect),
		json: values.json === true,
		anyFile: values['any-file'] === true,
		urlsFrom: values.urls,
		batch: values.batch,
		site: values.site,
		timeoutMs: values.timeout === undefined ? undefined : parseTimeout(values.timeout),
		urls: [],
		threads: threads.threads,
		threadsAsked: threads.asked,
	};
	const unthreaded = options.batch !== undefined ? '--batch' : options.site !== undefined ? '--site' : undefined;
	if (unthreaded !== undefined && options.threadsAsked) {
		throw new UsageError(t('--threads answers the URLs of --urls against a robots file; {0} takes no --threads', unthreaded));
	}
	if (options.batch !== undefined) {
		if (positional.length > 0 || options.agents !== undefined || options.urlsFrom !== undefined) {
			throw new UsageError(t('--batch takes no robots file, --agent, --urls or URLs'));
		}
		return options;
	}
	if (options.site !== undefined) {
		if (options.dialect !== undefined) {
			throw new UsageError(t('--site answers as each crawler reads the response; it takes no --dialect'));
		}
		options.urls = positional;
		if (options.urls.length === 0 && options.urlsFrom === undefined) {
			throw new UsageError(t('no URL to test (give URLs or --urls <file|->)'));
		}
		return options;
	}
	[options.robotsFile, ...options.urls] = positional;
	if (options.robotsFile === undefined) {
		throw new UsageError(t('missing <robots-file>'));
	}
	if (options.agents === undefined) {
		throw new UsageError(t('missing --agent <name>'));
	}
	if (options.urls.length === 0 && options.urlsFrom === undefined) {
		throw new UsageError(t('no URL to test (give URLs or --urls <file|->)'));
	}
	return options;
}

/**
 * The file as a model. A file that is not robots.txt (an HTML page, JSON, UTF-16, a binary) is a usage error that says
 * what it is and what crawlers make of it, unless `anyFile`, when that goes to `warn` and the file is answered.
 */
function readRobots(path: string, anyFile: boolean, warn?: (message: string) => void): RobotsModel {
	return robotsModel(readBytes(path), inputName(path), anyFile, warn);
}

async function runTest(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseArguments(args);
	if (options.batch !== undefined) {
		return runBatch(options.batch, options.dialect, options.anyFile, io);
	}
	const where = (input: UrlInput) => (input.inputLine === undefined ? '' : `${inputName(options.urlsFrom!)}:${input.inputLine}: `);
	if (options.site !== undefined) {
		const inputs = urlInputs(options.urls, options.urlsFrom);
		const site = (async function* () {
			for await (const batch of inputs) {
				yield batch.map((input) => ({ url: input.url, where: where(input), ...(input.tooLong ? { problem: tooLongMessage() } : {}) }));
			}
		})();
		return runSiteTest(
			{
				site: options.site,
				inputs: site,
				json: options.json,
				...(options.agents ? { agents: options.agents } : {}),
				...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
			},
			io,
		);
	}
	const warnings: string[] = [];
	// Its bytes as read go to the worker threads of a big list, which read the same model from them.
	const robotsBytes = readBytes(options.robotsFile!);
	const model = robotsModel(robotsBytes, inputName(options.robotsFile!), options.anyFile, (message) => warnings.push(message));
	for (const warning of warnings) {
		await io.error(warning);
	}
	const agents = options.agents!;
	const lines = agents.map((agent) => answerLines(model, agent, options.dialect, { json: options.json, showAgent: agents.length > 1 }));
	let bad = 0;
	let count = 0;
	/** Says why an input cannot be tested: in its place in JSON, else on standard error. */
	const report = async (input: UrlInput, problem: string) => {
		if (options.json) {
			await io.out.line(JSON.stringify({ ...(input.tooLong ? {} : { url: input.url }), inputLine: input.inputLine, error: problem }));
		} else {
			await io.error(`${where(input)}${input.tooLong ? '' : `${JSON.stringify(input.url)}: `}${problem}`);
		}
	};
	// The URLs given as arguments first; then the list, a part at a time, as bytes (testThreads.ts), on worker threads
	// when it is big. The list is opened first: one that cannot be opened is an error before anything is written.
	const list = options.urlsFrom === undefined ? undefined : readChunks(options.urlsFrom);
	const checker = new UrlListChecker();
	read: for await (const batch of urlInputs(options.urls, undefined)) {
		for (const input of batch) {
			if (io.out.closed) {
				break read;
			}
			count++;
			const problem = inputProblem(input, checker);
			if (problem !== undefined) {
				bad++;
				await report(input, problem);
				continue;
			}
			for (const answerLine of lines) {
				// Awaited only when the buffer was written out: a hundred thousand URLs need no hundred thousand ticks.
				const written = io.out.line(answerLine(input.url));
				if (written) {
					await written;
				}
			}
		}
	}
	if (options.urlsFrom !== undefined && !io.out.closed) {
		// The arguments' answers go out before the list is read: a program may wait for them before it writes the list.
		await io.out.flush();
		const settings = {
			robots: robotsBytes,
			name: inputName(options.robotsFile!),
			anyFile: options.anyFile,
			agents,
			dialect: options.dialect,
			json: options.json,
		};
		const threaded = answersOnThreads(options.urlsFrom, options.threads, options.threadsAsked);
		const answered = await answerList(
			options.urlsFrom,
			threaded ? options.threads : 1,
			settings,
			async (output, firstLine) => {
				if (output instanceof Uint8Array) {
					await io.out.bytes(output);
				} else {
					await report(
						output.url === undefined
							? { url: '', inputLine: firstLine + output.line - 1, tooLong: true }
							: { url: output.url, inputLine: firstLine + output.line - 1 },
						output.problem,
					);
				}
			},
			() => io.out.flush(),
			() => io.out.closed,
			{ chunks: list, model },
		);
		count += answered.inputs;
		bad += answered.bad;
	}
	if (bad > 0) {
		if (options.json) {
			await io.error(
				count === 1
					? t('{0} of {1} URL could not be tested; its "error" object says why', bad, count)
					: t('{0} of {1} URLs could not be tested; their "error" objects say why', bad, count),
			);
		}
		return 2;
	}
	return 0;
}

/** What a batch line asks; each field as read from its JSON. */
interface BatchRequest {
	readonly robots?: unknown;
	readonly agent?: unknown;
	readonly url?: unknown;
	readonly dialect?: unknown;
}

/**
 * Robots files of a batch, each read once while it is among the last `maxCachedRobots` used: the model, or why it
 * could not be read. Bounded, so that a batch naming a new file on every line keeps memory flat too.
 */
type RobotsCache = Map<string, CachedRobots | { readonly error: string }> & {
	/** The file, dialect and agent (`dialect agent`) of the last line answered, and their answer lines. */
	last?: { readonly robots: string; readonly key: string; readonly lines: (url: string) => string };
};

/** A robots file of a batch, and the answer lines of the agents (and dialects) asked of it, the last `maxCachedAgents`. */
interface CachedRobots {
	readonly model: RobotsModel;
	readonly answers: Map<string, (url: string) => string>;
}

const maxCachedRobots = 256;
const maxCachedAgents = 64;

/** Answers one batch line, or says why it cannot be answered. */
function answerBatchLine(
	text: string,
	models: RobotsCache,
	checker: UrlListChecker,
	defaultDialect: Dialect | undefined,
	anyFile: boolean,
): { json: string } | { error: string; request?: BatchRequest } {
	let request: BatchRequest;
	try {
		request = JSON.parse(text);
	} catch {
		return { error: t('not a JSON object') };
	}
	if (typeof request !== 'object' || request === null || Array.isArray(request)) {
		return { error: t('not a JSON object') };
	}
	if (typeof request.robots !== 'string' || typeof request.agent !== 'string' || typeof request.url !== 'string') {
		return { error: t('expected {"robots": string, "agent": string, "url": string, "dialect"?: string}'), request };
	}
	let dialect = defaultDialect;
	if (request.dialect !== undefined) {
		if (typeof request.dialect !== 'string' || !isDialect(request.dialect)) {
			return { error: t('unknown dialect {0} (expected one of {1})', JSON.stringify(request.dialect), allDialects.join(', ')), request };
		}
		dialect = request.dialect;
	}
	if (request.agent.trim() === '') {
		return { error: t('the agent is empty: give a crawler token such as Googlebot'), request };
	}
	const problem = checker.check(request.url);
	if (problem !== undefined) {
		return { error: problem, request };
	}
	// Most batches ask one file with one agent line after line: the last answer lines are kept apart, and the cache is
	// only reordered when the file changes.
	const key = `${dialect ?? ''} ${request.agent}`;
	const last = models.last;
	if (last !== undefined && last.robots === request.robots && last.key === key) {
		return { json: last.lines(request.url) };
	}
	let model = models.get(request.robots);
	if (model === undefined) {
		try {
			model = { model: readRobots(request.robots, anyFile), answers: new Map() };
		} catch (error) {
			model = { error: error instanceof UsageError ? error.message : t('cannot read {0}: {1}', request.robots, describeError(error)) };
		}
		if (models.size >= maxCachedRobots) {
			models.delete(models.keys().next().value!);
		}
	} else {
		// Used again: the last to go.
		models.delete(request.robots);
	}
	models.set(request.robots, model);
	if ('error' in model) {
		return { error: model.error, request };
	}
	let lines = model.answers.get(key);
	if (lines === undefined) {
		lines = answerLines(model.model, request.agent, dialect, { json: true, showAgent: false, robots: request.robots });
		if (model.answers.size >= maxCachedAgents) {
			model.answers.delete(model.answers.keys().next().value!);
		}
		model.answers.set(key, lines);
	}
	models.last = { robots: request.robots, key, lines };
	return { json: lines(request.url) };
}

/** Answers a batch as it is read, line by line, never holding the whole input (or more than ten of its line numbers). */
async function runBatch(source: string, defaultDialect: Dialect | undefined, anyFile: boolean, io: CommandIo): Promise<number> {
	const models: RobotsCache = new Map();
	const checker = new UrlListChecker();
	const firstBad: number[] = [];
	let bad = 0;
	let requests = 0;
	read: for await (const lines of readLines(source)) {
		for (const line of lines) {
			if (io.out.closed) {
				break read;
			}
			if ('text' in line && line.text.trim() === '') {
				continue;
			}
			requests++;
			const result = 'text' in line ? answerBatchLine(line.text, models, checker, defaultDialect, anyFile) : { error: tooLongMessage() };
			if ('json' in result) {
				const written = io.out.line(result.json);
				if (written) {
					await written;
				}
				continue;
			}
			if (++bad <= 10) {
				firstBad.push(line.line);
			}
			// The error in place of the answer, with what the line asked where it could be read, so that answers and
			// errors line up with the requests.
			const record: Record<string, unknown> = { inputLine: line.line };
			const request = 'request' in result ? result.request : undefined;
			for (const field of ['robots', 'agent', 'url'] as const) {
				if (typeof request?.[field] === 'string') {
					record[field] = request[field];
				}
			}
			record.error = result.error;
			await io.out.line(JSON.stringify(record));
		}
		// The answers of what was read go out now: a program that sends a request and waits for its answer sends no more.
		await io.out.flush();
	}
	if (bad > 0) {
		const shown = firstBad.join(', ') + (bad > 10 ? ', …' : '');
		await io.error(
			bad === 1
				? t('{0} of {1} batch lines could not be answered (line {2}); its "error" object says why', bad, requests, shown)
				: t('{0} of {1} batch lines could not be answered (lines {2}); their "error" objects say why', bad, requests, shown),
		);
		return 2;
	}
	return 0;
}

export const testCommand: Command = {
	name: 'test',
	summary: () => t('checks URLs against a robots.txt file and says which line decides, for each crawler as it reads the file'),
	synopsis: [
		'robots-txt test <robots-file> --agent <name>[,<name>...] [--dialect <dialect>] [--json] [--any-file] [--urls <file|->] [--threads <n>] [<url>...]',
		'robots-txt test --batch <file|-> [--dialect <dialect>]',
		'robots-txt test --site <site> [--agent <name>,...] [--json] [--urls <file|->] [--timeout <seconds>] [<url>...]',
	],
	about: () => [
		t(
			'Checks URLs against a robots.txt file and says which line decides, for each crawler as it reads the file (its own parser, the tokens it falls back to, whether it ignores "*", where it stops reading).',
		),
	],
	options: testOptions,
	notes: () => [
		t(
			'A URL is a path starting with "/" (/private/a?q=1), a URL with a scheme and a host (https://example.com/a), //host/path, or host/path where the host has a dot or a port (example.com/a, localhost:8080/a). Anything else, such as private/x (a path without its leading "/"), is reported and not tested; so is a URL with a space.',
		),
		t(
			'Exit status: 0 when every URL was tested (whatever the verdicts); 2 on bad arguments, an unreadable file, or any input that could not be tested (the others are still answered; with --json and --batch an {0} object stands in its place).',
			'{"error"}',
		),
	],
	run: runTest,
};
