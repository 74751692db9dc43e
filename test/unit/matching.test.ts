/**
 * Matcher building blocks, table-driven: URL splitting, percent-encoding per dialect, wildcard matching (with the
 * pathological case that a backtracking or regular-expression matcher would never finish), Yandex Host values,
 * and what `evaluate()` reports besides the verdict.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluate, parse } from '../../core/src/index';
import { escapeGooglePattern, normalizeDraft, normalizeRfc } from '../../core/src/matching/encoding';
import { parseYandexHost } from '../../core/src/matching/host';
import { matchesWildcard, patternForm } from '../../core/src/matching/rules';
import { splitUrl } from '../../core/src/matching/url';
import { asciiHost } from '../../core/src/matching/url';
import { joinLines } from '../util/fixtures';

describe('splitUrl (Google GetPathParamsQuery semantics)', () => {
	const cases: [string, string, string | undefined, number | undefined][] = [
		['', '/', undefined, undefined],
		['http://www.example.com', '/', 'www.example.com', undefined],
		['http://www.example.com/', '/', 'www.example.com', undefined],
		['http://www.example.com/a', '/a', 'www.example.com', undefined],
		['http://www.example.com/a/', '/a/', 'www.example.com', undefined],
		['http://www.example.com/a/b?c=http://d.e/', '/a/b?c=http://d.e/', 'www.example.com', undefined],
		['http://www.example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f', 'www.example.com', undefined],
		['example.com', '/', 'example.com', undefined],
		['example.com/', '/', 'example.com', undefined],
		['example.com/a', '/a', 'example.com', undefined],
		['example.com/a/', '/a/', 'example.com', undefined],
		['example.com/a/b?c=d&e=f#fragment', '/a/b?c=d&e=f', 'example.com', undefined],
		['a', '/', undefined, undefined],
		['a/', '/', undefined, undefined],
		['/a', '/a', undefined, undefined],
		['a/b', '/b', undefined, undefined],
		['example.com?a', '/?a', 'example.com', undefined],
		['example.com/a;b#c', '/a;b', 'example.com', undefined],
		['//a/b/c', '/b/c', 'a', undefined],
		['HTTPS://Www.Example.COM:8443/x', '/x', 'www.example.com', 8443],
		['http://example.com#frag/ment', '/', 'example.com', undefined],
	];
	for (const [url, path, host, port] of cases) {
		test(JSON.stringify(url), () => {
			const parts = splitUrl(url);
			assert.deepEqual([parts.path, parts.host, parts.port], [path, host, port]);
		});
	}
});

// The WHATWG URL standard's host parser (its host parsing examples, and UTS #46's mapping it applies): what a
// browser requests for a host as written.
describe('asciiHost (WHATWG URL host parsing, UTS #46)', () => {
	const hosts: [string, string][] = [
		['ｅｘａｍｐｌｅ．ｃｏｍ', 'example.com'],
		['bücher.example', 'xn--bcher-kva.example'],
		['a。b', 'a.b'],
		['EXAMPLE.COM', 'example.com'],
		['faß.example', 'xn--fa-hia.example'],
		['[0:0::1]', '[::1]'],
	];
	for (const [host, ascii] of hosts) {
		test(`${host} is ${ascii}`, () => assert.equal(asciiHost(host), ascii));
	}
	// The standard's failures, and text that holds more than a host (a port, a path, user info) or nothing.
	const notHosts = ['example^example', 'example.255', '[0:0::1%5D', '', 'a b', 'example.com/a', 'example.com:80', 'user@example.com'];
	for (const host of notHosts) {
		test(`${JSON.stringify(host)} is not a host`, () => assert.equal(asciiHost(host), undefined));
	}
});

describe('percent-encoding normalisation', () => {
	const rfc: [string, boolean, string][] = [
		// RFC 9309 figure 4.
		['/foo/bar/ツ', false, '/foo/bar/%E3%83%84'],
		['/foo/bar/%E3%83%84', false, '/foo/bar/%E3%83%84'],
		['/foo/bar/%62%61%7A', false, '/foo/bar/baz'],
		['/foo/bar?baz=https://foo.bar', false, '/foo/bar?baz=https%3A%2F%2Ffoo.bar'],
		['/a%2fb', false, '/a%2Fb'],
		['/a%2Fb', true, '/a%2Fb'],
		['/%7ejoe/', false, '/~joe/'],
		['/a%3cd', false, '/a%3Cd'],
		['/bad%zz%4', false, '/bad%25zz%254'],
		['/a b', false, '/a%20b'],
		// Figures 5 and 6: `*` and `$` are operators in patterns, characters in URLs.
		['/*.gif$', true, '/*.gif$'],
		['/a$b', true, '/a%24b'],
		['/a*b$', false, '/a%2Ab%24'],
		['/%2A', true, '/%2A'],
		['/\uD83D\uDE00', false, '/%F0%9F%98%80'],
		['/\uD800x', false, '/%EF%BF%BDx'],
	];
	for (const [input, isPattern, expected] of rfc) {
		test(`rfc9309 ${isPattern ? 'pattern' : 'url'} ${JSON.stringify(input)}`, () => {
			assert.equal(normalizeRfc(input, isPattern), expected);
		});
	}
	const google: [string, string][] = [
		['http://www.example.com', 'http://www.example.com'],
		['/a/b/c', '/a/b/c'],
		['á', '%C3%A1'],
		['%aa', '%AA'],
		['%zz', '%zz'],
		['/ツ%62', '/%E3%83%84%62'],
	];
	for (const [input, expected] of google) {
		test(`google pattern ${JSON.stringify(input)}`, () => {
			assert.equal(escapeGooglePattern(input), expected);
		});
	}
	const draft: [string, string][] = [
		['/a%3cd.html', '/a<d.html'],
		['/a%3Cd.html', '/a<d.html'],
		['/%7ejoe/', '/~joe/'],
		['/a%2fb.html', '/a%2Fb.html'],
		['/%25', '/%25'],
		['/ツ', '/%E3%83%84'],
		['/%e3%83%84', '/%E3%83%84'],
	];
	for (const [input, expected] of draft) {
		test(`draft1996 ${JSON.stringify(input)}`, () => {
			assert.equal(normalizeDraft(input), expected);
		});
	}
});

describe('wildcard patterns', () => {
	const cases: [string, string, boolean][] = [
		['/fish', '/fish', true],
		['/fish', '/fish.html', true],
		['/fish', '/Fish.asp', false],
		['/fish*', '/fishheads/yummy.html', true],
		['/fish/', '/fish', false],
		['/*.php', '/index.php', true],
		['/*.php', '/filename.php/', true],
		['/*.php', '/windows.PHP', false],
		['/*.php$', '/filename.php', true],
		['/*.php$', '/filename.php?parameters', false],
		['/fish*.php', '/fish.php', true],
		['/fish*.php', '/fishheads/catfish.php?parameters', true],
		['/fish*.php', '/Fish.PHP', false],
		['/a*b*c$', '/aXbYc', true],
		['/a*b*c$', '/aXbYcZ', false],
		['/a*b*c$', '/abcbc', true],
		['/a**b', '/ab', true],
		['/a*$', '/anything', true],
		['$', '/', false],
		['*', '/any', true],
	];
	for (const [pattern, path, expected] of cases) {
		test(`${pattern} vs ${path}`, () => {
			const form = patternForm(pattern, true);
			const matched =
				form.kind === 'prefix' ? path.startsWith(form.key) : form.kind === 'exact' ? path === form.key : matchesWildcard(form.segments, form.anchoredEnd, path);
			assert.equal(matched, expected);
		});
	}

	// A backtracking matcher takes exponential time here; ours scans the URL once per segment.
	test('1 000 stars against a 100 000-character URL answers (hang guard, no timing assertion)', { timeout: 20_000 }, () => {
		const pattern = '/' + '*a'.repeat(1000) + 'b';
		const model = parse(joinLines('User-agent: *', `Disallow: ${pattern}`, `Disallow: /${'*a'.repeat(1000)}$`));
		const url = '/' + 'a'.repeat(100_000);
		const miss = evaluate(model, { agent: 'x', url, dialect: 'google' });
		assert.equal(miss.verdict, 'disallow');
		assert.equal(miss.rule?.line, 2, 'the $ rule matches, the b rule does not');
		const hit = evaluate(model, { agent: 'x', url: url + 'b', dialect: 'rfc9309' });
		assert.equal(hit.verdict, 'disallow');
		assert.equal(hit.rule?.line, 1);
		const none = evaluate(model, { agent: 'x', url: '/' + 'ab'.repeat(50_000) + 'c', dialect: 'google' });
		assert.equal(none.rule?.line, 1, '…a…b then c: the b rule matches as a prefix');
	});
});

describe('Yandex Host values (seed 001)', () => {
	const valid = ['www.myhost.com', 'myhost.com', 'www.myhost.com:8080', 'https://www.myhost.com', 'WWW.MyHost.com', 'my-host.com'];
	const invalid = [
		'www.myhost-.com',
		'www.-myhost.com',
		'www.myhost.com:100000',
		'www.my_host.com',
		'.my-host.com:8000',
		'my-host.com.',
		'my..host.com',
		'www.myhost.com/',
		'www.myhost.com:8080/',
		'213.180.194.129',
		'[2001:db8::1]',
		'2001:db8::1',
		'www.firsthost.com,www.secondhost.com',
		'www.firsthost.com www.secondhost.com',
		'http://www.myhost.com',
		'www.myhost.com:0',
		'',
	];
	for (const value of valid) {
		test(`valid: ${value}`, () => assert.ok(parseYandexHost(value)));
	}
	for (const value of invalid) {
		test(`invalid: ${JSON.stringify(value)}`, () => assert.equal(parseYandexHost(value), undefined));
	}
	test('a name in full-width forms counts as its UTS #46 mapping', () => {
		assert.deepEqual(parseYandexHost('ｗｗｗ．ｍｙｈｏｓｔ．ｃｏｍ'), { host: 'www.myhost.com', port: 80 });
	});
});

describe('evaluate reports why', () => {
	const model = parse(joinLines('User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /x', 'User-agent: googlebot', 'Allow: /x/y'));

	test('merged groups for a named crawler', () => {
		const result = evaluate(model, { agent: 'Googlebot', url: 'https://example.com/x/y/z' });
		assert.equal(result.verdict, 'allow');
		assert.equal(result.reason, 'rule');
		assert.equal(result.selection, 'specific');
		assert.deepEqual(
			result.groups.map((group) => group.line),
			[3, 5],
		);
		assert.equal(result.rule?.line, 6);
		assert.match(result.explanation, /line 7 `Allow: \/x\/y`/);
		assert.match(result.explanation, /2 groups merged/);
	});

	test('fall back to *', () => {
		const result = evaluate(model, { agent: 'Bingbot', url: '/private/file' });
		assert.equal(result.selection, 'fallback');
		assert.equal(result.verdict, 'disallow');
		assert.equal(result.rule?.text, 'Disallow: /private');
	});

	test('no matching rule, no group, /robots.txt', () => {
		assert.equal(evaluate(model, { agent: 'Googlebot', url: '/private' }).reason, 'no-matching-rule');
		assert.equal(evaluate(parse('User-agent: a\nDisallow: /\n'), { agent: 'b', url: '/' }).reason, 'no-group');
		const robots = evaluate(parse('User-agent: *\nDisallow: /\n'), { agent: 'b', url: '/robots.txt' });
		assert.deepEqual([robots.verdict, robots.reason], ['allow', 'robots-txt']);
		const google = evaluate(parse('User-agent: *\nDisallow: /\n'), { agent: 'b', url: '/robots.txt', dialect: 'google' });
		assert.equal(google.verdict, 'disallow', "Google's library does not special-case /robots.txt");
	});

	test('the first-match robot and the longest-match robot disagree, and both say which line', () => {
		const text = parse(joinLines('User-agent: *', 'Disallow: /shop', 'Allow: /shop/public'));
		const rfc = evaluate(text, { agent: 'bot', url: '/shop/public/a', dialect: 'rfc9309' });
		const draft = evaluate(text, { agent: 'bot', url: '/shop/public/a', dialect: 'draft1996' });
		assert.deepEqual([rfc.verdict, rfc.rule?.line], ['allow', 2]);
		assert.deepEqual([draft.verdict, draft.rule?.line], ['disallow', 1]);
		assert.match(draft.explanation, /first rule that matches/);
	});
});
