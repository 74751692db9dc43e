/**
 * `robots-txt export --format haproxy` against the real server (Debian's haproxy), started as this user on 127.0.0.1 with
 * its configuration in a temporary folder: every crawler gets 403 exactly where the plan (and `evaluateAs`) refuses,
 * browsers and other clients never.
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { doorPlan, type DoorPlan } from '../../core/src/door/plan';
import { parse } from '../../core/src/index';
import { renderHaproxy } from '../../core/src/door/haproxy';
import { runCli, workFolder } from './cliProcess';
import {
	haproxyBinary,
	corpusFiles,
	corpusText,
	doorFixtures,
	doorRequests,
	handPlan,
	handRequests,
	missing,
	startHaproxy,
	startBackend,
	wrongAnswers,
	type DoorRequest,
	type Running,
} from './doorServers';

describe('export to HAProxy, against haproxy', { skip: missing(haproxyBinary, 'haproxy') }, () => {
	let dir: string;
	let backend: Running;
	const running: Running[] = [];

	before(async () => {
		dir = workFolder('robots-export-haproxy-');
		backend = await startBackend();
	});

	after(async () => {
		await Promise.all(running.map((server) => server.stop()));
		await backend?.stop();
	});

	async function answers(name: string, plan: DoorPlan, requests: readonly DoorRequest[]): Promise<string[]> {
		mkdirSync(join(dir, name));
		const server = await startHaproxy(join(dir, name), renderHaproxy(plan, [`Generated from ${name} for this test.`])[0].text, backend.port);
		running.push(server);
		return wrongAnswers(server.port, requests);
	}

	test('a hand-written plan: quotes, spaces, #, braces and backslashes in patterns; the first agent and the first rule decide', async () => {
		assert.deepEqual(await answers('hand', handPlan, handRequests()), []);
	});

	for (const [name, text] of Object.entries(doorFixtures)) {
		test(`${name}: each crawler refused (403) exactly where evaluateAs disallows; browsers, other clients and /robots.txt pass`, async () => {
			assert.deepEqual(await answers(name.replace(/\W+/g, '-'), doorPlan(parse(text)), doorRequests(text)), []);
		});
	}

	test(`corpus files ${corpusFiles.join(', ')}: each crawler refused exactly where evaluateAs disallows`, async () => {
		for (const file of corpusFiles) {
			const text = corpusText(file);
			assert.deepEqual(await answers(file, doorPlan(parse(text)), doorRequests(text)), [], file);
		}
	});

	test('robots-txt export --format haproxy --out DIR writes robots-haproxy.cfg, which the server enforces', async () => {
		const source = doorFixtures['own group and *'];
		writeFileSync(join(dir, 'robots.txt'), source);
		const result = runCli(['export', join(dir, 'robots.txt'), '--format', 'haproxy', '--out', join(dir, 'out')]);
		assert.equal(result.status, 0, result.stderr);
		const text = readFileSync(join(dir, 'out', 'robots-haproxy.cfg'), 'utf8');
		assert.match(text, /robots-txt logs --verify/);
		mkdirSync(join(dir, 'cli'));
		const server = await startHaproxy(join(dir, 'cli'), text, backend.port);
		running.push(server);
		assert.deepEqual(await wrongAnswers(server.port, doorRequests(source)), []);
	});
});
