// The end-to-end scenario through the VS Code API, inside the extension host (desktop VS Code or code-server):
// one check per feature proves the wiring from VS Code through the client to the server; the logic has unit tests.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { waitForDiagnostics } from './diagnostics';

/** The wire shape of the robotsTxt.testUrl command's result (core/src/protocol.ts). */
interface TestUrlResult {
	verdict: 'allow' | 'disallow';
	line: number | null;
	selectLine: number | null;
	headline: string;
	crawler: { token: string; parser: string };
	others: { parser: string; verdict: 'allow' | 'disallow'; line: number | null }[];
}

suite('Robots.txt extension', () => {
	let uri: vscode.Uri;
	let document: vscode.TextDocument;
	/** When the document was opened, to report the cold start (activation, server start, first diagnostics). */
	let opened = 0;

	suiteSetup(async () => {
		const folder = vscode.workspace.workspaceFolders?.[0];
		assert.ok(folder, 'the test workspace is open');
		uri = vscode.Uri.joinPath(folder.uri, 'robots.txt');
		opened = Date.now();
		document = await vscode.workspace.openTextDocument(uri);
		await vscode.window.showTextDocument(document);
		const extension = vscode.extensions.getExtension('robots-txt-tools.robots-txt');
		assert.ok(extension, 'the extension is installed');
		// activate() resolves once the client has started, that is once the server answered initialize.
		await extension.activate();
		console.log(`      activated (server initialized) ${Date.now() - opened} ms after opening robots.txt`);
	});

	test('robots.txt opens in the robots-txt language', () => {
		assert.equal(document.languageId, 'robots-txt');
	});

	test('diagnostics arrive from the server', async () => {
		const diagnostics = await waitForDiagnostics(uri, (list) => list.some((d) => d.code === 'missing-colon'));
		console.log(`      first diagnostics ${Date.now() - opened} ms after opening robots.txt`);
		const missingColon = diagnostics.find((d) => d.code === 'missing-colon');
		assert.equal(missingColon?.source, 'robots-txt');
		assert.equal(missingColon?.range.start.line, 3);
	});

	test('hover on a User-agent line describes the group', async () => {
		const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(1, 14));
		const text = hovers.flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value))).join('\n');
		assert.match(text, /User-agent group/);
		assert.match(text, /Googlebot/);
	});

	test('the quick fix adds the missing colon', async () => {
		const diagnostic = (await waitForDiagnostics(uri, (list) => list.some((d) => d.code === 'missing-colon'))).find((d) => d.code === 'missing-colon');
		assert.ok(diagnostic);
		const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
		const fix = actions.find((action) => action.title.startsWith('Add the colon'));
		assert.ok(fix?.edit, `code actions: ${actions.map((action) => action.title).join(', ')}`);
		assert.ok(await vscode.workspace.applyEdit(fix.edit));
		assert.equal(document.lineAt(3).text, 'Disallow: /no-colon');
	});

	test('Test URL answers as the crawler and selects the deciding line', async () => {
		const result = await vscode.commands.executeCommand<TestUrlResult>('robotsTxt.testUrl', uri.toString(), 'Googlebot', '/typo/page');
		// Googlebot runs Google's parser, which accepts the misspelled "Disalow: /typo"; RFC 9309 parsers ignore it.
		assert.equal(result.crawler.parser, 'google');
		assert.equal(result.verdict, 'disallow');
		assert.equal(result.line, 4);
		assert.deepEqual(
			result.others.map((other) => [other.parser, other.verdict, other.line]),
			[
				['rfc9309', 'allow', 2],
				['yandex', 'allow', 2],
			],
		);
		assert.equal(vscode.window.activeTextEditor?.selection.start.line, 4);
	});

	test('the crawlers setting reaches the server', async () => {
		const settings = vscode.workspace.getConfiguration('robotsTxt', uri);
		const settingsFolder = vscode.Uri.joinPath(uri, '..', '.vscode');
		const hadSettingsFolder = existsSync(settingsFolder.fsPath);
		await settings.update('crawlers', ['Googlebot'], vscode.ConfigurationTarget.Workspace);
		try {
			// With Googlebot the only target, Google's parser is the only one: no other parser to compare.
			const result = await waitFor(async () => {
				const answer = await vscode.commands.executeCommand<TestUrlResult>('robotsTxt.testUrl', uri.toString(), 'Googlebot', '/typo/page');
				return answer.others.length === 0 ? answer : undefined;
			});
			assert.equal(result.verdict, 'disallow');
		} finally {
			await settings.update('crawlers', undefined, vscode.ConfigurationTarget.Workspace);
			// Leave the workspace as found: the launch configuration runs this suite on the fixture folder itself.
			if (!hadSettingsFolder) {
				await vscode.workspace.fs.delete(settingsFolder, { recursive: true });
			}
		}
	});

	test('code lenses offer Test URL and name the group', async () => {
		const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
		const titles = lenses.map((lens) => lens.command?.title ?? '');
		assert.ok(titles.includes('Test URL…'), titles.join(' | '));
		const appliesTo = lenses.find((lens) => lens.command?.title.startsWith('Followed by Googlebot'))?.command;
		assert.ok(appliesTo, titles.join(' | '));
		assert.equal(appliesTo.command, 'robotsTxt.revealLine');
		await vscode.commands.executeCommand(appliesTo.command, ...(appliesTo.arguments ?? []));
		assert.equal(vscode.window.activeTextEditor?.selection.start.line, 1);
	});

	test('Format Document canonicalises the sloppy lines', async () => {
		const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, { tabSize: 4, insertSpaces: true });
		assert.ok(edits.length > 0);
		const edit = new vscode.WorkspaceEdit();
		edit.set(uri, edits);
		assert.ok(await vscode.workspace.applyEdit(edit));
		const lines = document.getText().split(/\r?\n/);
		assert.ok(lines.includes('User-agent: *'), document.getText());
		assert.ok(lines.includes('Disallow: /private'), document.getText());
	});

	test('the outline lists the groups', async () => {
		const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
		assert.ok(symbols.length >= 2, `symbols: ${symbols.map((symbol) => symbol.name).join(', ')}`);
	});

	test('an untitled robots-txt document is checked too', async () => {
		const untitled = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'User-agent: *\nDisallow /x\n' });
		const diagnostics = await waitForDiagnostics(untitled.uri, (list) => list.some((d) => d.code === 'missing-colon'));
		assert.equal(diagnostics.find((d) => d.code === 'missing-colon')?.range.start.line, 1);
	});

	test('typing fast in a file of many problems: they are never emptied on the way, and are up to date once typing pauses', async () => {
		// 20 000 duplicate rules: each answer replaces 1 000 problems, and each pull takes long enough for the next key to
		// cancel it. A cancelled pull used to come back as an empty list, which cleared the file's problems until the next.
		const rules = Array.from({ length: 20_000 }, (_, i) => `Disallow: /p${i % 50}`);
		const untitled = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: ['User-agent: *', ...rules, ''].join('\n') });
		const editor = await vscode.window.showTextDocument(untitled);
		await waitForDiagnostics(untitled.uri, (list) => list.length > 500, 60_000);
		const counts: number[] = [];
		const watch = vscode.languages.onDidChangeDiagnostics((event) => {
			if (event.uris.some((changed) => changed.toString() === untitled.uri.toString())) {
				counts.push(vscode.languages.getDiagnostics(untitled.uri).length);
			}
		});
		try {
			const line = untitled.lineCount - 1;
			for (const key of 'Disallow /typed') {
				await editor.edit((edit) => edit.insert(new vscode.Position(line, untitled.lineAt(line).text.length), key));
				await new Promise((resolve) => setTimeout(resolve, 15));
			}
			const final = await waitForDiagnostics(untitled.uri, (list) => list.some((d) => d.code === 'missing-colon' && d.range.start.line === line), 60_000);
			assert.ok(final.length > 500);
			console.log(`      ${counts.length} updates of the problems while typing 15 keys and after`);
			assert.ok(
				counts.every((count) => count > 500),
				`the problems went down to ${Math.min(...counts)} on the way: ${counts.join(', ')}`,
			);
		} finally {
			watch.dispose();
			await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
		}
	});

	test('Restart Language Server starts a new server process', async function () {
		if (!existsSync('/proc')) {
			this.skip();
		}
		const before = serverProcesses();
		await vscode.commands.executeCommand('robotsTxt.restartServer');
		const after = await waitFor(async () => {
			const now = serverProcesses();
			return now.length === 1 && !before.includes(now[0] as number) ? now : undefined;
		});
		assert.equal(after.length, 1);
		const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(1, 14));
		assert.ok(hovers.length > 0);
	});

	test('a crashed server is restarted', async function () {
		if (!existsSync('/proc')) {
			// Finding the server process needs Linux's /proc; elsewhere this test is reported as pending.
			this.skip();
		}
		const before = serverProcesses();
		assert.equal(before.length, 1, 'exactly one server process runs under this extension host');
		process.kill(before[0] as number, 'SIGKILL');
		const restarted = await waitFor(async () => {
			const now = serverProcesses();
			return now.length === 1 && now[0] !== before[0] ? now : undefined;
		});
		assert.notEqual(restarted[0], before[0]);
		const hovers = await waitFor(async () => {
			const answer = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(1, 14));
			return answer.length > 0 ? answer : undefined;
		});
		assert.ok(hovers.length > 0);
	});
});

/** Polls `probe` until it returns a value, for state that has no event (processes, a restarted server). */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeout = 20_000): Promise<T> {
	const deadline = Date.now() + timeout;
	for (;;) {
		const value = await probe();
		if (value !== undefined) {
			return value;
		}
		if (Date.now() > deadline) {
			throw new Error(`condition not met within ${timeout} ms`);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** The pids of this extension host's children that run the bundled server (Linux /proc). */
function serverProcesses(): number[] {
	const pids: number[] = [];
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) {
			continue;
		}
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Field 4 of /proc/PID/stat is the parent pid; the command name before it is in parentheses.
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
			if (parent === process.pid && commandLine.includes('server/dist/server.js')) {
				pids.push(Number(entry));
			}
		} catch {
			// The process ended while we looked.
		}
	}
	return pids;
}
