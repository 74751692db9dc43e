/**
 * The cross-file finding on test/fixtures/site: pages whose noindex a crawler cannot see because robots.txt keeps it
 * out. Expected findings follow Google ("for the noindex rule to be effective, the page must not be blocked by a
 * robots.txt file", Robots meta tag specifications) and seed 004 (a Disallow does not remove a page from the index;
 * a noindex does, but only when the crawler may fetch the page).
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	blockedNoindexDiagnostics,
	headersBlockedNoindexes,
	lineRange,
	pageBlockedNoindexes,
	parse,
	robotsHidesNoindexDiagnostics,
	urlPathOfFile,
} from '../../server/src/core/index';
import { fixturesDir } from '../util/fixtures';

const site = join(fixturesDir, 'site');
const robots = parse(readFileSync(join(site, 'robots.txt'), 'utf8'));
const crawlers = ['Googlebot', 'bingbot', 'GPTBot'];

function files(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? files(path) : [path];
	});
}

test('files map to the URL paths they are served at', () => {
	assert.equal(urlPathOfFile('private/report.html'), '/private/report.html');
	assert.equal(urlPathOfFile('private/index.html'), '/private/');
	assert.equal(urlPathOfFile('index.html'), '/');
	assert.equal(urlPathOfFile('a b/ü.html'), '/a%20b/%C3%BC.html');
	assert.equal(urlPathOfFile('../outside.html'), undefined);
});

test('a noindex page that robots.txt disallows for a crawler gets a warning naming the crawler and the line', () => {
	const findings = files(site).filter((path) => path.endsWith('.html')).flatMap((path) =>
		pageBlockedNoindexes(robots, crawlers, { uri: `file://${path}`, urlPath: urlPathOfFile(relative(site, path))!, html: readFileSync(path, 'utf8') }));
	const summary = findings.map((finding) => `${finding.urlPath} ${finding.crawler} line ${finding.robotsLine + 1}`).sort();
	assert.deepEqual(summary, [
		// name="googlebot" reaches Googlebot only; the robots.txt disallows /private/ for it at line 7.
		'/private/ Googlebot line 7',
		// name="robots" reaches every crawler; Googlebot follows its own group (line 7), the others * (line 3).
		'/private/report.html GPTBot line 3',
		'/private/report.html Googlebot line 7',
		'/private/report.html bingbot line 3',
	]);
	const report = findings.filter((finding) => finding.urlPath === '/private/report.html');
	const [diagnostic] = blockedNoindexDiagnostics(report, 'file:///site/robots.txt', (line) => lineRange(robots, line));
	assert.match(diagnostic.message, /^Googlebot, bingbot and GPTBot never fetch \/private\/report\.html: robots\.txt line 7/);
	assert.equal(diagnostic.range.start.line, 4);
	assert.deepEqual(diagnostic.relatedInformation!.map((info) => info.location.range.start.line).sort(), [2, 6]);
	const hints = robotsHidesNoindexDiagnostics(findings, (line) => lineRange(robots, line));
	assert.deepEqual(hints.map((hint) => hint.range.start.line), [2, 6]);
	assert.match(hints[1].message, /keeps Googlebot from pages that carry noindex \(\/private\/ and \/private\/report\.html\)/);
});

test('an X-Robots-Tag in _headers counts like a meta tag', () => {
	const findings = headersBlockedNoindexes(robots, crawlers, { uri: 'file:///site/_headers', text: readFileSync(join(site, '_headers'), 'utf8'), urlPaths: ['/drafts/plan.html', '/blog/old-post.html'] });
	assert.deepEqual(findings.map((finding) => `${finding.urlPath} ${finding.crawler} line ${finding.robotsLine + 1}`).sort(), [
		'/drafts/plan.html GPTBot line 4',
		'/drafts/plan.html bingbot line 4',
	]);
	assert.equal(findings[0].ranges[0].start.line, 1);
});
