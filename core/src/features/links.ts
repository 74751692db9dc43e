/**
 * Document links: the URL of every Sitemap line that is an absolute http(s) URL, so it opens with a click.
 * Values that are not such URLs get no link (diagnostics report them).
 */

import type { DocumentLink } from 'vscode-languageserver-types';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';

// A scheme, a non-empty authority and no whitespace: what an editor can open as it stands.
const httpUrl = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** One link per Sitemap line (as any dialect reads the key) whose value is an absolute http or https URL. */
export function computeDocumentLinks(model: RobotsModel): DocumentLink[] {
	const links: DocumentLink[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (node.kind !== 'directive' || (node.directive !== 'sitemap' && node.googleDirective !== 'sitemap')) {
			continue;
		}
		const value = model.valueText(line);
		if (httpUrl.test(value)) {
			links.push({
				range: { start: { line, character: node.valueStart }, end: { line, character: node.valueEnd } },
				target: value,
				tooltip: t('Open the sitemap'),
			});
		}
	}
	return links;
}
