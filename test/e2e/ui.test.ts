// The end-to-end scenario a person would go through, in real VS Code (code-server) driven through headless Chromium:
// open a robots.txt with known mistakes, see the diagnostics, hover, quick-fix, test a URL, follow a code lens, format.
// The steps share one workbench and run in order; each asserts only what the page shows.
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { openWorkbench, resultsDir, Workbench } from './workbench';
import {
	answerQuickInput,
	codeLenses,
	editorLine,
	editorLines,
	goToLine,
	hoverWidget,
	openFromExplorer,
	problemCounts,
	runCommand,
	squiggles,
	toast,
	waitForCursorLine,
	waitForLanguageMode,
} from './workbenchPage';

/** `npm run package` writes the .vsix here (vsce's default name). */
const vsix = join(repoRoot, `robots-txt-${(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version}.vsix`);

/** Screenshots that the README shows; copied into images/ when UPDATE_SCREENSHOTS is set, never in CI. */
const readmeScreenshots: Record<string, string> = {
	'diagnostics.png': 'screenshot-diagnostics.png',
	'test-url.png': 'screenshot-test-url.png',
};

/** The page of the running scenario, for failure screenshots. */
let currentPage: Page | undefined;

describe('Robots.txt in VS Code (code-server)', { timeout: 180_000 }, () => {
	let workbench: Workbench;
	let page: Page;

	before(async () => {
		const started = Date.now();
		workbench = await openWorkbench({ vsix });
		page = workbench.page;
		currentPage = page;
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor({ timeout: 60_000 });
		console.log(`vsix: ${Math.round(statSync(vsix).size / 1024)} KiB; workbench ready after ${Date.now() - started} ms`);
	});

	after(async () => {
		await workbench?.close();
	});

	step('opening robots.txt switches the language mode to Robots.txt', async () => {
		await openFromExplorer(page, 'robots.txt');
		await waitForLanguageMode(page, 'Robots.txt');
	});

	step('the mistakes are underlined and counted in the Problems panel', async () => {
		const opened = Date.now();
		await squiggles(page).first().waitFor({ timeout: 30_000 });
		// The server's cold start: extension activation, server spawn, initialize, first diagnostics on screen.
		console.log(`first squiggle ${Date.now() - opened} ms after the language mode showed`);
		const counts = await problemCounts(page);
		assert.ok(counts.errors + counts.warnings + counts.infos >= 2, `status bar problems: ${JSON.stringify(counts)}`);
		await page.keyboard.press('Control+Shift+M');
		const rows = page.locator('.markers-panel .monaco-list-row');
		await rows.filter({ hasText: 'missing-colon' }).first().waitFor();
		const texts = await rows.allInnerTexts();
		assert.ok(texts.some((text) => text.includes('robots-txt')), `Problems panel rows: ${texts.join(' | ')}`);
	});

	step('hovering a User-agent line says which crawlers the group applies to', async () => {
		const line = editorLine(page, 'User-agent: Googlebot');
		await line.locator('span', { hasText: /^Googlebot$/ }).last().hover();
		const hover = hoverWidget(page);
		await hover.waitFor({ timeout: 15_000 });
		const text = await hover.innerText();
		assert.match(text, /User-agent group/);
		assert.match(text, /Googlebot/);
		await page.screenshot({ path: join(resultsDir, 'diagnostics.png') });
		await page.keyboard.press('Escape');
	});

	step('the quick fix adds the missing colon', async () => {
		await page.keyboard.press('Escape');
		await goToLine(page, 4);
		await page.keyboard.press('Control+Period');
		const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Add the colon' }).first();
		await fix.waitFor({ timeout: 15_000 });
		await fix.click();
		await waitForLine(page, 'Disallow: /no-colon');
	});

	step('Test URL from the command palette shows the verdict and selects the deciding line', async () => {
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/typo/page');
		// The agent picker offers the file's own User-agent values first, then the crawlers the server knows.
		const agentList = page.locator('.quick-input-widget', { hasText: 'which crawler' }).locator('.quick-input-list');
		await agentList.filter({ hasText: 'In this file' }).waitFor();
		await agentList.filter({ hasText: 'Known crawlers' }).waitFor();
		await answerQuickInput(page, 'which crawler', 'Googlebot');
		// Dialects disagree here: RFC 9309 ignores the misspelled "Disalow" (line 5) that Google accepts.
		const verdict = toast(page, 'Googlebot');
		await verdict.waitFor({ timeout: 15_000 });
		const summary = await verdict.innerText();
		assert.match(summary, /ALLOW/i);
		assert.match(summary, /DISALLOW/i);
		assert.equal(await verdict.locator('.codicon-warning').count(), 1, 'disagreeing dialects give a warning');
		// The first dialect (RFC 9309) decides by line 3, "Allow: /".
		await waitForCursorLine(page, 3);

		await verdict.getByRole('button', { name: 'Show Details' }).click();
		const output = page.locator('.part.panel .view-lines');
		await output.filter({ hasText: 'Google: DISALLOWED' }).waitFor({ timeout: 10_000 });
		// The panel is short, so only the end of the block is on screen: each dialect's verdict with its deciding line.
		const details = (await output.innerText()).replace(/\u00a0/g, ' ');
		assert.match(details, /Google: DISALLOWED \(line 5/);
		assert.match(details, /1996 draft: ALLOWED \(line 3/);

		// A second run offers the URL just tested first: Enter takes it.
		await runCommand(page, 'Robots.txt: Test URL');
		await page.locator('.quick-input-widget .monaco-list-row', { hasText: '/typo/page' }).first().waitFor();
		await page.keyboard.press('Enter');
		await answerQuickInput(page, 'which crawler', 'Googlebot');
		await toast(page, 'Googlebot').waitFor({ timeout: 15_000 });
		// Let the toast finish fading in; the wait is for the picture only, no assertion depends on it.
		await page.waitForTimeout(500);
		await page.screenshot({ path: join(resultsDir, 'test-url.png') });
	});

	step('the "Applies to" code lens reveals its group', async () => {
		await page.keyboard.press('Escape');
		const lens = codeLenses(page).filter({ hasText: 'Applies to' }).first();
		await lens.waitFor({ timeout: 15_000 });
		await goToLine(page, 9);
		await lens.click();
		await hoverWidget(page).waitFor({ timeout: 15_000 });
		// The lens of the Googlebot group selects its User-agent line.
		await waitForCursorLine(page, 2);
		await page.keyboard.press('Escape');
	});

	step('Format Document rewrites the sloppy lines', async () => {
		const before = await editorLines(page);
		await goToLine(page, 9);
		// Format Document is Ctrl+Shift+I on Linux (Shift+Alt+F on Windows and macOS).
		await page.keyboard.press('Control+Shift+I');
		await waitForChange(page, before);
		const formatted = await editorLines(page);
		// Canonical directive names and `Name: value` spacing.
		assert.ok(formatted.includes('User-agent: *'), `formatted text:\n${formatted.join('\n')}`);
		assert.ok(formatted.includes('Disallow: /private'), `formatted text:\n${formatted.join('\n')}`);
	});

	after(() => {
		if (process.env['UPDATE_SCREENSHOTS'] !== undefined && process.env['CI'] === undefined) {
			for (const [name, target] of Object.entries(readmeScreenshots)) {
				copyFileSync(join(resultsDir, name), join(repoRoot, 'images', target));
			}
		}
	});
});

/**
 * A test whose failure leaves a screenshot of the page in test-results/e2e/failed-*.png, since the page is the
 * only witness of what went wrong.
 */
function step(name: string, body: () => Promise<void>): void {
	test(name, async () => {
		try {
			await body();
		} catch (error) {
			await currentPage?.screenshot({ path: join(resultsDir, `failed-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) }).catch(() => undefined);
			throw error;
		}
	});
}

async function waitForLine(page: Page, text: string): Promise<void> {
	await editorLine(page, text).waitFor({ timeout: 15_000 });
}

/** Polls the visible lines until they differ from `before`. */
async function waitForChange(page: Page, before: readonly string[], timeout = 15_000): Promise<void> {
	const deadline = Date.now() + timeout;
	while (Date.now() < deadline) {
		const now = await editorLines(page);
		if (now.join('\n') !== before.join('\n')) {
			return;
		}
		await page.waitForTimeout(100);
	}
	assert.fail(`the editor text did not change within ${timeout} ms:\n${before.join('\n')}`);
}
