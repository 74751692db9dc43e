/**
 * Managed blocks over a real wire (the built server on stdio): the `managed-block` diagnostic of an open robots.txt
 * and of the deployed document, and "Compare with Deployed" (`robotsTxt/deployedCompare`) on a deployed file fetched
 * from a local HTTP server on 127.0.0.1 that serves the local text with Cloudflare's managed block prepended, as
 * Cloudflare's docs show it (test/fixtures/managed/README.md).
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestType } from 'vscode-languageserver/node';
import { outcomeToWire, protocol } from '../../core/src/index';
import { fetchWithLimits } from '../../io/src/httpFetch';
import { readFixture } from '../util/fixtures';
import { serveTextDuringSuite } from '../util/textServer';
import { TestClient } from './client';

const targetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
const openRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
const compareRequest = new RequestType<protocol.DeployedCompareParams, protocol.DeployedCompareResult, void>(protocol.deployedCompareMethod);

const cloudflare = readFixture('managed', 'cloudflare-crawlstop.robots.txt');
const origin = readFixture('managed', 'crawlstop-origin.robots.txt');
const end = cloudflare.split('\n').indexOf('# END Cloudflare Managed Content') + 1;
const headline = `Lines 1–${end} are Cloudflare's managed block: the platform writes them.`;

describe('managed blocks over stdio', { timeout: 60_000 }, () => {
	const served = serveTextDuringSuite(cloudflare);

	test('the diagnostic in the editor and the deployed document; Compare with Deployed says the files differ only by the block', async () => {
		const client = await TestClient.start({ configuration: true, settings: { crawlers: ['Googlebot', 'GPTBot'] } });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const managedOf = (uri: string) => client.lastPublished(uri)?.diagnostics.find((diagnostic) => diagnostic.code === 'managed-block');

			await client.open('file:///copy/robots.txt', cloudflare);
			await client.waitFor(() => managedOf('file:///copy/robots.txt') !== undefined, 'the managed-block diagnostic');
			const inEditor = managedOf('file:///copy/robots.txt')!;
			assert.equal(inEditor.range.start.line, 0);
			assert.ok(inEditor.message.startsWith(headline), inEditor.message);
			assert.match(inEditor.message, /GPTBot follows only the block's group at line \d+/);

			const { site } = served;
			const target = await send(targetRequest, { site, version: '9.9.9' });
			assert.ok(!('error' in target), JSON.stringify(target));
			const outcome = await fetchWithLimits(target.robotsUrl, { userAgent: target.userAgent, timeoutMs: 10_000, maxRedirects: 5, maxBytes: 1 << 20 });
			assert.equal(outcome.error, undefined);
			const opened = await send(openRequest, { uri: target.uri, outcome: outcomeToWire(outcome) });
			assert.equal(opened.text, cloudflare);
			await client.open(target.uri, opened.text);
			await client.waitFor(() => managedOf(target.uri) !== undefined, 'the managed-block diagnostic of the deployed document');
			assert.ok(managedOf(target.uri)!.message.startsWith(headline));

			await client.open('file:///site/robots.txt', origin);
			const compared = await send(compareRequest, { uri: 'file:///site/robots.txt', outcome: outcomeToWire(outcome) });
			const only = `The deployed file (${site}/robots.txt) differs from the local file only by Cloudflare's managed block (lines 1–${end}).`;
			assert.ok(compared.summary.startsWith(`${only} `), compared.summary);
			assert.equal(compared.managed?.[0], only);
			assert.ok(compared.managed?.some((line) => /^GPTBot: now it follows its own group at line \d+/.test(line)));
			// The rows still show what the block changes: GPTBot may fetch nothing from the deployed file.
			assert.ok(compared.rows.some((row) => row.crawler === 'GPTBot' && row.deployed === 'disallow' && row.local === 'allow'));

			// Another local text: a plain change, without a word of managed blocks.
			await client.open('file:///other/robots.txt', origin.replace('/lp', '/lp2'));
			const plain = await send(compareRequest, { uri: 'file:///other/robots.txt', outcome: outcomeToWire(outcome) });
			assert.equal(plain.managed, undefined);
			assert.doesNotMatch(plain.summary, /managed/);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
