/**
 * The architecture's invariants as tests, in the manner of rust-analyzer's tidy checks: the core imports nothing but
 * its own files and the two LSP type packages and reads no clock, process or global; the server adapter and the
 * client name no robots.txt directive; the client imports nothing from the server; every contract between them is
 * written in the protocol module only, and every command a lens or action names is one package.json contributes; the
 * verdict words are written in core/verdict.ts only; and what users configure or see (package.json's enums, the
 * README's table of codes, the TextMate grammar) lists what the code knows. Each scanner is shown to catch a planted
 * violation, so that a rule cannot pass by reading nothing.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { allDialects, defaultDialects, diagnosticCatalogue, directiveFacts, metaDiagnosticCatalogue, severityNames } from '../../core/src/index';
import { protocol } from '../../core/src/index';
import { defaultMaxLensGroups, defaultMaxProblems } from '../../server/src/settings';
import { repoRoot } from '../util/fixtures';

const coreDir = join(repoRoot, 'core', 'src');
const serverSrc = join(repoRoot, 'server', 'src');
/** The files of the programs that run on Node or in the worker (the `programs` table below, the client aside). */
const nodeProgramFiles = (): string[] =>
	programs.filter((program) => program.name !== 'client').flatMap((program) => program.roots.flatMap((root) => sourceFiles(join(repoRoot, root))));
const clientDir = join(repoRoot, 'client');

/** The TypeScript files under `dir`, recursively (declaration files and build output aside). */
function sourceFiles(dir: string): string[] {
	const files: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'out') {
			files.push(...sourceFiles(path));
		} else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
			files.push(path);
		}
	}
	return files;
}

function parseSource(path: string, text = readFileSync(path, 'utf8')): ts.SourceFile {
	return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
	each(node);
	node.forEachChild((child) => visit(child, each));
}

/** Where a node is, for messages: `path:line`. */
function where(source: ts.SourceFile, node: ts.Node): string {
	const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
	return `${relative(repoRoot, source.fileName).split(sep).join('/')}:${line + 1}`;
}

/** Every module a file names: imports, re-exports, `import x = require()`, `import()`, `require()` and import types. */
function moduleSpecifiers(source: ts.SourceFile): { specifier: string; node: ts.Node }[] {
	const found: { specifier: string; node: ts.Node }[] = [];
	visit(source, (node) => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			found.push({ specifier: node.moduleSpecifier.text, node });
		} else if (
			ts.isImportEqualsDeclaration(node)
			&& ts.isExternalModuleReference(node.moduleReference)
			&& ts.isStringLiteral(node.moduleReference.expression)
		) {
			found.push({ specifier: node.moduleReference.expression.text, node });
		} else if (
			ts.isCallExpression(node)
			&& (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
		) {
			const [argument] = node.arguments;
			found.push({ specifier: argument && ts.isStringLiteralLike(argument) ? argument.text : '<computed>', node });
		} else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
			found.push({ specifier: node.argument.literal.text, node });
		}
	});
	return found;
}

const corePackages = new Set(['vscode-languageserver-types', 'vscode-languageserver-textdocument', 'ipaddr.js']);

/** Imports of a core file that leave the core: anything but a relative path inside it, the two type packages and ipaddr.js (CIDR matching). */
function coreImportViolations(source: ts.SourceFile): string[] {
	return moduleSpecifiers(source)
		.filter(({ specifier }) => {
			if (specifier.startsWith('.')) {
				const target = resolve(dirname(source.fileName), specifier);
				return target !== coreDir && !target.startsWith(coreDir + sep);
			}
			return !corePackages.has(specifier);
		})
		.map(({ specifier, node }) => `${where(source, node)} imports '${specifier}'`);
}

/** Globals through which code reads the clock, the process or the host, does IO or loads modules. */
const forbiddenGlobals = new Set([
	'process',
	'performance',
	'globalThis',
	'global',
	'window',
	'self',
	'require',
	'module',
	'exports',
	'__dirname',
	'__filename',
	'setTimeout',
	'setInterval',
	'setImmediate',
	'clearTimeout',
	'clearInterval',
	'clearImmediate',
	'queueMicrotask',
	'console',
	'fetch',
	'XMLHttpRequest',
	'WebSocket',
	'navigator',
	'Buffer',
	'crypto',
]);

/** `Object.member` reads that are not pure: the clock and randomness. */
const forbiddenMembers = new Set(['Date.now', 'Math.random', 'performance.now']);

/**
 * The one allowed read of the clock: `RobotRules`' default for its injectable `now` (ARCHITECTURE.md). It must stay
 * in use, or the exception is stale.
 */
const allowedClockReads = [{ file: 'core/src/robotRules.ts', read: 'Date.now' }];

/** Whether an identifier names a property or a member rather than a variable: `x.process`, `{ process: 1 }`. */
function isMemberName(node: ts.Identifier): boolean {
	const parent = node.parent;
	return (
		(ts.isPropertyAccessExpression(parent) && parent.name === node)
		|| (ts.isQualifiedName(parent) && parent.right === node)
		|| ((ts.isPropertyAssignment(parent)
			|| ts.isPropertyDeclaration(parent)
			|| ts.isPropertySignature(parent)
			|| ts.isMethodDeclaration(parent)
			|| ts.isMethodSignature(parent)
			|| ts.isGetAccessorDeclaration(parent)
			|| ts.isSetAccessorDeclaration(parent)
			|| ts.isEnumMember(parent))
			&& parent.name === node)
	);
}

/**
 * Whether an identifier refers to a global of the runtime rather than to something the file or the project declares:
 * its declarations are all in TypeScript's lib files or in @types (none at all, for a global the libs do not know).
 */
function refersToGlobal(node: ts.Identifier, checker: ts.TypeChecker | undefined): boolean {
	if (!checker) {
		return true;
	}
	const declarations = checker.getSymbolAtLocation(node)?.declarations ?? [];
	return declarations.every((declaration) => {
		const file = declaration.getSourceFile().fileName;
		return file.includes('/node_modules/') || file.includes(`${sep}node_modules${sep}`);
	});
}

/**
 * Reads of the clock, the process or globals in a core file (the documented exception aside). With a type checker,
 * a local that happens to share a global's name (a parameter called `window`) is told apart from the global.
 */
function coreGlobalViolations(source: ts.SourceFile, checker?: ts.TypeChecker): { violations: string[]; allowed: string[] } {
	const violations: string[] = [];
	const allowed: string[] = [];
	const file = relative(repoRoot, source.fileName).split(sep).join('/');
	const flag = (node: ts.Node, what: string) => {
		if (allowedClockReads.some((exception) => exception.file === file && exception.read === what)) {
			allowed.push(what);
		} else {
			violations.push(`${where(source, node)} reads ${what}`);
		}
	};
	visit(source, (node) => {
		if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ts.isIdentifier(node.name)) {
			const member = `${node.expression.text}.${node.name.text}`;
			if (forbiddenMembers.has(member) && refersToGlobal(node.expression, checker)) {
				flag(node, member);
			}
		} else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date' && (node.arguments?.length ?? 0) === 0) {
			flag(node, 'new Date()');
		} else if (ts.isIdentifier(node) && forbiddenGlobals.has(node.text) && !isMemberName(node) && refersToGlobal(node, checker)) {
			// `performance.now` is reported once, as the member.
			if (!(ts.isPropertyAccessExpression(node.parent) && forbiddenMembers.has(`${node.text}.${node.parent.name.getText(source)}`))) {
				flag(node, node.text);
			}
		}
	});
	return { violations, allowed };
}

/** The core's files in one program with Node's types, so that names resolve as the compiler resolves them. */
function coreProgram(files: readonly string[]): ts.Program {
	return ts.createProgram(files, {
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.CommonJS,
		moduleResolution: ts.ModuleResolutionKind.Node10,
		lib: ['lib.es2022.d.ts'],
		types: ['node'],
		typeRoots: [join(repoRoot, 'node_modules', '@types')],
		noEmit: true,
		skipLibCheck: true,
	});
}

let serverProgramCache: ts.Program | undefined;

/** Every file of the core, the IO edge, the server and the CLI in one program, built once for the rules that need types. */
function serverProgram(): ts.Program {
	serverProgramCache ??= coreProgram(nodeProgramFiles());
	return serverProgramCache;
}

/** A core file planted with `lines`, in the program of server/src (its other files reused), and its type checker. */
function plantedWithTypes(lines: readonly string[]): { source: ts.SourceFile; checker: ts.TypeChecker; program: ts.Program } {
	const path = join(coreDir, 'planted.ts');
	const program = withPlanted(serverProgram(), path, lines.join('\n'));
	return { source: program.getSourceFile(path)!, checker: program.getTypeChecker(), program };
}

/** `program` with one more file, planted at `path` (in a real file's place), the other files reused. */
function withPlanted(program: ts.Program, path: string, text: string): ts.Program {
	const host = ts.createCompilerHost(program.getCompilerOptions());
	const getSourceFile = host.getSourceFile.bind(host);
	host.getSourceFile = (name, language, ...rest) =>
		resolve(name) === path
			? ts.createSourceFile(name, text, language, true, ts.ScriptKind.TS)
			: (program.getSourceFile(name) ?? getSourceFile(name, language, ...rest));
	const fileExists = host.fileExists.bind(host);
	host.fileExists = (name) => resolve(name) === path || fileExists(name);
	return ts.createProgram([...program.getRootFileNames(), path], program.getCompilerOptions(), host, program);
}

const protocolFile = join(coreDir, 'protocol.ts');

/**
 * The contracts' strings: the values of the protocol module that carry our name (language ids, the diagnostics'
 * source, the settings section, command ids, method names, the deployed scheme, the watched robots.txt and
 * expectations files). `html` and `_headers` are the platform's names, written elsewhere as everyday words.
 */
const contractValues = new Set<string>(
	(Object.values(protocol) as unknown[]).filter((value): value is string => typeof value === 'string' && /robots/i.test(value)),
);

/**
 * The places outside the protocol module where the word `robots-txt` is something else, each documented, each still in
 * use: the crawler reason of `/robots.txt` itself (matching/evaluate.ts's `Reason`, which only that type's own union
 * and values of it may write), and the command line's own program name as SARIF's `tool.driver.name`.
 */
const reasonTypeFile = 'core/src/matching/evaluate.ts';
const reasonTypeName = 'Reason';
const programNameExceptions = [{ file: 'cli/src/lintFormats.ts', property: 'name', value: 'robots-txt' }];

/** The type a literal is checked against: its contextual type, the switched expression's, or the compared operand's. */
function checkedAgainst(node: ts.Expression, checker: ts.TypeChecker): ts.Type | undefined {
	const parent = node.parent;
	if (ts.isCaseClause(parent) && parent.expression === node) {
		return checker.getTypeAtLocation(parent.parent.parent.expression);
	}
	if (
		ts.isBinaryExpression(parent)
		&& [
			ts.SyntaxKind.EqualsEqualsEqualsToken,
			ts.SyntaxKind.ExclamationEqualsEqualsToken,
			ts.SyntaxKind.EqualsEqualsToken,
			ts.SyntaxKind.ExclamationEqualsToken,
		].includes(parent.operatorToken.kind)
	) {
		return checker.getTypeAtLocation(parent.left === node ? parent.right : parent.left);
	}
	return checker.getContextualType(node);
}

/** Whether a type holds crawler reasons only: string literals, each a member of `CrawlerReason`. */
function isReasonType(type: ts.Type | undefined, reasons: ReadonlySet<string>): boolean {
	const members = type === undefined ? [] : type.isUnion() ? type.types : [type];
	return members.length > 0 && members.every((member) => member.isStringLiteral() && reasons.has(member.value));
}

/** The crawler reasons, as the type checker reads `CrawlerReason` (crawlers/reading.ts). */
function crawlerReasonNames(program: ts.Program): Set<string> {
	const checker = program.getTypeChecker();
	const reading = program.getSourceFile(join(coreDir, 'crawlers', 'reading.ts'))!;
	const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(reading)!).find((exported) => exported.name === 'CrawlerReason')!;
	const type = checker.getDeclaredTypeOfSymbol(symbol);
	return new Set((type.isUnion() ? type.types : [type]).filter((member) => member.isStringLiteral()).map((member) => (member as ts.StringLiteralType).value));
}

/**
 * The contracts' strings written outside the protocol module. With a type checker, a `robots-txt` that is a crawler
 * reason is told apart (and reported in `reasons`); without one (the client, which has no reasons), every one counts.
 */
function contractLiteralViolations(
	source: ts.SourceFile,
	checker?: ts.TypeChecker,
	reasons: ReadonlySet<string> = new Set(),
): { violations: string[]; exceptions: string[] } {
	const violations: string[] = [];
	const exceptions: string[] = [];
	const file = relative(repoRoot, source.fileName).split(sep).join('/');
	if (resolve(source.fileName) === protocolFile) {
		return { violations, exceptions };
	}
	visit(source, (node) => {
		if (!(ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) || !contractValues.has(node.text)) {
			return;
		}
		if (node.text === 'robots-txt') {
			const alias = ts.findAncestor(node, ts.isTypeAliasDeclaration);
			if (
				ts.isLiteralTypeNode(node.parent)
					? file === reasonTypeFile && alias?.name.text === reasonTypeName
					: checker !== undefined && isReasonType(checkedAgainst(node, checker), reasons)
			) {
				exceptions.push('reason');
				return;
			}
			const property = ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name) ? node.parent.name.text : undefined;
			if (programNameExceptions.some((exception) => exception.file === file && exception.property === property)) {
				exceptions.push(`${file} ${property}`);
				return;
			}
		}
		violations.push(`${where(source, node)} writes '${node.text}' (import it from core/protocol.ts)`);
	});
	return { violations, exceptions };
}

/** The commands named by `command:` in the core and the adapter (lenses, completion items, code actions). */
function namedCommands(source: ts.SourceFile, checker: ts.TypeChecker): { commands: string[]; unknown: string[] } {
	const commands: string[] = [];
	const unknown: string[] = [];
	visit(source, (node) => {
		if (!((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name) && node.name.text === 'command')) {
			return;
		}
		const type = checker.getTypeAtLocation(ts.isPropertyAssignment(node) ? node.initializer : node.name);
		if (!(type.flags & ts.TypeFlags.StringLike)) {
			return; // A `Command` object (a code action's), whose own `command` is checked where it is written.
		}
		const members = type.isUnion() ? type.types : [type];
		if (members.every((member) => member.isStringLiteral())) {
			commands.push(...members.map((member) => (member as ts.StringLiteralType).value));
		} else {
			unknown.push(`${where(source, node)} names a command that is not a constant: ${node.getText(source).slice(0, 60)}`);
		}
	});
	return { commands, unknown };
}

/** VS Code's own commands that our lenses and items may name. */
const builtInCommands = new Set(['editor.action.triggerSuggest']);

/** Problems with the commands a file names: ours must be contributed, others built in; `''` is a lens with a title only. */
function commandViolations(named: readonly string[], contributed: ReadonlySet<string>): string[] {
	return named.filter(
		(command) => command !== '' && !(command.startsWith(`${protocol.settingsSection}.`) ? contributed.has(command) : builtInCommands.has(command)),
	);
}

/**
 * The directives whose names must not appear in the adapter or the client. `comment` and `license` are directives
 * too, but also everyday words there (a comment, a licence field), so they are left out rather than misreported.
 */
const watchedDirectives = directiveFacts.map((facts) => facts.id).filter((id) => id !== 'comment' && id !== 'license');

/** The words of an identifier: `userAgentLines`, `USER_AGENT` and `UserAgent` all give `user`, `agent`, …. */
function identifierWords(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s_$]+/)
		.filter((word) => word !== '')
		.map((word) => word.toLowerCase());
}

/**
 * Whether an identifier names a directive: its words contain the directive's words in a row (`crawlDelay`,
 * `isUserAgent`, `disallowLines`, `SITEMAP`). `allow` and `host` are ordinary words in an adapter (`allowed`, a URL's
 * host), so for them only an identifier that is exactly the name counts.
 */
function identifierNamesDirective(name: string, directive: string): boolean {
	const words = identifierWords(name);
	if (directive === 'allow' || directive === 'host') {
		return words.length === 1 && words[0] === directive;
	}
	const parts = directive.split('-');
	const joined = directive.replace(/-/g, '');
	return words.some((word, i) => word === joined || parts.every((part, k) => words[i + k] === part));
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether a string names a directive: it is the name (`'user-agent'`, `'Sitemap:'`) or holds it written as a directive,
 * followed by a colon (`'Disallow: /'`). Prose that mentions one (`'a user-agent token'`) does not count, nor do
 * `'allow'` and `'disallow'` alone, which are also the two verdicts the protocol carries.
 */
function stringNamesDirective(text: string, directive: string): boolean {
	const value = text.trim().toLowerCase();
	if ((value === directive || value === directive + ':') && directive !== 'allow' && directive !== 'disallow') {
		return true;
	}
	return new RegExp(`(?<![\\w-])${escapeRegExp(directive)}\\s*:`, 'i').test(text);
}

/** Whether a regular expression literal names a directive: the name as a whole word anywhere in it. */
function regexNamesDirective(source: string, directive: string): boolean {
	return new RegExp(`(?<![\\w-])${escapeRegExp(directive)}(?![\\w-])`, 'i').test(source);
}

/**
 * Directive names in identifiers (other than property names), strings and regular expressions of a file (comments
 * are not code).
 */
function directiveViolations(source: ts.SourceFile): string[] {
	const violations: string[] = [];
	visit(source, (node) => {
		let found: string | undefined;
		// A property name is a wire shape (the protocol module's, or HTTP's User-Agent header), not a name this code chose.
		if ((ts.isIdentifier(node) && !isMemberName(node)) || ts.isPrivateIdentifier(node)) {
			found = watchedDirectives.find((directive) => identifierNamesDirective(node.text.replace(/^#/, ''), directive));
		} else if (
			ts.isStringLiteral(node)
			|| ts.isNoSubstitutionTemplateLiteral(node)
			|| ts.isTemplateHead(node)
			|| ts.isTemplateMiddle(node)
			|| ts.isTemplateTail(node)
		) {
			// Module paths are not code that knows robots.txt.
			if (!(ts.isStringLiteral(node) && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)))) {
				found = watchedDirectives.find((directive) => stringNamesDirective(node.text, directive));
			}
		} else if (ts.isRegularExpressionLiteral(node)) {
			found = watchedDirectives.find((directive) => regexNamesDirective(node.text, directive));
		}
		if (found) {
			violations.push(`${where(source, node)} names the ${found} directive: ${node.getText(source).slice(0, 60)}`);
		}
	});
	return violations;
}

/**
 * The modules of the other programs the client may import (ARCHITECTURE.md): the custom requests' names and wire
 * shapes, plain data that core, server, client and tests share, and the HTTP GET that must run in the extension host,
 * where VS Code's proxy settings apply (their own rules are not this test's).
 */
const clientMayImport = [join(repoRoot, 'core', 'src', 'protocol'), join(repoRoot, 'io', 'src', 'httpFetch')];

/** The programs whose knowledge the client must not hold: it starts the server by path and never imports them. */
const notForClient = ['server', 'core', 'cli', 'io'].map((name) => join(repoRoot, name));

/** Imports of a client file that reach into another program (the core, the server, the CLI, the IO edge). */
function clientImportViolations(source: ts.SourceFile): string[] {
	return moduleSpecifiers(source)
		.filter(({ specifier }) => {
			if (specifier.startsWith('.')) {
				const target = resolve(dirname(source.fileName), specifier).replace(/\.ts$/, '');
				return !clientMayImport.includes(target) && notForClient.some((dir) => target === dir || target.startsWith(dir + sep));
			}
			return /(^|\/)(server|core|cli|io)(\/|$)/.test(specifier);
		})
		.map(({ specifier, node }) => `${where(source, node)} imports '${specifier}'`);
}

/** A file under a directory of the repository, parsed from planted text (to show that a rule fires). */
function planted(path: string, text: string): ts.SourceFile {
	return parseSource(join(repoRoot, path), text);
}

describe('the core is pure', () => {
	const files = sourceFiles(coreDir);

	test('core files import only core files and the two LSP type packages', () => {
		assert.ok(files.length > 30, `${files.length} core files`);
		assert.deepStrictEqual(
			files.flatMap((path) => coreImportViolations(parseSource(path))),
			[],
		);
	});

	test('the import rule catches a planted violation', () => {
		const source = planted(
			'core/src/syntax/planted.ts',
			[
				"import { readFileSync } from 'node:fs';",
				"import type { Connection } from 'vscode-languageserver';",
				"export { x } from '../../features/context';",
				"const m = require('path');",
				"type T = import('vscode').Uri;",
				"import { Position } from 'vscode-languageserver-types';",
				"import { lexLine } from './lexer';",
			].join('\n'),
		);
		assert.deepStrictEqual(
			coreImportViolations(source).map((violation) => violation.replace(/^.*imports /, '')),
			["'node:fs'", "'vscode-languageserver'", "'../../features/context'", "'path'", "'vscode'"],
		);
	});

	test("core files read no clock, process or global but RobotRules' injectable default", () => {
		const program = serverProgram();
		const checker = program.getTypeChecker();
		const results = files.map((path) => coreGlobalViolations(program.getSourceFile(path)!, checker));
		assert.deepStrictEqual(
			results.flatMap((result) => result.violations),
			[],
		);
		assert.deepStrictEqual(
			results.flatMap((result) => result.allowed),
			allowedClockReads.map((exception) => exception.read),
			'the documented exception is still in use',
		);
	});

	test('the globals rule catches planted reads and leaves look-alikes alone', () => {
		const lines = [
			'const a = Date.now();',
			'const b = new Date();',
			'const c = new Date(0);',
			'const d = Date.parse("2020-01-01");',
			'const e = process.env.X;',
			'setTimeout(() => undefined, 1);',
			'const f = globalThis.x;',
			'const g = performance.now();',
			'const h = Math.random();',
			'const i = { process: 1, setTimeout: 2 };',
			'const j = i.process + i.setTimeout;',
			'console.log(a);',
			"const k = require('x');",
			'export function f(window: number, global: string) { return window + global; }',
		];
		// Planted in a real file's place, checked in a program with Node's types as the core is.
		const path = join(coreDir, 'planted.ts');
		const host = ts.createCompilerHost({});
		const readFile = host.readFile.bind(host);
		host.readFile = (name) => (resolve(name) === path ? lines.join('\n') : readFile(name));
		const fileExists = host.fileExists.bind(host);
		host.fileExists = (name) => resolve(name) === path || fileExists(name);
		const program = ts.createProgram([path], { ...coreProgram([]).getCompilerOptions() }, host);
		const { violations } = coreGlobalViolations(program.getSourceFile(path)!, program.getTypeChecker());
		assert.deepStrictEqual(
			violations.map((violation) => violation.replace(/^.*:(\d+) reads /, '$1 ')),
			['1 Date.now', '2 new Date()', '5 process', '6 setTimeout', '7 globalThis', '8 performance.now', '9 Math.random', '12 console', '13 require'],
		);
	});
});

describe('the server adapter and the client know no robots.txt', () => {
	const adapter = [
		...readdirSync(serverSrc)
			.filter((name) => name.endsWith('.ts'))
			.map((name) => join(serverSrc, name)),
		...sourceFiles(join(serverSrc, 'features')),
	];
	const client = sourceFiles(clientDir);

	test('no directive is named in server/src/*.ts, server/src/features or client', () => {
		assert.ok(adapter.length > 10 && client.length > 2, `${adapter.length} adapter files, ${client.length} client files`);
		assert.deepStrictEqual(
			[...adapter, ...client].flatMap((path) => directiveViolations(parseSource(path))),
			[],
		);
	});

	test('the directive rule catches planted violations and leaves prose and verdicts alone', () => {
		const lines = [
			"if (line.startsWith('Disallow:')) {}",
			"const key = 'user-agent';",
			'const rule = /^crawl-delay\\s*:/i;',
			'const sitemapUrl = 1;',
			'function isUserAgent() {}',
			'const template = `Clean-param: ${1}`;',
			'const allow = true;',
			"const placeholder = 'A user-agent token, e.g. Googlebot';",
			"const ok = verdict === 'allow' || verdict === 'disallow';",
			'const allowed = true;',
			"const url = 'http://localhost:8080';",
			"const agent = 'Googlebot';",
			"import { x } from './sitemap';",
			'fetchWithLimits(url, { userAgent: target.userAgent });',
		];
		const source = planted('server/src/features/planted.ts', lines.join('\n'));
		const flagged = new Set(directiveViolations(source).map((violation) => Number(/:(\d+) /.exec(violation)![1])));
		assert.deepStrictEqual(
			[...flagged].sort((a, b) => a - b),
			[1, 2, 3, 4, 5, 6, 7],
		);
	});

	test('the client imports nothing of the core, the server, the CLI or the IO edge but the protocol module and the HTTP GET', () => {
		assert.deepStrictEqual(
			client.flatMap((path) => clientImportViolations(parseSource(path))),
			[],
		);
		const source = planted(
			'client/src/planted.ts',
			"import { parse } from '../../core/src/index';\nimport { x } from './protocol';\nimport { testUrlMethod } from '../../core/src/protocol';",
		);
		assert.deepStrictEqual(
			clientImportViolations(source).map((violation) => violation.replace(/^.*imports /, '')),
			["'../../core/src/index'"],
		);
	});
});

/**
 * The source roots of the programs (ARCHITECTURE.md's table) and which others each may import. The client's rule is
 * narrower (two files) and has its own test above.
 */
const programs: readonly { readonly name: string; readonly roots: readonly string[]; readonly mayImport: readonly string[] }[] = [
	{ name: 'core', roots: ['core/src'], mayImport: [] },
	{ name: 'io', roots: ['io/src'], mayImport: ['core'] },
	{ name: 'server', roots: ['server/src'], mayImport: ['core', 'io'] },
	{ name: 'cli', roots: ['cli/src'], mayImport: ['core', 'io'] },
	{ name: 'client', roots: ['client/src', 'client/webview'], mayImport: ['core', 'io'] },
];

const sourceRoots = programs.flatMap((program) => program.roots.map((root) => join(repoRoot, root)));

function inside(path: string, dir: string): boolean {
	return path === dir || path.startsWith(dir + sep);
}

function programOf(path: string): (typeof programs)[number] | undefined {
	return programs.find((program) => program.roots.some((root) => inside(path, join(repoRoot, root))));
}

/** Every program's TypeScript files. */
function programFiles(): string[] {
	return sourceRoots.flatMap((root) => sourceFiles(root));
}

/** Imports of a file of io, server or cli that reach into a program it may not import (a file's own program aside). */
function programImportViolations(source: ts.SourceFile): string[] {
	const own = programOf(source.fileName);
	if (!own) {
		return [];
	}
	return moduleSpecifiers(source)
		.filter(({ specifier }) => {
			if (!specifier.startsWith('.')) {
				return false;
			}
			const target = programOf(resolve(dirname(source.fileName), specifier));
			return target !== undefined && target !== own && !own.mayImport.includes(target.name);
		})
		.map(({ specifier, node }) => `${where(source, node)} imports '${specifier}'`);
}

/** The file a relative module specifier names among `files`: `x.ts`, or `x/index.ts` for a folder. */
function resolveModule(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
	if (!specifier.startsWith('.')) {
		return undefined;
	}
	const target = resolve(dirname(from), specifier);
	return [`${target}.ts`, target, join(target, 'index.ts')].find((candidate) => files.has(candidate));
}

/** Which files each file imports (type imports, re-exports and import types included), among the files given. */
function importGraph(sources: readonly ts.SourceFile[]): Map<string, Set<string>> {
	const files = new Set(sources.map((source) => source.fileName));
	const graph = new Map<string, Set<string>>();
	for (const source of sources) {
		const targets = new Set<string>();
		for (const { specifier } of moduleSpecifiers(source)) {
			const target = resolveModule(source.fileName, specifier, files);
			if (target !== undefined && target !== source.fileName) {
				targets.add(target);
			}
		}
		graph.set(source.fileName, targets);
	}
	return graph;
}

/** The strongly connected components of more than one node (Tarjan's algorithm): each is a cycle, or cycles that meet. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const connect = (node: string) => {
		index.set(node, index.size);
		low.set(node, index.get(node)!);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				connect(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) {
				low.set(node, Math.min(low.get(node)!, index.get(next)!));
			}
		}
		if (low.get(node) === index.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			if (component.length > 1) {
				found.push(component.sort());
			}
		}
	};
	for (const node of graph.keys()) {
		if (!index.has(node)) {
			connect(node);
		}
	}
	return found;
}

/**
 * The folder a file belongs to for the folder rules: the first folder below its source root, with everything under it
 * (`core/src/diagnostics` holds `diagnostics/checks`). A file directly in a source root stands alone (`core/src/l10n.ts`,
 * `server/src/server.ts`): the root is the program, not a folder of it.
 */
function unitOf(path: string): string {
	const root = sourceRoots.find((candidate) => inside(path, candidate));
	if (root === undefined) {
		return path;
	}
	const [first, ...rest] = relative(root, path).split(sep);
	return rest.length === 0 ? path : join(root, first);
}

/** The graph between units: an edge where some file of one imports some file of another. */
function unitGraph(graph: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
	const units = new Map<string, Set<string>>();
	for (const [from, targets] of graph) {
		const edges = units.get(unitOf(from)) ?? new Set<string>();
		units.set(unitOf(from), edges);
		for (const target of targets) {
			if (unitOf(target) !== unitOf(from)) {
				edges.add(unitOf(target));
			}
		}
	}
	return units;
}

function shown(paths: readonly string[]): string {
	return paths.map((path) => relative(repoRoot, path).split(sep).join('/')).join(' ↔ ');
}

/**
 * The core's layers, lowest first (ARCHITECTURE.md says why). A core file may import its own folder (or, standing
 * alone, only itself) and the units of lower layers; units of one layer do not import each other.
 */
const coreLayers: readonly (readonly string[])[] = [
	['l10n.ts', 'markdown.ts', 'sorted.ts', 'memo.ts', 'editDistance.ts', 'base64.ts', 'protocol.ts'],
	['dialect.ts', 'verdict.ts'],
	['facts'],
	['options.ts'],
	['syntax'],
	['matching'],
	['crawlers'],
	['preferences'],
	['bench'],
	['logs'],
	['door'],
	['fetch'],
	['robotRules.ts'],
	['diagnostics'],
	['meta', 'expectations'],
	['site'],
	['features'],
	['templates'],
	['index.ts', 'library.ts'],
];

/** The layer of each core unit, by its name below core/src. */
const coreLayerOf = new Map(coreLayers.flatMap((names, layer) => names.map((name) => [name, layer] as const)));

/** The imports of core files that go sideways or up the layers, and the core units no layer names. */
function layerViolations(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
	const layer = (path: string) => coreLayerOf.get(relative(coreDir, unitOf(path)).split(sep).join('/'));
	const violations: string[] = [];
	for (const [from, targets] of graph) {
		if (!inside(from, coreDir)) {
			continue;
		}
		const own = layer(from);
		if (own === undefined) {
			violations.push(`${shown([unitOf(from)])} is in no layer`);
			continue;
		}
		for (const target of targets) {
			const theirs = layer(target);
			if (unitOf(target) !== unitOf(from) && theirs !== undefined && theirs >= own) {
				violations.push(`${shown([from])} (layer ${own}) imports ${shown([target])} (layer ${theirs})`);
			}
		}
	}
	return [...new Set(violations)];
}

/**
 * The files whose exports VS Code calls by name (`activate`, `deactivate`): the extension's entries. The package's
 * public API, `core/src/library.ts`, counts as a user of everything it exports.
 */
const hostEntries = ['client/src/extension.ts', 'client/src/browser.ts'].map((path) => join(repoRoot, path));
const publicApi = join(coreDir, 'library.ts');

/** The original symbol behind an import or re-export. */
function originalSymbol(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
	return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * The exported values (functions, classes, constants) of the programs' files that no other file uses. A use is an
 * import of the value (by name, or as `namespace.name` through a namespace import) in another file of the programs or
 * of the tests; a re-export (`export { x } from`) is no use but passes the value on, so that what index.ts re-exports
 * counts as used when something imports it from there; what library.ts exports is the npm package's API and used.
 * Tests count as users of what they import: the unit they test (a value only a test imports is a seam of that test's
 * unit), and `typeof namespace` of a module a test loads itself uses all of its exports. Exported types are left out: they name the shapes the exported functions take and give, and the package's
 * declarations need them.
 */
function unusedExports(program: ts.Program, declaring: readonly string[]): string[] {
	const checker = program.getTypeChecker();
	const used = new Set<ts.Symbol>();
	const use = (node: ts.Node, from: ts.SourceFile) => {
		const symbol = checker.getSymbolAtLocation(node);
		const original = symbol && originalSymbol(checker, symbol);
		if (original?.declarations?.some((declaration) => declaration.getSourceFile() !== from)) {
			used.add(original);
		}
	};
	for (const source of program.getSourceFiles()) {
		if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) {
			continue;
		}
		visit(source, (node) => {
			if (ts.isImportSpecifier(node) || ts.isImportClause(node)) {
				use(node.name ?? node, source);
			} else if (ts.isExportSpecifier(node) && resolve(source.fileName) === publicApi) {
				use(node.name, source);
			} else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
				const namespace = checker.getSymbolAtLocation(node.expression);
				if (namespace && namespace.flags & ts.SymbolFlags.Alias) {
					use(node.name, source);
				}
			} else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left)) {
				use(node.right, source);
			} else if (ts.isTypeQueryNode(node) && ts.isIdentifier(node.exprName)) {
				// `typeof namespace`: a test that loads the module itself (with a stand-in for vscode) reads its exports.
				const namespace = checker.getSymbolAtLocation(node.exprName);
				const module = namespace && namespace.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(namespace) : undefined;
				if (module && module.flags & ts.SymbolFlags.ValueModule) {
					for (const exported of checker.getExportsOfModule(module)) {
						used.add(originalSymbol(checker, exported));
					}
				}
			}
		});
	}
	const unused: string[] = [];
	for (const path of declaring) {
		const source = program.getSourceFile(path);
		const module = source && checker.getSymbolAtLocation(source);
		if (!source || !module || hostEntries.includes(resolve(path)) || resolve(path) === publicApi) {
			continue;
		}
		for (const exported of checker.getExportsOfModule(module)) {
			const original = originalSymbol(checker, exported);
			const declaredHere = original.declarations?.some((declaration) => declaration.getSourceFile() === source);
			if (declaredHere && original.flags & ts.SymbolFlags.Value && !used.has(original)) {
				unused.push(`${relative(repoRoot, path).split(sep).join('/')}: ${exported.name}`);
			}
		}
	}
	return unused;
}

/** The programs' files and the tests in one program, resolved but not type-checked (the libraries are not read). */
function wholeProgram(extra?: { readonly path: string; readonly text: string }[]): ts.Program {
	const files = [...programFiles(), ...sourceFiles(join(repoRoot, 'test')), ...sourceFiles(join(repoRoot, 'scripts'))];
	const host = ts.createCompilerHost({});
	if (extra) {
		const texts = new Map(extra.map((file) => [file.path, file.text]));
		const readFile = host.readFile.bind(host);
		host.readFile = (name) => texts.get(resolve(name)) ?? readFile(name);
		const fileExists = host.fileExists.bind(host);
		host.fileExists = (name) => texts.has(resolve(name)) || fileExists(name);
		files.push(...texts.keys());
	}
	return ts.createProgram(
		files,
		{
			target: ts.ScriptTarget.ES2022,
			module: ts.ModuleKind.CommonJS,
			moduleResolution: ts.ModuleResolutionKind.Node10,
			noLib: true,
			types: [],
			noEmit: true,
			skipLibCheck: true,
			resolveJsonModule: true,
			esModuleInterop: true,
		},
		host,
	);
}

describe('layers and programs are in order', () => {
	const sources = programFiles().map((path) => parseSource(path));
	const graph = importGraph(sources);

	test('io, server, cli and client import only the programs below them', () => {
		assert.ok(sources.length > 140, `${sources.length} files`);
		assert.deepStrictEqual(
			sources.flatMap((source) => programImportViolations(source)),
			[],
		);
		const planted = [
			parseSource(join(repoRoot, 'io/src/planted.ts'), "import { x } from '../../server/src/settings';\nimport { parse } from '../../core/src/index';"),
			parseSource(
				join(repoRoot, 'cli/src/planted.ts'),
				"import type { ServerContext } from '../../server/src/features/context';\nimport { y } from '../../io/src/localize';",
			),
			parseSource(join(repoRoot, 'server/src/planted.ts'), "import { main } from '../../cli/src/main';\nimport { z } from './settings';"),
		];
		assert.deepStrictEqual(
			planted.flatMap((source) => programImportViolations(source)).map((violation) => violation.replace(/^.*imports /, '')),
			["'../../server/src/settings'", "'../../server/src/features/context'", "'../../cli/src/main'"],
		);
	});

	test('no import cycle between files, type imports included', () => {
		assert.deepStrictEqual(cycles(graph).map(shown), []);
		const a = join(repoRoot, 'server/src/features/plantedA.ts');
		const b = join(repoRoot, 'server/src/features/plantedB.ts');
		const planted = importGraph([
			...sources,
			parseSource(a, "import type { B } from './plantedB';\nexport interface A { b: B }"),
			parseSource(b, "import type { A } from './plantedA';\nimport { runSafe } from '../runner';\nexport interface B { a: A }"),
		]);
		assert.deepStrictEqual(cycles(planted).map(shown), [shown([a, b])]);
	});

	test('no import cycle between folders (a folder with its subfolders; a file directly in src/ on its own)', () => {
		assert.deepStrictEqual(cycles(unitGraph(graph)).map(shown), []);
		// features/ already imports fetch/ (deployed.ts reads the fetch's conclusion).
		const planted = unitGraph(importGraph([...sources, parseSource(join(coreDir, 'fetch/planted.ts'), "import { testUrl } from '../features/testUrl';")]));
		assert.deepStrictEqual(cycles(planted).map(shown), [shown([join(coreDir, 'features'), join(coreDir, 'fetch')])]);
	});

	test("the core's layers are in order, and every folder and loose file of the core has one", () => {
		assert.deepStrictEqual(layerViolations(graph), []);
		const units = new Set([...graph.keys()].filter((path) => inside(path, coreDir)).map((path) => relative(coreDir, unitOf(path)).split(sep).join('/')));
		assert.deepStrictEqual(
			[...coreLayerOf.keys()].filter((name) => !units.has(name)),
			[],
			'no layer names a unit that is gone',
		);
		const syntax = join(coreDir, 'syntax/planted.ts');
		const planted = importGraph([
			...sources,
			parseSource(
				syntax,
				[
					"import { computeHover } from '../features/hover';",
					"import { t } from '../l10n';",
					"import { lexLine } from './lexer';",
					"import { selectGroups } from '../matching/agents';",
					"import { directiveFacts } from '../facts/directives';",
				].join('\n'),
			),
			parseSource(join(coreDir, 'planted.ts'), "import { t } from './l10n';"),
		]);
		assert.deepStrictEqual(
			layerViolations(planted).map((violation) => violation.replace(/ \(layer \d+\)/g, '')),
			[
				'core/src/syntax/planted.ts imports core/src/features/hover.ts',
				'core/src/syntax/planted.ts imports core/src/matching/agents.ts',
				'core/src/planted.ts is in no layer',
			],
		);
	});

	test('every exported value has a user outside its file', () => {
		const unused = unusedExports(wholeProgram(), programFiles());
		assert.deepStrictEqual(unused, [], `exported, used nowhere else (make it file-local or delete it):\n${unused.join('\n')}`);
	});

	test('the export rule catches a planted unused export and counts uses through index.ts, namespaces and tests', () => {
		const declaring = join(coreDir, 'features/planted.ts');
		const program = wholeProgram([
			{
				path: declaring,
				text: 'export function unused(): number { return 1; }\nexport function viaIndex(): number { return 2; }\nexport const viaNamespace = 3;\nexport function byTest(): number { return 4; }\nexport interface Shape { readonly x: number }',
			},
			{ path: join(coreDir, 'features/plantedIndex.ts'), text: "export { unused, viaIndex } from './planted';\nexport * as planted from './planted';" },
			{
				path: join(repoRoot, 'server/src/planted.ts'),
				text: "import { viaIndex, planted } from '../../core/src/features/plantedIndex';\nexport const sum = viaIndex() + planted.viaNamespace;",
			},
			{ path: join(repoRoot, 'test/unit/planted.test.ts'), text: "import { byTest } from '../../core/src/features/planted';\nbyTest();" },
		]);
		assert.deepStrictEqual(unusedExports(program, [declaring]), ['core/src/features/planted.ts: unused']);
	});
});

describe('every contract is written in the protocol module, and every command is contributed', () => {
	const client = sourceFiles(clientDir);
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
	const contributed = new Set(manifest.contributes.commands.map((entry) => entry.command));

	test("the contracts' strings appear in server/src and client only in core/protocol.ts, the crawler reason and the SARIF name aside", () => {
		const program = serverProgram();
		const reasons = crawlerReasonNames(program);
		assert.ok(reasons.has('robots-txt') && reasons.has('no-group'), [...reasons].join(', '));
		assert.ok(
			['robots-txt', 'robots-txt-expectations', 'robots-txt-deployed', 'robotsTxt', 'robotsTxt.testUrl'].every((value) => contractValues.has(value)),
			[...contractValues].join(', '),
		);
		const results = [
			...nodeProgramFiles().map((path) => contractLiteralViolations(program.getSourceFile(path)!, program.getTypeChecker(), reasons)),
			...client.map((path) => contractLiteralViolations(parseSource(path))),
		];
		assert.deepStrictEqual(
			results.flatMap((result) => result.violations),
			[],
		);
		const exceptions = results.flatMap((result) => result.exceptions);
		assert.ok(exceptions.filter((exception) => exception === 'reason').length >= 5, 'the crawler reason is still written as one');
		assert.deepStrictEqual(
			exceptions.filter((exception) => exception !== 'reason'),
			programNameExceptions.map((exception) => `${exception.file} ${exception.property}`),
			'the program name exception is in use',
		);
	});

	test('the contract rule catches planted strings and leaves the crawler reason alone', () => {
		const lines = [
			"import type { Diagnostic } from 'vscode-languageserver-types';",
			"import type { CrawlerReason } from './crawlers/reading';",
			"export const d: Diagnostic = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'x', source: 'robots-txt' };",
			"export const languageId = 'robots-txt';",
			"export function isExpectations(id: string): boolean { return id === 'robots-txt-expectations'; }",
			"export const lens = { title: 'Test', command: `robotsTxt.testUrl` };",
			"export function words(reason: CrawlerReason): string { switch (reason) { case 'robots-txt': return 'always allowed'; default: return ''; } }",
			"export function exempt(reason: CrawlerReason): boolean { return reason === 'robots-txt'; }",
			"export const reasons: readonly CrawlerReason[] = ['rule', 'robots-txt'];",
			"export const named = { name: 'robots-txt' };",
			"export type Kind = 'robots-txt' | 'other';",
		];
		const { source, checker, program } = plantedWithTypes(lines);
		const { violations, exceptions } = contractLiteralViolations(source, checker, crawlerReasonNames(program));
		assert.deepStrictEqual(
			violations.map((violation) => Number(/:(\d+) writes/.exec(violation)![1])),
			[3, 4, 5, 6, 10, 11],
		);
		assert.deepStrictEqual(exceptions, ['reason', 'reason', 'reason']);
		// The client has no reasons and no type checker here: every one counts.
		assert.equal(contractLiteralViolations(planted('client/src/planted.ts', "const languageId = 'robots-txt';")).violations.length, 1);
	});

	test('every command a lens, an item or an action of the core or the server names is contributed in package.json', () => {
		const program = serverProgram();
		const results = nodeProgramFiles().map((path) => namedCommands(program.getSourceFile(path)!, program.getTypeChecker()));
		assert.deepStrictEqual(
			results.flatMap((result) => result.unknown),
			[],
		);
		const named = new Set(results.flatMap((result) => result.commands));
		for (const command of [
			protocol.testUrlCommand,
			protocol.testUrlAllCommand,
			protocol.revealLineCommand,
			protocol.showDetailsCommand,
			protocol.openTestBenchCommand,
		]) {
			assert.ok(named.has(command), `${command} is found where the lenses name it`);
		}
		assert.deepStrictEqual(commandViolations([...named], contributed), []);
	});

	test('the command rule catches a planted command that is not contributed, or not a constant', () => {
		const lines = [
			"export const lens = { title: 'x', command: 'robotsTxt.nope' };",
			"export function item(id: string) { return { title: 'x', command: id }; }",
			"export const suggest = { title: 'x', command: 'editor.action.triggerSuggest' };",
			"export const other = { title: 'x', command: 'editor.action.formatDocument' };",
		];
		const { source, checker } = plantedWithTypes(lines);
		const { commands, unknown } = namedCommands(source, checker);
		assert.equal(unknown.length, 1, unknown.join('\n'));
		assert.deepStrictEqual(commandViolations(commands, contributed), ['robotsTxt.nope', 'editor.action.formatDocument']);
	});

	test("package.json contributes the protocol's commands, and the client registers each", () => {
		assert.deepStrictEqual([...contributed].sort(), [...protocol.commandIds].sort());
		const activate = parseSource(join(clientDir, 'src', 'activate.ts'));
		const registered: string[] = [];
		visit(activate, (node) => {
			if (ts.isCallExpression(node) && node.expression.getText(activate) === 'commands.registerCommand') {
				const [id] = node.arguments;
				registered.push(ts.isIdentifier(id) ? String((protocol as Record<string, unknown>)[id.text]) : id.getText(activate));
			}
		});
		assert.deepStrictEqual(registered.sort(), [...protocol.commandIds].sort());
	});
});

/** ALLOWED or DISALLOWED written in code (strings, templates, regular expressions; comments are not code). */
function verdictWordsWritten(source: ts.SourceFile): string[] {
	const found: string[] = [];
	visit(source, (node) => {
		const text =
			ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
				? node.text
				: ts.isRegularExpressionLiteral(node)
					? node.text
					: undefined;
		if (text !== undefined && /\b(DIS)?ALLOWED\b/.test(text)) {
			found.push(`${where(source, node)}: ${node.getText(source).slice(0, 60)}`);
		}
	});
	return found;
}

describe('the verdict words are written once', () => {
	const verdictFile = join(coreDir, 'verdict.ts');

	test('ALLOWED and DISALLOWED are written in server/src, client/src and client/webview only in core/verdict.ts', () => {
		const files = [...nodeProgramFiles(), ...sourceFiles(clientDir)];
		assert.ok(files.includes(verdictFile) && files.some((path) => path.includes(`${sep}webview${sep}`)), 'the scan reads verdict.ts and the webview');
		assert.deepStrictEqual(
			files.filter((path) => path !== verdictFile).flatMap((path) => verdictWordsWritten(parseSource(path))),
			[],
		);
		// The words people read (keys of t()) and those tools read: the one place that writes them.
		assert.ok(verdictWordsWritten(parseSource(verdictFile)).length >= 4, 'the scan finds the words where they are written');
	});

	test('the verdict word rule catches planted words and leaves comments and other words alone', () => {
		const source = planted(
			'client/webview/planted.ts',
			[
				"const a = allowed ? 'ALLOWED' : 'x';",
				'const b = `${word} DISALLOWED · line ${line}`;',
				"const c = l10n.t('Robots may be ALLOWED here');",
				'// ALLOWED in a comment is no code.',
				"const d = 'UNALLOWED, ALLOWEDNESS';",
				'const e = /^DISALLOWED /;',
			].join('\n'),
		);
		assert.deepStrictEqual(
			verdictWordsWritten(source).map((found) => Number(/:(\d+):/.exec(found)![1])),
			[1, 2, 3, 6],
		);
	});
});

describe('what users configure and read lists what the code knows', () => {
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
		contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
	};
	const settings = manifest.contributes.configuration.properties;
	const codes = diagnosticCatalogue.map((facts) => facts.code);
	const metaCodes = metaDiagnosticCatalogue.map((facts) => facts.code);

	/** The rows `| \`code\` | severity | summary |` of a README table, from its heading to the next heading. */
	function tableRows(heading: string): { code: string; severity: string; summary: string }[] {
		const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
		const start = readme.indexOf(heading);
		assert.ok(start >= 0, `the README has a "${heading.replace(/^#+ /, '')}" section`);
		const next = readme.slice(start + heading.length).search(/\n#+ /);
		const section = next < 0 ? readme.slice(start) : readme.slice(start, start + heading.length + next);
		return section
			.split('\n')
			.filter((line) => /^\| `[a-z0-9-]+` \|/.test(line))
			.map((row) => {
				const [code, severity, summary] = row
					.split('|')
					.slice(1, 4)
					.map((cell) => cell.trim());
				return { code: code.replace(/`/g, ''), severity, summary };
			});
	}

	test('robotsTxt.dialects: the enum is allDialects, the default is defaultDialects', () => {
		const dialects = settings['robotsTxt.dialects'] as { items: { enum: string[]; enumDescriptions: string[] }; default: string[] };
		assert.deepStrictEqual(dialects.items.enum, [...allDialects]);
		assert.equal(dialects.items.enumDescriptions.length, allDialects.length);
		assert.deepStrictEqual(dialects.default, [...defaultDialects]);
	});

	test("robotsTxt.diagnostics.severity: the values are severityNames, the keys the catalogues' codes (robots.txt, then pages)", () => {
		const severity = settings['robotsTxt.diagnostics.severity'] as {
			additionalProperties: { enum: string[]; enumDescriptions: string[] };
			propertyNames: { enum: string[] };
		};
		assert.deepStrictEqual(severity.additionalProperties.enum, [...severityNames]);
		assert.equal(severity.additionalProperties.enumDescriptions.length, severityNames.length);
		assert.deepStrictEqual(severity.propertyNames.enum, [...codes, ...metaCodes]);
	});

	test('the robots-txt language binds robots.txt and *.robots.txt by name, never every .txt file', () => {
		const { contributes, activationEvents } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
			contributes: { languages: { id: string; filenames?: string[]; filenamePatterns?: string[]; extensions?: string[] }[] };
			activationEvents: string[];
		};
		const robots = contributes.languages.find((language) => language.id === 'robots-txt');
		assert.deepStrictEqual([robots?.filenames, robots?.filenamePatterns, robots?.extensions], [['robots.txt'], ['*.robots.txt'], undefined]);
		// Other plain-text files are offered a switch by the client, which needs the extension active for them.
		assert.ok(activationEvents.includes('onLanguage:plaintext'));
	});

	test("robotsTxt.diagnostics.maxProblems: the default is the server's", () => {
		assert.equal(settings['robotsTxt.diagnostics.maxProblems'].default, defaultMaxProblems);
	});

	test("robotsTxt.codeLens.maxGroups: the default is the server's", () => {
		assert.equal(settings['robotsTxt.codeLens.maxGroups'].default, defaultMaxLensGroups);
	});

	test("every diagnostic code is in the README's table of codes, with its default severity", () => {
		const table = tableRows('### Diagnostic codes');
		assert.deepStrictEqual(
			table.map((row) => row.code),
			codes,
			"one row per code, in the catalogue's order",
		);
		for (const facts of diagnosticCatalogue) {
			const row = table.find((candidate) => candidate.code === facts.code)!;
			assert.equal(row.severity, facts.severity, facts.code);
			assert.ok(row.summary.length > 10, `${facts.code} has a description`);
		}
	});

	test("every code of pages is in the README's table of meta tag codes, with its default severity", () => {
		const table = tableRows('#### Codes of pages');
		assert.deepStrictEqual(
			table.map((row) => row.code),
			metaCodes,
			"one row per code, in the catalogue's order",
		);
		for (const facts of metaDiagnosticCatalogue) {
			const row = table.find((candidate) => candidate.code === facts.code)!;
			assert.equal(row.severity, facts.severity, facts.code);
			assert.ok(row.summary.length > 10, `${facts.code} has a description`);
		}
	});

	test('the TextMate grammar highlights exactly the directives of the catalogue', () => {
		const grammar = JSON.parse(readFileSync(join(repoRoot, 'syntaxes', 'robots-txt.tmLanguage.json'), 'utf8')) as {
			patterns: { include: string }[];
			repository: Record<string, { begin?: string; beginCaptures?: Record<string, { name: string }> }>;
		};
		const included = new Set(grammar.patterns.map((pattern) => pattern.include.replace(/^#/, '')));
		const highlighted: string[] = [];
		for (const [key, rule] of Object.entries(grammar.repository)) {
			const name = rule.beginCaptures?.['1']?.name ?? '';
			const directive = /\.directive\.([a-z-]+)\.robots-txt$/.exec(name)?.[1];
			if (!directive || directive === 'unknown') {
				continue;
			}
			assert.ok(included.has(key), `the top level includes #${key}`);
			// The key as the rule matches it: case-insensitively, exactly the directive's name, before the colon.
			assert.ok(rule.begin?.includes(`((?i:${directive}))`), `#${key} matches "${directive}"`);
			highlighted.push(directive);
		}
		assert.deepStrictEqual(highlighted.sort(), directiveFacts.map((facts) => facts.id).sort());
	});
});

/** Calls that list a folder (`fileSystem.readDirectory(…)`) in a file's text, as `file:line`. */
function folderListings(path: string, text: string): string[] {
	return text.split('\n').flatMap((line, index) => (/\.readDirectory\s*\(/.test(line) ? [`${relative(repoRoot, path)}:${index + 1}`] : []));
}

describe('folders are walked in one place', () => {
	test('only io/src/walk.ts lists a folder; the file systems declare and implement readDirectory without calling it', () => {
		const walker = join(repoRoot, 'io', 'src', 'walk.ts');
		const found = [...programFiles(), ...sourceFiles(join(repoRoot, 'client', 'src'))].flatMap((path) => folderListings(path, readFileSync(path, 'utf8')));
		assert.deepStrictEqual(
			found.filter((place) => !place.startsWith(`${relative(repoRoot, walker)}:`)),
			[],
		);
		assert.ok(
			found.some((place) => place.startsWith(`${relative(repoRoot, walker)}:`)),
			'the walker itself lists folders',
		);
	});

	test('the rule catches a planted listing and passes a declaration', () => {
		const planted = ['interface FileSystem { readDirectory(uri: string): Promise<string[]>; }', 'const names = await fileSystem.readDirectory(folder);'].join(
			'\n',
		);
		assert.deepStrictEqual(folderListings(join(repoRoot, 'server', 'src', 'planted.ts'), planted), ['server/src/planted.ts:2']);
	});
});

/**
 * A core file's module-level state that its code changes: top-level `let`s it assigns again, and top-level
 * collections (`new Map`, `Set`, `WeakMap`, `WeakSet`) it adds to or clears, as `file name (kind)`.
 */
function changedModuleState(source: ts.SourceFile): string[] {
	const kinds = new Map<string, string>();
	for (const statement of source.statements) {
		if (!ts.isVariableStatement(statement)) {
			continue;
		}
		const isLet = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
		for (const declaration of statement.declarationList.declarations) {
			const init = declaration.initializer;
			if (!ts.isIdentifier(declaration.name)) {
				continue;
			}
			if (isLet) {
				kinds.set(declaration.name.text, 'let');
			} else if (
				init
				&& ts.isNewExpression(init)
				&& ts.isIdentifier(init.expression)
				&& ['Map', 'Set', 'WeakMap', 'WeakSet', 'BoundedMemo'].includes(init.expression.text)
			) {
				kinds.set(declaration.name.text, init.expression.text);
			}
		}
	}
	const changed = new Set<string>();
	// Only in a function: what the module's top level does builds a constant once, at load.
	const visit = (node: ts.Node, inFunction: boolean): void => {
		if (!inFunction) {
			ts.forEachChild(node, (child) => visit(child, ts.isFunctionLike(child)));
			return;
		}
		if (
			ts.isCallExpression(node)
			&& ts.isPropertyAccessExpression(node.expression)
			&& ts.isIdentifier(node.expression.expression)
			&& kinds.has(node.expression.expression.text)
			// A BoundedMemo remembers what `get` computes.
			&& (['set', 'add', 'delete', 'clear'].includes(node.expression.name.text)
				|| (node.expression.name.text === 'get' && kinds.get(node.expression.expression.text) === 'BoundedMemo'))
		) {
			changed.add(node.expression.expression.text);
		}
		if (
			ts.isBinaryExpression(node)
			&& node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment
			&& node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
			&& ts.isIdentifier(node.left)
			&& kinds.get(node.left.text) === 'let'
		) {
			changed.add(node.left.text);
		}
		if ((ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) && ts.isIdentifier(node.operand) && kinds.get(node.operand.text) === 'let') {
			changed.add(node.operand.text);
		}
		ts.forEachChild(node, (child) => visit(child, true));
	};
	visit(source, false);
	const file = relative(coreDir, source.fileName).split(sep).join('/');
	return [...changed].sort().map((name) => `${file} ${name} (${kinds.get(name)})`);
}

describe('one owner of incremental state', () => {
	// What the core may keep between calls outside a DiagnosticsSession, each for a reason: memos keyed by an immutable
	// value (a WeakMap by a model or a compiled array dies with it), the translator an edge installs, and caches of a
	// pure function of a string. Anything else that outlives a call belongs to a session its owner creates and drops.
	const allowed: Record<string, string> = {
		'l10n.ts translate (let)': 'the translator an edge installs',
		'l10n.ts locale (let)': 'the translator an edge installs',
		'l10n.ts listFormat (let)': 'the translator an edge installs',
		'l10n.ts numberFormat (let)': 'the translator an edge installs',
		'l10n.ts pluralRules (let)': 'the translator an edge installs',
		'diagnostics/context.ts groupingKeys (Map)': 'one key object per dialect, made on first use (five at most)',
		'meta/names.ts suggestionCache (Map)': 'a pure function of a name, remembered for at most 2 000 names',
		'matching/url.ts asciiHosts (BoundedMemo)': 'a pure function of a host name, remembered for at most 1 000 names',
	};

	test("the core's module-level state that changes is a memo keyed by an immutable object, or listed here with its reason", () => {
		const found = sourceFiles(coreDir).flatMap((path) => changedModuleState(parseSource(path)));
		assert.ok(found.length >= 10, `${found.length} places found: the rule still reads the memos`);
		assert.deepStrictEqual(
			found.filter((place) => !place.endsWith('(WeakMap)') && !place.endsWith('(WeakSet)') && !(place in allowed)),
			[],
		);
	});

	test('the rule catches a planted module-level cache and counter', () => {
		const source = planted(
			'core/src/features/planted.ts',
			[
				'const seen = new Map<string, number>();',
				'const memo = new WeakMap<object, number>();',
				'let calls = 0;',
				'const names = new Set(["a"]);',
				'names.add("b");',
				'export function f(key: string, model: object): number { calls++; calls = calls + 1; memo.set(model, 1); seen.set(key, 1); return names.has(key) ? 1 : 0; }',
			].join('\n'),
		);
		assert.deepStrictEqual(changedModuleState(source), [
			'features/planted.ts calls (let)',
			'features/planted.ts memo (WeakMap)',
			'features/planted.ts seen (Map)',
		]);
	});
});
