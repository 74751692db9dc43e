/**
 * The npm package as a user gets it: `npm pack` in packages/robots-txt-tools (which builds it), `npm install --offline`
 * of the tarball into a fresh project, then the library imported from TypeScript (type-checked with this repository's
 * tsc under `nodenext` and `commonjs` resolution) and from JavaScript (ESM and CommonJS) and run, and the CLI run
 * through `npx`. The answers checked are RFC 9309 §5.1's. The pre-commit hooks' commands and the GitHub Action
 * (action/run.sh, with the packed package through npx) run against it too. Nothing here touches the network: the one
 * dependency (for the type declarations) is packed from this repository's node_modules.
 */

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixturesDir, repoRoot } from '../util/fixtures';

export const packageDir = join(repoRoot, 'packages', 'robots-txt-tools');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** npm without the network: a package that is not in the cache or on disk is an error, not a download. */
// LC_ALL=C: the CLI's English, which the assertions read, whatever the developer's LANG.
const offline = {
	...process.env,
	LC_ALL: 'C',
	npm_config_offline: 'true',
	npm_config_audit: 'false',
	npm_config_fund: 'false',
	npm_config_update_notifier: 'false',
};

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = offline): SpawnSyncReturns<string> {
	return spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
}

function ok(result: SpawnSyncReturns<string>, what: string): string {
	assert.equal(result.status, 0, `${what} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
	return result.stdout;
}

interface MatchCase {
	readonly agent: string;
	readonly url: string;
	readonly verdict: 'allow' | 'disallow';
	readonly line: number | null;
}

// RFC 9309 §5.1, its file and the verdicts the RFC gives, from the match fixtures.
const rfc = (
	JSON.parse(readFileSync(join(fixturesDir, 'match', 'rfc9309.json'), 'utf8')) as { suites: { name: string; robots: string; cases: MatchCase[] }[] }
).suites.find((suite) => suite.name === 'rfc9309-5.1-simple-example')!;
const expected = rfc.cases.map((c) => ({ agent: c.agent, url: c.url, verdict: c.verdict, line: c.line }));

/** A consumer that imports the four names the README leads with, runs each, and prints what they answer as JSON. */
function consumer(importLine: string): string {
	return `${importLine}
const robots = ${JSON.stringify(rfc.robots)};
const cases = ${JSON.stringify(rfc.cases.map((c) => ({ agent: c.agent, url: c.url })))};
const model = parse(robots);
const answers = cases.map(({ agent, url }) => {
	const result = evaluate(model, { agent, url, dialect: 'rfc9309' });
	const matcher = compileMatcher(model, { agent, dialect: 'rfc9309' });
	if (matcher.isAllowed(url) !== (result.verdict === 'allow')) throw new Error('compileMatcher disagrees with evaluate for ' + url);
	// The RFC counts lines from 1, as lineNumber does; line is 0-based, as LSP positions are.
	if (result.rule && result.rule.line !== result.rule.lineNumber - 1) throw new Error('line and lineNumber disagree for ' + url);
	return { agent, url, verdict: result.verdict, line: result.rule ? result.rule.lineNumber : null };
});
const rules = new RobotRules('foobot/2.1', { dialect: 'rfc9309', now: () => 0 });
rules.parse('https://www.example.com/robots.txt', robots);
const robotRules = ['https://www.example.com/example/page.html', 'https://www.example.com/', 'https://elsewhere.example/'].map((url) => rules.allowed(url) ?? 'unknown');
console.log(JSON.stringify({ answers, robotRules }));
`;
}

let work = '';
let project = '';
let tarball = '';
let dependencyTarball = '';

before(() => {
	work = mkdtempSync(join(tmpdir(), 'robots-package-'));
	// npm pack runs the package's prepack script, which builds it (esbuild bundles, tsc declarations).
	ok(run('npm', ['pack', '--pack-destination', work], packageDir), 'npm pack');
	tarball = join(work, `${manifest.name}-${manifest.version}.tgz`);
	// The dependency, from this repository's node_modules, so that the install needs neither registry nor cache.
	const dependency = Object.keys(manifest.dependencies);
	assert.deepStrictEqual(dependency, ['vscode-languageserver-types']);
	ok(run('npm', ['pack', join(repoRoot, 'node_modules', dependency[0]), '--ignore-scripts', '--pack-destination', work], work), 'npm pack of the dependency');
	dependencyTarball = join(work, readdirSync(work).find((name) => name.startsWith(`${dependency[0]}-`) && name.endsWith('.tgz'))!);
	project = join(work, 'consumer');
	mkdirSync(project);
	writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
	ok(run('npm', ['install', '--offline', tarball, dependencyTarball], project), 'npm install --offline');
});

after(() => {
	rmSync(work, { recursive: true, force: true });
});

describe('the robots-txt-tools package', () => {
	test('the tarball holds the bundles, the declarations and the documents, and nothing else', () => {
		const listing = ok(run('tar', ['-tzf', tarball], work), 'tar')
			.split('\n')
			.filter((line) => line !== '')
			.map((line) => line.replace(/^package\//, ''));
		const outside = listing.filter((path) => !path.startsWith('dist/types/')).sort();
		assert.deepStrictEqual(outside, [
			'CHANGELOG.md',
			'LICENSE',
			'README.md',
			'dist/cli.cjs',
			'dist/index.cjs',
			'dist/index.d.cts',
			'dist/index.d.mts',
			'dist/index.mjs',
			'dist/l10n/bundle.l10n.pt-br.json',
			'dist/l10n/bundle.l10n.ru.json',
			'dist/l10n/bundle.l10n.zh-cn.json',
			'dist/main.cjs',
			'package.json',
		]);
		assert.ok(listing.includes('dist/types/library.d.ts'));
		assert.ok(
			listing.filter((path) => path.startsWith('dist/types/')).every((path) => path.endsWith('.d.ts')),
			'only declarations under dist/types',
		);
	});

	test("the bundles import nothing but Node's built-in modules (the CLI's, and its translations beside it), so no other package is loaded at run time", () => {
		const dist = join(project, 'node_modules', manifest.name, 'dist');
		const imported = (file: string) =>
			[...readFileSync(join(dist, file), 'utf8').matchAll(/\brequire\("([^"]+)"\)|^import\b.*?from\s*"([^"]+)"|\bimport\("([^"]+)"\)/gm)].map(
				(match) => match[1] ?? match[2] ?? match[3],
			);
		assert.deepStrictEqual(imported('index.cjs'), []);
		assert.deepStrictEqual(imported('index.mjs'), []);
		// The command's entry (cli.cjs) and the bundle it runs (main.cjs).
		const cli = [...new Set([...imported('cli.cjs'), ...imported('main.cjs')])].sort();
		const translations = cli.filter((name) => /^\.\/l10n\/bundle\.l10n\.[a-z-]+\.json$/.test(name));
		assert.deepStrictEqual(
			translations.map((name) => existsSync(join(dist, name))),
			[true, true, true],
			translations.join(),
		);
		const builtins = cli.filter((name) => !translations.includes(name));
		assert.ok(builtins.length > 0 && builtins.every((name) => builtinModules.includes(name.replace(/^node:/, ''))), cli.join());
	});

	test('the command speaks each shipped language from the translations it carries, and English without them', () => {
		const bin = join(project, 'node_modules', '.bin', 'robots-txt');
		for (const locale of ['ru', 'zh-cn', 'pt-br']) {
			const bundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', `bundle.l10n.${locale}.json`), 'utf8')) as Record<string, string>;
			assert.equal(ok(run(bin, ['--locale', locale, '--help'], project), locale).split('\n')[0], bundle['Usage:'], locale);
		}
		assert.equal(ok(run(bin, ['--help'], project), 'en').split('\n')[0], 'Usage:');
	});

	test('JavaScript: ESM and CommonJS consumers answer RFC 9309 §5.1 as the RFC does', () => {
		writeFileSync(join(project, 'esm.mjs'), consumer("import { parse, evaluate, compileMatcher, RobotRules } from 'robots-txt-tools';"));
		writeFileSync(join(project, 'cjs.cjs'), consumer("const { parse, evaluate, compileMatcher, RobotRules } = require('robots-txt-tools');"));
		for (const file of ['esm.mjs', 'cjs.cjs']) {
			const output = JSON.parse(ok(run(process.execPath, [file], project), file)) as { answers: unknown; robotRules: unknown };
			assert.deepStrictEqual(output.answers, expected, file);
			// foobot may fetch only /example/page.html and /example/allowed.gif; nothing is known of another site.
			assert.deepStrictEqual(output.robotRules, [true, false, 'unknown'], file);
		}
	});

	test('JavaScript: the whole documented surface is there, in both formats, and needs no other package to run', () => {
		const names = [
			'parse',
			'print',
			'evaluate',
			'evaluateAs',
			'readAs',
			'compileMatcher',
			'compileCrawlerMatcher',
			'RobotRules',
			'knownCrawlers',
			'findCrawler',
			'crawlerProfile',
			'computeDiagnostics',
			'diagnosticCatalogue',
			'defaultAnalysisOptions',
			'decodeRobotsBytes',
			'concludeFetch',
			'describeConclusion',
			'robotsTarget',
			'looksLikeRobotsTxt',
		];
		writeFileSync(
			join(project, 'surface.mjs'),
			`import * as esm from 'robots-txt-tools';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('robots-txt-tools');
const names = ${JSON.stringify(names)};
const model = esm.parse('User-agent: GPTBot\\nDisallow /\\n');
console.log(JSON.stringify({
	missing: names.filter((name) => esm[name] === undefined || cjs[name] === undefined),
	same: Object.keys(esm).sort().join() === Object.keys(cjs).sort().join(),
	gptbot: esm.evaluateAs(model, 'GPTBot', '/a').verdict,
	codes: esm.computeDiagnostics(model, esm.defaultAnalysisOptions).map((d) => d.code),
	decoded: esm.decodeRobotsBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])),
	crawlers: esm.knownCrawlers.length > 100,
}));
`,
		);
		// The type package is only for the declarations: move it away and everything still runs.
		const types = join(project, 'node_modules', 'vscode-languageserver-types');
		renameSync(types, `${types}.away`);
		try {
			const output = JSON.parse(ok(run(process.execPath, ['surface.mjs'], project), 'surface.mjs')) as {
				missing: string[];
				same: boolean;
				gptbot: string;
				codes: string[];
				decoded: string;
				crawlers: boolean;
			};
			assert.deepStrictEqual(output.missing, []);
			assert.equal(output.same, true);
			// GPTBot reads with an RFC 9309 parser, which needs the colon: `Disallow /` is no rule for it.
			assert.equal(output.gptbot, 'allow');
			assert.ok(output.codes.includes('missing-colon'), output.codes.join());
			assert.equal(output.decoded, '\ufeffA');
			assert.equal(output.crawlers, true);
			ok(run(process.execPath, ['esm.mjs'], project), 'esm.mjs without the type package');
			ok(run(process.execPath, ['cjs.cjs'], project), 'cjs.cjs without the type package');
		} finally {
			renameSync(`${types}.away`, types);
		}
	});

	test("TypeScript: the declarations type-check under nodenext (ESM and CommonJS files) and commonjs resolution, and so do the READMEs' examples", () => {
		const source = `import { parse, evaluate, compileMatcher, RobotRules, type Evaluation, type Verdict } from 'robots-txt-tools';
const model = parse('User-agent: *\\nDisallow: /private/\\n');
const result: Evaluation = evaluate(model, { agent: 'Googlebot', url: '/private/a', dialect: 'google' });
const verdict: Verdict = result.verdict;
const allowed: boolean = compileMatcher(model, { agent: 'Googlebot' }).isAllowed('/public');
const rules = new RobotRules('SuperRobot/1.0');
rules.parse('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /\\n');
const known: boolean | undefined = rules.allowed('https://example.com/a');
export const answers = [verdict, allowed, known];
`;
		const wrong = `import { evaluate, parse } from 'robots-txt-tools';
export const line: string = evaluate(parse(''), { agent: 'a', url: '/' }).verdict === 'allow' ? 1 : 'x';
`;
		writeFileSync(join(project, 'typed.mts'), source);
		writeFileSync(join(project, 'typed.cts'), source);
		writeFileSync(join(project, 'typed.ts'), source);
		writeFileSync(join(project, 'wrong.ts'), wrong);
		// Strict, with the library files checked too, and no ambient types: the declarations stand on their own.
		const strict = { strict: true, noEmit: true, skipLibCheck: false, target: 'es2022', types: [] as string[] };
		const configs = {
			'tsconfig.nodenext.json': { compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext' }, files: ['typed.mts', 'typed.cts'] },
			'tsconfig.commonjs.json': { compilerOptions: { ...strict, module: 'commonjs', moduleResolution: 'node10' }, files: ['typed.ts'] },
			'tsconfig.wrong.json': { compilerOptions: { ...strict, module: 'commonjs', moduleResolution: 'node10' }, files: ['wrong.ts'] },
		};
		for (const [name, config] of Object.entries(configs)) {
			writeFileSync(join(project, name), JSON.stringify(config));
		}
		const nodenext = ok(run(process.execPath, [tsc, '-p', 'tsconfig.nodenext.json', '--listFiles'], project), 'tsc (nodenext)');
		// Each format reaches the package through its own entry: the import condition for .mts, require for .cts.
		assert.match(nodenext, /robots-txt-tools\/dist\/index\.d\.mts/);
		assert.match(nodenext, /robots-txt-tools\/dist\/index\.d\.cts/);
		const commonjs = ok(run(process.execPath, [tsc, '-p', 'tsconfig.commonjs.json', '--listFiles'], project), 'tsc (commonjs)');
		assert.match(commonjs, /robots-txt-tools\/dist\/index\.d\.cts/);
		assert.match(commonjs, /vscode-languageserver-types/, 'the LSP types come from their package');
		// The READMEs' library examples type-check against the package, as written.
		const examples = [join(repoRoot, 'README.md'), join(packageDir, 'README.md')].map((readme, i) => {
			const text = readFileSync(readme, 'utf8');
			const section = text.slice(text.indexOf('\n## Library\n'));
			const code = /```ts\n([\s\S]*?)```/.exec(section)![1];
			const file = `readme${i}.mts`;
			writeFileSync(join(project, file), `declare const text: string, url: string, robotsUrl: string, bytes: Uint8Array;\n${code}\nexport {};\n`);
			return file;
		});
		writeFileSync(
			join(project, 'tsconfig.readme.json'),
			JSON.stringify({ compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext', noUnusedLocals: false }, files: examples }),
		);
		ok(run(process.execPath, [tsc, '-p', 'tsconfig.readme.json'], project), "tsc (the READMEs' examples)");
		// The types are real: a misuse is an error, not an any.
		const misuse = run(process.execPath, [tsc, '-p', 'tsconfig.wrong.json'], project);
		assert.equal(misuse.status, 2, misuse.stdout);
		assert.match(misuse.stdout, /wrong\.ts\(2,14\): error TS2322: Type 'string \| number' is not assignable to type 'string'/);
	});

	// `--no`: never download; `--`: what follows is the CLI's (npx reads `--version` as its own otherwise).
	test('the CLI runs through npx: its version, a URL test and a lint', () => {
		assert.equal(ok(run('npx', ['--no', '--', 'robots-txt', '--version'], project), 'npx robots-txt --version').trim(), `robots-txt ${manifest.version}`);
		writeFileSync(join(project, 'robots.txt'), rfc.robots);
		const tested = ok(
			run(
				'npx',
				['--no', '--', 'robots-txt', 'test', 'robots.txt', 'https://www.example.com/example/page.html', '--agent', 'foobot', '--dialect', 'rfc9309'],
				project,
			),
			'npx robots-txt test',
		);
		assert.match(tested, /^ALLOWED +https:\/\/www\.example\.com\/example\/page\.html +\(line 8: Allow:\/example\/page\.html\)$/m);
		writeFileSync(join(project, 'broken.robots.txt'), 'User-agent: *\nDisallow /private\n');
		const lint = run('npx', ['--no', '--', 'robots-txt', 'lint', 'broken.robots.txt'], project);
		assert.equal(lint.status, 1, lint.stderr);
		assert.match(lint.stdout, /^broken\.robots\.txt:2:1: error missing-colon: /m);
	});
});

/** The hooks of .pre-commit-hooks.yaml, read from its one layout (a list of flat maps). */
function preCommitHooks(): Record<string, string>[] {
	const hooks: Record<string, string>[] = [];
	for (const line of readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8').split('\n')) {
		const entry = /^(- | {2})([a-z_]+): (.*)$/.exec(line);
		if (entry) {
			if (entry[1] === '- ') {
				hooks.push({});
			}
			hooks.at(-1)![entry[2]] = entry[3];
		}
	}
	return hooks;
}

describe('the pre-commit hooks', () => {
	const hooks = preCommitHooks();

	test("run the package's command, pinned to this version, on robots.txt files by name", () => {
		assert.deepStrictEqual(
			hooks.map((hook) => [hook.id, hook.entry, hook.language, hook.additional_dependencies]),
			[
				['robots-txt-lint', 'robots-txt-tools lint', 'node', `['${manifest.name}@${manifest.version}']`],
				['robots-txt-check', 'robots-txt-tools check', 'node', `['${manifest.name}@${manifest.version}']`],
			],
		);
		// pre-commit matches `files` with Python's re.search; these expressions read the same in JavaScript.
		const selects = (hook: Record<string, string>, path: string) => new RegExp(hook.files).test(path);
		const paths = [
			'robots.txt',
			'public/robots.txt',
			'sites/staging.robots.txt',
			'robots.expectations',
			'public/shop.robots.expectations',
			'notes.txt',
			'myrobots.txt',
			'robots.txt.bak',
			'robots.txt/readme.md',
		];
		assert.deepStrictEqual(
			paths.filter((path) => selects(hooks[0], path)),
			['robots.txt', 'public/robots.txt', 'sites/staging.robots.txt'],
		);
		assert.deepStrictEqual(
			paths.filter((path) => selects(hooks[1], path)),
			['robots.txt', 'public/robots.txt', 'sites/staging.robots.txt', 'robots.expectations', 'public/shop.robots.expectations'],
		);
		// The check hook runs every expectations file whichever file changed: an edit to a robots.txt can break one.
		assert.equal(hooks[1].pass_filenames, 'false');
		assert.equal(hooks[0].pass_filenames, undefined);
	});

	test('their commands, as pre-commit runs them from the installed package, fail on an error and a failed expectation', () => {
		const repo = join(work, 'hooks');
		mkdirSync(join(repo, 'public'), { recursive: true });
		writeFileSync(join(repo, 'public', 'robots.txt'), 'User-agent: *\nDisallow: /private/\n');
		writeFileSync(join(repo, 'public', 'robots.expectations'), 'Googlebot /private/a disallow\nbingbot /about allow\n');
		const bin = join(project, 'node_modules', '.bin', 'robots-txt-tools');
		const hook = (entry: string, files: string[]) => run(bin, [...entry.split(' ').slice(1), ...files], repo);
		assert.equal(hook(hooks[0].entry, ['public/robots.txt']).status, 0);
		assert.equal(hook(hooks[1].entry, []).status, 0);
		writeFileSync(join(repo, 'public', 'robots.txt'), 'User-agent: *\nDisallow /private/\nDisallow: /about\n');
		const lint = hook(hooks[0].entry, ['public/robots.txt']);
		assert.equal(lint.status, 1);
		assert.match(lint.stdout, /^public\/robots\.txt:2:1: error missing-colon: /m);
		const check = hook(hooks[1].entry, []);
		assert.equal(check.status, 1);
		assert.match(check.stdout, /^public\/robots\.expectations:2:1: FAIL Expected bingbot to be ALLOWED for \/about/m);
	});
});

/** The inputs of action.yml with their defaults, and the environment its step passes, read from its one layout. */
function actionManifest(): { inputs: Map<string, string>; env: Map<string, string>; outputs: Map<string, string> } {
	const text = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
	const section = (name: string) => text.slice(text.indexOf(`\n${name}:\n`) + name.length + 2).split(/\n(?=\S)/)[0];
	const inputs = new Map<string, string>();
	for (const [, name, body] of section('inputs').matchAll(/^ {2}([a-z-]+):\n((?: {4}.*\n?)*)/gm)) {
		inputs.set(name, /^ {4}default: (.*)$/m.exec(body)![1].replace(/^'(.*)'$/, '$1'));
	}
	const outputs = new Map([...section('outputs').matchAll(/^ {2}([a-z-]+):\n(?: {4}.*\n)*? {4}value: (.*)$/gm)].map((match) => [match[1], match[2]]));
	const env = new Map([...text.matchAll(/^ {8}(INPUT_[A-Z_]+): (.*)$/gm)].map((match) => [match[1], match[2]]));
	return { inputs, env, outputs };
}

describe('the GitHub Action', () => {
	const { inputs, env, outputs } = actionManifest();

	test('action.yml passes every input to its step, and the step reads exactly those', () => {
		assert.deepStrictEqual(
			[...inputs.keys()],
			['paths', 'lint', 'check', 'crawlers', 'max-warnings', 'hints', 'sarif-file', 'watch', 'watch-state', 'watch-expectations', 'package'],
		);
		assert.deepStrictEqual(
			[...env],
			[...inputs.keys()].map((name) => [`INPUT_${name.toUpperCase().replace(/-/g, '_')}`, `\${{ inputs.${name} }}`]),
		);
		const read = new Set(readFileSync(join(repoRoot, 'action', 'run.sh'), 'utf8').match(/INPUT_[A-Z_]+/g));
		assert.deepStrictEqual([...read].sort(), [...env.keys()].sort());
		assert.equal(inputs.get('package'), `${manifest.name}@${manifest.version}`, 'the action runs the package of the same release');
		assert.deepStrictEqual(
			[...outputs],
			['errors', 'warnings', 'failed', 'sarif-file', 'severity'].map((name) => [name, `\${{ steps.robots-txt.outputs.${name} }}`]),
		);
	});

	/** Runs action/run.sh as the runner would: in the workspace, inputs as variables (defaults from action.yml). */
	function runAction(workspace: string, given: Record<string, string>) {
		const runnerTemp = mkdtempSync(join(work, 'runner-'));
		const variables: NodeJS.ProcessEnv = {
			...offline,
			GITHUB_WORKSPACE: workspace,
			RUNNER_TEMP: runnerTemp,
			GITHUB_OUTPUT: join(runnerTemp, 'output'),
			GITHUB_STEP_SUMMARY: join(runnerTemp, 'summary'),
		};
		for (const [name, value] of inputs) {
			variables[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = given[name] ?? value;
		}
		// The package as packed here, with its dependency beside it, instead of the registry's.
		variables.INPUT_PACKAGE = given.package ?? `${tarball} ${dependencyTarball}`;
		const result = run('bash', [join(repoRoot, 'action', 'run.sh')], workspace, variables);
		const read = (name: string) => {
			try {
				return readFileSync(join(runnerTemp, name), 'utf8');
			} catch {
				return '';
			}
		};
		return { ...result, output: read('output'), summary: read('summary') };
	}

	test('lint and failing expectations: annotations on the lines, the robots.txt line that decides included, a summary, outputs and SARIF', () => {
		const workspace = join(work, 'workspace');
		mkdirSync(join(workspace, 'site'), { recursive: true });
		mkdirSync(join(workspace, 'a,b'), { recursive: true });
		writeFileSync(join(workspace, 'site', 'robots.txt'), 'User-agent: *\nDisallow /tmp/\nDisallow: /private/\n');
		writeFileSync(join(workspace, 'site', 'robots.expectations'), 'Googlebot /private/report.pdf allow\nbingbot /about allow\n');
		writeFileSync(join(workspace, 'a,b', 'robots.txt'), 'User-agent: *\nDisallow: /\n');
		const result = runAction(workspace, { 'sarif-file': 'robots.sarif' });
		assert.equal(result.status, 1, result.stderr);
		const lines = result.stdout.split('\n');
		// What lint itself reports, one annotation each.
		const lint = JSON.parse(run(join(project, 'node_modules', '.bin', 'robots-txt'), ['lint', '.', '--format', 'json'], workspace).stdout) as unknown[];
		assert.ok(lint.length >= 3);
		assert.ok(
			lines.includes(
				'::error file=site/robots.txt,line=2,endLine=2,col=1,endColumn=9,title=robots-txt missing-colon::'
					+ 'Missing ":" after "Disallow": only Googlebot, Googlebot-Image and Google-Extended read it (as "Disallow: /tmp/"); bingbot, Baiduspider, DuckDuckBot and 8 more ignore the line.',
			),
			result.stdout,
		);
		assert.ok(
			lines.some((line) => line.startsWith('::notice file=site/robots.txt,line=3,endLine=3,col=11,endColumn=20,title=robots-txt private-path-disclosure::')),
			result.stdout,
		);
		// A comma in a path is escaped, as GitHub's property syntax needs.
		assert.ok(
			lines.some((line) => line.startsWith('::warning file=a%2Cb/robots.txt,line=2,')),
			result.stdout,
		);
		// The failed expectation, on its line and on the robots.txt line that decides it.
		const failure = 'Expected Googlebot to be ALLOWED for /private/report.pdf, but it is DISALLOWED by line 3 `Disallow: /private/`';
		assert.ok(
			lines.some((line) => line.startsWith(`::error file=site/robots.expectations,line=1,title=robots-txt expectation failed::${failure}`)),
			result.stdout,
		);
		assert.ok(
			lines.some((line) =>
				line.startsWith(
					`::error file=site/robots.txt,line=3,title=robots-txt expectation failed::An expectation fails here. site/robots.expectations:1: ${failure}`,
				),
			),
			result.stdout,
		);
		assert.equal(lines.filter((line) => line.startsWith('::')).length, lint.length + 2);
		assert.deepStrictEqual(result.output.trim().split('\n'), ['errors=1', 'warnings=1', 'sarif-file=robots.sarif', 'failed=1']);
		assert.match(result.summary, /### robots-txt lint\n\n1 error, 1 warning, 1 information, 0 hints in 2 files with problems \(exit status 1\)\./);
		assert.match(result.summary, /### robots-txt check\n\n1 passed, 1 failed, 0 errors in 1 expectations file \(exit status 1\)\./);
		const sarif = JSON.parse(readFileSync(join(workspace, 'robots.sarif'), 'utf8')) as {
			version: string;
			runs: { tool: { driver: { version: string } }; results: unknown[] }[];
		};
		assert.equal(sarif.version, '2.1.0');
		assert.equal(sarif.runs[0].tool.driver.version, manifest.version);
		assert.equal(sarif.runs[0].results.length, lint.length);
	});

	test('check runs when there are expectations files (auto), or as told; bad inputs are refused', () => {
		const workspace = join(work, 'clean');
		mkdirSync(workspace, { recursive: true });
		writeFileSync(join(workspace, 'robots.txt'), 'User-agent: *\nDisallow:\n');
		const clean = runAction(workspace, {});
		assert.equal(clean.status, 0, clean.stdout + clean.stderr);
		assert.deepStrictEqual(
			clean.stdout.split('\n').filter((line) => line.startsWith('::')),
			[],
		);
		assert.doesNotMatch(clean.summary, /robots-txt check/, 'no expectations file: no check');
		// Told to check where there is nothing to check: the CLI's exit status 2, and its message.
		const told = runAction(workspace, { check: 'true' });
		assert.equal(told.status, 2);
		assert.match(told.stderr, /robots-txt: /);
		const none = runAction(workspace, { lint: 'false', check: 'false' });
		assert.deepStrictEqual([none.status, none.stdout, none.summary], [0, '', '']);
		for (const [name, value] of [
			['lint', 'yes'],
			['hints', '1'],
			['check', 'sometimes'],
		]) {
			const refused = runAction(workspace, { [name]: value });
			assert.equal(refused.status, 2);
			assert.match(refused.stdout, new RegExp(`^::error title=robots-txt action::the ${name} input is .*not "${value}"$`, 'm'));
		}
		const nothing = runAction(workspace, { package: ' ' });
		assert.equal(nothing.status, 2);
	});
});
