/**
 * The command line explains itself: `--version`, `--help` (or `-h`) on every command, and `robots-txt help <command>`,
 * each on standard output with exit status 0 (issue 14, "CLI rough edges").
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from '../util/fixtures';
import { runCli } from './cliProcess';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };

/** Each command and an option its help must explain. */
const commands: readonly (readonly [string, string])[] = [
	['test', '--urls'],
	['lint', '--hints'],
	['crawlers', '--category'],
	['logs', '--ranges'],
	['init', '--preset'],
];

describe('robots-txt --version and --help', () => {
	test('--version prints the version of the package', () => {
		const result = runCli(['--version']);
		assert.equal(result.status, 0, result.stderr);
		assert.equal(result.stdout, `robots-txt ${manifest.version}\n`);
	});

	test('every command answers --help and -h with its own usage, wherever the flag stands', () => {
		for (const [command, option] of commands) {
			for (const args of [
				[command, '--help'],
				[command, '-h'],
				[command, 'some-file', '--help'],
			]) {
				const result = runCli(args);
				assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
				assert.equal(result.stderr, '');
				assert.match(result.stdout, new RegExp(`^Usage:\\n  robots-txt ${command} `), args.join(' '));
				assert.ok(result.stdout.includes(option), `${args.join(' ')} explains ${option}`);
			}
		}
	});

	test('robots-txt help <command> prints the same help as <command> --help', () => {
		for (const [command] of commands) {
			const help = runCli(['help', command]);
			assert.equal(help.status, 0, help.stderr);
			assert.equal(help.stdout, runCli([command, '--help']).stdout);
		}
	});

	test("the general help lists every command, and how to get a command's help", () => {
		for (const args of [['--help'], ['-h'], ['help']]) {
			const result = runCli(args);
			assert.equal(result.status, 0);
			for (const [command] of commands) {
				assert.match(result.stdout, new RegExp(`^  robots-txt ${command}\\b`, 'm'), `${args.join(' ')} lists ${command}`);
			}
			assert.match(result.stdout, /robots-txt help <command>/);
			assert.match(result.stdout, /--version/);
		}
	});

	test('help for a command that does not exist is a usage error', () => {
		const result = runCli(['help', 'frobnicate']);
		assert.equal(result.status, 2);
		assert.equal(result.stdout, '');
		assert.match(result.stderr, /^robots-txt: unknown command "frobnicate" \(expected one of test, lint, check, audit, diff, crawlers[,;)]/);
	});
});
