/**
 * The IP range lists owners publish (core/src/facts/ipRanges.ts): every token a list vouches for is a catalogue crawler
 * that sends requests, every list cites its source, and lists are found by token and by URL or file name as the
 * owners' pages name them.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { knownCrawlers, rangeListNamed, rangeLists, rangeListsFor } from '../../core/src/index';

/** The URLs of the lists, for comparisons that read as the sources write them. */
function urls(lists: readonly { readonly url: string }[]): string[] {
	return lists.map((list) => list.url);
}

const google = 'https://developers.google.com/static/crawling/ipranges/';

test('every token of every list is a catalogue token that sends requests, in the catalogue spelling', () => {
	const crawlers = new Map(knownCrawlers.map((crawler) => [crawler.token, crawler]));
	const wrong = rangeLists.flatMap((list) =>
		list.tokens.filter((token) => crawlers.get(token) === undefined || crawlers.get(token)!.controlToken).map((token) => `${list.url}: ${token}`),
	);
	assert.deepEqual(wrong, []);
});

test('every list is published at an https URL no other list shares, and cites a public source as the catalogue writes them', () => {
	assert.deepEqual(
		rangeLists.filter((list) => !list.url.startsWith('https://')),
		[],
	);
	assert.equal(new Set(urls(rangeLists)).size, rangeLists.length);
	// "Title (https://…)", several joined with "; ", as core/src/facts/crawlers.ts writes sources.
	assert.deepEqual(
		rangeLists.filter((list) => !list.source.split('; ').every((source) => /^[^()]+: .+ \(https?:\/\/[^\s()]+\)$/.test(source))),
		[],
	);
	assert.deepEqual(
		rangeLists.filter((list) => list.tokens.length === 0),
		[],
	);
});

test("Google's lists vouch for its crawlers as its verification page sorts them", () => {
	// "Common crawlers like Googlebot", "Special crawlers like AdsBot", "Google Site Verifier acts on the request of a
	// user": Google, Verify requests from Google crawlers and fetchers.
	assert.deepEqual(urls(rangeListsFor('Googlebot')), [`${google}common-crawlers.json`]);
	assert.deepEqual(urls(rangeListsFor('AdsBot-Google')), [`${google}special-crawlers.json`]);
	assert.deepEqual(urls(rangeListsFor('Google-Site-Verification')), [`${google}user-triggered-fetchers.json`, `${google}user-triggered-fetchers-google.json`]);
	// Google-Agent came with its own list, user-triggered-agents.json (Google's list of user-triggered fetchers).
	assert.deepEqual(urls(rangeListsFor('Google-Agent')), [`${google}user-triggered-agents.json`]);
});

test('the AI companies\' lists vouch for the robots their pages give "Published IP addresses" or the list to', () => {
	// OpenAI: each of OAI-SearchBot, GPTBot and ChatGPT-User has its own list; OAI-AdsBot has none.
	assert.deepEqual(urls(rangeListsFor('GPTBot')), ['https://openai.com/gptbot.json']);
	assert.deepEqual(urls(rangeListsFor('OAI-SearchBot')), ['https://openai.com/searchbot.json']);
	assert.deepEqual(urls(rangeListsFor('ChatGPT-User')), ['https://openai.com/chatgpt-user.json']);
	assert.deepEqual(rangeListsFor('OAI-AdsBot'), []);
	// Perplexity: PerplexityBot and Perplexity-User, one list each.
	assert.deepEqual(urls(rangeListsFor('PerplexityBot')), ['https://www.perplexity.com/perplexitybot.json']);
	assert.deepEqual(urls(rangeListsFor('Perplexity-User')), ['https://www.perplexity.com/perplexity-user.json']);
	// Anthropic: one list for ClaudeBot, Claude-User and Claude-SearchBot.
	assert.deepEqual(urls(rangeListsFor('Claude-User')), ['https://claude.com/crawling/bots.json']);
	assert.deepEqual(rangeListsFor('ClaudeBot'), rangeListsFor('Claude-SearchBot'));
	// Apple: "Applebot-Extended does not crawl webpages".
	assert.deepEqual(urls(rangeListsFor('Applebot')), ['https://search.developer.apple.com/applebot.json']);
	assert.deepEqual(rangeListsFor('Applebot-Extended'), []);
});

test('a token is looked up without regard to ASCII case; a token no list vouches for has none', () => {
	assert.deepEqual(rangeListsFor('GOOGLEBOT'), rangeListsFor('Googlebot'));
	assert.deepEqual(rangeListsFor('googlebot-image'), rangeListsFor('Googlebot-Image'));
	// Google-Extended "doesn't have a separate HTTP request user agent string" (Google's list of common crawlers).
	assert.deepEqual(rangeListsFor('Google-Extended'), []);
	assert.deepEqual(rangeListsFor('NoSuchBot'), []);
});

test('a list is named by its URL, or by a file name or path whose last segment is its file name', () => {
	const common = rangeListsFor('Googlebot')[0];
	const special = rangeListsFor('AdsBot-Google')[0];
	const cases = [
		[`${google}common-crawlers.json`, common],
		['common-crawlers.json', common],
		['./lists/special-crawlers.json', special],
		['C:\\lists\\Special-Crawlers.JSON', special],
		// Google's old URLs and googlebot.json, the common crawlers' file name before March 2026 (MERJ, Update Your Google
		// Crawler IP Range Endpoints).
		['https://developers.google.com/static/search/apis/ipranges/googlebot.json', common],
		['googlebot.json', common],
		['/var/cache/ranges/googlebot.json', common],
	] as const;
	assert.deepEqual(
		cases.map(([name]) => rangeListNamed(name)?.url),
		cases.map(([, list]) => list.url),
	);
});

test('every list is named by its own file name, as no two lists share one', () => {
	assert.deepEqual(
		rangeLists.filter((list) => rangeListNamed(`./downloads/${list.url.slice(list.url.lastIndexOf('/') + 1)}`) !== list).map((list) => list.url),
		[],
	);
	assert.equal(rangeListNamed('./lists/gptbot.json'), rangeListsFor('GPTBot')[0]);
	assert.equal(rangeListNamed('https://openai.com/gptbot.json'), rangeListsFor('GPTBot')[0]);
});

test('a URL no owner publishes, or a file name no list has, names no list', () => {
	assert.equal(rangeListNamed('https://example.com/lists/common-crawlers.json'), undefined);
	assert.equal(rangeListNamed('ranges.json'), undefined);
	assert.equal(rangeListNamed(''), undefined);
	assert.equal(rangeListNamed('common-crawlers.json.bak'), undefined);
});
