/**
 * The facts and the fetch conclusions speak every shipped language: each crawler's description and family note, each
 * directive's documentation, each fetch policy's notes, and what every fetch policy concludes from every response of
 * the fetch fixtures (test/fixtures/fetch/responses.json) differ from their English text in Chinese, Russian and
 * Portuguese, and keep no run of English words outside code spans, quoted file text, URLs and source titles.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	concludeFetch,
	crawlerProfile,
	deployedDiagnostics,
	deployedLenses,
	deployedReport,
	analyseDeployed,
	compareWithDeployed,
	defaultAnalysisOptions,
	describeConclusion,
	describeResponse,
	directiveDocs,
	fetchPolicies,
	fetchPolicyIds,
	knownCrawlers,
	RobotsModel,
	testUrlDeployed,
	type CrawlerProfile,
	type FetchOutcome,
	type HttpResponse,
} from '../../core/src/index';
import { sourceTitles } from '../../core/src/fetch/explain';
import { useLocale } from '../../io/src/localize';
import { fixturesDir } from '../util/fixtures';

const languages = ['zh-cn', 'ru', 'pt-br'] as const;

/**
 * English words that Portuguese, Russian and Chinese prose never use, so that three lowercase words in a row with
 * one of them are English left over. Portuguese words that are spelt like English ones ("a", "as", "do", "for", "no",
 * "se") are left out.
 */
const englishWords = new Set([
	'the',
	'of',
	'and',
	'to',
	'is',
	'it',
	'its',
	'that',
	'with',
	'not',
	'by',
	'from',
	'this',
	'are',
	'be',
	'which',
	'when',
	'or',
	'on',
	'at',
	'was',
	'has',
	'have',
	'does',
	'if',
	'than',
	'then',
	'only',
	'every',
	'any',
	'all',
	'reads',
	'allows',
	'fetches',
	'crawler',
	'crawlers',
	'rules',
	'body',
	'file',
	'page',
	'pages',
	'group',
	'groups',
	'answer',
	'keeps',
	'server',
	'answered',
	'redirects',
	'our',
	'we',
	'they',
	'their',
	'would',
	'may',
	'after',
	'before',
]);

/** Every source title the facts cite, longest first: citations keep their titles (l10n.md). */
const titles = (() => {
	const found = new Set<string>();
	const add = (source: string | undefined) =>
		source?.split('; ').forEach((part) => {
			found.add(sourceTitles(part));
		});
	for (const policy of Object.values(fetchPolicies)) {
		for (const value of Object.values(policy)) {
			if (Array.isArray(value)) {
				value.forEach((rule: { source?: string }) => {
					add(rule.source);
				});
			} else if (typeof value === 'object' && value !== null && 'value' in value) {
				add((value as { source?: string }).source);
			}
		}
	}
	for (const crawler of knownCrawlers) {
		Object.values(crawler.sources).forEach(add);
	}
	return [...found].sort((a, b) => b.length - a.length);
})();

/** Crawler tokens, which are data; several are lowercase words (`bingbot`, `libwww-perl`). */
const tokens = new RegExp(
	`(?<![\\w-])(${[...knownCrawlers.map((crawler) => crawler.token), 'MyOwnBot']
		.sort((a, b) => b.length - a.length)
		.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('|')})(?![\\w-])`,
	'g',
);

/**
 * The text without what stays English on purpose: source titles, code spans, quoted file text, URLs, crawler tokens.
 * Lists of tokens are joined by crawlers/explain.ts (`listNames`), another area's words, so tokens break a run.
 */
function prose(text: string): string {
	let out = text;
	for (const title of titles) {
		out = out.split(title).join(' ');
	}
	return out
		.replace(tokens, '|')
		.replace(/`[^`]*`/g, '|')
		.replace(/"[^"]*"/g, '|')
		.replace(/https?:\/\/\S+/g, '|');
}

/** Runs of three or more lowercase English-looking words with one of `englishWords` among them. */
export function englishRuns(text: string): string[] {
	const runs: string[] = [];
	let run: string[] = [];
	const flush = () => {
		if (run.length >= 3 && run.some((word) => englishWords.has(word))) {
			runs.push(run.join(' '));
		}
		run = [];
	};
	for (const token of prose(text)
		.split(/[\s,;:()（）.。，；：]+/)
		.filter((word) => word !== '')) {
		if (/^[a-z]+(-[a-z]+)?$/.test(token)) {
			run.push(token);
		} else {
			flush();
		}
	}
	flush();
	return runs;
}

interface FixtureResponse {
	url: string;
	status: number;
	headers: [string, string][];
	bodyText?: string;
	bodyHex?: string;
}

interface FixtureCase {
	name: string;
	outcome: { url: string; responses: FixtureResponse[]; error?: FetchOutcome['error'] };
}

const fixture = JSON.parse(readFileSync(join(fixturesDir, 'fetch', 'responses.json'), 'utf8')) as { cases: FixtureCase[] };

function toOutcome(raw: FixtureCase['outcome']): FetchOutcome {
	return {
		url: raw.url,
		responses: raw.responses.map((response): HttpResponse => {
			const { bodyText, bodyHex, ...rest } = response;
			const body =
				bodyText !== undefined ? new TextEncoder().encode(bodyText) : bodyHex !== undefined ? Uint8Array.from(Buffer.from(bodyHex, 'hex')) : undefined;
			return body === undefined ? rest : { ...rest, body };
		}),
		...(raw.error ? { error: raw.error } : {}),
	};
}

/** One crawler per fetch policy (a known one where the catalogue has it), and a token no one knows. */
function crawlersOfEveryPolicy(): CrawlerProfile[] {
	const profiles = fetchPolicyIds.map((id) => {
		const known = knownCrawlers.find((crawler) => crawler.fetch === id);
		return known ? crawlerProfile(known.token) : { ...crawlerProfile('GPTBot'), fetch: id };
	});
	return [...profiles, crawlerProfile('MyOwnBot')];
}

/** Every text the facts and fetch/ produce for people, by a name that says where it comes from. */
function texts(): Map<string, string> {
	const out = new Map<string, string>();
	for (const crawler of knownCrawlers) {
		out.set(`${crawler.token} description`, crawler.description);
		if (crawler.familyNote) {
			out.set(`${crawler.token} family note`, crawler.familyNote);
		}
	}
	// A profile copies the facts when it is made: it must copy them in the language of that moment.
	out.set('YandexBot profile description', crawlerProfile('YandexBot').description);
	for (const [id, doc] of Object.entries(directiveDocs)) {
		out.set(`${id} summary`, doc.summary);
		out.set(`${id} read by`, doc.readBy);
	}
	for (const policy of Object.values(fetchPolicies)) {
		policy.statuses.forEach((rule, i) => {
			rule.note && out.set(`${policy.id} status rule ${i} note`, rule.note);
		});
		for (const [name, value] of Object.entries(policy)) {
			const note = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { note?: string }).note : undefined;
			if (note) {
				out.set(`${policy.id} ${name} note`, note);
			}
		}
		if (policy.whileUnreachable) {
			out.set(`${policy.id} while unreachable`, policy.whileUnreachable.value);
		}
	}
	const crawlers = crawlersOfEveryPolicy();
	const local = RobotsModel.parse('User-agent: *\nDisallow: /private\n');
	for (const entry of fixture.cases) {
		const outcome = toOutcome(entry.outcome);
		for (const crawler of crawlers) {
			out.set(`${entry.name}: ${crawler.token} (${crawler.fetch})`, describeConclusion(concludeFetch(outcome, crawler)));
		}
		const facts = describeResponse(outcome);
		facts.notes.forEach((note, i) => {
			out.set(`${entry.name}: note ${i}`, note);
		});
		if (facts.error && outcome.error?.kind !== 'network') {
			out.set(`${entry.name}: error`, facts.error);
		}
		const analysis = analyseDeployed(
			outcome,
			crawlers.map((crawler) => crawler.token),
		);
		deployedLenses(analysis).forEach((lens, i) => {
			out.set(`${entry.name}: lens ${i}`, lens.command!.title);
		});
		deployedDiagnostics(analysis, 10).forEach((diagnostic) => {
			out.set(`${entry.name}: diagnostic`, diagnostic.message);
		});
		const deployed = RobotsModel.parse(analysis.text);
		for (const conclusion of analysis.conclusions.filter((each) => each.kind !== 'rules')) {
			out.set(
				`${entry.name}: Test URL as ${conclusion.crawler.token}`,
				testUrlDeployed(deployed, analysis, { url: '/private/a', agent: conclusion.crawler.token }, defaultAnalysisOptions).headline,
			);
		}
		const comparison = compareWithDeployed(
			local,
			analysis,
			crawlers.map((crawler) => crawler.token),
		);
		out.set(`${entry.name}: comparison`, comparison.summary);
		if (comparison.table !== '') {
			out.set(`${entry.name}: comparison table`, comparison.table);
		}
		out.set(
			`${entry.name}: report`,
			deployedReport(analysis)
				.split('\n')
				.filter((line) => !line.startsWith('  ') || !/getaddrinfo|socket/.test(line))
				.join('\n'),
		);
	}
	return out;
}

describe('the facts and fetch conclusions in every shipped language', () => {
	const english = texts();

	test('the English texts are what the tests of the facts expect (the check reads something)', () => {
		assert.ok(english.size > 500, `${english.size} texts`);
		assert.match(english.get('Googlebot description') ?? '', /^Google Search's main crawler/);
		assert.deepEqual(englishRuns("Google Search's main crawler, for desktop and smartphone pages."), ['main crawler for desktop and smartphone pages']);
		assert.deepEqual(englishRuns('Основной робот; `Disallow: /the path of it` и "the quoted file text"'), []);
	});

	for (const language of languages) {
		test(`${language}: every text differs from English and keeps no English sentence`, () => {
			let translated: Map<string, string>;
			try {
				useLocale(language);
				translated = texts();
			} finally {
				useLocale(undefined);
			}
			const problems: string[] = [];
			for (const [name, text] of english) {
				const other = translated.get(name) ?? '';
				if (other === text) {
					problems.push(`${name}: still English: ${text}`);
				}
				const runs = englishRuns(other);
				if (runs.length > 0) {
					problems.push(`${name}: English left: ${runs.join(' | ')} in ${other}`);
				}
			}
			assert.deepEqual(problems.slice(0, 20), [], `${problems.length} problems`);
		});
	}
});
