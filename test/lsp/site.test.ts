/**
 * The workspace layout the cross-file check reads: a page belongs to the nearest robots.txt above it (a robots.txt is
 * served from its site's root), `robotsTxt.siteRoot` names a folder served at `/` whose robots.txt may sit in its
 * `public/` or `static/` folder (Vite, Next.js, Hugo, SvelteKit copy those to the root), listings keep to the workspace
 * and to their limits, and a change on disk is heard. Files are uris read through the Node file system; without a file
 * system only open robots.txt files count.
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileUriOfPath, relativeName, type FileSystem } from '../../io/src/fileSystem';
import { SiteFiles, siteLimits } from '../../server/src/features/site';
import { uriKey, WorkspacePaths } from '../../server/src/features/workspacePaths';
import { useLocale } from '../../io/src/localize';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-site-')));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text = ''): string {
	const full = join(root, path);
	mkdirSync(dirname(full), { recursive: true });
	writeFileSync(full, text);
	return full;
}

/** The uri of a file below the test's root. */
function uri(...names: string[]): string {
	return pathToFileURL(join(root, ...names)).href;
}

/** The uri of a folder below the test's root, as a site's roots are written: ending in `/`. */
function folder(...names: string[]): string {
	return uri(...names) + '/';
}

/** A site lookup for one workspace folder; `open` are the robots.txt files open in the editor, `disk` whether it has a file system. */
function files(workspace: string, open: string[] = [], disk = true): SiteFiles {
	const fileSystem: FileSystem | undefined = disk ? nodeFileSystem : undefined;
	const paths = new WorkspacePaths(fileSystem);
	paths.setFolders([{ uri: uri(workspace), name: workspace }]);
	return new SiteFiles(paths, fileSystem, () => new Set(open.map(uriKey)));
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
		const place = await site.siteOfPage(uri('plain', 'blog', 'post.html'), undefined);
		assert.deepEqual(place, { site: { robotsUri: uri('plain', 'robots.txt'), roots: [folder('plain')] }, urlPath: '/blog/post.html' });
		assert.equal((await site.siteOfPage(uri('plain', 'blog', 'index.html'), undefined))?.urlPath, '/blog/');
		// A folder with its own robots.txt is another site.
		assert.equal((await site.siteOfPage(uri('plain', 'docs', 'guide.html'), undefined))?.site.robotsUri, uri('plain', 'docs', 'robots.txt'));
	});

	test('the listing of a site leaves out other sites, node_modules, and links', async () => {
		symlinkSync(join(root, 'plain', 'blog'), join(root, 'plain', 'linked'));
		const site = files('plain');
		const listing = await site.listing(await site.siteOfRobots(uri('plain', 'robots.txt'), undefined));
		assert.deepEqual(
			listing.files.map((file) => `${file.kind} ${file.urlPath}`),
			['html /', 'other /robots.txt', 'html /blog/', 'html /blog/post.html'],
		);
		assert.equal(listing.truncated, undefined);
	});

	test('outside the workspace folders only robots.txt files open in the editor count, and nothing is listed', async () => {
		write('outside/robots.txt', 'User-agent: *\n');
		write('outside/page.html');
		assert.equal(await files('plain').siteOfPage(uri('outside', 'page.html'), undefined), undefined);
		const site = files('plain', [uri('outside', 'robots.txt')]);
		const place = await site.siteOfPage(uri('outside', 'page.html'), undefined);
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

	test("a page below the site root is served relative to it; the robots.txt in public/ is the site's", async () => {
		const site = files('vite');
		const robotsUri = uri('vite', 'public', 'robots.txt');
		const place = await site.siteOfPage(uri('vite', 'about', 'team.html'), '.');
		assert.deepEqual(place, { site: { robotsUri, roots: [folder('vite', 'public'), folder('vite')] }, urlPath: '/about/team.html' });
		// public/'s own files are served at the root.
		assert.equal((await site.siteOfPage(uri('vite', 'public', 'help.html'), '.'))?.urlPath, '/help.html');
		// The build output holds its own robots.txt: its pages are that file's.
		assert.equal((await site.siteOfPage(uri('vite', 'dist', 'index.html'), '.'))?.site.robotsUri, uri('vite', 'dist', 'robots.txt'));
		// Without the setting, the page at the root has no robots.txt above it.
		assert.equal(await site.siteOfPage(uri('vite', 'index.html'), undefined), undefined);
		const listing = await site.listing(await site.siteOfRobots(robotsUri, '.'));
		assert.deepEqual(
			listing.files.filter((file) => file.kind === 'html').map((file) => file.urlPath),
			['/help.html', '/', '/about/team.html'],
		);
	});

	test('a robots.txt at the site root wins over public/robots.txt, whose folder is then an ordinary one', async () => {
		write('both/robots.txt', 'User-agent: *\n');
		write('both/public/robots.txt', 'User-agent: *\n');
		write('both/public/x.html');
		const site = files('both');
		assert.deepEqual(await site.siteOfRobots(uri('both', 'public', 'robots.txt'), '.'), {
			robotsUri: uri('both', 'public', 'robots.txt'),
			roots: [folder('both', 'public')],
		});
		assert.deepEqual(await site.siteOfRobots(uri('both', 'robots.txt'), '.'), { robotsUri: uri('both', 'robots.txt'), roots: [folder('both')] });
	});
});

describe('limits and changes', () => {
	test('a site of more pages than the limit is read in part, and says so', async () => {
		write('many/robots.txt', 'User-agent: *\n');
		for (let i = 0; i <= siteLimits.maxPages; i++) {
			write(`many/p/${String(i).padStart(4, '0')}.html`);
		}
		const site = files('many');
		const listing = await site.listing(await site.siteOfRobots(uri('many', 'robots.txt'), undefined));
		assert.equal(listing.files.filter((file) => file.kind === 'html').length, siteLimits.maxPages);
		assert.match(listing.truncated ?? '', /only the first 1,000 pages are read/);
		// The reason goes to the server's log in the editor's language, its count written as that language writes numbers.
		try {
			useLocale('ru');
			const inRussian = files('many');
			const reason = (await inRussian.listing(await inRussian.siteOfRobots(uri('many', 'robots.txt'), undefined))).truncated ?? '';
			assert.match(reason, /^читаются только первые 1\s000 страниц$/u);
		} finally {
			useLocale(undefined);
		}
	});

	test('a page read once is read again only when it changed; a new file is listed once the change is heard', async () => {
		write('changes/robots.txt', 'User-agent: *\nDisallow: /\n');
		const page = pathToFileURL(write('changes/a.html', '<meta name="robots" content="noindex">')).href;
		const site = files('changes');
		const robots = await site.siteOfRobots(uri('changes', 'robots.txt'), undefined);
		const first = (await site.listing(robots)).files.find((file) => file.uri === page)!;
		assert.deepEqual([...(await site.pageReach(first, ['Googlebot'])).keys()], ['Googlebot']);
		writeFileSync(join(root, 'changes', 'a.html'), '<meta name="robots" content="index">');
		// Unheard, the listing and what was read stand (within freshForMs).
		assert.deepEqual([...(await site.pageReach((await site.listing(robots)).files.find((file) => file.uri === page)!, ['Googlebot'])).keys()], ['Googlebot']);
		write('changes/b.html', '<meta name="robots" content="noindex">');
		site.changed([page, uri('changes', 'b.html')]);
		const listing = await site.listing(robots);
		assert.deepEqual(
			listing.files.filter((file) => file.kind === 'html').map((file) => file.urlPath),
			['/a.html', '/b.html'],
		);
		assert.equal((await site.pageReach(listing.files.find((file) => file.uri === page)!, ['Googlebot'])).size, 0);
	});
});

describe('uris as clients spell them, and no file system', () => {
	test("a message names a file relative to the one it is about, not by a browser's raw uri (issue 22, item 15)", () => {
		const from = 'vscode-remote://localhost:8080/home/me/site/other/robots.expectations';
		assert.equal(relativeName('vscode-remote://localhost:8080/home/me/site/other/robots.txt', from), 'robots.txt');
		assert.equal(relativeName('vscode-remote://localhost:8080/home/me/site/robots.txt', from), '../robots.txt');
		assert.equal(relativeName('vscode-remote://localhost:8080/home/me/my%20site/robots.txt', from), '../../my site/robots.txt');
		assert.equal(relativeName('vscode-vfs://github/o/r/robots.txt', from), 'vscode-vfs://github/o/r/robots.txt');
	});

	write('spelled/robots.txt', 'User-agent: *\n');
	write('spelled/my docs/a b@2x.html');

	test('names that need encoding: the URL path is encoded once, and a uri encoded otherwise (VS Code writes %40) is the same file', async () => {
		const site = files('spelled');
		const asNode = uri('spelled', 'my docs', 'a b@2x.html');
		const asVsCode = asNode.replace('@', '%40');
		assert.notEqual(asNode, asVsCode);
		for (const page of [asNode, asVsCode]) {
			const place = await site.siteOfPage(page, undefined);
			assert.equal(place?.urlPath, '/my%20docs/a%20b@2x.html');
			assert.equal(place?.site.robotsUri, uri('spelled', 'robots.txt'));
		}
	});

	write('spelled/back\\slash.html');

	test('a `\\` in a name is part of it, not a folder (issue 21, finding 14): RFC 3986 percent-encodes it', async () => {
		const place = await files('spelled').siteOfPage(uri('spelled', 'back\\slash.html'), undefined);
		assert.equal(place?.urlPath, '/back%5Cslash.html');
	});

	test('robotsTxt.siteRoot as an absolute path is the same folder as the relative one', async () => {
		const site = files('vite');
		const relative = await site.siteOfPage(uri('vite', 'about', 'team.html'), '.');
		const absolute = await site.siteOfPage(uri('vite', 'about', 'team.html'), join(root, 'vite'));
		assert.equal(absolute?.urlPath, '/about/team.html');
		assert.deepEqual(absolute, relative);
	});

	test('without a file system, a page finds only a robots.txt open in the editor, and nothing is listed or read', async () => {
		assert.equal(await files('plain', [], false).siteOfPage(uri('plain', 'blog', 'post.html'), undefined), undefined);
		const site = files('plain', [uri('plain', 'robots.txt')], false);
		const place = await site.siteOfPage(uri('plain', 'blog', 'post.html'), undefined);
		assert.deepEqual(place, { site: { robotsUri: uri('plain', 'robots.txt'), roots: [folder('plain')] }, urlPath: '/blog/post.html' });
		assert.deepEqual(await site.listing(place!.site), { files: [], truncated: undefined });
		// The site root is found lexically, and its public/robots.txt counts when it is open.
		const vite = files('vite', [uri('vite', 'public', 'robots.txt')], false);
		assert.equal((await vite.siteOfPage(uri('vite', 'about', 'team.html'), '.'))?.urlPath, '/about/team.html');
	});

	test('an untitled page has no folder and no site', async () => {
		assert.equal(await files('plain', [uri('plain', 'robots.txt')]).siteOfPage('untitled:Untitled-1', undefined), undefined);
	});
});

describe("the file system's part", () => {
	test('fileUriOfPath: absolute local paths to file uris, relative ones to nothing', () => {
		assert.equal(fileUriOfPath('/srv/my site/./a/../dist'), 'file:///srv/my%20site/dist');
		assert.equal(fileUriOfPath('C:\\Users\\me\\site'), 'file:///c:/Users/me/site');
		assert.equal(fileUriOfPath('\\\\host\\share\\site'), 'file://host/share/site');
		assert.equal(fileUriOfPath('dist'), undefined);
		assert.equal(fileUriOfPath('./public'), undefined);
	});

	test('a read with maxBytes returns the first bytes only; stat tells files from folders', async () => {
		const page = write('prefix/big.html', 'x'.repeat(10_000));
		const { bytes, truncated } = await nodeFileSystem.readFile(pathToFileURL(page).href, 100);
		assert.deepEqual([bytes.length, truncated], [100, true]);
		const whole = await nodeFileSystem.readFile(pathToFileURL(page).href, 1e6);
		assert.deepEqual([whole.bytes.length, whole.truncated], [10_000, false]);
		assert.deepEqual([(await nodeFileSystem.stat(pathToFileURL(page).href)).kind, (await nodeFileSystem.stat(folder('prefix'))).kind], ['file', 'directory']);
		assert.equal((await nodeFileSystem.stat(pathToFileURL(page).href)).size, 10_000);
	});
});
