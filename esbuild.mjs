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

const bundles = [
	{ ...base, entryPoints: ['server/src/cli/main.ts'], outfile: 'server/dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
	{ ...base, entryPoints: ['server/src/main.ts'], outfile: 'server/dist/server.js', banner: { js: '#!/usr/bin/env node' } },
	{ ...base, entryPoints: ['client/src/extension.ts'], outfile: 'client/dist/extension.js' },
	// The test bench's webview script runs in the webview (a browser), not in Node.
	{ ...base, entryPoints: ['client/webview/testBench.ts'], outfile: 'client/dist/testBench.js', platform: 'browser', format: 'iife', target: 'es2022' },
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
	entryPoints: [...walk('test'), ...walk('server/src'), ...walk('scripts')],
	outdir: 'out',
	outbase: '.',
};

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
