/**
 * `robots-txt fix --simplify FILE`: the file without what changes no verdict (the core's `simplify`, proved by the
 * semantic diff over every catalogue crawler), to standard output or in place with `--write`; the before/after reading
 * and the proof go to standard error, or one JSON object with `--format json`. `--check` only says whether the file
 * would change (exit status 1), for CI.
 */

import { writeFileSync } from 'node:fs';
import { describeProof, describeSimplification, simplify } from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { readArguments, readFormat, UsageError, type OptionTable } from './args';
import type { Command, CommandIo } from './command';
import { describeError, inputName, readBytes } from './io';
import { robotsModel } from './source';
import { escapeControls } from './terminal';

/** The options of `robots-txt fix`, in the order its help lists them. */
const fixOptions = {
	simplify: { help: () => t('remove the rule lines that change no verdict for any crawler of the catalogue, and merge groups that say the same') },
	write: { help: () => t('rewrite the file in place instead of printing it') },
	check: { help: () => t('print nothing but the summary; exit status 1 when the file would change') },
	format: { value: '<name>', help: () => t('text (the summary on standard error) or json (one JSON object on standard output)') },
} satisfies OptionTable;

async function runFix(args: readonly string[], io: CommandIo): Promise<number> {
	const { values, positionals } = readArguments(args, fixOptions);
	const format = readFormat(values.format, ['text', 'json']);
	if (values.simplify !== true) {
		throw new UsageError(t('fix needs --simplify, the one fix it knows'));
	}
	if (positionals.length !== 1) {
		throw new UsageError(t('fix takes one robots.txt file, or - for standard input (got {0})', positionals.length));
	}
	const [file] = positionals;
	if (values.write === true && file === '-') {
		throw new UsageError(t('--write needs a file, not standard input'));
	}
	const model = robotsModel(readBytes(file), inputName(file), false);
	const result = simplify(model);
	const changed = result.edits.length > 0;
	if (values.write === true && changed) {
		try {
			writeFileSync(file, result.text);
		} catch (error) {
			throw new UsageError(t('cannot write {0}: {1}', file, describeError(error)));
		}
	}
	if (format === 'json') {
		await io.out.write(
			JSON.stringify(
				{
					file: inputName(file),
					changed,
					linesRemoved: result.linesRemoved,
					groupsMerged: result.groupsMerged,
					patternsShortened: result.wildcardsTrimmed,
					before: result.before,
					after: result.after,
					crawlers: result.proof?.crawlers ?? 0,
					probes: result.proof?.probes ?? 0,
					verdictChanges: result.proof?.verdictChanges ?? 0,
					preferenceChanges: result.proof?.preferenceChanges ?? 0,
					refused: result.refused ?? null,
				},
				null,
				2,
			) + '\n',
		);
	} else {
		if (values.check !== true && values.write !== true) {
			await io.out.write(result.text);
		}
		const summary = [describeSimplification(result)];
		if (result.refused !== undefined) {
			summary.push(result.refused);
		} else if (result.proof !== undefined) {
			summary.push(describeProof(result.proof));
		} else {
			summary.push(t('Nothing to simplify: every rule line decides some verdict for some crawler.'));
		}
		await io.error(escapeControls(summary.join(' ')));
	}
	return values.check === true && changed ? 1 : 0;
}

export const fixCommand: Command = {
	name: 'fix',
	summary: () => t('rewrite a robots.txt without what changes no verdict, proved by the semantic diff'),
	synopsis: ['robots-txt fix --simplify <robots-file|-> [--write] [--check] [--format text|json]'],
	about: () => [
		t(
			"With --simplify, removes the Allow and Disallow lines that change no verdict for any crawler of the catalogue or any crawler the file names, as each reads the file (its parser, the groups it follows, its size limit): duplicates, rules a broader rule decides for, trailing wildcards that add nothing. Groups that every parser reads alike and that say the same merge into the first, with all their User-agent lines. Comments, Sitemap, Crawl-delay, preference lines and every other line stay. The semantic diff then compares both versions for every crawler on URLs probed from both files' rules; if any verdict would change, nothing is changed and the reason is printed.",
		),
		t('The simplified file goes to standard output (or back to the file with --write); the before/after reading and the proof go to standard error.'),
	],
	options: fixOptions,
	notes: () => [t('Exit status: 1 with --check when the file would change, else 0; 2 on bad arguments or unreadable files.')],
	run: runFix,
};
