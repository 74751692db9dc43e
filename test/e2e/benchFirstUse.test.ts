// Issue 22 in real VS Code (code-server, Chromium), as a new user meets it on a fresh workspace with code-server's
// defaults (auto-save on, no Git): the test bench from each entry point the README names (the title bar's table icon,
// the command palette, the editor's context menu); Test URL's pickers after a type-then-paste-then-Enter; the saved
// version as a baseline that stands still under auto-save; the grid beside the editor on 30 URLs of one site; and
// crawler sets that add columns. Each step asserts only what the page shows.
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { fixtureWorkspace, openWorkbench, resultsDir, screenshotSteps, type Workbench } from './workbench';
import { answerQuickInput, benchFrame, pasteUrls, editorLine, goToLine, quickOpen, runCommand, toast, waitForLanguageMode } from './workbenchPage';

const vsix = join(repoRoot, `robots-txt-${(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version}.vsix`);
const corpus = join(repoRoot, '..', 'shared', 'corpus', 'realworld', 'files');

let currentPage: Page | undefined;
const step = screenshotSteps(() => currentPage);

/** The crawler tokens of the bench's column headings, in the order shown. */
async function columns(frame: FrameLocator): Promise<string[]> {
	const headers = await frame.locator('#head [role="columnheader"]').allInnerTexts();
	return headers.slice(1).map((text) => text.replace('×', '').trim());
}

/** Closes the bench by its tab's close button, leaving the robots.txt open. */
async function closeBench(page: Page): Promise<void> {
	const tab = page.locator('.part.editor .tab', { hasText: 'Test Bench' }).first();
	await tab.hover();
	await tab.locator('.tab-actions .action-label').first().click();
	await page.locator('iframe.webview.ready').waitFor({ state: 'detached', timeout: 15_000 });
}

/** Closes every editor, opens a workspace robots.txt, and its bench from the palette once it shows its columns. */
async function openBenchAlone(page: Page, path: string): Promise<FrameLocator> {
	await runCommand(page, 'View: Close All Editors');
	await quickOpen(page, path, 'robots.txt');
	await waitForLanguageMode(page, 'Robots.txt');
	await runCommand(page, 'Robots.txt: Open Test Bench');
	const frame = benchFrame(page);
	await frame.locator('#head [role="columnheader"]', { hasText: 'Googlebot' }).first().waitFor({ timeout: 30_000 });
	return frame;
}

/** The bench shows the target crawlers as columns (Googlebot first) and a baseline, and VS Code shows no error. */
async function assertLiveBench(page: Page, entry: string): Promise<void> {
	const frame = benchFrame(page);
	await frame.locator('#urls').waitFor({ timeout: 30_000 });
	await frame
		.locator('#head [role="columnheader"]', { hasText: 'Googlebot' })
		.first()
		.waitFor({ timeout: 30_000 })
		.catch(() => undefined);
	await page.screenshot({ path: join(resultsDir, `first-use-bench-${entry}.png`) });
	const shown = await columns(frame);
	// The 14 target crawlers of the extension's default `robotsTxt.crawlers`.
	assert.equal(shown.length, 14, `${entry}: columns ${shown.join(', ')}`);
	assert.equal(shown[0], 'Googlebot', entry);
	// No Git here: the bench compares with the saved version.
	assert.equal(await frame.locator('#compare').inputValue(), 'saved', entry);
	assert.equal(await page.locator('.notification-toast', { hasText: 'not iterable' }).count(), 0, `${entry}: an error toast`);
}

describe('issue 22: the test bench and the pickers as a new user meets them (code-server)', { timeout: 300_000 }, () => {
	let workbench: Workbench;
	let page: Page;
	let workspace: string;

	before(async () => {
		workspace = mkdtempSync(join(tmpdir(), 'robots-txt-first-use-'));
		cpSync(fixtureWorkspace, workspace, { recursive: true });
		cpSync(join(repoRoot, 'test', 'fixtures', 'site'), join(workspace, 'site'), { recursive: true });
		// gazeta.ru's robots.txt (the 1 000 URLs of one site), and a file that names 1 097 agents.
		for (const [folder, file] of [
			['gazeta', '0768.txt'],
			['many', '0120.txt'],
		]) {
			mkdirSync(join(workspace, folder), { recursive: true });
			copyFileSync(join(corpus, file), join(workspace, folder, 'robots.txt'));
		}
		// code-server's default, set here so that the scenario says what it depends on.
		workbench = await openWorkbench({ vsix, workspace, settings: { 'files.autoSave': 'afterDelay' } });
		page = workbench.page;
		currentPage = page;
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'site' }).waitFor({ timeout: 60_000 });
		// Without the side bar, the robots.txt and the bench share the window, as beside any editor.
		await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
	});

	after(async () => {
		await workbench?.close();
		rmSync(workspace, { recursive: true, force: true });
	});

	step("the table icon in the editor's title bar opens a live bench, and the bench opened next is live too", async () => {
		await quickOpen(page, 'site/robots.txt', 'robots.txt');
		await editorLine(page, 'Allow: /private/press/').waitFor({ timeout: 30_000 });
		await waitForLanguageMode(page, 'Robots.txt');
		// The icon itself, clicked as a user clicks it (VS Code passes the file's uri and its own context object).
		const icon = page.locator('.part.editor .editor-actions .action-label.codicon-table').first();
		await icon.waitFor({ timeout: 15_000 });
		await icon.click();
		await assertLiveBench(page, 'title-bar');
		await closeBench(page);
		// The palette opens the same file's bench again: what the title bar's bench remembered must be live.
		await editorLine(page, 'Allow: /private/press/').click();
		await runCommand(page, 'Robots.txt: Open Test Bench');
		await assertLiveBench(page, 'palette');
		await closeBench(page);
		// And the editor's context menu.
		await editorLine(page, 'Allow: /private/press/').click({ button: 'right' });
		const item = page.locator('.context-view .monaco-menu .action-item', { hasText: 'Open Test Bench' }).first();
		await item.waitFor({ timeout: 15_000 });
		await item.click();
		await assertLiveBench(page, 'context-menu');
	});

	step('"Compare with: Saved Version" stands still under auto-save and says which version it is', async () => {
		const frame = await openBenchAlone(page, 'site/robots.txt');
		// No Git here: the bench compares with the saved version.
		assert.equal(await frame.locator('#compare').inputValue(), 'saved');
		await pasteUrls(frame, ['/private/report.html', '/drafts/one', '/public'].join('\n'));
		await frame.locator('#body [role="rowheader"]', { hasText: '/private/report.html' }).waitFor({ timeout: 30_000 });
		// Line 3, `Disallow: /private/`, becomes `Disallow: /private-old/`: /private/report.html opens to the `*` group.
		await editorLine(page, 'Disallow: /drafts').click();
		await goToLine(page, 3);
		await page.keyboard.press('End');
		await page.keyboard.press('Backspace');
		await page.keyboard.type('-old/');
		await editorLine(page, 'Disallow: /private-old/').waitFor();
		const changedSince = /([\d,]+) verdicts? changed since (?:the saved version|the version saved at )/;
		await frame.locator('#status', { hasText: changedSince }).waitFor({ timeout: 30_000 });
		// Auto-save writes the edit to disk (the tab is no longer dirty); the baseline must not follow it.
		await page.locator('.part.editor .tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
		await page.waitForTimeout(2_000);
		const status = await frame.locator('#status').innerText();
		await page.screenshot({ path: join(resultsDir, 'first-use-saved-baseline.png') });
		const count = Number((changedSince.exec(status)?.[1] ?? '0').replace(/,/g, ''));
		assert.ok(count > 0, `after auto-save: ${status}`);
		// The baseline says which version it is: the time of the save it was read from.
		assert.match(status, /changed since the version saved at \d/);
		const row = frame.locator('#body [role="row"]', { has: frame.locator('[role="rowheader"]', { hasText: '/private/report.html' }) });
		await row.locator('.changed').first().waitFor({ timeout: 5_000 });
	});

	step('Test URL: typed, then a paste over it, then Enter at once tests what was pasted, in both pickers', async () => {
		await page.keyboard.press('Escape');
		await editorLine(page, 'Disallow: /drafts').click();
		// The history holds /search/x and /search.
		for (const url of ['/search/x', '/search']) {
			await runCommand(page, 'Robots.txt: Test URL');
			await answerQuickInput(page, 'Robots.txt: Test URL', url);
			await answerQuickInput(page, 'which crawler', 'bingbot');
			await toast(page, `${url} as bingbot`).waitFor({ timeout: 15_000 });
		}
		await page.keyboard.press('Escape');
		await runCommand(page, 'Notifications: Clear All Notifications');
		await runCommand(page, 'Robots.txt: Test URL');
		const widget = page.locator('.quick-input-widget');
		await widget.locator('.monaco-list-row', { hasText: '/search/x' }).first().waitFor();
		await page.keyboard.type('/se');
		await widget.locator('.monaco-list-row', { hasText: 'test this URL' }).first().waitFor();
		await page.keyboard.press('Control+A');
		await page.keyboard.insertText('/search');
		await page.keyboard.press('Enter');
		await widget.filter({ hasText: 'which crawler' }).locator('.quick-input-list').filter({ hasText: 'Known crawlers' }).waitFor();
		await page.keyboard.type('Goo');
		await widget.locator('.monaco-list-row', { hasText: 'test as this crawler' }).first().waitFor();
		await page.keyboard.press('Control+A');
		await page.keyboard.insertText('Googlebot');
		await page.keyboard.press('Enter');
		const answer = toast(page, ' as Googlebot');
		await answer.waitFor({ timeout: 15_000 }).catch(() => undefined);
		await page.screenshot({ path: join(resultsDir, 'first-use-pickers.png') });
		const headline = await page.locator('.notification-toast').first().innerText();
		assert.match(headline, /(^|\s)\/search as Googlebot:/, headline);
		await page.keyboard.press('Escape');
		await runCommand(page, 'Notifications: Clear All Notifications');
	});

	step("beside the editor, the grid shows each URL's path and several crawlers; a changed column comes first", async () => {
		await runCommand(page, 'View: Close All Editors');
		await quickOpen(page, 'gazeta/robots.txt', 'robots.txt');
		await editorLine(page, 'Disallow: /cgi-bin').waitFor({ timeout: 30_000 });
		await waitForLanguageMode(page, 'Robots.txt');
		await runCommand(page, 'Robots.txt: Open Test Bench');
		const frame = benchFrame(page);
		await frame.locator('#head [role="columnheader"]', { hasText: 'Googlebot' }).first().waitFor({ timeout: 30_000 });
		const ids = Array.from({ length: 30 }, (_, i) => 19_000_000 + i);
		await pasteUrls(frame, ids.map((id, i) => `https://www.gazeta.ru/amp/news/2024/01/${String(1 + i).padStart(2, '0')}/${id}.shtml`).join('\n'));
		await frame.locator('#status', { hasText: /^30 URLs × 14 crawlers/ }).waitFor({ timeout: 30_000 });
		await frame.locator('#body [role="rowheader"]', { hasText: `${ids[0]}.shtml` }).waitFor({ timeout: 30_000 });
		await page.mouse.move(640, 790);
		await page.waitForTimeout(300);
		await page.screenshot({ path: join(resultsDir, 'first-use-grid.png') });
		// Each row reads differently, and what it shows fits its cell: the end of the URL, which tells pages apart.
		const cells = await frame.locator('#body [role="rowheader"]').evaluateAll((elements) =>
			elements.map((element) => {
				const cell = element as unknown as { textContent: string | null; scrollWidth: number; clientWidth: number };
				return { text: cell.textContent ?? '', fits: cell.scrollWidth <= cell.clientWidth + 1 };
			}),
		);
		assert.ok(cells.length >= 10, `${cells.length} rows shown`);
		for (const cell of cells) {
			assert.ok(cell.fits, `cut by the cell's edge: ${cell.text}`);
			assert.match(cell.text, /\d{8}\.shtml$/, cell.text);
		}
		assert.equal(new Set(cells.map((cell) => cell.text)).size, cells.length, 'rows that read alike');
		// The site is named once, above the URLs.
		assert.match(await frame.locator('#head [role="columnheader"]').first().innerText(), /www\.gazeta\.ru/);
		// At least four of the 14 crawler columns fit beside the editor.
		const visible = await frame.locator('#head [role="columnheader"]').evaluateAll((elements) => {
			const width = (globalThis as unknown as { innerWidth: number }).innerWidth;
			return elements
				.slice(1)
				.filter((element) => (element as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right <= width + 1).length;
		});
		assert.ok(visible >= 4, `${visible} crawler columns in view`);

		// A group for GPTBot (the eighth column) changes only GPTBot; with "Only rows that changed", its column is in view.
		await editorLine(page, 'Disallow: /cgi-bin').click();
		await goToLine(page, 1);
		await page.keyboard.press('Home');
		for (const line of ['User-agent: GPTBot', 'Disallow: /amp/', '']) {
			await page.keyboard.type(line);
			await page.keyboard.press('Escape');
			await page.keyboard.press('Enter');
		}
		await editorLine(page, 'User-agent: GPTBot').waitFor();
		await frame.locator('#status', { hasText: /30 verdicts changed since/ }).waitFor({ timeout: 30_000 });
		await frame.locator('#only-changed').check();
		await page.mouse.move(640, 790);
		await page.waitForTimeout(300);
		await page.screenshot({ path: join(resultsDir, 'first-use-changed-column.png') });
		const shown = await columns(frame);
		assert.equal(shown[0], 'GPTBot', shown.join(', '));
		const gptbot = frame.locator('#head [role="columnheader"]', { hasText: 'GPTBot' }).first();
		const inView = await gptbot.evaluate(
			(element) =>
				(element as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right
				<= (globalThis as unknown as { innerWidth: number }).innerWidth + 1,
		);
		assert.ok(inView, 'the changed column is in view');
	});

	step('a crawler set adds its columns (Shift+click replaces them); a set of a thousand asks first', async () => {
		const frame = await openBenchAlone(page, 'many/robots.txt');
		const targets = await columns(frame);
		const ai = frame.locator('#sets button', { hasText: /^AI training \(\d+\)$/ });
		// The button's tooltip lists the set's crawlers on its last line.
		const aiTokens = ((await ai.getAttribute('title')) ?? '').split('\n').pop()!.split(', ');
		assert.ok(aiTokens.length >= 10, aiTokens.join(', '));
		await ai.click();
		const union = [...targets, ...aiTokens.filter((token) => !targets.some((target) => target.toLowerCase() === token.toLowerCase()))];
		await frame
			.locator('#head [role="columnheader"]')
			.nth(union.length)
			.waitFor({ timeout: 30_000 })
			.catch(() => undefined);
		assert.deepEqual(new Set(await columns(frame)), new Set(union), 'the AI training set is added to the target crawlers');
		// Shift+click: the set replaces the columns.
		await ai.click({ modifiers: ['Shift'] });
		await frame
			.locator('#head [role="columnheader"]', { hasText: /^Googlebot/ })
			.waitFor({ state: 'detached', timeout: 30_000 })
			.catch(() => undefined);
		assert.deepEqual(new Set(await columns(frame)), new Set(aiTokens), 'Shift+click replaces the columns');
		// "Named in this file" holds a thousand agents: the bench asks before adding them, and Cancel adds none.
		const named = frame.locator('#sets button', { hasText: /^Named in this file \(\d+\)$/ });
		const size = Number(/\((\d+)\)/.exec(await named.innerText())?.[1]);
		assert.ok(size > 1000, `${size} agents named`);
		await named.click();
		const dialog = page.locator('.monaco-dialog-box');
		await dialog.waitFor({ timeout: 15_000 }).catch(() => undefined);
		await page.screenshot({ path: join(resultsDir, 'first-use-many-columns.png') });
		assert.match(await dialog.innerText(), /Add [\d,]+ crawler columns/);
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		await page.waitForTimeout(1_000);
		assert.equal((await columns(frame)).length, aiTokens.length, 'Cancel adds no column');
	});
});
