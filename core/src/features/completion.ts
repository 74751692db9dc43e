/**
 * Completion: directive names that fit where the cursor is, crawler tokens after `User-agent:`, workspace paths and
 * pattern snippets after `Allow:`/`Disallow:`, and whole groups as snippets. Every item carries a text edit that
 * replaces exactly the word being typed, so the result does not depend on the client's idea of a word.
 */

import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver-types';
import { isRecordDialect, type Dialect } from '../dialect';
import { knownCrawlers, type CrawlerFacts } from '../facts/crawlers';
import { directiveDocs, directiveDocumentation } from '../facts/directiveDocs';
import { canonicalName, type DirectiveId } from '../facts/directives';
import { formatNumber, t } from '../l10n';
import { analysisDialects, type AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import { isWhitespace } from '../syntax/lexer';
import type { RobotsModel } from '../syntax/parser';

/** Where a new line stands relative to the groups above it. */
type Place =
	/** No User-agent line above: only file-wide records and a first group make sense. */
	| 'outside'
	/** Right after User-agent lines: rules, or more User-agent lines for the same group. */
	| 'after-user-agent'
	/** Among a group's rules. */
	| 'in-group'
	/** After a blank line that follows a group: most likely a new group. */
	| 'after-blank';

/** The command that opens the suggestions again after a key is completed; its title is never shown. */
function suggestAgain(): { title: string; command: string } {
	return { title: t('Suggest'), command: 'editor.action.triggerSuggest' };
}

/**
 * Completion items at a position. `paths` are workspace-relative paths starting with `/`, offered after Allow and
 * Disallow. Items are not filtered by what is typed: the client does that, within each item's edit range.
 */
export function computeCompletions(model: RobotsModel, position: Position, options: AnalysisOptions, paths: readonly string[] = []): CompletionItem[] {
	const line = position.line;
	if (line < 0 || line >= model.lineCount) {
		return [];
	}
	const node = model.lines[line];
	const text = model.lineText(line);
	const character = Math.min(Math.max(position.character, 0), text.length);
	if (node.commentStart >= 0 && character > node.commentStart) {
		return [];
	}
	const dialects = analysisDialects(options);
	const inKey = node.separator < 0 ? node.kind === 'blank' || node.kind === 'comment' || character <= node.keyEnd : character <= node.separator;
	if (inKey) {
		return keyCompletions(model, line, node, text, character, dialects);
	}
	if (node.separator < 0) {
		return [];
	}
	return valueCompletions(model, line, node, text, character, dialects, paths);
}

function range(line: number, start: number, end: number): Range {
	return { start: { line, character: start }, end: { line, character: end } };
}

function markdown(value: string): { kind: typeof MarkupKind.Markdown; value: string } {
	return { kind: MarkupKind.Markdown, value };
}

function sortKey(rank: number): string {
	return String(rank).padStart(4, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Directive names

function isKeyCharacter(code: number): boolean {
	return !isWhitespace(code) && code !== 58 && code !== 35 && code !== 0xfeff;
}

function readsAs(node: LineNode, id: DirectiveId): boolean {
	return node.directive === id || node.googleDirective === id;
}

function placeOf(model: RobotsModel, line: number): Place {
	let blankBetween = false;
	let previous: LineNode | undefined;
	for (let i = line - 1; i >= 0; i--) {
		const node = model.lines[i];
		if (node.kind === 'blank') {
			blankBetween ||= previous === undefined;
			continue;
		}
		if (node.kind === 'comment') {
			continue;
		}
		const id = node.directive !== 'none' && node.directive !== 'unknown' ? node.directive : node.googleDirective;
		// File-wide records and unknown lines say nothing about where a group stands.
		if (previous === undefined && (id === 'user-agent' || id === 'allow' || id === 'disallow' || id === 'crawl-delay')) {
			previous = node;
		}
		if (readsAs(node, 'user-agent')) {
			if (blankBetween) {
				return 'after-blank';
			}
			return previous === node ? 'after-user-agent' : 'in-group';
		}
	}
	return 'outside';
}

type Offered = 'user-agent' | 'allow' | 'disallow' | 'crawl-delay' | 'sitemap' | 'host' | 'clean-param';

/** What a directive does, in a few words, as the completion list's detail. */
function details(id: Offered): string {
	switch (id) {
		case 'user-agent':
			return t('starts a group for a crawler');
		case 'disallow':
			return t('blocks matching paths');
		case 'allow':
			return t('allows matching paths');
		case 'crawl-delay':
			return t('seconds between fetches (Bing, Yandex; not Google)');
		case 'sitemap':
			return t('sitemap URL, for the whole file');
		case 'host':
			return t('main mirror (Yandex)');
		case 'clean-param':
			return t('parameters that do not change the page (Yandex)');
	}
}

const orderByPlace: Readonly<Record<Place, readonly Offered[]>> = {
	outside: ['user-agent', 'sitemap', 'host', 'clean-param'],
	'after-user-agent': ['disallow', 'allow', 'user-agent', 'crawl-delay', 'sitemap', 'host', 'clean-param'],
	'in-group': ['disallow', 'allow', 'crawl-delay', 'user-agent', 'sitemap', 'host', 'clean-param'],
	'after-blank': ['user-agent', 'sitemap', 'disallow', 'allow', 'crawl-delay', 'host', 'clean-param'],
};

function keyCompletions(model: RobotsModel, line: number, node: LineNode, text: string, character: number, dialects: readonly Dialect[]): CompletionItem[] {
	let start = character;
	while (start > 0 && isKeyCharacter(text.charCodeAt(start - 1))) {
		start--;
	}
	let end = character;
	while (end < text.length && isKeyCharacter(text.charCodeAt(end))) {
		end++;
	}
	// Something other than whitespace before the word means the cursor is not at a key.
	for (let i = 0; i < start; i++) {
		const code = text.charCodeAt(i);
		if (!isWhitespace(code) && code !== 0xfeff) {
			return [];
		}
	}
	const hasSeparator = node.separator >= 0;
	const editRange = range(line, start, end);
	const place = placeOf(model, line);
	const items: CompletionItem[] = [];
	orderByPlace[place].forEach((id, rank) => {
		// Sitemap is read by every search engine, whatever the dialects; the others only where a dialect reads them.
		if (id !== 'sitemap' && !directiveDocs[id].dialects.some((dialect) => dialects.includes(dialect))) {
			return;
		}
		const name = canonicalName(id);
		const takesValue = id === 'user-agent' || id === 'allow' || id === 'disallow' || id === 'sitemap';
		items.push({
			label: name,
			kind: CompletionItemKind.Keyword,
			detail: details(id),
			documentation: markdown(directiveDocumentation(id)),
			sortText: sortKey(rank),
			filterText: name,
			textEdit: { range: editRange, newText: hasSeparator ? name : `${name}: ` },
			...(takesValue && !hasSeparator ? { command: suggestAgain() } : {}),
		});
	});
	const restOfLine = text.slice(end).trim();
	if (!hasSeparator && restOfLine === '' && (place === 'outside' || place === 'after-blank')) {
		items.push(...blockSnippets(editRange));
	}
	return items;
}

/** Snippet text for a literal: `$`, `}` and `\` would otherwise be snippet syntax. */
function literal(text: string): string {
	return text.replace(/[\\$}]/g, (character) => '\\' + character);
}

function blockSnippets(editRange: Range): CompletionItem[] {
	const aiCrawlers = knownCrawlers.filter((crawler) => (crawler.category === 'ai-training' || crawler.category === 'ai-search') && !crawler.ignoresRobotsTxt);
	const blocks: { label: string; detail: string; body: string; documentation: string }[] = [
		{
			label: t('User-agent group'),
			detail: t('a group with one rule'),
			body: 'User-agent: ${1:*}\nDisallow: ${2:/private/}\n$0',
			documentation: t('A group: the crawler it is for, then its rules.'),
		},
		{
			label: t('Block every crawler'),
			detail: 'User-agent: * / Disallow: /',
			body: 'User-agent: *\nDisallow: /\n$0',
			documentation: t('Every crawler without a group of its own may fetch nothing but /robots.txt.'),
		},
		{
			label: t('Allow every crawler'),
			detail: 'User-agent: * / Disallow:',
			body: 'User-agent: *\nDisallow:\n$0',
			documentation: t('An empty `Disallow` blocks nothing, in every dialect: crawlers without a group of their own may fetch everything.'),
		},
		{
			label: t('Block AI crawlers'),
			detail: t('{0} AI crawlers and control tokens', formatNumber(aiCrawlers.length)),
			body: aiCrawlers.map((crawler) => `User-agent: ${literal(crawler.token)}`).join('\n') + '\nDisallow: /\n$0',
			documentation:
				t('One group for the AI crawlers and AI control tokens this extension knows, blocking the whole site:')
				+ '\n\n'
				+ aiCrawlers.map((crawler) => `- \`${crawler.token}\` (${crawler.owner})`).join('\n')
				+ '\n\n'
				+ t('Fetchers that their owners say ignore robots.txt are left out.'),
		},
	];
	return blocks.map(
		(block, i): CompletionItem => ({
			label: block.label,
			kind: CompletionItemKind.Snippet,
			detail: block.detail,
			documentation: markdown(block.documentation),
			sortText: sortKey(100 + i),
			filterText: block.label,
			insertTextFormat: InsertTextFormat.Snippet,
			textEdit: { range: editRange, newText: block.body },
		}),
	);
}

// ---------------------------------------------------------------------------------------------------------------
// Values

function valueCompletions(
	model: RobotsModel,
	line: number,
	node: LineNode,
	text: string,
	character: number,
	dialects: readonly Dialect[],
	paths: readonly string[],
): CompletionItem[] {
	const id = node.directive !== 'none' && node.directive !== 'unknown' ? node.directive : node.googleDirective;
	const hasValue = node.valueEnd > node.valueStart;
	let editRange: Range;
	let prefix = '';
	if (hasValue) {
		if (character < node.valueStart || character > node.valueEnd) {
			return [];
		}
		editRange = range(line, node.valueStart, node.valueEnd);
	} else {
		editRange = range(line, character, character);
		// Right after the colon a space keeps the line in the usual `Key: value` form.
		prefix = text.charCodeAt(character - 1) === 58 ? ' ' : '';
	}
	switch (id) {
		case 'user-agent':
			return agentCompletions(model, line, editRange, prefix);
		case 'allow':
		case 'disallow':
			return pathCompletions(editRange, prefix, dialects, paths);
		case 'sitemap':
			return [
				{
					label: 'https://example.com/sitemap.xml',
					kind: CompletionItemKind.Snippet,
					detail: t('absolute URL of a sitemap'),
					sortText: sortKey(0),
					filterText: 'https://',
					insertTextFormat: InsertTextFormat.Snippet,
					textEdit: { range: editRange, newText: prefix + 'https://${1:example.com}/${2:sitemap.xml}' },
				},
			];
		default:
			return [];
	}
}

/** The values of the other User-agent lines of the group this line stands in, lower-cased. */
function namedInGroup(model: RobotsModel, line: number): Set<string> {
	const named = new Set<string>();
	const group = model.grouping('rfc9309').groups.find((candidate) => candidate.firstLine <= line && line <= candidate.lastLine);
	for (const agentLine of group?.userAgents ?? []) {
		if (agentLine !== line) {
			named.add(model.valueText(agentLine).toLowerCase());
		}
	}
	return named;
}

function crawlerDocumentation(crawler: CrawlerFacts): string {
	const out = [`**${crawler.token}** · ${crawler.owner}`, '', crawler.description];
	const honours: string[] = [];
	const mark = (value: boolean | undefined) => (value ? t('yes') : t('no'));
	if (crawler.honours.allow !== undefined) {
		honours.push(`Allow: ${mark(crawler.honours.allow)}`);
	}
	if (crawler.honours.wildcards !== undefined) {
		honours.push(`\`*\` and \`$\`: ${mark(crawler.honours.wildcards)}`);
	}
	if (crawler.honours.crawlDelay !== undefined) {
		honours.push(`Crawl-delay: ${mark(crawler.honours.crawlDelay)}`);
	}
	if (honours.length > 0) {
		out.push('', t('Documented support: {0}', honours.join(' · ')));
	}
	if (crawler.ignoresGlobalGroup) {
		out.push('', t('It ignores the `*` group: only a group naming it applies.'));
	}
	if (crawler.ignoresRobotsTxt) {
		out.push('', t('Its owner says it does not follow robots.txt, because a user asked for the page.'));
	}
	if (crawler.familyNote) {
		out.push('', crawler.familyNote);
	}
	return out.join('\n');
}

function agentCompletions(model: RobotsModel, line: number, editRange: Range, prefix: string): CompletionItem[] {
	const named = namedInGroup(model, line);
	const items: CompletionItem[] = [];
	if (!named.has('*')) {
		items.push({
			label: '*',
			kind: CompletionItemKind.Value,
			detail: t('every crawler without a group of its own'),
			documentation: markdown(t('The `*` group applies to every crawler that no other group names; a group naming a crawler replaces it completely.')),
			sortText: sortKey(0),
			filterText: '*',
			textEdit: { range: editRange, newText: prefix + '*' },
		});
	}
	knownCrawlers.forEach((crawler, i) => {
		if (named.has(crawler.token.toLowerCase())) {
			return;
		}
		items.push({
			label: crawler.token,
			kind: CompletionItemKind.Value,
			detail: crawler.ignoresRobotsTxt ? t('{0} · ignores robots.txt', crawler.owner) : crawler.owner,
			documentation: markdown(crawlerDocumentation(crawler)),
			sortText: sortKey((crawler.ignoresRobotsTxt ? 2000 : 1000) + i),
			filterText: crawler.token,
			textEdit: { range: editRange, newText: prefix + crawler.token },
		});
	});
	return items;
}

/**
 * A path as a pattern that matches it literally: RFC 9309 §2.2.3 writes `*` and `$` as `%2A` and `%24`, `#` would
 * start a comment and whitespace would end the value.
 */
function escapePath(path: string): string {
	return path.replace(/[*$#\s]/g, (character) => '%' + character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

function pathCompletions(editRange: Range, prefix: string, dialects: readonly Dialect[], paths: readonly string[]): CompletionItem[] {
	const items: CompletionItem[] = [];
	const seen = new Set<string>();
	for (const path of paths) {
		if (!path.startsWith('/') || seen.has(path)) {
			continue;
		}
		seen.add(path);
		items.push({
			label: path,
			kind: path.endsWith('/') ? CompletionItemKind.Folder : CompletionItemKind.File,
			detail: path.endsWith('/') ? t('folder in the workspace') : t('file in the workspace'),
			sortText: sortKey(seen.size),
			filterText: path,
			textEdit: { range: editRange, newText: prefix + escapePath(path) },
		});
	}
	const wildcards = dialects.some((dialect) => !isRecordDialect(dialect));
	const literalNote = dialects.some(isRecordDialect)
		? '\n\n' + t('First-match robots (1996 draft, 1994 standard) read `*` and `$` as ordinary characters.')
		: '';
	const patterns: { label: string; body: string; detail: string; documentation: string; usesWildcards: boolean }[] = [
		{
			label: '/',
			body: '/',
			detail: t('the whole site'),
			documentation: t('Every path starts with `/`, so this rule covers the whole site.'),
			usesWildcards: false,
		},
		{
			label: '/folder/',
			body: '/${1:folder}/',
			detail: t('a folder and everything in it'),
			documentation: t('Every path that starts with the folder, e.g. `/folder/a.html`; not `/folder` itself.'),
			usesWildcards: false,
		},
		{
			label: '/$',
			body: '/\\$',
			detail: t('only the home page'),
			documentation: t('`$` anchors the end: only the root path `/` matches.') + literalNote,
			usesWildcards: true,
		},
		{
			label: '/*.pdf$',
			body: '/*.${1:pdf}\\$',
			detail: t('every URL that ends in .pdf'),
			documentation: t('`*` matches any run of characters (`/` included) and `$` anchors the end: `/a/b.pdf` matches, `/a/b.pdf?x=1` does not.') + literalNote,
			usesWildcards: true,
		},
		{
			label: '/*?',
			body: '/*?',
			detail: t('every URL with a query string'),
			documentation: t('`*` matches any run of characters, so this matches every path followed by `?`.') + literalNote,
			usesWildcards: true,
		},
	];
	patterns
		.filter((pattern) => wildcards || !pattern.usesWildcards)
		.forEach((pattern, i) => {
			items.push({
				label: pattern.label,
				kind: CompletionItemKind.Snippet,
				detail: pattern.detail,
				documentation: markdown(pattern.documentation),
				sortText: sortKey(1000 + i),
				filterText: pattern.label,
				insertTextFormat: InsertTextFormat.Snippet,
				textEdit: { range: editRange, newText: prefix + pattern.body },
			});
		});
	return items;
}
