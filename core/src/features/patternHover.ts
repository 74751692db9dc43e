/**
 * The hover on an Allow/Disallow value: what the pattern matches in each dialect, in words, with examples checked by
 * the real matcher of each dialect, the form it is compared in and its longest-match weight.
 */

import { isRecordDialect, type Dialect } from '../dialect';
import { escapeGooglePattern } from '../matching/encoding';
import { compileRules, normalizePath } from '../matching/evaluate';
import { patternForm, ruleMatches, type CompiledRule } from '../matching/rules';
import { formatNumber, t } from '../l10n';
import { lineRole, type RobotsModel } from '../syntax/parser';
import { code, directiveOf, mergeNotes, type Readers } from './hoverWords';

/** Examples are checked for patterns up to this long; matching a longer one against long paths costs too much. */
const maxExampleValue = 1000;
/** At most this many parts of a pattern (`contain x`, `end with y`) are put in words; the rest are counted. */
const maxPatternParts = 8;

interface DialectReading {
	readonly dialect: Dialect;
	readonly rules: readonly CompiledRule[];
	readonly words: string;
}

export function patternHover(model: RobotsModel, line: number, dialects: readonly Dialect[], readers: Readers): string {
	const value = model.valueText(line);
	const ruleReaders = dialects.filter((dialect) => {
		const role = lineRole(model.lines[line], dialect);
		return role === 'allow' || role === 'disallow';
	});
	const isAllow = directiveOf(model.lines[line]) === 'allow';
	const readings: DialectReading[] = ruleReaders.map((dialect) => {
		const rules = compileRules(model, dialect, [line]);
		return { dialect, rules, words: describePattern(value, isAllow, dialect, rules) };
	});
	const out = [`**${isAllow ? 'Allow' : 'Disallow'}** ${code(value)}`, ''];
	out.push(
		...mergeNotes(
			readings.map((reading) => ({ dialect: reading.dialect, text: reading.words })),
			readers,
		).map((note) => `- ${note}`),
	);
	const ignoring = dialects.filter((dialect) => !ruleReaders.includes(dialect));
	const notes = ignoring.map((dialect) => ({
		dialect,
		text:
			isAllow && dialect === 'original1994' ? t('there is no `Allow` in the 1994 standard: its robots ignore the line.') : t('the line is not a rule there.'),
	}));
	out.push(...mergeNotes(notes, readers).map((note) => `- ${note}`));

	const matching = readings.filter((reading) => reading.rules.some((rule) => !rule.implied));
	if (value !== '' && matching.length > 0) {
		out.push(
			'',
			...(value.length <= maxExampleValue
				? examplesTable(value, matching, readers)
				: [t('No examples: the pattern is {0} characters long.', formatNumber(value.length))]),
		);
	}

	const forms = mergeNotes(
		matching.flatMap((reading) => {
			const main = reading.rules.find((rule) => !rule.implied)!;
			return main.normalized !== value ? [{ dialect: reading.dialect, text: t('compared as {0}', code(main.normalized)) }] : [];
		}),
		readers,
	);
	const weights = longestMatchWeights(matching, readers);
	const extras: string[] = [...forms];
	if (weights) {
		extras.push(weights);
	}
	for (const reading of readings) {
		const directory = reading.rules.find((rule) => rule.implied === 'index-html');
		if (directory) {
			extras.push(`**${readers.names([reading.dialect])}:** ${t('also allows the directory itself, as {0}.', code(directory.normalized))}`);
		}
	}
	if (extras.length > 0) {
		out.push('', ...extras.map((extra) => `- ${extra}`));
	}
	return out.join('\n');
}

export function describePattern(value: string, isAllow: boolean, dialect: Dialect, rules: readonly CompiledRule[]): string {
	if (value === '') {
		switch (dialect) {
			case 'yandex':
				return isAllow ? t('an empty `Allow` is ignored.') : t('an empty `Disallow` means `Allow: /`: everything is allowed.');
			case 'draft1996':
			case 'original1994':
				return isAllow ? t('an empty value matches every path.') : t('an empty `Disallow` allows everything.');
			default:
				return t('an empty pattern matches nothing.');
		}
	}
	if (rules.length === 0) {
		// Yandex is the only dialect that drops a non-empty rule.
		return t('ignored: Yandex rules must start with `/` or `*`.');
	}
	const main = rules.find((rule) => !rule.implied) ?? rules[0];
	if (isRecordDialect(dialect)) {
		const words = value === '/' ? t('every path (the whole site)') : t('every path that starts with {0}', code(value));
		const literal = /[*$]/.test(value)
			? ' ' + t('(`*` and `$` are ordinary characters here)')
			: value.startsWith('/')
				? ''
				: ' ' + t('(paths always start with `/`, so it matches nothing)');
		return t('{0}; the first matching rule in the record wins.', words + literal);
	}
	// Words follow the pattern as written; the normalised form, when it differs, is listed separately.
	const form = patternForm(value, true);
	let words: string;
	switch (form.kind) {
		case 'prefix':
			words = form.key === '/' || form.key === '' ? t('every path (the whole site)') : t('every path that starts with {0}', code(form.key));
			break;
		case 'exact':
			words = form.key === '/' ? t('only the root path `/` (the home page)') : t('only the path {0}, nothing after it', code(form.key));
			break;
		case 'wildcard': {
			const parts: string[] = [];
			const [first, ...rest] = form.segments;
			if (first !== '' && first !== '/') {
				parts.push(t('start with {0}', code(first)));
			}
			// A pattern of 500 000 `*`s would make a sentence of as many parts (18 MB): the first few say what it is.
			let unsaid = 0;
			rest.forEach((segment, i) => {
				if (segment === '') {
					return;
				}
				if (parts.length === maxPatternParts) {
					unsaid++;
					return;
				}
				parts.push(i === rest.length - 1 && form.anchoredEnd ? t('end with {0}', code(segment)) : t('contain {0}', code(segment)));
			});
			const said = unsaid > 0 ? t('{0} and {1} more', parts.join(t(', then ')), formatNumber(unsaid)) : parts.join(t(', then '));
			words = parts.length > 0 ? t('paths that {0}', said) : t('every path');
			break;
		}
	}
	if (!main.normalized.startsWith('/') && !main.normalized.startsWith('*')) {
		words += ' ' + t('(paths always start with `/`, so it matches nothing)');
	} else if (!main.normalized.startsWith('/')) {
		words += ' ' + t('(it does not start with `/`; only its leading `*` lets it match)');
	}
	return dialect === 'yandex' ? t('{0}; the longest matching rule wins (length without `*`).', words) : t('{0}; the longest matching rule wins.', words);
}

/** RFC 9309 and Google weigh a rule by its octets; Yandex leaves out `*` and a final `$`. Shown when they differ. */
function longestMatchWeights(readings: readonly DialectReading[], readers: Readers): string | undefined {
	const weights = readings
		.filter((reading) => !isRecordDialect(reading.dialect))
		.map((reading) => ({ dialect: reading.dialect, priority: reading.rules.find((rule) => !rule.implied)!.priority }));
	if (new Set(weights.map((weight) => weight.priority)).size < 2) {
		return undefined;
	}
	return t('longest-match weight: {0}.', weights.map((weight) => `${weight.priority} (${readers.names([weight.dialect])})`).join(', '));
}

/** Example paths in the style of HTTP: The Definitive Guide's table 9-3, each checked by every dialect's matcher. */
function examplesFor(value: string): string[] {
	const anchored = value.endsWith('$');
	const body = anchored ? value.slice(0, -1) : value;
	// An inner `*` stands for a run that crosses `/`; a trailing `*` for nothing.
	// A trailing run of `*` is cut by a loop: `/\*+$/` backtracks quadratically on a long run followed by more text.
	let stars = body.length;
	while (stars > 0 && body.charCodeAt(stars - 1) === 42) {
		stars--;
	}
	let base = body.slice(0, stars).replace(/\*+/g, 'a/b');
	if (!base.startsWith('/')) {
		base = '/' + base;
	}
	const examples = [base];
	if (!anchored) {
		examples.push(base.endsWith('/') ? base + 'a.html' : base + 'file.html');
		if (!base.endsWith('/')) {
			examples.push(base + '/a.html');
		}
	} else {
		examples.push(base + '?q=1');
	}
	if (base.endsWith('/') && base.length > 1) {
		examples.push(base.slice(0, -1));
	}
	if (base.toUpperCase() !== base) {
		examples.push(base.toUpperCase());
	}
	if (/[*$]/.test(value)) {
		examples.push(value.startsWith('/') ? value : '/' + value);
	}
	// The same path with escapes decoded, and with non-ASCII characters encoded, shows how each dialect compares octets.
	if (/%[0-9A-Fa-f]{2}/.test(base)) {
		try {
			examples.push(decodeURIComponent(base));
		} catch {
			// A malformed escape has no decoded form to show.
		}
	}
	if (/[^\x00-\x7f]/.test(base) || /%[0-9a-f]{2}/.test(base)) {
		examples.push(escapeGooglePattern(base));
	}
	return [...new Set(examples)].slice(0, 7);
}

function examplesTable(value: string, readings: readonly DialectReading[], readers: Readers): string[] {
	const examples = examplesFor(value);
	const results = examples.map((example) =>
		readings.map((reading) => {
			const path = normalizePath(example, reading.dialect);
			const wildcards = !isRecordDialect(reading.dialect);
			return reading.rules.some((rule) => !rule.implied && ruleMatches(rule, path, wildcards));
		}),
	);
	const agree = results.every((row) => row.every((matched) => matched === row[0]));
	if (agree) {
		const matches = examples.filter((_, i) => results[i][0]).map((example) => code(example));
		const misses = examples.filter((_, i) => !results[i][0]).map((example) => code(example));
		if (matches.length > 0 && misses.length > 0) {
			return [t('Matches {0}; does not match {1}.', matches.join(', '), misses.join(', '))];
		}
		return [matches.length > 0 ? t('Matches {0}.', matches.join(', ')) : t('Does not match {0}.', misses.join(', '))];
	}
	const header = `| ${t('Path')} | ${readings.map((reading) => readers.names([reading.dialect])).join(' | ')} |`;
	const rule = `|:--|${readings.map(() => ':-:').join('|')}|`;
	const rows = examples.map((example, i) => `| ${code(example, true)} | ${results[i].map((matched) => (matched ? '✓' : '✗')).join(' | ')} |`);
	return [header, rule, ...rows, '', t('✓ matches · ✗ does not match')];
}
