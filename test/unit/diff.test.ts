/**
 * What an edit changes (`diffRobots`, `probeUrls`): edits that change no verdict (formatting, comments, reordering
 * rules where the longest match wins) report nothing on every corpus file; real edits report the crawlers whose
 * reading changed and the verdicts that flip, with the deciding line on both sides, as RFC 9309 and Google's
 * documentation decide them; and probe URLs are derived from both files' rules as specified.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { defaultCrawlers, defaultDiffCrawlers, describeChange, diffRobots, evaluateAs, formatDocument, parse, probeUrls } from '../../core/src/index';
import { joinLines, sharedDir } from '../util/fixtures';

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function format(text: string): string {
	const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, text);
	return TextDocument.applyEdits(document, formatDocument(parse(text)));
}

/**
 * A comment line at the top and a comment at the end of every third line. (A comment line between two User-agent lines
 * would be a real change: Yandex's parser reads it as a break between groups.)
 */
function withComments(text: string): string {
	const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
	const lines = text
		.slice(bom.length)
		.split('\n')
		.map((line, i) => (i % 3 === 2 && line.trim() !== '' ? line.replace(/(\r?)$/, ' # a note that changes nothing$1') : line));
	return bom + ['# A header that changes nothing', ...lines].join('\n');
}

/** Reverses each run of consecutive Allow/Disallow lines: the same rules, in the same group, in another order. */
function reverseRuleRuns(text: string): string {
	const lines = text.split('\n');
	const isRule = (line: string) => /^\s*(allow|disallow)\s*:/i.test(line);
	for (let i = 0; i < lines.length; ) {
		let j = i;
		while (j < lines.length && isRule(lines[j]) && lines[j].endsWith('\r') === lines[i].endsWith('\r')) {
			j++;
		}
		if (j - i > 1) {
			lines.splice(i, j - i, ...lines.slice(i, j).reverse());
		}
		i = Math.max(j, i + 1);
	}
	return lines.join('\n');
}

describe('edits that change no verdict report nothing', () => {
	test('on a small file: comments, formatting, rules reordered, groups reordered', () => {
		const before = joinLines('User-agent: *', 'Disallow: /private/', 'Allow: /private/ok', '', 'User-agent: Googlebot', 'Disallow: /nogoogle');
		const after = joinLines(
			'# Googlebot first now',
			'user-agent:googlebot',
			'disallow:/nogoogle',
			'',
			'User-agent: *',
			'Allow: /private/ok   # still open',
			'Disallow: /private/',
		);
		const diff = diffRobots(parse(before), parse(after), { crawlers: defaultDiffCrawlers(parse(before), parse(after), defaultCrawlers) });
		assert.equal(diff.probed, true);
		assert.deepEqual(diff.changes, []);
		assert.deepEqual(diff.flips, []);
	});

	test('on every corpus file: formatted, commented or rules reordered (one edit a file, in turn)', {
		skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
	}, () => {
		const names = readdirSync(corpusDir)
			.filter((name) => name.endsWith('.txt'))
			.sort();
		const failures: string[] = [];
		let flipsChecked = 0;
		for (const [index, name] of names.entries()) {
			const text = decoder.decode(readFileSync(join(corpusDir, name)));
			if (text.length > 300_000) {
				// Edits that add bytes move the end of what a size-limited crawler reads: a real change, not this test's.
				continue;
			}
			const before = parse(text);
			const edits = [
				['formatted', () => format(text)],
				['commented', () => withComments(text)],
				['rules reordered', () => reverseRuleRuns(text)],
			] as const;
			for (const [edit, apply] of [edits[index % 3]]) {
				const after = apply();
				const model = parse(after);
				const diff = diffRobots(before, model, { crawlers: defaultDiffCrawlers(before, model, defaultCrawlers).slice(0, 20) });
				flipsChecked += diff.urls.length * diff.crawlers.length;
				if (diff.changes.length > 0 || diff.flips.length > 0) {
					failures.push(
						`${name} ${edit}: ${diff.changes.map(describeChange).join(' ')} ${diff.flips
							.slice(0, 2)
							.map((flip) => JSON.stringify(flip))
							.join(' ')}`,
					);
				}
			}
			if (failures.length > 5) {
				break;
			}
		}
		assert.deepEqual(failures, []);
		assert.ok(flipsChecked > 500_000, `only ${flipsChecked} cells compared`);
	});
});

describe('edits that change verdicts', () => {
	const before = joinLines(
		'User-agent: *', // 1
		'Disallow: /private/', // 2
		'Allow: /private/press/', // 3
		'', // 4
		'User-agent: Googlebot', // 5
		'Disallow: /search', // 6
	);

	test('a removed Allow and a new group: the flips and the deciding lines on both sides (RFC 9309 §2.2.2, longest match)', () => {
		const after = joinLines(
			'User-agent: *', // 1
			'Disallow: /private/', // 2
			'', // 3
			'User-agent: Googlebot', // 4
			'Disallow: /search', // 5
			'', // 6
			'User-agent: GPTBot', // 7
			'Disallow: /', // 8
		);
		const diff = diffRobots(parse(before), parse(after), {
			crawlers: ['bingbot', 'Googlebot', 'GPTBot'],
			urls: ['/private/press/kit.pdf', '/search', '/about'],
		});
		assert.deepEqual(
			diff.flips.map((flip) => [
				flip.url,
				flip.crawler,
				flip.before.verdict,
				flip.before.line + 1,
				flip.before.text,
				flip.after.verdict,
				flip.after.line + 1,
				flip.after.text,
			]),
			[
				// bingbot follows `*`: the Allow on line 3 decided; now line 2's Disallow does.
				['/private/press/kit.pdf', 'bingbot', 'allow', 3, 'Allow: /private/press/', 'disallow', 2, 'Disallow: /private/'],
				// GPTBot followed `*` (line 3 allowed it) and now follows its own group.
				['/private/press/kit.pdf', 'GPTBot', 'allow', 3, 'Allow: /private/press/', 'disallow', 8, 'Disallow: /'],
				// Before, no rule of `*` matched /search for GPTBot (no deciding line).
				['/search', 'GPTBot', 'allow', 0, null, 'disallow', 8, 'Disallow: /'],
				['/about', 'GPTBot', 'allow', 0, null, 'disallow', 8, 'Disallow: /'],
			],
		);
		// Googlebot follows its own group, which did not change.
		assert.deepEqual(
			diff.changes.map((change) => change.crawler),
			['bingbot', 'GPTBot'],
		);
		const gpt = diff.changes.find((change) => change.crawler === 'GPTBot')!;
		assert.match(
			describeChange(gpt),
			/^GPTBot: now it follows its own group at line 7 \(before, no group names "GPTBot", so it follows "User-agent: \*" at line 1\); reads 1 new rule: \+ new line 8 `Disallow: \/`; no longer reads 2 rules: - old line 2 `Disallow: \/private\/`, - old line 3 `Allow: \/private\/press\/`\.$/,
		);
		assert.equal(describeChange(diff.changes[0]), 'bingbot: no longer reads 1 rule: - old line 3 `Allow: /private/press/`.');
	});

	test('without URLs, the probes find the flips', () => {
		const after = before.replace('Allow: /private/press/', 'Allow: /private/press/$');
		const diff = diffRobots(parse(before), parse(after), { crawlers: ['bingbot'] });
		assert.deepEqual(
			diff.flips.map((flip) => [flip.url, flip.before.verdict, flip.after.verdict]),
			[['/private/press/x', 'allow', 'disallow']],
		);
	});

	test('a first-match parser cares about order; a longest-match one does not', () => {
		const a = joinLines('User-agent: *', 'Disallow: /a', 'Allow: /a/b');
		const b = joinLines('User-agent: *', 'Allow: /a/b', 'Disallow: /a');
		const diff = diffRobots(parse(a), parse(b), { crawlers: ['Python-urllib', 'bingbot'] });
		assert.deepEqual(
			diff.changes.map((change) => [change.crawler, change.reordered]),
			[['Python-urllib', true]],
		);
		// urllib.robotparser takes the first rule that matches: /a/b was disallowed by line 2, now allowed by line 2.
		assert.deepEqual(
			diff.flips.map((flip) => [flip.url, flip.crawler, flip.before.verdict, flip.after.verdict]),
			[['/a/b', 'Python-urllib', 'disallow', 'allow']],
		);
	});

	test('every flip a removed rule causes on its own paths is found by the probes (corpus sample)', {
		skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here',
	}, () => {
		const names = readdirSync(corpusDir)
			.filter((name) => name.endsWith('.txt'))
			.sort()
			.filter((_, i) => i % 9 === 0);
		let found = 0;
		for (const name of names) {
			const text = decoder.decode(readFileSync(join(corpusDir, name)));
			const lines = text.split('\n');
			const index = lines.findIndex((line) => /^\s*disallow\s*:\s*\/\S/i.test(line));
			if (index < 0 || text.length > 400_000) {
				continue;
			}
			const path = lines[index]
				.trim()
				.replace(/^[^:]*:\s*/, '')
				.replace(/[*$#].*$/, '')
				.trim();
			const after = [...lines.slice(0, index), ...lines.slice(index + 1)].join('\n');
			const changed = evaluateAs(parse(text), 'Googlebot', path).verdict !== evaluateAs(parse(after), 'Googlebot', path).verdict;
			const diff = diffRobots(parse(text), parse(after), { crawlers: ['Googlebot'] });
			if (changed) {
				found++;
				assert.ok(
					diff.flips.some((flip) => flip.url === path),
					`${name}: ${path} flips but is not reported`,
				);
			}
		}
		assert.ok(found > 20, `only ${found} files had a flip`);
	});
});

describe('probe URLs', () => {
	test("from both files' rules: the shortest match, `*` as one character, one character past a `$`; `/` always", () => {
		const before = parse(joinLines('User-agent: *', 'Disallow: /private/', 'Disallow: /*.pdf$', 'Allow: /a*b*c'));
		const after = parse(joinLines('User-agent: *', 'Disallow: /private', 'Disallow: tmp', 'Disallow:', 'Disalow: /typo'));
		assert.deepEqual(probeUrls(before, after), ['/', '/private/', '/.pdf', '/x.pdf', '/.pdfx', '/abc', '/axbxc', '/private', '/tmp', '/typo']);
	});
});
