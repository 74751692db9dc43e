/**
 * The answer lines of `robots-txt test`: for one agent and a robots.txt, each URL's line, as text or a JSON object,
 * worded once per decision (the URL is the only part of a line that differs between URLs that decide alike). The
 * thread that reads the URLs and the worker threads of a big list (testThreads.ts) word them alike.
 */

import {
	compileCrawlerDecider,
	crawlerPreferences,
	evaluate,
	evaluateAs,
	explainEvaluation,
	preferencesOf,
	type CrawlerEvaluation,
	type Dialect,
	type Evaluation,
	type PreferenceAnswer,
	type RobotsModel,
	verdictWord,
} from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { noRuleMatches } from './fetch';
import { preferencesJson, preferencesText } from './preferences';
import { escapeControls } from './terminal';

/** One answer: a parser's exactly (`--dialect`), or a crawler's; with the file, for the preferences beside it. */
type Answer = { readonly model: RobotsModel } & (
	| { readonly kind: 'parser'; readonly evaluation: Evaluation }
	| { readonly kind: 'crawler'; readonly evaluation: CrawlerEvaluation }
);

function answer(model: RobotsModel, agent: string, url: string, dialect: Dialect | undefined): Answer {
	return dialect === undefined
		? { model, kind: 'crawler', evaluation: evaluateAs(model, agent, url) }
		: { model, kind: 'parser', evaluation: evaluate(model, { agent, url, dialect }) };
}

/**
 * An answer's line, before and after its URL: the URL is the only part of a line that differs between URLs that
 * decide alike, so that many URLs are worded once per decision (`answerLines`).
 */
export type AroundUrl = readonly [before: string, after: string];

/** The JSON object of an answer around its `url` field: `{"robots":…,"url":` and `,"agent":…}`. */
function jsonAround(result: Answer, robots?: string): AroundUrl {
	const record: Record<string, unknown> = {};
	const evaluation = result.evaluation;
	if (result.kind === 'parser') {
		record.agent = result.evaluation.agent;
		record.dialect = result.evaluation.dialect;
	} else {
		const { crawler, reading } = result.evaluation;
		record.agent = crawler.token;
		record.dialect = reading.dialect;
		record.known = crawler.known;
	}
	record.verdict = evaluation.verdict;
	record.line = evaluation.rule ? evaluation.rule.line + 1 : null;
	record.rule = evaluation.rule ? evaluation.rule.text : null;
	record.reason = evaluation.reason;
	if (result.kind === 'crawler') {
		const { reading } = result.evaluation;
		record.follows = reading.follows;
		record.groups = reading.groups.map((group) => group.line + 1);
		record.readBytes = reading.extent.kind === 'cut' ? reading.extent.limit : null;
		record.explanation = explainEvaluation(result.evaluation);
	} else {
		record.groups = result.evaluation.groups.map((group) => group.line + 1);
	}
	record.preferences = preferencesJson(preferencesOf(result.model, result.evaluation));
	// JSON.stringify writes the fields in the order they were set: the same text as one object with `url` second or first.
	return [robots === undefined ? '{"url":' : `{"robots":${JSON.stringify(robots)},"url":`, `,${JSON.stringify(record).slice(1)}`];
}

/** The text line of an answer around its URL, each part with its control characters escaped (as the whole line would be). */
function textAround(result: Answer, showAgent: boolean): AroundUrl {
	const evaluation = result.evaluation;
	const verdict = verdictWord(evaluation.verdict, { forTools: true }).padEnd(10);
	const agent = showAgent ? `  ${t('as {0}', result.kind === 'crawler' ? result.evaluation.crawler.token : result.evaluation.agent)}` : '';
	const preferences = preferencesText(preferencesOf(result.model, result.evaluation));
	return [escapeControls(`${verdict} `), escapeControls(`${agent}  (${decided(result)})${preferences}`)];
}

/**
 * The answer lines of one agent for many URLs, each its answer's JSON object or text line, the URL between the parts
 * (`answersAround`).
 */
export function answerLines(
	model: RobotsModel,
	agent: string,
	dialect: Dialect | undefined,
	format: { json: boolean; showAgent: boolean; robots?: string },
): (url: string) => string {
	const around = answersAround(model, agent, dialect, format);
	return (url) => {
		const parts = around(url);
		return parts[0] + (format.json ? JSON.stringify(url) : escapeControls(url)) + parts[1];
	};
}

/**
 * The parts of the answer lines of one agent for many URLs, before and after the URL (written as a JSON string, or
 * with its control characters escaped). As a crawler reads the file, the decider's key and the preferences beside the
 * verdict (`crawlerPreferences`, whose equal answers are one object) fix everything but the URL, so each pair is worded
 * once, the same pair for every URL that decides alike, and a URL costs a walk of the compiled rules; as a parser
 * (`--dialect`), every URL is answered whole. The wordings kept are bounded by the file's rules, not the input.
 */
export function answersAround(
	model: RobotsModel,
	agent: string,
	dialect: Dialect | undefined,
	format: { json: boolean; showAgent: boolean; robots?: string },
): (url: string) => AroundUrl {
	const around = (result: Answer) => (format.json ? jsonAround(result, format.robots) : textAround(result, format.showAgent));
	if (dialect !== undefined) {
		return (url) => around(answer(model, agent, url, dialect));
	}
	const decider = compileCrawlerDecider(model, agent);
	const preferences = crawlerPreferences(decider.reading);
	/**
	 * By key (a rule's index, in an array; the few others, below 0, in a map): the file's verdict (which the preferences
	 * depend on), the wording for each preference answer, and the last one looked up (most keys have one).
	 */
	const byRule: (Worded | undefined)[] = [];
	const byOther = new Map<number, Worded>();
	return (url) => {
		const key = decider.decideKey(url);
		let result: Answer | undefined;
		let byKey = key >= 0 ? byRule[key] : byOther.get(key);
		if (byKey === undefined) {
			result = answer(model, agent, url, undefined);
			byKey = { fileVerdict: (result.evaluation as CrawlerEvaluation).fileVerdict, lines: new Map(), said: undefined, parts: undefined };
			if (key >= 0) {
				byRule[key] = byKey;
			} else {
				byOther.set(key, byKey);
			}
		}
		const said = preferences(url, byKey.fileVerdict);
		if (said === byKey.said) {
			return byKey.parts!;
		}
		let parts = byKey.lines.get(said);
		if (parts === undefined) {
			parts = around(result ?? answer(model, agent, url, undefined));
			byKey.lines.set(said, parts);
		}
		byKey.said = said;
		byKey.parts = parts;
		return parts;
	};
}

/** The wordings of a decider's key (`answersAround`). */
interface Worded {
	readonly fileVerdict: Evaluation['verdict'];
	readonly lines: Map<PreferenceAnswer, AroundUrl>;
	/** The preference answer last looked up, and its wording. */
	said: PreferenceAnswer | undefined;
	parts: AroundUrl | undefined;
}

/**
 * What decided, in a few words; when no rule did, the group followed (or that none applies). Verdict words stay
 * ALLOWED/DISALLOWED at the start of the line; this part is prose.
 */
function decided(result: Answer): string {
	const evaluation = result.evaluation;
	if (evaluation.rule) {
		const line = evaluation.rule.line + 1;
		if (result.kind === 'crawler' && result.evaluation.reason === 'ignores-robots-txt') {
			const token = result.evaluation.crawler.token;
			return result.evaluation.fileVerdict === 'allow'
				? t('{0} does not follow robots.txt; the file would allow it by line {1}: {2}', token, line, evaluation.rule.text)
				: t('{0} does not follow robots.txt; the file would disallow it by line {1}: {2}', token, line, evaluation.rule.text);
		}
		return t('line {0}: {1}', line, evaluation.rule.text);
	}
	const groups = result.kind === 'crawler' ? result.evaluation.reading.groups : result.evaluation.groups;
	switch (evaluation.reason) {
		case 'robots-txt':
			return t('/robots.txt is always allowed');
		case 'no-group':
			return result.kind === 'crawler' && result.evaluation.reading.skippedGlobal.length > 0
				? t('no group applies: {0} ignores "User-agent: *"', result.evaluation.crawler.token)
				: t('no group applies');
		case 'too-large':
			return t('the file is over its size limit, which counts as allowing everything');
		case 'ignores-robots-txt':
			return result.kind === 'crawler' ? t('{0} does not follow robots.txt', result.evaluation.crawler.token) : t('it does not follow robots.txt');
		default:
			return noRuleMatches(groups.map((group) => group.line + 1));
	}
}
