/**
 * What the command line accepts as a URL to test, and why it rejects the rest: the core's `checkUrl`, which the test
 * bench and expectations files use too, so that every front end accepts the same inputs.
 */

import { checkUrl, type UrlListChecker } from '../../core/src/index';
import { readLines, tooLongMessage } from './lines';

export { checkUrl };

/** One URL to test: from the command line, or from a line of the `--urls` file. */
export interface UrlInput {
	/** The URL; empty for a line too long to read. */
	readonly url: string;
	/** The 1-based line of the `--urls` file; undefined for a URL given as an argument. */
	readonly inputLine?: number;
	/** A line longer than the cap: not read, reported in place. */
	readonly tooLong?: true;
}

/**
 * The URLs of the command line, then those of a `--urls` file as it is read (in batches, never the whole file): one a
 * line, without blank lines and `#` comment lines. The file is opened before the first batch is asked for.
 */
export function urlInputs(urls: readonly string[], path: string | undefined): AsyncGenerator<UrlInput[]> {
	const lines = path === undefined ? undefined : readLines(path);
	return (async function* () {
		if (urls.length > 0) {
			yield urls.map((url): UrlInput => ({ url }));
		}
		if (lines === undefined) {
			return;
		}
		for await (const batch of lines) {
			const inputs: UrlInput[] = [];
			for (const line of batch) {
				if ('tooLong' in line) {
					inputs.push({ url: '', inputLine: line.line, tooLong: true });
					continue;
				}
				const url = line.text.trim();
				if (url !== '' && !url.startsWith('#')) {
					inputs.push({ url, inputLine: line.line });
				}
			}
			yield inputs;
		}
	})();
}

/** Why an input cannot be tested, or undefined when it can; `checker` checks the URLs of one list (`UrlListChecker`). */
export function inputProblem(input: UrlInput, checker?: UrlListChecker): string | undefined {
	return input.tooLong ? tooLongMessage() : checker ? checker.check(input.url) : checkUrl(input.url);
}
