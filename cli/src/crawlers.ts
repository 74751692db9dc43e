/**
 * `robots-txt crawlers`: the crawler catalogue the answers come from, so people can see what we assume about each
 * crawler and where each fact comes from. A table by default, every fact of the named crawlers with `<token>...`,
 * everything as JSON with `--format json`.
 */

import {
	crawlerCategories,
	crawlerFactNames,
	crawlerProfile,
	dialectNames,
	findCrawler,
	knownCrawlers,
	type CrawlerCategory,
	type CrawlerFacts,
} from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { type OptionTable, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { columns } from './help';

interface CrawlersOptions {
	tokens: string[];
	category?: CrawlerCategory;
	format: 'text' | 'json';
}

/** The options of `robots-txt crawlers`, in the order its help lists them. */
const crawlersOptions = {
	category: { value: '<name>', help: () => t('only this category: {0}', crawlerCategories.join(', ')) },
	format: { value: '<name>', help: () => t('text or json') },
} satisfies OptionTable;

function parseArguments(args: readonly string[]): CrawlersOptions {
	const { values, positionals } = readArguments(args, crawlersOptions);
	const { category } = values;
	if (category !== undefined && !(crawlerCategories as readonly string[]).includes(category)) {
		throw new UsageError(t('unknown category "{0}" (expected one of {1})', category, crawlerCategories.join(', ')));
	}
	return { tokens: positionals, format: readFormat(values.format, ['text', 'json']), category: category as CrawlerCategory | undefined };
}

/** Runs the command; returns the exit status. */
async function runCrawlers(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseArguments(args);
	let crawlers: readonly CrawlerFacts[] = knownCrawlers;
	if (options.tokens.length > 0) {
		const unknown = options.tokens.filter((token) => findCrawler(token) === undefined);
		if (unknown.length > 0) {
			const assumed = crawlerProfile(unknown[0]);
			throw new UsageError(
				t(
					'no crawler named {0} in the catalogue (an unknown token is read as {1})',
					unknown.map((token) => `"${token}"`).join(', '),
					dialectNames[assumed.dialect],
				),
			);
		}
		crawlers = options.tokens.map((token) => findCrawler(token)!);
	}
	if (options.category !== undefined) {
		crawlers = crawlers.filter((crawler) => crawler.category === options.category);
	}
	if (options.format === 'json') {
		await io.out.write(JSON.stringify(crawlers, null, 2) + '\n');
		return 0;
	}
	await io.out.write(options.tokens.length > 0 ? crawlers.map(details).join('\n') : table(crawlers));
	return 0;
}

export const crawlersCommand: Command = {
	name: 'crawlers',
	summary: () => t('the crawler catalogue: what we assume about each crawler, and where each fact comes from'),
	synopsis: ['robots-txt crawlers [<token>...] [--category <category>] [--format text|json]'],
	about: () => [
		t(
			'Shows the crawler catalogue the answers of "test" and "lint" come from: each crawler\'s parser, the tokens it falls back to, whether it ignores "*", how much of the file it reads. A table by default; every fact of the named crawlers, each with its source, when tokens are given.',
		),
	],
	options: crawlersOptions,
	notes: () => [t('Exit status: 0; 2 on bad arguments or a token the catalogue does not know.')],
	run: runCrawlers,
};

function sizeLimit(crawler: CrawlerFacts): string {
	if (crawler.sizeLimit === null) {
		return t('whole file');
	}
	const kib = crawler.sizeLimit.bytes / 1024;
	const truncates = crawler.sizeLimit.beyond === 'truncate';
	if (Number.isInteger(kib)) {
		return truncates ? t('first {0} KiB', kib) : t('{0} KiB, else allows all', kib);
	}
	return truncates ? t('first {0} bytes', crawler.sizeLimit.bytes) : t('{0} bytes, else allows all', crawler.sizeLimit.bytes);
}

/** A short mark for each behaviour worth a column; `?` marks an assumed fact. */
function notes(crawler: CrawlerFacts): string {
	const out: string[] = [];
	const mark = (fact: (typeof crawlerFactNames)[number]) => (crawler.assumed.includes(fact) ? '?' : '');
	if (crawler.fallback.length > 0) {
		out.push(t('falls back to {0}', crawler.fallback.join(' → ')) + mark('fallback'));
	}
	if (crawler.ignoresGlobalGroup) {
		out.push(t('ignores *') + mark('ignoresGlobalGroup'));
	}
	if (crawler.controlToken) {
		out.push(t('control token') + mark('controlToken'));
	}
	if (crawler.ignoresRobotsTxt) {
		out.push(t('ignores robots.txt') + mark('ignoresRobotsTxt'));
	}
	return out.join('; ');
}

/** A cell padded to a width in terminal columns (a Chinese character takes two). */
function pad(cell: string, width: number): string {
	return cell + ' '.repeat(Math.max(0, width - columns(cell)));
}

function table(crawlers: readonly CrawlerFacts[]): string {
	const rows = [
		[t('Token'), t('Owner'), t('Category'), t('Parser'), t('Reads'), t('Notes')],
		...crawlers.map((crawler) => [
			crawler.token,
			crawler.owner,
			crawler.category,
			dialectNames[crawler.dialect] + (crawler.assumed.includes('dialect') ? '?' : ''),
			sizeLimit(crawler) + (crawler.assumed.includes('sizeLimit') ? '?' : ''),
			notes(crawler),
		]),
	];
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => columns(row[column]))));
	const lines = rows.map((row) =>
		row
			.map((cell, column) => (column < row.length - 1 ? pad(cell, widths[column]) : cell))
			.join('  ')
			.trimEnd(),
	);
	const assumed = crawlers.reduce((sum, crawler) => sum + crawler.assumed.length, 0);
	const facts = crawlers.length * crawlerFactNames.length;
	const count =
		crawlers.length === 1
			? t('{0} crawler; ? marks an assumed fact ({1} of {2} facts have no public source).', crawlers.length, assumed, facts)
			: t('{0} crawlers; ? marks an assumed fact ({1} of {2} facts have no public source).', crawlers.length, assumed, facts);
	lines.push('', `${count} ${t('`robots-txt crawlers <token>` shows every fact with its source.')}`);
	return lines.join('\n') + '\n';
}

function details(crawler: CrawlerFacts): string {
	const source = (fact: (typeof crawlerFactNames)[number]) => crawler.sources[fact] ?? t('assumed: no public source');
	const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
	const honours =
		Object.entries(crawler.honours)
			.map(([name, value]) => `${name} ${yesNo(value)}`)
			.join(', ') || t('nothing documented');
	const facts: [string, string][] = [
		[t('category:'), `${crawler.category}  [${source('category')}]`],
		[t('parser:'), `${dialectNames[crawler.dialect]}  [${source('dialect')}]`],
		[t('fallback tokens:'), `${crawler.fallback.length > 0 ? crawler.fallback.join(' → ') + ' → *' : '*'}  [${source('fallback')}]`],
		[t('ignores *:'), `${yesNo(crawler.ignoresGlobalGroup)}  [${source('ignoresGlobalGroup')}]`],
		[t('reads:'), `${sizeLimit(crawler)}  [${source('sizeLimit')}]`],
		[t('honours:'), `${honours}  [${source('honours')}]`],
		[t('control token:'), `${crawler.controlToken ? t('yes (fetches nothing)') : t('no')}  [${source('controlToken')}]`],
		[t('ignores robots.txt:'), `${yesNo(crawler.ignoresRobotsTxt)}  [${source('ignoresRobotsTxt')}]`],
	];
	if (crawler.familyNote) {
		facts.push([t('note:'), crawler.familyNote]);
	}
	const width = Math.max(...facts.map(([label]) => columns(label)));
	return (
		[`${crawler.token} (${crawler.owner})`, `  ${crawler.description}`, ...facts.map(([label, value]) => `  ${pad(label, width)} ${value}`)].join('\n') + '\n'
	);
}
