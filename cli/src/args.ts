/**
 * Command-line arguments: each command's options are one table, which Node's `parseArgs` reads (strictly: an option
 * the table does not name, or one without its value, is a usage error) and the command's help lists, so that no option
 * is accepted without being explained or explained without being accepted. Usage errors are worded here, in our words.
 */

import { parseArgs } from 'node:util';
import { allDialects, isDialect, type Dialect } from '../../core/src/index';
import { formatNumber, t } from '../../core/src/l10n';

/** A mistake in the command line: reported in one line, exit status 2. */
export class UsageError extends Error {}

/** One option, `--name`: a flag, or an option with a value (`--name <value>` or `--name=<value>`). */
export interface Option {
	/** What the help calls its value (`<tokens>`); absent for a flag. */
	readonly value?: string;
	/** Each use adds its value; otherwise the last use counts. */
	readonly multiple?: true;
	/** Other names that mean the same option (a plural, the word another command uses); accepted, not listed. */
	readonly aliases?: readonly string[];
	/** The explanation beside it in the help, in the output's language. */
	help(): string;
}

/** A command's options by name (without `--`), in the order its help lists them. */
export type OptionTable = Readonly<Record<string, Option>>;

/** What the command line said for each option of a table: `true` for a flag, a value, or every value of a repeated one. */
export type OptionValues<T extends OptionTable> = {
	[K in keyof T]?: T[K] extends { readonly value: string } ? (T[K] extends { readonly multiple: true } ? string[] : string) : true;
};

/** A command line read by a table: the options' values, and the operands in order (after `--` too). */
export interface Arguments<T extends OptionTable> {
	readonly values: OptionValues<T>;
	readonly positionals: string[];
}

type ParserOptions = Record<string, { type: 'string' | 'boolean' }>;

/**
 * Reads a command line by a table. Options may come before, between or after the operands, `--` ends them, and `-` is
 * an operand (standard input). Throws a `UsageError` for an unknown option or a missing value.
 */
export function readArguments<T extends OptionTable>(args: readonly string[], table: T): Arguments<T> {
	const names = new Map<string, string>();
	const options: ParserOptions = {};
	for (const [name, option] of Object.entries(table)) {
		for (const each of [name, ...(option.aliases ?? [])]) {
			names.set(each, name);
			options[each] = { type: option.value === undefined ? 'boolean' : 'string' };
		}
	}
	let tokens;
	try {
		({ tokens } = parseArgs({ args: [...args], options, strict: true, allowPositionals: true, tokens: true }));
	} catch (error) {
		throw usageError(error, args, options);
	}
	const values: Record<string, string[] | string | true> = {};
	const positionals: string[] = [];
	// Token by token, so that an option's aliases add to it in the order they were given.
	for (const token of tokens) {
		if (token.kind === 'positional') {
			positionals.push(token.value);
		} else if (token.kind === 'option') {
			const name = names.get(token.name)!;
			const option = table[name];
			if (option.value === undefined) {
				values[name] = true;
			} else if (option.multiple) {
				values[name] = [...((values[name] as string[] | undefined) ?? []), token.value!];
			} else {
				values[name] = token.value!;
			}
		}
	}
	return { values: values as OptionValues<T>, positionals };
}

/**
 * A `parseArgs` error in our words: the argument it stopped at, found again in its tokens read leniently, with the
 * sentence for that mistake. Its own English message never reaches people.
 */
function usageError(error: unknown, args: readonly string[], options: ParserOptions): unknown {
	const code = (error as { code?: unknown }).code;
	const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
	for (const token of tokens) {
		if (token.kind !== 'option') {
			continue;
		}
		// The whole argument: `--json=1`, or `-xy` for its first letter.
		const written = args[token.index];
		const type = options[token.name]?.type;
		if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && type === undefined) {
			return unknownOption(written);
		}
		if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
			// A flag given a value is no option we know, as `--json=1` always was.
			if (type === 'boolean' && token.value !== undefined) {
				return unknownOption(written);
			}
			// No value, or the next option taken for one (`--agent --json`): `--agent=-x` says a dash is meant.
			if (type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-')))) {
				return new UsageError(t('{0} needs a value', token.rawName));
			}
		}
	}
	return error;
}

/** "unknown option --frob": the same words for every command. */
function unknownOption(option: string): UsageError {
	return new UsageError(t('unknown option {0}', option));
}

/** The `--format` asked, one of `formats` (the first when none is asked), or a usage error that lists them. */
export function readFormat<F extends string>(format: string | undefined, formats: readonly [F, ...F[]]): F {
	if (format === undefined) {
		return formats[0];
	}
	if (!(formats as readonly string[]).includes(format)) {
		throw new UsageError(t('unknown format "{0}" (expected one of {1})', format, formats.join(', ')));
	}
	return format as F;
}

/**
 * Crawler tokens given to `option`, each use a comma-separated list (`--agent Googlebot,bingbot --agent GPTBot`);
 * undefined when it was not given. An empty token is a usage error.
 */
export function crawlerTokens(lists: readonly string[] | undefined, option: string): string[] | undefined {
	if (lists === undefined) {
		return undefined;
	}
	const tokens = lists.flatMap((list) => list.split(',').map((token) => token.trim()));
	if (tokens.some((token) => token === '')) {
		throw new UsageError(t('{0} needs crawler tokens, e.g. Googlebot or Googlebot,bingbot', option));
	}
	return tokens;
}

/** A dialect id from the command line, or a usage error that lists the ids. */
export function parseDialect(name: string): Dialect {
	if (!isDialect(name)) {
		throw new UsageError(t('unknown dialect "{0}" (expected one of {1})', name, allDialects.join(', ')));
	}
	return name;
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
