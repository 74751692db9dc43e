/**
 * The checks of robots meta tags (in HTML) and X-Robots-Tag values (in `_headers` files): their findings with safe
 * quick fixes, on document offsets, and as LSP diagnostics (report.ts).
 */

import type { Diagnostic } from 'vscode-languageserver-types';
import { formatNumber, t } from '../l10n';
import { checkRuleSet } from './checks/ruleSets';
import { checkIndexIfEmbedded, checkScopes } from './checks/scopes';
import { checkTag, hasTypographicQuotes } from './checks/tags';
import { headerRuleSets, type RobotsRuleSet, ruleSetsFromHtml } from './effective';
import { type HeadersFile, maxHeadersPatternLength, parseHeadersFile } from './headersFile';
import { type HtmlRobotsScan, maxRobotsTagsPerPage, scanHtml } from './html';
import { newTypoBudget } from './names';
import { parseRobotsDirectives } from './parse';
import { collector, type MetaAnalysisOptions, type MetaFinding, toDiagnostics } from './report';

/** The findings of an HTML document, on document offsets (`scan`: the document's scan, when the caller has it). Never throws. */
export function htmlFindings(text: string, options: MetaAnalysisOptions = {}, scan: HtmlRobotsScan = scanHtml(text)): MetaFinding[] {
	const { report, finish } = collector([]);
	if (!scan.fullScan) {
		return finish();
	}
	const budget = newTypoBudget();
	for (const meta of scan.metas) {
		checkTag(meta, report, budget);
	}
	if (scan.skipped) {
		const { count, start, end } = scan.skipped;
		report({
			code: 'too-many-robots-tags',
			start,
			end: Math.min(end, start + 5),
			message:
				count === 1
					? t('Only the first {0} robots meta tags of a page are checked; this one, the last, is not.', formatNumber(maxRobotsTagsPerPage))
					: t(
							'Only the first {0} robots meta tags of a page are checked; this one and the {1} after it are not.',
							formatNumber(maxRobotsTagsPerPage),
							formatNumber(count - 1),
						),
		});
	}
	// A tag in typographic quotes is reported once as such: its name and content are not what they seem to be.
	const sets = ruleSetsFromHtml(scan).filter(
		(set) => !set.meta || !(hasTypographicQuotes(set.meta.name) || (set.meta.content && hasTypographicQuotes(set.meta.content))),
	);
	for (const set of sets) {
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, (set) => `meta:${set.name ?? ''}`, report);
	checkIndexIfEmbedded(
		sets,
		(set) => `meta:${set.name ?? ''}`,
		() => 'meta:robots',
		report,
	);
	for (const fragment of scan.noindex) {
		if (!fragment.close && report.room('unclosed-noindex-element')) {
			report({
				code: 'unclosed-noindex-element',
				start: fragment.open.start,
				end: fragment.open.end,
				message: t(
					'This {0} is never closed: Yandex then treats the entire rest of the page as hidden from indexing.',
					fragment.open.form === 'comment' ? '<!--noindex-->' : '<noindex>',
				),
			});
		}
		if (fragment.nested && report.room('nested-noindex-element')) {
			report({
				code: 'nested-noindex-element',
				start: fragment.open.start,
				end: fragment.open.end,
				message: t('A noindex fragment inside another: Yandex says not to nest them, because it ignores the markup after the first closing tag.'),
			});
		}
	}
	for (const marker of scan.strayCloses) {
		report({ code: 'unmatched-noindex-close', start: marker.start, end: marker.end, message: t('This closes a noindex fragment that was never opened.') });
	}
	return finish();
}

/** The findings of a `_headers` file (its X-Robots-Tag lines and its syntax), on document offsets. Never throws. */
function headersFindings(text: string, options: MetaAnalysisOptions = {}): MetaFinding[] {
	const { report, finish } = collector([]);
	const file = parseHeadersFile(text);
	for (const problem of file.problems) {
		if (!report.room('malformed-headers-line')) {
			continue;
		}
		const message =
			problem.kind === 'header-before-pattern'
				? t('A header before any URL pattern: write the pattern (such as /*) on its own line first.')
				: problem.kind === 'missing-colon'
					? t('A header line without `:` between its name and value.')
					: problem.kind === 'pattern-too-long'
						? t(
								'A pattern longer than {0} characters, the limit Cloudflare Pages sets on a line of _headers: it is not matched against any URL.',
								formatNumber(maxHeadersPatternLength),
							)
						: t('A `Name: value` line at the margin is read as a URL pattern; indent header lines under their pattern.');
		report({ code: 'malformed-headers-line', start: problem.start, end: problem.end, message });
	}
	const sets = headerSetsByRule(file);
	const budget = newTypoBudget();
	for (const set of sets) {
		if (set.parsed.text.trim().length === 0) {
			report({ code: 'empty-robots-directive', start: set.offset, end: set.offset, message: t('An X-Robots-Tag header without a value.') });
			continue;
		}
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, (set) => `rule:${set.index}`, report);
	checkIndexIfEmbedded(
		sets,
		(set) => `rule:${set.index}`,
		(set) => `rule:${set.index}|*`,
		report,
	);
	return finish();
}

/** X-Robots-Tag rule sets of a `_headers` file whose `index` is the index of their rule, so that a rule is a scope. */
function headerSetsByRule(file: HeadersFile): RobotsRuleSet[] {
	const sets: RobotsRuleSet[] = [];
	for (const [ruleIndex, rule] of file.rules.entries()) {
		const single: HeadersFile = { rules: [rule], problems: [] };
		for (const set of headerRuleSets(single)) {
			sets.push({ ...set, index: ruleIndex });
		}
	}
	return sets;
}

/** The findings of one directives value (a meta content or an X-Robots-Tag value), on offsets into the value. */
export function robotsValueFindings(value: string, source: 'meta' | 'header', options: MetaAnalysisOptions = {}): MetaFinding[] {
	const { report, finish } = collector([]);
	const sets: RobotsRuleSet[] =
		source === 'header'
			? headerRuleSets({
					rules: [
						{
							pattern: '/*',
							patternStart: 0,
							patternEnd: 0,
							line: 0,
							headers: [{ name: 'X-Robots-Tag', nameStart: 0, nameEnd: 0, value, valueStart: 0, valueEnd: value.length, detach: false, line: 0 }],
						},
					],
					problems: [],
				})
			: [{ kind: 'meta', name: 'robots', parsed: parseRobotsDirectives(value, 'meta'), offset: 0, index: 0 }];
	const budget = newTypoBudget();
	for (const set of sets) {
		checkRuleSet(set, options, report, budget);
	}
	checkScopes(sets, () => 'value', report);
	checkIndexIfEmbedded(
		sets,
		() => 'value',
		(set) => (set.kind === 'meta' ? 'value' : 'value|*'),
		report,
	);
	return finish();
}

/** The diagnostics of an HTML document: its robots meta tags and Yandex noindex fragments. */
export function computeHtmlDiagnostics(text: string, options: MetaAnalysisOptions = {}): Diagnostic[] {
	return toDiagnostics(text, htmlFindings(text, options), options);
}

/** The diagnostics of a `_headers` file (Netlify, Cloudflare Pages): its X-Robots-Tag values and its syntax. */
export function computeHeadersDiagnostics(text: string, options: MetaAnalysisOptions = {}): Diagnostic[] {
	return toDiagnostics(text, headersFindings(text, options), options);
}
