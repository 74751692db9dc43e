/**
 * "Block AI training crawlers" and "Allow AI training crawlers": the edit adds or extends one group from the
 * catalogue's ai-training category, and the diff proves it, file by file over the real-world corpus: no crawler
 * outside that category changes a verdict or a reading, and every AI training crawler it names ends up blocked
 * (or allowed at `/`). The third action writes the preference lines in the `*` group: no verdict of any dialect or
 * crawler changes, and every dialect binds them to `*`.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver-types';
import {
	aiTrainingCrawlers,
	allDialects,
	bindPreferences,
	computeAiTrainingActions,
	describeChange,
	diffRobots,
	evaluate,
	evaluateAs,
	knownCrawlers,
	parse,
	preferencesAs,
	probeUrls,
} from '../../core/src/index';
import { joinLines, repoRoot, sharedDir } from '../util/fixtures';

const uri = 'file:///site/robots.txt';
const others = knownCrawlers.filter((crawler) => crawler.category !== 'ai-training').map((crawler) => crawler.token);
const aiTokens = aiTrainingCrawlers().map((crawler) => crawler.token);

function apply(text: string, action: CodeAction): string {
	const edits = action.edit?.changes?.[uri] ?? [];
	return TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), edits);
}

function actionFor(text: string, which: 'Block' | 'Allow'): CodeAction | undefined {
	return computeAiTrainingActions(parse(text), uri).find((action) => action.title.startsWith(which));
}

/** What the edit changed for crawlers outside the ai-training category: must be nothing. */
function collateral(before: string, after: string): string[] {
	const diff = diffRobots(parse(before), parse(after), { crawlers: others });
	return [
		...diff.changes.map(describeChange),
		...diff.flips.slice(0, 3).map((flip) => `${flip.crawler} ${flip.url}: ${flip.before.verdict} -> ${flip.after.verdict}`),
	];
}

describe('Block AI training crawlers', () => {
	test("adds one group before the first group, after the file's header comment", () => {
		const text = joinLines('# Example site', 'User-agent: *', 'Disallow: /private/', '', 'User-agent: Googlebot', 'Disallow: /search', '');
		const action = actionFor(text, 'Block')!;
		assert.equal(action.kind, 'source.robotsTxt.blockAiTraining');
		const after = apply(text, action);
		const lines = after.split('\n');
		assert.equal(lines[0], '# Example site');
		assert.equal(lines[1], '# AI training crawlers: no use of this site to train models.');
		assert.deepEqual(
			lines.slice(2, 2 + aiTokens.length),
			aiTokens.map((token) => `User-agent: ${token}`),
		);
		assert.equal(lines[2 + aiTokens.length], 'Disallow: /');
		assert.equal(lines[3 + aiTokens.length], '');
		assert.equal(lines[4 + aiTokens.length], 'User-agent: *');
		assert.deepEqual(collateral(text, after), []);
		for (const token of aiTokens) {
			assert.equal(evaluateAs(parse(after), token, '/anything').verdict, 'disallow', token);
		}
		// Nothing is left to block: the action is no longer offered.
		assert.equal(actionFor(after, 'Block'), undefined);
	});

	test("extends the file's AI training group with the crawlers it lacks; CRLF kept", () => {
		const text = joinLines('User-agent: GPTBot', 'User-agent: CCBot', 'Disallow: /', '', 'User-agent: *', 'Allow: /', '').replace(/\n/g, '\r\n');
		const after = apply(text, actionFor(text, 'Block')!);
		const lines = after.split('\r\n');
		assert.deepEqual(lines.slice(0, 2), ['User-agent: GPTBot', 'User-agent: CCBot']);
		assert.equal(lines.filter((line) => line.startsWith('User-agent: ')).length, aiTokens.length + 1);
		assert.equal(lines.filter((line) => line === 'Disallow: /').length, 1);
		assert.ok(!after.replace(/\r\n/g, '').includes('\n'));
		assert.deepEqual(collateral(text, after), []);
	});

	test('Allow then Block toggles the same group', () => {
		const text = joinLines('User-agent: *', 'Disallow: /', '');
		const allowed = apply(text, actionFor(text, 'Allow')!);
		assert.match(
			allowed,
			/# AI training crawlers: allowed to use this site to train models\.\nUser-agent: Google-Extended\n[\s\S]*Allow: \/\n\nUser-agent: \*/,
		);
		assert.equal(evaluateAs(parse(allowed), 'GPTBot', '/x').verdict, 'allow');
		assert.deepEqual(collateral(text, allowed), []);
		const blocked = apply(allowed, actionFor(allowed, 'Block')!);
		assert.equal(blocked, allowed.replace('Allow: /', 'Disallow: /'));
		assert.deepEqual(collateral(allowed, blocked), []);
	});

	test('a file with no group gets the group at its end', () => {
		const text = 'Sitemap: https://example.com/sitemap.xml';
		const after = apply(text, actionFor(text, 'Block')!);
		assert.ok(after.startsWith('Sitemap: https://example.com/sitemap.xml\n\n# AI training crawlers'));
		assert.deepEqual(collateral(text, after), []);
	});

	test('a file near the size search engines read is left alone, with the reason', () => {
		const text = `User-agent: *\nDisallow: /x\n${'# padding\n'.repeat(51_150)}`;
		const action = actionFor(text, 'Block')!;
		assert.equal(action.edit, undefined);
		assert.match(action.disabled?.reason ?? '', /^This file would be [\d,]+ bytes, over the 512,000 bytes \S+ reads/);
	});

	test('a crawler blocked at / is offered the block when any path of the file is open to it, however far down', () => {
		// Every AI training crawler follows `*`, which blocks `/` and opens one folder, named after 600 other paths
		// (more than one batch of probe URLs).
		const text = joinLines('User-agent: *', 'Disallow: /', ...Array.from({ length: 600 }, (_, i) => `Disallow: /d${i}`), 'Allow: /zz-open/', '');
		// RFC 9309 §2.2.2: the longest match decides, so GPTBot may fetch /zz-open/.
		assert.equal(evaluateAs(parse(text), 'GPTBot', '/zz-open/page').verdict, 'allow');
		assert.match(actionFor(text, 'Block')?.title ?? '', /^Block AI training crawlers \(Google-Extended, GPTBot, ClaudeBot and \d+ more\)$/);
		assert.match(actionFor(text, 'Allow')?.title ?? '', /^Allow AI training crawlers \(Google-Extended, GPTBot, ClaudeBot and \d+ more\)$/);
		// Closed again, nothing is left to block.
		assert.equal(actionFor(text.replace('Allow: /zz-open/', 'Disallow: /zz-open/'), 'Block'), undefined);
	});

	test('a crawler the file names in a group of its own keeps that group: the action does not name it again', () => {
		// A second GPTBot group would merge with the first (RFC 9309 §2.2.1), and its Allow would still win at
		// /zz-open/ (the longest match): the site's own GPTBot group is the place to change.
		const text = joinLines('User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /', 'Allow: /zz-open/', '');
		const action = actionFor(text, 'Block')!;
		const after = apply(text, action);
		assert.equal(after.match(/^User-agent: GPTBot$/gm)?.length, 1);
		assert.doesNotMatch(action.title, /GPTBot/);
		assert.match(after, /^User-agent: ClaudeBot$/m);
		assert.deepEqual(collateral(text, after), []);
	});

	test('on the worked examples', () => {
		for (const file of ['examples/robots.txt', 'examples/marys-antiques/robots.txt']) {
			const text = readFileSync(join(repoRoot, file), 'utf8');
			assert.deepEqual(collateral(text, apply(text, actionFor(text, 'Block')!)), [], file);
		}
	});
});

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

/** Every fifth file of the real-world corpus, from the `offset`-th, in name order. */
function* everyFifthCorpusFile(offset: number): Generator<{ name: string; text: string }> {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	for (let index = offset; index < names.length; index += 5) {
		yield { name: names[index], text: decoder.decode(readFileSync(join(corpusDir, names[index]))) };
	}
}

test('on the corpus, the edit changes no verdict of any crawler outside ai-training, and blocks those it names', {
	skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
}, () => {
	const failures: string[] = [];
	let edited = 0;
	// Every fifth file; the files over search engines' size limits get a disabled action instead.
	for (const { name, text } of everyFifthCorpusFile(0)) {
		const action = actionFor(text, 'Block');
		if (!action?.edit) {
			continue;
		}
		edited++;
		const after = apply(text, action);
		const found = collateral(text, after);
		if (found.length > 0) {
			failures.push(`${name}: ${found.join(' ')}`);
		}
		const named = action.title.includes('(') ? aiTokens.filter((token) => after.includes(`User-agent: ${token}`)) : [];
		const model = parse(after);
		for (const token of named) {
			for (const probe of ['/', ...probeUrls(model, model).slice(0, 50)]) {
				const evaluation = evaluateAs(model, token, probe);
				if (evaluation.verdict === 'allow' && evaluation.reason !== 'robots-txt' && evaluation.reading.follows !== 'own-token') {
					failures.push(`${name}: ${token} still may fetch ${probe}: ${evaluation.reason}`);
					break;
				}
			}
		}
		if (failures.length > 5) {
			break;
		}
	}
	assert.deepEqual(failures, []);
	assert.ok(edited > 120, `only ${edited} files edited`);
});

/** The preference lines' action: its title starts so, and it is the third action when offered. */
function preferenceActionFor(text: string): CodeAction | undefined {
	return computeAiTrainingActions(parse(text), uri).find((action) => action.title.startsWith('Ask in the * group'));
}

/** Every Content-Signal and Content-Usage line of the file, as each dialect binds it: the User-agent values of its group. */
function boundTo(text: string): Map<string, string[][]> {
	const model = parse(text);
	const found = new Map<string, string[][]>();
	for (const dialect of allDialects) {
		const groups = model.grouping(dialect).groups;
		const binding = bindPreferences(model, dialect);
		const holders: string[][] = [];
		for (const [index, bound] of binding.groups) {
			for (const line of [...bound.contentSignal, ...bound.contentUsage]) {
				holders[line.line] = groups[index].userAgents.map((agent) => model.valueText(agent));
			}
		}
		for (const line of binding.outside) {
			holders[line.line] = [];
		}
		found.set(
			dialect,
			holders.filter((holder) => holder !== undefined),
		);
	}
	return found;
}

describe('Block AI training with the preference lines of the * group', () => {
	test("adds Content-Signal: ai-train=no and Content-Usage: train-ai=n after the * group's User-agent lines, bound to * in every dialect", () => {
		const text = joinLines('# Example site', 'User-agent: *', 'Disallow: /private/', '', 'User-agent: Googlebot', 'Disallow: /search', '');
		const action = preferenceActionFor(text)!;
		assert.equal(action.kind, 'source.robotsTxt.blockAiTraining');
		assert.match(action.title, /Content-Signal: ai-train=no and Content-Usage: train-ai=n/);
		assert.match(action.title, /no major crawler documents honouring either yet; Cloudflare writes Content-Signal/);
		const after = apply(text, action);
		const lines = after.split('\n');
		assert.deepEqual(lines.slice(0, 2), ['# Example site', 'User-agent: *']);
		assert.match(lines[2], /^# AI training: Content-Signal \(Cloudflare's Content Signals Policy\) and Content-Usage \(IETF AI Preferences\)/);
		assert.deepEqual(lines.slice(4, 7), ['Content-Signal: ai-train=no', 'Content-Usage: train-ai=n', 'Disallow: /private/']);
		for (const [dialect, holders] of boundTo(after)) {
			assert.deepEqual(holders, [['*'], ['*']], dialect);
		}
		// contentsignals.org: ai-train=no; vocab §6.1: train-ai=n. Both for a crawler that follows *.
		assert.deepEqual(preferencesAs(parse(after), 'CCBot', '/page').contentSignal?.signals, { 'ai-train': 'no' });
		assert.deepEqual(preferencesAs(parse(after), 'CCBot', '/page').contentUsage?.preferences, { 'train-ai': 'n' });
		// Nothing is left to say: the action is no longer offered, and the other two still are.
		assert.equal(preferenceActionFor(after), undefined);
		assert.ok(actionFor(after, 'Block'));
	});

	test('a file without a * group gets one with Allow: / before its first group, bound to * in every dialect', () => {
		const text = joinLines('User-agent: GPTBot', 'Disallow: /', '', 'User-agent: Googlebot', 'Disallow: /search', '');
		const after = apply(text, preferenceActionFor(text)!);
		assert.ok(after.startsWith('User-agent: *\n# AI training: '));
		assert.ok(after.endsWith(joinLines('Content-Signal: ai-train=no', 'Content-Usage: train-ai=n', 'Allow: /', '', text)));
		for (const [dialect, holders] of boundTo(after)) {
			assert.deepEqual(holders, [['*'], ['*']], dialect);
		}
		assert.deepEqual(verdictChanges(text, after), []);
	});

	test('the lines the group has are changed, never written again: a later ai-train replaces an earlier one, and n wins in Content-Usage', () => {
		// Cloudflare's managed file says ai-train=yes at first for some sites: the value becomes no, the other keys stay.
		const stated = joinLines('User-agent: *', 'Content-Signal: search=yes, ai-train=yes', 'Content-Usage: search=y', 'Allow: /', '');
		assert.equal(
			apply(stated, preferenceActionFor(stated)!),
			joinLines('User-agent: *', 'Content-Signal: search=yes, ai-train=no', 'Content-Usage: search=y, train-ai=n', 'Allow: /', ''),
		);
		// A bare key is Boolean true, which vocab §6.5 reads as unknown: it gets the value n.
		const bare = joinLines('User-agent: *', 'Content-Signal: search=yes', 'Content-Usage: train-ai', 'Allow: /', '');
		assert.equal(
			apply(bare, preferenceActionFor(bare)!),
			joinLines('User-agent: *', 'Content-Signal: search=yes, ai-train=no', 'Content-Usage: train-ai=n', 'Allow: /', ''),
		);
		// Two path-less lines apply together and n wins (vocab §5.1); a later Content-Signal value replaces an earlier one.
		const said = joinLines(
			'User-agent: *',
			'Content-Signal: ai-train=yes',
			'Content-Usage: train-ai=y',
			'Content-Usage: train-ai=n',
			'Content-Signal: ai-train=no',
			'',
		);
		assert.equal(preferenceActionFor(said), undefined);
		// A Content-Usage line with a path is the site's choice for those paths: a path-less line is added beside it.
		const path = joinLines('User-agent: *', 'Content-Usage: /docs/ train-ai=y', 'Content-Signal: ai-train=no', '');
		assert.equal(
			apply(path, preferenceActionFor(path)!)
				.split('\n')
				.filter((line) => line.startsWith('Content-'))
				.join(' | '),
			'Content-Usage: train-ai=n | Content-Usage: /docs/ train-ai=y | Content-Signal: ai-train=no',
		);
	});

	test('a file near the size search engines read is left alone, with the reason', () => {
		const text = `User-agent: *\nDisallow: /x\n${'# padding\n'.repeat(51_190)}`;
		const action = preferenceActionFor(text)!;
		assert.equal(action.edit, undefined);
		assert.match(action.disabled?.reason ?? '', /^This file would be [\d,]+ bytes, over the 512,000 bytes \S+ reads/);
	});
});

/** The verdicts that differ between two versions: every dialect for a crawler of `*` and those the file names, and every crawler of the catalogue. */
function verdictChanges(before: string, after: string): string[] {
	const old = parse(before);
	const now = parse(after);
	const urls = ['/', ...probeUrls(old, now).slice(0, 60)];
	const agents = ['SomeBot', ...new Set(old.grouping('rfc9309').groups.flatMap((group) => group.userAgents.map((line) => old.valueText(line))))].slice(0, 8);
	const changes: string[] = [];
	for (const dialect of allDialects) {
		for (const agent of agents) {
			for (const url of urls) {
				const was = evaluate(old, { agent, url, dialect }).verdict;
				const is = evaluate(now, { agent, url, dialect }).verdict;
				if (was !== is) {
					changes.push(`${dialect} ${agent} ${url}: ${was} -> ${is}`);
				}
			}
		}
	}
	const diff = diffRobots(old, now, { crawlers: knownCrawlers.map((crawler) => crawler.token) });
	return [...changes, ...diff.flips.slice(0, 3).map((flip) => `${flip.crawler} ${flip.url}: ${flip.before.verdict} -> ${flip.after.verdict}`)];
}

test('on the corpus, the preference lines change no verdict in any dialect or of any crawler, and bind to * in every dialect', {
	skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
}, () => {
	const failures: string[] = [];
	let edited = 0;
	let created = 0;
	for (const { name, text } of everyFifthCorpusFile(2)) {
		const action = preferenceActionFor(text);
		if (!action?.edit) {
			continue;
		}
		edited++;
		const after = apply(text, action);
		if (
			!parse(text)
				.grouping('rfc9309')
				.groups.some((group) => group.userAgents.some((line) => parse(text).valueText(line) === '*'))
		) {
			created++;
		}
		failures.push(...verdictChanges(text, after).map((change) => `${name}: ${change}`));
		for (const [dialect, holders] of boundTo(after)) {
			if (holders.length !== 2 || holders.some((holder) => !holder.includes('*'))) {
				failures.push(`${name}: ${dialect} binds the lines to ${JSON.stringify(holders)}`);
			}
		}
		if (failures.length > 5) {
			break;
		}
	}
	assert.deepEqual(failures, []);
	assert.ok(edited > 120, `only ${edited} files edited`);
	assert.ok(created > 0, 'no file without a * group was edited');
});
