/**
 * One site's hosts compared (core/src/fetch/hosts.ts): the variants tried for a site, and the table of which hosts
 * serve which file, from fetch outcomes built here. Expected answers come from RFC 9309 (§2.2.1: a crawler obeys the
 * group of its own product token, else `*`; §2.3: a robots.txt governs only its own scheme, host and port; §2.3.1.2:
 * redirects are followed), Google's robots.txt documentation (a 5xx: no crawling for now, the file asked again later)
 * and Search Console's robots.txt report (http and https, the www. host and the apex of a property).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareHosts, hostVariants, type FetchOutcome, type HostFetch } from '../../core/src/index';

const encoder = new TextEncoder();

/** A fetch of `origin`/robots.txt answered `status` with `body`, after redirects through `via` (each a 301). */
function fetched(origin: string, status: number, body: string, via: readonly string[] = []): HostFetch {
	const urls = [`${origin}/robots.txt`, ...via];
	const responses = urls.map((url, i) =>
		i < urls.length - 1
			? { url, status: 301, headers: [['Location', urls[i + 1]]] as [string, string][] }
			: { url, status, headers: [['Content-Type', 'text/plain']] as [string, string][], body: encoder.encode(body) },
	);
	const outcome: FetchOutcome = { url: urls[0], responses };
	return { site: origin, outcome };
}

describe('hostVariants', () => {
	test('a domain or its www. host: both schemes of both hosts, the site as given first', () => {
		assert.deepEqual(hostVariants('example.com'), {
			origins: ['https://example.com', 'http://example.com', 'https://www.example.com', 'http://www.example.com'],
		});
		assert.deepEqual(hostVariants('http://www.example.com/some/page'), {
			origins: ['http://www.example.com', 'https://www.example.com', 'http://example.com', 'https://example.com'],
		});
	});

	test('another subdomain, an address, a local name: their two schemes only, and why', () => {
		const blog = hostVariants('https://blog.example.com');
		assert.ok('origins' in blog);
		assert.deepEqual(blog.origins, ['https://blog.example.com', 'http://blog.example.com']);
		assert.match(blog.note ?? '', /subdomain/);
		for (const [site, origins] of [
			['https://192.0.2.1', ['https://192.0.2.1', 'http://192.0.2.1']],
			['https://[2001:db8::1]', ['https://[2001:db8::1]', 'http://[2001:db8::1]']],
			['localhost', ['http://localhost', 'https://localhost']],
		] as const) {
			const variants = hostVariants(site);
			assert.ok('origins' in variants, site);
			assert.deepEqual(variants.origins, origins, site);
			assert.match(variants.note ?? '', /no www\. form/, site);
		}
	});

	test('a port serves one scheme: the www. and apex hosts on it, said so', () => {
		const variants = hostVariants('https://example.com:8443');
		assert.ok('origins' in variants);
		assert.deepEqual(variants.origins, ['https://example.com:8443', 'https://www.example.com:8443']);
		assert.match(variants.note ?? '', /port/);
	});

	test('what is not a site is an error', () => {
		assert.ok('error' in hostVariants('ftp://example.com'));
		assert.ok('error' in hostVariants(''));
	});
});

describe('compareHosts', () => {
	const shared = 'User-agent: *\nDisallow: /private\n';
	const crawlers = ['Googlebot', 'bingbot'];

	test('identical bodies are one file, and a host that redirects reads its target file (RFC 9309 §2.3.1.2)', () => {
		const comparison = compareHosts(
			[
				fetched('https://example.com', 200, shared),
				fetched('https://www.example.com', 200, shared, ['https://example.com/robots.txt']),
				fetched('http://example.com', 200, shared),
			],
			{ crawlers },
		);
		assert.deepEqual(
			comparison.hosts.map((host) => [host.site, host.file, host.redirectsTo, host.redirectListed]),
			[
				['https://example.com', 'A', undefined, undefined],
				['https://www.example.com', 'A', 'https://example.com/robots.txt', true],
				['http://example.com', 'A', undefined, undefined],
			],
		);
		assert.deepEqual(
			comparison.files.map((file) => [file.id, file.hosts, file.bytes]),
			[['A', ['https://example.com', 'https://www.example.com', 'http://example.com'], shared.length]],
		);
		assert.deepEqual(comparison.differences, []);
		assert.deepEqual(comparison.split, []);
	});

	test('a redirect off the list is named as such', () => {
		const comparison = compareHosts(
			[fetched('https://example.com', 200, shared), fetched('https://www.example.com', 200, shared, ['https://cdn.example.net/robots.txt'])],
			{ crawlers },
		);
		assert.equal(comparison.hosts[1].redirectListed, false);
	});

	test('a Googlebot group on one host only: two files, the hosts disagree for Googlebot and not for bingbot (§2.2.1)', () => {
		const comparison = compareHosts(
			[fetched('https://example.com', 200, shared), fetched('https://www.example.com', 200, `${shared}\nUser-agent: Googlebot\nDisallow: /\n`)],
			{ crawlers },
		);
		assert.deepEqual(
			comparison.hosts.map((host) => host.file),
			['A', 'B'],
		);
		assert.equal(comparison.differences.length, 1);
		assert.deepEqual(
			comparison.differences[0].diff.changes.map((change) => change.crawler),
			['Googlebot'],
		);
		assert.deepEqual(comparison.split, ['Googlebot']);
	});

	test('files that differ only in comments are two files that every crawler reads alike', () => {
		const comparison = compareHosts([fetched('https://example.com', 200, shared), fetched('https://www.example.com', 200, `# www\n${shared}`)], {
			crawlers,
		});
		assert.equal(comparison.files.length, 2);
		assert.deepEqual(comparison.split, []);
	});

	test('a host that answers 503 serves no file; Googlebot tries again later there, so the hosts disagree', () => {
		const comparison = compareHosts([fetched('https://example.com', 200, shared), fetched('https://www.example.com', 503, 'Down')], {
			crawlers: ['Googlebot'],
		});
		const down = comparison.hosts[1];
		assert.equal(down.file, undefined);
		assert.equal(down.status, 503);
		assert.equal(down.conclusions[0].kind, 'retry-later');
		assert.deepEqual(comparison.split, ['Googlebot']);
	});
});
