/**
 * The workspace layout the cross-file check reads: a page belongs to the nearest robots.txt above it (a robots.txt is
 * served from its site's root), `robotsTxt.siteRoot` names a folder served at `/` whose robots.txt may sit in its
 * `public/` or `static/` folder (Vite, Next.js, Hugo, SvelteKit copy those to the root), listings keep to the workspace
 * and to their limits, and a change on disk is heard.
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SiteFiles, siteLimits } from '../../server/src/features/site';
import { WorkspacePaths } from '../../server/src/features/workspacePaths';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-site-')));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text = ''): string {
	const full = join(root, path);
	mkdirSync(dirname(full), { recursive: true });
	writeFileSync(full, text);
	return full;
}

function files(workspace: string, open: string[] = []): SiteFiles {
	const paths = new WorkspacePaths();
	paths.setFolders([{ uri: pathToFileURL(join(root, workspace)).href, name: workspace }]);
	return new SiteFiles(paths, () => new Set(open));
}

describe('which robots.txt a page is served beside, and at which URL path', () => {
	write('plain/robots.txt', 'User-agent: *\n');
	write('plain/index.html');
	write('plain/blog/index.html');
	write('plain/blog/post.html');
	write('plain/docs/robots.txt', 'User-agent: *\n');
	write('plain/docs/guide.html');
	write('plain/node_modules/pkg/readme.html');

	test('the nearest robots.txt above the page; index pages are served at their folder', async () => {
		const site = files('plain');
		const place = await site.siteOfPage(join(root, 'plain', 'blog', 'post.html'), undefined);
		assert.deepEqual(place, { site: { robotsPath: join(root, 'plain', 'robots.txt'), roots: [join(root, 'plain')] }, urlPath: '/blog/post.html' });
		assert.equal((await site.siteOfPage(join(root, 'plain', 'blog', 'index.html'), undefined))?.urlPath, '/blog/');
		// A folder with its own robots.txt is another site.
		assert.equal((await site.siteOfPage(join(root, 'plain', 'docs', 'guide.html'), undefined))?.site.robotsPath, join(root, 'plain', 'docs', 'robots.txt'));
	});

	test('the listing of a site leaves out other sites, node_modules, and links', async () => {
		symlinkSync(join(root, 'plain', 'blog'), join(root, 'plain', 'linked'));
		const site = files('plain');
		const listing = await site.listing(await site.siteOfRobots(join(root, 'plain', 'robots.txt'), undefined));
		assert.deepEqual(listing.files.map((file) => `${file.kind} ${file.urlPath}`), ['html /', 'other /robots.txt', 'html /blog/', 'html /blog/post.html']);
		assert.equal(listing.truncated, undefined);
	});

	test('outside the workspace folders only robots.txt files open in the editor count, and nothing is listed', async () => {
		write('outside/robots.txt', 'User-agent: *\n');
		write('outside/page.html');
		assert.equal(await files('plain').siteOfPage(join(root, 'outside', 'page.html'), undefined), undefined);
		const site = files('plain', [join(root, 'outside', 'robots.txt')]);
		const place = await site.siteOfPage(join(root, 'outside', 'page.html'), undefined);
		assert.equal(place?.urlPath, '/page.html');
		assert.deepEqual((await site.listing(place!.site)).files, []);
	});
});

describe('robotsTxt.siteRoot', () => {
	// Vite: pages at the project root, public/ copied to the root of the built site.
	write('vite/index.html');
	write('vite/about/team.html');
	write('vite/public/robots.txt', 'User-agent: *\nDisallow: /about/\n');
	write('vite/public/help.html');
	write('vite/dist/robots.txt', 'User-agent: *\n');
	write('vite/dist/index.html');

	test('a page below the site root is served relative to it; the robots.txt in public/ is the site\'s', async () => {
		const site = files('vite');
		const robotsPath = join(root, 'vite', 'public', 'robots.txt');
		const place = await site.siteOfPage(join(root, 'vite', 'about', 'team.html'), '.');
		assert.deepEqual(place, { site: { robotsPath, roots: [join(root, 'vite', 'public'), join(root, 'vite')] }, urlPath: '/about/team.html' });
		// public/'s own files are served at the root.
		assert.equal((await site.siteOfPage(join(root, 'vite', 'public', 'help.html'), '.'))?.urlPath, '/help.html');
		// The build output holds its own robots.txt: its pages are that file's.
		assert.equal((await site.siteOfPage(join(root, 'vite', 'dist', 'index.html'), '.'))?.site.robotsPath, join(root, 'vite', 'dist', 'robots.txt'));
		// Without the setting, the page at the root has no robots.txt above it.
		assert.equal(await site.siteOfPage(join(root, 'vite', 'index.html'), undefined), undefined);
		const listing = await site.listing(await site.siteOfRobots(robotsPath, '.'));
		assert.deepEqual(listing.files.filter((file) => file.kind === 'html').map((file) => file.urlPath), ['/help.html', '/', '/about/team.html']);
	});

	test('a robots.txt at the site root wins over public/robots.txt, whose folder is then an ordinary one', async () => {
		write('both/robots.txt', 'User-agent: *\n');
		write('both/public/robots.txt', 'User-agent: *\n');
		write('both/public/x.html');
		const site = files('both');
		assert.deepEqual(await site.siteOfRobots(join(root, 'both', 'public', 'robots.txt'), '.'), { robotsPath: join(root, 'both', 'public', 'robots.txt'), roots: [join(root, 'both', 'public')] });
		assert.deepEqual(await site.siteOfRobots(join(root, 'both', 'robots.txt'), '.'), { robotsPath: join(root, 'both', 'robots.txt'), roots: [join(root, 'both')] });
	});
});

describe('limits and changes', () => {
	test('a site of more pages than the limit is read in part, and says so', async () => {
		write('many/robots.txt', 'User-agent: *\n');
		for (let i = 0; i <= siteLimits.maxPages; i++) {
			write(`many/p/${String(i).padStart(4, '0')}.html`);
		}
		const site = files('many');
		const listing = await site.listing(await site.siteOfRobots(join(root, 'many', 'robots.txt'), undefined));
		assert.equal(listing.files.filter((file) => file.kind === 'html').length, siteLimits.maxPages);
		assert.match(listing.truncated ?? '', /only the first 1,000 pages are read/);
	});

	test('a page read once is read again only when it changed; a new file is listed once the change is heard', async () => {
		write('changes/robots.txt', 'User-agent: *\nDisallow: /\n');
		const page = write('changes/a.html', '<meta name="robots" content="noindex">');
		const site = files('changes');
		const robots = await site.siteOfRobots(join(root, 'changes', 'robots.txt'), undefined);
		const first = (await site.listing(robots)).files.find((file) => file.path === page)!;
		assert.deepEqual([...(await site.pageReach(first, ['Googlebot'])).keys()], ['Googlebot']);
		writeFileSync(page, '<meta name="robots" content="index">');
		// Unheard, the listing and what was read stand (within freshForMs).
		assert.deepEqual([...(await site.pageReach((await site.listing(robots)).files.find((file) => file.path === page)!, ['Googlebot'])).keys()], ['Googlebot']);
		write('changes/b.html', '<meta name="robots" content="noindex">');
		site.changed([page, join(root, 'changes', 'b.html')]);
		const listing = await site.listing(robots);
		assert.deepEqual(listing.files.filter((file) => file.kind === 'html').map((file) => file.urlPath), ['/a.html', '/b.html']);
		assert.equal((await site.pageReach(listing.files.find((file) => file.path === page)!, ['Googlebot'])).size, 0);
	});
});
