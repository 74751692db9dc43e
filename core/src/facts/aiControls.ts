/**
 * What robots.txt cannot control for an AI company: the settings and page tags its owner documents instead, each with
 * its public source (or marked as assumed, `source` undefined). Facts only; the AI policy view (bench/aiPolicy.ts)
 * shows them beside what the file says. That a crawler does not follow robots.txt at all is the catalogue's fact.
 */

import { t } from '../l10n';
import { googleCommonCrawlers } from './crawlers';

export interface UncontrolledUse {
	/** The catalogue's `owner`. */
	readonly owner: string;
	/** The fact, in the configured language (read each time). */
	readonly text: () => string;
	/** The public source (title and URL); undefined when it is our assumption. */
	readonly source?: string;
}

export const uncontrolledUses: readonly UncontrolledUse[] = [
	{
		owner: 'Google',
		text: () =>
			t(
				'Whether pages appear in AI Overviews and AI Mode is a Search Console setting (Search generative AI, taken into account since June 17, 2026), not a robots.txt line.',
			),
		source: 'Google Search Console Help: Search generative AI control (https://support.google.com/webmasters/answer/16908024)',
	},
	{
		owner: 'Google',
		text: () => t('Google-Extended governs only Gemini training and grounding: it changes nothing in Google Search.'),
		source: googleCommonCrawlers,
	},
	{
		owner: 'Microsoft',
		text: () =>
			t(
				"Bing reads the noarchive and nocache robots meta tags of each page, not robots.txt, to decide whether the page is used in its chat answers and to train Microsoft's generative AI models.",
			),
		source:
			'Bing Webmaster Blog: Announcing new options for webmasters to control usage of their content in Bing Chat, September 2023 (https://blogs.bing.com/webmaster/september-2023/Announcing-new-options-for-webmasters-to-control-usage-of-their-content-in-Bing-Chat)',
	},
];
