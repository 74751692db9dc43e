/**
 * The extension as VS Code gets it: `npm run package` (the production build and vsce) into a scratch folder, the
 * .vsix read back, and what it holds checked against what refers to it. Every file the manifest names (entries, icon,
 * language configurations, grammars, the l10n bundles and manifest translations) is in it, and so are the files the
 * client starts (the two server bundles) and the test bench's page script; nothing else is: not the CLI bundle (the
 * npm package ships the command line), not the README's screenshots (GitHub shows them from the repository), not the
 * glossary. No translation is shipped twice: the l10n bundles are files, and no bundled script holds one of their
 * texts. The packaged Node server, run from the unpacked .vsix, reads its language from the packaged l10n/ folder.
 */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	createProtocolConnection,
	InitializedNotification,
	InitializeRequest,
	RequestType,
	ResponseError,
	StreamMessageReader,
	StreamMessageWriter,
} from 'vscode-languageserver/node';
import { format } from '../../core/src/l10n';
import * as protocol from '../../core/src/protocol';
import { shippedLocales } from '../../io/src/locales';
import { repoRoot } from '../util/fixtures';

/** The files of a zip archive by name, inflated (a .vsix is one: stored or deflated entries, a central directory). */
function readZip(zip: Buffer): Map<string, Buffer> {
	const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	assert.ok(end >= 0, 'no end of central directory');
	const files = new Map<string, Buffer>();
	let entry = zip.readUInt32LE(end + 16);
	for (let count = zip.readUInt16LE(end + 10); count > 0; count--) {
		assert.equal(zip.readUInt32LE(entry), 0x02014b50, 'a central directory entry');
		const method = zip.readUInt16LE(entry + 10);
		const size = zip.readUInt32LE(entry + 20);
		const nameLength = zip.readUInt16LE(entry + 28);
		const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
		const local = zip.readUInt32LE(entry + 42);
		const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
		const raw = zip.subarray(data, data + size);
		assert.ok(method === 0 || method === 8, `${name}: compression method ${method}`);
		files.set(name, method === 0 ? raw : inflateRawSync(raw));
		entry += 46 + nameLength + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
	}
	return files;
}

interface Manifest {
	readonly main: string;
	readonly browser: string;
	readonly icon: string;
	readonly l10n: string;
	readonly contributes: {
		readonly languages: readonly { readonly configuration?: string }[];
		readonly grammars: readonly { readonly path: string }[];
	};
}

/** A manifest path as the .vsix names it (`./client/x.js` → `extension/client/x.js`). */
const inVsix = (path: string) => posix.join('extension', path);

/** Text of a bundled script with its `\uXXXX` escapes read (esbuild writes non-ASCII text so). */
const unescaped = (script: string) => script.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('the .vsix', () => {
	let work = '';
	let files = new Map<string, Buffer>();
	let manifest: Manifest;

	before(() => {
		work = mkdtempSync(join(tmpdir(), 'robots-vsix-'));
		const vsix = join(work, 'robots-txt.vsix');
		const result = spawnSync('npm', ['run', 'package', '--', '--out', vsix], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 26 });
		assert.equal(result.status, 0, `npm run package exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
		files = readZip(readFileSync(vsix));
		manifest = JSON.parse(files.get('extension/package.json')!.toString('utf8')) as Manifest;
	});

	after(() => rmSync(work, { recursive: true, force: true }));

	/** What refers to a file: the manifest's fields VS Code reads, and the scripts the client starts. */
	function referenced(): Map<string, string> {
		const refs = new Map<string, string>([
			[inVsix('package.json'), 'the manifest'],
			[inVsix(manifest.main), 'main'],
			[inVsix(manifest.browser), 'browser'],
			[inVsix(manifest.icon), 'icon'],
			// client/src/extension.ts starts it over IPC; client/src/browser.ts in a web worker; client/src/benchPage.ts loads the page script and styles.
			['extension/server/dist/server.js', "the Node entry's server"],
			['extension/server/dist/browser.js', "the browser entry's server"],
			['extension/client/dist/testBench.js', "the test bench's page"],
			['extension/client/dist/testBench.css', "the test bench's styles"],
			['extension/package.nls.json', "the manifest's texts"],
		]);
		for (const path of manifest.contributes.languages.flatMap((language) => language.configuration ?? [])) {
			refs.set(inVsix(path), 'a language configuration');
		}
		for (const grammar of manifest.contributes.grammars) {
			refs.set(inVsix(grammar.path), 'a grammar');
		}
		for (const locale of shippedLocales) {
			refs.set(inVsix(posix.join(manifest.l10n, `bundle.l10n.${locale}.json`)), `the ${locale} bundle`);
			refs.set(inVsix(`package.nls.${locale}.json`), `the manifest's ${locale} texts`);
		}
		return refs;
	}

	test('it holds every file the manifest and the client refer to', () => {
		const missing = [...referenced()].filter(([path]) => !files.has(path)).map(([path, what]) => `${path} (${what})`);
		assert.deepEqual(missing, []);
	});

	test('it holds nothing else besides the README, the CHANGELOG and the licence', () => {
		const expected = new Set([
			...referenced().keys(),
			'extension/readme.md',
			'extension/changelog.md',
			'extension/LICENSE.txt',
			'extension.vsixmanifest',
			'[Content_Types].xml',
		]);
		const extra = [...files.keys()].filter((path) => !expected.has(path)).sort();
		assert.deepEqual(extra, [], 'files nothing refers to, shipped besides what the extension uses');
	});

	test("the README's images are files of the repository, shown from there, and only the icon ships", () => {
		const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
		const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((link) => !/^\w+:/.test(link));
		assert.ok(images.length > 0, 'the README shows screenshots');
		for (const image of images) {
			assert.ok(existsSync(join(repoRoot, image)), `${image} is in the repository, where GitHub renders the README`);
		}
		assert.deepEqual(
			[...files.keys()].filter((path) => path.endsWith('.png')),
			[inVsix(manifest.icon)],
		);
	});

	test('no bundled script holds a translation: each l10n bundle ships once, as its file', () => {
		const scripts = [...files].filter(([path]) => path.endsWith('.js')).map(([path, bytes]) => [path, unescaped(bytes.toString('utf8'))] as const);
		assert.ok(scripts.length >= 3);
		for (const locale of shippedLocales) {
			const bundle = JSON.parse(files.get(inVsix(posix.join(manifest.l10n, `bundle.l10n.${locale}.json`)))!.toString('utf8')) as Record<string, string>;
			// Translations long enough to be the bundle's own text, not a word that code may spell too.
			const texts = Object.entries(bundle)
				.filter(([key, text]) => text !== key && text.length >= 40)
				.map(([, text]) => text);
			assert.ok(texts.length > 100, `${locale}: ${texts.length} translations to look for`);
			for (const [path, script] of scripts) {
				const found = texts.filter((text) => script.includes(text));
				assert.deepEqual(found.slice(0, 3), [], `${path} holds ${found.length} of the ${locale} translations`);
			}
		}
	});

	test('the packaged Node server speaks Russian from the packaged l10n folder', async () => {
		const unpacked = join(work, 'unpacked');
		for (const [path, bytes] of files) {
			mkdirSync(dirname(join(unpacked, path)), { recursive: true });
			writeFileSync(join(unpacked, path), bytes);
		}
		const child = spawn(process.execPath, [join(unpacked, 'extension', 'server', 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
		const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
		connection.listen();
		try {
			await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, locale: 'ru' });
			await connection.sendNotification(InitializedNotification.type, {});
			const uri = 'file:///nowhere/robots.txt';
			const testUrl = new RequestType<protocol.TestUrlParams, protocol.TestUrlResult, void>(protocol.testUrlMethod);
			const error = await connection.sendRequest(testUrl, { uri, url: '/', agent: 'Googlebot' }).then(
				() => undefined,
				(reason: unknown) => reason,
			);
			assert.ok(error instanceof ResponseError, String(error));
			// The expected text is the Russian bundle's, from the repository's l10n folder.
			const bundle = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.ru.json'), 'utf8')) as Record<string, string>;
			const russian = bundle['The document is not open: {0}'];
			assert.ok(russian !== undefined && !russian.startsWith('The document'));
			assert.equal(error.message, format(russian, [uri]));
		} finally {
			connection.dispose();
			child.kill();
		}
	});
});
