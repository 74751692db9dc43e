/**
 * The outline: one symbol per group (as RFC 9309 groups the file) with its User-agent lines, rules and other
 * directives as children, and the file-wide records (Sitemap, Host, Clean-param) and lines outside any group at the top.
 * Every directive line appears exactly once, so the outline and the breadcrumbs follow the file's structure, up to
 * `maxSymbols`: beyond that one last symbol says how many lines the outline leaves out.
 */

import { DocumentSymbol, SymbolKind, type Range } from 'vscode-languageserver-types';
import { directiveFacts, type DirectiveId } from '../facts/directives';
import { formatNumber, t } from '../l10n';
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
 * The most symbols an outline holds, groups and lines together. A file of 50 000 groups would give 150 000 symbols,
 * 33 MB of JSON that takes longer to send and read than any outline is worth; 5 000 are a long outline already.
 */
export const maxSymbols = 5000;

/**
 * The document's symbols: groups (kind Namespace, named by their User-agent values) holding their lines, and,
 * at the top level in file order, file-wide records and directive lines that belong to no group.
 */
export function computeDocumentSymbols(model: RobotsModel): DocumentSymbol[] {
	const { groups } = model.grouping('rfc9309');
	const owned = new Uint8Array(model.lineCount);
	for (const group of groups) {
		for (const lines of [group.userAgents, group.rules, group.others]) {
			for (const line of lines) {
				owned[line] = 1;
			}
		}
	}

	const symbols: DocumentSymbol[] = [];
	const budget = { left: maxSymbols };
	let nextGroup = 0;
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (budget.left <= 0) {
			const rest = omitted(model, line);
			if (rest) {
				symbols.push(rest);
			}
			break;
		}
		if (nextGroup < groups.length && groups[nextGroup].firstLine === line) {
			const symbol = groupSymbol(model, groups[nextGroup], budget);
			symbols.push(symbol);
			nextGroup++;
			if (budget.left <= 0) {
				// The group said what it leaves out; what is left starts after it.
				line = symbol.range.end.line;
				continue;
			}
		}
		if (node.kind !== 'directive') {
			continue;
		}
		// File-wide records apply wherever they stand, so they sit at the top even inside a group's lines.
		if (!owned[line] || globalDirectives.has(node.directive as DirectiveId)) {
			symbols.push(lineSymbol(model, line));
			budget.left--;
		}
	}
	return symbols;
}

/** A last symbol for the directive lines from `line` on, which the outline leaves out. */
function omitted(model: RobotsModel, line: number): DocumentSymbol | undefined {
	let count = 0;
	for (let i = line; i < model.lineCount; i++) {
		count += model.lines[i].kind === 'directive' ? 1 : 0;
	}
	if (count === 0) {
		return undefined;
	}
	const last = model.lineCount - 1;
	const range: Range = { start: { line, character: 0 }, end: { line: last, character: model.lines[last].length } };
	const name = t('{0} more {0|one=line|other=lines} (the outline shows the first {1} items)', formatNumber(count), formatNumber(maxSymbols));
	return DocumentSymbol.create(name, undefined, SymbolKind.Null, range, { start: range.start, end: range.start });
}

function groupSymbol(model: RobotsModel, group: Group, budget: { left: number }): DocumentSymbol {
	// A breadcrumb names a handful of crawlers: a group of a thousand names would fill the editor's width many times.
	const names = group.userAgents.slice(0, maxNamed + 1).map((line) => shorten(model.valueText(line) || t('(empty)')));
	const name =
		group.userAgents.length > maxNamed
			? t('{0} and {1} more', names.slice(0, maxNamed).join(', '), formatNumber(group.userAgents.length - maxNamed))
			: names.join(', ');
	budget.left--;
	// The group's own lines in file order: its three lists, merged.
	const lines: number[] = [];
	const lists = [group.userAgents, group.rules, group.others];
	const next = [0, 0, 0];
	for (;;) {
		let pick = -1;
		for (let k = 0; k < 3; k++) {
			if (next[k] < lists[k].length && (pick < 0 || lists[k][next[k]] < lists[pick][next[pick]])) {
				pick = k;
			}
		}
		if (pick < 0) {
			break;
		}
		lines.push(lists[pick][next[pick]++]);
	}
	const children: DocumentSymbol[] = [];
	let cut = -1;
	for (const line of lines) {
		if (globalDirectives.has(model.lines[line].directive as DirectiveId)) {
			continue;
		}
		if (budget.left <= 0) {
			cut = line;
			break;
		}
		children.push(lineSymbol(model, line));
		budget.left--;
	}
	// The group ends at its last own line: file-wide records after it are top-level symbols, not part of it.
	const last = children.length > 0 ? children[children.length - 1].range.end.line : group.firstLine;
	let end = { line: last, character: model.lines[last].length };
	if (cut >= 0) {
		const rest = lines.filter((line) => line >= cut && !globalDirectives.has(model.lines[line].directive as DirectiveId));
		const lastRest = rest[rest.length - 1];
		end = { line: lastRest, character: model.lines[lastRest].length };
		const restRange: Range = { start: { line: cut, character: 0 }, end };
		const restName = t(
			'{0} more {0|one=line|other=lines} of this group (the outline shows the first {1} items)',
			formatNumber(rest.length),
			formatNumber(maxSymbols),
		);
		children.push(DocumentSymbol.create(restName, undefined, SymbolKind.Null, restRange, { start: restRange.start, end: restRange.start }));
	}
	const range: Range = { start: { line: group.firstLine, character: 0 }, end };
	const first = group.userAgents[0];
	const detail = group.rules.length === 1 ? t('{0} rule', formatNumber(group.rules.length)) : t('{0} rules', formatNumber(group.rules.length));
	return DocumentSymbol.create(name, detail, SymbolKind.Namespace, range, valueRange(model, first), children);
}

/** At most this many User-agent values in a group's name, each cut at `maxValue` characters. */
const maxNamed = 5;
const maxValue = 60;

function shorten(value: string): string {
	return value.length > maxValue ? value.slice(0, maxValue - 1) + '…' : value;
}

function lineSymbol(model: RobotsModel, line: number): DocumentSymbol {
	const node = model.lines[line];
	const key = model.keyText(line) || t('(no name)');
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
