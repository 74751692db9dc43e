/**
 * Checks of the directives beside Allow and Disallow: Yandex's Host and Clean-param, Sitemap, Crawl-delay,
 * Request-rate, Visit-time and Noindex.
 */

import { isFetchableSitemapUrl } from '../../facts/sitemaps';
import { parseYandexHost, unknownTopLevelDomain } from '../../matching/host';
import type { LineNode } from '../../syntax/ast';
import { listNames } from '../../crawlers/explain';
import { t } from '../../l10n';
import type { RobotsModel } from '../../syntax/parser';
import { deleteLine } from './edits';
import { at, shown, tLines, type AnyFact, type Check, type CheckContext, type CheckEntry, type FileFact } from '../context';

/**
 * Host lines with a value, in file order: what `host` reads. A summary holds the lines' nodes, so that two summaries
 * are the same only for the very same lines at the same places.
 */
const hostLines: FileFact<readonly { readonly line: number; readonly node: LineNode }[], readonly number[]> = {
	name: 'Host lines',
	positional: true,
	summarize({ model, from, to }) {
		const hosts: { line: number; node: LineNode }[] = [];
		for (let line = from; line < to; line++) {
			if (isHostLine(model.lines[line])) {
				hosts.push({ line: line - from, node: model.lines[line] });
			}
		}
		return hosts;
	},
	combine: (summaries, starts) => summaries.flatMap((hosts, i) => hosts.map((host) => starts[i] + host.line)),
	same: (a, b) => a.length === b.length && a.every((host, i) => host.line === b[i].line && host.node === b[i].node),
};

const host: Check = (context) => {
	const { model } = context;
	let firstValid = -1;
	let firstHost = -1;
	for (const line of context.fact(hostLines)) {
		const node = model.lines[line];
		const value = model.valueText(line);
		const span = { line, start: node.valueStart, end: node.valueEnd };
		if (firstHost < 0) {
			firstHost = line;
			context.report({
				code: 'host-deprecated',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: t('Yandex stopped using Host in 2018 (other crawlers never read it): a 301 redirect to the main mirror does the job now.'),
				deprecated: true,
			});
		}
		const parsed = parseYandexHost(value);
		const top = unknownTopLevelDomain(value);
		if (!parsed && top !== undefined) {
			context.report({
				code: 'invalid-host',
				...span,
				message: t('Yandex ignores this Host: "{0}" ends in ".{1}", which is no top-level domain.', shown(value), top),
			});
			continue;
		}
		if (!parsed) {
			context.report({
				code: 'invalid-host',
				...span,
				message: t(
					'Yandex ignores this Host: "{0}" is not one host name (letters, digits and inner hyphens, no IP address, no path) with an optional port from 1 to 65535; only an "https://" prefix is allowed.',
					shown(value),
				),
			});
			continue;
		}
		if (firstValid >= 0) {
			context.report({
				code: 'multiple-hosts',
				...span,
				message: t('Only the first valid Host counts (line {0}); Yandex ignores this one.', firstValid + 1),
				related: [{ line: firstValid, message: t('the Host that counts') }],
				unnecessary: true,
			});
		} else {
			firstValid = line;
		}
	}
};

/**
 * Seed 002 (the proposal of Host): "Placement: in record, after User-agent(s)", after the Disallow lines, so that
 * robots which do not know Host see it where it ends nothing. Yandex's library reads it anywhere.
 */
const hostPlacement: Check = (context) => {
	const { model } = context;
	const { groups } = context.grouping('rfc9309');
	const groupOf = new Map<number, (typeof groups)[number]>();
	for (const group of groups) {
		for (const line of group.others) {
			groupOf.set(line, group);
		}
	}
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.directive !== 'host') {
			continue;
		}
		const group = groupOf.get(line);
		const lastRule = group && group.rules.length > 0 ? group.rules[group.rules.length - 1] : -1;
		if (group && line > lastRule) {
			continue;
		}
		context.report({
			code: 'host-placement',
			line,
			start: node.keyStart,
			end: node.keyEnd,
			message: group
				? tLines(
						"Host stands before the group's rules (the last is at line {0}); the proposal that introduced Host puts it after them, where robots that do not know it see it end nothing. Yandex reads it anywhere.",
						at(lastRule),
					)
				: t('Host stands outside any group; the proposal that introduced Host puts it inside a group, after its rules. Yandex reads it anywhere.'),
		});
	}
};

const sitemap: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.directive !== 'sitemap' || node.valueStart === node.valueEnd) {
			continue;
		}
		const value = model.valueText(line);
		if (!isFetchableSitemapUrl(value)) {
			context.report({
				code: 'invalid-sitemap-url',
				line,
				start: node.valueStart,
				end: node.valueEnd,
				message: value.startsWith('/')
					? t(
							'A Sitemap needs an absolute http(s) URL, such as "{0}": Google and Bing ignore "{1}" (Yandex resolves a path against the site).',
							`https://example.com${value}`,
							shown(value),
						)
					: t('A Sitemap needs an absolute http(s) URL, such as "https://example.com/sitemap.xml"; crawlers ignore "{0}".', shown(value)),
			});
		}
	}
};

/** A Crawl-delay value as Yandex's library reads it: digits, optionally a "." and more digits (".5" included). */
const crawlDelayValue = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

const crawlDelay: Check = (context) => {
	const { model } = context;
	// Yandex splits groups where RFC 9309 merges them (at any line between User-agent lines), so two delays in one
	// RFC 9309 group may sit in different Yandex groups.
	const yandexGroupOf = new Map<number, number>();
	for (const group of context.grouping('yandex').groups) {
		for (const line of group.others) {
			yandexGroupOf.set(line, group.index);
		}
	}
	for (const group of context.grouping('rfc9309').groups) {
		let first = -1;
		for (const line of group.others) {
			const node = model.lines[line];
			if (node.directive !== 'crawl-delay' || node.valueStart === node.valueEnd) {
				continue;
			}
			const value = model.valueText(line);
			const span = { line, start: node.valueStart, end: node.valueEnd };
			context.report({
				code: 'crawl-delay-ignored',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: crawlDelayMessage(context),
			});
			if (!crawlDelayValue.test(value)) {
				context.report({
					code: 'invalid-crawl-delay',
					...span,
					message: t('Crawl-delay takes a number of seconds, such as "10" or "0.5"; crawlers ignore "{0}".', shown(value)),
				});
				continue;
			}
			if (first < 0) {
				first = line;
				continue;
			}
			const same = Number(value) === Number(model.valueText(first));
			const yandexToo = yandexGroupOf.get(line) !== undefined && yandexGroupOf.get(line) === yandexGroupOf.get(first);
			context.report({
				code: 'duplicate-crawl-delay',
				...span,
				severity: same ? 'information' : undefined,
				message: yandexToo
					? same
						? tLines('This group already has a Crawl-delay (line {0}) with the same value, so this one adds nothing, and Yandex reports an error.', at(first))
						: tLines('This group already has a Crawl-delay (line {0}): which one a crawler uses is up to it, and Yandex reports an error.', at(first))
					: same
						? tLines(
								'This Crawl-delay and the one at line {0} are in one group for RFC 9309 crawlers (a Crawl-delay line does not end a group), with the same value. Yandex reads two groups here.',
								at(first),
							)
						: tLines(
								'This Crawl-delay and the one at line {0} are in one group for RFC 9309 crawlers (a Crawl-delay line does not end a group): which one a crawler uses is up to it. Yandex reads two groups here.',
								at(first),
							),
				related: [{ line: first, message: t('the first Crawl-delay') }],
				unnecessary: same || undefined,
			});
		}
	}
};

// Yandex's library: parameter names of these characters joined by "&" (a leading "&" is accepted, "&&" is not).
const cleanParameters = /^[A-Za-z0-9+\-=_&%[\]{}():.]+$/;
const cleanPath = /^[A-Za-z0-9.\-/*_,;:%]+$/;

/** Whether the nearest line above `line` that is neither blank nor a comment is a User-agent line (or there is none). */
function afterUserAgents(model: RobotsModel, line: number): boolean {
	for (let above = line - 1; above >= 0; above--) {
		const node = model.lines[above];
		if (node.kind === 'directive' || node.kind === 'text') {
			return node.directive === 'user-agent' || node.googleDirective === 'user-agent';
		}
	}
	return true;
}

const otherValues: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.directive === 'noindex') {
			context.report({
				code: 'noindex-unsupported',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: t(
					'Noindex in robots.txt is not supported (Google dropped it in 2019): use a robots meta tag or an X-Robots-Tag header, and let crawlers fetch the page to see it.',
				),
				// Removing it is safe where it follows a line that already ended the User-agent lines of its group:
				// between two User-agent lines, it may be what splits them into two groups for some parser.
				fixes: afterUserAgents(model, line) ? undefined : [{ title: t('Remove the Noindex line (no crawler reads it)'), edits: [deleteLine(model, line)] }],
			});
			continue;
		}
		if (node.kind !== 'directive' || node.valueStart === node.valueEnd) {
			continue;
		}
		const value = model.valueText(line);
		const span = { line, start: node.valueStart, end: node.valueEnd };
		switch (node.directive) {
			case 'clean-param': {
				const [parameters, path, ...rest] = value.split(/\s+/);
				if (
					value.length > 500
					|| !cleanParameters.test(parameters)
					|| parameters.includes('&&')
					|| (path !== undefined && !cleanPath.test(path))
					|| rest.length > 0
				) {
					context.report({
						code: 'invalid-clean-param',
						...span,
						message: t(
							'Yandex reads Clean-param as "p1&p2 [/path-prefix]": parameter names joined by "&", then optionally one path prefix, at most 500 characters.',
						),
					});
				}
				break;
			}
			case 'request-rate':
				if (!/^\d+\s*\/\s*\d+\s*[smhd]?(\s+\d{4}\s*-\s*\d{4})?$/i.test(value)) {
					context.report({
						code: 'invalid-request-rate',
						...span,
						message: t('Request-rate takes "documents/seconds" (e.g. "1/5", or "1/10m"), optionally followed by a time window such as "0600-0845".'),
					});
				}
				break;
			case 'visit-time': {
				const match = /^(\d{2})(\d{2})\s*-\s*(\d{2})(\d{2})$/.exec(value);
				if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) > 23 || Number(match[4]) > 59) {
					context.report({ code: 'invalid-visit-time', ...span, message: t('Visit-time takes a UTC window "hhmm-hhmm", such as "0600-0845".') });
				}
				break;
			}
		}
	}
};

/** The facts these checks ask. */
export const recordFacts: readonly AnyFact[] = [hostLines];

export const recordChecks: readonly CheckEntry[] = [
	{ file: host, onlyFacts: true },
	{ window: hostPlacement },
	{ line: sitemap },
	{ window: crawlDelay },
	{ line: otherValues },
];

/** The lines `host` reads: Host lines with a value. */
function isHostLine(node: LineNode): boolean {
	return node.directive === 'host' && node.valueStart !== node.valueEnd;
}

/** Who of the target crawlers ignores Crawl-delay and who reads it, as the crawler catalogue documents. */
function crawlDelayMessage(context: CheckContext): string {
	const ignoring = context.targets.filter((crawler) => crawler.honours.crawlDelay === false).map((crawler) => crawler.token);
	const reading = context.targets.filter((crawler) => crawler.honours.crawlDelay === true).map((crawler) => crawler.token);
	if (ignoring.length === 0) {
		return t("Google's crawlers ignore Crawl-delay; others, such as bingbot, read it.");
	}
	const ignorers = listNames(ignoring, 3);
	if (reading.length === 0) {
		return ignoring.length > 1 ? t('{0} ignore Crawl-delay.', ignorers) : t('{0} ignores Crawl-delay.', ignorers);
	}
	const readers = listNames(reading, 3);
	if (ignoring.length > 1) {
		return reading.length > 1 ? t('{0} ignore Crawl-delay; {1} read it.', ignorers, readers) : t('{0} ignore Crawl-delay; {1} reads it.', ignorers, readers);
	}
	return reading.length > 1 ? t('{0} ignores Crawl-delay; {1} read it.', ignorers, readers) : t('{0} ignores Crawl-delay; {1} reads it.', ignorers, readers);
}
