/**
 * The expectations format: regression tests for a robots.txt file, one expectation a line, e.g.
 * `Googlebot  /private/report.pdf  disallow`. Parsing never fails: each line that cannot be read gets one problem
 * saying what is wrong with it, and every other line is read on. README.md ("Expectations") documents the format.
 */

import { allDialects, isDialect, type Dialect } from '../dialect';
import { checkUrl, describeUrlProblem, quoteInput } from '../bench/urls';
import { t } from '../l10n';
import { contentSignalKeys, contentSignalUseValues, contentSignalValues, contentUsageLabels } from '../preferences/vocabulary';

/** The file name looked for beside a robots.txt; `<name>.robots.expectations` works too. */
const expectationsFileName = 'robots.expectations';
/** The ending of other expectations files (`staging.robots.expectations`). */
const expectationsFileSuffix = '.robots.expectations';
/** The robots.txt an expectations file tests unless `@robots` names another: the one in its folder. */
export const defaultRobotsFileName = 'robots.txt';

/** Whether a file name is an expectations file's. */
export function isExpectationsFileName(name: string): boolean {
	return name === expectationsFileName || name.endsWith(expectationsFileSuffix);
}

/** A range of characters on one line, 0-based, end exclusive. */
export interface Span {
	readonly start: number;
	readonly end: number;
}

type ExpectedVerdict = 'allow' | 'disallow';

/** The words a verdict may be written as (compared case-insensitively). */
const verdictWords: Readonly<Record<string, ExpectedVerdict>> = {
	allow: 'allow',
	allowed: 'allow',
	disallow: 'disallow',
	disallowed: 'disallow',
};

/**
 * A preference expected of the lines that speak for the URL: a Content-Usage category with `y` or `n`
 * (`train-ai=n`), or a Content-Signal key with a value the policy defines (`ai-train=no`, `use=reference`). `search`
 * is both: its value says which (`search=y` is Content-Usage, `search=yes` Content-Signal).
 */
export interface ExpectedPreference {
	readonly kind: 'content-usage' | 'content-signal';
	readonly key: string;
	readonly value: string;
	readonly span: Span;
}

/** One expectation: this crawler, this URL, this verdict, and the preferences expected where the crawler may fetch it. */
export interface Expectation {
	/** 0-based line. */
	readonly line: number;
	/** The product token (`*`: any crawler that no group names), without a `@parser` suffix. */
	readonly crawler: string;
	readonly crawlerSpan: Span;
	/** Set by a `@parser` suffix: read the file as this parser instead of the crawler's own. */
	readonly parser?: Dialect;
	readonly url: string;
	readonly urlSpan: Span;
	/** As written; `allow` when only preferences are written, since they apply only to URLs the crawler may fetch. */
	readonly verdict: ExpectedVerdict;
	/** The verdict as written, else the first preference. */
	readonly verdictSpan: Span;
	/** The preferences expected (`train-ai=n`, `ai-train=no`), in line order; empty for a verdict alone. */
	readonly preferences: readonly ExpectedPreference[];
	/** Where the expectation ends on its line: after the verdict or the last preference. */
	readonly end: number;
}

/** Stable codes of what can be wrong with a line. */
type ExpectationProblemCode = 'expectation-syntax' | 'not-a-url' | 'unknown-parser' | 'unknown-directive' | 'duplicate-directive';

export interface ExpectationProblem {
	readonly line: number;
	readonly span: Span;
	readonly code: ExpectationProblemCode;
	readonly message: string;
}

/** An expectations file as read. */
export interface ExpectationsFile {
	readonly lineCount: number;
	readonly expectations: readonly Expectation[];
	readonly problems: readonly ExpectationProblem[];
	/** `@robots <path>`: the robots.txt to test, relative to the expectations file. */
	readonly robots?: { readonly path: string; readonly line: number; readonly span: Span };
	/** Each line's text, for features that look at what is being typed. */
	readonly lines: readonly string[];
}

interface Word {
	readonly text: string;
	readonly start: number;
	readonly end: number;
}

const example = '`Googlebot /private/ disallow`';

/** Reads an expectations file. Never throws. */
export function parseExpectations(text: string): ExpectationsFile {
	const lines = text.split(/\r\n|\r|\n/);
	const expectations: Expectation[] = [];
	const problems: ExpectationProblem[] = [];
	let robots: ExpectationsFile['robots'];
	for (let line = 0; line < lines.length; line++) {
		const words = wordsOf(lines[line], line === 0);
		if (words.length === 0) {
			continue;
		}
		const first = words[0];
		const problem = (span: Span, code: ExpectationProblemCode, message: string) => problems.push({ line, span, code, message });
		if (first.text.charCodeAt(0) === 64) {
			const whole = { start: first.start, end: words[words.length - 1].end };
			if (first.text.toLowerCase() !== '@robots') {
				problem(first, 'unknown-directive', t('Unknown directive {0}: the one directive is `@robots <path>`, the robots.txt to test.', quoteInput(first.text)));
			} else if (words.length === 1) {
				problem(first, 'expectation-syntax', t('`@robots` needs the path of the robots.txt to test, relative to this file, e.g. `@robots public/robots.txt`.'));
			} else if (robots !== undefined) {
				problem(whole, 'duplicate-directive', t('`@robots` is already given on line {0}; one file tests one robots.txt.', robots.line + 1));
			} else {
				const span = { start: words[1].start, end: words[words.length - 1].end };
				robots = { path: lines[line].slice(span.start, span.end), line, span };
			}
			continue;
		}
		const expectation = readExpectation(line, words, lines[line], problem);
		if (expectation) {
			expectations.push(expectation);
		}
	}
	return { lineCount: lines.length, expectations, problems, lines, ...(robots ? { robots } : {}) };
}

function readExpectation(
	line: number,
	allWords: readonly Word[],
	text: string,
	problem: (span: Span, code: ExpectationProblemCode, message: string) => void,
): Expectation | undefined {
	let words = allWords;
	const end = words[words.length - 1].end;
	const whole = { start: words[0].start, end: words[words.length - 1].end };
	// The preferences after the verdict (or in its place): the trailing `key=value` words.
	let tail = words.length;
	while (tail > 2 && isPreferenceWord(words[tail - 1].text)) {
		tail--;
	}
	const preferences: ExpectedPreference[] = [];
	for (const word of words.slice(tail)) {
		const preference = readPreference(word);
		if (preference === undefined) {
			problem(word, 'expectation-syntax', preferenceProblem(word.text));
			return undefined;
		}
		preferences.push(preference);
	}
	if (preferences.length > 0) {
		const written = verdictWords[words[tail - 1].text.toLowerCase()];
		if (written === undefined) {
			// `GPTBot /page train-ai=n`: no verdict, only what the preference lines must say.
			return expectationOf(line, words.slice(0, tail), text, problem, 'allow', words[tail], preferences, end);
		}
		words = words.slice(0, tail);
	}
	const last = words[words.length - 1];
	const verdict = verdictWords[last.text.toLowerCase()];
	if (words.length < 3) {
		if (words.length === 2 && verdict !== undefined) {
			problem(whole, 'expectation-syntax', t('The URL or path is missing between the crawler and the verdict, e.g. {0}.', example));
		} else if (words.length === 2 && checkUrl(last.text) === undefined) {
			problem(whole, 'expectation-syntax', t('The verdict is missing: end the line with allow or disallow.'));
		} else {
			problem(whole, 'expectation-syntax', t('An expectation is a crawler, a URL or path, and a verdict, e.g. {0}.', example));
		}
		return undefined;
	}
	if (verdict === undefined) {
		problem(last, 'expectation-syntax', t('{0} is not a verdict: end the line with allow or disallow (or allowed, disallowed).', quoteInput(last.text)));
		return undefined;
	}
	return expectationOf(line, words.slice(0, -1), text, problem, verdict, last, preferences, end);
}

/** The crawler and the URL of `words` (the words before the verdict), with the verdict and the preferences read. */
function expectationOf(
	line: number,
	words: readonly Word[],
	text: string,
	problem: (span: Span, code: ExpectationProblemCode, message: string) => void,
	verdict: ExpectedVerdict,
	verdictWord: Word,
	preferences: readonly ExpectedPreference[],
	end: number,
): Expectation | undefined {
	const url = words[words.length - 1];
	const crawlerWords = words.slice(0, -1);
	const crawlerSpan = { start: crawlerWords[0].start, end: crawlerWords[crawlerWords.length - 1].end };
	// A URL with a space in it leaves a piece of it among the crawler's words.
	const stray = crawlerWords.slice(1).find((word) => word.text.charCodeAt(0) === 47 || word.text.includes('://'));
	if (stray) {
		problem(
			{ start: stray.start, end: url.end },
			'not-a-url',
			t('{0} is not one URL: a URL writes a space as %20.', quoteInput(text.slice(stray.start, url.end))),
		);
		return undefined;
	}
	const urlProblem = describeUrlProblem(url.text);
	if (urlProblem !== undefined) {
		problem(url, 'not-a-url', urlProblem);
		return undefined;
	}
	// Words of a multi-word token (`Sogou web spider`) are joined by one space.
	let crawler = crawlerWords.map((word) => word.text).join(' ');
	let parser: Dialect | undefined;
	let tokenEnd = crawlerSpan.end;
	const at = crawler.lastIndexOf('@');
	if (at >= 0) {
		const name = crawler.slice(at + 1);
		const parserSpan = { start: crawlerSpan.end - name.length, end: crawlerSpan.end };
		tokenEnd = parserSpan.start - 1;
		if (!isDialect(name)) {
			problem(parserSpan, 'unknown-parser', t('{0} is not a parser: after @ write one of {1}.', quoteInput(name), allDialects.join(', ')));
			return undefined;
		}
		parser = name;
		crawler = crawler.slice(0, at);
		if (crawler === '') {
			problem(crawlerSpan, 'expectation-syntax', t("The crawler's token is missing before {0}.", `@${name}`));
			return undefined;
		}
	}
	return {
		line,
		crawler,
		crawlerSpan: { start: crawlerSpan.start, end: tokenEnd },
		...(parser ? { parser } : {}),
		url: url.text,
		urlSpan: { start: url.start, end: url.end },
		verdict,
		verdictSpan: { start: verdictWord.start, end: verdictWord.end },
		preferences,
		end,
	};
}

/** Whether a word is written as a preference (`key=value`, no `/`): a URL keeps its own `=` after a `/` or `?`. */
function isPreferenceWord(word: string): boolean {
	return /^[A-Za-z][\w.-]*=[^=/]*$/.test(word);
}

/** A preference word read: a Content-Usage category with `y`/`n`, or a Content-Signal key with a value it defines. */
function readPreference(word: Word): ExpectedPreference | undefined {
	const equals = word.text.indexOf('=');
	const key = word.text.slice(0, equals);
	const value = word.text.slice(equals + 1);
	const span = { start: word.start, end: word.end };
	if ((value === 'y' || value === 'n') && contentUsageLabels.includes(key as never)) {
		return { kind: 'content-usage', key, value, span };
	}
	const values: readonly string[] = key === 'use' ? contentSignalUseValues : contentSignalKeys.includes(key as never) ? contentSignalValues : [];
	return values.includes(value) ? { kind: 'content-signal', key, value, span } : undefined;
}

function preferenceProblem(word: string): string {
	return t(
		'{0} is not a preference: write a Content-Usage category with y or n ({1}) or a Content-Signal key with its value ({2}).',
		quoteInput(word),
		`${contentUsageLabels[0]}=n, ${contentUsageLabels[1]}=y`,
		[...contentSignalKeys.map((key) => `${key}=no`), `use=${contentSignalUseValues[1]}`].join(', '),
	);
}

/**
 * The whitespace-separated words of a line before its comment. A `#` starts a comment at the start of a line or after
 * whitespace, so that a URL's fragment (`/page#top`) stays part of the URL.
 */
function wordsOf(text: string, isFirstLine: boolean): Word[] {
	const words: Word[] = [];
	let i = isFirstLine && text.charCodeAt(0) === 0xfeff ? 1 : 0;
	while (i < text.length) {
		while (i < text.length && isSpace(text.charCodeAt(i))) {
			i++;
		}
		if (i >= text.length || text.charCodeAt(i) === 35) {
			break;
		}
		const start = i;
		while (i < text.length && !isSpace(text.charCodeAt(i))) {
			i++;
		}
		words.push({ text: text.slice(start, i), start, end: i });
	}
	return words;
}

function isSpace(code: number): boolean {
	return code === 32 || code === 9 || code === 11 || code === 12;
}

/** Which field of an expectation line a character position is in, for completion. */
type FieldAt = { readonly field: 'crawler' | 'url' | 'verdict' | 'preference'; readonly span: Span } | { readonly field: 'comment' | 'directive' };

/**
 * The field at `character`: the first word is the crawler, the second the URL, the third the verdict (or a
 * preference), the rest preferences. (A multi-word token completes as its first word; the rest of the line is read
 * the same way once it is written.)
 */
export function fieldAt(text: string, character: number, isFirstLine: boolean): FieldAt {
	const before = text.slice(0, character);
	const hash = /(^|[ \t\v\f])#/.exec(before);
	if (hash) {
		return { field: 'comment' };
	}
	const words = wordsOf(text, isFirstLine);
	if (words.length > 0 && words[0].text.charCodeAt(0) === 64) {
		return { field: 'directive' };
	}
	let index = 0;
	for (const word of words) {
		if (character >= word.start && character <= word.end) {
			return fieldOf(index, word);
		}
		if (word.end < character) {
			index++;
		}
	}
	return fieldOf(index, { text: '', start: character, end: character });
}

function fieldOf(index: number, word: Word): FieldAt {
	const span = { start: word.start, end: word.end };
	switch (index) {
		case 0:
			return { field: 'crawler', span };
		case 1:
			return { field: 'url', span };
		case 2:
			return { field: 'verdict', span };
		default:
			return { field: 'preference', span };
	}
}
