// The web extension (the `browser` entry) in a real VS Code web workbench: code-server's web worker extension host in
// headless Chromium runs client/dist/browser.js, which starts server/dist/browser.js in a web worker of its own.
// The user setting `remote.extensionKind` moves the extension from the Node host to the web worker host, as it would
// run in vscode.dev. The scenario: diagnostics, hover, Test URL, the test bench, an HTML page against its open robots.txt,
// and what cannot work in a browser (fetching a deployed robots.txt, git HEAD, files that are not open) saying so.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { fixtureWorkspace, openWorkbench, resultsDir, type Workbench } from './workbench';
import {
	answerQuickInput,
	editorLine,
	goToLine,
	hoverUntilShown,
	openFromExplorer,
	quickOpen,
	runCommand,
	squiggles,
	toast,
	waitForCursorLine,
	waitForLanguageMode,
} from './workbenchPage';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; publisher: string; version: string };
const vsix = join(repoRoot, `${manifest.name}-${manifest.version}.vsix`);

/** The setting that runs the extension in the browser: only its `browser` entry can run there. */
const webOnly = { 'remote.extensionKind': { [`${manifest.publisher}.${manifest.name}`]: ['web'] } };

let currentPage: Page | undefined;

/** The bench's page: the webview's inner frame. */
function benchFrame(page: Page): FrameLocator {
	return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

describe("Robots.txt as a web extension (code-server's web worker extension host)", { timeout: 240_000 }, () => {
	let workbench: Workbench;
	let page: Page;
	let workspace: string;
	let site: http.Server;
	let siteUrl: string;
	let pageServer: http.Server;
	let pageUrl: string;

	before(async () => {
		workspace = mkdtempSync(join(tmpdir(), 'robots-txt-web-'));
		cpSync(fixtureWorkspace, workspace, { recursive: true });
		// An expectations file whose robots.txt is neither open nor present: the server would have to read the disk.
		mkdirSync(join(workspace, 'other'));
		writeFileSync(join(workspace, 'other', 'robots.expectations'), 'GPTBot /about allow\n');
		// test/fixtures/site: private/report.html says noindex to every crawler, and site/robots.txt disallows /private/.
		cpSync(join(repoRoot, 'test', 'fixtures', 'site'), join(workspace, 'site'), { recursive: true });
		// 20 000 groups (60 000 lines) and a missing colon on the last line: the worker analyses it in turns.
		mkdirSync(join(workspace, 'many'));
		writeFileSync(
			join(workspace, 'many', 'robots.txt'),
			`${Array.from({ length: 20_000 }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('')}Disallow /late\n`,
		);
		site = await serveSite();
		siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
		pageServer = await listen(
			http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>another origin</title>')),
		);
		pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
		workbench = await openWorkbench({ vsix, workspace, settings: webOnly });
		page = workbench.page;
		currentPage = page;
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor({ timeout: 60_000 });
	});

	after(async () => {
		await workbench?.close();
		site?.close();
		pageServer?.close();
		if (workspace !== undefined) {
			rmSync(workspace, { recursive: true, force: true });
		}
	});

	step('opening robots.txt: the language mode, squiggles and the Problems panel', async () => {
		await openFromExplorer(page, 'robots.txt');
		await waitForLanguageMode(page, 'Robots.txt');
		const opened = Date.now();
		await squiggles(page).first().waitFor({ timeout: 30_000 });
		console.log(`first squiggle ${Date.now() - opened} ms after the language mode showed (server in a web worker)`);
		await page.keyboard.press('Control+Shift+M');
		await page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'missing-colon' }).first().waitFor({ timeout: 15_000 });
	});

	step('a file of 20 000 groups, analysed in turns in the worker, underlines its last line', async () => {
		await quickOpen(page, 'many/robots.txt', 'robots.txt');
		await waitForLanguageMode(page, 'Robots.txt');
		const opened = Date.now();
		await goToLine(page, 60_000);
		await editorLine(page, 'Disallow /late').waitFor({ timeout: 30_000 });
		await page.locator('.part.editor .squiggly-error').first().waitFor({ timeout: 60_000 });
		console.log(`20 000 groups: the last line's error underlined ${Date.now() - opened} ms after the language mode showed (server in a web worker)`);
		await page.screenshot({ path: join(resultsDir, 'web-many-groups.png') });
		await page.keyboard.press('Control+W');
	});

	step('the deployed commands say that a browser cannot fetch as a crawler', async () => {
		// Only the browser entry has no fetcher (the Node entry would ask for a site here): the extension runs in the browser.
		await runCommand(page, 'Robots.txt: Open Deployed robots.txt…');
		const warning = toast(page, 'not available in the browser');
		await warning.waitFor({ timeout: 30_000 });
		assert.match(await warning.innerText(), /CORS/);
		await clearNotifications(page);
	});

	step('hovering a User-agent line says which crawlers the group applies to', async () => {
		const hover = await hoverUntilShown(
			page,
			editorLine(page, 'User-agent: Googlebot')
				.locator('span', { hasText: /^Googlebot$/ })
				.last(),
		);
		assert.match(await hover.innerText(), /User-agent group/);
		await page.keyboard.press('Escape');
	});

	step('Test URL answers as the crawler and selects the deciding line', async () => {
		await goToLine(page, 1);
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/typo/page');
		await answerQuickInput(page, 'which crawler', 'Googlebot');
		const verdict = toast(page, '/typo/page as Googlebot');
		await verdict.waitFor({ timeout: 15_000 });
		assert.match(await verdict.innerText(), /DISALLOWED by line 5/);
		await waitForCursorLine(page, 5);
		await page.screenshot({ path: join(resultsDir, 'web-test-url.png') });
		await clearNotifications(page);
	});

	step('the test bench answers pasted URLs, compares with the saved file, and says why git HEAD is not there', async () => {
		await runCommand(page, 'Robots.txt: Open Test Bench');
		const frame = benchFrame(page);
		await frame.locator('#urls').waitFor({ timeout: 30_000 });
		await frame.locator('#head [role="columnheader"]', { hasText: 'Googlebot' }).first().waitFor({ timeout: 30_000 });
		await frame.locator('#urls').fill('/private/x');
		await frame.locator('#add').click();
		const row = frame.locator('#body [role="row"]', { has: frame.locator('[role="rowheader"]', { hasText: '/private/x' }) });
		await row.locator('.cell', { hasText: 'DISALLOWED' }).first().waitFor({ timeout: 30_000 });
		// The saved version is read through VS Code's file system, which works in the browser.
		await frame.locator('#status', { hasText: /since the version saved at/ }).waitFor({ timeout: 15_000 });
		await frame.locator('#compare').selectOption('head');
		await frame.locator('#notes', { hasText: /Git HEAD is only available for local files/ }).waitFor({ timeout: 15_000 });
		await page.screenshot({ path: join(resultsDir, 'web-test-bench.png') });
		await runCommand(page, 'View: Close All Editors');
	});

	step('an expectations file whose robots.txt is not open says that the server cannot read files here', async () => {
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'other' }).first().click();
		await openFromExplorer(page, 'robots.expectations');
		await waitForLanguageMode(page, 'Robots.txt Expectations');
		await page.keyboard.press('Control+Shift+M');
		const row = page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'it runs in the browser, without a file system' }).first();
		await row.waitFor({ timeout: 30_000 });
		// The robots.txt is named as the expectations file sees it, not by the browser's uri (issue 22, item 15).
		const message = await row.innerText();
		assert.match(message, /The robots\.txt to test \(robots\.txt\) is not open/, message);
		assert.doesNotMatch(message, /vscode-\w+:/, message);
	});

	step('an HTML page is checked against its robots.txt once that is open: the server reads no files, but open ones count', async () => {
		await runCommand(page, 'View: Close All Editors');
		await quickOpen(page, 'site/private/report.html', 'report.html');
		// VS Code's own HTML mode stays the language mode: the extension only adds its checks.
		await waitForLanguageMode(page, 'HTML');
		// The only robots.txt tab: VS Code shows no folder beside its name.
		await quickOpen(page, 'site/robots.txt', 'robots.txt');
		await waitForLanguageMode(page, 'Robots.txt');
		await page.keyboard.press('Control+Shift+M');
		const rows = page.locator('.markers-panel .monaco-list-row');
		const warning = rows.filter({ hasText: 'noindex-blocked-by-robots-txt' }).first();
		await warning.waitFor({ timeout: 30_000 });
		// Googlebot follows its own group (line 7), the others the `*` group (line 3).
		assert.match((await warning.innerText()).replace(/\u00a0/g, ' '), /never fetch \/private\/report\.html: robots\.txt lines 3 .* and 7 /);
		await page.screenshot({ path: join(resultsDir, 'web-meta.png') });
		await runCommand(page, 'View: Close All Editors');
	});

	step("why the browser does not fetch: another site's robots.txt is refused without CORS, and its redirects are hidden with it", async () => {
		// A page of one origin fetching from another, as the extension's worker would; a plain page, as the workbench's own
		// Content-Security-Policy would refuse the request before CORS is asked.
		const origin = await page.context().browser()!.newPage();
		try {
			await origin.goto(`${pageUrl}/`);
			const refused = await origin.evaluate(async (url) => {
				try {
					await fetch(`${url}/plain/robots.txt`);
					return 'fetched';
				} catch (error) {
					return String(error);
				}
			}, siteUrl);
			assert.match(refused, /TypeError: Failed to fetch/);
			const allowed = await origin.evaluate(async (url) => {
				const response = await fetch(`${url}/moved/robots.txt`);
				return { status: response.status, redirected: response.redirected, url: response.url, body: await response.text() };
			}, siteUrl);
			// The 301 and where it pointed are gone: only the last response is visible.
			assert.deepEqual(allowed, { status: 200, redirected: true, url: `${siteUrl}/cors/robots.txt`, body: 'User-agent: *\nDisallow: /\n' });
		} finally {
			await origin.close();
		}
	});
});

/**
 * A site on another origin: `/plain/robots.txt` without CORS headers (as nearly every site serves it), `/moved/` a
 * redirect to `/cors/robots.txt`, which allows any origin to read it.
 */
function serveSite(): Promise<http.Server> {
	const server = http.createServer((request, response) => {
		const cors = { 'access-control-allow-origin': '*' };
		if (request.url === '/plain/robots.txt') {
			response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
		} else if (request.url === '/moved/robots.txt') {
			response.writeHead(301, { ...cors, location: '/cors/robots.txt' }).end();
		} else if (request.url === '/cors/robots.txt') {
			response.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n');
		} else {
			response.writeHead(404).end();
		}
	});
	return listen(server);
}

function listen(server: http.Server): Promise<http.Server> {
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function step(name: string, body: () => Promise<void>): void {
	test(name, async () => {
		try {
			await body();
		} catch (error) {
			await currentPage?.screenshot({ path: join(resultsDir, `failed-web-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) }).catch(() => undefined);
			throw error;
		}
	});
}

/** Closes every notification toast, so that the next one found is new. */
async function clearNotifications(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await runCommand(page, 'Notifications: Clear All Notifications');
}
