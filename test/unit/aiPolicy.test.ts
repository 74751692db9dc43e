/**
 * The AI policy view (core/src/bench/aiPolicy.ts): one table per AI company for `/` and the key URLs. The expected
 * answers are read from the files by the sources' rules: RFC 9309 (groups, longest match), draft-ietf-aipref-attach
 * §3.1 (a Content-Usage rule without a path applies to every path, the longest path wins, preferences apply only to
 * URLs the crawler may fetch), contentsignals.org (`ai-train=no`), and the owners' pages the catalogue and
 * facts/aiControls.ts cite.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { aiPolicy, computeBench, evaluateAs, knownCrawlers, parse, preferencesOf, type AiPolicy, type AiPolicyCompany } from '../../core/src/index';
import { statedPreferencesOf } from '../../core/src/preferences/answer';
import { repoRoot } from '../util/fixtures';

const example = parse(readFileSync(join(repoRoot, 'examples', 'robots.txt'), 'utf8'));

function company(policy: AiPolicy, owner: string): AiPolicyCompany {
	const found = policy.companies.find((each) => each.owner === owner);
	assert.ok(found, owner);
	return found;
}

function crawler(policy: AiPolicy, owner: string, token: string) {
	const found = company(policy, owner)
		.uses.flatMap((use) => use.crawlers)
		.find((each) => each.token === token);
	assert.ok(found, token);
	return found;
}

describe('the AI policy view of examples/robots.txt', () => {
	const policy = aiPolicy(example, ['/press/release.html', '/search?q=robots']);

	test('answers for / first, then the URLs given', () => {
		assert.deepEqual(policy.urls, ['/', '/press/release.html', '/search?q=robots']);
	});

	test('the companies people ask about come first, in the order of issue 24', () => {
		assert.deepEqual(
			policy.companies.slice(0, 10).map((each) => each.owner),
			['OpenAI', 'Anthropic', 'Google', 'Apple', 'Meta', 'Perplexity', 'Amazon', 'ByteDance', 'Common Crawl', 'Microsoft'],
		);
	});

	test('every owner with a crawler for AI training, AI search or a user-triggered fetch has a table, and no other', () => {
		const owners = new Set(knownCrawlers.filter((each) => ['ai-training', 'ai-search', 'user-fetch'].includes(each.category)).map((each) => each.owner));
		assert.deepEqual(new Set(policy.companies.map((each) => each.owner)), owners);
		assert.ok(!policy.companies.some((each) => each.owner === 'Semrush'));
	});

	test("OpenAI's crawlers by use, each with whether it follows robots.txt", () => {
		const openAi = company(policy, 'OpenAI');
		assert.deepEqual(
			openAi.uses.map((use) => [use.use, use.crawlers.map((each) => each.token)]),
			[
				['training', ['GPTBot']],
				['search', ['OAI-SearchBot']],
				['user', ['ChatGPT-User', 'ChatGPT Agent']],
				['ads', ['OAI-AdsBot']],
			],
		);
		// OpenAI's bots page: ChatGPT-User's visits are user actions, to which robots.txt may not apply.
		const user = crawler(policy, 'OpenAI', 'ChatGPT-User');
		assert.equal(user.followsRobotsTxt, false);
		assert.match(user.source ?? '', /developers\.openai\.com/);
	});

	test("GPTBot's answers: allowed everywhere, with the Content-Usage rule that applies and the group's Content-Signal", () => {
		const gptBot = crawler(policy, 'OpenAI', 'GPTBot');
		// GPTBot has no group of its own: it follows `*` (lines 2-8), whose rules match none of these URLs.
		assert.deepEqual(
			gptBot.answers.map((answer) => [answer.allow, answer.line]),
			[
				[true, -1],
				[true, -1],
				[true, -1],
			],
		);
		// `/`: `Content-Usage: train-ai=n` (line 7) has no path, so it applies to every path.
		assert.deepEqual(gptBot.answers[0].preferences, {
			contentUsage: { preferences: { 'train-ai': 'n' }, line: 6, text: 'Content-Usage: train-ai=n' },
			contentSignal: { signals: { search: 'yes', 'ai-train': 'no' }, line: 5, text: 'Content-Signal: search=yes, ai-train=no' },
		});
		// `/press/release.html`: `/press/` (line 8) is the longest matching path.
		assert.deepEqual(gptBot.answers[1].preferences.contentUsage?.preferences, { 'train-ai': 'y' });
		assert.equal(gptBot.answers[1].preferences.contentUsage?.line, 7);
	});

	test('Googlebot follows its own group: /search is disallowed by line 11 and no preference line stands there', () => {
		const googlebot = crawler(policy, 'Google', 'Googlebot');
		assert.deepEqual(googlebot.answers[2], { allow: false, line: 10, preferences: { contentUsage: null, contentSignal: null } });
		assert.equal(policy.lines[10], 'Disallow: /search');
	});

	test('contradictions: GPTBot allowed while the preference lines say no, and the two preference lines disagreeing on /press/', () => {
		const found = company(policy, 'OpenAI').contradictions.map((each) => [each.kind, each.lines, each.urls, each.crawlers]);
		assert.deepEqual(found, [
			['allowed-preference-no', [6], ['/', '/search?q=robots'], ['GPTBot']],
			['allowed-preference-no', [5], ['/', '/press/release.html', '/search?q=robots'], ['GPTBot']],
			['preferences-disagree', [5, 7], ['/press/release.html'], ['GPTBot']],
		]);
		assert.match(company(policy, 'OpenAI').contradictions[1].text, /GPTBot.*line 6 says ai-train=no/);
	});

	test("Google: its search crawlers kept out of /search while Google-Extended's training use is allowed there", () => {
		const found = company(policy, 'Google').contradictions.find((each) => each.kind === 'search-blocked-training-allowed');
		assert.ok(found);
		assert.deepEqual(found.urls, ['/search?q=robots']);
		assert.deepEqual(found.lines, [10]);
		assert.ok(found.crawlers.includes('Googlebot'));
		assert.match(found.text, /Google-Extended/);
	});

	test("what robots.txt cannot control, with the owners' pages", () => {
		const google = company(policy, 'Google').uncontrolled;
		assert.ok(google.some((fact) => /Search Console/.test(fact.text) && /support\.google\.com\/webmasters\/answer\/16908024/.test(fact.source ?? '')));
		assert.ok(google.some((fact) => /Google-Agent/.test(fact.text) && /google-user-triggered-fetchers/.test(fact.source ?? '')));
		const microsoft = company(policy, 'Microsoft').uncontrolled;
		assert.ok(microsoft.some((fact) => /noarchive and nocache/.test(fact.text) && /blogs\.bing\.com/.test(fact.source ?? '')));
	});
});

describe('the AI policy view on small files', () => {
	test('a training crawler kept out of a URL that its group says may be used for training', () => {
		const model = parse('User-agent: GPTBot\nDisallow: /private/\nContent-Usage: train-ai=y\n');
		const policy = aiPolicy(model, ['/private/x']);
		const gptBot = crawler(policy, 'OpenAI', 'GPTBot');
		// attach §3.1: the preference applies only to URLs the crawler may fetch, so the answer has none.
		assert.deepEqual(gptBot.answers[1], { allow: false, line: 1, preferences: { contentUsage: null, contentSignal: null } });
		const found = company(policy, 'OpenAI').contradictions;
		assert.deepEqual(
			found.map((each) => [each.kind, each.lines, each.urls]),
			[['blocked-preference-yes', [1, 2], ['/private/x']]],
		);
	});

	test('stated preferences go on where the crawl rules stop; the answer does not', () => {
		const model = parse('User-agent: *\nDisallow: /private/\nContent-Signal: ai-train=yes\n');
		const evaluation = evaluateAs(model, 'GPTBot', '/private/x');
		assert.equal(preferencesOf(model, evaluation).contentSignal, null);
		assert.deepEqual(statedPreferencesOf(model, evaluation).contentSignal?.signals, { 'ai-train': 'yes' });
	});

	test('a crawler that does not follow robots.txt is no contradiction: the file cannot reach it', () => {
		const model = parse('User-agent: *\nContent-Signal: ai-train=no\n');
		const kinds = company(aiPolicy(model, []), 'OpenAI').contradictions.flatMap((each) => each.crawlers);
		assert.ok(!kinds.includes('ChatGPT-User'));
		assert.ok(kinds.includes('GPTBot'));
	});

	test('License lines are global', () => {
		const model = parse('License: https://example.com/license.xml\nUser-agent: *\nDisallow:\n');
		assert.deepEqual(aiPolicy(model, []).licenses, ['https://example.com/license.xml']);
	});

	test('at most 20 URLs besides /, with a note; / is not repeated', () => {
		const urls = ['/', ...Array.from({ length: 25 }, (_, i) => `/p${i}`)];
		const policy = aiPolicy(parse('User-agent: *\nDisallow: /p1\n'), urls);
		assert.equal(policy.urls.length, 21);
		assert.deepEqual(policy.urls.slice(0, 2), ['/', '/p0']);
		assert.equal(policy.notes.length, 1);
	});

	test('the test bench carries the view for / and its testable rows, only when asked (its section is open)', () => {
		const bench = computeBench(example, { urls: ['/press/a', 'not a url'], crawlers: ['GPTBot'], aiPolicy: true });
		assert.deepEqual(bench.aiPolicy?.urls, ['/', '/press/a']);
		assert.equal(computeBench(example, { urls: ['/press/a'], crawlers: ['GPTBot'] }).aiPolicy, undefined);
	});
});
