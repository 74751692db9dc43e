/**
 * The command line in Russian, Simplified Chinese and Brazilian Portuguese, chosen by `--locale ru`, `--locale=pt-BR`,
 * `--locale zh-cn` (before or after the command) or the environment's LANG: help, summaries and messages come from the
 * bundles, with no English sentence left in what the CLI itself words, while everything tools read stays literal (the
 * problem matchers of package.json still match every lint and check line, verdict words and JSON fields are the same).
 * A locale we ship nothing for gives English.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { columns, helpWidth } from '../../cli/src/help';
import { repoRoot } from '../util/fixtures';
import { englishEnv, runCli, workFolder, type CliResult } from './cliProcess';

type Bundle = Readonly<Record<string, string>>;

function bundle(locale: string): Bundle {
	return JSON.parse(readFileSync(join(repoRoot, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Bundle;
}

/** The environment without any locale variable, plus `extra`. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env };
	delete env.LC_ALL;
	delete env.LC_MESSAGES;
	delete env.LANG;
	return { ...env, ...extra };
}

/** One way of asking for a language: the bundle it must select, and how the CLI is run. */
interface Asked {
	readonly name: string;
	readonly locale: 'ru' | 'zh-cn' | 'pt-br';
	run(args: readonly string[], cwd?: string): CliResult;
}

const asked: readonly Asked[] = [
	{ name: '--locale ru', locale: 'ru', run: (args, cwd) => runCli(['--locale', 'ru', ...args], { ...(cwd ? { cwd } : {}) }) },
	{ name: 'LANG=ru_RU.UTF-8', locale: 'ru', run: (args, cwd) => runCli(args, { env: environment({ LANG: 'ru_RU.UTF-8' }), ...(cwd ? { cwd } : {}) }) },
	// After the command's arguments: --locale is taken out wherever it stands.
	{ name: '--locale=pt-BR', locale: 'pt-br', run: (args, cwd) => runCli([...args, '--locale=pt-BR'], { ...(cwd ? { cwd } : {}) }) },
	{ name: '--locale zh-cn', locale: 'zh-cn', run: (args, cwd) => runCli(['--locale', 'zh-cn', ...args], { ...(cwd ? { cwd } : {}) }) },
];

function english(args: readonly string[], cwd?: string): CliResult {
	return runCli(args, { env: englishEnv, ...(cwd ? { cwd } : {}) });
}

/**
 * Words that mark a run of lowercase Latin words as English rather than Portuguese (or a code name): a run of three
 * or more words with one of these is an English sentence left over.
 */
const englishWords = new Set([
	'the',
	'and',
	'of',
	'is',
	'which',
	'with',
	'that',
	'each',
	'when',
	'from',
	'are',
	'by',
	'its',
	'it',
	'at',
	'be',
	'this',
	'or',
	'an',
	'to',
	'not',
	'one',
	'every',
	'file',
	'files',
	'line',
	'lines',
	'crawler',
	'crawlers',
	'rule',
	'rules',
	'group',
	'says',
	'shows',
	'reads',
	'in',
	'on',
]);

/** Runs of English words in `text`, outside synopsis lines, code spans and quoted text. */
function englishLeftovers(text: string): string[] {
	const prose = text
		.split('\n')
		.filter((line) => !line.startsWith('  robots-txt '))
		.join('\n')
		.replace(/`[^`\n]*`/g, ' ')
		.replace(/"[^"\n]*"/g, ' ');
	const runs = prose.match(/[a-z][a-z'-]*(?: [a-z][a-z'-]*){2,}/g) ?? [];
	return runs.filter((run) => run.split(' ').some((word) => englishWords.has(word)));
}

function assertTranslated(text: string, englishText: string, what: string): void {
	assert.notEqual(text, englishText, `${what} is translated`);
	assert.deepEqual(englishLeftovers(text), [], `${what} has no English sentence left:\n${text}`);
}

/** The extension's problem matchers, as package.json contributes them. */
const matchers = new Map(
	(
		JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
			contributes: { problemMatchers: { name: string; pattern: { regexp: string; severity?: number; code: number } }[] };
		}
	).contributes.problemMatchers.map((matcher) => [matcher.name, matcher.pattern]),
);

const commandNames = ['test', 'lint', 'check', 'diff', 'crawlers', 'fetch'];

const work = workFolder('robots-locale-');
writeFileSync(join(work, 'robots.txt'), 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /shop\nAllow: /shop/public\n');
writeFileSync(join(work, 'new.txt'), 'User-agent: *\nDisallow: /private\nDisallow: /x\n');
// Three mistakes the linter reports: a missing colon, an unknown directive, a rule outside any group.
writeFileSync(join(work, 'bad'), 'Disallow: /early\nUser-agent: *\nDisallow /nocolon\nFrobnicate: yes\n');
writeFileSync(join(work, 'robots.expectations'), 'Googlebot /shop/x disallow\nGooglebot /shop/public/a disallow\nnot an expectation\n');

describe('robots-txt in other languages', () => {
	for (const way of asked) {
		const translations = bundle(way.locale);

		test(`${way.name}: the general help is translated, its synopsis lines literal`, () => {
			const result = way.run(['--help']);
			const base = english(['--help']);
			assert.equal(result.status, 0, result.stderr);
			assert.equal(result.stderr, '');
			assert.ok(result.stdout.startsWith(`${translations['Usage:']}\n`), result.stdout);
			const synopsis = (text: string) => text.split('\n').filter((line) => line.startsWith('  robots-txt '));
			assert.deepEqual(synopsis(result.stdout), synopsis(base.stdout));
			assert.match(result.stdout, /--locale <tag>/);
			assertTranslated(result.stdout, base.stdout, 'the general help');
		});

		test(`${way.name}: every command's help is translated, its options literal, its prose within the width`, () => {
			for (const command of commandNames) {
				const result = way.run([command, '--help']);
				const base = english([command, '--help']);
				assert.equal(result.status, 0, result.stderr);
				assertTranslated(result.stdout, base.stdout, `${command} --help`);
				for (const option of new Set(base.stdout.match(/^ {2}--[a-z-]+/gm) ?? [])) {
					assert.ok(result.stdout.includes(`\n${option}`), `${command} --help explains ${option.trim()}`);
				}
				for (const line of result.stdout.split('\n').filter((text) => !text.startsWith('  robots-txt '))) {
					assert.ok(columns(line) <= helpWidth, `${command} --help: ${line}`);
				}
			}
		});

		test(`${way.name}: lint lines still match the problem matcher; the summary is translated`, () => {
			const args = ['lint', 'bad', '--hints'];
			const result = way.run(args, work);
			const base = english(args, work);
			assert.equal(result.status, base.status);
			const lines = result.stdout.trimEnd().split('\n');
			const baseLines = base.stdout.trimEnd().split('\n');
			assert.equal(lines.length, baseLines.length);
			assert.ok(lines.length >= 4, base.stdout);
			const pattern = new RegExp(matchers.get('robots-txt')!.regexp);
			for (let i = 0; i < lines.length - 1; i++) {
				const match = pattern.exec(lines[i]);
				const baseMatch = pattern.exec(baseLines[i])!;
				assert.ok(match, `the problem matcher reads ${lines[i]}`);
				// File, line, column, severity and code are what they are in English; the message is the locale's.
				assert.deepEqual(match.slice(1, 6), baseMatch.slice(1, 6));
			}
			const summary = lines[lines.length - 1];
			assert.equal(pattern.test(summary), false);
			assertTranslated(summary, baseLines[baseLines.length - 1], 'the lint summary');
		});

		test(`${way.name}: check keeps FAIL and ERROR for its problem matcher and translates its counts`, () => {
			const result = way.run(['check'], work);
			const base = english(['check'], work);
			assert.equal(result.status, 1);
			const pattern = new RegExp(matchers.get('robots-txt-check')!.regexp);
			const problems = result.stdout.split('\n').filter((line) => pattern.test(line));
			assert.deepEqual(
				problems.map((line) => line.replace(/ (FAIL|ERROR [a-z0-9-]+:) .*/, ' $1')),
				base.stdout
					.split('\n')
					.filter((line) => pattern.test(line))
					.map((line) => line.replace(/ (FAIL|ERROR [a-z0-9-]+:) .*/, ' $1')),
			);
			assert.equal(problems.length, 2);
			const counts = result.stdout.trimEnd().split('\n').slice(-2);
			const baseCounts = base.stdout.trimEnd().split('\n').slice(-2);
			for (let i = 0; i < 2; i++) {
				assertTranslated(counts[i], baseCounts[i], "check's counts");
				assert.equal(pattern.test(counts[i]), false);
			}
		});

		test(`${way.name}: test keeps its verdict words and translates what decided`, () => {
			const args = ['test', 'robots.txt', '--agent', 'Googlebot,GPTBot', '/shop/x', '/y', '/robots.txt'];
			const result = way.run(args, work);
			const base = english(args, work);
			assert.equal(result.status, 0, result.stderr);
			const lines = result.stdout.trimEnd().split('\n');
			const baseLines = base.stdout.trimEnd().split('\n');
			assert.deepEqual(
				lines.map((line) => line.split(' ')[0]),
				baseLines.map((line) => line.split(' ')[0]),
			);
			assert.deepEqual(
				lines.map((line) => line.split(' ')[0]),
				['DISALLOWED', 'ALLOWED', 'ALLOWED', 'ALLOWED', 'ALLOWED', 'ALLOWED'],
			);
			for (let i = 0; i < lines.length; i++) {
				assertTranslated(lines[i], baseLines[i], 'a verdict line');
			}
		});

		test(`${way.name}: --json has the same fields and values but for the explanation`, () => {
			const args = ['test', 'robots.txt', '--agent', 'Googlebot', '--json', '/shop/x'];
			const result = JSON.parse(way.run(args, work).stdout) as Record<string, unknown>;
			const base = JSON.parse(english(args, work).stdout) as Record<string, unknown>;
			assert.deepEqual(Object.keys(result), Object.keys(base));
			assert.deepEqual({ ...result, explanation: undefined }, { ...base, explanation: undefined });
		});

		test(`${way.name}: diff translates its headings and the sides of each flip`, () => {
			const result = way.run(['diff', 'robots.txt', 'new.txt', '--agent', 'Googlebot'], work);
			const base = english(['diff', 'robots.txt', 'new.txt', '--agent', 'Googlebot'], work);
			assert.equal(result.status, 1);
			// The heading of the flips and the flips (the lines above them are the core's words for the changed readings).
			const flips = (text: string) => {
				const lines = text.trimEnd().split('\n');
				return lines.slice(lines.findIndex((line) => line.startsWith('  /')) - 1);
			};
			const lines = flips(result.stdout);
			const baseLines = flips(base.stdout);
			assert.equal(lines.length, baseLines.length);
			for (let i = 0; i < lines.length; i++) {
				assertTranslated(lines[i], baseLines[i], 'a diff line');
			}
			assert.match(lines[1], /ALLOWED .*-> DISALLOWED|DISALLOWED .*-> ALLOWED/);
		});

		test(`${way.name}: the crawler table is translated`, () => {
			const result = way.run(['crawlers']);
			const base = english(['crawlers']);
			assertTranslated(result.stdout, base.stdout, 'the crawler table');
			assert.equal(result.stdout.split('\n').length, base.stdout.split('\n').length);
		});

		test(`${way.name}: usage and file errors are translated`, () => {
			const missing = way.run(['test', 'robots.txt', '/'], work);
			assert.equal(missing.status, 2);
			assert.equal(missing.stderr, `robots-txt: ${translations['missing --agent <name>']}\n`);
			const unreadable = way.run(['test', 'no-such-file', '--agent', 'Googlebot', '/'], work);
			assert.equal(unreadable.status, 2);
			assert.ok(unreadable.stderr.includes(translations['no such file or directory']), unreadable.stderr);
			for (const args of [['frobnicate'], ['check', '--format', 'xml'], ['lint', '--frob'], ['fetch']]) {
				const result = way.run(args, work);
				assert.equal(result.status, 2);
				assertTranslated(result.stderr, english(args, work).stderr, args.join(' '));
			}
		});
	}

	test('a locale we ship nothing for gives English: silently from the environment, with one note for --locale', () => {
		const base = english(['--help']);
		const others: Record<string, string>[] = [
			{ LANG: 'de_DE.UTF-8' },
			{ LC_ALL: 'fr_FR.UTF-8' },
			{ LANG: 'zh_TW.UTF-8' },
			{ LANG: 'C.UTF-8' },
			{ LANG: 'en_GB.UTF-8' },
		];
		for (const env of others) {
			const result = runCli(['--help'], { env: environment(env) });
			assert.equal(result.stdout, base.stdout, JSON.stringify(env));
			assert.equal(result.stderr, '', JSON.stringify(env));
		}
		for (const tag of ['en', 'en-US', 'C']) {
			const result = runCli(['--locale', tag, '--help']);
			assert.equal(result.stdout, base.stdout, tag);
			assert.equal(result.stderr, '', tag);
		}
		const unknown = runCli(['--locale', 'fr', '--help'], { env: environment({ LANG: 'ru_RU.UTF-8' }) });
		assert.equal(unknown.status, 0);
		assert.equal(unknown.stdout, base.stdout);
		assert.equal(unknown.stderr, 'robots-txt: no translation for --locale "fr"; the output is in English (translations: ru, zh-cn, pt-br)\n');
	});

	test("--locale without a tag is a usage error, in the environment's language", () => {
		const result = runCli(['--help', '--locale'], { env: environment({ LANG: 'ru_RU.UTF-8' }) });
		assert.equal(result.status, 2);
		assert.equal(result.stderr, `robots-txt: ${bundle('ru')['--locale needs a language tag, such as ru, zh-cn or pt-br']}\n`);
	});

	test('LC_ALL wins over LANG, and LC_MESSAGES over LANG, as gettext reads them', () => {
		const russian = runCli(['--help'], { env: environment({ LANG: 'pt_BR.UTF-8', LC_ALL: 'ru_RU.UTF-8' }) });
		assert.ok(russian.stdout.startsWith(`${bundle('ru')['Usage:']}\n`));
		const chinese = runCli(['--help'], { env: environment({ LANG: 'pt_BR.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8' }) });
		assert.ok(chinese.stdout.startsWith(`${bundle('zh-cn')['Usage:']}\n`));
	});
});
