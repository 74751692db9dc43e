/**
 * Limits that crawlers count in octets, on files read as crawlers receive them (`decodeRobotsBytes`: a byte that is
 * not UTF-8 is kept as one escape, one octet on the wire). Expected positions come from the limits' sources:
 * Google's robots.cc keeps kMaxLineLen - 1 = 2083 * 8 - 1 = 16 663 octets of a line; RFC 9309 §2.5, Google and
 * Yandex read 500 KiB (512 000 octets); UTF-8 (RFC 3629) takes 2 octets for é, 4 for an emoji.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeDiagnostics, decodeRobotsBytes, defaultAnalysisOptions, parse, readAs } from '../../core/src/index';

const latin1 = (text: string): Uint8Array => Uint8Array.from([...text].map((character) => character.charCodeAt(0)));

/** Where `line-too-long` starts on each line it is reported on (0-based line and character). */
function lineTooLong(text: string): Array<[number, number]> {
	return computeDiagnostics(parse(text), defaultAnalysisOptions)
		.filter((d) => d.code === 'line-too-long')
		.map((d) => [d.range.start.line, d.range.start.character]);
}

describe('Google cuts a line after 16 663 octets', () => {
	test('a Disallow line of 17 000 raw Latin-1 bytes: the finding starts at the 16 664th octet', () => {
		const text = decodeRobotsBytes(latin1(`User-agent: *\nDisallow: /${'\xe9'.repeat(17_000 - 'Disallow: /'.length)}\n`));
		// One octet per character on that line: the 16 664th octet is at character 16 663.
		assert.deepEqual(lineTooLong(text), [[1, 16_663]]);
	});

	test('two-octet and four-octet characters: the finding starts at the character that holds the 16 664th octet', () => {
		// `Disallow: /` is 11 octets; 8 326 é fill 16 652 more, up to 16 663; the next é holds octets 16 664 and 16 665.
		assert.deepEqual(lineTooLong(`User-agent: *\nDisallow: /${'é'.repeat(9_000)}\n`), [[1, 11 + 8_326]]);
		// 4 163 emoji fill 16 652 octets; each is two UTF-16 units.
		assert.deepEqual(lineTooLong(`User-agent: *\nDisallow: /${'😀'.repeat(5_000)}\n`), [[1, 11 + 2 * 4_163]]);
	});

	test('raw bytes and UTF-8 on one line: each raw byte one octet, é two', () => {
		// 11 + 10 000 raw bytes = 10 011 octets; 3 326 é add 6 652, up to 16 663.
		const text = decodeRobotsBytes(latin1(`User-agent: *\nDisallow: /${'\xe9'.repeat(10_000)}`));
		assert.deepEqual(lineTooLong(`${text}${'é'.repeat(4_000)}\n`), [[1, 11 + 10_000 + 3_326]]);
	});

	test('a line of exactly 16 663 raw bytes is read whole', () => {
		const text = decodeRobotsBytes(latin1(`User-agent: *\nDisallow: /${'\xe9'.repeat(16_663 - 11)}\n`));
		assert.deepEqual(lineTooLong(text), []);
	});
});

describe('500 KiB are counted in octets as crawlers receive them', () => {
	// 14 octets, then 600 lines of 1 001 octets (`Disallow: /`, 989 raw bytes, the line end): 600 614 in all.
	const text = decodeRobotsBytes(latin1(`User-agent: *\n${`Disallow: /${'\xe9'.repeat(989)}\n`.repeat(600)}`));
	const model = parse(text);
	// Octet 512 000 is on line 1 + 511 (0-based 512), at character 512 000 - 14 - 511 * 1 001 = 475.
	const line = 512;
	const character = 475;

	test('Google reads the first 512 000 octets', () => {
		const extent = readAs(model, 'Googlebot').extent;
		assert.deepEqual(extent, { kind: 'cut', limit: 512_000, fileBytes: 600_614, line, lineNumber: line + 1, character });
	});

	test('Yandex finds the file over its limit', () => {
		assert.deepEqual(readAs(model, 'Yandex').extent, { kind: 'too-large', limit: 512_000, fileBytes: 600_614 });
	});

	test('file-too-large is on the line where the file grows past 512 000 octets', () => {
		const found = computeDiagnostics(model, defaultAnalysisOptions).filter((d) => d.code === 'file-too-large');
		assert.deepEqual(
			found.map((d) => d.range.start.line),
			[line],
		);
	});

	test('a file of 400 000 raw bytes is under the limit, though three octets a character would put it over', () => {
		const small = parse(decodeRobotsBytes(latin1(`User-agent: *\n${`Disallow: /${'\xe9'.repeat(989)}\n`.repeat(400)}`)));
		assert.deepEqual(readAs(small, 'Googlebot').extent, { kind: 'whole', fileBytes: 14 + 400 * 1_001 });
		assert.deepEqual(
			computeDiagnostics(small, defaultAnalysisOptions).filter((d) => d.code === 'file-too-large'),
			[],
		);
	});
});
