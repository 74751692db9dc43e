// Offers, once per file, to switch a plain-text file to the robots.txt language when the server says it reads as one.
// The client judges nothing about the text: it sends the file's start with robotsTxt/looksLikeRobotsTxt and shows the
// server's reason. The decision is remembered per file: declined files are never asked about again, and switched
// files are switched again when they are next opened (VS Code does not keep a chosen language for a file).
import type * as vscode from 'vscode';
import { looksLikeRobotsTxtMaxChars, looksLikeRobotsTxtMethod, type LooksLikeRobotsTxtParams, type LooksLikeRobotsTxtResult } from '../../core/src/protocol';

/** The parts of the VS Code API the offer uses, passed in so that a test can drive it without VS Code. */
export interface OfferApi {
	readonly workspace: Pick<typeof vscode.workspace, 'textDocuments' | 'onDidOpenTextDocument' | 'onDidCloseTextDocument' | 'asRelativePath'>;
	readonly window: Pick<typeof vscode.window, 'showInformationMessage'>;
	readonly languages: Pick<typeof vscode.languages, 'setTextDocumentLanguage'>;
	/** `vscode.l10n`: the offer's words in VS Code's display language. */
	readonly l10n: { t(message: string, ...args: (string | number | boolean)[]): string };
}

/** The request the offer sends: the language client's `sendRequest`, by method name. */
interface OfferClient {
	sendRequest(method: typeof looksLikeRobotsTxtMethod, params: LooksLikeRobotsTxtParams): Promise<LooksLikeRobotsTxtResult>;
}

export const languageOfferStateKey = 'robotsTxt.languageOffer';
/** The most decisions kept; the oldest are forgotten first, so that global state stays small. */
export const maxRememberedOffers = 500;
/** Files on disk, on a remote and in virtual workspaces (github.dev); not untitled editors, diffs or outputs. */
const schemes = new Set(['file', 'vscode-remote', 'vscode-vfs']);

type Decision = 'switched' | 'declined';

/**
 * Watches plain-text documents as they open (and those already open) and makes the offer for those the server
 * recognises. `state` keeps the decisions (the extension's global state); `languageId` is the language to switch to.
 */
export function registerLanguageOffer(api: OfferApi, state: vscode.Memento, client: OfferClient, languageId: string): vscode.Disposable {
	/** Files offered (or being asked about) in this session, so that opening one twice makes one offer. */
	const asked = new Set<string>();
	/**
	 * Robots.txt documents closed in the current turn of the event loop: VS Code reports a language change as a close
	 * and an open, one right after the other, so a plain-text open of one of these is the user switching back.
	 */
	const leaving = new Set<string>();
	const decisions = () => state.get<Record<string, Decision>>(languageOfferStateKey) ?? {};
	const remember = async (key: string, decision: Decision) => {
		const all = { ...decisions() };
		delete all[key];
		all[key] = decision;
		const keys = Object.keys(all);
		for (const old of keys.slice(0, Math.max(0, keys.length - maxRememberedOffers))) {
			delete all[old];
		}
		await state.update(languageOfferStateKey, all);
	};

	const consider = async (document: vscode.TextDocument): Promise<void> => {
		if (document.languageId !== 'plaintext' || !schemes.has(document.uri.scheme)) {
			return;
		}
		const key = document.uri.toString();
		const decided = decisions()[key];
		if (decided === 'declined') {
			return;
		}
		if (leaving.has(key)) {
			// The user made it plain text again: respect that from now on.
			if (decided === 'switched') {
				await remember(key, 'declined');
			}
			return;
		}
		if (decided === 'switched') {
			await api.languages.setTextDocumentLanguage(document, languageId);
			return;
		}
		if (asked.has(key)) {
			return;
		}
		asked.add(key);
		let answer: LooksLikeRobotsTxtResult;
		try {
			answer = await client.sendRequest(looksLikeRobotsTxtMethod, { text: document.getText().slice(0, looksLikeRobotsTxtMaxChars) });
		} catch {
			// No server (it crashed, or is stopping): no offer, and another open asks again.
			asked.delete(key);
			return;
		}
		if (!answer.looksLike) {
			return;
		}
		// Offered once: dismissing the notification counts as an answer too.
		await remember(key, 'declined');
		const name = api.workspace.asRelativePath(document.uri);
		const switchChoice = api.l10n.t('Switch to Robots.txt');
		const declineChoice = api.l10n.t('Not This File');
		const choice = await api.window.showInformationMessage(
			api.l10n.t('{0}: {1} Switch its language to Robots.txt?', name, answer.reason),
			switchChoice,
			declineChoice,
		);
		if (choice === switchChoice) {
			await remember(key, 'switched');
			await api.languages.setTextDocumentLanguage(document, languageId);
		}
	};

	for (const document of api.workspace.textDocuments) {
		void consider(document);
	}
	const subscriptions = [
		api.workspace.onDidCloseTextDocument((document) => {
			if (document.languageId === languageId) {
				const key = document.uri.toString();
				leaving.add(key);
				setTimeout(() => leaving.delete(key), 0);
			}
		}),
		api.workspace.onDidOpenTextDocument((document) => void consider(document)),
	];
	return {
		dispose: () =>
			subscriptions.forEach((subscription) => {
				subscription.dispose();
			}),
	};
}
