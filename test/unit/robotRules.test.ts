/**
 * RobotRules, the WWW::RobotRules counterpart (seed 000): one robot, many sites kept apart by scheme, host and
 * port, answers only while the rules are fresh. The clock is injected, so expiry is tested without waiting.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RobotRules } from '../../core/src/index';

const hour = 60 * 60 * 1000;

test('sites are kept apart by scheme, host and port', () => {
	const rules = new RobotRules('SuperRobot/1.0', { now: () => 0 });
	rules.parse('http://www.example.com/robots.txt', 'User-agent: *\nDisallow: /private\n');
	rules.parse('http://www.example.com:8080/robots.txt', 'User-agent: *\nDisallow: /\n');
	rules.parse('https://www.example.com/robots.txt', 'User-agent: SuperRobot\nDisallow: /secure\n');
	assert.equal(rules.allowed('http://www.example.com/private/a'), false);
	assert.equal(rules.allowed('http://www.example.com:80/public'), true, 'port 80 is the default for http');
	assert.equal(rules.allowed('http://www.example.com:8080/public'), false);
	assert.equal(rules.allowed('https://www.example.com/private/a'), true);
	assert.equal(rules.allowed('https://www.example.com/secure/a'), false);
	assert.equal(rules.allowed('http://other.example.com/'), undefined, 'no robots.txt known for that site');
	assert.equal(rules.allowed('ftp://www.example.com/private'), true, 'robots.txt governs http(s) only');
});

test('the robot name is matched per dialect', () => {
	const text = 'User-agent: Robot\nDisallow: /\n';
	const rfc = new RobotRules('SuperRobot/1.0', { now: () => 0 });
	const draft = new RobotRules('SuperRobot/1.0', { now: () => 0, dialect: 'draft1996' });
	rfc.parse('http://a.example/robots.txt', text);
	draft.parse('http://a.example/robots.txt', text);
	assert.equal(rfc.allowed('http://a.example/x'), true, 'RFC 9309 compares whole product tokens');
	assert.equal(draft.allowed('http://a.example/x'), false, 'the 1996 draft matches "Robot" inside "SuperRobot"');
});

test('expiry: 24 hours by default (RFC 9309 §2.4), 7 days for the draft, or as given', () => {
	let now = 1_000;
	const rules = new RobotRules('bot', { now: () => now });
	rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /\n');
	assert.equal(rules.freshUntil('http://a.example/'), 1_000 + 24 * hour);
	now += 24 * hour;
	assert.equal(rules.allowed('http://a.example/x'), false);
	now += 1;
	assert.equal(rules.allowed('http://a.example/x'), undefined, 'stale rules are not used');

	const draft = new RobotRules('bot', { now: () => 0, dialect: 'draft1996' });
	draft.parse('http://a.example/robots.txt', '');
	assert.equal(draft.freshUntil('http://a.example/'), 7 * 24 * hour);

	rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /\n', now + hour);
	assert.equal(rules.freshUntil('http://a.example/'), now + hour);
	assert.equal(rules.allowed('http://a.example/x'), false);
});

test('a later parse for the same site replaces its rules', () => {
	const rules = new RobotRules('bot', { now: () => 0 });
	rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /\n');
	rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow:\n');
	assert.equal(rules.allowed('http://a.example/x'), true);
	assert.equal(rules.evaluate('http://a.example/x')?.reason, 'no-matching-rule');
});

test('parse refuses a robots URL without an http(s) site', () => {
	const rules = new RobotRules('bot');
	assert.throws(() => rules.parse('/robots.txt', ''), /Not an http\(s\) URL/);
});

test('parseResponse: a 404 means no restrictions for a day (RFC 9309 §2.3.1.3, §2.4)', () => {
	const rules = new RobotRules('bot', { now: () => 1_000 });
	const conclusion = rules.parseResponse('http://a.example/robots.txt', { status: 404, body: '<html>gone</html>' });
	assert.equal(conclusion.kind, 'allow-all');
	assert.equal(rules.allowed('http://a.example/anything'), true);
	assert.equal(rules.freshUntil('http://a.example/'), 1_000 + 24 * hour);
	assert.equal(rules.conclusion('http://a.example/x')?.status, 404);
});

test('parseResponse: a 5xx disallows everything until Retry-After, then asks for a new fetch (RFC 9309 §2.3.1.4)', () => {
	let now = 0;
	const rules = new RobotRules('bot', { now: () => now });
	rules.parseResponse('http://a.example/robots.txt', { status: 503, headers: { 'Retry-After': '120' } });
	assert.equal(rules.allowed('http://a.example/x'), false);
	assert.equal(rules.evaluate('http://a.example/x'), undefined, 'no rules to explain; conclusion() says why');
	assert.match(rules.conclusion('http://a.example/x')?.event ?? '', /503/);
	now = 120_001;
	assert.equal(rules.allowed('http://a.example/x'), undefined, 'time to fetch robots.txt again');
});

test('parseResponse: the body as the robot reads it, for as long as max-age says', () => {
	const rules = new RobotRules('bot', { now: () => 0 });
	rules.parseResponse('https://a.example/robots.txt', {
		status: 200,
		headers: [
			['Content-Type', 'text/plain'],
			['Cache-Control', 'max-age=60'],
		],
		body: new TextEncoder().encode('User-agent: *\nDisallow: /private\n'),
	});
	assert.equal(rules.allowed('https://a.example/private/x'), false);
	assert.equal(rules.allowed('https://a.example/public'), true);
	assert.equal(rules.freshUntil('https://a.example/'), 60_000);
});

test('parseResponse: the 1996 draft reads 401 and 403 as "completely restricted" and keeps answers 7 days (§3.1, §3.4)', () => {
	const rules = new RobotRules('SuperRobot/1.0', { now: () => 0, dialect: 'draft1996' });
	assert.equal(rules.parseResponse('http://a.example/robots.txt', { status: 403 }).kind, 'disallow-all');
	assert.equal(rules.allowed('http://a.example/x'), false);
	rules.parseResponse('http://b.example/robots.txt', { status: 200, body: 'User-agent: *\nDisallow: /x\n' });
	assert.equal(rules.freshUntil('http://b.example/'), 7 * 24 * hour);
	assert.equal(rules.allowed('http://b.example/x/y'), false);
});

test('parseResponse: a crawler of the catalogue fetches as documented; a chain of responses and its redirects count', () => {
	const google = new RobotRules('Googlebot', { now: () => 0, dialect: 'google' });
	const big = 'User-agent: *\nDisallow: /first\n' + '#'.repeat(600 * 1024) + '\nDisallow: /last\n';
	const conclusion = google.parseResponse('https://a.example/robots.txt', {
		url: 'https://a.example/robots.txt',
		responses: [
			{ url: 'https://a.example/robots.txt', status: 301, headers: [['Location', 'https://www.a.example/robots.txt']] },
			{ url: 'https://www.a.example/robots.txt', status: 200, headers: [['Content-Type', 'text/plain']], body: new TextEncoder().encode(big) },
		],
	});
	assert.equal(conclusion.redirects.length, 1);
	assert.equal(conclusion.stopsAt, 500 * 1024, 'Google reads 500 KiB');
	assert.equal(google.allowed('https://a.example/first'), false);
	assert.equal(google.allowed('https://a.example/last'), true, 'past the limit nothing counts');
	assert.equal(google.parseResponse('https://c.example/robots.txt', { status: 429 }).kind, 'retry-later');
	assert.equal(google.allowed('https://c.example/x'), false);

	const python = new RobotRules('Python-urllib/3.11', { now: () => 0, dialect: 'draft1996' });
	assert.equal(
		python.parseResponse('http://a.example/robots.txt', { status: 500 }).kind,
		'allow-all',
		'robotparser: any code >= 400 but 401 and 403 allows all',
	);
	assert.equal(python.freshUntil('http://a.example/'), Number.POSITIVE_INFINITY, 'robotparser has no expiry');
});
