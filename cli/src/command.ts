/**
 * What a `robots-txt` subcommand is: its name, its help, and how it runs. main.ts dispatches through a table of these
 * and gives every command `--help`, `robots-txt help <name>` and the same error handling.
 */

import type { OptionTable } from './args';
import type { Output } from './io';

export interface CommandIo {
	/** Standard output; a command stops early once `out.closed` (the reader went away). */
	readonly out: Output;
	/** Writes `robots-txt: <message>` to standard error, after the output written so far. */
	error(message: string): Promise<void>;
	/** The package version. */
	readonly version: string;
}

export interface Command {
	/** The word after `robots-txt`. */
	readonly name: string;
	/** What the command does, in one line for the general help, in the output's language (computed when shown). */
	summary(): string;
	/** The command's usage lines, each starting with `robots-txt <name>`. */
	readonly synopsis: readonly string[];
	/** What it does: the paragraphs of its help before its options, in the output's language. */
	about(): readonly string[];
	/** Its options: the ones it reads, each as its help lists it. */
	readonly options: OptionTable;
	/** The paragraphs of its help after its options (its outputs, its exit status), in the output's language. */
	notes(): readonly string[];
	/**
	 * Runs the command with the arguments after its name; resolves to the exit status. Throws `UsageError` for a bad
	 * command line (exit status 2).
	 */
	run(args: readonly string[], io: CommandIo): Promise<number>;
}
