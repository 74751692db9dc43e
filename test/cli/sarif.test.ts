/**
 * `robots-txt lint --format sarif` against the official OASIS SARIF 2.1.0 schema (test/fixtures/sarif, vendored with
 * its source and licence), validated by Ajv with ajv-formats: robots.txt files, pages with related locations, every
 * shipped language, and a sample of the real-world corpus.
 */

import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { fixturesDir, sharedDir } from '../util/fixtures';
import { runCli, workFolder } from './cliProcess';

const schema = JSON.parse(readFileSync(join(fixturesDir, 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;

/**
 * The schema is draft-04 and Ajv 8 implements draft-07 and later. The keywords whose meaning changed between them
 * (`id` that became `$id`, boolean `exclusiveMinimum` and `exclusiveMaximum`) must not be where Ajv would read them
 * otherwise: the root's `id` only names the schema. Every other keyword the schema uses means the same in both.
 */
const sameInDraft04AndDraft07 = new Set([
	'$ref',
	'$schema',
	'additionalProperties',
	'anyOf',
	'default',
	'definitions',
	'description',
	'enum',
	'format',
	'items',
	'maximum',
	'minItems',
	'minimum',
	'oneOf',
	'pattern',
	'properties',
	'required',
	'title',
	'type',
	'uniqueItems',
]);

/** The keywords of a schema (not the names under `properties` and `definitions`), and where each is. */
function keywordsOf(node: unknown, at: string, into: Map<string, string>): Map<string, string> {
	if (Array.isArray(node)) {
		node.forEach((item, i) => {
			keywordsOf(item, `${at}/${i}`, into);
		});
	} else if (node !== null && typeof node === 'object') {
		for (const [key, value] of Object.entries(node)) {
			if (!into.has(key)) {
				into.set(key, at);
			}
			if ((key === 'properties' || key === 'definitions') && value !== null && typeof value === 'object') {
				for (const [name, child] of Object.entries(value)) {
					keywordsOf(child, `${at}/${key}/${name}`, into);
				}
			} else if (key !== 'enum' && key !== 'default') {
				keywordsOf(value, `${at}/${key}`, into);
			}
		}
	}
	return into;
}

/**
 * The schema as draft-07 writes it: its `id` as `$id` and draft-07 as `$schema`, nothing else changed (the test below
 * holds the rest to keywords of one meaning), so that Ajv also checks it against draft-07's meta-schema.
 */
const { id, $schema: _draft04, ...definitions } = schema;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile({ $schema: 'http://json-schema.org/draft-07/schema#', $id: String(id), ...definitions });

/** The schema's complaints about `log`, one a line (none when it is valid). */
function violations(log: unknown): string[] {
	return validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
}

interface SarifLog {
	runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; relatedLocations?: unknown[] }[] }[];
}

/** Runs lint with `--format sarif`, checks the log against the schema and returns it. */
function validLog(args: readonly string[], cwd: string): SarifLog {
	const result = runCli(['lint', ...args, '--format', 'sarif'], { cwd });
	assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr}`);
	const log = JSON.parse(result.stdout) as SarifLog;
	assert.deepEqual(violations(log), [], `lint ${args.join(' ')}: the schema rejects the log`);
	return log;
}

describe('SARIF against the OASIS 2.1.0 schema', () => {
	test("the vendored schema is SARIF 2.1.0's, in keywords Ajv reads as draft-04 does", () => {
		assert.equal(schema.$schema, 'http://json-schema.org/draft-04/schema#');
		assert.equal(schema.id, 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json');
		const keywords = keywordsOf(schema, '#', new Map());
		const other = [...keywords].filter(([keyword]) => !sameInDraft04AndDraft07.has(keyword) && !(keyword === 'id' && keywords.get(keyword) === '#'));
		assert.deepEqual(other, [], 'keywords whose meaning differs between draft-04 and draft-07, or that this list does not know');
	});

	test('the validator rejects what the schema forbids (so that a pass means something)', () => {
		const valid = { version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'note' }] }] };
		assert.deepEqual(violations(valid), []);
		// SARIF 2.1.0 §3.27.10: level is none, note, warning or error; §3.30.5: lines start at 1; §3.13.2: version is required.
		assert.notDeepEqual(violations({ ...valid, runs: [{ ...valid.runs[0], results: [{ message: { text: 'm' }, level: 'information' }] }] }), []);
		assert.notDeepEqual(
			violations({
				...valid,
				runs: [
					{
						...valid.runs[0],
						results: [{ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a' }, region: { startLine: 0 } } }] }],
					},
				],
			}),
			[],
		);
		assert.notDeepEqual(violations({ runs: valid.runs }), []);
		assert.notDeepEqual(violations({ ...valid, $schema: 'not a uri' }), []);
	});

	test('robots.txt files with every severity, hints included, and their rule catalogue', () => {
		const work = workFolder('robots-sarif-');
		mkdirSync(join(work, 'site', 'blog'), { recursive: true });
		writeFileSync(
			join(work, 'site', 'robots.txt'),
			'User-agent: *\nDisallow: /tmp/\nDisallow /private\ndisallow: /a\nDisallow: /a\nCrawl-delay: 10\nSitemap: /relative.xml\nNoindex: /x\n',
		);
		writeFileSync(join(work, 'site', 'blog', 'robots.txt'), 'User-agent: Googlebot\nUser-agent: Googlebot\nAllow: /*\nDisallow: /**\n\u00e9\n');
		const log = validLog(['site', '--hints', '--dialect', 'rfc9309', '--dialect', 'draft1996', '--dialect', 'yandex'], work);
		const rules = log.runs[0].tool.driver.rules.map((rule) => rule.id);
		// SARIF 2.1.0 §3.49.3: a rule's id is its stable identifier; two rules with one id could not be told apart.
		assert.deepEqual(
			rules.filter((id, i) => rules.indexOf(id) !== i),
			[],
		);
		assert.ok(log.runs[0].results.length >= 6, `only ${log.runs[0].results.length} results validated`);
	});

	test('pages, _headers and the check across files: related locations in the robots.txt', () => {
		const log = validLog(['site', '--crawler', 'Googlebot,bingbot,GPTBot', '--hints'], fixturesDir);
		const related = log.runs[0].results.filter((result) => (result.relatedLocations?.length ?? 0) > 0);
		assert.ok(related.length >= 3, `only ${related.length} results with related locations validated`);
	});

	for (const locale of ['ru', 'zh-cn', 'pt-br']) {
		test(`--locale ${locale}: run.language is a tag the schema accepts`, () => {
			const log = validLog(['site', '--crawler', 'Googlebot,bingbot', '--locale', locale], fixturesDir) as SarifLog & { runs: { language: string }[] };
			assert.equal(log.runs[0].language.toLowerCase(), locale);
		});
	}

	const corpus = join(sharedDir, 'corpus', 'realworld', 'files');
	test('a sample of the real-world corpus (every 10th file: HTML and binary bodies among them)', {
		skip: existsSync(corpus) ? false : 'no ../shared/corpus here',
		timeout: 120_000,
	}, () => {
		const files = readdirSync(corpus)
			.filter((name) => name.endsWith('.txt'))
			.sort()
			.filter((_, i) => i % 10 === 0);
		assert.ok(files.length >= 90, `only ${files.length} corpus files`);
		const log = validLog([...files, '--hints'], corpus);
		const ruleIds = new Set(log.runs[0].results.map((result) => result.ruleId));
		assert.ok(log.runs[0].results.length >= 1_000 && ruleIds.size >= 15, `${log.runs[0].results.length} results of ${ruleIds.size} rules validated`);
	});
});
