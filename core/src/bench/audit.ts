/**
 * The AI crawler audit: for each kind of crawler people weigh against each other (search engines, AI training,
 * AI search and assistants, fetchers a person triggers, SEO tools), which of the catalogue's crawlers may fetch `/`
 * and how many may fetch each listed URL, every verdict from the crawler model's decide path.
 */

import { decideTable, isAllowedDecision } from '../crawlers/reading';
import { knownCrawlers, type CrawlerCategory, type CrawlerFacts } from '../facts/crawlers';
import { t } from '../l10n';
import type { RobotsModel } from '../syntax/parser';

/**
 * The categories the audit covers, in the order it shows them, with their names for people. Each label is a getter,
 * so that it is read in the language configured when it is shown, not when this module was loaded.
 */
export const auditCategories: readonly { readonly category: CrawlerCategory; readonly label: string }[] = [
	{
		category: 'search',
		get label() {
			return t('Search engines');
		},
	},
	{
		category: 'ai-training',
		get label() {
			return t('AI training');
		},
	},
	{
		category: 'ai-search',
		get label() {
			return t('AI search and assistants');
		},
	},
	{
		category: 'user-fetch',
		get label() {
			return t('User-triggered fetchers');
		},
	},
	{
		category: 'seo',
		get label() {
			return t('SEO tools');
		},
	},
];

/** One category's answer. */
interface AuditCategory {
	readonly category: CrawlerCategory;
	readonly label: string;
	/** The catalogue's crawlers of the category that may fetch `/`, and those that may not. */
	readonly allowed: readonly string[];
	readonly blocked: readonly string[];
	/** Of those allowed, the ones that do not follow robots.txt at all (they fetch whatever the file says). */
	readonly ignoring: readonly string[];
	/** For each listed URL, how many of the category's crawlers may fetch it. */
	readonly allowedPerUrl: readonly number[];
}

/** The catalogue's crawlers of a category. */
function crawlersOf(category: CrawlerCategory): readonly CrawlerFacts[] {
	return knownCrawlers.filter((crawler) => crawler.category === category);
}

/** The audit of a file for `/` and the listed URLs. */
export function auditByCategory(model: RobotsModel, urls: readonly string[]): AuditCategory[] {
	return auditCategories.map(({ category, label }) => {
		const crawlers = crawlersOf(category);
		const table = decideTable(
			model,
			crawlers.map((crawler) => crawler.token),
			['/', ...urls],
		);
		const columns = crawlers.length;
		const allowed: string[] = [];
		const blocked: string[] = [];
		crawlers.forEach((crawler, column) => {
			(isAllowedDecision(table[column]) ? allowed : blocked).push(crawler.token);
		});
		const allowedPerUrl = urls.map((_, row) => {
			let count = 0;
			for (let column = 0; column < columns; column++) {
				count += table[(row + 1) * columns + column] & 1;
			}
			return count;
		});
		const ignoring = crawlers.filter((crawler) => crawler.ignoresRobotsTxt).map((crawler) => crawler.token);
		return { category, label, allowed, blocked, ignoring, allowedPerUrl };
	});
}
