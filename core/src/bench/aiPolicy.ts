/**
 * The AI policy view: one table per AI company of the catalogue, answering for `/` and the site's key URLs which of
 * its crawlers may fetch each (by what they do), whether each follows robots.txt, what the preference lines say for it,
 * what robots.txt cannot control for that company (facts/aiControls.ts), and where the crawl rules and the preference
 * lines disagree, with the lines involved. Every verdict is the crawler model's (`crawlerEvaluator`), every preference
 * the preference layer's answer on the same evaluation (`preferencesOf`).
 */

import { crawlerEvaluator, type CrawlerEvaluation } from '../crawlers/reading';
import { uncontrolledUses } from '../facts/aiControls';
import { knownCrawlers, type CrawlerCategory, type CrawlerFacts } from '../facts/crawlers';
import { formatNumber, t } from '../l10n';
import { bindPreferences, preferencesOf, statedPreferencesOf, type PreferenceAnswer } from '../preferences/answer';
import { pairs } from '../preferences/explain';
import { questionKeys, type PreferenceQuestion } from '../preferences/questions';
import type {
	AiPolicy,
	AiPolicyAnswer,
	AiPolicyCompany,
	AiPolicyContradiction,
	AiPolicyCrawler,
	AiPolicyFact,
	AiPolicyPreferences,
	AiPolicyUse,
	AiPolicyUseGroup,
} from '../protocol';
import type { RobotsModel } from '../syntax/parser';

/** The most URLs the view answers besides `/`: each is evaluated for every crawler of every company. */
const maxPolicyUrls = 20;

/** The catalogue's categories the view shows, by use. */
const useOfCategory: Partial<Record<CrawlerCategory, AiPolicyUse>> = {
	'ai-training': 'training',
	search: 'search',
	'ai-search': 'search',
	'user-fetch': 'user',
	ads: 'ads',
};

/** The uses in the order the view shows them, each with its name for people (read when shown). */
const useLabels: readonly { readonly use: AiPolicyUse; readonly label: () => string }[] = [
	{ use: 'training', label: () => t('AI training') },
	{ use: 'search', label: () => t('Search and answers') },
	{ use: 'user', label: () => t('User-triggered fetchers') },
	{ use: 'ads', label: () => t('Ads') },
];

/** The companies people ask about first, in this order; every other owner of AI crawlers follows by name. */
const leadingOwners = ['OpenAI', 'Anthropic', 'Google', 'Apple', 'Meta', 'Perplexity', 'Amazon', 'ByteDance', 'Common Crawl', 'Microsoft'];

/** The categories that make an owner an AI company. */
const aiCategories: readonly CrawlerCategory[] = ['ai-training', 'ai-search', 'user-fetch'];

/**
 * For each category, the questions of the preference lines that state its use (questions.ts names the keys each one
 * reads). An AI search crawler both indexes and feeds answers (`ai-input`).
 */
const purposeQuestions: Partial<Record<CrawlerCategory, readonly PreferenceQuestion[]>> = {
	'ai-training': ['train'],
	search: ['search'],
	'ai-search': ['search', 'input'],
};

/** The AI companies of the catalogue and their crawlers of the uses shown, in the view's order. */
function aiCompanies(): { owner: string; crawlers: CrawlerFacts[] }[] {
	const byOwner = new Map<string, CrawlerFacts[]>();
	const ai = new Set<string>();
	for (const crawler of knownCrawlers) {
		if (useOfCategory[crawler.category] === undefined || crawler.standsFor !== undefined) {
			continue;
		}
		let crawlers = byOwner.get(crawler.owner);
		if (!crawlers) {
			crawlers = [];
			byOwner.set(crawler.owner, crawlers);
		}
		crawlers.push(crawler);
		if (aiCategories.includes(crawler.category)) {
			ai.add(crawler.owner);
		}
	}
	const rank = (owner: string) => {
		const index = leadingOwners.indexOf(owner);
		return index < 0 ? leadingOwners.length : index;
	};
	return [...ai].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en')).map((owner) => ({ owner, crawlers: byOwner.get(owner)! }));
}

/** The key URLs: `/` first, then those given (trimmed, each once), at most `maxPolicyUrls` of them with a note. */
function keyUrls(urls: readonly string[], notes: string[]): string[] {
	const given = [...new Set(urls.map((url) => url.trim()))].filter((url) => url !== '/');
	if (given.length > maxPolicyUrls) {
		notes.push(t('Showing the first {0} of {1} URLs.', formatNumber(maxPolicyUrls), formatNumber(given.length)));
	}
	return ['/', ...given.slice(0, maxPolicyUrls)];
}

/** The stated keys as a line would say them (`Content-Signal: search=yes, ai-train=no`); empty when it states none. */
function stated(name: string, values: Readonly<Record<string, string>>): string {
	const written = pairs(values);
	return written === '' ? '' : `${name}: ${written}`;
}

function preferenceData(answer: PreferenceAnswer): AiPolicyPreferences {
	const { contentUsage, contentSignal } = answer;
	return {
		contentUsage: contentUsage && { preferences: contentUsage.preferences, line: contentUsage.line, text: stated('Content-Usage', contentUsage.preferences) },
		contentSignal: contentSignal && { signals: contentSignal.signals, line: contentSignal.line, text: stated('Content-Signal', contentSignal.signals) },
	};
}

/** Contradictions found so far, merged when the same lines say the same thing for other crawlers or URLs. */
class Contradictions {
	private readonly found = new Map<
		string,
		{ kind: AiPolicyContradiction['kind']; crawlers: Set<string>; urls: Set<string>; lines: number[]; words: string[] }
	>();

	add(kind: AiPolicyContradiction['kind'], crawler: string, url: string, lines: readonly number[], words: readonly string[]): void {
		const key = `${kind}\u0000${lines.join(',')}\u0000${words.join('\u0000')}`;
		let entry = this.found.get(key);
		if (!entry) {
			entry = { kind, crawlers: new Set(), urls: new Set(), lines: [...lines], words: [...words] };
			this.found.set(key, entry);
		}
		entry.crawlers.add(crawler);
		entry.urls.add(url);
	}

	list(): AiPolicyContradiction[] {
		return [...this.found.values()].map(({ kind, crawlers, urls, lines, words }) => {
			const who = [...crawlers].join(', ');
			const where = [...urls].join(', ');
			const number = (line: number) => (line < 0 ? '—' : String(line + 1));
			let text: string;
			switch (kind) {
				case 'allowed-preference-no':
					text = t(
						'The crawl rules let {0} fetch {1}, but line {2} says {3}; no major crawler documents reading this line yet.',
						who,
						where,
						number(lines[lines.length - 1]),
						words[0],
					);
					break;
				case 'blocked-preference-yes':
					text = t(
						'The crawl rules keep {0} from {1} (line {2}), while line {3} says {4}: a preference applies only to what a crawler may fetch.',
						who,
						where,
						number(lines[0]),
						number(lines[1]),
						words[0],
					);
					break;
				case 'search-blocked-training-allowed':
					text = t(
						'The crawl rules keep {0} from {1} (line {2}), but let the same company fetch it for AI training: {3}.',
						who,
						where,
						number(lines[0]),
						words[0],
					);
					break;
				case 'preferences-disagree':
					text = t(
						'For {0} at {1}, line {2} says {3} and line {4} says {5}: the preference lines disagree.',
						who,
						where,
						number(lines[0]),
						words[0],
						number(lines[1]),
						words[1],
					);
					break;
			}
			return { kind, text, crawlers: [...crawlers], urls: [...urls], lines: lines.filter((line) => line >= 0) };
		});
	}
}

/**
 * The contradictions between the crawl verdict and the preference lines for one crawler and URL: a crawler let in
 * where a preference says no to its use, a training crawler kept out where one says yes, and Content-Usage and
 * Content-Signal stating opposite answers for the same use.
 */
function crawlerContradictions(
	model: RobotsModel,
	crawler: CrawlerFacts,
	evaluation: CrawlerEvaluation,
	preferences: PreferenceAnswer,
	found: Contradictions,
): void {
	const questions = purposeQuestions[crawler.category];
	if (!questions || crawler.ignoresRobotsTxt) {
		return;
	}
	const url = evaluation.url;
	const rule = evaluation.rule ? evaluation.rule.line : -1;
	const stated = evaluation.verdict === 'allow' ? preferences : crawler.category === 'ai-training' ? statedPreferencesOf(model, evaluation) : undefined;
	if (!stated) {
		return;
	}
	const said: { line: number; words: string; yes: boolean; use: PreferenceQuestion }[] = [];
	const usage = stated.contentUsage;
	if (usage) {
		for (const question of questions) {
			const key = questionKeys[question].usage;
			const value = key === undefined ? undefined : usage.preferences[key];
			if (key !== undefined && value !== undefined) {
				said.push({ line: usage.line, words: pairs({ [key]: value }), yes: value === 'y', use: question });
			}
		}
	}
	const signal = stated.contentSignal;
	if (signal) {
		for (const question of questions) {
			const key = questionKeys[question].signal;
			const value = signal.signals[key];
			if (value !== undefined) {
				said.push({ line: signal.line, words: pairs({ [key]: value }), yes: value === 'yes', use: question });
			}
		}
	}
	for (const each of said) {
		if (evaluation.verdict === 'allow' && !each.yes) {
			found.add('allowed-preference-no', crawler.token, url, rule < 0 ? [each.line] : [rule, each.line], [each.words]);
		} else if (evaluation.verdict === 'disallow' && each.yes) {
			found.add('blocked-preference-yes', crawler.token, url, [rule, each.line], [each.words]);
		}
	}
	// Content-Usage and Content-Signal on the same use (train-ai and ai-train, search and search), one saying yes and the other no.
	for (const a of said) {
		for (const b of said) {
			if (a.line < b.line && a.use === b.use && a.yes !== b.yes) {
				found.add('preferences-disagree', crawler.token, url, [a.line, b.line], [a.words, b.words]);
			}
		}
	}
}

/** One company's table. */
function companyTable(model: RobotsModel, owner: string, crawlers: readonly CrawlerFacts[], urls: readonly string[]): AiPolicyCompany {
	const found = new Contradictions();
	const rows: { facts: CrawlerFacts; row: AiPolicyCrawler }[] = crawlers.map((facts) => {
		const evaluate = crawlerEvaluator(model, facts.token);
		const answers = urls.map((url): AiPolicyAnswer => {
			const evaluation = evaluate(url);
			const preferences = preferencesOf(model, evaluation);
			crawlerContradictions(model, facts, evaluation, preferences, found);
			return { allow: evaluation.verdict === 'allow', line: evaluation.rule ? evaluation.rule.line : -1, preferences: preferenceData(preferences) };
		});
		return {
			facts,
			row: {
				token: facts.token,
				use: useOfCategory[facts.category]!,
				followsRobotsTxt: !facts.ignoresRobotsTxt,
				source: facts.sources.ignoresRobotsTxt ?? null,
				controlToken: facts.controlToken,
				answers,
			},
		};
	});
	// A company's search crawler kept out of a URL that its training crawlers may fetch.
	const follows = rows.filter(({ facts }) => !facts.ignoresRobotsTxt);
	urls.forEach((url, index) => {
		const training = follows.filter(({ row }) => row.use === 'training' && row.answers[index].allow).map(({ row }) => row.token);
		if (training.length === 0) {
			return;
		}
		for (const { facts, row } of follows) {
			const answer = row.answers[index];
			if (row.use === 'search' && !facts.controlToken && !answer.allow) {
				found.add('search-blocked-training-allowed', row.token, url, [answer.line], [training.join(', ')]);
			}
		}
	});
	const uses: AiPolicyUseGroup[] = useLabels
		.map(({ use, label }) => ({ use, label: label(), crawlers: rows.filter(({ row }) => row.use === use).map(({ row }) => row) }))
		.filter((group) => group.crawlers.length > 0);
	return { owner, uses, uncontrolled: uncontrolled(owner, crawlers), contradictions: found.list() };
}

/** What robots.txt cannot control for a company: its crawlers that do not follow the file, by source, then the owner's facts. */
function uncontrolled(owner: string, crawlers: readonly CrawlerFacts[]): AiPolicyFact[] {
	const bySource = new Map<string | null, string[]>();
	for (const crawler of crawlers) {
		if (crawler.ignoresRobotsTxt) {
			const source = crawler.sources.ignoresRobotsTxt ?? null;
			bySource.set(source, [...(bySource.get(source) ?? []), crawler.token]);
		}
	}
	const facts: AiPolicyFact[] = [...bySource].map(([source, tokens]) => ({
		text: t('Not bound by robots.txt (the file cannot keep them out): {0}.', tokens.join(', ')),
		source,
	}));
	for (const use of uncontrolledUses) {
		if (use.owner === owner) {
			facts.push({ text: use.text(), source: use.source ?? null });
		}
	}
	return facts;
}

/**
 * The AI policy view of a file for `/` and `urls` (URLs or paths the caller has checked: the bench's testable rows,
 * the command line's), at most 20 of them besides `/`.
 */
export function aiPolicy(model: RobotsModel, urls: readonly string[]): AiPolicy {
	const notes: string[] = [];
	const keys = keyUrls(urls, notes);
	const companies = aiCompanies().map(({ owner, crawlers }) => companyTable(model, owner, crawlers, keys));
	// License lines are global: every dialect's binding holds the same ones.
	const licenses = bindPreferences(model, 'rfc9309')
		.licenses.filter((line) => line.absolute)
		.map((line) => line.url);
	const lines: Record<string, string> = {};
	const name = (line: number) => {
		if (line >= 0 && line < model.lineCount && lines[line] === undefined) {
			lines[line] = model.lineText(line).trim();
		}
	};
	for (const company of companies) {
		for (const use of company.uses) {
			for (const crawler of use.crawlers) {
				for (const answer of crawler.answers) {
					name(answer.line);
					name(answer.preferences.contentUsage?.line ?? -1);
					name(answer.preferences.contentSignal?.line ?? -1);
				}
			}
		}
	}
	return { urls: keys, licenses, companies, lines, notes };
}
