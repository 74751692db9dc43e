/**
 * One model, one answer: for every fixture file, crawler and URL, Test URL, Test URL for All Crawlers, the code
 * lenses, the group hovers, the file-size diagnostic and the CLI render what the crawler model says
 * (`readAs`/`evaluateAs`), and fail on any disagreement. Each feature is asked with that crawler as the only target,
 * so its text can be read back without lists cut to a handful of names.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	computeCodeLenses,
	computeDiagnostics,
	computeHover,
	defaultAnalysisOptions,
	defaultCrawlers,
	evaluateAs,
	parse,
	readAs,
	testUrl,
	testUrlAll,
	type AnalysisOptions,
	type RobotsModel,
} from '../../core/src/index';
import { fixturesDir, readFixture, repoRoot } from '../util/fixtures';

interface Sample {
	readonly name: string;
	readonly text: string;
	readonly urls: readonly string[];
}

/** The match fixtures' files and URLs, the Test URL fixtures, the example, and a file over 500 KiB. */
function samples(): Sample[] {
	const out: Sample[] = [];
	for (const file of readdirSync(join(fixturesDir, 'match')).filter((name) => name.endsWith('.json'))) {
		const { suites } = JSON.parse(readFixture('match', file)) as { suites: { name: string; robots: string; cases: { url: string }[] }[] };
		for (const suite of suites) {
			out.push({ name: `${file}: ${suite.name}`, text: suite.robots, urls: [...new Set(suite.cases.map((c) => c.url))].slice(0, 12) });
		}
	}
	for (const file of readdirSync(join(fixturesDir, 'testUrl')).filter((name) => name.endsWith('.robots.txt'))) {
		const text = readFixture('testUrl', file);
		out.push({ name: file, text, urls: [...text.matchAll(/^# test \S+ (\S+)$/gm)].map((match) => match[1]) });
	}
	out.push({
		name: 'examples/robots.txt',
		text: readFixture('..', '../examples/robots.txt'),
		urls: ['/', '/private/x', '/search?q=a', '/a.pdf', '/private/press-kit.pdf'],
	});
	const big = `User-agent: *\nDisallow: /early\n# ${'x'.repeat(520 * 1024)}\nUser-agent: *\nDisallow: /late\n`;
	out.push({ name: 'over 500 KiB', text: big, urls: ['/early', '/late'] });
	return out;
}

const crawlers = [...defaultCrawlers, 'AdsBot-Google', 'YaDirectFetcher', 'Python-urllib', 'Storebot-Google', 'FooBot'];
const uri = 'file:///site/robots.txt';

function only(token: string): AnalysisOptions {
	return { ...defaultAnalysisOptions, crawlers: [token], dialects: [] };
}

function hoverText(model: RobotsModel, line: number, options: AnalysisOptions): string {
	const hover = computeHover(model, { line, character: model.lines[line].valueStart }, options);
	return hover ? (hover.contents as { value: string }).value : '';
}

test("Test URL, the all-crawlers table, lenses, hovers and diagnostics render the crawler model's answer", () => {
	const failures: string[] = [];
	for (const sample of samples()) {
		const model = parse(sample.text);
		const groups = model.grouping('rfc9309').groups;
		for (const token of crawlers) {
			const options = only(token);
			const reading = readAs(model, token);
			const followedLines = new Set(reading.selection.groups.flatMap((group) => group.userAgents));
			// Lenses and hovers: a group is followed iff the reading's groups hold one of its User-agent lines.
			const lenses = computeCodeLenses(model, options, uri);
			for (const group of groups) {
				const follows = group.userAgents.some((line) => followedLines.has(line));
				const lens = lenses.find((candidate) => candidate.range.start.line === group.firstLine && candidate.command?.command === 'robotsTxt.revealLine');
				const lensSays = lens?.command?.title.startsWith(`Followed by ${token} (1 of your 1 crawlers)`) ?? false;
				if (lensSays !== follows) {
					failures.push(`${sample.name}: ${token}: lens of line ${group.firstLine + 1} says ${lensSays}, the model ${follows}`);
				}
				// A hover on a line of a group: in the crawler's own parser the line may start a different group.
				const hoverSays = hoverText(model, group.firstLine, options).includes('**1 of your 1 crawlers follows this group.**');
				const ownGroup = model.grouping(reading.dialect).groups.find((candidate) => candidate.userAgents.includes(group.firstLine));
				const followsOwn = ownGroup !== undefined && reading.selection.groups.some((candidate) => candidate.firstLine === ownGroup.firstLine);
				if (hoverSays !== followsOwn) {
					failures.push(`${sample.name}: ${token}: hover of line ${group.firstLine + 1} says ${hoverSays}, the model ${followsOwn}`);
				}
			}
			// Test URL and the all-crawlers table: the same verdict, deciding line and line to select.
			const all = testUrlAll(model, 'placeholder', options);
			assert.equal(all.rows.length, 1);
			for (const url of sample.urls) {
				const evaluation = evaluateAs(model, token, url);
				const line = evaluation.rule ? evaluation.rule.line : null;
				const single = testUrl(model, { url, agent: token }, options);
				const row = testUrlAll(model, url, options).rows[0];
				for (const [what, answer] of [
					['Test URL', single],
					['all crawlers', row],
				] as const) {
					if (answer.verdict !== evaluation.verdict || answer.line !== line) {
						failures.push(`${sample.name}: ${token} ${url}: ${what} says ${answer.verdict} by ${answer.line}, the model ${evaluation.verdict} by ${line}`);
					}
				}
				const expectedSelect = line ?? reading.groups[0]?.line ?? null;
				if (single.selectLine !== expectedSelect) {
					failures.push(`${sample.name}: ${token} ${url}: Test URL selects ${single.selectLine}, the model's group is at ${expectedSelect}`);
				}
			}
			// The file-size problem names the crawler iff the crawler stops reading before the end.
			const tooLarge = computeDiagnostics(model, options).find((diagnostic) => diagnostic.code === 'file-too-large');
			const namesCut = tooLarge?.message.includes(`${token} reads only the first 500 KiB`) ?? false;
			if (namesCut !== (reading.extent.kind === 'cut')) {
				failures.push(`${sample.name}: ${token}: file-too-large says cut=${namesCut}, the model ${reading.extent.kind}`);
			}
		}
	}
	assert.deepEqual(failures.slice(0, 20), []);
});

test('the CLI answers each crawler as the model does', () => {
	const cli = join(repoRoot, 'cli', 'dist', 'cli.js');
	const work = mkdtempSync(join(tmpdir(), 'robots-agreement-'));
	const failures: string[] = [];
	for (const sample of samples()) {
		// --urls reads one URL a line and skips blank ones.
		const urls = sample.urls.filter((url) => url.trim() === url && url !== '' && !/[\r\n]/.test(url));
		if (urls.length === 0) {
			continue;
		}
		const file = join(work, 'robots.txt');
		writeFileSync(file, sample.text);
		const result = spawnSync(process.execPath, [cli, 'test', file, '--agent', crawlers.join(','), '--json', '--urls', '-'], {
			input: urls.join('\n'),
			encoding: 'utf8',
			maxBuffer: 64 << 20,
			env: { ...process.env, LC_ALL: 'C' },
		});
		assert.equal(result.status, 0, result.stderr);
		const answers = result.stdout
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line) as { url: string; agent: string; verdict: string; line: number | null; groups: number[] });
		const model = parse(sample.text);
		for (const answer of answers) {
			const evaluation = evaluateAs(model, answer.agent, answer.url);
			const groups = evaluation.reading.groups.map((group) => group.line + 1);
			if (
				answer.verdict !== evaluation.verdict
				|| answer.line !== (evaluation.rule ? evaluation.rule.line + 1 : null)
				|| answer.groups.join() !== groups.join()
			) {
				failures.push(
					`${sample.name}: ${answer.agent} ${answer.url}: CLI ${answer.verdict}/${answer.line}/${answer.groups}, model ${evaluation.verdict}/${evaluation.rule?.line}/${groups}`,
				);
			}
		}
		assert.equal(answers.length, urls.length * crawlers.length, sample.name);
	}
	assert.deepEqual(failures.slice(0, 20), []);
});
