/**
 * `robots-txt export`'s plan (core/src/door/plan.ts) held to the crawler model, with no server: its expressions, compiled
 * by JavaScript (they are in the subset PCRE and RE2 share), tried first match first over the request target as a
 * crawler sends it, refuse exactly what `evaluateAs` disallows, on fixtures and on every corpus file; and the first
 * agent pattern that matches a User-Agent header names the crawler `attributeUserAgent` names (none for browsers and
 * HTTP clients).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { attributeUserAgent, crawlerProfile, evaluateAs, knownCrawlers, parse, probeUrls, type RobotsModel } from '../../core/src/index';
import { crawlersNamedIn } from '../../core/src/crawlers/profile';
import { doorPlan, type DoorPlan } from '../../core/src/door/plan';
import { readFixture, sharedDir } from '../util/fixtures';

interface UserAgents {
	readonly crawlers: readonly { readonly token: string; readonly ua: string }[];
	readonly browsers: readonly { readonly ua: string }[];
	readonly clients: readonly { readonly ua: string }[];
	readonly insideWords: readonly { readonly ua: string }[];
}

const userAgents = JSON.parse(readFixture('logs', 'user-agents.json')) as UserAgents;
const everyHeader = [...userAgents.crawlers, ...userAgents.browsers, ...userAgents.clients, ...userAgents.insideWords].map(({ ua }) => ua);

/**
 * A target as a crawler sends it: a valid request target, with non-ASCII characters (as UTF-8), controls, space, `"`,
 * `<`, `>`, `\`, `` ` ``, `{`, `}`, `#` and a `%` that starts no escape percent-encoded; everything else as written.
 */
function sent(path: string): string {
	const encoded = Buffer.from(path, 'utf8');
	let out = '';
	for (let i = 0; i < encoded.length; i++) {
		const octet = encoded[i];
		const character = String.fromCharCode(octet);
		const strayPercent = octet === 37 && !/^[0-9A-Fa-f]{2}$/.test(encoded.subarray(i + 1, i + 3).toString('latin1'));
		if (octet >= 128 || octet <= 32 || octet === 127 || '"<>\\`{}#'.includes(character) || strayPercent) {
			out += `%${octet.toString(16).toUpperCase().padStart(2, '0')}`;
		} else {
			out += character;
		}
	}
	return out.startsWith('/') ? out : `/${out}`;
}

/** The plan's answer for one crawler's reading: the first rule whose expression matches the target decides. */
function doorDecider(plan: DoorPlan, reading: number): (target: string) => 'allow' | 'disallow' {
	const rules = plan.readings[reading].rules.map((rule) => ({ allow: rule.allow, regex: new RegExp(rule.regex) }));
	return (target) => {
		const rule = rules.find(({ regex }) => regex.test(target));
		return rule === undefined || rule.allow ? 'allow' : 'disallow';
	};
}

function readingOf(plan: DoorPlan, token: string): number {
	const index = plan.readings.findIndex((reading) => reading.crawlers.some((crawler) => crawler.toLowerCase() === token.toLowerCase()));
	assert.ok(index >= 0, `${token} has a reading`);
	return index;
}

/**
 * The escapes a crawler decodes before it compares (unreserved characters for RFC 9309 and Yandex; every ASCII
 * character but `/` and `%` for the 1994 and 1996 rules): a Disallow's expression asks for the character as written,
 * so a target that spells one as an escape may pass where the crawler would not fetch it. Never the other way.
 */
function spellsDecodedEscape(target: string, token: string): boolean {
	const dialect = crawlerProfile(token).dialect;
	if (dialect === 'google') {
		return false;
	}
	const decoded =
		dialect === 'draft1996' || dialect === 'original1994' ? /%(?!2[Ff]|25)[0-7][0-9A-Fa-f]/ : /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/;
	return decoded.test(target);
}

/** Where the plan and `evaluateAs` disagree for these crawlers and paths, as readable lines. */
function disagreements(model: RobotsModel, plan: DoorPlan, tokens: readonly string[], paths: readonly string[]): string[] {
	const found: string[] = [];
	const deciders = new Map<number, (target: string) => 'allow' | 'disallow'>();
	const targets = [...new Set(paths.map(sent))].filter((target) => !/^\/robots\.txt(?:\?|$)/.test(target));
	for (const token of tokens) {
		const reading = readingOf(plan, token);
		const door = deciders.get(reading) ?? doorDecider(plan, reading);
		deciders.set(reading, door);
		for (const target of targets) {
			// The file's verdict: a crawler documented to ignore robots.txt is refused what the file asks of it.
			const expected = evaluateAs(model, token, `http://example.com${target}`).fileVerdict;
			const actual = door(target);
			if (actual !== expected && !(actual === 'allow' && spellsDecodedEscape(target, token))) {
				found.push(`${token} ${target}: door ${actual}, evaluateAs ${expected}`);
			}
		}
	}
	return found;
}

/** The crawlers that cover each behaviour of the model, and the tokens the file names. */
function crawlersFor(model: RobotsModel): string[] {
	const behaviours = ['Googlebot', 'Googlebot-Image', 'AdsBot-Google', 'bingbot', 'YandexBot', 'Yandex', 'Python-urllib', 'libwww-perl', 'GPTBot'];
	// Control tokens (Google-Extended, Applebot-Extended) send no requests: the plan has no reading for them.
	const profiles = [...behaviours, ...crawlersNamedIn([model])].map((token) => crawlerProfile(token));
	return [...new Set(profiles.filter((profile) => !profile.controlToken).map((profile) => profile.token))];
}

/** Agent patterns compiled once: most are the catalogue's, the same in every plan. */
const compiledAgents = new Map<string, RegExp>();

/** The token of the first agent whose pattern matches the header, or undefined. */
function firstAgent(plan: DoorPlan, header: string): string | undefined {
	return plan.agents.find((agent) => {
		let regex = compiledAgents.get(agent.pattern);
		if (regex === undefined) {
			regex = new RegExp(agent.pattern, 'i');
			compiledAgents.set(agent.pattern, regex);
		}
		return regex.test(header);
	})?.token;
}

describe('the plan refuses what the crawler model disallows', () => {
	for (const name of ['groups', 'yandex', 'firstmatch']) {
		test(`${name}.robots.txt: every catalogue crawler, on the probe URLs and on hand-picked targets`, () => {
			const model = parse(readFixture('door', `${name}.robots.txt`));
			const plan = doorPlan(model);
			const tokens = [...knownCrawlers.filter((crawler) => !crawler.controlToken).map((crawler) => crawler.token), 'MyOwnCrawler'];
			const paths = [
				...probeUrls(model, model),
				'/private/public/x.pdf',
				'/a/print',
				'/search?q=a/print',
				'/x?sessionid=1',
				'/caf%c3%a9',
				'/café/menu',
				'/go?url=http://example.org/',
				'/go?url=http%3A%2F%2Fexample.org',
				'/cgi-bin/public/x',
				'/page?utm_source=x',
				'/index.php',
				'/index.php?x',
				'/~user/',
				'/%7euser/',
				'/a<b',
				'/tie',
				'/shop/cart/help',
			];
			assert.deepEqual(
				disagreements(
					model,
					plan,
					tokens.filter((token) => name === 'groups' || token !== 'MyOwnCrawler'),
					paths,
				),
				[],
			);
		});
	}

	test('the cases the dialects read differently, each against the crawler model', () => {
		const model = parse(readFixture('door', 'groups.robots.txt'));
		const plan = doorPlan(model);
		const google = doorDecider(plan, readingOf(plan, 'Googlebot'));
		const bing = doorDecider(plan, readingOf(plan, 'bingbot'));
		const own = doorDecider(plan, readingOf(plan, 'MyOwnCrawler'));
		// The expected verdicts are the crawler model's, asserted here so that the cases stay what they claim to be.
		const expect = (token: string, target: string, verdict: 'allow' | 'disallow') =>
			assert.equal(evaluateAs(model, token, `http://example.com${target}`).verdict, verdict, `${token} ${target}`);
		expect('Googlebot', '/no-google/yes', 'allow');
		assert.equal(google('/no-google/yes'), 'allow');
		assert.equal(google('/no-google/no'), 'disallow');
		expect('Googlebot-Image', '/no-google/no', 'disallow');
		// `/*/print$` in the path, not in a query that cites a path.
		assert.equal(google('/a/print'), 'disallow');
		// RFC 9309 §2.2.2: the longest match, Allow on a tie.
		expect('bingbot', '/search/about', 'allow');
		assert.equal(bing('/search/about'), 'allow');
		assert.equal(bing('/search/x'), 'disallow');
		expect('GPTBot', '/private/public/x', 'disallow');
		// A non-ASCII pattern against the percent-encoded request, either case of hex.
		expect('MyOwnCrawler', '/caf%C3%A9', 'disallow');
		assert.equal(own('/caf%C3%A9'), 'disallow');
		assert.equal(own('/caf%c3%a9'), 'disallow');
		// In the query, RFC 9309 compares `:` and `/` encoded: the raw and the encoded target alike.
		expect('MyOwnCrawler', '/go?url=http://x', 'disallow');
		assert.equal(own('/go?url=http://x'), 'disallow');
		assert.equal(own('/go?url=http%3A%2F%2Fx'), 'disallow');
	});

	test('/robots.txt is never refused, even where a crawler reads a Disallow for it', () => {
		const model = parse('User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /robots.txt\n');
		assert.equal(evaluateAs(model, 'Googlebot', '/robots.txt').verdict, 'disallow');
		const plan = doorPlan(model);
		for (let reading = 0; reading < plan.readings.length; reading++) {
			assert.deepEqual(plan.readings[reading].rules[0], { allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' });
			const door = doorDecider(plan, reading);
			assert.equal(door('/robots.txt'), 'allow');
			assert.equal(door('/robots.txt?x=1'), 'allow');
		}
		for (const token of ['Googlebot', 'GPTBot']) {
			assert.equal(doorDecider(plan, readingOf(plan, token))('/robots.txt.bak'), 'disallow');
		}
	});

	test('crawlers that read the file alike share a reading; control tokens fetch nothing and get none', () => {
		const plan = doorPlan(parse('User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /g\n'));
		const google = readingOf(plan, 'Googlebot');
		assert.equal(readingOf(plan, 'Googlebot-Image'), google);
		assert.equal(readingOf(plan, 'GPTBot'), readingOf(plan, 'ClaudeBot'));
		assert.notEqual(readingOf(plan, 'GPTBot'), google);
		assert.ok(plan.readings.every((reading) => !reading.crawlers.includes('Google-Extended')));
		assert.ok(plan.agents.every((agent) => agent.token !== 'Google-Extended' && agent.reading < plan.readings.length));
		// A reading names each crawler once, and every crawler that sends requests has one.
		const crawlers = plan.readings.flatMap((reading) => reading.crawlers);
		assert.equal(new Set(crawlers).size, crawlers.length);
		assert.equal(crawlers.length, knownCrawlers.filter((crawler) => !crawler.controlToken).length);
	});

	test('a file over a crawler size limit: it reads what it reads', () => {
		const filler = `# ${'x'.repeat(1000)}\n`.repeat(600);
		const model = parse(`User-agent: *\nDisallow: /a\n${filler}User-agent: *\nDisallow: /b\n`);
		assert.deepEqual(disagreements(model, doorPlan(model), crawlersFor(model), ['/a', '/b', '/c']), []);
	});
});

describe('the agent patterns name the sender as attributeUserAgent does', () => {
	const plan = doorPlan(parse(readFixture('door', 'groups.robots.txt')));

	test('every documented header, browser, client and token inside a word', () => {
		const wrong: string[] = [];
		for (const header of everyHeader) {
			const attribution = attributeUserAgent(header);
			const expected = attribution.kind === 'crawler' ? attribution.crawler.token : undefined;
			const actual = firstAgent(plan, header);
			if (actual !== expected) {
				wrong.push(`${header}: ${actual} (attributeUserAgent: ${expected})`);
			}
		}
		assert.deepEqual(wrong, []);
	});

	test("the file's own names, at token boundaries, after every catalogue name", () => {
		assert.equal(firstAgent(plan, 'MyOwnCrawler/1.0 (+https://example.com/)'), 'MyOwnCrawler');
		assert.equal(firstAgent(plan, 'Mozilla/5.0 (compatible; myowncrawler)'), 'MyOwnCrawler');
		assert.equal(firstAgent(plan, 'NotMyOwnCrawler/1.0'), undefined);
		assert.equal(firstAgent(plan, 'MyOwnCrawler/1.0 GPTBot/1.0'), 'GPTBot');
		assert.equal(plan.agents.at(-1)?.token, 'MyOwnCrawler');
	});

	test('a token inside a cited URL never counts; after a colon in a word it does not either (the request passes)', () => {
		const inUrl = 'Mozilla/5.0 (compatible; SomeBot/1.0; +https://example.com/gptbot.html)';
		assert.equal(attributeUserAgent(inUrl).kind, 'unknown-bot');
		assert.equal(firstAgent(plan, inUrl), undefined);
		const afterColon = 'via:GPTBot/1.0';
		assert.equal(attributeUserAgent(afterColon).kind, 'crawler');
		assert.equal(firstAgent(plan, afterColon), undefined);
	});

	test("a file's User-agent line that names words of browsers' own headers (mozilla/5, as 35 corpus files do) catches no browser", () => {
		// Corpus lines such as `User-agent: mozilla/5` and `User-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows NT)`: a
		// door that took them as crawler names would refuse every browser the file's group disallows.
		const browsers = doorPlan(
			parse(
				'User-agent: mozilla/5\nDisallow: /\n\nUser-agent: Mozilla/4.0 (compatible; MSIE 4.0; Windows NT)\nDisallow: /\n\nUser-agent: MSIECrawler\nDisallow: /\n',
			),
		);
		for (const { ua } of userAgents.browsers) {
			assert.equal(firstAgent(browsers, ua), undefined, ua);
		}
		assert.equal(firstAgent(browsers, 'MSIECrawler/1.0'), 'MSIECrawler');
	});

	test('a family token names the robots whose names start with it; the longest token a header carries wins', () => {
		const family = 'Mozilla/5.0 (compatible; YandexSomethingNew/1.0)';
		assert.deepEqual(attributeUserAgent(family), { kind: 'crawler', crawler: knownCrawlers.find((crawler) => crawler.token === 'Yandex') });
		assert.equal(firstAgent(plan, family), 'Yandex');
		assert.equal(firstAgent(plan, 'Googlebot-Image/1.0 Googlebot/2.1'), 'Googlebot-Image');
	});
});

describe('the corpus', () => {
	const folder = join(sharedDir, 'corpus', 'realworld', 'files');
	const names = readdirSync(folder).sort();
	/**
	 * Probes per file: up to 400, and fewer on files of many rules, an even sample of them, since the check tries every
	 * rule's expression on every probe (a corpus file has 47 000 rules: 20 probes there, each tried against them all).
	 */
	const probesFor = (plan: DoorPlan) => Math.max(20, Math.min(400, Math.floor(400_000 / Math.max(...plan.readings.map((reading) => reading.rules.length)))));

	test('on every corpus file, the plan refuses what evaluateAs disallows, and its catalogue agents are those tested above', () => {
		// The catalogue's agents come first in every plan, in the same order: the headers tested above name the same
		// senders whatever the file, and only the file's own names, after them all, differ.
		const catalogue = (plan: DoorPlan) =>
			JSON.stringify(plan.agents.filter((agent) => crawlerProfile(agent.token).known).map(({ token, pattern }) => [token, pattern]));
		const expectedAgents = catalogue(doorPlan(parse('')));
		const wrong: string[] = [];
		for (const name of names) {
			const model = parse(readFileSync(join(folder, name), 'utf8'));
			const plan = doorPlan(model);
			const probes = probeUrls(model, model);
			const step = Math.max(1, Math.ceil(probes.length / probesFor(plan)));
			const sample = probes.filter((_, i) => i % step === 0);
			for (const line of disagreements(model, plan, crawlersFor(model), sample).slice(0, 3)) {
				wrong.push(`${name}: ${line}`);
			}
			const known = plan.agents.findIndex((agent) => !crawlerProfile(agent.token).known);
			if (catalogue(plan) !== expectedAgents || plan.agents.slice(known < 0 ? plan.agents.length : known).some((agent) => crawlerProfile(agent.token).known)) {
				wrong.push(`${name}: the catalogue's agents differ, or a name of the file stands before one of them`);
			}
		}
		assert.deepEqual(wrong, []);
	});
});
