/**
 * One HTTP server on 127.0.0.1, on a free port, that answers every request with one text as text/plain, started
 * before the tests of the suite that asks for it and closed after them.
 */

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';

/** Serves `text` during the current suite; `site` (`http://127.0.0.1:<port>`) is set once the server listens. */
export function serveTextDuringSuite(text: string): { readonly site: string } {
	const served = { site: '' };
	const server = http.createServer((_request, response) => {
		response.writeHead(200, { 'Content-Type': 'text/plain' });
		response.end(text);
	});
	before(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		served.site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	after(() => new Promise<void>((resolve) => server.close(() => resolve())));
	return served;
}
