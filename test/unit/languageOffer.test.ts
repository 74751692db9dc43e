/**
 * The client's offer to switch a plain-text file that reads as a robots.txt (client/src/languageOffer.ts), driven
 * through a fake of the few VS Code calls it makes, with the core answering as the server would: the offer is made
 * once per file and remembered, a switched file is switched again when it is next opened, switching it back is
 * respected, and untitled editors, other schemes and other languages are left alone.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSync } from 'esbuild';
import type * as vscode from 'vscode';
import type * as offerModule from '../../client/src/languageOffer';
import { looksLikeRobotsTxt, protocol } from '../../core/src/index';
import { format } from '../../core/src/l10n';
import { joinLines, repoRoot } from '../util/fixtures';

// The client is bundled for VS Code, not transpiled for the tests; this file bundles the one module it tests, which
// imports nothing from VS Code at run time.
const folder = mkdtempSync(join(tmpdir(), 'robots-offer-'));
buildSync({
	entryPoints: [join(repoRoot, 'client', 'src', 'languageOffer.ts')],
	outfile: join(folder, 'languageOffer.js'),
	bundle: true,
	platform: 'node',
	format: 'cjs',
	logLevel: 'silent',
});
const offer = require(join(folder, 'languageOffer.js')) as typeof offerModule;
after(() => rmSync(folder, { recursive: true, force: true }));

// The buttons, in English: the fake l10n below formats keys as VS Code does without a bundle.
const switchChoice = 'Switch to Robots.txt';
const declineChoice = 'Not This File';

const robots = joinLines('# staging copy', 'User-agent: *', 'Disallow: /', '');
const prose = joinLines('Shopping list', 'eggs', 'milk', '');

interface FakeDocument {
	uri: { scheme: string; toString(): string };
	languageId: string;
	getText(): string;
}

type Listener = (document: FakeDocument) => void;

/** A VS Code window of one session: open documents, the offers shown (answered by `answer`), language switches. */
class FakeSession {
	readonly shown: string[] = [];
	readonly switched: string[] = [];
	readonly sent: string[] = [];
	private readonly openListeners: Listener[] = [];
	private readonly closeListeners: Listener[] = [];
	private readonly documents: FakeDocument[] = [];
	readonly disposable: vscode.Disposable;

	constructor(
		readonly state: Map<string, unknown>,
		private readonly answer: string | undefined,
		server: 'core' | 'down' = 'core',
		already: FakeDocument[] = [],
	) {
		this.documents.push(...already);
		const api = {
			workspace: {
				textDocuments: this.documents,
				onDidOpenTextDocument: (listener: Listener) => this.subscribe(this.openListeners, listener),
				onDidCloseTextDocument: (listener: Listener) => this.subscribe(this.closeListeners, listener),
				asRelativePath: (uri: { toString(): string }) => uri.toString().replace(/^file:\/\/\/work\//, ''),
			},
			window: {
				showInformationMessage: async (message: string, ...items: string[]) => {
					this.shown.push(message);
					assert.deepStrictEqual(items, [switchChoice, declineChoice]);
					return this.answer;
				},
			},
			l10n: { t: (message: string, ...args: (string | number | boolean)[]) => format(message, args) },
			languages: {
				setTextDocumentLanguage: async (document: FakeDocument, languageId: string) => {
					this.switched.push(`${document.uri.toString()} -> ${languageId}`);
					// VS Code reports a language change as a close and an open, one right after the other.
					this.close(document);
					document.languageId = languageId;
					this.open(document);
					return document;
				},
			},
		};
		const memento = {
			keys: () => [...state.keys()],
			get: <T>(key: string) => state.get(key) as T | undefined,
			update: async (key: string, value: unknown) => {
				state.set(key, value);
			},
		};
		const client = {
			sendRequest: async (method: string, params: protocol.LooksLikeRobotsTxtParams) => {
				assert.equal(method, protocol.looksLikeRobotsTxtMethod);
				this.sent.push(params.text);
				if (server === 'down') {
					throw new Error('Client is not running');
				}
				const { looksLike, reason } = looksLikeRobotsTxt(params.text);
				return { looksLike, reason };
			},
		};
		this.disposable = offer.registerLanguageOffer(api as unknown as offerModule.OfferApi, memento as unknown as vscode.Memento, client, 'robots-txt');
	}

	private subscribe(listeners: Listener[], listener: Listener): vscode.Disposable {
		listeners.push(listener);
		return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
	}

	open(document: FakeDocument): void {
		this.documents.push(document);
		this.openListeners.forEach((listener) => {
			listener(document);
		});
	}

	close(document: FakeDocument): void {
		this.documents.splice(this.documents.indexOf(document), 1);
		this.closeListeners.forEach((listener) => {
			listener(document);
		});
	}

	/** Lets every pending promise and timer of the offer run. */
	async settle(): Promise<void> {
		await new Promise((resolve) => setTimeout(resolve, 5));
	}

	decisions(): Record<string, string> {
		return (this.state.get(offer.languageOfferStateKey) ?? {}) as Record<string, string>;
	}
}

function document(path: string, text: string, scheme = 'file', languageId = 'plaintext'): FakeDocument {
	const uri = `${scheme}:///work/${path}`;
	return { uri: { scheme, toString: () => uri }, languageId, getText: () => text };
}

describe('the offer to switch a plain-text file to robots.txt', () => {
	test('is made once for a file the server recognises, with its reason; switching is remembered and redone', async () => {
		const state = new Map<string, unknown>();
		const first = new FakeSession(state, switchChoice);
		const file = document('site/robots-staging.txt', robots);
		first.open(file);
		await first.settle();
		assert.deepStrictEqual(first.shown, [`site/robots-staging.txt: ${looksLikeRobotsTxt(robots).reason} Switch its language to Robots.txt?`]);
		assert.deepStrictEqual(first.switched, ['file:///work/site/robots-staging.txt -> robots-txt']);
		assert.deepStrictEqual(first.decisions(), { 'file:///work/site/robots-staging.txt': 'switched' });
		first.disposable.dispose();

		// The next session: VS Code opens the file as plain text again; it is switched without asking.
		const second = new FakeSession(state, undefined);
		const again = document('site/robots-staging.txt', robots);
		second.open(again);
		await second.settle();
		assert.deepStrictEqual(second.shown, []);
		assert.deepStrictEqual(second.switched, ['file:///work/site/robots-staging.txt -> robots-txt']);
		assert.deepStrictEqual(second.sent, [], 'a decided file is not sent to the server');

		// The user switches it back to plain text (a close and an open in one turn): that is respected from now on.
		second.close(again);
		again.languageId = 'plaintext';
		second.open(again);
		await second.settle();
		assert.equal(second.switched.length, 1);
		assert.deepStrictEqual(second.decisions(), { 'file:///work/site/robots-staging.txt': 'declined' });
		second.disposable.dispose();

		const third = new FakeSession(state, switchChoice);
		third.open(document('site/robots-staging.txt', robots));
		await third.settle();
		assert.deepStrictEqual([third.shown, third.switched], [[], []]);
	});

	test('a declined or dismissed offer is not made again, in this session or the next', async () => {
		for (const answer of [declineChoice, undefined]) {
			const state = new Map<string, unknown>();
			const session = new FakeSession(state, answer);
			const file = document('robots-old.txt', robots);
			session.open(file);
			await session.settle();
			session.close(file);
			session.open(document('robots-old.txt', robots));
			await session.settle();
			assert.equal(session.shown.length, 1, String(answer));
			assert.deepStrictEqual(session.switched, []);
			assert.deepStrictEqual(session.decisions(), { 'file:///work/robots-old.txt': 'declined' });
			const next = new FakeSession(state, switchChoice);
			next.open(document('robots-old.txt', robots));
			await next.settle();
			assert.deepStrictEqual([next.shown, next.sent], [[], []]);
		}
	});

	test('files that do not read as robots.txt, other schemes and other languages get no offer', async () => {
		const state = new Map<string, unknown>();
		const session = new FakeSession(state, switchChoice);
		session.open(document('notes.txt', prose));
		session.open(document('Untitled-1', robots, 'untitled'));
		session.open(document('robots.txt', robots, 'git'));
		session.open(document('robots.txt', robots, 'file', 'robots-txt'));
		session.open(document('config.ini', robots, 'file', 'ini'));
		await session.settle();
		assert.deepStrictEqual(session.sent, [prose], 'only the plain-text file on disk is sent');
		assert.deepStrictEqual([session.shown, session.switched], [[], []]);
		// Nothing is remembered for a file that was not offered: it may become a robots.txt later.
		assert.deepStrictEqual(session.decisions(), {});
	});

	test('documents already open when the extension starts are considered; remote and virtual files too', async () => {
		const session = new FakeSession(new Map(), declineChoice, 'core', [
			document('a/robots.txt.bak', robots, 'vscode-remote'),
			document('b/robots.dist', robots, 'vscode-vfs'),
		]);
		await session.settle();
		assert.equal(session.shown.length, 2);
	});

	test('without a server there is no offer, and the next open asks again', async () => {
		const state = new Map<string, unknown>();
		const down = new FakeSession(state, switchChoice, 'down');
		const file = document('robots-copy.txt', robots);
		down.open(file);
		await down.settle();
		down.close(file);
		down.open(file);
		await down.settle();
		assert.equal(down.sent.length, 2);
		assert.deepStrictEqual([down.shown, down.decisions()], [[], {}]);
	});

	test('only the start of a big file is sent, and the decisions kept are bounded', async () => {
		const state = new Map<string, unknown>();
		const session = new FakeSession(state, declineChoice);
		session.open(document('big.txt', robots + 'Disallow: /x\n'.repeat(20_000)));
		await session.settle();
		assert.equal(session.sent[0].length, protocol.looksLikeRobotsTxtMaxChars);
		for (let i = 0; i < offer.maxRememberedOffers + 20; i++) {
			session.open(document(`copies/${i}.txt`, robots));
		}
		await session.settle();
		const kept = Object.keys(session.decisions());
		assert.equal(kept.length, offer.maxRememberedOffers);
		// The oldest are forgotten first.
		assert.equal(kept.at(-1), `file:///work/copies/${offer.maxRememberedOffers + 19}.txt`);
		assert.ok(!kept.includes('file:///work/big.txt'));
	});
});
