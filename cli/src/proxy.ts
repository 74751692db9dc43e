/**
 * The proxy environment variables as curl and most HTTP clients read them: `https_proxy`/`HTTPS_PROXY` for https URLs,
 * `http_proxy`/`HTTP_PROXY` for http URLs (the lower-case name first), and `no_proxy`/`NO_PROXY`: hosts, domain suffixes
 * (`example.com` and `.example.com` both cover its subdomains), `host:port`, or `*` for everything. CIDR ranges are
 * not read. A few lines of our own rather than a dependency: the rules are short and this is their only use.
 */

import { t } from '../../core/src/l10n';

type Environment = Readonly<Record<string, string | undefined>>;

function variable(env: Environment, name: string): string | undefined {
	const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
	return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Whether `no_proxy` exempts the URL. */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
	if (noProxy === undefined) {
		return false;
	}
	const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
	const port = url.port || (url.protocol === 'https:' ? '443' : '80');
	for (const raw of noProxy.split(/[\s,]+/)) {
		const entry = raw.trim().toLowerCase();
		if (entry === '') {
			continue;
		}
		if (entry === '*') {
			return true;
		}
		// A bare IPv6 address has several colons and no port; `[::1]:8080` has both.
		const match = entry.split(':').length > 2 && !entry.startsWith('[') ? undefined : /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
		const hostPart = match ? match[1] : entry;
		const portPart = match ? match[2] : undefined;
		const name = hostPart.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
		if (portPart !== undefined && portPart !== port) {
			continue;
		}
		if (host === name || host.endsWith(`.${name}`)) {
			return true;
		}
	}
	return false;
}

/** The proxy for each URL under `env`, or undefined to connect directly; throws on a proxy value that is not a URL. */
export function proxyFromEnvironment(env: Environment): (url: URL) => URL | undefined {
	const noProxy = variable(env, 'no_proxy');
	const parse = (name: string): URL | undefined => {
		const value = variable(env, name);
		if (value === undefined) {
			return undefined;
		}
		try {
			// `proxy.example:3128` without a scheme means http, as curl reads it.
			const proxy = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
			if (proxy.protocol !== 'http:') {
				throw new Error(t('only http:// proxies are supported, not {0}//', proxy.protocol));
			}
			return proxy;
		} catch (error) {
			throw new Error(t('{0} is not a proxy URL ({1}): {2}', name.toUpperCase(), value, error instanceof Error ? error.message : String(error)));
		}
	};
	const forHttp = parse('http_proxy');
	const forHttps = parse('https_proxy');
	return (url) => {
		const proxy = url.protocol === 'https:' ? forHttps : forHttp;
		return proxy === undefined || bypassesProxy(url, noProxy) ? undefined : proxy;
	};
}
