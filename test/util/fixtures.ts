/**
 * Shared test helpers: locating the repository, fixtures and the shared corpus, and golden snapshots
 * (`UPDATE_SNAPSHOTS=1` rewrites them; a missing snapshot is written locally but fails when `CI` is set).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** The repository root (tests run from out/test/…). */
export const repoRoot = resolve(__dirname, '..', '..', '..');

/** The folders of the programs' sources (ARCHITECTURE.md's code map), for tests that read every source file. */
export const sourceRoots = ['core/src', 'io/src', 'server/src', 'cli/src', 'client'] as const;
export const fixturesDir = join(repoRoot, 'test', 'fixtures');
/** ../shared beside the checkout: the real-world corpus and the seeds. */
export const sharedDir = resolve(repoRoot, '..', 'shared');

/** What {@link writeFiles} makes of a name: a file with this text, a symbolic link to `link`, or a FIFO (mkfifo). */
export type FileSpec = string | { readonly link: string } | { readonly fifo: true };

/** Makes `folder` (and its parents) and the files given in it: regular files, symbolic links and FIFOs. */
export function writeFiles(folder: string, files: Readonly<Record<string, FileSpec>>): string {
	mkdirSync(folder, { recursive: true });
	for (const [name, spec] of Object.entries(files)) {
		if (typeof spec === 'string') {
			writeFileSync(join(folder, name), spec);
		} else if ('link' in spec) {
			symlinkSync(spec.link, join(folder, name));
		} else {
			execFileSync('mkfifo', [join(folder, name)]);
		}
	}
	return folder;
}

export function joinLines(...lines: string[]): string {
	return lines.join('\n');
}

/**
 * draft-ietf-aipref-attach-05 §3.4's example file and table ("/test: train-ai=n; /never/test: not crawled, so N/A;
 * /ai-ok/test: train-ai=y", ExampleBot with a group of its own), with a Content-Signal (contentsignals.org) in the
 * ExampleBot group and an RSL licence (rslstandard.org): the preference lines where a verdict is shown.
 */
export const attachExample = joinLines(
	'User-Agent: *',
	'Allow: /',
	'Disallow: /never/',
	'Content-Usage: train-ai=n',
	'Content-Usage: /ai-ok/ train-ai=y',
	'',
	'User-Agent: ExampleBot',
	'Allow: /',
	'Content-Usage: train-ai=y',
	'Content-Signal: search=yes, ai-train=no',
	'License: https://example.com/license.xml',
	'',
);

export function readFixture(...parts: string[]): string {
	return readFileSync(join(fixturesDir, ...parts), 'utf8');
}

/** Compares `actual` with the snapshot file, or writes it when asked to (or when missing, outside CI). */
export function assertSnapshot(path: string, actual: string): void {
	const update = process.env.UPDATE_SNAPSHOTS === '1';
	if (!existsSync(path) || update) {
		if (!update && process.env.CI) {
			assert.fail(`missing snapshot ${path} (run the tests with UPDATE_SNAPSHOTS=1 locally and commit it)`);
		}
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, actual);
		return;
	}
	assert.equal(actual, readFileSync(path, 'utf8'), `snapshot ${path} differs (UPDATE_SNAPSHOTS=1 rewrites it)`);
}

/** The text without its `|` cursor markers (the json language service's convention), and the marked positions. */
export function markers(input: string): { text: string; positions: Position[] } {
	const offsets: number[] = [];
	let text = '';
	for (const character of input) {
		if (character === '|') {
			offsets.push(text.length);
		} else {
			text += character;
		}
	}
	const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
	return { text, positions: offsets.map((offset) => document.positionAt(offset)) };
}
