/**
 * RobotRules, the WWW::RobotRules counterpart (seed 000): one robot, many sites kept apart by scheme, host and
 * port, answers only while the rules are fresh. The clock is injected, so expiry is tested without waiting.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RobotRules } from '../../server/src/core/index';

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
