/**
 * Checks of Allow/Disallow rules: the pattern's shape (leading "/", hosts, several paths, spaces and invisible
 * characters, wildcards, regular expressions, percent-encoding), and the logic of rules within a group across dialects
 * (duplicates, conflicts, rules first-match robots never reach, an Allow placed after the Disallow that hides it).
 */

import { normalizeDraft, normalizeRfc } from '../../matching/encoding';
import { patternMatches } from '../../matching/rules';
import type { Group, RobotsModel } from '../../syntax/parser';
import { t } from '../../l10n';
import {
	at,
	movedProblem,
	shown,
	tLines,
	type AnyFact,
	type Check,
	type CheckContext,
	type CheckEntry,
	type FileFact,
	type Fix,
	type LineText,
	type Problem,
	type Recall,
} from '../context';
import type { EditedBlock } from '../../syntax/regroup';
import { firstAtLeast, holdsSorted } from '../../sorted';
import { deleteLine, insertLinesBefore, replaceSpan } from './edits';
import { crawlerLike } from './groups';

function isRule(directive: string): directive is 'allow' | 'disallow' {
	return directive === 'allow' || directive === 'disallow';
}

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

const patternShape: Check = (context) => {
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
function regexSigns(value: string): { leading: boolean; simple: boolean } | undefined {
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
	// U+FFFD stands for bytes that were not UTF-8; invalid-utf8 reports them, and encoding it would keep the damage.
	if (!/[^\x00-\x7f]/.test(value) || value.includes('\uFFFD')) {
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

/** Rule lines of a group with their values, in file order. */
function rulesOf(context: CheckContext, group: Group): { line: number; allow: boolean; value: string }[] {
	return group.rules
		.filter((line) => isRule(context.model.lines[line].directive))
		.map((line) => ({ line, allow: context.model.lines[line].directive === 'allow', value: ruleValue(context, line) }));
}

/**
 * A rule's value, kept per line: the very same string from one version to the next, whose hash V8 keeps, so that the
 * maps of a group of 47 000 rules (duplicates, first-match forms) do not hash 47 000 new strings on every keystroke.
 */
function ruleValue(context: CheckContext, line: number): string {
	return context.perLine('value', line, valueText);
}

/** The tokens of groups not for "*" that keep some access: with them, "Disallow: /" for "*" is a deliberate list of who may crawl. */
function welcomedTokens(model: RobotsModel, groups: readonly Group[]): string[] {
	return groups
		.filter((group) => !group.userAgents.some((line) => model.valueIs(line, '*')))
		.filter((group) => group.rules.length === 0 || group.rules.some((line) => model.lines[line].directive === 'allow' || !model.valueIs(line, '/')))
		.flatMap((group) => group.userAgents.map((line) => model.valueText(line)));
}

/** The welcomed tokens of the whole file: how many, and the first three. */
const welcomed: FileFact<readonly string[], { readonly count: number; readonly first: readonly string[] }> = {
	name: 'welcomed tokens',
	summarize: (window) => welcomedTokens(window.model, window.grouping('rfc9309').groups),
	combine(summaries) {
		let count = 0;
		const first: string[] = [];
		for (const summary of summaries) {
			count += summary.length;
			for (let i = 0; i < summary.length && first.length < 3; i++) {
				first.push(summary[i]);
			}
		}
		return { count, first };
	},
	same: (a, b) => a.length === b.length && a.every((token, i) => token === b[i]),
};

/** What a rule's problems depend on in its group, besides the rule itself and the first rule with its value. */
interface GroupTraits {
	readonly isStar: boolean;
	/** A rule with a value: then an empty Disallow beside it is ambiguous. */
	readonly hasOtherRules: boolean;
	/** An Allow with a value: then `Disallow: /` is a deliberate whitelist, not a whole site hidden by mistake. */
	readonly hasAllow: boolean;
	readonly lengths: LengthIndex;
}

/** A rule line of a group. */
interface Rule {
	readonly line: number;
	readonly allow: boolean;
	readonly value: string;
}

const groupLogic: Check = (context) => {
	const { model } = context;
	const groups = context.grouping('rfc9309').groups;
	const recall = context.recall;
	if (recall) {
		groupLogicKept(context, groups, recall);
		return;
	}
	for (const group of groups) {
		const rules = rulesOf(context, group);
		const first = new Map<string, { line: number; allow: boolean }>();
		const traits: GroupTraits = {
			isStar: group.userAgents.some((line) => model.valueIs(line, '*')),
			hasOtherRules: rules.some((rule) => rule.value !== ''),
			hasAllow: rules.some((rule) => rule.allow && rule.value !== ''),
			lengths: new LengthIndex(() => rules),
		};
		for (const rule of rules) {
			const seen = rule.value === '' ? undefined : first.get(rule.value);
			if (!seen && rule.value !== '') {
				first.set(rule.value, rule);
			}
			ruleLogic(context, traits, rule, seen);
		}
	}
};

/**
 * The problems of one rule in its group: an ambiguous empty Disallow, the same rule or the same pattern with the
 * other verdict as `seen` (the group's first rule with this value, if not this one), a Disallow of everything, and a
 * redundant wildcard.
 */
function ruleLogic(context: CheckContext, traits: GroupTraits, rule: Rule, seen: { readonly line: number; readonly allow: boolean } | undefined): void {
	const { model } = context;
	if (rule.value === '') {
		if (!rule.allow && traits.hasOtherRules) {
			context.report({
				code: 'empty-disallow',
				line: rule.line,
				message: t(
					'An empty "Disallow:" beside other rules means different things: nothing for {0}, "Allow: /" for {1} (which beats a "Disallow: /"), and "allow everything" for 1996-draft robots that reach it first.',
					context.who(['google', 'rfc9309']),
					context.who(['yandex']),
				),
			});
		}
		return;
	}
	if (seen && seen.allow === rule.allow) {
		context.report({
			code: 'duplicate-rule',
			line: rule.line,
			message: tLines('The same rule as line {0}; remove one of them.', at(seen.line)),
			related: [{ line: seen.line, message: t('the same rule') }],
			unnecessary: true,
			fixes: [{ title: t('Remove the duplicate rule'), edits: [deleteLine(model, rule.line)], isPreferred: true }],
		});
	} else if (seen && !seen.allow) {
		context.report({
			code: 'conflicting-rules',
			line: rule.line,
			message: tLines(
				'"{0}" is both disallowed (line {1}) and allowed here: {2} let Allow win the tie, but 1996-draft robots take the first match, the Disallow.',
				shown(rule.value),
				at(seen.line),
				context.who(['google', 'rfc9309', 'yandex']),
			),
			related: [{ line: seen.line, message: t('the same pattern with the other verdict') }],
		});
	} else if (seen) {
		// Allow first: every dialect that knows Allow lets it win, so the verdicts agree and the Disallow is dead.
		context.report({
			code: 'conflicting-rules',
			line: rule.line,
			severity: 'information',
			message: tLines(
				'"{0}" is already allowed at line {1}, and every crawler that reads Allow lets it win (a tie for {2}, the first match for 1996-draft robots): this Disallow has no effect except for 1994 robots, which know no Allow.',
				shown(rule.value),
				at(seen.line),
				context.who(['google', 'rfc9309', 'yandex']),
			),
			related: [{ line: seen.line, message: t('the same pattern with the other verdict') }],
			unnecessary: true,
		});
	}
	if (mayDisallowAll(traits, rule) && context.wants('disallow-all')) {
		// Asked as the text it shows ("" for none), so that the answer changes only when the text does.
		const welcomedNames = context.ask(welcomed, ({ count, first }) => {
			const named = first.map((token) => `"${shown(token)}"`).join(', ');
			return count > 3 ? t('{0} and {1} more', named, count - 3) : named;
		});
		context.report({
			code: 'disallow-all',
			line: rule.line,
			severity: welcomedNames !== '' ? 'information' : undefined,
			message:
				welcomedNames !== ''
					? t(
							'Every crawler without a group of its own may fetch nothing; the crawlers named in other groups ({0}) follow those groups instead.',
							welcomedNames,
						)
					: t('Every crawler without a group of its own may fetch nothing: the whole site is hidden from search engines. (A leftover from a staging site?)'),
		});
	}
	redundantWildcard(context, rule, traits.lengths);
}

function mayDisallowAll(traits: GroupTraits, rule: Rule): boolean {
	return traits.isStar && !traits.hasAllow && !rule.allow && rule.value === '/';
}

/** Whether redundantWildcard may report a rule with this value (a trailing "*", or "**"). */
function mayBeRedundantWildcard(value: string): boolean {
	return (value.length > 1 && value.endsWith('*')) || value.includes('**');
}

/**
 * What groupLogic keeps of one group of a big segment, so that an edit redoes only the rules it concerns: typing in
 * one rule of a group of 47 000 must not build a map of 47 000 values again. Lines are kept relative to the group's
 * first line, so that a group below an edit that added or removed lines moves by changing `base`.
 */
interface GroupIndex {
	/** The group's first line, in the version the index was last brought up to date for. */
	base: number;
	userAgents: readonly number[];
	readonly isStar: boolean;
	/** Each line's verdict when it is a rule of the group (1 Allow, 0 Disallow), else -1, from `base` on. */
	verdicts: Int8Array;
	/** Each rule's value, indexed as `verdicts`. */
	readonly values: (string | undefined)[];
	/** The rules with each non-empty value, in file order. */
	readonly byValue: ValueLines;
	/** How many rules have a value, and how many of them are Allow rules. */
	valued: number;
	valuedAllows: number;
	/** The lengths of the rules of each verdict, once a wildcard rule asked for them. */
	readonly lengths: LengthIndex;
	/** The rules redundantWildcard may report: they depend on every other rule's length. */
	wildcards: Set<number>;
	/** The rules disallow-all may report: they ask a fact of the file, so they are checked on every run. */
	disallowAlls: Set<number>;
	/** Each rule's problems (with the file's line numbers), in the order they were reported. */
	problems: Map<number, readonly Problem[]>;
}

/** The key groupLogic keeps its indices under, one per group of the segment. */
const groupLogicKey = { check: 'group logic' };

/** Edits that replace more lines than this in a big segment are analysed afresh. */
const maxPatchedLines = 8;

/**
 * groupLogic in a big segment: from the indices its previous version kept, brought up to date for the lines an edit
 * replaced, when the groups are the same ones; else built afresh. The problems are the same either way (the session's
 * property tests compare the two with the plain path above).
 */
function groupLogicKept(context: CheckContext, groups: readonly Group[], recall: Recall): void {
	const { from } = context;
	const previous = recall.previous<readonly GroupIndex[]>(groupLogicKey);
	const block = previous?.block;
	const usable =
		previous !== undefined
		&& previous.from === from
		&& previous.value.length === groups.length
		&& (!block || (block.oldEnd - block.start <= maxPatchedLines && block.newEnd - block.start <= maxPatchedLines));
	const indices: GroupIndex[] = [];
	for (const group of groups) {
		const kept = usable ? previous.value[group.index] : undefined;
		const index = kept && updated(context, kept, group, block) ? kept : indexed(context, group);
		indices.push(index);
		for (const problems of index.problems.values()) {
			context.reportAgain(problems);
		}
	}
	recall.keep(groupLogicKey, indices);
}

/** A new index of a group, with its rules' problems. */
function indexed(context: CheckContext, group: Group): GroupIndex {
	const { model } = context;
	const span = group.lastLine - group.firstLine + 1;
	const index: GroupIndex = {
		base: group.firstLine,
		userAgents: group.userAgents,
		isStar: group.userAgents.some((line) => model.valueIs(line, '*')),
		verdicts: new Int8Array(span).fill(-1),
		values: new Array<string | undefined>(span),
		byValue: new ValueLines(),
		valued: 0,
		valuedAllows: 0,
		// Read when first asked, once the index holds the group's rules.
		lengths: new LengthIndex(() => rulesIn(index)),
		wildcards: new Set(),
		disallowAlls: new Set(),
		problems: new Map(),
	};
	for (const line of group.rules) {
		if (isRule(model.lines[line].directive)) {
			add(index, line - index.base, model.lines[line].directive === 'allow', ruleValue(context, line));
		}
	}
	const traits = traitsOf(index);
	for (const line of group.rules) {
		recheck(context, index, traits, line - index.base);
	}
	return index;
}

/** The rules an index holds, in file order. */
function rulesIn(index: GroupIndex): Rule[] {
	const rules: Rule[] = [];
	index.verdicts.forEach((verdict, at) => {
		if (verdict >= 0) {
			rules.push({ line: index.base + at, allow: verdict === 1, value: index.values[at]! });
		}
	});
	return rules;
}

function traitsOf(index: GroupIndex): GroupTraits {
	return { isStar: index.isStar, hasOtherRules: index.valued > 0, hasAllow: index.valuedAllows > 0, lengths: index.lengths };
}

/** The first rule (relative) with a value, or -1. */
function firstOf(index: GroupIndex, value: string | undefined): number {
	return value ? index.byValue.first(value) : -1;
}

/** Finds the problems of the rule at `at` (relative) again. */
function recheck(context: CheckContext, index: GroupIndex, traits: GroupTraits, at: number): void {
	index.problems.delete(at);
	const verdict = at >= 0 && at < index.verdicts.length ? index.verdicts[at] : -1;
	if (verdict < 0) {
		return;
	}
	const rule: Rule = { line: index.base + at, allow: verdict === 1, value: index.values[at]! };
	const first = firstOf(index, rule.value);
	const seen = first < 0 || first === at ? undefined : { line: index.base + first, allow: index.verdicts[first] === 1 };
	const problems = context.collect(() => ruleLogic(context, traits, rule, seen));
	if (problems.length > 0) {
		index.problems.set(at, problems);
	}
}

/** Puts a rule (at `at`, relative) into an index. */
function add(index: GroupIndex, at: number, allow: boolean, value: string): void {
	index.verdicts[at] = allow ? 1 : 0;
	index.values[at] = value;
	if (value !== '') {
		index.valued++;
		index.valuedAllows += allow ? 1 : 0;
		index.byValue.add(value, at);
		index.lengths.add(allow, value);
	}
	if (mayBeRedundantWildcard(value)) {
		index.wildcards.add(at);
	}
	if (!allow && value === '/') {
		index.disallowAlls.add(at);
	}
}

/** Takes the rule at `at` (relative), if any, out of an index. */
function remove(index: GroupIndex, at: number): void {
	const verdict = at < index.verdicts.length ? index.verdicts[at] : -1;
	if (verdict < 0) {
		return;
	}
	const value = index.values[at]!;
	index.verdicts[at] = -1;
	index.values[at] = undefined;
	if (value !== '') {
		index.valued--;
		index.valuedAllows -= verdict;
		index.byValue.remove(value, at);
		index.lengths.remove(verdict === 1, value);
	}
	index.wildcards.delete(at);
	index.disallowAlls.delete(at);
}

/**
 * Brings a group's index up to date for the block of lines an edit replaced (none when `block` is undefined), with the
 * problems of the rules that depend on them; false when the edit changed the group itself or a trait of it that every
 * rule depends on (the caller then indexes the group afresh).
 */
function updated(context: CheckContext, index: GroupIndex, group: Group, block: EditedBlock | undefined): boolean {
	const { model } = context;
	const { start, oldEnd, newEnd, delta } = block ?? { start: Infinity, oldEnd: Infinity, newEnd: Infinity, delta: 0 };
	const moved = (line: number) => (line < start ? line : line >= oldEnd ? line + delta : -1);
	if (
		group.firstLine !== moved(index.base)
		|| index.userAgents.length !== group.userAgents.length
		|| index.userAgents.some((line, i) => moved(line) !== group.userAgents[i])
	) {
		return false;
	}
	const before = traitsOf(index);
	// Relative to the group's first line, which is before the block or moves with it.
	const shift = index.base >= oldEnd ? 0 : delta;
	const relStart = Math.max(0, start - index.base);
	const relOldEnd = Math.max(0, oldEnd - index.base);
	const relNewEnd = Math.max(0, newEnd - index.base);
	const oldFirsts = new Map<string, { first: number; allow: number }>();
	const noteFirst = (value: string | undefined) => {
		if (value && !oldFirsts.has(value)) {
			const first = firstOf(index, value);
			oldFirsts.set(value, { first: first < relStart ? first : first >= relOldEnd ? first + shift : -2, allow: first < 0 ? -1 : index.verdicts[first] });
		}
	};
	let lengthsChanged = false;
	for (let at = relStart; at < Math.min(relOldEnd, index.verdicts.length); at++) {
		const value = index.values[at];
		noteFirst(value);
		lengthsChanged ||= value !== undefined && value !== '';
		remove(index, at);
	}
	const oldBase = index.base;
	index.userAgents = group.userAgents;
	index.base = group.firstLine;
	const dirty = new Set<number>();
	if (shift !== 0 || group.lastLine - group.firstLine + 1 !== index.verdicts.length) {
		shiftIndex(index, relStart, relOldEnd, shift, group.lastLine - group.firstLine + 1, dirty, oldEnd);
	}
	// A group below the block moves whole: its problems name its own lines only.
	const moves = group.firstLine - oldBase;
	if (moves !== 0 && shift === 0) {
		index.problems = new Map([...index.problems].map(([at, kept]) => [at, kept.map((problem) => movedProblem(problem, moves))]));
	}
	for (let line = Math.max(start, group.firstLine); line < newEnd && line <= group.lastLine; line++) {
		if (holdsSorted(group.rules, line) && isRule(model.lines[line].directive)) {
			const value = ruleValue(context, line);
			noteFirst(value);
			lengthsChanged ||= value !== '';
			add(index, line - index.base, model.lines[line].directive === 'allow', value);
		}
	}
	// The rules whose problems may have changed: the new ones, their neighbours (a fix that removes the last line ends
	// at the end of the line before), and every rule with a value whose first rule changed.
	if (block) {
		for (let at = relStart - 1; at <= relNewEnd; at++) {
			dirty.add(at);
		}
	}
	for (const [value, { first, allow }] of oldFirsts) {
		const now = firstOf(index, value);
		if (now !== first || (now >= 0 && index.verdicts[now] !== allow)) {
			index.byValue.forEach(value, (same) => dirty.add(same));
		}
	}
	const traits = traitsOf(index);
	if (traits.hasOtherRules !== before.hasOtherRules || traits.hasAllow !== before.hasAllow) {
		return false;
	}
	if (lengthsChanged) {
		for (const at of index.wildcards) {
			dirty.add(at);
		}
	}
	for (const at of index.disallowAlls) {
		dirty.add(at);
	}
	for (const at of dirty) {
		recheck(context, index, traits, at);
	}
	return true;
}

/**
 * Moves what an index holds from relative line `oldEnd` on by `shift` lines, and gives it `span` lines. Problems whose
 * lines all moved move with them; one that names a line before the block (a duplicate of a rule above the edit) is
 * found again (added to `dirty`), as is one that named a replaced line.
 */
function shiftIndex(index: GroupIndex, relStart: number, relOldEnd: number, shift: number, span: number, dirty: Set<number>, oldEnd: number): void {
	const at = (old: number) => (old >= relOldEnd ? old + shift : old);
	const verdicts = new Int8Array(span).fill(-1);
	verdicts.set(index.verdicts.subarray(0, Math.min(relStart, span)));
	// The lines below the block keep their verdicts, moved by `shift`, as far as the group now reaches (an edit that
	// splits the group can leave it shorter than `shift`: then none of them is in it).
	const keptEnd = Math.min(index.verdicts.length, span - shift);
	if (relOldEnd < keptEnd) {
		verdicts.set(index.verdicts.subarray(relOldEnd, keptEnd), relOldEnd + shift);
	}
	index.verdicts = verdicts;
	const removed = Math.max(0, Math.min(relOldEnd, index.values.length) - relStart);
	index.values.splice(relStart, removed, ...new Array<undefined>(Math.max(0, removed + shift)));
	index.values.length = span;
	if (shift !== 0) {
		index.byValue.shift(relOldEnd, shift);
		index.wildcards = new Set([...index.wildcards].map(at));
		index.disallowAlls = new Set([...index.disallowAlls].map(at));
	}
	const problems = new Map<number, readonly Problem[]>();
	for (const [old, kept] of index.problems) {
		if (old < relStart) {
			problems.set(old, kept);
		} else if (old >= relOldEnd) {
			// A problem below the block names its own line and lines above it in the group: it moves when they all moved.
			if (shift === 0 || kept.every((problem) => !problem.related || problem.related.every((related) => related.line >= oldEnd))) {
				problems.set(old + shift, shift === 0 ? kept : kept.map((problem) => movedProblem(problem, shift)));
			} else {
				dirty.add(old + shift);
			}
		}
	}
	index.problems = problems;
}

/**
 * The lines (relative to a group's first line) of the rules with each value, in file order. Each value has a slot:
 * its first line is in a typed array and the lines after it, when there are any, in a list. Moving every line from
 * one on (Enter typed in a group of 47 000 rules) is then a pass over an array of numbers, not 47 000 map updates.
 */
class ValueLines {
	private readonly slots = new Map<string, number>();
	/** Each slot's first line; -1 for a free slot. */
	private firsts = new Int32Array(16).fill(-1);
	/** Each slot's later lines, in order, when it has any. */
	private readonly later: (number[] | undefined)[] = [];
	private readonly free: number[] = [];
	private used = 0;

	/** The first line with `value`, or -1. */
	first(value: string): number {
		const slot = this.slots.get(value);
		return slot === undefined ? -1 : this.firsts[slot];
	}

	/** Calls `f` with each line with `value`, in order. */
	forEach(value: string, f: (line: number) => void): void {
		const slot = this.slots.get(value);
		if (slot !== undefined) {
			f(this.firsts[slot]);
			this.later[slot]?.forEach((line) => {
				f(line);
			});
		}
	}

	add(value: string, line: number): void {
		let slot = this.slots.get(value);
		if (slot === undefined) {
			slot = this.free.pop() ?? this.used++;
			if (slot >= this.firsts.length) {
				const grown = new Int32Array(this.firsts.length * 2).fill(-1);
				grown.set(this.firsts);
				this.firsts = grown;
			}
			this.slots.set(value, slot);
			this.firsts[slot] = line;
			return;
		}
		const first = this.firsts[slot];
		const later = (this.later[slot] ??= []);
		if (line < first) {
			later.unshift(first);
			this.firsts[slot] = line;
		} else {
			insertSorted(later, line);
		}
	}

	remove(value: string, line: number): void {
		const slot = this.slots.get(value);
		if (slot === undefined) {
			return;
		}
		const later = this.later[slot];
		if (this.firsts[slot] === line) {
			if (later && later.length > 0) {
				this.firsts[slot] = later.shift()!;
			} else {
				this.firsts[slot] = -1;
				this.slots.delete(value);
				this.free.push(slot);
			}
		} else if (later) {
			const at = later.indexOf(line);
			if (at >= 0) {
				later.splice(at, 1);
			}
		}
		if (later?.length === 0) {
			this.later[slot] = undefined;
		}
	}

	/** Moves every line from `from` on by `shift`. */
	shift(from: number, shift: number): void {
		const { firsts, later } = this;
		for (let slot = 0; slot < this.used; slot++) {
			if (firsts[slot] >= from) {
				firsts[slot] += shift;
			}
			const lines = later[slot];
			if (lines) {
				for (let i = lines.length - 1; i >= 0 && lines[i] >= from; i--) {
					lines[i] += shift;
				}
			}
		}
	}
}

/**
 * The lengths (as RFC 9309 weighs them) of a group's Allow rules and of its Disallow rules, sorted when first asked:
 * whether a rule of the other kind has a length in a range is then a binary search, not a pass over the group. Rules
 * added and removed after that keep the lists sorted.
 */
class LengthIndex {
	private sorted: [number[], number[]] | undefined;

	constructor(private readonly rules: () => readonly { allow: boolean; value: string }[]) {}

	/** Whether a rule with a value and this verdict has a length in `[low, high]`. */
	has(allow: boolean, low: number, high: number): boolean {
		if (!this.sorted) {
			const byVerdict: [number[], number[]] = [[], []];
			for (const rule of this.rules()) {
				if (rule.value !== '') {
					byVerdict[rule.allow ? 1 : 0].push(normalizeRfc(rule.value, true).length);
				}
			}
			byVerdict.forEach((lengths) => {
				lengths.sort((a, b) => a - b);
			});
			this.sorted = byVerdict;
		}
		const lengths = this.sorted[allow ? 1 : 0];
		const from = firstAtLeast(lengths, low);
		return from < lengths.length && lengths[from] <= high;
	}

	/** A rule with a value joined the group. */
	add(allow: boolean, value: string): void {
		if (this.sorted) {
			const lengths = this.sorted[allow ? 1 : 0];
			const length = normalizeRfc(value, true).length;
			lengths.splice(firstAtLeast(lengths, length), 0, length);
		}
	}

	/** A rule with a value left the group. */
	remove(allow: boolean, value: string): void {
		if (this.sorted) {
			const lengths = this.sorted[allow ? 1 : 0];
			lengths.splice(firstAtLeast(lengths, normalizeRfc(value, true).length), 1);
		}
	}
}

function redundantWildcard(context: CheckContext, rule: { line: number; allow: boolean; value: string }, lengths: LengthIndex): void {
	const { value } = rule;
	// A regular expression's ".*" is regex-syntax's to rewrite, not a robots.txt wildcard to trim.
	if (!mayBeRedundantWildcard(value) || regexSigns(value)) {
		return;
	}
	let simpler = value.replace(/\*{2,}/g, '*');
	while (simpler.length > 1 && simpler.endsWith('*')) {
		simpler = simpler.slice(0, -1);
	}
	// RFC 9309 and Google weigh rules by length, `*` included: dropping stars is safe only if no rule of the other
	// kind in the group has a length between the two, where the verdict could flip.
	const oldLength = normalizeRfc(value, true).length;
	const newLength = normalizeRfc(simpler, true).length;
	const safe = !lengths.has(!rule.allow, newLength, oldLength);
	const node = context.model.lines[rule.line];
	const firstMatchChecked = context.concerns(['draft1996', 'original1994']) && !simpler.includes('*');
	context.report({
		code: 'redundant-wildcard',
		line: rule.line,
		start: node.valueStart,
		end: node.valueEnd,
		message: safe
			? t('"{0}" matches the same URLs as "{1}" (a trailing "*" or a "**" adds nothing).', shown(value), shown(simpler))
			: t(
					'"{0}" matches the same URLs as "{1}" (a trailing "*" or a "**" adds nothing), but it weighs more in longest-match crawlers against a rule of this group, so changing it would change a verdict.',
					shown(value),
					shown(simpler),
				),
		// For 1994/1996 robots the "*" is literal and the rule matches nothing; without it the rule starts to apply to
		// them, so the rewrite is not applied with the other fixes when those robots are checked.
		fixes: safe
			? [
					{
						title: firstMatchChecked ? t('Change to "{0}" (1994/1996 robots then apply it too)', shown(simpler)) : t('Change to "{0}"', shown(simpler)),
						edits: [replaceSpan(rule.line, node.valueStart, node.valueEnd, simpler)],
						isPreferred: !firstMatchChecked || undefined,
					},
				]
			: undefined,
	});
}

/**
 * First-match robots (1996 draft, 1994): rules in each record that an earlier rule hides with the other verdict.
 * A hidden rule with the same verdict changes nothing for them (the earlier rule says the same), so it is not reported.
 */
const firstMatchOrder: Check = (context) => {
	if (!context.wants('allow-after-disallow') && !context.wants('unreachable-rule')) {
		return;
	}
	for (const record of context.grouping('draft1996').groups) {
		const rules = rulesOf(context, record);
		// Without both verdicts no rule hides one of the other verdict: a list of 47 000 Allow lines needs no index.
		if (rules.every((rule) => allows(rule)) || !rules.some((rule) => allows(rule))) {
			continue;
		}
		const forms = rules.map((rule) => draftForm(context, rule.line));
		// A rule is hidden by the earliest earlier rule whose form is a prefix of its own (an empty value matches every
		// path); only a hider with the other verdict matters. Big records are mostly of one verdict, so each rule first
		// looks among the other verdict's forms, and among its own only when that finds one.
		const byVerdict = [new PrefixIndex(), new PrefixIndex()];
		// Rules hidden by each earlier rule with the other verdict, reported together: one "Allow: /" first can hide
		// hundreds of rules, and one diagnostic says it better than hundreds.
		const unreachable = new Map<number, number[]>();
		for (let i = 0; i < rules.length; i++) {
			const form = forms[i];
			const verdict = allows(rules[i]) ? 1 : 0;
			// A repeat of an earlier rule is duplicate-rule's or conflicting-rules' to report; with "*" or "$" either rule
			// is literal text for these robots and matches no real URL, so its place in the order changes nothing.
			if (!byVerdict[0].has(form) && !byVerdict[1].has(form) && !hasWildcard(rules[i].value)) {
				const hidden = byVerdict[1 - verdict].earliestPrefixOf(form);
				if (hidden >= 0 && !hasWildcard(rules[hidden].value) && byVerdict[verdict].earliestPrefixOf(form, hidden) < 0) {
					if (rules[i].allow && !rules[hidden].allow) {
						reportAllowAfterDisallow(context, rules, forms, i, hidden);
					} else {
						const hiddenHere = unreachable.get(hidden);
						if (hiddenHere) {
							hiddenHere.push(i);
						} else {
							unreachable.set(hidden, [i]);
						}
					}
				}
			}
			byVerdict[verdict].add(form, i);
		}
		for (const [hidden, indices] of unreachable) {
			reportUnreachable(
				context,
				rules[hidden],
				indices.map((index) => rules[index]),
			);
		}
	}
};

/** The first rule of each form, to find the earliest rule whose form is a prefix of a given one. */
class PrefixIndex {
	private readonly first = new Map<string, number>();
	/** The lengths of the forms, ascending. */
	private readonly lengths: number[] = [];

	has(form: string): boolean {
		return this.first.has(form);
	}

	add(form: string, rule: number): void {
		if (!this.first.has(form)) {
			this.first.set(form, rule);
			insertSorted(this.lengths, form.length);
		}
	}

	/** The earliest rule (before `before`, if given) whose form is a prefix of `form`, or -1. */
	earliestPrefixOf(form: string, before = Infinity): number {
		let earliest = -1;
		for (let k = 0; k < this.lengths.length && this.lengths[k] <= form.length; k++) {
			const rule = this.first.get(form.slice(0, this.lengths[k]));
			if (rule !== undefined && rule < before && (earliest < 0 || rule < earliest)) {
				earliest = rule;
			}
		}
		return earliest;
	}
}

/** The form a rule has for 1996-draft robots, kept per line: a big record has thousands, and an edit changes one. */
function draftForm(context: CheckContext, line: number): string {
	return context.perLine('draft form', line, draftFormOf);
}

const valueText = (model: RobotsModel, line: number): string => model.valueText(line);
const draftFormOf = (model: RobotsModel, line: number): string => normalizeDraft(model.valueText(line));

/** Adds `value` to an ascending array of distinct numbers. */
function insertSorted(values: number[], value: number): void {
	let at = values.length;
	while (at > 0 && values[at - 1] > value) {
		at--;
	}
	if (values[at - 1] !== value) {
		values.splice(at, 0, value);
	}
}

function hasWildcard(value: string): boolean {
	return value.includes('*') || value.endsWith('$');
}

/** The verdict of a rule for first-match robots: an empty Disallow allows everything. */
function allows(rule: { allow: boolean; value: string }): boolean {
	return rule.allow || rule.value === '';
}

function reportAllowAfterDisallow(
	context: CheckContext,
	rules: readonly { line: number; allow: boolean; value: string }[],
	forms: readonly string[],
	index: number,
	hiddenBy: number,
): void {
	const { model } = context;
	const rule = rules[index];
	const earlier = rules[hiddenBy];
	const earlierText = model.lineText(earlier.line).trim();
	// Moving the Allow up puts it before every later rule of the record; a more specific Disallow among them
	// (between the two lines or after the Allow) would then be hidden by it, a verdict the move must not change.
	const blocked = rules.some((other, at) => at > hiddenBy && at !== index && !allows(other) && forms[at].startsWith(forms[index]));
	const fixes: Fix[] | undefined = blocked
		? undefined
		: [
				{
					title: tLines('Move this Allow above line {0}', at(earlier.line)),
					edits: [insertLinesBefore(context.eol, earlier.line, [model.lineText(rule.line)]), deleteLine(model, rule.line)],
					isPreferred: true,
				},
			];
	context.report({
		code: 'allow-after-disallow',
		line: rule.line,
		message: tLines(
			'{0} take the first rule that matches: "{1}" (line {2}) already matches everything this Allow matches, so they never reach it and keep these paths blocked. {3} use the longest match and allow them. Put the Allow first.',
			context.whoStarts(['draft1996']),
			shown(earlierText),
			at(earlier.line),
			context.whoStarts(['google', 'rfc9309', 'yandex']),
		),
		related: [{ line: earlier.line, message: t('the broader Disallow that comes first') }],
		fixes,
	});
}

function reportUnreachable(
	context: CheckContext,
	earlier: { line: number; allow: boolean; value: string },
	hidden: readonly { line: number; allow: boolean; value: string }[],
): void {
	const { model } = context;
	const [first, ...others] = hidden;
	const earlierText = model.lineText(earlier.line).trim();
	context.report({
		code: 'unreachable-rule',
		line: first.line,
		message: unreachableMessage(
			context.whoStarts(['draft1996', 'original1994']),
			shown(earlierText),
			at(earlier.line),
			context.who(['google', 'rfc9309', 'yandex']),
			others.length,
			allows(earlier),
			first.allow,
		),
		related: [
			{ line: earlier.line, message: t('the earlier rule that matches first') },
			...others.slice(0, 20).map((rule) => ({ line: rule.line, message: t('another rule it hides') })),
		],
	});
}

/**
 * The message of unreachable-rule, a whole sentence for each case: one hidden rule or several, an earlier rule that
 * allows or disallows (and so hidden rules with the other verdict).
 */
function unreachableMessage(
	firstMatch: string,
	earlierText: string,
	earlierLine: ReturnType<typeof at>,
	longestMatch: string,
	others: number,
	earlierAllows: boolean,
	hiddenAllows: boolean,
): LineText {
	if (others === 0) {
		if (earlierAllows) {
			return hiddenAllows
				? tLines(
						'{0} never reach this rule: "{1}" (line {2}) comes first and allows every path it matches, while {3} use the longest match and allow them.',
						firstMatch,
						earlierText,
						earlierLine,
						longestMatch,
					)
				: tLines(
						'{0} never reach this rule: "{1}" (line {2}) comes first and allows every path it matches, while {3} use the longest match and disallow them.',
						firstMatch,
						earlierText,
						earlierLine,
						longestMatch,
					);
		}
		return hiddenAllows
			? tLines(
					'{0} never reach this rule: "{1}" (line {2}) comes first and disallows every path it matches, while {3} use the longest match and allow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
				)
			: tLines(
					'{0} never reach this rule: "{1}" (line {2}) comes first and disallows every path it matches, while {3} use the longest match and disallow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
				);
	}
	const count = others;
	if (earlierAllows) {
		return hiddenAllows
			? tLines(
					'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and allows every path they match, while {3} use the longest match and allow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
					count,
				)
			: tLines(
					'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and allows every path they match, while {3} use the longest match and disallow them.',
					firstMatch,
					earlierText,
					earlierLine,
					longestMatch,
					count,
				);
	}
	return hiddenAllows
		? tLines(
				'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and disallows every path they match, while {3} use the longest match and allow them.',
				firstMatch,
				earlierText,
				earlierLine,
				longestMatch,
				count,
			)
		: tLines(
				'{0} never reach this rule or the {4} like it below: "{1}" (line {2}) comes first and disallows every path they match, while {3} use the longest match and disallow them.',
				firstMatch,
				earlierText,
				earlierLine,
				longestMatch,
				count,
			);
}

/** The facts these checks ask. */
export const ruleFacts: readonly AnyFact[] = [welcomed];

export const ruleChecks: readonly CheckEntry[] = [{ line: patternShape }, { window: groupLogic }, { window: firstMatchOrder }];
