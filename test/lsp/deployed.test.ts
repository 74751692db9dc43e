/**
 * The deployed robots.txt requests over a real wire (the built server on stdio): where to fetch, a fetched response
 * turned into a document whose diagnostics, code lenses and Test URL start from the response, the comparison with a
 * local file, and bad messages answered with InvalidParams. Each answer is checked against the core's own.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeLensRequest, ErrorCodes, RequestType, ResponseError, type CodeLens } from 'vscode-languageserver/node';
import {
	analyseDeployed,
	compareWithDeployed,
	defaultAnalysisOptions,
	deployedReport,
	outcomeToWire,
	parse,
	protocol,
	type FetchOutcome,
} from '../../core/src/index';
import { TestClient } from './client';

const targetRequest = new RequestType<protocol.DeployedTargetParams, protocol.DeployedTarget, void>(protocol.deployedTargetMethod);
const openRequest = new RequestType<protocol.DeployedOpenParams, protocol.DeployedOpenResult, void>(protocol.deployedOpenMethod);
const compareRequest = new RequestType<protocol.DeployedCompareParams, protocol.DeployedCompareResult, void>(protocol.deployedCompareMethod);
const testUrlRequest = new RequestType<protocol.TestUrlParams, protocol.TestUrlResult, void>(protocol.testUrlMethod);

const served = 'User-agent: *\nDisallow: /private\n';
/** An HTML-typed 200: Google reads the rules, Yandex does not read a file that is not text/plain. */
const outcome: FetchOutcome = {
	url: 'https://example.com/robots.txt',
	responses: [
		{ url: 'https://example.com/robots.txt', status: 301, headers: [['Location', 'https://www.example.com/robots.txt']] },
		{
			url: 'https://www.example.com/robots.txt',
			status: 200,
			statusText: 'OK',
			headers: [['Content-Type', 'text/html']],
			body: new TextEncoder().encode(served),
		},
	],
};

describe('deployed robots.txt over stdio', { timeout: 60_000 }, () => {
	test('target, open, diagnostics, lenses, Test URL from the response, compare, bad messages', async () => {
		const client = await TestClient.start({ configuration: true, settings: {} });
		try {
			const send = client.connection.sendRequest.bind(client.connection);
			const target = await send(targetRequest, { site: 'example.com', version: '9.9.9' });
			assert.ok(!('error' in target));
			assert.equal(target.robotsUrl, 'https://example.com/robots.txt');
			assert.equal(target.uri, 'robots-txt-deployed://example.com/robots.txt%20%28example.com%29?https');
			assert.equal(target.maxRedirects, 5);
			assert.match(target.userAgent, /^robots-txt\/9\.9\.9 /);
			assert.deepEqual(await send(targetRequest, { site: 'mailto:a@b.c', version: '1' }), {
				error: '"mailto:a@b.c" is a mailto URL; robots.txt is fetched over http or https.',
			});

			const opened = await send(openRequest, { uri: target.uri, outcome: outcomeToWire(outcome) });
			const analysis = analyseDeployed(outcome, defaultAnalysisOptions.crawlers);
			assert.equal(opened.text, served);
			assert.equal(opened.report, deployedReport(analysis));
			assert.match(opened.headline, /^200 OK · 1 redirect · \d+ bytes$/);

			await client.open(target.uri, opened.text);
			await client.waitFor(() => client.lastPublished(target.uri) !== undefined, 'diagnostics of the deployed document');
			const first = client.lastPublished(target.uri)!.diagnostics[0];
			assert.equal(first.range.start.line, 0);
			assert.match(first.message, /^Deployed robots\.txt: 200 OK · 1 redirect/);
			assert.match(first.message, /YandexBot allows every URL \(no restrictions\)/);

			const lenses = (await send(CodeLensRequest.type, { textDocument: { uri: target.uri } })) as CodeLens[];
			assert.match(lenses[0].command?.title ?? '', /^Deployed: 200 OK · 1 redirect · \d+ bytes from https:\/\/www\.example\.com\/robots\.txt$/);
			assert.equal(lenses[0].command?.command, 'robotsTxt.showDetails');

			const google = await send(testUrlRequest, { uri: target.uri, url: '/private/x', agent: 'Googlebot' });
			assert.equal(google.verdict, 'disallow');
			assert.equal(google.line, 1);
			const yandex = await send(testUrlRequest, { uri: target.uri, url: '/private/x', agent: 'YandexBot' });
			assert.equal(yandex.verdict, 'allow');
			assert.equal(yandex.line, null);
			assert.match(yandex.headline, /ALLOWED, whatever the rules: the server answered 200 OK with a body served as text\/html/);

			const local = 'User-agent: *\nDisallow: /private\nDisallow: /drafts\n';
			await client.open('file:///site/robots.txt', local);
			const compared = await send(compareRequest, { uri: 'file:///site/robots.txt', outcome: outcomeToWire(outcome) });
			const expected = compareWithDeployed(parse(local), analysis, defaultAnalysisOptions.crawlers);
			assert.equal(compared.summary, expected.summary);
			assert.equal(compared.table, expected.table);
			assert.ok(compared.rows.some((row) => row.crawler === 'Googlebot' && row.url === '/drafts' && row.local === 'disallow' && row.deployed === 'allow'));
			assert.ok(
				compared.rows.some(
					(row) => row.crawler === 'YandexBot' && row.url === '/private' && row.deployed === 'allow' && /text\/html/.test(row.deployedBecause ?? ''),
				),
			);

			const invalid = (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams;
			await assert.rejects(send(openRequest, { uri: target.uri, outcome: { url: 'x' } as never }), invalid);
			await assert.rejects(send(openRequest, { uri: 'file:///not/deployed.txt', outcome: outcomeToWire(outcome) }), invalid);
			await assert.rejects(send(compareRequest, { uri: 'file:///not/open.txt', outcome: outcomeToWire(outcome) }), invalid);
			await assert.rejects(send(targetRequest, { site: 42 } as never), invalid);
			assert.ok(client.alive);
			assert.equal(await client.stop(), 0);
		} finally {
			client.kill();
		}
	});
});
