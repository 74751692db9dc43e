/**
 * The test bench's access log (core/protocol.ts): `robotsTxt/accessLogLoad` reads a log into hits per URL per crawler
 * (the file streaming, with work-done progress and cancellation; or the text the client read where this server cannot
 * read the file) and answers with the most fetched URLs; `robotsTxt/accessLogImpact` says what the document, against
 * the bench's baseline, changes for the log's fetches; `robotsTxt/accessLogClear` forgets the log. The hits are kept
 * per document, one log each, and dropped when it closes; a cancelled load keeps nothing.
 */

import { ErrorCodes, LSPErrorCodes, RequestType, ResponseError, type CancellationToken, type WorkDoneProgressReporter } from 'vscode-languageserver';
import { describeHits, describeImpact, LogHits, LogReader, protocol, type LogLine, type RobotsModel } from '../../../core/src/index';
import { formatNumber, t } from '../../../core/src/l10n';
import { baseName, FileSystemError, type LineFile } from '../../../io/src/fileSystem';
import { runSafe } from '../runner';
import type { ServerContext } from './context';

const loadRequest = new RequestType<protocol.AccessLogLoadParams, protocol.AccessLogResult, void>(protocol.accessLogLoadMethod);
const impactRequest = new RequestType<protocol.AccessLogImpactParams, protocol.AccessLogImpactResult, void>(protocol.accessLogImpactMethod);
const clearRequest = new RequestType<{ readonly uri: string }, null, void>(protocol.accessLogClearMethod);

/** The bytes read between two progress reports: a report per MiB at least, and at most some 200 per file. */
const progressStep = (size: number) => Math.max(1 << 20, Math.floor(size / 200));

/** A line too long to keep counts as one that does not parse. */
const tooLong: LogLine = { kind: 'unparsed', reason: 'too-long' };

/**
 * Registers the requests. `openLineFile` is the host's capability to read a local file as lines (absent in a web
 * worker); `baselineOf` gives the bench's baseline of a document, the version an edit is measured against.
 */
export function registerAccessLog(
	context: ServerContext,
	openLineFile: ((uri: string) => Promise<LineFile>) | undefined,
	baselineOf: (uri: string) => { readonly model: RobotsModel; readonly label: string } | undefined,
): void {
	const { connection, documents } = context;
	/** Each document's log, with its name for people. */
	const logs = new Map<string, { readonly hits: LogHits; readonly name: string }>();
	documents.onDidClose((uri) => logs.delete(uri));

	const document = (uri: string) => {
		const open = documents.get(uri);
		if (!open) {
			throw new ResponseError(ErrorCodes.InvalidParams, t('The document is not open: {0}', uri));
		}
		return open;
	};

	const load = async (params: protocol.AccessLogLoadParams, token: CancellationToken): Promise<protocol.AccessLogResult> => {
		document(params.uri);
		const name = baseName(params.log);
		const hits = new LogHits();
		const reader = new LogReader();
		if (params.text !== undefined) {
			const lines = params.text.split(/\r\n|\r|\n/);
			for (const line of lines.at(-1) === '' ? lines.slice(0, -1) : lines) {
				hits.add(reader.read(line));
			}
		} else {
			if (!openLineFile) {
				return { unreadable: t('This language server cannot read files itself; the log must be sent as text.') };
			}
			let file: LineFile;
			try {
				file = await openLineFile(params.log);
			} catch (error) {
				return { unreadable: t('{0} cannot be read: {1}', name, error instanceof FileSystemError || error instanceof Error ? error.message : String(error)) };
			}
			const progress = connection.window.attachWorkDoneProgress(params.workDoneToken);
			if (!(await read(file, name, hits, reader, progress, token))) {
				// Cancelled: nothing half-read is kept.
				throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
			}
		}
		logs.set(params.uri, { hits, name });
		const table = hits.table(protocol.accessLogMaxRows);
		return { ...table, name, notes: describeHits(name, table) };
	};

	connection.onRequest(loadRequest, (params, token) =>
		runSafe(connection.console, () => load(params, token), internalError(), 'Reading the access log failed', token),
	);
	connection.onRequest(impactRequest, (params, token) =>
		runSafe(
			connection.console,
			(): protocol.AccessLogImpactResult => {
				const open = document(params.uri);
				const log = logs.get(params.uri);
				const baseline = baselineOf(params.uri);
				if (!log || !baseline) {
					return { version: open.version, baseline: null, crawlers: [], sentences: [] };
				}
				const crawlers = log.hits.impact(baseline.model, open.model);
				return { version: open.version, baseline: baseline.label, crawlers, sentences: describeImpact(crawlers) };
			},
			internalError(),
			"Measuring the edit's impact on the access log failed",
			token,
		),
	);
	connection.onRequest(clearRequest, (params, token) =>
		runSafe(
			connection.console,
			() => {
				logs.delete(params.uri);
				return null;
			},
			internalError(),
			'Forgetting the access log failed',
			token,
		),
	);
}

/**
 * Reads every line of `file` into `hits`, reporting progress (bytes of the file read, lines) every `progressStep`
 * bytes; false when the request was cancelled before the end.
 */
async function read(
	file: LineFile,
	name: string,
	hits: LogHits,
	reader: LogReader,
	progress: WorkDoneProgressReporter,
	token: CancellationToken,
): Promise<boolean> {
	const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
	const message = (bytes: number, lines: number) =>
		t('{0}: {1} MB of {2} MB read, {3} {3|one=line|other=lines}.', name, megabytes(bytes), megabytes(file.size), formatNumber(lines));
	progress.begin(t('Reading {0}', name), 0, message(0, 0), true);
	let lines = 0;
	const step = progressStep(file.size);
	let reported = 0;
	try {
		for await (const batch of file.lines()) {
			for (const line of batch.lines) {
				hits.add(line === null ? tooLong : reader.read(line));
			}
			lines += batch.lines.length;
			if (token.isCancellationRequested) {
				return false;
			}
			if (batch.bytesRead - reported >= step) {
				reported = batch.bytesRead;
				progress.report(file.size > 0 ? Math.min(100, Math.floor((batch.bytesRead / file.size) * 100)) : 0, message(batch.bytesRead, lines));
			}
		}
	} finally {
		progress.done();
	}
	return true;
}

function internalError(): ResponseError<void> {
	return new ResponseError(ErrorCodes.InternalError, t('The request failed; the server log has the details'));
}
