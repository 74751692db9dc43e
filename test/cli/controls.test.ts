/**
 * Terminal control sequences in files and HTTP responses never reach the text output raw (issue 21, finding 8: "an OSC
 * 52 sequence in a robots.txt writes the clipboard of terminals that allow it"). Every command that quotes a file or a
 * response in text (`test`, `check`, `lint`, `diff`, `fetch`, and the messages on standard error) shows C0 controls
 * but the tab, DEL, C1 controls and the bidirectional overrides of "Trojan Source" (CVE-2021-42574: U+202A–U+202E,
 * U+2066–U+2069) as escapes, `\x1b` or `\u{202e}` as the issue writes them; JSON output is left as JSON writes it.
 */

import { execFile } from 'node:child_process';
import * as net from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, englishEnv, runCli, workFolder } from './cliProcess';

/** OSC 52: "set the clipboard to base64 'Hi'", ended by BEL, as xterm documents it. */
const osc52 = '\u001b]52;c;SGk=\u0007';
const osc52Escaped = '\\x1b]52;c;SGk=\\x07';
/** RIGHT-TO-LEFT OVERRIDE, which makes what follows read backwards. */
const rlo = '\u202e';

/** What must never be written raw: the characters the escape covers. */
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const work = workFolder('robots-controls-');
after(() => rmSync(work, { recursive: true, force: true }));

const robots = join(work, 'robots.txt');
writeFileSync(robots, ['User-agent: *', `Disallow: /a # ${osc52}`, `${osc52}: x`, ''].join('\n'));

describe('text output escapes control characters of files', () => {
	test('test: the deciding line quoted with its escape; --json leaves the rule as JSON writes it', () => {
		const text = runCli(['test', robots, '--agent', 'Googlebot', '/a/x']);
		assert.equal(text.status, 0, text.stderr);
		assert.doesNotMatch(text.stdout, raw);
		assert.equal(text.stdout, `DISALLOWED /a/x  (line 2: Disallow: /a # ${osc52Escaped})\n`);
		const json = runCli(['test', robots, '--agent', 'Googlebot', '--json', '/a/x']);
		assert.equal(JSON.parse(json.stdout).rule, `Disallow: /a # ${osc52}`);
	});

	test('test: a URL of the --urls file that cannot be tested is quoted on standard error with its escapes', () => {
		const urls = join(work, 'urls.txt');
		writeFileSync(urls, `not${rlo}url\n`);
		const result = runCli(['test', robots, '--agent', 'Googlebot', '--urls', urls]);
		assert.equal(result.status, 2);
		assert.doesNotMatch(result.stderr, raw);
		assert.match(result.stderr, /urls\.txt:1: "not\\u\{202e\}url": /);
	});

	test('lint: the unknown directive quoted with its escape, on one line', () => {
		const result = runCli(['lint', robots, '--hints']);
		assert.doesNotMatch(result.stdout, raw);
		assert.ok(
			result.stdout.split('\n').some((line) => /robots\.txt:3:1: information unknown-directive: /.test(line) && line.includes(osc52Escaped)),
			result.stdout,
		);
	});

	test('check: the expectation quoted with its escapes in the FAIL line', () => {
		const folder = join(work, 'check');
		mkdirSync(folder, { recursive: true });
		writeFileSync(join(folder, 'robots.txt'), 'User-agent: *\nDisallow: /private\n');
		writeFileSync(join(folder, 'robots.expectations'), `Googlebot /a${osc52} allow\nGooglebot /${rlo}b disallow\n`);
		const result = runCli(['check', folder]);
		assert.equal(result.status, 1);
		assert.doesNotMatch(result.stdout, raw);
		// The core words the URL with a control character in it for itself (it shows "?"); the line is there all the same.
		assert.match(result.stdout, /robots\.expectations:1:\d+: ERROR not-a-url: /);
		assert.match(result.stdout, /robots\.expectations:2:1: FAIL .*\/\\u\{202e\}b/);
	});

	test('diff: the rules of the flips quoted with their escapes', () => {
		const changed = join(work, 'changed.txt');
		writeFileSync(changed, 'User-agent: *\nDisallow: /b\n');
		const result = runCli(['diff', robots, changed, '--agent', 'Googlebot']);
		assert.equal(result.status, 1, result.stderr);
		assert.doesNotMatch(result.stdout, raw);
		assert.ok(result.stdout.includes(osc52Escaped), result.stdout);
	});
});

describe('text output escapes control characters of responses', () => {
	let server: net.Server;
	let origin: string;

	before(async () => {
		// A reason phrase Node's HTTP parser accepts as it is: the OSC 52 sequence with its ESC and BEL.
		server = net.createServer((socket) => {
			socket.once('data', () => {
				socket.end(`HTTP/1.1 404 Not${osc52}Found\r\nContent-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
	});
	after(() => new Promise<void>((resolve) => server.close(() => resolve())));

	/** Runs the CLI without blocking this process, whose server must keep answering. */
	function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
		const env: NodeJS.ProcessEnv = {};
		for (const [name, value] of Object.entries(englishEnv)) {
			if (!/^(https?|no|all)_proxy$/i.test(name)) {
				env[name] = value;
			}
		}
		return new Promise((resolve) => {
			execFile(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
				resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
			});
		});
	}

	test('fetch: the reason phrase quoted with its escape; --format json keeps it as JSON writes it', async () => {
		const text = await run(['fetch', origin, '--crawler', 'Googlebot']);
		assert.equal(text.status, 0, text.stderr);
		assert.doesNotMatch(text.stdout, raw);
		assert.ok(text.stdout.includes(`404 Not${osc52Escaped}Found`), text.stdout);
		const json = await run(['fetch', origin, '--crawler', 'Googlebot', '--format', 'json']);
		assert.ok(json.stdout.includes('Not\\u001b]52;c;SGk=\\u0007Found'), json.stdout);
	});

	test('lint <URL>: the message on standard error quotes the reason phrase with its escape', async () => {
		const result = await run(['lint', origin]);
		assert.equal(result.status, 2);
		assert.doesNotMatch(result.stderr, raw);
		assert.ok(result.stderr.includes(`404 Not${osc52Escaped}Found`), result.stderr);
	});
});
