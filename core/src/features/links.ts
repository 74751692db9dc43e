/**
 * Document links: the URL of every Sitemap line that a crawler can fetch (`isFetchableSitemapUrl`), so it opens with a
 * click. Values that are not such URLs get no link; the diagnostics report them, by the same function.
 */

import type { DocumentLink } from 'vscode-languageserver-types';
import { isFetchableSitemapUrl } from '../facts/sitemaps';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';

/** One link per Sitemap line (as any dialect reads the key) whose value is a URL a crawler can fetch. */
export function computeDocumentLinks(model: RobotsModel): DocumentLink[] {
	const links: DocumentLink[] = [];
	for (let line = 0; line < model.lineCount; line++) {
		const node = model.lines[line];
		if (node.kind !== 'directive' || (node.directive !== 'sitemap' && node.googleDirective !== 'sitemap')) {
			continue;
		}
		const value = model.valueText(line);
		if (isFetchableSitemapUrl(value)) {
			links.push({
				range: { start: { line, character: node.valueStart }, end: { line, character: node.valueEnd } },
				target: value,
				tooltip: t('Open the sitemap'),
			});
		}
	}
	return links;
}
