// "Robots.txt: New File from Template…": a quick pick of the server's templates, the site's address for the Sitemap
// line, then either a new untitled robots.txt (from the palette; its expectations offered beside it) or robots.txt and
// robots.expectations written into the folder the Explorer's context menu gave, asking before overwriting. The
// templates, their words and the check of the address are the server's; the client only shows and writes them.
import { l10n, Uri, ViewColumn, window, workspace } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { expectationsLanguageId, robotsLanguageId, templateFileNames, templateRequest, templatesRequest } from './protocol';

/** Runs the command: `folder` is where to write the files, or undefined for an untitled document. */
export async function newFromTemplate(client: BaseLanguageClient, folder: Uri | undefined): Promise<void> {
	const title = l10n.t('Robots.txt: New File from Template');
	const { templates } = await client.sendRequest(templatesRequest, {});
	const picked = await window.showQuickPick(
		templates.map((template) => ({ label: template.title, description: template.name, detail: template.description, name: template.name })),
		{ title, placeHolder: l10n.t('Choose a template'), matchOnDescription: true, matchOnDetail: true },
	);
	if (picked === undefined) {
		return;
	}
	const site = await window.showInputBox({
		title,
		prompt: l10n.t("The site's address, for the Sitemap line (leave it empty to add one later)"),
		placeHolder: 'https://example.com',
		// The server says what is wrong with an address, in the words `robots-txt init --site` uses.
		validateInput: async (value) => {
			if (value.trim() === '') {
				return undefined;
			}
			const answer = await client.sendRequest(templateRequest, { name: picked.name, site: value });
			return 'error' in answer ? answer.error : undefined;
		},
	});
	if (site === undefined) {
		return;
	}
	const files = await client.sendRequest(templateRequest, { name: picked.name, ...(site.trim() === '' ? {} : { site }) });
	if ('error' in files) {
		void window.showErrorMessage(l10n.t('Robots.txt: {0}', files.error));
		return;
	}
	if (folder === undefined) {
		await openUntitled(files.robots, files.expectations);
	} else {
		await writeInto(folder, files.robots, files.expectations);
	}
}

async function openUntitled(robots: string, expectations: string): Promise<void> {
	const document = await workspace.openTextDocument({ language: robotsLanguageId, content: robots });
	await window.showTextDocument(document);
	const open = l10n.t('Open Expectations');
	const choice = await window.showInformationMessage(
		l10n.t(
			'The template comes with expectations: what this robots.txt must allow and disallow. Save them as {0} beside it, and the editor tests every edit against them.',
			templateFileNames.expectations,
		),
		open,
	);
	if (choice === open) {
		const shown = await workspace.openTextDocument({ language: expectationsLanguageId, content: expectations });
		await window.showTextDocument(shown, { viewColumn: ViewColumn.Beside, preserveFocus: true });
	}
}

async function writeInto(folder: Uri, robots: string, expectations: string): Promise<void> {
	const files = [
		{ uri: Uri.joinPath(folder, templateFileNames.robots), text: robots },
		{ uri: Uri.joinPath(folder, templateFileNames.expectations), text: expectations },
	];
	const existing: Uri[] = [];
	for (const file of files) {
		try {
			await workspace.fs.stat(file.uri);
			existing.push(file.uri);
		} catch {
			// Not there: nothing to overwrite.
		}
	}
	if (existing.length > 0) {
		const overwrite = l10n.t('Overwrite');
		const [first, second] = existing.map((uri) => workspace.asRelativePath(uri));
		const question =
			second === undefined
				? l10n.t('{0} already exists. Overwrite it with the template?', first)
				: l10n.t('{0} and {1} already exist. Overwrite them with the template?', first, second);
		const choice = await window.showWarningMessage(question, { modal: true }, overwrite);
		if (choice !== overwrite) {
			return;
		}
	}
	for (const file of files) {
		await workspace.fs.writeFile(file.uri, new TextEncoder().encode(file.text));
	}
	await window.showTextDocument(await workspace.openTextDocument(files[0].uri));
}
