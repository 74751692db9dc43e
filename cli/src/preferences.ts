/** The preference lines' answer as `robots-txt test` prints it, for a file and for a site. */

import { describePreferences, preferencesOf, type FetchedVerdict, type PreferenceAnswer } from '../../core/src/index';

/** No preference line speaks: the answer where the response decides and no rules are read. */
const nothingStated: PreferenceAnswer = { contentUsage: null, contentSignal: null, licenses: [], withheld: [] };

/** The preferences beside a verdict drawn from a fetch: from the rules the crawler read, or none. */
export function fetchedPreferences({ conclusion, evaluation }: FetchedVerdict): PreferenceAnswer {
	return evaluation && conclusion.model ? preferencesOf(conclusion.model, evaluation) : nothingStated;
}

/** The sentence a text answer ends with, two spaces before it; empty when no preference line speaks for the URL. */
export function preferencesText(answer: PreferenceAnswer): string {
	const text = describePreferences(answer);
	return text === '' ? '' : `  ${text}`;
}

/** The preference lines' answer as issue 24 prints it: the stated keys and the 1-based line, or null; the licences. */
export function preferencesJson({ contentUsage, contentSignal, licenses }: PreferenceAnswer): Record<string, unknown> {
	return {
		contentUsage: contentUsage && { ...contentUsage.preferences, line: contentUsage.lineNumber },
		contentSignal: contentSignal && { ...contentSignal.signals, line: contentSignal.lineNumber },
		licenses,
	};
}
