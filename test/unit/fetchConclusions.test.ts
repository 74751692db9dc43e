/**
 * What each crawler concludes from a robots.txt response, driven by fixtures (test/fixtures/fetch/responses.json) whose
 * every expectation quotes and links the source that states it: Google's and Yandex's pages, RFC 9309, the libraries'
 * code. Also the fetch policies' own invariants (every behaviour sourced or assumed, sources as "Title (URL)") and the
 * pure helpers behind the conclusions: caching headers, HTTP dates, media types, what a body looks like, base64.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	bodyKind,
	cacheLifetime,
	concludeFetch,
	decodeBase64,
	describeConclusion,
	describeResponse,
	encodeBase64,
	evaluateFetched,
	fetchPolicies,
	findCrawler,
	httpDate,
	outcomeFromWire,
	outcomeToWire,
	parseContentType,
	robotsTarget,
	type FetchOutcome,
	type HttpResponse,
} from '../../core/src/index';
import { fixturesDir } from '../util/fixtures';

interface FixtureResponse {
	url: string;
	status: number;
	headers: [string, string][];
	bodyText?: string;
	bodyHex?: string;
	decoded?: string[];
	wireBytes?: number;
	truncated?: boolean;
}

interface Expectation {
	crawler: string;
	kind: string;
	why: string;
	source: string;
	cacheSeconds?: number | null;
	verdicts?: Record<string, 'allow' | 'disallow'>;
	redirects?: number;
	charset?: string;
	invalidBytes?: number;
	bom?: string;
	stopsAt?: number;
}

interface FixtureCase {
	name: string;
	outcome: { url: string; responses: FixtureResponse[]; error?: FetchOutcome['error'] };
	expect: Expectation[];
}

const fixture = JSON.parse(readFileSync(join(fixturesDir, 'fetch', 'responses.json'), 'utf8')) as { cases: FixtureCase[] };

function toOutcome(raw: FixtureCase['outcome']): FetchOutcome {
	return {
		url: raw.url,
		responses: raw.responses.map((response): HttpResponse => {
			const { bodyText, bodyHex, ...rest } = response;
			const body =
				bodyText !== undefined ? new TextEncoder().encode(bodyText) : bodyHex !== undefined ? Uint8Array.from(Buffer.from(bodyHex, 'hex')) : undefined;
			return body === undefined ? rest : { ...rest, body };
		}),
		...(raw.error ? { error: raw.error } : {}),
	};
}

describe('what crawlers conclude from responses (fixtures from the sources)', () => {
	for (const entry of fixture.cases) {
		const outcome = toOutcome(entry.outcome);
		for (const expected of entry.expect) {
			test(`${entry.name}: ${expected.crawler} → ${expected.kind}`, () => {
				assert.match(expected.source, /^https?:\/\//, 'every expectation cites its source');
				const conclusion = concludeFetch(outcome, expected.crawler);
				const context = `${expected.why} (${expected.source})\n${describeConclusion(conclusion)}`;
				assert.equal(conclusion.kind, expected.kind, context);
				if ('cacheSeconds' in expected) {
					assert.equal(conclusion.cache?.seconds, expected.cacheSeconds, context);
				}
				if (expected.redirects !== undefined) {
					assert.equal(conclusion.redirects.length, expected.redirects, context);
				}
				if (expected.charset !== undefined) {
					assert.equal(conclusion.decoding?.charset, expected.charset, context);
				}
				if (expected.invalidBytes !== undefined) {
					assert.equal(conclusion.decoding?.invalidBytes, expected.invalidBytes, context);
				}
				if (expected.bom !== undefined) {
					assert.equal(conclusion.decoding?.bom, expected.bom, context);
				}
				if (expected.stopsAt !== undefined) {
					assert.equal(conclusion.stopsAt, expected.stopsAt, context);
				}
				for (const [url, verdict] of Object.entries(expected.verdicts ?? {})) {
					assert.equal(evaluateFetched(conclusion, url).verdict, verdict, `${url}: ${context}`);
				}
				// Every conclusion says why in words, with its source or that it is our assumption.
				assert.match(describeConclusion(conclusion), /\((our assumption|[^)]*\S)/);
			});
		}
	}
});

describe('fetch policies', () => {
	const urlInTitle = /^[^()]*\S.*\((https?:\/\/[^\s()]+)\)$/;

	test('every sourced behaviour cites "Title (URL)", several joined by "; "', () => {
		for (const policy of Object.values(fetchPolicies)) {
			const facts = [
				...policy.statuses,
				policy.redirects,
				policy.crossHost,
				policy.network,
				policy.mediaType,
				policy.charset,
				policy.invalidUtf8,
				policy.bom,
				policy.encodings,
				policy.unreadable,
				policy.cache,
				...(policy.whileUnreachable ? [policy.whileUnreachable] : []),
			];
			for (const fact of facts) {
				for (const part of fact.source?.split('; ') ?? []) {
					assert.match(part, urlInTitle, `${policy.id}: ${part}`);
				}
			}
		}
	});

	test('every status table ends with a rule for any status', () => {
		for (const policy of Object.values(fetchPolicies)) {
			assert.deepEqual(policy.statuses[policy.statuses.length - 1].codes, ['any'], policy.id);
		}
	});

	test("the catalogue names a policy for every crawler; Google's and Yandex's cite their pages", () => {
		assert.equal(findCrawler('Googlebot-Image')?.fetch, 'google');
		assert.match(findCrawler('Googlebot-Image')?.sources.fetch ?? '', /robots-txt-spec/);
		assert.equal(findCrawler('YandexImages')?.fetch, 'yandex');
		assert.equal(findCrawler('GPTBot')?.fetch, 'rfc9309');
		assert.ok(findCrawler('GPTBot')?.assumed.includes('fetch'), 'an undocumented fetch behaviour is marked assumed');
	});

	test('a redirect that cannot be followed is the last answer: an invalid response for Google', () => {
		const outcome: FetchOutcome = {
			url: 'https://example.com/robots.txt',
			responses: [{ url: 'https://example.com/robots.txt', status: 302, headers: [['Location', 'ftp://example.com/robots.txt']] }],
			error: { kind: 'redirect-invalid', location: 'ftp://example.com/robots.txt' },
		};
		const google = concludeFetch(outcome, 'Googlebot');
		assert.equal(google.kind, 'retry-later');
		assert.match(google.event, /^the server answered 302; its redirect to ftp:\/\/example\.com\/robots\.txt is not an http\(s\) URL$/);
		assert.equal(concludeFetch(outcome, 'Python-urllib').kind, 'allow-all', 'robotparser: a 3xx HTTPError sets no rule');
	});

	test('an assumed behaviour says so in the words', () => {
		const outcome: FetchOutcome = { url: 'https://example.com/robots.txt', responses: [], error: { kind: 'network', code: 'dns', message: '' } };
		assert.match(describeConclusion(concludeFetch(outcome, 'YandexBot')), /our assumption/);
		assert.match(describeConclusion(concludeFetch(outcome, 'Googlebot')), /How Google interprets the robots\.txt specification/);
	});
});

describe('caching headers (RFC 9111)', () => {
	const response = (headers: [string, string][], receivedAt?: number): HttpResponse => ({
		url: 'https://a.example/robots.txt',
		status: 200,
		headers,
		...(receivedAt ? { receivedAt } : {}),
	});
	const rfc = fetchPolicies.rfc9309.cache.value;

	test('Age is subtracted (RFC 9111 §4.2.3), and the RFC 9309 cap applies afterwards', () => {
		assert.equal(
			cacheLifetime(
				rfc,
				response([
					['Cache-Control', 'max-age=600'],
					['Age', '100'],
				]),
				'',
			).seconds,
			500,
		);
		assert.equal(cacheLifetime(rfc, response([['Cache-Control', 'max-age=999999']]), '').capped, true);
	});

	test('an invalid Expires means already expired (RFC 9111 §5.3); Expires without Date uses the arrival time', () => {
		assert.equal(cacheLifetime(rfc, response([['Expires', '0']]), '').seconds, 0);
		const arrived = Date.UTC(2026, 0, 1, 0, 0, 0);
		assert.equal(cacheLifetime(rfc, response([['Expires', 'Thu, 01 Jan 2026 01:00:00 GMT']], arrived), '').seconds, 3600);
	});

	test("LWP's heuristic: 10 % of the age since Last-Modified, within a minute and a day", () => {
		const lwp = fetchPolicies['libwww-perl'].cache.value;
		const headers: [string, string][] = [
			['Date', 'Thu, 11 Jan 2026 00:00:00 GMT'],
			['Last-Modified', 'Thu, 01 Jan 2026 00:00:00 GMT'],
		];
		assert.equal(cacheLifetime(lwp, response(headers), '').seconds, 86_400);
		assert.equal(
			cacheLifetime(
				lwp,
				response([
					['Date', 'Thu, 01 Jan 2026 01:00:00 GMT'],
					['Last-Modified', 'Thu, 01 Jan 2026 00:00:00 GMT'],
				]),
				'',
			).seconds,
			360,
		);
	});

	test('HTTP dates: the three forms of RFC 9110 §5.6.7, nothing else', () => {
		const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
		assert.equal(httpDate('Sun, 06 Nov 1994 08:49:37 GMT'), expected);
		assert.equal(httpDate('Sunday, 06-Nov-94 08:49:37 GMT'), expected);
		assert.equal(httpDate('Sun Nov  6 08:49:37 1994'), expected);
		assert.equal(httpDate('0'), undefined);
		assert.equal(httpDate('tomorrow'), undefined);
	});
});

describe('response facts', () => {
	test('media types and charsets, quoted or not, any case', () => {
		assert.deepEqual(parseContentType('Text/Plain; Charset="UTF-8"'), { mediaType: 'text/plain', charset: 'UTF-8' });
		assert.deepEqual(parseContentType('text/html'), { mediaType: 'text/html' });
		assert.equal(parseContentType(undefined), undefined);
	});

	test('what a body looks like: text, an HTML page, binary, empty', () => {
		const bytes = (text: string) => new TextEncoder().encode(text);
		assert.equal(bodyKind(bytes('User-agent: *\nDisallow:\n')), 'text');
		assert.equal(bodyKind(bytes('\n  <!doctype html><html>')), 'html');
		assert.equal(bodyKind(bytes('\uFEFF<html lang="en">')), 'html');
		assert.equal(bodyKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0])), 'binary');
		assert.equal(bodyKind(new Uint8Array(0)), 'empty');
		assert.equal(bodyKind(bytes('User-agent: *\nDisallow: /<html>\n')), 'text', 'HTML inside a rule is not an HTML page');
	});

	test('a soft 404, a foreign charset and a redirect to another host each get a plain note', () => {
		const facts = describeResponse({
			url: 'https://example.com/robots.txt',
			responses: [
				{ url: 'https://example.com/robots.txt', status: 301, headers: [['Location', 'https://www.example.org/robots.txt']] },
				{
					url: 'https://www.example.org/robots.txt',
					status: 200,
					headers: [['Content-Type', 'text/html; charset=ISO-8859-1']],
					body: new TextEncoder().encode('<!DOCTYPE html><html></html>'),
				},
			],
		});
		assert.equal(facts.otherHost, 'www.example.org');
		assert.ok(
			facts.notes.some((note) => note.includes('soft 404')),
			facts.notes.join('\n'),
		);
		assert.ok(
			facts.notes.some((note) => note.includes('ISO-8859-1')),
			facts.notes.join('\n'),
		);
		assert.ok(
			facts.notes.some((note) => note.includes('another host (www.example.org)')),
			facts.notes.join('\n'),
		);
	});
});

describe('robots.txt targets and the wire', () => {
	test('a host, a page URL or the robots.txt URL all give the file at the top of the authority (RFC 9309 §2.3)', () => {
		assert.deepEqual(robotsTarget('example.com'), { robotsUrl: 'https://example.com/robots.txt', origin: 'https://example.com' });
		assert.deepEqual(robotsTarget('http://127.0.0.1:8080/a/b?c'), { robotsUrl: 'http://127.0.0.1:8080/robots.txt', origin: 'http://127.0.0.1:8080' });
		assert.deepEqual(robotsTarget('HTTPS://Bücher.example/robots.txt'), {
			robotsUrl: 'https://xn--bcher-kva.example/robots.txt',
			origin: 'https://xn--bcher-kva.example',
		});
		assert.ok('error' in robotsTarget('ftp://example.com/'));
		assert.ok('error' in robotsTarget('mailto:someone@example.com'));
		assert.deepEqual(robotsTarget('example.com:8080'), { robotsUrl: 'https://example.com:8080/robots.txt', origin: 'https://example.com:8080' });
		assert.ok('error' in robotsTarget('  '));
		assert.ok('error' in robotsTarget('http://exa mple.com'));
	});

	test('a bare host on this machine or a private network is a development server: http (issue 22, item 8)', () => {
		for (const host of ['127.0.0.1:8765', 'localhost:3000', 'app.localhost', '10.1.2.3', '172.20.0.5:80', '192.168.1.5', '[::1]:8080', '169.254.1.1']) {
			const target = robotsTarget(host);
			assert.ok('robotsUrl' in target && target.robotsUrl.startsWith('http://'), `${host}: ${JSON.stringify(target)}`);
		}
		for (const host of ['example.com', '8.8.8.8', '172.32.0.1', '11.0.0.1', 'localhost.example.com']) {
			const target = robotsTarget(host);
			assert.ok('robotsUrl' in target && target.robotsUrl.startsWith('https://'), `${host}: ${JSON.stringify(target)}`);
		}
		// A scheme written is a scheme kept.
		assert.deepEqual(robotsTarget('https://127.0.0.1:8443'), { robotsUrl: 'https://127.0.0.1:8443/robots.txt', origin: 'https://127.0.0.1:8443' });
	});

	test('base64 round-trips every byte, and the wire format keeps the whole fetch', () => {
		const all = Uint8Array.from({ length: 256 }, (_, i) => i);
		for (const length of [0, 1, 2, 3, 4, 255, 256]) {
			assert.deepEqual(decodeBase64(encodeBase64(all.subarray(0, length))), all.subarray(0, length));
		}
		assert.equal(encodeBase64(new TextEncoder().encode('Man')), Buffer.from('Man').toString('base64'));
		const outcome = toOutcome(fixture.cases[0].outcome);
		assert.deepEqual(outcomeFromWire(JSON.parse(JSON.stringify(outcomeToWire(outcome)))), outcome);
	});

	test('a malformed wire message is an error, never an exception', () => {
		for (const bad of [
			null,
			1,
			{},
			{ url: 'x', responses: [{}] },
			{ url: 'x', responses: [{ url: 'x', status: 200, headers: [[1, 2]] }] },
			{ url: 'x', responses: [{ url: 'x', status: 200, headers: [], body: '***' }] },
			{ url: 'x', responses: [], error: { kind: 'what' } },
		]) {
			const result = outcomeFromWire(bad);
			assert.ok('error' in result && typeof result.error === 'string', JSON.stringify(bad));
		}
	});
});
