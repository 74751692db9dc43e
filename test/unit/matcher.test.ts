/**
 * The verdict-only matcher (`compileMatcher`) against `evaluate()`: on every match fixture in every dialect, on random
 * files and URLs, and on URLs built from every corpus file's rules. The trie inside `RuleSet` is checked on its own
 * against a rule-by-rule oracle, since `evaluate()` now uses it too.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allDialects, compileMatcher, evaluate, parse, type RobotsModel } from '../../core/src/index';
import { RuleSet, ruleMatches, type CompiledRule, type Precedence } from '../../core/src/matching/rules';
import { pathStartOf, urlPath } from '../../core/src/matching/url';
import { fixturesDir, joinLines, readFixture, sharedDir } from '../util/fixtures';

/** The URLs on which the fast path and `evaluate()` disagree, as readable lines. */
function disagreements(model: RobotsModel, agents: readonly string[], urls: readonly string[]): string[] {
	const found: string[] = [];
	for (const dialect of allDialects) {
		for (const agent of agents) {
			const matcher = compileMatcher(model, { agent, dialect });
			for (const url of urls) {
				const fast = matcher.isAllowed(url);
				const full = evaluate(model, { agent, url, dialect });
				if (fast !== (full.verdict === 'allow')) {
					found.push(`${dialect} ${JSON.stringify(agent)} ${JSON.stringify(url)}: isAllowed ${fast}, evaluate ${full.verdict} (${full.explanation})`);
				}
			}
		}
	}
	return found;
}

interface MatchSuite {
	name: string;
	robots: string;
	cases: { agent: string; url: string }[];
}

describe('compileMatcher agrees with evaluate() on every match fixture, in every dialect', () => {
	const files = readdirSync(join(fixturesDir, 'match'))
		.filter((name) => name.endsWith('.json'))
		.sort();
	for (const file of files) {
		test(file, () => {
			const { suites } = JSON.parse(readFixture('match', file)) as { suites: MatchSuite[] };
			const failures: string[] = [];
			for (const suite of suites) {
				const model = parse(suite.robots);
				const agents = [...new Set(suite.cases.map((c) => c.agent))];
				const urls = [...new Set(suite.cases.map((c) => c.url))];
				failures.push(...disagreements(model, agents, urls).map((line) => `${suite.name}: ${line}`));
			}
			assert.deepEqual(failures, []);
		});
	}
});

describe('compileMatcher', () => {
	test('is cached per model, dialect and agent', () => {
		const model = parse('User-agent: *\nDisallow: /x\n');
		assert.equal(compileMatcher(model, { agent: 'a', dialect: 'google' }), compileMatcher(model, { agent: 'a', dialect: 'google' }));
		assert.notEqual(compileMatcher(model, { agent: 'a', dialect: 'google' }), compileMatcher(model, { agent: 'a' }));
	});

	test('URL forms: bare paths, host/path, `//host`, `?query` alone, fragments, /robots.txt', () => {
		const model = parse(joinLines('User-agent: *', 'Disallow: /', 'Allow: /$', 'Allow: /open', 'Host: example.com'));
		const urls = [
			'',
			'/',
			'/x',
			'x',
			'example.com',
			'example.com/x',
			'//example.com/x',
			'//other.org/open',
			'http://example.com',
			'http://example.com?q',
			'http://example.com;p',
			'http://example.com#frag/x',
			'http://example.com/x#frag',
			'http://example.com/open#x',
			'https://other.org/x',
			'https://example.com:443/x',
			'https://example.com:8443/open',
			'/robots.txt',
			'/robots.txt?x=1',
			'/robots.txt#x',
			'/robots.txtx',
			'/Robots.txt',
			'/robots%2Etxt',
			'/open?x=/a:b',
			'HTTP://EXAMPLE.COM/open',
			'a#b://c/open',
			'http://a@example.com/open',
			'///open',
		];
		assert.deepEqual(disagreements(model, ['bot', 'YandexBot'], urls), []);
	});

	test('1 000 stars against a 100 000-character URL answers (hang guard, no timing assertion)', { timeout: 20_000 }, () => {
		const model = parse(joinLines('User-agent: *', `Disallow: /${'*a'.repeat(1000)}b`, `Allow: /${'*a'.repeat(1000)}$`));
		const url = '/' + 'a'.repeat(100_000);
		assert.equal(compileMatcher(model, { agent: 'x', dialect: 'google' }).isAllowed(url), true);
		assert.equal(compileMatcher(model, { agent: 'x', dialect: 'rfc9309' }).isAllowed(url + 'b'), false);
		assert.equal(compileMatcher(model, { agent: 'x', dialect: 'yandex' }).isAllowed(url + 'b#' + 'a'.repeat(1000)), false);
	});
});

test('pathStartOf finds the path urlPath takes', () => {
	const piece = fc.constantFrom('/', '//', ':', '://', '?', ';', '#', 'a', 'b.c', 'http', 'HTTPS', '@', ':80');
	fc.assert(
		fc.property(
			fc.array(piece, { maxLength: 9 }).map((pieces) => pieces.join('')),
			(url) => {
				const start = pathStartOf(url);
				const hash = url.indexOf('#', Math.max(start, 0));
				const raw = start < 0 ? '/' : url.slice(start, hash < 0 ? url.length : hash);
				assert.equal(raw.startsWith('/') ? raw : '/' + raw, urlPath(url), url);
			},
		),
		{ numRuns: 2000 },
	);
});

describe('RuleSet matches as a rule-by-rule scan would', () => {
	/** The rule a scan of every rule picks: the longest (Allow on ties, then file order) or the first in file order. */
	function oracle(rules: readonly CompiledRule[], precedence: Precedence, wildcards: boolean, path: string): CompiledRule | undefined {
		const weight = (rule: CompiledRule) => rule.priority * 2 + (rule.allow ? 1 : 0);
		let best: CompiledRule | undefined;
		for (const rule of rules) {
			if (!ruleMatches(rule, path, wildcards)) {
				continue;
			}
			if (
				!best
				|| (precedence === 'first' ? rule.order < best.order : weight(rule) > weight(best) || (weight(rule) === weight(best) && rule.order < best.order))
			) {
				best = rule;
			}
		}
		return best;
	}

	const piece = fc.constantFrom('/', 'a', 'b', 'ab', 'ba', 'aab', '*', '$', '%2F', '.');
	const pattern = fc.array(piece, { maxLength: 7 }).map((pieces) => pieces.join(''));
	const path = fc.array(fc.constantFrom('/', 'a', 'b', 'ab', 'ba', '$', '*', '%2F', '.'), { maxLength: 10 }).map((pieces) => '/' + pieces.join(''));
	const rules = fc.array(fc.tuple(pattern, fc.boolean(), fc.integer({ min: 0, max: 12 })), { maxLength: 12 });

	for (const [precedence, wildcards] of [
		['longest', true],
		['first', false],
		['longest', false],
	] as const) {
		test(`${precedence}${wildcards ? ', with wildcards' : ''}`, () => {
			fc.assert(
				fc.property(rules, fc.array(path, { minLength: 1, maxLength: 8 }), fc.string({ maxLength: 4 }), (raw, paths, around) => {
					const compiled: CompiledRule[] = raw.map(([normalized, allow, priority], order) => ({
						line: order,
						allow,
						pattern: normalized,
						normalized,
						priority: wildcards ? normalized.length : priority,
						order,
					}));
					const set = new RuleSet(compiled, precedence, wildcards);
					for (const p of paths) {
						const expected = oracle(compiled, precedence, wildcards, p);
						assert.equal(set.match(p), expected, p);
						// In place, inside a longer text whose surroundings must not count.
						const index = set.matchRange(around + p + 'ab$', around.length, around.length + p.length);
						assert.equal(index < 0 ? undefined : compiled[index], expected, `${p} in place`);
					}
				}),
				{ numRuns: 400 },
			);
		});
	}
});

describe('compileMatcher agrees with evaluate() on random files and URLs', () => {
	const piece = fc.constantFrom(
		'/',
		'/',
		'a',
		'b',
		'ab',
		'.html',
		'index.htm',
		'*',
		'$',
		'?',
		'=',
		'&',
		';',
		':',
		'@',
		'~',
		' ',
		'"',
		'#',
		'%',
		'%2F',
		'%2f',
		'%41',
		'%7E',
		'%7e',
		'%2A',
		'%24',
		'%e3%83%84',
		'%E3%83%84',
		'%zz',
		'é',
		'ツ',
		'\uD83D\uDE00',
		'\uD800',
		'robots.txt',
	);
	const value = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
	const agentValue = fc.constantFrom('*', 'Googlebot', 'googlebot/2.1', 'Yandex', 'YandexBot', 'bot', 'Bingbot', '* x', '');
	const line = fc.oneof(
		agentValue.map((agent) => `User-agent: ${agent}`),
		value.map((v) => `Allow: ${v}`),
		value.map((v) => `Disallow: ${v}`),
		value.map((v) => `Disallow: /${v}`),
		fc.constantFrom('', '# comment', 'Host: example.com', 'Host: mirror.example.com:8080', 'Sitemap: https://example.com/s.xml'),
	);
	const file = fc.array(line, { maxLength: 14 }).map((lines) => lines.join('\n'));
	const prefix = fc.constantFrom('', 'http://example.com', 'https://mirror.example.com:8080', '//example.com', 'example.com', 'HTTP://Example.COM:80', 'x');
	const url = fc.tuple(prefix, value, fc.constantFrom('', '#frag', '#a/b', '?q=a/b:c', '/robots.txt', '?x')).map(([p, v, s]) => p + v + s);
	const agents = ['Googlebot', 'YandexBot', 'bot', 'Bingbot'];

	test('all five dialects', () => {
		fc.assert(
			fc.property(file, fc.array(url, { minLength: 1, maxLength: 10 }), (text, urls) => {
				assert.deepEqual(disagreements(parse(text), agents, urls), []);
			}),
			{ numRuns: 300 },
		);
	});
});

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

test('compileMatcher agrees with evaluate() on URLs from every corpus file', { skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here' }, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	const failures: string[] = [];
	let checked = 0;
	for (const name of names) {
		const model = parse(decoder.decode(readFileSync(join(corpusDir, name))));
		// Up to 12 rules spread over the file, each as written, filled in, cut short, extended and escaped.
		const ruleLines: number[] = [];
		for (let i = 0; i < model.lineCount; i++) {
			if (model.lines[i].directive === 'allow' || model.lines[i].directive === 'disallow') {
				ruleLines.push(i);
			}
		}
		const step = Math.max(1, Math.floor(ruleLines.length / 12));
		const urls = ['/', '/robots.txt', 'https://example.com/some/page.html?q=1', 'https://other.example.org/'];
		for (let i = 0; i < ruleLines.length; i += step) {
			const v = model.valueText(ruleLines[i]);
			const filled = v.replace(/\*/g, 'x').replace(/\$$/, '');
			urls.push(
				v,
				filled,
				filled.slice(0, filled.length >> 1),
				`https://example.com${filled.startsWith('/') ? '' : '/'}${filled}page.html`,
				encodeURI(filled) + 'é',
				filled.replace(/[a-z]/, (c) => '%' + c.charCodeAt(0).toString(16)),
			);
		}
		for (const line of failures.length < 5 ? disagreements(model, ['Googlebot', 'YandexBot'], urls) : []) {
			failures.push(`${name}: ${line}`);
		}
		checked += urls.length;
	}
	assert.deepEqual(failures, []);
	assert.ok(checked > 10_000, `only ${checked} URLs`);
});
