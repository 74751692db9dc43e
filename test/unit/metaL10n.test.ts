/**
 * No English left in what the robots meta and X-Robots-Tag features say, in every language we ship: over the meta
 * fixtures and the sample site's pages, every diagnostic message, quick-fix title, related note, hover and completion
 * detail is computed in English and in each locale, must differ from the English where the English is prose, and
 * must hold no run of English words outside quoted file text, code spans and robots tokens. The cross-file findings
 * (a page's noindex that robots.txt keeps its crawler from) are checked the same way, over the sample site and the
 * cases of crossFile.test.ts.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import {
	computeHeadersCompletions,
	computeHeadersDiagnostics,
	computeHeadersHover,
	computeHtmlDiagnostics,
	computeMetaCompletions,
	computeMetaHover,
	headersReach,
	htmlReach,
	pageSiteDiagnostics,
	parse,
	robotsDirectiveCatalogue,
	robotsSiteDiagnostics,
	type SiteEntry,
} from '../../core/src/index';
import type { DiagnosticData } from '../../core/src/diagnostics/index';
import { useLocale } from '../../io/src/localize';
import { fixturesDir, joinLines, readFixture } from '../util/fixtures';

const locales = ['zh-cn', 'ru', 'pt-br'] as const;

interface Input {
	readonly name: string;
	readonly kind: 'html' | 'headers';
	readonly text: string;
	readonly targets: readonly string[];
}

/** The meta fixtures' documents (a list of header values becomes a `_headers` file) and the sample site's pages. */
function inputs(): Input[] {
	const found: Input[] = [];
	for (const file of readdirSync(join(fixturesDir, 'meta'))
		.filter((name) => name.endsWith('.json'))
		.sort()) {
		const { cases } = JSON.parse(readFixture('meta', file)) as {
			cases: { name: string; html?: string; headers?: string[]; headersFile?: string; targets?: string[] }[];
		};
		for (const c of cases) {
			const text = c.html ?? c.headersFile ?? `/*\n${(c.headers ?? []).map((value) => `  X-Robots-Tag: ${value}\n`).join('')}`;
			found.push({ name: `${file}: ${c.name}`, kind: c.html !== undefined ? 'html' : 'headers', text, targets: c.targets ?? [] });
		}
	}
	const site = join(fixturesDir, 'site');
	for (const path of ['index.html', 'blog/old-post.html', 'private/index.html', 'private/report.html', '_headers']) {
		found.push({
			name: `site/${path}`,
			kind: path.endsWith('.html') ? 'html' : 'headers',
			text: readFileSync(join(site, path), 'utf8'),
			targets: ['Googlebot', 'YandexBot'],
		});
	}
	return found;
}

/** Every text a person reads in a diagnostic: the message, its quick fixes' titles and its related notes. */
function diagnosticTexts(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.flatMap((diagnostic) => [
		diagnostic.message,
		...((diagnostic.data as DiagnosticData | undefined)?.fixes ?? []).map((fix) => String(fix.title)),
		...(diagnostic.relatedInformation ?? []).map((related) => related.message),
	]);
}

function diagnosticsOf(input: Input): Diagnostic[] {
	const options = { targets: input.targets, uri: 'file:///page' };
	return input.kind === 'html' ? computeHtmlDiagnostics(input.text, options) : computeHeadersDiagnostics(input.text, options);
}

function hoverAt(input: Input, offset: number): Hover | null {
	const position = TextDocument.create('', '', 0, input.text).positionAt(offset);
	const options = { targets: input.targets };
	return input.kind === 'html' ? computeMetaHover(input.text, position, options) : computeHeadersHover(input.text, position, options);
}

function completionsAt(input: Input, offset: number): CompletionItem[] {
	const position = TextDocument.create('', '', 0, input.text).positionAt(offset);
	return input.kind === 'html' ? computeMetaCompletions(input.text, position) : computeHeadersCompletions(input.text, position);
}

function completionTexts(items: readonly CompletionItem[]): string[] {
	return items.flatMap((item) => [item.detail ?? '', (item.documentation as MarkupContent | undefined)?.value ?? '']).filter((text) => text.length > 0);
}

/** One offset for each distinct answer in English: hovers and completions differ only where their range or items do. */
function representativeOffsets<T>(input: Input, answer: (input: Input, offset: number) => T): number[] {
	const seen = new Set<string>();
	const offsets: number[] = [];
	for (let offset = 0; offset <= input.text.length; offset++) {
		const key = JSON.stringify(answer(input, offset));
		if (!seen.has(key)) {
			seen.add(key);
			offsets.push(offset);
		}
	}
	return offsets;
}

/** What every English answer and every localized one are made of, for one input, in the locale in force. */
function texts(input: Input, hoverOffsets: readonly number[], completionOffsets: readonly number[]): string[] {
	return [
		...diagnosticTexts(diagnosticsOf(input)),
		...hoverOffsets.map((offset) => (hoverAt(input, offset)?.contents as MarkupContent | undefined)?.value ?? ''),
		...completionOffsets.flatMap((offset) => completionTexts(completionsAt(input, offset))),
	];
}

const tokens = new Set([...robotsDirectiveCatalogue.map((facts) => facts.name), 'standard', 'large']);
/** English words that Portuguese, Russian and Chinese prose never use; a run of them is English left over. */
const englishOnly = new Set([
	'the',
	'is',
	'are',
	'and',
	'of',
	'with',
	'not',
	'does',
	'this',
	'that',
	'which',
	'it',
	'its',
	'for',
	'be',
	'by',
	'may',
	'was',
	'has',
	'have',
	'only',
	'any',
	'every',
	'here',
	'than',
	'when',
	'from',
	'or',
	'to',
	'in',
	'on',
	'at',
	'we',
	'our',
]);

/** The prose of a text: without code spans, quoted file text, markup, URLs, paths and robots tokens. */
function prose(text: string): string {
	return text
		.replace(/`[^`]*`/g, ' ')
		.replace(/"[^"]*"/g, ' ')
		.replace(/'[^']*'/g, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/\bhttps?:\/\/\S+/g, ' ')
		.replace(/\S*\/\S*/g, ' ')
		.replace(/[A-Za-z_-]+(?::[^\s,]*)?/g, (word) => (tokens.has(word.toLowerCase().replace(/:.*$/, '')) ? ' ' : word));
}

/** The first run of English words left in a localized text, if any. */
function englishLeft(text: string, locale: string): string | undefined {
	// Letters are Unicode letters: "indexação" is one Portuguese word, not "indexa" and "o".
	const runs = prose(text).match(/(?<!\p{L})[a-z]+(?: [a-z]+){2,}(?!\p{L})/gu) ?? [];
	for (const run of runs) {
		// Portuguese is written in Latin letters too: there a run is English only if it holds an English-only word.
		if (locale !== 'pt-br' || run.split(' ').some((word) => englishOnly.has(word))) {
			return run;
		}
	}
	const single = prose(text).match(/(?<!\p{L})(?:the|is|are|does|this|which|with)(?!\p{L})/u);
	return single?.[0];
}

/** Whether an English text is prose a translation must change (not just tokens, numbers and engine names). */
function isProse(text: string): boolean {
	return /(?<!\p{L})[a-z]{2,}(?!\p{L})/u.test(prose(text));
}

describe('robots meta texts in every shipped language', () => {
	const all = inputs();

	test('the checker finds English left over and passes translated text', () => {
		assert.equal(englishLeft('Директива noindex здесь может ни на что не влиять.', 'ru'), undefined);
		assert.equal(englishLeft('O Google aplica o valor mais restritivo. Mantenha apenas uma.', 'pt-br'), undefined);
		assert.equal(englishLeft('"x y z" 与 `a b c` 都只接受 none、standard 或 large', 'zh-cn'), undefined);
		assert.equal(englishLeft('Google ignores a directive whose value it cannot parse.', 'ru'), 'ignores a directive whose value it cannot parse');
		assert.equal(englishLeft('O Google ignora: the value is wrong', 'pt-br'), 'the value is wrong');
		assert.equal(englishLeft('Directives separated by spaces', 'zh-cn'), 'separated by spaces');
	});

	test('the inputs cover diagnostics, hovers and completions', () => {
		let diagnostics = 0;
		for (const input of all) {
			diagnostics += diagnosticsOf(input).length;
		}
		assert.ok(all.length >= 70, `${all.length} inputs`);
		assert.ok(diagnostics >= 30, `${diagnostics} diagnostics`);
	});

	for (const locale of locales) {
		test(`${locale}: no English sentence left in diagnostics, hovers and completions`, () => {
			const problems: string[] = [];
			let compared = 0;
			for (const input of all) {
				useLocale(undefined);
				const hoverOffsets = representativeOffsets(input, hoverAt);
				const completionOffsets = representativeOffsets(input, completionsAt);
				const english = texts(input, hoverOffsets, completionOffsets);
				let localized: string[];
				try {
					useLocale(locale);
					localized = texts(input, hoverOffsets, completionOffsets);
				} finally {
					useLocale(undefined);
				}
				assert.equal(localized.length, english.length, `${input.name}: as many texts in ${locale} as in English`);
				for (const [index, text] of localized.entries()) {
					compared++;
					if (isProse(english[index]) && text === english[index]) {
						problems.push(`${input.name}: not translated: ${JSON.stringify(text)}`);
					}
					const left = englishLeft(text, locale);
					if (left) {
						problems.push(`${input.name}: English left (${JSON.stringify(left)}) in ${JSON.stringify(text)}`);
					}
				}
			}
			assert.ok(compared > 1000, `${compared} texts compared`);
			assert.deepEqual([...new Set(problems)].slice(0, 20), []);
		});
	}
});

/** A site for the cross-file check: its robots.txt, its pages and `_headers` files, and the crawlers it is checked for. */
interface SiteInput {
	readonly name: string;
	readonly robots: string;
	readonly pages: readonly { readonly urlPath: string; readonly kind: 'html' | 'headers'; readonly text: string }[];
	/** The URL paths of the site that a `_headers` file may cover besides those of its pages. */
	readonly extraPaths?: readonly string[];
	readonly crawlers: readonly string[];
}

function sitePages(): SiteInput['pages'] {
	const site = join(fixturesDir, 'site');
	return [
		{ urlPath: '/', kind: 'html', text: readFileSync(join(site, 'index.html'), 'utf8') },
		{ urlPath: '/blog/old-post.html', kind: 'html', text: readFileSync(join(site, 'blog', 'old-post.html'), 'utf8') },
		{ urlPath: '/private/', kind: 'html', text: readFileSync(join(site, 'private', 'index.html'), 'utf8') },
		{ urlPath: '/private/report.html', kind: 'html', text: readFileSync(join(site, 'private', 'report.html'), 'utf8') },
		{ urlPath: '/_headers', kind: 'headers', text: readFileSync(join(site, '_headers'), 'utf8') },
	];
}

/**
 * The sample site for one crawler, the three of crossFile.test.ts, six, and control tokens; crossFile.test.ts's
 * `_headers` case with one and with several more URLs per header line, and behind two groups; many pages behind one rule.
 */
function siteInputs(): SiteInput[] {
	const robots = readFileSync(join(fixturesDir, 'site', 'robots.txt'), 'utf8');
	const headersCase = joinLines(
		'/drafts/*',
		'  X-Robots-Tag: noindex',
		'/blog/:slug',
		'  X-Robots-Tag: googlebot: noindex',
		'https://preview.example.pages.dev/*',
		'  X-Robots-Tag: noindex',
	);
	const headersRobots = joinLines('User-agent: *', 'Disallow: /drafts', 'Disallow: /blog/');
	const noindex = '<html><head><meta name="robots" content="noindex"></head></html>';
	return [
		{ name: 'site, one crawler', robots, pages: sitePages(), extraPaths: ['/drafts/plan.html'], crawlers: ['Googlebot'] },
		{ name: 'site, three crawlers', robots, pages: sitePages(), extraPaths: ['/drafts/plan.html'], crawlers: ['Googlebot', 'bingbot', 'GPTBot'] },
		{
			name: 'site, six crawlers',
			robots,
			pages: sitePages(),
			extraPaths: ['/drafts/plan.html'],
			crawlers: ['Googlebot', 'bingbot', 'GPTBot', 'YandexBot', 'CCBot', 'Applebot'],
		},
		{ name: 'site, control tokens', robots, pages: sitePages(), crawlers: ['Applebot-Extended', 'Google-Extended', 'GPTBot'] },
		{
			name: '_headers, one more URL',
			robots: headersRobots,
			pages: [{ urlPath: '/_headers', kind: 'headers', text: headersCase }],
			extraPaths: ['/drafts/plan.html', '/index.html'],
			crawlers: ['Googlebot', 'bingbot', 'GPTBot'],
		},
		{
			name: '_headers, more URLs',
			robots: headersRobots,
			pages: [{ urlPath: '/_headers', kind: 'headers', text: headersCase }],
			extraPaths: ['/drafts/a.html', '/drafts/b.html', '/drafts/c.html'],
			crawlers: ['bingbot'],
		},
		{
			name: '_headers, two groups',
			// bingbot follows its own group (line 5), GPTBot the `*` group (line 2): one header line, two deciding lines.
			robots: joinLines('User-agent: *', 'Disallow: /drafts', '', 'User-agent: bingbot', 'Disallow: /drafts/'),
			pages: [{ urlPath: '/_headers', kind: 'headers', text: headersCase }],
			extraPaths: ['/drafts/plan.html'],
			crawlers: ['bingbot', 'GPTBot'],
		},
		{
			name: 'many pages behind one rule',
			robots,
			pages: Array.from({ length: 30 }, (_, i) => ({ urlPath: `/private/p${i}.html`, kind: 'html' as const, text: noindex })),
			crawlers: ['Googlebot', 'bingbot', 'GPTBot'],
		},
	];
}

/** Every text of the cross-file check for a site: each page's warnings and the robots.txt's hints, with their related notes. */
function siteTexts(input: SiteInput): string[] {
	const model = parse(input.robots);
	const paths = [...input.pages.filter((page) => page.kind === 'html').map((page) => page.urlPath), ...(input.extraPaths ?? [])];
	const byPage = input.pages.map((page): SiteEntry[] => {
		const uri = `file:///site${page.urlPath}`;
		return page.kind === 'html'
			? [{ uri, urlPath: page.urlPath, reach: htmlReach(page.text, input.crawlers) }]
			: [...headersReach(page.text, paths, input.crawlers)].map(([urlPath, reach]) => ({ uri, urlPath, reach }));
	});
	const diagnostics = [
		...byPage.flatMap((entries) => pageSiteDiagnostics(model, 'file:///site/robots.txt', entries)),
		...robotsSiteDiagnostics(model, byPage.flat()),
	];
	return diagnostics.flatMap((diagnostic) => [diagnostic.message, ...(diagnostic.relatedInformation ?? []).map((related) => related.message)]);
}

describe('cross-file findings in every shipped language', () => {
	const sites = siteInputs();

	test('the sites give every form of the warning and the hint', () => {
		const english = sites.flatMap(siteTexts);
		// Each pair is one key's case: one crawler or several, one URL or several, one deciding line or several.
		const forms: readonly (readonly [string, RegExp])[] = [
			['one crawler, one URL', /never fetches .* and the URL can/],
			['one crawler, URLs', /never fetches .* and the URLs can/],
			['crawlers, one URL', /never fetch .* and the URL can/],
			['crawlers, URLs', /never fetch .* and the URLs can/],
			['one more URL', /and 1 more URL this header covers/],
			['more URLs', /and \d+ more URLs this header covers/],
			['one line, one URL', /robots\.txt line \d+ \(".*"\) disallows it,/],
			['one line, URLs', /robots\.txt line \d+ \(".*"\) disallows them,/],
			['lines, one URL', /robots\.txt lines .* disallow it,/],
			['lines, URLs', /robots\.txt lines .* disallow them,/],
			['more crawlers', /^Googlebot, bingbot, GPTBot and 3 more never fetch/],
			['hint: one crawler, one page', /from a page that carries noindex .*: it never sees/],
			['hint: one crawler, pages', /from pages that carry noindex .*: it never sees/],
			['hint: crawlers, one page', /from a page that carries noindex .*: they never see/],
			['hint: crawlers, pages', /from pages that carry noindex .*: they never see/],
			['hint: more pages', /and 27 more\)/],
			['related: the deciding rule', /^the rule that keeps .* out$/],
			['related: the noindex', /^noindex for /],
		];
		const missing = forms.filter(([, form]) => !english.some((text) => form.test(text))).map(([name]) => name);
		assert.deepEqual(missing, []);
	});

	for (const locale of locales) {
		test(`${locale}: no English sentence left in the cross-file warnings and hints`, () => {
			const problems: string[] = [];
			let compared = 0;
			for (const input of sites) {
				useLocale(undefined);
				const english = siteTexts(input);
				let localized: string[];
				try {
					useLocale(locale);
					localized = siteTexts(input);
				} finally {
					useLocale(undefined);
				}
				assert.equal(localized.length, english.length, `${input.name}: as many texts in ${locale} as in English`);
				for (const [index, text] of localized.entries()) {
					compared++;
					if (isProse(english[index]) && text === english[index]) {
						problems.push(`${input.name}: not translated: ${JSON.stringify(text)}`);
					}
					const left = englishLeft(text, locale);
					if (left) {
						problems.push(`${input.name}: English left (${JSON.stringify(left)}) in ${JSON.stringify(text)}`);
					}
				}
			}
			assert.ok(compared >= 40, `${compared} texts compared`);
			assert.deepEqual([...new Set(problems)].slice(0, 20), []);
		});
	}
});
