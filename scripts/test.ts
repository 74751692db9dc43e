// `npm test`: every suite (unit, CLI, LSP, grammar, end-to-end), one after another, then one summary of them all.
// `node out/scripts/test.js unit cli` runs only the suites named; `npm run test:unit` runs all but the end-to-end one.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './codeServer';
import { allPassed, formatSummary, runSuites, type Suite } from './testSuites';

function list(folder: string, suffix: string): string[] {
	return readdirSync(join(repoRoot, folder))
		.filter((name) => name.endsWith(suffix))
		.sort()
		.map((name) => `${folder}/${name}`);
}

const tmgrammarBin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

/** Every suite, in the order `npm test` runs them: the quick ones first, real VS Code last. */
export function allSuites(): Suite[] {
	return [
		{ kind: 'node', name: 'unit', files: list('out/test/unit', '.test.js') },
		{ kind: 'node', name: 'CLI', files: list('out/test/cli', '.test.js') },
		{ kind: 'node', name: 'LSP', files: list('out/test/lsp', '.test.js') },
		// The npm package packed, installed into a fresh project and used from there; its API documentation built.
		{ kind: 'node', name: 'package', files: list('out/test/package', '.test.js') },
		{
			kind: 'files',
			name: 'grammar',
			setup: [[process.execPath, 'test/grammar/snapshots-exist.mjs']],
			files: [...list('test/grammar', '.test.robots.txt'), ...list('test/grammar', '.test.robots.expectations'), ...list('test/grammar/snap', '.robots.txt')],
			commands: [
				[tmgrammarBin('vscode-tmgrammar-test'), '-c', 'test/grammar/*.test.robots.txt', 'test/grammar/*.test.robots.expectations'],
				[tmgrammarBin('vscode-tmgrammar-snap'), '-s', 'source.robots-txt', 'test/grammar/snap/*.robots.txt'],
			],
		},
		{
			kind: 'node',
			name: 'e2e',
			// The .vsix the UI suite installs, and code-server (installed into .cache/ on first use).
			setup: [
				['npm', 'run', 'package'],
				[process.execPath, 'out/scripts/codeServer.js'],
			],
			nodeOptions: ['--test-concurrency=1'],
			files: [
				'out/test/e2e/ui.test.js',
				'out/test/e2e/testBench.test.js',
				'out/test/e2e/benchFirstUse.test.js',
				'out/test/e2e/site.test.js',
				'out/test/e2e/web.test.js',
				'out/test/e2e/extensionHost.test.js',
				'out/test/e2e/bigFile.test.js',
				'out/test/e2e/l10n.test.js',
			],
		},
	];
}

async function main(): Promise<void> {
	const wanted = process.argv.slice(2).map((name) => name.toLowerCase());
	const suites = allSuites();
	const unknown = wanted.filter((name) => !suites.some((suite) => suite.name.toLowerCase() === name));
	if (unknown.length > 0) {
		console.error(`unknown suite ${unknown.join(', ')} (expected ${suites.map((suite) => suite.name).join(', ')})`);
		process.exit(2);
	}
	const chosen = wanted.length === 0 ? suites : suites.filter((suite) => wanted.includes(suite.name.toLowerCase()));
	const results = await runSuites(chosen, { cwd: repoRoot, write: (text) => process.stdout.write(text) });
	process.stdout.write(formatSummary(results));
	process.exitCode = allPassed(results) ? 0 : 1;
}

if (require.main === module) {
	void main();
}
