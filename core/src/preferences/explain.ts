/**
 * The words of a preference answer (answer.ts): one sentence per kind of line that speaks for the URL, for Test URL,
 * the command line and expectations, and a short cell for tables. Plain text; a caller that writes markdown escapes it.
 */

import { joinList, t } from '../l10n';
import { lineNumbers } from '../crawlers/explain';
import type { PreferenceAnswer } from './answer';

/** `train-ai=n, search=y`: stated keys and values, as a Content-Usage or Content-Signal line writes them. */
export function pairs(stated: Readonly<Record<string, string>>): string {
	return Object.entries(stated)
		.map(([key, value]) => `${key}=${value}`)
		.join(', ');
}

/**
 * What the preference lines say for the answer, in sentences: the Content-Usage categories with their line, the
 * Content-Signal with its line, the licences; or that the lines of the crawler's groups do not apply because the
 * rules disallow the URL. Empty when no preference line speaks for the URL.
 */
export function describePreferences(answer: PreferenceAnswer): string {
	const out: string[] = [];
	const { contentUsage, contentSignal, licenses, withheld } = answer;
	if (contentUsage) {
		const [where, what] = [lineNumbers(contentUsage.lines), pairs(contentUsage.preferences)];
		out.push(
			what === ''
				? t('Content-Usage ({0}) applies but states no preference: no category is written as y or n.', where)
				: t('Content-Usage ({0}): {1}.', where, what),
		);
	}
	if (contentSignal) {
		const [where, what] = [lineNumbers(contentSignal.lines), pairs(contentSignal.signals)];
		out.push(
			what === '' ? t('Content-Signal ({0}) states no signal: no key has a value the policy defines.', where) : t('Content-Signal ({0}): {1}.', where, what),
		);
	}
	if (withheld.length > 0) {
		out.push(t('The preference lines ({0}) do not apply: they speak only for URLs the rules let the crawler fetch.', lineNumbers(withheld)));
	}
	if (licenses.length > 0) {
		out.push(t('License: {0}.', joinList(licenses)));
	}
	return out.join(' ');
}

/** The preference lines that speak for the URL (0-based, in file order): the lines to show beside the deciding one. */
export function preferenceLinesOf(answer: PreferenceAnswer): number[] {
	return [...(answer.contentUsage?.lines ?? []), ...(answer.contentSignal?.lines ?? [])].sort((a, b) => a - b);
}

/** A table cell: `train-ai=n · ai-train=no`, "not applied" for withheld lines, or `—` when no line speaks. */
export function preferencesCell(answer: PreferenceAnswer): string {
	const parts: string[] = [];
	if (answer.contentUsage) {
		parts.push(pairs(answer.contentUsage.preferences) || t('states nothing'));
	}
	if (answer.contentSignal) {
		parts.push(pairs(answer.contentSignal.signals) || t('states nothing'));
	}
	if (parts.length === 0) {
		return answer.withheld.length > 0 ? t('not applied') : '—';
	}
	return parts.join(' · ');
}
