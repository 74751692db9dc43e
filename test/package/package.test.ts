/**
 * The npm package as a user gets it: `npm pack` in packages/robots-txt-tools (which builds it), `npm install --offline`
 * of the tarball into a fresh project, then the library imported from TypeScript (type-checked with this repository's
 * tsc under `nodenext` and `commonjs` resolution) and from JavaScript (ESM and CommonJS) and run, and the CLI run
 * through `npx`. The answers checked are RFC 9309 §5.1's. Nothing here touches the network: the one dependency (for
 * the type declarations) is packed from this repository's node_modules.
 */

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixturesDir, repoRoot } from '../util/fixtures';

export const packageDir = join(repoRoot, 'packages', 'robots-txt-tools');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** npm without the network: a package that is not in the cache or on disk is an error, not a download. */
const offline = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

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
const rfc = (JSON.parse(readFileSync(join(fixturesDir, 'match', 'rfc9309.json'), 'utf8')) as { suites: { name: string; robots: string; cases: MatchCase[] }[] })
	.suites.find((suite) => suite.name === 'rfc9309-5.1-simple-example')!;
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
	return { agent, url, verdict: result.verdict, line: result.rule ? result.rule.line + 1 : null };
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

before(() => {
	work = mkdtempSync(join(tmpdir(), 'robots-package-'));
	// npm pack runs the package's prepack script, which builds it (esbuild bundles, tsc declarations).
	ok(run('npm', ['pack', '--pack-destination', work], packageDir), 'npm pack');
	tarball = join(work, `${manifest.name}-${manifest.version}.tgz`);
	// The dependency, from this repository's node_modules, so that the install needs neither registry nor cache.
	const dependency = Object.keys(manifest.dependencies);
	assert.deepStrictEqual(dependency, ['vscode-languageserver-types']);
	ok(run('npm', ['pack', join(repoRoot, 'node_modules', dependency[0]), '--ignore-scripts', '--pack-destination', work], work), 'npm pack of the dependency');
	const dependencyTarball = readdirSync(work).find((name) => name.startsWith(`${dependency[0]}-`) && name.endsWith('.tgz'))!;
	project = join(work, 'consumer');
	mkdirSync(project);
	writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
	ok(run('npm', ['install', '--offline', tarball, join(work, dependencyTarball)], project), 'npm install --offline');
});

after(() => {
	rmSync(work, { recursive: true, force: true });
});

describe('the robots-txt-tools package', () => {
	test('the tarball holds the bundles, the declarations and the documents, and nothing else', () => {
		const listing = ok(run('tar', ['-tzf', tarball], work), 'tar').split('\n').filter((line) => line !== '').map((line) => line.replace(/^package\//, ''));
		const outside = listing.filter((path) => !path.startsWith('dist/types/')).sort();
		assert.deepStrictEqual(outside, ['CHANGELOG.md', 'LICENSE', 'README.md', 'dist/cli.cjs', 'dist/index.cjs', 'dist/index.d.cts', 'dist/index.d.mts', 'dist/index.mjs', 'package.json']);
		assert.ok(listing.includes('dist/types/library.d.ts'));
		assert.ok(listing.filter((path) => path.startsWith('dist/types/')).every((path) => path.endsWith('.d.ts')), 'only declarations under dist/types');
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
		const names = ['parse', 'print', 'evaluate', 'evaluateAs', 'readAs', 'compileMatcher', 'compileCrawlerMatcher', 'RobotRules', 'knownCrawlers', 'findCrawler', 'crawlerProfile',
			'computeDiagnostics', 'diagnosticCatalogue', 'defaultAnalysisOptions', 'decodeRobotsBytes', 'concludeFetch', 'describeConclusion', 'robotsTarget', 'looksLikeRobotsTxt'];
		writeFileSync(join(project, 'surface.mjs'), `import * as esm from 'robots-txt-tools';
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
`);
		// The type package is only for the declarations: move it away and everything still runs.
		const types = join(project, 'node_modules', 'vscode-languageserver-types');
		renameSync(types, `${types}.away`);
		try {
			const output = JSON.parse(ok(run(process.execPath, ['surface.mjs'], project), 'surface.mjs')) as { missing: string[]; same: boolean; gptbot: string; codes: string[]; decoded: string; crawlers: boolean };
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

	test('TypeScript: the declarations type-check under nodenext (ESM and CommonJS files) and commonjs resolution', () => {
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
		// The types are real: a misuse is an error, not an any.
		const misuse = run(process.execPath, [tsc, '-p', 'tsconfig.wrong.json'], project);
		assert.equal(misuse.status, 2, misuse.stdout);
		assert.match(misuse.stdout, /wrong\.ts\(2,14\): error TS2322: Type 'string \| number' is not assignable to type 'string'/);
	});

	// `--no`: never download; `--`: what follows is the CLI's (npx reads `--version` as its own otherwise).
	test('the CLI runs through npx: its version, a URL test and a lint', () => {
		assert.equal(ok(run('npx', ['--no', '--', 'robots-txt', '--version'], project), 'npx robots-txt --version').trim(), `robots-txt ${manifest.version}`);
		writeFileSync(join(project, 'robots.txt'), rfc.robots);
		const tested = ok(run('npx', ['--no', '--', 'robots-txt', 'test', 'robots.txt', 'https://www.example.com/example/page.html', '--agent', 'foobot', '--dialect', 'rfc9309'], project), 'npx robots-txt test');
		assert.match(tested, /^ALLOWED +https:\/\/www\.example\.com\/example\/page\.html +\(line 8: Allow:\/example\/page\.html\)$/m);
		writeFileSync(join(project, 'broken.robots.txt'), 'User-agent: *\nDisallow /private\n');
		const lint = run('npx', ['--no', '--', 'robots-txt', 'lint', 'broken.robots.txt'], project);
		assert.equal(lint.status, 1, lint.stderr);
		assert.match(lint.stdout, /^broken\.robots\.txt:2:1: error missing-colon: /m);
	});
});
