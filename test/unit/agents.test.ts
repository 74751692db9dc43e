/**
 * `selectGroups` answers from a per-model index of User-agent lines; here it must agree with a scan of every line
 * (the selection rules of each dialect written out plainly), on random files and on the real-world corpus.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allDialects, knownCrawlers, parse, selectGroups, type Dialect, type Group, type GroupSelection, type RobotsModel } from '../../core/src/index';
import { agentValue, googleProductToken, isGlobalAgentValue, robotName, yandexRobot } from '../../core/src/matching/agents';
import { sharedDir } from '../util/fixtures';

/** The selection by a pass over every group and User-agent line. */
function scan(model: RobotsModel, dialect: Dialect, agent: string): GroupSelection {
	const groups = model.grouping(dialect).groups;
	const none: GroupSelection = { kind: 'none', groups: [], matchedLines: [] };
	const pick = (specific: [Group, number][], global: [Group, number][]): GroupSelection =>
		specific.length > 0
			? { kind: 'specific', groups: specific.map(([group]) => group), matchedLines: specific.map(([, line]) => line) }
			: global.length > 0
				? { kind: 'fallback', groups: global.map(([group]) => group), matchedLines: global.map(([, line]) => line) }
				: none;
	if (dialect === 'draft1996' || dialect === 'original1994') {
		const name = robotName(agent).toLowerCase();
		let fallback: [Group, number] | undefined;
		for (const group of groups.filter((candidate) => candidate.rules.length > 0)) {
			for (const line of group.userAgents) {
				const value = model.valueText(line);
				if (value === '*') {
					fallback ??= [group, line];
				} else if (name.includes(value.toLowerCase())) {
					return pick([[group, line]], []);
				}
			}
		}
		return pick([], fallback ? [fallback] : []);
	}
	const robot = yandexRobot(agent);
	const specific: [Group, number, number][] = [];
	const global: [Group, number][] = [];
	for (const group of groups) {
		let best: [number, number] | undefined;
		let globalLine = -1;
		for (const line of group.userAgents) {
			const value = agentValue(model, line, dialect);
			if (isGlobalAgentValue(value, dialect)) {
				globalLine = globalLine < 0 ? line : globalLine;
				continue;
			}
			const lower = value.toLowerCase();
			const length =
				dialect === 'yandex'
					? lower.startsWith(robot.requiredPrefix.toLowerCase()) && robot.fullName.toLowerCase().startsWith(lower)
						? lower.length
						: 0
					: (dialect === 'google' ? googleProductToken(value).toLowerCase() === agent.toLowerCase() : lower === agent.trim().toLowerCase())
						? 1
						: 0;
			if ((dialect === 'yandex' ? length > 0 : length === 1) && (!best || length > best[1])) {
				best = [line, length];
			}
		}
		if (best) {
			specific.push([group, best[0], best[1]]);
		} else if (globalLine >= 0) {
			global.push([group, globalLine]);
		}
	}
	// Yandex: the longest value wins; groups with equally long values are merged.
	const longest = Math.max(0, ...specific.map(([, , length]) => length));
	return pick(
		specific.filter(([, , length]) => length === longest).map(([group, line]) => [group, line]),
		global,
	);
}

function differences(model: RobotsModel, agents: readonly string[]): string[] {
	const found: string[] = [];
	for (const dialect of allDialects) {
		for (const agent of agents) {
			const indexed = selectGroups(model, dialect, agent);
			const expected = scan(model, dialect, agent);
			if (
				indexed.kind !== expected.kind
				|| JSON.stringify(indexed.matchedLines) !== JSON.stringify(expected.matchedLines)
				|| indexed.groups.some((group, i) => group !== expected.groups[i])
			) {
				found.push(
					`${dialect} ${JSON.stringify(agent)}: ${indexed.kind} ${JSON.stringify(indexed.matchedLines)}, expected ${expected.kind} ${JSON.stringify(expected.matchedLines)}`,
				);
			}
		}
	}
	return found;
}

const agents = [
	'Googlebot',
	'googlebot-image',
	'YandexBot',
	'YandexBot/3.0',
	'Yandex',
	'YandexImages',
	'bot',
	'Bingbot',
	'Foo Bar',
	'',
	'*',
	' ot ',
	'Mozilla/5.0 (compatible; Googlebot/2.1)',
];

test('selectGroups agrees with a scan of every line on random files', () => {
	const value = fc.constantFrom(
		'*',
		'* x',
		'',
		'Googlebot',
		'googlebot/2.1',
		'Googlebot-Image',
		'Google bot',
		'Yandex',
		'YANDEX',
		'YandexBot',
		'yandexbot/3.0',
		'YandexBot/3.0 extra',
		'Yand',
		'bot',
		'ot',
		'Bingbot',
		'*bot',
		'Foo',
		'Foo Bar',
		'Mozilla',
	);
	const line = fc.oneof(
		value.map((v) => `User-agent: ${v}`),
		fc.constantFrom('Disallow: /', 'Allow: /a', 'Disallow:', '', '# c', 'Crawl-delay: 1'),
	);
	fc.assert(
		fc.property(fc.array(line, { maxLength: 16 }), (lines) => {
			assert.deepEqual(differences(parse(lines.join('\n')), agents), []);
		}),
		{ numRuns: 500 },
	);
});

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

test('selectGroups agrees with a scan of every line for known crawlers on the corpus', {
	skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
}, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	// A third of the known crawlers keeps the scan (the slow side) to a couple of seconds.
	const tokens = [...agents, ...knownCrawlers.filter((_, i) => i % 3 === 0).map((crawler) => crawler.token)];
	const failures: string[] = [];
	for (const name of names) {
		const model = parse(decoder.decode(readFileSync(join(corpusDir, name))));
		failures.push(
			...differences(model, tokens)
				.slice(0, 3)
				.map((line) => `${name}: ${line}`),
		);
	}
	assert.deepEqual(failures, []);
	// A floor, so that a filter cannot make this pass on nothing.
	assert.ok(names.length >= 900 && tokens.length >= 20, `${names.length} files, ${tokens.length} crawler tokens`);
});
