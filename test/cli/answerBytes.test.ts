/**
 * `robots-txt test --urls` answers a list as bytes (cli/src/answerBytes.ts): a line of printable ASCII is answered
 * without being decoded, every other line as text. Its output must be the text reader's, byte for byte: the lines the
 * list splits into as text (LineSplitter, every line end, a byte order mark first), each trimmed, blank lines and
 * comments skipped, checked (`checkUrl`) and worded (`answerLines`). The reference here is that reading, written out
 * plainly; lists are generated from pieces that take every branch (spaces, tabs, quotes and backslashes, which JSON
 * escapes, control and bidi characters, which a terminal line escapes, other scripts, bytes that are not UTF-8).
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Answered, answerBytes } from '../../cli/src/answerBytes';
import { answerLines, answersAround } from '../../cli/src/answerLines';
import { tooLongMessage } from '../../cli/src/lines';
import { type Dialect, parse, UrlListChecker } from '../../core/src/index';
import { type InputLine, LineSplitter, maxLineLength } from '../../io/src/lines';

// Rules that word answers every way: several groups, longest match and `$`, Content-Usage by path and Content-Signal.
const model = parse(
	[
		'User-agent: *',
		'Disallow: /private/',
		'Allow: /private/open$',
		'Content-Signal: search=yes, ai-train=no',
		'',
		'User-agent: Googlebot',
		'User-agent: bingbot',
		'Disallow: /*.pdf$',
		'Disallow: /search',
		'Content-Usage: /news/ train-ai=n',
		'',
		'User-agent: GPTBot',
		'Disallow: /',
	].join('\n'),
);

interface Setting {
	readonly agents: readonly string[];
	readonly dialect: Dialect | undefined;
	readonly json: boolean;
}

/** The text reader's answers to a part: decoded, split into lines, and each line answered as `runTest` answers one. */
function asText(bytes: Buffer, continued: boolean, setting: Setting): { lines: number; inputs: number; output: string; bad: unknown[] } {
	const format = { json: setting.json, showAgent: setting.agents.length > 1 };
	const answerers = setting.agents.map((agent) => answerLines(model, agent, setting.dialect, format));
	const checker = new UrlListChecker();
	const splitter = new LineSplitter(maxLineLength, continued);
	const read: InputLine[] = [...splitter.push(bytes.toString('utf8')), ...splitter.end()];
	let output = '';
	const bad: unknown[] = [];
	let inputs = 0;
	for (const line of read) {
		if ('tooLong' in line) {
			inputs++;
			bad.push({ at: output.length, line: line.line, problem: tooLongMessage() });
			continue;
		}
		const url = line.text.trim();
		if (url === '' || url.startsWith('#')) {
			continue;
		}
		inputs++;
		const problem = checker.check(url);
		if (problem !== undefined) {
			bad.push({ at: output.length, line: line.line, url, problem });
			continue;
		}
		for (const answerer of answerers) {
			output += answerer(url) + '\n';
		}
	}
	return { lines: read.length, inputs, output, bad };
}

/** The byte reader's answers to a part, in the same shape: its output runs joined, each bad input where it came. */
function asBytes(bytes: Buffer, continued: boolean, setting: Setting): { lines: number; inputs: number; output: string; bad: unknown[] } {
	const format = { json: setting.json, showAgent: setting.agents.length > 1 };
	const answerers = setting.agents.map((agent) => answersAround(model, agent, setting.dialect, format));
	const answered: Answered = answerBytes(bytes, continued, answerers, new UrlListChecker(), setting.json);
	let output = '';
	const bad: unknown[] = [];
	for (const piece of answered.output) {
		if (piece instanceof Uint8Array) {
			output += Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('utf8');
		} else {
			bad.push({ at: output.length, ...piece });
		}
	}
	return { lines: answered.lines, inputs: answered.inputs, output, bad };
}

const settings: readonly Setting[] = [
	{ agents: ['Googlebot'], dialect: undefined, json: false },
	{ agents: ['Googlebot'], dialect: undefined, json: true },
	{ agents: ['GPTBot', 'Googlebot-Image'], dialect: undefined, json: false },
	{ agents: ['GPTBot', 'bingbot'], dialect: undefined, json: true },
	{ agents: ['Googlebot'], dialect: 'rfc9309', json: false },
	{ agents: ['Googlebot'], dialect: 'google', json: true },
];

/** Pieces of lines: parts of URLs, and every kind of character and byte a line may hold. */
const piece = fc.constantFrom(
	'https://example.com',
	'https://www.example.org:8080',
	'//example.com',
	'/private/',
	'/private/open',
	'/files/a.pdf',
	'/news/today',
	'/search?q=1',
	'page',
	'#',
	'?',
	' ',
	'\t',
	'"',
	'\\',
	'\u0001',
	'\u007f',
	'\u0085',
	'\u00a0',
	'\u202e',
	'\u2028',
	'\ufeff',
	'ü',
	'日本',
	'😀',
	'private/x',
	'mailto:',
);
/** Bytes that are not UTF-8: a lone continuation byte, a lead byte without its continuation, a byte UTF-8 never uses. */
const invalid = fc.constantFrom(Buffer.from([0x80]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82]), Buffer.from([0xff]));
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const line = fc.tuple(
	fc.array(fc.oneof({ weight: 8, arbitrary: piece.map((text) => Buffer.from(text)) }, { weight: 1, arbitrary: invalid }), { maxLength: 6 }),
	lineEnd,
);
const list = fc.record({
	bom: fc.boolean(),
	lines: fc.array(line, { maxLength: 12 }),
	lastEnds: fc.boolean(),
	continued: fc.boolean(),
	setting: fc.constantFrom(...settings),
});

describe('test --urls read as bytes', () => {
	test('answers every list as the text reader does: output, inputs that cannot be tested, lines and inputs counted', () => {
		fc.assert(
			fc.property(list, ({ bom, lines, lastEnds, continued, setting }) => {
				const parts: Buffer[] = bom ? [Buffer.from([0xef, 0xbb, 0xbf])] : [];
				lines.forEach(([pieces, end], index) => {
					parts.push(...pieces);
					if (index < lines.length - 1 || lastEnds) {
						parts.push(Buffer.from(end));
					}
				});
				const bytes = Buffer.concat(parts);
				assert.deepEqual(asBytes(bytes, continued, setting), asText(bytes, continued, setting));
			}),
			{ numRuns: 3000 },
		);
	});

	test('a part of more wordings than are kept encoded (a parser words each URL anew) is answered the same', () => {
		const urls = Array.from({ length: 2_000 }, (_, i) => ['https://example.com/search?q=', '/private/open', '/news/ü', '/files/a"b.pdf'][i % 4] + i);
		const bytes = Buffer.from(urls.join('\n') + '\n');
		for (const setting of settings) {
			const answered = asBytes(bytes, false, setting);
			assert.deepEqual(answered, asText(bytes, false, setting));
			assert.equal(answered.output.split('\n').length - 1, 2_000 * setting.agents.length);
		}
	});

	test('a line is too long to read over the cap in UTF-16 code units, as the text reader counts, not in bytes', () => {
		const ascii = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;
		// At the cap, and one over it; three bytes a character, under the cap in code units and over it in bytes.
		const lines = [ascii(maxLineLength), ascii(maxLineLength + 1), `https://example.com/${'日'.repeat(400_000)}`, '/last'];
		const bytes = Buffer.from(lines.join('\n'));
		for (const setting of settings.slice(0, 2)) {
			const answered = asBytes(bytes, false, setting);
			assert.deepEqual(answered, asText(bytes, false, setting));
			assert.deepEqual(
				answered.bad.map((entry) => ({ ...(entry as object), at: 0 })),
				[{ at: 0, line: 2, problem: tooLongMessage() }],
			);
			assert.equal(answered.output.split('\n').length - 1, 3);
			assert.equal(answered.inputs, 4);
		}
	});
});
