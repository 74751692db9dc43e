/**
 * `robots-txt diff OLD NEW`: what an edit of a robots.txt changes, for CI reviews: which crawlers read other rules,
 * and which verdicts flip for the given URLs (or URLs probed from both files' rules), with the deciding line on each
 * side. Exit status 1 when any verdict changes, so a pipeline can ask for a review.
 */

import { readFileSync } from 'node:fs';
import {
	checkUrl,
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

export const diffUsage = '  robots-txt diff <old-robots-file> <new-robots-file> [--urls <file|->] [--agent <name>[,<name>...]] [--json]';

export const diffHelp = `diff: what an edit changes: the crawlers whose rules changed, and the verdicts that flip, with the deciding line
  in each version. Edits that change no verdict (reordering, comments, formatting) report nothing.
  --urls <file|->     URLs to compare, one a line, or a sitemap.xml (default: URLs probed from both files' rules)
  --agent <names>     crawlers to compare, comma-separated (default: the major search engines and AI crawlers, and
                      every agent either file names)
  --json              one JSON object`;

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

function readRobots(path: string): RobotsModel {
	try {
		return parse(decodeRobotsBytes(readFileSync(path === '-' ? 0 : path)));
	} catch (error) {
		throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
	}
}

/** The URLs of a list or sitemap; each that is not a URL is reported on standard error with its line, and skipped. */
function readUrls(path: string, warn: (text: string) => void): string[] {
	let text: string;
	try {
		text = readFileSync(path === '-' ? 0 : path, 'utf8');
	} catch (error) {
		throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
	}
	const list = parseUrlList(text);
	const name = path === '-' ? 'stdin' : path;
	for (const note of list.notes) {
		warn(`robots-txt: ${name}: ${note}\n`);
	}
	const urls: string[] = [];
	for (const entry of list.urls) {
		const problem = checkUrl(entry.url);
		if (problem === undefined) {
			urls.push(entry.url);
		} else {
			warn(`robots-txt: ${name}:${entry.line}: ${problem} Skipped.\n`);
		}
	}
	return urls;
}

function side(which: 'old' | 'new', decision: DecisionSide): string {
	const verdict = verdictWord(decision.verdict);
	return decision.text === null ? `${verdict} (${decision.reason.replace(/-/g, ' ')})` : `${verdict} by ${which} line ${decision.line + 1} \`${decision.text}\``;
}

/** Runs `diff`; returns the exit status (1 when a verdict changes, else 0). */
export function runDiff(args: readonly string[], write: (text: string) => void, warn: (text: string) => void): number {
	const options = parseDiffArguments(args);
	const before = readRobots(options.oldFile!);
	const after = readRobots(options.newFile!);
	const urls = options.urlsFrom === undefined ? undefined : readUrls(options.urlsFrom, warn);
	const crawlers = options.agents ?? defaultDiffCrawlers(before, after, defaultCrawlers);
	const diff = diffRobots(before, after, { crawlers, ...(urls !== undefined ? { urls } : {}) });
	if (options.json) {
		const line = (decision: DecisionSide) => ({ verdict: decision.verdict, reason: decision.reason, line: decision.line >= 0 ? decision.line + 1 : null, rule: decision.text });
		write(JSON.stringify({
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
	write(out.join('\n') + '\n');
	return diff.flips.length > 0 ? 1 : 0;
}
