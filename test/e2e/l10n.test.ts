// Robots.txt in Russian, in real VS Code (code-server) driven through headless Chromium: code-server started with
// `--locale ru` shows the extension's command titles (package.nls.ru.json), its own messages (l10n/bundle.l10n.ru.json)
// and the server's diagnostics (which the server writes in initialize's locale) in Russian.
// VS Code picks a display language only when a language pack declares it, and the real Russian pack cannot be fetched
// here; a pack that declares Russian and translates nothing of VS Code makes code-server resolve Russian, as the real
// pack does, while its own menus stay in English. Whatever is Russian on the page therefore comes from this extension.
// The pack is installed from the running workbench (Extensions: Install from VSIX…), as a person would: code-server
// records language packs only when its server installs them, not when its command line does.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/codeServer';
import { computeDiagnostics, parse } from '../../core/src/index';
import { defaultAnalysisOptions } from '../../core/src/options';
import { useLocale } from '../../io/src/localize';
import { fixtureWorkspace, openWorkbench, resultsDir, type Workbench } from './workbench';
import { answerFileDialog, openFromExplorer, waitForLanguageMode } from './workbenchPage';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; version: string };
/** `npm run package` writes the .vsix here (vsce's default name). */
const vsix = join(repoRoot, `${manifest.name}-${manifest.version}.vsix`);
const nls = JSON.parse(readFileSync(join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, string>;
const nlsRu = JSON.parse(readFileSync(join(repoRoot, 'package.nls.ru.json'), 'utf8')) as Record<string, string>;
const bundleRu = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ru.json'), 'utf8')) as Record<string, string>;

/** The Russian of a client key, which must be in the bundle (the unit tests make sure of that). */
function russian(key: string): string {
	const text = bundleRu[key];
	assert.ok(text !== undefined && text !== key, `l10n/bundle.l10n.ru.json translates ${JSON.stringify(key)}`);
	return text;
}

/** A command's title in the palette, as package.nls.ru.json words it: "Category: Title". */
function paletteTitle(titleKey: string): string {
	return `${nlsRu['command.category']}: ${nlsRu[titleKey]}`;
}

/**
 * A language pack that declares Russian and translates nothing, packaged with vsce (the tool `npm run package` uses).
 * A display language is one a language pack contributes (`contributes.localizations`).
 */
function russianLanguagePack(folder: string): string {
	const source = join(folder, 'language-pack-ru');
	mkdirSync(join(source, 'translations'), { recursive: true });
	writeFileSync(
		join(source, 'package.json'),
		JSON.stringify(
			{
				name: 'e2e-language-pack-ru',
				displayName: 'Russian as a display language (end-to-end tests)',
				description: 'Declares Russian a display language, with no translations of VS Code itself.',
				publisher: 'robots-txt-e2e',
				version: '1.0.0',
				license: 'MIT',
				engines: { vscode: '^1.90.0' },
				categories: ['Language Packs'],
				contributes: {
					localizations: [
						{
							languageId: 'ru',
							languageName: 'Russian',
							localizedLanguageName: 'русский',
							translations: [{ id: 'vscode', path: './translations/main.i18n.json' }],
						},
					],
				},
			},
			null,
			'\t',
		),
	);
	writeFileSync(join(source, 'translations', 'main.i18n.json'), JSON.stringify({ version: '1.0.0', contents: {} }));
	const packed = join(folder, 'e2e-language-pack-ru.vsix');
	execFileSync(
		join(repoRoot, 'node_modules', '.bin', 'vsce'),
		['package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', packed],
		{ cwd: source, stdio: 'ignore' },
	);
	return packed;
}

/** The missing-colon problem of the fixture's robots.txt as the server writes it in `locale`, computed by the core. */
function missingColonMessage(locale: string | undefined): string {
	const model = parse(readFileSync(join(fixtureWorkspace, 'robots.txt'), 'utf8'));
	try {
		useLocale(locale);
		const found = computeDiagnostics(model, defaultAnalysisOptions).find((diagnostic) => diagnostic.code === 'missing-colon');
		assert.ok(found, 'the fixture has a missing colon');
		return found.message;
	} finally {
		useLocale(undefined);
	}
}

let currentPage: Page | undefined;

describe('Robots.txt in Russian in VS Code (code-server --locale ru)', { timeout: 180_000 }, () => {
	let workbench: Workbench;
	let page: Page;
	let packFolder: string;

	before(async () => {
		packFolder = mkdtempSync(join(tmpdir(), 'robots-txt-e2e-pack-'));
		const pack = russianLanguagePack(packFolder);
		workbench = await openWorkbench({ vsix, codeServerArgs: ['--locale', 'ru'] });
		page = workbench.page;
		currentPage = page;
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		await installFromVsix(page, pack).catch(async (error: unknown) => {
			await page.screenshot({ path: join(resultsDir, 'failed-l10n-install-language-pack.png') }).catch(() => undefined);
			throw error;
		});
		// The display language is chosen when the page loads.
		await page.reload();
		await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
		// The Extensions view is still open: back to the Explorer.
		await page.keyboard.press('Control+Shift+E');
		await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'robots.txt' }).waitFor({ timeout: 60_000 });
	});

	after(async () => {
		await workbench?.close();
		rmSync(packFolder, { recursive: true, force: true });
	});

	step("the command palette lists the extension's commands by their Russian titles", async () => {
		await openFromExplorer(page, 'robots.txt');
		await waitForLanguageMode(page, 'Robots.txt');
		const title = paletteTitle('command.testUrl');
		assert.notEqual(nlsRu['command.testUrl'], nls['command.testUrl']);
		await page.keyboard.press('F1');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor();
		await input.fill(`>${nlsRu['command.category']}: `);
		await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 15_000 });
		await page.screenshot({ path: join(resultsDir, 'l10n-ru-palette.png') });
		const rows = await page.locator('.quick-input-widget .quick-input-list .monaco-list-row').allInnerTexts();
		assert.ok(!rows.some((row) => row.includes(`${nls['command.category']}: ${nls['command.testUrl']}\n`)), `no English title: ${rows.join(' | ')}`);
	});

	step("running a command shows the client's own texts in Russian", async () => {
		await page.locator('.quick-input-widget input').fill(`>${paletteTitle('command.testUrl')}`);
		await page
			.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: paletteTitle('command.testUrl') })
			.first()
			.waitFor();
		await page.keyboard.press('Enter');
		// The URL prompt: its title and placeholder are the client's (vscode.l10n.t).
		const placeholder = russian('A URL or a path to test, e.g. https://example.com/private/page or /private/page');
		await page.locator(`.quick-input-widget input[placeholder="${placeholder}"]`).waitFor({ timeout: 15_000 });
		const title = await page.locator('.quick-input-widget .quick-input-title').innerText();
		assert.equal(title.trim(), russian('Robots.txt: Test URL'));
		await page.screenshot({ path: join(resultsDir, 'l10n-ru-prompt.png') });
		await page.keyboard.press('Escape');
	});

	step("the test bench's page is in Russian (its words come from the extension)", async () => {
		await page.keyboard.press('F1');
		const input = page.locator('.quick-input-widget input');
		await input.waitFor();
		await input.fill(`>${paletteTitle('command.openTestBench')}`);
		await page
			.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: paletteTitle('command.openTestBench') })
			.first()
			.waitFor();
		await page.keyboard.press('Enter');
		const frame = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
		// The markup's words, the script's words (a verdict) and the Compare menu.
		await frame
			.locator('#add')
			.filter({ hasText: russian('Add') })
			.waitFor({ timeout: 30_000 });
		await frame.locator('#urls').fill('/no-colon');
		await frame.locator('#urls').press('Enter');
		assert.equal((await frame.locator('#clear').innerText()).trim(), russian('Clear'));
		assert.equal(await frame.locator('#audit').getAttribute('data-label'), russian('May fetch /:'));
		await frame
			.locator('#body .verdict .word', { hasText: new RegExp(`^(${russian('ALLOWED')}|${russian('DISALLOWED')})$`) })
			.first()
			.waitFor({ timeout: 30_000 });
		const options = await frame.locator('#compare option').allInnerTexts();
		assert.deepEqual(
			options.map((option) => option.trim()),
			[russian('Nothing'), russian('Saved Version'), 'Git HEAD', russian('Another File…'), russian('Deployed File')],
		);
		await page.screenshot({ path: join(resultsDir, 'l10n-ru-test-bench.png') });
		await page.keyboard.press('Control+W');
	});

	step("the server's diagnostic is in Russian in the Problems panel", async (context: TestContext) => {
		const english = missingColonMessage(undefined);
		const expected = missingColonMessage('ru');
		await page.keyboard.press('Control+Shift+M');
		const rows = page.locator('.markers-panel .monaco-list-row');
		await rows.filter({ hasText: 'missing-colon' }).first().waitFor({ timeout: 30_000 });
		await page.screenshot({ path: join(resultsDir, 'l10n-ru-problems.png') });
		const texts = await rows.allInnerTexts();
		if (expected === english) {
			// The diagnostics' translations land with their own branch; until then the core writes this one in English,
			// and the panel shows what the core computes here.
			assert.ok(
				texts.some((text) => text.replace(/\s+/g, ' ').includes(english.replace(/\s+/g, ' '))),
				`Problems panel rows: ${texts.join(' | ')}\nexpected: ${english}`,
			);
			context.skip('l10n/bundle.l10n.ru.json does not translate the missing-colon message yet');
			return;
		}
		assert.ok(
			texts.some((text) => text.replace(/\s+/g, ' ').includes(expected.replace(/\s+/g, ' '))),
			`Problems panel rows: ${texts.join(' | ')}\nexpected: ${expected}`,
		);
		assert.ok(!texts.some((text) => text.includes(english)), 'the English message is not shown');
	});
});

/** Installs a .vsix through the workbench: the command, then the path typed into VS Code's own file dialog. */
async function installFromVsix(page: Page, path: string): Promise<void> {
	// The command is offered once the Extensions view has loaded its contributions, which takes a while after start.
	await page.keyboard.press('Control+Shift+X');
	await page.locator('.extensions-viewlet').first().waitFor({ timeout: 30_000 });
	const command = 'Extensions: Install from VSIX';
	const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: command }).first();
	const input = page.locator('.quick-input-widget input');
	const deadline = Date.now() + 60_000;
	for (;;) {
		await page.keyboard.press('F1');
		await input.waitFor();
		await input.fill(`>${command}`);
		if (
			await row.waitFor({ timeout: 5_000 }).then(
				() => true,
				() => false,
			)
		) {
			break;
		}
		assert.ok(Date.now() < deadline, `the command palette does not offer ${command}`);
		await page.keyboard.press('Escape');
	}
	await page.keyboard.press('Enter');
	// VS Code's own file dialog; the install is awaited before the path is typed again.
	const installed = page.locator('.notification-toast', { hasText: /Completed installing|e2e-language-pack-ru/ }).first();
	await answerFileDialog(page, 'Install from VSIX', path, installed);
}

/** A test whose failure leaves a screenshot of the page in test-results/e2e/failed-l10n-*.png. */
function step(name: string, body: (context: TestContext) => Promise<void>): void {
	test(name, async (context) => {
		try {
			await body(context);
		} catch (error) {
			await currentPage?.screenshot({ path: join(resultsDir, `failed-l10n-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`) }).catch(() => undefined);
			throw error;
		}
	});
}
