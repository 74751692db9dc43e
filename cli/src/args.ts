/**
 * Command-line argument reading shared by the commands: options that take a value, dialect names, usage errors.
 */

import { allDialects, isDialect, type Dialect } from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';

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
			throw new UsageError(t('{0} needs a value', option));
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

/** A dialect id from the command line, or a usage error that lists the ids. */
export function parseDialect(name: string): Dialect {
	if (!isDialect(name)) {
		throw new UsageError(t('unknown dialect "{0}" (expected one of {1})', name, allDialects.join(', ')));
	}
	return name;
}

/** "unknown option --frob": the same words for every command. */
export function unknownOption(option: string): UsageError {
	return new UsageError(t('unknown option {0}', option));
}

/** "unknown format "xml" (expected text or json)": the formats are literal names. */
export function unknownFormat(format: string, expected: readonly string[]): UsageError {
	return new UsageError(t('unknown format "{0}" (expected one of {1})', format, expected.join(', ')));
}

/** "--agent needs crawler tokens, e.g. Googlebot,bingbot". */
export function needsTokens(option: string): UsageError {
	return new UsageError(t('{0} needs crawler tokens, e.g. Googlebot or Googlebot,bingbot', option));
}

/** The longest timeout, in whole seconds: Node's timers hold at most 2^31 − 1 ms, and a longer one fires at once. */
const maxTimeoutSeconds = Math.floor((2 ** 31 - 1) / 1000);

/** Reads `--timeout <seconds>`: a number of seconds, at least a millisecond and at most what Node's timers hold. */
export function parseTimeout(text: string): number {
	if (!/^\d+(\.\d+)?$/.test(text)) {
		throw new UsageError(t('--timeout takes a number of seconds, not "{0}"', text));
	}
	const milliseconds = Math.round(Number(text) * 1000);
	if (milliseconds < 1 || milliseconds > maxTimeoutSeconds * 1000) {
		throw new UsageError(t('--timeout takes from {0} to {1} seconds, not "{2}"', formatNumber(0.001), formatNumber(maxTimeoutSeconds), text));
	}
	return milliseconds;
}
