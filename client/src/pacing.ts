// How the client asks for a document's problems while the user types. VS Code's client pulls after every change, and
// each answer replaces every problem of the file in the editor: with a thousand of them (the most a file sends), the
// window spent on re-drawing them slowed each key in a 47 000-line file to twice the time of the same text as plain
// text. A document that shows many problems is asked again once typing pauses, as VS Code's own JSON and CSS servers
// validate after a pause; a pull that the next key cancels no longer empties the file's problems until the next answer.
import { CancellationError, CancellationToken, Disposable, languages, TextDocument, Uri, workspace } from 'vscode';
import type { Middleware } from 'vscode-languageclient';

/** Documents showing more problems than this are asked again only once typing pauses. */
const manyProblems = 100;
/** The pause: long enough to cover the gap between keys of someone typing, short enough to feel immediate. */
const settleMs = 200;

/** The middleware that paces pulls, and the listener it needs (to dispose with the extension). */
export function pacedDiagnostics(): { readonly middleware: Middleware; readonly disposable: Disposable } {
	const lastChange = new Map<string, number>();
	const disposable = Disposable.from(
		workspace.onDidChangeTextDocument((event) => {
			if (event.contentChanges.length > 0) {
				lastChange.set(event.document.uri.toString(), Date.now());
			}
		}),
		workspace.onDidCloseTextDocument((document) => lastChange.delete(document.uri.toString())),
	);
	const middleware: Middleware = {
		async provideDiagnostics(document: TextDocument | Uri, previousResultId: string | undefined, token: CancellationToken, next) {
			const uri = document instanceof Uri ? document : document.uri;
			if (languages.getDiagnostics(uri).length > manyProblems) {
				await settled(() => lastChange.get(uri.toString()) ?? 0, token);
			}
			const report = await next(document, previousResultId, token);
			// Cancelled by the next change, the client's pull comes back as an empty list, which would clear the problems
			// until the next answer: the client, told it was cancelled, keeps them and asks again.
			if (token.isCancellationRequested) {
				throw new CancellationError();
			}
			return report;
		},
	};
	return { middleware, disposable };
}

/** Resolves once `settleMs` have passed since the last change; throws when the pull is cancelled meanwhile. */
async function settled(lastChange: () => number, token: CancellationToken): Promise<void> {
	for (;;) {
		if (token.isCancellationRequested) {
			throw new CancellationError();
		}
		const wait = lastChange() + settleMs - Date.now();
		if (wait <= 0) {
			return;
		}
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				listener.dispose();
				resolve();
			}, wait);
			const listener = token.onCancellationRequested(() => {
				clearTimeout(timer);
				listener.dispose();
				resolve();
			});
		});
	}
}
