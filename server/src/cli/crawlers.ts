/**
 * `robots-txt crawlers`: the crawler catalogue the answers come from, so people can see what we assume about each
 * crawler and where each fact comes from. A table by default, every fact of the named crawlers with `<token>...`,
 * everything as JSON with `--format json`.
 */

import { crawlerCategories, crawlerFactNames, crawlerProfile, dialectNames, findCrawler, knownCrawlers, type CrawlerCategory, type CrawlerFacts } from '../core/index';
import { ArgumentReader, UsageError } from './args';
import type { Command, CommandIo } from './command';

interface CrawlersOptions {
	tokens: string[];
	category?: CrawlerCategory;
	format: 'text' | 'json';
}

function parseArguments(args: readonly string[]): CrawlersOptions {
	const options: CrawlersOptions = { tokens: [], format: 'text' };
	const reader = new ArgumentReader(args);
	for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
		switch (arg) {
			case '--format': {
				const format = reader.value(arg);
				if (format !== 'text' && format !== 'json') {
					throw new UsageError(`unknown format "${format}" (expected text or json)`);
				}
				options.format = format;
				break;
			}
			case '--category': {
				const category = reader.value(arg);
				if (!(crawlerCategories as readonly string[]).includes(category)) {
					throw new UsageError(`unknown category "${category}" (expected one of ${crawlerCategories.join(', ')})`);
				}
				options.category = category as CrawlerCategory;
				break;
			}
			default:
				if (arg.startsWith('--')) {
					throw new UsageError(`unknown option ${arg}`);
				}
				options.tokens.push(arg);
		}
	}
	return options;
}

/** Runs the command; returns the exit status. */
async function runCrawlers(args: readonly string[], io: CommandIo): Promise<number> {
	const options = parseArguments(args);
	let crawlers: readonly CrawlerFacts[] = knownCrawlers;
	if (options.tokens.length > 0) {
		const unknown = options.tokens.filter((token) => findCrawler(token) === undefined);
		if (unknown.length > 0) {
			const assumed = crawlerProfile(unknown[0]);
			throw new UsageError(`no crawler named ${unknown.map((token) => `"${token}"`).join(', ')} in the catalogue (an unknown token is read as ${dialectNames[assumed.dialect]})`);
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
	summary: 'the crawler catalogue: what we assume about each crawler, and where each fact comes from',
	synopsis: ['robots-txt crawlers [<token>...] [--category <category>] [--format text|json]'],
	help: `Shows the crawler catalogue the answers of "test" and "lint" come from: each crawler's parser, the tokens it
falls back to, whether it ignores "*", how much of the file it reads. A table by default; every fact of the named
crawlers, each with its source, when tokens are given.

Options:
  --category <name>   only this category: ${crawlerCategories.join(', ')}
  --format <name>     text or json

Exit status: 0; 2 on bad arguments or a token the catalogue does not know.`,
	run: runCrawlers,
};

function sizeLimit(crawler: CrawlerFacts): string {
	if (crawler.sizeLimit === null) {
		return 'whole file';
	}
	const kib = crawler.sizeLimit.bytes / 1024;
	const size = Number.isInteger(kib) ? `${kib} KiB` : `${crawler.sizeLimit.bytes} bytes`;
	return crawler.sizeLimit.beyond === 'truncate' ? `first ${size}` : `${size}, else allows all`;
}

/** A short mark for each behaviour worth a column; `?` marks an assumed fact. */
function notes(crawler: CrawlerFacts): string {
	const out: string[] = [];
	const mark = (fact: (typeof crawlerFactNames)[number]) => (crawler.assumed.includes(fact) ? '?' : '');
	if (crawler.fallback.length > 0) {
		out.push(`falls back to ${crawler.fallback.join(' → ')}${mark('fallback')}`);
	}
	if (crawler.ignoresGlobalGroup) {
		out.push(`ignores *${mark('ignoresGlobalGroup')}`);
	}
	if (crawler.controlToken) {
		out.push(`control token${mark('controlToken')}`);
	}
	if (crawler.ignoresRobotsTxt) {
		out.push(`ignores robots.txt${mark('ignoresRobotsTxt')}`);
	}
	return out.join('; ');
}

function table(crawlers: readonly CrawlerFacts[]): string {
	const rows = [['Token', 'Owner', 'Category', 'Parser', 'Reads', 'Notes'], ...crawlers.map((crawler) => [
		crawler.token,
		crawler.owner,
		crawler.category,
		dialectNames[crawler.dialect] + (crawler.assumed.includes('dialect') ? '?' : ''),
		sizeLimit(crawler) + (crawler.assumed.includes('sizeLimit') ? '?' : ''),
		notes(crawler),
	])];
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	const lines = rows.map((row) => row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column]) : cell)).join('  ').trimEnd());
	const assumed = crawlers.reduce((sum, crawler) => sum + crawler.assumed.length, 0);
	const facts = crawlers.length * crawlerFactNames.length;
	lines.push('', `${crawlers.length} crawlers; ? marks an assumed fact (${assumed} of ${facts} facts have no public source). ` +
		'`robots-txt crawlers <token>` shows every fact with its source.');
	return lines.join('\n') + '\n';
}

function details(crawler: CrawlerFacts): string {
	const source = (fact: (typeof crawlerFactNames)[number]) => crawler.sources[fact] ?? 'assumed: no public source';
	const honours = Object.entries(crawler.honours).map(([name, value]) => `${name} ${value ? 'yes' : 'no'}`).join(', ') || 'nothing documented';
	const lines = [
		`${crawler.token} (${crawler.owner})`,
		`  ${crawler.description}`,
		`  category:           ${crawler.category}  [${source('category')}]`,
		`  parser:             ${dialectNames[crawler.dialect]}  [${source('dialect')}]`,
		`  fallback tokens:    ${crawler.fallback.length > 0 ? crawler.fallback.join(' → ') + ' → *' : '*'}  [${source('fallback')}]`,
		`  ignores *:          ${crawler.ignoresGlobalGroup ? 'yes' : 'no'}  [${source('ignoresGlobalGroup')}]`,
		`  reads:              ${sizeLimit(crawler)}  [${source('sizeLimit')}]`,
		`  honours:            ${honours}  [${source('honours')}]`,
		`  control token:      ${crawler.controlToken ? 'yes (fetches nothing)' : 'no'}  [${source('controlToken')}]`,
		`  ignores robots.txt: ${crawler.ignoresRobotsTxt ? 'yes' : 'no'}  [${source('ignoresRobotsTxt')}]`,
	];
	if (crawler.familyNote) {
		lines.push(`  note:               ${crawler.familyNote}`);
	}
	return lines.join('\n') + '\n';
}
