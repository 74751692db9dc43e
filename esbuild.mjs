// The project's only emitter: bundles the CLI, the language server and the client, and transpiles tests and scripts/ into out/.
// Flags: --production (minified, no source maps), --watch, --tests (test and script files into out/ instead of the bundles).
import * as esbuild from 'esbuild';
import { builtinModules } from 'node:module';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

/** @type {import('esbuild').BuildOptions} */
const base = {
	bundle: true,
	platform: 'node',
	format: 'cjs',
	target: 'node20',
	external: ['vscode'],
	sourcemap: !production,
	sourcesContent: false,
	minify: production,
	logLevel: 'warning',
};

function walk(dir, out = []) {
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) {
			walk(path, out);
		} else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) {
			out.push(path);
		}
	}
	return out;
}

// The CLI's translations stay files it reads when a locale asks for one (io/src/localize.ts): from cli/dist/main.js, the
// path written in the source (../../l10n/) is the repository's l10n/ folder.
const l10nBundle = /(^|\/)bundle\.l10n\.[^/]+\.json$/;
const bundles = [
	// The command's entry runs the CLI's bundle beside it from V8's code cache (cli/src/entry.ts).
	{ ...base, entryPoints: ['cli/src/entry.ts'], outfile: 'cli/dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
	{ ...base, entryPoints: ['cli/src/main.ts'], outfile: 'cli/dist/main.js', external: [...base.external, '../../l10n/*'] },
	{ ...base, entryPoints: ['server/src/main.ts'], outfile: 'server/dist/server.js', banner: { js: '#!/usr/bin/env node' } },
	{ ...base, entryPoints: ['client/src/extension.ts'], outfile: 'client/dist/extension.js' },
	// The test bench's webview script runs in the webview (a browser), not in Node.
	{ ...base, entryPoints: ['client/webview/testBench.ts'], outfile: 'client/dist/testBench.js', platform: 'browser', format: 'iife', target: 'es2022' },
	// Its styles, a file the page links to (the Content-Security-Policy allows styles from the extension's own files).
	{ entryPoints: ['client/webview/testBench.css'], outfile: 'client/dist/testBench.css', bundle: true, minify: production, logLevel: 'warning' },
];

// The web extension (vscode.dev, github.dev): the client for VS Code's web worker extension host (CommonJS, which that
// host loads with `vscode` provided) and the language server as a classic web worker script. Nothing of Node may reach
// them: an import of a Node built-in fails the build, even where a package's `browser` field would quietly stub it.
const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const noNodeBuiltins = {
	name: 'no-node-builtins',
	setup(build) {
		build.onResolve({ filter: /^[^./]/ }, (args) => {
			const name = args.path.replace(/\/.*$/, '');
			if (!nodeBuiltins.has(args.path) && !nodeBuiltins.has(name)) {
				return undefined;
			}
			return { errors: [{ text: `"${args.path}" is a Node built-in (imported by ${args.importer}); the browser bundles cannot use it` }] };
		});
	},
};
const browser = { ...base, platform: 'browser', target: 'es2022', plugins: [noNodeBuiltins] };
bundles.push(
	{ ...browser, entryPoints: ['client/src/browser.ts'], outfile: 'client/dist/browser.js', format: 'cjs' },
	{ ...browser, entryPoints: ['server/src/browserMain.ts'], outfile: 'server/dist/browser.js', format: 'iife' },
);

// Tests are transpiled file by file (not bundled) so that each test imports the same module instances.
const { external: _external, ...unbundled } = base;
const testBuild = {
	...unbundled,
	bundle: false,
	sourcemap: true,
	entryPoints: [...walk('test'), ...walk('core/src'), ...walk('io/src'), ...walk('server/src'), ...walk('cli/src'), ...walk('scripts')],
	outdir: 'out',
	outbase: '.',
};

// The robots-txt-tools npm package (packages/robots-txt-tools/, issue 14): the core's library API (core/library.ts) as
// CommonJS and as ESM, and the `robots-txt` CLI, bundled from the same sources with nothing left to import at run time
// (vscode-languageserver-types included). `--package` builds only these into the package's dist/; the type
// declarations are tsc's (`npm run build:package` runs both), reached through the two entry stubs written here.
if (process.argv.includes('--package')) {
	const { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
	const packageDir = 'packages/robots-txt-tools';
	const packageJson = JSON.parse(readFileSync(`${packageDir}/package.json`, 'utf8'));
	rmSync(`${packageDir}/dist`, { recursive: true, force: true });
	const library = { bundle: true, platform: 'node', target: 'node20', sourcemap: false, minify: false, logLevel: 'warning', entryPoints: ['core/src/library.ts'] };
	// The CLI says the package's version (`--version`, the fetch User-Agent), not the extension's.
	const packageVersion = {
		name: 'package-version',
		setup(build) {
			build.onResolve({ filter: /(^|\/)package\.json$/ }, (args) => (args.importer.endsWith(join('cli', 'src', 'main.ts')) ? { path: join(process.cwd(), packageDir, 'package.json') } : undefined));
		},
	};
	// The package carries the CLI's translations as files beside it, dist/l10n/, read when a locale asks for one.
	const packageL10n = {
		name: 'package-l10n',
		setup(build) {
			build.onResolve({ filter: l10nBundle }, (args) => ({ path: `./l10n/${args.path.replace(/^.*\//, '')}`, external: true }));
		},
	};
	await Promise.all([
		esbuild.build({ ...library, format: 'cjs', outfile: `${packageDir}/dist/index.cjs` }),
		esbuild.build({ ...library, format: 'esm', outfile: `${packageDir}/dist/index.mjs` }),
		esbuild.build({ ...library, entryPoints: ['cli/src/entry.ts'], format: 'cjs', outfile: `${packageDir}/dist/cli.cjs`, banner: { js: '#!/usr/bin/env node' } }),
		esbuild.build({ ...library, entryPoints: ['cli/src/main.ts'], format: 'cjs', outfile: `${packageDir}/dist/main.cjs`, plugins: [packageVersion, packageL10n] }),
	]);
	cpSync('l10n', `${packageDir}/dist/l10n`, { recursive: true, filter: (path) => !path.endsWith('.json') || l10nBundle.test(path) });
	// One declaration tree (tsc's, CommonJS-format .d.ts files) behind an ESM and a CommonJS entry, so that TypeScript
	// sees the `import` condition as ESM and the `require` condition as CommonJS.
	mkdirSync(`${packageDir}/dist`, { recursive: true });
	writeFileSync(`${packageDir}/dist/index.d.mts`, "export * from './types/library.js';\n");
	writeFileSync(`${packageDir}/dist/index.d.cts`, "export * from './types/library';\n");
	copyFileSync('LICENSE', `${packageDir}/LICENSE`);
	console.log(`${packageJson.name}@${packageJson.version}: ${packageDir}/dist`);
	process.exit(0);
}

if (tests) {
	// Transpiled files keep their relative imports, and io/src/localize.ts imports the bundles from l10n/.
	const { cpSync } = await import('node:fs');
	cpSync('l10n', 'out/l10n', { recursive: true });
}

const configs = tests ? [testBuild] : bundles;
if (watch) {
	for (const config of configs) {
		const context = await esbuild.context({
			...config,
			plugins: [...(config.plugins ?? []), {
				name: 'watch-log',
				setup(build) {
					build.onStart(() => console.log('[watch] build started'));
					build.onEnd(() => console.log('[watch] build finished'));
				},
			}],
		});
		await context.watch();
	}
} else {
	await Promise.all(configs.map((config) => esbuild.build(config)));
}
