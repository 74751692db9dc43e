/**
 * The IP ranges crawler owners publish, and whether a request's address lies in them. Google, Bing and OpenAI publish
 * one JSON shape (`{ "creationTime", "prefixes": [ { "ipv4Prefix": "66.249.64.0/27" }, { "ipv6Prefix": "…/64" } ] }`);
 * a list is read whole or refused with the entry that is wrong, never in part. CIDR matching is ipaddr.js's: for each
 * prefix length a list has, the address's network at that length is looked up among the list's networks, so a check
 * costs a lookup per distinct length (two or three in the published lists), not one per prefix.
 */

import ipaddr from 'ipaddr.js';
import { t } from '../l10n';
import { BoundedMemo } from '../memo';

/** How many distinct addresses an `IpPrefixes` remembers its answer for before it starts again. */
const addressMemoCapacity = 4096;

/** Networks by prefix length, each network as ipaddr.js normalises its address. */
type Networks = Map<number, Set<string>>;

/** A set of CIDR prefixes, IPv4 and IPv6. */
export class IpPrefixes {
	private readonly v4: Networks = new Map();
	private readonly v6: Networks = new Map();
	private readonly answers = new BoundedMemo<boolean | undefined>(addressMemoCapacity);

	/** Adds a prefix in CIDR notation; false when it is not one (nothing is added). */
	add(cidr: string): boolean {
		if (ipaddr.IPv4.isValidCIDRFourPartDecimal(cidr)) {
			const [, length] = ipaddr.IPv4.parseCIDR(cidr);
			addNetwork(this.v4, length, ipaddr.IPv4.networkAddressFromCIDR(cidr).toNormalizedString());
		} else if (ipaddr.IPv6.isValidCIDR(cidr)) {
			const [address, length] = ipaddr.IPv6.parseCIDR(cidr);
			if (address.isIPv4MappedAddress() && length >= 96) {
				// `::ffff:66.249.64.0/123` is the IPv4 prefix 66.249.64.0/27, as the addresses it holds are read.
				const v4 = address.toIPv4Address();
				addNetwork(this.v4, length - 96, ipaddr.IPv4.networkAddressFromCIDR(`${v4.toString()}/${length - 96}`).toNormalizedString());
			} else {
				addNetwork(this.v6, length, ipaddr.IPv6.networkAddressFromCIDR(cidr).toNormalizedString());
			}
		} else {
			return false;
		}
		this.answers.clear();
		return true;
	}

	/**
	 * Whether an address lies in one of the prefixes; undefined when `ip` is not an IP address (a host name, say).
	 * An IPv4-mapped IPv6 address (`::ffff:66.249.66.1`, as dual-stack servers log IPv4 clients) is its IPv4 address.
	 */
	contains(ip: string): boolean | undefined {
		return this.answers.get(ip, (address) => this.lookUp(address));
	}

	private lookUp(ip: string): boolean | undefined {
		if (ipaddr.IPv4.isValidFourPartDecimal(ip)) {
			return inNetworks(this.v4, (length) => ipaddr.IPv4.networkAddressFromCIDR(`${ip}/${length}`));
		}
		if (!ipaddr.IPv6.isValid(ip)) {
			return undefined;
		}
		const address = ipaddr.IPv6.parse(ip);
		if (address.isIPv4MappedAddress()) {
			const v4 = address.toIPv4Address().toString();
			return inNetworks(this.v4, (length) => ipaddr.IPv4.networkAddressFromCIDR(`${v4}/${length}`));
		}
		const bare = address.toNormalizedString();
		return inNetworks(this.v6, (length) => ipaddr.IPv6.networkAddressFromCIDR(`${bare}/${length}`));
	}
}

function addNetwork(networks: Networks, length: number, network: string): void {
	let set = networks.get(length);
	if (set === undefined) {
		set = new Set();
		networks.set(length, set);
	}
	set.add(network);
}

function inNetworks(networks: Networks, networkAt: (length: number) => { toNormalizedString(): string }): boolean {
	for (const [length, set] of networks) {
		if (set.has(networkAt(length).toNormalizedString())) {
			return true;
		}
	}
	return false;
}

/** A range list read: its prefixes, how many entries it has, and when its owner made it. */
export interface RangeListContent {
	readonly prefixes: IpPrefixes;
	/** The number of prefix entries. */
	readonly count: number;
	/** The list's `creationTime`, as written. */
	readonly creationTime?: string;
}

/** How much of a wrong entry an error quotes. */
const quotedEntryChars = 100;

/**
 * A published range list (`{ "creationTime"?, "prefixes": [ { "ipv4Prefix" } | { "ipv6Prefix" } ] }`), or what is wrong
 * with it: not JSON, no `prefixes` array, or the first entry that is not a prefix in CIDR notation. Never throws.
 */
export function parseRangeList(text: string): RangeListContent | { readonly error: string } {
	let json: unknown;
	try {
		json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
	} catch (error) {
		return { error: t('The IP range list is not JSON: {0}', error instanceof Error ? error.message : String(error)) };
	}
	const list = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
	if (list === undefined || !Array.isArray(list.prefixes)) {
		return { error: t('The IP range list has no "prefixes" array.') };
	}
	const prefixes = new IpPrefixes();
	for (const [index, entry] of list.prefixes.entries()) {
		const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
		const v4 = record.ipv4Prefix;
		const v6 = record.ipv6Prefix;
		const read =
			(typeof v4 === 'string' && ipaddr.IPv4.isValidCIDRFourPartDecimal(v4) && prefixes.add(v4))
			|| (typeof v6 === 'string' && ipaddr.IPv6.isValidCIDR(v6) && prefixes.add(v6));
		if (!read) {
			const quoted = (JSON.stringify(entry) ?? String(entry)).slice(0, quotedEntryChars);
			return { error: t('Entry {0} of the IP range list is not an "ipv4Prefix" or "ipv6Prefix" in CIDR notation: {1}', index + 1, quoted) };
		}
	}
	const creationTime = typeof list.creationTime === 'string' ? list.creationTime : undefined;
	return creationTime === undefined ? { prefixes, count: list.prefixes.length } : { prefixes, count: list.prefixes.length, creationTime };
}

/** Whether a request that claims to be a crawler came from its owner's published ranges. */
export type Identity = 'verified' | 'impostor' | 'unknown';

/** The range lists known per crawler token (compared case-insensitively). */
export class CrawlerRanges {
	private readonly byToken = new Map<string, IpPrefixes[]>();

	/** Says that `prefixes` vouch for each of `tokens` (a list may cover several crawlers of one owner). */
	add(tokens: readonly string[], prefixes: IpPrefixes): void {
		for (const token of tokens) {
			const key = token.toLowerCase();
			const lists = this.byToken.get(key) ?? [];
			lists.push(prefixes);
			this.byToken.set(key, lists);
		}
	}

	/** Whether a range list is known for the crawler. */
	has(token: string): boolean {
		return this.byToken.has(token.toLowerCase());
	}

	/**
	 * `verified` when the address lies in a list known for the crawler, `impostor` when it lies in none, `unknown` when
	 * no list is known for the crawler or the address is absent or not an IP address.
	 */
	check(token: string, ip: string | null): Identity {
		const lists = this.byToken.get(token.toLowerCase());
		if (lists === undefined || ip === null) {
			return 'unknown';
		}
		let readable = false;
		for (const list of lists) {
			const inside = list.contains(ip);
			if (inside) {
				return 'verified';
			}
			readable ||= inside === false;
		}
		return readable ? 'impostor' : 'unknown';
	}
}
