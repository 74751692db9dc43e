/**
 * An action never leaves a new finding behind (issue 22, item 5): "Block AI training crawlers" wrote
 * `User-agent: Kangaroo Bot`, which our own linter flagged at once. Here every source action and every quick fix is
 * applied to the real-world files it applies to, and the result is linted again. A source action writes lines of its
 * own, so after it no code may have more findings than before. A quick fix must remove a finding of the code it
 * fixes and add none of that code; it may reveal what the broken line hid (a User-agent line that reads again can
 * duplicate another group; a first line freed of a broken byte order mark opens a group whose rules are then
 * checked), and those are counted and printed, not failed: they were in the file before the fix.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { computeAiTrainingActions, computeDiagnostics, defaultAnalysisOptions, parse, type DiagnosticData } from '../../core/src/index';
import { joinLines, sharedDir } from '../util/fixtures';

const uri = 'file:///site/robots.txt';
const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

function apply(text: string, edits: readonly TextEdit[]): string {
	return TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), [...edits]);
}

function lint(text: string): readonly Diagnostic[] {
	return computeDiagnostics(parse(text), defaultAnalysisOptions, uri);
}

function counts(diagnostics: readonly Diagnostic[]): Map<string, number> {
	const byCode = new Map<string, number>();
	for (const diagnostic of diagnostics) {
		byCode.set(String(diagnostic.code), (byCode.get(String(diagnostic.code)) ?? 0) + 1);
	}
	return byCode;
}

/** The codes with more findings after than before, with both counts. */
function added(before: Map<string, number>, after: Map<string, number>): string[] {
	return [...after].filter(([code, count]) => count > (before.get(code) ?? 0)).map(([code, count]) => `${code} ${before.get(code) ?? 0} -> ${count}`);
}

/** What applying each AI training action and each quick fix (one per code, the first found) to `text` adds. */
function newFindings(text: string): { checked: number; problems: string[]; revealed: string[] } {
	const before = lint(text);
	const beforeCounts = counts(before);
	const problems: string[] = [];
	const revealed: string[] = [];
	let checked = 0;
	for (const action of computeAiTrainingActions(parse(text), uri)) {
		const edits = action.edit?.changes?.[uri];
		if (edits === undefined) {
			continue;
		}
		checked++;
		for (const code of added(beforeCounts, counts(lint(apply(text, edits))))) {
			problems.push(`"${action.title}" adds ${code}`);
		}
	}
	const codesDone = new Set<string>();
	for (const diagnostic of before) {
		const code = String(diagnostic.code);
		const fixes = (diagnostic.data as Partial<DiagnosticData> | undefined)?.fixes ?? [];
		if (fixes.length === 0 || codesDone.has(code)) {
			continue;
		}
		codesDone.add(code);
		for (const fix of fixes) {
			checked++;
			const afterCounts = counts(lint(apply(text, fix.edits)));
			const where = `fix "${fix.title}" of ${code} on line ${diagnostic.range.start.line + 1}`;
			for (const more of added(beforeCounts, afterCounts)) {
				(more.startsWith(`${code} `) ? problems : revealed).push(`${where} adds ${more}`);
			}
			if ((afterCounts.get(code) ?? 0) >= (beforeCounts.get(code) ?? 0)) {
				problems.push(`${where} leaves every ${code} finding in place`);
			}
		}
	}
	return { checked, problems, revealed };
}

test('"Block AI training crawlers" leaves no finding behind: a crawler named as its owner documents it is not flagged', () => {
	const text = joinLines('User-agent: *', 'Disallow: /private/', '');
	const action = computeAiTrainingActions(parse(text), uri).find((candidate) => candidate.title.startsWith('Block'));
	assert.ok(action?.edit);
	const after = apply(text, action.edit.changes![uri]);
	assert.match(after, /^User-agent: Kangaroo Bot$/m, 'the catalogue documents this name with its space (ai.robots.txt writes it so)');
	assert.deepEqual(
		lint(after).map((diagnostic) => `${diagnostic.code} ${diagnostic.message}`),
		lint(text).map((diagnostic) => `${diagnostic.code} ${diagnostic.message}`),
	);
});

test('on the corpus, no source action or quick fix adds a finding, and each quick fix removes one', {
	skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
}, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	const failures: string[] = [];
	const revealed: string[] = [];
	let checked = 0;
	for (const [index, name] of names.entries()) {
		// Every seventh file, and none over 200 KB (each action or fix lints the whole file again).
		const bytes = readFileSync(join(corpusDir, name));
		if (index % 7 !== 0 || bytes.length > 200_000) {
			continue;
		}
		const result = newFindings(decoder.decode(bytes));
		checked += result.checked;
		failures.push(...result.problems.map((problem) => `${name}: ${problem}`));
		revealed.push(...result.revealed.map((problem) => `${name}: ${problem}`));
	}
	console.log(`${revealed.length} quick fixes reveal findings the broken line hid:\n  ${revealed.join('\n  ')}`);
	assert.deepEqual(failures, []);
	assert.ok(checked > 200, `only ${checked} actions and fixes checked`);
});
