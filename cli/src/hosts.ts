/**
 * Many hosts at once for `fetch` and `diff`: the list of sites (arguments, `--hosts <file|->`, each expanded by
 * `--variants` into http and https, www. and the apex), fetched four at a time through the one fetcher, and the host
 * table of the core's `compareHosts` in text and JSON. A robots.txt governs only its own scheme, host and port
 * (RFC 9309 §2.3), so every host is fetched and compared; the answers come from the core.
 */

import { hostVariants, robotsTarget, summariseConclusions, type HostComparison, type HostFetch } from '../../core/src/index';
import { formatNumber, joinList, t } from '../../core/src/l10n';
import { type OptionTable, UsageError } from './args';
import { table } from './help';
import { inputName, readText } from './io';
import { fetchSite, type FetchSettings } from './source';

/** The options that make a host list, shared by the commands that take one. */
export const hostListOptions = {
	variants: { help: () => t("also fetch each site's other hosts: http and https, the www. host and the apex") },
	hosts: { value: '<file|->', help: () => t('more sites, one a line (# starts a comment)') },
} satisfies OptionTable;

/** What a host list does, for the help of the commands that take one. */
export function hostsNote(): string {
	return t(
		"Several sites, --variants or --hosts fetch every host, four at a time, and write a table of which hosts serve which file (identical bodies are one file: A, B…), where each redirects, and what crawlers conclude where they read no file. A robots.txt governs only its own scheme, host and port (RFC 9309 §2.3), and a host that redirects lends its crawlers the target's file (they follow up to five redirects). --variants tries http and https, the www. host and the apex, as Search Console's robots.txt report lists a property's hosts; another subdomain gets its two schemes only.",
	);
}

/** What a command line said of the host list options, or undefined when it used neither. */
export function hostListValues(values: { variants?: true; hosts?: string }): HostListValues | undefined {
	if (values.variants !== true && values.hosts === undefined) {
		return undefined;
	}
	return { ...(values.variants === true ? { variants: true } : {}), ...(values.hosts !== undefined ? { hosts: values.hosts } : {}) };
}

/** The host list options as given. */
export interface HostListValues {
	readonly variants?: true;
	readonly hosts?: string;
}

/** How many fetches run at once. */
const concurrency = 4;

/**
 * The sites to fetch, as origins in order without repeats: the arguments, then the `--hosts` file's lines, each
 * expanded into its variants with `--variants`. The notes say which variants were left out and why.
 */
export function hostList(sites: readonly string[], values: HostListValues): { sites: string[]; notes: string[] } {
	const given = [...sites];
	if (values.hosts !== undefined) {
		const name = inputName(values.hosts);
		const lines = readText(values.hosts).split(/\r?\n/);
		lines.forEach((line, index) => {
			const site = line.replace(/#.*/, '').trim();
			if (site !== '') {
				const target = robotsTarget(site);
				if ('error' in target) {
					throw new UsageError(`${name}:${index + 1}: ${target.error}`);
				}
				given.push(site);
			}
		});
	}
	const origins: string[] = [];
	const notes: string[] = [];
	for (const site of given) {
		const expanded = values.variants === true ? hostVariants(site) : robotsTarget(site);
		if ('error' in expanded) {
			throw new UsageError(expanded.error);
		}
		if ('note' in expanded && expanded.note !== undefined) {
			notes.push(expanded.note);
		}
		for (const origin of 'origins' in expanded ? expanded.origins : [expanded.origin]) {
			if (!origins.includes(origin)) {
				origins.push(origin);
			}
		}
	}
	return { sites: origins, notes };
}

/** Fetches every site's robots.txt, `concurrency` at a time, in list order. */
export function fetchHosts(sites: readonly string[], settings: FetchSettings): Promise<HostFetch[]> {
	return pooled(sites, concurrency, async (site) => ({ site, outcome: (await fetchSite(site, settings)).outcome }));
}

/** The host table, the files, what crawlers conclude where no file is read, and the notes (not yet escaped). */
export function hostTable(comparison: HostComparison, notes: readonly string[]): string {
	const lines = [...notes, ...(notes.length > 0 ? [''] : [])];
	lines.push(
		table([
			[t('Host'), t('Response'), t('Redirects to'), t('File')],
			...comparison.hosts.map((host) => [
				host.site,
				host.headline,
				host.redirectsTo === undefined
					? '—'
					: host.redirectListed
						? t('{0} (a host of the list)', host.redirectsTo)
						: t('{0} (another host)', host.redirectsTo),
				host.file ?? '—',
			]),
		]),
		'',
	);
	for (const file of comparison.files) {
		lines.push(t('File {0} ({1}): {2}', file.id, t('{0} bytes', formatNumber(file.bytes)), file.hosts.join(', ')));
	}
	for (const host of comparison.hosts) {
		if (host.conclusions.some((conclusion) => conclusion.kind !== 'rules')) {
			lines.push(`${host.site}: ${t('{0}.', summariseConclusions(host.conclusions).join('; '))}`);
		}
	}
	return lines.join('\n');
}

/** The last line: the crawlers the hosts disagree for, or that they agree. */
export function hostVerdict(comparison: HostComparison): string {
	return comparison.split.length > 0
		? t('The hosts do not give {0} the same answer.', joinList([...comparison.split]))
		: t('Every host gives the target crawlers the same answer.');
}

/** The JSON of a host comparison, as `robots-txt help fetch` documents it. */
export function hostJson(comparison: HostComparison, notes: readonly string[]): Record<string, unknown> {
	return {
		notes,
		hosts: comparison.hosts.map((host) => ({
			site: host.site,
			url: host.url,
			status: host.status ?? null,
			response: host.headline,
			redirectsTo: host.redirectsTo ?? null,
			redirectListed: host.redirectListed ?? null,
			file: host.file ?? null,
			crawlers: host.conclusions.map((conclusion) => ({ token: conclusion.crawler.token, conclusion: conclusion.kind })),
		})),
		files: comparison.files.map((file) => ({ id: file.id, hosts: file.hosts, bytes: file.bytes })),
		split: comparison.split,
	};
}

/** Exit status 1 when the hosts disagree for a target crawler, so that CI can fail on it; else 0. */
export function hostStatus(comparison: HostComparison): number {
	return comparison.split.length > 0 ? 1 : 0;
}

/** Runs `fn` over `items`, at most `limit` at a time; results in the order of `items`. */
export async function pooled<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
	const results: R[] = new Array(items.length);
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const index = next++;
			results[index] = await fn(items[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
}
