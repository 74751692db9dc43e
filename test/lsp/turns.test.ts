/**
 * The server answers other requests while it analyses a big file: a diagnostics pull runs the analysis a turn of the
 * event loop at a time (documents.ts), so that a request that comes after it (VS Code asks for the code lenses 250 ms
 * or more after it pulls on opening a file) does not wait for the whole analysis. What the pull then reports is still
 * the whole analysis, of the version it was asked for. The tests check the order of the answers, never their times.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	CancellationTokenSource,
	CodeActionRequest,
	CodeLensRequest,
	DocumentDiagnosticRequest,
	FoldingRangeRequest,
	LSPErrorCodes,
	ResponseError,
	type Diagnostic,
	type DocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import { computeCodeLenses, computeDiagnostics, defaultAnalysisOptions, parse, type AnalysisOptions } from '../../core/src/index';
import { TestClient } from './client';

/** The server's settings for a robots.txt: the defaults, the file's name, and repeats told once (settings.ts). */
const options: AnalysisOptions = { ...defaultAnalysisOptions, fileName: 'robots.txt', groupRepeats: true };
const uri = 'file:///site/robots.txt';
/**
 * A new file, not saved yet: it has no name, and no folder where expectations files or pages would be read after the
 * analysis (reading them gives the thread back, and a request that waited for the analysis could then be answered
 * before the report all the same).
 */
const untitled = 'untitled:Untitled-1';
const untitledOptions: AnalysisOptions = { ...defaultAnalysisOptions, groupRepeats: true };
/** Enough for every problem of the files below: the report is then the whole analysis. */
const settings = { diagnostics: { maxProblems: 1_000_000 } };

/** Groups of one crawler each, a Disallow each, and every fifth crawler named twice (a problem each). */
function manyGroups(count: number): string {
	return Array.from({ length: count }, (_, i) => `User-agent: bot${i % 5 === 0 ? i - 1 : i}\nDisallow: /${i}\n\n`).join('');
}

/** The diagnostics as the server sends them: the most severe first, without the fixes the core keeps in `data`. */
function expectedDiagnostics(text: string, at = uri, analysis = options): Diagnostic[] {
	const sorted = [...computeDiagnostics(parse(text), analysis, at)].sort((a, b) => a.severity! - b.severity!);
	return JSON.parse(JSON.stringify(sorted.map(({ data: _fixes, ...sent }) => sent))) as Diagnostic[];
}

function items(report: DocumentDiagnosticReport): readonly Diagnostic[] {
	assert.equal(report.kind, 'full');
	return report.kind === 'full' ? report.items : [];
}

test('a code lens asked right after a diagnostics pull and a code action on a file of 20 000 groups is answered before both, and the report is the whole analysis', async () => {
	const client = await TestClient.start({ pull: true, configuration: true, settings });
	try {
		const text = manyGroups(20_000);
		const textDocument = { uri: untitled };
		await client.open(untitled, text);
		// VS Code asks for the folding ranges as it opens a file: the settings are read then (a request to the client),
		// and the two requests below find them read.
		await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument });
		const order: string[] = [];
		const pulled = client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument }).then((report) => {
			order.push('diagnostics');
			return report;
		});
		// The quick fixes at the cursor, which VS Code asks for as the file opens: they need the analysis too, and wait for
		// it without holding the thread.
		const whole = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
		const fixed = client.connection.sendRequest(CodeActionRequest.type, { textDocument, range: whole, context: { diagnostics: [] } }).then(() => {
			order.push('codeAction');
		});
		const lensed = client.connection.sendRequest(CodeLensRequest.type, { textDocument }).then((lenses) => {
			order.push('codeLens');
			return lenses;
		});
		const [report, lenses] = await Promise.all([pulled, lensed, fixed]);
		assert.equal(order[0], 'codeLens', order.join(', '));
		const expected = expectedDiagnostics(text, untitled, untitledOptions);
		assert.ok(expected.length >= 4000, `${expected.length} problems`);
		assert.deepStrictEqual(items(report), expected);
		// The first 5 000 groups' (robotsTxt.codeLens.maxGroups), to be resolved.
		assert.deepStrictEqual(
			lenses,
			JSON.parse(JSON.stringify(computeCodeLenses(parse(text), untitledOptions, untitled, { maxGroups: 5000, resolveLater: { version: 1 } }))),
		);
	} finally {
		client.kill();
	}
});

test('a pull cancelled by an edit in the middle of its analysis: the next pull reports the edited text', async () => {
	const client = await TestClient.start({ pull: true, configuration: true, settings });
	try {
		const text = manyGroups(20_000);
		await client.open(uri, text);
		const source = new CancellationTokenSource();
		const first = client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } }, source.token).then(
			(report) => ({ report }),
			(error: unknown) => ({ error }),
		);
		// A line typed at the top, as VS Code cancels the pull of the version before and pulls again.
		const edit = 'User-agent: bot1\nDisallow: /top\n\n';
		await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: edit }]);
		source.cancel();
		const second = await client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
		assert.deepStrictEqual(items(second), expectedDiagnostics(edit + text));
		// The first pull ends cancelled, or, had it ended before the cancellation came, with the first version's problems.
		const outcome = await first;
		if ('error' in outcome) {
			assert.ok(outcome.error instanceof ResponseError && outcome.error.code === LSPErrorCodes.RequestCancelled, String(outcome.error));
		} else {
			assert.deepStrictEqual(items(outcome.report), expectedDiagnostics(text));
		}
	} finally {
		client.kill();
	}
});
