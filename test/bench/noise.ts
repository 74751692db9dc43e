/**
 * `npm run noise`: how many problems the corpus shows under the defaults before and after the crawler model, by
 * severity, and which warnings or errors went missing (none may concern a default crawler).
 */

import { measureNoise, type NoiseCounts } from '../util/noise';

const report = measureNoise();
const row = (label: string, counts: NoiseCounts) =>
	`${label.padEnd(46)} ${String(counts.bySeverity[1]).padStart(7)} ${String(counts.bySeverity[2]).padStart(8)} ${String(counts.bySeverity[3]).padStart(12)} ${String(counts.bySeverity[4]).padStart(6)}   ${counts.filesWithProblems} of ${counts.files}`;
console.log(
	`${''.padEnd(46)} ${'errors'.padStart(7)} ${'warnings'.padStart(8)} ${'information'.padStart(12)} ${'hints'.padStart(6)}   files with a non-hint problem`,
);
console.log(row('before: RFC 9309, Google, Yandex, 1996 draft', report.before));
console.log(row('before, without the 1996 draft', report.withoutDraft));
console.log(row('now: the default crawlers', report.after));
console.log(
	`warnings and errors of the old defaults missing now: ${report.lost.length + report.lostToDraft.length}, `
		+ `of which ${report.lostToDraft.length} concern only first-match (1996-draft) robots and ${report.lost.length} concern a default crawler`,
);
for (const entry of report.lost.slice(0, 20)) {
	console.log(`  lost: ${entry}`);
}
