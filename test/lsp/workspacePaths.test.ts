/**
 * Path completion reads only the workspace (issue 15, "CLI"): a robots.txt whose folder is reached through a symbolic
 * link to somewhere else must not list that other folder's contents.
 */

import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkspacePaths } from '../../server/src/features/workspacePaths';
import { nodeFileSystem } from '../../io/src/nodeFileSystem';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-paths-')));
const workspace = join(root, 'workspace');
const outside = join(root, 'outside');
mkdirSync(join(workspace, 'site', 'blog'), { recursive: true });
writeFileSync(join(workspace, 'site', 'robots.txt'), 'User-agent: *\n');
writeFileSync(join(workspace, 'site', 'blog', 'post.html'), '');
mkdirSync(join(outside, 'secret'), { recursive: true });
writeFileSync(join(outside, 'robots.txt'), 'User-agent: *\n');
writeFileSync(join(outside, 'secret', 'keys.txt'), '');
symlinkSync(outside, join(workspace, 'linked'));
symlinkSync('site', join(workspace, 'alias'));
symlinkSync(workspace, join(root, 'workspace-link'));

function uri(...parts: string[]): string {
	return pathToFileURL(join(...parts)).href;
}

function pathsIn(folder: string, robots: string): Promise<string[]> {
	const paths = new WorkspacePaths(nodeFileSystem);
	paths.setFolders([{ uri: pathToFileURL(folder).href, name: 'workspace' }]);
	return paths.pathsFor(robots);
}

const site = ['/blog/', '/robots.txt', '/blog/post.html'];

describe('path completion stays inside the workspace folders', () => {
	test("the robots.txt file's own folder, inside the workspace", async () => {
		assert.deepEqual(await pathsIn(workspace, uri(workspace, 'site', 'robots.txt')), site);
	});

	test('a folder reached through a link to outside the workspace lists nothing', async () => {
		assert.deepEqual(await pathsIn(workspace, uri(workspace, 'linked', 'robots.txt')), []);
	});

	test('links that stay inside the workspace still work, and so does a workspace opened through a link', async () => {
		assert.deepEqual(await pathsIn(workspace, uri(workspace, 'alias', 'robots.txt')), site);
		assert.deepEqual(await pathsIn(join(root, 'workspace-link'), uri(root, 'workspace-link', 'site', 'robots.txt')), site);
	});
});
