/**
 * Each command reads its options by one table, which its help lists (issue 23): an option cannot be accepted without
 * being explained, or explained without being accepted. The table is read by Node's `parseArgs`, whose English
 * messages never reach people: a usage error is one line of ours, in the output's language, with exit status 2.
 */

import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { OptionTable } from '../../cli/src/args';
import { commands, commonOptions } from '../../cli/src/commands';
import { repoRoot } from '../util/fixtures';
import { runCli, workFolder } from './cliProcess';

const work = workFolder('robots-cli-options-');
after(() => rmSync(work, { recursive: true, force: true }));

const robots = join(work, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private\n');

/** The languages the help is written in, and the bundle of each (English is the keys themselves). */
const locales = ['en', 'ru', 'zh-cn', 'pt-br'] as const;

function bundle(locale: string): Record<string, string> {
	return JSON.parse(readFileSync(join(repoRoot, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<string, string>;
}

/** The options a text names, as written: `--agent`, `--site-root`. */
function optionsNamed(text: string): string[] {
	return [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])];
}

/** Every name a table accepts (its options and their aliases), as written. */
function accepted(table: OptionTable): string[] {
	return Object.entries(table).flatMap(([name, option]) => [name, ...(option.aliases ?? [])].map((each) => `--${each}`));
}

/** The usage error the CLI writes for a sentence of the bundle, as the bundle words it in `locale`. */
function usageLine(locale: string, key: string, ...args: string[]): string {
	const sentence = locale === 'en' ? key : bundle(locale)[key];
	assert.ok(sentence, `the ${locale} bundle has "${key}"`);
	return `robots-txt: ${sentence.replace(/\{(\d+)\}/g, (_, index: string) => args[Number(index)])}\n`;
}

describe("each command's options are one table, read by it and listed by its help", () => {
	test('every option of a table is a row of its help, in the order of the table', () => {
		assert.ok(commands.length >= 6, `${commands.length} commands`);
		for (const command of commands) {
			const help = runCli([command.name, '--help']).stdout;
			const rows = help.split('\n').filter((line) => /^ {2}--/.test(line));
			const written = Object.entries(command.options).map(([name, option]) => `--${name}${option.value === undefined ? '' : ` ${option.value}`}`);
			assert.ok(written.length > 0, command.name);
			assert.deepEqual(
				rows.map((row) => row.trim().split(/ {2,}/)[0]),
				written,
				`${command.name} --help lists its options`,
			);
		}
	});

	test('every option a help names, in every language, is one the command reads', () => {
		const everyCommand = commands.flatMap((command) => accepted(command.options));
		for (const locale of locales) {
			const general = runCli(['--locale', locale, '--help']).stdout;
			for (const option of optionsNamed(general)) {
				assert.ok([...accepted(commonOptions), '--help', '--version', ...everyCommand].includes(option), `${locale} --help names ${option}`);
			}
			for (const command of commands) {
				const help = runCli(['--locale', locale, command.name, '--help']).stdout;
				for (const option of optionsNamed(help)) {
					assert.ok([...accepted(command.options), ...accepted(commonOptions)].includes(option), `${locale} ${command.name} --help names ${option}`);
				}
			}
		}
	});

	test('every option of a table, and every alias, is accepted by the command; one that is not is refused', () => {
		for (const command of commands) {
			for (const [name, option] of Object.entries(command.options)) {
				for (const each of [name, ...(option.aliases ?? [])]) {
					// A value that may be wrong for the option: what counts is that the option itself is known.
					const args = [command.name, `--${each}`, ...(option.value === undefined ? [] : ['x'])];
					const result = runCli(args, { cwd: work });
					assert.doesNotMatch(result.stderr, /unknown option/, args.join(' '));
				}
			}
			const refused = runCli([command.name, '--not-an-option'], { cwd: work });
			assert.equal(refused.status, 2, command.name);
			assert.equal(refused.stderr, usageLine('en', 'unknown option {0}', '--not-an-option'), command.name);
		}
	});
});

describe('usage errors in our words, never parseArgs English', () => {
	const cases: readonly (readonly [string[], string, string[]])[] = [
		[['lint', robots, '--bogus'], 'unknown option {0}', ['--bogus']],
		[['lint', robots, '--format'], '{0} needs a value', ['--format']],
		// The next option is no value: `--agent --json` once tested the agent "--json".
		[['test', robots, '--agent', '--json', '/a'], '{0} needs a value', ['--agent']],
		// A flag takes no value.
		[['lint', robots, '--hints=yes'], 'unknown option {0}', ['--hints=yes']],
		// A word with one dash is an option too (once read as a file or URL); `-` alone stays standard input.
		[['lint', '-x'], 'unknown option {0}', ['-x']],
		[['check', '--format=xml'], 'unknown format "{0}" (expected one of {1})', ['xml', 'text, json, junit']],
	];

	for (const locale of ['en', 'ru'] as const) {
		test(`in ${locale}: one line, exit status 2`, () => {
			for (const [args, key, values] of cases) {
				const result = runCli(['--locale', locale, ...args], { cwd: work });
				assert.equal(result.status, 2, args.join(' '));
				assert.equal(result.stdout, '', args.join(' '));
				assert.equal(result.stderr, usageLine(locale, key, ...values), args.join(' '));
			}
		});
	}
});

describe('options as people write them', () => {
	test('--name=value is the same as --name value', () => {
		const pairs: readonly (readonly [string[], string[]])[] = [
			[
				['test', robots, '--agent=Googlebot', '/private/a'],
				['test', robots, '--agent', 'Googlebot', '/private/a'],
			],
			[
				['lint', robots, '--format=json', '--crawler=Googlebot'],
				['lint', robots, '--format', 'json', '--crawler', 'Googlebot'],
			],
			[
				['crawlers', 'Googlebot', '--format=json'],
				['crawlers', 'Googlebot', '--format', 'json'],
			],
		];
		for (const [inline, separate] of pairs) {
			const expected = runCli(separate, { cwd: work });
			assert.equal(expected.status, 0, expected.stderr);
			const result = runCli(inline, { cwd: work });
			assert.equal(result.stderr, '', inline.join(' '));
			assert.equal(result.status, 0, inline.join(' '));
			assert.equal(result.stdout, expected.stdout, inline.join(' '));
		}
	});

	test('-- ends the options of every command: what follows is a file, even one named like an option', () => {
		const odd = join(work, '--odd.txt');
		writeFileSync(odd, 'User-agent: *\nDisallow: /\n');
		const result = runCli(['lint', '--format', 'json', '--', '--odd.txt'], { cwd: work });
		assert.equal(result.status, 0, result.stderr);
		const records = JSON.parse(result.stdout) as { file: string }[];
		assert.ok(records.length > 0 && records.every((record) => record.file === '--odd.txt'), result.stdout);
	});

	test('--agent given twice answers for both crawlers, as a comma list does', () => {
		const repeated = runCli(['test', robots, '--agent', 'Googlebot', '--agent', 'bingbot', '/private/a'], { cwd: work });
		const listed = runCli(['test', robots, '--agent', 'Googlebot,bingbot', '/private/a'], { cwd: work });
		assert.equal(repeated.status, 0, repeated.stderr);
		assert.equal(repeated.stdout.trimEnd().split('\n').length, 2, repeated.stdout);
		assert.equal(repeated.stdout, listed.stdout);
	});
});
