/**
 * `looksLikeRobotsTxt`, the core's answer to "is this plain-text file a robots.txt by another name": the examples of
 * the standards are, the seeds (prose about robots.txt that quotes examples) are not, and on the real-world corpus
 * the files the collector counted User-agent and rule lines in are, while the HTML, XML, JSON and binary bodies
 * sites served as robots.txt are not.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRobotsBytes, detectionMaxChars, looksLikeRobotsTxt } from '../../core/src/index';
import { fixturesDir, joinLines, sharedDir } from '../util/fixtures';

interface MatchFixture {
	readonly suites: readonly { readonly name: string; readonly robots: string }[];
}

function suiteText(file: string, name: string): string {
	const fixture = JSON.parse(readFileSync(join(fixturesDir, 'match', file), 'utf8')) as MatchFixture;
	const suite = fixture.suites.find((candidate) => candidate.name === name);
	assert.ok(suite, `${file} has the suite ${name}`);
	return suite.robots;
}

describe('looksLikeRobotsTxt', () => {
	test("the standards' example files read as robots.txt", () => {
		for (const [file, name] of [
			['rfc9309.json', 'rfc9309-5.1-simple-example'],
			['draft1996.json', 'draft1996-4-fict-org'],
		]) {
			const answer = looksLikeRobotsTxt(suiteText(file, name));
			assert.equal(answer.looksLike, true, `${name}: ${answer.reason}`);
			assert.match(answer.reason, /^It reads as a robots\.txt: \d+ User-agent lines? and \d+ Allow\/Disallow rules?/);
		}
		// RFC 9309 §5.1: five User-Agent lines (four groups) and seven rules, and nothing else but blank lines.
		assert.deepStrictEqual(
			{ ...looksLikeRobotsTxt(suiteText('rfc9309.json', 'rfc9309-5.1-simple-example')), reason: '' },
			{ looksLike: true, reason: '', userAgentLines: 5, ruleLines: 7, contentLines: 12, directiveLines: 12, truncated: false },
		);
	});

	test('the seeds, prose about robots.txt that quotes examples, do not', () => {
		const seeds = readdirSync(join(sharedDir, 'seeds')).filter((name) => name.endsWith('.txt'));
		assert.ok(seeds.length >= 5, `${seeds.length} seeds`);
		for (const seed of seeds) {
			const answer = looksLikeRobotsTxt(readFileSync(join(sharedDir, 'seeds', seed), 'utf8'));
			assert.equal(answer.looksLike, false, `${seed}: ${answer.reason}`);
		}
	});

	test('a User-agent and a rule after it are both needed, and most lines must be directives', () => {
		const cases: readonly { text: string; looksLike: boolean; reason: RegExp }[] = [
			{ text: '', looksLike: false, reason: /no User-agent line/ },
			// An HTTP request as a tool prints it: a User-Agent header, no rules.
			{
				text: joinLines('GET / HTTP/1.1', 'Host: example.com', 'User-Agent: curl/8.5.0', 'Accept: */*'),
				looksLike: false,
				reason: /no Allow or Disallow rule/,
			},
			// Rules before any User-agent line belong to no group.
			{ text: joinLines('Disallow: /private/', 'User-agent: *'), looksLike: false, reason: /no Allow or Disallow rule after/ },
			{
				text: joinLines(
					'To keep every crawler out, write these two lines:',
					'User-agent: *',
					'Disallow: /',
					'and put the file at the root of the site.',
					'Crawlers that honour it stop there.',
				),
				looksLike: false,
				reason: /only 2 of its 5 lines with content are directives/,
			},
			{
				text: joinLines('# staging', 'User-agent: *', 'Disallow: /', ''),
				looksLike: true,
				reason: /1 User-agent line and 1 Allow\/Disallow rule, and nothing but directives and comments/,
			},
			// Google reads misspelt keys and lines without a colon; so does the answer.
			{ text: joinLines('useragent: *', 'Disalow: /tmp/', 'Disallow /cgi-bin/'), looksLike: true, reason: /1 User-agent line and 2 Allow\/Disallow rules/ },
			// One line of prose among three directives: still mostly directives.
			{
				text: joinLines('User-agent: *', 'Disallow: /a', 'Sitemap: https://example.com/s.xml', 'managed by the platform team'),
				looksLike: true,
				reason: /3 of its 4 lines with content are directives/,
			},
		];
		for (const { text, looksLike, reason } of cases) {
			const answer = looksLikeRobotsTxt(text);
			assert.equal(answer.looksLike, looksLike, `${JSON.stringify(text)}: ${answer.reason}`);
			assert.match(answer.reason, reason);
		}
	});

	test('only the start of a long text is read, in whole lines', () => {
		const robots = joinLines('User-agent: *', 'Disallow: /a', '');
		const long = robots + 'Disallow: /b\n'.repeat(detectionMaxChars / 10);
		const answer = looksLikeRobotsTxt(long);
		assert.equal(answer.looksLike, true);
		assert.equal(answer.truncated, true);
		// Every line read is whole: the rules counted are exactly the whole lines within the limit.
		assert.equal(answer.ruleLines, 1 + Math.floor((detectionMaxChars - robots.length) / 'Disallow: /b\n'.length));
		// A robots.txt after the limit is not seen.
		const late = 'prose\n'.repeat(detectionMaxChars / 5) + robots;
		assert.equal(looksLikeRobotsTxt(late).looksLike, false);
		// Any string gives an answer; binary junk is not a robots.txt.
		assert.equal(looksLikeRobotsTxt('\u0000\ufffd\ud800:\r\n'.repeat(1000)).looksLike, false);
	});

	test('the real-world corpus: robots.txt bodies are recognised, HTML, XML, JSON and binary bodies are not', () => {
		const corpus = join(sharedDir, 'corpus', 'realworld');
		const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as {
			files: { name: string; tags: string[]; user_agent_lines: number; allow_disallow_lines: number }[];
		};
		const notRobots = new Set(['html', 'xml', 'json', 'binary']);
		const missed: string[] = [];
		let genuine = 0;
		for (const file of manifest.files) {
			const bytes = readFileSync(join(corpus, 'files', file.name));
			// An editor decodes UTF-16 by its byte order mark before anything reads the text.
			const text = bytes[0] === 0xff && bytes[1] === 0xfe ? new TextDecoder('utf-16le').decode(bytes) : decodeRobotsBytes(bytes);
			const answer = looksLikeRobotsTxt(text);
			if (file.tags.some((tag) => notRobots.has(tag))) {
				assert.equal(answer.looksLike, false, `${file.name} (${file.tags.join(', ')}): ${answer.reason}`);
			} else if (file.user_agent_lines > 0 && file.allow_disallow_lines > 0 && !file.tags.includes('html-fragment')) {
				genuine++;
				if (!answer.looksLike) {
					missed.push(`${file.name}: ${answer.reason}`);
				}
			}
		}
		assert.ok(genuine > 800, `${genuine} genuine files`);
		// A robots.txt decorated with ASCII art or unknown fields may fall short of "mostly directives"; one in a hundred at most.
		assert.ok(missed.length <= genuine / 100, `missed ${missed.length} of ${genuine}:\n${missed.join('\n')}`);
	});
});
