// The end-to-end scenario a person would go through, in real VS Code (code-server) driven through headless Chromium:
// open a robots.txt with known mistakes, see the diagnostics, hover, quick-fix, test a URL, follow a code lens, format;
// open an HTML page whose noindex the robots.txt hides and see the warning.
// The steps share one workbench and run in order; each asserts only what the page shows.
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { openWorkbench, resultsDir, type Workbench } from './workbench';
import {
	answerQuickInput,
	applyQuickFix,
	codeLenses,
	editorLine,
	editorPart,
	editorLines,
	goToLine,
	hoverUntilShown,
	hoverWidget,
	openFromExplorer,
	pickAction,
	problemCounts,
	quickOpen,
	runCommand,
	squiggles,
	statusItem,
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
	'meta.png': 'screenshot-meta.png',
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
		// The README's screenshots, when asked for (never in CI).
		if (process.env.UPDATE_SCREENSHOTS !== undefined && process.env.CI === undefined) {
			for (const [name, target] of Object.entries(readmeScreenshots)) {
				copyFileSync(join(resultsDir, name), join(repoRoot, 'images', target));
			}
		}
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
		assert.ok(
			texts.some((text) => text.includes('robots-txt')),
			`Problems panel rows: ${texts.join(' | ')}`,
		);
	});

	step('hovering a User-agent line says which crawlers the group applies to', async () => {
		const line = editorLine(page, 'User-agent: Googlebot');
		const hover = await hoverUntilShown(page, line.locator('span', { hasText: /^Googlebot$/ }).last());
		const text = await hover.innerText();
		assert.match(text, /User-agent group/);
		assert.match(text, /Googlebot/);
		await page.screenshot({ path: join(resultsDir, 'diagnostics.png') });
		await page.keyboard.press('Escape');
	});

	step('the quick fix adds the missing colon', async () => {
		await page.keyboard.press('Escape');
		await goToLine(page, 4);
		await applyQuickFix(page, 'Add the colon');
		await waitForLine(page, 'Disallow: /no-colon');
	});

	step('Test URL from the command palette answers as the crawler and selects the deciding line', async () => {
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/typo/page');
		// The picker offers the target crawlers first, then the file's own User-agent values, then every known crawler.
		const agentList = page.locator('.quick-input-widget', { hasText: 'which crawler' }).locator('.quick-input-list');
		await agentList.filter({ hasText: 'Your target crawlers' }).waitFor();
		await agentList.filter({ hasText: 'Known crawlers' }).waitFor();
		await answerQuickInput(page, 'which crawler', 'Googlebot');
		// Googlebot runs Google's parser, which reads the misspelled "Disalow: /typo" (line 5); RFC 9309 parsers do not.
		const verdict = toast(page, '/typo/page as Googlebot');
		await verdict.waitFor({ timeout: 15_000 });
		const headline = await verdict.innerText();
		assert.match(headline, /DISALLOWED by line 5/);
		assert.match(headline, /RFC 9309 parsers and Yandex's parser would find it ALLOWED \(line 3/);
		assert.equal(await verdict.locator('.codicon-warning').count(), 1, 'other parsers that differ give a warning');
		await waitForCursorLine(page, 5);

		await verdict.getByRole('button', { name: 'Show Details' }).click();
		const output = page.locator('.part.panel .view-lines');
		await output.filter({ hasText: 'RFC 9309 parser:' }).waitFor({ timeout: 10_000 });
		const details = (await output.innerText()).replace(/\u00a0/g, ' ');
		assert.match(details, /Googlebot: DISALLOWED by line 5/);

		// A second run offers the URL just tested first: Enter takes it.
		await runCommand(page, 'Robots.txt: Test URL');
		await page.locator('.quick-input-widget .monaco-list-row', { hasText: '/typo/page' }).first().waitFor();
		await page.keyboard.press('Enter');
		await answerQuickInput(page, 'which crawler', 'Googlebot');
		await toast(page, 'as Googlebot').waitFor({ timeout: 15_000 });
		// Let the toast finish fading in; the wait is for the picture only, no assertion depends on it.
		await page.waitForTimeout(500);
		await page.screenshot({ path: join(resultsDir, 'test-url.png') });
	});

	step('a crawler pasted into the picker and entered at once is the crawler tested', async () => {
		await clearNotifications(page);
		// Pasted the moment the picker opens, before its list has arrived.
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/private/x');
		await page.locator('.quick-input-widget', { hasText: 'which crawler' }).waitFor();
		await page.keyboard.insertText('Bingbot');
		await page.keyboard.press('Enter');
		await toast(page, '/private/x as bingbot').waitFor({ timeout: 15_000 });
		await clearNotifications(page);
		// Pasted over the full list, Enter pressed before the list is filtered again.
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/private/y');
		await page.locator('.quick-input-widget', { hasText: 'which crawler' }).locator('.quick-input-list').filter({ hasText: 'Known crawlers' }).waitFor();
		await page.keyboard.insertText('GPTBot');
		await page.keyboard.press('Enter');
		await toast(page, '/private/y as GPTBot').waitFor({ timeout: 15_000 });
		await clearNotifications(page);
	});

	step('the "Followed by" code lens reveals its group', async () => {
		await page.keyboard.press('Escape');
		const lens = codeLenses(page).filter({ hasText: 'Followed by Googlebot' }).first();
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

	step("Test URL answers as each crawler documents itself (issue 9's five cases)", async () => {
		// Real files beside the fixture: gazeta.ru's robots.txt, the README's example, and a 3.7 MB file.
		const corpus = join(repoRoot, '..', 'shared', 'corpus', 'realworld', 'files');
		for (const [folder, source] of [
			['gazeta', join(corpus, '0768.txt')],
			['shop', join(repoRoot, 'examples', 'robots.txt')],
			['huge', join(corpus, '0932.txt')],
		]) {
			mkdirSync(join(workbench.workspace, folder), { recursive: true });
			copyFileSync(source, join(workbench.workspace, folder, 'robots.txt'));
		}
		const cases = [
			{
				file: 'gazeta/robots.txt',
				first: 'Disallow: /cgi-bin',
				url: 'https://www.gazeta.ru/amp/news/2024/01/01/1.shtml',
				agent: 'YandexBot',
				says: /as YandexBot: DISALLOWED by line 253 `Disallow: \/amp\/`/,
				line: 253,
			},
			{
				file: 'shop/robots.txt',
				first: 'Disallow: /private/',
				url: '/search?q=robots',
				agent: 'Googlebot-Image',
				says: /as Googlebot-Image: DISALLOWED by line 11 `Disallow: \/search`/,
				line: 11,
			},
			{
				file: 'shop/robots.txt',
				first: 'Disallow: /private/',
				url: 'https://www.example.com/private/x',
				agent: 'AdsBot-Google',
				says: /as AdsBot-Google: ALLOWED: no group names AdsBot-Google and it ignores "User-agent: \*"/,
				line: undefined,
			},
			{
				file: 'huge/robots.txt',
				first: 'Allow: /72ac54163d26d6677a80b8e21a776cfa',
				url: '/nothing',
				agent: 'Googlebot',
				says: /as Googlebot: ALLOWED: no group names "Googlebot", so it follows "User-agent: \*" at line 1, and none of its rules matches/,
				line: 1,
			},
		];
		for (const c of cases) {
			await clearNotifications(page);
			await quickOpen(page, c.file);
			// The text on screen is the file's own, so the editor (and its language) is the one just opened.
			await editorLine(page, c.first).waitFor({ timeout: 30_000 });
			await waitForLanguageMode(page, 'Robots.txt');
			await runCommand(page, 'Robots.txt: Test URL');
			await answerQuickInput(page, 'Robots.txt: Test URL', c.url);
			await answerQuickInput(page, 'which crawler', c.agent);
			const answer = toast(page, `as ${c.agent}`);
			await answer.waitFor({ timeout: 30_000 });
			assert.match((await answer.innerText()).replace(/\u00a0/g, ' '), c.says);
			if (c.line !== undefined) {
				await waitForCursorLine(page, c.line);
			} else {
				// No line decides: the line the answer before selected (line 11, for Googlebot-Image) is selected no more,
				// or it would read as this answer's (issue 22, item 10).
				await statusItem(page, 'status.editor.selection')
					.filter({ hasText: /Ln \d+/, hasNotText: /selected/ })
					.waitFor({ timeout: 10_000 });
			}
			await page.screenshot({ path: join(resultsDir, `crawler-${c.agent}.png`) });
		}
		await clearNotifications(page);
	});

	step('Test URL for GPTBot says what the Content-Usage path rule says and selects that line beside the deciding one (issue 24)', async () => {
		await clearNotifications(page);
		// GPTBot may fetch /docs/page (line 2), and `Content-Usage: /docs/ train-ai=n` (line 3) applies to it
		// (draft-ietf-aipref-attach §3.1: the longest matching path; preferences apply to URLs the rules allow).
		mkdirSync(join(workbench.workspace, 'preferences'), { recursive: true });
		writeFileSync(join(workbench.workspace, 'preferences', 'robots.txt'), 'User-agent: GPTBot\nAllow: /\nContent-Usage: /docs/ train-ai=n\n');
		await quickOpen(page, 'preferences/robots.txt');
		await editorLine(page, 'Content-Usage: /docs/ train-ai=n').waitFor({ timeout: 30_000 });
		await waitForLanguageMode(page, 'Robots.txt');
		await runCommand(page, 'Robots.txt: Test URL');
		await answerQuickInput(page, 'Robots.txt: Test URL', '/docs/page');
		await answerQuickInput(page, 'which crawler', 'GPTBot');
		const answer = toast(page, '/docs/page as GPTBot');
		await answer.waitFor({ timeout: 30_000 });
		const headline = (await answer.innerText()).replace(/\u00a0/g, ' ');
		assert.match(headline, /as GPTBot: ALLOWED by line 2 `Allow: \/`/);
		assert.match(headline, /Content-Usage \(line 3\): train-ai=n\./);
		// Two selections: the deciding line, and the Content-Usage line that states the preference.
		await statusItem(page, 'status.editor.selection')
			.filter({ hasText: /2 selections/ })
			.waitFor({ timeout: 10_000 });
		const topOf = (elements: unknown[]) => elements.map((element) => Number.parseFloat((element as { style: { top: string } }).style.top));
		// Read again until both agree: the editor may still be scrolling to reveal the selections between two reads (a
		// run read the line at 38 px and the selections at 35 and 54, 3 px of scroll apart).
		let usageTop = Number.NaN;
		let selectedTops: number[] = [];
		for (const deadline = Date.now() + 5_000; Date.now() < deadline; await page.waitForTimeout(100)) {
			[usageTop] = await editorLine(page, 'Content-Usage: /docs/ train-ai=n').evaluateAll(topOf);
			// Monaco draws a selection in the overlay row of its line, at that line's top.
			selectedTops = await page
				.locator(`${editorPart} .editor-instance .view-overlays .selected-text`)
				.evaluateAll((elements) =>
					elements.map((element) => Number.parseFloat((element as unknown as { parentElement: { style: { top: string } } }).parentElement.style.top)),
				);
			if (selectedTops.includes(usageTop)) {
				break;
			}
		}
		assert.ok(selectedTops.includes(usageTop), `the Content-Usage line (top ${usageTop}) is not selected; selections at ${selectedTops.join(', ')}`);
		await page.screenshot({ path: join(resultsDir, 'test-url-preferences.png') });
		await clearNotifications(page);
	});

	step('Open Deployed robots.txt shows what a site serves, read-only, with the response in a code lens', async () => {
		await clearNotifications(page);
		// The site is a server of this test on 127.0.0.1; code-server's extension host fetches from it.
		const server = http.createServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'max-age=3600' });
			response.end('User-agent: *\nDisallow: /drafts\n');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		try {
			const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			await runCommand(page, 'Robots.txt: Open Deployed robots.txt…');
			await answerQuickInput(page, 'Open Deployed robots.txt', site);
			await editorLine(page, 'Disallow: /drafts').waitFor({ timeout: 30_000 });
			await waitForLanguageMode(page, 'Robots.txt');
			await codeLenses(page)
				.filter({ hasText: /^Deployed: 200 OK/ })
				.first()
				.waitFor({ timeout: 15_000 });
			await codeLenses(page).filter({ hasText: 'kept 1 hour' }).first().waitFor({ timeout: 15_000 });
			await toast(page, `${site}/robots.txt: 200 OK`).waitFor({ timeout: 15_000 });
			// The tab names the site (issue 22, item 15): two sites' files are told apart at a glance.
			const host = new URL(site).host;
			await page.locator('.tabs-container .tab.active', { hasText: `robots.txt (${host})` }).waitFor({ timeout: 10_000 });
			// Typing into it is refused with VS Code's read-only message.
			await goToLine(page, 1);
			await page.keyboard.type('x');
			await page.locator('.monaco-editor-overlaymessage', { hasText: /read-only/i }).waitFor({ timeout: 10_000 });
			assert.ok(!(await editorLines(page)).some((line) => line.startsWith('xUser-agent')), 'the deployed text is unchanged');
			await page.screenshot({ path: join(resultsDir, 'deployed.png') });
		} finally {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await clearNotifications(page);
		}
	});

	step('the quick fix turns Content-Usage "train-ai=yes" into "train-ai=y" (issue 24)', async () => {
		await clearNotifications(page);
		// draft-ietf-aipref-vocab-07 §6.5: only the tokens y and n state a preference; "yes" means unknown.
		mkdirSync(join(workbench.workspace, 'preferences'), { recursive: true });
		writeFileSync(join(workbench.workspace, 'preferences', 'robots.txt'), 'User-agent: *\nDisallow: /search\nContent-Usage: train-ai=yes\n');
		await quickOpen(page, 'preferences/robots.txt');
		await editorLine(page, 'Content-Usage: train-ai=yes').waitFor({ timeout: 30_000 });
		await waitForLanguageMode(page, 'Robots.txt');
		await squiggles(page).first().waitFor({ timeout: 30_000 });
		await goToLine(page, 3);
		const before = await editorLines(page);
		await applyQuickFix(page, 'Write "train-ai=y"');
		await waitForChange(page, before);
		// "Content-Usage: train-ai=y" is also the start of the old line: the whole line must be the new one.
		const after = await editorLines(page);
		assert.ok(after.includes('Content-Usage: train-ai=y'), `lines after the fix:\n${after.join('\n')}`);
		assert.ok(!after.includes('Content-Usage: train-ai=yes'), `lines after the fix:\n${after.join('\n')}`);
	});

	step('"Block AI training" offers the preference lines from the Source Action menu, and changes the line the * group has', async () => {
		// The file after the quick fix: `User-agent: *`, `Disallow: /search`, `Content-Usage: train-ai=y`.
		// The source actions are the focused editor's: a click on its first line gives it the focus.
		await editorLine(page, 'User-agent: *').click();
		await page.locator('.part.editor .monaco-editor.focused').first().waitFor();
		const before = await editorLines(page);
		await pickAction(page, 'Content-Signal: ai-train=no and Content-Usage: train-ai=n', () => runCommand(page, 'Source Action...'));
		await waitForChange(page, before);
		const after = await editorLines(page);
		// The group's path-less Content-Usage states train-ai=n now, and a Content-Signal line joins the * group.
		assert.ok(after.includes('Content-Usage: train-ai=n'), `lines after the action:\n${after.join('\n')}`);
		assert.ok(after.includes('Content-Signal: ai-train=no'), `lines after the action:\n${after.join('\n')}`);
		assert.ok(!after.includes('Content-Usage: train-ai=y'), `lines after the action:\n${after.join('\n')}`);
		assert.equal(after.filter((line) => line.startsWith('Content-Usage:')).length, 1);
		await page.screenshot({ path: join(resultsDir, 'block-ai-training-preferences.png') });
	});

	step('an HTML page whose noindex its robots.txt hides shows the warning, with the deciding line', async () => {
		await clearNotifications(page);
		// The Problems panel then lists the page's problems only.
		await runCommand(page, 'View: Close All Editors');
		// test/fixtures/site: private/report.html says noindex to every crawler, and site/robots.txt disallows /private/.
		cpSync(join(repoRoot, 'test', 'fixtures', 'site'), join(workbench.workspace, 'site'), { recursive: true });
		await quickOpen(page, 'site/private/report.html', 'report.html');
		await editorLine(page, 'Quarterly report').waitFor({ timeout: 30_000 });
		// VS Code's own HTML mode stays the language mode: the extension only adds its checks.
		await waitForLanguageMode(page, 'HTML');
		await squiggles(page).first().waitFor({ timeout: 30_000 });
		await page.keyboard.press('Control+Shift+M');
		const rows = page.locator('.markers-panel .monaco-list-row');
		const warning = rows.filter({ hasText: 'noindex-blocked-by-robots-txt' }).first();
		await warning.waitFor({ timeout: 30_000 });
		const text = (await warning.innerText()).replace(/\u00a0/g, ' ');
		// Googlebot follows its own group (line 7), the others the `*` group (line 3).
		assert.match(text, /never fetch \/private\/report\.html: robots\.txt lines 3 .* and 7 /);
		// The deciding lines are related information, listed under the warning.
		await rows.filter({ hasText: 'the rule that keeps' }).first().waitFor({ timeout: 15_000 });
		// Hovering the noindex shows the warning and what noindex does for each engine.
		// The value's own token (`"noindex"`), not a span around the line, whose middle may fall outside the diagnostic.
		const hover = await hoverUntilShown(
			page,
			editorLine(page, 'name="robots"')
				.locator('span', { hasText: /^"?noindex"?$/ })
				.last(),
		);
		await hover.filter({ hasText: 'never fetch' }).waitFor({ timeout: 15_000 });
		await page.waitForTimeout(300);
		await page.screenshot({ path: join(resultsDir, 'meta.png') });
		await page.keyboard.press('Escape');
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

/** Closes every notification toast, so that the next one found is new. */
async function clearNotifications(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await runCommand(page, 'Notifications: Clear All Notifications');
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
