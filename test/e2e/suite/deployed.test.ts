// The deployed robots.txt in real VS Code (the extension host of code-server or desktop VS Code): a node:http server on
// 127.0.0.1, started here, serves a robots.txt; "Open Deployed robots.txt…" fetches it in the extension host and opens a
// read-only document with the server's features and the response's facts; "Compare with Deployed" sets the workspace's
// robots.txt against it. Nothing leaves the machine.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { waitForDiagnostics } from './diagnostics';

/** The wire shapes of the commands' results (core/src/protocol.ts). */
interface OpenResult {
	uri: string;
	text: string;
	headline: string;
	summary: string;
}
interface CompareResult {
	summary: string;
	rows: { crawler: string; url: string; local: string; deployed: string; deployedBecause?: string }[];
}
interface TestUrlResult {
	verdict: 'allow' | 'disallow';
	line: number | null;
	headline: string;
}

const served = 'User-agent: *\nDisallow: /private\nDisallow: /drafts\nDisallow /typo\n';

suite('Deployed robots.txt', () => {
	let server: http.Server;
	let site: string;
	let requests = 0;

	suiteSetup(async () => {
		server = http.createServer((_request, response) => {
			requests++;
			// Served as HTML: Google reads the rules anyway, Yandex reads no file that is not text/plain.
			response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'max-age=600' });
			response.end(served);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		await vscode.extensions.getExtension('robots-txt-tools.robots-txt')?.activate();
	});

	suiteTeardown(async () => {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});

	// The document comes from a TextDocumentContentProvider, which VS Code shows read-only; the API has no read-only flag
	// to assert, and workspace.applyEdit still edits such a document in memory, so the test does not try.
	test("Open Deployed robots.txt fetches once and opens a robots.txt document with the server's features and the response's facts", async () => {
		const result = await vscode.commands.executeCommand<OpenResult>('robotsTxt.openDeployed', site);
		assert.ok(result, 'the command answered');
		assert.equal(requests, 1, 'one request');
		assert.match(result.headline, /^200 OK · \d+ bytes$/);
		const document = vscode.window.activeTextEditor?.document;
		assert.ok(document);
		assert.equal(document.uri.scheme, 'robots-txt-deployed');
		assert.equal(document.languageId, 'robots-txt');
		assert.equal(document.getText(), served);

		// The content's own diagnostics (a missing colon) and, on the first line, what the response means for crawlers.
		const diagnostics = await waitForDiagnostics(
			document.uri,
			(list) => list.some((d) => d.code === 'missing-colon') && list.some((d) => d.message.startsWith('Deployed robots.txt')),
		);
		const facts = diagnostics.find((d) => d.message.startsWith('Deployed robots.txt'))!;
		assert.equal(facts.range.start.line, 0);
		assert.match(facts.message, /YandexBot allows every URL/);

		const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
		const titles = lenses.map((lens) => lens.command?.title ?? '');
		assert.ok(
			titles.some((title) => /^Deployed: 200 OK · \d+ bytes$/.test(title)),
			titles.join(' | '),
		);
		assert.ok(
			titles.some((title) => title.includes('kept 10 minutes')),
			titles.join(' | '),
		);

		const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(1, 2));
		assert.ok(hovers.length > 0, 'hovers work on the deployed document');

		const google = await vscode.commands.executeCommand<TestUrlResult>('robotsTxt.testUrl', document.uri.toString(), 'Googlebot', '/drafts/a');
		assert.equal(google.verdict, 'disallow');
		assert.equal(google.line, 2);
		const yandex = await vscode.commands.executeCommand<TestUrlResult>('robotsTxt.testUrl', document.uri.toString(), 'YandexBot', '/drafts/a');
		assert.equal(yandex.verdict, 'allow');
		assert.match(yandex.headline, /whatever the rules/);
	});

	test("Compare with Deployed lists the verdicts that differ between the workspace's robots.txt and the live one", async () => {
		const folder = vscode.workspace.workspaceFolders?.[0];
		assert.ok(folder);
		const local = vscode.Uri.joinPath(folder.uri, 'robots.txt');
		await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(local));
		const result = await vscode.commands.executeCommand<CompareResult>('robotsTxt.compareWithDeployed', local.toString(), site);
		assert.ok(result, 'the command answered');
		// Locally Googlebot has a group of its own that allows everything but the typo'd paths; live it follows `*`.
		assert.ok(
			result.rows.some((row) => row.crawler === 'Googlebot' && row.url === '/drafts' && row.local === 'allow' && row.deployed === 'disallow'),
			result.summary,
		);
		// Yandex does not read the live file (text/html), so what the local file disallows for it is open live.
		assert.ok(
			result.rows.some(
				(row) =>
					row.crawler === 'YandexBot'
					&& row.url === '/private'
					&& row.local === 'disallow'
					&& row.deployed === 'allow'
					&& /text\/html/.test(row.deployedBecause ?? ''),
			),
			result.summary,
		);
		assert.match(result.summary, /verdicts differ between the local file and http:\/\/127\.0\.0\.1:\d+\/robots\.txt/);
	});
});
