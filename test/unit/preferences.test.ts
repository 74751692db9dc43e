/**
 * The preference lines (core/src/preferences/), driven by test/fixtures/preferences: the RFC 9651 dictionary parser
 * against the httpwg/structured-field-tests suite, each line's reading and each answer per URL and crawler against
 * cases from their sources (the AI Preferences drafts, contentsignals.org, RSL 1.0, RFC 9309), and two properties:
 * reading never throws, and the preference lines change no dialect's verdict.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
	allDialects,
	bindPreferences,
	crawlerProfile,
	evaluate,
	isDialect,
	parse,
	parseSfDictionary,
	preferenceLines,
	preferencesAs,
	type Dialect,
	type PreferenceAnswer,
	type SfBareItem,
	type SfValue,
} from '../../core/src/index';
import { readFixture, sharedDir } from '../util/fixtures';

describe('RFC 9651 dictionaries: the httpwg/structured-field-tests cases', () => {
	interface SfCase {
		name: string;
		file: string;
		raw: string[];
		as: 'dictionary' | 'item';
		must_fail?: boolean;
		can_fail?: boolean;
		expected?: unknown;
	}
	const { cases } = JSON.parse(readFixture('preferences', 'structured-field-tests.json')) as { cases: SfCase[] };

	test('every case parses as the suite expects', () => {
		const failures: string[] = [];
		for (const c of cases) {
			// Several field lines are one value joined by ", " (RFC 9651 §4.2); an item is read as the member `a=<raw>`.
			const raw = c.raw.join(', ');
			const text = c.as === 'item' ? `a=${raw}` : raw;
			const result = parseSfDictionary(text);
			if (c.must_fail) {
				if (result.ok) {
					failures.push(`${c.file} "${c.name}": parsed ${JSON.stringify(text)}, must fail`);
				}
				continue;
			}
			if (!result.ok) {
				if (!c.can_fail) {
					failures.push(`${c.file} "${c.name}": ${JSON.stringify(text)} failed (${result.failure} at ${result.at})`);
				}
				continue;
			}
			const members = [...result.dictionary].map(([key, member]) => [key, suiteValue(member.value)]);
			const got = c.as === 'item' ? members[0][1] : members;
			try {
				assert.deepEqual(got, c.expected);
			} catch {
				failures.push(`${c.file} "${c.name}": ${JSON.stringify(got)} ≠ ${JSON.stringify(c.expected)}`);
			}
		}
		assert.deepEqual(failures, []);
		assert.ok(cases.length > 1000, `only ${cases.length} cases`);
	});

	test('offsets point at the keys and values in the text they were read from', () => {
		const text = 'Content-Usage: /x train-ai=y, search;p=1, a=(b c)';
		const result = parseSfDictionary(text, 18);
		assert.ok(result.ok);
		assert.deepEqual(
			result.members.map((m) => [text.slice(m.keyStart, m.keyEnd), text.slice(m.value.start, m.value.end)]),
			[
				['train-ai', 'y'],
				['search', ';p=1'],
				['a', '(b c)'],
			],
		);
	});
});

/** A parsed value in the suite's JSON form (its README, "Test Format"). */
function suiteValue(value: SfValue): unknown {
	const parameters = (list: readonly { key: string; value: SfBareItem }[]) => list.map((p) => [p.key, suiteBare(p.value)]);
	if (value.kind === 'item') {
		return [suiteBare(value.item), parameters(value.parameters)];
	}
	return [value.items.map((item) => [suiteBare(item.item), parameters(item.parameters)]), parameters(value.parameters)];
}

function suiteBare(item: SfBareItem): unknown {
	switch (item.kind) {
		case 'token':
			return { __type: 'token', value: item.value };
		case 'binary':
			return { __type: 'binary', value: base32(Buffer.from(item.value, 'base64')) };
		case 'date':
			return { __type: 'date', value: item.value };
		case 'display-string':
			return { __type: 'displaystring', value: item.value };
		default:
			return item.value;
	}
}

/** RFC 4648 §6 base32 with padding: the suite writes byte sequences so. */
function base32(bytes: Uint8Array): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
	let bits = 0;
	let value = 0;
	let out = '';
	for (const byte of bytes) {
		value = (value << 8) | byte;
		bits += 8;
		while (bits >= 5) {
			out += alphabet[(value >>> (bits - 5)) & 31];
			bits -= 5;
		}
	}
	if (bits > 0) {
		out += alphabet[(value << (5 - bits)) & 31];
	}
	while (out.length % 8 !== 0) {
		out += '=';
	}
	return out;
}

describe('preference lines: each line read as its source says', () => {
	interface LineCase {
		source: string;
		line: string;
		expect: {
			path?: string | null;
			parsed?: boolean;
			preferences?: Record<string, string>;
			entries?: Record<string, string>;
			absolute?: boolean;
			problems: string[];
			drafts?: string[];
		};
	}
	const { cases } = JSON.parse(readFixture('preferences', 'lines.json')) as { cases: LineCase[] };
	for (const c of cases) {
		test(`${c.line}  (${c.source})`, () => {
			const [read] = preferenceLines(parse(`User-agent: *\n${c.line}\n`));
			assert.ok(read, 'no preference line read');
			assert.equal(read.line, 1);
			const { expect } = c;
			assert.deepEqual(
				read.problems.map((p) => p.kind),
				expect.problems,
			);
			for (const problem of read.problems) {
				assert.ok(problem.span.start < problem.span.end && problem.span.end <= c.line.length, `${problem.kind}: empty or outside span`);
			}
			if (expect.drafts) {
				assert.deepEqual(
					read.problems.map((p) => p.draft),
					expect.drafts,
				);
			}
			switch (read.kind) {
				case 'content-usage':
					assert.equal(read.path?.text ?? null, expect.path);
					if (read.path) {
						assert.equal(c.line.slice(read.path.span.start, read.path.span.end), read.path.text);
					}
					assert.equal(read.parsed, expect.parsed);
					assert.deepEqual(Object.fromEntries(read.preferences.map((p) => [p.key, p.value])), expect.preferences);
					for (const p of read.preferences) {
						assert.equal(c.line.slice(p.span.start, p.span.end), p.key);
					}
					break;
				case 'content-signal':
					assert.deepEqual(Object.fromEntries(read.entries.map((e) => [e.key, e.value])), expect.entries);
					for (const e of read.entries) {
						assert.equal(c.line.slice(e.span.start, e.span.end), e.key);
						assert.equal(c.line.slice(e.valueSpan.start, e.valueSpan.end), e.value);
					}
					break;
				case 'license':
					assert.equal(read.absolute, expect.absolute);
					break;
			}
		});
	}
});

interface AnswerCase {
	agent: string;
	url: string;
	contentUsage: Record<string, string | number> | null;
	contentSignal: Record<string, string | number> | null;
	licenses: string[];
	dialects?: string[];
	note?: string;
}

interface AnswerSuite {
	name: string;
	source: string;
	robots: string;
	dialects: string[];
	cases: AnswerCase[];
}

/** The answer in the shape `robots-txt test --json` prints (issue 24): the stated keys and the 1-based line. */
function printed(answer: PreferenceAnswer): Omit<AnswerCase, 'agent' | 'url'> {
	return {
		contentUsage: answer.contentUsage && { ...answer.contentUsage.preferences, line: answer.contentUsage.lineNumber },
		contentSignal: answer.contentSignal && { ...answer.contentSignal.signals, line: answer.contentSignal.lineNumber },
		licenses: [...answer.licenses],
	};
}

describe('preferences per URL and crawler', () => {
	const { suites } = JSON.parse(readFixture('preferences', 'answers.json')) as { suites: AnswerSuite[] };
	for (const suite of suites) {
		test(`${suite.name}  (${suite.source})`, () => {
			const model = parse(suite.robots);
			const failures: string[] = [];
			for (const c of suite.cases) {
				for (const dialect of c.dialects ?? suite.dialects) {
					assert.ok(isDialect(dialect), dialect);
					const got = printed(preferencesAs(model, crawlerProfile(c.agent, dialect as Dialect), c.url));
					const { agent, url, dialects, note, ...expected } = c;
					try {
						assert.deepEqual(got, expected);
					} catch {
						failures.push(`${dialect} ${agent} ${url}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}${note ? ` [${note}]` : ''}`);
					}
				}
			}
			assert.deepEqual(failures, []);
		});
	}

	test('the Cloudflare shape binds its Content-Signal to the Cohere-ai group in every dialect, and a line above every User-agent to none', () => {
		const model = parse(
			'Content-Usage: train-ai=n\nUser-agent: *\nDisallow: /cdn-cgi/\n\nUser-agent: Cohere-ai\nAllow: /\nContent-Signal: search=yes, ai-train=no\n',
		);
		for (const dialect of allDialects) {
			const binding = bindPreferences(model, dialect);
			const groups = model.grouping(dialect).groups;
			const holders = [...binding.groups]
				.filter(([, bound]) => bound.contentSignal.length > 0)
				.map(([index]) => groups[index].userAgents.map((line) => model.valueText(line)));
			assert.deepEqual(holders, [['Cohere-ai']], dialect);
			assert.deepEqual(
				binding.outside.map((line) => line.line),
				[0],
				dialect,
			);
		}
	});

	test('a crawler that stops reading at its size limit reads no preference line past it', () => {
		// Googlebot reads the first 500 KiB (its catalogue entry's size limit): the preference lines lie beyond.
		const filler = `# ${'x'.repeat(1000)}\n`.repeat(600);
		const model = parse(`User-agent: *\nAllow: /\n${filler}Content-Usage: train-ai=n\nLicense: https://example.com/l.xml\n`);
		const profile = crawlerProfile('Googlebot');
		assert.ok(profile.sizeLimit, 'Googlebot has a size limit in the catalogue');
		assert.deepEqual(printed(preferencesAs(model, profile, '/page')), { contentUsage: null, contentSignal: null, licenses: [] });
		// The same file for a crawler that reads it whole.
		assert.deepEqual(printed(preferencesAs(model, { ...crawlerProfile('SomeBot'), sizeLimit: null }, '/page')), {
			contentUsage: { 'train-ai': 'n', line: 603 },
			contentSignal: null,
			licenses: ['https://example.com/l.xml'],
		});
	});
});

describe('properties', () => {
	test('reading any preference line never throws, and every range lies in its line (fast-check)', () => {
		const alphabet = fc.constantFrom(...'aAyn=,;:/ \t"?*()%@.-_#\\1é'.split(''));
		fc.assert(
			fc.property(fc.constantFrom('Content-Usage', 'Content-Signal', 'License'), fc.array(alphabet, { maxLength: 40 }), fc.string(), (key, chars, any) => {
				for (const value of [chars.join(''), any]) {
					const line = `${key}: ${value}`;
					const model = parse(`User-agent: *\n${line}`);
					const length = model.lineText(1).length;
					for (const read of preferenceLines(model)) {
						for (const problem of read.problems) {
							assert.ok(problem.span.start >= 0 && problem.span.start <= problem.span.end && problem.span.end <= length);
						}
					}
					preferencesAs(model, 'SomeBot', '/x');
					parseSfDictionary(value);
				}
			}),
			{ numRuns: 2000 },
		);
	});

	const corpusDir = join(sharedDir, 'corpus', 'realworld', 'files');
	test("preference lines after every rule change no dialect's verdict over the corpus (the google dialect still matches Google's parser)", {
		skip: !existsSync(corpusDir) ? 'no ../shared/corpus here' : false,
	}, () => {
		const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
		const names = readdirSync(corpusDir)
			.filter((name) => name.endsWith('.txt'))
			.sort();
		let compared = 0;
		for (const name of names) {
			const text = decoder.decode(readFileSync(join(corpusDir, name)));
			const model = parse(text);
			// A preference line after each Allow or Disallow: where every dialect keeps it inside the rule's group.
			const lines = model.lineTexts.map((line, i) => {
				const directive = model.lines[i].directive;
				if (directive !== 'allow' && directive !== 'disallow') {
					return line;
				}
				const eol = line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') || line.endsWith('\r') ? line.slice(-1) : '';
				const end = eol || '\n';
				// `Content-Usage: /` (a path alone, attach §3.2) would disallow everything if any dialect read it as a rule.
				return `${line}${eol ? '' : end}Content-Usage: /${end}Content-Usage: /x train-ai=n${end}Content-Signal: ai-train=no${end}`;
			});
			const withPreferences = parse(lines.join(''));
			const urls = ['/', '/x', '/robots.txt'];
			for (const group of model.grouping('rfc9309').groups.slice(0, 5)) {
				for (const line of group.rules.slice(0, 5)) {
					urls.push(model.valueText(line).replace(/\*/g, 'x').replace(/\$$/, ''));
				}
			}
			for (const dialect of allDialects) {
				for (const agent of ['Googlebot', 'SomeBot']) {
					for (const url of urls) {
						const before = evaluate(model, { agent, url, dialect }).verdict;
						const after = evaluate(withPreferences, { agent, url, dialect }).verdict;
						assert.equal(after, before, `${name} ${dialect} ${agent} ${url}`);
						compared++;
					}
				}
			}
		}
		assert.ok(compared > 10_000, `only ${compared} verdicts compared`);
	});
});
