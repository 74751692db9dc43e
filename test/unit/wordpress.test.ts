/**
 * The WordPress checks on real files of the corpus (test/fixtures/wordpress, sources in its README): `Disallow:
 * /wp-admin/` without the `Allow: /wp-admin/admin-ajax.php` WordPress's own robots.txt pairs it with (`do_robots()`),
 * and `Disallow: /wp-includes/`, the scripts and styles of the front end that Google needs to render a page. Expected
 * lines are read off each file by hand.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { computeDiagnostics, defaultAnalysisOptions, parse } from '../../core/src/index';
import { fixturesDir, joinLines } from '../util/fixtures';

const wordpressCodes = new Set(['wp-admin-ajax-disallowed', 'wp-includes-disallowed']);

function findings(text: string) {
	return computeDiagnostics(parse(text), defaultAnalysisOptions).filter((diagnostic) => wordpressCodes.has(String(diagnostic.code)));
}

function lines(text: string): string[] {
	return findings(text).map((diagnostic) => `${diagnostic.range.start.line + 1} ${String(diagnostic.code)}`);
}

const fixture = (name: string) => readFileSync(join(fixturesDir, 'wordpress', name), 'utf8');

test('real files: /wp-admin/ without admin-ajax.php, and /wp-includes/', () => {
	// r-bloggers.com: the `*` group (lines 5-15) disallows both folders and allows nothing.
	assert.deepEqual(lines(fixture('r-bloggers.com.robots.txt')), ['8 wp-admin-ajax-disallowed', '9 wp-includes-disallowed']);
	// wired.com: the `*` group allows single files below /wp-includes/ (lines 63-77), but not the folder, nor admin-ajax.php.
	assert.deepEqual(lines(fixture('www.wired.com.robots.txt')), ['31 wp-admin-ajax-disallowed', '32 wp-includes-disallowed']);
	// liquidweb.com: the site root's WordPress and the one below /kb/.
	assert.deepEqual(lines(fixture('www.liquidweb.com.robots.txt')), ['15 wp-admin-ajax-disallowed', '31 wp-admin-ajax-disallowed']);
});

test("WordPress's own robots.txt (do_robots) is clean, and an Allow for admin-ajax.php in another group does not count", () => {
	assert.deepEqual(lines(readFileSync(join(fixturesDir, 'diagnostics-clean', 'wordpress.robots.txt'), 'utf8')), []);
	assert.deepEqual(lines(joinLines('User-agent: *', 'Disallow: /wp-admin', 'Allow: /*/admin-ajax.php')), []);
	assert.deepEqual(lines(joinLines('User-agent: Googlebot', 'Allow: /wp-admin/admin-ajax.php', '', 'User-agent: *', 'Disallow: /wp-admin/')), [
		'5 wp-admin-ajax-disallowed',
	]);
	// Other folders and patterns are not the WordPress folders.
	assert.deepEqual(lines(joinLines('User-agent: *', 'Disallow: /wp-admin-old/', 'Disallow: /*/wp-includes/', 'Disallow: /wp-content/')), []);
});

test('the fix adds the Allow after the Disallow, with the file line end, in the same group', () => {
	const text = 'User-agent: *\r\nDisallow: /wp-admin/\r\nDisallow: /wp-includes/\r\n';
	const [ajax, includes] = findings(text);
	assert.equal(
		ajax.message,
		'This keeps crawlers from /wp-admin/admin-ajax.php, which themes and plugins call from the pages people see; WordPress pairs "Disallow: /wp-admin/" with "Allow: /wp-admin/admin-ajax.php".',
	);
	const [fix] = (ajax.data as { fixes: { title: string; edits: [] }[] }).fixes;
	assert.equal(fix.title, 'Add "Allow: /wp-admin/admin-ajax.php" after this line');
	const fixed = TextDocument.applyEdits(TextDocument.create('file:///r', 'robots-txt', 1, text), fix.edits);
	assert.equal(fixed, 'User-agent: *\r\nDisallow: /wp-admin/\r\nAllow: /wp-admin/admin-ajax.php\r\nDisallow: /wp-includes/\r\n');
	assert.deepEqual(lines(fixed), ['4 wp-includes-disallowed']);
	assert.equal(includes.data, undefined);
});
