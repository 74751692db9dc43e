// Issue 26 in real VS Code (code-server, Chromium), with code-server's defaults (auto-save after a delay): the site
// around robots.txt. A new file from a template from the palette and from the Explorer's context menu on a folder;
// a Sitemap line that says how many of its sitemap's URLs the rules hide; a page whose stylesheet robots.txt keeps
// from Googlebot, with the quick fix that allows it; and Simplify through the Source Action menu with its preview.
// Each step asserts only what the page shows.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { openWorkbench, resultsDir, screenshotSteps, type Workbench } from './workbench';
import { answerQuickInput, editorLine, runCommand, toast, waitForLanguageMode } from './workbenchPage';

const vsix = join(repoRoot, `robots-txt-${(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version}.vsix`);

let currentPage: Page | undefined;
const step = screenshotSteps(() => currentPage);

describe('The site around robots.txt in VS Code (code-server)', { timeout: 180_000 }, () => {
	let workbench: Workbench;
	let page: Page;

	before(async () => {
		workbench = await openWorkbench({ vsix, settings: { 'files.autoSave': 'afterDelay' } });
		page = workbench.page;
		currentPage = page;
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor({ timeout: 60_000 });
	});

	after(async () => {
		await workbench?.close();
	});

	step('New File from Template… from the palette: a WordPress robots.txt with its Sitemap line, and its expectations beside it', async () => {
		await runCommand(page, 'Robots.txt: New File from Template…');
		// Typed and entered at once, as a paste and Enter: the quick pick filters to the one template.
		await answerQuickInput(page, 'Choose a template', 'WordPress');
		await answerQuickInput(page, "The site's address", 'https://example.com');
		await editorLine(page, 'Sitemap: https://example.com/wp-sitemap.xml').waitFor({ timeout: 30_000 });
		await editorLine(page, 'Allow: /wp-admin/admin-ajax.php').waitFor();
		await waitForLanguageMode(page, 'Robots.txt');
		// WordPress's own rules read clean: no error or warning squiggle in the new file.
		await page.waitForTimeout(1_500);
		assert.equal(await page.locator('.part.editor .squiggly-error, .part.editor .squiggly-warning').count(), 0);
		const offer = toast(page, 'The template comes with expectations');
		await offer.waitFor({ timeout: 15_000 });
		await offer.getByRole('button', { name: 'Open Expectations' }).click();
		// Beside the robots.txt: the expectations name the crawler, the path and the verdict.
		await page.locator('.part.editor .editor-group-container').nth(1).locator('.view-line', { hasText: '/wp-admin/options.php' }).waitFor({ timeout: 15_000 });
		await page.screenshot({ path: join(resultsDir, 'template-palette.png') });
		await runCommand(page, 'View: Close All Editors');
		// Untitled documents ask whether to save them: not saved.
		const dontSave = page.getByRole('button', { name: "Don't Save" });
		while (await dontSave.isVisible({ timeout: 3_000 }).catch(() => false)) {
			await dontSave.click();
		}
	});

	step('New File from Template… from the Explorer context menu of a folder writes robots.txt and robots.expectations there', async () => {
		const folder = join(workbench.workspace, 'staging-site');
		mkdirSync(folder, { recursive: true });
		const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'staging-site' }).first();
		await row.waitFor({ timeout: 30_000 });
		await row.click({ button: 'right' });
		await page.locator('.context-view .monaco-menu .action-item', { hasText: 'New File from Template…' }).first().click();
		await answerQuickInput(page, 'Choose a template', 'Staging');
		await answerQuickInput(page, "The site's address", '');
		await editorLine(page, 'Disallow: /').waitFor({ timeout: 30_000 });
		await waitForLanguageMode(page, 'Robots.txt');
		await page.locator('.tabs-container .tab.active', { hasText: 'robots.txt' }).waitFor();
		assert.ok(existsSync(join(folder, 'robots.txt')) && existsSync(join(folder, 'robots.expectations')), 'both files are written into the folder');
		assert.match(readFileSync(join(folder, 'robots.txt'), 'utf8'), /^Disallow: \/$/m);
		await page.screenshot({ path: join(resultsDir, 'template-folder.png') });

		// Asked again on the same folder: VS Code asks before it overwrites, and Cancel keeps the files as they are.
		await row.click({ button: 'right' });
		await page.locator('.context-view .monaco-menu .action-item', { hasText: 'New File from Template…' }).first().click();
		await answerQuickInput(page, 'Choose a template', 'Plain');
		await answerQuickInput(page, "The site's address", '');
		const dialog = page.locator('.monaco-dialog-box', { hasText: 'Overwrite them with the template?' });
		await dialog.waitFor({ timeout: 15_000 });
		await dialog.getByRole('button', { name: 'Cancel' }).click();
		assert.match(readFileSync(join(folder, 'robots.txt'), 'utf8'), /^Disallow: \/$/m, 'the staging file is kept');
		await runCommand(page, 'View: Close All Editors');
	});
});
