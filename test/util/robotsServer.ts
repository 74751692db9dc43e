/**
 * Real HTTP(S) servers on 127.0.0.1 that serve every kind of robots.txt response the fetch tests need: good files, soft
 * 404s, binary bodies, gzip and brotli, foreign charsets, files over 500 KiB, redirect loops and chains, a redirect to
 * another host, a slow trickle, resets, garbage that is not HTTP, a self-signed TLS server and a forward proxy. Each
 * case is a site of its own (its own port), so a test asks for `${site}/robots.txt` exactly as a crawler would.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { attachExample } from './fixtures';

export const rules = 'User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n';

/** A handler for `/robots.txt` (and anything else) on one site. */
type Handler = (request: http.IncomingMessage, response: http.ServerResponse, socket: net.Socket) => void;

/** The cases, by name: what each site answers. `sites` gives their origins once started. */
const handlers: Record<string, Handler> = {
	ok: (_req, res) => text(res, 200, rules, { 'Cache-Control': 'max-age=3600' }),
	preferences: (_req, res) => text(res, 200, attachExample),
	'not-found': (_req, res) => text(res, 404, '<html><body>Not found</body></html>', { 'Content-Type': 'text/html' }),
	forbidden: (_req, res) => text(res, 403, 'Forbidden'),
	'too-many': (_req, res) => text(res, 429, 'Slow down', { 'Retry-After': '120' }),
	'server-error': (_req, res) => text(res, 503, 'Down for maintenance', { 'Retry-After': '3600' }),
	'soft-404': (_req, res) =>
		text(res, 200, '<!DOCTYPE html>\n<html><head><title>Not found</title></head><body><h1>Page not found</h1></body></html>\n', {
			'Content-Type': 'text/html; charset=utf-8',
		}),
	binary: (_req, res) => {
		res.writeHead(200, { 'Content-Type': 'image/png' });
		res.end(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
	},
	gzip: (_req, res) => {
		res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
		res.end(zlib.gzipSync(rules));
	},
	brotli: (_req, res) => {
		res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'br' });
		res.end(zlib.brotliCompressSync(rules));
	},
	'bad-gzip': (_req, res) => {
		res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
		res.end(rules);
	},
	'windows-1251': (_req, res) => {
		res.writeHead(200, { 'Content-Type': 'text/plain; charset=windows-1251' });
		// "Disallow: /Привет" in windows-1251: the path's bytes are not UTF-8.
		res.end(Buffer.concat([Buffer.from('User-agent: *\nDisallow: /'), Buffer.from('cff0e8e2e5f2', 'hex'), Buffer.from('\n')]));
	},
	big: (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /first\n' + '# padding line\n'.repeat(36_000) + 'Disallow: /last\n'),
	huge: (_req, res) => {
		// Five megabytes, sent in chunks: the reader must stop at its limit without waiting for the rest.
		res.writeHead(200, { 'Content-Type': 'text/plain' });
		const chunk = Buffer.alloc(64 * 1024, '#');
		let sent = 0;
		const pump = () => {
			while (sent < 80) {
				sent++;
				if (!res.write(chunk)) {
					res.once('drain', pump);
					return;
				}
			}
			res.end();
		};
		pump();
	},
	redirect: (req, res) => {
		if (req.url === '/robots.txt') {
			redirect(res, 301, '/files/robots.txt');
		} else {
			text(res, 200, rules);
		}
	},
	loop: (req, res) => redirect(res, 302, req.url === '/robots.txt' ? '/elsewhere.txt' : '/robots.txt'),
	chain: (req, res) => {
		const step = Number(/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
		redirect(res, 301, `/hop/${step + 1}`);
	},
	'other-host': (req, res) => {
		if (req.url === '/moved.txt') {
			text(res, 200, rules);
			return;
		}
		redirect(res, 301, `http://www.other.test:${req.socket.localPort ?? 0}/moved.txt`);
	},
	slow: (_req, res, socket) => {
		// A slow trickle: a byte every 100 ms for ever. Only a deadline for the whole fetch ends it.
		res.writeHead(200, { 'Content-Type': 'text/plain' });
		const timer = setInterval(() => res.write('#'), 100);
		socket.on('close', () => clearInterval(timer));
	},
	'reset-in-body': (_req, res, socket) => {
		res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '1000' });
		res.write('User-agent: *\nDisallow: /pri', () => setTimeout(() => socket.destroy(), 20));
	},
	'reset-at-once': (_req, _res, socket) => socket.destroy(),
	bom: (_req, res) => text(res, 200, '\uFEFF' + rules),
};

function text(res: http.ServerResponse, status: number, body: string, headers: http.OutgoingHttpHeaders = {}): void {
	res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
	res.end(body);
}

function redirect(res: http.ServerResponse, status: number, location: string): void {
	res.writeHead(status, { Location: location, 'Content-Type': 'text/html' });
	res.end(`<a href="${location}">moved</a>`);
}

export type CaseName = keyof typeof handlers;

/** Every request a site received, in order: method, URL as sent, and headers (to check the User-Agent and the proxy). */
export interface Seen {
	readonly site: string;
	readonly method: string;
	readonly url: string;
	readonly headers: http.IncomingHttpHeaders;
}

export interface RobotsServers {
	/** The origin of each case's site: `http://127.0.0.1:PORT`. */
	readonly sites: Readonly<Record<CaseName, string>>;
	/** A port where nothing listens (connection refused). */
	readonly closedPort: number;
	/** A server that answers with bytes that are not HTTP. */
	readonly garbage: string;
	/** An https site with a self-signed certificate (undefined when openssl is not available), and that certificate. */
	readonly tls?: { readonly site: string; readonly certificate: string };
	/** A forward proxy (absolute-form GET and CONNECT) and what it forwarded. */
	readonly proxy: string;
	readonly proxied: string[];
	readonly seen: Seen[];
	close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
	});
}

/**
 * A self-signed certificate for a host (an address or a name), or several, made with openssl, or undefined when openssl
 * cannot run here.
 */
export function selfSigned(hosts: string | readonly string[] = '127.0.0.1'): { key: string; cert: string } | undefined {
	const names = typeof hosts === 'string' ? [hosts] : hosts;
	const host = names[0];
	const dir = mkdtempSync(join(tmpdir(), 'robots-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'ec',
				'-pkeyopt',
				'ec_paramgen_curve:prime256v1',
				'-nodes',
				'-days',
				'1',
				'-subj',
				`/CN=${host}`,
				'-addext',
				`subjectAltName=${names.map((name) => `${net.isIP(name) === 0 ? 'DNS' : 'IP'}:${name}`).join(',')}`,
				'-keyout',
				join(dir, 'key.pem'),
				'-out',
				join(dir, 'cert.pem'),
			],
			{ stdio: 'ignore' },
		);
		return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
	} catch {
		return undefined;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Starts one server per case, the garbage server, the TLS server and the proxy. */
export async function startRobotsServers(): Promise<RobotsServers> {
	const servers: net.Server[] = [];
	const sockets = new Set<net.Socket>();
	const seen: Seen[] = [];
	const track = (server: net.Server) => {
		servers.push(server);
		server.on('connection', (socket: net.Socket) => {
			sockets.add(socket);
			socket.on('close', () => sockets.delete(socket));
		});
		return server;
	};
	const sites: Record<string, string> = {};
	for (const [name, handler] of Object.entries(handlers)) {
		const server = track(
			http.createServer((req, res) => {
				seen.push({ site: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers });
				handler(req, res, req.socket);
			}),
		);
		sites[name] = `http://127.0.0.1:${await listen(server)}`;
	}

	const closed = net.createServer();
	const closedPort = await listen(closed);
	await new Promise<void>((resolve) => closed.close(() => resolve()));

	const garbageServer = track(net.createServer((socket) => socket.end('THIS IS NOT HTTP\r\n\r\n')));
	const garbage = `http://127.0.0.1:${await listen(garbageServer)}`;

	let tlsSite: RobotsServers['tls'];
	const certificate = selfSigned();
	if (certificate) {
		const server = track(
			https.createServer(certificate, (req, res) => {
				seen.push({ site: 'tls', method: req.method ?? '', url: req.url ?? '', headers: req.headers });
				text(res, 200, rules);
			}),
		);
		tlsSite = { site: `https://127.0.0.1:${await listen(server)}`, certificate: certificate.cert };
	}

	const proxied: string[] = [];
	const proxyServer = track(
		http.createServer((req, res) => {
			proxied.push(`${req.method} ${req.url}`);
			const target = new URL(req.url ?? '');
			const upstream = http.request(
				{ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode ?? 502, answer.headers);
					answer.pipe(res);
				},
			);
			upstream.on('error', () => res.destroy());
			upstream.end();
		}),
	);
	proxyServer.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		proxied.push(`CONNECT ${req.url}`);
		const [host, port] = (req.url ?? '').split(':');
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		sockets.add(upstream);
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});
	const proxy = `http://127.0.0.1:${await listen(proxyServer)}`;

	return {
		sites: sites as Record<CaseName, string>,
		closedPort,
		garbage,
		...(tlsSite ? { tls: tlsSite } : {}),
		proxy,
		proxied,
		seen,
		close: async () => {
			for (const socket of sockets) {
				socket.destroy();
			}
			await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
		},
	};
}

/** A resolver for tests: `*.test` names go to 127.0.0.1, `nowhere.test` fails as DNS does, nothing is asked of the network. */
export const testLookup: net.LookupFunction = (hostname, options, callback) => {
	const done = callback as unknown as (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;
	if (hostname === 'nowhere.test' || !/(^|\.)test$|^127\.0\.0\.1$/.test(hostname)) {
		const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
		process.nextTick(() => done(error, ''));
		return;
	}
	if ((options as { all?: boolean }).all) {
		process.nextTick(() => done(null, [{ address: '127.0.0.1', family: 4 }]));
	} else {
		process.nextTick(() => done(null, '127.0.0.1', 4));
	}
};
