/**
 * `robots-txt init`: writes a new robots.txt from one of the core's templates, with the expectations file it ships
 * beside it, into the current folder or `--out`; `--out -` writes the robots.txt to standard output. A file that exists
 * is never overwritten without `--force`, and nothing is written unless every file can be.
 */

import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTemplate, templatePresets } from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { type OptionTable, readArguments, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { table } from './help';
import { describeError } from './io';

/** The options of `robots-txt init`, in the order its help lists them. */
const initOptions = {
	preset: {
		value: '<name>',
		help: () =>
			t(
				'the template: {0}',
				templatePresets()
					.map((preset) => preset.name)
					.join(', '),
			),
	},
	site: { value: '<url>', help: () => t("the site's address, for the Sitemap line (such as https://example.com)") },
	out: { value: '<folder>', help: () => t('the folder to write into (default: the current folder); - writes the robots.txt to standard output') },
	force: { help: () => t('overwrite files that exist') },
	'no-expectations': { help: () => t('write no robots.expectations beside the robots.txt') },
	list: { help: () => t('list the templates with what each is for') },
} satisfies OptionTable;

/** Runs the command; returns the exit status. */
async function runInit(args: readonly string[], io: CommandIo): Promise<number> {
	const { values, positionals } = readArguments(args, initOptions);
	if (positionals.length > 0) {
		throw new UsageError(t('init takes no operands ("{0}"); --out names the folder to write into', positionals[0]));
	}
	if (values.list) {
		await io.out.line(table(templatePresets().map((preset) => [preset.name, preset.title, preset.description])));
		return 0;
	}
	if (values.preset === undefined) {
		throw new UsageError(t('init needs --preset <name> (robots-txt init --list shows the templates)'));
	}
	const files = renderTemplate(values.preset, values.site);
	if ('error' in files) {
		throw new UsageError(files.error);
	}
	if (values.out === '-') {
		await io.out.write(files.robots);
		return 0;
	}
	const folder = values.out ?? '.';
	const writes = [{ path: join(folder, 'robots.txt'), text: files.robots }];
	if (!values['no-expectations']) {
		writes.push({ path: join(folder, 'robots.expectations'), text: files.expectations });
	}
	if (existsSync(folder) && !statSync(folder).isDirectory()) {
		await io.error(t('{0} is not a folder', folder));
		return 2;
	}
	const existing = values.force ? [] : writes.filter((write) => existsSync(write.path));
	if (existing.length > 0) {
		await io.error(
			existing.length === 1
				? t('{0} exists; --force overwrites it', existing[0].path)
				: t('{0} and {1} exist; --force overwrites them', existing[0].path, existing[1].path),
		);
		return 2;
	}
	for (const [index, write] of writes.entries()) {
		try {
			if (index === 0) {
				mkdirSync(folder, { recursive: true });
			}
			writeFileSync(write.path, write.text);
		} catch (error) {
			await io.error(t('cannot write {0}: {1}', write.path, describeError(error)));
			return 2;
		}
	}
	for (const write of writes) {
		await io.out.line(t('wrote {0}', write.path));
	}
	return 0;
}

export const initCommand: Command = {
	name: 'init',
	summary: () => t('a new robots.txt from a template, with the expectations it must keep'),
	synopsis: ['robots-txt init --preset <name> [--site <url>] [--out <folder>|-] [--force] [--no-expectations]', 'robots-txt init --list'],
	about: () => [
		t(
			'Writes robots.txt from a template, each line explained by a comment, and robots.expectations beside it: what the file must allow and disallow, which "robots-txt check" tests. Every template lints clean and passes its expectations.',
		),
	],
	options: initOptions,
	notes: () => [t('Exit status: 0; 2 on bad arguments, a file that exists (without --force) or a file that cannot be written.')],
	run: runInit,
};
