/**
 * The crawler model's fast decide path (`compileCrawlerDecider`, `decideTable`, `decideRoot`) against `evaluateAs`: the same
 * verdict, reason and deciding line for every URL (and URLs with the same `decideKey` get the same answer), on random files and on URLs built from every corpus file's rules,
 * for crawlers that cover each behaviour of the catalogue (own token, fallback token, ignoring `*`, ignoring
 * robots.txt, size limits, Yandex's Host, first-match parsers, unknown tokens).
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
	compileCrawlerDecider,
	crawlerProfile,
	decideRoot,
	decideTable,
	evaluateAs,
	knownCrawlers,
	parse,
	unpackDecision,
	type RobotsModel,
} from '../../core/src/index';
import { joinLines, sharedDir } from '../util/fixtures';

/** Crawlers with every behaviour the model knows, and tokens the catalogue does not know. */
const crawlers = [
	'Googlebot',
	'Googlebot-Image',
	'AdsBot-Google',
	'FeedFetcher-Google',
	'Google-Extended',
	'bingbot',
	'YandexBot',
	'Yandex',
	'YandexImages',
	'Python-urllib',
	'libwww-perl',
	'GPTBot',
	'Perplexity-User',
	'SomeUnknownBot',
	'bot',
];

/** Where the two paths disagree, as readable lines. */
function disagreements(model: RobotsModel, tokens: readonly string[], urls: readonly string[]): string[] {
	const found: string[] = [];
	const table = decideTable(model, tokens, urls);
	// The decision at `/` alone, from the rules that can decide there (asked of a fresh model, so that no other
	// question has compiled all the rules first).
	const root = decideRoot(parse(model.text), tokens);
	tokens.forEach((token, column) => {
		const atRoot = evaluateAs(model, token, '/');
		const rootExpected = { verdict: atRoot.verdict, reason: atRoot.reason, line: atRoot.rule ? atRoot.rule.line : -1 };
		if (JSON.stringify(unpackDecision(root[column])) !== JSON.stringify(rootExpected)) {
			found.push(`${token} at /: decideRoot ${JSON.stringify(unpackDecision(root[column]))}, evaluateAs ${JSON.stringify(rootExpected)}`);
		}
		const decider = compileCrawlerDecider(model, token);
		/** By `decideKey`: the first answer with that key, but for its URL. */
		const byKey = new Map<number, { url: string; answer: string }>();
		for (let row = 0; row < urls.length; row++) {
			const url = urls[row];
			const full = evaluateAs(model, token, url);
			const expected = { verdict: full.verdict, reason: full.reason, line: full.rule ? full.rule.line : -1 };
			const answer = JSON.stringify({ ...expected, rule: full.rule, fileVerdict: full.fileVerdict });
			const key = decider.decideKey(url);
			const first = byKey.get(key) ?? { url, answer };
			byKey.set(key, first);
			if (first.answer !== answer) {
				found.push(`${token} ${JSON.stringify(url)}: the same key (${key}) as ${JSON.stringify(first.url)}, but evaluateAs ${answer}, not ${first.answer}`);
			}
			const fast = unpackDecision(decider.decide(url));
			const cell = unpackDecision(table[row * tokens.length + column]);
			if (JSON.stringify(fast) !== JSON.stringify(expected) || JSON.stringify(cell) !== JSON.stringify(expected)) {
				found.push(`${token} ${JSON.stringify(url)}: decide ${JSON.stringify(fast)}, table ${JSON.stringify(cell)}, evaluateAs ${JSON.stringify(expected)}`);
			}
		}
	});
	return found;
}

describe('the fast decide path equals evaluateAs', () => {
	test('URL forms, /robots.txt, Host mirrors, a crawler that ignores robots.txt and one that ignores *', () => {
		const model = parse(
			joinLines(
				'User-agent: *',
				'Disallow: /',
				'Allow: /$',
				'Allow: /open',
				'Host: example.com',
				'',
				'User-agent: Googlebot',
				'Disallow: /private',
				'Allow: /private/index.html',
				'',
				'User-agent: Yandex',
				'Disallow: /y',
				'Host: example.com',
			),
		);
		const urls = [
			'',
			'/',
			'/x',
			'x',
			'example.com/x',
			'//other.org/open',
			'https://other.org/x',
			'https://example.com:8443/open',
			'/robots.txt',
			'/robots.txt?x=1',
			'/private/',
			'/private/index.html',
			'/private/x',
			'/y/z',
			'http://example.com?q',
		];
		assert.deepEqual(disagreements(model, crawlers, urls), []);
	});

	test('the rules that decide at / far apart, among many that cannot', () => {
		// RFC 9309 §2.2.2: the longest match wins, so `Allow: /$` beats `Disallow: /` however far below it stands;
		// first-match parsers take `Disallow: /`.
		const model = parse(joinLines('User-agent: *', 'Disallow: /', ...Array.from({ length: 300 }, (_, i) => `Disallow: /p${i}`), 'Allow: /$', 'Allow: *.html'));
		assert.equal(evaluateAs(model, 'GPTBot', '/').verdict, 'allow');
		assert.equal(evaluateAs(model, 'Python-urllib', '/').verdict, 'disallow');
		assert.deepEqual(disagreements(model, crawlers, ['/', '/p1', '/x.html']), []);
	});

	test("a file over a crawler's size limit", () => {
		const filler = `# ${'x'.repeat(1000)}\n`.repeat(600);
		const model = parse(`User-agent: *\nDisallow: /a\n${filler}User-agent: *\nDisallow: /b\n`);
		assert.deepEqual(disagreements(model, crawlers, ['/a', '/b', '/c', '/robots.txt']), []);
	});

	test('random files and URLs', () => {
		const piece = fc.constantFrom('/', '/', 'a', 'b', 'ab', '.html', 'index.htm', '*', '$', '?', '=', ';', '%2F', '%41', 'é', 'robots.txt', '#');
		const value = fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join(''));
		const agentValue = fc.constantFrom('*', 'Googlebot', 'Googlebot-Image', 'AdsBot-Google', 'Yandex', 'YandexBot', 'bot', 'bingbot', 'GPTBot', 'Python', '');
		const line = fc.oneof(
			agentValue.map((agent) => `User-agent: ${agent}`),
			value.map((v) => `Allow: ${v}`),
			value.map((v) => `Disallow: /${v}`),
			fc.constantFrom('', '# comment', 'Host: example.com', 'Disallow:', 'Sitemap: https://example.com/s.xml'),
		);
		const file = fc.array(line, { maxLength: 14 }).map((lines) => lines.join('\n'));
		const prefix = fc.constantFrom('', 'http://example.com', 'https://mirror.example.com:8080', 'example.com', 'x');
		const url = fc.tuple(prefix, value, fc.constantFrom('', '#frag', '?q=a/b', '/robots.txt')).map(([p, v, s]) => p + v + s);
		fc.assert(
			fc.property(file, fc.array(url, { minLength: 1, maxLength: 8 }), (text, urls) => {
				assert.deepEqual(disagreements(parse(text), crawlers, urls), []);
			}),
			{ numRuns: 200 },
		);
	});

	test('every catalogue crawler on one file', () => {
		const model = parse(
			joinLines(
				'User-agent: *',
				'Disallow: /p',
				'',
				'User-agent: Googlebot',
				'User-agent: GPTBot',
				'Allow: /p/q',
				'Disallow: /',
				'',
				'User-agent: Yandex',
				'Disallow: /y',
			),
		);
		assert.deepEqual(
			disagreements(
				model,
				knownCrawlers.map((crawler) => crawler.token),
				['/', '/p', '/p/q', '/y', '/robots.txt'],
			),
			[],
		);
	});

	test('a profile read as another parser', () => {
		const model = parse(
			joinLines('User-agent: Suzy-Spider', 'Disallow: /dynamic', 'Allow: /private/suzy-stuff', 'Disallow: /private', '', 'User-agent: *', 'Disallow: /private'),
		);
		const profile = crawlerProfile('SuzySpider', 'draft1996');
		const full = evaluateAs(model, profile, '/private/suzy-stuff/taxes.txt');
		const fast = unpackDecision(compileCrawlerDecider(model, profile).decide('/private/suzy-stuff/taxes.txt'));
		assert.deepEqual(fast, { verdict: full.verdict, reason: full.reason, line: full.rule ? full.rule.line : -1 });
	});
});

const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');

test('the fast decide path equals evaluateAs on URLs from every corpus file', { skip: existsSync(corpusDir) ? false : 'no ../shared/corpus here' }, () => {
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
	const names = readdirSync(corpusDir)
		.filter((name) => name.endsWith('.txt'))
		.sort();
	const failures: string[] = [];
	let checked = 0;
	for (const name of names) {
		const model = parse(decoder.decode(readFileSync(join(corpusDir, name))));
		// Up to 10 rules spread over the file, each as written, filled in, cut short and extended.
		const ruleLines: number[] = [];
		const named: string[] = [];
		for (let i = 0; i < model.lineCount; i++) {
			const directive = model.lines[i].directive;
			if (directive === 'allow' || directive === 'disallow') {
				ruleLines.push(i);
			} else if (directive === 'user-agent' && named.length < 3 && model.valueText(i) !== '*') {
				named.push(model.valueText(i));
			}
		}
		const step = Math.max(1, Math.floor(ruleLines.length / 10));
		const urls = ['/', '/robots.txt', 'https://example.com/some/page.html?q=1'];
		for (let i = 0; i < ruleLines.length; i += step) {
			const v = model.valueText(ruleLines[i]);
			const filled = v.replace(/\*/g, 'x').replace(/\$$/, '');
			urls.push(v, filled, filled.slice(0, filled.length >> 1), `https://example.com${filled.startsWith('/') ? '' : '/'}${filled}page.html`);
		}
		for (const line of failures.length < 5 ? disagreements(model, [...crawlers, ...named], urls) : []) {
			failures.push(`${name}: ${line}`);
		}
		checked += urls.length;
	}
	assert.deepEqual(failures, []);
	assert.ok(checked > 10_000, `only ${checked} URLs`);
});
