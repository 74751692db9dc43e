/**
 * The subcommands of `robots-txt` and the options every one of them takes: main.ts dispatches through these tables and
 * the general help lists them.
 */

import { t } from '../../core/src/l10n';
import type { OptionTable } from './args';
import { auditCommand } from './audit';
import { checkCommand } from './check';
import type { Command } from './command';
import { crawlersCommand } from './crawlers';
import { diffCommand } from './diff';
import { exportCommand } from './export';
import { fetchCommand } from './fetch';
import { fixCommand } from './fix';
import { initCommand } from './init';
import { lintCommand } from './lint';
import { logsCommand } from './logs';
import { testCommand } from './test';

/** Every subcommand, in the order the general help lists them. */
export const commands: readonly Command[] = [
	testCommand,
	lintCommand,
	checkCommand,
	auditCommand,
	diffCommand,
	crawlersCommand,
	fetchCommand,
	logsCommand,
	exportCommand,
	initCommand,
	fixCommand,
];

/** The options of every command, taken out of the arguments wherever they stand (before a `--`), before the command reads them. */
export const commonOptions = {
	locale: {
		value: '<tag>',
		help: () => t('the language of the output: en, ru, zh-cn or pt-br (default: from LC_ALL, LC_MESSAGES or LANG, else English)'),
	},
} satisfies OptionTable;
