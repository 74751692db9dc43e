/**
 * Document links: the URL of every Sitemap line that a crawler can fetch (`isFetchableSitemapUrl`), so it opens with a
 * click. Values that are not such URLs get no link; the diagnostics report them, by the same function.
 */

import type { DocumentLink } from 'vscode-languageserver-types';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';
import { fetchableSitemapLines } from '../site/sitemaps';

/** One link per Sitemap line (as any dialect reads the key) whose value is a URL a crawler can fetch. */
export function computeDocumentLinks(model: RobotsModel): DocumentLink[] {
	return fetchableSitemapLines(model).map(({ line, url }) => {
		const node = model.lines[line];
		return {
			range: { start: { line, character: node.valueStart }, end: { line, character: node.valueEnd } },
			target: url,
			tooltip: t('Open the sitemap'),
		};
	});
}
