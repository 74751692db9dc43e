/**
 * The proxy environment variables as curl reads them (the lower-case name first; `no_proxy` names, suffixes, ports and
 * `*`), for the CLI's fetches.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bypassesProxy, proxyFromEnvironment } from '../../cli/src/proxy';

test('http_proxy for http URLs, https_proxy for https URLs, lower case first, a scheme optional', () => {
	const proxyFor = proxyFromEnvironment({ http_proxy: 'http://lower:3128', HTTP_PROXY: 'http://upper:3128', HTTPS_PROXY: 'secure.example:8080' });
	assert.equal(proxyFor(new URL('http://example.com/robots.txt'))?.host, 'lower:3128');
	assert.equal(proxyFor(new URL('https://example.com/robots.txt'))?.host, 'secure.example:8080');
	assert.equal(proxyFromEnvironment({})(new URL('http://example.com/')), undefined);
});

test('no_proxy: exact names, domain suffixes with or without a dot, ports, *', () => {
	const url = (text: string) => new URL(text);
	assert.equal(bypassesProxy(url('http://example.com/'), 'example.com'), true);
	assert.equal(bypassesProxy(url('http://www.example.com/'), 'example.com'), true);
	assert.equal(bypassesProxy(url('http://www.example.com/'), '.example.com'), true);
	assert.equal(bypassesProxy(url('http://notexample.com/'), 'example.com'), false);
	assert.equal(bypassesProxy(url('http://example.com:8080/'), 'example.com:8080'), true);
	assert.equal(bypassesProxy(url('http://example.com/'), 'example.com:8080'), false);
	assert.equal(bypassesProxy(url('https://example.com/'), 'example.com:443'), true);
	assert.equal(bypassesProxy(url('http://127.0.0.1:9/'), 'localhost, 127.0.0.1'), true);
	assert.equal(bypassesProxy(url('http://[::1]:9/'), '::1'), true);
	assert.equal(bypassesProxy(url('http://anything.example/'), '*'), true);
	assert.equal(bypassesProxy(url('http://example.com/'), undefined), false);
});

test('a proxy that is not an http URL is a clear error', () => {
	assert.throws(() => proxyFromEnvironment({ HTTPS_PROXY: 'socks5://127.0.0.1:1080' }), /HTTPS_PROXY is not a proxy URL.*only http:\/\/ proxies/);
});
