/**
 * `robots-txt diff OLD NEW`: what an edit of a robots.txt changes, for CI reviews: which crawlers read other rules,
 * and which verdicts flip for the given URLs (or URLs probed from both files' rules), with the deciding line on each
 * side. Exit status 1 when any verdict changes, so a pipeline can ask for a review.
 */

import {
	describeUrlProblem,
	decodeRobotsBytes,
	defaultCrawlers,
	defaultDiffCrawlers,
	describeChange,
	diffRobots,
	parse,
	parseUrlList,
	verdictWord,
	type DecisionSide,
	type RobotsModel,
} from '../core/index';
import { ArgumentReader, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { inputName, readText } from './io';
import { readRobotsSource } from './source';

interface DiffOptions {
	oldFile?: string;
	newFile?: string;
	urlsFrom?: string;
	agents?: string[];
	json: boolean;
}

function parseDiffArguments(args: readonly string[]): DiffOptions {
	const options: DiffOptions = { json: false };
	const positional: string[] = [];
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--urls':
				options.urlsFrom = reader.value(arg);
				break;
			case '--agent':
			case '--agents':
				options.agents = [...(options.agents ?? []), ...reader.value(arg).split(',').map((agent) => agent.trim())];
				if (options.agents.some((agent) => agent === '')) {
					throw new UsageError(`${arg} needs crawler tokens, e.g. Googlebot or Googlebot,bingbot`);
				}
				break;
			case '--json':
				options.json = true;
				break;
			default:
				if (arg.startsWith('--')) {
					throw new UsageError(`unknown option ${arg}`);
				}
				positional.push(arg);
		}
	}
	if (positional.length !== 2) {
		throw new UsageError(`diff takes two robots.txt files, the old and the new (got ${positional.length})`);
	}
	[options.oldFile, options.newFile] = positional;
	if (options.oldFile === '-' && options.newFile === '-') {
		throw new UsageError('only one of the two files can be standard input');
	}
	return options;
}

/**
 * A robots.txt as crawlers receive it, as bytes: from a file, standard input, or a URL (a site's deployed file, so
 * that "what changes if I deploy this?" is `robots-txt diff https://example.com robots.txt`).
 */
async function readRobots(spec: string, io: CommandIo): Promise<RobotsModel> {
	return parse(decodeRobotsBytes((await readRobotsSource(spec, { version: io.version })).bytes));
}

/** The URLs of a list or sitemap; each that is not a URL is reported on standard error with its line, and skipped. */
async function readUrls(path: string, io: CommandIo): Promise<string[]> {
	const list = parseUrlList(readText(path));
	const name = inputName(path);
	for (const note of list.notes) {
		await io.error(`${name}: ${note}`);
	}
	const urls: string[] = [];
	for (const entry of list.urls) {
		const problem = describeUrlProblem(entry.url);
		if (problem === undefined) {
			urls.push(entry.url);
		} else {
			await io.error(`${name}:${entry.line}: ${problem} Skipped.`);
		}
	}
	return urls;
}

function side(which: 'old' | 'new', decision: DecisionSide): string {
	const verdict = verdictWord(decision.verdict);
	return decision.text === null ? `${verdict} (${decision.reason.replace(/-/g, ' ')})` : `${verdict} by ${which} line ${decision.line + 1} \`${decision.text}\``;
}

/** Runs `diff`; resolves to the exit status (1 when a verdict changes, else 0). */
async function runDiff(args: readonly string[], io: CommandIo): Promise<number> {
	const write = (text: string) => io.out.write(text);
	const options = parseDiffArguments(args);
	const before = await readRobots(options.oldFile!, io);
	const after = await readRobots(options.newFile!, io);
	const urls = options.urlsFrom === undefined ? undefined : await readUrls(options.urlsFrom, io);
	const crawlers = options.agents ?? defaultDiffCrawlers(before, after, defaultCrawlers);
	const diff = diffRobots(before, after, { crawlers, ...(urls !== undefined ? { urls } : {}) });
	if (options.json) {
		const line = (decision: DecisionSide) => ({ verdict: decision.verdict, reason: decision.reason, line: decision.line >= 0 ? decision.line + 1 : null, rule: decision.text });
		await write(JSON.stringify({
			old: options.oldFile,
			new: options.newFile,
			crawlers: diff.crawlers,
			urls: diff.urls.length,
			probed: diff.probed,
			changes: diff.changes.map((change) => ({ crawler: change.crawler, summary: describeChange(change), added: change.added.map((rule) => ({ line: rule.line + 1, rule: rule.text })), removed: change.removed.map((rule) => ({ line: rule.line + 1, rule: rule.text })), reordered: change.reordered })),
			flips: diff.flips.map((flip) => ({ url: flip.url, crawler: flip.crawler, old: line(flip.before), new: line(flip.after) })),
		}, null, 2) + '\n');
		return diff.flips.length > 0 ? 1 : 0;
	}
	const out: string[] = [];
	const compared = `${diff.urls.length.toLocaleString('en')} URL${diff.urls.length === 1 ? '' : 's'}${diff.probed ? ' probed from both files\' rules' : ''} × ${diff.crawlers.length} crawler${diff.crawlers.length === 1 ? '' : 's'}`;
	if (diff.changes.length > 0) {
		out.push(`Crawlers whose rules changed (${diff.changes.length}):`);
		out.push(...diff.changes.map((change) => `  ${describeChange(change)}`));
	}
	if (diff.flips.length > 0) {
		out.push(`Verdicts that changed (${diff.flips.length.toLocaleString('en')}, of ${compared}):`);
		for (const flip of diff.flips) {
			out.push(`  ${flip.url}  as ${flip.crawler}: ${side('old', flip.before)} -> ${side('new', flip.after)}`);
		}
	} else {
		out.push(`No verdict changed (${compared}).`);
	}
	await write(out.join('\n') + '\n');
	return diff.flips.length > 0 ? 1 : 0;
}

export const diffCommand: Command = {
	name: 'diff',
	summary: 'what an edit of a robots.txt changes: the crawlers whose rules changed and the verdicts that flip',
	synopsis: ['robots-txt diff <old-robots-file|URL> <new-robots-file|URL> [--urls <file|->] [--agent <name>[,<name>...]] [--json]'],
	help: `Compares two versions of a robots.txt through each crawler's reading: which crawlers' rules changed (the rules
they gained or lost, whose group they follow now), and which verdicts flip, with the deciding line in each version.
Edits that change no verdict (reordering rules, comments, formatting) report nothing. One of the files may be - for
standard input. Either side may be a URL: a site (https://example.com) means its /robots.txt as deployed, so
\`robots-txt diff https://example.com robots.txt\` shows what deploying the local file would change. A URL that
serves no file (404, 5xx, an HTML page) is an error that says what crawlers conclude from that response.

Options:
  --urls <file|->     URLs to compare, one a line, or a sitemap.xml (default: URLs probed from both files' rules);
                      a row that is not a URL is reported on standard error and skipped
  --agent <names>     crawlers to compare, comma-separated (default: the major search engines and AI crawlers, and
                      every agent either file names)
  --json              one JSON object

Exit status: 1 when any verdict changes, else 0; 2 on bad arguments, unreadable files or URLs that serve no file.`,
	run: runDiff,
};
