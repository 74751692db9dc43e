// The grid's layout decisions, pure so that unit tests hold them: how a long URL is cut to fit its column, what the URL
// column shows of URLs that share a site, and the order of the crawler columns.

/** A URL's scheme and host (with port), and the rest; `origin` is '' for a path or anything that is not `scheme://…`. */
export function splitUrl(url: string): { origin: string; rest: string } {
	const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i.exec(url);
	return match ? { origin: match[1], rest: match[2] } : { origin: '', rest: url };
}

/**
 * The site most of the URLs are on, when at least two are: the URL column names it once, above, and its rows show the
 * path. Linear in the rows.
 */
export function sharedOrigin(urls: readonly string[]): string | undefined {
	const counts = new Map<string, number>();
	let best: string | undefined;
	let bestCount = 1;
	for (const url of urls) {
		const { origin } = splitUrl(url);
		if (origin === '') {
			continue;
		}
		const count = (counts.get(origin) ?? 0) + 1;
		counts.set(origin, count);
		if (count > bestCount) {
			best = origin;
			bestCount = count;
		}
	}
	return best;
}

/** What a row's URL cell shows: the path when the URL is on the site named above, else the whole URL. */
export function urlLabel(url: string, origin: string | undefined): string {
	if (origin === undefined) {
		return url;
	}
	const split = splitUrl(url);
	return split.origin === origin ? (split.rest === '' ? '/' : split.rest) : url;
}

/**
 * `text` in at most `max` characters, cut in the middle: the start and the end of a URL say where it is and which
 * page, so both stay and the ellipsis takes the middle. The end keeps two thirds, or the whole last segment when it
 * fits beside a little of the start. Never splits a surrogate pair.
 */
export function middleCut(text: string, max: number): string {
	const characters = Array.from(text);
	if (characters.length <= max) {
		return text;
	}
	if (max <= 1) {
		return '…';
	}
	// The last segment (the page) stays whole when it fits beside a little of the start.
	const page = characters.length - characters.lastIndexOf('/');
	const tail = page <= characters.length && page <= max - 3 ? Math.max(page, max - 1 - Math.floor((max - 1) / 3)) : max - 1 - Math.floor((max - 1) / 3);
	const head = max - 1 - tail;
	return characters.slice(0, head).join('') + '…' + characters.slice(characters.length - tail).join('');
}

/**
 * The order of the crawler columns: those with changed cells first (in their own order), then the rest, so that what
 * changed is in view beside the URLs however many columns there are. `changed[i]` counts column i's changed cells.
 */
export function columnOrder(changed: readonly number[]): number[] {
	const order = changed.map((_, index) => index);
	return [...order.filter((index) => changed[index] > 0), ...order.filter((index) => changed[index] === 0)];
}

/** A grid column after the URLs: a crawler (an index into the result's columns) and its verdict (`part` -1) or one of its preference questions. */
export interface ShownColumn {
	readonly column: number;
	readonly part: number;
}

/** The grid's columns in `order`: each crawler's verdict, followed by its `questions` preference columns (0 when they are off). */
export function shownColumns(order: readonly number[], questions: number): ShownColumn[] {
	return order.flatMap((column) => [{ column, part: -1 }, ...Array.from({ length: questions }, (_, part) => ({ column, part }))]);
}
