/**
 * What `robots-txt lint` reads: the files given, and the files the one walker (io/src/walk.ts) finds in the folders
 * given, each linted as what its name says; a file found is read as the file system reads files on their own.
 */

import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { t } from '../../core/src/l10n';
import { fileKindOfName, type PageKind } from '../../core/src/index';
import { fileLimits } from '../../io/src/fileSystem';
import { displayPath, nodeFileSystem } from '../../io/src/nodeFileSystem';
import { byNames, walkFolder } from '../../io/src/walk';
import { cutNote, describeError, givenPaths } from './io';

/** What a file is linted as. */
export type FileKind = 'robots' | PageKind;

/** A file to lint. */
export interface LintFile {
	/** As shown and, for a file given as such, as read. */
	readonly path: string;
	readonly kind: FileKind;
	/** For a file found in a folder: where it was found (the walker's uri, which keeps a name's bytes) and its path below the folder given. */
	readonly found?: { readonly uri: string; readonly site: number; readonly path: string };
}

/** A folder given, as the core's site description sees it: every file found in it, by path below it. */
export interface GivenFolder {
	readonly path: string;
	readonly files: Set<string>;
}

/** The files to lint, the paths that could not be read or hold nothing to lint (one line each), and the folders given. */
interface Collected {
	readonly files: LintFile[];
	readonly problems: string[];
	readonly sites: GivenFolder[];
}

/** A file given by name is linted as what its name says: an HTML page, a `_headers` file, else a robots.txt. */
function kindOfName(name: string): FileKind {
	const kind = fileKindOfName(name);
	return kind === 'html' || kind === 'headers' ? kind : 'robots';
}

/**
 * Files to lint: given files as they are; folders walked by the one walker (walk.ts) for the files the core names
 * robots.txt (exactly that name, as crawlers request it), HTML pages and `_headers` files, a symbolic link followed only
 * into the folders given. A file reached by several paths is linted once, under the first.
 */
export async function collectFiles(paths: readonly string[]): Promise<Collected> {
	const files: LintFile[] = [];
	const problems: string[] = [];
	const sites: GivenFolder[] = [];
	const listed = new Set<string>();
	const add = async (file: LintFile) => {
		const uri = file.found?.uri ?? pathToFileURL(resolve(file.path)).href;
		const id = (await nodeFileSystem.realUri(uri)) ?? uri;
		if (!listed.has(id)) {
			listed.add(id);
			files.push(file);
		}
	};
	const given = givenPaths(paths);
	const within = given.flatMap((entry) => (entry.folder === undefined ? [] : [entry.folder]));
	for (const { path, folder, error } of given) {
		if (error !== undefined) {
			problems.push(t('cannot read {0}: {1}', path, describeError(error)));
			continue;
		}
		if (folder === undefined) {
			await add({ path, kind: kindOfName(basename(path)) });
			continue;
		}
		const site = sites.length;
		const files = new Set<string>();
		sites.push({ path, files });
		const walked = await walkFolder(nodeFileSystem, folder, { within });
		const shown = (below: string) => displayPath(join(path, ...below.split('/')));
		let found = 0;
		for (const problem of walked.problems) {
			if (problem.kind === 'folder') {
				problems.push(t('cannot read folder {0}: {1}', shown(problem.path), describeError(problem.error)));
			} else if (fileKindOfName(problem.name) === 'robots') {
				// A broken link is only our business when it stands where a robots.txt would be read.
				problems.push(t('cannot read {0}: {1}', shown(problem.path), describeError(problem.error)));
				found++;
			}
		}
		// The files in the order of their names, name by name (a folder's files together), as people read a tree.
		for (const entry of walked.entries.filter((entry) => entry.kind === 'file').sort((a, b) => byNames(a.path, b.path, (x, y) => x.localeCompare(y)))) {
			files.add(entry.path);
			const kind = fileKindOfName(entry.name);
			if (kind === 'robots' || kind === 'html' || kind === 'headers') {
				await add({ path: shown(entry.path), kind, found: { uri: entry.uri, site, path: entry.path } });
				found++;
			}
		}
		if (found === 0 && walked.problems.every((problem) => problem.kind !== 'folder')) {
			problems.push(t('nothing to lint in {0} (no robots.txt, HTML page or _headers file)', path));
		}
	}
	return { files, problems, sites };
}

/**
 * A file found in a folder, read by the one rule for files read on their own (the file system's: a regular file, not a
 * FIFO or a device a link leads to, opened without waiting), at most what a crawler reads of a robots.txt and 1 MiB of
 * a page; `notes` says when one was cut.
 */
export async function readFound(file: LintFile, uri: string, notes: string[]): Promise<Uint8Array> {
	const limit = file.kind === 'robots' ? fileLimits.robots : fileLimits.page;
	const read = await nodeFileSystem.readFile(uri, limit);
	if (read.truncated) {
		notes.push(cutNote(relative(process.cwd(), file.path) || file.path, limit));
	}
	return read.bytes;
}
