/**
 * The corpus's diagnostics under the defaults before and after the crawler model: the old defaults compared four
 * parsers (RFC 9309, Google, Yandex, the 1996 draft) and named parsers; the new ones answer for the default crawlers,
 * whose parsers are RFC 9309, Google and Yandex. Used by the noise test and printed by `npm run noise`.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeDiagnostics, decodeRobotsBytes, defaultAnalysisOptions, parse, type AnalysisOptions } from '../../core/src/index';
import { sharedDir } from './fixtures';

export const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

/** The defaults before the crawler model: no target crawlers, four parsers. */
export const oldDefaults: AnalysisOptions = { ...defaultAnalysisOptions, crawlers: [], dialects: ['rfc9309', 'google', 'yandex', 'draft1996'] };
/** The old defaults without the 1996 draft: the parsers the new defaults' crawlers run. */
export const oldWithoutDraft: AnalysisOptions = { ...oldDefaults, dialects: ['rfc9309', 'google', 'yandex'] };

export interface NoiseCounts {
	readonly files: number;
	/** Problems by severity (1 error … 4 hint). */
	readonly bySeverity: readonly number[];
	/** Files with a problem above hint. */
	readonly filesWithProblems: number;
}

export interface NoiseReport {
	readonly before: NoiseCounts;
	readonly withoutDraft: NoiseCounts;
	readonly after: NoiseCounts;
	/** Warnings and errors of the old defaults missing from the new ones, as `file:line:col code`. */
	readonly lost: readonly string[];
	/** Of those, the ones the old defaults reported only because they compared the 1996 draft. */
	readonly lostToDraft: readonly string[];
}

const key = (name: string, d: { range: { start: { line: number; character: number } }; code?: string | number }) =>
	`${name}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`;

/** Runs the three option sets over every corpus file. */
export function measureNoise(): NoiseReport {
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	const counts = () => ({ bySeverity: [0, 0, 0, 0, 0], files: 0 });
	const before = counts();
	const withoutDraft = counts();
	const after = counts();
	const lost: string[] = [];
	const lostToDraft: string[] = [];
	for (const name of names) {
		const model = parse(decodeRobotsBytes(readFileSync(join(corpusDir, name))));
		const run = (options: AnalysisOptions, into: { bySeverity: number[]; files: number }) => {
			const diagnostics = computeDiagnostics(model, { ...options, fileName: 'robots.txt' });
			for (const diagnostic of diagnostics) {
				into.bySeverity[diagnostic.severity ?? 1]++;
			}
			if (diagnostics.some((diagnostic) => (diagnostic.severity ?? 1) < 4)) {
				into.files++;
			}
			return diagnostics;
		};
		const serious = (list: ReturnType<typeof run>) => new Set(list.filter((d) => (d.severity ?? 1) <= 2).map((d) => key(name, d)));
		const old = serious(run(oldDefaults, before));
		const oldParsers = serious(run(oldWithoutDraft, withoutDraft));
		const now = serious(run(defaultAnalysisOptions, after));
		for (const entry of old) {
			if (!now.has(entry)) {
				(oldParsers.has(entry) ? lost : lostToDraft).push(entry);
			}
		}
	}
	const finish = (c: { bySeverity: number[]; files: number }): NoiseCounts => ({ files: names.length, bySeverity: c.bySeverity, filesWithProblems: c.files });
	return { before: finish(before), withoutDraft: finish(withoutDraft), after: finish(after), lost, lostToDraft };
}
