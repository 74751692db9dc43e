/**
 * `robots-txt logs` as a process (issue 25): every log format, gzip and standard input, range lists given and fetched
 * (`--verify` through a proxy's CONNECT tunnel to a local TLS server, cached on disk), robots.txt versions from git,
 * shards merged, each output format, exit statuses, and lines that are no log lines. The expected reports are worked out
 * from the fixtures (test/fixtures/logs/cli/README.md) and the rules the crawlers document.
 */

import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import type { LogCrawlerReport, LogReport } from '../../core/src/index';
import { repoRoot } from '../util/fixtures';
import { selfSigned } from '../util/robotsServer';
import { cli, englishEnv, runCli, workFolder } from './cliProcess';

const fixtures = join(repoRoot, 'test', 'fixtures', 'logs');
const cliFixtures = join(fixtures, 'cli');
const robots = join(cliFixtures, 'robots.txt');
const accessLog = join(cliFixtures, 'access.log');
const googleRanges = join(cliFixtures, 'googlebot-ranges.json');

const work = workFolder('robots-logs-');
after(() => rmSync(work, { recursive: true, force: true }));

/** The environment without the runner's proxy settings and with an empty cache folder of its own. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [name, value] of Object.entries(englishEnv)) {
		if (!/^(https?|no|all)_proxy$/i.test(name)) {
			env[name] = value;
		}
	}
	return { ...env, XDG_CACHE_HOME: join(work, 'no-cache'), ...extra };
}

function logs(args: readonly string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}) {
	return runCli(['logs', ...args], { env: options.env ?? environment(), ...(options.input !== undefined ? { input: options.input as string } : {}) });
}

function report(args: readonly string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): LogReport {
	const result = logs([...args, '--format', 'json'], options);
	assert.equal(result.status, 0, result.stderr);
	return JSON.parse(result.stdout) as LogReport;
}

function crawler(of: LogReport, token: string): LogCrawlerReport {
	const found = of.crawlers.find((each) => each.token === token);
	assert.ok(found, `${token} in ${of.crawlers.map((each) => each.token).join(', ')}`);
	return found;
}

/** A crawler's counts without its times and top paths. */
function counts(of: LogCrawlerReport) {
	const { token, requests, urls, violations, verifiedViolations, impostorViolations, ignored, verified, unverified, robotsTxtFetches } = of;
	return { token, requests, urls, violations, verifiedViolations, impostorViolations, ignored, verified, unverified, robotsTxtFetches };
}

describe('robots-txt logs: who crawled and what their reading disallows', () => {
	test('access.log: Googlebot real and spoofed, GPTBot ignoring the file, a browser, an unknown bot, a line that is no log line', () => {
		const whole = report([accessLog, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`]);
		assert.equal(whole.lines, 10);
		assert.equal(whole.requests, 9);
		assert.equal(whole.unparsed, 1);
		assert.equal(whole.browsers, 1);
		assert.equal(whole.unknownBots, 1);
		// Googlebot reads `User-agent: *` (no group of its own): /private is disallowed. 66.249.66.1 is in its list, so its
		// fetch of /private/report is a verified violation; 203.0.113.9 is not, so its two are an impostor's, counted apart.
		assert.deepEqual(counts(crawler(whole, 'Googlebot')), {
			token: 'Googlebot',
			requests: 5,
			urls: 4,
			violations: 1,
			verifiedViolations: 1,
			impostorViolations: 2,
			ignored: 0,
			verified: 3,
			unverified: 2,
			robotsTxtFetches: 1,
		});
		assert.deepEqual(
			crawler(whole, 'Googlebot').topViolations.map(({ path, count, line, rule }) => ({ path, count, line, rule })),
			[{ path: '/private/report', count: 1, line: 2, rule: 'Disallow: /private' }],
		);
		assert.equal(crawler(whole, 'Googlebot').firstSeen, '2024-05-01T10:00:00.000Z');
		assert.equal(crawler(whole, 'Googlebot').lastSeen, '2024-05-01T10:05:01.000Z');
		// Without a list, nobody is told apart: the spoofed requests are Googlebot's violations.
		const unlisted = crawler(report([accessLog, '--robots', robots]), 'Googlebot');
		assert.deepEqual([unlisted.violations, unlisted.verifiedViolations, unlisted.impostorViolations, unlisted.verified, unlisted.unverified], [3, 0, 0, 0, 0]);
		assert.deepEqual(
			unlisted.topViolations.map(({ path, count }) => ({ path, count })),
			[
				{ path: '/private/admin', count: 2 },
				{ path: '/private/report', count: 1 },
			],
		);
		// GPTBot's own group disallows everything; no list vouches for it, so its requests are neither verified nor impostors.
		assert.deepEqual(counts(crawler(whole, 'GPTBot')), {
			token: 'GPTBot',
			requests: 2,
			urls: 2,
			violations: 2,
			verifiedViolations: 0,
			impostorViolations: 0,
			ignored: 0,
			verified: 0,
			unverified: 0,
			robotsTxtFetches: 0,
		});
		assert.deepEqual(
			crawler(whole, 'GPTBot').topViolations.map(({ line, rule }) => ({ line, rule })),
			[
				{ line: 5, rule: 'Disallow: /' },
				{ line: 5, rule: 'Disallow: /' },
			],
		);
		assert.deepEqual(
			whole.unparsedSamples.map(({ file, line, text }) => ({ file, line, text })),
			[{ file: accessLog, line: 10, text: 'this line is not a log line' }],
		);
		// The text report says whose requests no list checked, so that Verified 0 does not read as none genuine.
		const checked = logs([accessLog, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`]).stdout;
		assert.match(
			checked,
			/^Verified and Impostors count the requests checked against a range list of their crawler \(--ranges, --verify\); not checked: GPTBot 2\.$/m,
		);
		assert.match(logs([accessLog, '--robots', robots]).stdout, /; not checked: Googlebot 5 and GPTBot 2\.$/m);
		assert.match(logs([accessLog, '--robots', robots, '--format', 'markdown']).stdout, /; not checked: Googlebot 5 and GPTBot 2\.$/m);
	});

	test('--fail-on-violation: 1 when a verified crawler broke the rules, 0 when only impostors and unverified crawlers did', () => {
		const verified = logs([accessLog, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`, '--fail-on-violation']);
		assert.equal(verified.status, 1, verified.stderr);
		assert.match(verified.stdout, /Googlebot/);
		// Without the real Googlebot's disallowed fetch (line 3), only the impostor and GPTBot (no list) broke the rules.
		const impostorsOnly = join(work, 'impostors.log');
		writeFileSync(
			impostorsOnly,
			readFileSync(accessLog, 'utf8')
				.split('\n')
				.filter((_, index) => index !== 2)
				.join('\n'),
		);
		const unverified = logs([impostorsOnly, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`, '--fail-on-violation']);
		assert.equal(unverified.status, 0, unverified.stderr);
		// Without any list nobody is verified.
		assert.equal(logs([accessLog, '--robots', robots, '--fail-on-violation']).status, 0);
		// Without the flag, violations are the report, not a failure.
		assert.equal(logs([accessLog, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`]).status, 0);
	});

	test('--ranges without a token: a list the catalogue knows by its file name; an unknown one is a usage error that asks for Token=', () => {
		const named = join(work, 'common-crawlers.json');
		copyFileSync(googleRanges, named);
		const byName = report([accessLog, '--robots', robots, '--ranges', named]);
		assert.deepEqual(
			[crawler(byName, 'Googlebot').verified, crawler(byName, 'Googlebot').unverified],
			[3, 2],
			"common-crawlers.json is Google's list for Googlebot",
		);
		const unknown = logs([accessLog, '--robots', robots, '--ranges', googleRanges]);
		assert.equal(unknown.status, 2);
		assert.equal(unknown.stdout, '');
		assert.match(unknown.stderr, /^robots-txt: .*googlebot-ranges\.json.*--ranges Googlebot=/);
		const broken = join(work, 'broken.json');
		writeFileSync(broken, '{"prefixes": 3}');
		const notAList = logs([accessLog, '--robots', robots, '--ranges', `Googlebot=${broken}`]);
		assert.equal(notAList.status, 2);
		assert.match(notAList.stderr, /^robots-txt: cannot read .*broken\.json: /);
	});
});

describe('robots-txt logs: inputs', () => {
	test('every format the core reads, told from each file', () => {
		const plain = join(work, 'plain-robots.txt');
		writeFileSync(plain, 'User-agent: *\nDisallow: /private\n');
		// combined.log: Apache's example (a browser), Googlebot, curl (a client), a robots.txt fetch without a User-Agent.
		const combined = report([join(fixtures, 'combined.log'), '--robots', plain]);
		assert.deepEqual([combined.lines, combined.requests, combined.unparsed, combined.browsers], [4, 4, 0, 1]);
		assert.deepEqual(
			combined.crawlers.map((each) => [each.token, each.requests]),
			[['Googlebot', 1]],
		);
		const common = report([join(fixtures, 'common.log'), '--robots', plain]);
		assert.deepEqual([common.lines, common.requests, common.crawlers.length], [1, 1, 0]);
		// IIS: four directives, a request, a second #Fields: and a request.
		const iis = report([join(fixtures, 'iis.log'), '--robots', plain]);
		assert.deepEqual([iis.lines, iis.requests, iis.unparsed], [7, 2, 0]);
		const cloudfront = report([join(fixtures, 'cloudfront.log'), '--robots', plain]);
		assert.deepEqual([cloudfront.requests, cloudfront.browsers, cloudfront.unparsed], [1, 1, 0]);
		const w3c = report([join(fixtures, 'w3c-spec.log'), '--robots', plain]);
		assert.deepEqual([w3c.requests, w3c.unparsed], [2, 0]);
		const cloudflare = report([join(fixtures, 'cloudflare.jsonl'), '--robots', plain]);
		assert.deepEqual([cloudflare.requests, cloudflare.unparsed], [3, 0]);
		assert.deepEqual(
			cloudflare.crawlers.map((each) => [each.token, each.requests, each.violations]),
			[['GPTBot', 1, 0]],
		);
		// ClaudeBot reads `*`: /private/a is disallowed.
		const generic = report([join(fixtures, 'generic.jsonl'), '--robots', plain]);
		assert.deepEqual(generic.crawlers.map((each) => [each.token, each.requests, each.violations]).sort(), [
			['CCBot', 1, 0],
			['ClaudeBot', 1, 1],
		]);
		// --log-format overrides detection: read as JSON, a combined log is all unparsed.
		const forced = report([join(fixtures, 'combined.log'), '--robots', plain, '--log-format', 'json']);
		assert.deepEqual([forced.requests, forced.unparsed], [0, 4]);
	});

	test('gzip, told by its first bytes whatever the name, from a file and from standard input', () => {
		const expected = report([accessLog, '--robots', robots]);
		const gzipped = gzipSync(readFileSync(accessLog));
		const misnamed = join(work, 'access.log.1');
		writeFileSync(misnamed, gzipped);
		const fromFile = report([misnamed, '--robots', robots]);
		assert.deepEqual(fromFile.crawlers, expected.crawlers);
		assert.equal(fromFile.lines, expected.lines);
		const fromStdin = report(['-', '--robots', robots], { input: gzipped });
		assert.deepEqual(fromStdin.crawlers, expected.crawlers);
		assert.deepEqual(
			fromStdin.unparsedSamples.map(({ file, line }) => `${file}:${line}`),
			['stdin:10'],
		);
		const plainStdin = report(['-', '--robots', robots], { input: readFileSync(accessLog, 'utf8') });
		assert.deepEqual(plainStdin.crawlers, expected.crawlers);
	});

	test('a named pipe a program writes the log into and closes (mkfifo): read once, to its end, plain or gzip', async () => {
		const expected = report([accessLog, '--robots', robots]);
		for (const [name, bytes] of [
			['plain', readFileSync(accessLog)],
			['gzip', gzipSync(readFileSync(accessLog))],
		] as const) {
			const pipe = join(work, `access-${name}.fifo`);
			execFileSync('mkfifo', [pipe]);
			const source = join(work, `access-${name}.bytes`);
			writeFileSync(source, bytes);
			// The writer opens the pipe, writes everything and closes; the command must not open it a second time.
			const writer = execFile('sh', ['-c', 'cat "$0" > "$1"', source, pipe]);
			const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
				execFile(
					process.execPath,
					[cli, 'logs', pipe, '--robots', robots, '--format', 'json'],
					{ env: environment(), timeout: 30_000 },
					(error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
				);
			});
			writer.kill();
			assert.equal(result.code, 0, `${name}: ${result.stderr || 'no exit (a hang)'}`);
			const read = JSON.parse(result.stdout) as LogReport;
			assert.deepEqual([read.lines, read.crawlers], [expected.lines, expected.crawlers], name);
		}
	});

	test('a gzip log cut short: the lines before the cut count, the report is written, exit status 2', () => {
		const lines: string[] = [];
		const source = readFileSync(accessLog, 'utf8').split('\n')[1];
		for (let i = 0; i < 20_000; i++) {
			lines.push(source.replace('/public/page', `/public/page-${i}-${(i * 7919) % 104729}`));
		}
		const gzipped = gzipSync(lines.join('\n'));
		const cut = join(work, 'cut.gz');
		writeFileSync(cut, gzipped.subarray(0, gzipped.length - 1000));
		const result = logs([cut, '--robots', robots, '--format', 'json']);
		assert.equal(result.status, 2);
		assert.match(result.stderr, /^robots-txt: cannot read .*cut\.gz: unexpected end of file\n$/);
		const partial = JSON.parse(result.stdout) as LogReport;
		assert.ok(partial.requests > 0 && partial.requests < 20_000, String(partial.requests));
	});

	test('malformed lines are quoted with their numbers; a 100 000-character line and binary junk never crash', () => {
		const junk = join(work, 'junk.log');
		const good = readFileSync(accessLog, 'utf8').split('\n')[0];
		writeFileSync(
			junk,
			Buffer.concat([
				Buffer.from(`${good}\n`),
				Buffer.from(`${'x'.repeat(100_000)}\n`),
				Buffer.from([0x00, 0xff, 0xfe, 0x1b, 0x5b, 0x30, 0x6d, 0x0a]),
				Buffer.from(`66.249.66.1 - - [01/May/2024:10:00:00 +0000] "GET /${'a'.repeat(100_000)} HTTP/1.1" 200 1 "-" "Googlebot/2.1"\n`),
				readFileSync(join(fixtures, 'malformed.log')),
			]),
		);
		for (const format of ['json', 'text', 'csv', 'markdown']) {
			const result = logs([junk, '--robots', robots, '--format', format]);
			assert.equal(result.status, 0, `${format}: ${result.stderr}`);
		}
		const json = report([junk, '--robots', robots]);
		assert.equal(crawler(json, 'Googlebot').requests, 2);
		assert.ok(json.unparsed >= 2 + 8, String(json.unparsed));
		assert.deepEqual(
			json.unparsedSamples.slice(0, 2).map(({ line }) => line),
			[2, 3],
		);
		const text = logs([junk, '--robots', robots]);
		assert.match(text.stdout, /junk\.log:3: /);
		// The terminal never receives the junk's escape sequence as such.
		assert.ok(!text.stdout.includes('\x1b'), 'control characters are escaped');
	});

	test('a line longer than the reader keeps (1 048 576 characters) is unparsed as too long, not read, and the next line still counts', () => {
		const long = join(work, 'long.log');
		const good = readFileSync(accessLog, 'utf8').split('\n')[0];
		writeFileSync(long, `${'x'.repeat(1_048_577)}\n${good}\n`);
		const json = report([long, '--robots', robots]);
		assert.equal(json.requests, 1);
		assert.deepEqual(json.unparsedSamples, [{ file: long, line: 1, reason: 'too-long', text: '' }]);
		assert.match(logs([long, '--robots', robots]).stdout, /long\.log:1: the line is longer than 1,048,576 characters; it was not read/);
	});

	test('a file none of whose lines reads as a request is said on standard error; its binary lines are quoted short', () => {
		// A robots.txt given as the log by mistake, and binary bytes: every line unparsed, never fatal (the issue), but
		// the report alone would say only that no crawler came. A log with one request among junk is no such file.
		const binary = join(work, 'binary.log');
		writeFileSync(binary, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(300, 0), Buffer.from('\n\x01\x02\n')]));
		const junk = join(work, 'some-junk.log');
		writeFileSync(junk, `not a log line\n${readFileSync(accessLog, 'utf8').split('\n')[0]}\n`);
		const result = logs([binary, robots, junk, accessLog, '--robots', robots]);
		assert.equal(result.status, 0, result.stderr);
		const warned = result.stderr.trim().split('\n');
		assert.equal(warned.length, 2, result.stderr);
		assert.match(
			warned[1],
			/^robots-txt: warning: .*robots\.txt: none of its lines reads as a request \(\d+ unparsed\); if it is an access log, --log-format names its format: combined \| common \| w3c \| json$/,
		);
		assert.match(warned[0], /binary\.log: none of its lines reads as a request \(2 unparsed\)/);
		// The first line of the binary file escapes to more than 1 000 characters: the text report cuts its quote.
		const quoted = result.stdout.split('\n').find((line) => line.includes('binary.log:1: '));
		assert.ok(quoted !== undefined, result.stdout);
		const quote = quoted.slice(quoted.indexOf(': "') + 2);
		// 240 characters of quote, the cut's ellipsis, and DEL shown as \x7f (three more) by the terminal's escaping.
		assert.ok(quote.startsWith('"\\x7fELF\\u0000') && quote.endsWith('…') && quote.length <= 240 + 1 + 3, quote);
		// A short line is quoted whole, its closing quote kept.
		assert.match(result.stdout, /binary\.log:2: no log format reads the line: "\\u0001\\u0002"$/m);
		// The JSON report keeps the sample's text as it was.
		assert.equal(report([binary, '--robots', robots]).unparsedSamples[0].text.length, 200);
	});

	test('usage errors: no --robots, no log, a missing log, --robots-history on a URL or a file git does not know, --merge with log options', () => {
		const outsideGit = join(work, 'robots.txt');
		copyFileSync(robots, outsideGit);
		const cases: [string[], RegExp][] = [
			[[accessLog], /missing --robots/],
			[['--robots', robots], /no log to read/],
			[[join(work, 'missing.log'), '--robots', robots], /cannot read .*missing\.log: no such file or directory/],
			[[accessLog, '--robots', 'https://example.com/robots.txt', '--robots-history'], /--robots-history/],
			[['--merge', accessLog, '--robots', robots], /--merge/],
			[['--merge', accessLog, '--top', '3'], /--merge/],
			[[accessLog, '--robots', robots, '--top', '0'], /--top/],
			[[accessLog, '--robots', robots, '--log-format', 'xml'], /unknown format "xml"/],
			// A file outside any git work tree (the temporary folder).
			[[accessLog, '--robots', outsideGit, '--robots-history'], /has no history in git/],
		];
		for (const [args, message] of cases) {
			const result = logs(args);
			assert.equal(result.status, 2, args.join(' '));
			assert.equal(result.stdout, '', args.join(' '));
			assert.match(result.stderr, message, args.join(' '));
		}
	});
});

describe('robots-txt logs: robots.txt over time', () => {
	test('--robots-history: each request judged by the version committed before it, named by hash and date', () => {
		const repository = join(work, 'site');
		mkdirSync(repository, { recursive: true });
		const git = (args: string[], date?: string) =>
			execFileSync('git', args, {
				cwd: repository,
				env: {
					...environment(),
					GIT_AUTHOR_NAME: 't',
					GIT_AUTHOR_EMAIL: 't@example.com',
					GIT_COMMITTER_NAME: 't',
					GIT_COMMITTER_EMAIL: 't@example.com',
					...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}),
				},
				encoding: 'utf8',
			});
		git(['init', '-q']);
		const file = join(repository, 'robots.txt');
		writeFileSync(file, 'User-agent: *\nDisallow: /old\n');
		git(['add', 'robots.txt']);
		git(['commit', '-q', '-m', 'first'], '2024-01-01T00:00:00Z');
		writeFileSync(file, 'User-agent: *\nDisallow: /new\n');
		git(['commit', '-q', '-am', 'second'], '2024-02-01T00:00:00Z');
		const [second, first] = git(['log', '--format=%h']).trim().split('\n');
		const history = report([join(cliFixtures, 'history.log'), '--robots', file, '--robots-history']);
		assert.deepEqual(history.versions, [
			{ label: `${first} 2024-01-01`, since: '2024-01-01T00:00:00.000Z' },
			{ label: `${second} 2024-02-01`, since: '2024-02-01T00:00:00.000Z' },
		]);
		const googlebot = crawler(history, 'Googlebot');
		assert.equal(googlebot.violations, 2);
		assert.deepEqual(
			googlebot.topViolations
				.map(({ path, count, line, rule, version }) => ({ path, count, line, rule, version }))
				.sort((a, b) => a.path.localeCompare(b.path)),
			[
				{ path: '/new/a', count: 1, line: 2, rule: 'Disallow: /new', version: `${second} 2024-02-01` },
				{ path: '/old/a', count: 1, line: 2, rule: 'Disallow: /old', version: `${first} 2024-01-01` },
			],
		);
		const text = logs([join(cliFixtures, 'history.log'), '--robots', file, '--robots-history']);
		assert.match(text.stdout, new RegExp(`/new/a .*line 2: Disallow: /new .*${second} 2024-02-01`));
	});
});

describe('robots-txt logs: shards and output formats', () => {
	test('--merge of two shard reports equals the report of both logs at once, from files and standard input', () => {
		const [head, tail] = [join(work, 'shard-1.log'), join(work, 'shard-2.log')];
		const lines = readFileSync(accessLog, 'utf8').split('\n');
		writeFileSync(head, lines.slice(0, 5).join('\n') + '\n');
		writeFileSync(tail, lines.slice(5).join('\n'));
		const args = ['--robots', robots, '--ranges', `Googlebot=${googleRanges}`, '--format', 'json'];
		const whole = logs([head, tail, ...args]);
		assert.equal(whole.status, 0, whole.stderr);
		const first = join(work, 'shard-1.json');
		const second = join(work, 'shard-2.json');
		writeFileSync(first, logs([head, ...args]).stdout);
		writeFileSync(second, logs([tail, ...args]).stdout);
		const merged = logs(['--merge', first, second, '--format', 'json']);
		assert.equal(merged.status, 0, merged.stderr);
		assert.deepEqual(JSON.parse(merged.stdout), JSON.parse(whole.stdout));
		const fromStdin = logs(['--merge', first, '-', '--format', 'json'], { input: readFileSync(second, 'utf8') });
		assert.deepEqual(JSON.parse(fromStdin.stdout), JSON.parse(whole.stdout));
		// A merged report keeps what --fail-on-violation reads.
		assert.equal(logs(['--merge', first, second, '--fail-on-violation']).status, 1);
		const notAReport = logs(['--merge', robots]);
		assert.equal(notAReport.status, 2);
		assert.match(notAReport.stderr, /^robots-txt: .*robots\.txt: Not a report of robots-txt logs: it is not a JSON object\.\n$/);
	});

	test('text, csv and markdown say the same as the JSON', () => {
		const args = [accessLog, '--robots', robots, '--ranges', `Googlebot=${googleRanges}`];
		const text = logs(args);
		assert.equal(text.status, 0, text.stderr);
		assert.match(text.stdout, /^Googlebot +5 +4 +1 +3 +2 +1 +2024-05-01T10:00:00Z +2024-05-01T10:05:01Z$/m);
		assert.match(text.stdout, /^GPTBot +2 +2 +2 +0 +0 +0 /m);
		assert.match(text.stdout, /^ +1 +\/private\/report +line 2: Disallow: \/private$/m);
		assert.match(text.stdout, /:10: .*"this line is not a log line"/);

		const csv = logs([...args, '--format', 'csv']);
		assert.equal(csv.status, 0, csv.stderr);
		const rows = csv.stdout.trimEnd().split('\r\n');
		assert.equal(
			rows[0],
			'kind,token,requests,urls,violations,verifiedViolations,impostorViolations,ignored,verified,unverified,robotsTxtFetches,firstSeen,lastSeen,path,count,line,rule,version',
		);
		assert.ok(rows.includes('crawler,Googlebot,5,4,1,1,2,0,3,2,1,2024-05-01T10:00:00Z,2024-05-01T10:05:01Z,,,,,'), csv.stdout);
		assert.ok(rows.includes(['violation', 'Googlebot', ...Array(11).fill(''), '/private/report', '1', '2', 'Disallow: /private', ''].join(',')), csv.stdout);

		const markdown = logs([...args, '--format', 'markdown']);
		assert.equal(markdown.status, 0, markdown.stderr);
		assert.match(markdown.stdout, /^\| `Googlebot` \| 5 \| 4 \| 1 \| 3 \| 2 \| 1 \|/m);
		assert.match(markdown.stdout, /^\| `Googlebot` \| 1 \| `\/private\/report` \| line 2 \| `Disallow: \/private` \|$/m);
	});
});

/** A TLS server that answers as developers.google.com would, and a proxy whose CONNECT tunnels lead to it. */
interface ListServer {
	readonly proxy: string;
	readonly requests: string[];
	readonly tunnels: string[];
	readonly certificate: string;
	close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

async function startListServer(): Promise<ListServer | undefined> {
	const certificate = selfSigned('developers.google.com');
	if (certificate === undefined) {
		return undefined;
	}
	const requests: string[] = [];
	const tunnels: string[] = [];
	const sockets = new Set<net.Socket>();
	const lists = https.createServer(certificate, (req, res) => {
		requests.push(req.url ?? '');
		if (req.url === '/static/crawling/ipranges/common-crawlers.json') {
			res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' });
			res.end(readFileSync(googleRanges));
		} else {
			res.writeHead(404, { 'Content-Type': 'text/html' });
			res.end('<html>Not found</html>');
		}
	});
	const listsPort = await listen(lists);
	const proxy = http.createServer((_req, res) => {
		res.writeHead(502);
		res.end();
	});
	proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		tunnels.push(req.url ?? '');
		// Every tunnel leads to the local server, whatever host it asks for: nothing leaves the machine.
		const upstream = net.connect(listsPort, '127.0.0.1', () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream).add(client);
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});
	const proxyPort = await listen(proxy);
	return {
		proxy: `http://127.0.0.1:${proxyPort}`,
		requests,
		tunnels,
		certificate: certificate.cert,
		close: async () => {
			for (const socket of sockets) {
				socket.destroy();
			}
			await Promise.all([lists, proxy].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
		},
	};
}

/** Runs the CLI without blocking this process, whose servers must keep answering. */
function runAsync(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
			resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
		});
	});
}

describe('robots-txt logs --robots <URL>', () => {
	test('the deployed file is fetched once; a URL that serves no file is a usage error saying what crawlers make of it', async () => {
		const seen: string[] = [];
		const site = http.createServer((req, res) => {
			seen.push(req.url ?? '');
			if (req.url === '/robots.txt') {
				res.writeHead(200, { 'Content-Type': 'text/plain' });
				res.end(readFileSync(robots));
			} else {
				res.writeHead(404, { 'Content-Type': 'text/html' });
				res.end('<html>Not found</html>');
			}
		});
		const port = await listen(site);
		try {
			const deployed = await runAsync(['logs', accessLog, '--robots', `http://127.0.0.1:${port}`, '--format', 'json'], environment());
			assert.equal(deployed.status, 0, deployed.stderr);
			assert.deepEqual(seen, ['/robots.txt']);
			const fromUrl = JSON.parse(deployed.stdout) as LogReport;
			assert.deepEqual(fromUrl.versions, [{ label: `http://127.0.0.1:${port}/robots.txt`, since: null }]);
			assert.deepEqual(fromUrl.crawlers, report([accessLog, '--robots', robots]).crawlers);
			const missing = await runAsync(['logs', accessLog, '--robots', `http://127.0.0.1:${port}/missing.txt`], environment());
			assert.equal(missing.status, 2);
			assert.equal(missing.stdout, '');
			assert.match(missing.stderr, /^robots-txt: http:\/\/127\.0\.0\.1:\d+\/missing\.txt: 404 Not Found.*no file to read\. .*allow every URL/);
		} finally {
			await new Promise<void>((resolve) => site.close(() => resolve()));
		}
	});
});

describe('robots-txt logs --verify', () => {
	let server: ListServer | undefined;
	before(async () => {
		server = await startListServer();
	});
	after(async () => {
		await server?.close();
	});

	test("fetches each crawler's catalogue lists through the proxy once, keeps them in the cache folder, warns of one it cannot have", async (context) => {
		if (server === undefined) {
			context.skip('openssl is not available to make the TLS certificate');
			return;
		}
		const certificate = join(work, 'lists-ca.pem');
		writeFileSync(certificate, server.certificate);
		const env = environment({ HTTPS_PROXY: server.proxy, NODE_EXTRA_CA_CERTS: certificate, XDG_CACHE_HOME: join(work, 'cache') });
		const args = ['logs', join(cliFixtures, 'verify.log'), '--robots', robots, '--verify', '--format', 'json'];
		const first = await runAsync(args, env);
		assert.equal(first.status, 0, first.stderr);
		const firstReport = JSON.parse(first.stdout) as LogReport;
		assert.deepEqual([crawler(firstReport, 'Googlebot').verified, crawler(firstReport, 'Googlebot').unverified], [1, 1]);
		assert.deepEqual([crawler(firstReport, 'AdsBot-Google').verified, crawler(firstReport, 'AdsBot-Google').unverified], [0, 0]);
		assert.deepEqual(server.requests.sort(), ['/static/crawling/ipranges/common-crawlers.json', '/static/crawling/ipranges/special-crawlers.json']);
		assert.ok(
			server.tunnels.every((tunnel) => tunnel === 'developers.google.com:443'),
			server.tunnels.join(', '),
		);
		assert.match(
			first.stderr,
			/^robots-txt: warning: https:\/\/developers\.google\.com\/static\/crawling\/ipranges\/special-crawlers\.json: 404 Not Found.*; requests that name AdsBot-Google.* stay unverified$/m,
		);

		// The second run takes the list from the cache (max-age=3600) and asks again only for the one it could not have.
		server.requests.length = 0;
		const second = await runAsync(args, env);
		assert.equal(second.status, 0, second.stderr);
		assert.deepEqual(JSON.parse(second.stdout), firstReport);
		assert.deepEqual(server.requests, ['/static/crawling/ipranges/special-crawlers.json']);
	});

	test('an unreachable list server is a warning, never fatal', async () => {
		// A port where nothing listens: the proxy refuses the connection.
		const closed = net.createServer();
		const port = await listen(closed);
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const env = environment({ HTTPS_PROXY: `http://127.0.0.1:${port}`, XDG_CACHE_HOME: join(work, 'cache-unreachable') });
		const result = await runAsync(['logs', join(cliFixtures, 'verify.log'), '--robots', robots, '--verify', '--format', 'json'], env);
		assert.equal(result.status, 0, result.stderr);
		assert.match(
			result.stderr,
			/^robots-txt: warning: https:\/\/developers\.google\.com\/static\/crawling\/ipranges\/common-crawlers\.json: The connection was refused.*stay unverified$/m,
		);
		const unverified = JSON.parse(result.stdout) as LogReport;
		assert.deepEqual([crawler(unverified, 'Googlebot').verified, crawler(unverified, 'Googlebot').unverified], [0, 0]);
	});
});
