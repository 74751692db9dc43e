/**
 * Three questions people ask of the preference lines for one URL and crawler, answered from `preferencesOf`'s answer:
 * may it train AI on the page (Content-Usage `train-ai`, Content-Signal `ai-train`), use it in AI answers
 * (Content-Signal `ai-input`), index it for search (Content-Usage `search`, Content-Signal `search`). Where both lines
 * state the same question and disagree, the answer says so: each reader follows the line it reads.
 */

import type { RobotsModel } from '../syntax/parser';
import { preferenceLines, type PreferenceAnswer } from './answer';
import type { ContentSignalLine, ContentUsageLine } from './lines';
import type { ContentUsageLabel } from './vocabulary';

/** The questions, in the order they are shown: may train, may use in answers, may index. */
export const preferenceQuestions = ['train', 'input', 'search'] as const;

export type PreferenceQuestion = (typeof preferenceQuestions)[number];

/** The Content-Usage label (vocab §6.1) and the Content-Signal key (contentsignals.org) each question reads. */
export const questionKeys: Readonly<Record<PreferenceQuestion, { readonly usage?: ContentUsageLabel; readonly signal: string }>> = {
	train: { usage: 'train-ai', signal: 'ai-train' },
	input: { signal: 'ai-input' },
	search: { usage: 'search', signal: 'search' },
};

/**
 * `yes` or `no` as the lines state it; `disagree` where Content-Usage and Content-Signal both state it, differently;
 * `not-stated` where no line of the crawler's groups does; `not-applicable` where the file's rules do not let the
 * crawler fetch the URL (preferences apply only to what it may fetch: attach §3.1).
 */
export type QuestionState = 'yes' | 'no' | 'disagree' | 'not-stated' | 'not-applicable';

export interface QuestionAnswer {
	readonly question: PreferenceQuestion;
	readonly state: QuestionState;
	/** The lines that decide it (0-based), in file order. */
	readonly lines: readonly number[];
}

/**
 * The three answers for a URL and crawler. `answer` is `preferencesOf`'s (or `crawlerPreferences`') for the text the
 * crawler reads (`model`), and `fetchable` whether the file's rules let it fetch the URL.
 */
export function answerQuestions(model: RobotsModel, answer: PreferenceAnswer, fetchable: boolean): QuestionAnswer[] {
	if (!fetchable) {
		return preferenceQuestions.map((question) => ({ question, state: 'not-applicable', lines: [] }));
	}
	const byLine = new Map<number, ContentUsageLine | ContentSignalLine>();
	for (const line of preferenceLines(model)) {
		if (line.kind !== 'license') {
			byLine.set(line.line, line);
		}
	}
	return preferenceQuestions.map((question) => {
		const { usage, signal } = questionKeys[question];
		const usageValue = usage === undefined ? undefined : answer.contentUsage?.preferences[usage];
		const signalValue = answer.contentSignal?.signals[signal];
		// vocab §5.1: of the lines that apply together, `n` wins; those that say the answer decide it.
		const fromUsage = (usageValue === undefined ? [] : (answer.contentUsage?.lines ?? [])).filter((line) => {
			const read = byLine.get(line);
			return read?.kind === 'content-usage' && read.preferences.some((p) => p.key === usage && p.value === usageValue);
		});
		// A later line's value replaces an earlier one's (answer.ts): the last line that states it decides.
		const fromSignal = (signalValue === undefined ? [] : (answer.contentSignal?.lines ?? []))
			.filter((line) => {
				const read = byLine.get(line);
				return read?.kind === 'content-signal' && read.entries.some((entry) => entry.key === signal && entry.value === signalValue);
			})
			.slice(-1);
		const says = [usageValue === undefined ? undefined : usageValue === 'y', signalValue === undefined ? undefined : signalValue === 'yes'].filter(
			(value): value is boolean => value !== undefined,
		);
		const state: QuestionState = says.length === 0 ? 'not-stated' : says.every((value) => value === says[0]) ? (says[0] ? 'yes' : 'no') : 'disagree';
		return { question, state, lines: [...fromUsage, ...fromSignal].sort((a, b) => a - b) };
	});
}
