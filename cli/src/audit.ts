/**
 * `robots-txt audit --ai`: the core's AI policy view of a robots.txt (a file or a site's URL) for `/` and the URLs
 * given, as text, JSON or Markdown: one table per AI company, what robots.txt cannot control for it, and where the crawl
 * rules and the preference lines disagree. A URL it cannot test is reported and the others are answered (exit 2).
 */

import {
	aiPolicy,
	type AiPolicy,
	type AiPolicyAnswer,
	type AiPolicyCrawler,
	type AiPolicyPreferences,
	decodeRobotsBytes,
	parse,
	verdictWord,
} from '../../core/src/index';
import { t } from '../../core/src/l10n';
import { codeSpan, escapeMarkdownText } from '../../core/src/markdown';
import { type OptionTable, parseTimeout, readArguments, readFormat, UsageError } from './args';
import type { Command, CommandIo } from './command';
import { inputName } from './io';
import { readRobotsSource } from './source';
import { escapeControls } from './terminal';
import { inputProblem, urlInputs } from './urlInput';

/** The options of `robots-txt audit`, in the order its help lists them. */
const auditOptions = {
	ai: { help: () => t('the AI policy view: one table per AI company (the only audit so far, so required)') },
	url: { value: '<url>', multiple: true, help: () => t('a URL or path to answer besides /; may be repeated') },
	urls: { value: '<file|->', help: () => t('read one URL a line from a file or standard input; blank lines and # comments are skipped') },
	format: { value: '<name>', help: () => t('text, json or markdown') },
	timeout: { value: '<s>', help: () => t('for a URL: seconds for the whole fetch (default 10)') },
} satisfies OptionTable;

type Format = 'text' | 'json' | 'markdown';

/** The 1-based line of a 0-based one, or null for none (-1). */
function lineNumber(line: number): number | null {
	return line < 0 ? null : line + 1;
}

function preferencesJson(preferences: AiPolicyPreferences): Record<string, unknown> {
	const { contentUsage, contentSignal } = preferences;
	return {
		contentUsage: contentUsage && { ...contentUsage.preferences, line: contentUsage.line + 1 },
		contentSignal: contentSignal && { ...contentSignal.signals, line: contentSignal.line + 1 },
	};
}

/** The view as the README documents its JSON: lines 1-based, verdicts as `test --json` gives them. */
function policyJson(robots: string, policy: AiPolicy): string {
	return JSON.stringify(
		{
			robots,
			urls: policy.urls,
			licenses: policy.licenses,
			companies: policy.companies.map((company) => ({
				owner: company.owner,
				crawlers: company.uses.flatMap((use) =>
					use.crawlers.map((crawler) => ({
						token: crawler.token,
						use: crawler.use,
						followsRobotsTxt: crawler.followsRobotsTxt,
						source: crawler.source,
						controlToken: crawler.controlToken,
						answers: crawler.answers.map((answer, index) => ({
							url: policy.urls[index],
							verdict: answer.allow ? 'allow' : 'disallow',
							line: lineNumber(answer.line),
							rule: answer.line >= 0 ? (policy.lines[answer.line] ?? null) : null,
							preferences: preferencesJson(answer.preferences),
						})),
					})),
				),
				uncontrolled: company.uncontrolled,
				contradictions: company.contradictions.map((contradiction) => ({ ...contradiction, lines: contradiction.lines.map((line) => line + 1) })),
			})),
			notes: policy.notes,
		},
		null,
		2,
	);
}

/** What the preference lines say, in a few words: `Content-Usage: train-ai=n (line 7); Content-Signal: ai-train=no (line 6)`. */
function preferenceWords(preferences: AiPolicyPreferences, code: (text: string) => string): string {
	return [preferences.contentUsage, preferences.contentSignal]
		.filter((stated) => stated !== null && stated.text !== '')
		.map((stated) => `${code(stated!.text)} (${t('line {0}', stated!.line + 1)})`)
		.join('; ');
}

/** A crawler's answer for a URL, in words: the verdict, the deciding line, whether it follows robots.txt at all. */
function answerWords(crawler: AiPolicyCrawler, answer: AiPolicyAnswer, lineText: (line: number) => string): string {
	const parts: string[] = [];
	if (answer.line >= 0) {
		parts.push(t('line {0}: {1}', answer.line + 1, lineText(answer.line)));
	}
	if (!crawler.followsRobotsTxt) {
		parts.push(t('{0} does not follow robots.txt', crawler.token));
	}
	return parts.join('; ');
}

/** The source of a fact, or that it is our assumption. */
function sourceWords(source: string | null): string {
	return source ?? t('assumed: no public source');
}

function policyText(robots: string, policy: AiPolicy, lineText: (line: number) => string): string {
	const out: string[] = [t('AI policy of {0} for {1}', robots, policy.urls.join(', '))];
	for (const license of policy.licenses) {
		out.push(`License: ${license}`);
	}
	out.push(...policy.notes);
	for (const company of policy.companies) {
		out.push('', company.owner);
		for (const use of company.uses) {
			out.push(`  ${use.label}`);
			for (const crawler of use.crawlers) {
				out.push(`    ${crawler.token}`);
				crawler.answers.forEach((answer, index) => {
					const verdict = verdictWord(answer.allow ? 'allow' : 'disallow', { forTools: true }).padEnd(10);
					const details = [answerWords(crawler, answer, lineText), preferenceWords(answer.preferences, (text) => text)].filter((part) => part !== '');
					out.push(`      ${verdict} ${policy.urls[index]}${details.length > 0 ? `  (${details.join('; ')})` : ''}`);
				});
			}
		}
		if (company.uncontrolled.length > 0) {
			out.push(`  ${t('What robots.txt cannot control:')}`);
			for (const fact of company.uncontrolled) {
				out.push(`    - ${fact.text} [${sourceWords(fact.source)}]`);
			}
		}
		if (company.contradictions.length > 0) {
			out.push(`  ${t('Contradictions:')}`);
			for (const contradiction of company.contradictions) {
				out.push(`    - ${contradiction.text}`);
			}
		}
	}
	return out.map(escapeControls).join('\n') + '\n';
}

function policyMarkdown(robots: string, policy: AiPolicy, lineText: (line: number) => string): string {
	const out: string[] = [`# ${escapeMarkdownText(t('AI policy of {0} for {1}', robots, policy.urls.join(', ')))}`];
	for (const license of policy.licenses) {
		out.push('', `License: ${codeSpan(license)}`);
	}
	for (const note of policy.notes) {
		out.push('', escapeMarkdownText(note));
	}
	const code = (text: string) => codeSpan(text, true);
	for (const company of policy.companies) {
		out.push('', `## ${escapeMarkdownText(company.owner)}`, '');
		out.push(`| ${t('Crawler')} | ${policy.urls.map((url) => codeSpan(url, true)).join(' | ')} |`);
		out.push(`| --- |${' --- |'.repeat(policy.urls.length)}`);
		for (const use of company.uses) {
			for (const crawler of use.crawlers) {
				const cells = crawler.answers.map((answer) => {
					const verdict = `**${verdictWord(answer.allow ? 'allow' : 'disallow', { forTools: true })}**`;
					const decided = answer.line >= 0 ? ` ${t('line {0}: {1}', answer.line + 1, code(lineText(answer.line)))}` : '';
					const preferences = preferenceWords(answer.preferences, code);
					return `${verdict}${decided}${preferences ? `; ${preferences}` : ''}`;
				});
				const follows = crawler.followsRobotsTxt ? '' : `, ${escapeMarkdownText(t('{0} does not follow robots.txt', crawler.token))}`;
				out.push(`| ${escapeMarkdownText(crawler.token)} (${escapeMarkdownText(use.label)}${follows}) | ${cells.join(' | ')} |`);
			}
		}
		if (company.uncontrolled.length > 0) {
			out.push('', `**${escapeMarkdownText(t('What robots.txt cannot control:'))}**`, '');
			for (const fact of company.uncontrolled) {
				out.push(`- ${escapeMarkdownText(fact.text)} (${escapeMarkdownText(sourceWords(fact.source))})`);
			}
		}
		if (company.contradictions.length > 0) {
			out.push('', `**${escapeMarkdownText(t('Contradictions:'))}**`, '');
			for (const contradiction of company.contradictions) {
				out.push(`- ${escapeMarkdownText(contradiction.text)}`);
			}
		}
	}
	return out.join('\n') + '\n';
}

async function runAudit(args: readonly string[], io: CommandIo): Promise<number> {
	const { values, positionals } = readArguments(args, auditOptions);
	if (values.ai !== true) {
		throw new UsageError(t('robots-txt audit needs --ai (the AI policy view)'));
	}
	if (positionals.length !== 1) {
		throw new UsageError(t('give one robots file or URL'));
	}
	const format = readFormat<Format>(values.format, ['text', 'json', 'markdown']);
	const timeoutMs = values.timeout === undefined ? undefined : parseTimeout(values.timeout);
	const source = await readRobotsSource(positionals[0], { version: io.version, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
	const model = parse(decodeRobotsBytes(source.bytes));
	const urls: string[] = [];
	let bad = 0;
	for await (const batch of urlInputs(values.url ?? [], values.urls)) {
		for (const input of batch) {
			const problem = inputProblem(input);
			if (problem === undefined) {
				urls.push(input.url);
				continue;
			}
			bad++;
			const where = input.inputLine === undefined ? '' : `${inputName(values.urls!)}:${input.inputLine}: `;
			await io.error(`${where}${input.tooLong ? '' : `${JSON.stringify(input.url)}: `}${problem}`);
		}
	}
	const policy = aiPolicy(model, urls);
	const lineText = (line: number) => policy.lines[line] ?? '';
	const text =
		format === 'json'
			? policyJson(source.name, policy) + '\n'
			: format === 'markdown'
				? policyMarkdown(source.name, policy, lineText)
				: policyText(source.name, policy, lineText);
	await io.out.write(text);
	return bad > 0 ? 2 : 0;
}

export const auditCommand: Command = {
	name: 'audit',
	summary: () => t('the AI policy view of a robots.txt: per AI company, which crawlers may fetch the key URLs and what the preference lines say'),
	synopsis: ['robots-txt audit --ai <robots-file|url> [--url <url>]... [--urls <file|->] [--format text|json|markdown] [--timeout <seconds>]'],
	about: () => [
		t(
			'For / and the URLs given, one table per AI company of the crawler catalogue: which of its crawlers may fetch each URL (AI training, search and answers, user-triggered, ads), whether each follows robots.txt, what the Content-Usage and Content-Signal lines say for it, what robots.txt cannot control for the company, and where the crawl rules and the preference lines disagree, with the lines involved.',
		),
	],
	options: auditOptions,
	notes: () => [
		t(
			'Exit status: 0 when the view was written (whatever it says); 2 on bad arguments, a file or URL that cannot be read, or a URL that cannot be tested (reported, and the others are answered).',
		),
	],
	run: runAudit,
};
