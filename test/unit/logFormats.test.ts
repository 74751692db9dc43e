/**
 * Access log lines read by core/src/logs/formats.ts. The samples are in test/fixtures/logs/ (its README names each
 * line's source); every expected record is what the source says the line means: times are the documented local time
 * with its offset (or UTC, for W3C and CloudFront), written out with `Date.UTC`.
 */

import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { detectLogFormat, LogReader, logFormatNames, parseLogLine, type LogFormatName, type LogLine, type LogRecord } from '../../core/src/index';
import { readFixture } from '../util/fixtures';

/** The lines of a fixture, without the empty string after its last line end. */
function fixtureLines(name: string): string[] {
	const lines = readFixture('logs', name).split('\n');
	return lines.at(-1) === '' ? lines.slice(0, -1) : lines;
}

/** Every line of a fixture through one reader, as a caller reading the file would. */
function readAll(name: string, format?: LogFormatName): LogLine[] {
	const reader = new LogReader(format);
	return fixtureLines(name).map((line) => reader.read(line));
}

function requests(lines: readonly LogLine[]): LogRecord[] {
	return lines.flatMap((line) => (line.kind === 'request' ? [line.record] : []));
}

const apacheExample: LogRecord = {
	ip: '127.0.0.1',
	time: Date.UTC(2000, 9, 10, 20, 55, 36),
	method: 'GET',
	target: '/apache_pb.gif',
	status: 200,
	userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
};

describe('combined and common log formats', () => {
	test("Apache's example line, in Combined and in Common Log Format", () => {
		assert.deepStrictEqual(requests(readAll('combined.log')).at(0), apacheExample);
		assert.deepStrictEqual(requests(readAll('common.log')), [{ ...apacheExample, userAgent: null }]);
	});

	test("nginx's \\xXX escapes: a byte above 127 stays percent-encoded in the target, a quote is undone", () => {
		assert.deepStrictEqual(requests(readAll('combined.log'))[1], {
			ip: '66.249.66.1',
			time: Date.UTC(2019, 11, 4, 21, 2, 31),
			method: 'GET',
			target: '/caf%C3%A9?q="x"',
			status: 200,
			userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
		});
	});

	test('Apache\'s \\" escape, a - for absent bytes, a positive offset, and fields after the User-Agent', () => {
		const [, , escaped, appended] = requests(readAll('combined.log'));
		assert.deepStrictEqual(escaped, {
			ip: '192.0.2.7',
			time: Date.UTC(2019, 11, 4, 20, 2, 32),
			method: 'GET',
			target: '/search?q=a"b',
			status: 404,
			userAgent: 'curl/8.5.0 "quoted"',
		});
		assert.equal(appended.target, '/robots.txt');
		assert.equal(appended.userAgent, null, 'a - User-Agent is an absent header');
	});

	test('a Common Log Format line is not a combined one, but a combined line is read as common when told', () => {
		const [common] = fixtureLines('common.log');
		assert.deepStrictEqual(parseLogLine(common, 'combined'), { kind: 'unparsed', reason: 'shape' });
		const [combined] = fixtureLines('combined.log');
		assert.deepStrictEqual(parseLogLine(combined, 'common'), { kind: 'request', record: { ...apacheExample, userAgent: null } });
	});
});

describe('W3C extended log format', () => {
	test("IIS's example: directives are not requests, + stands for a space, a new #Fields: changes the columns", () => {
		const lines = readAll('iis.log');
		assert.deepStrictEqual(
			lines.map((line) => line.kind),
			['directive', 'directive', 'directive', 'directive', 'request', 'directive', 'request'],
		);
		assert.deepStrictEqual(requests(lines), [
			{
				ip: '172.224.24.114',
				time: Date.UTC(2002, 4, 24, 20, 18, 1),
				method: 'GET',
				target: '/Default.htm',
				status: 200,
				userAgent: 'Mozilla/4.0 (compatible; MSIE 5.01; Windows 2000 Server)',
			},
			{
				ip: '172.224.24.114',
				time: Date.UTC(2002, 4, 24, 20, 18, 2),
				method: 'GET',
				target: '/search?q=robots',
				status: 404,
				userAgent: null,
			},
		]);
	});

	test("CloudFront's example: tab-separated, the User-Agent URL-decoded", () => {
		assert.deepStrictEqual(requests(readAll('cloudfront.log')), [
			{
				ip: '192.0.2.100',
				time: Date.UTC(2019, 11, 4, 21, 2, 31),
				method: 'GET',
				target: '/index.html',
				status: 200,
				userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
			},
		]);
	});

	test("the W3C draft's example: cs-uri, and a time without a date is no time", () => {
		const expected = { ip: null, time: null, method: 'GET', target: '/foo/bar.html', status: null, userAgent: null };
		assert.deepStrictEqual(requests(readAll('w3c-spec.log')), [expected, expected]);
	});

	test('a quoted W3C string keeps its spaces, and "" is a quote inside it', () => {
		const line = parseLogLine('GET /a "Mozilla ""5"" x"', 'w3c', ['cs-method', 'cs-uri-stem', 'cs(User-Agent)']);
		assert.deepStrictEqual(line.kind === 'request' && line.record.userAgent, 'Mozilla "5" x');
	});

	test('a UTF-8 byte order mark before the first directive (IIS writes one in UTF-8 logs) hides nothing', () => {
		const [first, ...rest] = fixtureLines('iis.log');
		const reader = new LogReader();
		const lines = [`\uFEFF${first}`, ...rest].map((line) => reader.read(line));
		assert.equal(reader.format, 'w3c');
		assert.deepStrictEqual(requests(lines), requests(readAll('iis.log')));
		const bomFields = new LogReader('w3c');
		bomFields.read(`\uFEFF${fixtureLines('iis.log')[3]}`);
		assert.equal(bomFields.read(fixtureLines('iis.log')[4]).kind, 'request');
		assert.equal(parseLogLine(`\uFEFF${fixtureLines('combined.log')[0]}`, 'combined').kind, 'request');
	});

	test('a line before any #Fields:, or with another column count, is unparsed', () => {
		assert.deepStrictEqual(parseLogLine('2002-05-24 20:18:01 GET /', 'w3c'), { kind: 'unparsed', reason: 'fields' });
		const reader = new LogReader('w3c');
		reader.read('#Fields: date time cs-method cs-uri-stem');
		assert.deepStrictEqual(reader.read('2002-05-24 20:18:01 GET'), { kind: 'unparsed', reason: 'columns' });
	});
});

describe('JSON lines', () => {
	test('Cloudflare Logpush fields, with EdgeStartTimestamp in unixnano, rfc3339 and unix', () => {
		assert.deepStrictEqual(requests(readAll('cloudflare.jsonl')), [
			{ ip: '68.278.11.89', time: 1545155129696, method: 'GET', target: '/var/www', status: 403, userAgent: null },
			{
				ip: '192.0.2.1',
				time: Date.UTC(1985, 3, 12, 23, 20, 50, 520),
				method: 'GET',
				target: '/a?b=1',
				status: 200,
				userAgent: 'GPTBot/1.1',
			},
			{ ip: '192.0.2.2', time: 1570864850000, method: 'HEAD', target: '/', status: 304, userAgent: null },
		]);
	});

	test('generic field names, a time with an offset, Unix milliseconds, a status as a string', () => {
		assert.deepStrictEqual(requests(readAll('generic.jsonl')), [
			{
				ip: '198.51.100.4',
				time: Date.UTC(1996, 11, 20, 0, 39, 57),
				method: 'GET',
				target: '/private/a',
				status: 200,
				userAgent: 'ClaudeBot/1.0',
			},
			{ ip: '198.51.100.5', time: 1570864850520, method: null, target: '/b', status: 301, userAgent: 'CCBot/2.0' },
		]);
	});

	test('not an object, or no target, is unparsed', () => {
		assert.deepStrictEqual(parseLogLine('{"ip":', 'json'), { kind: 'unparsed', reason: 'json' });
		assert.deepStrictEqual(parseLogLine('[1,2]', 'json'), { kind: 'unparsed', reason: 'json' });
		assert.deepStrictEqual(parseLogLine('{"ip":"192.0.2.1"}', 'json'), { kind: 'unparsed', reason: 'target' });
	});
});

describe('detection and malformed lines', () => {
	test('each sample file is told by its first lines', () => {
		const cases: [string, LogFormatName][] = [
			['combined.log', 'combined'],
			['common.log', 'common'],
			['iis.log', 'w3c'],
			['cloudfront.log', 'w3c'],
			['cloudflare.jsonl', 'json'],
			['generic.jsonl', 'json'],
		];
		for (const [name, format] of cases) {
			assert.equal(detectLogFormat(fixtureLines(name).slice(0, 5)), format, name);
			const reader = new LogReader();
			reader.read(fixtureLines(name)[0]);
			assert.equal(reader.format, format, name);
		}
		assert.equal(detectLogFormat(['', '   ']), undefined);
		assert.equal(detectLogFormat(['', 'not a log line']), undefined);
		assert.equal(detectLogFormat(['not a log line', ...fixtureLines('combined.log')]), 'combined');
	});

	test('a given format overrides detection', () => {
		const reader = new LogReader('json');
		assert.deepStrictEqual(reader.read(fixtureLines('common.log')[0]), { kind: 'unparsed', reason: 'json' });
	});

	test('every malformed line is unparsed, with why', () => {
		assert.deepStrictEqual(
			readAll('malformed.log', 'combined').map((line) => (line.kind === 'unparsed' ? line.reason : line.kind)),
			['empty', 'quote', 'shape', 'shape', 'quote', 'time', 'request', 'status', 'shape'],
		);
		// Undetected, a reader tries each line until one reads: the unclosed User-Agent reads as Common Log Format.
		const reader = new LogReader();
		assert.deepStrictEqual(
			fixtureLines('malformed.log').map((line) => {
				const read = reader.read(line);
				return read.kind === 'unparsed' ? read.reason : read.kind;
			}),
			['empty', 'format', 'format', 'format', 'request', 'time', 'request', 'status', 'shape'],
		);
		assert.equal(reader.format, 'common');
	});

	test("a month is one of the twelve English abbreviations, exactly (Apache's %t: [day/month/year:hour:minute:second zone])", () => {
		const line = (month: string) => `127.0.0.1 - - [10/${month}/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 1`;
		assert.equal(parseLogLine(line('Oct'), 'common').kind, 'request');
		// A lower-case month, letters outside ASCII whose codes add up to Jan's in a careless key, a short and a long one.
		for (const month of ['oct', 'Išn', 'Ja', 'Janu']) {
			assert.deepStrictEqual(parseLogLine(line(month), 'common'), { kind: 'unparsed', reason: 'time' }, month);
		}
	});

	test("the clock of each line is its own, whatever day and zone the lines before it had (Apache's %t: second 60 is a leap second)", () => {
		// A reader remembers the last day and zone it read in full; every line below must read as if it were the first.
		const line = (time: string) => `127.0.0.1 - - [${time}] "GET /a HTTP/1.1" 200 1`;
		const cases: [string, number | undefined][] = [
			['10/Oct/2000:13:55:36 -0700', Date.UTC(2000, 9, 10, 20, 55, 36)],
			['10/Oct/2000:13:55:37 -0700', Date.UTC(2000, 9, 10, 20, 55, 37)],
			['10/Oct/2000:23:59:60 -0700', Date.UTC(2000, 9, 11, 7, 0, 0)],
			['10/Oct/2000:24:00:00 -0700', undefined],
			['10/Oct/2000:13:60:00 -0700', undefined],
			['10/Oct/2000:13:55:61 -0700', undefined],
			['10/Oct/2000:1x:55:36 -0700', undefined],
			['10/Oct/2000:13-55:36 -0700', undefined],
			['10/Oct/2000:13:55:36 +0100', Date.UTC(2000, 9, 10, 12, 55, 36)],
			['10/Oct/2000:13:55:36 -0700', Date.UTC(2000, 9, 10, 20, 55, 36)],
			['11/Oct/2000:00:00:00 -0700', Date.UTC(2000, 9, 11, 7, 0, 0)],
			['10/Oct/2000:00:00:00 -0700', Date.UTC(2000, 9, 10, 7, 0, 0)],
			['10/Oct/2000:13:55:36.5 -0700', undefined],
			['10/Oct/2000:13:55:36  -0700', undefined],
			['10/Oct/2000:13:55:36 -0700', Date.UTC(2000, 9, 10, 20, 55, 36)],
		];
		const reader = new LogReader('common');
		for (const [time, expected] of cases) {
			const read = reader.read(line(time));
			assert.deepStrictEqual(read.kind === 'request' ? read.record.time : read, expected === undefined ? { kind: 'unparsed', reason: 'time' } : expected, time);
		}
	});

	test('the request line is a method (a token, RFC 9110 section 9.1), a target and maybe a version, each after one space', () => {
		const line = (request: string) => `127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "${request}" 200 1`;
		const read = (request: string) => {
			const got = parseLogLine(line(request), 'common');
			return got.kind === 'request' ? [got.record.method, got.record.target] : got;
		};
		assert.deepStrictEqual(read('GET /a HTTP/1.1'), ['GET', '/a']);
		assert.deepStrictEqual(read('HEAD /a'), ['HEAD', '/a']);
		assert.deepStrictEqual(read('PROPFIND /a?b=c HTTP/1.1'), ['PROPFIND', '/a?b=c']);
		assert.deepStrictEqual(read('GETX /a HTTP/1.1'), ['GETX', '/a']);
		assert.deepStrictEqual(read('get /a'), ['get', '/a']);
		for (const request of ['GET', 'GET ', ' /a HTTP/1.1', 'GET  /a HTTP/1.1', 'GET /a HTTP/1.1 x', 'G(T /a', 'G/T /a', 'G\\x7fT /a', 'G\x7fT /a', '-']) {
			assert.deepStrictEqual(read(request), { kind: 'unparsed', reason: 'request' }, request);
		}
		// An escaped space is a space of the request line; an escaped byte above 127 is kept in the target as %XX.
		assert.deepStrictEqual(read('GET /a\\x20b HTTP/1.1'), { kind: 'unparsed', reason: 'request' });
		assert.deepStrictEqual(read('GET /caf\\xc3\\xa9 HTTP/1.1'), ['GET', '/caf%C3%A9']);
	});

	test('the Referer is read past as the other quoted fields are, escapes and all (nginx writes a quote in it as \\x22, Apache as \\")', () => {
		const line = (referer: string) => `127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 1 ${referer} "GPTBot/1.2"`;
		for (const referer of ['"-"', '""', '"https://example.com/?q=\\"x\\""', '"https://example.com/\\x22\\\\"', '"\\\\"']) {
			const read = parseLogLine(line(referer), 'combined');
			assert.equal(read.kind === 'request' && read.record.userAgent, 'GPTBot/1.2', referer);
		}
		// An escaped quote does not close it: here it closes at the User-Agent's opening quote, and what follows is no field.
		assert.deepStrictEqual(parseLogLine(line('"https://example.com/\\"'), 'combined'), { kind: 'unparsed', reason: 'shape' });
		assert.deepStrictEqual(parseLogLine(`${line('"-"').slice(0, -'"-" "GPTBot/1.2"'.length)}"https://example.com/\\"`, 'combined'), {
			kind: 'unparsed',
			reason: 'quote',
		});
		assert.deepStrictEqual(parseLogLine(line('-'), 'combined'), { kind: 'unparsed', reason: 'shape' });
	});

	test('a 100 000-character line is read in one pass, in every format', () => {
		const long = 'a'.repeat(100_000);
		const lines = [
			long,
			`"${long}`,
			`127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /${long} HTTP/1.1" 200 1 "-" "${'\\x41'.repeat(25_000)}"`,
			`127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 1 "-" "${'\\'.repeat(100_000)}`,
			`{"path":"/${long}"`,
			`${'"'.repeat(100_000)}`,
			`${'[ '.repeat(50_000)}`,
		];
		for (const format of logFormatNames) {
			for (const line of lines) {
				parseLogLine(line, format, ['cs-uri']);
			}
		}
		const read = parseLogLine(lines[2], 'combined');
		assert.equal(read.kind === 'request' && read.record.target.length, 100_001);
		assert.equal(read.kind === 'request' && read.record.userAgent, 'A'.repeat(25_000));
		assert.deepStrictEqual(parseLogLine(lines[3], 'combined'), { kind: 'unparsed', reason: 'quote' });
	});
});
