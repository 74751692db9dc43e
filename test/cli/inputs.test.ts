/**
 * What `robots-txt test` accepts as input, and what it says about input it cannot test (issue 14, "CLI rough edges";
 * issue 15, "CLI"): URL lists with comments, inputs that are not URLs, batches with bad lines, byte order marks,
 * and file errors in words. The accepted forms are the ones the README's "Command line" section defines.
 */

import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrl } from '../../cli/src/urlInput';
import { canDenyPermission, runCli, workFolder } from './cliProcess';

const work = workFolder('robots-inputs-');
const robots = join(work, 'robots.txt');
writeFileSync(robots, ['User-agent: *', 'Disallow: /private', '', 'User-agent: Googlebot', 'Disallow: /shop', 'Allow: /shop/public', ''].join('\n'));

function lines(text: string): string[] {
	return text
		.trimEnd()
		.split('\n')
		.filter((line) => line !== '');
}

describe('what counts as a URL', () => {
	// The forms the README documents: a path (RFC 3986 path-absolute plus query and fragment), a URL with a scheme and
	// an authority, a scheme-relative `//host/path`, and `host/path` where the host is a dotted name, an IP address, or
	// has a port. A space or control character is in no URL (RFC 3986 §2); a crawler requests it percent-encoded.
	const accepted = [
		'/',
		'/private/a',
		'/search?q=x',
		'/a#section',
		'/ü/é',
		'/a%20b',
		'/*.php$',
		'https://example.com',
		'https://example.com/private/a',
		'HTTPS://EXAMPLE.COM/A',
		'http://localhost:8080/a',
		'http://private/x',
		'ftp://example.com/a',
		'https://[::1]/a',
		'https://user@example.com/a',
		'https://bücher.example/a',
		'https://example.com:/a',
		'//example.com/a',
		'example.com',
		'example.com/private',
		'www.example.com:8080/a?x',
		'localhost:8080/a',
		'127.0.0.1/a',
		'[::1]:8080/a',
	];
	const rejected: readonly (readonly [string, RegExp])[] = [
		['', /^empty/],
		['not a url', /neither a path/],
		['#top', /neither a path/],
		['?q=1', /neither a path/],
		['*', /neither a path/],
		['private/x', /\/private\/x/],
		['localhost/a', /http:\/\/localhost\/a/],
		['https://[bad', /host/],
		['https://[bad/a', /host/],
		['https://exa mple.com/', /space/],
		['https:example.com', /"\/\/"/],
		['mailto:someone@example.com', /"\/\/"/],
		['https://', /no host/],
		['https:///a', /no host/],
		['https://example.com:99999/', /port/],
		['example.com:abc/a', /port/],
		['/a b', /space/],
		['/a\tb', /tab/],
		['/a\u0000b', /control character/],
	];

	test('accepted: paths from "/", URLs with a scheme and a host, //host/path, and host/path with a real host', () => {
		for (const url of accepted) {
			assert.equal(checkUrl(url), undefined, url);
		}
	});

	test('rejected, each with the reason', () => {
		for (const [url, reason] of rejected) {
			const answer = checkUrl(url);
			assert.ok(answer !== undefined, `${JSON.stringify(url)} is rejected`);
			assert.match(answer, reason, JSON.stringify(url));
		}
	});
});

describe('robots-txt test: inputs it cannot test', () => {
	test('a URL that is not a URL is an error for that input: the others are answered, exit 2 at the end', () => {
		const result = runCli(['test', robots, '--agent', 'Googlebot', '/shop/a', 'not a url', 'https://[bad', '', 'private/x', '/private/b']);
		assert.equal(result.status, 2);
		assert.deepEqual(lines(result.stdout), [
			'DISALLOWED /shop/a  (line 5: Disallow: /shop)',
			'ALLOWED    /private/b  (no rule of the group at line 4 matches)',
		]);
		const errors = lines(result.stderr);
		assert.equal(errors.length, 4, result.stderr);
		assert.match(errors[0], /^robots-txt: "not a url": neither a path/);
		assert.match(errors[1], /^robots-txt: "https:\/\/\[bad": .*host/);
		assert.match(errors[2], /^robots-txt: "": empty/);
		// Read today as the host "private" and the path /x: say so, and how to write either.
		assert.match(errors[3], /^robots-txt: "private\/x": .*\/private\/x.*http:\/\/private\/x/);
	});

	test('--json: an error object in place of the answer, with the line of the --urls file', () => {
		const urls = join(work, 'urls.txt');
		writeFileSync(urls, '/shop/a\nnot a url\n/private/b\n');
		const result = runCli(['test', robots, '--agent', 'Googlebot,bingbot', '--json', '--urls', urls]);
		assert.equal(result.status, 2);
		const records = lines(result.stdout).map((line) => JSON.parse(line));
		assert.deepEqual(
			records.map((record) => [record.url, record.agent ?? null, record.verdict ?? null, record.inputLine ?? null]),
			[
				['/shop/a', 'Googlebot', 'disallow', null],
				['/shop/a', 'bingbot', 'allow', null],
				['not a url', null, null, 2],
				['/private/b', 'Googlebot', 'allow', null],
				['/private/b', 'bingbot', 'disallow', null],
			],
		);
		assert.match(records[2].error, /neither a path/);
		assert.match(result.stderr, /^robots-txt: 1 of 3 URLs could not be tested/);
	});

	test('an empty --agent is a usage error', () => {
		for (const agent of ['', ' ', 'Googlebot,']) {
			const result = runCli(['test', robots, '--agent', agent, '/a']);
			assert.equal(result.status, 2, JSON.stringify(agent));
			assert.equal(result.stdout, '');
			assert.match(result.stderr, /^robots-txt: --agent needs crawler tokens/);
		}
	});
});

describe('robots-txt test --urls', () => {
	test('skips blank lines, # comments and a byte order mark', () => {
		const input = '\uFEFF# Pages to check\n/shop/a\n\n   # an indented comment\n\t\n/private/b\r\n';
		const result = runCli(['test', robots, '--agent', 'Googlebot', '--json', '--urls', '-'], { input });
		assert.equal(result.status, 0, result.stderr);
		assert.deepEqual(
			lines(result.stdout).map((line) => JSON.parse(line).url),
			['/shop/a', '/private/b'],
		);
	});
});

describe('robots-txt test --batch', () => {
	test('answers every good line and reports each bad one in place; exit 2 at the end', () => {
		const missing = join(work, 'missing', 'robots.txt');
		const input =
			[
				'\uFEFF' + JSON.stringify({ robots, agent: 'Googlebot', url: '/shop/a' }),
				'not json',
				JSON.stringify({ robots: 1 }),
				'',
				JSON.stringify({ robots, agent: 'Googlebot', url: '/a', dialect: 'bing' }),
				JSON.stringify({ robots, agent: 'Googlebot', url: 'not a url' }),
				JSON.stringify({ robots, agent: ' ', url: '/a' }),
				JSON.stringify({ robots: missing, agent: 'Googlebot', url: '/a' }),
				JSON.stringify({ robots, agent: 'Googlebot', url: '/shop/public/b' }),
			].join('\n') + '\n';
		const result = runCli(['test', '--batch', '-'], { input });
		assert.equal(result.status, 2);
		const records = lines(result.stdout).map((line) => JSON.parse(line));
		assert.deepEqual(
			records.map((record) => (record.error === undefined ? ['answer', record.verdict, record.line] : ['error', record.inputLine])),
			[
				['answer', 'disallow', 5],
				['error', 2],
				['error', 3],
				['error', 5],
				['error', 6],
				['error', 7],
				['error', 8],
				['answer', 'allow', 6],
			],
		);
		assert.match(records[1].error, /not a JSON object/);
		assert.match(records[2].error, /expected \{"robots": string/);
		assert.deepEqual({ ...records[3], error: undefined }, { inputLine: 5, robots, agent: 'Googlebot', url: '/a', error: undefined });
		assert.match(records[3].error, /unknown dialect "bing"/);
		assert.match(records[4].error, /neither a path/);
		assert.match(records[5].error, /agent/);
		assert.equal(records[6].error, `cannot read ${missing}: no such file or directory`);
		assert.deepEqual(lines(result.stderr), ['robots-txt: 6 of 8 batch lines could not be answered (lines 2, 3, 5, 6, 7, 8); their "error" objects say why']);
	});

	test('a byte order mark at the start of a batch file is not an error', () => {
		const batch = join(work, 'bom.jsonl');
		writeFileSync(batch, '\uFEFF' + JSON.stringify({ robots, agent: 'Googlebot', url: '/shop/a' }) + '\n');
		const result = runCli(['test', '--batch', batch]);
		assert.equal(result.status, 0, result.stderr);
		assert.equal(JSON.parse(result.stdout).verdict, 'disallow');
	});
});

describe('file errors in words', () => {
	test('no such file, is a directory: not ENOENT or EISDIR', () => {
		const missing = join(work, 'missing.txt');
		const cases: readonly (readonly [string[], string])[] = [
			[['test', missing, '--agent', 'a', '/'], `cannot read ${missing}: no such file or directory`],
			[['test', work, '--agent', 'a', '/'], `cannot read ${work}: is a directory`],
			[['test', robots, '--agent', 'a', '--urls', missing], `cannot read ${missing}: no such file or directory`],
			[['test', '--batch', work], `cannot read ${work}: is a directory`],
			[['lint', missing], `cannot read ${missing}: no such file or directory`],
		];
		for (const [args, message] of cases) {
			const result = runCli(args);
			assert.equal(result.status, 2, args.join(' '));
			assert.equal(result.stderr, `robots-txt: ${message}\n`, args.join(' '));
		}
	});

	test('permission denied', { skip: canDenyPermission ? false : 'cannot make a file unreadable here' }, () => {
		const folder = join(work, 'locked');
		mkdirSync(folder);
		const locked = join(folder, 'robots.txt');
		writeFileSync(locked, 'User-agent: *\nDisallow: /\n');
		chmodSync(locked, 0o000);
		const result = runCli(['test', locked, '--agent', 'a', '/'], { unprivileged: true });
		assert.equal(result.status, 2);
		assert.equal(result.stderr, `robots-txt: cannot read ${locked}: permission denied\n`);
	});
});

describe('a file that is not robots.txt (issue 22, item 7)', () => {
	// The first bytes of real files of each kind: an ELF executable, a gzip stream, a PNG image (their formats'
	// magic numbers), and an HTML error page.
	const elf = Buffer.concat([
		Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
		Buffer.alloc(8),
		Buffer.from([0x03, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00]),
		Buffer.alloc(200, 0x00),
	]);
	const gzip = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]), Buffer.from('K\xcc\xcf\x03\x00', 'latin1')]);
	const png = Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
		Buffer.alloc(64, 0x01),
	]);
	const files = {
		'robots-elf.txt': elf,
		'robots-gz.txt': gzip,
		'robots-x.txt': png,
		'robots-html.txt': Buffer.from('<!DOCTYPE html><html><head><title>Not found</title></head><body>404</body></html>\n'),
	};
	for (const [name, bytes] of Object.entries(files)) {
		writeFileSync(join(work, name), bytes);
	}

	test('test says what the file is and exits 2, instead of answering ALLOWED with nothing on stderr', () => {
		for (const name of Object.keys(files)) {
			const result = runCli(['test', join(work, name), '--agent', 'Googlebot', '/x']);
			assert.equal(result.status, 2, name);
			assert.equal(result.stdout, '', name);
			assert.match(
				result.stderr,
				/This is (binary data|an HTML page), not robots\.txt .*Crawlers find no rules in it and may fetch everything\. Give --any-file to answer for it anyway\./,
				name,
			);
		}
	});

	test('--any-file answers as crawlers would, with the warning on standard error', () => {
		const result = runCli(['test', join(work, 'robots-x.txt'), '--agent', 'Googlebot', '--any-file', '/x']);
		assert.equal(result.status, 0);
		assert.match(result.stdout, /^ALLOWED +\/x/);
		assert.match(result.stderr, /warning: .*robots-x\.txt: This is binary data, not robots\.txt/);
	});

	test('a batch reports the file in place of each answer, and answers the good ones', () => {
		const batch = join(work, 'foreign-batch.jsonl');
		writeFileSync(
			batch,
			[
				JSON.stringify({ robots: join(work, 'robots-gz.txt'), agent: 'Googlebot', url: '/x' }),
				JSON.stringify({ robots, agent: 'Googlebot', url: '/shop/x' }),
			].join('\n') + '\n',
		);
		const result = runCli(['test', '--batch', batch]);
		assert.equal(result.status, 2);
		const [bad, good] = lines(result.stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
		assert.match(String(bad.error), /This is binary data, not robots\.txt/);
		assert.equal(good.verdict, 'disallow');
	});

	test('lint calls an ELF binary binary data, not UTF-16 text', () => {
		const result = runCli(['lint', join(work, 'robots-elf.txt')]);
		assert.match(result.stdout, /This is binary data, not robots\.txt/);
		assert.doesNotMatch(result.stdout, /UTF-16/);
	});
});
