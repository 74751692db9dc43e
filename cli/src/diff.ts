/**
 * `robots-txt diff OLD NEW`: what an edit of a robots.txt changes, for CI reviews: which crawlers read other rules,
 * and which verdicts flip for the given URLs (or URLs probed from both files' rules), with the deciding line on each
 * side. Exit status 1 when any verdict changes, so a pipeline can ask for a review.
 */

import {
	addedManagedBlocks,
	compareHosts,
	describeUrlProblem,
	decodeRobotsBytes,
	defaultCrawlers,
	defaultDiffCrawlers,
	describeChange,
	diffRobots,
	parse,
	parseUrlList,
	reasonWords,
	verdictWord,
	type DecisionSide,
	type RobotsDiff,
	type RobotsModel,
} from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';
import { crawlerTokens, type OptionTable, readArguments, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { inputName, readText } from './io';
import { readRobotsSource } from './source';
import { fetchHosts, hostJson, hostList, hostListOptions, hostListValues, hostsNote, hostStatus, hostTable, hostVerdict, type HostListValues } from './hosts';
import { escapeControls, escapeLines } from './terminal';

interface DiffOptions {
	readonly oldFile: string;
	readonly newFile: string;
	/** With `--variants` or `--hosts`: the sites given, and those options. */
	readonly sites: readonly string[];
	readonly hostList?: HostListValues;
	urlsFrom?: string;
	agents?: string[];
	json: boolean;
}

/** The options of `robots-txt diff`, in the order its help lists them. */
const diffOptions = {
	urls: {
		value: '<file|->',
		help: () =>
			t(
				"URLs to compare, one a line, or a sitemap.xml (default: URLs probed from both files' rules); a row that is not a URL is reported on standard error and skipped",
			),
	},
	agent: {
		value: '<names>',
		multiple: true,
		aliases: ['agents'],
		help: () => t('crawlers to compare, comma-separated (default: the major search engines and AI crawlers, and every agent either file names)'),
	},
	json: { help: () => t('one JSON object') },
	...hostListOptions,
} satisfies OptionTable;

function parseDiffArguments(args: readonly string[]): DiffOptions {
	const { values, positionals } = readArguments(args, diffOptions);
	const agents = crawlerTokens(values.agent, '--agent');
	const hostList = hostListValues(values);
	if (hostList !== undefined) {
		if (positionals.length === 0 && values.hosts === undefined) {
			throw new UsageError(t('missing <site>, e.g. robots-txt diff --variants https://example.com'));
		}
		return { oldFile: '', newFile: '', sites: positionals, hostList, urlsFrom: values.urls, agents, json: values.json === true };
	}
	if (positionals.length !== 2) {
		throw new UsageError(t('diff takes two robots.txt files, the old and the new (got {0})', positionals.length));
	}
	const [oldFile, newFile] = positionals;
	if (oldFile === '-' && newFile === '-') {
		throw new UsageError(t('only one of the two files can be standard input'));
	}
	return { oldFile, newFile, sites: [], urlsFrom: values.urls, agents, json: values.json === true };
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
			await io.error(`${name}:${entry.line}: ${t('{0} Skipped.', problem)}`);
		}
	}
	return urls;
}

/** One side of a flip: "DISALLOWED by new line 3 `Disallow: /x`"; the verdict word stays as tools read it. */
export function side(which: 'old' | 'new', decision: DecisionSide): string {
	const verdict = verdictWord(decision.verdict, { forTools: true });
	if (decision.text === null) {
		return `${verdict} (${reasonWords(decision.reason)})`;
	}
	return which === 'old'
		? t('{0} by old line {1} `{2}`', verdict, decision.line + 1, decision.text)
		: t('{0} by new line {1} `{2}`', verdict, decision.line + 1, decision.text);
}

/** "12 URLs probed from both files' rules × 3 crawlers": how much was compared. */
function comparedText(urls: number, probed: boolean, crawlers: number): string {
	const urlText = probed
		? urls === 1
			? t("{0} URL probed from both files' rules", formatNumber(urls))
			: t("{0} URLs probed from both files' rules", formatNumber(urls))
		: urls === 1
			? t('{0} URL', formatNumber(urls))
			: t('{0} URLs', formatNumber(urls));
	const crawlerText = crawlers === 1 ? t('{0} crawler', formatNumber(crawlers)) : t('{0} crawlers', formatNumber(crawlers));
	return `${urlText} × ${crawlerText}`;
}

/**
 * That one version is the other plus the managed blocks a platform adds, and nothing else; undefined when it is not.
 * What the blocks change is the diff's own.
 */
function onlyManagedBlocks(options: DiffOptions, before: RobotsModel, after: RobotsModel): string | undefined {
	const added = addedManagedBlocks(before, after);
	if (added !== undefined) {
		return t('{0} differs from {1} only by {2}.', options.newFile, options.oldFile, added);
	}
	const removed = addedManagedBlocks(after, before);
	return removed === undefined ? undefined : t('{0} differs from {1} only by {2}.', options.oldFile, options.newFile, removed);
}

/** A diff as JSON: the crawlers and URLs compared, the reading changes and the flips. */
function diffJson(diff: RobotsDiff): Record<string, unknown> {
	const line = (decision: DecisionSide) => ({
		verdict: decision.verdict,
		reason: decision.reason,
		line: decision.line >= 0 ? decision.line + 1 : null,
		rule: decision.text,
	});
	return {
		crawlers: diff.crawlers,
		urls: diff.urls.length,
		probed: diff.probed,
		changes: diff.changes.map((change) => ({
			crawler: change.crawler,
			summary: describeChange(change),
			added: change.added.map((rule) => ({ line: rule.line + 1, rule: rule.text })),
			removed: change.removed.map((rule) => ({ line: rule.line + 1, rule: rule.text })),
			reordered: change.reordered,
		})),
		flips: diff.flips.map((flip) => ({ url: flip.url, crawler: flip.crawler, old: line(flip.before), new: line(flip.after) })),
	};
}

/** A diff as text lines (not yet escaped): the crawlers whose rules changed, then the verdicts that flip. */
function diffLines(diff: RobotsDiff): string[] {
	const out: string[] = [];
	const compared = comparedText(diff.urls.length, diff.probed, diff.crawlers.length);
	if (diff.changes.length > 0) {
		out.push(t('Crawlers whose rules changed ({0}):', formatNumber(diff.changes.length)));
		for (const change of diff.changes) {
			out.push(`  ${describeChange(change)}`);
		}
	}
	if (diff.flips.length > 0) {
		out.push(t('Verdicts that changed ({0}, of {1}):', formatNumber(diff.flips.length), compared));
		for (const flip of diff.flips) {
			out.push(`  ${flip.url}  ${t('as {0}', flip.crawler)}: ${side('old', flip.before)} -> ${side('new', flip.after)}`);
		}
	} else {
		out.push(t('No verdict changed ({0}).', compared));
	}
	return out;
}

/** Runs `diff`; resolves to the exit status (1 when a verdict changes, else 0). */
async function runDiff(args: readonly string[], io: CommandIo): Promise<number> {
	const write = (text: string) => io.out.write(text);
	const options = parseDiffArguments(args);
	if (options.hostList !== undefined) {
		return runDiffHosts(options, options.urlsFrom === undefined ? undefined : await readUrls(options.urlsFrom, io), io);
	}
	const before = await readRobots(options.oldFile, io);
	const after = await readRobots(options.newFile, io);
	const urls = options.urlsFrom === undefined ? undefined : await readUrls(options.urlsFrom, io);
	const crawlers = options.agents ?? defaultDiffCrawlers(before, after, defaultCrawlers);
	const diff = diffRobots(before, after, { crawlers, ...(urls !== undefined ? { urls } : {}) });
	const managed = onlyManagedBlocks(options, before, after);
	if (options.json) {
		await write(
			JSON.stringify({ old: options.oldFile, new: options.newFile, ...diffJson(diff), ...(managed !== undefined ? { managed } : {}) }, null, 2) + '\n',
		);
		return diff.flips.length > 0 ? 1 : 0;
	}
	await write([...(managed !== undefined ? [managed] : []), ...diffLines(diff)].map(escapeControls).join('\n') + '\n');
	return diff.flips.length > 0 ? 1 : 0;
}

/**
 * `diff --variants` and `diff --hosts`: the host table, then every other file against the first host's (the
 * reference, file A). Exit status 1 when the hosts do not give every target crawler the same answer (a verdict that
 * differs between files, or a host whose fetch crawlers conclude something else from), else 0.
 */
async function runDiffHosts(options: DiffOptions, urls: string[] | undefined, io: CommandIo): Promise<number> {
	const list = hostList(options.sites, options.hostList!);
	const fetches = await fetchHosts(list.sites, { version: io.version });
	const comparison = compareHosts(fetches, { crawlers: options.agents ?? defaultCrawlers, ...(urls !== undefined ? { urls } : {}) });
	if (options.json) {
		const differences = comparison.differences.map((difference) => ({ file: difference.file, reference: difference.reference, ...diffJson(difference.diff) }));
		await io.out.write(JSON.stringify({ ...hostJson(comparison, list.notes), differences }, null, 2) + '\n');
		return hostStatus(comparison);
	}
	const lines = [hostTable(comparison, list.notes)];
	for (const difference of comparison.differences) {
		lines.push('', t('File {0} against file {1}:', difference.file, difference.reference), ...diffLines(difference.diff));
	}
	lines.push('', hostVerdict(comparison));
	await io.out.write(escapeLines(lines.join('\n')) + '\n');
	return hostStatus(comparison);
}

export const diffCommand: Command = {
	name: 'diff',
	summary: () => t('what an edit of a robots.txt changes: the crawlers whose rules changed and the verdicts that flip'),
	synopsis: [
		'robots-txt diff <old-robots-file|URL> <new-robots-file|URL> [--urls <file|->] [--agent <name>[,<name>...]] [--json]',
		'robots-txt diff --variants <site> | --hosts <file|-> [<site>...] [--urls <file|->] [--agent <name>[,<name>...]] [--json]',
	],
	about: () => [
		t(
			"Compares two versions of a robots.txt through each crawler's reading: which crawlers' rules changed (the rules they gained or lost, whose group they follow now), and which verdicts flip, with the deciding line in each version. Edits that change no verdict (reordering rules, comments, formatting) report nothing. One of the files may be - for standard input.",
		),
		t(
			'Either side may be a URL: a site (https://example.com) means its /robots.txt as deployed, so `robots-txt diff https://example.com robots.txt` shows what deploying the local file would change. A URL that serves no file (404, 5xx, an HTML page) is an error that says what crawlers conclude from that response.',
		),
	],
	options: diffOptions,
	notes: () => [
		t('Exit status: 1 when any verdict changes, else 0; 2 on bad arguments, unreadable files or URLs that serve no file.'),
		hostsNote(),
		t(
			"With --variants or --hosts, every other file is compared with the first host's (file A) for the target crawlers (--agent, default the major search engines and AI crawlers). Exit status then: 1 when the hosts do not give every target crawler the same answer (a verdict that differs between files, or a host whose fetch crawlers conclude something else from), else 0; 2 on bad arguments.",
		),
	],
	run: runDiff,
};
