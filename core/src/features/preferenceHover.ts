/**
 * The hover on the value of a preference line: what a Content-Usage label or value, a Content-Signal key or value, a
 * Content-Usage path or a License URL means, in the user's language, with its source (draft-ietf-aipref-vocab-07 §6.1
 * for the labels, with the draft that last had a dropped one; contentsignals.org for the signals; RSL 1.0 for License).
 */

import { t } from '../l10n';
import { readPreferenceLine, type LineSpan } from '../preferences/lines';
import { droppedContentUsageLabels } from '../preferences/vocabulary';
import type { RobotsModel } from '../syntax/parser';
import { code } from './hoverWords';

const vocabSource = 'draft-ietf-aipref-vocab-07 §6.1';
const attachSource = 'draft-ietf-aipref-attach §3';
const signalsSource = 'contentsignals.org (Cloudflare, *Content Signals Policy*)';
const rslSource = 'RSL 1.0 (rslstandard.org)';

/** A hover's text and the part of the line it explains. */
export interface PreferenceHover {
	readonly markdown: string;
	readonly span: LineSpan;
}

function within(span: LineSpan, character: number): boolean {
	return character >= span.start && character <= span.end && span.end > span.start;
}

function explained(title: string, text: string, source: string, span: LineSpan): PreferenceHover {
	return { markdown: `**${title}**\n\n${text}\n\n**${t('Sources:')}** ${source}`, span };
}

/** What a Content-Usage label means (vocab-07 §6.1), or, for a dropped or unknown one, that crawlers ignore it. */
function usageLabel(key: string): { text: string; source: string } {
	switch (key) {
		case 'train-ai':
			return { text: t('AI training: using the content to train or fine-tune AI models.'), source: vocabSource };
		case 'search':
			return {
				text: t('Search: using the content in a search application that points people back to where it was found.'),
				source: vocabSource,
			};
	}
	const draft = droppedContentUsageLabels.get(key);
	if (draft !== undefined) {
		return {
			text: t('A label of the vocabulary until {0}; later drafts dropped it, so crawlers that follow the current draft ignore it.', draft),
			source: `${draft}, ${vocabSource}`,
		};
	}
	return { text: t('No draft of the vocabulary defines this label: crawlers ignore it (draft-ietf-aipref-vocab-07 §6.4).'), source: vocabSource };
}

/** What a Content Signal means (contentsignals.org). */
function signalKey(key: string): string | undefined {
	switch (key) {
		case 'search':
			return t('Search: building a search index and showing search results (links and short excerpts), not AI-generated answers.');
		case 'ai-input':
			return t('AI input: putting the content into AI models to answer at once, such as retrieval-augmented generation and grounding.');
		case 'ai-train':
			return t('AI training: training or fine-tuning AI models.');
		case 'use':
			return t(
				'Use: how much of the content may be used, from "immediate" (interact, keep nothing) through "reference" (index, excerpt and link back) to "full" (summarise and reproduce).',
			);
		default:
			return undefined;
	}
}

/** What a level of the `use` signal allows (contentsignals.org, 2026). */
function useLevel(value: string): string | undefined {
	switch (value) {
		case 'immediate':
			return t('"immediate": the content may be used to answer at once, and nothing of it kept.');
		case 'reference':
			return t('"reference": the content may be indexed and quoted in short excerpts that link back to it.');
		case 'full':
			return t('"full": the content may be summarised and reproduced.');
		default:
			return undefined;
	}
}

/** The hover on a preference line's value at `character`, or undefined when the position explains nothing there. */
export function preferenceHover(model: RobotsModel, line: number, character: number): PreferenceHover | undefined {
	const read = readPreferenceLine(model, line);
	if (read === undefined) {
		return undefined;
	}
	if (read.kind === 'license') {
		return within(read.span, character)
			? explained(
					'License',
					t(
						'The URL of an RSL licence: readers that adopt RSL fetch it for the terms under which the content may be used. It holds for the whole file, in any group or none.',
					),
					rslSource,
					read.span,
				)
			: undefined;
	}
	if (read.kind === 'content-usage') {
		if (read.path && within(read.path.span, character)) {
			return explained(
				code(read.path.text),
				t(
					'The preference after it applies to the URLs this path matches, as Allow and Disallow paths match; of several lines, the longest matching path wins, and only URLs the crawl rules allow are concerned.',
				),
				attachSource,
				read.path.span,
			);
		}
		for (const preference of read.preferences) {
			if (within(preference.span, character)) {
				const { text, source } = usageLabel(preference.key);
				return explained(code(preference.key), text, source, preference.span);
			}
			if (within(preference.valueSpan, character)) {
				const value = model.lineTexts[line].slice(preference.valueSpan.start, preference.valueSpan.end);
				const text =
					preference.value === 'y'
						? t('"y": the content may be used for "{0}".', preference.key)
						: preference.value === 'n'
							? t('"n": the content should not be used for "{0}".', preference.key)
							: t('Any value other than the tokens y and n means unknown: this states no preference for "{0}".', preference.key);
				return explained(code(value), text, 'draft-ietf-aipref-vocab-07 §6.5', preference.valueSpan);
			}
		}
		return undefined;
	}
	for (const entry of read.entries) {
		if (within(entry.span, character)) {
			const text =
				signalKey(entry.key) ?? t('No Content Signal has this name: crawlers ignore it. The signals are "search", "ai-input", "ai-train" and "use".');
			return explained(code(entry.key), text, signalsSource, entry.span);
		}
		if (within(entry.valueSpan, character)) {
			const text =
				entry.key === 'use'
					? (useLevel(entry.value) ?? t('"use" takes "immediate", "reference" or "full": this value states nothing.'))
					: entry.value === 'yes'
						? t('"yes": the content may be used for "{0}".', entry.key)
						: entry.value === 'no'
							? t('"no": the content should not be used for "{0}".', entry.key)
							: t('Content-Signal takes "yes" or "no": this value states no preference for "{0}".', entry.key);
			return explained(code(entry.value), text, signalsSource, entry.valueSpan);
		}
	}
	return undefined;
}
