/**
 * Checks of single lines: the `key: value` shape, directive names (unknown, misspelt, odd casing), leading
 * whitespace and missing values.
 */

import { canonicalName, directiveFacts, directiveForKey, googleDirectiveForKey, type DirectiveId } from '../../facts/directives';
import { t } from '../../l10n';
import { shown, type Check, type CheckContext, type CheckEntry } from '../context';
import { replaceSpan } from './edits';
import { doubleEncodedBom } from './file';
import { editDistance } from '../../editDistance';

/** The directive a misspelt key most likely means, with how Google reads it. */
function suggestDirective(key: string): { id: Exclude<DirectiveId, 'unknown'>; googleAccepts: boolean } | undefined {
	const lower = key.toLowerCase();
	const google = googleDirectiveForKey(key);
	if (google !== 'unknown') {
		return { id: google, googleAccepts: true };
	}
	// Separators people swap: `user_agent`, `user agent`, `useragent`.
	const squashed = lower.replace(/[\s_-]+/g, '');
	let best: { id: Exclude<DirectiveId, 'unknown'>; distance: number } | undefined;
	for (const facts of directiveFacts) {
		const name = facts.id;
		if (squashed === name.replace(/-/g, '')) {
			return { id: name, googleAccepts: false };
		}
		const limit = name.length <= 5 ? 1 : 2;
		const distance = editDistance(lower, name, limit);
		if (distance <= limit && (!best || distance < best.distance)) {
			best = { id: name, distance };
		}
	}
	return lower.length >= 4 && best ? { id: best.id, googleAccepts: false } : undefined;
}

/**
 * The directives of draft-canel-robots-ai-control-00 (October 2024, expired): what each asked of AI training, as a
 * Content-Usage `train-ai` value.
 */
const aiTrainingProposals: ReadonlyMap<string, 'y' | 'n'> = new Map([
	['disallowaitraining', 'n'],
	['allowaitraining', 'y'],
]);

/** The full-width colon people type with East Asian keyboards; no crawler reads it as the separator. */
const fullWidthColon = '\uFF1A';

/**
 * A key that is really a directive name followed by (part of) its value, because the colon is missing or is a
 * full-width one: `sitemap http://…` (the first ":" is the URL's) or `Sitemap：https://…`. Returns the directive and
 * where on the line the intended value starts.
 */
function joinedKey(key: string, keyStart: number): { id: Exclude<DirectiveId, 'unknown'>; valueFrom: number; fullWidth: boolean } | undefined {
	const match = /^([^\s\uFF1A]+)([\s\uFF1A]+)/.exec(key);
	if (!match) {
		return undefined;
	}
	const name = match[1];
	const fullWidth = match[2].includes(fullWidthColon);
	// With a space, the rest of the key must look like the start of a value (a URL or a path), as in
	// `sitemap http://…` or `Disallow /a:b`; "Crawl delay: 5" is a misspelt name instead.
	if (!fullWidth && !/^(https?|\/|\*)/i.test(key.slice(match[0].length))) {
		return undefined;
	}
	const known = directiveForKey(name);
	const id = known !== 'unknown' ? known : suggestDirective(name)?.id;
	return id ? { id, valueFrom: keyStart + match[0].length, fullWidth } : undefined;
}

/** What Google makes of a line that other crawlers ignore, for messages: a clause that ends a sentence. */
function googleReading(context: CheckContext, node: { googleDirective: string }, value: string): string {
	if (node.googleDirective === 'none' || node.googleDirective === 'unknown') {
		return t('every crawler ignores the line');
	}
	const reading = `${canonicalName(node.googleDirective as Exclude<DirectiveId, 'unknown'>)}: ${value}`;
	const others = context.who(['rfc9309', 'yandex', 'draft1996', 'original1994']);
	return context.many(['google'])
		? t('only {0} read it (as "{1}"); {2} ignore the line', context.who(['google']), reading, others)
		: t('only {0} reads it (as "{1}"); {2} ignore the line', context.who(['google']), reading, others);
}

const keyShape: Check = (context) => {
	const { model } = context;
	const known = new Set(context.options.knownDirectives.map((name) => name.toLowerCase()));
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.kind !== 'text' && node.kind !== 'directive') {
			continue;
		}
		const key = model.keyText(line);
		// A byte order mark saved in the wrong encoding glues itself to the first key; byte-order-mark reports it.
		if (line === 0 && key.replace(/^\uFEFF/, '').startsWith(doubleEncodedBom)) {
			continue;
		}
		if (key.startsWith('<')) {
			context.report({
				code: 'syntax-error',
				line,
				start: node.keyStart,
				end: node.commentStart >= 0 ? node.commentStart : node.length,
				message: t('Markup is not robots.txt: crawlers ignore this line.'),
			});
			continue;
		}
		const joined = node.directive === 'unknown' || node.kind === 'text' ? joinedKey(key, node.keyStart) : undefined;
		if (joined && !known.has(key.toLowerCase())) {
			const canonical = canonicalName(joined.id);
			const text = model.lineText(line);
			const valueEnd = node.kind === 'text' && node.valueEnd <= node.keyEnd ? node.keyEnd : node.valueEnd;
			const intended = text.slice(joined.valueFrom, valueEnd).trim();
			const name = key.slice(0, key.search(/[\s\uFF1A]/));
			context.report({
				code: 'missing-colon',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: joined.fullWidth
					? t(
							'"{0}" is a full-width colon, not ":": crawlers do not see "{1}" as a directive, and {2}.',
							shown(fullWidthColon),
							shown(name),
							googleReading(context, node, model.valueText(line)),
						)
					: t(
							'Missing ":" after "{0}": crawlers read everything up to the first ":" ("{1}") as the directive name, and {2}.',
							shown(name),
							shown(key),
							googleReading(context, node, model.valueText(line)),
						),
				fixes: [
					{
						title: t('Write "{0}"', `${canonical}: ${intended}`),
						edits: [replaceSpan(line, node.keyStart, valueEnd, `${canonical}: ${intended}`)],
						isPreferred: true,
					},
				],
			});
			continue;
		}
		if (node.kind === 'text') {
			const keyId = directiveForKey(key);
			const meant = keyId !== 'unknown' ? keyId : suggestDirective(key)?.id;
			if (meant) {
				const value = model.valueText(line);
				const canonical = canonicalName(meant);
				// "Allow from all" is not a rule with its colon missing: adding one would not make it mean anything.
				const oneWord = value !== '' && !/\s/.test(value);
				context.report({
					code: 'missing-colon',
					line,
					start: node.keyStart,
					end: node.keyEnd,
					message: t('Missing ":" after "{0}": {1}.', shown(key), googleReading(context, node, value)),
					fixes: oneWord
						? [
								{
									title: t('Add the colon: "{0}"', `${canonical}: ${value}`),
									edits: [replaceSpan(line, node.keyStart, node.valueStart, `${keyId === 'unknown' ? canonical : key}: `)],
									isPreferred: true,
								},
							]
						: undefined,
				});
			} else {
				context.report({
					code: 'syntax-error',
					line,
					start: node.keyStart,
					end: node.commentStart >= 0 ? node.commentStart : node.length,
					message: t('Robots cannot read this line (it is not "key: value"), so they ignore it. Comment it out with "#" if it is a note.'),
				});
			}
			continue;
		}
		if (key === '') {
			context.report({
				code: 'syntax-error',
				line,
				start: node.keyStart,
				end: node.valueEnd,
				message: t('A line that starts with ":" has no directive name, so robots ignore it.'),
			});
			continue;
		}
		if (node.directive === 'unknown') {
			if (known.has(key.toLowerCase())) {
				continue;
			}
			const value = model.valueText(line);
			if (/^https?$/i.test(key) && value.startsWith('//')) {
				// A URL on a line of its own, usually a sitemap whose "Sitemap:" went onto the line above.
				const url = `${key}:${value}`;
				context.report({
					code: 'syntax-error',
					line,
					start: node.keyStart,
					end: node.valueEnd,
					message: t(
						'A URL on a line of its own: crawlers read "{0}" as a directive name and ignore the line. Write "Sitemap: {1}" if it is a sitemap.',
						shown(key),
						url,
					),
					fixes: /sitemap|\.xml(\.gz)?$/i.test(value)
						? [{ title: t('Make it a Sitemap line: "Sitemap: {0}"', url), edits: [replaceSpan(line, node.keyStart, node.keyStart, 'Sitemap: ')] }]
						: undefined,
				});
				continue;
			}
			const training = aiTrainingProposals.get(key.toLowerCase().replace(/[\s_-]+/g, ''));
			if (training !== undefined) {
				// A path other than the root keeps its place in the Content-Usage line (draft-ietf-aipref-attach §3.2).
				const path = value === '/' ? '' : value.startsWith('/') && !/\s/.test(value) ? `${value} ` : undefined;
				const usage = path === undefined ? undefined : `Content-Usage: ${path}train-ai=${training}`;
				context.report({
					code: 'ai-training-proposal',
					line,
					start: node.keyStart,
					end: node.keyEnd,
					message: t(
						'"{0}" comes from draft-canel-robots-ai-control, a 2024 proposal that expired: no crawler reads it, so every crawler ignores the line as an unknown directive. Content-Usage says this today (draft-ietf-aipref-attach).',
						shown(key),
					),
					fixes:
						usage === undefined
							? undefined
							: [{ title: t('Write "{0}"', shown(usage)), edits: [replaceSpan(line, node.keyStart, node.valueEnd, usage)], isPreferred: true }],
				});
				continue;
			}
			const suggestion = suggestDirective(key);
			if (suggestion) {
				const canonical = canonicalName(suggestion.id);
				context.report({
					code: 'misspelt-directive',
					line,
					start: node.keyStart,
					end: node.keyEnd,
					message: suggestion.googleAccepts
						? context.many(['google'])
							? t(
									'"{0}" is not a directive; did you mean "{1}"? {2} accept this spelling; {3} ignore the line.',
									shown(key),
									shown(canonical),
									context.whoStarts(['google']),
									context.who(['rfc9309', 'yandex', 'draft1996', 'original1994']),
								)
							: t(
									'"{0}" is not a directive; did you mean "{1}"? {2} accepts this spelling; {3} ignore the line.',
									shown(key),
									shown(canonical),
									context.whoStarts(['google']),
									context.who(['rfc9309', 'yandex', 'draft1996', 'original1994']),
								)
						: t('"{0}" is not a directive; did you mean "{1}"? Crawlers ignore the line as it is.', shown(key), shown(canonical)),
					fixes: [{ title: t('Change to "{0}"', shown(canonical)), edits: [replaceSpan(line, node.keyStart, node.keyEnd, canonical)], isPreferred: true }],
				});
			} else {
				context.report({
					code: 'unknown-directive',
					line,
					start: node.keyStart,
					end: node.keyEnd,
					message: t(
						'Unknown directive "{0}": crawlers ignore this line. (If a crawler you care about reads it, add it to robotsTxt.knownDirectives.)',
						shown(key),
					),
				});
			}
			continue;
		}
		const canonical = canonicalName(node.directive as Exclude<DirectiveId, 'unknown'>);
		if (key !== canonical) {
			context.report({
				code: 'non-canonical-casing',
				line,
				start: node.keyStart,
				end: node.keyEnd,
				message: t('Directive names are case-insensitive; "{0}" is the usual spelling.', shown(canonical)),
				fixes: [{ title: t('Write "{0}"', shown(canonical)), edits: [replaceSpan(line, node.keyStart, node.keyEnd, canonical)], isPreferred: true }],
			});
		}
	}
};

const leadingWhitespace: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.kind !== 'directive' && node.kind !== 'text') {
			continue;
		}
		const first = line === 0 && model.lineTexts[0].charCodeAt(0) === 0xfeff ? 1 : 0;
		if (node.keyStart > first) {
			context.report({
				code: 'leading-whitespace',
				line,
				start: first,
				end: node.keyStart,
				message: t(
					'Whitespace before the directive: {0} allow it, but some old robots expect the directive at the start of the line.',
					context.who(['google', 'rfc9309', 'yandex']),
				),
				fixes: [{ title: t('Remove the leading whitespace'), edits: [replaceSpan(line, first, node.keyStart, '')], isPreferred: true }],
			});
		}
	}
};

const needsValue: ReadonlySet<string> = new Set(['user-agent', 'sitemap', 'host', 'crawl-delay', 'clean-param', 'request-rate', 'visit-time']);

const emptyValue: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const node = model.lines[line];
		if (node.kind !== 'directive' || !needsValue.has(node.directive) || node.valueStart < node.valueEnd) {
			continue;
		}
		const name = canonicalName(node.directive as Exclude<DirectiveId, 'unknown'>);
		const message =
			node.directive === 'user-agent'
				? t(
						'Empty User-agent: RFC 9309 and Google crawlers find no crawler named here, while 1996-draft robots (substring match) apply this group to every robot.',
					)
				: t('Empty {0}: crawlers ignore this line.', name);
		context.report({ code: 'empty-value', line, start: node.keyStart, end: node.length, message });
	}
};

export const lineChecks: readonly CheckEntry[] = [{ line: keyShape }, { line: leadingWhitespace }, { line: emptyValue }];
