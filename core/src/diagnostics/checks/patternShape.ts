/**
 * The check of a rule's pattern, one line at a time: the leading "/", hosts, several paths, spaces and invisible
 * characters, wildcards, regular expressions, percent-encoding, and what a Disallow's path reveals.
 */

import { patternMatches } from '../../matching/rules';
import { firstEscapedByte } from '../../syntax/bytes';
import { t } from '../../l10n';
import { shown, type Check, type CheckContext, type Fix } from '../context';
import { replaceSpan } from './edits';
import { crawlerLike } from './groups';
import { isRule } from './ruleValues';

const urlScheme = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host name at the start of a value: a dotted name, an optional port, then a path or the end. */
const leadingHost = /^((?:[a-z0-9-]+\.)+[a-z]{2,})(?::\d+)?(?=\/|$)/i;
/** File name endings that a host test must not take for top-level domains (`Disallow: page.html`). */
const fileExtension =
	/\.(?:s?html?|xhtml|php\d?|aspx?|ashx|jspx?|cfml?|cgi|pl|py|rb|do|action|xml|txt|pdf|docx?|xlsx?|js|css|json|gif|jpe?g|png|svg|ico|zip|gz|rss|atom)$/i;
/** Whitespace crawlers separate on; other white space (such as U+00A0) is part of the value for them. */
const asciiWhitespace = /[ \t\v\f]+/;
/** Characters that show as nothing or as a plain space but are not ASCII, which crawlers keep in the pattern. */
const invisible = /[\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]/;
const zeroWidth = /[\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
/** Whitespace and invisible characters, one at a time: trimmed by a loop, since `[…]+$` backtracks quadratically. */
const invisibleOrSpace = /[\s\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]/;

/** The text without whitespace and invisible characters at its ends, in linear time. */
function trimInvisible(text: string): string {
	let start = 0;
	let end = text.length;
	while (start < end && invisibleOrSpace.test(text[start])) {
		start++;
	}
	while (end > start && invisibleOrSpace.test(text[end - 1])) {
		end--;
	}
	return text.slice(start, end);
}

/** The text without the run of `*` and `$` at its end, in linear time. */
function trimWildcardsAtEnd(text: string): string {
	let end = text.length;
	while (end > 0 && (text.charCodeAt(end - 1) === 42 || text.charCodeAt(end - 1) === 36)) {
		end--;
	}
	return text.slice(0, end);
}

/** The scheme and host a rule starts with, when it does, and the path after them. */
function urlParts(value: string): { path: string; host: string } | undefined {
	if (urlScheme.test(value)) {
		const rest = value.replace(urlScheme, '');
		const slash = rest.indexOf('/');
		return { host: slash >= 0 ? rest.slice(0, slash) : rest, path: slash >= 0 ? rest.slice(slash) : '/' };
	}
	const match = leadingHost.exec(value);
	if (!match) {
		return undefined;
	}
	const path = value.slice(match[0].length);
	// A bare dotted name is a file (`Disallow: page.html`) unless it looks like a host: "www." or a path after it.
	if ((path === '' && !/^www\./i.test(value)) || fileExtension.test(match[1])) {
		return undefined;
	}
	return { host: match[0], path: path === '' ? '/' : path };
}

/** Escapes of non-ASCII code points, as a crawler would send them; a lone surrogate becomes U+FFFD's. */
function encodeNonAscii(value: string): string {
	let out = '';
	for (const char of value) {
		const code = char.codePointAt(0)!;
		if (code < 128) {
			out += char;
		} else {
			out += code >= 0xd800 && code <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(char);
		}
	}
	return out;
}

/** Path segments whose names say that something private lies there. */
const privateSegments = new Set([
	'backup',
	'backups',
	'.git',
	'.svn',
	'.hg',
	'.env',
	'.ssh',
	'.htpasswd',
	'secret',
	'secrets',
	'private',
	'confidential',
	'internal',
	'staging',
	'dump',
	'dumps',
	'phpmyadmin',
	'passwords',
	'passwd',
]);
/** Files whose endings say they hold data or old copies. */
const privateFile = /\.(?:sql|bak|old|dump)(?:\.(?:gz|zip|bz2))?$/;

/** The segment of a pattern that names a private place, if one does; words inside longer names do not count. */
function revealingSegment(value: string): string | undefined {
	for (const raw of value.split(/[/?]/)) {
		// "_private" names the same place as "private"; "*.git" is any name ending in ".git", not the ".git" folder.
		const segment = trimWildcardsAtEnd(raw).replace(/^_+/, '').toLowerCase();
		if (privateSegments.has(segment) || privateFile.test(segment)) {
			return raw;
		}
	}
	return undefined;
}
/** Paths every reader knows already (CMS defaults), which reveal nothing. */
const wellKnownPaths = /^\/(wp-admin|wp-includes|administrator|admin\/?$|core|profiles|includes|misc|modules|scripts|themes)\b/i;

/** A path of letters, digits and `/ . _ ~ - ? = &` only. */
const plainPath = /^\/[\w/.~?=&-]*$/;

export const patternShape: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (!isRule(node.directive)) {
			continue;
		}
		const key = model.keyText(line);
		const value = model.valueText(line);
		const { valueStart, valueEnd } = node;
		const span = { line, start: valueStart, end: valueEnd };
		if (value === '') {
			continue;
		}
		if (node.directive === 'allow') {
			context.report({
				code: 'allow-unsupported',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: t('The 1994 standard has no Allow: robots that follow only it ignore this line, so a broader Disallow still blocks these paths for them.'),
			});
		}
		// Most rules are plain paths, for which no shape problem below can arise (no space, host, scheme, wildcard,
		// regular-expression sign, escape or non-ASCII character); only what the path names is left to check.
		if (plainPath.test(value)) {
			pathMeaning(context, node.directive, value, span);
			continue;
		}
		// Invisible characters at the ends are non-ascii-path's to report; the spaces that matter lie between words.
		const core = trimInvisible(value.replace(zeroWidth, ''));
		const parts = core.split(asciiWhitespace);
		if (parts.length > 1) {
			if (parts.every((part) => part[0] === '/' || part[0] === '*' || urlScheme.test(part))) {
				const { eol } = context;
				context.report({
					code: 'multiple-paths',
					...span,
					message: t(
						'One path per rule: crawlers read "{0}" as a single pattern containing spaces, which matches nothing. Write each path on its own {1} line.',
						shown(value),
						key,
					),
					fixes: [
						{
							title: t('Put each path on its own {0} line', key),
							edits: [replaceSpan(line, node.keyStart, valueEnd, parts.map((part) => `${key}: ${part}`).join(eol))],
							isPreferred: true,
						},
					],
				});
				continue;
			}
			if (value[0] === '/' || value[0] === '*') {
				// One path with a space in it: the dialects disagree on whether it ever matches.
				const encoded = core.replace(/[ \t\v\f]/g, (space) => '%' + space.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
				context.report({
					code: 'invalid-percent-encoding',
					...span,
					message: context.many(['google'])
						? t(
								'A space inside the path: {0} read it as "%20" and can match it, but {1} compare it as written and never match, because URLs carry "%20". Write "{2}".',
								context.who(['rfc9309', 'yandex', 'draft1996']),
								context.who(['google']),
								shown(encoded),
							)
						: t(
								'A space inside the path: {0} read it as "%20" and can match it, but {1} compares it as written and never matches, because URLs carry "%20". Write "{2}".',
								context.who(['rfc9309', 'yandex', 'draft1996']),
								context.who(['google']),
								shown(encoded),
							),
					fixes: [{ title: t('Change to "{0}"', shown(encoded)), edits: [replaceSpan(line, valueStart, valueEnd, encoded)], isPreferred: true }],
				});
			}
		}
		const url = urlParts(value);
		if (url) {
			const wholeSite = url.path === '/';
			context.report({
				code: 'url-in-rule',
				...span,
				message: wholeSite
					? t(
							'Rules match the path only, never the scheme or host: "{0}" matches nothing. Write "{1}", which blocks the whole site (each host has its own robots.txt).',
							shown(value),
							shown(url.path),
						)
					: t(
							'Rules match the path only, never the scheme or host: "{0}" matches nothing. Write "{1}" (each host has its own robots.txt).',
							shown(value),
							shown(url.path),
						),
				fixes: [
					{
						title: wholeSite ? t('Change to "/" (the whole site)') : t('Change to "{0}"', shown(url.path)),
						edits: [replaceSpan(line, valueStart, valueEnd, url.path)],
						isPreferred: !wholeSite || undefined,
					},
				],
			});
			continue;
		}
		if (value === '*' && node.directive === 'disallow') {
			context.report({
				code: 'disallow-star',
				...span,
				message: t(
					'"Disallow: *" blocks everything for {0}, but 1994 and 1996 robots read "*" literally and block nothing. "Disallow: /" blocks everything for all of them.',
					context.who(['google', 'rfc9309', 'yandex']),
				),
				fixes: [{ title: t('Change to "Disallow: /"'), edits: [replaceSpan(line, valueStart, valueEnd, '/')], isPreferred: true }],
			});
			continue;
		}
		const regexLead = regexSyntax(context, line, value, valueStart, valueEnd);
		if (value[0] !== '/' && value[0] !== '*' && !regexLead && !crawlerLike.test(value)) {
			missingLeadingSlash(context, line, value, valueStart, valueEnd);
		}
		const dollar = value.indexOf('$');
		if (dollar >= 0 && dollar < value.length - 1) {
			context.report({
				code: 'dollar-not-at-end',
				line,
				start: valueStart + dollar,
				end: valueStart + dollar + 1,
				message: t(
					'"$" marks the end of the URL only as the last character of a pattern; here {0} read it as the character "$" (write %24 if that is what you mean).',
					context.who(['google', 'rfc9309', 'yandex']),
				),
			});
		}
		if (value.includes('*') || value.endsWith('$')) {
			// A pattern that starts with "*" is not even a path for these robots: it can never match.
			const neverMatches = value[0] === '*';
			context.report({
				code: 'wildcard-for-legacy-robots',
				...span,
				severity: neverMatches ? 'information' : undefined,
				message: neverMatches
					? t('1994 and 1996 robots know no wildcards: for them this pattern does not start with "/" and matches no URL at all.')
					: t(
							'1994 and 1996 robots know no wildcards: for them "*" and "$" are ordinary characters, so this rule matches only URLs that literally contain them.',
						),
			});
		}
		percentEncoding(context, line, value, valueStart, valueEnd);
		nonAscii(context, line, value, valueStart, valueEnd);
		pathMeaning(context, node.directive, value, span);
	}
};

/** What a Disallow's path names: /robots.txt itself, which it cannot block, or a private place, which it reveals. */
function pathMeaning(context: CheckContext, directive: 'allow' | 'disallow', value: string, span: { line: number; start: number; end: number }): void {
	if (directive !== 'disallow') {
		return;
	}
	// The pattern as written, read with RFC 9309's wildcards.
	if (/robots/i.test(value) && patternMatches(value, '/robots.txt', true)) {
		context.report({
			code: 'robots-txt-rule',
			...span,
			message: t(
				'This rule matches /robots.txt, which {0} always fetch whatever the rules say: it has no effect on it for them.',
				context.who(['rfc9309', 'draft1996', 'original1994']),
			),
		});
	}
	const revealing = !wellKnownPaths.test(value) ? revealingSegment(value) : undefined;
	if (revealing) {
		context.report({
			code: 'private-path-disclosure',
			...span,
			message: t(
				'robots.txt is public: this line tells anyone that "{0}" exists, and keeps out only polite crawlers. Protect private content with authentication (and keep it out of search results with noindex).',
				shown(revealing),
			),
		});
	}
}

function missingLeadingSlash(context: CheckContext, line: number, value: string, start: number, end: number): void {
	// "?sid=" or ".svn" mean "anywhere" more often than "at the root": offer both readings and prefer neither.
	const anywhere = /^[?.&=;]/.test(value);
	// Words with spaces between them are not a path that lost its "/" ("Allow: Sitemap: https://…").
	const fixes: Fix[] | undefined = /\s/.test(value)
		? undefined
		: anywhere
			? [
					{ title: t('Change to "{0}" (anywhere)', `/*${value}`), edits: [replaceSpan(line, start, start, '/*')] },
					{ title: t('Change to "{0}" (at the root)', `/${value}`), edits: [replaceSpan(line, start, start, '/')] },
				]
			: [{ title: t('Change to "{0}"', `/${value}`), edits: [replaceSpan(line, start, start, '/')], isPreferred: true }];
	context.report({
		code: 'missing-leading-slash',
		line,
		start,
		end,
		message: anywhere
			? t(
					'Paths start with "/": "{0}" matches no URL (Yandex reports an error and ignores it). Did you mean "{1}" or "{2}"?',
					shown(value),
					`/*${value}`,
					`/${value}`,
				)
			: t('Paths start with "/": "{0}" matches no URL (Yandex reports an error and ignores it). Did you mean "{1}"?', shown(value), `/${value}`),
		fixes,
	});
}

/**
 * Regular-expression syntax robots.txt does not have. Only unambiguous signs count: "." followed by "*" is also a
 * literal dot before a wildcard (`/file.*`), and `[0]` a literal bracket in a query, so neither counts on its own.
 * `leading` is set when the pattern starts with such syntax (then it is not a path with its "/" missing).
 */
export function regexSigns(value: string): { leading: boolean; simple: boolean } | undefined {
	const leading = /^\^|^\.\*/.test(value);
	const regexEscape = /\\[.dwsDWS/?*+()[\]^$|]/.test(value);
	const group = /\(\?:|\([^()]*\|[^()]*\)/.test(value);
	const characterClass = /\[\^?(?:[A-Za-z0-9]-[A-Za-z0-9]|\\.)+\]/.test(value);
	const anyAfterSlash = /\/\.\*/.test(value);
	return leading || regexEscape || group || characterClass || anyAfterSlash ? { leading, simple: !group && !characterClass } : undefined;
}

/** Reports regular-expression syntax; returns whether the pattern starts with it. */
function regexSyntax(context: CheckContext, line: number, value: string, start: number, end: number): boolean {
	const signs = regexSigns(value);
	if (!signs) {
		return false;
	}
	const { leading, simple } = signs;
	let rewritten = value
		.replace(/^\^/, '')
		.replace(/\.\*/g, '*')
		.replace(/\\([./?])/g, '$1');
	if (rewritten[0] !== '/' && rewritten[0] !== '*') {
		rewritten = '/' + rewritten;
	}
	context.report({
		code: 'regex-syntax',
		line,
		start,
		end,
		message: simple
			? t(
					'robots.txt patterns are not regular expressions: only "*" (any characters) and a final "$" are special, so "{0}" is taken literally here. Did you mean "{1}"?',
					shown(value),
					shown(rewritten),
				)
			: t(
					'robots.txt patterns are not regular expressions: only "*" (any characters) and a final "$" are special, so "{0}" is taken literally here.',
					shown(value),
				),
		fixes: simple && rewritten !== value ? [{ title: t('Change to "{0}"', shown(rewritten)), edits: [replaceSpan(line, start, end, rewritten)] }] : undefined,
	});
	return leading;
}

function percentEncoding(context: CheckContext, line: number, value: string, start: number, end: number): void {
	let invalid = false;
	let lower = false;
	for (let i = value.indexOf('%'); i >= 0; i = value.indexOf('%', i + 1)) {
		const hex = value.slice(i + 1, i + 3);
		if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
			invalid = true;
		} else if (/[a-f]/.test(hex)) {
			lower = true;
		}
	}
	if (invalid) {
		const fixed = value.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
		context.report({
			code: 'invalid-percent-encoding',
			line,
			start,
			end,
			message: t(
				'A "%" not followed by two hex digits: crawlers cannot decode it and compare it literally. Write "%25" for a literal "%": "{0}".',
				shown(fixed),
			),
			fixes: [{ title: t('Change to "{0}"', shown(fixed)), edits: [replaceSpan(line, start, end, fixed)], isPreferred: true }],
		});
	}
	if (lower) {
		const fixed = value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => '%' + hex.toUpperCase());
		context.report({
			code: 'lowercase-percent-encoding',
			line,
			start,
			end,
			message: t(
				'Percent escapes are usually upper-case (RFC 3986): "{0}". Crawlers compare them either way (Google upper-cases the rule itself), so this is a matter of style.',
				shown(fixed),
			),
			fixes: [{ title: t('Upper-case the escapes: "{0}"', shown(fixed)), edits: [replaceSpan(line, start, end, fixed)], isPreferred: true }],
		});
	}
}

function nonAscii(context: CheckContext, line: number, value: string, start: number, end: number): void {
	// Bytes that were not UTF-8 (U+FFFD in an editor's text, escaped raw bytes in bytes read: see syntax/bytes.ts) are
	// invalid-utf8's to report; an encoding of them would keep the damage, or change the octet Google reads.
	if (!/[^\x00-\x7f]/.test(value) || value.includes('\uFFFD') || firstEscapedByte(value) >= 0) {
		return;
	}
	const hidden = invisible.exec(value);
	if (hidden) {
		const noBreak = hidden[0] === '\u00A0';
		const code = `U+${hidden[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
		const cleaned = trimInvisible(value.replace(zeroWidth, ''));
		const contains = noBreak
			? t(
					'This pattern contains a no-break space ({0}): crawlers keep it as part of the pattern (percent-encoded), so the rule matches only URLs that contain it.',
					code,
				)
			: t(
					'This pattern contains an invisible character ({0}): crawlers keep it as part of the pattern (percent-encoded), so the rule matches only URLs that contain it.',
					code,
				);
		context.report({
			code: 'non-ascii-path',
			line,
			start,
			end,
			severity: 'warning',
			message: contains + ' ' + (invisible.test(cleaned) ? t('Write "%20" for a space, or remove it.') : t('Did you mean "{0}"?', shown(cleaned))),
			fixes:
				invisible.test(cleaned) || cleaned === ''
					? undefined
					: [{ title: t('Remove it: "{0}"', shown(cleaned)), edits: [replaceSpan(line, start, end, cleaned)], isPreferred: true }],
		});
		return;
	}
	const encoded = encodeNonAscii(value);
	context.report({
		code: 'non-ascii-path',
		line,
		start,
		end,
		message: t(
			'Raw non-ASCII characters: {0} percent-encode them as UTF-8 before comparing, but robots that compare the bytes as written miss the percent-encoded URLs they request. "{1}" works for every robot.',
			context.who(['google', 'rfc9309', 'yandex', 'draft1996']),
			shown(encoded),
		),
		fixes: [{ title: t('Percent-encode: "{0}"', shown(encoded)), edits: [replaceSpan(line, start, end, encoded)], isPreferred: true }],
	});
}
