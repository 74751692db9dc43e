/**
 * "Simplify": what goes and what stays, each expectation from the sources on precedence:
 * - RFC 9309 §2.2.2 (https://www.rfc-editor.org/rfc/rfc9309#section-2.2.2): the most specific match (most octets)
 *   wins; of an equivalent Allow and Disallow, the Allow; percent-encoded unreserved characters compare decoded.
 * - Google (https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#order-of-precedence-for-rules):
 *   the longest rule wins, the least restrictive (Allow) on a tie; `allow: /page` against `disallow: /*.htm` gives
 *   `/page.htm` to the longer Disallow; groups naming the same crawler are combined
 *   (https://developers.google.com/search/docs/crawling-indexing/robots/robots_txt#grouping-of-lines-and-rules).
 * - The 1994 standard (https://www.robotstxt.org/orig.html) knows only Disallow; the 1996 draft
 *   (https://www.robotstxt.org/norobots-rfc.txt §3.2.2) takes the first matching Allow or Disallow. The catalogue's
 *   libwww-perl (1994) and Python-urllib (1996 draft) follow `*` groups, so what they read there must keep its verdicts.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeSimplifyActions, describeProof, describeSimplification, parse, proveSimplification, protocol, simplify } from '../../core/src/index';
import { joinLines } from '../util/fixtures';

function simplified(text: string): string {
	return simplify(parse(text)).text;
}

/** The file simplifies to `expected`. */
function assertSimplifies(text: string, expected: string): void {
	assert.equal(simplified(text), expected);
}

/** Nothing goes: every line decides some verdict for some crawler. */
function assertKept(text: string): void {
	assert.equal(simplified(text), text);
}

describe('simplify', () => {
	test('a duplicate and a rule a broader one of the same verdict covers go (RFC 9309 §2.2.2: nothing weighs in between)', () => {
		const text = joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /a/b', 'Disallow: /a', '');
		const result = simplify(parse(text));
		assert.equal(result.text, joinLines('User-agent: *', 'Disallow: /a', ''));
		assert.equal(result.linesRemoved, 2);
		assert.equal(result.proof?.verdictChanges, 0);
		assert.ok((result.proof?.crawlers ?? 0) > 100, 'every catalogue crawler is compared');
		assert.deepEqual(result.before, { ruleLines: 3, groups: 1 });
		assert.deepEqual(result.after, { ruleLines: 1, groups: 1 });
	});

	test('a narrower rule stays when a rule of the other verdict has a length between the two (longest match)', () => {
		assertKept(joinLines('User-agent: *', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /a/b/c', ''));
	});

	test('a later broader rule of the same verdict decides for first-match robots too, when nothing of the other verdict lies between', () => {
		assertSimplifies(joinLines('User-agent: *', 'Disallow: /a/b', 'Disallow: /a', ''), joinLines('User-agent: *', 'Disallow: /a', ''));
		// Between them, an Allow the 1996 draft reaches first: /a/b/x is allowed there by the Allow, disallowed by /a/b.
		assertKept(joinLines('User-agent: *', 'Disallow: /a/b', 'Allow: /a', 'Disallow: /', ''));
	});

	test('an Allow the 1996 draft never reaches still decides for longest-match crawlers: it stays', () => {
		assertKept(joinLines('User-agent: *', 'Disallow: /a', 'Allow: /a/b', ''));
	});

	test('a Disallow an equal Allow beats goes where only longest-match crawlers read it, and stays where 1994 robots read it', () => {
		// RFC 9309 and Google: the equivalent Allow wins, the Disallow decides nothing.
		assertSimplifies(joinLines('User-agent: Googlebot', 'Allow: /page', 'Disallow: /page', ''), joinLines('User-agent: Googlebot', 'Allow: /page', ''));
		assertSimplifies(joinLines('User-agent: bingbot', 'Disallow: /page', 'Allow: /page', ''), joinLines('User-agent: bingbot', 'Allow: /page', ''));
		// In the * group libwww-perl (1994) reads the Disallow alone: it decides there.
		assertKept(joinLines('User-agent: *', 'Allow: /page', 'Disallow: /page', ''));
	});

	test('an Allow that beats no Disallow goes; one that does stays', () => {
		assertSimplifies(joinLines('User-agent: bingbot', 'Disallow: /admin', 'Allow: /public', ''), joinLines('User-agent: bingbot', 'Disallow: /admin', ''));
		assertKept(joinLines('User-agent: bingbot', 'Disallow: /', 'Allow: /public', ''));
	});

	test('a "$" rule a plain prefix covers goes; a "$" Allow against a broader Disallow stays', () => {
		assertSimplifies(joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /a$', ''), joinLines('User-agent: *', 'Disallow: /a', ''));
		assertKept(joinLines('User-agent: bingbot', 'Disallow: /a', 'Allow: /a$', ''));
	});

	test('percent-encoded unreserved characters are the same rule for RFC 9309 (§2.2.2)', () => {
		assertSimplifies(joinLines('User-agent: bingbot', 'Disallow: /~user', 'Disallow: /%7Euser', ''), joinLines('User-agent: bingbot', 'Disallow: /~user', ''));
	});

	test('a trailing "*" goes where nothing weighs between the two lengths, and stays where a Disallow would then win (Google)', () => {
		const trimmed = simplify(parse(joinLines('User-agent: Googlebot', 'Disallow: /private*', '')));
		assert.equal(trimmed.text, joinLines('User-agent: Googlebot', 'Disallow: /private', ''));
		assert.equal(trimmed.wildcardsTrimmed, 1);
		// "/page*" (6 octets) ties "/*.htm" on /page.htm and the Allow wins; "/page" (5) would lose to it.
		assertKept(joinLines('User-agent: Googlebot', 'Allow: /page*', 'Disallow: /*.htm', ''));
	});

	test('a trailing "*" stays where 1994/1996 robots read it: for them it is a character', () => {
		assertKept(joinLines('User-agent: *', 'Disallow: /private*', ''));
	});

	test('identical groups merge into the first with all their User-agent lines; comments and Sitemap stay', () => {
		const text = joinLines(
			'User-agent: a',
			'Disallow: /x',
			'Allow: /x/y',
			'',
			'User-agent: b',
			'Disallow: /z',
			'',
			'# c too',
			'User-agent: c',
			'User-agent: d',
			'Disallow: /x',
			'Allow: /x/y',
			'',
			'Sitemap: https://example.com/sitemap.xml',
			'',
		);
		const result = simplify(parse(text));
		assert.equal(
			result.text,
			joinLines(
				'User-agent: a',
				'User-agent: c',
				'User-agent: d',
				'Disallow: /x',
				'Allow: /x/y',
				'',
				'User-agent: b',
				'Disallow: /z',
				'',
				'# c too',
				'',
				'Sitemap: https://example.com/sitemap.xml',
				'',
			),
		);
		assert.equal(result.groupsMerged, 1);
		assert.equal(result.linesRemoved, 2);
		assert.deepEqual(result.after, { ruleLines: 3, groups: 2 });
	});

	test('Crawl-delay, preference lines and the last rule of a group stay', () => {
		assertKept(
			joinLines('User-agent: *', 'Crawl-delay: 5', 'Content-Usage: train-ai=n', 'Disallow: /a', '', 'User-agent: b', 'Crawl-delay: 5', 'Disallow: /a', ''),
		);
		// Alone in its group, an Allow that beats nothing keeps the group apart from the next one.
		assertKept(joinLines('User-agent: bingbot', 'Allow: /x', '', 'User-agent: *', 'Disallow: /', ''));
	});

	test('nothing to simplify: no edits, no proof, no action', () => {
		const text = joinLines('User-agent: *', 'Disallow: /private', '');
		const result = simplify(parse(text));
		assert.deepEqual(result.edits, []);
		assert.equal(result.proof, undefined);
		assert.deepEqual(computeSimplifyActions(parse(text), 'file:///robots.txt'), []);
	});

	test('the proof refuses a merge that moves a name before another group a 1996-draft robot matches first', () => {
		// Python's robotparser (the 1996 draft) takes the first record whose name is part of its own: "python" here.
		// Merging the third group into the first puts "Python-urllib" before it.
		const text = joinLines('User-agent: a', 'Disallow: /x', '', 'User-agent: python', 'Disallow: /y', '', 'User-agent: Python-urllib', 'Disallow: /x', '');
		const result = simplify(parse(text));
		assert.deepEqual(result.edits, []);
		assert.equal(result.text, text);
		assert.equal(result.groupsMerged, 0);
		assert.match(result.refused ?? '', /Python-urllib \/x: allow → disallow/);
		assert.equal(result.proof?.verdictChanges, 2);
		// With a line the proof accepts besides, that line alone goes.
		const more = joinLines(
			'User-agent: a',
			'Disallow: /x',
			'',
			'User-agent: python',
			'Disallow: /y',
			'Disallow: /y',
			'',
			'User-agent: Python-urllib',
			'Disallow: /x',
			'',
		);
		assert.equal(simplified(more), text);
	});

	test('past a size limit nothing moves what a crawler reads; the proof catches an edit that would', () => {
		// 500 KiB: Google and RFC 9309 crawlers read that much, Yandex nothing of a larger file (its help: it then
		// allows everything). Duplicates past the cut go; the file stays over the limit, so Yandex still reads nothing.
		const line = 'Disallow: /private\n';
		const count = Math.ceil((500 * 1024 + 2000) / line.length);
		const text = `User-agent: *\n${line.repeat(count)}`;
		const result = simplify(parse(text));
		assert.ok(result.linesRemoved > 0 && result.text.length > 500 * 1024, `${result.linesRemoved} ${result.text.length}`);
		assert.equal(result.proof?.verdictChanges, 0);
		// Removing duplicates before the cut would bring the file under the limit: Yandex would read the Disallow.
		const under = `User-agent: *\n${line.repeat(count - 200)}`;
		const proof = proveSimplification(parse(text), parse(under));
		assert.ok(proof.verdictChanges > 0);
		assert.ok(
			proof.readingChanges.some((change) => change.startsWith('Yandex')),
			proof.readingChanges.join('\n'),
		);
	});

	test('the action: source kind, edits that ask no confirmation, the reading and the proof as the description', () => {
		const model = parse(joinLines('User-agent: *', 'Disallow: /a', 'Disallow: /a', ''));
		const [action, ...rest] = computeSimplifyActions(model, 'file:///robots.txt');
		assert.equal(rest.length, 0);
		assert.equal(action.kind, protocol.simplifyKind);
		assert.ok(action.kind?.startsWith('source.'));
		assert.equal(action.title, 'Simplify robots.txt (lines removed: 1, groups merged: 0, patterns shortened: 0)');
		const change = action.edit?.documentChanges?.[0];
		assert.ok(change && 'edits' in change);
		assert.deepEqual(
			change.edits.map((edit) => ('annotationId' in edit ? edit.annotationId : undefined)),
			['robotsTxt.simplify'],
		);
		const annotation = action.edit?.changeAnnotations?.['robotsTxt.simplify'];
		assert.equal(annotation?.needsConfirmation, false);
		const result = simplify(model);
		assert.equal(annotation?.description, `${describeSimplification(result)} ${describeProof(result.proof!)}`);
		assert.match(
			annotation?.description ?? '',
			/Rule lines: 2 before, 1 after; groups: 1 before, 1 after\. The semantic diff compared \d+ crawlers on \d+ URLs/,
		);
	});
});
