/**
 * The TypeScript counterpart of Perl's WWW::RobotRules (seed 000): one object for one robot that collects the
 * robots.txt of many sites, keeps them apart by scheme, host and port, and answers `allowed(url)` while the
 * rules are fresh. Time comes from an injectable clock, so the object stays deterministic under test.
 */

import type { Dialect } from './dialect';
import { robotName } from './matching/agents';
import { evaluate, type Evaluation } from './matching/evaluate';
import { effectivePort, splitUrl } from './matching/url';
import { RobotsModel } from './syntax/parser';

export interface RobotRulesOptions {
	/** Default `rfc9309`. */
	readonly dialect?: Dialect;
	/** Milliseconds since the epoch; default `Date.now`. */
	readonly now?: () => number;
}

/** RFC 9309 §2.4: a cached robots.txt SHOULD NOT be used for more than 24 hours. */
const rfcFreshness = 24 * 60 * 60 * 1000;
/** draft-koster-robots-00 §3.4: without cache-control, a default of 7 days. */
const draftFreshness = 7 * 24 * 60 * 60 * 1000;

interface Site {
	readonly model: RobotsModel;
	readonly freshUntil: number;
}

export class RobotRules {
	private readonly sites = new Map<string, Site>();
	private readonly dialect: Dialect;
	private readonly now: () => number;
	/** The name matched against User-agent lines: the product token without version, as WWW::RobotRules strips it. */
	private readonly crawler: string;

	/** `agent` is the robot's name, with or without version (`SuperRobot/1.0`). */
	constructor(readonly agent: string, options: RobotRulesOptions = {}) {
		this.dialect = options.dialect ?? 'rfc9309';
		this.now = options.now ?? Date.now;
		// Yandex's library matches values against the full name with version; the others want the bare name.
		this.crawler = this.dialect === 'yandex' ? agent.trim() : robotName(agent);
	}

	/**
	 * Records the robots.txt fetched from `robotsUrl` (whose scheme, host and port name the site).
	 * `freshUntil` is when the rules expire, in milliseconds since the epoch; by default 24 hours from now
	 * (7 days for the 1996 and 1994 dialects).
	 */
	parse(robotsUrl: string, content: string, freshUntil?: number): void {
		const key = siteKey(robotsUrl);
		if (key === undefined) {
			throw new Error(`Not an http(s) URL with a host: ${robotsUrl}`);
		}
		const lifetime = this.dialect === 'draft1996' || this.dialect === 'original1994' ? draftFreshness : rfcFreshness;
		this.sites.set(key, { model: RobotsModel.parse(content), freshUntil: freshUntil ?? this.now() + lifetime });
	}

	/**
	 * Whether the robot may fetch `url`: `true` or `false` from the site's fresh rules; `undefined` when no fresh
	 * robots.txt is known for the site (fetch it first). URLs that are not http(s) are not governed by robots.txt.
	 */
	allowed(url: string): boolean | undefined {
		const evaluation = this.evaluate(url);
		if (evaluation === null) {
			return true;
		}
		return evaluation === undefined ? undefined : evaluation.verdict === 'allow';
	}

	/** The full answer for `url`; `undefined` without fresh rules, `null` for a URL robots.txt does not govern. */
	evaluate(url: string): Evaluation | undefined | null {
		const key = siteKey(url);
		if (key === undefined) {
			return null;
		}
		const site = this.sites.get(key);
		if (!site || site.freshUntil < this.now()) {
			return undefined;
		}
		return evaluate(site.model, { agent: this.crawler, url, dialect: this.dialect });
	}

	/** When the rules of the site of `url` expire, or undefined when none are known. */
	freshUntil(url: string): number | undefined {
		const key = siteKey(url);
		return key === undefined ? undefined : this.sites.get(key)?.freshUntil;
	}
}

function siteKey(url: string): string | undefined {
	const parts = splitUrl(url);
	if ((parts.scheme !== 'http' && parts.scheme !== 'https') || !parts.host) {
		return undefined;
	}
	return `${parts.scheme}://${parts.host}:${effectivePort(parts)}`;
}
