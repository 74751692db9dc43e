/**
 * The IP range lists crawler owners publish, read and matched (core/src/logs/ranges.ts). The lists are excerpts of
 * Google's googlebot.json and OpenAI's chatgpt-user.json (test/fixtures/logs/ranges/README.md); which addresses lie in
 * a prefix is CIDR arithmetic, checked against ipaddr.js's own `match` over every prefix.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { CrawlerRanges, IpPrefixes, parseRangeList } from '../../core/src/index';
import { readFixture } from '../util/fixtures';

function readList(name: string) {
	const list = parseRangeList(readFixture('logs', 'ranges', name));
	if ('error' in list) {
		assert.fail(list.error);
	}
	return list;
}

test('a published list reads whole: its prefixes, their count and its creation time', () => {
	const google = readList('googlebot.json');
	assert.equal(google.count, 7);
	assert.equal(google.creationTime, '2025-08-19T14:46:20.000000');
	const openai = readList('chatgpt-user.json');
	assert.equal(openai.count, 5);
	assert.equal(openai.creationTime, '2025-06-06T20:02:04.955852');
});

test('an address is inside a list when one of its prefixes holds it, IPv4-mapped IPv6 as IPv4; a host name is no address', () => {
	const { prefixes } = readList('googlebot.json');
	const cases: [string, boolean | undefined][] = [
		// 66.249.66.0/27 holds 66.249.66.0 to 66.249.66.31 (66.249.66.1 is the address of Google's verification example).
		['66.249.66.1', true],
		['66.249.66.31', true],
		['66.249.66.32', false],
		['::ffff:66.249.66.1', true],
		['::ffff:66.249.66.32', false],
		// 34.100.182.96/28: 96 to 111.
		['34.100.182.111', true],
		['34.100.182.112', false],
		['192.178.4.0', true],
		// 2001:4860:4801:10::/64 and 2001:4860:4801:11::/64; 2001:4860:4801:12::/64 is not in the excerpt.
		['2001:4860:4801:10::1', true],
		['2001:4860:4801:11:ffff:ffff:ffff:ffff', true],
		['2001:4860:4801:12::1', false],
		['203.0.113.7', false],
		['crawl-66-249-66-1.googlebot.com', undefined],
		['', undefined],
		['66.249.66', undefined],
	];
	assert.deepEqual(
		cases.map(([ip]) => [ip, prefixes.contains(ip)]),
		cases,
	);
});

test('a list that is not the published shape is refused with what is wrong, never in part', () => {
	const error = (text: string) => {
		const list = parseRangeList(text);
		return 'error' in list ? list.error : 'read';
	};
	assert.match(error('{"prefixes": ['), /not JSON/);
	assert.match(error('[]'), /"prefixes"/);
	assert.match(error('{"creationTime": "2025-08-19T14:46:20.000000"}'), /"prefixes"/);
	assert.match(error('{"prefixes": [{"ipv4Prefix": "66.249.64.0/27"}, {"ipv4Prefix": "66.249.64.0/33"}]}'), /Entry 2 .*66\.249\.64\.0\/33/);
	assert.match(error('{"prefixes": [{"ipv4Prefix": "2001:4860:4801:10::/64"}]}'), /Entry 1 /);
	assert.match(error('{"prefixes": [{"ipv6Prefix": "2001:4860:4801:10::"}]}'), /Entry 1 /);
	assert.match(error('{"prefixes": ["66.249.64.0/27"]}'), /Entry 1 /);
	assert.equal(error('\uFEFF{"prefixes": []}'), 'read');
});

test('contains agrees with ipaddr.js matching every prefix, for IPv4, IPv6 and IPv4-mapped addresses', () => {
	const v4 = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }));
	const cidr4 = fc.tuple(v4, fc.integer({ min: 0, max: 32 })).map(([octets, length]) => `${octets.join('.')}/${length}`);
	const v6 = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((parts) => parts.map((part) => part.toString(16)).join(':'));
	const cidr6 = fc.tuple(v6, fc.integer({ min: 0, max: 128 })).map(([address, length]) => `${address}/${length}`);
	// Addresses near the prefixes, so that both answers occur.
	const address = fc.oneof(
		v4.map((octets) => octets.join('.')),
		v4.map((octets) => `::ffff:${octets.join('.')}`),
		v6,
	);
	fc.assert(
		fc.property(fc.array(fc.oneof(cidr4, cidr6), { maxLength: 8 }), fc.array(address, { maxLength: 20 }), (cidrs, addresses) => {
			const prefixes = new IpPrefixes();
			for (const cidr of cidrs) {
				assert.ok(prefixes.add(cidr), cidr);
			}
			const ranges = cidrs.map((cidr) => ipaddr.parseCIDR(cidr));
			for (const ip of addresses) {
				const parsed = ipaddr.process(ip);
				const expected = ranges.some(([network, length]) => network.kind() === parsed.kind() && parsed.match(network, length));
				assert.equal(prefixes.contains(ip), expected, `${ip} in ${cidrs.join(' ')}`);
			}
		}),
		{ numRuns: 300 },
	);
});

test('a crawler is verified inside its lists, an impostor outside, unknown without a list or a readable address', () => {
	const ranges = new CrawlerRanges();
	ranges.add(['Googlebot', 'Googlebot-Image'], readList('googlebot.json').prefixes);
	ranges.add(['ChatGPT-User'], readList('chatgpt-user.json').prefixes);
	assert.equal(ranges.has('googlebot'), true);
	assert.equal(ranges.has('GPTBot'), false);
	assert.deepEqual(
		[
			ranges.check('Googlebot', '66.249.66.1'),
			ranges.check('GOOGLEBOT-IMAGE', '::ffff:66.249.66.1'),
			ranges.check('Googlebot', '203.0.113.7'),
			// OpenAI's address is no Googlebot's.
			ranges.check('Googlebot', '23.98.179.17'),
			ranges.check('ChatGPT-User', '23.98.179.17'),
			ranges.check('Googlebot', null),
			ranges.check('Googlebot', 'crawl-66-249-66-1.googlebot.com'),
			ranges.check('GPTBot', '66.249.66.1'),
		],
		['verified', 'verified', 'impostor', 'impostor', 'verified', 'unknown', 'unknown', 'unknown'],
	);
});
