/**
 * No English left in the editor features, the crawler explanations, the expectations and the test bench: every text
 * they produce for real inputs (examples/, corpus files, expectations) is produced again under each shipped locale,
 * and must differ from the English one and hold no run of English words outside code spans, quoted file text, URLs
 * and the catalogue's own texts (directive docs and crawler notes, which another area translates).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import {
	allDialects,
	checkExpectations,
	checkUrl,
	computeAiTrainingActions,
	computeBench,
	computeCodeLenses,
	computeCompletions,
	computeDocumentLinks,
	computeDocumentSymbols,
	computeExpectationCompletions,
	computeExpectationDiagnostics,
	computeExpectationFailuresInRobots,
	computeExpectationHover,
	computeExpectationLenses,
	computeHover,
	defaultAnalysisOptions,
	describeChange,
	diffRobots,
	directiveDocs,
	formatBench,
	knownCrawlers,
	looksLikeRobotsTxt,
	parse,
	parseExpectations,
	parseUrlList,
	testUrl,
	testUrlAll,
	type AnalysisOptions,
} from '../../core/src/index';
import { useLocale } from '../../io/src/localize';
import { repoRoot, sharedDir } from '../util/fixtures';

const locales = ['zh-cn', 'ru', 'pt-br'] as const;

/** The files every feature is asked about: the example and corpus files with Yandex records, many groups and typos. */
const robotsFiles: readonly { name: string; text: string }[] = [
	{ name: 'examples/robots.txt', text: readFileSync(join(repoRoot, 'examples', 'robots.txt'), 'utf8') },
	{ name: 'marys-antiques', text: readFileSync(join(repoRoot, 'examples', 'marys-antiques', 'robots.txt'), 'utf8') },
	...['0023.txt', '0209.txt', '0148.txt', '0681.txt'].map((name) => ({
		name: `corpus ${name}`,
		text: readFileSync(join(sharedDir, 'corpus', 'realworld', 'files', name), 'utf8'),
	})),
	{
		// What the corpus files lack: a blank line inside a group, a Google-only key, an unknown key, a long group.
		name: 'planted',
		text: [
			'User-agent: Googlebot',
			'',
			'User-agent: FooBot/2.1',
			'Disallow /nospace',
			'Dissallow: /typo',
			'Disallow: /a*b$',
			'Allow: /',
			'Allow:',
			'Disallow:',
			'Foo: bar',
			'# comment',
			'User-agent: *',
			'User-agent: Google-Extended',
			...Array.from({ length: 14 }, (_, i) => `User-agent: Bot${String.fromCharCode(97 + i)}`),
			'Disallow: /private/',
			'Disallow: folder',
			'Crawl-delay: 5',
			'Host: example.com',
			'Clean-param: ref /',
		].join('\n'),
	},
];

const options: AnalysisOptions = {
	...defaultAnalysisOptions,
	crawlers: [...defaultAnalysisOptions.crawlers, 'FooBot', 'Google-Extended'],
	dialects: [...allDialects],
	knownDirectives: ['Foo'],
};

function markdownOf(hover: Hover | null): string | undefined {
	return hover ? (hover.contents as MarkupContent).value : undefined;
}

/**
 * Every text the area produces for the inputs, by a label that names where it came from. Models are parsed here, so
 * that no per-model memo keeps a text written in another language.
 */
function produce(): Map<string, string> {
	const out = new Map<string, string>();
	const put = (label: string, text: string | undefined) => {
		if (text !== undefined && text !== '') {
			out.set(label, text);
		}
	};
	const models = robotsFiles.map(({ name, text }) => ({ name, model: parse(text) }));
	for (const { name, model } of models) {
		for (let line = 0; line < model.lineCount; line++) {
			const node = model.lines[line];
			put(`${name} hover key ${line + 1}`, markdownOf(computeHover(model, { line, character: node.keyStart }, options)));
			put(`${name} hover value ${line + 1}`, markdownOf(computeHover(model, { line, character: node.valueStart + 1 }, options)));
		}
		for (const lens of computeCodeLenses(model, options, 'file:///robots.txt')) {
			put(`${name} lens ${lens.range.start.line + 1} ${lens.command?.command} ${lens.command?.arguments?.length}`, lens.command?.title);
		}
		// The note on files with more groups than get lenses, and the details it shows.
		for (const lens of computeCodeLenses(model, options, 'file:///robots.txt', { maxGroups: 1 }).filter(
			(candidate) => candidate.command?.command === 'robotsTxt.showDetails',
		)) {
			put(`${name} lens limit`, lens.command?.title);
			put(`${name} lens limit details`, lens.command?.arguments?.[0] as string);
		}
		computeDocumentSymbols(model).forEach((symbol, i) => {
			put(`${name} symbol ${i} detail`, symbol.detail);
		});
		computeDocumentLinks(model).forEach((link, i) => {
			put(`${name} link ${i}`, link.tooltip);
		});
		for (const action of computeAiTrainingActions(model, 'file:///robots.txt')) {
			put(`${name} action ${action.kind}`, action.title);
		}
		for (const agent of ['Googlebot', 'YandexBot', 'GPTBot', 'FooBot', '*', 'Google-Extended', 'Googlebot-Image']) {
			for (const url of ['/private/x.pdf', '/search/about', '/', '/robots.txt', '/nospace']) {
				const result = testUrl(model, { url, agent }, options);
				put(`${name} test ${agent} ${url} headline`, result.headline);
				put(`${name} test ${agent} ${url} explanation`, result.explanation);
			}
			const asParser = testUrl(model, { url: '/typo', agent, parser: 'draft1996' }, options);
			put(`${name} test ${agent} draft1996 explanation`, asParser.explanation);
		}
		const all = testUrlAll(model, '/private/x.pdf', options);
		put(`${name} test all summary`, all.summary);
		put(`${name} test all table`, all.table);
		const bench = computeBench(
			model,
			{ urls: ['/', '/private/x.pdf', 'private/x', '/a b'], crawlers: [...options.crawlers, 'Sogou'], probe: true },
			{
				model: parse('User-agent: *\nDisallow: /search\nAllow: /search/about\nDisallow: /private/\n'),
				label: 'HEAD',
			},
		);
		bench.columns.forEach((column) => {
			put(`${name} bench follows ${column.crawler.token}`, column.follows);
			put(`${name} bench note ${column.crawler.token}`, column.note);
		});
		bench.rows.forEach((row, i) => {
			put(`${name} bench problem ${i}`, row.problem);
		});
		bench.reasons.forEach((reason, i) => {
			put(`${name} bench reason ${i}`, reason);
		});
		bench.audit.forEach((category) => {
			put(`${name} bench audit ${category.category}`, category.label);
		});
		bench.baseline?.readingChanges.forEach((change) => {
			put(`${name} bench change ${change.crawler}`, change.summary);
		});
		put(`${name} bench markdown`, formatBench(bench, 'markdown').text);
		put(`${name} bench csv head`, formatBench(bench, 'csv').text.split('\r\n')[0]);
	}
	// Completions: directive names and snippets after a blank line, crawler tokens, paths and patterns.
	const completionModel = parse('User-agent: Googlebot\nDisallow: /x\n\n\nUser-agent: \nDisallow: \n');
	const completionOptions = { ...options, dialects: ['draft1996' as const] };
	for (const [line, character] of [
		[3, 0],
		[1, 0],
		[4, 12],
		[5, 10],
	] as const) {
		computeCompletions(completionModel, { line, character }, completionOptions, ['/docs/', '/a.html']).forEach((item, i) => {
			const facts = knownCrawlers.find((crawler) => crawler.token === item.label);
			// A crawler's detail is its owner (catalogue data) unless we add words to it. Labels may be translated.
			if (!facts || facts.ignoresRobotsTxt) {
				put(`completion ${line}:${character} #${i} detail`, item.detail);
			}
			put(`completion ${line}:${character} #${i} documentation`, (item.documentation as MarkupContent | undefined)?.value);
		});
	}
	// Expectations: the example's file, with lines that fail, an unknown crawler and lines that are not understood.
	const antiques = models[1].model;
	const expectationsText =
		readFileSync(join(repoRoot, 'examples', 'marys-antiques', 'robots.expectations'), 'utf8')
		+ [
			'',
			'NosyBot /private/x allow',
			'NosyBot /private/y allow',
			'UnknownBot /a allow',
			'UnknownBot /b allow',
			'* /tmp/ allow',
			'Googlebot@google /dynamic/ disallow',
			'@robots robots.txt',
			'@robots again.txt',
			'@include x',
			'Googlebot disallow',
			'Googlebot /a',
			'Googlebot',
			'Googlebot /a perhaps',
			'Googlebot /a /b c/ disallow',
			'Googlebot@nosuch /a allow',
			'@google /a allow',
			'Googlebot private/a allow',
		].join('\n');
	const expectations = parseExpectations(expectationsText);
	const checked = checkExpectations(expectations, antiques);
	computeExpectationDiagnostics(checked, 'file:///robots.txt').forEach((diagnostic, i) => {
		put(`expectations diagnostic ${i}`, diagnostic.message);
		diagnostic.relatedInformation?.forEach((related, j) => {
			put(`expectations diagnostic ${i} related ${j}`, related.message);
		});
	});
	computeExpectationLenses(checked, 'file:///robots.expectations', 'file:///robots.txt').forEach((lens, i) => {
		put(`expectations lens ${i}`, lens.command?.title);
	});
	for (const result of checked.results ?? []) {
		const at = { line: result.expectation.line, character: result.expectation.crawlerSpan.start };
		put(`expectations hover ${at.line}`, markdownOf(computeExpectationHover(checked, at)));
	}
	const lines = expectationsText.split('\n');
	const last = lines.findIndex((text) => text.startsWith('Googlebot@google'));
	for (const character of [0, 'Googlebot@'.length, 'Googlebot@google '.length + 1, lines[last].length]) {
		for (const item of computeExpectationCompletions(checked, { line: last, character }, antiques, options)) {
			put(`expectations completion ${character} ${item.label}`, item.detail);
		}
	}
	computeExpectationFailuresInRobots(antiques, [{ uri: 'file:///robots.expectations', name: 'robots.expectations', checked }]).forEach((diagnostic, i) => {
		put(`expectations in robots ${i}`, diagnostic.message);
		diagnostic.relatedInformation?.forEach((related, j) => {
			put(`expectations in robots ${i} related ${j}`, related.message);
		});
	});
	put(
		'expectations lens without robots',
		computeExpectationLenses({ file: expectations, robotsProblem: 'x', passed: 0, failed: 0 }, 'file:///e', undefined)[0].command?.title,
	);
	// URLs the bench and the expectations cannot test, and URL lists.
	['', 'mailto:x', 'private/x', 'http://:80/', 'http://a:99999/', 'http://[zz]/', '/a b', '/a\tb', '/a\u0001'].forEach((text, i) => {
		put(`checkUrl ${i}`, checkUrl(text));
	});
	const lists = [
		'/a\n/a\n/b\n',
		'<?xml version="1.0"?><urlset><url><loc>/a</loc></url><url><loc>/a</loc></url><url><loc></loc></url><url><loc>/b &bogus; </url></urlset>',
		'<?xml version="1.0"?><sitemapindex><sitemap><loc>https://e.com/1.xml</loc></sitemap><sitemap><loc>https://e.com/2.xml</loc></sitemap></sitemapindex>',
		'<?xml version="1.0"?><html><!-- open',
		'<?xml version="1.0"?><html><p',
	];
	lists.forEach((text, i) => {
		parseUrlList(text, 1).notes.forEach((note, j) => {
			put(`url list ${i} note ${j}`, note);
		});
	});
	// Reading changes, and whether a text reads as a robots.txt.
	const before = parse('User-agent: *\nDisallow: /a\nDisallow: /b\n');
	const after = parse('User-agent: Googlebot\nDisallow: /c\n\nUser-agent: *\nAllow: /a\n' + 'Disallow: /x\n'.repeat(1));
	diffRobots(before, after, { crawlers: ['Googlebot', 'bingbot', 'Suzy-Spider'], urls: [] }).changes.forEach((change) => {
		put(`change ${change.crawler}`, describeChange(change));
	});
	for (const [i, text] of [
		'User-agent: *\nDisallow: /\n',
		'Some prose.\nMore prose.\nUser-agent: *\nDisallow: /\nEven more.\nAnd more.\n',
		'Hello',
		'User-agent: *\n',
	].entries()) {
		put(`detection ${i}`, looksLikeRobotsTxt(text).reason);
	}
	return out;
}

/** The catalogue's texts, which the area shows but another one translates, in the language now configured. */
function catalogueTexts(): string[] {
	const texts: string[] = [];
	for (const doc of Object.values(directiveDocs)) {
		texts.push(doc.summary, doc.syntax, doc.readBy, ...doc.sources);
	}
	for (const crawler of knownCrawlers) {
		texts.push(crawler.token, crawler.description, crawler.owner);
		if (crawler.familyNote) {
			texts.push(crawler.familyNote);
		}
	}
	// Longest first, so that a text is removed before a shorter one it contains.
	return texts.filter((text) => text.length > 0).sort((a, b) => b.length - a.length);
}

/** Words of English prose that Portuguese does not use, for telling an English run from a Portuguese one. */
const englishWords = new Set(
	(
		'the of and to is it its that for with on by not this be are from or which at so only every does has have there their '
		+ 'what when whose than then into any all rule rules group groups line lines crawler crawlers file reads read follows follow matches match '
		+ 'allows allowed blocks applies path paths whole more none an was were will would may can must because but here own other first empty '
		+ 'value page pages ignores ignored named names starts start same order new old longer decides parser parsers merged through its'
	).split(' '),
);

/**
 * Runs of three or more lowercase Latin words left in `text` once code spans, quoted file text, URLs, the file's own
 * values and the catalogue's texts are taken out: in Chinese and Russian any such run is English; in Portuguese a run
 * is English when two of its words are English words Portuguese does not have.
 */
function englishLeft(text: string, locale: string, catalogue: readonly string[], fileWords: readonly string[]): string[] {
	const runs = outsideData(text, catalogue, fileWords).match(/\b[a-z]+(?:[ \t]+[a-z]+){2,}\b/g) ?? [];
	if (locale !== 'pt-br') {
		return runs;
	}
	return runs.filter((run) => run.split(/\s+/).filter((word) => englishWords.has(word)).length >= 2);
}

/** The text without what is not ours to translate: the catalogue's texts, code, quoted file text, URLs, file values. */
function outsideData(text: string, catalogue: readonly string[], fileWords: readonly string[]): string {
	let rest = text;
	for (const known of catalogue) {
		rest = rest.split(known).join(' ');
	}
	rest = rest
		.replace(/```[\s\S]*?```/g, ' ')
		.replace(/(`+)[\s\S]*?\1/g, ' ')
		.replace(/"[^"\n]*"/g, ' ')
		.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
		.replace(/\burllib\.robotparser\b|\brobots\.txt\b/g, ' ');
	for (const word of fileWords) {
		rest = rest.split(word).join(' ');
	}
	return rest;
}

/** Whether a text holds words of ours at all, beyond data and directive names (else it has nothing to translate). */
function hasOwnWords(text: string, catalogue: readonly string[], fileWords: readonly string[]): boolean {
	const rest = outsideData(text, catalogue, fileWords).replace(/\b(User-agent|Disallow|Allow|Sitemap|Crawl-delay|Host|Clean-param)\b/gi, ' ');
	return /\b[a-z]{2,}\b/.test(rest);
}

/** The values and keys the files and expectations hold, which texts quote without code spans (lens titles, tables). */
function fileWords(): string[] {
	const words = new Set<string>();
	for (const { text } of robotsFiles) {
		for (const line of text.split(/\r?\n/)) {
			const value = line.replace(/#.*/, '').split(':').slice(1).join(':').trim();
			if (value.includes(' ')) {
				words.add(value);
			}
		}
	}
	return [...words].sort((a, b) => b.length - a.length);
}

describe('no English left in the editor features, explanations, expectations and bench', () => {
	const english = produce();
	const englishCatalogue = catalogueTexts();

	test('the inputs produce texts of every kind', () => {
		const kinds = [
			'hover key',
			'hover value',
			'lens',
			'symbol',
			'link',
			'action',
			'test ',
			'test all',
			'bench follows',
			'bench note',
			'bench problem',
			'bench reason',
			'bench change',
			'completion',
			'expectations diagnostic',
			'expectations lens',
			'expectations hover',
			'expectations completion',
			'expectations in robots',
			'checkUrl',
			'url list',
			'change',
			'detection',
		];
		for (const kind of kinds) {
			assert.ok(
				[...english.keys()].some((label) => label.includes(kind)),
				`no text of kind "${kind}"`,
			);
		}
		assert.ok(english.size > 1000, `${english.size} texts`);
	});

	test('the check finds English that is left over', () => {
		assert.deepEqual(englishLeft('Строка 3: the rule on line 4 wins', 'ru', [], []), ['the rule on line']);
		assert.deepEqual(englishLeft('a linha 3: the rule is here; `the code is here`', 'pt-br', [], []), ['the rule is here']);
		assert.deepEqual(englishLeft('todo caminho que começa com "the quoted value"', 'pt-br', [], []), []);
	});

	for (const locale of locales) {
		test(`${locale}: every text differs from English and holds no English sentence`, () => {
			try {
				useLocale(locale);
				const translated = produce();
				const catalogue = catalogueTexts();
				const words = fileWords();
				const problems: string[] = [];
				assert.deepEqual([...translated.keys()], [...english.keys()], 'the same texts are produced');
				for (const [label, text] of translated) {
					const original = english.get(label)!;
					if (text === original && hasOwnWords(original, englishCatalogue, words)) {
						problems.push(`${label}: the same as in English: ${JSON.stringify(text.slice(0, 200))}`);
						continue;
					}
					const left = englishLeft(text, locale, catalogue, words);
					if (left.length > 0) {
						problems.push(`${label}: ${JSON.stringify(left)} in ${JSON.stringify(text.slice(0, 300))}`);
					}
				}
				assert.deepEqual(problems.slice(0, Number(process.env.SHOW_PROBLEMS ?? 30)), [], `${problems.length} problems`);
			} finally {
				useLocale(undefined);
			}
		});
	}
});
