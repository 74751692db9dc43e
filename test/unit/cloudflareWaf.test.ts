/**
 * `robots-txt export --format cloudflare-waf`: no Cloudflare here, so a small interpreter of exactly the part of the
 * Rules language the renderer writes evaluates its expressions, each operator as Cloudflare's docs define it:
 * - `and`, `or`, `not` and parentheses, `not` binding tighter than `and`, `and` tighter than `or`
 *   (https://developers.cloudflare.com/ruleset-engine/rules-language/operators/, Logical operators and Order of precedence);
 * - `matches`: true when the regular expression matches somewhere in the field's value, Rust's regex crate
 *   (same page, Comparison operators; https://developers.cloudflare.com/ruleset-engine/rules-language/values/: "Regular
 *   expression matching is performed using the Rust regular expression engine");
 * - quoted strings, where `\"` and `\\` stand for `"` and `\` (the Values page, String values);
 * - `http.user_agent`, the User-Agent header, and `raw.http.request.uri`, the path and query as sent, before URL
 *   normalization (https://developers.cloudflare.com/ruleset-engine/rules-language/fields/reference/);
 * - at most 4,096 characters per expression (https://developers.cloudflare.com/ruleset-engine/rules-language/expressions/).
 * A request is blocked when one rule's expression is true (custom rules with the action Block).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloudflareExpressionLimit, cloudflareWafExpressions, renderCloudflareWaf } from '../../core/src/door/cloudflareWaf';
import { doorPlan, type DoorPlan } from '../../core/src/door/plan';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, probeUrls } from '../../core/src/index';
import { corpusDir } from '../util/noise';
import { doorFixtures, doorRequests, handPlan, handRequests, doorStatus, planStatus, requestTarget, userAgents } from '../cli/doorServers';

interface Request {
	readonly userAgent: string | undefined;
	readonly target: string;
}

type Node = { kind: 'and' | 'or'; left: Node; right: Node } | { kind: 'not'; operand: Node } | { kind: 'matches'; field: string; regex: RegExp };

/** The tokens of an expression: words, parentheses and quoted strings (with their escapes undone). */
function tokens(expression: string): { kind: 'word' | 'string' | '(' | ')'; text: string }[] {
	const out: { kind: 'word' | 'string' | '(' | ')'; text: string }[] = [];
	let i = 0;
	while (i < expression.length) {
		const ch = expression[i];
		if (/\s/.test(ch)) {
			i++;
		} else if (ch === '(' || ch === ')') {
			out.push({ kind: ch, text: ch });
			i++;
		} else if (ch === '"') {
			let text = '';
			i++;
			while (expression[i] !== '"') {
				assert.ok(i < expression.length, `unterminated string in ${expression}`);
				if (expression[i] === '\\') {
					assert.ok(expression[i + 1] === '"' || expression[i + 1] === '\\', `an escape the Values page does not list: \\${expression[i + 1]}`);
					i++;
				}
				text += expression[i++];
			}
			i++;
			out.push({ kind: 'string', text });
		} else {
			const word = /^[a-z_.]+/.exec(expression.slice(i));
			assert.ok(word, `unexpected ${expression.slice(i, i + 20)}`);
			out.push({ kind: 'word', text: word[0] });
			i += word[0].length;
		}
	}
	return out;
}

/** A Rust regex of the subset the renderer writes as a JavaScript one: a leading `(?i)`, and `\x{…}` escapes. */
function rustRegex(source: string): RegExp {
	const insensitive = source.startsWith('(?i)');
	const literal = (hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)).replace(/[\\^$.|?*+()[\]{}]/, '\\$&');
	const body = (insensitive ? source.slice(4) : source).replace(/\\x\{([0-9a-f]+)\}/gi, (_whole, hex: string) => literal(hex));
	assert.ok(!body.includes('(?i)'), 'a case flag only at the start');
	return new RegExp(body, insensitive ? 'i' : '');
}

/** Parses an expression: or-terms of and-terms of (not) primaries. */
function parseExpression(expression: string): Node {
	const list = tokens(expression);
	let at = 0;
	const word = (text: string) => list[at]?.kind === 'word' && list[at].text === text;
	const primary = (): Node => {
		if (word('not')) {
			at++;
			return { kind: 'not', operand: primary() };
		}
		if (list[at]?.kind === '(') {
			at++;
			const inner = or();
			assert.equal(list[at++]?.kind, ')');
			return inner;
		}
		const field = list[at++];
		assert.ok(field.kind === 'word' && (field.text === 'http.user_agent' || field.text === 'raw.http.request.uri'), `a field: ${field.text}`);
		assert.ok(word('matches'), 'the matches operator');
		at++;
		const value = list[at++];
		assert.equal(value.kind, 'string');
		return { kind: 'matches', field: field.text, regex: rustRegex(value.text) };
	};
	const and = (): Node => {
		let node = primary();
		while (word('and')) {
			at++;
			node = { kind: 'and', left: node, right: primary() };
		}
		return node;
	};
	const or = (): Node => {
		let node = and();
		while (word('or')) {
			at++;
			node = { kind: 'or', left: node, right: and() };
		}
		return node;
	};
	const node = or();
	assert.equal(at, list.length, 'the whole expression is read');
	return node;
}

function evaluate(node: Node, request: Request): boolean {
	switch (node.kind) {
		case 'and':
			return evaluate(node.left, request) && evaluate(node.right, request);
		case 'or':
			return evaluate(node.left, request) || evaluate(node.right, request);
		case 'not':
			return !evaluate(node.operand, request);
		case 'matches': {
			// A request without the header has an empty field.
			const value = node.field === 'http.user_agent' ? (request.userAgent ?? '') : request.target;
			return node.regex.test(value);
		}
	}
}

/** The status Cloudflare answers: 403 when some rule blocks. */
function blocked(rules: readonly Node[], request: Request): 403 | 200 {
	return rules.some((rule) => evaluate(rule, request)) ? 403 : 200;
}

describe('export to Cloudflare WAF custom rules', () => {
	test('the hand-written plan: every request blocked exactly where the plan refuses', () => {
		const rules = cloudflareWafExpressions(handPlan).map(parseExpression);
		const wrong = handRequests().filter((request) => blocked(rules, request) !== request.status);
		assert.deepEqual(wrong, []);
	});

	test('a plan longer than one expression: several rules, each within 4,096 characters, refusing together what the plan refuses', () => {
		const agents = Array.from({ length: 120 }, (_, index) => ({ token: `Bot${index}`, pattern: `bot${index}`, reading: index % 3 }));
		const rules = (reading: number) => [
			{ allow: true, line: 0, pattern: '/robots.txt', regex: '^/robots\\.txt(?:\\?|$)' },
			...Array.from({ length: 60 }, (_, index) => ({
				allow: index % 4 === 0,
				line: index + 1,
				pattern: `/r${reading}/p${index}`,
				regex: `^/r${reading}/p${index}(?:/|$)`,
			})),
		];
		const plan: DoorPlan = { agents, readings: [0, 1, 2].map((reading) => ({ crawlers: [`reading ${reading}`], rules: rules(reading) })) };
		const expressions = cloudflareWafExpressions(plan);
		assert.ok(expressions.length > 1, `${expressions.length} expression`);
		for (const expression of expressions) {
			assert.ok(expression.length <= cloudflareExpressionLimit, `${expression.length} characters`);
		}
		const parsed = expressions.map(parseExpression);
		const wrong: string[] = [];
		for (const agent of [
			...agents.filter((_, index) => index % 7 === 0).map((entry) => `Mozilla/5.0 (compatible; ${entry.token}/1.0)`),
			'Mozilla/5.0 (compatible; Bot1234/1.0)',
			undefined,
		]) {
			for (let reading = 0; reading < 3; reading++) {
				for (let index = 0; index < 60; index += 3) {
					for (const target of [`/r${reading}/p${index}`, `/r${reading}/p${index}/x`, `/r${reading}/p${index}x`, '/robots.txt']) {
						const expected = planStatus(plan, agent, target);
						if (blocked(parsed, { userAgent: agent, target }) !== expected) {
							wrong.push(`${target} as ${agent}: expected ${expected}`);
						}
					}
				}
			}
		}
		assert.deepEqual(wrong, []);
	});

	test("each crawler's name is written once for a small file, not again among the exceptions of every later reading", () => {
		// A `*` group and GPTBot's own: GPTBot comes early in the plan, so writing every earlier pattern as an exception
		// repeated it in every later reading's condition (twenty rules for these six lines).
		const plan = doorPlan(parse('User-agent: *\nDisallow: /private/\nAllow: /private/public$\n\nUser-agent: GPTBot\nDisallow: /\n'));
		const expressions = cloudflareWafExpressions(plan);
		assert.equal(expressions.join('\n').match(/GPTBot/g)?.length, 1, expressions.join('\n\n'));
		assert.ok(expressions.length <= 3, `${expressions.length} rules`);
	});

	test('the output names the plans the matches operator needs, the limit, and each rule', () => {
		const [file] = renderCloudflareWaf(handPlan, ['A User-Agent header can be forged.']);
		const text = file.text;
		assert.match(text, /Business or Enterprise/);
		assert.match(text, /4,096 characters/);
		assert.match(text, /^# A User-Agent header can be forged\.$/m);
		for (const expression of cloudflareWafExpressions(handPlan)) {
			assert.ok(text.includes(`\n${expression}\n`));
		}
	});

	test('the fixture files: blocked exactly where evaluateAs disallows, for each crawler; browsers, other clients and /robots.txt pass', () => {
		for (const [name, text] of Object.entries(doorFixtures)) {
			const rules = cloudflareWafExpressions(doorPlan(parse(text))).map(parseExpression);
			const wrong = doorRequests(text).filter((request) => blocked(rules, request) !== request.status);
			assert.deepEqual(wrong, [], name);
		}
	});

	test('the corpus: blocked exactly where the plan refuses, and where evaluateAs disallows, on its probe URLs', () => {
		// One header per crawler asked, a browser, a client and none; every eighth file up to 4 KiB, 40 probe URLs each at most.
		const asked = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'YandexBot', 'YandexImages', 'CCBot', 'ClaudeBot', 'Applebot', 'Baiduspider'];
		const headers = asked.map((token) => ({ token, ua: userAgents.crawlers.find((entry) => entry.token === token)?.ua }));
		const others = [userAgents.browsers[0].ua, userAgents.clients[0].ua, undefined];
		let files = 0;
		let requests = 0;
		const wrong: string[] = [];
		for (const file of readdirSync(corpusDir)
			.sort()
			.filter((_, index) => index % 8 === 0)) {
			const text = readFileSync(join(corpusDir, file), 'utf8');
			if (text.length > 4096) {
				continue;
			}
			files++;
			const model = parse(text);
			const plan = doorPlan(model);
			const rules = cloudflareWafExpressions(plan).map(parseExpression);
			const urls = probeUrls(model, model);
			const step = Math.max(1, Math.ceil(urls.length / 40));
			for (let index = 0; index < urls.length; index += step) {
				const target = requestTarget(urls[index]);
				for (const { token, ua } of headers) {
					if (ua === undefined) {
						continue;
					}
					requests++;
					const status = blocked(rules, { userAgent: ua, target });
					const expected = doorStatus(model, token, target);
					if (status !== planStatus(plan, ua, target) || status !== expected) {
						wrong.push(`${file} ${target} as ${token}: ${status}, the plan ${planStatus(plan, ua, target)}, evaluateAs ${expected}`);
					}
				}
				for (const ua of others) {
					requests++;
					if (blocked(rules, { userAgent: ua, target }) !== 200) {
						wrong.push(`${file} ${target} as ${ua}: blocked`);
					}
				}
			}
		}
		assert.ok(files > 50 && requests > 10_000, `${files} files, ${requests} requests`);
		assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} wrong of ${requests}`);
	});
});
