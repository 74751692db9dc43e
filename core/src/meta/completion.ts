/**
 * Completion inside robots meta tags and X-Robots-Tag values: directive names in a robots `content` (or header
 * value), the values of `max-image-preview:` and the special numbers of `max-snippet:` and `max-video-preview:`, and
 * crawler names in a meta tag's `name`. Everything is read around the position, without scanning the document.
 */

import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { t } from '../l10n';
import {
	carriedBy,
	findRobotsDirective,
	robotsDirectiveCatalogue,
	searchEngineNames,
	searchEngines,
	supportOf,
	type RobotsDirectiveFacts,
	type SearchEngine,
} from './directives';
import { parseHeadersFile, xRobotsTagLines } from './headersFile';
import { first, metaTagAt } from './html';
import { commonRobotsNames, resolveRobotsName, robotsRelevance, stripTypographicQuotes } from './names';
import { offsetRange, pageDocument } from './text';

/**
 * Completions at a position of an HTML document: inside a robots meta tag's name or content. `document`, the editor's
 * copy of the same text, converts positions without a line table of the whole text.
 */
export function computeMetaCompletions(text: string, position: Position, document?: TextDocument): CompletionItem[] {
	const lines = pageDocument(text, document);
	const offset = lines.offsetAt(position);
	const found = metaTagAt(text, offset);
	if (!found) {
		return [];
	}
	const attributes = found.tag.attributes;
	const name = first(attributes, 'name');
	if (name?.hasValue && offset >= name.valueStart && offset <= name.valueEnd && name.quote !== '') {
		const range = offsetRange(lines, name.valueStart, offset + rest(text, offset, name.valueEnd));
		return commonRobotsNames.map((candidate, index) => ({
			label: candidate,
			kind: CompletionItemKind.Value,
			detail: crawlerDetail(candidate),
			sortText: String(index).padStart(2, '0'),
			filterText: candidate,
			textEdit: { range, newText: candidate },
		}));
	}
	const content = first(attributes, 'content');
	if (!name || !content?.hasValue || offset < content.valueStart || offset > content.valueEnd) {
		return [];
	}
	const bareName = stripTypographicQuotes(name.value).trim();
	if (robotsRelevance(bareName, undefined) === undefined) {
		return [];
	}
	const address = resolveRobotsName(bareName);
	const kind = address?.kind === 'google-settings' ? 'google' : 'robots';
	const engine = address?.kind === 'crawlers' ? address.engine : undefined;
	return valueCompletions(text, content.valueStart, offset, kind, engine, 'meta', lines);
}

/** Completions at a position of a `_headers` file: inside an X-Robots-Tag value. */
export function computeHeadersCompletions(text: string, position: Position, document?: TextDocument): CompletionItem[] {
	const lines = pageDocument(text, document);
	const offset = lines.offsetAt(position);
	const line = xRobotsTagLines(parseHeadersFile(text)).find((candidate) => candidate.header.line === position.line);
	if (!line || line.header.detach || offset < line.header.valueStart) {
		return [];
	}
	return valueCompletions(text, line.header.valueStart, offset, 'robots', undefined, 'header', lines);
}

function rest(text: string, offset: number, end: number): number {
	let i = offset;
	while (i < end && /[A-Za-z0-9_-]/.test(text[i])) {
		i++;
	}
	return i - offset;
}

function crawlerDetail(name: string): string {
	const address = resolveRobotsName(name);
	if (!address || address.kind === 'all') {
		return t('every crawler');
	}
	return address.engine ? `${searchEngineNames[address.engine]}` : address.crawlers.map((crawler) => crawler.token).join(', ');
}

const separators = ',;\uFF0C\u3001\uFF1B';

/**
 * Completions for the directive being typed at `offset` in a value starting at `valueStart`: its name, or after a
 * colon its value.
 */
function valueCompletions(
	text: string,
	valueStart: number,
	offset: number,
	kind: 'robots' | 'google',
	engine: SearchEngine | undefined,
	where: 'meta' | 'header',
	lines: TextDocument,
): CompletionItem[] {
	let itemStart = offset;
	while (itemStart > valueStart && !separators.includes(text[itemStart - 1])) {
		itemStart--;
	}
	while (itemStart < offset && /\s/.test(text[itemStart])) {
		itemStart++;
	}
	let typed = text.slice(itemStart, offset);
	// X-Robots-Tag: after `googlebot:` come the crawler's directives.
	const colon = typed.indexOf(':');
	if (where === 'header' && colon >= 0 && !findRobotsDirective(typed.slice(0, colon))) {
		itemStart += colon + 1;
		while (itemStart < offset && /\s/.test(text[itemStart])) {
			itemStart++;
		}
		typed = text.slice(itemStart, offset);
	}
	const valueColon = typed.indexOf(':');
	if (valueColon >= 0) {
		const facts = findRobotsDirective(typed.slice(0, valueColon));
		if (!facts) {
			return [];
		}
		let start = itemStart + valueColon + 1;
		while (start < offset && /\s/.test(text[start])) {
			start++;
		}
		const range = offsetRange(lines, start, offset + rest(text, offset, text.length));
		return valueItems(facts).map((item, index) => ({ ...item, sortText: String(index), textEdit: { range, newText: item.label } }));
	}
	const range = offsetRange(lines, itemStart, offset + rest(text, offset, text.length));
	const items: CompletionItem[] = [];
	for (const facts of robotsDirectiveCatalogue) {
		if (!carriedBy(facts, kind)) {
			continue;
		}
		const documented = engine === undefined || ['supported', 'default'].includes(supportOf(facts, engine, where).status);
		const takesValue = facts.value !== 'none';
		items.push({
			label: facts.name,
			kind: CompletionItemKind.Keyword,
			detail: supportDetail(facts, where),
			documentation: { kind: MarkupKind.Markdown, value: facts.summary },
			sortText: `${documented ? '0' : '1'}${facts.name}`,
			textEdit: { range, newText: takesValue ? `${facts.name}:` : facts.name },
			...(takesValue ? { command: { title: t('Suggest'), command: 'editor.action.triggerSuggest' } } : {}),
			insertTextFormat: InsertTextFormat.PlainText,
		});
	}
	return items;
}

function supportDetail(facts: RobotsDirectiveFacts, where: 'meta' | 'header'): string {
	const engines = searchEngines.filter(
		(engine) => supportOf(facts, engine, where).status === 'supported' || supportOf(facts, engine, where).status === 'default',
	);
	return engines.length > 0 ? engines.map((engine) => searchEngineNames[engine]).join(', ') : t('no engine documents it here');
}

function valueItems(facts: RobotsDirectiveFacts): CompletionItem[] {
	switch (facts.value) {
		case 'image-preview':
			return [
				{ label: 'none', kind: CompletionItemKind.EnumMember, detail: t('No image preview.') },
				{ label: 'standard', kind: CompletionItemKind.EnumMember, detail: t('A default image preview may be shown.') },
				{ label: 'large', kind: CompletionItemKind.EnumMember, detail: t('A larger image preview, up to the width of the viewport.') },
			];
		case 'integer':
			return facts.name === 'max-snippet'
				? [
						{ label: '-1', kind: CompletionItemKind.Value, detail: t('No limit: the engine chooses the snippet length.') },
						{ label: '0', kind: CompletionItemKind.Value, detail: t('No text snippet (the same as nosnippet).') },
					]
				: [
						{ label: '-1', kind: CompletionItemKind.Value, detail: t('No limit.') },
						{ label: '0', kind: CompletionItemKind.Value, detail: t('At most a static image, as max-image-preview allows.') },
					];
		default:
			return [];
	}
}
