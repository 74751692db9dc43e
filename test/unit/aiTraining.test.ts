/**
 * "Block AI training crawlers" and "Allow AI training crawlers": the edit adds or extends one group from the
 * catalogue's ai-training category, and the diff proves it, file by file over the real-world corpus: no crawler
 * outside that category changes a verdict or a reading, and every AI training crawler it names ends up blocked
 * (or allowed at `/`).
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver-types';
import { aiTrainingCrawlers, computeAiTrainingActions, describeChange, diffRobots, evaluateAs, knownCrawlers, parse, probeUrls } from '../../core/src/index';
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

test('on the corpus, the edit changes no verdict of any crawler outside ai-training, and blocks those it names', {
	skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
}, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	const failures: string[] = [];
	let edited = 0;
	for (const [index, name] of names.entries()) {
		// Every fifth file; the files over search engines' size limits get a disabled action instead.
		if (index % 5 !== 0) {
			continue;
		}
		const text = decoder.decode(readFileSync(join(corpusDir, name)));
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
