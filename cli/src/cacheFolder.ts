/**
 * The command line's folders in the user's cache: `$XDG_CACHE_HOME/robots-txt/<name>` (an absolute path, per the XDG
 * Base Directory specification), else `~/.cache/robots-txt/<name>`. Imported by the command's entry (entry.ts), which
 * is bundled alone: this module imports nothing else of the CLI.
 */

import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { cacheFolderName } from '../../core/src/protocol';

/** The folder `name` of the CLI's cache, for the environment `env`. */
export function userCacheFolder(name: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
	const base = env.XDG_CACHE_HOME;
	return join(base !== undefined && isAbsolute(base) ? base : join(homedir(), '.cache'), cacheFolderName, name);
}
