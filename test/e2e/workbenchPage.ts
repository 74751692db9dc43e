// What a person does and sees in the VS Code workbench, as Playwright steps: open a file, run a command, read the
// editor, the status bar, hovers, notifications and panels. Selectors are VS Code's own DOM classes and ids.
import assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** The editor part only: the Chat view holds a second Monaco editor that must not be counted. */
export const editorPart = '.part.editor';

/** Opens a file by clicking it in the Explorer. */
export async function openFromExplorer(page: Page, name: string): Promise<void> {
	await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().click();
	await page.locator(`${editorPart} .tab.active`, { hasText: name }).waitFor();
}

/** Opens a workspace file by its path with Quick Open (Ctrl+P); `tab` is what its tab shows (by default its folder). */
export async function quickOpen(page: Page, path: string, tab?: string): Promise<void> {
	await page.keyboard.press('Escape');
	await page.keyboard.press('Control+P');
	const input = page.locator('.quick-input-widget input');
	await input.waitFor();
	await input.fill(path);
	// The row shows the file's folder beside its name; a new file appears once the file search has seen it. Both must
	// match: until the list has filtered, a recently opened file of the same folder can be its first row.
	const folder = path.slice(0, path.lastIndexOf('/'));
	const name = path.slice(path.lastIndexOf('/') + 1);
	const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: folder }).filter({ hasText: name }).first();
	await row.waitFor({ timeout: 30_000 });
	await row.click();
	// Several tabs are named robots.txt; VS Code shows the folder of each beside the name.
	await page.locator('.tab.active', { hasText: tab ?? folder }).waitFor({ timeout: 30_000 });
	await statusItem(page, 'status.editor.mode').waitFor();
}

/** A status bar item by its contribution id, e.g. `status.editor.mode`. */
export function statusItem(page: Page, id: string): Locator {
	return page.locator(`[id="${id}"]`);
}

/** Waits until the status bar's language mode reads `name`. */
export async function waitForLanguageMode(page: Page, name: string, timeout = 30_000): Promise<void> {
	await statusItem(page, 'status.editor.mode').filter({ hasText: name }).waitFor({ timeout });
}

/** The active editor's visible lines, top to bottom, with Monaco's non-breaking spaces turned back into spaces. */
export async function editorLines(page: Page): Promise<string[]> {
	const lines = page.locator(`${editorPart} .editor-instance .view-lines .view-line`);
	const rows = await lines.evaluateAll((elements) =>
		elements.map((element) => ({
			top: Number.parseFloat((element as unknown as { style: { top: string } }).style.top),
			text: element.textContent ?? '',
		})),
	);
	return rows.sort((a, b) => a.top - b.top).map((row) => row.text.replace(/\u00a0/g, ' '));
}

/** The rendered line whose text contains `text`. */
export function editorLine(page: Page, text: string): Locator {
	return page.locator(`${editorPart} .view-lines .view-line`, { hasText: text }).first();
}

/** Moves the cursor to the start of a 1-based line with Go to Line (Ctrl+G), which no overlay can intercept. */
export async function goToLine(page: Page, line: number): Promise<void> {
	await page.keyboard.press('Control+G');
	const input = page.locator('.quick-input-widget input');
	await input.waitFor();
	await input.fill(`:${line}`);
	// Enter counts only once the widget offers to go to that line; before that it is lost (or lands in the editor).
	await page
		.locator('.quick-input-widget .monaco-list-row', { hasText: `go to line ${line}` })
		.first()
		.waitFor();
	await page.keyboard.press('Enter');
	await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
	await waitForCursorLine(page, line);
}

/** Waits until the status bar puts the cursor on the 1-based `line` ("Ln 3, Col 1"); selections move asynchronously. */
export async function waitForCursorLine(page: Page, line: number, timeout = 10_000): Promise<void> {
	await statusItem(page, 'status.editor.selection')
		.filter({ hasText: new RegExp(`Ln ${line},`) })
		.waitFor({ timeout });
}

/** Runs a command from the palette (F1) by its full title. */
export async function runCommand(page: Page, title: string): Promise<void> {
	const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
	for (let attempt = 1; ; attempt++) {
		await page.keyboard.press('F1');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor();
		await input.fill(`>${title}`);
		try {
			// A command the editor offers (Source Action...) is listed once the editor's context has caught up with the
			// focus; on a loaded machine the palette can open before it has: closed and opened again, as a user would.
			await row.waitFor({ timeout: attempt < 3 ? 10_000 : 30_000 });
			break;
		} catch (error) {
			if (attempt >= 3) {
				throw error;
			}
			await page.keyboard.press('Escape');
		}
	}
	await page.keyboard.press('Enter');
}

/**
 * Waits for an open quick input whose title or placeholder contains `text`, types `value` and accepts it. Not the
 * command palette that asked for it: while the palette closes, its list still shows the command, whose title may hold
 * `text` ("Open Deployed robots.txt…"), and its input (still `>…`) is inert; a run filled that one and timed out. Nor
 * an input made inert for a moment (a full run's "Compare with Deployed" found the site's prompt inert, then gone).
 */
export async function answerQuickInput(page: Page, text: string, value: string): Promise<void> {
	await page.waitForFunction(
		(wanted) => {
			type Element = {
				readonly textContent: string | null;
				getClientRects(): { readonly length: number };
				querySelector(selector: string): Element | null;
				closest(selector: string): Element | null;
			};
			const widget = (globalThis as unknown as { document: { querySelector(selector: string): Element | null } }).document.querySelector('.quick-input-widget');
			const input = widget?.querySelector('input') as (Element & { readonly value: string; readonly placeholder: string }) | null | undefined;
			return (
				widget != null
				&& widget.getClientRects().length > 0
				&& input != null
				&& !input.value.startsWith('>')
				&& input.closest('[inert]') === null
				&& ((widget.textContent ?? '').includes(wanted) || input.placeholder.includes(wanted))
			);
		},
		text,
		{ timeout: 30_000 },
	);
	const input = page.locator('.quick-input-widget input').first();
	await input.fill(value);
	await page.keyboard.press('Enter');
}

/**
 * Types `path` into VS Code's own file dialog (a quick input titled `title`) and accepts it, until `done` shows. The
 * dialog fills in a starting folder once it has read it, which can overwrite a path typed earlier, so the path is typed
 * again until the dialog holds it, and what it opens is awaited before giving up.
 */
export async function answerFileDialog(page: Page, title: string, path: string, done: Locator): Promise<void> {
	const input = page.locator('.quick-input-widget input');
	await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 30_000 });
	for (let attempt = 1; ; attempt++) {
		await page.waitForFunction(
			() =>
				((globalThis as unknown as { document: { querySelector(selector: string): { value: string } | null } }).document.querySelector(
					'.quick-input-widget input',
				)?.value ?? '') !== '',
			undefined,
			{ timeout: 15_000 },
		);
		await input.fill(path);
		await page.waitForTimeout(300);
		if ((await input.inputValue()) !== path) {
			assert.ok(attempt < 5, `the file dialog does not keep the path ${path}`);
			continue;
		}
		await page.keyboard.press('Enter');
		if (
			await done.waitFor({ timeout: 20_000 }).then(
				() => true,
				() => false,
			)
		) {
			return;
		}
		assert.ok(attempt < 3, `nothing came of ${path} in the file dialog "${title}"`);
	}
}

/** The notification toast that contains `text`. */
export function toast(page: Page, text: string): Locator {
	return page.locator('.notification-toast', { hasText: text }).first();
}

/**
 * Hovers `target` until the hover widget shows, and returns the widget: when none shows within a few seconds (the
 * mouse came while the editor was still laying the line out, and VS Code waits for the next move), the mouse leaves
 * and comes back, as a user's would. Fails after `timeout` ms.
 */
export async function hoverUntilShown(page: Page, target: Locator, timeout = 15_000): Promise<Locator> {
	const hover = hoverWidget(page);
	const until = Date.now() + timeout;
	for (;;) {
		await target.hover();
		try {
			await hover.waitFor({ timeout: Math.max(1, Math.min(5_000, until - Date.now())) });
			return hover;
		} catch (error) {
			if (Date.now() >= until) {
				throw error;
			}
			await page.mouse.move(0, 0);
		}
	}
}

/** The visible hover widget. */
export function hoverWidget(page: Page): Locator {
	return page
		.locator('.monaco-hover:not(.hidden)')
		.filter({ has: page.locator('.hover-contents, .markdown-hover') })
		.first();
}

/** Counts the squiggles (error, warning, information) the editor part shows. */
export function squiggles(page: Page): Locator {
	return page.locator(`${editorPart} .squiggly-error, ${editorPart} .squiggly-warning, ${editorPart} .squiggly-info`);
}

/** The problem counts in the status bar, read from its accessible label ("Errors: 1, Warnings: 2" and so on). */
export async function problemCounts(page: Page): Promise<{ errors: number; warnings: number; infos: number }> {
	const label = (await statusItem(page, 'status.problems').getAttribute('aria-label')) ?? '';
	const count = (word: string): number => Number(new RegExp(`${word}: (\\d+)`).exec(label)?.[1] ?? 0);
	return { errors: count('Errors'), warnings: count('Warnings'), infos: count('Infos') };
}

/** The code lens links shown above the editor's lines. */
export function codeLenses(page: Page): Locator {
	return page.locator(`${editorPart} .codelens-decoration a`);
}

/** The test bench's page: the webview's inner frame (VS Code nests the content in a second iframe). */
export function benchFrame(page: Page): FrameLocator {
	return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** Pastes text into the bench's URL box the way a clipboard paste arrives (a paste event with text/plain). */
export async function pasteUrls(frame: FrameLocator, text: string): Promise<void> {
	await frame.locator('#urls').evaluate((element, value) => {
		// The page's own constructors (the tests compile without the DOM's types).
		const page = globalThis as unknown as {
			DataTransfer: new () => { setData(type: string, data: string): void };
			ClipboardEvent: new (type: string, init: object) => unknown;
		};
		const data = new page.DataTransfer();
		data.setData('text/plain', value);
		(element as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
			new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
		);
	}, text);
}

/**
 * Opens the Quick Fix menu on the cursor's line (Ctrl+.) and picks the fix titled `title`. As a user would: Ctrl+.
 * again when the menu did not come (once in a full run the key came before VS Code had the line's actions, and the
 * light bulb showed with no menu).
 */
export async function applyQuickFix(page: Page, title: string): Promise<void> {
	await pickAction(page, title, () => page.keyboard.press('Control+Period'));
}

/**
 * Opens an action menu (`open`) and picks the action titled `title`. A menu asked for before the server has the
 * latest version of the file can come without it: it is closed and asked for again, up to three times. The action is
 * reached with the keyboard, as the row that has the focus, not clicked where it was drawn: a menu that updates while
 * it shows can move another row under the pointer. `key` takes it: Enter applies it, Control+Enter previews it.
 */
export async function pickAction(page: Page, title: string, open: () => Promise<void>, key = 'Enter'): Promise<void> {
	const rows = page.locator('.action-widget .monaco-list-row');
	const action = rows.filter({ hasText: title }).first();
	for (let attempt = 0; ; attempt++) {
		await open();
		try {
			await action.waitFor({ timeout: 10_000 });
			break;
		} catch (error) {
			if (attempt === 2) {
				throw error;
			}
			await page.keyboard.press('Escape');
		}
	}
	const focused = page.locator('.action-widget .monaco-list-row.focused');
	for (let step = 0; step < 40; step++) {
		if ((await focused.count()) === 1 && (await focused.innerText()).includes(title)) {
			await page.keyboard.press(key);
			return;
		}
		await page.keyboard.press('ArrowDown');
	}
	assert.fail(`the keyboard never reached "${title}" in the action menu: ${(await rows.allInnerTexts()).join(' | ')}`);
}
