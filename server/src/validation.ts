/**
 * The edge of the server: every request's params are checked against the protocol's types once, before any handler
 * runs, and a request that does not fit is answered InvalidParams with what is wrong. The handlers then read typed
 * params and never meet a float line, a string where a list belongs or params sent by position.
 *
 * `requestChecks` is the table, one check per method the server answers: the standard LSP requests (the fields our
 * handlers read) and the custom requests of core/protocol.ts (every field). `notificationChecks` does the same for the
 * document notifications, which cannot be answered: one that does not fit is left out, and the log says so.
 * `checkedConnection` is the connection the features register on; registering a request without a check throws.
 */

import {
	CancellationToken,
	CodeActionRequest,
	CodeActionResolveRequest,
	CodeLensRequest,
	CodeLensResolveRequest,
	CompletionRequest,
	DidChangeTextDocumentNotification,
	DidCloseTextDocumentNotification,
	DidOpenTextDocumentNotification,
	DocumentDiagnosticRequest,
	DocumentFormattingRequest,
	DocumentHighlightRequest,
	DocumentLinkRequest,
	DocumentRangeFormattingRequest,
	DocumentSymbolRequest,
	ErrorCodes,
	FoldingRangeRequest,
	HoverRequest,
	ResponseError,
	type CodeAction,
	type CodeLens,
	type Command,
	type Connection,
	type Diagnostic,
	type DidChangeTextDocumentParams,
	type DidCloseTextDocumentParams,
	type DidOpenTextDocumentParams,
	type FormattingOptions,
	type Position,
	type Range,
	type TextDocumentContentChangeEvent,
	type TextDocumentIdentifier,
} from 'vscode-languageserver';
import { allDialects, protocol } from '../../core/src/index';

/**
 * What is wrong with a value (`at` names it in the message), or undefined when it has the type `T`: everything a
 * check admits is a `T` (`admits` only carries the type, so that a schema that drifts from its protocol type fails to
 * compile).
 */
interface Check<T> {
	(value: unknown, at: string): string | undefined;
	readonly admits?: () => T;
}

/** The most a 32-bit LSP integer holds (`integer` and `uinteger` in the specification's base types). */
const maxInteger = 2 ** 31 - 1;

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
	return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'number' && !Number.isFinite(value) ? String(value) : typeof value;
}

const string: Check<string> = (value, at) => (typeof value === 'string' ? undefined : `${at} must be a string, not ${kindOf(value)}`);
const boolean: Check<boolean> = (value, at) => (typeof value === 'boolean' ? undefined : `${at} must be true or false, not ${kindOf(value)}`);

/** LSP's `integer` (-2³¹ to 2³¹ - 1) or, with `min` 0, its `uinteger`. */
function integer(min: number): Check<number> {
	return (value, at) =>
		typeof value === 'number' && Number.isInteger(value) && value >= min && value <= maxInteger
			? undefined
			: `${at} must be a whole number from ${min} to ${maxInteger}, not ${typeof value === 'number' ? String(value) : kindOf(value)}`;
}
const int = integer(-maxInteger - 1);
const uinteger = integer(0);

/** Any JSON value (LSP's `LSPAny`): what a handler passes on without reading, such as a lens's `data`. */
const anything: Check<unknown> = () => undefined;

function literal<T extends string | number>(...values: readonly T[]): Check<T> {
	return (value, at) =>
		(values as readonly unknown[]).includes(value) ? undefined : `${at} must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}

function optional<T>(check: Check<T>): Check<T | undefined> {
	return (value, at) => (value === undefined ? undefined : check(value, at));
}

function nullable<T>(check: Check<T>): Check<T | null> {
	return (value, at) => (value === null ? undefined : check(value, at));
}

function either<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
	return (value, at) => (first(value, at) === undefined ? undefined : second(value, at));
}

function list<T>(check: Check<T>): Check<T[]> {
	return (value, at) => {
		if (!Array.isArray(value)) {
			return `${at} must be a list, not ${kindOf(value)}`;
		}
		for (let i = 0; i < value.length; i++) {
			const problem = check(value[i], `${at}[${i}]`);
			if (problem !== undefined) {
				return problem;
			}
		}
		return undefined;
	};
}

function pair<A, B>(first: Check<A>, second: Check<B>): Check<[A, B]> {
	return (value, at) =>
		Array.isArray(value) && value.length === 2 ? (first(value[0], `${at}[0]`) ?? second(value[1], `${at}[1]`)) : `${at} must be a pair, not ${kindOf(value)}`;
}

/** An object with a check for each of its type's fields (optional ones included); other fields are let through. */
function object<T>(fields: { readonly [K in keyof Required<T>]: Check<T[K]> }): Check<T> {
	const entries = Object.entries(fields) as [string, Check<unknown>][];
	return (value, at) => {
		if (!isObject(value)) {
			return `${at} must be an object, not ${kindOf(value)}`;
		}
		for (const [name, check] of entries) {
			const problem = check(value[name], `${at}.${name}`);
			if (problem !== undefined) {
				return problem;
			}
		}
		return undefined;
	};
}

/** A union told apart by a `kind` field, each kind with its own fields. */
function byKind<T extends { readonly kind: string }>(kinds: { readonly [K in T['kind']]: Check<Extract<T, { readonly kind: K }>> }): Check<T> {
	return (value, at) => {
		if (!isObject(value)) {
			return `${at} must be an object, not ${kindOf(value)}`;
		}
		const check = Object.hasOwn(kinds, value.kind as PropertyKey) ? (kinds as Record<string, Check<unknown>>)[value.kind as string] : undefined;
		return check
			? check(value, at)
			: `${at}.kind must be one of ${Object.keys(kinds)
					.map((kind) => JSON.stringify(kind))
					.join(', ')}`;
	};
}

// ---------------------------------------------------------------------------------------------------------------
// LSP's structures, the fields our handlers read

const position = object<Position>({ line: uinteger, character: uinteger });
const range = object<Range>({ start: position, end: position });
const textDocument = object<TextDocumentIdentifier>({ uri: string });
const document = object<{ textDocument: TextDocumentIdentifier }>({ textDocument });
const atPosition = object<{ textDocument: TextDocumentIdentifier; position: Position }>({ textDocument, position });
const formattingOptions = object<Pick<FormattingOptions, 'tabSize' | 'insertSpaces' | 'trimTrailingWhitespace' | 'insertFinalNewline' | 'trimFinalNewlines'>>({
	tabSize: uinteger,
	insertSpaces: boolean,
	trimTrailingWhitespace: optional(boolean),
	insertFinalNewline: optional(boolean),
	trimFinalNewlines: optional(boolean),
});
const diagnostic = object<Pick<Diagnostic, 'range' | 'message' | 'severity' | 'code' | 'source' | 'data'>>({
	range,
	message: string,
	severity: optional(literal(1, 2, 3, 4)),
	code: optional(either(int, string)),
	source: optional(string),
	data: anything,
});
const command = object<Pick<Command, 'title' | 'command' | 'arguments'>>({ title: string, command: string, arguments: optional(list(anything)) });

// ---------------------------------------------------------------------------------------------------------------
// The custom requests' wire shapes (core/protocol.ts)

const wireResponse = object<protocol.WireResponse>({
	url: string,
	status: int,
	statusText: optional(string),
	headers: list(pair(string, string)),
	body: optional(string),
	truncated: optional(boolean),
	decoded: optional(list(string)),
	undecodable: optional(string),
	wireBytes: optional(uinteger),
	receivedAt: optional((value, at) =>
		typeof value === 'number' && Number.isFinite(value) ? undefined : `${at} must be a time in milliseconds, not ${kindOf(value)}`,
	),
});
type WireError = NonNullable<protocol.WireOutcome['error']>;
const wireOutcome = object<protocol.WireOutcome>({
	url: string,
	responses: list(wireResponse),
	error: optional(
		byKind<WireError>({
			network: object<Extract<WireError, { kind: 'network' }>>({
				kind: literal('network'),
				code: literal('dns', 'refused', 'reset', 'timeout', 'tls', 'protocol', 'other'),
				message: string,
				afterHeaders: optional(boolean),
			}),
			'redirect-loop': object<Extract<WireError, { kind: 'redirect-loop' }>>({ kind: literal('redirect-loop'), location: string }),
			'redirect-limit': object<Extract<WireError, { kind: 'redirect-limit' }>>({ kind: literal('redirect-limit'), limit: uinteger }),
			'redirect-invalid': object<Extract<WireError, { kind: 'redirect-invalid' }>>({ kind: literal('redirect-invalid'), location: string }),
		}),
	),
});
const benchFields = {
	uri: string,
	urls: list(string),
	crawlers: list(string),
	probe: optional(boolean),
	preferences: optional(boolean),
	aiPolicy: optional(boolean),
};

/** The check of each request's params, by method: every request the server answers has one. */
const requestChecks: Readonly<Record<string, Check<unknown>>> = {
	[HoverRequest.method]: atPosition,
	[CompletionRequest.method]: atPosition,
	[DocumentHighlightRequest.method]: atPosition,
	[CodeLensRequest.method]: document,
	[DocumentSymbolRequest.method]: document,
	[FoldingRangeRequest.method]: document,
	[DocumentLinkRequest.method]: document,
	[DocumentDiagnosticRequest.method]: object<{ textDocument: TextDocumentIdentifier; previousResultId?: string; identifier?: string }>({
		textDocument,
		previousResultId: optional(string),
		identifier: optional(string),
	}),
	[DocumentFormattingRequest.method]: object<{ textDocument: TextDocumentIdentifier; options: FormattingOptions }>({
		textDocument,
		options: formattingOptions,
	}),
	[DocumentRangeFormattingRequest.method]: object<{ textDocument: TextDocumentIdentifier; range: Range; options: FormattingOptions }>({
		textDocument,
		range,
		options: formattingOptions,
	}),
	[CodeActionRequest.method]: object<{
		textDocument: TextDocumentIdentifier;
		range: Range;
		context: { diagnostics: Diagnostic[]; only?: string[]; triggerKind?: 1 | 2 };
	}>({
		textDocument,
		range,
		context: object<{ diagnostics: Diagnostic[]; only?: string[]; triggerKind?: 1 | 2 }>({
			diagnostics: list(diagnostic),
			only: optional(list(string)),
			triggerKind: optional(literal(1, 2)),
		}),
	}),
	[CodeActionResolveRequest.method]: object<Pick<CodeAction, 'title' | 'kind' | 'data'>>({ title: string, kind: optional(string), data: anything }),
	[CodeLensResolveRequest.method]: object<Pick<CodeLens, 'range' | 'command' | 'data'>>({ range, command: optional(command), data: anything }),
	[protocol.testUrlMethod]: object<protocol.TestUrlParams>({ uri: string, url: string, agent: string, parser: optional(literal(...allDialects)) }),
	[protocol.testUrlAllMethod]: object<protocol.TestUrlAllParams>({ uri: string, url: string }),
	[protocol.agentsMethod]: object<protocol.AgentsParams>({ uri: string }),
	[protocol.benchMethod]: object<protocol.BenchParams>(benchFields),
	[protocol.benchExportMethod]: object<protocol.BenchExportParams>({ ...benchFields, format: literal('csv', 'markdown') }),
	[protocol.accessLogLoadMethod]: object<protocol.AccessLogLoadParams>({
		uri: string,
		log: string,
		text: optional(string),
		workDoneToken: optional(either(int, string)),
	}),
	[protocol.accessLogImpactMethod]: object<protocol.AccessLogImpactParams>({ uri: string }),
	[protocol.accessLogClearMethod]: object<{ uri: string }>({ uri: string }),
	[protocol.benchBaselineMethod]: object<protocol.BenchBaselineParams>({ uri: string, text: nullable(string), label: string }),
	[protocol.parseUrlsMethod]: object<protocol.ParseUrlsParams>({ text: string }),
	[protocol.deployedTargetMethod]: object<protocol.DeployedTargetParams>({ site: string, version: string }),
	[protocol.deployedOpenMethod]: object<protocol.DeployedOpenParams>({ uri: string, outcome: wireOutcome }),
	[protocol.deployedCompareMethod]: object<protocol.DeployedCompareParams>({
		uri: string,
		outcome: wireOutcome,
		urls: optional(list(string)),
		crawlers: optional(list(string)),
		probe: optional(boolean),
	}),
	[protocol.looksLikeRobotsTxtMethod]: object<protocol.LooksLikeRobotsTxtParams>({ text: string }),
	[protocol.templatesMethod]: object<protocol.TemplatesParams>({}),
	[protocol.templateMethod]: object<protocol.TemplateParams>({ name: string, site: optional(string) }),
};

/** A content change: its text; its range, when there is one, is the document's to refuse and report change by change. */
const contentChange = object<Pick<TextDocumentContentChangeEvent, 'text'>>({ text: string });

/** The check of each document notification's params, by method. */
const notificationChecks: Readonly<Record<string, Check<unknown>>> = {
	[DidOpenTextDocumentNotification.method]: object<DidOpenTextDocumentParams>({
		textDocument: object<DidOpenTextDocumentParams['textDocument']>({ uri: string, languageId: string, version: int, text: string }),
	}),
	[DidChangeTextDocumentNotification.method]: object<DidChangeTextDocumentParams>({
		textDocument: object<DidChangeTextDocumentParams['textDocument']>({ uri: string, version: int }),
		contentChanges: list(contentChange),
	}),
	[DidCloseTextDocumentNotification.method]: object<DidCloseTextDocumentParams>({ textDocument }),
};

/** What is wrong with a request's arguments as the connection hands them over, or undefined when they fit. */
function requestProblem(method: string, args: readonly unknown[]): string | undefined {
	const check = requestChecks[method];
	if (check === undefined) {
		return `${method} is not a request the server checks`;
	}
	// Params by name come as (params, token); by position, as each param and then the token.
	if (args.length !== 2 || !CancellationToken.is(args[1])) {
		return `${method} takes one object of params, by name, not params by position`;
	}
	return check(args[0], 'params');
}

type Handler = (params: never, token: CancellationToken) => unknown;
type RequestTypeOrMethod = string | { readonly method: string };

/**
 * The connection the features register on: each request handler runs only for params that pass `requestChecks`
 * (else the answer is InvalidParams, with what is wrong), each document notification handler only for params that pass
 * `notificationChecks` (else the log says what was left out). Registering a request that has no check throws, so that
 * no request reaches a handler unchecked.
 */
export function checkedConnection(connection: Connection): Connection {
	const methodOf = (type: RequestTypeOrMethod) => (typeof type === 'string' ? type : type.method);
	const onRequest = (type: RequestTypeOrMethod, handler: Handler) => {
		const method = methodOf(type);
		if (requestChecks[method] === undefined) {
			throw new Error(`${method} has no check of its params in requestChecks`);
		}
		return connection.onRequest(type as string, (...args: unknown[]) => {
			const problem = requestProblem(method, args);
			return problem === undefined ? handler(args[0] as never, args[1] as CancellationToken) : new ResponseError(ErrorCodes.InvalidParams, problem);
		});
	};
	const onNotification = (type: RequestTypeOrMethod, handler: (params: never) => void) => {
		const method = methodOf(type);
		return connection.onNotification(type as string, (...args: unknown[]) => {
			const problem = args.length === 1 ? notificationChecks[method]?.(args[0], 'params') : `${method} takes one object of params, by name`;
			if (problem !== undefined) {
				connection.console.error(`${method} was left out: ${problem}. The server's copy of the document may now differ from the editor's.`);
				return;
			}
			handler(args[0] as never);
		});
	};
	const requests = {
		onHover: HoverRequest.type,
		onCompletion: CompletionRequest.type,
		onCodeLens: CodeLensRequest.type,
		onCodeLensResolve: CodeLensResolveRequest.type,
		onDocumentSymbol: DocumentSymbolRequest.type,
		onFoldingRanges: FoldingRangeRequest.type,
		onDocumentFormatting: DocumentFormattingRequest.type,
		onDocumentRangeFormatting: DocumentRangeFormattingRequest.type,
		onDocumentLinks: DocumentLinkRequest.type,
		onDocumentHighlight: DocumentHighlightRequest.type,
		onCodeAction: CodeActionRequest.type,
		onCodeActionResolve: CodeActionResolveRequest.type,
	} satisfies Partial<Record<keyof Connection, { readonly method: string }>>;
	const notifications = {
		onDidOpenTextDocument: DidOpenTextDocumentNotification.type,
		onDidChangeTextDocument: DidChangeTextDocumentNotification.type,
		onDidCloseTextDocument: DidCloseTextDocumentNotification.type,
	} satisfies Partial<Record<keyof Connection, { readonly method: string }>>;
	const properties: PropertyDescriptorMap = {
		onRequest: { value: onRequest },
		languages: {
			get: () =>
				Object.create(connection.languages, {
					diagnostics: { get: () => ({ ...connection.languages.diagnostics, on: (handler: Handler) => onRequest(DocumentDiagnosticRequest.type, handler) }) },
				}),
		},
	};
	for (const [name, type] of Object.entries(requests)) {
		properties[name] = { value: (handler: Handler) => onRequest(type, handler) };
	}
	for (const [name, type] of Object.entries(notifications)) {
		properties[name] = { value: (handler: (params: never) => void) => onNotification(type, handler) };
	}
	return Object.create(connection, properties) as Connection;
}
