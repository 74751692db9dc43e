/**
 * The site as an input of the core (core/site/): a folder's paths and the site root in, answers out, no IO. Expected
 * answers follow the rules the README and the setting's description state: a robots.txt is served from the root of its
 * site, so a page belongs to the nearest robots.txt above it; the site root's robots.txt may sit in its `public/` or
 * `static/` folder, which build tools (Vite, Next.js, Hugo, SvelteKit) copy to the root; `index.html` is served at its
 * folder; a robots.txt is a file named exactly `robots.txt` (RFC 9309 2.3: crawlers request "/robots.txt").
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	changeReach,
	expectationsRobotsUri,
	fileKindOfName,
	placeOfPage,
	resolvePath,
	robotsCandidates,
	siteMembers,
	siteOfRobots,
	type SiteDescription,
} from '../../core/src/index';

function site(paths: string[], siteRoot?: string): SiteDescription {
	return { files: new Set(paths), ...(siteRoot !== undefined ? { siteRoot } : {}) };
}

describe('what a file is, by its name', () => {
	test('robots.txt exactly; pages, the headers file and expectations files by their names', () => {
		const kinds = [
			'robots.txt',
			'ROBOTS.TXT',
			'Robots.txt',
			'index.html',
			'a.HTM',
			'_headers',
			'_Headers',
			'robots.expectations',
			'staging.robots.expectations',
			'notes.txt',
		].map((name) => `${name} ${fileKindOfName(name)}`);
		assert.deepEqual(kinds, [
			'robots.txt robots',
			'ROBOTS.TXT other',
			'Robots.txt other',
			'index.html html',
			'a.HTM html',
			'_headers headers',
			'_Headers other',
			'robots.expectations expectations',
			'staging.robots.expectations expectations',
			'notes.txt other',
		]);
	});
});

describe('which robots.txt serves a page, and at which URL path', () => {
	const plain = site(['robots.txt', 'index.html', 'blog/index.html', 'blog/post.html', 'docs/robots.txt', 'docs/guide.html', 'ROBOTS.TXT']);

	test('the nearest robots.txt above; index pages at their folder; a folder with its own robots.txt is another site', () => {
		assert.deepEqual(placeOfPage(plain, 'blog/post.html'), { site: { robots: 'robots.txt', roots: [''] }, urlPath: '/blog/post.html' });
		assert.equal(placeOfPage(plain, 'blog/index.html')?.urlPath, '/blog/');
		assert.equal(placeOfPage(plain, 'index.html')?.urlPath, '/');
		assert.deepEqual(placeOfPage(plain, 'docs/guide.html'), { site: { robots: 'docs/robots.txt', roots: ['docs'] }, urlPath: '/guide.html' });
		assert.equal(placeOfPage(site(['ROBOTS.TXT', 'page.html']), 'page.html'), undefined);
	});

	test('names are percent-encoded once in the URL path; a `\\` is part of a name', () => {
		assert.equal(placeOfPage(plain, 'my docs/a b.html')?.urlPath, '/my%20docs/a%20b.html');
		assert.equal(placeOfPage(plain, 'back\\slash.html')?.urlPath, '/back%5Cslash.html');
	});

	test('the site root: its public/robots.txt serves the pages below it, and public/ is served at /', () => {
		const vite = site(['index.html', 'about/team.html', 'public/robots.txt', 'public/help.html', 'dist/robots.txt', 'dist/index.html'], '');
		const served = { robots: 'public/robots.txt', roots: ['public', ''] };
		assert.deepEqual(placeOfPage(vite, 'about/team.html'), { site: served, urlPath: '/about/team.html' });
		assert.deepEqual(placeOfPage(vite, 'public/help.html'), { site: served, urlPath: '/help.html' });
		assert.equal(placeOfPage(vite, 'dist/index.html')?.site.robots, 'dist/robots.txt');
		// Without the setting, public/robots.txt serves public/ alone.
		assert.equal(placeOfPage({ files: vite.files }, 'about/team.html'), undefined);
		// static/ comes after public/, and the root's own robots.txt before both.
		assert.deepEqual(siteOfRobots(site(['static/robots.txt', 'public/robots.txt'], ''), 'static/robots.txt').roots, ['static']);
		assert.deepEqual(siteOfRobots(site(['robots.txt', 'public/robots.txt'], ''), 'public/robots.txt').roots, ['public']);
	});

	test('the candidates an edge looks for are every robots.txt the answer depends on', () => {
		assert.deepEqual(robotsCandidates('a/b/page.html', undefined), ['a/b/robots.txt', 'a/robots.txt', 'robots.txt']);
		assert.deepEqual(robotsCandidates('a/page.html', 'a'), ['a/robots.txt', 'robots.txt', 'a/robots.txt', 'a/public/robots.txt', 'a/static/robots.txt']);
	});
});

describe('the files of a site', () => {
	test('each under the first root that holds it; none of another site or of node_modules; the headers file at a root only', () => {
		const description = site(['robots.txt', 'a.html', '_headers', 'blog/_headers', 'docs/robots.txt', 'docs/x.html', 'node_modules/p/readme.html', 'logo.png']);
		const members = siteMembers(description, { robots: 'robots.txt', roots: [''] }, description.files).map((member) => `${member.kind} ${member.urlPath}`);
		assert.deepEqual(members, ['other /robots.txt', 'html /a.html', 'headers /_headers', 'other /blog/_headers', 'other /logo.png']);
	});
});

describe('the robots.txt an expectations file tests', () => {
	test('beside it, or the path its @robots line names, relative to it; nothing on another scheme or host', () => {
		const file = 'file:///srv/site/tests/robots.expectations';
		assert.equal(expectationsRobotsUri(file, undefined), 'file:///srv/site/tests/robots.txt');
		assert.equal(expectationsRobotsUri(file, '../public/robots.txt'), 'file:///srv/site/public/robots.txt');
		assert.equal(expectationsRobotsUri(file, '..\\public\\robots.txt'), 'file:///srv/site/public/robots.txt');
		assert.equal(expectationsRobotsUri(file, '/etc/robots.txt'), 'file:///etc/robots.txt');
		assert.equal(expectationsRobotsUri(file, 'https://example.com/robots.txt'), undefined);
		assert.equal(expectationsRobotsUri(file, '//host/share/robots.txt'), undefined);
	});
});

describe('paths and changes', () => {
	test('a written path resolves `.` and `..`, and never climbs out of the folder', () => {
		assert.equal(resolvePath('', './dist/../public/'), 'public');
		assert.equal(resolvePath('a', '..\\b'), 'b');
		assert.equal(resolvePath('', '..'), undefined);
	});

	test('a robots.txt that comes or goes moves pages; any file changes the listing of the sites that hold it', () => {
		assert.equal(changeReach('docs/robots.txt').places, true);
		assert.equal(changeReach('docs/ROBOTS.TXT').places, false);
		assert.equal(changeReach('docs/a.html').listings({ robots: 'robots.txt', roots: [''] }), true);
		assert.equal(changeReach('docs/a.html').listings({ robots: 'blog/robots.txt', roots: ['blog'] }), false);
	});
});
