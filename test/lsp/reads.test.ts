/**
 * What the server reads on its own (issue 21, findings 1, 3 and 9), over the real wire: a committed repository must not
 * be able to hurt the editor or reach outside itself. Expectations files and the robots.txt they name, and a page's
 * robots.txt, are read only if they are regular files (a symbolic link to /dev/zero and a FIFO are refused without a
 * byte read, so the server neither fills its memory nor blocks Node's thread pool), inside the workspace folders
 * (`@robots ../../outside`, an absolute path, a `file:` URL and a link out of them are refused with a message), and
 * nothing of an outside file comes back in diagnostics, hovers or completions; the server answers other requests all
 * along.
 */

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionRequest, DidOpenTextDocumentNotification, HoverRequest, type CompletionItem, type Hover } from 'vscode-languageserver/node';
import { expectationsLanguageId } from '../../core/src/index';
import { joinLines, writeFiles, type FileSpec } from '../util/fixtures';
import { TestClient } from './client';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'robots-reads-')));
after(() => rmSync(root, { recursive: true, force: true }));
const workspace = join(root, 'workspace');
const outside = join(root, 'outside');
mkdirSync(workspace);
mkdirSync(outside);
/** A file outside the workspace whose tokens must never come back: a crawler's name and a path, as the issue found them. */
const secretAgent = 'SecretBot-7f3a';
const secretPath = '/secret-path-91c2/';
writeFileSync(
	join(outside, 'robots.txt'),
	joinLines(`User-agent: ${secretAgent}`, `Disallow: ${secretPath}`, '', 'User-agent: Googlebot', 'Disallow: /private/', ''),
);
const secrets = new RegExp(`${secretAgent}|${secretPath.slice(1, -1)}`);

const robots = joinLines('User-agent: *', 'Disallow: /private/', '');

/** A folder of the workspace with the files given. */
function folder(name: string, files: Record<string, FileSpec>): string {
	return writeFiles(join(workspace, name), files);
}

function uri(...parts: string[]): string {
	return pathToFileURL(join(...parts)).href;
}

function start(): Promise<TestClient> {
	return TestClient.start({ configuration: true, settings: {}, workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }] });
}

async function openExpectations(client: TestClient, expectationsUri: string, text: string): Promise<void> {
	await client.connection.sendNotification(DidOpenTextDocumentNotification.type, {
		textDocument: { uri: expectationsUri, languageId: expectationsLanguageId, version: 1, text },
	});
}

/** The server still answers: a hover on an open robots.txt's User-agent line. */
async function answers(client: TestClient, robotsUri: string): Promise<void> {
	const hover = (await client.connection.sendRequest(HoverRequest.type, {
		textDocument: { uri: robotsUri },
		position: { line: 0, character: 2 },
	})) as Hover | null;
	assert.ok(hover !== null, 'a hover on the User-agent line');
}

/** Everything the expectations file shows: its diagnostics, a hover and completions on each line, as one text. */
async function everythingShown(client: TestClient, expectationsUri: string, lines: number): Promise<string> {
	const shown: unknown[] = [client.lastPublished(expectationsUri)];
	for (let line = 0; line < lines; line++) {
		for (const character of [0, 10, 40]) {
			shown.push(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri: expectationsUri }, position: { line, character } }));
			shown.push(await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: expectationsUri }, position: { line, character } }));
		}
	}
	return JSON.stringify(shown);
}

describe('files that are not regular files are refused without being read', () => {
	test('a committed robots.expectations linked to /dev/zero: the robots.txt beside it gets its diagnostics', async () => {
		const site = folder('zero', { 'robots.txt': robots, 'robots.expectations': { link: '/dev/zero' } });
		const client = await start();
		try {
			const robotsUri = uri(site, 'robots.txt');
			await client.open(robotsUri, robots);
			await client.waitFor(() => client.lastPublished(robotsUri) !== undefined, "the robots.txt's diagnostics");
			await answers(client, robotsUri);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('@robots naming a FIFO gets a message that says why; five FIFOs beside a robots.txt do not stop path completion', async () => {
		const fifos = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`f${n}.robots.expectations`, { fifo: true } as const]));
		const site = folder('fifo', { 'robots.txt': robots, 'pipe.txt': { fifo: true }, 'page.html': '', ...fifos });
		const client = await start();
		try {
			const robotsUri = uri(site, 'robots.txt');
			const text = joinLines('User-agent: *', 'Disallow: /', '');
			await client.open(robotsUri, text);
			await client.waitFor(() => client.lastPublished(robotsUri) !== undefined, "the robots.txt's diagnostics");
			const items = (await client.connection.sendRequest(CompletionRequest.type, {
				textDocument: { uri: robotsUri },
				position: { line: 1, character: 11 },
			})) as CompletionItem[];
			assert.ok(
				items.some((item) => item.label === '/page.html'),
				JSON.stringify(items.map((item) => item.label)),
			);

			const expectationsUri = uri(site, 'pipe.robots.expectations');
			await openExpectations(client, expectationsUri, joinLines('@robots pipe.txt', 'Googlebot /x allow', ''));
			await client.waitFor(() => client.lastPublished(expectationsUri) !== undefined, "the expectations file's diagnostics");
			const [problem] = client.lastPublished(expectationsUri)!.diagnostics;
			assert.equal(problem.code, 'robots-txt-not-found');
			assert.match(problem.message, /pipe\.txt is not a regular file/);
			await answers(client, robotsUri);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});

describe('@robots stays inside the workspace folders', () => {
	const outsideRobots = join(outside, 'robots.txt');
	const cases: [string, string][] = [
		['a relative path up and out', '@robots ../../outside/robots.txt'],
		['an absolute path', `@robots ${outsideRobots}`],
		['a file: URL', `@robots ${pathToFileURL(outsideRobots).href}`],
	];
	for (const [what, line] of cases) {
		test(`${what}: refused with a message, and nothing of the outside file is shown`, async () => {
			const site = folder(`at-${cases.findIndex(([name]) => name === what)}`, { 'robots.txt': robots });
			const client = await start();
			try {
				const expectationsUri = uri(site, 'robots.expectations');
				await openExpectations(client, expectationsUri, joinLines(line, 'Googlebot /private/x disallow', '', ''));
				await client.waitFor(() => client.lastPublished(expectationsUri) !== undefined, "the expectations file's diagnostics");
				const problems = client.lastPublished(expectationsUri)!.diagnostics;
				assert.deepEqual(
					problems.map((d) => [d.code, d.range.start.line]),
					[['robots-txt-not-found', 0]],
				);
				assert.match(problems[0].message, /is outside the workspace folders/);
				assert.doesNotMatch(await everythingShown(client, expectationsUri, 3), secrets);
				assert.equal(await client.stop(), 0);
			} finally {
				client.kill();
			}
		});
	}

	test('a robots.txt that is a link out of the workspace is not read for its expectations', async () => {
		const site = folder('linked', { 'robots.txt': { link: join(outside, 'robots.txt') } });
		const client = await start();
		try {
			const expectationsUri = uri(site, 'robots.expectations');
			await openExpectations(client, expectationsUri, joinLines('Googlebot /private/x disallow', '', ''));
			await client.waitFor(() => client.lastPublished(expectationsUri) !== undefined, "the expectations file's diagnostics");
			const problems = client.lastPublished(expectationsUri)!.diagnostics;
			assert.deepEqual(
				problems.map((d) => d.code),
				['robots-txt-not-found'],
			);
			assert.match(problems[0].message, /is outside the workspace folders \(or a link out of them\)/);
			assert.doesNotMatch(await everythingShown(client, expectationsUri, 2), secrets);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});

	test('@robots inside the workspace, in another folder, is still read', async () => {
		folder('public', { 'robots.txt': robots });
		const site = folder('tests', {});
		const client = await start();
		try {
			const expectationsUri = uri(site, 'robots.expectations');
			await openExpectations(client, expectationsUri, joinLines('@robots ../public/robots.txt', 'Googlebot /private/x allow', ''));
			await client.waitFor(() => client.lastPublished(expectationsUri) !== undefined, "the expectations file's diagnostics");
			// `Disallow: /private/` in the `*` group, which Googlebot follows: the expectation fails, so the file was read.
			assert.deepEqual(
				client.lastPublished(expectationsUri)!.diagnostics.map((d) => [d.code, d.range.start.line]),
				[['expectation-failed', 1]],
			);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});

describe("a page's robots.txt stays inside the workspace folders (finding 9)", () => {
	test("a robots.txt that is a link out of the workspace is neither followed nor quoted in a page's warning", async () => {
		const site = folder('pages', { 'robots.txt': { link: join(outside, 'robots.txt') } });
		mkdirSync(join(site, 'private'));
		const client = await start();
		try {
			const page = uri(site, 'private', 'report.html');
			await client.open(page, '<html><head><meta name="robots" content="noindex"></head></html>\n', 1, 'html');
			// A page's diagnostics are pushed even when empty; the cross-file warning would come with them.
			await client.waitFor(() => client.lastPublished(page) !== undefined, "the page's diagnostics", 3000).catch(() => undefined);
			const shown = JSON.stringify(client.published.filter((p) => p.uri === page));
			assert.doesNotMatch(shown, /noindex-blocked-by-robots-txt|Disallow: \/private\//);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
