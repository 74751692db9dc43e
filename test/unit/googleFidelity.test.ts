/**
 * The `google` dialect against Google's own parser (github.com/google/robotstxt, robots.cc) where it reads bytes:
 * a byte order mark cut short is skipped, a NUL ends a line (lines are C strings), and every octet ≥ 0x80 of a
 * pattern is percent-encoded as it stands, so a Latin-1 file matches URLs that carry the same octets.
 * Inputs are bytes, read as the CLI reads them (`decodeRobotsBytes`).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRobotsBytes, encodeRobotsText, evaluate, parse, print } from '../../core/src/index';

interface Case {
	readonly name: string;
	/** The file as bytes, written with \x escapes. */
	readonly bytes: readonly number[];
	readonly agent: string;
	readonly url: string;
	/** Google's verdict (robots.cc), and the line (1-based) that decides. */
	readonly google: 'allow' | 'disallow';
	readonly line: number | null;
}

const bytesOf = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));

const cases: readonly Case[] = [
	{
		// robots.cc skips leading bytes while they match EF BB BF in order, so EF BB alone is skipped too.
		name: 'a byte order mark cut to EF BB is skipped',
		bytes: bytesOf('\xef\xbbUser-agent: foo\nDisallow: /x\n'),
		agent: 'foo',
		url: '/x',
		google: 'disallow',
		line: 2,
	},
	{
		name: 'a byte order mark cut to EF is skipped',
		bytes: bytesOf('\xefUser-agent: foo\nDisallow: /x\n'),
		agent: 'foo',
		url: '/x',
		google: 'disallow',
		line: 2,
	},
	{
		// Lines are C strings in robots.cc: everything after a NUL is gone.
		name: 'a NUL ends the line',
		bytes: bytesOf('User-agent: foo\nDisallow: /x\x00junk\n'),
		agent: 'foo',
		url: '/x',
		google: 'disallow',
		line: 2,
	},
	{
		name: 'a NUL inside the key leaves a line Google drops',
		bytes: bytesOf('User-agent: foo\nDisal\x00low: /x\n'),
		agent: 'foo',
		url: '/x',
		google: 'allow',
		line: null,
	},
	{
		// robots.cc percent-encodes every octet ≥ 0x80 of a pattern: Latin-1 é (E9) becomes %E9.
		name: 'a Latin-1 pattern matches the URL with the same octets',
		bytes: bytesOf('User-agent: *\nDisallow: /soci\xe9t\xe9\n'),
		agent: 'Googlebot',
		url: 'https://example.fr/soci%E9t%E9/info',
		google: 'disallow',
		line: 2,
	},
	{
		name: 'a Latin-1 pattern does not match the UTF-8 form',
		bytes: bytesOf('User-agent: *\nDisallow: /soci\xe9t\xe9\n'),
		agent: 'Googlebot',
		url: 'https://example.fr/soci%C3%A9t%C3%A9/info',
		google: 'allow',
		line: null,
	},
	{
		// robots.cc keeps kMaxLineLen - 1 = 2083 * 8 - 1 = 16 663 octets of a line, one per raw byte: the pattern is
		// `/` and the first 16 652 bytes E9 (16 663 - `Disallow: `), so a URL with exactly those octets matches.
		name: 'a Latin-1 line cut at 16 663 octets keeps 16 652 raw bytes of its pattern',
		bytes: bytesOf(`User-agent: *\nDisallow: /${'\xe9'.repeat(16_989)}\n`),
		agent: 'Googlebot',
		url: `https://example.fr/${'%E9'.repeat(16_652)}`,
		google: 'disallow',
		line: 2,
	},
	{
		name: 'a Latin-1 line cut at 16 663 octets does not match a URL one raw byte shorter than its pattern',
		bytes: bytesOf(`User-agent: *\nDisallow: /${'\xe9'.repeat(16_989)}\n`),
		agent: 'Googlebot',
		url: `https://example.fr/${'%E9'.repeat(16_651)}`,
		google: 'allow',
		line: null,
	},
];

describe('google dialect reads bytes as robots.cc does', () => {
	for (const c of cases) {
		test(c.name, () => {
			const model = parse(decodeRobotsBytes(Uint8Array.from(c.bytes)));
			const result = evaluate(model, { agent: c.agent, url: c.url, dialect: 'google' });
			assert.equal(result.verdict, c.google, result.explanation);
			assert.equal(result.rule ? result.rule.line + 1 : null, c.line, result.explanation);
		});
	}

	test('the other dialects still read the cut byte order mark as part of the key', () => {
		const model = parse(decodeRobotsBytes(Uint8Array.from(bytesOf('\xef\xbbUser-agent: foo\nDisallow: /x\n'))));
		assert.equal(evaluate(model, { agent: 'foo', url: '/x', dialect: 'rfc9309' }).verdict, 'allow');
	});
});

describe('decodeRobotsBytes', () => {
	test('keeps every byte: encodeRobotsText gives the same bytes back', () => {
		const samples = [
			bytesOf('plain ascii\r\n'),
			[0xef, 0xbb, 0xbf, ...bytesOf('User-agent: *')],
			[0xe9, 0x41, 0xc3, 0xa9, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80, 0xf0, 0x9f],
			[0xc0, 0xaf, 0xe0, 0x80, 0xaf, 0xf4, 0x90, 0x80, 0x80, 0x80],
		];
		for (const sample of samples) {
			const text = decodeRobotsBytes(Uint8Array.from(sample));
			assert.deepEqual([...encodeRobotsText(text)], sample);
			assert.equal(print(parse(text)), text);
		}
	});

	test('valid UTF-8 decodes as TextDecoder does', () => {
		const text = 'User-agent: *\nDisallow: /ツ/😀\n';
		const bytes = new TextEncoder().encode(text);
		assert.equal(decodeRobotsBytes(bytes), text);
	});

	test('a 100 000-byte file of invalid bytes decodes in one pass', () => {
		const bytes = new Uint8Array(100_000).fill(0xe9);
		const text = decodeRobotsBytes(bytes);
		assert.equal(text.length, 100_000);
	});
});
