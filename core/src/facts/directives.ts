/**
 * The directives robots.txt files use, as data: canonical spelling, where they belong and who reads them.
 * The lexer maps keys onto these ids; everything that needs to know about a directive reads this table.
 */

/** A directive as the lexer recognises it (case-insensitive, exact key). */
export type DirectiveId =
	| 'user-agent'
	| 'allow'
	| 'disallow'
	| 'sitemap'
	| 'crawl-delay'
	| 'host'
	| 'clean-param'
	| 'request-rate'
	| 'visit-time'
	| 'robot-version'
	| 'comment'
	| 'noindex'
	| 'content-signal'
	| 'content-usage'
	| 'license'
	| 'unknown';

/** The keys Google's parser acts on; everything else it ignores. */
export type GoogleDirectiveId = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

interface DirectiveFacts {
	readonly id: Exclude<DirectiveId, 'unknown'>;
	/** The spelling to write, e.g. `User-agent`. */
	readonly canonical: string;
	/** `group` directives belong to the group above them; `global` ones apply to the whole file wherever they stand. */
	readonly scope: 'group' | 'global';
}

export const directiveFacts: readonly DirectiveFacts[] = [
	{ id: 'user-agent', canonical: 'User-agent', scope: 'group' },
	{ id: 'allow', canonical: 'Allow', scope: 'group' },
	{ id: 'disallow', canonical: 'Disallow', scope: 'group' },
	{ id: 'sitemap', canonical: 'Sitemap', scope: 'global' },
	{ id: 'crawl-delay', canonical: 'Crawl-delay', scope: 'group' },
	{ id: 'host', canonical: 'Host', scope: 'global' },
	{ id: 'clean-param', canonical: 'Clean-param', scope: 'global' },
	{ id: 'request-rate', canonical: 'Request-rate', scope: 'group' },
	{ id: 'visit-time', canonical: 'Visit-time', scope: 'group' },
	{ id: 'robot-version', canonical: 'Robot-version', scope: 'group' },
	{ id: 'comment', canonical: 'Comment', scope: 'group' },
	{ id: 'noindex', canonical: 'Noindex', scope: 'group' },
	{ id: 'content-signal', canonical: 'Content-Signal', scope: 'group' },
	{ id: 'content-usage', canonical: 'Content-Usage', scope: 'group' },
	{ id: 'license', canonical: 'License', scope: 'global' },
];

const byLowerCaseKey = new Map<string, DirectiveId>(directiveFacts.map((facts) => [facts.id, facts.id]));

/** The directive a key names, compared case-insensitively and exactly; `unknown` otherwise. */
export function directiveForKey(key: string): DirectiveId {
	return byLowerCaseKey.get(key.toLowerCase()) ?? 'unknown';
}

// Google's robots.cc accepts these misspellings (its `allow_frequent_typos` default).
const googleTypos: readonly (readonly [string, GoogleDirectiveId])[] = [
	['useragent', 'user-agent'],
	['user agent', 'user-agent'],
	['dissallow', 'disallow'],
	['dissalow', 'disallow'],
	['disalow', 'disallow'],
	['diasllow', 'disallow'],
	['disallaw', 'disallow'],
	['site-map', 'sitemap'],
];

const googlePrefixes: readonly (readonly [string, GoogleDirectiveId])[] = [
	['user-agent', 'user-agent'],
	['allow', 'allow'],
	['disallow', 'disallow'],
	['sitemap', 'sitemap'],
];

/**
 * How Google's parser reads a key: case-insensitively by prefix (`disallowed` is Disallow), with its list of typos.
 * The order of the checks is robots.cc's.
 */
export function googleDirectiveForKey(key: string): GoogleDirectiveId {
	const lower = key.toLowerCase();
	for (const [name, id] of googlePrefixes) {
		if (lower.startsWith(name)) {
			return id;
		}
		// robots.cc checks the typos of a key right after the key itself.
		for (const [typo, typoId] of googleTypos) {
			if (typoId === id && lower.startsWith(typo)) {
				return id;
			}
		}
	}
	return 'unknown';
}

/** The canonical spelling of a directive id. */
export function canonicalName(id: Exclude<DirectiveId, 'unknown'>): string {
	return directiveFacts.find((facts) => facts.id === id)!.canonical;
}
