/**
 * The checks of one robots meta tag as HTML has it: its attributes' quotes, its name (a crawler we know, one that reads
 * meta tags), whether it has a content, whether it is closed, and where it stands (the head, a second head, the body).
 */

import { editDistance } from '../../editDistance';
import { t } from '../../l10n';
import { type SearchEngine, searchEngineNames } from '../directives';
import type { HtmlAttribute, ScannedMeta } from '../html';
import { resolveRobotsName, stripTypographicQuotes, type TypoBudget, typographicQuotes } from '../names';
import type { Report } from '../report';
import { sentences } from '../text';
import { reportUnknownName } from './ruleSets';

export function checkTag(meta: ScannedMeta, report: Report, budget: TypoBudget): void {
	const name = meta.name;
	for (const attribute of [meta.name, meta.content]) {
		if (attribute && hasTypographicQuotes(attribute)) {
			const bare = stripTypographicQuotes(attribute.value);
			report({
				code: 'typographic-quotes',
				start: attribute.valueStart,
				end: attribute.valueEnd,
				message: t(
					"The value {0} is in typographic quotes: HTML reads them as part of the value, so crawlers see '{0}' instead of '{1}'. Use straight quotes (\").",
					attribute.value,
					bare,
				),
				fixes: [
					{
						title: t('Use straight quotes: "{0}"', bare),
						edits: [{ start: attribute.valueStart, end: attribute.valueEnd, newText: `"${bare}"` }],
						isPreferred: true,
					},
				],
			});
		}
	}
	const bareName = stripTypographicQuotes(name.value).trim();
	if (meta.relevance === 'misspelt-name' || meta.relevance === 'directive-content') {
		reportUnknownName(bareName, name.valueStart, name.valueEnd, name.quote === '' && bareName !== name.value, report, 'meta', budget);
	} else {
		const address = resolveRobotsName(bareName);
		if (address?.ignored) {
			report({
				code: 'robots-meta-name-ignored',
				start: name.valueStart,
				end: name.valueEnd,
				message: sentences(
					t('{0} does not read name="{1}": {2}', searchEngineNames[address.engine as SearchEngine], bareName, address.ignored.note),
					t('Use name="googlebot" (or "googlebot-news").'),
				),
			});
		}
	}
	if (!meta.closed) {
		report({
			code: 'unclosed-robots-meta',
			start: meta.start,
			end: Math.min(meta.end, meta.start + 5),
			message: t('The file ends inside this tag (a missing > or quote): HTML parsers drop a tag cut off by the end of the file, so crawlers never see it.'),
		});
		return;
	}
	if (!meta.content) {
		const misspelt = meta.attributes.find(
			(attribute) => attribute.hasValue && attribute.name !== 'name' && attribute.name.length >= 5 && editDistance(attribute.name, 'content', 2, true) <= 2,
		);
		report({
			code: 'missing-robots-content',
			start: name.nameStart,
			end: name.valueEnd + (name.quote ? 1 : 0),
			message: misspelt
				? t("This robots meta tag has no content attribute; '{0}' is probably a typo of 'content', so crawlers find no rules.", misspelt.name)
				: t('This robots meta tag has no content attribute, so it carries no rules.'),
			...(misspelt
				? {
						fixes: [
							{
								title: t('Rename the attribute to content'),
								edits: [{ start: misspelt.nameStart, end: misspelt.nameEnd, newText: 'content' }],
								isPreferred: true,
							},
						],
					}
				: {}),
		});
	} else if (meta.content.value.trim().length === 0) {
		report({
			code: 'empty-robots-directive',
			start: meta.content.valueStart,
			end: meta.content.valueEnd,
			message: t('An empty content attribute: the tag carries no rules.'),
		});
	}
	if (meta.inSecondHead) {
		report({
			code: 'robots-meta-in-second-head',
			start: meta.start,
			end: meta.end,
			message:
				meta.placement === 'head'
					? t(
							'This tag is inside a second <head> element. HTML parsers ignore the second <head> start tag, so the tag lands in the first head; a page normally has one head (a duplicated template?).',
						)
					: t(
							'This tag is inside a second <head> element. HTML parsers ignore the second <head> start tag, so the tag lands in the body; a page normally has one head (a duplicated template?).',
						),
		});
	} else if (meta.placement === 'body') {
		report({
			code: 'robots-meta-outside-head',
			start: meta.start,
			end: meta.end,
			message: t(
				'This robots meta tag is outside <head>. Google says it respects robots meta tags in the body as well, but HTML puts meta tags in the head, and Bing, Yandex and the HTTP guide (seed 000) place them there.',
			),
		});
	}
}

export function hasTypographicQuotes(attribute: HtmlAttribute): boolean {
	const value = attribute.value;
	return attribute.quote === '' && value.length > 0 && (typographicQuotes.includes(value[0]) || typographicQuotes.includes(value[value.length - 1]));
}
