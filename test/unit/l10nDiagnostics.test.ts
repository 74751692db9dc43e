/**
 * No English left in the diagnostics and Test URL explanations of a shipped language: every message, related note,
 * quick-fix title and explanation that the fixtures, examples/ and a sample of the real-world corpus produce differs
 * from its English text and holds no run of English words outside quoted file text and code spans. That is how a
 * sentence that does not go through t() (or a key missing from a bundle) is caught.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import {
	allDialects,
	computeCodeActions,
	computeDiagnostics,
	defaultAnalysisOptions,
	evaluate,
	parse,
	type AnalysisOptions,
	type RobotsModel,
} from '../../core/src/index';
import { useLocale } from '../../io/src/localize';
import { fixturesDir, readFixture, repoRoot, sharedDir } from '../util/fixtures';

const languages = ['zh-cn', 'ru', 'pt-br'] as const;

/** The options of the diagnostics fixtures: the default crawlers with the 1996 draft, and a fixture's own. */
function optionsFor(dir: string, name: string): AnalysisOptions {
	const base: AnalysisOptions = { ...defaultAnalysisOptions, dialects: ['draft1996'] };
	const path = join(fixturesDir, dir, name.replace(/\.robots\.txt$/, '.options.json'));
	return existsSync(path) ? { ...base, ...JSON.parse(readFileSync(path, 'utf8')) } : base;
}

/** Lines of a file. */
function lines(...texts: string[]): string {
	return texts.join('\n') + '\n';
}

/** Files that reach the variants of messages the fixtures miss (each a case of a check, not our output). */
const planted: readonly string[] = [
	// A byte order mark saved as Windows-1252, glued to a directive; a byte that is not UTF-8 (kept as U+DC80 + byte).
	lines('\u00EF\u00BB\u00BFUser-agent: *', 'Disallow: /caf\uDCE9', 'Crawl-delay: 5'),
	// Groups without rules, with and without a "*" group that has rules, and a line that is not a rule among them.
	lines('User-agent: *', 'Disallow: /x', '', 'User-agent: a', 'Crawl-delay: 5'),
	lines('User-agent: *', 'Disallow: /x', '', 'User-agent: a'),
	lines('User-agent: a', 'Crawl-delay: 5'),
	lines('User-agent: a'),
	lines('User-agent: a', '', 'User-agent: b', 'Request-rate: 1/5'),
	// Blocks of User-agent lines merged into the group below by a Crawl-delay line.
	lines('User-agent: a', 'User-agent: b', 'Crawl-delay: 5', 'User-agent: c', 'Disallow: /x', '', 'User-agent: *', 'Disallow: /y'),
	lines('User-agent: a', 'User-agent: b', 'Crawl-delay: 5', 'User-agent: c', 'Disallow: /x'),
	// Yandex's groups split by a blank line and by a line with blank lines around it.
	lines('User-agent: Yandex', 'User-agent: YandexBot', '', 'User-agent: Googlebot', 'Disallow: /x'),
	lines('User-agent: Yandex', 'Crawl-delay: 2', '', 'User-agent: Googlebot', 'Disallow: /x'),
	lines('User-agent: *', '', 'User-agent: b', 'Disallow: /x'),
	// Rules that first-match robots never reach, and a "Disallow: /" for "*" with more than three welcome crawlers.
	lines('User-agent: *', 'Disallow:', 'Disallow: /b', 'Disallow: /c', 'Allow: /', 'Disallow: /d'),
	lines(
		'User-agent: a',
		'Allow: /',
		'',
		'User-agent: b',
		'Allow: /',
		'',
		'User-agent: c',
		'Allow: /',
		'',
		'User-agent: d',
		'Allow: /',
		'',
		'User-agent: *',
		'Disallow: /',
	),
	// Google's index.htm reading in explanations.
	lines('User-agent: *', 'Allow: /dir/index.htm', 'Disallow: /dir/'),
	// Over 500 KiB: Google and Yandex stop reading, others may allow everything.
	lines('User-agent: *', ...Array.from({ length: 12_000 }, (_, i) => `Disallow: /page-${i}-${'x'.repeat(40)}`)),
];

interface Input {
	readonly name: string;
	readonly text: string;
	readonly options: AnalysisOptions;
}

/** The fixtures, examples/ and every 20th file of the real-world corpus (when ../shared is there). */
function inputs(): Input[] {
	const found: Input[] = [];
	for (const dir of ['diagnostics', 'diagnostics-clean']) {
		for (const name of readdirSync(join(fixturesDir, dir))
			.filter((file) => file.endsWith('.robots.txt'))
			.sort()) {
			found.push({ name: `${dir}/${name}`, text: readFixture(dir, name), options: optionsFor(dir, name) });
		}
	}
	for (const path of ['examples/robots.txt', 'examples/marys-antiques/robots.txt']) {
		found.push({
			name: path,
			text: readFileSync(join(repoRoot, path), 'utf8'),
			options: { ...defaultAnalysisOptions, dialects: ['draft1996', 'original1994'] },
		});
	}
	// Files written for the message variants the fixtures do not reach, read by target crawlers that make the
	// sentences singular, name a parser no target runs, or leave the 1996 draft out.
	const audiences: Partial<AnalysisOptions>[] = [
		{},
		{ crawlers: ['Googlebot', 'YandexBot'], dialects: ['draft1996', 'original1994'] },
		{ crawlers: ['bingbot'], dialects: ['google', 'yandex', 'draft1996', 'original1994'] },
		{ crawlers: ['Googlebot', 'bingbot'], dialects: [] },
	];
	planted.forEach((text, i) => {
		audiences.forEach((audience, j) => {
			found.push({ name: `planted ${i + 1}, audience ${j + 1}`, text, options: { ...defaultAnalysisOptions, dialects: ['draft1996'], ...audience } });
		});
	});
	const corpus = join(sharedDir, 'corpus', 'realworld', 'files');
	if (existsSync(corpus)) {
		const files = readdirSync(corpus)
			.filter((file) => file.endsWith('.txt'))
			.sort();
		for (let i = 0; i < files.length; i += 20) {
			found.push({
				name: `corpus/${files[i]}`,
				text: readFileSync(join(corpus, files[i]), 'utf8'),
				options: { ...defaultAnalysisOptions, dialects: ['draft1996'] },
			});
		}
	}
	return found;
}

/** Every text of one input that people read: messages, related notes, fix titles and explanations, in order. */
function texts(model: RobotsModel, options: AnalysisOptions): string[] {
	const uri = 'file:///robots.txt';
	const diagnostics: readonly Diagnostic[] = computeDiagnostics(model, options, uri);
	const out: string[] = [];
	for (const diagnostic of diagnostics) {
		out.push(diagnostic.message, ...(diagnostic.relatedInformation ?? []).map((related) => related.message));
	}
	const whole = { start: { line: 0, character: 0 }, end: { line: model.lineCount, character: 0 } };
	const actions: CodeAction[] = computeCodeActions(whole, diagnostics, diagnostics, uri);
	out.push(...actions.map((action) => action.title));
	// Test URL explanations: the site root, /robots.txt and each rule's own path, for an agent with a group and one without.
	const paths = new Set(['/', '/robots.txt']);
	for (let line = 0; line < model.lineCount && paths.size < 6; line++) {
		const directive = model.lines[line].directive;
		const value = model.valueText(line);
		if ((directive === 'allow' || directive === 'disallow') && value.startsWith('/')) {
			paths.add(value.replace(/[*$].*$/, ''));
		}
	}
	for (const dialect of allDialects) {
		for (const agent of ['Googlebot', 'SomeUnknownBot', '']) {
			for (const path of paths) {
				out.push(evaluate(model, { dialect, agent, url: `https://example.com${path}` }).explanation);
			}
		}
	}
	return out;
}

/** English words that no Portuguese sentence has: three of them in a row (two among three words) is English left over. */
const englishWords = new Set([
	'the',
	'and',
	'of',
	'to',
	'is',
	'are',
	'it',
	'its',
	'this',
	'that',
	'with',
	'not',
	'only',
	'for',
	'by',
	'their',
	'they',
	'them',
	'which',
	'from',
	'at',
	'on',
	'an',
	'be',
	'has',
	'have',
	'every',
	'any',
	'or',
	'but',
	'here',
	'there',
	'reads',
	'read',
	'ignore',
	'ignores',
	'crawlers',
	'crawler',
	'rule',
	'rules',
	'line',
	'lines',
	'group',
	'groups',
	'match',
	'matches',
	'more',
	'known',
	'allows',
	'allow',
	'fetch',
	'may',
	'everything',
	'nothing',
	'own',
	'named',
	'first',
	'same',
	'after',
	'before',
	'without',
	'applies',
	'apply',
	'robots',
	'so',
	'if',
	'you',
	'your',
	'write',
	'change',
	'remove',
	'put',
	'add',
	'move',
	'each',
	'one',
	'all',
	'none',
	'file',
	'path',
	'paths',
	'follows',
	'names',
	'empty',
	'agent',
	'parser',
	'parsers',
	'draft',
	'standard',
	'merged',
	'applies',
	'whole',
	'site',
	'value',
	'blank',
	'its',
	'where',
	'when',
]);

/** Runs of English words outside quoted file text ("…"), code spans (`…`) and paths, URLs and file names. */
export function englishRuns(text: string): string[] {
	const prose = text.replace(/"[^"]*"/g, ' § ').replace(/`[^`]*`/g, ' § ');
	const tokens = prose.split(/\s+/).map((token) => token.replace(/^[(«（]+|[)»,.;:!?。，；：）]+$/g, ''));
	const runs: string[] = [];
	let run: string[] = [];
	const close = (): void => {
		if (run.length >= 3 && run.filter((word) => englishWords.has(word)).length >= 2) {
			runs.push(run.join(' '));
		}
		run = [];
	};
	for (const token of tokens) {
		if (/^[a-z][a-z']*$/.test(token)) {
			run.push(token);
		} else {
			close();
		}
	}
	close();
	return runs;
}

describe('diagnostics and explanations in every shipped language', () => {
	const all = inputs();

	test('the checker finds English and spares the other languages', () => {
		assert.deepEqual(englishRuns('Crawlers ignore "the whole value": they read only `a b c` here.'), ['they read only']);
		assert.deepEqual(englishRuns('Os rastreadores leem só "{0}" e ignoram a linha de cada grupo.'), []);
		assert.deepEqual(englishRuns('Роботы читают только "Googlebot, bingbot and 6 more".'), []);
		assert.deepEqual(englishRuns('爬虫会忽略这一行 every crawler ignores the line。'), ['every crawler ignores the line']);
	});

	test('there are inputs, from the fixtures, examples/ and the corpus', () => {
		assert.ok(all.length >= 60, `${all.length} inputs`);
	});

	for (const language of languages) {
		test(`${language}: every text differs from its English and has no English sentence left`, () => {
			const problems: string[] = [];
			let count = 0;
			for (const input of all) {
				const model = parse(input.text);
				useLocale(undefined);
				const english = texts(model, input.options);
				let translated: string[];
				try {
					useLocale(language);
					translated = texts(model, input.options);
				} finally {
					useLocale(undefined);
				}
				assert.equal(translated.length, english.length, `${input.name}: as many texts in ${language} as in English`);
				translated.forEach((text, i) => {
					count++;
					if (text === english[i]) {
						problems.push(`${input.name}: not translated: ${text}`);
					}
					for (const run of englishRuns(text)) {
						problems.push(`${input.name}: English "${run}" in: ${text}`);
					}
				});
			}
			assert.ok(count > 1000, `${count} texts checked`);
			assert.deepEqual([...new Set(problems)].slice(0, 30), [], `${problems.length} problems`);
		});
	}
});
