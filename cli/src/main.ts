/**
 * The `robots-txt` command line: the core's URL tester and linter for scripts and CI. It owns all IO (files, stdin,
 * stdout) and exit codes; every answer comes from the core. Each subcommand is a `Command` in the table below, which
 * gives it `--help`, `robots-txt help <name>` and the same handling of usage and output errors.
 * Exit codes: 0 on success, 1 for lint findings, failed expectations or changed verdicts, 2 on bad arguments,
 * unreadable input or output that cannot be written.
 */

import { version } from '../../package.json';
import { t } from '../../core/src/l10n';
import { verdictWord } from '../../core/src/verdict';
import { parseArgs } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import { UsageError } from './args';
import type { Command, CommandIo } from './command';
import { commands, commonOptions } from './commands';
import { optionTable, paragraphs, wrap } from './help';
import { describeError, Output } from './io';
import { environmentLocale, useLocale } from '../../io/src/localize';
import { escapeControls } from './terminal';

function findCommand(name: string): Command {
	const command = commands.find((candidate) => candidate.name === name);
	if (command === undefined) {
		throw new UsageError(t('unknown command "{0}" (expected one of {1}; robots-txt --help lists them)', name, commands.map((entry) => entry.name).join(', ')));
	}
	return command;
}

function generalHelp(): string {
	const width = Math.max(...commands.map((command) => command.name.length));
	return [
		t('Usage:'),
		...commands.flatMap((command) => command.synopsis.map((line) => `  ${line}`)),
		'  robots-txt help <command>',
		'  robots-txt --version',
		'',
		t('Commands:'),
		...commands.map((command) => wrap(`  ${command.name.padEnd(width)}  ${command.summary()}`, undefined, ' '.repeat(width + 4))),
		'',
		optionTable(t('Options of every command:'), commonOptions),
		'',
		paragraphs([
			t("`robots-txt help <command>` or `robots-txt <command> --help` shows a command's options and exit status."),
			t('Line numbers are 1-based. Exit status 2 means bad arguments, unreadable input, or output that could not be written.'),
			machineReadNote(),
		]),
	].join('\n');
}

/**
 * What stays the same in every language. Tools read these words (the extension's problem matchers, scripts, CI), so
 * they are never translated; messages inside JSON, SARIF and JUnit XML follow the locale, because people read them
 * (annotations, code scanning alerts, test reports), and `--locale en` pins English where a tool compares them.
 */
function machineReadNote(): string {
	return t(
		"In every language, the words tools read stay as they are: {0} and {1}, the severity and code of lint lines, the FAIL and ERROR of check lines, and the field names and values of JSON, SARIF and JUnit XML. Messages inside those formats are in the output's language; pass --locale en where a tool expects English ones.",
		verdictWord('allow', { forTools: true }),
		verdictWord('disallow', { forTools: true }),
	);
}

/** A command's help: its usage lines, what it does, its options (from the table it reads them by), then its notes. */
function commandHelp(command: Command): string {
	return [
		t('Usage:'),
		...command.synopsis.map((line) => `  ${line}`),
		'',
		paragraphs(command.about()),
		'',
		optionTable(t('Options:'), command.options),
		'',
		paragraphs(command.notes()),
	].join('\n');
}

/** `--help` or `-h` among a command's arguments (before a `--`, after which everything is an operand). */
function asksForHelp(args: readonly string[]): boolean {
	const end = args.indexOf('--');
	return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

async function dispatch(args: readonly string[], io: CommandIo): Promise<number> {
	const [name, ...rest] = args;
	switch (name) {
		case undefined:
			await io.out.line(generalHelp());
			return 2;
		case '--help':
		case '-h':
			await io.out.line(generalHelp());
			return 0;
		case '--version':
			await io.out.line(`robots-txt ${io.version}`);
			return 0;
		case 'help':
			await io.out.line(rest[0] === undefined ? generalHelp() : commandHelp(findCommand(rest[0])));
			return 0;
	}
	const command = findCommand(name);
	if (asksForHelp(rest)) {
		await io.out.line(commandHelp(command));
		return 0;
	}
	return command.run(rest, io);
}

/** Whether a tag asks for English (or the C locale), which needs no bundle. */
function isEnglish(tag: string): boolean {
	return /^(en([-_].*)?|c|posix)$/i.test(tag.replace(/[.@].*$/, ''));
}

/**
 * Takes `--locale <tag>` (or `--locale=<tag>`) out of the arguments, wherever it stands before a `--`, and makes the
 * output speak that language; without it, the environment's (LC_ALL, LC_MESSAGES, LANG), as other command-line tools do.
 * A language we ship no translation for gives English. From the environment that is silent, as gettext is: a German
 * LANG is no request to this tool. A `--locale` is, so a tag we cannot honour (a typo, `fr`) is said once on standard
 * error, and the command still runs: a missing translation is no reason to fail a CI job.
 */
function takeLocale(args: readonly string[]): { rest: string[]; unshipped?: string } {
	// Read leniently: the command's own options are not known yet, and it reads them (strictly) from what is left.
	const { tokens } = parseArgs({ args: [...args], options: { locale: { type: 'string' } }, strict: false, allowPositionals: true, tokens: true });
	const taken = new Set<number>();
	let tag: string | undefined;
	let missing = false;
	for (const token of tokens) {
		if (token.kind === 'option' && token.name === 'locale') {
			taken.add(token.index);
			if (token.value !== undefined && !token.inlineValue) {
				taken.add(token.index + 1);
			}
			tag = token.value;
			missing ||= tag === undefined || tag === '';
		}
	}
	const rest = args.filter((_, index) => !taken.has(index));
	const asked = tag === undefined || tag === '' ? undefined : tag;
	const locale = useLocale(asked ?? environmentLocale(process.env));
	if (missing) {
		throw new UsageError(t('--locale needs a language tag, such as ru, zh-cn or pt-br'));
	}
	return asked !== undefined && locale === 'en' && !isEnglish(asked) ? { rest, unshipped: asked } : { rest };
}

/** Runs the command line; resolves to the exit status. */
async function main(args: readonly string[]): Promise<number> {
	// A closed standard error leaves nothing to report to; without a listener its error would be a stack trace.
	process.stderr.on('error', () => undefined);
	const out = new Output(process.stdout);
	const io: CommandIo = {
		out,
		version,
		error: async (message) => {
			await out.flush();
			// Messages quote paths, URLs and responses: shown with their control characters escaped.
			process.stderr.write(`robots-txt: ${escapeControls(message)}\n`);
		},
	};
	let status: number;
	try {
		const { rest, unshipped } = takeLocale(args);
		if (unshipped !== undefined) {
			// In English, the language the output falls back to; the tag is quoted as given.
			process.stderr.write(`robots-txt: no translation for --locale ${JSON.stringify(unshipped)}; the output is in English (translations: ru, zh-cn, pt-br)\n`);
		}
		status = await dispatch(rest, io);
		await out.flush();
	} catch (error) {
		if (!(error instanceof UsageError)) {
			throw error;
		}
		await io.error(error.message);
		status = 2;
	}
	// EPIPE: the reader has all it wanted (`robots-txt test … | head -1`); that is no failure of ours.
	if (out.failure !== undefined && out.failure.code !== 'EPIPE') {
		process.stderr.write(`robots-txt: ${t('cannot write the output: {0}', describeError(out.failure))}\n`);
		return 2;
	}
	return status;
}

// A worker thread of `logs --threads` runs the same bundle (cli/src/logThreads.ts) and no command.
if (isMainThread) {
	void main(process.argv.slice(2)).then((status) => {
		process.exitCode = status;
	});
}
