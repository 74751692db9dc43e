/**
 * One site's hosts compared: which hosts serve which robots.txt, which redirect where, and what that changes for the
 * target crawlers. RFC 9309 §2.3 (and Google's documentation of robots.txt) scopes a robots.txt to its own protocol,
 * host and port, so `http://example.com`, `https://example.com` and `https://www.example.com` each have a file of their
 * own, and serving different ones (or one host failing) is one of the usual accidents. A host that redirects lends its
 * crawlers the target's file: RFC 9309 §2.3.1.2 asks crawlers to follow at least five redirects, and Google's
 * documentation says it follows five. Conclusions come from `concludeFetch`, verdicts from the semantic diff
 * (bench/diff.ts), both through the one crawler model.
 *
 * Sources: https://www.rfc-editor.org/rfc/rfc9309#section-2.3 and
 * https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#file-location-range-of-validity.
 */

import { diffRobots, type RobotsDiff } from '../bench/diff';
import { t } from '../l10n';
import { decodeRobotsBytes } from '../syntax/bytes';
import type { RobotsModel } from '../syntax/parser';
import { parse } from '../syntax/text';
import { concludeFetchAll, type FetchConclusion } from './conclude';
import { describeResponse, responseHeadline } from './explain';
import { finalResponse, originOf, redirectsOf, type FetchOutcome } from './response';
import { robotsTarget } from './site';

/** The origins worth comparing for a site, the site's own first, and why some usual variants are left out, if so. */
export interface HostVariants {
	readonly origins: readonly string[];
	readonly note?: string;
}

/**
 * The hosts of a site as Search Console's robots.txt report groups them: http and https, the `www.` host and the apex.
 * `example.com` and `www.example.com` both give four origins; another subdomain (or a host this cannot tell from one,
 * such as `example.co.uk`, without the Public Suffix List) gives its two schemes; an IP address, `localhost` or a
 * one-label name has no `www.` form and gives its two schemes; an explicit port serves one scheme, so it is kept.
 */
export function hostVariants(site: string): HostVariants | { readonly error: string } {
	const target = robotsTarget(site);
	if ('error' in target) {
		return target;
	}
	const url = new URL(target.origin);
	const scheme = url.protocol.slice(0, -1);
	const host = url.hostname;
	const port = url.port === '' ? '' : `:${url.port}`;
	const schemes = port === '' ? [scheme, scheme === 'https' ? 'http' : 'https'] : [scheme];
	const labels = host.split('.');
	const literal = host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host) || host === 'localhost' || host.endsWith('.localhost') || labels.length < 2;
	let hosts: string[];
	let note: string | undefined;
	if (literal) {
		hosts = [host];
		note = t('{0} has no www. form (an IP address or a local name): only its schemes are compared.', host);
	} else if (labels[0] === 'www' && labels.length >= 3) {
		hosts = [host, labels.slice(1).join('.')];
	} else if (labels.length === 2) {
		hosts = [host, `www.${host}`];
	} else {
		hosts = [host];
		note = t(
			'{0} is not a www. host or a two-label domain: it may be a subdomain, whose www. form is another site, so only its schemes are compared (name other hosts to compare them).',
			host,
		);
	}
	if (port !== '') {
		const portNote = t('{0} names a port, which serves one scheme: the other scheme is not tried.', target.origin);
		note = note === undefined ? portNote : `${note} ${portNote}`;
	}
	const origins = hosts.flatMap((name) => schemes.map((each) => `${each}://${name}${port}`));
	return note === undefined ? { origins } : { origins, note };
}

/** One host's fetch: the site as named (an origin) and the outcome of fetching its robots.txt. */
export interface HostFetch {
	readonly site: string;
	readonly outcome: FetchOutcome;
}

/** One host in the comparison. */
export interface HostRow {
	readonly site: string;
	/** The robots.txt URL asked for. */
	readonly url: string;
	/** The last status received, if any. */
	readonly status?: number;
	/** The response in a line: "200 OK · 1 redirect · 57 bytes", or the error. */
	readonly headline: string;
	/** Where the redirects led (the last response's URL), when there were any. */
	readonly redirectsTo?: string;
	/** Whether that URL is on another host of the list (its origin is one of theirs). */
	readonly redirectListed?: boolean;
	/** The id of the file this host's crawlers read ("A", "B"…), when they read one. */
	readonly file?: string;
	/** What each target crawler concludes from this host's fetch. */
	readonly conclusions: readonly FetchConclusion[];
}

/** One distinct file: the hosts whose crawlers read it, in list order. */
export interface HostFile {
	readonly id: string;
	readonly hosts: readonly string[];
	/** Its length in octets. */
	readonly bytes: number;
	readonly model: RobotsModel;
}

/** A file against the reference (the first host's file, "A"), through each target crawler's reading. */
export interface FileDifference {
	readonly file: string;
	readonly reference: string;
	readonly diff: RobotsDiff;
}

export interface HostComparison {
	readonly hosts: readonly HostRow[];
	readonly files: readonly HostFile[];
	/** Every file after the first against the first, for the target crawlers. */
	readonly differences: readonly FileDifference[];
	/**
	 * The target crawlers that the hosts do not all give the same answer: a file whose verdicts differ from the
	 * reference's for them, or a fetch they conclude something else from (a 5xx, a 404, no answer).
	 */
	readonly split: readonly string[];
}

/** The file ids in order: A…Z, then AA, AB… */
function fileId(index: number): string {
	const letter = String.fromCharCode(65 + (index % 26));
	return index < 26 ? letter : fileId(Math.floor(index / 26) - 1) + letter;
}

/** What to compare the hosts for: the target crawlers (tokens), and URLs (default: probed from the files' rules). */
interface HostCompareOptions {
	readonly crawlers: readonly string[];
	readonly urls?: readonly string[];
}

/**
 * Compares the hosts' fetches: a row per host, identical bodies grouped as one file, each other file diffed against
 * the first, and the crawlers the hosts disagree for.
 */
export function compareHosts(fetches: readonly HostFetch[], options: HostCompareOptions): HostComparison {
	const { crawlers } = options;
	const listed = new Set(fetches.map((each) => originOf(each.outcome.url)));
	const byText = new Map<string, { id: string; hosts: string[]; bytes: number; text: string }>();
	const hosts: HostRow[] = fetches.map(({ site, outcome }) => {
		const conclusions = concludeFetchAll(outcome, crawlers);
		const redirects = redirectsOf(outcome);
		const final = finalResponse(outcome);
		const row = {
			site,
			url: outcome.url,
			...(final ? { status: final.status } : {}),
			headline: responseHeadline(describeResponse(outcome)),
		};
		const target = redirects.length > 0 ? redirects[redirects.length - 1].to : undefined;
		const redirect = target === undefined ? {} : { redirectsTo: target, redirectListed: listed.has(originOf(target)) };
		// The file is the body some crawler reads as rules (redirects followed); bodies are compared as octets, which
		// decodeRobotsBytes keeps losslessly.
		if (final?.body === undefined || !conclusions.some((conclusion) => conclusion.kind === 'rules')) {
			return { ...row, ...redirect, conclusions };
		}
		const text = decodeRobotsBytes(final.body);
		let file = byText.get(text);
		if (file === undefined) {
			file = { id: fileId(byText.size), hosts: [], bytes: final.body.length, text };
			byText.set(text, file);
		}
		file.hosts.push(site);
		return { ...row, ...redirect, file: file.id, conclusions };
	});
	const files: HostFile[] = [...byText.values()].map(({ id, hosts: served, bytes, text }) => ({ id, hosts: served, bytes, model: parse(text) }));
	const differences = files.slice(1).map((file) => ({ file: file.id, reference: files[0].id, diff: diffRobots(files[0].model, file.model, options) }));
	return { hosts, files, differences, split: splitCrawlers(hosts, differences) };
}

/** The crawlers whose answer is not the same on every host: a file is its answer, unless its verdicts equal A's. */
function splitCrawlers(hosts: readonly HostRow[], differences: readonly FileDifference[]): string[] {
	const split: string[] = [];
	const count = hosts[0]?.conclusions.length ?? 0;
	for (let column = 0; column < count; column++) {
		const token = hosts[0].conclusions[column].crawler.token;
		const answers = new Set(
			hosts.map((host) => {
				const conclusion = host.conclusions[column];
				if (conclusion.kind !== 'rules' || host.file === undefined) {
					return conclusion.kind;
				}
				const difference = differences.find((each) => each.file === host.file);
				return difference === undefined || !difference.diff.flips.some((flip) => flip.crawler === token) ? 'A' : host.file;
			}),
		);
		if (answers.size > 1) {
			split.push(token);
		}
	}
	return split;
}
