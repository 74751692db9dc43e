/**
 * The starting templates (core/src/templates/presets.ts): every preset parses losslessly, lints clean in all five
 * dialects for the default target crawlers (the few hints and notes it keeps are listed below with the reason), and
 * passes the expectations file it ships; the Sitemap line follows the site given; the AI preset is what the "Block AI
 * training crawlers" action would leave; the comments are in the user's language and the directive lines are not.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
	aiTrainingCrawlers,
	allDialects,
	checkExpectations,
	computeAiTrainingActions,
	computeDiagnostics,
	defaultAnalysisOptions,
	parse,
	parseExpectations,
	print,
	protocol,
	renderTemplate,
	templatePresets,
	type TemplateFiles,
} from '../../core/src/index';
import { useLocale } from '../../io/src/localize';

/** The presets the brief of issue 26 asks for. */
const presetNames = ['plain', 'wordpress', 'store', 'static', 'docs', 'staging', 'ai'];

/**
 * The diagnostics below warning a preset keeps, by code, each for a reason:
 * - wordpress, allow-unsupported (information): the 1994 standard has no Allow, so robots that follow only it keep
 *   out of admin-ajax.php; WordPress's own file has the same Allow, and no major crawler is such a robot.
 * - store, wildcard-for-legacy-robots (hint): 1994 and 1996 robots read `*` literally, so the three facet rules block
 *   nothing for them; Shopify's default file has the same wildcards, which every search engine reads.
 */
const accepted: Readonly<Record<string, readonly string[]>> = {
	wordpress: ['allow-unsupported'],
	store: ['wildcard-for-legacy-robots', 'wildcard-for-legacy-robots', 'wildcard-for-legacy-robots'],
};

function render(name: string, site?: string): TemplateFiles {
	const files = renderTemplate(name, site);
	assert.ok(!('error' in files), `${name}: ${'error' in files ? files.error : ''}`);
	return files;
}

/** The lines of a text that are not comments, which stay English in every language. */
function directiveLines(text: string): string[] {
	return text.split('\n').filter((line) => !line.startsWith('#') || line.startsWith('# robots-txt-disable'));
}

describe('templates', () => {
	test('the presets are the ones asked for, each with a title and a description', () => {
		const presets = templatePresets();
		assert.deepEqual(
			presets.map((preset) => preset.name),
			presetNames,
		);
		for (const preset of presets) {
			assert.ok(preset.title.length > 0 && preset.description.length > 0, preset.name);
		}
	});

	for (const name of presetNames) {
		for (const site of [undefined, 'https://example.com']) {
			test(`${name}${site ? ' with a site' : ''}: parses, lints clean in every dialect and passes its expectations`, () => {
				const files = render(name, site);
				const model = parse(files.robots);
				assert.equal(print(model), files.robots);
				const diagnostics = computeDiagnostics(model, { ...defaultAnalysisOptions, dialects: allDialects });
				const serious = diagnostics.filter((diagnostic) => diagnostic.severity! <= 2);
				assert.deepEqual(
					serious.map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.code} ${diagnostic.message}`),
					[],
				);
				assert.deepEqual(
					diagnostics.map((diagnostic) => diagnostic.code),
					accepted[name] ?? [],
				);
				const expectations = parseExpectations(files.expectations);
				assert.deepEqual(expectations.problems, []);
				assert.ok(expectations.expectations.length >= 3, `${name} ships a few expectations`);
				const checked = checkExpectations(expectations, model);
				assert.deepEqual(
					checked.results!.filter((result) => !result.passed).map((result) => result.expectation.line + 1),
					[],
				);
				assert.equal(checked.passed, expectations.expectations.length);
			});
		}
	}

	test('the expectations are not empty words: every one fails against a file that says the opposite', () => {
		for (const name of presetNames) {
			const expectations = parseExpectations(render(name).expectations);
			const allows = expectations.expectations.filter((expectation) => expectation.verdict === 'allow').length;
			assert.equal(checkExpectations(expectations, parse('User-agent: *\nDisallow: /\n')).failed, allows, name);
			const nothing = checkExpectations(expectations, parse(''));
			assert.ok(nothing.failed >= expectations.expectations.length - allows, name);
		}
	});

	test('a site gives the Sitemap line at its sitemap path; without one, a comment says to add it', () => {
		// sitemaps.org: the Sitemap line names the complete URL; /sitemap.xml is the usual place, WordPress 5.5 and later
		// serve /wp-sitemap.xml (wp-includes/sitemaps/class-wp-sitemaps.php).
		const sitemaps = (text: string) => text.split('\n').filter((line) => line.startsWith('Sitemap:'));
		assert.deepEqual(sitemaps(render('plain', 'https://example.com').robots), ['Sitemap: https://example.com/sitemap.xml']);
		assert.deepEqual(sitemaps(render('docs', 'example.com').robots), ['Sitemap: https://example.com/sitemap.xml']);
		assert.deepEqual(sitemaps(render('store', 'https://shop.example.com/collections/all').robots), ['Sitemap: https://shop.example.com/sitemap.xml']);
		assert.deepEqual(sitemaps(render('wordpress', 'https://example.com/').robots), ['Sitemap: https://example.com/wp-sitemap.xml']);
		for (const name of presetNames) {
			const text = render(name).robots;
			assert.deepEqual(sitemaps(text), [], name);
			assert.equal(/^# .*Sitemap: https:\/\/example\.com\//m.test(text), name !== 'staging', name);
		}
		// A staging copy lists nothing for crawlers, which may fetch nothing of it.
		assert.deepEqual(sitemaps(render('staging', 'https://staging.example.com').robots), []);
	});

	test('a site that is no http(s) URL, and a name that is no preset, are refused with the reason', () => {
		assert.match((renderTemplate('plain', 'ftp://example.com') as { error: string }).error, /ftp/);
		const unknown = renderTemplate('joomla') as { error: string };
		assert.match(unknown.error, /"joomla"/);
		for (const name of presetNames) {
			assert.ok(unknown.error.includes(name), name);
		}
	});

	test('ai: the catalogue AI training crawlers disallowed, and nothing left for the Block AI training action to add', () => {
		const text = render('ai').robots;
		const model = parse(text);
		const agents = model.lines.flatMap((node, line) => (node.directive === 'user-agent' ? [model.valueText(line)] : []));
		assert.deepEqual(agents, [...aiTrainingCrawlers().map((crawler) => crawler.token), '*']);
		const actions = computeAiTrainingActions(model, 'file:///robots.txt');
		assert.deepEqual(
			actions.filter((action) => action.kind === protocol.blockAiTrainingKind).map((action) => action.title),
			[],
		);
		assert.ok(text.split('\n').includes('Content-Signal: search=yes, ai-train=no'));
		assert.ok(text.split('\n').includes('Content-Usage: train-ai=n'));
	});

	test('in Russian, every comment is Russian and every directive line stays as it is in English', () => {
		const english = presetNames.map((name) => render(name, 'example.com'));
		useLocale('ru');
		try {
			for (const [index, name] of presetNames.entries()) {
				const files = render(name, 'example.com');
				assert.deepEqual(directiveLines(files.robots), directiveLines(english[index].robots), name);
				for (const line of [...files.robots.split('\n'), ...files.expectations.split('\n')]) {
					if (line.startsWith('#') && !line.startsWith('# robots-txt-disable')) {
						assert.match(line, /[а-яё]{4}/i, `${name}: ${line}`);
					}
				}
				assert.deepEqual(directiveLines(files.expectations), directiveLines(english[index].expectations), name);
			}
			for (const preset of templatePresets()) {
				assert.match(`${preset.title} ${preset.description}`, /[а-яё]{4}/i, preset.name);
			}
		} finally {
			useLocale(undefined);
		}
	});
});
