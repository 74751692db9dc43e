/**
 * Command-line argument reading shared by the commands: options that take a value, dialect names, usage errors.
 */

import { allDialects, isDialect, type Dialect } from '../core/index';

/** A mistake in the command line: reported in one line, exit status 2. */
export class UsageError extends Error {}

/** Walks the arguments; `value()` takes the argument after an option. */
export class ArgumentReader {
	private index = -1;

	constructor(private readonly args: readonly string[]) {}

	next(): string | undefined {
		this.index++;
		return this.args[this.index];
	}

	/** The value of `option`, which must follow it. */
	value(option: string): string {
		const value = this.args[++this.index];
		if (value === undefined) {
			throw new UsageError(`${option} needs a value`);
		}
		return value;
	}

	/** Everything after the current argument (after `--`). */
	rest(): string[] {
		const rest = this.args.slice(this.index + 1);
		this.index = this.args.length;
		return rest;
	}
}

export function parseDialect(name: string): Dialect {
	if (!isDialect(name)) {
		throw new UsageError(`unknown dialect "${name}" (expected one of ${allDialects.join(', ')})`);
	}
	return name;
}
