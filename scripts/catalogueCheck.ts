// `npm run catalogue:check`: the crawler catalogue (core/src/facts/crawlers.ts) against the community list of AI agents,
// ai.robots.txt's robots.json: the copy kept in test/fixtures/catalogue/, or with `--live` the list as it is now.
// It reports the list's tokens the catalogue lacks (new), the catalogue's tokens cited from the list that the list no
// longer has (removed), pairs of the two that look like a rename, and the coverage; it exits 1 below 90 % coverage.
// Tokens left out on purpose are in test/fixtures/catalogue/left-out.json, each with why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editDistance } from '../core/src/editDistance';
import { aiRobotsTxtList, knownCrawlers, type CrawlerFacts } from '../core/src/facts/crawlers';
import { repoRoot } from './codeServer';

/** A token of the list the catalogue leaves out: a generic word does not count towards the coverage, an unattributed one does. */
export interface LeftOut {
	readonly token: string;
	readonly kind: 'generic' | 'unattributed';
	readonly why: string;
}

/** robots.json: token to what the list says of it (operator as Markdown, respect, function, frequency, description). */
export type CommunityList = Readonly<Record<string, { readonly operator?: string }>>;

export interface CatalogueReport {
	/** Distinct tokens of the list, compared case-insensitively after a version suffix is dropped. */
	readonly listed: number;
	/** The list's tokens the catalogue has, of those it should have (the list's less the generic words left out). */
	readonly covered: number;
	readonly expected: number;
	/** The list's tokens that are neither in the catalogue nor left out on purpose. */
	readonly added: readonly string[];
	/** The catalogue's tokens that cite the list but are no longer in it. */
	readonly removed: readonly string[];
	/** A new token of the list and a removed one of the catalogue that look alike or have the same owner. */
	readonly renames: readonly { readonly from: string; readonly to: string; readonly because: 'spelling' | 'owner' }[];
	/** Left-out tokens that the list no longer has or the catalogue now has: the table needs an edit. */
	readonly staleLeftOut: readonly string[];
}

/** The least coverage the check accepts. */
export const minimumCoverage = 0.9;

/** The token a list key stands for: `MistralAI-User/1.0` and `Brightbot 1.0` are the tokens with a version after them. */
function normalise(token: string): string {
	return token
		.trim()
		.replace(/[/ ]v?\d+(\.\d+)*$/, '')
		.toLowerCase();
}

function citesList(crawler: CrawlerFacts): boolean {
	return Object.values(crawler.sources).some((source) => source?.includes(aiRobotsTxtList));
}

/** How alike two tokens are spelt, for renames: at most a quarter of the longer one's letters differ (at least 2). */
function spelledAlike(a: string, b: string): boolean {
	const limit = Math.max(2, Math.floor(Math.max(a.length, b.length) / 4));
	return editDistance(a.toLowerCase(), b.toLowerCase(), limit, true) <= limit;
}

/** The catalogue against the list. */
export function checkCatalogue(list: CommunityList, crawlers: readonly CrawlerFacts[], leftOut: readonly LeftOut[]): CatalogueReport {
	const catalogue = new Map(crawlers.map((crawler) => [crawler.token.toLowerCase(), crawler]));
	const excluded = new Map(leftOut.map((entry) => [entry.token.toLowerCase(), entry]));
	// One key per token: the list spells a few twice (`meta-externalagent`, `Meta-ExternalAgent`).
	const tokens = new Map<string, string>();
	for (const key of Object.keys(list)) {
		if (!tokens.has(normalise(key))) {
			tokens.set(normalise(key), key);
		}
	}
	let covered = 0;
	let generic = 0;
	const added: string[] = [];
	for (const [token, key] of tokens) {
		if (catalogue.has(token)) {
			covered++;
		} else if (excluded.get(token)?.kind === 'generic') {
			generic++;
		} else if (!excluded.has(token)) {
			added.push(key);
		}
	}
	const removed = crawlers.filter((crawler) => citesList(crawler) && !tokens.has(crawler.token.toLowerCase())).map((crawler) => crawler.token);
	const renames: { from: string; to: string; because: 'spelling' | 'owner' }[] = [];
	for (const to of added) {
		const operator = (list[to]?.operator ?? '').toLowerCase();
		for (const from of removed) {
			const owner = catalogue.get(from.toLowerCase())!.owner.toLowerCase();
			if (spelledAlike(from, to)) {
				renames.push({ from, to, because: 'spelling' });
			} else if (operator.includes(owner)) {
				renames.push({ from, to, because: 'owner' });
			}
		}
	}
	const staleLeftOut = leftOut
		.filter((entry) => !tokens.has(entry.token.toLowerCase()) || catalogue.has(entry.token.toLowerCase()))
		.map((entry) => entry.token);
	return { listed: tokens.size, covered, expected: tokens.size - generic, added, removed, renames, staleLeftOut };
}

/** The share of the list the catalogue covers, 0 to 1. */
export function coverage(report: CatalogueReport): number {
	return report.expected === 0 ? 1 : report.covered / report.expected;
}

/** The report as the command prints it. */
export function formatCatalogueReport(report: CatalogueReport, source: string): string {
	const lines = [
		`Crawler catalogue against ${source}`,
		`${report.listed} tokens in the list; ${report.listed - report.expected} generic words left out on purpose.`,
	];
	const section = (title: string, items: readonly string[]) => {
		lines.push(`${title} (${items.length})${items.length > 0 ? ':' : '.'}`, ...items.map((item) => `  ${item}`));
	};
	section('New: in the list, not in the catalogue', report.added);
	section('Removed: cited from the list, no longer in it', report.removed);
	section(
		'Likely renames',
		report.renames.map((rename) => `${rename.from} -> ${rename.to} (${rename.because === 'spelling' ? 'alike in spelling' : 'same owner'})`),
	);
	section('Left out on purpose but no longer in the list, or now in the catalogue (edit left-out.json)', report.staleLeftOut);
	const percent = (coverage(report) * 100).toFixed(1);
	lines.push(`Coverage: ${report.covered} of ${report.expected}, ${percent} % (at least ${minimumCoverage * 100} % required).`);
	return `${lines.join('\n')}\n`;
}

const fixtures = join(repoRoot, 'test', 'fixtures', 'catalogue');

/** The copy kept in the repository, with the commit and date it was taken at. */
export function repositoryCopy(): { readonly list: CommunityList; readonly source: string } {
	const note = JSON.parse(readFileSync(join(fixtures, 'ai-robots-txt.source.json'), 'utf8')) as { commit: string; date: string };
	return {
		list: JSON.parse(readFileSync(join(fixtures, 'ai-robots-txt.robots.json'), 'utf8')) as CommunityList,
		source: `the repository's copy of ai.robots.txt's robots.json (commit ${note.commit.slice(0, 7)}, ${note.date.slice(0, 10)})`,
	};
}

/** The left-out table. */
export function leftOutTable(): readonly LeftOut[] {
	return (JSON.parse(readFileSync(join(fixtures, 'left-out.json'), 'utf8')) as { leftOut: LeftOut[] }).leftOut;
}

async function main(): Promise<number> {
	let { list, source } = repositoryCopy();
	if (process.argv.includes('--live')) {
		const url = 'https://raw.githubusercontent.com/ai-robots-txt/ai.robots.txt/main/robots.json';
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
			if (!response.ok) {
				throw new Error(`HTTP ${response.status}`);
			}
			list = (await response.json()) as CommunityList;
			source = `the live list (${url})`;
		} catch (error) {
			process.stderr.write(`The live list could not be fetched (${(error as Error).message}); checking against the copy instead.\n`);
		}
	}
	const report = checkCatalogue(list, knownCrawlers, leftOutTable());
	process.stdout.write(formatCatalogueReport(report, source));
	return coverage(report) < minimumCoverage ? 1 : 0;
}

if (require.main === module) {
	main().then((code) => {
		process.exitCode = code;
	});
}
