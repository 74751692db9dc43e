/**
 * The outline: one symbol per group (as RFC 9309 groups the file) with its User-agent lines, rules and other
 * directives as children, and the file-wide records (Sitemap, Host, Clean-param) and lines outside any group at the top.
 * Every directive line appears exactly once, so the outline and the breadcrumbs follow the file's structure.
 */

import { DocumentSymbol, SymbolKind, type Range } from 'vscode-languageserver-types';
import { directiveFacts, type DirectiveId } from '../facts/directives';
import type { Group, RobotsModel } from '../syntax/parser';

/** The symbol kind each directive shows with; the kinds only pick icons, they carry no meaning of their own. */
const kindByDirective: Readonly<Record<DirectiveId, SymbolKind>> = {
	'user-agent': SymbolKind.Class,
	allow: SymbolKind.Property,
	disallow: SymbolKind.Property,
	sitemap: SymbolKind.File,
	'crawl-delay': SymbolKind.Number,
	host: SymbolKind.Constant,
	'clean-param': SymbolKind.Variable,
	'request-rate': SymbolKind.Number,
	'visit-time': SymbolKind.Number,
	'robot-version': SymbolKind.Constant,
	comment: SymbolKind.String,
	noindex: SymbolKind.Property,
	'content-signal': SymbolKind.Property,
	'content-usage': SymbolKind.Property,
	license: SymbolKind.String,
	unknown: SymbolKind.Key,
};

const globalDirectives = new Set<DirectiveId>(directiveFacts.filter((facts) => facts.scope === 'global').map((facts) => facts.id));

/**
 * The document's symbols: groups (kind Namespace, named by their User-agent values) holding their lines, and,
 * at the top level in file order, file-wide records and directive lines that belong to no group.
 */
export function computeDocumentSymbols(model: RobotsModel): DocumentSymbol[] {
	const { groups } = model.grouping('rfc9309');
	const owner = new Map<number, Group>();
	for (const group of groups) {
		for (const line of [...group.userAgents, ...group.rules, ...group.others]) {
			owner.set(line, group);
		}
	}

	const symbols: DocumentSymbol[] = [];
	let nextGroup = 0;
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (nextGroup < groups.length && groups[nextGroup].firstLine === line) {
			symbols.push(groupSymbol(model, groups[nextGroup]));
			nextGroup++;
		}
		if (node.kind !== 'directive') {
			continue;
		}
		// File-wide records apply wherever they stand, so they sit at the top even inside a group's lines.
		if (!owner.has(line) || globalDirectives.has(node.directive as DirectiveId)) {
			symbols.push(lineSymbol(model, line));
		}
	}
	return symbols;
}

function groupSymbol(model: RobotsModel, group: Group): DocumentSymbol {
	// A breadcrumb names a handful of crawlers: a group of a thousand names would fill the editor's width many times.
	const names = group.userAgents.slice(0, maxNamed + 1).map((line) => shorten(model.valueText(line) || '(empty)'));
	const name = group.userAgents.length > maxNamed
		? `${names.slice(0, maxNamed).join(', ')} and ${(group.userAgents.length - maxNamed).toLocaleString('en')} more`
		: names.join(', ');
	const children: DocumentSymbol[] = [];
	const lines = group.userAgents.concat(group.rules, group.others).sort((a, b) => a - b);
	let omitted = 0;
	for (const line of lines) {
		if (!globalDirectives.has(model.lines[line].directive as DirectiveId)) {
			// An outline of 200 000 children is megabytes on the wire and nothing anyone scrolls through.
			if (children.length < maxChildren) {
				children.push(lineSymbol(model, line));
			} else {
				omitted++;
			}
		}
	}
	// The group ends at its last own line: file-wide records after it are top-level symbols, not part of it.
	const last = children[children.length - 1].range.end.line;
	const range: Range = { start: { line: group.firstLine, character: 0 }, end: { line: last, character: model.lines[last].length } };
	const first = group.userAgents[0];
	const rules = `${group.rules.length.toLocaleString('en')} ${group.rules.length === 1 ? 'rule' : 'rules'}`;
	const detail = omitted > 0 ? `${rules}; the first ${maxChildren.toLocaleString('en')} of ${(maxChildren + omitted).toLocaleString('en')} lines listed` : rules;
	return DocumentSymbol.create(name, detail, SymbolKind.Namespace, range, valueRange(model, first), children);
}

/** At most this many lines of a group are its children in the outline. */
const maxChildren = 1000;

/** At most this many User-agent values in a group's name, each cut at `maxValue` characters. */
const maxNamed = 5;
const maxValue = 60;

function shorten(value: string): string {
	return value.length > maxValue ? value.slice(0, maxValue - 1) + '…' : value;
}

function lineSymbol(model: RobotsModel, line: number): DocumentSymbol {
	const node = model.lines[line];
	const key = model.keyText(line) || '(no name)';
	const value = model.valueText(line);
	const name = value === '' ? `${key}:` : `${key}: ${value}`;
	const directive = node.directive === 'none' ? 'unknown' : node.directive;
	const range: Range = { start: { line, character: node.keyStart }, end: { line, character: node.valueEnd } };
	return DocumentSymbol.create(name, undefined, kindByDirective[directive], range, valueRange(model, line));
}

/** The value's span, or the key's when the value is empty (a selection range must not be empty to be useful). */
function valueRange(model: RobotsModel, line: number): Range {
	const node = model.lines[line];
	const [start, end] = node.valueEnd > node.valueStart ? [node.valueStart, node.valueEnd] : [node.keyStart, Math.max(node.keyEnd, node.separator + 1)];
	return { start: { line, character: start }, end: { line, character: end } };
}
