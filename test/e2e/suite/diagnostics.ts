// What the extension tests share: waiting for the diagnostics VS Code shows, by its events rather than by sleeping.
import * as vscode from 'vscode';

/** Resolves with the document's diagnostics once `accept` holds, listening for changes rather than sleeping. */
export function waitForDiagnostics(uri: vscode.Uri, accept: (list: readonly vscode.Diagnostic[]) => boolean, timeout = 20_000): Promise<vscode.Diagnostic[]> {
	return new Promise((resolve, reject) => {
		const check = (): boolean => {
			const list = vscode.languages.getDiagnostics(uri);
			if (accept(list)) {
				subscription.dispose();
				clearTimeout(timer);
				resolve(list);
				return true;
			}
			return false;
		};
		const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
			if (event.uris.some((changed) => changed.toString() === uri.toString())) {
				check();
			}
		});
		const timer = setTimeout(() => {
			subscription.dispose();
			reject(new Error(`diagnostics not as expected within ${timeout} ms: ${JSON.stringify(vscode.languages.getDiagnostics(uri))}`));
		}, timeout);
		check();
	});
}
